//! The nimber of one big impartial position by a search that prunes, after Beling and
//! Rogalski (*On pruning search trees of impartial games*, Artificial Intelligence 283, 2020),
//! where listing every position below it (the mex over all options of everything met, as
//! [`crate::solve::grundy`] does) is out of reach: Cram on 5 x 12 has far too many positions.
//!
//! - **Decomposition.** A position is a list of independent components, each in a normal form
//!   that the game chooses ([`ComponentGame`]: the least image of a board under its
//!   symmetries...); its nimber is the XOR of theirs (Sprague-Grundy). The table keeps the
//!   exact nimbers of components, and for the others the values a search has excluded (what
//!   "not in R" leaves for the next question).
//! - **A set, not a value.** `nimber_in(G, R)` answers G's nimber if it lies in the set R,
//!   else "not in R". It keeps the set P of values still possible for G (at first `0..=k` for k
//!   options: one of them is the mex); each option whose nimber is found removes it from P,
//!   and an option is only asked whether its nimber lies in P less its largest element, up to
//!   the largest element of R. As soon as P and R are disjoint, G's nimber is not in R; as
//!   soon as P has one element, it is G's nimber.
//! - **Aspiration.** The top question asks r = 0, 1, 2... in turn, each as the set `{r}` (a
//!   winning move ends the first round); [`Strategy`] chooses (aspiration by default: on
//!   Cram 4 x 7 it lists some 70,000 positions where the set form lists 17 million).
//! - **Theorems**: a component whose value the game knows (a symmetry strategy's 0) is not
//!   searched ([`ComponentGame::known`]).
//! - **Enhanced transposition cutoff**: every option whose components are all in the table is
//!   counted before any is searched; the others are tried smallest largest component first.
//!
//! **Complexity**: exponential in the position's size in the worst case, like any search of
//! a game; the table holds what is known of the components met (grown as needed up to the
//! entries the budget allows, the entry of least work replaced when a bucket is full).

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use std::hash::{BuildHasher, Hash};

/// An impartial game whose positions fall apart into independent components: what
/// [`NimberSearch`] searches.
pub trait ComponentGame {
    /// A component in its normal form: two components with the same nimber by symmetry
    /// should be equal (the table's key).
    type Part: Clone + Eq + Hash;

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

    /// How the search asks for a component's nimber by default ([`Strategy::Aspiration`]; a
    /// game with few positions and large nimbers, as Chomp, is quicker with
    /// [`Strategy::Plain`]).
    fn strategy(&self) -> Strategy {
        Strategy::Aspiration
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

/// A set of nimbers below 256.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimSet([u64; 4]);

/// The largest number of options (and so the largest nimber) a searched position may have.
pub const MAX_OPTIONS: usize = 255;

impl NimSet {
    /// Every nimber from 0 to 255.
    pub const ALL: NimSet = NimSet([u64::MAX; 4]);

    /// `0..=k` (k < 256).
    pub fn up_to(k: usize) -> NimSet {
        let mut set = NimSet::default();
        for (w, word) in set.0.iter_mut().enumerate() {
            let low = w * 64;
            if k >= low + 63 {
                *word = u64::MAX;
            } else if k >= low {
                *word = (1u64 << (k - low + 1)) - 1;
            }
        }
        set
    }

    /// `{v}`.
    pub fn single(v: u8) -> NimSet {
        let mut set = NimSet::default();
        set.insert(v);
        set
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: u8) -> bool {
        self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// Adds `v`.
    pub fn insert(&mut self, v: u8) {
        self.0[v as usize / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    pub fn remove(&mut self, v: u8) {
        self.0[v as usize / 64] &= !(1 << (v % 64));
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// How many nimbers the set holds.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The least element.
    pub fn min(&self) -> Option<u8> {
        let w = self.0.iter().position(|&w| w != 0)?;
        Some((w * 64 + self.0[w].trailing_zeros() as usize) as u8)
    }

    /// The largest element.
    pub fn max(&self) -> Option<u8> {
        let w = self.0.iter().rposition(|&w| w != 0)?;
        Some((w * 64 + 63 - self.0[w].leading_zeros() as usize) as u8)
    }

    /// The set less the values below 64 that `low` has.
    pub fn without_low(&self, low: u64) -> NimSet {
        let mut set = *self;
        set.0[0] &= !low;
        set
    }

    /// The values below 64 that are not in the set.
    pub fn low_complement(&self) -> u64 {
        !self.0[0]
    }

    /// The elements in both sets.
    pub fn and(&self, other: &NimSet) -> NimSet {
        NimSet(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// `{v ^ x : v in the set}`.
    pub fn xor_each(&self, x: u8) -> NimSet {
        if x == 0 {
            return *self;
        }
        let mut out = NimSet::default();
        for v in self.iter() {
            out.insert(v ^ x);
        }
        out
    }

    /// The elements, least first.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..4).flat_map(move |w| {
            let mut rest = self.0[w];
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some((w * 64 + b) as u8)
            })
        })
    }
}

/// How the top question of [`NimberSearch::nimber`] is asked.
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

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimberStats {
    /// Positions whose options were listed.
    pub nodes: u64,
    /// Nimbers stored in the table.
    pub stored: u64,
}

/// The pruned nimber search over a [`ComponentGame`], with its table (kept between
/// questions).
pub struct NimberSearch<G: ComponentGame> {
    game: G,
    strategy: Strategy,
    /// The exact nimbers (the table every option is looked up in: kept apart from the
    /// bounds, it stays small enough for the cache).
    table: NimberTable<G::Part>,
    /// What searches that answered "not in R" left: the values a component is not.
    bounds: NimberTable<G::Part>,
    budget: Budget,
    stats: NimberStats,
    /// The options of the positions on the search's path, one after the other.
    parts: Vec<G::Part>,
    ends: Vec<u32>,
    /// The options still to search at each position on the path (move order key, option).
    order: Vec<(u32, u32)>,
    /// The components of an option whose nimbers are not known.
    unknown: Vec<u32>,
    /// Positions listed at most (8 times the state budget, as the other searches).
    max_nodes: u64,
    /// The entries the budget allows the two tables.
    entries: usize,
}

impl<G: ComponentGame> NimberSearch<G> {
    /// A search of `game` under `budget` (its state limit bounds the table and, eightfold, the
    /// positions listed; its flag stops the search).
    pub fn new(game: G, budget: Budget) -> NimberSearch<G> {
        let entries = budget.table_entries(
            std::mem::size_of::<Option<Slot<G::Part>>>() + std::mem::size_of::<u32>(),
            usize::MAX,
        );
        let mut search = NimberSearch {
            strategy: game.strategy(),
            game,
            table: NimberTable::new(0),
            bounds: NimberTable::new(0),
            entries,
            max_nodes: (budget.max_states() as u64).saturating_mul(8),
            budget,
            stats: NimberStats::default(),
            parts: Vec::new(),
            ends: Vec::new(),
            order: Vec::new(),
            unknown: Vec::new(),
        };
        search.size_tables();
        search
    }

    /// The same search with another [`Strategy`].
    pub fn with_strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self.size_tables();
        self
    }

    /// Shares the entries between the tables (empty yet): a quarter for the bounds, none
    /// but the least table when the strategy leaves none (the plain mex).
    fn size_tables(&mut self) {
        let bounds = match self.strategy {
            Strategy::Plain => 0,
            _ => self.entries / 4,
        };
        self.table = NimberTable::new(self.entries - bounds);
        self.bounds = NimberTable::new(bounds);
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// What the search has done so far.
    pub fn stats(&self) -> NimberStats {
        NimberStats {
            stored: self.table.stored + self.bounds.stored,
            ..self.stats
        }
    }

    /// The nimber of a position made of `parts` (the XOR of theirs).
    pub fn nimber_of(&mut self, parts: &[G::Part]) -> Result<u8> {
        let mut x = 0;
        for part in parts {
            x ^= self.nimber(part.clone())?;
        }
        Ok(x)
    }

    /// The nimber of a component.
    pub fn nimber(&mut self, part: G::Part) -> Result<u8> {
        self.game.prepare(&part, &self.budget)?;
        if self.strategy != Strategy::Plain {
            self.hint(&part)?;
        }
        self.nimber_below(part)
    }

    /// [`NimberSearch::nimber`] inside the search (no hint: the table has what it needs).
    fn nimber_below(&mut self, part: G::Part) -> Result<u8> {
        match self.strategy {
            Strategy::Set => self.exact(part),
            Strategy::Plain => self.plain(part),
            Strategy::Aspiration => {
                for r in 0..=MAX_OPTIONS as u8 {
                    if let Some(v) = self.table.get(&part) {
                        return Ok(v);
                    }
                    if let Some(v) = self.nimber_in(part.clone(), NimSet::single(r))? {
                        return Ok(v);
                    }
                }
                unreachable!("a nimber is at most the number of options")
            }
        }
    }

    /// Whether the position made of `parts` has nimber `target` (0: the player to move
    /// loses), asking the largest component only whether its nimber is what the others
    /// leave.
    pub fn has_nimber(&mut self, parts: &[G::Part], target: u8) -> Result<bool> {
        let Some((last, rest)) = self.largest_last(parts) else {
            return Ok(target == 0);
        };
        let mut x = target;
        for part in rest {
            x ^= self.nimber(part)?;
        }
        self.game.prepare(&last, &self.budget)?;
        self.hint(&last)?;
        Ok(self.nimber_in(last, NimSet::single(x))?.is_some())
    }

    /// Before a question about a component the table knows nothing of: the values of its
    /// options whose components the table or a theorem ([`ComponentGame::known`]) knows,
    /// excluded (none of them is its nimber). A theorem's option is where a symmetry
    /// strategy starts: the first player's move to a position the second player wins by
    /// symmetry (the central domino of an even by odd Cram board), found before the first
    /// round of aspiration searches for it.
    fn hint(&mut self, part: &G::Part) -> Result<()> {
        if self.fact(part).is_some() {
            return Ok(());
        }
        if let Some(v) = self.game.known(part) {
            self.table.put(part.clone(), v, 1);
            return Ok(());
        }
        let (first_part, first_end) = (self.parts.len(), self.ends.len());
        let (lo, hi) = self.list(part)?;
        let mut excluded = 0u64;
        for i in lo..hi {
            let (s, e) = self.option_parts(i, first_part, first_end);
            let mut x = Some(0u8);
            for j in s..e {
                let c = self.parts[j].clone();
                let v = match self.table.get(&c) {
                    Some(v) => Some(v),
                    None => self.game.known(&c).inspect(|&v| self.table.put(c, v, 1)),
                };
                x = x.zip(v).map(|(x, v)| x ^ v);
            }
            if let Some(x) = x.filter(|&x| x < 64) {
                excluded |= 1 << x;
            }
        }
        self.pop(first_part, first_end);
        if excluded != 0 {
            self.bounds.exclude(part.clone(), excluded, 1);
        }
        Ok(())
    }

    /// What the tables know of `part`: its nimber, or the values below 64 it is not.
    #[inline]
    fn fact(&self, part: &G::Part) -> Option<(Option<u8>, u64)> {
        match self.table.get(part) {
            Some(v) => Some((Some(v), 0)),
            None => self.bounds.fact(part),
        }
    }

    /// The largest of `parts` (by size), and the others.
    fn largest_last(&self, parts: &[G::Part]) -> Option<(G::Part, Vec<G::Part>)> {
        let at = (0..parts.len()).max_by_key(|&i| self.game.size(&parts[i]))?;
        let rest = (0..parts.len())
            .filter(|&i| i != at)
            .map(|i| parts[i].clone())
            .collect();
        Some((parts[at].clone(), rest))
    }

    /// The exact nimber of a component.
    fn exact(&mut self, part: G::Part) -> Result<u8> {
        Ok(self
            .nimber_in(part, NimSet::ALL)?
            .expect("every nimber is in the set of all"))
    }

    /// Counts a listed position; checks the flag now and then, and the state budget.
    #[inline]
    fn tick(&mut self) -> Result<()> {
        self.stats.nodes += 1;
        if self.stats.nodes & 4095 == 0 {
            self.budget.check()?;
            if self.stats.nodes > self.max_nodes {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: "the positions listed by the nimber search".into(),
                });
            }
        }
        Ok(())
    }

    /// Lists the options of `part` at the end of the path's arena: the range of `ends` they
    /// take. An error past [`MAX_OPTIONS`] options.
    fn list(&mut self, part: &G::Part) -> Result<(usize, usize)> {
        self.tick()?;
        let base = self.ends.len();
        self.game.options(part, &mut self.parts, &mut self.ends);
        let k = self.ends.len() - base;
        if k > MAX_OPTIONS {
            return Err(too_many_options(k));
        }
        Ok((base, base + k))
    }

    /// The parts of option `i` (an index into `ends`): a range of `parts`.
    fn option_parts(&self, i: usize, first_part: usize, first_end: usize) -> (usize, usize) {
        let start = if i == first_end {
            first_part
        } else {
            self.ends[i - 1] as usize
        };
        (start, self.ends[i] as usize)
    }

    /// Frees the arena down to a position's options.
    fn pop(&mut self, parts: usize, ends: usize) {
        self.parts.truncate(parts);
        self.ends.truncate(ends);
    }

    /// `Some(v)` when the nimber v of `part` is in `r`, else `None`; the exact nimber is
    /// stored whenever it is found.
    fn nimber_in(&mut self, part: G::Part, r: NimSet) -> Result<Option<u8>> {
        let excluded = match self.fact(&part) {
            Some((Some(v), _)) => return Ok(r.contains(v).then_some(v)),
            Some((None, excluded)) => excluded,
            None => {
                if let Some(v) = self.game.known(&part) {
                    self.table.put(part, v, 1);
                    return Ok(r.contains(v).then_some(v));
                }
                0
            }
        };
        let r = r.without_low(excluded);
        if r.is_empty() {
            return Ok(None);
        }
        stacker::maybe_grow(64 * 1024, 1 << 20, || self.search_in(part, r, excluded))
    }

    fn search_in(&mut self, part: G::Part, r: NimSet, excluded: u64) -> Result<Option<u8>> {
        let (first_part, first_end) = (self.parts.len(), self.ends.len());
        let result = self.search_options(part, r, excluded, first_part, first_end);
        self.pop(first_part, first_end);
        result
    }

    /// The search of `nimber_in` below the table: `excluded` are values below 64 the table
    /// knows the nimber is not (a search that answered "not in R" leaves them).
    fn search_options(
        &mut self,
        part: G::Part,
        r: NimSet,
        excluded: u64,
        first_part: usize,
        first_end: usize,
    ) -> Result<Option<u8>> {
        let nodes_before = self.stats.nodes;
        self.tick()?;
        let lo = self.ends.len();
        let count = self.game.option_count(&part);
        if let Some(k) = count.filter(|&k| k > MAX_OPTIONS) {
            return Err(too_many_options(k));
        }
        // the values still possible: the nimber is in it (an option's value is removed when
        // found), so its least element is the nimber once every option has been asked; with
        // the count unknown, every value until the options are listed
        let mut p = NimSet::up_to(count.unwrap_or(MAX_OPTIONS)).without_low(excluded);
        let r_known = r.and(&NimSet::up_to(count.unwrap_or(MAX_OPTIONS)));
        if count.is_some() && r_known.is_empty() {
            return Ok(None); // the nimber is at most its number of options
        }
        // the options whose components are all known first (enhanced transposition cutoff),
        // looked at as they are listed: listing stops once they answer the question (a
        // count known, one value left or none asked for); the others in order, smallest
        // largest unknown component first
        let order_base = self.order.len();
        let mut looked = lo;
        {
            let NimberSearch {
                game,
                table,
                parts,
                ends,
                order,
                ..
            } = self;
            let game: &G = game;
            let mut look = |option: &[G::Part]| -> bool {
                let mut x = 0u8;
                let mut largest = None;
                for c in option {
                    match table.get(c) {
                        Some(v) => x ^= v,
                        None => {
                            let size = game.size(c);
                            largest = Some(largest.map_or(size, |l: u32| l.max(size)));
                        }
                    }
                }
                match largest {
                    None => p.remove(x),
                    Some(size) => order.push((size, looked as u32)),
                }
                looked += 1;
                count.is_none() || (p.len() > 1 && !p.and(&r_known).is_empty())
            };
            game.options_while(&part, parts, ends, &mut look);
        }
        let hi = self.ends.len();
        let k = count.unwrap_or(hi - lo);
        if k > MAX_OPTIONS {
            return Err(too_many_options(k));
        }
        p = p.and(&NimSet::up_to(k));
        let r = r.and(&NimSet::up_to(k));
        let Some(r_max) = r.max() else {
            return Ok(None); // the nimber is at most k
        };
        for i in looked..hi {
            let (s, e) = self.option_parts(i, first_part, first_end);
            let mut x = 0u8;
            let mut largest = None;
            for j in s..e {
                match self.table.get(&self.parts[j]) {
                    Some(v) => x ^= v,
                    None => {
                        let size = self.game.size(&self.parts[j]);
                        largest = Some(largest.map_or(size, |l: u32| l.max(size)));
                    }
                }
            }
            match largest {
                None => p.remove(x),
                Some(size) => self.order.push((size, i as u32)),
            }
        }
        self.order[order_base..].sort_unstable();
        let mut next = order_base;
        // the nimber, when the options asked so far prove it
        // values of p dropped by counting (below): none is the nimber if the nimber is at most
        // max r, so the ones above max r are not known to be excluded
        let (mut lossy, mut unproven) = (false, 0u64);
        let exact = loop {
            if p.len() == 1 {
                // one value left possible (k options leave one of 0..=k); after a value
                // counted out, only when at most max r
                break p.min().filter(|&m| !lossy || m <= r_max);
            }
            if p.and(&r).is_empty() {
                break None;
            }
            if next == self.order.len() {
                // every value below the least one left is an option's, and an option of that
                // value would have been asked about it if it is at most max r
                break p.min().filter(|&m| m <= r_max);
            }
            let top = p.max().expect("p is not empty");
            let mut q = p.and(&NimSet::up_to(r_max as usize));
            q.remove(top);
            if q.is_empty() {
                // p ∩ [0, max r] is {max p} (p meets r): so p is {max p}, caught above
                break p.min();
            }
            let left = self.order.len() - next;
            let i = self.order[next].1 as usize;
            next += 1;
            match self.option_in(i, q, first_part, first_end)? {
                Some(v) => p.remove(v),
                // counting: this option's value is not in q, so it meets p ∩ [0, max r] at
                // most in max p; no option asked before meets it but there; were the
                // nimber max p <= max r, the `left - 1` options after this one would take
                // the other `p.len() - 1` values of p, so with more values than that, max p
                // is not the nimber when the nimber is at most max r
                None if p.len() as usize > left => {
                    p.remove(top);
                    lossy = true;
                    if top > r_max && top < 64 {
                        unproven |= 1 << top;
                    }
                }
                None => {}
            }
        };
        self.order.truncate(order_base);
        let work = self.stats.nodes - nodes_before;
        let Some(m) = exact else {
            // a value not in p is not the nimber (counted out above max r: not known), kept
            // for the next question about this part
            self.bounds
                .exclude(part, p.low_complement() & !unproven, work);
            return Ok(None);
        };
        self.table.put(part, m, work);
        Ok(r.contains(m).then_some(m))
    }

    /// `Some(v)` when option `i`'s nimber v is in `q`: the smaller unknown components valued
    /// exactly, the largest asked whether it completes a value of `q`.
    fn option_in(
        &mut self,
        i: usize,
        q: NimSet,
        first_part: usize,
        first_end: usize,
    ) -> Result<Option<u8>> {
        let (s, e) = self.option_parts(i, first_part, first_end);
        let unknown_base = self.unknown.len();
        let mut x = 0u8;
        for j in s..e {
            match self.table.get(&self.parts[j]) {
                Some(v) => x ^= v,
                None => self.unknown.push(j as u32),
            }
        }
        let game = &self.game;
        let parts = &self.parts;
        self.unknown[unknown_base..].sort_unstable_by_key(|&j| game.size(&parts[j as usize]));
        let result = (|| {
            let Some(&last) = self.unknown[unknown_base..].last() else {
                return Ok(q.contains(x).then_some(x));
            };
            for u in unknown_base..self.unknown.len() - 1 {
                let part = self.parts[self.unknown[u] as usize].clone();
                x ^= self.nimber_below(part)?;
            }
            let part = self.parts[last as usize].clone();
            Ok(self.nimber_in(part, q.xor_each(x))?.map(|v| v ^ x))
        })();
        self.unknown.truncate(unknown_base);
        result
    }

    /// The nimber by the plain mex over every option's exact nimber.
    fn plain(&mut self, part: G::Part) -> Result<u8> {
        if let Some(v) = self.table.get(&part) {
            return Ok(v);
        }
        if let Some(v) = self.game.known(&part) {
            self.table.put(part, v, 1);
            return Ok(v);
        }
        stacker::maybe_grow(64 * 1024, 1 << 20, || {
            let nodes_before = self.stats.nodes;
            let (first_part, first_end) = (self.parts.len(), self.ends.len());
            let result = (|| {
                let (lo, hi) = self.list(&part)?;
                let mut seen = NimSet::default();
                for i in lo..hi {
                    let (s, e) = self.option_parts(i, first_part, first_end);
                    let mut x = 0;
                    for j in s..e {
                        let part = self.parts[j].clone();
                        x ^= self.plain(part)?;
                    }
                    seen.insert(x);
                }
                let mex = crate::nimber::mex(seen.iter().map(u64::from));
                Ok(u8::try_from(mex).expect("at most 255 options"))
            })();
            self.pop(first_part, first_end);
            let v = result?;
            self.table.put(part, v, self.stats.nodes - nodes_before);
            Ok(v)
        })
    }
}

fn too_many_options(k: usize) -> GrundyError {
    GrundyError::Unsupported(format!(
        "a position with {k} options: the nimber search takes at most {MAX_OPTIONS}"
    ))
}

/// One entry: a component, its nimber when known, else the values below 64 it is known not
/// to be, and the work it took (log2 of the positions listed, plus 1).
#[derive(Clone)]
struct Slot<P> {
    part: P,
    excluded: u64,
    nimber: u8,
    exact: bool,
    work: u8,
}

/// A table's slots and their tags.
type Slots<P> = (Vec<Option<Slot<P>>>, Vec<u32>);

/// The entries of a bucket.
const BUCKET: usize = 4;

/// The table of exact nimbers: buckets of four components, the entry of least work replaced
/// when a bucket is full. It starts small and doubles while it is three quarters full, up to
/// the most entries the budget allows (the last growth to exactly that: a bucket is chosen by
/// the high half of the hash times the number of buckets, so any number will do); a growth
/// the system refuses leaves it as it is (a cache).
struct NimberTable<P> {
    slots: Vec<Option<Slot<P>>>,
    /// Beside each slot, a tag from its part's hash (0: empty): a lookup reads the bucket's
    /// tags (one cache line) and compares only the parts whose tag matches.
    tags: Vec<u32>,
    buckets: usize,
    max_entries: usize,
    stored: u64,
    hasher: rustc_hash::FxBuildHasher,
}

impl<P: Clone + Eq + Hash> NimberTable<P> {
    fn new(max_entries: usize) -> Self {
        NimberTable {
            slots: Vec::new(),
            tags: Vec::new(),
            buckets: 0,
            max_entries: max_entries.max(BUCKET),
            stored: 0,
            hasher: rustc_hash::FxBuildHasher,
        }
    }

    /// Empty slots for `buckets` buckets, if the system gives them.
    fn empty_slots(buckets: usize) -> Option<Slots<P>> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(buckets * BUCKET).ok()?;
        let mut tags = Vec::new();
        tags.try_reserve_exact(buckets * BUCKET).ok()?;
        slots.resize(buckets * BUCKET, None);
        tags.resize(buckets * BUCKET, 0);
        Some((slots, tags))
    }

    /// Doubles the table (or makes its first buckets), moving every entry; false when it is
    /// at its largest or the system refuses.
    #[cold]
    fn grow(&mut self) -> bool {
        let buckets = if self.slots.is_empty() {
            (crate::budget::MIN_TABLE_ENTRIES / BUCKET).min(self.max_entries / BUCKET)
        } else {
            (2 * self.buckets).min(self.max_entries / BUCKET)
        };
        if buckets <= self.buckets {
            return false;
        }
        let Some((slots, tags)) = Self::empty_slots(buckets.max(1)) else {
            return false;
        };
        let old = std::mem::replace(&mut self.slots, slots);
        self.tags = tags;
        self.buckets = buckets.max(1);
        self.stored = 0;
        for slot in old.into_iter().flatten() {
            self.insert(slot);
        }
        true
    }

    /// The first slot of `part`'s bucket, and its tag.
    #[inline]
    fn bucket(&self, part: &P) -> (usize, u32) {
        // FxHash leaves keys that are mostly zero bytes (a small board in a wide word, a
        // diagram's unused rows) in few buckets: a finaliser (MurmurHash3's) spreads them
        let mut h = self.hasher.hash_one(part);
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        let bucket = ((u128::from(h) * self.buckets as u128) >> 64) as usize;
        (bucket * BUCKET, h as u32 | 1)
    }

    #[inline]
    fn slot(&self, part: &P) -> Option<&Slot<P>> {
        if self.slots.is_empty() {
            return None;
        }
        let (b, tag) = self.bucket(part);
        (b..b + BUCKET)
            .filter(|&i| self.tags[i] == tag)
            .find_map(|i| self.slots[i].as_ref().filter(|s| s.part == *part))
    }

    /// The exact nimber of `part`, when stored.
    #[inline]
    fn get(&self, part: &P) -> Option<u8> {
        self.slot(part).filter(|s| s.exact).map(|s| s.nimber)
    }

    /// What the table knows of `part`: its nimber, or the values below 64 it is not.
    #[inline]
    fn fact(&self, part: &P) -> Option<(Option<u8>, u64)> {
        self.slot(part)
            .map(|s| (s.exact.then_some(s.nimber), s.excluded))
    }

    /// Stores the nimber of `part`.
    fn put(&mut self, part: P, nimber: u8, work: u64) {
        let slot = Slot {
            part,
            excluded: 0,
            nimber,
            exact: true,
            work: Self::log_work(work),
        };
        self.store(slot);
    }

    /// Adds to what `part` is known not to be (nothing when its nimber is stored).
    fn exclude(&mut self, part: P, excluded: u64, work: u64) {
        let (exact, nimber, before, work_before) = match self.slot(&part) {
            Some(s) => (s.exact, s.nimber, s.excluded, s.work),
            None => (false, 0, 0, 0),
        };
        if exact {
            return;
        }
        self.store(Slot {
            part,
            excluded: before | excluded,
            nimber,
            exact: false,
            work: work_before.max(Self::log_work(work)),
        });
    }

    fn log_work(work: u64) -> u8 {
        (65 - work.leading_zeros()) as u8
    }

    fn store(&mut self, slot: Slot<P>) {
        if (self.slots.is_empty() || self.stored as usize * 4 >= self.slots.len() * 3)
            && !self.grow()
            && self.slots.is_empty()
        {
            return; // not even the least table: a cache, so the result is not kept
        }
        // a full bucket in a table a quarter full or more: grow rather than replace, while
        // the budget allows (a replaced entry of little work is soon needed again, and
        // its bucket's other cheap entries with it)
        if self.stored as usize * 4 >= self.slots.len() && self.bucket_full(&slot.part) {
            self.grow();
        }
        self.insert(slot);
    }

    /// Whether `part`'s bucket is full of other parts.
    fn bucket_full(&self, part: &P) -> bool {
        let (b, tag) = self.bucket(part);
        (b..b + BUCKET).all(|i| {
            self.tags[i] != 0
                && (self.tags[i] != tag || self.slots[i].as_ref().is_some_and(|s| s.part != *part))
        })
    }

    fn insert(&mut self, slot: Slot<P>) {
        let (b, tag) = self.bucket(&slot.part);
        let at = (b..b + BUCKET)
            .find(|&i| {
                self.tags[i] == 0
                    || (self.tags[i] == tag
                        && self.slots[i].as_ref().is_some_and(|s| s.part == slot.part))
            })
            .unwrap_or_else(|| {
                (b..b + BUCKET)
                    .min_by_key(|&i| self.slots[i].as_ref().map_or(0, |s| s.work))
                    .expect("a bucket has entries")
            });
        if self.tags[at] == 0 {
            self.stored += 1;
        }
        self.tags[at] = tag;
        self.slots[at] = Some(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kayles heaps: a move takes one or two adjacent pins, leaving up to two heaps.
    struct Kayles;

    impl ComponentGame for Kayles {
        type Part = u32;
        fn options(&self, &n: &u32, parts: &mut Vec<u32>, ends: &mut Vec<u32>) {
            for take in 1..=2u32.min(n) {
                for left in 0..=(n - take) / 2 {
                    let right = n - take - left;
                    parts.extend([left, right].into_iter().filter(|&h| h > 0));
                    ends.push(parts.len() as u32);
                }
            }
        }
        fn size(&self, &n: &u32) -> u32 {
            n
        }
    }

    #[test]
    fn kayles_values_by_every_strategy() {
        // Kayles' values (Winning Ways ch. 4; period 12 from heap 71)
        let known = [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1,
        ];
        for strategy in [Strategy::Set, Strategy::Aspiration, Strategy::Plain] {
            let mut search =
                NimberSearch::new(&Kayles, Budget::new(1 << 16)).with_strategy(strategy);
            for (n, &v) in known.iter().enumerate() {
                assert_eq!(
                    search.nimber(n as u32).unwrap(),
                    v,
                    "{strategy:?}, heap {n}"
                );
            }
        }
    }

    #[test]
    fn nim_sets() {
        let s = NimSet::up_to(70);
        assert_eq!((s.min(), s.max(), s.len()), (Some(0), Some(70), 71));
        assert_eq!(NimSet::up_to(255), NimSet::ALL);
        assert_eq!(NimSet::up_to(63).max(), Some(63));
        let t = NimSet::single(5).xor_each(3);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![6]);
        assert!(NimSet::single(200).and(&NimSet::up_to(199)).is_empty());
    }
}
