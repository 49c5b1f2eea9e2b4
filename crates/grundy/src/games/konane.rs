//! Konane (Lessons in Play; cgt-tools' and CGSuite 1.x's `Konane`): stones of Left (`x`) and
//! Right (`o`) on a board (`.` empty). A player jumps one of their stones orthogonally over
//! an adjacent stone of the opponent into the empty cell just beyond it, removing the stone
//! jumped; further jumps in the same straight line, each over an opponent's stone into an
//! empty cell, are further moves (one option per length). Written `konane xo./....`.

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry, STEPS};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The rules of Konane; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Konane;

impl PartizanRules for Konane {
    type Position = CharBoard;

    /// The board's least image under the eight symmetries and the swap of `x` and `o` (which
    /// negates the value).
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        out.push(board.normalised(Symmetry {
            transpose_negates: false,
            swap_negates: true,
        }));
    }

    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
        for (r, c, ch) in board.each() {
            if ch != me {
                continue;
            }
            for (dr, dc) in STEPS {
                // jump k times: over (r, c) + (2i - 1) d into (r, c) + 2i d, for i = 1..=k
                let mut changes = vec![(r, c, b'.')];
                let mut k = 1;
                while board.at(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == Some(them)
                    && board.at(r + 2 * k * dr, c + 2 * k * dc) == Some(b'.')
                {
                    changes.push((r + (2 * k - 1) * dr, c + (2 * k - 1) * dc, b'.'));
                    let mut landed = changes.clone();
                    landed.push((r + 2 * k * dr, c + 2 * k * dc, me));
                    out.push(board.with(&landed));
                    k += 1;
                }
            }
        }
    }
}

impl PartizanGame for Konane {
    type Rules = Konane;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "konane",
        usage: "konane BOARD",
        cells: "xo.",
        one_row: false,
        summary: "Konane: jump your stone over an adjacent enemy stone into the empty cell beyond, and on in the same line (x Left, o Right, . empty)",
        examples: &["konane xo.", "konane xo.o./o.x.."],
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

    /// The checkerboard after the traditional opening, which removes a stone and then an
    /// adjacent one before the first jump: here the corner stone `x` and the `o` to its right
    /// (below it on a single column).
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(CharBoard::checkerboard(rows, cols).map(|b| {
            let next = if cols > 1 { (0, 1, b'.') } else { (1, 0, b'.') };
            if rows * cols > 1 {
                b.with(&[(0, 0, b'.'), next])
            } else {
                b.with(&[(0, 0, b'.')])
            }
        }))
    }
}
