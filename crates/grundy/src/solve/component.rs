//! What the nimber search ([`crate::solve::nimber_search`]) and its endgame databases
//! ([`crate::solve::nimber_endgame`]) ask of a game: [`ComponentGame`], a game whose positions
//! fall apart into independent components, and [`Strategy`], how a component's nimber is
//! asked for.

use crate::budget::Budget;
use crate::error::Result;
use std::hash::Hash;

/// An impartial game whose positions fall apart into independent components: what
/// [`crate::solve::nimber_search::NimberSearch`] searches.
pub trait ComponentGame: Sync {
    /// A component in its normal form: two components with the same nimber by symmetry
    /// should be equal (the table's key).
    type Part: Clone + Eq + Hash + Send + Sync + 'static;

    /// Appends the options of `part`: for each move, the components of the position it
    /// leaves pushed to `parts` (components without a move may be left out: their nimber is
    /// 0), then `parts.len()` pushed to `ends`.
    fn options(&self, part: &Self::Part, parts: &mut Vec<Self::Part>, ends: &mut Vec<u32>);

    /// The size of a component (its cells, its vertices): smaller components are searched
    /// first.
    fn size(&self, part: &Self::Part) -> u32;

    /// The nimber of `part` when a theorem gives it without a search (a symmetry strategy);
    /// `None` by default.
    fn known(&self, _part: &Self::Part) -> Option<u8> {
        None
    }

    /// The number of options of `part`, when it is cheap to know before listing them: the
    /// search may then stop listing as soon as the options listed answer its question
    /// ([`ComponentGame::options_while`]). `None` (the default): every option is listed.
    fn option_count(&self, _part: &Self::Part) -> Option<usize> {
        None
    }

    /// As [`ComponentGame::options`], calling `more` with each option's components as soon
    /// as they are pushed, and stopping when it answers false. The default lists every
    /// option and calls nothing (the search then looks at them after).
    fn options_while(
        &self,
        part: &Self::Part,
        parts: &mut Vec<Self::Part>,
        ends: &mut Vec<u32>,
        more: &mut dyn FnMut(&[Self::Part]) -> bool,
    ) {
        let _ = more;
        self.options(part, parts, ends)
    }

    /// Called before each question a user asks about `part` (not inside the search): a game
    /// may tabulate there, under `budget`, what lies below `part` when that is cheaper than
    /// searching it (Chomp's table of every diagram in a box), and then answer from it in
    /// [`ComponentGame::known`]. Nothing by default.
    fn prepare(&self, _part: &Self::Part, _budget: &Budget) -> Result<()> {
        Ok(())
    }

    /// Appends `part` as at most 255 bytes, for a checkpoint of the search's tables; false
    /// (the default) when the game does not write its components (its search is then not
    /// checkpointed).
    fn encode(&self, _part: &Self::Part, _out: &mut Vec<u8>) -> bool {
        false
    }

    /// The component [`ComponentGame::encode`] wrote as `bytes`, if they are one.
    fn decode(&self, _bytes: &[u8]) -> Option<Self::Part> {
        None
    }

    /// How the search asks for a component's nimber by default ([`Strategy::Aspiration`]; a
    /// game with few positions and large nimbers, as Chomp, is quicker with
    /// [`Strategy::Plain`]).
    fn strategy(&self) -> Strategy {
        Strategy::Aspiration
    }

    /// Pushes every component of at most `size` (by [`ComponentGame::size`]), each in its
    /// normal form, in any order, for an endgame database
    /// ([`crate::solve::nimber_endgame::Endgame`]); false (the default) when the game
    /// cannot list them.
    ///
    /// **Errors**: a cancellation of `budget` (looked at between sizes).
    fn components_up_to(
        &self,
        _size: u32,
        _budget: &Budget,
        _out: &mut Vec<Self::Part>,
    ) -> Result<bool> {
        Ok(false)
    }

    /// The game's name in a database file, and the largest component of the endgame
    /// database the search builds on first use ([`crate::solve::nimber_endgame`]: 0 for
    /// none); `None` (the default) when the game has no endgame database.
    fn endgame(&self) -> Option<(&'static str, u32)> {
        None
    }
}

/// A game borrowed is the same game (so a search may own its game or borrow it).
impl<G: ComponentGame + ?Sized> ComponentGame for &G {
    type Part = G::Part;

    fn options(&self, part: &Self::Part, parts: &mut Vec<Self::Part>, ends: &mut Vec<u32>) {
        (**self).options(part, parts, ends)
    }

    fn size(&self, part: &Self::Part) -> u32 {
        (**self).size(part)
    }

    fn known(&self, part: &Self::Part) -> Option<u8> {
        (**self).known(part)
    }

    fn strategy(&self) -> Strategy {
        (**self).strategy()
    }

    fn prepare(&self, part: &Self::Part, budget: &Budget) -> Result<()> {
        (**self).prepare(part, budget)
    }

    fn option_count(&self, part: &Self::Part) -> Option<usize> {
        (**self).option_count(part)
    }

    fn encode(&self, part: &Self::Part, out: &mut Vec<u8>) -> bool {
        (**self).encode(part, out)
    }

    fn decode(&self, bytes: &[u8]) -> Option<Self::Part> {
        (**self).decode(bytes)
    }

    fn components_up_to(
        &self,
        size: u32,
        budget: &Budget,
        out: &mut Vec<Self::Part>,
    ) -> Result<bool> {
        (**self).components_up_to(size, budget, out)
    }

    fn endgame(&self) -> Option<(&'static str, u32)> {
        (**self).endgame()
    }

    fn options_while(
        &self,
        part: &Self::Part,
        parts: &mut Vec<Self::Part>,
        ends: &mut Vec<u32>,
        more: &mut dyn FnMut(&[Self::Part]) -> bool,
    ) {
        (**self).options_while(part, parts, ends, more)
    }
}

/// How the top question of [`crate::solve::nimber_search::NimberSearch::nimber`] is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// `nimber_in(G, 0..=k)`: one search for the value.
    Set,
    /// `nimber_in(G, {r})` for r = 0, 1, 2...: the first round is "who wins".
    Aspiration,
    /// No pruning: every option's nimber found exactly, then their mex (the cross-check of
    /// the pruning; decomposition and the table are kept).
    Plain,
}
