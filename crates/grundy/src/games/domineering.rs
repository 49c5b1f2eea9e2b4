//! Domineering: on a board of empty (`.`) and filled (`#`) cells, Left places a vertical
//! domino on two empty cells, Right a horizontal one. Written `domineering ../..` (rows
//! joined by `/`), the convention of CGSuite and cgt-tools: `domineering ./.` is 1,
//! `domineering ..` is -1, `domineering ../..` is `{1|-1}`.
//!
//! The search splits a board into its regions of empty cells, crops each, and stores one
//! entry per region up to the eight symmetries: a mirror image has the same value, a
//! transposed board the negative.

use crate::error::Result;
use crate::games::board::{read_board, write_board, Board};
use crate::games::partizan::{PartizanPart, PartizanSyntax};
use crate::games::syntax::{error, Word};
use crate::partizan::PartizanRules;

/// `domineering BOARD`.
pub const SYNTAX: PartizanSyntax = PartizanSyntax {
    keyword: "domineering",
    usage: "domineering BOARD",
    summary:
        "Domineering: Left places vertical dominoes, Right horizontal (rows of . and # joined by /)",
    examples: &["domineering ../..", "domineering ..#/.../..."],
    read,
};

fn read(name: Word, args: &[Word]) -> Result<PartizanPart> {
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
    Ok(PartizanPart::Domineering(board))
}

/// Writes a board back as `domineering` reads it.
pub fn text(board: &Board) -> String {
    format!(
        "domineering {}",
        write_board(board, |bit| if board.bits & bit != 0 { '.' } else { '#' })
    )
}

/// The rules of Domineering for the search; a position is the board of its empty cells.
#[derive(Clone, Copy, Debug, Default)]
pub struct Domineering;

impl PartizanRules for Domineering {
    type Position = Board;

    fn split(&self, board: &Board, out: &mut Vec<(Board, bool)>) {
        for region in board.regions(board.bits) {
            if region.count_ones() < 2 {
                continue;
            }
            let (cropped, sets) = board.crop(&[region]);
            let mut best: Option<(Board, bool)> = None;
            for k in 0..8u8 {
                let (b, s) = cropped.symmetry(k, &[sets[0]]);
                let candidate = Board { bits: s[0], ..b };
                let negated = k & 4 != 0;
                if best.is_none_or(|(current, _)| candidate < current) {
                    best = Some((candidate, negated));
                }
            }
            out.push(best.expect("eight symmetries"));
        }
    }

    fn options(&self, board: &Board, left: bool, out: &mut Vec<Board>) {
        let cols = board.cols as u32;
        let (pairs, step) = if left {
            (board.bits & (board.bits >> cols), cols)
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
