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

use crate::budget::Budget;
use crate::error::Result;
use crate::games::board::{empty_glyph, read_empty_cells, shl, shr, write_board, Board, MAX_CELLS};
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{GameSyntax, Misere};
use crate::games::BoardStart;
use crate::solve::nimber_search::ComponentGame;
use rayon::prelude::*;
use std::fmt;

/// The rules of Cram; a position is the board of its empty cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

/// Cram for the nimber search: a component is a region of empty cells (two cells at least),
/// cropped to its bounding box and in the least of its eight images; an option's components
/// are the regions the domino leaves.
impl ComponentGame for Cram {
    type Part = Board;

    /// Rows, columns, then the cells (16 bytes, little-endian).
    fn encode(&self, board: &Board, out: &mut Vec<u8>) -> bool {
        out.extend([board.rows, board.cols]);
        out.extend(board.bits.to_le_bytes());
        true
    }

    fn decode(&self, bytes: &[u8]) -> Option<Board> {
        let [rows, cols, ref cells @ ..] = *bytes else {
            return None;
        };
        let bits = u128::from_le_bytes(cells.try_into().ok()?);
        let board = Board::empty(u64::from(rows), u64::from(cols), MAX_CELLS).ok()?;
        (bits & !board.full() == 0).then_some(Board { bits, ..board })
    }

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
        // an option that is one region filling the box: its normal form is the least of the
        // box's images of the part less the images of the cells the move removes (the
        // part's images made when first needed)
        let in_box = board.rows <= board.cols;
        let mut images = None;
        let symmetries = board.symmetries() as usize;
        let sides = board.sides();
        for domino in dominoes(board, right_ok) {
            let start = parts.len();
            let cells = board.bits & !domino;
            if in_box && joined_around(board, cells, domino) {
                // one region (its cells next to the domino joined around it)
                if cells.count_ones() >= 2 {
                    let region = reduce_stars(board, cells, right_ok);
                    parts.push(if sides.iter().all(|&side| region & side != 0) {
                        let images = images.get_or_insert_with(|| board.images(board.bits));
                        let removed = board.images(board.bits & !region);
                        let bits = (0..symmetries)
                            .map(|k| images[k] & !removed[k])
                            .min()
                            .expect("a box has symmetries");
                        Board { bits, ..*board }
                    } else {
                        board.least_image(region)
                    });
                }
            } else {
                regions_with(board, cells, right_ok, parts);
            }
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

    /// Regions of at most 12 cells (some 50,000 regions of the 87,000 polyominoes, a few
    /// tenths of a second, built once per process).
    fn endgame(&self) -> Option<(&'static str, u32)> {
        Some(("cram", ENDGAME_CELLS))
    }

    /// The polyominoes of 2 to `size` cells (at most [`MAX_ENDGAME_CELLS`]), grown a cell at
    /// a time from one cell (each in its least image, so once each), then reduced
    /// ([`reduce_stars`]) and normalised as an option's regions are.
    fn components_up_to(&self, size: u32, budget: &Budget, out: &mut Vec<Board>) -> Result<bool> {
        let size = size.min(MAX_ENDGAME_CELLS);
        let mut level = vec![Board {
            rows: 1,
            cols: 1,
            bits: 1,
        }];
        let mut seen = rustc_hash::FxHashSet::default();
        for _ in 1..size {
            budget.check()?;
            // each polyomino in a frame one cell wider on every side, and each cell next to
            // it added (on the threads), then each new one once
            let mut next: Vec<Board> = level
                .par_iter()
                .flat_map_iter(|p| {
                    let frame = Board {
                        rows: p.rows + 2,
                        cols: p.cols + 2,
                        bits: 0,
                    };
                    let set = p
                        .cells(p.bits)
                        .fold(0u128, |set, (r, c)| set | frame.bit(r + 1, c + 1));
                    let around = frame.neighbours(set) & !set;
                    std::iter::successors((around != 0).then_some(around), |&rest| {
                        let rest = rest & (rest - 1);
                        (rest != 0).then_some(rest)
                    })
                    .map(move |rest| frame.least_image(set | (rest & rest.wrapping_neg())))
                })
                .collect();
            next.par_sort_unstable();
            next.dedup();
            level = next;
            for p in &level {
                let part = p.least_image(reduce_stars(p, p.bits, p.not_last_col()));
                if seen.insert(part) {
                    out.push(part);
                }
            }
        }
        Ok(true)
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

/// The largest regions of the endgame database built on first use.
const ENDGAME_CELLS: u32 = 12;

/// The largest regions an endgame database of Cram may hold (`grundy db build --cells`):
/// the polyominoes of 16 cells are some 2.7 million, and any such region's frame fits a
/// board.
pub const MAX_ENDGAME_CELLS: u32 = 16;

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

/// Every domino that fits in `board`'s empty cells, as its two cells, centre first: by the
/// distance of the domino's centre from the box's centre (rows plus columns), the vertical
/// ones before the horizontal ones at each distance, each from its first cell in reading
/// order. A domino near the centre is the likeliest to split the region or to mirror an
/// answer (the symmetry strategies start there): on 5 x 7 the search lists 3.4 times fewer
/// positions than in reading order.
fn dominoes(board: &Board, right_ok: u128) -> impl Iterator<Item = u128> {
    let (vertical, horizontal) = domino_starts(board, right_ok);
    let cols = board.cols as u32;
    rings(board.rows, board.cols)
        .iter()
        .flat_map(move |ring| [(vertical & ring[0], cols), (horizontal & ring[1], 1)])
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

/// The first cells of the vertical and of the horizontal dominoes of an `h x w` box, by the
/// distance of the domino's centre from the box's centre (in half cells, rows plus columns):
/// ring d holds those at distance d. Computed once per box.
fn rings(h: u8, w: u8) -> &'static [[u128; 2]] {
    const SIDE: usize = MAX_CELLS + 1;
    static RINGS: [std::sync::OnceLock<Box<[[u128; 2]]>>; SIDE * SIDE] =
        [const { std::sync::OnceLock::new() }; SIDE * SIDE];
    RINGS[h as usize * SIDE + w as usize].get_or_init(|| {
        let (h, w) = (i32::from(h), i32::from(w));
        let mut rings = vec![[0u128; 2]; (h + w) as usize + 1];
        for r in 0..h {
            for c in 0..w {
                let bit = 1u128 << (r * w + c);
                // doubled coordinates of the centres of the dominoes starting at (r, c)
                let vertical = (2 * r + 1 - (h - 1)).abs() + (2 * c - (w - 1)).abs();
                let horizontal = (2 * r - (h - 1)).abs() + (2 * c + 1 - (w - 1)).abs();
                rings[vertical as usize][0] |= bit;
                rings[horizontal as usize][1] |= bit;
            }
        }
        rings.into_boxed_slice()
    })
}

/// Whether the cells of `cells` next to `domino` (two cells of `board`, not in `cells`) are
/// joined within the box of cells around the domino (3 x 4, or 4 x 3 for a vertical domino):
/// then removing the domino from a region leaves one region (a path through the domino
/// goes round it), and the search need not look for the regions.
///
/// **Complexity**: O(1): the box's 12 cells read and looked up in a table.
fn joined_around(board: &Board, cells: u128, domino: u128) -> bool {
    let low = domino & domino.wrapping_neg();
    let vertical = board.cols == 1 || domino & (low << 1) == 0;
    let (w, h) = (board.cols as usize, board.rows as usize);
    let i = low.trailing_zeros() as usize;
    let (r, c) = (i / w, i % w);
    let (box_rows, box_cols) = if vertical { (4, 3) } else { (3, 4) };
    let mut pattern = 0usize;
    for br in 0..box_rows {
        let Some(row) = (r + br).checked_sub(1).filter(|&row| row < h) else {
            continue;
        };
        let line = (cells >> (row * w)) & shr(u128::MAX, 128 - w as u32);
        let line = if c == 0 { line << 1 } else { line >> (c - 1) };
        pattern |= (line as usize & ((1 << box_cols) - 1)) << (br * box_cols);
    }
    let table = &JOINED[usize::from(vertical)];
    table[pattern / 64] >> (pattern % 64) & 1 == 1
}

/// For each pattern of the 12 cells around a domino (horizontal: 3 rows of 4, the domino the
/// middle two of the middle row; vertical: 4 rows of 3, the domino the middle two of the
/// middle column), whether its cells next to the domino are joined within the pattern.
static JOINED: std::sync::LazyLock<[[u64; 64]; 2]> = std::sync::LazyLock::new(|| {
    let mut tables = [[0u64; 64]; 2];
    for (vertical, table) in tables.iter_mut().enumerate() {
        let (rows, cols, domino, next) = if vertical == 1 {
            (
                4,
                3,
                [(1, 1), (2, 1)],
                [(0, 1), (3, 1), (1, 0), (2, 0), (1, 2), (2, 2)],
            )
        } else {
            (
                3,
                4,
                [(1, 1), (1, 2)],
                [(1, 0), (1, 3), (0, 1), (0, 2), (2, 1), (2, 2)],
            )
        };
        let bit = |(r, c): (usize, usize)| 1usize << (r * cols + c);
        let domino = domino.into_iter().map(bit).fold(0, |m, b| m | b);
        for pattern in 0..1usize << 12 {
            let cells = pattern & !domino;
            let next = next.into_iter().map(bit).fold(0, |m, b| m | b) & cells;
            let mut reached = next & next.wrapping_neg();
            loop {
                let mut grown = reached;
                for at in 0..rows * cols {
                    if reached >> at & 1 == 1 {
                        let (r, c) = (at / cols, at % cols);
                        for (nr, nc) in [
                            (r.wrapping_sub(1), c),
                            (r + 1, c),
                            (r, c.wrapping_sub(1)),
                            (r, c + 1),
                        ] {
                            if nr < rows && nc < cols {
                                grown |= bit((nr, nc)) & cells;
                            }
                        }
                    }
                }
                if grown == reached {
                    break;
                }
                reached = grown;
            }
            if next & !reached == 0 {
                table[pattern / 64] |= 1 << (pattern % 64);
            }
        }
    }
    tables
});

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
