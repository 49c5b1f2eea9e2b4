//! What the outcome search knows of the regions it meets ([`RegionRecord`]): each one's move
//! counts and bounds, and its canonical form when the value engine finds it, learning per game
//! how big a region is worth valuing and trying the often-met ones again. A cache, emptied when
//! full (what it held is found again; valued regions stay in the value engine's table).

use crate::budget::Budget;
use crate::error::Result;
use crate::memory::Grow;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::GameId;
use crate::partizan::search::MoveBounds;
use crate::partizan::sum_rules::{OutcomeOptions, OutcomeStats, SumRules};
use rustc_hash::FxHashMap;

/// What the search knows of a region.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegionInfo {
    /// Its canonical form, when valued.
    pub(crate) value: Option<GameId>,
    /// Whether the value engine was tried on it.
    pub(crate) tried: bool,
    /// Left's and Right's move counts (of the region, not negated).
    pub(crate) moves: [u32; 2],
    /// Safe, vulnerable and most moves, when known.
    pub(crate) bounds: Option<MoveBounds>,
    /// The search's visits to sums holding it, while it is not valued
    /// ([`RegionRecord::visit`]).
    pub(crate) visits: u32,
}

/// The value engine's budget for a region the search has visited often, per visit
/// ([`RegionRecord::visit`]).
const VISIT_STATES: usize = 16;

/// What a call on the record uses of the search: its options, its counters, its budget.
pub(crate) struct RegionSearch<'a> {
    pub(crate) options: &'a OutcomeOptions,
    pub(crate) stats: &'a mut OutcomeStats,
    pub(crate) budget: &'a Budget,
}

/// The regions the search has met, and per game the size up to which it values them.
pub(crate) struct RegionRecord<R> {
    map: FxHashMap<R, RegionInfo>,
    /// Per game: the size up to which regions are tried by the value engine.
    value_size: Vec<usize>,
    /// Whether the regions being valued are the parts of a sum given to
    /// [`crate::partizan::OutcomeSearch::root_sum`].
    pub(crate) valuing_root: bool,
}

impl<R> Default for RegionRecord<R> {
    fn default() -> Self {
        RegionRecord {
            map: FxHashMap::default(),
            value_size: Vec::new(),
            valuing_root: false,
        }
    }
}

impl<R: Clone + Eq + std::hash::Hash> RegionRecord<R> {
    /// What is known of `region`, if it was met.
    pub(crate) fn get(&self, region: &R) -> Option<&RegionInfo> {
        self.map.get(region)
    }

    /// What the search knows of a region, valuing it when small enough.
    pub(crate) fn info<S: SumRules<Region = R>>(
        &mut self,
        rules: &mut S,
        region: &R,
        try_value: bool,
        search: &mut RegionSearch<'_>,
    ) -> Result<RegionInfo> {
        let known = self.map.get(region).copied();
        if let Some(info) = known {
            if info.tried || !try_value {
                return Ok(info);
            }
        }
        let kind = rules.kind(region);
        if self.value_size.len() <= kind {
            self.value_size.resize(kind + 1, search.options.value_size);
        }
        let (moves, bounds) = match known {
            Some(info) => (info.moves, info.bounds),
            None => (
                [
                    rules.move_count(region, true) as u32,
                    rules.move_count(region, false) as u32,
                ],
                rules.move_bounds(region),
            ),
        };
        let value = match rules.integer(region) {
            Some(n) => Some(rules.forms().number(Dyadic::integer(n)?)?),
            // a game with move bounds is decided by them, which a known value that is not
            // an integer would switch off: its regions are not valued
            None if try_value && bounds.is_none() => {
                self.value_learning(rules, region, kind, search)?
            }
            None => None,
        };
        let info = RegionInfo {
            value,
            tried: try_value,
            moves,
            bounds,
            visits: known.map_or(0, |i| i.visits),
        };
        match self.map.get_mut(region) {
            // (a region met before is updated in place: no growth)
            Some(known) => *known = info,
            None => {
                let cancel = search.budget.cancel();
                self.make_room(Self::cap(search.budget), |bytes| cancel.fits(bytes));
                search
                    .budget
                    .room(&mut self.map, || "the search's record of regions".into())?;
                self.map.insert(region.clone(), info);
            }
        }
        Ok(info)
    }

    /// The canonical form of a region met for the first time, when the value engine finds it
    /// within the budget, learning per game how big a region it values: a region bigger than
    /// the learnt size is not valued, only looked up (a position the value engine has met
    /// valuing another), and one that does not fit lowers it. (Bigger ones are valued when
    /// the search meets them often, [`Self::visit`].) The parts of the sum given to
    /// [`crate::partizan::OutcomeSearch::root_sum`] are all tried, with a bigger budget.
    fn value_learning<S: SumRules<Region = R>>(
        &mut self,
        rules: &mut S,
        region: &R,
        kind: usize,
        search: &mut RegionSearch<'_>,
    ) -> Result<Option<GameId>> {
        let size = rules.size(region);
        let small = size <= self.value_size[kind];
        if !small && !self.valuing_root {
            // only when the value engine has it already (a position of a part it valued)
            let v = rules.value_within(region, 0)?;
            search.stats.valued += u64::from(v.is_some());
            return Ok(v);
        }
        let budget = if self.valuing_root {
            search.options.root_value_states
        } else {
            search.options.value_states
        };
        let v = rules.value_within(region, budget)?;
        if v.is_some() {
            search.stats.valued += 1;
        } else if small {
            // regions this big do not fit: try only smaller ones from now on
            self.value_size[kind] = size.saturating_sub(1);
        }
        Ok(v)
    }

    /// A visit of the search to a sum holding `region`: the region's value when it is found
    /// now. A region met for the first time is tried as [`Self::value_learning`] says; one
    /// not valued is tried again at its 4th, 16th, 64th... visit, with a budget of
    /// [`VISIT_STATES`] per visit (up to [`OutcomeOptions::root_value_states`]), so that the
    /// value engine's work on regions that do not fit stays within a constant times the
    /// search's on them.
    pub(crate) fn visit<S: SumRules<Region = R>>(
        &mut self,
        rules: &mut S,
        region: &R,
        search: &mut RegionSearch<'_>,
    ) -> Result<Option<GameId>> {
        let Some(info) = self.map.get_mut(region).filter(|i| i.tried) else {
            return Ok(self.info(rules, region, true, search)?.value);
        };
        if info.value.is_some() || info.bounds.is_some() {
            return Ok(None);
        }
        info.visits = info.visits.saturating_add(1);
        let visits = info.visits;
        if visits < 4 || !visits.is_power_of_two() || visits.trailing_zeros() % 2 != 0 {
            return Ok(None);
        }
        let budget = (visits as usize).saturating_mul(VISIT_STATES).min(
            search
                .options
                .root_value_states
                .max(search.options.value_states),
        );
        let v = rules.value_within(region, budget)?;
        if v.is_some() {
            search.stats.valued += 1;
            if let Some(info) = self.map.get_mut(region) {
                info.value = v;
            }
        }
        Ok(v)
    }

    /// Makes room for a new region: a cache, emptied when it holds `cap` regions or when its
    /// growth would not fit the memory limit (`fits`: the limit is for the work that is
    /// needed, not for a cache); what it held is found again, and valued regions stay in the
    /// value engine's table. O(1), or O(regions held) when emptied.
    fn make_room(&mut self, cap: usize, fits: impl FnOnce(u64) -> bool) {
        if self.map.len() >= cap || (!self.map.has_room() && !fits(self.map.growth_bytes())) {
            self.map.clear();
        }
    }

    /// The most regions the search keeps what it knows of: a quarter of the budget's states
    /// (a region's record is several times an entry of the table).
    fn cap(budget: &Budget) -> usize {
        (budget.max_states() / 4).max(4096)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> RegionInfo {
        RegionInfo {
            value: None,
            tried: false,
            moves: [0, 0],
            bounds: None,
            visits: 0,
        }
    }

    #[test]
    fn the_record_empties_itself_when_its_growth_would_not_fit_the_memory_limit() {
        let mut record = RegionRecord::<u64>::default();
        let limit = 1 << 20;
        let (mut emptied, mut most) = (0, 0);
        for region in 0..200_000u64 {
            let before = record.map.len();
            record.make_room(usize::MAX, |bytes| bytes <= limit);
            emptied += usize::from(record.map.len() < before);
            record.map.insert(region, info());
            most = most.max(record.map.len());
            // never grown past what fits (its allocation is half its next growth's)
            assert!(record.map.growth_bytes() <= 2 * limit);
        }
        assert!(emptied > 0, "never emptied");
        assert!(most < 200_000 && most > 1_000, "held at most {most}");
        // without a memory limit, the cap alone empties it
        let mut record = RegionRecord::<u64>::default();
        for region in 0..10_000u64 {
            record.make_room(4096, |_| true);
            record.map.insert(region, info());
            assert!(record.map.len() <= 4096);
        }
        assert_eq!(record.map.len(), 10_000 - 2 * 4096);
    }
}
