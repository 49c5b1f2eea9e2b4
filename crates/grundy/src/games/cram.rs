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

use crate::games::board::{empty_glyph, read_empty_cells, shl, shr, write_board, Board, MAX_CELLS};
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{GameSyntax, Misere};
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
        self.options_while(board, parts, ends, &mut |_| true)
    }

    /// The dominoes in the order of [`SearchedGame::moves`].
    fn options_while(
        &self,
        board: &Board,
        parts: &mut Vec<Board>,
        ends: &mut Vec<u32>,
        more: &mut dyn FnMut(&[Board]) -> bool,
    ) {
        let right_ok = board.not_last_col();
        for domino in dominoes(board, right_ok) {
            let start = parts.len();
            regions_with(board, board.bits & !domino, right_ok, parts);
            ends.push(parts.len() as u32);
            if !more(&parts[start..]) {
                return;
            }
        }
    }

    fn option_count(&self, board: &Board) -> Option<usize> {
        let (vertical, horizontal) = domino_starts(board, board.not_last_col());
        Some((vertical.count_ones() + horizontal.count_ones()) as usize)
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

/// The first cells of the vertical and of the horizontal dominoes that fit in `board`'s
/// empty cells (`right_ok`: its [`Board::not_last_col`]).
fn domino_starts(board: &Board, right_ok: u128) -> (u128, u128) {
    let vertical = board.bits & shr(board.bits, board.cols as u32);
    let horizontal = board.bits & (board.bits >> 1) & right_ok;
    (vertical, horizontal)
}

/// Every domino that fits in `board`'s empty cells, as its two cells: the vertical ones
/// first, then the horizontal ones, each from its first cell in reading order.
fn dominoes(board: &Board, right_ok: u128) -> impl Iterator<Item = u128> {
    let (vertical, horizontal) = domino_starts(board, right_ok);
    let cols = board.cols as u32;
    [(vertical, cols), (horizontal, 1)]
        .into_iter()
        .flat_map(|(pairs, step)| {
            std::iter::successors((pairs != 0).then_some(pairs), |&rest| {
                let rest = rest & (rest - 1);
                (rest != 0).then_some(rest)
            })
            .map(move |rest| {
                let cell = rest & rest.wrapping_neg();
                cell | cell << step
            })
        })
}

/// Pushes the regions of `cells` (on `board`'s grid) with a move in them, each reduced
/// ([`reduce_stars`]) and in the least of its images; two equal regions cancel (G + G = 0),
/// so neither is pushed.
pub fn cram_regions(board: &Board, cells: u128, out: &mut Vec<Board>) {
    regions_with(board, cells, board.not_last_col(), out)
}

/// [`cram_regions`] given the board's [`Board::not_last_col`].
fn regions_with(board: &Board, cells: u128, right_ok: u128, out: &mut Vec<Board>) {
    let start = out.len();
    board.for_each_region_with(cells, right_ok, |region| {
        if region.count_ones() >= 2 {
            let part = board.least_image(reduce_stars(board, region, right_ok));
            match out[start..].iter().position(|&p| p == part) {
                Some(at) => {
                    out.swap_remove(start + at);
                }
                None => out.push(part),
            }
        }
    });
}

/// A region of `board` (whose [`Board::not_last_col`] is `right_ok`) with the surplus of its
/// stars removed: where a cell has two or more
/// pendant neighbours (cells whose only neighbour it is), all but one go. The region is the
/// same game. Cram on a region is Arc Kayles on its grid graph (a domino takes an edge's two
/// ends), and there a second pendant vertex l2 of c changes nothing: a move (c, l2) leaves
/// what (c, l1) leaves but for a lone vertex, and no other move uses l2; by induction over the
/// moves elsewhere, which keep c's two pendants or take c (Beling's star reduction in
/// igsolve's Cram). Applied until no star has two pendants.
///
/// **Complexity**: O(1) word operations per round, a round per cell removed at most.
pub fn reduce_stars(board: &Board, mut region: u128, right_ok: u128) -> u128 {
    let cols = board.cols as u32;
    let left_ok = right_ok << 1;
    loop {
        // the cells with a neighbour to the right, left, below and above
        let right = region & right_ok & (region >> 1);
        let left = region & left_ok & (region << 1);
        let down = region & shr(region, cols);
        let up = region & shl(region, cols);
        let any = right | left | down | up;
        let two = (right & left) | (down & up) | ((right | left) & (down | up));
        let pendant = any & !two;
        // each pendant's neighbour, one direction after the other: a neighbour already met
        // keeps its first pendant, the later ones go
        let mut seen = (pendant & right) << 1;
        let centres = (pendant & left) >> 1;
        let mut surplus = (centres & seen) << 1;
        seen |= centres;
        let centres = shl(pendant & down, cols);
        surplus |= shr(centres & seen, cols);
        seen |= centres;
        let centres = shr(pendant & up, cols);
        surplus |= shl(centres & seen, cols);
        if surplus == 0 {
            return region;
        }
        region &= !surplus;
    }
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
        dominoes(board, board.not_last_col())
            .map(|domino| Board {
                bits: board.bits & !domino,
                ..*board
            })
            .collect()
    }

    fn write(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cram {}",
            write_board(board, |bit| empty_glyph(board, bit))
        )
    }

    fn cells(board: &Board) -> Option<Vec<String>> {
        Some(board.rows_of(|bit| empty_glyph(board, bit)))
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
            write_board(&board, |bit| empty_glyph(&board, bit))
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
        let board = read_empty_cells("cram", name, args)?;
        Ok(Searched::new(board, SharedSearch::of(context, |_| Cram)).into())
    },
};
