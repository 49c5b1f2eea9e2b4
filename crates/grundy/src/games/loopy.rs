//! The loopy partizan catalog: every loopy game, written once in the list of `loopy_catalog!`
//! (games whose positions can repeat; play that never ends is a draw). From that list come the
//! sum part type ([`LoopyPart`]: a game's rules and position, or a value in CGSuite's loopy
//! notation such as `on`, `over`, `{0|pass}`, `a{0|{1|a}}`, `1 & 0`), the keywords and help
//! texts ([`LOOPY_GAMES`]), and each part's exploration into a [`crate::partizan::loopy::LoopyGraph`].
//!
//! Adding a game is its file (a [`LoopyGame`]) and its line in the list below; no front end
//! names a game.

use crate::budget::Budget;
use crate::error::Result;
use crate::games::backsliding::Backsliding;
use crate::games::foxgeese::FoxGeese;
use crate::games::loopy_file::LoopyFile;
pub use crate::games::loopy_game::{explore, ExploredPart, LoopyGame, LoopyRules, LoopySyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::loopy::parse_loopy;
use crate::partizan::Forms;
use std::fmt;

/// The catalog, written once: each line is a game (its variant of [`LoopyPart`] and its type).
macro_rules! loopy_catalog {
    ($($(#[$doc:meta])* $variant:ident($game:ty)),+ $(,)?) => {
        /// A loopy part of a sum: a catalog game's rules and position, or a value in CGSuite's
        /// loopy notation.
        #[derive(Clone, Debug)]
        pub enum LoopyPart {
            /// A value in CGSuite's loopy notation, as written.
            Value(String),
            $($(#[$doc])* $variant($game, <$game as LoopyRules>::Position),)+
        }

        /// Every loopy game of the catalog, in the catalog's order.
        pub const LOOPY_GAMES: &[LoopySyntax] = &[$(<$game as LoopyGame>::SYNTAX),+];

        impl fmt::Display for LoopyPart {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    LoopyPart::Value(text) => write!(f, "{text}"),
                    $(LoopyPart::$variant(game, position) => write!(f, "{}", game.text(position)),)+
                }
            }
        }

        impl LoopyPart {
            /// Reads a loopy game written with the keyword of one of [`LOOPY_GAMES`]; `None`
            /// for other keywords.
            pub fn read(
                name: Word,
                args: &[Word],
                context: &mut ParseContext,
            ) -> Result<Option<LoopyPart>> {
                $(if name.text == <$game as LoopyGame>::SYNTAX.keyword {
                    let (game, position) = <$game as LoopyGame>::read(name, args, context)?;
                    return Ok(Some(LoopyPart::$variant(game, position)));
                })+
                Ok(None)
            }

            /// Its positions and moves, within `budget`.
            pub fn explore(&self, forms: &mut Forms, budget: &Budget) -> Result<ExploredPart> {
                match self {
                    LoopyPart::Value(text) => {
                        let read = parse_loopy(forms, text)?;
                        Ok(ExploredPart {
                            graph: read.graph,
                            start: read.start,
                            offside: read.offside,
                            texts: None,
                        })
                    }
                    $(LoopyPart::$variant(game, position) => game.explore_from(position, budget),)+
                }
            }

            /// The keyword of the part's game when its positions are boards (rows joined by
            /// `/` after it).
            pub fn board_keyword(&self) -> Option<&'static str> {
                match self {
                    LoopyPart::Value(_) => None,
                    $(LoopyPart::$variant(..) => {
                        let syntax = <$game as LoopyGame>::SYNTAX;
                        syntax.board.then_some(syntax.keyword)
                    })+
                }
            }
        }
    };
}

loopy_catalog! {
    /// Backsliding Toads and Frogs.
    Backsliding(Backsliding),
    /// Fox and Geese.
    FoxGeese(FoxGeese),
    /// A graph of Left's and Right's moves read from a file.
    File(LoopyFile),
}

impl LoopyPart {
    /// Whether `keyword` is the keyword of a loopy game of the catalog.
    pub fn is_keyword(keyword: &str) -> bool {
        LOOPY_GAMES.iter().any(|g| g.keyword == keyword)
    }
}
