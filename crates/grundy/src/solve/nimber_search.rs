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
//!   counted before any is searched; the others are tried smallest largest component first,
//!   except that, when the question asks only for values from some v > 0 on, the options the
//!   table knows cannot be below v go first (the likeliest to be v: on Cram 5 x 8, 9% fewer
//!   positions listed).
//! - **Threads.** A question about a component of [`MIN_SHARED_SIZE`] cells or more is asked by
//!   every thread of the budget at once, in one table (`solve/nimber_table.rs`: in
//!   shards behind locks; a thread alone holds it without locks). Within [`SHARED_PLIES`] of
//!   the root a thread marks the positions it searches and puts off an option into one another
//!   thread has marked until it has searched the others (Weill's ABDADA), and looks at the
//!   table after each option for what the others proved. The first thread to answer stops
//!   the others.
//! - **Checkpoints** ([`NimberSearch::checkpoint`]): the tables saved to a file as the search
//!   goes (every entry is proved) and read back by a later run.
//!
//! **Complexity**: exponential in the position's size in the worst case, like any search of
//! a game; the table holds what is known of the components met (grown as needed up to the
//! entries the budget allows, the entry of least work replaced when a bucket is full).
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::games::board::Board;
//! use grundy::games::cram::{cram_regions, Cram};
//! use grundy::solve::nimber_search::NimberSearch;
//!
//! // the empty 3 x 4 Cram board, split into its regions (one here)
//! let board = Board { rows: 3, cols: 4, bits: (1 << 12) - 1 };
//! let mut parts = Vec::new();
//! cram_regions(&board, board.bits, &mut parts);
//! let mut search = NimberSearch::new(&Cram, Budget::new(1 << 16));
//! assert!(!search.has_nimber(&parts, 0).unwrap()); // the first player wins
//! assert_eq!(search.nimber_of(&parts).unwrap(), 1);
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::checkpoint::SearchCheckpoint;
use crate::partizan::root::{ProgressSink, SearchProgress};
pub use crate::solve::component::{ComponentGame, Strategy};
use crate::solve::nimber_endgame::{already_built, built_on_first_use, Endgame};
use crate::solve::nimber_table::{Locked, Owned, Slot, TablePair, Tables, SHARDS};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

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

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimberStats {
    /// Positions whose options were listed (by every thread).
    pub nodes: u64,
    /// Nimbers stored in the table.
    pub stored: u64,
    /// Options a thread put off because another thread was searching them (the work split).
    pub deferrals: u64,
}

/// The plies from the root at which the threads of one question split the work: a position
/// there is marked while a thread searches it, and another thread puts off an option into a
/// marked position until it has searched the others (Weill's ABDADA). Deeper, the subtrees
/// are too small to be worth the marks.
pub const SHARED_PLIES: u32 = 6;

/// The positions a search lists before it builds the endgame database its game asks for
/// ([`ComponentGame::endgame`]), when this process has not built it yet: Cram's (regions of
/// at most 12 cells, about 0.13 s on two cores) saves about a third of a microsecond a
/// position on two threads (Cram 5 x 8: 0.6 s of 1.8 million positions), so it is repaid
/// some 400,000 positions later; a smaller search goes without it.
pub const ENDGAME_AFTER: u64 = 1 << 18;

/// The least component (by [`ComponentGame::size`]) a question is worth the threads for.
pub const MIN_SHARED_SIZE: u32 = 20;

/// The pruned nimber search over a [`ComponentGame`], with its table (kept between
/// questions). A question about a big component is asked by every thread of the budget
/// ([`Budget::threads`]) at once, sharing the table: near the root each thread puts off the
/// options another is searching (Weill's ABDADA) and looks at the table after each option for
/// what another proved, so the threads split the work where every option must be searched.
pub struct NimberSearch<G: ComponentGame> {
    core: Core<G>,
    /// The exact nimbers (the table every option is looked up in: kept apart from the
    /// bounds, it stays small enough for the cache), and what searches that answered "not in
    /// R" left: the values a component is not.
    tables: TablePair<G::Part>,
    threads: usize,
    /// The arenas of the search on this thread, kept between questions.
    arena: Arena<G::Part>,
}

/// What the threads of a search share.
struct Core<G: ComponentGame> {
    game: G,
    strategy: Strategy,
    budget: Budget,
    /// Positions listed at most (8 times the state budget, as the other searches; no limit
    /// with a checkpoint).
    max_nodes: u64,
    /// The entries the budget allows the two tables.
    entries: usize,
    /// Positions listed, by every thread (each adds its count now and then).
    nodes: AtomicU64,
    deferrals: AtomicU64,
    /// Raised by the first thread to finish a question: the others stop.
    stop: AtomicBool,
    /// Whether threads share the question now (then the marks below are kept).
    sharing: AtomicBool,
    /// The positions near the root that threads are searching, with how many each.
    busy: Mutex<rustc_hash::FxHashMap<G::Part, u32>>,
    /// The checkpoint the tables are saved to, and the progress reports.
    saving: Option<Saving>,
    /// The question asked (for the progress reports), and of the root's options in the
    /// current question, how many are decided, of how many.
    stage: Mutex<String>,
    root: Mutex<(usize, usize)>,
    /// The nimbers of every small component, looked up before the table (set once: given,
    /// or built when the search has listed [`ENDGAME_AFTER`] positions); and whether a
    /// thread has started to build it.
    endgame: OnceLock<Option<Arc<Endgame<G::Part>>>>,
    endgame_started: AtomicBool,
}

/// A search's checkpoint and progress reports.
struct Saving {
    checkpoint: SearchCheckpoint,
    /// What the file is a checkpoint of (the game's name: a table of one game's components
    /// serves any position of that game).
    label: String,
    progress: Option<ProgressSink>,
    last_save: Mutex<Instant>,
    last_report: Mutex<Instant>,
    /// Entries read back when the search resumed from a file (reported once).
    resumed: Mutex<Option<u64>>,
}

/// The options of the positions on one thread's path, one after the other.
struct Arena<P> {
    parts: Vec<P>,
    ends: Vec<u32>,
    /// The options still to search at each position on the path (move order key, option).
    order: Vec<(u32, u32)>,
    /// The components of an option whose nimbers are not known.
    unknown: Vec<u32>,
}

impl<P> Default for Arena<P> {
    fn default() -> Self {
        Arena {
            parts: Vec::new(),
            ends: Vec::new(),
            order: Vec::new(),
            unknown: Vec::new(),
        }
    }
}

/// One thread's search: the shared core, the tables (owned by the one thread, or shared
/// behind locks) and its own path.
struct Walker<'a, G: ComponentGame, T: Tables<G::Part>> {
    core: &'a Core<G>,
    tables: T,
    arena: &'a mut Arena<G::Part>,
    /// Positions this thread listed, and how many of them it has added to the core's count.
    nodes: u64,
    counted: u64,
    /// Plies from the question's root.
    ply: u32,
}

impl<G: ComponentGame> NimberSearch<G> {
    /// A search of `game` under `budget` (its state limit bounds the table and, eightfold, the
    /// positions listed; its flag stops the search; its threads share big questions).
    pub fn new(game: G, budget: Budget) -> NimberSearch<G> {
        let entries = budget.table_entries(
            std::mem::size_of::<Option<Slot<G::Part>>>() + std::mem::size_of::<u32>(),
            usize::MAX,
        );
        let threads = budget.threads();
        let mut search = NimberSearch {
            core: Core {
                strategy: game.strategy(),
                game,
                entries,
                max_nodes: (budget.max_states() as u64).saturating_mul(8),
                budget,
                nodes: AtomicU64::new(0),
                deferrals: AtomicU64::new(0),
                stop: AtomicBool::new(false),
                sharing: AtomicBool::new(false),
                busy: Mutex::new(rustc_hash::FxHashMap::default()),
                saving: None,
                stage: Mutex::new(String::new()),
                root: Mutex::new((0, 0)),
                endgame: OnceLock::new(),
                endgame_started: AtomicBool::new(false),
            },
            tables: TablePair::new(0, 0, 1),
            threads,
            arena: Arena::default(),
        };
        search.size_tables();
        search
    }

    /// The same search with another [`Strategy`].
    pub fn with_strategy(mut self, strategy: Strategy) -> Self {
        self.core.strategy = strategy;
        self.size_tables();
        self
    }

    /// The same search on `threads` threads (at least one).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self.size_tables();
        self
    }

    /// The same search looking components of at most `endgame.size()` up in `endgame` (a
    /// database read from a file: `--db`) before its table, instead of the database the
    /// game asks to build on first use.
    pub fn with_endgame(mut self, endgame: Arc<Endgame<G::Part>>) -> Self {
        self.core.endgame = OnceLock::from(Some(endgame));
        self
    }

    /// Looks components of at most `endgame.size()` up in `endgame` from now on, unless the
    /// search already has a database of components as large.
    pub fn set_endgame(&mut self, endgame: Arc<Endgame<G::Part>>) {
        if self.endgame().is_none_or(|e| e.size() < endgame.size()) {
            self.core.endgame = OnceLock::from(Some(endgame));
        }
    }

    /// The endgame database looked up, if any yet.
    pub fn endgame(&self) -> Option<&Arc<Endgame<G::Part>>> {
        self.core.endgame.get()?.as_ref()
    }

    /// Before a question: the endgame database the game asks for, if this process has built
    /// it already (else it is built once the search has listed [`ENDGAME_AFTER`]
    /// positions).
    fn ready(&mut self) {
        if self.core.endgame.get().is_none() {
            if let Some(db) = already_built(&self.core.game) {
                let _ = self.core.endgame.set(Some(db));
            }
        }
    }

    /// Shares the entries between the tables (empty yet): a quarter for the bounds, none
    /// but the least table when the strategy leaves none (the plain mex); in shards of their
    /// own lock when threads share them.
    fn size_tables(&mut self) {
        let core = &self.core;
        let bounds = match core.strategy {
            Strategy::Plain => 0,
            _ => core.entries / 4,
        };
        let shards = if self.threads > 1 { SHARDS } else { 1 };
        self.tables = TablePair::new(core.entries - bounds, bounds, shards);
    }

    /// Saves the tables to `checkpoint`'s file every `checkpoint.every` while the search runs
    /// (and at [`NimberSearch::save`]), after reading them back from it if it exists: every
    /// entry is proved, so a table saved at any moment is sound to resume from, and a table of
    /// a game's components serves any position of that game (`label`, the game's name, is
    /// checked when the file is read). `progress` is called about once a second and at each
    /// save. Returns the entries read back. A checkpointed search lists as many positions as
    /// it needs (the budget's states still bound its tables): it is stopped by the budget's
    /// flag (a time limit, Ctrl-C), its tables saved, and goes on from them in the next run.
    ///
    /// **Errors**: a game that does not write its components ([`ComponentGame::encode`]), a
    /// file that is not such a checkpoint of this version and game, one that cannot be read.
    pub fn checkpoint(
        &mut self,
        checkpoint: SearchCheckpoint,
        label: &str,
        progress: Option<ProgressSink>,
    ) -> Result<u64> {
        let game = &self.core.game;
        let decode = |bytes: &[u8]| game.decode(bytes);
        let tables = &self.tables;
        let position = format!("the nimbers of {label}");
        let read = crate::partizan::checkpoint::resume(&checkpoint.path, &position, |input| {
            tables.read(decode, input)
        })?
        .map(|(_, read)| read);
        self.core.max_nodes = u64::MAX;
        self.core.saving = Some(Saving {
            checkpoint,
            label: position,
            progress,
            last_save: Mutex::new(Instant::now()),
            last_report: Mutex::new(Instant::now()),
            resumed: Mutex::new(read),
        });
        Ok(read.unwrap_or(0))
    }

    /// Saves the tables to the checkpoint now (nothing without one): what a caller does when
    /// its questions are answered, or stopped.
    ///
    /// **Errors**: the file cannot be written (a full disk: never a silent success).
    pub fn save(&mut self) -> Result<()> {
        let walker = self.walker();
        walker.save()
    }

    /// The game searched.
    pub fn game(&self) -> &G {
        &self.core.game
    }

    /// What the search has done so far.
    pub fn stats(&self) -> NimberStats {
        NimberStats {
            nodes: self.core.nodes.load(Relaxed),
            stored: self.tables.stored(),
            deferrals: self.core.deferrals.load(Relaxed),
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
        self.core.game.prepare(&part, &self.core.budget)?;
        let size = self.core.game.size(&part);
        self.ready();
        if self.core.strategy != Strategy::Plain {
            self.walker().hint(&part)?;
        }
        self.ask(
            size,
            |w| w.nimber_below(part.clone()),
            |w| w.nimber_below(part.clone()),
        )
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
        self.core.game.prepare(&last, &self.core.budget)?;
        let size = self.core.game.size(&last);
        self.ready();
        self.walker().hint(&last)?;
        if self.core.saving.is_some() {
            *self.core.stage.lock().unwrap_or_else(|e| e.into_inner()) =
                format!("whether the largest component's nimber is *{x}");
        }
        let ask = NimSet::single(x);
        let answer = self.ask(
            size,
            |w| w.nimber_in(last.clone(), ask),
            |w| w.nimber_in(last.clone(), ask),
        )?;
        Ok(answer.is_some())
    }

    /// The largest of `parts` (by size), and the others.
    fn largest_last(&self, parts: &[G::Part]) -> Option<(G::Part, Vec<G::Part>)> {
        let at = (0..parts.len()).max_by_key(|&i| self.core.game.size(&parts[i]))?;
        let rest = (0..parts.len())
            .filter(|&i| i != at)
            .map(|i| parts[i].clone())
            .collect();
        Some((parts[at].clone(), rest))
    }

    /// The search on this thread (the tables its own, without locks).
    fn walker(&mut self) -> Walker<'_, G, Owned<'_, G::Part>> {
        Walker::new(&self.core, Owned(&mut self.tables), &mut self.arena)
    }

    /// Asks `question` of a component of `size`: on this thread, or for a big component by
    /// every thread at once (the first answer is taken, the others stopped).
    fn ask<T: Send>(
        &mut self,
        size: u32,
        alone: impl FnOnce(&mut Walker<'_, G, Owned<'_, G::Part>>) -> Result<T>,
        question: impl Fn(&mut Walker<'_, G, Locked<'_, G::Part>>) -> Result<T> + Sync,
    ) -> Result<T> {
        if self.threads <= 1 || size < MIN_SHARED_SIZE || self.core.strategy == Strategy::Plain {
            let mut walker = self.walker();
            let answer = alone(&mut walker);
            walker.count();
            return answer;
        }
        let (core, tables) = (&self.core, &self.tables);
        core.sharing.store(true, Relaxed);
        let first: Mutex<Option<Result<T>>> = Mutex::new(None);
        std::thread::scope(|s| {
            for _ in 0..self.threads {
                s.spawn(|| {
                    let mut arena = Arena::default();
                    let mut walker = Walker::new(core, Locked(tables), &mut arena);
                    let answer = question(&mut walker);
                    walker.count();
                    // the first to finish answers (a proof, or the error that stopped it);
                    // the others are stopped
                    if !core.stop.swap(true, Relaxed) {
                        *first.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
                    }
                });
            }
        });
        core.stop.store(false, Relaxed);
        core.sharing.store(false, Relaxed);
        core.busy.lock().unwrap_or_else(|e| e.into_inner()).clear();
        first
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .expect("a thread answered")
    }
}

impl<G: ComponentGame> Core<G> {
    /// The nimber of `part` in the endgame database, if it is small enough to be there and
    /// is. O(1), no lock.
    #[inline]
    fn small(&self, part: &G::Part) -> Option<u8> {
        let endgame = self.endgame.get()?.as_ref()?;
        if self.game.size(part) > endgame.size() {
            return None;
        }
        endgame.get(part)
    }

    /// The exact nimber of `part`: in the endgame database or in `tables`.
    #[inline]
    fn lookup<T: Tables<G::Part>>(&self, tables: &mut T, part: &G::Part) -> Option<u8> {
        self.small(part).or_else(|| tables.get(part))
    }

    /// Marks `part` as searched by one more thread.
    fn enter(&self, part: &G::Part) {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        *busy.entry(part.clone()).or_default() += 1;
    }

    /// Unmarks `part` for one thread.
    fn leave(&self, part: &G::Part) {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = busy.get_mut(part) {
            *n -= 1;
            if *n == 0 {
                busy.remove(part);
            }
        }
    }

    /// Whether a thread is searching any of `parts`.
    fn busy(&self, parts: &[G::Part]) -> bool {
        let busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        parts.iter().any(|p| busy.contains_key(p))
    }
}

impl<'a, G: ComponentGame, T: Tables<G::Part>> Walker<'a, G, T> {
    fn new(core: &'a Core<G>, tables: T, arena: &'a mut Arena<G::Part>) -> Self {
        Walker {
            core,
            tables,
            arena,
            nodes: 0,
            counted: 0,
            ply: 0,
        }
    }

    /// Adds the positions listed since the last count to the core's.
    fn count(&mut self) -> u64 {
        let total = self
            .core
            .nodes
            .fetch_add(self.nodes - self.counted, Relaxed)
            + (self.nodes - self.counted);
        self.counted = self.nodes;
        total
    }

    /// Reports the progress about once a second, and saves the checkpoint when it is due (one
    /// thread does, the others search on).
    #[cold]
    fn report(&mut self, nodes: u64) -> Result<()> {
        let Some(saving) = &self.core.saving else {
            return Ok(());
        };
        let now = Instant::now();
        let due = |last: &Mutex<Instant>, every: Duration| match last.try_lock() {
            Ok(mut last) if now.duration_since(*last) >= every => {
                *last = now;
                true
            }
            _ => false,
        };
        if due(&saving.last_save, saving.checkpoint.every) {
            self.save()?;
        } else if due(&saving.last_report, Duration::from_secs(1)) {
            self.progress(nodes, None);
        }
        Ok(())
    }

    /// Calls the progress sink, if any.
    fn progress(&self, nodes: u64, saved: Option<u64>) {
        let Some(saving) = &self.core.saving else {
            return;
        };
        let Some(sink) = &saving.progress else {
            return;
        };
        let pair = self.tables.pair();
        let resumed = saving.resumed.lock().map(|mut r| r.take()).unwrap_or(None);
        let root = *self.core.root.lock().unwrap_or_else(|e| e.into_inner());
        (sink.0)(&SearchProgress {
            nodes,
            stored: pair.stored(),
            capacity: pair.capacity(),
            stage: self
                .core
                .stage
                .lock()
                .map(|s| s.clone())
                .unwrap_or_default(),
            answered: Vec::new(),
            root_moves: (root.1 > 0).then_some(root),
            saved,
            resumed,
        });
    }

    /// Writes the tables to the checkpoint (nothing without one).
    fn save(&self) -> Result<()> {
        let Some(saving) = &self.core.saving else {
            return Ok(());
        };
        let game = &self.core.game;
        let pair = self.tables.pair();
        let written = crate::partizan::checkpoint::save(
            &saving.checkpoint.path,
            &saving.label,
            &[],
            |out| pair.write(|part, bytes| game.encode(part, bytes), out),
        )?;
        *saving.last_save.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        self.progress(self.core.nodes.load(Relaxed), Some(written));
        Ok(())
    }

    /// Says what the question at the root is, for the progress reports.
    fn stage(&self, stage: impl FnOnce() -> String) {
        if self.ply == 0 && self.core.saving.is_some() {
            *self.core.stage.lock().unwrap_or_else(|e| e.into_inner()) = stage();
        }
    }

    /// [`NimberSearch::nimber`] inside the search (no hint: the table has what it needs).
    fn nimber_below(&mut self, part: G::Part) -> Result<u8> {
        match self.core.strategy {
            Strategy::Set => self.exact(part),
            Strategy::Plain => self.plain(part),
            Strategy::Aspiration => {
                for r in 0..=MAX_OPTIONS as u8 {
                    if let Some(v) = self.core.lookup(&mut self.tables, &part) {
                        return Ok(v);
                    }
                    self.stage(|| format!("whether the nimber is *{r}"));
                    if let Some(v) = self.nimber_in(part.clone(), NimSet::single(r))? {
                        return Ok(v);
                    }
                }
                unreachable!("a nimber is at most the number of options")
            }
        }
    }

    /// Before a question about a component the table knows nothing of: the values of its
    /// options whose components the table or a theorem ([`ComponentGame::known`]) knows,
    /// excluded (none of them is its nimber). A theorem's option is where a symmetry
    /// strategy starts: the first player's move to a position the second player wins by
    /// symmetry (the central domino of an even by odd Cram board), found before the first
    /// round of aspiration searches for it.
    fn hint(&mut self, part: &G::Part) -> Result<()> {
        let core = self.core;
        if self.tables.fact(part).is_some() || core.small(part).is_some() {
            return Ok(());
        }
        if let Some(v) = core.game.known(part) {
            self.tables.put(part.clone(), v, 1);
            return Ok(());
        }
        let (first_part, first_end) = (self.arena.parts.len(), self.arena.ends.len());
        let (lo, hi) = self.list(part)?;
        let mut excluded = 0u64;
        for i in lo..hi {
            let (s, e) = self.option_parts(i, first_part, first_end);
            let mut x = Some(0u8);
            for j in s..e {
                let c = &self.arena.parts[j];
                let v = match core.lookup(&mut self.tables, c) {
                    Some(v) => Some(v),
                    None => core
                        .game
                        .known(c)
                        .inspect(|&v| self.tables.put(c.clone(), v, 1)),
                };
                x = x.zip(v).map(|(x, v)| x ^ v);
            }
            if let Some(x) = x.filter(|&x| x < 64) {
                excluded |= 1 << x;
            }
        }
        self.pop(first_part, first_end);
        if excluded != 0 {
            self.tables.exclude(part.clone(), excluded, 1);
        }
        Ok(())
    }

    /// The exact nimber of a component.
    fn exact(&mut self, part: G::Part) -> Result<u8> {
        Ok(self
            .nimber_in(part, NimSet::ALL)?
            .expect("every nimber is in the set of all"))
    }

    /// Counts a listed position; checks the flags now and then, and the state budget.
    #[inline]
    fn tick(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes & 4095 == 0 {
            let total = self.count();
            if self.core.saving.is_some() {
                self.report(total)?;
            }
            self.core.budget.check()?;
            if total >= ENDGAME_AFTER && self.core.endgame.get().is_none() {
                self.build_endgame()?;
            }
            if self.core.stop.load(Relaxed) {
                return Err(GrundyError::Cancelled);
            }
            if total > self.core.max_nodes {
                return Err(GrundyError::StateLimit {
                    limit: self.core.budget.max_states(),
                    what: "the positions listed by the nimber search".into(),
                });
            }
        }
        Ok(())
    }

    /// Builds the endgame database the game asks for on this thread (once per process: see
    /// [`built_on_first_use`]), the other threads searching on without it meanwhile.
    #[cold]
    fn build_endgame(&mut self) -> Result<()> {
        let core = self.core;
        if core.endgame_started.swap(true, Relaxed) {
            return Ok(());
        }
        let db = built_on_first_use(&core.game, &core.budget)?;
        let _ = core.endgame.set(db);
        Ok(())
    }

    /// Lists the options of `part` at the end of the path's arena: the range of `ends` they
    /// take. An error past [`MAX_OPTIONS`] options.
    fn list(&mut self, part: &G::Part) -> Result<(usize, usize)> {
        self.tick()?;
        let base = self.arena.ends.len();
        self.core
            .game
            .options(part, &mut self.arena.parts, &mut self.arena.ends);
        let k = self.arena.ends.len() - base;
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
            self.arena.ends[i - 1] as usize
        };
        (start, self.arena.ends[i] as usize)
    }

    /// Frees the arena down to a position's options.
    fn pop(&mut self, parts: usize, ends: usize) {
        self.arena.parts.truncate(parts);
        self.arena.ends.truncate(ends);
    }

    /// `Some(v)` when the nimber v of `part` is in `r`, else `None`; the exact nimber is
    /// stored whenever it is found.
    fn nimber_in(&mut self, part: G::Part, r: NimSet) -> Result<Option<u8>> {
        let core = self.core;
        if let Some(v) = core.small(&part) {
            return Ok(r.contains(v).then_some(v));
        }
        let excluded = match self.tables.fact(&part) {
            Some((Some(v), _)) => return Ok(r.contains(v).then_some(v)),
            Some((None, excluded)) => excluded,
            None => {
                if let Some(v) = core.game.known(&part) {
                    self.tables.put(part, v, 1);
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
        let (first_part, first_end) = (self.arena.parts.len(), self.arena.ends.len());
        let shared = self.ply < SHARED_PLIES && self.core.sharing.load(Relaxed);
        if shared {
            self.core.enter(&part);
        }
        self.ply += 1;
        let result = self.search_options(&part, r, excluded, first_part, first_end, shared);
        self.ply -= 1;
        if shared {
            self.core.leave(&part);
        }
        self.pop(first_part, first_end);
        result
    }

    /// The search of `nimber_in` below the table: `excluded` are values below 64 the table
    /// knows the nimber is not (a search that answered "not in R" leaves them). With
    /// `shared`, the options other threads are searching are put off until the others are
    /// searched, and the table is looked at after each option for what they proved.
    fn search_options(
        &mut self,
        part: &G::Part,
        r: NimSet,
        excluded: u64,
        first_part: usize,
        first_end: usize,
        shared: bool,
    ) -> Result<Option<u8>> {
        let core = self.core;
        let nodes_before = self.nodes;
        self.tick()?;
        let lo = self.arena.ends.len();
        let count = core.game.option_count(part);
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
        let order_base = self.arena.order.len();
        let mut looked = lo;
        {
            let Walker { arena, tables, .. } = self;
            let Arena {
                parts, ends, order, ..
            } = &mut **arena;
            let mut look = |option: &[G::Part]| -> bool {
                let mut x = 0u8;
                let mut largest = None;
                for c in option {
                    match core.lookup(tables, c) {
                        Some(v) => x ^= v,
                        None => {
                            let size = core.game.size(c);
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
            core.game.options_while(part, parts, ends, &mut look);
        }
        let hi = self.arena.ends.len();
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
                match core.lookup(&mut self.tables, &self.arena.parts[j]) {
                    Some(v) => x ^= v,
                    None => {
                        let size = core.game.size(&self.arena.parts[j]);
                        largest = Some(largest.map_or(size, |l: u32| l.max(size)));
                    }
                }
            }
            match largest {
                None => p.remove(x),
                Some(size) => self.arena.order.push((size, i as u32)),
            }
        }
        if let Some(low) = p.and(&r).min().filter(|&m| m > 0 && m < 64) {
            self.rank_by_bounds(order_base, low, first_part, first_end);
        }
        self.arena.order[order_base..].sort_unstable();
        let mut next = order_base;
        // the options put off because another thread was searching them (shared plies only)
        let mut deferred: Vec<(u32, u32)> = Vec::new();
        // the options to search, and how many are answered (the root's progress)
        let (searched, mut decided) = (self.arena.order.len() - order_base, 0);
        // the options from this index on in `order` were put off once: not again
        let mut no_defer_from = usize::MAX;
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
            if next == self.arena.order.len() && !deferred.is_empty() {
                // the options put off, now that the others are searched
                no_defer_from = self.arena.order.len();
                self.arena.order.append(&mut deferred);
            }
            if next == self.arena.order.len() {
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
            let left = self.arena.order.len() - next + deferred.len();
            let entry = self.arena.order[next];
            let i = entry.1 as usize;
            next += 1;
            // the first option is searched by every thread that gets here (the work splits
            // below it); the others, once, unless put off
            if shared && next > order_base + 1 && next <= no_defer_from {
                let (s, e) = self.option_parts(i, first_part, first_end);
                if core.busy(&self.arena.parts[s..e]) {
                    deferred.push(entry);
                    core.deferrals.fetch_add(1, Relaxed);
                    continue;
                }
            }
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
            if self.ply == 1 && self.core.saving.is_some() {
                decided += 1;
                *self.core.root.lock().unwrap_or_else(|e| e.into_inner()) = (decided, searched);
            }
            if shared {
                // decided meanwhile by another thread
                match self.tables.fact(part) {
                    Some((Some(v), _)) => break Some(v),
                    Some((None, other)) if r.without_low(other).is_empty() => break None,
                    _ => {}
                }
            }
        };
        self.arena.order.truncate(order_base);
        let work = self.nodes - nodes_before;
        let Some(m) = exact else {
            // a value not in p is not the nimber (counted out above max r: not known), kept
            // for the next question about this part
            self.tables
                .exclude(part.clone(), p.low_complement() & !unproven, work);
            return Ok(None);
        };
        self.tables.put(part.clone(), m, work);
        Ok(r.contains(m).then_some(m))
    }

    /// Puts first, among the options to search (`order` from `base`), those the bounds table
    /// shows cannot have a value below `low` (the least value the question still asks
    /// about): an option known not to be 0 or 1 is the likeliest to be 2. Only options with
    /// one component the table does not know exactly are ranked (the others keep their
    /// place, by size).
    fn rank_by_bounds(&mut self, base: usize, low: u8, first_part: usize, first_end: usize) {
        let core = self.core;
        for k in base..self.arena.order.len() {
            let (size, i) = self.arena.order[k];
            let (s, e) = self.option_parts(i as usize, first_part, first_end);
            let (mut x, mut unknown) = (0u8, None);
            let mut several = false;
            for j in s..e {
                match core.lookup(&mut self.tables, &self.arena.parts[j]) {
                    Some(v) => x ^= v,
                    None if unknown.is_none() => unknown = Some(j),
                    None => several = true,
                }
            }
            let Some(j) = unknown.filter(|_| !several) else {
                self.arena.order[k].0 = size | 1 << 24;
                continue;
            };
            let excluded = match self.tables.fact(&self.arena.parts[j]) {
                Some((None, excluded)) => excluded,
                _ => 0,
            };
            let above = (0..low).all(|w| {
                let v = w ^ x;
                v < 64 && excluded >> v & 1 == 1
            });
            if !above {
                self.arena.order[k].0 = size | 1 << 24;
            }
        }
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
        let core = self.core;
        let (s, e) = self.option_parts(i, first_part, first_end);
        if e - s == 1 {
            // one component (most moves): asked at once (`nimber_in` looks it up)
            let part = self.arena.parts[s].clone();
            return self.nimber_in(part, q);
        }
        let unknown_base = self.arena.unknown.len();
        let mut x = 0u8;
        for j in s..e {
            match core.lookup(&mut self.tables, &self.arena.parts[j]) {
                Some(v) => x ^= v,
                None => self.arena.unknown.push(j as u32),
            }
        }
        let Arena { parts, unknown, .. } = &mut *self.arena;
        unknown[unknown_base..].sort_unstable_by_key(|&j| core.game.size(&parts[j as usize]));
        let result = (|| {
            let Some(&last) = self.arena.unknown[unknown_base..].last() else {
                return Ok(q.contains(x).then_some(x));
            };
            for u in unknown_base..self.arena.unknown.len() - 1 {
                let part = self.arena.parts[self.arena.unknown[u] as usize].clone();
                x ^= self.nimber_below(part)?;
            }
            let part = self.arena.parts[last as usize].clone();
            Ok(self.nimber_in(part, q.xor_each(x))?.map(|v| v ^ x))
        })();
        self.arena.unknown.truncate(unknown_base);
        result
    }

    /// The nimber by the plain mex over every option's exact nimber.
    fn plain(&mut self, part: G::Part) -> Result<u8> {
        let core = self.core;
        if let Some(v) = core.lookup(&mut self.tables, &part) {
            return Ok(v);
        }
        if let Some(v) = core.game.known(&part) {
            self.tables.put(part, v, 1);
            return Ok(v);
        }
        stacker::maybe_grow(64 * 1024, 1 << 20, || {
            let nodes_before = self.nodes;
            let (first_part, first_end) = (self.arena.parts.len(), self.arena.ends.len());
            let result = (|| {
                let (lo, hi) = self.list(&part)?;
                let mut seen = NimSet::default();
                for i in lo..hi {
                    let (s, e) = self.option_parts(i, first_part, first_end);
                    let mut x = 0;
                    for j in s..e {
                        let part = self.arena.parts[j].clone();
                        x ^= self.plain(part)?;
                    }
                    seen.insert(x);
                }
                let mex = crate::nimber::mex(seen.iter().map(u64::from));
                Ok(u8::try_from(mex).expect("at most 255 options"))
            })();
            self.pop(first_part, first_end);
            let v = result?;
            self.tables.put(part, v, self.nodes - nodes_before);
            Ok(v)
        })
    }
}

fn too_many_options(k: usize) -> GrundyError {
    GrundyError::Unsupported(format!(
        "a position with {k} options: the nimber search takes at most {MAX_OPTIONS}"
    ))
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
