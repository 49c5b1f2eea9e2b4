//! Cram (Winning Ways ch. 23; CGSuite's `Cram`): Domineering in which either player may place
//! a domino either way, an impartial game, so every value is a nimber. Written `cram ../..`
//! (rows of `.` empty and `#` filled joined by `/` or `|`). The search is Domineering's
//! (regions, the eight symmetries), with both players' moves.

use crate::error::Result;
use crate::games::board::{write_board, Board, MAX_CELLS};
use crate::games::domineering::Domineering;
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

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
