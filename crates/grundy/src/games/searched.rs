//! Impartial games of the catalog valued by the pruned nimber search
//! ([`crate::solve::nimber_search`]): Cram, Chomp, Node Kayles, Arc Kayles and `impartial
//! GAME` (any partizan game of the catalog with both players' moves). Each is a
//! [`SearchedGame`]: a [`ComponentGame`] (its components, normalised) and its whole
//! positions as the user writes them. [`Searched`] is such a position in a sum: an
//! [`ImpartialGame`] whose Grundy value, outcome and moves to a value are asked of one
//! search shared by every component of the game in the sum (its table of nimbers kept
//! between questions), so `solve`, `value`, `play`, the server and Python all answer with
//! the search.
//!
//! ```
//! use grundy::{solve, SolveOptions};
//! let r = solve("cram .../... + chomp 2 3", &SolveOptions::default()).unwrap();
//! let r = r.impartial().unwrap();
//! assert_eq!(r.grundy, Some(1 ^ 4)); // Cram 2 x 3 is *, Chomp 2 x 3 is *4
//! ```

use crate::budget::Budget;
use crate::error::Result;
use crate::games::syntax::ParseContext;
use crate::nimber::{Nimber, Outcome};
use crate::partizan::checkpoint::SearchCheckpoint;
use crate::partizan::root::ProgressSink;
use crate::solve::game::ImpartialGame;
use crate::solve::nimber_search::{ComponentGame, NimberSearch};
use std::fmt;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// An impartial game of the catalog valued by the nimber search.
pub trait SearchedGame: ComponentGame + Send + 'static
where
    Self::Part: Send,
{
    /// A whole position, kept in the frame the user wrote it (its moves print in it).
    type Position: Clone + Eq + Hash + Ord + Send + Sync + 'static;

    /// The name of the game's shared search in a [`ParseContext`].
    const KIND: &'static str;

    /// Pushes the components of `position` that have a move, each normalised.
    fn components(&self, position: &Self::Position, out: &mut Vec<Self::Part>);

    /// The positions one move leaves, each once, in the game's order.
    fn moves(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// The position as the expression language writes it (`cram ../..`).
    fn write(position: &Self::Position, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The position as rows of cells for the page, if the game draws it as a board.
    fn cells(_position: &Self::Position) -> Option<Vec<String>> {
        None
    }
}

/// The search of one game, shared by the components of one sum (and by the options of
/// those components: a play session asks it again and again).
pub struct SharedSearch<G: SearchedGame>
where
    G::Part: Send,
{
    search: Mutex<NimberSearch<G>>,
}

impl<G: SearchedGame> SharedSearch<G>
where
    G::Part: Send,
{
    /// A search of `game` under `budget` (its state limit sizes the table; its flag stops
    /// the search).
    pub fn new(game: G, budget: Budget) -> Self {
        SharedSearch {
            search: Mutex::new(NimberSearch::new(game, budget)),
        }
    }

    /// The search of `G` that `context` shares by the components of its sum, made by `game`
    /// the first time.
    pub fn of(context: &mut ParseContext, game: impl FnOnce(&Budget) -> G) -> Arc<Self> {
        let budget = context.budget.clone();
        context.shared(G::KIND, "", || {
            Arc::new(SharedSearch::new(game(&budget), budget))
        })
    }

    fn with<T>(&self, ask: impl FnOnce(&mut NimberSearch<G>) -> Result<T>) -> Result<T> {
        // a search that failed part way (a budget hit) leaves a table that is still right:
        // what it holds was proved
        let mut search = self.search.lock().unwrap_or_else(|e| e.into_inner());
        ask(&mut search)
    }
}

/// A position of a [`SearchedGame`] in a sum. Positions compare by position alone (never by
/// the search they share).
pub struct Searched<G: SearchedGame>
where
    G::Part: Send,
{
    /// The position, as the user wrote it.
    pub position: G::Position,
    search: Arc<SharedSearch<G>>,
}

impl<G: SearchedGame> Searched<G>
where
    G::Part: Send,
{
    /// `position`, valued by `search`.
    pub fn new(position: G::Position, search: Arc<SharedSearch<G>>) -> Self {
        Searched { position, search }
    }

    /// The same game in another position (the same search).
    pub fn at(&self, position: G::Position) -> Self {
        Searched {
            position,
            search: self.search.clone(),
        }
    }

    /// The nimber of the position, by the search.
    pub fn nimber(&self) -> Result<u8> {
        self.search.with(|s| {
            let parts = components(s, &self.position);
            s.nimber_of(&parts)
        })
    }

    /// The rows of cells the page draws, if the game draws a board.
    pub fn cells(&self) -> Option<Vec<String>> {
        G::cells(&self.position)
    }

    /// Has the search shared by this game's positions save its tables to `checkpoint` as it
    /// runs, after reading them back from it ([`NimberSearch::checkpoint`]). Returns the
    /// entries read back.
    pub fn checkpoint(
        &self,
        checkpoint: &SearchCheckpoint,
        progress: Option<ProgressSink>,
    ) -> Result<u64> {
        self.search
            .with(|s| s.checkpoint(checkpoint.clone(), G::KIND, progress))
    }

    /// Has the search shared by this game's positions look small components up in the
    /// endgame database of `db` (`--db`), if the file has one for the game.
    ///
    /// **Errors**: the file's section of the game is damaged.
    pub fn use_database(&self, db: &crate::partizan::database::Database) -> Result<()> {
        self.search.with(|s| {
            if let Some(endgame) = crate::solve::nimber_endgame::from_database(s.game(), db)? {
                s.set_endgame(endgame);
            }
            Ok(())
        })
    }

    /// Saves the checkpoint now ([`NimberSearch::save`]).
    pub fn save_checkpoint(&self) -> Result<()> {
        self.search.with(|s| s.save())
    }
}

impl<G: SearchedGame> Clone for Searched<G>
where
    G::Part: Send,
{
    fn clone(&self) -> Self {
        self.at(self.position.clone())
    }
}

impl<G: SearchedGame> PartialEq for Searched<G>
where
    G::Part: Send,
{
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}

impl<G: SearchedGame> Eq for Searched<G> where G::Part: Send {}

impl<G: SearchedGame> Hash for Searched<G>
where
    G::Part: Send,
{
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.position.hash(state)
    }
}

impl<G: SearchedGame> PartialOrd for Searched<G>
where
    G::Part: Send,
{
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<G: SearchedGame> Ord for Searched<G>
where
    G::Part: Send,
{
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.position.cmp(&other.position)
    }
}

impl<G: SearchedGame> fmt::Display for Searched<G>
where
    G::Part: Send,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        G::write(&self.position, f)
    }
}

impl<G: SearchedGame> fmt::Debug for Searched<G>
where
    G::Part: Send,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{self}'")
    }
}

/// **Complexity**: the options are the game's moves, O(moves) each time; the Grundy value,
/// the outcome and the moves to a value are the nimber search's (the moves to a value ask
/// each option only whether it has that value).
impl<G: SearchedGame> ImpartialGame for Searched<G>
where
    G::Part: Send,
{
    fn options(&self) -> Vec<Vec<Self>> {
        let moves = self.search.with(|s| Ok(s.game().moves(&self.position)));
        moves
            .unwrap_or_default()
            .into_iter()
            .map(|p| vec![self.at(p)])
            .collect()
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(self.nimber().map(|v| Nimber(u64::from(v))))
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        Some(self.search.with(|s| {
            let parts = components(s, &self.position);
            Ok(if s.has_nimber(&parts, 0)? {
                Outcome::P
            } else {
                Outcome::N
            })
        }))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let Ok(target) = u8::try_from(target.0) else {
            // an option's nimber is at most its number of options, below 256
            return Some(Ok(Vec::new()));
        };
        Some(self.search.with(|s| {
            let mut found = Vec::new();
            for option in s.game().moves(&self.position) {
                let parts = components(s, &option);
                if s.has_nimber(&parts, target)? {
                    found.push(vec![self.at(option)]);
                    if found.len() > limit {
                        break;
                    }
                }
            }
            Ok(found)
        }))
    }
}

/// The components of `position` with a move.
fn components<G: SearchedGame>(search: &NimberSearch<G>, position: &G::Position) -> Vec<G::Part>
where
    G::Part: Send,
{
    let mut parts = Vec::new();
    search.game().components(position, &mut parts);
    parts
}
