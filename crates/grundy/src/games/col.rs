//! Col (Winning Ways ch. 2; CGSuite's `Col`): the players place stones on empty cells,
//! Left `x` and Right `o`, never next to (orthogonally) one of their own stones. Written
//! `col ../..` (rows of `x`, `o`, `.` and `#` blocked, joined by `/` or `|`). The search is
//! that of [`crate::games::placement`].

use crate::error::Result;
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::placement::{
    empty_board, open_of, open_options, placed_cells, placed_moves, read_placed, split_open,
    write_placed, Open, Placed, Taboo,
};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The rules of Col.
#[derive(Clone, Copy, Debug, Default)]
pub struct Col;

impl PartizanRules for Col {
    type Position = Open;

    fn split(&self, o: &Open, out: &mut Vec<(Open, bool)>) {
        split_open(o, out);
    }

    fn options(&self, o: &Open, left: bool, out: &mut Vec<Open>) {
        open_options(o, left, Taboo::Own, out);
    }
}

impl PartizanGame for Col {
    type Rules = Col;
    type Part = Placed;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "col",
        usage: "col BOARD",
        summary: "Col: place a stone on an empty cell not next to one of your own stones (x Left, o Right, . empty, # blocked; rows joined by /)",
        examples: &["col ../..", "col x../..."],
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Placed>> {
        read_placed(name, args, Self::SYNTAX.usage).map(Some)
    }

    fn text(p: &Placed) -> String {
        write_placed(Self::SYNTAX.keyword, p)
    }

    fn position(p: &Placed) -> Open {
        open_of(p, Taboo::Own)
    }

    fn moves(_: &Col, p: &Placed, left: bool) -> Vec<Placed> {
        placed_moves(p, left, Taboo::Own)
    }

    fn cells(p: &Placed) -> Option<Vec<String>> {
        Some(placed_cells(p))
    }

    /// The empty board.
    fn start(rows: u64, cols: u64) -> Option<Result<Placed>> {
        Some(empty_board(rows, cols))
    }
}
