//! POJ 2311 "Cutting Game": a W x H sheet, cutting off a 1x1 piece wins. Reads lines `W H`
//! until the end of the input and prints `WIN` if the first player wins, else `LOSE`.
//!
//! The catalog's `cutting` rectangles: one table of Grundy values for the largest sheet asked.

use grundy::games::{CutRule, RectangleTable};
use grundy::input::{run_filter, Tokens};

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let mut sheets = Vec::new();
    while !t.at_end() {
        let w = t.u64_in("W", 2, 2000)?;
        let h = t.u64_in("H", 2, 2000)?;
        sheets.push((w.min(h), w.max(h)));
    }
    let rows = sheets.iter().map(|s| s.0).max().unwrap_or(2) as usize;
    let cols = sheets.iter().map(|s| s.1).max().unwrap_or(2) as usize;
    let table = RectangleTable::compute(CutRule::Cutting, rows, cols, usize::MAX)?;
    let mut out = String::with_capacity(sheets.len() * 5);
    for (w, h) in sheets {
        let first_wins = table.get(w, h).expect("the table covers every sheet") != 0;
        out.push_str(if first_wins { "WIN\n" } else { "LOSE\n" });
    }
    Ok(out)
}

fn main() {
    run_filter("cutting_game", solve)
}
