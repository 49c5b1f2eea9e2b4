//! ICPC Jiangxi 2020 J: an N x M sheet, cutting off a 1x1 piece loses. Reads lines `N M` until
//! the end of the input and prints the winner, `Alice` (first) or `Bob`, for each.
//!
//! The catalog's `split` rectangles: one table of Grundy values for the largest sheet asked.

use grundy::games::{CutRule, RectangleTable};
use grundy::input::{run_filter, Tokens};

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let mut sheets = Vec::new();
    while !t.at_end() {
        let n = t.u64_in("N", 1, 2000)?;
        let m = t.u64_in("M", 1, 2000)?;
        if n * m == 1 {
            return Err(t.error("a 1 x 1 sheet has no game (N * M must exceed 1)"));
        }
        sheets.push((n.min(m), n.max(m)));
    }
    let rows = sheets.iter().map(|s| s.0).max().unwrap_or(1) as usize;
    let cols = sheets.iter().map(|s| s.1).max().unwrap_or(1) as usize;
    let table = RectangleTable::compute(CutRule::Split, rows, cols, usize::MAX)?;
    let mut out = String::with_capacity(sheets.len() * 6);
    for (n, m) in sheets {
        let first_wins = table.get(n, m).expect("the table covers every sheet") != 0;
        out.push_str(if first_wins { "Alice\n" } else { "Bob\n" });
    }
    Ok(out)
}

fn main() {
    run_filter("split_game", solve)
}
