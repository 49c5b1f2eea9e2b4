//! The catalog: one file per game, and [`Component`], the enum that lets different games sit
//! in one sum.
//!
//! ```
//! use grundy::games::{Component, Nim, Wythoff};
//! use grundy::{Convention, ImpartialGame, Nimber, SumSolver};
//! let parts = vec![Component::Nim(Nim::new(vec![3])), Component::Wythoff(Wythoff::new(1, 2))];
//! assert_eq!(parts[1].grundy_formula().unwrap().unwrap(), Nimber(0));
//! let analysis = SumSolver::new(1000, 10).analyse(&parts, Convention::Normal).unwrap();
//! assert_eq!(analysis.grundy, Some(Nimber(3)));
//! ```

/// Implements `PartialEq`, `Eq`, `Hash`, `PartialOrd` and `Ord` for a position type through its
/// `key()` method, so that positions compare by game and position, never by the shared tables
/// they carry.
macro_rules! compare_by_key {
    ($t:ty) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                self.key() == other.key()
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                self.key().hash(state)
            }
        }
        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for $t {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.key().cmp(&other.key())
            }
        }
    };
}

pub mod amazons;
pub mod amazons_outcome;
pub mod backsliding;
pub mod board;
pub mod cannibal;
pub mod cells;
pub mod chomp;
pub mod clobber;
pub mod clobber_outcome;
pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod domineering_outcome;
pub mod elephants;
pub mod empty;
pub mod fibonacci_nim;
pub mod fission;
pub mod foxgeese;
pub mod graph_game;
pub(crate) mod grid64;
pub mod hackenbush;
pub mod impartial;
pub mod kayles;
pub mod konane;
pub mod line_flip;
pub mod loopy;
pub mod loopy_file;
pub mod loopy_game;
pub mod moore;
pub mod nim;
pub mod nogo;
pub mod nogo_outcome;
pub mod octal;
pub mod partizan;
pub mod partizan_game;
pub mod placement;
pub mod rectangle;
pub mod searched;
pub mod staircase;
pub mod subtraction;
pub mod syntax;
pub mod toads;
pub mod toppling;
pub mod wythoff;

pub use crate::solve::octal::OctalCode;
pub use empty::Empty;
pub use fibonacci_nim::FibonacciNim;
pub use graph_game::{GraphPosition, GraphRules, GraphSource, GraphTexts, NoGraphs};
pub use impartial::Impartial;
pub use line_flip::LineFlip;
pub use moore::Moore;
pub use nim::Nim;
pub use octal::{Octal, OctalRules};
pub use rectangle::{CutRule, Rectangle, RectangleRules, RectangleTable};
pub use searched::{Searched, SearchedGame, SharedSearch};
pub use staircase::Staircase;
pub use subtraction::{Subtraction, SubtractionRules, SubtractionSet};
pub use syntax::{syntax, GameSyntax, Misere};
pub use wythoff::{Wythoff, WythoffRules, WythoffTable};

use crate::error::{GrundyError, Result};
use crate::nimber::{Convention, Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use std::fmt;

/// The catalog, written once: each line is a game (its variant of [`Component`], its position
/// type, and the keywords its file declares). It generates `Component`, its `From`
/// conversions, its dispatch to the game inside, and [`GAMES`].
macro_rules! catalog {
    ($($(#[$doc:meta])* $variant:ident($game:ty) => [$($syntax:path),+] $(start $start:path)?),+ $(,)?) => {
        /// One component of a sum: a position of any catalog game.
        ///
        /// It implements [`ImpartialGame`] by handing every call to the game inside, so the
        /// generic engines solve sums of different games. Components compare equal when they
        /// are the same game in the same position (whatever shared tables they carry).
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Component {
            $($(#[$doc])* $variant($game),)+
        }

        $(impl From<$game> for Component {
            fn from(game: $game) -> Component {
                Component::$variant(game)
            }
        })+

        /// Every keyword of the expression language, in the catalog's order.
        pub static GAMES: &[GameSyntax] = &[$($($syntax,)+)+];

        /// The games with a standard start on rectangles (`table --rows --cols`), in the
        /// catalog's order.
        pub static BOARD_STARTS: &[BoardStart] = &[$($($start,)?)+];

        impl Component {
            /// Whether this component may be played misère (the same for every keyword of
            /// its game).
            pub fn misere(&self) -> Misere {
                match self {
                    $(Component::$variant(_) => [$($syntax.misere),+][0],)+
                }
            }

            /// [`ImpartialGame::same_heap_game`] of two components of one game.
            fn same_heap_game_as(&self, other: &Self) -> bool {
                match (self, other) {
                    $((Component::$variant(a), Component::$variant(b)) => a.same_heap_game(b),)+
                    _ => false,
                }
            }
        }

        macro_rules! dispatch {
            ($value:expr, $bound:ident => $body:expr) => {
                match $value {
                    $(Component::$variant($bound) => $body,)+
                }
            };
        }
    };
}

catalog! {
    /// `0`: no moves.
    Empty(Empty) => [empty::SYNTAX],
    /// `nim A1 A2 ...`
    Nim(Nim) => [nim::SYNTAX],
    /// `moore K A1 A2 ...`
    Moore(Moore) => [moore::SYNTAX],
    /// `subtract S N` and `bash M N`
    Subtraction(Subtraction) => [subtraction::SUBTRACT, subtraction::BASH],
    /// `fibnim N [L]`
    FibonacciNim(FibonacciNim) => [fibonacci_nim::SYNTAX],
    /// `wythoff A B`
    Wythoff(Wythoff) => [wythoff::SYNTAX],
    /// `staircase A1 A2 ...`
    Staircase(Staircase) => [staircase::SYNTAX],
    /// `octal CODE N`, `hex CODE N` and `grundys N`
    Octal(Octal) => [octal::SYNTAX, octal::HEX, octal::GRUNDYS],
    /// `split R C` and `cutting R C`
    Rectangle(Rectangle) => [rectangle::SPLIT, rectangle::CUTTING],
    /// `flip BOARD [USED]`
    LineFlip(LineFlip) => [line_flip::SYNTAX],
    /// `graph NAME V`
    Graph(GraphPosition) => [graph_game::SYNTAX],
    /// `impartial GAME ...`
    Impartial(Impartial) => [impartial::SYNTAX],
    /// `cram BOARD`
    Cram(Searched<cram::Cram>) => [cram::SYNTAX] start cram::START,
    /// `chomp R C` and `chomp L1,L2,...`
    Chomp(Searched<chomp::Chomp>) => [chomp::SYNTAX] start chomp::START,
    /// `nodekayles EDGES`
    NodeKayles(Searched<kayles::NodeKayles>) => [kayles::NODE_SYNTAX],
    /// `arckayles EDGES`
    ArcKayles(Searched<kayles::ArcKayles>) => [kayles::ARC_SYNTAX],
}

/// An impartial game's standard start on a rectangle: `table --rows R --cols C KEYWORD`
/// tabulates the nimbers of its starts.
#[derive(Clone, Copy, Debug)]
pub struct BoardStart {
    /// The game's keyword.
    pub keyword: &'static str,
    /// The text of the `rows x cols` start (`cram ../..`), or why there is none.
    pub text: fn(u64, u64) -> std::result::Result<String, String>,
}

/// The standard start of the game called `keyword`, if it has one.
pub fn board_start(keyword: &str) -> Option<&'static BoardStart> {
    BOARD_STARTS.iter().find(|s| s.keyword == keyword)
}

fn wrap<T: Into<Component>>(options: Vec<Vec<T>>) -> Vec<Vec<Component>> {
    options
        .into_iter()
        .map(|parts| parts.into_iter().map(Into::into).collect())
        .collect()
}

impl Component {
    /// A sum of components as grundy writes it: `a + b + c`, or `0` for nothing.
    pub fn sum_to_string(parts: &[Component]) -> String {
        if parts.is_empty() {
            return "0".into();
        }
        parts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

impl Component {
    /// The position as rows of cells, when its game draws a board (Cram, Chomp, `impartial
    /// GAME` on a board): what the page shows and is clicked on.
    pub fn cells(&self) -> Option<Vec<String>> {
        match self {
            Component::Cram(g) => g.cells(),
            Component::Chomp(g) => g.cells(),
            Component::Impartial(g) => g.cells(),
            _ => None,
        }
    }

    /// Has the nimber search of this part's game save its tables to `checkpoint` as it runs,
    /// after reading them back from it: `None` when the part is not a game whose search saves
    /// its tables (Cram, Chomp, Node and Arc Kayles do), else the entries read back.
    pub fn checkpoint(
        &self,
        checkpoint: &crate::partizan::checkpoint::SearchCheckpoint,
        progress: Option<crate::partizan::root::ProgressSink>,
    ) -> Option<Result<u64>> {
        match self {
            Component::Cram(g) => Some(g.checkpoint(checkpoint, progress)),
            Component::Chomp(g) => Some(g.checkpoint(checkpoint, progress)),
            Component::NodeKayles(g) => Some(g.checkpoint(checkpoint, progress)),
            Component::ArcKayles(g) => Some(g.checkpoint(checkpoint, progress)),
            _ => None,
        }
    }

    /// Has the nimber search of this part's game look small components up in the endgame
    /// database of `db` (`--db`: Cram, Chomp, Node and Arc Kayles; nothing for another
    /// part, or when the file has none for the game).
    ///
    /// **Errors**: the file's section of the game is damaged.
    pub fn use_database(&self, db: &crate::partizan::database::Database) -> Result<()> {
        match self {
            Component::Cram(g) => g.use_database(db),
            Component::Chomp(g) => g.use_database(db),
            Component::NodeKayles(g) => g.use_database(db),
            Component::ArcKayles(g) => g.use_database(db),
            _ => Ok(()),
        }
    }

    /// Saves the checkpoint of [`Component::checkpoint`] now (nothing for another part).
    pub fn save_checkpoint(&self) -> Result<()> {
        match self {
            Component::Cram(g) => g.save_checkpoint(),
            Component::Chomp(g) => g.save_checkpoint(),
            Component::NodeKayles(g) => g.save_checkpoint(),
            Component::ArcKayles(g) => g.save_checkpoint(),
            _ => Ok(()),
        }
    }
}

impl ImpartialGame for Component {
    fn options(&self) -> Vec<Vec<Self>> {
        dispatch!(self, g => wrap(g.options()))
    }

    fn option_count(&self) -> Option<u128> {
        dispatch!(self, g => g.option_count())
    }

    fn reachable_bound(&self) -> Option<u128> {
        dispatch!(self, g => g.reachable_bound())
    }

    fn is_terminal(&self) -> bool {
        dispatch!(self, g => g.is_terminal())
    }

    fn loopy_value(&self) -> Option<crate::game_graph::LoopyValue> {
        dispatch!(self, g => g.loopy_value())
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        dispatch!(self, g => g.grundy_formula())
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        dispatch!(self, g => g.outcome_formula())
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        dispatch!(self, g => g.moves_to_value_formula(target, limit).map(|r| r.map(wrap)))
    }

    fn canonical(&self) -> Self {
        dispatch!(self, g => g.canonical().into())
    }

    fn atoms(&self) -> Vec<Self> {
        dispatch!(self, g => g.atoms().into_iter().map(Into::into).collect())
    }

    fn as_nim_heap(&self) -> Option<u64> {
        dispatch!(self, g => g.as_nim_heap())
    }

    fn heap(&self) -> Option<u64> {
        dispatch!(self, g => g.heap())
    }

    fn with_heap(&self, size: u64) -> Option<Self> {
        dispatch!(self, g => g.with_heap(size).map(Into::into))
    }

    fn same_heap_game(&self, other: &Self) -> bool {
        self.same_heap_game_as(other)
    }
}

/// Written as its expression (`wythoff 3 5`), so that messages about a component read well.
impl fmt::Debug for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{self}'")
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(self, g => g.fmt(f))
    }
}

/// Refuses a sum under misère play when one of its parts refuses it (`Misere::Refused`, with
/// the part's reason), as `solve`, `play` and the server all do. O(parts).
pub fn check_convention(parts: &[Component], convention: Convention) -> Result<()> {
    if convention == Convention::Misere {
        for part in parts {
            if let Misere::Refused(why) = part.misere() {
                return Err(GrundyError::Unsupported(format!(
                    "'{part}' cannot be played misère: {why}"
                )));
            }
        }
    }
    Ok(())
}
