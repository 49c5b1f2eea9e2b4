//! What a partizan game of the catalog is: one [`PartizanGame`] in its own file, and one line in
//! the catalog of [`crate::games::partizan`], which makes it a part of every sum and gives it to
//! every front end (`value`, `solve`, `table`, `play`, the page, Python). No front end names a
//! game: they ask the catalog.
//!
//! This file sits below the catalog (the games import it, the catalog imports the games), so
//! adding a game makes no circle.

use crate::error::Result;
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;
use std::fmt::Debug;
use std::hash::Hash;

/// How a partizan game is written, for help texts and messages.
#[derive(Clone, Copy, Debug)]
pub struct PartizanSyntax {
    /// The keyword (`domineering`).
    pub keyword: &'static str,
    /// How it is written (`domineering BOARD`).
    pub usage: &'static str,
    /// The characters a cell of its board may hold (`".#"`), for `grundy db build`, which
    /// writes every board of a few cells; empty for a game without a board of cells.
    pub cells: &'static str,
    /// Whether its board is one row (`toads ROW`).
    pub one_row: bool,
    /// What it is, in a few words.
    pub summary: &'static str,
    /// Parts as grundy writes them: each must parse and print back unchanged.
    pub examples: &'static [&'static str],
}

/// A partizan game of the catalog: how a part of a sum is read, written, valued (by a
/// [`crate::partizan::PartizanSearch`] over its [`PartizanRules`]), moved in, described to the
/// players and drawn.
///
/// A game is usually its rules' own type (`type Rules = Self`), and a part is usually a
/// position of the rules (`type Part = Self::Position`); a Hackenbush picture's part keeps the
/// file's name and the edges cut, and is valued through the edges still standing. Its rules
/// implement [`PartizanRules`] (see there for a game of your own); the catalog
/// (`games/partizan.rs`) lists each game once, and from that line it is parsed, valued,
/// solved, played and served.
///
/// ```
/// use grundy::games::domineering::Domineering;
/// use grundy::games::partizan_game::PartizanGame;
///
/// // the standard start of a 2 x 2 board, and Left's moves (vertical dominoes) from it
/// let board = Domineering::start(2, 2).unwrap().unwrap();
/// assert_eq!(Domineering::text(&board), "domineering ../..");
/// let moves: Vec<String> = Domineering::moves(&Domineering, &board, true)
///     .iter()
///     .map(Domineering::text)
///     .collect();
/// assert_eq!(moves, ["domineering #./#.", "domineering .#/.#"]);
/// ```
pub trait PartizanGame: Send + Sync + 'static {
    /// The rules the search runs on.
    type Rules: PartizanRules + Default + Send + Sync;
    /// What a part of a sum holds.
    type Part: Clone + Eq + Hash + Debug + Send + Sync;

    /// The keyword and how it is written.
    const SYNTAX: PartizanSyntax;

    /// Left's and Right's pieces in a few words, for the play texts (`["vertical dominoes",
    /// "horizontal dominoes"]`).
    const PLAYERS: [&'static str; 2];

    /// Whether both players have the same moves from every position (the game is impartial,
    /// as Cram): its sums then answer as impartial sums, with a nimber and the moves to
    /// nimber 0. A test checks each such game's moves for Left and Right are the same.
    const IMPARTIAL: bool = false;

    /// Reads the words after the keyword (`name`). `Ok(None)` when they are written for
    /// another game of the same keyword (a Hackenbush picture's file after `hackenbush`);
    /// errors name the column at fault.
    fn read(name: Word, args: &[Word], context: &mut ParseContext) -> Result<Option<Self::Part>>;

    /// The part as [`PartizanGame::read`] reads it back.
    fn text(part: &Self::Part) -> String;

    /// The position of the rules that the part is (what the search values).
    fn position(part: &Self::Part) -> <Self::Rules as PartizanRules>::Position;

    /// The parts a move of Left (`left`) or Right leaves, as whole parts of this game.
    fn moves(rules: &Self::Rules, part: &Self::Part, left: bool) -> Vec<Self::Part>;

    /// The part as a board for the page: its rows of cells, one character each as the part is
    /// written (`None`: not drawn as a board).
    fn cells(_part: &Self::Part) -> Option<Vec<String>> {
        None
    }

    /// The game's standard start on `rows x cols` (`grundy table --rows R --cols C`): `None`
    /// when the game has no such start, an error when the size is out of range.
    fn start(_rows: u64, _cols: u64) -> Option<Result<Self::Part>> {
        None
    }
}

/// The moves of a game whose parts are positions of its rules and whose rules move in whole
/// positions: the rules' options of the part.
pub fn options_of<R: PartizanRules>(rules: &R, part: &R::Position, left: bool) -> Vec<R::Position> {
    let mut out = Vec::new();
    rules.options(part, left, &mut out);
    out
}
