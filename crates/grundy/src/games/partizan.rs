//! The partizan catalog: every partizan game, written once in the list of `partizan_catalog!`.
//! From that list come the sum part type ([`PartizanPart`]), the keywords and readers the
//! parser and the help texts use ([`PARTIZAN_GAMES`]), and [`PartizanValues`], which finds
//! canonical forms of parts with one arena of forms and one transposition table per game,
//! and lists a part's moves.
//!
//! Adding a game is its file (a [`PartizanGame`]) and its line in the list below; no front end
//! names a game.

use crate::error::Result;
use crate::games::amazons::Amazons;
use crate::games::amazons_outcome;
use crate::games::cannibal::Cannibal;
use crate::games::clobber::Clobber;
use crate::games::clobber_outcome;
use crate::games::cutcake::Cutcake;
use crate::games::domineering::Domineering;
use crate::games::domineering_outcome;
use crate::games::elephants::Elephants;
use crate::games::fission::Fission;
use crate::games::hackenbush::{Hackenbush, HackenbushPicture};
use crate::games::konane::Konane;
use crate::games::nogo::NoGo;
use crate::games::nogo_outcome;
pub use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::placement::{Col, Snort};
use crate::games::syntax::{ParseContext, Word};
use crate::games::toads::Toads;
use crate::games::toppling::Toppling;
use crate::partizan::notation::NotationCache;
use crate::partizan::region_search::NamedPosition;
use crate::partizan::results::LazyResults;
use crate::partizan::{
    Forms, GameId, MoveBounds, PartizanRules, PartizanSearch, RegionSolver, ResultTable, SumRules,
};
use std::sync::Arc;

/// One game of the catalog, as the parser, the help texts and `table` see it.
#[derive(Clone, Copy, Debug)]
pub struct PartizanEntry {
    /// The keyword and how it is written.
    pub syntax: PartizanSyntax,
    /// Left's and Right's pieces in a few words.
    pub players: [&'static str; 2],
    /// Whether both players have the same moves (the game is impartial, as Cram).
    pub impartial: bool,
    /// Reads the words after the keyword (`Ok(None)`: another game of the same keyword).
    pub read: fn(Word, &[Word], &mut ParseContext) -> Result<Option<PartizanPart>>,
    /// The standard start on rows x columns, if the game has one.
    pub start: fn(u64, u64) -> Option<Result<PartizanPart>>,
}

impl PartizanEntry {
    /// Whether the game has a standard start on a rectangle (a `table --rows --cols` family).
    pub fn has_start(&self) -> bool {
        (self.start)(1, 1).is_some()
    }
}

/// A game of the catalog and its variant of [`PartizanPart`].
trait Catalogued: PartizanGame {
    fn wrap(part: Self::Part) -> PartizanPart;
}

fn read_as<G: Catalogued>(
    name: Word,
    args: &[Word],
    context: &mut ParseContext,
) -> Result<Option<PartizanPart>> {
    Ok(G::read(name, args, context)?.map(G::wrap))
}

fn start_as<G: Catalogued>(rows: u64, cols: u64) -> Option<Result<PartizanPart>> {
    G::start(rows, cols).map(|part| part.map(G::wrap))
}

/// The catalog, written once: each line is a game (its variant of [`PartizanPart`], its type,
/// and the field of [`PartizanValues`] that holds its search), and, after `with`, the game's
/// own outcome search of a part beside an integer when it has one (a function of the part and
/// the shared results table, giving a [`RegionSolver`]: the search of sums hands it every sum
/// of that part alone beside an integer).
macro_rules! partizan_catalog {
    ($($(#[$doc:meta])* $variant:ident($game:ty) in $field:ident $(with $own:path)?),+ $(,)?) => {
        /// A partizan part of a sum: a part of a catalog game, or a value in CGSuite's notation.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum PartizanPart {
            $($(#[$doc])* $variant(<$game as PartizanGame>::Part),)+
            /// A value in CGSuite's notation, written canonically (parsed once per arena).
            Value(String),
        }

        $(impl Catalogued for $game {
            fn wrap(part: Self::Part) -> PartizanPart {
                PartizanPart::$variant(part)
            }
        })+

        /// The partizan games, in the catalog's order (two may share a keyword: the first
        /// whose reader takes the words reads them).
        pub static PARTIZAN_GAMES: &[PartizanEntry] = &[$(PartizanEntry {
            syntax: <$game as PartizanGame>::SYNTAX,
            players: <$game as PartizanGame>::PLAYERS,
            impartial: <$game as PartizanGame>::IMPARTIAL,
            read: read_as::<$game>,
            start: start_as::<$game>,
        },)+];

        impl std::fmt::Display for PartizanPart {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(PartizanPart::$variant(p) => f.write_str(&<$game as PartizanGame>::text(p)),)+
                    PartizanPart::Value(v) => f.write_str(v),
                }
            }
        }

        impl PartizanPart {
            /// The catalog entry of the part's game (`None` for a value).
            pub fn entry(&self) -> Option<&'static PartizanEntry> {
                let mut index = 0;
                $(
                    if let PartizanPart::$variant(_) = self {
                        return PARTIZAN_GAMES.get(index);
                    }
                    index += 1;
                )+
                let _ = index;
                None
            }

            /// Whether the part's game is impartial (both players have the same moves, as
            /// Cram): a value written in notation is not, whatever its form.
            pub fn is_impartial(&self) -> bool {
                self.entry().is_some_and(|e| e.impartial)
            }

            /// The parts a move of Left (`left`) or Right leaves, by the game's rules alone
            /// (no table): `None` for a value written in notation, whose options need an arena.
            pub fn game_moves(&self, left: bool) -> Option<Vec<PartizanPart>> {
                match self {
                    $(PartizanPart::$variant(p) => {
                        let rules = <<$game as PartizanGame>::Rules as Default>::default();
                        Some(
                            <$game as PartizanGame>::moves(&rules, p, left)
                                .into_iter()
                                .map(PartizanPart::$variant)
                                .collect(),
                        )
                    })+
                    PartizanPart::Value(_) => None,
                }
            }

            /// The part as a board for the page (rows of cells), if its game draws one.
            pub fn cells(&self) -> Option<Vec<String>> {
                match self {
                    $(PartizanPart::$variant(p) => <$game as PartizanGame>::cells(p),)+
                    PartizanPart::Value(_) => None,
                }
            }
        }

        /// A normalised region of a part of a catalog game: what the outcome search
        /// ([`crate::partizan::OutcomeSearch`]) holds of a part it has not valued.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum PartizanRegion {
            $($(#[$doc])* $variant(<<$game as PartizanGame>::Rules as PartizanRules>::Position),)+
        }

        impl PartizanValues {
            /// The normalised regions of a part (`true`: the region's negative), or `None`
            /// for a value written in notation (its canonical form is
            /// [`PartizanValues::value`]).
            pub fn regions(&self, part: &PartizanPart) -> Option<Vec<(PartizanRegion, bool)>> {
                let mut out = Vec::new();
                match part {
                    $(PartizanPart::$variant(p) => {
                        let mut parts = Vec::new();
                        self.$field.rules.split(&<$game as PartizanGame>::position(p), &mut parts);
                        out.extend(parts.into_iter().map(|(r, n)| (PartizanRegion::$variant(r), n)));
                    })+
                    PartizanPart::Value(_) => return None,
                }
                Some(out)
            }
        }

        impl SumRules for PartizanValues {
            type Region = PartizanRegion;

            fn forms(&mut self) -> &mut Forms {
                &mut self.forms
            }

            fn kind(&self, region: &PartizanRegion) -> usize {
                let mut index = 0;
                $(
                    if let PartizanRegion::$variant(_) = region {
                        return index;
                    }
                    index += 1;
                )+
                index
            }

            fn size(&self, region: &PartizanRegion) -> usize {
                match region {
                    $(PartizanRegion::$variant(r) => self.$field.rules.size(r),)+
                }
            }

            fn integer(&self, region: &PartizanRegion) -> Option<i64> {
                match region {
                    $(PartizanRegion::$variant(r) => self.$field.rules.integer(r),)+
                }
            }

            fn options(
                &self,
                region: &PartizanRegion,
                left: bool,
                out: &mut Vec<Vec<(PartizanRegion, bool)>>,
            ) {
                match region {
                    $(PartizanRegion::$variant(r) => {
                        let rules = &self.$field.rules;
                        let mut options = Vec::new();
                        rules.options(r, left, &mut options);
                        let mut parts = Vec::new();
                        for o in options {
                            parts.clear();
                            rules.split(&o, &mut parts);
                            out.push(
                                parts
                                    .drain(..)
                                    .map(|(r, n)| (PartizanRegion::$variant(r), n))
                                    .collect(),
                            );
                        }
                    })+
                }
            }

            fn move_bounds(&self, region: &PartizanRegion) -> Option<MoveBounds> {
                match region {
                    $(PartizanRegion::$variant(r) => self.$field.rules.move_bounds(r),)+
                }
            }

            fn move_count(&self, region: &PartizanRegion, left: bool) -> usize {
                match region {
                    $(PartizanRegion::$variant(r) => self.$field.rules.move_count(r, left),)+
                }
            }

            fn value_within(
                &mut self,
                region: &PartizanRegion,
                max_new: usize,
            ) -> Result<Option<GameId>> {
                match region {
                    $(PartizanRegion::$variant(r) => {
                        self.$field.value_within(&mut self.forms, r, max_new)
                    })+
                }
            }

            fn solver(&self, region: &PartizanRegion) -> Option<Box<dyn RegionSolver>> {
                match region {
                    $(PartizanRegion::$variant(_r) => {
                        None $(.or_else(|| $own(_r, &mut || self.results_table().ok())))?
                    })+
                }
            }

            fn split_named(
                &self,
                region: &PartizanRegion,
                named: NamedPosition,
            ) -> Option<Vec<(PartizanRegion, bool)>> {
                match region {
                    $(PartizanRegion::$variant(_) => {
                        let position = named
                            .downcast::<<<$game as PartizanGame>::Rules as PartizanRules>::Position>()
                            .ok()?;
                        let mut parts = Vec::new();
                        self.$field.rules.split(&position, &mut parts);
                        Some(parts.into_iter().map(|(r, n)| (PartizanRegion::$variant(r), n)).collect())
                    })+
                }
            }

            fn results(&self) -> Option<&ResultTable> {
                self.results.get()
            }

            fn results_or_new(&mut self) -> Option<&ResultTable> {
                // a table the system refuses (even at its smallest) is none: the search keeps
                // its results in its own table
                let _ = self.results_table();
                self.results()
            }
        }

        /// Canonical forms of partizan parts: one arena of forms, one table per game.
        pub struct PartizanValues {
            /// The arena every value lives in.
            pub forms: Forms,
            $($field: PartizanSearch<<$game as PartizanGame>::Rules>,)+
            /// The values written in notation, parsed once into the arena.
            notation: NotationCache,
            /// The results of the games' own outcome searches (Domineering's), made on first
            /// use or shared with other threads.
            results: LazyResults,
        }

        impl PartizanValues {
            /// Tables of at most `max_states` positions each, and an arena of at most
            /// `max_states` forms. `max_states` is a [`crate::budget::Budget`] (or a bare
            /// limit): its flag stops every table.
            pub fn new(max_states: impl Into<crate::budget::Budget>) -> Self {
                let budget: crate::budget::Budget = max_states.into();
                PartizanValues {
                    forms: Forms::new(budget.clone()),
                    $($field: PartizanSearch::new(Default::default(), budget.clone()),)+
                    notation: NotationCache::default(),
                    results: LazyResults::new(budget),
                }
            }

            /// Sizes the table of the games' own outcome searches, before it is made, for a
            /// question whose searches reach at most `positions` positions
            /// ([`crate::budget::Budget::table_entries`]): a small board takes a small table.
            pub fn expect_positions(&mut self, positions: usize) {
                self.results.expect_positions(positions);
            }

            /// The table of the games' own outcome searches, made now if none is yet.
            ///
            /// **Errors**: [`crate::error::GrundyError::OutOfMemory`] when the system refuses even
            /// the smallest table ([`ResultTable::new`] makes it smaller first).
            pub fn results_table(&self) -> Result<Arc<ResultTable>> {
                self.results.table()
            }

            /// Has the games' own outcome searches store their results in `table` (one table
            /// shared by the threads of a search).
            pub fn share_results(&mut self, table: Arc<ResultTable>) {
                self.results.share(table);
            }

            /// Looks each game's positions up in `db` (its section of the game, if any) before
            /// searching them.
            pub fn use_database(&mut self, db: &std::sync::Arc<crate::partizan::database::Database>) {
                $(if let Some(view) = crate::partizan::database::DatabaseView::new(db, stringify!($field)) {
                    self.$field.use_database(view);
                })+
            }

            /// Per game (by the name of its field) the positions its table holds, by key, and
            /// their canonical forms: what `grundy db build` writes.
            pub fn tables(&self) -> Vec<(String, Vec<(u128, GameId)>)> {
                vec![$((stringify!($field).to_string(), self.$field.entries().collect()),)+]
            }

            /// How many positions the tables hold.
            pub fn states(&self) -> usize {
                0 $(+ self.$field.states())+
            }

            /// The canonical form of a part.
            pub fn value(&mut self, part: &PartizanPart) -> Result<GameId> {
                match part {
                    $(PartizanPart::$variant(p) => self
                        .$field
                        .value(&mut self.forms, &<$game as PartizanGame>::position(p)),)+
                    PartizanPart::Value(v) => self.notation(v),
                }
            }

            /// The parts a move of Left (`left`) or Right leaves, as whole parts of the part's
            /// game (a value's moves are its canonical options).
            pub fn moves(&mut self, part: &PartizanPart, left: bool) -> Result<Vec<PartizanPart>> {
                Ok(match part {
                    $(PartizanPart::$variant(p) => {
                        <$game as PartizanGame>::moves(&self.$field.rules, p, left)
                            .into_iter()
                            .map(PartizanPart::$variant)
                            .collect()
                    })+
                    PartizanPart::Value(v) => {
                        let g = self.notation(v)?;
                        let (l, r) = self.forms.options(g);
                        let side = if left { l } else { r };
                        side.iter()
                            .map(|&o| PartizanPart::Value(self.forms.to_string(o)))
                            .collect()
                    }
                })
            }
        }
    };
}

partizan_catalog! {
    /// A Domineering board (its empty cells).
    Domineering(Domineering) in domineering with domineering_outcome::own_search,
    /// Cutcake cakes (rows, columns).
    Cutcake(Cutcake) in cutcake,
    /// Hackenbush stalks.
    Hackenbush(Hackenbush) in hackenbush,
    /// A Hackenbush picture read from a file, and the edges cut.
    Picture(HackenbushPicture) in pictures,
    /// A Toads-and-Frogs strip.
    Toads(Toads) in toads,
    /// A Clobber position.
    Clobber(Clobber) in clobber with clobber_outcome::own_search,
    /// A Snort position.
    Snort(Snort) in snort,
    /// A Col position.
    Col(Col) in col,
    /// A row of Toppling Dominoes.
    Toppling(Toppling) in toppling,
    /// A row of Elephants and Rhinos.
    Elephants(Elephants) in elephants,
    /// A Cannibal Clobber board.
    Cannibal(Cannibal) in cannibal,
    /// A Fission board.
    Fission(Fission) in fission,
    /// A Konane board.
    Konane(Konane) in konane,
    /// A NoGo board.
    NoGo(NoGo) in nogo with nogo_outcome::own_search,
    /// An Amazons board.
    Amazons(Amazons) in amazons with amazons_outcome::own_search,
}

/// One game of the catalog as the front ends list it (`GET /api/partizan/games`, Python's
/// `grundy.partizan_games()`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PartizanGameInfo {
    /// The keyword.
    pub keyword: &'static str,
    /// How it is written.
    pub usage: &'static str,
    /// What it is.
    pub summary: &'static str,
    /// Parts as grundy writes them.
    pub examples: &'static [&'static str],
    /// Left's and Right's pieces.
    pub players: [&'static str; 2],
    /// Whether `grundy table --rows R --cols C KEYWORD` has a standard start for it.
    pub table: bool,
}

/// Every game of the catalog, in its order.
pub fn partizan_game_list() -> Vec<PartizanGameInfo> {
    PARTIZAN_GAMES
        .iter()
        .map(|g| PartizanGameInfo {
            keyword: g.syntax.keyword,
            usage: g.syntax.usage,
            summary: g.syntax.summary,
            examples: g.syntax.examples,
            players: g.players,
            table: g.has_start(),
        })
        .collect()
}

/// The games whose keyword is `keyword`, in the catalog's order.
pub fn partizan_games(keyword: &str) -> impl Iterator<Item = &'static PartizanEntry> + '_ {
    PARTIZAN_GAMES
        .iter()
        .filter(move |g| g.syntax.keyword == keyword)
}

impl PartizanValues {
    /// A value written in notation, parsed into the arena the first time it is met.
    fn notation(&mut self, text: &str) -> Result<GameId> {
        self.notation.value(&mut self.forms, text)
    }

    /// How many moves [`PartizanValues::moves`] would list, when that is known without listing
    /// them: a value's number of canonical options (`*n` has n, without listing them); `None`
    /// for the games, whose moves are bounded by their boards.
    pub fn move_count(&mut self, part: &PartizanPart) -> Result<Option<u128>> {
        let PartizanPart::Value(v) = part else {
            return Ok(None);
        };
        let g = self.notation(v)?;
        Ok(Some(match self.forms.as_nus(g) {
            Some(n) if n.ups == 0 => u128::from(n.nimber),
            Some(_) => 2,
            None => {
                let (l, r) = self.forms.options(g);
                l.len().max(r.len()) as u128
            }
        }))
    }
}
