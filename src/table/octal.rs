//! The octal-game engine: Grundy values by the mex recurrence, plain or with the rare/common
//! ("sparse space") method, until a period is proved.

use std::ops::BitXor;

use rayon::prelude::*;

use crate::error::{GrundyError, Result};
use crate::games::OctalCode;
use crate::periodic::PeriodicValues;
use crate::table::period::guy_smith;

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

/// The rules of a code as lists: removals that may empty the heap, leave one heap, or split.
struct Moves {
    empty: Vec<usize>,
    one: Vec<usize>,
    split: Vec<usize>,
    length: usize,
}

impl Moves {
    fn of(code: &OctalCode) -> Moves {
        let mut m = Moves {
            empty: vec![],
            one: vec![],
            split: vec![],
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

#[inline]
fn wide<V: Value>(v: V) -> u32 {
    v.into()
}

/// A reusable bitset of values seen, cleared word by word.
#[derive(Default)]
struct Seen {
    words: Vec<u64>,
    /// One byte per value, for long runs of marks (a byte store has no read-modify-write
    /// chain through a shared word); folded into `words` after the run.
    bytes: Vec<u8>,
}

impl Seen {
    #[inline]
    fn set(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v & 63);
    }

    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The least value not set.
    fn mex(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as u32 * 64 + (!w).trailing_zeros();
            }
        }
        self.words.len() as u32 * 64
    }
}

/// `G(n)` by the plain recurrence, given `G(0..n)`.
fn naive_value<V: Value>(moves: &Moves, g: &[V], n: usize, seen: &mut Seen, max_value: u32) -> u32 {
    mark_known_options(moves, g, n, n, seen, max_value);
    let v = seen.mex();
    seen.clear();
    v
}

/// Marks in `seen` the values of the options of heap m that read only `G(0..known)`
/// (`known <= m`, every value there at most `max_value`): emptying moves, one-heap moves to
/// heaps below `known`, and the splits (a, s - a) with s - a below `known`. With `known = m`,
/// every option. O(m) for codes that split.
fn mark_known_options<V: Value>(
    moves: &Moves,
    g: &[V],
    m: usize,
    known: usize,
    seen: &mut Seen,
    max_value: u32,
) {
    if moves.empty.contains(&m) {
        seen.set(0);
    }
    for &k in &moves.one {
        if k < m && m - k < known {
            seen.set(wide(g[m - k]));
        }
    }
    for &k in &moves.split {
        if k + 2 > m {
            continue;
        }
        let s = m - k;
        let half = s / 2;
        // s - a < known for a >= first
        let first = (s + 1).saturating_sub(known).max(1);
        if first > half {
            continue;
        }
        let (low, high) = (&g[first..=half], &g[s - half..=s - first]);
        if max_value < 64 {
            // every xor is below 64: one word; four independent accumulators keep the OR
            // chain from serialising the loop; low[i] pairs with high[len - 1 - i]
            let mut acc = [0u64; 4];
            let (lc, hc) = (low.chunks_exact(4), high.rchunks_exact(4));
            let (lr, hr) = (lc.remainder(), hc.remainder());
            for (l, h) in lc.zip(hc) {
                acc[0] |= 1 << wide(l[0] ^ h[3]);
                acc[1] |= 1 << wide(l[1] ^ h[2]);
                acc[2] |= 1 << wide(l[2] ^ h[1]);
                acc[3] |= 1 << wide(l[3] ^ h[0]);
            }
            for (&x, &y) in lr.iter().zip(hr.iter().rev()) {
                acc[0] |= 1 << wide(x ^ y);
            }
            let mask = acc[0] | acc[1] | acc[2] | acc[3];
            if seen.words.is_empty() {
                seen.words.push(0);
            }
            seen.words[0] |= mask;
        } else if low.len() >= 4 * width_of(max_value) {
            // a long run: one byte store per pair, then the bytes folded into the words
            let width = width_of(max_value);
            if seen.bytes.len() < width {
                seen.bytes.resize(width, 0);
            }
            let bytes = &mut seen.bytes[..width];
            mark_pairs(low, high, bytes);
            if seen.words.len() < width / 64 {
                seen.words.resize(width / 64, 0);
            }
            for (word, chunk) in seen.words.iter_mut().zip(bytes.chunks_exact_mut(64)) {
                for (j, b) in chunk.iter_mut().enumerate() {
                    *word |= u64::from(*b) << j;
                    *b = 0;
                }
            }
        } else {
            // every xor is below the next power of two above the largest value: size the
            // bitset once, then one OR per pair
            let words = width_of(max_value) / 64;
            if seen.words.len() < words {
                seen.words.resize(words, 0);
            }
            let bits = &mut seen.words[..words];
            for (&x, &y) in low.iter().zip(high.iter().rev()) {
                let v = wide(x ^ y) as usize;
                bits[v >> 6] |= 1 << (v & 63);
            }
        }
    }
}

/// `bytes[low[i] xor high[len - 1 - i]] = 1` for every i (`bytes.len()` a power of two above
/// every xor): one byte store a pair, eight pairs a step, no read-modify-write chain.
fn mark_pairs<V: Value>(low: &[V], high: &[V], bytes: &mut [u8]) {
    let top = bytes.len() - 1;
    let (lc, hc) = (low.chunks_exact(8), high.rchunks_exact(8));
    let (lr, hr) = (lc.remainder(), hc.remainder());
    for (l, h) in lc.zip(hc) {
        let l: &[V; 8] = l.try_into().expect("eight");
        let h: &[V; 8] = h.try_into().expect("eight");
        for i in 0..8 {
            bytes[wide(l[i] ^ h[7 - i]) as usize & top] = 1;
        }
    }
    for (&x, &y) in lr.iter().zip(hr.iter().rev()) {
        bytes[wide(x ^ y) as usize & top] = 1;
    }
}

/// Marks in `seen` the options of heap m that [`mark_known_options`] left out: those that
/// read a value of `G(known..m)` (at most m - known per move, so O((m - known) x code)).
fn mark_late_options<V: Value>(moves: &Moves, g: &[V], m: usize, known: usize, seen: &mut Seen) {
    for &k in &moves.one {
        if k < m && m - k >= known {
            seen.set(wide(g[m - k]));
        }
    }
    for &k in &moves.split {
        if k + 2 > m || m - k < known {
            continue;
        }
        let s = m - k;
        for a in 1..=(s - known).min(s / 2) {
            seen.set(wide(g[a] ^ g[s - a]));
        }
    }
}

/// Parity of the bits of v under the mask: 0 is rare, 1 common.
#[inline]
fn common(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// The mask with the fewest rare positions, from the histogram of the values at positions
/// `>= 1`, and that count. O(masks x distinct values), masks below 2^12.
fn best_mask(histogram: &[usize]) -> (u32, usize) {
    let bits = usize::BITS - histogram.len().saturating_sub(1).leading_zeros();
    let masks = 1u32 << bits.min(12);
    let mut best = (1, usize::MAX);
    for mask in 1..masks.max(2) {
        let rare: usize = histogram
            .iter()
            .enumerate()
            .filter(|&(v, &count)| count > 0 && !common(v as u32, mask))
            .map(|(_, &count)| count)
            .sum();
        if rare < best.1 {
            best = (mask, rare);
        }
    }
    best
}

/// Every xor of two values up to `max_value` is below this power of two (at least 64). The
/// least common value not reached is below twice it (a mask has bits below it only).
fn width_of(max_value: u32) -> usize {
    (max_value as usize + 1).next_power_of_two().max(64)
}

/// The rare positions (a >= 1, increasing) of the table for one mask, with their values.
struct RareSide<V> {
    mask: u32,
    positions: Vec<u32>,
    values: Vec<V>,
}

impl<V: Value> RareSide<V> {
    fn of(g: &[V], mask: u32) -> Self {
        let positions: Vec<u32> = (1..g.len() as u32)
            .filter(|&a| !common(wide(g[a as usize]), mask))
            .collect();
        let values = positions.iter().map(|&a| g[a as usize]).collect();
        RareSide {
            mask,
            positions,
            values,
        }
    }
}

/// The common candidate for heap n of the table `head ++ fresh` (n = its length): the least
/// common value that no move reaches with a rare side (every common option has one), and,
/// pushed on `targets` in increasing order, the rare values below it that these moves miss.
/// `reached` (2 `width` bytes, zero) is left zero. O(moves x rare positions).
#[allow(clippy::too_many_arguments)]
fn candidate<V: Value>(
    moves: &Moves,
    head: &[V],
    fresh: &[V],
    rare: &RareSide<V>,
    width: usize,
    reached: &mut [u8],
    targets: &mut Vec<u32>,
) -> u32 {
    let base = head.len();
    let n = base + fresh.len();
    let at = |i: usize| if i < base { head[i] } else { fresh[i - base] };
    let top = width - 1;
    for &k in &moves.empty {
        if k == n {
            reached[0] = 1;
        }
    }
    for &k in &moves.one {
        if k < n {
            reached[wide(at(n - k)) as usize] = 1;
        }
    }
    for &k in &moves.split {
        if k + 2 > n {
            continue;
        }
        let s = n - k;
        let count = rare.positions.partition_point(|&a| (a as usize) < s);
        // rare positions a with s - a in `fresh`, then those with s - a in `head`
        let cut = if s >= base {
            rare.positions[..count].partition_point(|&a| a as usize <= s - base)
        } else {
            0
        };
        let (positions, values) = (&rare.positions[..count], &rare.values[..count]);
        if cut > 0 {
            let (p, v) = (&positions[..cut], &values[..cut]);
            mark_rare_pairs(p, v, fresh, s - base, reached, top);
        }
        mark_rare_pairs(&positions[cut..], &values[cut..], head, s, reached, top);
    }
    settle(&mut reached[..2 * width], rare.mask, targets)
}

/// `reached[value xor table[s - a]] = 1` for each rare position a and its value (every
/// `s - a` indexes `table`), eight positions a step (independent loads and stores).
fn mark_rare_pairs<V: Value>(
    positions: &[u32],
    values: &[V],
    table: &[V],
    s: usize,
    reached: &mut [u8],
    top: usize,
) {
    let (pc, vc) = (positions.chunks_exact(8), values.chunks_exact(8));
    let (pr, vr) = (pc.remainder(), vc.remainder());
    let window = &table[..s.min(table.len())];
    for (p, v) in pc.zip(vc) {
        let p: &[u32; 8] = p.try_into().expect("eight");
        let v: &[V; 8] = v.try_into().expect("eight");
        let x: [V; 8] = std::array::from_fn(|i| window[s - p[i] as usize]);
        for i in 0..8 {
            reached[wide(v[i] ^ x[i]) as usize & top] = 1;
        }
    }
    for (&a, &value) in pr.iter().zip(vr) {
        reached[wide(value ^ window[s - a as usize]) as usize & top] = 1;
    }
}

/// From the values reached with a rare side: the least common value c not reached, and,
/// pushed on `targets`, the rare values below c not reached. Leaves `reached` zero.
fn settle(reached: &mut [u8], mask: u32, targets: &mut Vec<u32>) -> u32 {
    let mut c = 0u32;
    while !common(c, mask) || reached[c as usize] == 1 {
        c += 1;
    }
    for r in 0..c {
        if !common(r, mask) && reached[r as usize] == 0 {
            targets.push(r);
        }
    }
    reached.fill(0);
    c
}

/// Marks in `reached` what [`candidate`] marks for heap m, restricted to the options that
/// read only `G(0..known)` (`g` holds at least those; `positions`/`values`: the rare side of
/// `G(1..known)`): emptying moves, one-heap moves below `known`, rare pairs (a, s - a) with
/// s - a below `known`.
fn mark_known_rare_side<V: Value>(
    moves: &Moves,
    g: &[V],
    m: usize,
    known: usize,
    (positions, values): (&[u32], &[V]),
    reached: &mut [u8],
) {
    let top = reached.len() - 1;
    if moves.empty.contains(&m) {
        reached[0] = 1;
    }
    for &k in &moves.one {
        if k < m && m - k < known {
            reached[wide(g[m - k]) as usize & top] = 1;
        }
    }
    for &k in &moves.split {
        if k + 2 > m {
            continue;
        }
        let s = m - k;
        let count = positions.partition_point(|&a| (a as usize) < s);
        // s - a < known for a past `cut`
        let cut = if s >= known {
            positions[..count].partition_point(|&a| a as usize <= s - known)
        } else {
            0
        };
        let (p, v) = (&positions[cut..count], &values[cut..count]);
        mark_rare_pairs(p, v, &g[..known], s, reached, top);
    }
}

/// Marks in `reached` the rest of what [`candidate`] marks for heap m once `G(0..m)` is
/// known: one-heap moves to heaps `>= known`, and the rare pairs (a, s - a) with s - a at
/// least `known` or a itself at least `known` (the rare positions from index `old` on).
fn mark_late_rare_side<V: Value>(
    moves: &Moves,
    g: &[V],
    m: usize,
    known: usize,
    rare: &RareSide<V>,
    old: usize,
    reached: &mut [u8],
) {
    // `reached` has 2 width bytes, every xor is below width
    let top = reached.len() / 2 - 1;
    for &k in &moves.one {
        if k < m && m - k >= known {
            reached[wide(g[m - k]) as usize & top] = 1;
        }
    }
    for &k in &moves.split {
        if k + 2 > m {
            continue;
        }
        let s = m - k;
        let (positions, values) = (&rare.positions[..old], &rare.values[..old]);
        if s >= known {
            let cut = positions.partition_point(|&a| (a as usize) <= s - known);
            mark_rare_pairs(&positions[..cut], &values[..cut], g, s, reached, top);
        }
        let (positions, values) = (&rare.positions[old..], &rare.values[old..]);
        let count = positions.partition_point(|&a| (a as usize) < s);
        mark_rare_pairs(&positions[..count], &values[..count], g, s, reached, top);
    }
}

/// True if `low[i] xor high[len - 1 - i] == r` for some i: sixteen pairs at a time without a
/// branch inside (so the compiler can use vector instructions), stopping at the first hit.
fn reaches<V: Value>(low: &[V], high: &[V], r: V) -> bool {
    let (lc, hc) = (low.chunks_exact(16), high.rchunks_exact(16));
    let (lr, hr) = (lc.remainder(), hc.remainder());
    for (l, h) in lc.zip(hc) {
        let mut hit = false;
        for i in 0..16 {
            hit |= l[i] ^ h[15 - i] == r;
        }
        if hit {
            return true;
        }
    }
    lr.iter().zip(hr.iter().rev()).any(|(&x, &y)| x ^ y == r)
}

/// The buffers of [`first_unreached`].
#[derive(Default)]
struct Verifier {
    /// `hit[v] == 1`: the pass met a pair of value v (2 `width` bytes, zero between calls).
    hit: Vec<u8>,
    /// The targets the pass did not meet, increasing.
    left: Vec<u32>,
    /// `scanned[i]`: the pairs a = 1..=scanned[i] of split digit i were seen by the pass.
    scanned: Vec<usize>,
}

impl Verifier {
    fn fit(&mut self, width: usize) {
        if self.hit.len() < 2 * width {
            self.hit.resize(2 * width, 0);
        }
    }
}

/// Pairs of a round of the pass of [`first_unreached`], and the most pairs of the pass.
const ROUND: usize = 256;
const PASS: usize = 2048;

/// The least of `targets` (increasing) that no split of heap n reaches, if any (`g` holds at
/// least `G(0..n)`, every value below `width`; `verifier` fitted to `width`).
///
/// A pass over the first pairs of the splits marks their values, one byte store a pair, in
/// rounds of 256 pairs; after each round the targets met are dropped (a coupon collector), up
/// to 2048 pairs. The targets left are then looked for one by one, in increasing order, with
/// a plain equality scan (which vectorises) over the pairs the pass did not see: the first
/// never met is the answer, at the cost of one full scan.
fn first_unreached<V: Value>(
    moves: &Moves,
    g: &[V],
    n: usize,
    targets: &[u32],
    width: usize,
    verifier: &mut Verifier,
) -> Option<u32> {
    let Verifier { hit, left, scanned } = verifier;
    left.clear();
    left.extend_from_slice(targets);
    let mut budget = if left.len() <= 2 { 0 } else { PASS };
    scanned.clear();
    scanned.resize(moves.split.len(), 0);
    'pass: for (i, &k) in moves.split.iter().enumerate() {
        if k + 2 > n {
            continue;
        }
        let s = n - k;
        let end = (s / 2).min(budget);
        let mut done = 0;
        while done < end && !left.is_empty() {
            let stop = (done + ROUND).min(end);
            // pairs a = done + 1..=stop
            mark_pairs(
                &g[done + 1..=stop],
                &g[s - stop..s - done],
                &mut hit[..width],
            );
            done = stop;
            left.retain(|&r| hit[r as usize] == 0);
        }
        hit[..width].fill(0);
        scanned[i] = done;
        budget -= done;
        if left.is_empty() || budget == 0 {
            break 'pass;
        }
    }
    left.iter().copied().find(|&r| {
        let value = V::try_from(r)
            .ok()
            .expect("a target is below a stored value");
        !moves.split.iter().zip(scanned.iter()).any(|(&k, &done)| {
            k + 2 <= n && {
                let (s, start) = (n - k, done + 1);
                let half = s / 2;
                start <= half && reaches(&g[start..=half], &g[s - half..=s - start], value)
            }
        })
    })
}

/// The reusable buffers of the rare/common method, one byte per value (a byte store has no
/// read-modify-write chain, unlike a bit in a word).
#[derive(Default)]
struct Scratch {
    /// `reached[v] == 1`: some option found so far has value v.
    reached: Vec<u8>,
    /// The rare values below the candidate that the rare side misses.
    targets: Vec<u32>,
    verifier: Verifier,
}

impl Scratch {
    /// Byte maps for values below 2 `width`.
    fn fit(&mut self, width: usize) {
        if self.reached.len() < 2 * width {
            self.reached.resize(2 * width, 0);
        }
        self.verifier.fit(width);
    }
}

/// The speculative candidates of a block of heaps (all common values), with their targets.
#[derive(Default)]
struct Block<V> {
    values: Vec<V>,
    /// `targets[ends[i - 1]..ends[i]]`: the targets of the i-th heap of the block.
    targets: Vec<u32>,
    ends: Vec<usize>,
}

/// Heaps in a block of the two-thread pipeline: 256 at first, doubling after each block
/// verified whole, up to 4096.
const FIRST_BLOCK: usize = 256;
const MAX_BLOCK: usize = 4096;
/// Heaps in a block of the parallel plain method, and of the rare/common method's blocks.
const PLAIN_BLOCK: usize = 256;
const SPARSE_BLOCK: usize = 512;

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
enum Stop {
    /// Done (the period, if proved).
    Done(Option<(u64, u64)>),
    /// A value does not fit the stored type: widen and go on.
    Widen,
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
        }
    }
}

impl<V: Value> Engine<V> {
    fn new(moves: Moves, method: OctalMethod, capacity: usize, tuning: Tuning) -> Self {
        let method = if moves.split.is_empty() {
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
    fn check(
        &mut self,
        n: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<(u64, u64)> {
        if n + 1 < self.next_check {
            return None;
        }
        progress(n + 1);
        self.next_check = if n < 1024 { n + 2 } else { n + 1 + n / 16 };
        if n >= to {
            return guy_smith(&self.g[..=n], self.moves.length);
        }
        None
    }

    /// Computes on until a period is proved past `to`, or heap `limit` is done.
    fn run(&mut self, to: usize, limit: usize, progress: &mut impl FnMut(usize)) -> Stop {
        while self.g.len() <= limit {
            let n = self.g.len();
            if n == self.next_mask_choice
                && self.method != OctalMethod::Naive
                && !self.moves.split.is_empty()
            {
                self.choose_mask();
            }
            if self.rare.is_some()
                && n >= self.calm_from.max(self.tuning.pipeline_from)
                && rayon::current_num_threads() >= 2
            {
                // up to the next mask choice: both cores, a block at a time
                let end = self.next_mask_choice.min(limit + 1);
                if let Some(stop) = self.pipeline(end, to, progress) {
                    return stop;
                }
                continue;
            }
            if self.rare.is_some()
                && n >= self.tuning.parallel_from
                && rayon::current_num_threads() >= 2
            {
                // rare values too frequent for the pipeline: blocks of heaps
                let end = self.next_mask_choice.min(limit + 1);
                if let Some(stop) = self.sparse_block(end, to, progress) {
                    return stop;
                }
                continue;
            }
            if self.rare.is_none()
                && !self.moves.split.is_empty()
                && n >= self.tuning.parallel_from
                && rayon::current_num_threads() >= 2
            {
                let end = if self.method == OctalMethod::Naive {
                    limit + 1
                } else {
                    self.next_mask_choice.min(limit + 1)
                };
                if let Some(stop) = self.plain_block(end, to, progress) {
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
        Stop::Done(guy_smith(&self.g, self.moves.length))
    }

    /// The heaps from `g.len()` up to `end` (excluded, at most `size` of them) on every
    /// thread: `early(engine, m, known)` marks, for every heap m of the block in parallel, the
    /// options that read only `G(0..known)` (the values before the block); then, heap by heap,
    /// `finish(engine, m, known, marks)` adds the others and returns `G(m)` (`None`: it does
    /// not fit `V`). Exact: every option is marked once. Returns `Some` when the run is over.
    #[allow(clippy::too_many_arguments)]
    fn by_blocks<M: Send>(
        &mut self,
        end: usize,
        size: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
        early: impl Fn(&Self, usize, usize) -> M + Sync,
        mut finish: impl FnMut(&mut Self, usize, usize, M) -> Option<V>,
    ) -> Option<Stop> {
        let known = self.g.len();
        let count = (end - known).min(size);
        let engine = &*self;
        let marks: Vec<M> = (known..known + count)
            .into_par_iter()
            .map(|m| early(engine, m, known))
            .collect();
        for (m, marks) in (known..).zip(marks) {
            let Some(v) = finish(self, m, known, marks) else {
                return Some(Stop::Widen);
            };
            self.push(v);
            if let Some(period) = self.check(m, to, progress) {
                return Some(Stop::Done(Some(period)));
            }
        }
        None
    }

    /// The plain method on every thread, a block of `PLAIN_BLOCK` heaps at a time (see
    /// [`Engine::by_blocks`], [`mark_known_options`], [`mark_late_options`]).
    fn plain_block(
        &mut self,
        end: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<Stop> {
        let words = width_of(self.max_value) / 64;
        let early = |engine: &Self, m: usize, known: usize| {
            let mut seen = Seen {
                words: vec![0; words],
                bytes: Vec::new(),
            };
            mark_known_options(
                &engine.moves,
                &engine.g,
                m,
                known,
                &mut seen,
                engine.max_value,
            );
            seen.words
        };
        let finish = |engine: &mut Self, m: usize, known: usize, words: Vec<u64>| {
            let mut seen = Seen {
                words,
                bytes: Vec::new(),
            };
            mark_late_options(&engine.moves, &engine.g, m, known, &mut seen);
            V::try_from(seen.mex()).ok()
        };
        self.by_blocks(end, PLAIN_BLOCK, to, progress, early, finish)
    }

    /// The rare/common method on every thread while rare values come too often for the
    /// pipeline, a block of `SPARSE_BLOCK` heaps at a time (see [`Engine::by_blocks`]): the
    /// rare-side options known before the block in parallel, then each heap adds the rest,
    /// takes its candidate and proves it (or finds the rare mex).
    fn sparse_block(
        &mut self,
        end: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<Stop> {
        let width = width_of(self.max_value);
        // the rare positions before the block; those found in the block come after
        let old = self.rare.as_ref().expect("sparse").positions.len();
        let early = |engine: &Self, m: usize, known: usize| {
            let rare = engine.rare.as_ref().expect("sparse");
            let side = (&rare.positions[..old], &rare.values[..old]);
            let mut reached = vec![0u8; width];
            mark_known_rare_side(&engine.moves, &engine.g, m, known, side, &mut reached);
            reached
        };
        let finish = |engine: &mut Self, m: usize, known: usize, mut reached: Vec<u8>| {
            let width = width_of(engine.max_value);
            reached.resize(2 * width, 0);
            let rare = engine.rare.as_ref().expect("sparse");
            mark_late_rare_side(&engine.moves, &engine.g, m, known, rare, old, &mut reached);
            let scratch = &mut engine.scratch;
            scratch.targets.clear();
            let c = settle(&mut reached, rare.mask, &mut scratch.targets);
            V::try_from(c).ok()?;
            scratch.verifier.fit(width);
            let targets = &scratch.targets;
            let v = first_unreached(
                &engine.moves,
                &engine.g,
                m,
                targets,
                width,
                &mut scratch.verifier,
            );
            V::try_from(v.unwrap_or(c)).ok()
        };
        self.by_blocks(end, SPARSE_BLOCK, to, progress, early, finish)
    }

    /// The sparse method on two threads, from `g.len()` up to heap `end` (excluded): one
    /// thread computes the common candidates of the next block as if they were the values
    /// (they are, unless a rare value is the mex) while the other proves, for the block
    /// before, that every rare value below the candidate is reached. A block that fails
    /// at heap n keeps its verified heaps, takes the rare value at n, and drops the rest.
    /// Returns `Some` when the run is over (period proved, or a value too wide).
    fn pipeline(
        &mut self,
        end: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<Stop> {
        let mut ahead = Block::<V>::default(); // candidates computed, not yet verified
        let mut verified = self.g.len();
        let mut block = FIRST_BLOCK;
        loop {
            // the block verified in this round: g[verified..]; the one computed: g.len()..next
            let next = (self.g.len() + block).min(end);
            let width = width_of(self.max_value);
            let (g, moves, rare) = (&self.g, &self.moves, self.rare.as_ref().expect("sparse"));
            let Scratch {
                reached, verifier, ..
            } = &mut self.scratch;
            verifier.fit(width);
            let mut fresh = Block::<V>::default();
            let (failure, overflow) = rayon::join(
                || {
                    let mut start = 0;
                    for (i, &stop) in ahead.ends.iter().enumerate() {
                        let n = verified + i;
                        let targets = &ahead.targets[start..stop];
                        start = stop;
                        if let Some(r) = first_unreached(moves, g, n, targets, width, verifier) {
                            return Some((n, r));
                        }
                    }
                    None
                },
                || {
                    let mut top = width;
                    if reached.len() < 2 * top {
                        reached.resize(2 * top, 0);
                    }
                    for _ in g.len()..next {
                        let c = candidate(
                            moves,
                            g,
                            &fresh.values,
                            rare,
                            top,
                            reached,
                            &mut fresh.targets,
                        );
                        let Ok(v) = V::try_from(c) else {
                            fresh
                                .targets
                                .truncate(fresh.ends.last().copied().unwrap_or(0));
                            return true;
                        };
                        fresh.values.push(v);
                        fresh.ends.push(fresh.targets.len());
                        if width_of(c) > top {
                            top = width_of(c);
                            if reached.len() < 2 * top {
                                reached.resize(2 * top, 0);
                            }
                        }
                    }
                    false
                },
            );
            // the verified heaps: g[verified..failure or g.len()]
            let good = failure.map_or(self.g.len(), |(n, _)| n);
            for n in verified..good {
                self.account(n);
                if let Some(period) = self.check(n, to, progress) {
                    self.g.truncate(n + 1);
                    return Some(Stop::Done(Some(period)));
                }
            }
            if let Some((n, r)) = failure {
                // a rare value is the mex at n: everything computed after it is dropped
                self.g.truncate(n);
                self.push(V::try_from(r).ok().expect("below the candidate"));
                return self.check(n, to, progress).map(|p| Stop::Done(Some(p)));
            }
            verified = self.g.len();
            if fresh.values.is_empty() {
                return overflow.then_some(Stop::Widen);
            }
            self.max_value = fresh
                .values
                .iter()
                .fold(self.max_value, |m, &v| m.max(wide(v)));
            self.g.extend_from_slice(&fresh.values);
            ahead = fresh;
            block = (block * 2).min(MAX_BLOCK);
        }
    }
}

impl<V: Value> Engine<V> {
    fn finish(self, period: Option<(u64, u64)>) -> OctalRun {
        OctalRun {
            values: PeriodicValues {
                values: self.g.iter().map(|&v| u64::from(wide(v))).collect(),
                period,
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
/// they fit). Fails with `StateLimit` only if `limit` exceeds `max_states`.
pub fn octal_values(
    code: &OctalCode,
    to: usize,
    limit: usize,
    method: OctalMethod,
    max_states: usize,
    mut progress: impl FnMut(usize),
) -> Result<OctalRun> {
    let limit = limit.max(to);
    if limit >= max_states {
        return Err(GrundyError::StateLimit {
            limit: max_states,
            what: format!("the table of octal {code} up to {limit}"),
        });
    }
    let capacity = limit.min(1 << 24) + 1;
    let mut narrow = Engine::<u16>::new(Moves::of(code), method, capacity, Tuning::default());
    if let Stop::Done(period) = narrow.run(to, limit, &mut progress) {
        return Ok(narrow.finish(period));
    }
    let mut wide = narrow.widen();
    match wide.run(to, limit, &mut progress) {
        Stop::Done(period) => Ok(wide.finish(period)),
        Stop::Widen => Err(GrundyError::Overflow(format!(
            "a Grundy value of octal {code} above 2^32"
        ))),
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
            engine.run(limit, limit, &mut |_| {}),
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
                    narrow.run(700, 700, &mut |_| {});
                    let mut wide_engine = narrow.widen();
                    wide_engine.run(2000, 2000, &mut |_| {});
                    wide_engine.g
                });
                assert_eq!(got, want, "{code} {method:?}");
                let got = pool.install(|| run_with::<u32>(&code, method, 2000, NO_PIPELINE));
                assert_eq!(got, want, "{code}");
            }
        }
    }
}
