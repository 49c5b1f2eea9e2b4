//! What the outcome search asks of the games ([`SumRules`]), how it values their regions
//! ([`OutcomeOptions`]) and what it counts ([`OutcomeStats`]): the words shared by the search
//! ([`crate::partizan::OutcomeSearch`]), its record of regions and the root driver.

use crate::error::Result;
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::region_search::{NamedPosition, RegionSolver};
use crate::partizan::results::ResultTable;
use crate::partizan::search::MoveBounds;
use std::fmt::Debug;
use std::hash::Hash;

/// The games a sum's regions come from, as the outcome search sees them.
pub trait SumRules {
    /// A normalised region of some game.
    type Region: Clone + Eq + Hash + Debug;

    /// The arena the known values live in.
    fn forms(&mut self) -> &mut Forms;

    /// Which game the region is of (an index: the size below which regions are valued is
    /// learnt per game).
    fn kind(&self, region: &Self::Region) -> usize;

    /// How big the region is (empty cells, stones...).
    fn size(&self, region: &Self::Region) -> usize;

    /// The region's value when its rules know it is an integer without a search.
    fn integer(&self, region: &Self::Region) -> Option<i64>;

    /// The options of Left (`left`) or Right in the region, each split into normalised regions
    /// (with `true` for a region standing for the negative of the stored one).
    fn options(&self, region: &Self::Region, left: bool, out: &mut Vec<RegionList<Self::Region>>);

    /// Bounds on the moves of the region, when its rules know them (see [`MoveBounds`]).
    fn move_bounds(&self, _region: &Self::Region) -> Option<MoveBounds> {
        None
    }

    /// How many moves Left (`left`) or Right has in the region.
    fn move_count(&self, region: &Self::Region, left: bool) -> usize {
        let mut out = Vec::new();
        self.options(region, left, &mut out);
        out.len()
    }

    /// The region's canonical form if the value engine finds it storing at most `max_new`
    /// new positions.
    fn value_within(&mut self, region: &Self::Region, max_new: usize) -> Result<Option<GameId>>;

    /// The region's game's own outcome search, when it has one (Domineering's bitboard
    /// search): the search hands it every sum of that region alone beside an integer.
    fn solver(&self, _region: &Self::Region) -> Option<Box<dyn RegionSolver>> {
        None
    }

    /// The normalised regions of a position of `region`'s game that its own search named
    /// ([`RegionSolver::winning_move`]), or `None` when it is not one of the game's positions.
    fn split_named(
        &self,
        _region: &Self::Region,
        _named: NamedPosition,
    ) -> Option<RegionList<Self::Region>> {
        None
    }

    /// The table the games' own searches store their results in, once one has run (its
    /// results are saved and read back with the search's own, [`crate::partizan::OutcomeSearch::write_table`]).
    fn results(&self) -> Option<&ResultTable> {
        None
    }

    /// The table of [`Self::results`], made now if none is yet.
    fn results_or_new(&mut self) -> Option<&ResultTable> {
        None
    }
}

/// The regions one option leaves (`true`: a negated region).
pub type RegionList<R> = Vec<(R, bool)>;

/// How the search values regions.
#[derive(Clone, Copy, Debug)]
pub struct OutcomeOptions {
    /// The size (of [`SumRules::size`]) up to which regions are valued when first met;
    /// lowered per game each time a region of that game does not fit (bigger regions are
    /// valued when met often).
    pub value_size: usize,
    /// How many new positions the value engine may store for one region.
    pub value_states: usize,
    /// The same for each part of a sum of several given to [`crate::partizan::OutcomeSearch::root_sum`] (the
    /// root's parts, valued once), and the most for a region the search meets often.
    pub root_value_states: usize,
    /// The most comparisons a region's value may cost to fold into its sum's known value:
    /// the product of their sizes ([`Forms::size_within`]). A region past it stays a value of
    /// its own ([`crate::partizan::outcome::SearchSum::values`]), searched by its canonical options.
    /// Default 256: a sum of many hot parts (Toppling Dominoes rows) folded at 4,096 spent 96%
    /// of its time adding forms that grow with each part (nine rows: 4.7 s, against 0.29 s at
    /// 256); at 16 a Clobber sum took three times as long.
    pub fold_work: usize,
    /// The entries of the transposition table (`None`: the budget's state limit).
    pub table_entries: Option<usize>,
}

impl Default for OutcomeOptions {
    fn default() -> Self {
        OutcomeOptions {
            value_size: 8,
            value_states: 4096,
            root_value_states: 1 << 18,
            fold_work: 1 << 8,
            table_entries: None,
        }
    }
}

/// The counters of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutcomeStats {
    /// Sums searched (nodes).
    pub nodes: u64,
    /// Regions replaced by their canonical forms.
    pub valued: u64,
    /// Transposition-table hits.
    pub hits: u64,
    /// Sums decided by the parts' move bounds.
    pub bounded: u64,
    /// Sums of valued parts too big to fold, decided by their stops
    /// ([`crate::partizan::outcome::SearchSum::values`]).
    pub by_stops: u64,
    /// Entries the table holds.
    pub stored: u64,
    /// Entries the games' own searches' table holds ([`SumRules::results`]; one table may be
    /// shared by the searches of several threads).
    pub results: u64,
}
