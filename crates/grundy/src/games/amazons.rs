//! Amazons (CGSuite's `Amazons`, MCGS's `amazons`): Left's amazons `x` and Right's `o` on a
//! board (`.` empty, `#` burnt). A player moves one of their amazons like a chess queen, any
//! distance in one of the eight directions through empty cells, then shoots an arrow from
//! where it landed, also like a queen (through the cell it left, now empty); the arrow's cell
//! is burnt. Written `amazons x.../...o`.

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The eight queen directions, (row, column) steps.
pub(crate) const QUEEN: [(i64, i64); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The empty cells a queen at `(r, c)` reaches on `board`.
fn reach(board: &CharBoard, r: i64, c: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for (dr, dc) in QUEEN {
        let (mut r2, mut c2) = (r + dr, c + dc);
        while board.at(r2, c2) == Some(b'.') {
            out.push((r2, c2));
            r2 += dr;
            c2 += dc;
        }
    }
    out
}

/// The rules of Amazons; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct Amazons;

impl PartizanRules for Amazons {
    type Position = CharBoard;

    /// Its regions of unburnt cells (a queen moves diagonally between two burnt cells, so
    /// regions meet at corners too) that hold an amazon.
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        let symmetry = Symmetry {
            transpose_negates: false,
            swap_negates: true,
        };
        let has_amazon = |r: &CharBoard| r.holds(b'x') || r.holds(b'o');
        board.split_regions(|ch| ch != b'#', true, has_amazon, symmetry, out);
    }

    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let me = if left { b'x' } else { b'o' };
        for (r, c, ch) in board.each() {
            if ch != me {
                continue;
            }
            for (r2, c2) in reach(board, r, c) {
                let moved = board.with(&[(r, c, b'.'), (r2, c2, me)]);
                for (r3, c3) in reach(&moved, r2, c2) {
                    out.push(moved.with(&[(r3, c3, b'#')]));
                }
            }
        }
    }
}

impl PartizanGame for Amazons {
    type Rules = Amazons;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "amazons",
        usage: "amazons BOARD",
        cells: "xo.#",
        one_row: false,
        summary: "Amazons: move your amazon like a queen, then shoot an arrow like a queen that burns its cell (x Left, o Right, . empty, # burnt)",
        examples: &["amazons x../..o", "amazons x.#/o.."],
    };

    const PLAYERS: [&'static str; 2] = ["x amazons", "o amazons"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<CharBoard>> {
        let what = "'x' (Left), 'o' (Right), '.' (empty) or '#' (burnt)";
        CharBoard::read(name, args, Self::SYNTAX.usage, "xo.#", what).map(Some)
    }

    crate::games::cells::char_board_part!();

    /// One amazon each, Left's in the top left corner, Right's in the bottom right (on 1 x 1,
    /// where the corners are one cell, Left's alone: 0, no move either way).
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(CharBoard::filled(rows, cols, b'.').map(|b| {
            let (r, c) = (rows as i64 - 1, cols as i64 - 1);
            if (r, c) == (0, 0) {
                b.with(&[(0, 0, b'x')])
            } else {
                b.with(&[(0, 0, b'x'), (r, c, b'o')])
            }
        }))
    }
}
