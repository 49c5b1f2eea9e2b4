//! ICPC Jiangxi 2020 J: an N x M sheet, cutting off a 1x1 piece loses. The input is lines
//! `N M` (1 <= N, M <= 2000, N M > 1) until its end; the answer is the winner, `Alice`
//! (first) or `Bob`, per line.
//!
//! The catalog's `split` rectangles: one table of Grundy values for the largest sheet asked.
//!
//! ```
//! use grundy::app::contest::split_game;
//! // a 1 x 2 sheet can only be cut into two 1x1 pieces: Alice must do it and loses
//! assert_eq!(split_game::solve(b"1 2\n").unwrap(), "Bob\n");
//! ```

use crate::app::contest::capacity;
use crate::error::Result;
use crate::games::{CutRule, RectangleTable};
use crate::input::Tokens;

/// Reads the sheets, each as `(shorter side, longer side)`.
pub fn read(input: &[u8]) -> Result<Vec<(u64, u64)>> {
    let mut t = Tokens::new(input);
    let mut sheets = Vec::with_capacity(capacity(usize::MAX, input.len(), 4));
    while !t.at_end() {
        let n = t.u64_in("N", 1, 2000)?;
        let m = t.u64_in("M", 1, 2000)?;
        if n * m == 1 {
            return Err(t.error("a 1 x 1 sheet has no game (N * M must exceed 1)"));
        }
        sheets.push((n.min(m), n.max(m)));
    }
    Ok(sheets)
}

/// `Alice` or `Bob` per sheet. One table for the largest sheet: O(rows * cols * (rows + cols)).
pub fn answer(sheets: &[(u64, u64)]) -> Result<String> {
    let rows = sheets.iter().map(|s| s.0).max().unwrap_or(1) as usize;
    let cols = sheets.iter().map(|s| s.1).max().unwrap_or(1) as usize;
    let table = RectangleTable::compute(CutRule::Split, rows, cols, usize::MAX)?;
    let mut out = String::with_capacity(sheets.len() * 6);
    for &(n, m) in sheets {
        let first_wins = table.get(n, m).expect("the table covers every sheet") != 0;
        out.push_str(if first_wins { "Alice\n" } else { "Bob\n" });
    }
    Ok(out)
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    answer(&read(input)?)
}
