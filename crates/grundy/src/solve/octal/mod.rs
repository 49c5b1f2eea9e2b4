//! The octal-game engine: Grundy values by the mex recurrence, plain or with the rare/common
//! ("sparse space") method, until a period is proved. The catalog's octal games and
//! `grundy table` both use it.
//!
//! - [`OctalCode`]: the code `d0.d1d2...` of a game.
//! - [`period`]: periods proved by the Guy-Smith theorem, as values are computed.
//!
//! ```
//! use grundy::solve::octal::{octal_values, OctalCode, OctalMethod};
//! // Dawson's Kayles (0.07): period 34 from heap 53, proved by the Guy-Smith theorem
//! let code: OctalCode = "0.07".parse().unwrap();
//! let run = octal_values(&code, 0, 100_000, OctalMethod::Auto, 1 << 20, |_| {}).unwrap();
//! assert_eq!(run.values.period, Some((53, 34)));
//! ```

mod code;
mod parallel;
pub mod period;
mod plain;
mod sparse;
mod stream;

pub use code::OctalCode;
pub use stream::{
    octal_stats_streaming, StreamFile, StreamRun, DEFAULT_KEEP, FULL_PHASE, MIN_KEEP,
};

use std::ops::BitXor;

use crate::budget::{Budget, Cancel};
use crate::error::{GrundyError, Result};
use crate::periodic::PeriodicValues;
use period::{arithmetic_period, guy_smith, prove_arithmetic, SplitDigits};
use plain::{mark_three_heap_options, naive_value, PairSets, Seen};
use sparse::{best_mask, candidate, common, first_unreached, RareSide, Scratch};

/// The rare/common statistics of a Grundy sequence, as the published tables of octal and
/// hexadecimal games give them per game and depth.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RareCommonStats {
    /// The largest value.
    pub largest: u64,
    /// The first heap that has it.
    pub largest_at: u64,
    /// The mask with the fewest rare heaps, in hexadecimal as the tables write it (`fe`): a
    /// value v is rare when `v & mask` has an even number of bits.
    pub rare_mask: String,
    /// How many heaps (heap 0 included) have a rare value.
    pub rare: u64,
    /// The last heap with a rare value.
    pub last_rare: Option<u64>,
}

/// The rare/common statistics of `values` (`G(0..)`): the mask is the one with the fewest
/// rare heaps among those below 2^12 (chosen on the heaps from 1 on, as the engine does).
///
/// ```
/// use grundy::solve::octal::rare_common_stats;
/// // Grundy's game from 0: 0 0 0 1 0 2 1 0 2 ...
/// let s = rare_common_stats(&[0, 0, 0, 1, 0, 2, 1, 0, 2]);
/// assert_eq!((s.largest, s.largest_at), (2, 5));
/// ```
///
/// **Complexity**: O(n + masks x distinct values).
pub fn rare_common_stats(values: &[u64]) -> RareCommonStats {
    let (largest, largest_at) =
        values.iter().enumerate().fold(
            (0, 0),
            |(m, at), (i, &v)| if v > m { (v, i as u64) } else { (m, at) },
        );
    let mask = best_mask_of(values);
    let rare_heaps = values
        .iter()
        .enumerate()
        .filter(|&(_, &v)| !common(v as u32, mask))
        .map(|(n, _)| n as u64);
    let (rare, last_rare) = rare_heaps.fold((0, None), |(count, _), n| (count + 1, Some(n)));
    RareCommonStats {
        largest,
        largest_at,
        rare_mask: format!("{mask:x}"),
        rare,
        last_rare,
    }
}

/// The mask with the fewest rare heaps among `values` (`G(0..)`), chosen on the heaps from 1 on
/// as the engine does ([`sparse::best_mask`] on their histogram).
fn best_mask_of(values: &[u64]) -> u32 {
    let mut histogram = vec![0usize; 0];
    for &v in values.iter().skip(1) {
        let v = usize::try_from(v).unwrap_or(usize::MAX).min(1 << 20);
        if histogram.len() <= v {
            histogram.resize(v + 1, 0);
        }
        histogram[v] += 1;
    }
    best_mask(&histogram).0
}

/// How the values of an octal game are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OctalMethod {
    /// The sparse method when the values so far have a good mask, else the plain loop.
    Auto,
    /// The plain mex recurrence (every option marked): O(n) per value for codes that split.
    Naive,
    /// The rare/common method (needs a code that splits; falls back to plain otherwise).
    Sparse,
}

/// What a run computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalRun {
    /// The values and the period, if proved (then `values` ends where it was proved).
    pub values: PeriodicValues,
    /// The method used past the first values (`Naive` or `Sparse`).
    pub method: OctalMethod,
    /// The mask of the sparse method (values with an even number of bits under it are rare).
    pub mask: Option<u32>,
}

/// The rules of a code as lists: removals that may empty the heap, leave one heap, split it
/// in two (unequal parts only for Grundy's game) or in three.
struct Moves {
    empty: Vec<usize>,
    one: Vec<usize>,
    split: Vec<usize>,
    three: Vec<usize>,
    unequal: bool,
    length: usize,
}

impl Moves {
    /// The last `a` of the pairs `(a, s - a)`, `a <= s - a` (strictly for unequal splits).
    #[inline]
    fn half(&self, s: usize) -> usize {
        if self.unequal {
            s.saturating_sub(1) / 2
        } else {
            s / 2
        }
    }

    /// The position of the pair `(a, a)` a rare side must skip for unequal splits of s.
    #[inline]
    fn equal_part(&self, s: usize) -> Option<usize> {
        (self.unequal && s.is_multiple_of(2)).then_some(s / 2)
    }
}

impl Moves {
    fn of(code: &OctalCode) -> Moves {
        let mut m = Moves {
            empty: vec![],
            one: vec![],
            split: vec![],
            three: vec![],
            unequal: code.unequal_splits(),
            length: code.len(),
        };
        for k in 0..=code.len() {
            let d = code.digit(k);
            if d & 1 != 0 && k > 0 {
                m.empty.push(k);
            }
            if d & 2 != 0 && k > 0 {
                m.one.push(k);
            }
            if d & 4 != 0 {
                m.split.push(k);
            }
            if d & 8 != 0 {
                m.three.push(k);
            }
        }
        m
    }
}

/// A stored Grundy value: the table is kept in `u16` while every value fits (half the memory
/// traffic, twice the lanes in the vector scans), and widened to `u32` when one does not.
trait Value:
    Copy
    + Eq
    + Default
    + Send
    + Sync
    + BitXor<Output = Self>
    + Into<u32>
    + Into<u64>
    + TryFrom<u32>
    + 'static
{
}

impl Value for u16 {}
impl Value for u32 {}

/// Every xor of two values up to `max_value` is below this power of two (at least 64). The
/// least common value not reached is below twice it (a mask has bits below it only).
fn width_of(max_value: u32) -> usize {
    (max_value as usize + 1).next_power_of_two().max(64)
}

#[inline]
fn wide<V: Value>(v: V) -> u32 {
    v.into()
}

/// A reusable bitset of values seen, cleared word by word.
/// Where the engine changes gear (the defaults are measured; tests move them to small heaps
/// so that every path runs on small tables).
#[derive(Clone, Copy, Debug)]
struct Tuning {
    /// The first choice of a mask, at this heap (again each time the table doubles).
    first_mask_choice: usize,
    /// The plain method and the rare/common method's blocks use every thread from this heap
    /// on, a block at a time.
    parallel_from: usize,
    /// The sparse method's two-thread pipeline starts at this heap at the earliest...
    pipeline_from: usize,
    /// ...and only after this many heaps without a rare value (a rare mex ends a block, and
    /// short blocks cost more in thread wake-ups than they save).
    calm: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            first_mask_choice: 512,
            parallel_from: 2048,
            pipeline_from: 1024,
            calm: 4096,
        }
    }
}

/// Why a run over one value type stopped.
/// A proved period: `(preperiod, period, saltus)`, `G(n + period) = G(n) + saltus` for every
/// `n >= preperiod` (saltus 0 for an ordinary period).
type Proved = (u64, u64, u64);

enum Stop {
    /// Done (the period, if proved).
    Done(Option<Proved>),
    /// A value does not fit the stored type: widen and go on.
    Widen,
    /// Saving a checkpoint failed.
    Failed(GrundyError),
}

/// Where a long run saves its values now and then, to be resumed from them
/// ([`octal_values_resumed`]; `grundy table --checkpoint`).
pub struct Checkpoint<'a> {
    /// How often the values are saved (and once more at the end of the run).
    pub every: std::time::Duration,
    /// Saves the values computed so far, `G(0..)` in order.
    pub save: &'a mut dyn FnMut(&mut dyn Iterator<Item = u32>) -> Result<()>,
}

/// The state of a run: the table so far and what the methods keep between heaps.
struct Engine<V> {
    moves: Moves,
    method: OctalMethod,
    g: Vec<V>,
    max_value: u32,
    histogram: Vec<usize>,
    rare: Option<RareSide<V>>,
    next_check: usize,
    next_mask_choice: usize,
    /// The pipeline may be used from this heap on (`tuning.calm` after the last rare value).
    calm_from: usize,
    tuning: Tuning,
    seen: Seen,
    scratch: Scratch,
    /// The two-heap xor sets, for codes whose moves leave three heaps, and the scratch
    /// unions of [`mark_three_heap_options`].
    pairs: PairSets,
    unions: Vec<Vec<u64>>,
    /// The last arithmetic period the proof failed on, and how many values it had: tried
    /// again once the values double.
    arithmetic_failed: Option<(Proved, usize)>,
    /// Stops the run ([`GrundyError::Cancelled`]) once raised; checked between blocks.
    cancel: Cancel,
}

impl Engine<u16> {
    /// The same state with `u32` values.
    fn widen(self) -> Engine<u32> {
        let up = |v: &[u16]| v.iter().map(|&x| u32::from(x)).collect::<Vec<u32>>();
        Engine {
            g: up(&self.g),
            rare: self.rare.map(|r| RareSide {
                mask: r.mask,
                values: up(&r.values),
                positions: r.positions,
            }),
            moves: self.moves,
            method: self.method,
            max_value: self.max_value,
            histogram: self.histogram,
            next_check: self.next_check,
            next_mask_choice: self.next_mask_choice,
            calm_from: self.calm_from,
            tuning: self.tuning,
            seen: self.seen,
            scratch: self.scratch,
            pairs: self.pairs,
            unions: self.unions,
            arithmetic_failed: self.arithmetic_failed,
            cancel: self.cancel,
        }
    }
}

impl<V: Value> Engine<V> {
    fn new(moves: Moves, method: OctalMethod, capacity: usize, tuning: Tuning) -> Self {
        // three-heap moves: the plain method, one heap at a time
        let method = if moves.split.is_empty() || !moves.three.is_empty() {
            OctalMethod::Naive
        } else {
            method
        };
        Engine {
            moves,
            method,
            g: Vec::with_capacity(capacity),
            max_value: 0,
            histogram: Vec::new(),
            rare: None,
            next_check: 1,
            // the mask is chosen again each time the table doubles (the values' structure
            // settles as they grow)
            next_mask_choice: tuning.first_mask_choice,
            calm_from: 0,
            tuning,
            seen: Seen::default(),
            scratch: Scratch::default(),
            pairs: PairSets::default(),
            unions: Vec::new(),
            arithmetic_failed: None,
            cancel: Cancel::new(),
        }
    }

    /// Chooses the sparse method's mask (or the plain loop) at heap `n = g.len()`.
    fn choose_mask(&mut self) {
        let n = self.g.len();
        self.next_mask_choice *= 2;
        let (mask, count) = best_mask(&self.histogram);
        if self.method == OctalMethod::Sparse || count * 8 < n {
            if self.rare.as_ref().map(|r| r.mask) != Some(mask) {
                self.rare = Some(RareSide::of(&self.g, mask));
            }
        } else {
            self.rare = None;
        }
    }

    /// `G(n)` for `n = g.len()` by the current method, or `None` if it does not fit `V`.
    fn next_value(&mut self) -> Option<V> {
        let n = self.g.len();
        let v = match &self.rare {
            None if !self.moves.three.is_empty() => {
                self.pairs.extend_to(n, &self.g);
                let (moves, g, pairs) = (&self.moves, &self.g, &self.pairs);
                mark_three_heap_options(moves, g, pairs, n, &mut self.seen, &mut self.unions);
                naive_value(&self.moves, &self.g, n, &mut self.seen, self.max_value)
            }
            None => naive_value(&self.moves, &self.g, n, &mut self.seen, self.max_value),
            Some(rare) => {
                let width = width_of(self.max_value);
                let scratch = &mut self.scratch;
                scratch.fit(width);
                scratch.targets.clear();
                let c = candidate(
                    &self.moves,
                    &self.g,
                    &[],
                    rare,
                    width,
                    &mut scratch.reached,
                    &mut scratch.targets,
                );
                V::try_from(c).ok()?;
                first_unreached(
                    &self.moves,
                    &self.g,
                    n,
                    &scratch.targets,
                    width,
                    &mut scratch.verifier,
                )
                .unwrap_or(c)
            }
        };
        V::try_from(v).ok()
    }

    /// Records a value known to be right as `G(g.len())`.
    fn push(&mut self, v: V) {
        let n = self.g.len();
        self.g.push(v);
        self.account(n);
    }

    /// Bookkeeping for the final value `G(n)` (already in `g`).
    fn account(&mut self, n: usize) {
        let v = wide(self.g[n]);
        self.max_value = self.max_value.max(v);
        if n > 0 {
            if self.histogram.len() <= v as usize {
                self.histogram.resize(v as usize + 1, 0);
            }
            self.histogram[v as usize] += 1;
            if let Some(rare) = &mut self.rare {
                if !common(v, rare.mask) {
                    rare.positions.push(n as u32);
                    self.calm_from = n + self.tuning.calm;
                    rare.values.push(self.g[n]);
                }
            }
        }
    }

    /// At a checkpoint after heap n: reports progress and, past `to`, looks for a proof.
    fn check(&mut self, n: usize, to: usize, progress: &mut impl FnMut(usize)) -> Option<Proved> {
        if n + 1 < self.next_check {
            return None;
        }
        progress(n + 1);
        self.next_check = if n < 1024 { n + 2 } else { n + 1 + n / 16 };
        if n >= to {
            return self.proved_period(n + 1);
        }
        None
    }

    /// Computes on until a period is proved past `to`, or heap `limit` is done.
    fn run(
        &mut self,
        to: usize,
        limit: usize,
        progress: &mut impl FnMut(usize),
        checkpoint: &mut Option<Checkpoint<'_>>,
    ) -> Stop {
        let mut saved_at = std::time::Instant::now();
        while self.g.len() <= limit {
            let n = self.g.len();
            if self.cancel.is_cancelled() {
                return Stop::Failed(self.cancel.error());
            }
            if let Some(c) = checkpoint.as_mut() {
                if saved_at.elapsed() >= c.every {
                    if let Err(e) = (c.save)(&mut self.g.iter().map(|&v| wide(v))) {
                        return Stop::Failed(e);
                    }
                    saved_at = std::time::Instant::now();
                }
            }
            if n == self.next_mask_choice
                && self.method != OctalMethod::Naive
                && !self.moves.split.is_empty()
            {
                self.choose_mask();
            }
            // on two threads or more, several heaps a step, up to the next mask choice (the
            // plain method never chooses one)
            let parallel = rayon::current_num_threads() >= 2;
            let splits = !self.moves.split.is_empty() && self.moves.three.is_empty();
            let tuning = self.tuning;
            let step = match self.rare {
                Some(_) if parallel && n >= self.calm_from.max(tuning.pipeline_from) => {
                    Some(Self::pipeline as fn(&mut Self, usize, usize, &mut _) -> _)
                }
                // rare values too frequent for the pipeline
                Some(_) if parallel && n >= tuning.parallel_from => Some(Self::sparse_block as _),
                None if parallel && splits && n >= tuning.parallel_from => {
                    Some(Self::plain_block as _)
                }
                _ => None,
            };
            if let Some(step) = step {
                let mut end = if self.method == OctalMethod::Naive {
                    limit + 1
                } else {
                    self.next_mask_choice.min(limit + 1)
                };
                // back in this loop often enough to save on time, or to stop
                end = end.min(n + (n / 8).max(1 << 16));
                if let Some(stop) = step(self, end, to, progress) {
                    return stop;
                }
                continue;
            }
            let Some(v) = self.next_value() else {
                return Stop::Widen;
            };
            self.push(v);
            if let Some(period) = self.check(n, to, progress) {
                return Stop::Done(Some(period));
            }
        }
        if let Some(c) = checkpoint.as_mut() {
            if let Err(e) = (c.save)(&mut self.g.iter().map(|&v| wide(v))) {
                return Stop::Failed(e);
            }
        }
        let period = self.proved_period(self.g.len());
        Stop::Done(period)
    }

    /// A period of `G(0..n)` proved by the Guy-Smith argument for the code's moves (three-heap
    /// splits need a longer check), else, for codes whose moves leave three heaps, an
    /// arithmetic period proved by [`prove_arithmetic`]; none for Grundy's game, whose equal
    /// splits are excluded (the argument's map of a split of n + p to one of n may make it
    /// equal).
    fn proved_period(&mut self, n: usize) -> Option<Proved> {
        if self.moves.unequal {
            return None;
        }
        let values = &self.g[..n];
        let parts = if self.moves.three.is_empty() { 2 } else { 3 };
        if let Some((pre, p)) = guy_smith(values, self.moves.length, parts) {
            return Some((pre, p, 0));
        }
        if self.moves.three.is_empty() {
            // finite octal games are never arithmetic-periodic (Horrocks and Nowakowski)
            return None;
        }
        let wide: Vec<u64> = values.iter().map(|&v| u64::from(wide(v))).collect();
        let candidate = arithmetic_period(&wide, 64)?;
        if let Some((failed, at)) = self.arithmetic_failed {
            if failed == candidate && n < 2 * at {
                return None;
            }
        }
        let (pre, p, s) = candidate;
        let digits = SplitDigits {
            one: &self.moves.one,
            two: &self.moves.split,
            three: &self.moves.three,
        };
        match prove_arithmetic(&wide, pre as usize, p as usize, s, digits) {
            Some(_) => Some(candidate),
            None => {
                self.arithmetic_failed = Some((candidate, n));
                None
            }
        }
    }
}

impl<V: Value> Engine<V> {
    fn finish(self, period: Option<Proved>) -> OctalRun {
        OctalRun {
            values: PeriodicValues {
                values: self.g.iter().map(|&v| u64::from(wide(v))).collect(),
                period: period.map(|(pre, p, _)| (pre, p)),
                saltus: period.map_or(0, |(_, _, s)| s),
            },
            method: if self.rare.is_some() {
                OctalMethod::Sparse
            } else {
                OctalMethod::Naive
            },
            mask: self.rare.map(|r| r.mask),
        }
    }
}

/// Computes `G(0..)` of `code` by the mex recurrence: at least up to heap `to`, then on until
/// the Guy-Smith theorem proves a period or `limit` heaps are done (`limit >= to`). Stops early,
/// at the first heap past `to` where a period is proved (checked at every heap up to 1024, then
/// each time the table grows by 1/16).
///
/// **Plain method**: every option marked, then the mex. The split moves `G(a) xor G(s - a)`
/// are read from two streams of the table, one forward and one backward: into one word by
/// shifts while values stay below 64, else one byte store a pair (no read-modify-write chain),
/// eight pairs a step, folded into a bitset. O(n) per value for codes that split, O(code
/// length) otherwise.
///
/// **Rare/common method** (Berlekamp's sparse space; Gangolli and Plambeck; Flammenkamp): for
/// a mask m, call v *common* if `v & m` has an odd number of bits, else *rare*. A common xor
/// needs exactly one rare side, so the common values among the splits of s are found from the
/// few rare positions a alone (`G(a) xor G(s - a)`): the least common value c not found is the
/// candidate. The rare values below c that the rare side misses (the targets) must come from
/// two common sides: a pass over the first 2048 pairs drops the targets it meets (a coupon
/// collector), then each target left is looked for by a vectorised equality scan; the least
/// one never met is the mex, else c is. Exact for any mask; fast when rare positions are few.
/// `Auto` picks the mask with the fewest rare positions at 512 heaps and each time the table
/// doubles, and uses it when under 1 in 8 positions is rare (else the plain loop).
///
/// **Every core** (when rayon has two threads or more; `RAYON_NUM_THREADS=1` for one):
/// - the rare/common method runs as a pipeline of blocks of heaps, once 4096 heaps have
///   passed without a rare value: one thread takes the candidates of the next block as the
///   values (they are, unless a rare value is the mex), the other proves the block before;
///   a rare mex keeps the heaps proved before it and drops the rest;
/// - before that (rare values still coming), from heap 2048, it takes blocks of 512 heaps:
///   the rare-side options that read only values known before the block are marked for every
///   heap of the block in parallel, then each heap in turn adds the few others, takes its
///   candidate and proves it;
/// - the plain method, from heap 2048, takes blocks of 256 heaps the same way: options that
///   read only values known before the block in parallel, then each heap adds the few that
///   read the block's own values and takes its mex.
///
/// The values are the same on any number of threads. They are stored as `u16` until one does
/// not fit, then as `u32` (an error past that, never a wrap).
///
/// **Complexity**: plain O(n^2) for splitting codes; sparse about O(n (r + t)) for r rare
/// positions and t the pairs scanned to meet the targets. O(n) memory (2 bytes a value while
/// they fit). Fails with `StateLimit` only if `limit` exceeds the budget's state limit, and with
/// `Cancelled` (within a block of heaps, at most 2^16 or an eighth of those done) once its
/// flag is raised.
pub fn octal_values(
    code: &OctalCode,
    to: usize,
    limit: usize,
    method: OctalMethod,
    budget: impl Into<Budget>,
    progress: impl FnMut(usize),
) -> Result<OctalRun> {
    octal_values_resumed(code, &[], to, limit, method, budget, progress, None)
}

/// [`octal_values`] from the values `start = G(0..k)` of an earlier run (a checkpoint), saving
/// the values computed now and then to `checkpoint` if given. The values are the same as an
/// uninterrupted run's (every method is exact whatever its mask); only a period already
/// proved before the checkpoint is found again at the first check.
///
/// **Complexity**: O(k) to take the values back (the histogram and the rare side rebuilt),
/// then as [`octal_values`]; each save writes every value.
#[allow(clippy::too_many_arguments)]
pub fn octal_values_resumed(
    code: &OctalCode,
    start: &[u32],
    to: usize,
    limit: usize,
    method: OctalMethod,
    budget: impl Into<Budget>,
    progress: impl FnMut(usize),
    checkpoint: Option<Checkpoint<'_>>,
) -> Result<OctalRun> {
    let run = Run {
        code,
        start,
        to,
        limit,
        method,
        budget: budget.into(),
    };
    run.go(progress, checkpoint)
}

/// [`octal_values`] from heap 0 under a [`Budget`]: at most its state limit of values, and
/// stopped with [`GrundyError::Cancelled`] (within a block of heaps) once its flag is raised.
pub fn octal_values_within(
    code: &OctalCode,
    to: usize,
    limit: usize,
    budget: &Budget,
) -> Result<OctalRun> {
    let run = Run {
        code,
        start: &[],
        to,
        limit,
        method: OctalMethod::Auto,
        budget: budget.clone(),
    };
    run.go(|_| {}, None)
}

/// The arguments of one run of the engines.
struct Run<'a> {
    code: &'a OctalCode,
    start: &'a [u32],
    to: usize,
    limit: usize,
    method: OctalMethod,
    budget: Budget,
}

impl Run<'_> {
    fn go(
        self,
        mut progress: impl FnMut(usize),
        mut checkpoint: Option<Checkpoint<'_>>,
    ) -> Result<OctalRun> {
        let Run {
            code,
            start,
            to,
            limit,
            method,
            budget,
        } = self;
        let max_states = budget.max_states();
        let limit = limit.max(to);
        if limit >= max_states {
            return Err(GrundyError::StateLimit {
                limit: max_states,
                what: format!("the table of {} up to {limit}", code.family()),
            });
        }
        let capacity = limit.min(1 << 24) + 1;
        let overflow =
            || GrundyError::Overflow(format!("a Grundy value of {} above 2^32", code.family()));
        let start = &start[..start.len().min(limit + 1)];
        let mut narrow = Engine::<u16>::new(Moves::of(code), method, capacity, Tuning::default());
        narrow.cancel = budget.cancel().clone();
        let mut wide = if start.iter().all(|&v| v <= u32::from(u16::MAX)) {
            narrow.load(start);
            match narrow.run(to, limit, &mut progress, &mut checkpoint) {
                Stop::Done(period) => return Ok(narrow.finish(period)),
                Stop::Failed(e) => return Err(e),
                Stop::Widen => narrow.widen(),
            }
        } else {
            let mut wide = Engine::<u32>::new(Moves::of(code), method, capacity, Tuning::default());
            wide.cancel = budget.cancel().clone();
            wide.load(start);
            wide
        };
        match wide.run(to, limit, &mut progress, &mut checkpoint) {
            Stop::Done(period) => Ok(wide.finish(period)),
            Stop::Failed(e) => Err(e),
            Stop::Widen => Err(overflow()),
        }
    }
}

impl<V: Value> Engine<V> {
    /// Takes back the values `G(0..k)` of an earlier run (each fits `V`): the table, the
    /// histogram, and the state the methods would have reached: the next mask choice after
    /// k, and a mask chosen now on these values if k is past the first choice.
    fn load(&mut self, start: &[u32]) {
        for &v in start {
            let v = V::try_from(v).ok().expect("the caller checked the width");
            self.push(v);
        }
        let n = self.g.len();
        self.next_check = n + 1;
        if n > self.tuning.first_mask_choice {
            while self.next_mask_choice <= n {
                self.next_mask_choice *= 2;
            }
            if self.method != OctalMethod::Naive && !self.moves.split.is_empty() {
                let next = self.next_mask_choice;
                self.choose_mask();
                self.next_mask_choice = next;
                if let Some(last) = self.rare.as_ref().and_then(|r| r.positions.last()) {
                    self.calm_from = *last as usize + self.tuning.calm;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `G(0..=limit)` by the rules: every option listed, then the least value not among them.
    fn by_the_rules(code: &OctalCode, limit: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=limit {
            let mut options = std::collections::BTreeSet::new();
            for k in 0..=code.len().min(n) {
                let d = code.digit(k);
                if d & 1 != 0 && k == n && k > 0 {
                    options.insert(0);
                }
                if d & 2 != 0 && k > 0 && k < n {
                    options.insert(g[n - k]);
                }
                if d & 4 != 0 {
                    for a in 1..n - k {
                        options.insert(g[a] ^ g[n - k - a]);
                    }
                }
            }
            g.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        g
    }

    fn codes() -> Vec<OctalCode> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        let mut codes: Vec<String> = ["0.6", "0.165", "0.161", "0.07", "4.07", "0.007", "0.4"]
            .iter()
            .map(|c| c.to_string())
            .collect();
        for _ in 0..40 {
            let first = if next(4) == 0 { "4." } else { "0." };
            let digits: String = (0..1 + next(4))
                .map(|_| char::from(b'0' + next(8) as u8))
                .collect();
            codes.push(format!("{first}{digits}"));
        }
        codes.iter().map(|c| c.parse().unwrap()).collect()
    }

    /// Every gear early: masks from heap 8, the blocks of heaps from heap 4, the pipeline
    /// right after each rare value (so that rare values end blocks often).
    const EARLY: Tuning = Tuning {
        first_mask_choice: 8,
        parallel_from: 4,
        pipeline_from: 8,
        calm: 0,
    };

    /// The same without the pipeline: the rare/common method by blocks of heaps.
    const NO_PIPELINE: Tuning = Tuning {
        calm: usize::MAX / 2,
        ..EARLY
    };

    fn run_with<V: Value>(
        code: &OctalCode,
        method: OctalMethod,
        limit: usize,
        tuning: Tuning,
    ) -> Vec<u32> {
        let mut engine = Engine::<V>::new(Moves::of(code), method, limit + 1, tuning);
        assert!(matches!(
            engine.run(limit, limit, &mut |_| {}, &mut None),
            Stop::Done(_)
        ));
        engine.g.iter().map(|&v| wide(v)).collect()
    }

    #[test]
    fn every_gear_on_one_and_two_threads_follows_the_rules() {
        let limit = 1200;
        for code in codes() {
            let want = by_the_rules(&code, limit);
            for threads in [1, 2] {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                for method in [OctalMethod::Naive, OctalMethod::Sparse, OctalMethod::Auto] {
                    for tuning in [EARLY, NO_PIPELINE] {
                        let got = pool.install(|| run_with::<u16>(&code, method, limit, tuning));
                        assert_eq!(got, want, "{code} {method:?} {tuning:?} {threads} threads");
                    }
                }
            }
        }
    }

    #[test]
    fn widening_keeps_the_table_and_the_rare_side() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        for code in codes().into_iter().take(12) {
            let want = by_the_rules(&code, 2000);
            for method in [OctalMethod::Naive, OctalMethod::Sparse] {
                let got = pool.install(|| {
                    let mut narrow = Engine::<u16>::new(Moves::of(&code), method, 2001, EARLY);
                    narrow.run(700, 700, &mut |_| {}, &mut None);
                    let mut wide_engine = narrow.widen();
                    wide_engine.run(2000, 2000, &mut |_| {}, &mut None);
                    wide_engine.g
                });
                assert_eq!(got, want, "{code} {method:?}");
                let got = pool.install(|| run_with::<u32>(&code, method, 2000, NO_PIPELINE));
                assert_eq!(got, want, "{code}");
            }
        }
    }
}
