//! Cram (Winning Ways ch. 23; CGSuite's `Cram`): Domineering in which either player may place
//! a domino either way, an impartial game, so every value is a nimber. Written `cram ../..`
//! (rows of `.` empty and `#` filled joined by `/` or `|`). Its rules are Domineering's
//! (regions, the eight symmetries) with both players' moves; as a [`ComponentGame`] its
//! regions are valued by the pruned nimber search ([`crate::solve::nimber_search`]).

use crate::error::Result;
use crate::games::board::{shr, write_board, Board, MAX_CELLS};
use crate::games::domineering::Domineering;
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;
use crate::solve::nimber_search::ComponentGame;

/// The rules of Cram; a position is the board of its empty cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

impl PartizanRules for Cram {
    type Position = Board;

    /// Domineering's regions; a transposed region has the same value (an impartial game is its
    /// own negative), so Domineering's mark of a negative changes nothing.
    fn size(&self, board: &Board) -> usize {
        board.bits.count_ones() as usize
    }

    fn split(&self, board: &Board, out: &mut Vec<(Board, bool)>) {
        Domineering.split(board, out);
    }

    /// Domineering's moves of both players: a vertical or a horizontal domino.
    fn options(&self, board: &Board, _left: bool, out: &mut Vec<Board>) {
        Domineering.options(board, true, out);
        Domineering.options(board, false, out);
    }
}

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

impl PartizanGame for Cram {
    type Rules = Cram;
    type Part = Board;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "cram",
        usage: "cram BOARD",
        cells: ".#",
        one_row: false,
        summary: "Cram: either player places a domino either way (impartial; rows of . and # joined by /)",
        examples: &["cram ../..", "cram .../..."],
    };

    const IMPARTIAL: bool = true;

    const PLAYERS: [&'static str; 2] = ["dominoes", "dominoes"];

    fn read(name: Word, args: &[Word], context: &mut ParseContext) -> Result<Option<Board>> {
        <Domineering as PartizanGame>::read(name, args, context)
    }

    fn text(board: &Board) -> String {
        let glyph = |bit| if board.bits & bit != 0 { '.' } else { '#' };
        format!("cram {}", write_board(board, glyph))
    }

    fn position(board: &Board) -> Board {
        *board
    }

    fn moves(rules: &Cram, board: &Board, left: bool) -> Vec<Board> {
        options_of(rules, board, left)
    }

    fn cells(board: &Board) -> Option<Vec<String>> {
        <Domineering as PartizanGame>::cells(board)
    }

    /// The empty board.
    fn start(rows: u64, cols: u64) -> Option<Result<Board>> {
        Some(Board::empty(rows, cols, MAX_CELLS).map(|mut board| {
            board.bits = board.full();
            board
        }))
    }
}
