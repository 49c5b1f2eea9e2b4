//! Who wins a partizan sum, without its canonical form: a negamax search on "the player to
//! move wins" with the theory inside (Siegel, *Combinatorial Game Theory*, ch. II; the
//! solvers of Domineering and MCGS work this way).
//!
//! - A sum is a multiset of independent **regions** (each normalised by its game: symmetric
//!   regions are one, a region may stand for the negative of a stored one), the **values** of
//!   parts valued but too big to fold, and one **known value**, the canonical form of
//!   everything else.
//! - A region small enough (below a size learnt per game, and within a cap of new positions)
//!   is valued by the value engine and folded into the known value while the fold stays
//!   cheap; otherwise it stays a value of its own, searched by its canonical options (the
//!   simplest game equal to it, as MCGS searches its components). A region and its negative
//!   cancel (G - G = 0), and so do a value and its negative; a sum of values alone is decided
//!   by its stops where they decide, and by comparing with 0 once one known value is left.
//! - Equal sums share one entry of a bounded transposition table (a 112-bit key: the multiset
//!   hash of the regions, the values, the known value and the player to move), replaced by
//!   least work.
//! - Moves are tried in order: first those that leave the opponent a sum the table knows is
//!   lost, then the moves in the values and the known value, the hottest first (by
//!   temperature), then those leaving the opponent the fewest moves and the mover the most
//!   (the mobility ordering of Domineering's solvers).
//!
//! Over the catalog's games the application layer holds the search as `TermSearch` (in
//! `app::partizan_solve`, whose documentation has an example); `grundy solve` adds threads,
//! the games' own searches and the winning moves there.

use crate::budget::Budget;
use crate::error::Result;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::form_facts::FormFacts;
use crate::partizan::forms::GameId;
use crate::partizan::hash::{hash128, mix};
use crate::partizan::regions::{RegionInfo, RegionRecord, RegionSearch};
use crate::partizan::results::ResultTable;
use crate::partizan::search::BoundTotals;
pub use crate::partizan::sum_rules::{OutcomeOptions, OutcomeStats, RegionList, SumRules};
use crate::partizan::sum_table::{SumTable, BUCKET, TABLE_ENTRY_BYTES};
use std::fmt::Debug;

/// The part of a sum of one region beside an integer, the integer, and the region's game's
/// own search.
type OwnSearch<'a, R> = (&'a Part<R>, i64, Box<dyn crate::partizan::RegionSolver>);

/// Whether the player to move wins a sum, and the regions her winning move named by a
/// game's own search leaves in place of the searched region
/// ([`OutcomeSearch::winning_move`]).
pub type NamedMove<R> = (bool, Option<RegionList<R>>);

/// A part of a sum the search has not valued: a region, negated or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part<R> {
    /// The normalised region.
    pub region: R,
    /// Whether the part is the region's negative.
    pub negated: bool,
    /// Its hash (128 bits, of the region and the negation).
    hash: u128,
}

/// A sum as the search holds it: the regions not valued, the valued parts too big to fold,
/// and the sum of the rest.
#[derive(Clone, Debug)]
pub struct SearchSum<R> {
    /// The parts not valued.
    pub parts: Vec<Part<R>>,
    /// The canonical forms of parts valued but not folded into `known` (past
    /// [`OutcomeOptions::fold_work`]), each as it stands in the sum (negated when the part
    /// is): searched by their canonical options, the simplest game equal to each part
    /// (undominated options, reversible ones bypassed), as MCGS searches its components.
    pub values: Vec<GameId>,
    /// The canonical form of everything else.
    pub known: GameId,
}

/// The ordering score of the first move in a valued part ([`OutcomeSearch::value_moves`]):
/// before the regions' moves.
const VALUE_MOVES: i64 = i64::MIN / 2;

/// A search for who wins sums of one [`SumRules`].
pub struct OutcomeSearch<S: SumRules> {
    /// The games.
    pub rules: S,
    options: OutcomeOptions,
    budget: Budget,
    table: SumTable,
    /// What the search knows of the regions it met.
    record: RegionRecord<S::Region>,
    /// The forms' sizes and structural hashes, counted once each.
    facts: FormFacts,
    /// Whether the results go to the games' own searches' table ([`Self::share_table`]).
    shared: bool,
    stats: OutcomeStats,
    scratch: Vec<Vec<RegionList<S::Region>>>,
    /// Called now and then while the search runs (see [`Self::watch`]).
    watcher: Option<Watcher<S>>,
}

/// What [`OutcomeSearch::watch`] calls, and how often.
struct Watcher<S: SumRules> {
    every: std::time::Duration,
    last: std::time::Instant,
    call: WatchFn<S>,
}

/// A function called now and then with the search (to save its table, report progress).
pub type WatchFn<S> = Box<dyn FnMut(&OutcomeSearch<S>) -> Result<()>>;

/// One move of a sum, as the search orders it.
struct Child<R> {
    sum: SearchSum<R>,
    /// The opponent's moves minus the mover's, after it (fewest first).
    score: i64,
}

impl<S: SumRules> OutcomeSearch<S> {
    /// A search whose table holds about `budget.max_states()` results (16 bytes each) and
    /// whose record of regions (a cache, emptied when full) holds a quarter as many; the flag
    /// of `budget` stops it ([`crate::error::GrundyError::Cancelled`]).
    pub fn new(rules: S, budget: impl Into<Budget>, options: OutcomeOptions) -> Self {
        let budget: Budget = budget.into();
        OutcomeSearch {
            rules,
            options,
            table: SumTable::new(
                options
                    .table_entries
                    .unwrap_or(budget.table_entries(TABLE_ENTRY_BYTES, usize::MAX))
                    .max(BUCKET),
            ),
            budget,
            record: RegionRecord::default(),
            facts: FormFacts::default(),
            shared: false,
            stats: OutcomeStats::default(),
            scratch: Vec::new(),
            watcher: None,
        }
    }

    /// Sizes the transposition table, before its first result, for a question whose sums
    /// number at most `positions` ([`Budget::table_entries`]; not when
    /// [`OutcomeOptions::table_entries`] sets the size): a small board takes a small table.
    pub fn expect_positions(&mut self, positions: usize) {
        if self.options.table_entries.is_none() && self.table.is_empty() {
            self.table = SumTable::new(
                self.budget
                    .table_entries(TABLE_ENTRY_BYTES, positions)
                    .max(BUCKET),
            );
        }
    }

    /// Calls `call` with the search about every `every` while it runs (checked every few
    /// thousand nodes): to save its table ([`Self::write_table`]) or report its progress. An
    /// error of `call` stops the search with that error.
    pub fn watch(&mut self, every: std::time::Duration, call: WatchFn<S>) {
        self.watcher = Some(Watcher {
            every,
            last: std::time::Instant::now(),
            call,
        });
    }

    /// Stops calling the function given to [`Self::watch`].
    pub fn unwatch(&mut self) {
        self.watcher = None;
    }

    /// The entries the transposition table and the games' own searches' table can hold.
    pub fn table_capacity(&self) -> usize {
        self.table.capacity() + self.rules.results().map_or(0, ResultTable::capacity)
    }

    /// Writes the transposition table's results (16 bytes each, after their count), then
    /// the games' own searches' ([`SumRules::results`], in blocks of 24 bytes a result:
    /// [`ResultTable::write_to`]): every result in them is proved, so tables saved at any
    /// moment of a search are sound to read back ([`Self::read_table`]) in a later run of the
    /// same binary. Returns how many were written.
    pub fn write_table(&self, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
        let written = self.table.write_to(out)?;
        Ok(written + write_results(self.rules.results(), out)?)
    }

    /// Reads back results written by [`Self::write_table`] into the tables (of any size: each
    /// goes to its bucket, replacing by work as a search does). Returns how many were read.
    pub fn read_table(&mut self, input: &mut dyn std::io::Read) -> std::io::Result<u64> {
        let own = self.table.read_from(input)?;
        let mut word = [0u8; 8];
        input.read_exact(&mut word)?;
        let count = u64::from_le_bytes(word);
        if count == 0 {
            return Ok(own);
        }
        let Some(results) = self.rules.results_or_new() else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "results of a game search these games do not have",
            ));
        };
        // the count again, then the results
        let mut rest = std::io::Read::chain(&word[..], input);
        Ok(own + results.read_from(&mut rest)?)
    }

    /// The counters so far.
    pub fn stats(&self) -> OutcomeStats {
        OutcomeStats {
            stored: self.table.stored(),
            results: self.rules.results().map_or(0, ResultTable::stored),
            ..self.stats
        }
    }

    /// A sum of `known` and the regions `parts` (each normalised, `true` for a negated one),
    /// with the regions the search values (those small enough for their game, and those the
    /// value engine has met already) added as values.
    pub fn sum(
        &mut self,
        parts: Vec<(S::Region, bool)>,
        known: GameId,
    ) -> Result<SearchSum<S::Region>> {
        let mut sum = SearchSum {
            parts: Vec::with_capacity(parts.len()),
            values: Vec::new(),
            known,
        };
        for (region, negated) in parts {
            self.add_part(&mut sum, region, negated, true)?;
        }
        Ok(sum)
    }

    /// [`Self::sum`] for the sum a search starts from: the parts of a sum of several are each
    /// valued with the bigger budget [`OutcomeOptions::root_value_states`], once (the search
    /// has no better use for the time than to make them values; a region alone is the whole
    /// question, and its own search's). The positions the root's moves leave are then
    /// [`Self::sum`]s: their parts are the root's, or positions of them the value engine has
    /// met while valuing them.
    pub fn root_sum(
        &mut self,
        parts: Vec<(S::Region, bool)>,
        known: GameId,
    ) -> Result<SearchSum<S::Region>> {
        self.record.valuing_root = parts.len() >= 2;
        let sum = self.sum(parts, known);
        self.record.valuing_root = false;
        sum
    }

    /// Adds one region to a sum: as its value when valued ([`Self::add_value`]), cancelled
    /// against its negative when the sum holds it, kept otherwise.
    fn add_part(
        &mut self,
        sum: &mut SearchSum<S::Region>,
        region: S::Region,
        negated: bool,
        try_value: bool,
    ) -> Result<()> {
        let info = self.info(&region, try_value)?;
        if let Some(v) = info.value {
            let v = if negated {
                self.rules.forms().neg(v)
            } else {
                v
            };
            return self.add_value(sum, v);
        }
        if let Some(i) = sum
            .parts
            .iter()
            .position(|p| p.negated != negated && p.region == region)
        {
            sum.parts.swap_remove(i);
            return Ok(());
        }
        // a region and its negative hash independently (G - H and H - G differ)
        let hash = hash128(&(&region, negated), 0x5eed);
        sum.parts.push(Part {
            region,
            negated,
            hash,
        });
        Ok(())
    }

    /// Adds a canonical form to a sum: folded into the known value when
    /// [`Self::foldable`], cancelled against its negative among the sum's values, folded into
    /// one of them when small enough (and the result added again), kept as a value otherwise.
    fn add_value(&mut self, sum: &mut SearchSum<S::Region>, mut v: GameId) -> Result<()> {
        loop {
            if self.foldable(sum.known, v) {
                sum.known = self.rules.forms().add(sum.known, v)?;
                return Ok(());
            }
            let negative = self.rules.forms().neg(v);
            if let Some(i) = sum.values.iter().position(|&w| w == negative) {
                sum.values.swap_remove(i);
                return Ok(());
            }
            let Some(i) = (0..sum.values.len()).find(|&i| self.foldable(sum.values[i], v)) else {
                sum.values.push(v);
                return Ok(());
            };
            let w = sum.values.swap_remove(i);
            v = self.rules.forms().add(w, v)?;
        }
    }

    /// Whether a valued region is folded into the known value `known` of its sum: when
    /// either is a number, or the product of their sizes is at most
    /// [`OutcomeOptions::fold_work`]. The canonical form of a sum of two hot games costs up to
    /// about that product in comparisons, and grows with it; a region not folded is searched
    /// by its moves.
    fn foldable(&mut self, known: GameId, v: GameId) -> bool {
        let forms = self.rules.forms();
        if forms.as_number(known).is_some() || forms.as_number(v).is_some() {
            return true;
        }
        self.form_size(known) * self.form_size(v) <= self.options.fold_work
    }

    /// [`FormFacts::size`] of `g`, counted up to [`OutcomeOptions::fold_work`].
    fn form_size(&mut self, g: GameId) -> usize {
        let cap = self.options.fold_work.min(u32::MAX as usize - 1);
        self.facts.size(self.rules.forms(), g, cap)
    }

    /// What the search knows of a region, valuing it when small enough
    /// ([`RegionRecord::info`]).
    fn info(&mut self, region: &S::Region, try_value: bool) -> Result<RegionInfo> {
        let mut search = RegionSearch {
            options: &self.options,
            stats: &mut self.stats,
            budget: &self.budget,
        };
        self.record
            .info(&mut self.rules, region, try_value, &mut search)
    }

    /// A visit of the search to a sum holding `region` ([`RegionRecord::visit`]).
    fn visit(&mut self, region: &S::Region) -> Result<Option<GameId>> {
        let mut search = RegionSearch {
            options: &self.options,
            stats: &mut self.stats,
            budget: &self.budget,
        };
        self.record.visit(&mut self.rules, region, &mut search)
    }

    /// The key of a sum with `left` to move. The known value enters by the hash of its
    /// canonical form's structure, not its place in the arena, so that keys mean the same in
    /// every run (a saved table is read back by another process).
    fn key(&mut self, sum: &SearchSum<S::Region>, left: bool) -> u128 {
        let mut key = hash128(&(self.value_hash(sum.known), left), 0xca11);
        for p in &sum.parts {
            key = key.wrapping_add(p.hash);
        }
        for &v in &sum.values {
            let h = self.value_hash(v);
            key = key.wrapping_add(u128::from(mix(h ^ 0x7a15)) << 64 | u128::from(mix(h ^ 0x0f0f)));
        }
        key
    }

    /// [`FormFacts::hash`] of `g`: the same in every arena, so tables saved in one run read
    /// back in another.
    fn value_hash(&mut self, g: GameId) -> u64 {
        self.facts.hash(self.rules.forms(), g)
    }

    /// Whether the player to move (Left when `left`) wins the sum.
    ///
    /// **Complexity**: exponential in the worst case, as any game search; each distinct sum
    /// is searched once while the table keeps it.
    pub fn wins(&mut self, sum: &SearchSum<S::Region>, left: bool) -> Result<bool> {
        let mut work = 0;
        let wins = self.search(sum, left, &mut work)?;
        // an arena past its budget (a nimber's options beyond it) fails here, never silently
        self.rules.forms().status()?;
        Ok(wins)
    }

    /// Who wins a sum of known values alone (`None` while it has regions): by comparing the
    /// known value with 0 when it is all, otherwise by the stops when they decide (Siegel,
    /// CGT II.3: RS(G) + RS(H) <= RS(G + H) <= RS(G) + LS(H) <= LS(G + H) <= LS(G) + LS(H);
    /// LS(G) > 0 means Left wins moving first, LS(G) < 0 that G < 0, and symmetrically),
    /// else `None`: the values are searched by their options.
    fn decided(&mut self, sum: &SearchSum<S::Region>, left: bool) -> Option<bool> {
        if !sum.parts.is_empty() {
            return None;
        }
        if sum.values.is_empty() {
            return Some(self.decide(sum.known, left));
        }
        let forms = self.rules.forms();
        // the sums of the left and right stops, and the widest gap LS - RS of one part
        let (mut ls, mut rs) = forms.stops(sum.known);
        let mut gap = ls.checked_sub(rs).ok()?;
        for &v in &sum.values {
            let (l, r) = forms.stops(v);
            ls = ls.checked_add(l).ok()?;
            rs = rs.checked_add(r).ok()?;
            gap = gap.max(l.checked_sub(r).ok()?);
        }
        let zero = Dyadic::integer(0).ok()?;
        let wins = if left {
            // LS(sum) lies between rs + gap and ls
            if rs.checked_add(gap).ok()? > zero {
                Some(true)
            } else {
                (ls < zero).then_some(false)
            }
        } else if ls.checked_sub(gap).ok()? < zero {
            // RS(sum) lies between rs and ls - gap
            Some(true)
        } else {
            (rs > zero).then_some(false)
        };
        self.stats.by_stops += u64::from(wins.is_some());
        wins
    }

    fn decide(&mut self, known: GameId, left: bool) -> bool {
        let forms = self.rules.forms();
        let zero = forms.zero();
        // the player to move wins unless the value is <= 0 (Left) or >= 0 (Right)
        if left {
            !forms.leq(known, zero)
        } else {
            !forms.leq(zero, known)
        }
    }

    fn search(&mut self, sum: &SearchSum<S::Region>, left: bool, work: &mut u64) -> Result<bool> {
        *work += 1;
        self.stats.nodes += 1;
        if self.stats.nodes & 0xfff == 0 {
            self.tick()?;
        }
        if let Some(wins) = self.decided(sum, left) {
            return Ok(wins);
        }
        if let Some(wins) = self.by_solver(sum, left, work)? {
            return Ok(wins);
        }
        // the regions met for the first time are valued now that the sum is searched
        let mut folded = None;
        for p in &sum.parts {
            let value = self.visit(&p.region)?;
            if value.is_some() {
                let mut f = SearchSum {
                    parts: Vec::with_capacity(sum.parts.len()),
                    values: sum.values.clone(),
                    known: sum.known,
                };
                for q in &sum.parts {
                    self.add_part(&mut f, q.region.clone(), q.negated, true)?;
                }
                folded = Some(f);
                break;
            }
        }
        if let Some(f) = folded {
            let outer = self.key(sum, left);
            if let Some(wins) = self.lookup(outer) {
                self.stats.hits += 1;
                return Ok(wins);
            }
            let wins = self.search(&f, left, work)?;
            self.store(outer, wins, *work);
            return Ok(wins);
        }
        if let Some(wins) = self.by_bounds(sum, left) {
            self.stats.bounded += 1;
            return Ok(wins);
        }
        let key = self.key(sum, left);
        if let Some(wins) = self.lookup(key) {
            self.stats.hits += 1;
            return Ok(wins);
        }
        let mut children = self.children(sum, left)?;
        // a move to a sum the table knows the opponent loses wins at once
        let mut wins = false;
        for child in &children {
            let opponent_loses = match self.decided(&child.sum, !left) {
                Some(wins) => !wins,
                None => {
                    let k = self.key(&child.sum, !left);
                    self.lookup(k) == Some(false)
                }
            };
            if opponent_loses {
                wins = true;
                break;
            }
        }
        if !wins {
            children.sort_by_key(|c| c.score);
            let mut inner = 0;
            for child in &children {
                let opponent_wins = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                    self.search(&child.sum, !left, &mut inner)
                })?;
                if !opponent_wins {
                    wins = true;
                    break;
                }
            }
            *work += inner;
        }
        self.store(key, wins, *work);
        Ok(wins)
    }

    /// Makes the search keep its results in the games' own searches' table
    /// ([`SumRules::results`], made now if none is yet), which the searches of other threads
    /// may share: a sum one thread proves is known to all. (Its own table is then unused.)
    pub fn share_table(&mut self) {
        self.shared = self.rules.results_or_new().is_some();
        if self.shared {
            self.table = SumTable::new(BUCKET);
        }
    }

    /// The result the table holds for the sum of key `key`.
    fn lookup(&self, key: u128) -> Option<bool> {
        match self.rules.results().filter(|_| self.shared) {
            Some(results) => results.get(&SumTable::shared_key(key)),
            None => self.table.get(key),
        }
    }

    /// Stores a proved result, found by searching `work` sums.
    fn store(&mut self, key: u128, wins: bool, work: u64) {
        match self.rules.results().filter(|_| self.shared) {
            Some(results) => results.put(&SumTable::shared_key(key), wins, work),
            None => self.table.put(key, wins, work),
        }
    }

    /// Every few thousand positions: the budget's flag, the arena's fault and the watcher.
    fn tick(&mut self) -> Result<()> {
        self.budget.check()?;
        self.rules.forms().status()?;
        if self
            .watcher
            .as_ref()
            .is_some_and(|w| w.last.elapsed() >= w.every)
        {
            let mut watcher = self.watcher.take().expect("a watcher");
            let called = (watcher.call)(self);
            watcher.last = std::time::Instant::now();
            self.watcher = Some(watcher);
            called?;
        }
        Ok(())
    }

    /// The part, the integer beside it and its game's own search, for a sum of one region
    /// beside an integer whose game has one ([`SumRules::solver`]).
    fn own_search<'a>(
        &mut self,
        sum: &'a SearchSum<S::Region>,
    ) -> Option<OwnSearch<'a, S::Region>> {
        let ([part], []) = (&sum.parts[..], &sum.values[..]) else {
            return None;
        };
        let n = self.rules.forms().as_number(sum.known)?;
        if !n.is_integer() {
            return None;
        }
        Some((part, n.numerator(), self.rules.solver(&part.region)?))
    }

    /// Counts `nodes` positions of a game's own search, with the checks of every 4096
    /// positions ([`Self::tick`]) for them too.
    fn count_solver_nodes(&mut self, nodes: u64) -> Result<()> {
        let before = self.stats.nodes;
        self.stats.nodes += nodes;
        if before >> 12 != self.stats.nodes >> 12 {
            self.tick()?;
        }
        Ok(())
    }

    /// Who wins a sum of one region and an integer, by the region's game's own search when it
    /// has one ([`SumRules::solver`]).
    fn by_solver(
        &mut self,
        sum: &SearchSum<S::Region>,
        left: bool,
        work: &mut u64,
    ) -> Result<Option<bool>> {
        let Some((part, n, mut solver)) = self.own_search(sum) else {
            return Ok(None);
        };
        let wins = solver.wins(part.negated, n, left, &mut |nodes| {
            *work += nodes;
            self.count_solver_nodes(nodes)
        })?;
        Ok(Some(wins))
    }

    /// For a sum of one region beside an integer whose game has its own search
    /// ([`SumRules::solver`]): whether the player to move (Left when `left`) wins, and if so
    /// the regions her first winning move in that search's order leaves in place of the
    /// region (each normalised, `true` when it stands in the sum negated;
    /// [`crate::partizan::RegionSolver::winning_move`]; `None` when the search names no move:
    /// one in the integer). `None` for any other sum.
    ///
    /// **Complexity**: that of [`Self::wins`] of the sum.
    pub fn winning_move(
        &mut self,
        sum: &SearchSum<S::Region>,
        left: bool,
    ) -> Result<Option<NamedMove<S::Region>>> {
        let Some((part, n, mut solver)) = self.own_search(sum) else {
            return Ok(None);
        };
        let (wins, named) = solver.winning_move(part.negated, n, left, &mut |nodes| {
            self.count_solver_nodes(nodes)
        })?;
        drop(solver);
        self.rules.forms().status()?;
        let regions = named
            .and_then(|p| self.rules.split_named(&part.region, p))
            .map(|regions| {
                regions
                    .into_iter()
                    .map(|(r, negated)| (r, negated != part.negated))
                    .collect()
            });
        Ok(Some((wins, regions)))
    }

    /// For a sum of one region beside an integer whose game has its own search: whether the
    /// player to move (Left when `left`) wins, by that search with its table (no move named:
    /// a search naming its root's move searches every root move in its order whatever the
    /// table knows, [`Self::winning_move`]). `None` for any other sum.
    ///
    /// **Complexity**: that of [`Self::wins`] of the sum, or one lookup when the table has it.
    pub fn own_wins(&mut self, sum: &SearchSum<S::Region>, left: bool) -> Result<Option<bool>> {
        let mut work = 0;
        let wins = self.by_solver(sum, left, &mut work)?;
        self.rules.forms().status()?;
        Ok(wins)
    }

    /// Who wins by the move bounds of the parts ([`BoundTotals::decide`]), when every part has
    /// them and the known value is an integer (n > 0 is n free moves of Left's).
    fn by_bounds(&mut self, sum: &SearchSum<S::Region>, left: bool) -> Option<bool> {
        self.guaranteed(sum)?.decide(left)
    }

    /// The move bounds of the parts summed, when every part has bounds and the known value is
    /// an integer.
    fn guaranteed(&mut self, sum: &SearchSum<S::Region>) -> Option<BoundTotals> {
        if !sum.values.is_empty() {
            return None;
        }
        let n = self.rules.forms().as_number(sum.known)?;
        if !n.is_integer() {
            return None;
        }
        let mut totals = BoundTotals::default();
        totals.add_integer(n.numerator());
        for p in &sum.parts {
            let b = self.record.get(&p.region)?.bounds?;
            totals.add(&b, p.negated);
        }
        Some(totals)
    }

    /// How promising a move of the mover (Left when `mover_left`) is, by the sum it leaves
    /// (the opponent to move): lower first. A move to a sum the table or the known value says
    /// the opponent loses comes first; then by the move bounds, then by mobility (the
    /// opponent's moves fewest, the mover's most), as the search orders its own moves, and
    /// then by the opponent's moves alone.
    pub fn move_order(&mut self, child: &SearchSum<S::Region>, mover_left: bool) -> Result<i64> {
        if let Some(wins) = self.decided(child, !mover_left) {
            return Ok(if wins { i64::MAX } else { i64::MIN });
        }
        let key = self.key(child, !mover_left);
        if self.lookup(key) == Some(false) {
            return Ok(i64::MIN);
        }
        let side = |negated: bool| usize::from(mover_left == negated);
        let (mut mine, mut theirs) = (0i64, 0i64);
        for p in &child.parts {
            let moves = self.info(&p.region, false)?.moves;
            mine += i64::from(moves[side(p.negated)]);
            theirs += i64::from(moves[1 - side(p.negated)]);
        }
        Ok(match self.guaranteed(child) {
            Some(totals) => totals.deficit(mover_left) * 1024 + theirs - mine,
            // ties (every move of Clobber leaves both players as many moves) to the move
            // leaving the opponent fewest
            None => (theirs - mine) * 1024 + theirs,
        })
    }

    /// The sums a move of `left` leaves, with their ordering scores.
    fn children(
        &mut self,
        sum: &SearchSum<S::Region>,
        left: bool,
    ) -> Result<Vec<Child<S::Region>>> {
        let side = |negated: bool| usize::from(left == negated);
        // the mover's and the opponent's moves in the sum's regions
        let (mut mine, mut theirs) = (0i64, 0i64);
        for p in &sum.parts {
            let info = self.record.get(&p.region).copied();
            let moves = match info {
                Some(info) => info.moves,
                None => self.info(&p.region, false)?.moves,
            };
            mine += i64::from(moves[side(p.negated)]);
            theirs += i64::from(moves[1 - side(p.negated)]);
        }
        let mut children = Vec::new();
        let mut options = self.scratch.pop().unwrap_or_default();
        for (i, p) in sum.parts.iter().enumerate() {
            options.clear();
            let region_left = left != p.negated;
            self.rules.options(&p.region, region_left, &mut options);
            let before = self.record.get(&p.region).map_or([0, 0], |r| r.moves);
            let (mine_before, theirs_before) = (
                i64::from(before[side(p.negated)]),
                i64::from(before[1 - side(p.negated)]),
            );
            for option in options.drain(..) {
                let mut child = SearchSum {
                    parts: Vec::with_capacity(sum.parts.len() + option.len()),
                    values: sum.values.clone(),
                    known: sum.known,
                };
                child.parts.extend(
                    sum.parts
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, q)| q.clone()),
                );
                let (mut m, mut t) = (mine - mine_before, theirs - theirs_before);
                for (region, negated) in option {
                    let negated = negated != p.negated;
                    let info = self.info(&region, false)?;
                    m += i64::from(info.moves[side(negated)]);
                    t += i64::from(info.moves[1 - side(negated)]);
                    self.add_part(&mut child, region, negated, false)?;
                }
                let score = match self.guaranteed(&child) {
                    // the opponent's most moves against the mover's sure ones (the opponent
                    // moves next)
                    Some(totals) => totals.deficit(left) * 1024 + t - m,
                    None => t - m,
                };
                children.push(Child { sum: child, score });
            }
        }
        self.scratch.push(options);
        self.value_moves(sum, left, (mine, theirs), &mut children)?;
        Ok(children)
    }

    /// The temperature of `g` as the move order uses it: -1 (the coldest there is) when its
    /// thermograph cannot be drawn (numbers out of range), since an order never fails a
    /// search; the arena's fault or a cancellation still stops it.
    fn heat(&mut self, g: GameId) -> Result<Dyadic> {
        let forms = self.rules.forms();
        match forms.temperature(g) {
            Ok(t) => Ok(t),
            Err(_) => {
                forms.status()?;
                Ok(Dyadic::from(-1))
            }
        }
    }

    /// The moves in the sum's valued parts and its known value, before the regions' moves:
    /// the hottest part first (by temperature, the theory's measure of what a move there is
    /// worth; a number's is below every other game's), and in each part the options best for
    /// the mover by their stops first. Where the move bounds order the regions' moves (every
    /// part has them, the known value is an integer), a move in the integer is ordered among
    /// them by the same measure instead (`mobility`: the mover's and the opponent's moves in
    /// the regions, which it leaves as they are).
    fn value_moves(
        &mut self,
        sum: &SearchSum<S::Region>,
        left: bool,
        mobility: (i64, i64),
        children: &mut Vec<Child<S::Region>>,
    ) -> Result<()> {
        let mut parts = Vec::with_capacity(sum.values.len() + 1);
        for (i, &v) in sum.values.iter().enumerate() {
            parts.push((self.heat(v)?, Some(i)));
        }
        let bounded = self.guaranteed(sum).is_some();
        if !bounded {
            parts.push((self.heat(sum.known)?, None));
        }
        // stable: the hottest first, ties as they stand
        parts.sort_by_key(|p| std::cmp::Reverse(p.0));
        if bounded {
            parts.push((Dyadic::from(0), None));
        }
        let mut score = VALUE_MOVES;
        for (_, which) in parts {
            let g = which.map_or(sum.known, |i| sum.values[i]);
            let forms = self.rules.forms();
            let (l, r) = forms.options(g);
            let mut options = if left { l.to_vec() } else { r.to_vec() };
            // Left's best stops are the greatest, Right's the least
            options.sort_by(|&a, &b| {
                let (a, b) = (forms.stops(a), forms.stops(b));
                if left {
                    b.cmp(&a)
                } else {
                    (a.1, a.0).cmp(&(b.1, b.0))
                }
            });
            for o in options {
                let mut child = SearchSum {
                    parts: sum.parts.clone(),
                    values: sum.values.clone(),
                    known: sum.known,
                };
                let order = match which {
                    Some(i) => {
                        child.values.swap_remove(i);
                        self.add_value(&mut child, o)?;
                        score
                    }
                    None if bounded => {
                        child.known = o;
                        let (mine, theirs) = mobility;
                        self.guaranteed(&child)
                            .map_or(score, |totals| totals.deficit(left) * 1024 + theirs - mine)
                    }
                    None => {
                        child.known = o;
                        score
                    }
                };
                children.push(Child {
                    sum: child,
                    score: order,
                });
                score = score.saturating_add(1);
            }
        }
        Ok(())
    }
}

/// What [`OutcomeSearch::write_table`] writes after the transposition table: the games' own
/// searches' `results`, or their count 0 when there are none.
pub fn write_results(
    results: Option<&ResultTable>,
    out: &mut dyn std::io::Write,
) -> std::io::Result<u64> {
    match results {
        Some(results) => results.write_to(out),
        None => {
            out.write_all(&0u64.to_le_bytes())?;
            Ok(0)
        }
    }
}

/// Writes what [`OutcomeSearch::write_table`] writes of searches whose results all live in
/// the table `results` their threads share ([`OutcomeSearch::share_table`]): an empty
/// transposition table, then `results`. Sound while the threads search: every entry read is
/// whole and proved. Returns how many results were written.
pub fn write_shared(results: &ResultTable, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    out.write_all(&0u64.to_le_bytes())?;
    write_results(Some(results), out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::forms::Forms;
    use crate::testing::Xorshift;
    use rustc_hash::FxHashMap;
    use rustc_hash::FxHashSet;

    /// Sums of canonical forms standing as regions: a region's options are its form's, and
    /// its value is itself, except for a third of them, which the search must play out by
    /// their options.
    struct FormRules {
        forms: Forms,
        options: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    }

    impl SumRules for FormRules {
        type Region = GameId;

        fn forms(&mut self) -> &mut Forms {
            &mut self.forms
        }

        fn kind(&self, _: &GameId) -> usize {
            0
        }

        fn size(&self, g: &GameId) -> usize {
            self.forms.size_within(*g, 1 << 16).unwrap_or(usize::MAX)
        }

        fn integer(&self, g: &GameId) -> Option<i64> {
            let n = self.forms.as_number(*g).filter(|n| n.is_integer())?;
            Some(n.numerator())
        }

        fn options(&self, g: &GameId, left: bool, out: &mut Vec<RegionList<GameId>>) {
            let (l, r) = &self.options[g];
            out.extend(if left { l } else { r }.iter().map(|&o| vec![(o, false)]));
        }

        fn value_within(&mut self, g: &GameId, _: usize) -> Result<Option<GameId>> {
            Ok((!g.index().is_multiple_of(3)).then_some(*g))
        }
    }

    /// The same random forms in every arena made from the same seed: birthday-2 values, then
    /// games whose options are random sets of the forms made so far.
    fn random_forms(seed: u64) -> FormRules {
        let mut forms = Forms::new(1 << 20);
        let mut pool: Vec<GameId> = ["0", "1", "-1", "*", "1/2", "^", "v*", "{1|-1}", "-2", "*2"]
            .iter()
            .map(|t| forms.parse(t).expect("a value"))
            .collect();
        let mut rng = Xorshift(seed);
        for _ in 0..60 {
            let side = |rng: &mut Xorshift| -> Vec<GameId> {
                let n = rng.below(3);
                (0..n)
                    .map(|_| pool[rng.below(pool.len() as u64) as usize])
                    .collect()
            };
            let (l, r) = (side(&mut rng), side(&mut rng));
            let g = forms.make(l, r).expect("a small form");
            pool.push(g);
        }
        // every form the search can reach, with its options
        let mut options = FxHashMap::default();
        let mut seen: FxHashSet<GameId> = FxHashSet::default();
        let mut stack = pool.clone();
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            let negative = forms.neg(g);
            stack.push(negative);
            let (l, r) = forms.options(g);
            stack.extend(l.iter().chain(r.iter()).copied());
            options.insert(g, (l.to_vec(), r.to_vec()));
        }
        FormRules { forms, options }
    }

    #[test]
    fn sums_of_values_too_big_to_fold_agree_with_their_canonical_sum() {
        let mut by_stops = 0;
        for (k, fold_work) in [1, 16, 1 << 12].into_iter().enumerate() {
            let rules = random_forms(0x5eed_f0e5);
            let pool: Vec<GameId> = {
                let mut p: Vec<GameId> = rules.options.keys().copied().collect();
                p.sort();
                p
            };
            let options = OutcomeOptions {
                fold_work,
                ..OutcomeOptions::default()
            };
            let mut search = OutcomeSearch::new(rules, 1 << 18, options);
            let mut rng = Xorshift(0xabc + k as u64);
            for _ in 0..600 {
                let n = 1 + rng.below(4);
                let parts: Vec<(GameId, bool)> = (0..n)
                    .map(|_| {
                        let g = pool[rng.below(pool.len() as u64) as usize];
                        (g, rng.below(2) == 1)
                    })
                    .collect();
                let forms = search.rules.forms();
                let signed: Vec<GameId> = parts
                    .iter()
                    .map(|&(g, negated)| if negated { forms.neg(g) } else { g })
                    .collect();
                let total = forms.sum(signed).expect("a small sum");
                let zero = forms.zero();
                let (left_wins, right_wins) = (!forms.leq(total, zero), !forms.leq(zero, total));
                let text = forms.to_string(total);
                let zero = search.rules.forms().zero();
                let sum = search.sum(parts, zero).expect("a sum");
                assert_eq!(
                    search.wins(&sum, true).expect("a search"),
                    left_wins,
                    "{text}"
                );
                assert_eq!(
                    search.wins(&sum, false).expect("a search"),
                    right_wins,
                    "{text}"
                );
            }
            by_stops += search.stats().by_stops;
        }
        assert!(by_stops > 100, "{by_stops}");
    }
}
