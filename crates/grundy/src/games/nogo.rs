//! NoGo (MCGS's `nogo`): the players place stones, Left `x` and Right `o`, on empty cells
//! (`.`; `#` blocked), never so that afterwards some group of either colour has no liberty:
//! no capture and no suicide. A group is a set of stones of one colour joined orthogonally; its
//! liberties are the empty cells next to it. Written `nogo ../..`.

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry, STEPS};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::PartizanRules;

/// The rules of NoGo; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGo;

/// Whether every group of stones on `board` has a liberty. O(cells).
fn every_group_breathes(board: &CharBoard) -> bool {
    breathless_group(board).is_none()
}

/// A cell (row, column) of the first group of stones on `board` with no liberty. O(cells).
fn breathless_group(board: &CharBoard) -> Option<(i64, i64)> {
    let n = board.cells.len();
    let cols = board.cols as i64;
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for start in 0..n {
        let colour = board.cells[start];
        if seen[start] || !matches!(colour, b'x' | b'o') {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut breathes = false;
        while let Some(i) = stack.pop() {
            let (r, c) = (i as i64 / cols, i as i64 % cols);
            for (dr, dc) in STEPS {
                match board.at(r + dr, c + dc) {
                    Some(b'.') => breathes = true,
                    Some(ch) if ch == colour => {
                        let j = ((r + dr) * cols + c + dc) as usize;
                        if !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                    _ => {}
                }
            }
        }
        if !breathes {
            return Some((start as i64 / cols, start as i64 % cols));
        }
    }
    None
}

impl PartizanRules for NoGo {
    type Position = CharBoard;

    /// Its regions of unblocked cells (groups in two regions share no liberty) that have an
    /// empty cell, each up to symmetry.
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        let symmetry = Symmetry {
            transpose_negates: false,
            swap_negates: true,
        };
        board.split_regions(|ch| ch != b'#', false, |r| r.holds(b'.'), symmetry, out);
    }

    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let me = if left { b'x' } else { b'o' };
        for (r, c, ch) in board.each() {
            if ch == b'.' {
                let next = board.with(&[(r, c, me)]);
                if every_group_breathes(&next) {
                    out.push(next);
                }
            }
        }
    }
}

impl PartizanGame for NoGo {
    type Rules = NoGo;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "nogo",
        usage: "nogo BOARD",
        cells: "xo.#",
        one_row: false,
        summary: "NoGo: place a stone so that every group of either colour keeps a liberty: no capture, no suicide (x Left, o Right, . empty, # blocked)",
        examples: &["nogo ../..", "nogo x../..o"],
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<CharBoard>> {
        let what = "'x' (Left), 'o' (Right), '.' (empty) or '#' (blocked)";
        let board = CharBoard::read(name, args, Self::SYNTAX.usage, "xo.#", what)?;
        // no move leaves a group without a liberty, so no NoGo position has one
        if let Some((r, c)) = breathless_group(&board) {
            let stones = if board.at(r, c) == Some(b'x') {
                'x'
            } else {
                'o'
            };
            return Err(error(
                args[0].column,
                format!(
                    "the group of {stones} stones at the board's row {}, column {} has no liberty (no empty cell next to it), which no NoGo position has",
                    r + 1,
                    c + 1
                ),
            ));
        }
        Ok(Some(board))
    }

    crate::games::cells::char_board_part!();

    /// The empty board.
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(CharBoard::filled(rows, cols, b'.'))
    }
}
