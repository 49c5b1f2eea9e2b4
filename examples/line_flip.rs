//! The line-flip coin game (`shared/problems/README.md`, line_flip): reads `T` boards (`H W`,
//! then H rows of `o`, `x`, `.`) and prints `First` or `Second`, the winner of each.
//!
//! Each board is the catalog's `LineFlip`: parity union-find, then Sprague-Grundy.

use grundy::games::LineFlip;
use grundy::input::{run_filter, Tokens};
use grundy::ImpartialGame;

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let boards = t.u64_in("the number of boards T", 1, 10_000_000)?;
    let mut out = String::new();
    let mut total_cells = 0u64;
    for _ in 0..boards {
        let h = t.u64_in("H", 1, 1_000_000)? as usize;
        let w = t.u64_in("W", 1, 1_000_000)? as usize;
        total_cells += (h * w) as u64;
        if total_cells > 100_000_000 {
            return Err(t.error("more than 10^8 cells in all"));
        }
        let mut cells = Vec::with_capacity(h * w);
        for _ in 0..h {
            let row = t.expect_word("a row of o, x and .")?;
            if row.len() != w || !row.iter().all(|c| matches!(c, b'o' | b'x' | b'.')) {
                return Err(t.error(format!("expected a row of {w} cells, each o, x or .")));
            }
            cells.extend_from_slice(row);
        }
        let board = LineFlip::from_cells(h, w, cells);
        let first_wins = !board.grundy_formula().expect("a closed form")?.is_zero();
        out.push_str(if first_wins { "First\n" } else { "Second\n" });
    }
    if !t.at_end() {
        return Err(t.error("unexpected text after the last board"));
    }
    Ok(out)
}

fn main() {
    run_filter("line_flip", solve)
}
