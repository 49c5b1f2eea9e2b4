//! ICPC Jiangxi 2020 J: an N x M sheet, cutting off a 1x1 piece loses. The input is lines
//! `N M` (1 <= N, M <= 2000, N M > 1) until its end; the answer is the winner, `Alice`
//! (first) or `Bob`, per line.
//!
//! The catalog's `split` rectangles: one table of Grundy values for the largest sheet asked.
//!
//! ```
//! use grundy_contests::split_game;
//! // a 1 x 2 sheet can only be cut into two 1x1 pieces: Alice must do it and loses
//! assert_eq!(split_game::solve(b"1 2\n").unwrap(), "Bob\n");
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
    sheet_answers(CutRule::Split, sheets, 1, ["Alice", "Bob"])
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    answer(&read(input)?)
}
