//! POJ 2311 "Cutting Game": a W x H sheet, cutting off a 1x1 piece wins. The input is lines
//! `W H` (2 <= W, H <= 2000) until its end; the answer `WIN` if the first player wins, else
//! `LOSE`, per line.
//!
//! The catalog's `cutting` rectangles: one table of Grundy values for the largest sheet asked.
//!
//! ```
//! use grundy_contests::cutting_game;
//! assert_eq!(cutting_game::solve(b"2 2\n4 2\n").unwrap(), "LOSE\nWIN\n");
//! ```

use crate::{capacity, sheet_answers};
use grundy::error::Result;
use grundy::games::CutRule;
use grundy::input::Tokens;

/// Reads the sheets, each as `(shorter side, longer side)`.
pub fn read(input: &[u8]) -> Result<Vec<(u64, u64)>> {
    let mut t = Tokens::new(input);
    let mut sheets = Vec::with_capacity(capacity(usize::MAX, input.len(), 4));
    while !t.at_end() {
        let w = t.u64_in("W", 2, 2000)?;
        let h = t.u64_in("H", 2, 2000)?;
        sheets.push((w.min(h), w.max(h)));
    }
    Ok(sheets)
}

/// `WIN` or `LOSE` per sheet. One table for the largest sheet: O(rows * cols * (rows + cols)).
pub fn answer(sheets: &[(u64, u64)]) -> Result<String> {
    sheet_answers(CutRule::Cutting, sheets, 2, ["WIN", "LOSE"])
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    answer(&read(input)?)
}
