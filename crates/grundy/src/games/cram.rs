//! Cram (Winning Ways ch. 23; CGSuite's `Cram`): Domineering in which either player may place
//! a domino either way, an impartial game, so every value is a nimber. Written `cram ../..`
//! (rows of `.` empty and `#` filled joined by `/` or `|`). A position is valued by the pruned
//! nimber search ([`crate::solve::nimber_search`]): its components are its regions of empty
//! cells, each in the least of its images under the board's symmetries.
//!
//! ```
//! use grundy::{solve, SolveOptions};
//! let r = solve("cram ..../..../..../....", &SolveOptions::default()).unwrap();
//! assert_eq!(r.impartial().unwrap().grundy, Some(0)); // even by even: the second player wins
//! ```

use crate::games::board::{read_board, shr, write_board, Board, MAX_CELLS};
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{error, GameSyntax, Misere};
use crate::games::BoardStart;
use crate::solve::nimber_search::ComponentGame;
use std::fmt;

/// The rules of Cram; a position is the board of its empty cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

/// Cram for the nimber search: a component is a region of empty cells (two cells at least),
/// cropped to its bounding box and in the least of its eight images; an option's components
/// are the regions the domino leaves.
impl ComponentGame for Cram {
    type Part = Board;

    fn options(&self, board: &Board, parts: &mut Vec<Board>, ends: &mut Vec<u32>) {
        let cols = board.cols as u32;
        let vertical = board.bits & shr(board.bits, cols);
        let horizontal = board.bits & (board.bits >> 1) & board.not_last_col();
        for (mut pairs, step) in [(vertical, cols), (horizontal, 1)] {
            while pairs != 0 {
                let cell = pairs & pairs.wrapping_neg();
                pairs &= pairs - 1;
                let left = board.bits & !(cell | cell << step);
                cram_regions(board, left, parts);
                ends.push(parts.len() as u32);
            }
        }
    }

    fn size(&self, board: &Board) -> u32 {
        board.bits.count_ones()
    }

    /// 0 for a region that a symmetry of its box (the half turn, a flip of the rows or of the
    /// columns, a reflection in a diagonal of a square) maps onto itself, no domino meeting
    /// its own image: the second player answers every move by its image (the even-by-even
    /// rectangles' strategy, Winning Ways ch. 23).
    fn known(&self, board: &Board) -> Option<u8> {
        let (h, w) = (board.rows as usize, board.cols as usize);
        let count = if h == w { 5 } else { 3 };
        let empty = |(r, c): (usize, usize)| board.bits >> (r * w + c) & 1 == 1;
        SYMMETRIES[..count]
            .iter()
            .any(|map| {
                let image = |(r, c)| map(r, c, h, w);
                board.cells(board.bits).all(|cell| {
                    // the image of every empty cell is empty, and no domino from it meets its
                    // own image
                    let (a, ia) = (cell, image(cell));
                    empty(ia)
                        && [(cell.0, cell.1 + 1), (cell.0 + 1, cell.1)]
                            .into_iter()
                            .filter(|&(r, c)| r < h && c < w && empty((r, c)))
                            .all(|b| {
                                let ib = image(b);
                                ia != a && ia != b && ib != a && ib != b
                            })
                })
            })
            .then_some(0)
    }
}

/// A symmetry of an `h x w` box: where it sends cell (r, c).
type CellMap = fn(usize, usize, usize, usize) -> (usize, usize);

/// The half turn, the flips of the rows and of the columns, and (for a square) the
/// reflections in its two diagonals.
const SYMMETRIES: [CellMap; 5] = [
    |r, c, h, w| (h - 1 - r, w - 1 - c),
    |r, c, h, _| (h - 1 - r, c),
    |r, c, _, w| (r, w - 1 - c),
    |r, c, _, _| (c, r),
    |r, c, h, _| (h - 1 - c, h - 1 - r),
];

/// Pushes the regions of `cells` (on `board`'s grid) with a move in them, each in the least
/// of its images.
pub fn cram_regions(board: &Board, cells: u128, out: &mut Vec<Board>) {
    board.for_each_region(cells, |region| {
        if region.count_ones() >= 2 {
            out.push(board.least_image(region));
        }
    });
}

/// Cram as an impartial game of the catalog: a position is the whole board as written, its
/// components the regions of empty cells with a move.
impl SearchedGame for Cram {
    type Position = Board;

    const KIND: &'static str = "cram";

    fn components(&self, board: &Board, out: &mut Vec<Board>) {
        cram_regions(board, board.bits, out);
    }

    /// Vertical dominoes first, then horizontal ones, each from its first cell in reading
    /// order.
    fn moves(&self, board: &Board) -> Vec<Board> {
        let cols = board.cols as u32;
        let vertical = board.bits & shr(board.bits, cols);
        let horizontal = board.bits & (board.bits >> 1) & board.not_last_col();
        let mut out = Vec::new();
        for (mut pairs, step) in [(vertical, cols), (horizontal, 1)] {
            while pairs != 0 {
                let cell = pairs & pairs.wrapping_neg();
                pairs &= pairs - 1;
                out.push(Board {
                    bits: board.bits & !(cell | cell << step),
                    ..*board
                });
            }
        }
        out
    }

    fn write(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cram {}", write_board(board, |bit| glyph(board, bit)))
    }

    fn cells(board: &Board) -> Option<Vec<String>> {
        Some(board.rows_of(|bit| glyph(board, bit)))
    }
}

/// A cell as `cram` writes it: `.` empty, `#` filled.
fn glyph(board: &Board, bit: u128) -> char {
    if board.bits & bit != 0 {
        '.'
    } else {
        '#'
    }
}

/// The standard start: the empty `rows x cols` board.
pub const START: BoardStart = BoardStart {
    keyword: "cram",
    text: |rows, cols| {
        let board = Board::empty(rows, cols, MAX_CELLS).map_err(|e| e.to_string())?;
        let board = Board {
            bits: board.full(),
            ..board
        };
        Ok(format!(
            "cram {}",
            write_board(&board, |bit| glyph(&board, bit))
        ))
    },
};

/// `cram BOARD`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "cram",
    usage: "cram BOARD",
    summary: "Cram: place a domino either way (rows of . empty and # filled joined by /)",
    misere: Misere::Played,
    examples: &["cram ../..", "cram .../...", "cram #../..#"],
    read: |name, args, context| {
        if args.len() != 1 {
            return Err(error(
                args.get(1).map_or(name.column, |w| w.column),
                "'cram' takes one board (cram BOARD, rows of . and # joined by /)",
            ));
        }
        let (rows, cols, cells) = read_board(args[0], ".#", "'.' (empty) or '#' (filled)")?;
        let mut board = Board {
            rows: rows as u8,
            cols: cols as u8,
            bits: 0,
        };
        for (i, &c) in cells.iter().enumerate() {
            if c == 0 {
                board.bits |= 1u128 << i;
            }
        }
        Ok(Searched::new(board, SharedSearch::of(context, |_| Cram)).into())
    },
};
