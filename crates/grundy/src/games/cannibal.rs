//! Cannibal Clobber (MCGS's `cannibal_clobber`): Clobber in which a stone may also take an
//! adjacent stone of its own colour. Left moves an `x`, Right an `o`, onto an orthogonally
//! adjacent stone of either colour, which is removed. Written `cannibal xo/xx` (rows of `x`,
//! `o` and `.` joined by `/` or `|`).

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry, STEPS};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The rules of Cannibal Clobber; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cannibal;

impl PartizanRules for Cannibal {
    type Position = CharBoard;

    /// Its groups of orthogonally adjacent stones (a stone only ever moves onto a neighbour)
    /// of two stones or more, each up to symmetry.
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        let symmetry = Symmetry {
            transpose_negates: false,
            swap_negates: true,
        };
        let two_stones = |r: &CharBoard| r.cells.iter().filter(|&&ch| ch != b'#').count() > 1;
        board.split_regions(|ch| ch != b'.', false, two_stones, symmetry, out);
    }

    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let me = if left { b'x' } else { b'o' };
        for (r, c, ch) in board.each() {
            if ch != me {
                continue;
            }
            for (dr, dc) in STEPS {
                if matches!(board.at(r + dr, c + dc), Some(b'x' | b'o')) {
                    out.push(board.with(&[(r, c, b'.'), (r + dr, c + dc, me)]));
                }
            }
        }
    }
}

impl PartizanGame for Cannibal {
    type Rules = Cannibal;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "cannibal",
        usage: "cannibal BOARD",
        cells: "xo.",
        one_row: false,
        summary: "Cannibal Clobber: move a stone onto an adjacent stone of either colour (x Left, o Right, . empty)",
        examples: &["cannibal xo/xx", "cannibal xxo"],
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<CharBoard>> {
        CharBoard::read(
            name,
            args,
            Self::SYNTAX.usage,
            "xo.",
            "'x' (Left), 'o' (Right) or '.'",
        )
        .map(Some)
    }

    crate::games::cells::char_board_part!();

    /// The checkerboard, `x` in the top left corner.
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(CharBoard::checkerboard(rows, cols))
    }
}
