//! Domineering: on a board of empty (`.`) and filled (`#`) cells, Left places a vertical
//! domino on two empty cells, Right a horizontal one. Written `domineering ../..` (rows
//! joined by `/`), the convention of CGSuite and cgt-tools: `domineering ./.` is 1,
//! `domineering ..` is -1, `domineering ../..` is `{1|-1}`.
//!
//! The search splits a board into its regions of empty cells, crops each, and stores one
//! entry per region up to the eight symmetries: a mirror image has the same value, a
//! transposed board the negative.

use crate::error::Result;
use crate::games::board::{empty_glyph, read_empty_cells, shl, shr, write_board, Board, MAX_CELLS};
use crate::games::domineering_outcome::Shape;
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::{MoveBounds, PartizanRules};

impl PartizanGame for Domineering {
    type Rules = Domineering;
    type Part = Board;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "domineering",
        usage: "domineering BOARD",
        cells: ".#",
        one_row: false,
        summary: "Domineering: Left places vertical dominoes, Right horizontal (rows of . and # joined by /)",
        examples: &["domineering ../..", "domineering ..#/.../..."],
    };

    const PLAYERS: [&'static str; 2] = ["vertical dominoes", "horizontal dominoes"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Board>> {
        read_empty_cells("domineering", name, args).map(Some)
    }

    fn text(board: &Board) -> String {
        format!(
            "domineering {}",
            write_board(board, |bit| empty_glyph(board, bit))
        )
    }

    fn position(board: &Board) -> Board {
        *board
    }

    fn moves(rules: &Domineering, board: &Board, left: bool) -> Vec<Board> {
        options_of(rules, board, left)
    }

    fn cells(board: &Board) -> Option<Vec<String>> {
        Some(board.rows_of(|bit| empty_glyph(board, bit)))
    }

    fn start(rows: u64, cols: u64) -> Option<Result<Board>> {
        Some(Board::empty(rows, cols, MAX_CELLS).map(|mut board| {
            board.bits = board.full();
            board
        }))
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

    /// Safe moves, boxes, contested and most moves, as Domineering's own search counts them
    /// (`games::domineering_outcome`; boards of at most
    /// `128 - max(rows, cols)` cells).
    fn move_bounds(&self, board: &Board) -> Option<MoveBounds> {
        let shape = Shape::new(board.rows.into(), board.cols.into())?;
        Some(shape.bounds(shape.views_of(board.bits)))
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

/// The dominoes of one direction that fit side by side in the cells `set`: floor(run / 2)
/// per run of consecutive cells of `set` along the columns (`vertical`) or the rows.
///
/// Bit-parallel: each round pairs the first cell of every run with the next one and drops
/// both (or the first alone, ending a run of one), so it takes half the longest run in rounds.
fn dominoes_in_runs_of(board: &Board, set: u128, vertical: bool) -> i64 {
    let (step, linked) = if vertical {
        // cells with a cell below them
        (board.cols as u32, shr(board.full(), board.cols as u32))
    } else {
        (1, board.not_last_col())
    };
    let mut rest = set & board.full();
    let mut total = 0;
    while rest != 0 {
        // cells whose predecessor along the line is not in the set
        let starts = rest & !shl(rest & linked, step);
        let paired = starts & linked & shr(rest, step);
        total += i64::from(paired.count_ones());
        rest &= !(starts | shl(paired, step));
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::domineering_outcome::tests::brute;
    use crate::partizan::BoundTotals;

    /// The dominoes in runs of `set`, counted cell by cell.
    fn runs_cell_by_cell(board: &Board, set: u128, vertical: bool) -> i64 {
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

    #[test]
    fn runs_bit_parallel_match_cell_by_cell() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let rows = 1 + next() % 11;
            let cols = 1 + next() % 11;
            let board = Board::empty(rows, cols, 128).expect("fits");
            // densities from 1/8 to 7/8
            let density = next() % 4;
            let mut random = || u128::from(next()) << 64 | u128::from(next());
            let set = match density {
                0 => random() & random() & random(),
                1 => random(),
                2 => random() | random(),
                _ => random() | random() | random(),
            };
            let board = Board {
                bits: set & board.full(),
                ..board
            };
            for vertical in [true, false] {
                assert_eq!(
                    dominoes_in_runs_of(&board, set, vertical),
                    runs_cell_by_cell(&board, set & board.full(), vertical),
                    "{rows} x {cols} {set:x}"
                );
            }
        }
    }

    /// The promise of [`Domineering::move_bounds`] ([`BoundTotals::decide`]), played out by
    /// plain minimax. Random boards up to 4 x 5 with filled cells.
    #[test]
    fn move_bounds_decide_as_minimax_does() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut decided = 0;
        for _ in 0..3_000 {
            let rows = 1 + next() % 4;
            let cols = 1 + next() % 5;
            let full = Board::empty(rows, cols, 128).expect("fits").full();
            let holes = next() % 4;
            let mut bits = full;
            for _ in 0..holes {
                bits &= !(1u128 << (next() % (rows * cols)));
            }
            let board = Board {
                rows: rows as u8,
                cols: cols as u8,
                bits,
            };
            let bounds = Domineering
                .move_bounds(&board)
                .expect("domineering has bounds");
            let mut totals = BoundTotals::default();
            totals.add(&bounds, false);
            let mut memo = std::collections::HashMap::new();
            for (me, left) in [(0, true), (1, false)] {
                let wins = brute(rows as u32, cols as u32, bits, 0, left, &mut memo);
                if let Some(decided_wins) = totals.decide(left) {
                    assert_eq!(decided_wins, wins, "{board:?}: {bounds:?}, mover {me}");
                    decided += 1;
                }
                // safe and vulnerable moves and boxes are disjoint placements one way
                let b = &bounds;
                assert!(b.safe[me] + 2 * b.boxes[me] + b.linked[me] + b.lone[me] <= b.most[me]);
                assert!(2 * b.most[me] <= b.usable[me]);
            }
        }
        assert!(decided > 1_000, "the bounds decided only {decided} boards");
    }
}
