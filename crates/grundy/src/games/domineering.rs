//! Domineering: on a board of empty (`.`) and filled (`#`) cells, Left places a vertical
//! domino on two empty cells, Right a horizontal one. Written `domineering ../..` (rows
//! joined by `/`), the convention of CGSuite and cgt-tools: `domineering ./.` is 1,
//! `domineering ..` is -1, `domineering ../..` is `{1|-1}`.
//!
//! The search splits a board into its regions of empty cells, crops each, and stores one
//! entry per region up to the eight symmetries: a mirror image has the same value, a
//! transposed board the negative.

use crate::error::Result;
use crate::games::board::shl;
use crate::games::board::{read_board, shr, write_board, Board, MAX_CELLS};
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::PartizanRules;

impl PartizanGame for Domineering {
    type Rules = Domineering;
    type Part = Board;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "domineering",
        usage: "domineering BOARD",
        summary: "Domineering: Left places vertical dominoes, Right horizontal (rows of . and # joined by /)",
        examples: &["domineering ../..", "domineering ..#/.../..."],
    };

    const PLAYERS: [&'static str; 2] = ["vertical dominoes", "horizontal dominoes"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Board>> {
        if args.len() != 1 {
            return Err(error(
                args.get(1).map_or(name.column, |w| w.column),
                "'domineering' takes one board (domineering BOARD, rows of . and # joined by /)",
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
        Ok(Some(board))
    }

    fn text(board: &Board) -> String {
        format!(
            "domineering {}",
            write_board(board, |bit| glyph(board, bit))
        )
    }

    fn position(board: &Board) -> Board {
        *board
    }

    fn moves(rules: &Domineering, board: &Board, left: bool) -> Vec<Board> {
        options_of(rules, board, left)
    }

    fn cells(board: &Board) -> Option<Vec<String>> {
        Some(board.rows_of(|bit| glyph(board, bit)))
    }

    fn start(rows: u64, cols: u64) -> Option<Result<Board>> {
        Some(Board::empty(rows, cols, MAX_CELLS).map(|mut board| {
            board.bits = board.full();
            board
        }))
    }
}

/// A cell as `domineering` writes it: `.` empty, `#` filled.
fn glyph(board: &Board, bit: u128) -> char {
    if board.bits & bit != 0 {
        '.'
    } else {
        '#'
    }
}

/// The rules of Domineering for the search; a position is the board of its empty cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl PartizanRules for Domineering {
    type Position = Board;

    fn size(&self, board: &Board) -> usize {
        board.bits.count_ones() as usize
    }

    fn split(&self, board: &Board, out: &mut Vec<(Board, bool)>) {
        board.for_each_region(board.bits, |region| {
            if region.count_ones() < 2 {
                return;
            }
            let mut best: Option<(Board, bool)> = None;
            board.least_images([region], |k, b, [bits]| {
                let candidate = Board { bits, ..b };
                if best.is_none_or(|(current, _)| candidate < current) {
                    best = Some((candidate, k & 4 != 0));
                }
            });
            out.push(best.expect("a non-empty region has images"));
        });
    }

    fn integer(&self, board: &Board) -> Option<i64> {
        // Left's dominoes never touch Right's and vice versa once one side has no move: with
        // no horizontal pair, Left places floor(run / 2) dominoes in each vertical run of empty
        // cells, and removing cells never creates a move for Right.
        let cols = board.cols as u32;
        let vertical = board.bits & shr(board.bits, cols);
        let horizontal = board.bits & (board.bits >> 1) & board.not_last_col();
        match (vertical != 0, horizontal != 0) {
            (_, false) => Some(dominoes_in_runs(board, true)),
            (false, true) => Some(-dominoes_in_runs(board, false)),
            (true, true) => None,
        }
    }

    /// Safe moves (Bullock's Obsequi): a vertical domino on two empty cells neither of which
    /// has an empty cell beside it can never be blocked by Right, and such dominoes side by
    /// side in a column never block each other; likewise horizontal ones for Right. The most
    /// moves a player can still make is the dominoes that fit in their runs of empty cells.
    fn move_bounds(&self, board: &Board) -> Option<[[u32; 2]; 2]> {
        let cols = board.cols as u32;
        let empty = board.bits;
        let not_last = board.not_last_col();
        let beside = ((empty >> 1) & not_last) | ((empty & not_last) << 1);
        let above_below = (shr(empty, cols) | shl(empty, cols)) & board.full();
        let safe_left = dominoes_in_runs_of(board, empty & !beside, true) as u32;
        let safe_right = dominoes_in_runs_of(board, empty & !above_below, false) as u32;
        let most_left = dominoes_in_runs_of(board, empty, true) as u32;
        let most_right = dominoes_in_runs_of(board, empty, false) as u32;
        Some([[safe_left, safe_right], [most_left, most_right]])
    }

    fn move_count(&self, board: &Board, left: bool) -> usize {
        let cols = board.cols as u32;
        let pairs = if left {
            board.bits & shr(board.bits, cols)
        } else {
            board.bits & (board.bits >> 1) & board.not_last_col()
        };
        pairs.count_ones() as usize
    }

    fn options(&self, board: &Board, left: bool, out: &mut Vec<Board>) {
        let cols = board.cols as u32;
        let (pairs, step) = if left {
            (board.bits & shr(board.bits, cols), cols)
        } else {
            (board.bits & (board.bits >> 1) & board.not_last_col(), 1)
        };
        let mut rest = pairs;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            out.push(Board {
                bits: board.bits & !(1u128 << i) & !(1u128 << (i + step)),
                ..*board
            });
        }
    }
}

/// The most dominoes that fit in the empty cells of `board` placed one way only (`vertical`
/// or horizontal): the sum of floor(length / 2) over the runs of empty cells that way.
fn dominoes_in_runs(board: &Board, vertical: bool) -> i64 {
    dominoes_in_runs_of(board, board.bits, vertical)
}

/// The dominoes of one orientation that fit side by side in the cells `set`: floor(run / 2)
/// per run of consecutive cells of `set` along the columns (`vertical`) or the rows.
fn dominoes_in_runs_of(board: &Board, set: u128, vertical: bool) -> i64 {
    let (rows, cols) = (board.rows as usize, board.cols as usize);
    let (lines, along) = if vertical { (cols, rows) } else { (rows, cols) };
    let mut total = 0;
    for line in 0..lines {
        let mut run = 0;
        for k in 0..along {
            let bit = if vertical {
                board.bit(k, line)
            } else {
                board.bit(line, k)
            };
            if set & bit != 0 {
                run += 1;
            } else {
                total += run / 2;
                run = 0;
            }
        }
        total += run / 2;
    }
    total
}
