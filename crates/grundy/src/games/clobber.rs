//! Clobber: stones of Left (`x`) and Right (`o`) on a board (`.` empty); a move puts one of
//! your stones onto an orthogonally adjacent stone of the opponent, which is removed. Written
//! `clobber xo/ox`.
//!
//! The search splits a position into its groups of adjacent stones and stores one entry per
//! group up to the eight symmetries; swapping the colours negates a value.

use crate::error::Result;
use crate::games::board::{read_board, write_board, Board, MAX_CELLS};
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::PartizanRules;

/// A Clobber position: the board with Left's stones in `bits`, and Right's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones {
    /// The board, `bits` holding Left's stones.
    pub board: Board,
    /// Right's stones.
    pub right: u128,
}

impl PartizanGame for Clobber {
    type Rules = Clobber;
    type Part = Stones;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "clobber",
        usage: "clobber BOARD",
        cells: "xo.",
        one_row: false,
        summary: "Clobber: move a stone onto an adjacent enemy stone (x Left, o Right, . empty; rows joined by /)",
        examples: &["clobber xo/ox", "clobber xox.o"],
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Stones>> {
        if args.len() != 1 {
            return Err(error(
                args.get(1).map_or(name.column, |w| w.column),
                "'clobber' takes one board (clobber BOARD, rows of x, o and . joined by /)",
            ));
        }
        let (rows, cols, cells) = read_board(args[0], ".xo", "'x' (Left), 'o' (Right) or '.'")?;
        let mut stones = Stones {
            board: Board {
                rows: rows as u8,
                cols: cols as u8,
                bits: 0,
            },
            right: 0,
        };
        for (i, &c) in cells.iter().enumerate() {
            match c {
                1 => stones.board.bits |= 1u128 << i,
                2 => stones.right |= 1u128 << i,
                _ => {}
            }
        }
        Ok(Some(stones))
    }

    fn text(s: &Stones) -> String {
        format!("clobber {}", write_board(&s.board, |bit| glyph(s, bit)))
    }

    fn position(s: &Stones) -> Stones {
        *s
    }

    fn moves(rules: &Clobber, s: &Stones, left: bool) -> Vec<Stones> {
        options_of(rules, s, left)
    }

    fn cells(s: &Stones) -> Option<Vec<String>> {
        Some(s.board.rows_of(|bit| glyph(s, bit)))
    }

    /// The checkerboard, `x` in the top left corner.
    fn start(rows: u64, cols: u64) -> Option<Result<Stones>> {
        Some(Board::empty(rows, cols, MAX_CELLS).map(|board| {
            let mut s = Stones { board, right: 0 };
            for r in 0..rows as usize {
                for c in 0..cols as usize {
                    if (r + c) % 2 == 0 {
                        s.board.bits |= board.bit(r, c);
                    } else {
                        s.right |= board.bit(r, c);
                    }
                }
            }
            s
        }))
    }
}

/// A cell as `clobber` writes it.
fn glyph(s: &Stones, bit: u128) -> char {
    if s.board.bits & bit != 0 {
        'x'
    } else if s.right & bit != 0 {
        'o'
    } else {
        '.'
    }
}

/// The rules of Clobber for the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clobber;

impl PartizanRules for Clobber {
    type Position = Stones;

    fn size(&self, s: &Stones) -> usize {
        (s.board.bits | s.right).count_ones() as usize
    }

    fn split(&self, s: &Stones, out: &mut Vec<(Stones, bool)>) {
        let all = s.board.bits | s.right;
        s.board.for_each_region(all, |group| {
            let (mine, theirs) = (s.board.bits & group, s.right & group);
            if mine == 0 || theirs == 0 {
                return; // one colour only: no moves
            }
            let mut best: Option<(Stones, bool)> = None;
            s.board.least_images([mine, theirs], |_, b, [m, t]| {
                for (negated, (l, r)) in [(false, (m, t)), (true, (t, m))] {
                    let candidate = Stones {
                        board: Board { bits: l, ..b },
                        right: r,
                    };
                    if best.is_none_or(|(current, _)| candidate < current) {
                        best = Some((candidate, negated));
                    }
                }
            });
            out.push(best.expect("a non-empty group has images"));
        });
    }

    fn options(&self, s: &Stones, left: bool, out: &mut Vec<Stones>) {
        let b = &s.board;
        let (mine, theirs) = if left {
            (b.bits, s.right)
        } else {
            (s.right, b.bits)
        };
        let cols = b.cols as u32;
        let right_ok = b.not_last_col();
        // (shift of the target from the source, sources that may move that way)
        let steps: [(i32, u128); 4] = [
            (1, right_ok),
            (-1, right_ok << 1),
            (cols as i32, b.full()),
            (-(cols as i32), b.full()),
        ];
        for (d, ok) in steps {
            let mut sources = mine & ok;
            while sources != 0 {
                let i = sources.trailing_zeros() as i32;
                sources &= sources - 1;
                let j = i + d;
                if !(0..128).contains(&j) || theirs >> j & 1 == 0 {
                    continue;
                }
                let (from, to) = (1u128 << i, 1u128 << j);
                let (m, t) = (mine & !from | to, theirs & !to);
                let (l, r) = if left { (m, t) } else { (t, m) };
                out.push(Stones {
                    board: Board { bits: l, ..*b },
                    right: r,
                });
            }
        }
    }
}
