//! The rare/common ("sparse space") method: candidates from the rare side, targets proved
//! by a coupon pass and vectorised scans.

use super::plain::mark_pairs;
use super::{wide, Moves, Value};

/// Parity of the bits of v under the mask: 0 is rare, 1 common.
#[inline]
pub(super) fn common(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// The mask with the fewest rare positions, from the histogram of the values at positions
/// `>= 1`, and that count. O(masks x distinct values), masks below 2^12.
pub(super) fn best_mask(histogram: &[usize]) -> (u32, usize) {
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

/// The rare positions (a >= 1, increasing) of the table for one mask, with their values.
pub(super) struct RareSide<V> {
    pub(super) mask: u32,
    pub(super) positions: Vec<u32>,
    pub(super) values: Vec<V>,
}

impl<V: Value> RareSide<V> {
    pub(super) fn of(g: &[V], mask: u32) -> Self {
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
pub(super) fn candidate<V: Value>(
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
            mark_rare_pairs(p, v, fresh, s - base, reached, top, moves.equal_part(s));
        }
        let skip = moves.equal_part(s);
        mark_rare_pairs(
            &positions[cut..],
            &values[cut..],
            head,
            s,
            reached,
            top,
            skip,
        );
    }
    settle(&mut reached[..2 * width], rare.mask, targets)
}

/// `reached[value xor table[s - a]] = 1` for each rare position a and its value (every
/// `s - a` indexes `table`), eight positions a step (independent loads and stores).
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_rare_pairs<V: Value>(
    positions: &[u32],
    values: &[V],
    table: &[V],
    s: usize,
    reached: &mut [u8],
    top: usize,
    skip: Option<usize>,
) {
    // the pair (a, a) of an unequal split is not a move: leave its position out
    if let Some(i) = skip.and_then(|a| positions.binary_search(&(a as u32)).ok()) {
        mark_rare_pairs(&positions[..i], &values[..i], table, s, reached, top, None);
        let (p, v) = (&positions[i + 1..], &values[i + 1..]);
        mark_rare_pairs(p, v, table, s, reached, top, None);
        return;
    }
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
pub(super) fn settle(reached: &mut [u8], mask: u32, targets: &mut Vec<u32>) -> u32 {
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
pub(super) fn mark_known_rare_side<V: Value>(
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
        mark_rare_pairs(p, v, &g[..known], s, reached, top, moves.equal_part(s));
    }
}

/// Marks in `reached` the rest of what [`candidate`] marks for heap m once `G(0..m)` is
/// known: one-heap moves to heaps `>= known`, and the rare pairs (a, s - a) with s - a at
/// least `known` or a itself at least `known` (the rare positions from index `old` on).
pub(super) fn mark_late_rare_side<V: Value>(
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
            let skip = moves.equal_part(s);
            mark_rare_pairs(&positions[..cut], &values[..cut], g, s, reached, top, skip);
        }
        let (positions, values) = (&rare.positions[old..], &rare.values[old..]);
        let count = positions.partition_point(|&a| (a as usize) < s);
        let skip = moves.equal_part(s);
        mark_rare_pairs(
            &positions[..count],
            &values[..count],
            g,
            s,
            reached,
            top,
            skip,
        );
    }
}

/// True if `low[i] xor high[len - 1 - i] == r` for some i: sixteen pairs at a time without a
/// branch inside (so the compiler can use vector instructions), stopping at the first hit.
pub(super) fn reaches<V: Value>(low: &[V], high: &[V], r: V) -> bool {
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
pub(super) struct Verifier {
    /// `hit[v] == 1`: the pass met a pair of value v (2 `width` bytes, zero between calls).
    pub(super) hit: Vec<u8>,
    /// The targets the pass did not meet, increasing.
    pub(super) left: Vec<u32>,
    /// `scanned[i]`: the pairs `a = 1..=scanned[i]` of split digit i were seen by the pass.
    pub(super) scanned: Vec<usize>,
}

impl Verifier {
    pub(super) fn fit(&mut self, width: usize) {
        if self.hit.len() < 2 * width {
            self.hit.resize(2 * width, 0);
        }
    }
}

/// Pairs of a round of the pass of [`first_unreached`], and the most pairs of the pass.
pub(super) const ROUND: usize = 256;
pub(super) const PASS: usize = 2048;

/// The least of `targets` (increasing) that no split of heap n reaches, if any (`g` holds at
/// least `G(0..n)`, every value below `width`; `verifier` fitted to `width`).
///
/// A pass over the first pairs of the splits marks their values, one byte store a pair, in
/// rounds of 256 pairs; after each round the targets met are dropped (a coupon collector), up
/// to 2048 pairs. The targets left are then looked for one by one, in increasing order, with
/// a plain equality scan (which vectorises) over the pairs the pass did not see: the first
/// never met is the answer, at the cost of one full scan.
pub(super) fn first_unreached<V: Value>(
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
        let end = moves.half(s).min(budget);
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
                let half = moves.half(s);
                start <= half && reaches(&g[start..=half], &g[s - half..=s - start], value)
            }
        })
    })
}

/// The reusable buffers of the rare/common method, one byte per value (a byte store has no
/// read-modify-write chain, unlike a bit in a word).
#[derive(Default)]
pub(super) struct Scratch {
    /// `reached[v] == 1`: some option found so far has value v.
    pub(super) reached: Vec<u8>,
    /// The rare values below the candidate that the rare side misses.
    pub(super) targets: Vec<u32>,
    pub(super) verifier: Verifier,
}

impl Scratch {
    /// Byte maps for values below 2 `width`.
    pub(super) fn fit(&mut self, width: usize) {
        if self.reached.len() < 2 * width {
            self.reached.resize(2 * width, 0);
        }
        self.verifier.fit(width);
    }
}
