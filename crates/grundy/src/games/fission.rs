//! Fission (CGSuite's `Fission`, MCGS's `fission`): stones `x` on a board (`.` empty, `#`
//! blocked). Left removes a stone and puts one on each of the two cells directly above and
//! below it, which must be empty; Right the same with the cells to its left and right.
//! Written `fission ..../.x../....` (rows joined by `/` or `|`).

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The rules of Fission; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Fission;

impl PartizanRules for Fission {
    type Position = CharBoard;

    /// Its regions of unblocked cells that hold a stone, each up to symmetry.
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        let symmetry = Symmetry {
            transpose_negates: true,
            swap_negates: false,
        };
        board.split_regions(|ch| ch != b'#', false, |r| r.holds(b'x'), symmetry, out);
    }

    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let (dr, dc) = if left { (1, 0) } else { (0, 1) };
        for (r, c, ch) in board.each() {
            if ch == b'x'
                && board.at(r - dr, c - dc) == Some(b'.')
                && board.at(r + dr, c + dc) == Some(b'.')
            {
                out.push(board.with(&[
                    (r, c, b'.'),
                    (r - dr, c - dc, b'x'),
                    (r + dr, c + dc, b'x'),
                ]));
            }
        }
    }
}

impl PartizanGame for Fission {
    type Rules = Fission;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "fission",
        usage: "fission BOARD",
        cells: "x.#",
        one_row: false,
        summary: "Fission: a stone x splits into two, above and below it for Left, left and right for Right (. empty, # blocked)",
        examples: &["fission .../.x./...", "fission .x../...."],
    };

    const PLAYERS: [&'static str; 2] = ["vertical splits", "horizontal splits"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<CharBoard>> {
        CharBoard::read(
            name,
            args,
            Self::SYNTAX.usage,
            "x.#",
            "'x' (a stone), '.' or '#'",
        )
        .map(Some)
    }

    crate::games::cells::char_board_part!();

    /// One stone in the middle of the empty board (the cell left of and above the centre when
    /// a side is even); the empty board itself has no moves.
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(
            CharBoard::filled(rows, cols, b'.')
                .map(|b| b.with(&[((rows as i64 - 1) / 2, (cols as i64 - 1) / 2, b'x')])),
        )
    }
}
