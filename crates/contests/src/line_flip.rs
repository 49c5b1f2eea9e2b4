//! The line-flip coin game (`shared/problems/README.md`, line_flip): the input is `T` boards
//! (`H W`, then H rows of `o`, `x`, `.`); the answer `First` or `Second`, the winner of each.
//!
//! Each board is the catalog's [`LineFlip`]: parity union-find, then Sprague-Grundy.
//!
//! ```
//! use grundy_contests::line_flip;
//! // one coin showing tails: the first player flips its row (or column) and wins
//! assert_eq!(line_flip::solve(b"1\n1 1\nx\n").unwrap(), "First\n");
//! ```

use crate::capacity;
use grundy::error::Result;
use grundy::games::LineFlip;
use grundy::input::Tokens;
use grundy::solve::game::ImpartialGame;

/// Reads `T` and the T boards (at most 10^8 cells in all).
pub fn read(input: &[u8]) -> Result<Vec<LineFlip>> {
    let mut t = Tokens::new(input);
    let count = t.u64_in("the number of boards T", 1, 10_000_000)? as usize;
    let mut boards = Vec::with_capacity(capacity(count, input.len(), 6));
    let mut total_cells = 0u64;
    for _ in 0..count {
        let h = t.u64_in("H", 1, 1_000_000)? as usize;
        let w = t.u64_in("W", 1, 1_000_000)? as usize;
        total_cells += (h * w) as u64;
        if total_cells > 100_000_000 {
            return Err(t.error("more than 10^8 cells in all"));
        }
        let mut cells = Vec::with_capacity(capacity(h * w, input.len(), 1));
        for _ in 0..h {
            let row = t.expect_word("a row of o, x and .")?;
            if row.len() != w || !row.iter().all(|c| matches!(c, b'o' | b'x' | b'.')) {
                return Err(t.error(format!("expected a row of {w} cells, each o, x or .")));
            }
            cells.extend_from_slice(row);
        }
        boards.push(LineFlip::from_cells(h, w, cells));
    }
    if !t.at_end() {
        return Err(t.error("unexpected text after the last board"));
    }
    Ok(boards)
}

/// `First` or `Second` per board. O(cells) per board.
pub fn answer(boards: &[LineFlip]) -> Result<String> {
    let mut out = String::with_capacity(boards.len() * 7);
    for board in boards {
        let first_wins = !board.grundy_formula().expect("a closed form")?.is_zero();
        out.push_str(if first_wins { "First\n" } else { "Second\n" });
    }
    Ok(out)
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    answer(&read(input)?)
}
