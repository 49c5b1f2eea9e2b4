//! The plain method: every option of a heap marked, then the mex.

use super::{wide, width_of, Moves, Value};

#[derive(Default)]
pub(super) struct Seen {
    pub(super) words: Vec<u64>,
    /// One byte per value, for long runs of marks (a byte store has no read-modify-write
    /// chain through a shared word); folded into `words` after the run.
    pub(super) bytes: Vec<u8>,
}

impl Seen {
    #[inline]
    pub(super) fn set(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v & 63);
    }

    pub(super) fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// The least value not set.
    pub(super) fn mex(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return i as u32 * 64 + (!w).trailing_zeros();
            }
        }
        self.words.len() as u32 * 64
    }
}

/// `G(n)` by the plain recurrence, given `G(0..n)`.
pub(super) fn naive_value<V: Value>(
    moves: &Moves,
    g: &[V],
    n: usize,
    seen: &mut Seen,
    max_value: u32,
) -> u32 {
    mark_known_options(moves, g, n, n, seen, max_value);
    let v = seen.mex();
    seen.clear();
    v
}

/// Marks in `seen` the values of the options of heap m that read only `G(0..known)`
/// (`known <= m`, every value there at most `max_value`): emptying moves, one-heap moves to
/// heaps below `known`, and the splits (a, s - a) with s - a below `known`. With `known = m`,
/// every option. O(m) for codes that split.
pub(super) fn mark_known_options<V: Value>(
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
        let half = moves.half(s);
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
pub(super) fn mark_pairs<V: Value>(low: &[V], high: &[V], bytes: &mut [u8]) {
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
pub(super) fn mark_late_options<V: Value>(
    moves: &Moves,
    g: &[V],
    m: usize,
    known: usize,
    seen: &mut Seen,
) {
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
        for a in 1..=(s - known).min(moves.half(s)) {
            seen.set(wide(g[a] ^ g[s - a]));
        }
    }
}

/// For codes whose moves leave three heaps: `sets[m]`, the values `G(a) xor G(m - a)` of the
/// splits of m into two non-empty heaps, as bitsets; then a three-heap split of r into
/// `a + (r - a)` reads `G(a) xor P(r - a)` (the two-heap xor sets the issue of hexadecimal
/// codes calls for: O(r) set reads per heap, not O(r^2) triples).
#[derive(Default)]
pub(super) struct PairSets {
    sets: Vec<Vec<u64>>,
}

impl PairSets {
    /// Computes `P(m)` for every `m < n` not yet known (needs `G(0..n-1)`). O(m) each.
    pub(super) fn extend_to<V: Value>(&mut self, n: usize, g: &[V]) {
        while self.sets.len() < n {
            let m = self.sets.len();
            let mut words: Vec<u64> = Vec::new();
            for a in 1..=m / 2 {
                let v = wide(g[a] ^ g[m - a]);
                let w = (v >> 6) as usize;
                if w >= words.len() {
                    words.resize(w + 1, 0);
                }
                words[w] |= 1 << (v & 63);
            }
            self.sets.push(words);
        }
    }
}

/// Marks in `seen` the values of the three-heap options of heap n (`pairs` known below n):
/// for each removal k and split of `r = n - k` into a heap a and a pair of heaps summing to
/// `r - a`, every `G(a) xor x` with x in `P(r - a)`. The sets are first gathered by the value
/// of `G(a)` (a word-wise OR), then each union is moved by its value once (the xor of a
/// bitset by v: blocks swapped within words, words swapped by the high bits) and added.
///
/// **Complexity**: O(r W + d W) per removal, W words per set and d distinct values.
pub(super) fn mark_three_heap_options<V: Value>(
    moves: &Moves,
    g: &[V],
    pairs: &PairSets,
    n: usize,
    seen: &mut Seen,
    unions: &mut Vec<Vec<u64>>,
) {
    for &k in &moves.three {
        if k + 3 > n {
            continue;
        }
        let r = n - k;
        for (a, &ga) in g.iter().enumerate().take(r - 1).skip(1) {
            let v = wide(ga) as usize;
            if unions.len() <= v {
                unions.resize(v + 1, Vec::new());
            }
            let (union, set) = (&mut unions[v], &pairs.sets[r - a]);
            if union.len() < set.len() {
                union.resize(set.len(), 0);
            }
            for (u, &w) in union.iter_mut().zip(set) {
                *u |= w;
            }
        }
        for (v, union) in unions.iter_mut().enumerate() {
            if union.iter().any(|&w| w != 0) {
                or_xor_moved(union, v as u32, &mut seen.words);
                union.iter_mut().for_each(|w| *w = 0);
            }
        }
    }
}

/// `out |= { x xor v : x in set }` for bitsets of 64-bit words.
fn or_xor_moved(set: &[u64], v: u32, out: &mut Vec<u64>) {
    let high = (v >> 6) as usize;
    let span = set.len().max(high + 1).next_power_of_two();
    if out.len() < span {
        out.resize(span, 0);
    }
    for (w, &word) in set.iter().enumerate() {
        if word != 0 {
            out[w ^ high] |= xor_within_word(word, v & 63);
        }
    }
}

/// The bits of `word` moved from position i to `i xor low` (low < 64): for each bit b of low,
/// the blocks of 2^b bits swapped pairwise.
fn xor_within_word(mut word: u64, low: u32) -> u64 {
    const BLOCKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (b, &m) in BLOCKS.iter().enumerate() {
        if low >> b & 1 == 1 {
            let s = 1 << b;
            word = ((word & m) << s) | ((word >> s) & m);
        }
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_moves_every_bit() {
        for v in [0u32, 1, 5, 63, 64, 130, 255] {
            let set = [0x8000_0000_0000_0001u64, 0x10, 0, 0x4000];
            let mut out = Vec::new();
            or_xor_moved(&set, v, &mut out);
            for x in 0..256u32 {
                let inside = set
                    .get((x >> 6) as usize)
                    .is_some_and(|w| w >> (x & 63) & 1 == 1);
                let y = x ^ v;
                let moved = out
                    .get((y >> 6) as usize)
                    .is_some_and(|w| w >> (y & 63) & 1 == 1);
                assert_eq!(inside, moved, "v {v} x {x}");
            }
        }
    }
}
