//! The octal-game engine: Grundy values by the mex recurrence, plain or with the rare/common
//! ("sparse space") method, until a period is proved.

use crate::error::{GrundyError, Result};
use crate::games::OctalCode;
use crate::periodic::PeriodicValues;
use crate::table::period::guy_smith;

/// How the values of an octal game are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OctalMethod {
    /// The sparse method when the values so far have a good mask, else the plain loop.
    Auto,
    /// The plain mex recurrence with a bitset: O(n) per value for codes that split.
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

/// A reusable bitset of values seen, cleared word by word.
struct Seen {
    words: Vec<u64>,
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

/// The reusable buffers of the rare/common method, one byte per value (a byte store has no
/// read-modify-write chain, unlike a bit in a word).
struct Scratch {
    /// `reached[v] == 1`: some option found so far has value v.
    reached: Vec<u8>,
    /// `target[v] == 1`: v is a rare value below the common candidate, not reached yet.
    target: Vec<u8>,
    /// The values at the rare positions, beside the positions.
    rare_values: Vec<u32>,
    /// `scanned[i]`: pairs `a = 1..=scanned[i]` of split digit i were marked by the pass.
    scanned: Vec<usize>,
}

/// `G(n)` by the plain recurrence, given `G(0..n)`.
fn naive_value(moves: &Moves, g: &[u32], n: usize, seen: &mut Seen, max_value: u32) -> u32 {
    if moves.empty.contains(&n) {
        seen.set(0);
    }
    for &k in &moves.one {
        if k < n {
            seen.set(g[n - k]);
        }
    }
    for &k in &moves.split {
        if k + 2 > n {
            continue;
        }
        let s = n - k;
        let half = s / 2;
        if max_value < 64 {
            // every xor is below 64: one word
            let (low, high) = (&g[1..=half], &g[s - half..s]);
            // four independent accumulators keep the OR chain from serialising the loop;
            // low[i] pairs with high[half - 1 - i]
            let mut acc = [0u64; 4];
            let (lc, hc) = (low.chunks_exact(4), high.rchunks_exact(4));
            let (lr, hr) = (lc.remainder(), hc.remainder());
            for (l, h) in lc.zip(hc) {
                acc[0] |= 1 << (l[0] ^ h[3]);
                acc[1] |= 1 << (l[1] ^ h[2]);
                acc[2] |= 1 << (l[2] ^ h[1]);
                acc[3] |= 1 << (l[3] ^ h[0]);
            }
            for (x, y) in lr.iter().zip(hr.iter().rev()) {
                acc[0] |= 1 << (x ^ y);
            }
            let mask = acc[0] | acc[1] | acc[2] | acc[3];
            if seen.words.is_empty() {
                seen.words.push(0);
            }
            seen.words[0] |= mask;
        } else {
            // every xor is below the next power of two above the largest value: size the
            // bitset once, then one OR per pair
            let words = ((max_value as usize + 1).next_power_of_two() / 64).max(1);
            if seen.words.len() < words {
                seen.words.resize(words, 0);
            }
            let bits = &mut seen.words[..words];
            let (low, high) = (&g[1..=half], &g[s - half..s]);
            for (x, y) in low.iter().zip(high.iter().rev()) {
                let v = (x ^ y) as usize;
                bits[v >> 6] |= 1 << (v & 63);
            }
        }
    }
    let v = seen.mex();
    seen.clear();
    v
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

/// Computes `G(0..)` of `code` by the mex recurrence: at least up to heap `to`, then on until
/// the Guy-Smith theorem proves a period or `limit` heaps are done (`limit >= to`). Stops early,
/// at the first heap past `to` where a period is proved (checked at every heap up to 1024, then
/// each time the table grows by 1/16).
///
/// **Plain method**: a bitset mex; the split moves `G(a) xor G(s - a)` are read from two
/// streams of the table, one forward and one backward, into one word while values stay below
/// 64. O(n) per value for codes that split, O(code length) otherwise.
///
/// **Rare/common method** (Berlekamp's sparse space; Gangolli and Plambeck; Flammenkamp): for
/// a mask m, call v *common* if `v & m` has an odd number of bits, else *rare*. A common xor
/// needs exactly one rare side, so the common values among the splits of s are found from the
/// few rare positions a alone (`G(a) xor G(s - a)`); the least common value c not found bounds
/// the mex, and one pass over all splits marks the rare values below c, stopping as soon as
/// every one is reached (the least one never reached is the mex). Exact for any mask; fast when rare positions are few. `Auto` picks the mask with the
/// fewest rare positions over the first values and uses it when under 1 in 8 positions is
/// rare, going back to the plain loop if rare positions stop being rare.
///
/// **Complexity**: plain O(n^2) for splitting codes; sparse about O(n (r + 1)) for r rare
/// positions. O(n) memory (4 bytes a value). Fails with `StateLimit` only if `limit` exceeds
/// `max_states`.
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
    let moves = Moves::of(code);
    let mut g: Vec<u32> = Vec::with_capacity(limit.min(1 << 24) + 1);
    let mut seen = Seen { words: vec![] };
    let mut max_value = 0u32;
    let mut next_check = 1usize;
    // the sparse method's mask is chosen at 512 values and chosen again each time the table
    // doubles (the values' structure settles as they grow)
    let mut next_mask_choice = 512usize;
    let mut histogram: Vec<usize> = Vec::new();
    let mut sparse: Option<u32> = None;
    let mut rare: Vec<u32> = Vec::new(); // rare positions a >= 1, increasing
    let mut used = if moves.split.is_empty() {
        OctalMethod::Naive
    } else {
        method
    };
    let mut scratch = Scratch {
        reached: Vec::new(),
        target: Vec::new(),
        rare_values: Vec::new(),
        scanned: Vec::new(),
    };
    while g.len() <= limit {
        let n = g.len();
        if n == next_mask_choice && used != OctalMethod::Naive && !moves.split.is_empty() {
            next_mask_choice *= 2;
            let (mask, count) = best_mask(&histogram);
            if method == OctalMethod::Sparse || count * 8 < n {
                if sparse != Some(mask) {
                    sparse = Some(mask);
                    rare = (1..n as u32)
                        .filter(|&a| !common(g[a as usize], mask))
                        .collect();
                    scratch.rare_values = rare.iter().map(|&a| g[a as usize]).collect();
                }
            } else {
                sparse = None;
            }
        }
        let v = match sparse {
            Some(mask) => sparse_value(&moves, &g, n, mask, &rare, &mut scratch, max_value),
            None => naive_value(&moves, &g, n, &mut seen, max_value),
        };
        g.push(v);
        max_value = max_value.max(v);
        if n > 0 {
            if histogram.len() <= v as usize {
                histogram.resize(v as usize + 1, 0);
            }
            histogram[v as usize] += 1;
        }
        if let Some(mask) = sparse {
            if n > 0 && !common(v, mask) {
                rare.push(n as u32);
                scratch.rare_values.push(v);
            }
        }
        if n + 1 >= next_check {
            progress(n + 1);
            if n >= to {
                if let Some(period) = guy_smith(&g, moves.length) {
                    let used = if sparse.is_some() {
                        OctalMethod::Sparse
                    } else {
                        OctalMethod::Naive
                    };
                    return Ok(finish(g, Some(period), used, sparse));
                }
            }
            next_check = if n < 1024 { n + 2 } else { n + 1 + n / 16 };
        }
    }
    used = if sparse.is_some() {
        OctalMethod::Sparse
    } else {
        OctalMethod::Naive
    };
    let period = guy_smith(&g, moves.length);
    Ok(finish(g, period, used, sparse))
}

fn finish(
    g: Vec<u32>,
    period: Option<(u64, u64)>,
    method: OctalMethod,
    mask: Option<u32>,
) -> OctalRun {
    OctalRun {
        values: PeriodicValues {
            values: g.into_iter().map(u64::from).collect(),
            period,
        },
        method: if method == OctalMethod::Auto {
            OctalMethod::Naive
        } else {
            method
        },
        mask,
    }
}

/// True if `low[i] xor high[len - 1 - i] == r` for some i: eight pairs at a time without a
/// branch inside (so the compiler can use vector instructions), stopping at the first hit.
fn reaches(low: &[u32], high: &[u32], r: u32) -> bool {
    let (lc, hc) = (low.chunks_exact(8), high.rchunks_exact(8));
    let (lr, hr) = (lc.remainder(), hc.remainder());
    for (l, h) in lc.zip(hc) {
        let mut hit = false;
        for i in 0..8 {
            hit |= l[i] ^ h[7 - i] == r;
        }
        if hit {
            return true;
        }
    }
    lr.iter().zip(hr.iter().rev()).any(|(x, y)| x ^ y == r)
}

/// `G(n)` by the rare/common method.
fn sparse_value(
    moves: &Moves,
    g: &[u32],
    n: usize,
    mask: u32,
    rare: &[u32],
    scratch: &mut Scratch,
    max_value: u32,
) -> u32 {
    let Scratch {
        reached,
        target,
        rare_values,
        scanned,
    } = scratch;
    // every xor of two values is below the next power of two above the largest, `width`; the
    // least common value not reached is below 2 width (the mask has bits below width only)
    let width = (max_value as usize + 1).next_power_of_two().max(64);
    if reached.len() < 2 * width {
        reached.resize(2 * width, 0);
        target.resize(2 * width, 0);
    }
    let (reached, target) = (&mut reached[..2 * width], &mut target[..2 * width]);
    for &k in &moves.empty {
        if k == n {
            reached[0] = 1;
        }
    }
    for &k in &moves.one {
        if k < n {
            reached[g[n - k] as usize] = 1;
        }
    }
    // every split with a rare side: all the common values among the options, and some rare ones
    for &k in &moves.split {
        if k + 2 > n {
            continue;
        }
        let s = n - k;
        let count = rare.partition_point(|&a| (a as usize) < s);
        for (&a, &value) in rare[..count].iter().zip(&rare_values[..count]) {
            reached[((value ^ g[s - a as usize]) as usize) & (width - 1)] = 1;
        }
    }
    // the least common value not seen
    let mut c = 0u32;
    while !common(c, mask) || reached[c as usize] == 1 {
        c += 1;
    }
    // the rare values below c not reached yet
    let mut missing = 0usize;
    for r in 0..c {
        if !common(r, mask) && reached[r as usize] == 0 {
            target[r as usize] = 1;
            missing += 1;
        }
    }
    // One pass over the first pairs of the splits clears targets as they come (a coupon
    // collector, branch-free: a hit subtracts one); it stops when all are reached or after
    // 1024 pairs. The targets left are then looked for one by one with a plain equality scan
    // (which vectorises): the first never reached is the mex. A rare mex costs one full scan.
    let mut budget = if missing <= 2 { 0 } else { 1024usize };
    scanned.clear();
    scanned.resize(moves.split.len(), 0);
    'pass: for (i, &k) in moves.split.iter().enumerate() {
        if missing == 0 || budget == 0 {
            break;
        }
        if k + 2 > n {
            continue;
        }
        let s = n - k;
        let end = (s / 2).min(budget);
        budget -= end;
        let (low, high) = (&g[1..=end], &g[s - end..s]);
        let mut done = 0;
        for (l, h) in low.chunks(32).zip(high.rchunks(32)) {
            for (x, y) in l.iter().zip(h.iter().rev()) {
                let v = ((x ^ y) as usize) & (width - 1);
                missing -= target[v] as usize;
                target[v] = 0;
            }
            done += l.len();
            if missing == 0 {
                scanned[i] = done;
                break 'pass;
            }
        }
        scanned[i] = end;
    }
    let mut value = c;
    if missing > 0 {
        for r in 0..c {
            if target[r as usize] == 0 {
                continue;
            }
            target[r as usize] = 0;
            let reached = moves.split.iter().zip(scanned.iter()).any(|(&k, &done)| {
                k + 2 <= n && {
                    let (s, start) = (n - k, done + 1);
                    let half = s / 2;
                    start <= half && reaches(&g[start..=half], &g[s - half..=s - start], r)
                }
            });
            if !reached {
                value = r;
                break;
            }
        }
    }
    reached.fill(0);
    target.fill(0);
    value
}
