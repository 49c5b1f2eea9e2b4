//! Building adjacency lists (compressed sparse rows) from pairs, on every core, with
//! cache-friendly writes: what the readers of game graphs and geography graphs spend their
//! time on once the text is parsed.
//!
//! [`group_by_key`] is a stable two-level counting sort. Pairs `(key, value)` are first
//! scattered into a few thousand buckets of consecutive keys (a few thousand write streams,
//! each written in order), then each bucket, small enough for the core's cache, is counting
//! sorted by key in place. A one-level counting sort writes every value to a random place in
//! the whole array (a cache miss per value); here the random writes stay within one bucket.
//! [`sort_lists`] then sorts each list and drops repeats.

use rayon::prelude::*;

/// The index type of CSR offsets: `u32` (game graphs, 4 bytes a position) or `usize`; also of
/// a key's place within its bucket in [`group_by_key`] (`u16` when buckets hold at most 2^16
/// keys, which halves its scratch memory, else `u32`).
pub(crate) trait Offset: Copy + Default + Send + Sync {
    /// `x` as an offset (the caller checked that it fits).
    fn from_usize(x: usize) -> Self;
    /// The offset as an index.
    fn to_usize(self) -> usize;
}

/// `Offset` for an unsigned integer type.
macro_rules! offset {
    ($($t:ty),*) => {$(
        impl Offset for $t {
            #[inline]
            fn from_usize(x: usize) -> $t {
                debug_assert!(<$t>::try_from(x).is_ok());
                x as $t
            }
            #[inline]
            fn to_usize(self) -> usize {
                self as usize
            }
        }
    )*};
}

offset!(u16, u32, usize);

/// Pairs `(key, value)` with `key < n`, given in parts that can be read on different threads;
/// each part is read twice (once to count, once to place), the same pairs in the same order.
pub(crate) trait Pairs: Sync {
    /// The number of parts.
    fn parts(&self) -> usize;
    /// Calls `f(key, value)` on every pair of part `part`, in order.
    fn each(&self, part: usize, f: impl FnMut(u32, u32));
}

/// The pairs of edge chunks: `(u, v)` for each edge, and with `mirrored` also `(v, u)`; the
/// chunks are read in pieces of at most [`EDGE_PIECE`] edges, so that even one chunk is read
/// on every core.
pub(crate) struct EdgeChunks<'a, C> {
    chunks: &'a [C],
    mirrored: bool,
    /// (chunk, first edge, end) of each part
    pieces: Vec<(usize, usize, usize)>,
}

/// Edges per part of [`EdgeChunks`].
const EDGE_PIECE: usize = 1 << 16;

impl<'a, C: AsRef<[(u32, u32)]> + Sync> EdgeChunks<'a, C> {
    /// The pairs of `chunks`, both directions of each edge when `mirrored`.
    pub fn new(chunks: &'a [C], mirrored: bool) -> Self {
        let mut pieces = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            let len = chunk.as_ref().len();
            for start in (0..len).step_by(EDGE_PIECE) {
                pieces.push((i, start, (start + EDGE_PIECE).min(len)));
            }
        }
        EdgeChunks {
            chunks,
            mirrored,
            pieces,
        }
    }
}

impl<C: AsRef<[(u32, u32)]> + Sync> Pairs for EdgeChunks<'_, C> {
    fn parts(&self) -> usize {
        self.pieces.len()
    }
    #[inline]
    fn each(&self, part: usize, mut f: impl FnMut(u32, u32)) {
        let (chunk, start, end) = self.pieces[part];
        let edges = &self.chunks[chunk].as_ref()[start..end];
        if self.mirrored {
            for &(u, v) in edges {
                f(u, v);
                f(v, u);
            }
        } else {
            for &(u, v) in edges {
                f(u, v);
            }
        }
    }
}

/// The pairs `(v, u)` of a CSR adjacency (`v` in the list of `u`), in parts of consecutive
/// `u`: grouping them by key gives the reverse adjacency, each list in increasing `u`.
pub(crate) struct Reversed<'a, O> {
    /// The offsets of the lists.
    pub offsets: &'a [O],
    /// The lists.
    pub targets: &'a [u32],
}

/// Lists per part of [`Reversed`].
const REVERSED_PART: usize = 1 << 16;

impl<O: Offset> Pairs for Reversed<'_, O> {
    fn parts(&self) -> usize {
        (self.offsets.len() - 1).div_ceil(REVERSED_PART)
    }
    #[inline]
    fn each(&self, part: usize, mut f: impl FnMut(u32, u32)) {
        let n = self.offsets.len() - 1;
        for u in part * REVERSED_PART..((part + 1) * REVERSED_PART).min(n) {
            let list = &self.targets[self.offsets[u].to_usize()..self.offsets[u + 1].to_usize()];
            for &v in list {
                f(v, u as u32);
            }
        }
    }
}

/// The most buckets of the first level (write streams open at once per thread).
const MAX_BUCKET_BITS: u32 = 12;
/// The fewest keys in a bucket (below that the buckets would be too many for no gain).
const MIN_KEY_BITS: u32 = 12;

/// Groups the pairs by key: `(offsets, values)` with the values of key `k` at
/// `values[offsets[k]..offsets[k + 1]]`, in the order the parts give them (stable). Every key
/// must be below `n`, and the number of pairs must fit `O`.
///
/// **Complexity**: O(n + pairs) time on every core, each pair read twice and written twice
/// (to its bucket, then to its place); 4 bytes per pair for the values plus 2 (4 when a bucket
/// holds more than 2^16 keys) of scratch, and a bucket's worth per thread. Pairs that already
/// come in order of keys (checked while counting) are copied in one pass, without scratch.
pub(crate) fn group_by_key<O: Offset, P: Pairs>(n: usize, pairs: &P) -> (Vec<O>, Vec<u32>) {
    let bits = usize::BITS - n.max(1).leading_zeros();
    let key_bits = bits.saturating_sub(MAX_BUCKET_BITS).max(MIN_KEY_BITS);
    if key_bits <= 16 {
        grouped::<O, u16, P>(n, pairs, key_bits)
    } else {
        grouped::<O, u32, P>(n, pairs, key_bits)
    }
}

fn grouped<O: Offset, L: Offset, P: Pairs>(
    n: usize,
    pairs: &P,
    key_bits: u32,
) -> (Vec<O>, Vec<u32>) {
    let buckets = n.div_ceil(1 << key_bits).max(1);
    let mask = (1u32 << key_bits) - 1;
    // the parts in a few groups of consecutive parts, one task each
    let parts = pairs.parts();
    let groups = parts.min(4 * rayon::current_num_threads()).max(1);
    let group_parts = |g: usize| g * parts / groups..(g + 1) * parts / groups;
    // each group's count per bucket, and its run of keys if they never decrease
    let counted: Vec<(Vec<usize>, Option<KeyRun>)> = (0..groups)
        .into_par_iter()
        .map(|g| {
            let mut count = vec![0usize; buckets];
            let mut run = KeyRun::default();
            for part in group_parts(g) {
                pairs.each(part, |k, _| {
                    count[(k >> key_bits) as usize] += 1;
                    run.push(k);
                });
            }
            (count, run.sorted.then_some(run))
        })
        .collect();
    let (counts, runs): (Vec<Vec<usize>>, Vec<Option<KeyRun>>) = counted.into_iter().unzip();
    let total: usize = counts.iter().flatten().sum();
    if let Some(runs) = runs.into_iter().collect::<Option<Vec<KeyRun>>>() {
        let given: Vec<&KeyRun> = runs.iter().filter(|r| r.len > 0).collect();
        if given.windows(2).all(|w| w[0].last <= w[1].first) {
            return already_grouped(n, pairs, &runs, group_parts);
        }
    }
    // first level: each group's share of each bucket, buckets in key order, groups in order
    let mut values = vec![0u32; total];
    let mut locals = vec![L::default(); total];
    let mut bucket_start = Vec::with_capacity(buckets + 1);
    {
        let mut shares: Vec<Vec<(&mut [u32], &mut [L])>> =
            (0..groups).map(|_| Vec::with_capacity(buckets)).collect();
        let (mut rest_v, mut rest_l) = (&mut values[..], &mut locals[..]);
        let mut at = 0;
        for b in 0..buckets {
            bucket_start.push(at);
            for (share, count) in shares.iter_mut().zip(&counts) {
                let len = count[b];
                let (v, rv) = std::mem::take(&mut rest_v).split_at_mut(len);
                let (l, rl) = std::mem::take(&mut rest_l).split_at_mut(len);
                share.push((v, l));
                (rest_v, rest_l) = (rv, rl);
                at += len;
            }
        }
        bucket_start.push(at);
        shares
            .into_par_iter()
            .enumerate()
            .for_each(|(g, mut share)| {
                let mut next = vec![0usize; buckets];
                for part in group_parts(g) {
                    pairs.each(part, |k, v| {
                        let b = (k >> key_bits) as usize;
                        let i = next[b];
                        let (vs, ls) = &mut share[b];
                        vs[i] = v;
                        ls[i] = L::from_usize((k & mask) as usize);
                        next[b] = i + 1;
                    });
                }
            });
    }
    // second level: each bucket counting sorted by key, in place through a scratch copy
    let mut offsets = vec![O::default(); n + 1];
    {
        let mut pieces = Vec::with_capacity(buckets);
        let (mut rest_v, mut rest_l, mut rest_o) =
            (&mut values[..], &locals[..], &mut offsets[..n]);
        for b in 0..buckets {
            let len = bucket_start[b + 1] - bucket_start[b];
            let keys = (1usize << key_bits).min(rest_o.len());
            let (v, rv) = std::mem::take(&mut rest_v).split_at_mut(len);
            let (l, rl) = rest_l.split_at(len);
            let (o, ro) = std::mem::take(&mut rest_o).split_at_mut(keys);
            pieces.push((bucket_start[b], v, l, o));
            (rest_v, rest_l, rest_o) = (rv, rl, ro);
        }
        pieces.into_par_iter().for_each_init(
            || (Vec::new(), Vec::new()),
            |(scratch, next): &mut (Vec<u32>, Vec<usize>), (start, values, locals, offsets)| {
                next.clear();
                next.resize(offsets.len(), 0);
                for &l in locals {
                    next[l.to_usize()] += 1;
                }
                let mut at = 0;
                for (k, slot) in next.iter_mut().enumerate() {
                    let count = *slot;
                    offsets[k] = O::from_usize(start + at);
                    *slot = at;
                    at += count;
                }
                scratch.clear();
                scratch.extend_from_slice(values);
                for (&v, &l) in scratch.iter().zip(locals) {
                    let slot = &mut next[l.to_usize()];
                    values[*slot] = v;
                    *slot += 1;
                }
            },
        );
    }
    offsets[n] = O::from_usize(total);
    drop(locals);
    (offsets, values)
}

/// The keys of a group of parts, as far as they never decrease.
#[derive(Clone, Copy)]
struct KeyRun {
    first: u32,
    last: u32,
    len: usize,
    sorted: bool,
}

impl Default for KeyRun {
    fn default() -> Self {
        KeyRun {
            first: 0,
            last: 0,
            len: 0,
            sorted: true,
        }
    }
}

impl KeyRun {
    #[inline]
    fn push(&mut self, k: u32) {
        if self.len == 0 {
            self.first = k;
        } else {
            self.sorted &= self.last <= k;
        }
        self.last = k;
        self.len += 1;
    }
}

/// [`grouped`] when the pairs already come in order of keys (a file listing each position's
/// moves together, in order of positions): the values are copied in their order and the
/// offsets read off the runs of equal keys, one pass on every core instead of two scatters.
/// Each group writes the values of its pairs and the offsets of the keys after the previous
/// group's last key up to its own last key.
fn already_grouped<O: Offset, P: Pairs>(
    n: usize,
    pairs: &P,
    runs: &[KeyRun],
    group_parts: impl Fn(usize) -> std::ops::Range<usize> + Sync,
) -> (Vec<O>, Vec<u32>) {
    let total: usize = runs.iter().map(|r| r.len).sum();
    let mut values = vec![0u32; total];
    let mut offsets = vec![O::default(); n + 1];
    {
        // (group, first pair's index, its values, first key it sets, the offsets it sets)
        let mut shares = Vec::with_capacity(runs.len());
        let (mut rest_v, mut rest_o) = (&mut values[..], &mut offsets[..]);
        let (mut start, mut next_key) = (0usize, 0usize);
        for (g, run) in runs.iter().enumerate() {
            let (v, rv) = std::mem::take(&mut rest_v).split_at_mut(run.len);
            let keys = if run.len == 0 {
                0
            } else {
                run.last as usize + 1 - next_key
            };
            let (o, ro) = std::mem::take(&mut rest_o).split_at_mut(keys);
            shares.push((g, start, v, next_key, o));
            (rest_v, rest_o) = (rv, ro);
            start += run.len;
            next_key += keys;
        }
        // the keys after the last one given start at the end
        rest_o.iter_mut().for_each(|o| *o = O::from_usize(total));
        shares
            .into_par_iter()
            .for_each(|(g, start, values, first_key, offsets)| {
                let (mut i, mut key) = (0usize, first_key);
                for part in group_parts(g) {
                    pairs.each(part, |k, v| {
                        while key <= k as usize {
                            offsets[key - first_key] = O::from_usize(start + i);
                            key += 1;
                        }
                        values[i] = v;
                        i += 1;
                    });
                }
            });
    }
    (offsets, values)
}

/// Keys per parallel task when sorting lists.
const SORT_BLOCK: usize = 1 << 15;

/// Sorts each list and drops repeats, compacting the arrays (the lists keep their order of
/// keys). Short lists, the common case, by a sorting network.
///
/// **Complexity**: O(sum of d log d) over the lists, on every core, then one pass to compact.
pub(crate) fn sort_lists<O: Offset>(offsets: Vec<O>, mut targets: Vec<u32>) -> (Vec<O>, Vec<u32>) {
    let n = offsets.len() - 1;
    // every block sorts and dedups its lists in place, keeping them at their old starts
    let mut kept = vec![0u32; n];
    {
        let mut pieces: Vec<(usize, &mut [u32], &mut [u32])> = Vec::new();
        let mut rest_targets: &mut [u32] = &mut targets;
        let mut rest_kept: &mut [u32] = &mut kept;
        let mut start = 0usize;
        while start < n {
            let end = (start + SORT_BLOCK).min(n);
            let len = offsets[end].to_usize() - offsets[start].to_usize();
            let (t, tr) = std::mem::take(&mut rest_targets).split_at_mut(len);
            let (k, kr) = std::mem::take(&mut rest_kept).split_at_mut(end - start);
            pieces.push((start, t, k));
            rest_targets = tr;
            rest_kept = kr;
            start = end;
        }
        pieces.into_par_iter().for_each(|(start, t, k)| {
            let base = offsets[start].to_usize();
            for (i, kept) in k.iter_mut().enumerate() {
                let a = offsets[start + i].to_usize() - base;
                let b = offsets[start + i + 1].to_usize() - base;
                let list = &mut t[a..b];
                sort_short(list);
                let mut w = 0;
                for r in 0..list.len() {
                    if r == 0 || list[r] != list[w - 1] {
                        list[w] = list[r];
                        w += 1;
                    }
                }
                *kept = w as u32;
            }
        });
    }
    // compact (a forward copy: every list moves left or stays), one copy per run of lists
    // that lost nothing, so that rare repeats cost a few long copies
    let mut new_offsets = vec![O::default(); n + 1];
    let (mut run_start, mut run_end, mut to) = (0usize, 0usize, 0usize);
    for u in 0..n {
        let a = offsets[u].to_usize();
        if a != run_end {
            targets.copy_within(run_start..run_end, to);
            to += run_end - run_start;
            run_start = a;
        }
        run_end = a + kept[u] as usize;
        new_offsets[u + 1] = O::from_usize(to + run_end - run_start);
    }
    targets.copy_within(run_start..run_end, to);
    targets.truncate(to + run_end - run_start);
    targets.shrink_to_fit();
    (new_offsets, targets)
}

/// Sorts a list: by a sorting network of its length when it has at most 8 values (no branch
/// to mispredict, the values in registers), else by the standard library's sort.
#[inline]
fn sort_short(list: &mut [u32]) {
    match list.len() {
        0 | 1 => {}
        2 => network::<2>(list, &NETWORK_2),
        3 => network::<3>(list, &NETWORK_3),
        4 => network::<4>(list, &NETWORK_4),
        5 => network::<5>(list, &NETWORK_5),
        6 => network::<6>(list, &NETWORK_6),
        7 => network::<7>(list, &NETWORK_7),
        8 => network::<8>(list, &NETWORK_8),
        _ => list.sort_unstable(),
    }
}

/// Applies a sorting network for `N` values to `list` (of length `N`).
#[inline(always)]
fn network<const N: usize>(list: &mut [u32], comparators: &[(usize, usize)]) {
    let list: &mut [u32; N] = list.try_into().expect("a list of the network's length");
    let mut x = *list;
    for &(i, j) in comparators {
        let (a, b) = (x[i], x[j]);
        x[i] = a.min(b);
        x[j] = a.max(b);
    }
    *list = x;
}

/// Optimal sorting networks for 2 to 8 values (Knuth, TAOCP 5.3.4), comparator by comparator.
const NETWORK_2: [(usize, usize); 1] = [(0, 1)];
const NETWORK_3: [(usize, usize); 3] = [(0, 2), (0, 1), (1, 2)];
const NETWORK_4: [(usize, usize); 5] = [(0, 2), (1, 3), (0, 1), (2, 3), (1, 2)];
const NETWORK_5: [(usize, usize); 9] = [
    (0, 3),
    (1, 4),
    (0, 2),
    (1, 3),
    (0, 1),
    (2, 4),
    (1, 2),
    (3, 4),
    (2, 3),
];
const NETWORK_6: [(usize, usize); 12] = [
    (0, 5),
    (1, 3),
    (2, 4),
    (1, 2),
    (3, 4),
    (0, 3),
    (2, 5),
    (0, 1),
    (2, 3),
    (4, 5),
    (1, 2),
    (3, 4),
];
const NETWORK_7: [(usize, usize); 16] = [
    (0, 6),
    (2, 3),
    (4, 5),
    (0, 2),
    (1, 4),
    (3, 6),
    (0, 1),
    (2, 5),
    (3, 4),
    (1, 2),
    (4, 6),
    (2, 3),
    (4, 5),
    (1, 2),
    (3, 4),
    (5, 6),
];
/// Batcher's odd-even merge network for 8 inputs: 19 comparators in 6 layers.
const NETWORK_8: [(usize, usize); 19] = [
    (0, 2),
    (1, 3),
    (4, 6),
    (5, 7),
    (0, 4),
    (1, 5),
    (2, 6),
    (3, 7),
    (0, 1),
    (2, 3),
    (4, 5),
    (6, 7),
    (2, 4),
    (3, 5),
    (1, 4),
    (3, 6),
    (1, 2),
    (3, 4),
    (5, 6),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Grouping by key, from the definition: a stable sort of the pairs by key.
    fn by_definition(n: usize, chunks: &[Vec<(u32, u32)>], mirrored: bool) -> Vec<Vec<u32>> {
        let mut lists = vec![Vec::new(); n];
        for chunk in chunks {
            for &(u, v) in chunk {
                lists[u as usize].push(v);
                if mirrored {
                    lists[v as usize].push(u);
                }
            }
        }
        lists
    }

    fn lists_of<O: Offset>(offsets: &[O], values: &[u32]) -> Vec<Vec<u32>> {
        (0..offsets.len() - 1)
            .map(|k| values[offsets[k].to_usize()..offsets[k + 1].to_usize()].to_vec())
            .collect()
    }

    #[test]
    fn grouping_is_a_stable_sort_by_key_at_every_size() {
        let mut rng = crate::testing::Xorshift(0x2545_f491_4f6c_dd1du64);
        let mut next = |k: u64| rng.below(k);
        // sizes around the bucket width: one bucket, a partial one, many
        for n in [1usize, 2, 5, 4095, 4096, 4097, 70_000, 300_000] {
            for mirrored in [false, true] {
                let chunk_count = 1 + next(7) as usize;
                let per = 1 + next(3 * n as u64 + 10) as usize;
                let chunks: Vec<Vec<(u32, u32)>> = (0..chunk_count)
                    .map(|_| {
                        (0..next(per as u64 + 1))
                            .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                            .collect()
                    })
                    .collect();
                let want = by_definition(n, &chunks, mirrored);
                let (o32, v32) = group_by_key::<u32, _>(n, &EdgeChunks::new(&chunks, mirrored));
                assert_eq!(lists_of(&o32, &v32), want, "n {n}");
                let (ou, vu) = group_by_key::<usize, _>(n, &EdgeChunks::new(&chunks, mirrored));
                assert_eq!(lists_of(&ou, &vu), want);
                // narrow buckets, with the u32 places of the widest keys
                let pairs = EdgeChunks::new(&chunks, mirrored);
                for key_bits in [1, 5] {
                    let (o, v) = grouped::<usize, u32, _>(n, &pairs, key_bits);
                    assert_eq!(lists_of(&o, &v), want, "n {n}, {key_bits} key bits");
                }
                // reversing twice gives each list sorted
                let (ro, rv) = group_by_key::<u32, _>(
                    n,
                    &Reversed {
                        offsets: &o32,
                        targets: &v32,
                    },
                );
                let (fo, fv) = group_by_key::<u32, _>(
                    n,
                    &Reversed {
                        offsets: &ro,
                        targets: &rv,
                    },
                );
                let mut sorted = want.clone();
                sorted.iter_mut().for_each(|l| l.sort_unstable());
                assert_eq!(lists_of(&fo, &fv), sorted);
                // sorted without repeats
                let (so, sv) = sort_lists(o32, v32);
                sorted.iter_mut().for_each(|l| l.dedup());
                assert_eq!(lists_of(&so, &sv), sorted);
            }
        }
    }

    /// Pairs already in order of keys take the one-pass path; pairs sorted within each chunk
    /// but not across chunks, or across chunks with empty ones between, must not.
    #[test]
    fn pairs_in_key_order_are_grouped_as_given() {
        let mut rng = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut next = |k: u64| rng.below(k);
        for round in 0..400 {
            let n = 1 + next(if round % 2 == 0 { 20 } else { 70_000 }) as usize;
            let chunk_count = 1 + next(6) as usize;
            let mut chunks: Vec<Vec<(u32, u32)>> = (0..chunk_count)
                .map(|_| {
                    let most = [0, 3, 40, 200_000][next(4) as usize];
                    let len = next(most + 1);
                    let mut c: Vec<(u32, u32)> = (0..len)
                        .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                        .collect();
                    c.sort_by_key(|p| p.0);
                    c
                })
                .collect();
            match round % 3 {
                // sorted across chunks too, equal keys straddling the cuts
                0 => {
                    let mut all: Vec<(u32, u32)> = chunks.concat();
                    all.sort_by_key(|p| p.0);
                    let mut at = 0;
                    for c in chunks.iter_mut() {
                        let len = c.len();
                        c.copy_from_slice(&all[at..at + len]);
                        at += len;
                    }
                }
                // sorted within chunks, an empty chunk between two that are out of order
                1 => chunks.insert(chunks.len() / 2, Vec::new()),
                _ => {}
            }
            for mirrored in [false, true] {
                let want = by_definition(n, &chunks, mirrored);
                let (o, v) = group_by_key::<u32, _>(n, &EdgeChunks::new(&chunks, mirrored));
                assert_eq!(lists_of(&o, &v), want, "round {round}");
            }
        }
    }

    /// Each network sorts every list of 0s and 1s of its length, hence every list (the 0-1
    /// principle), and longer lists go to the standard sort.
    #[test]
    fn short_lists_are_sorted() {
        for len in 0..=8 {
            for bits in 0u32..1 << len {
                let mut list: Vec<u32> = (0..len).map(|i| (bits >> i) & 1).collect();
                let mut want = list.clone();
                want.sort_unstable();
                sort_short(&mut list);
                assert_eq!(list, want);
            }
        }
        let mut long: Vec<u32> = (0..30).rev().collect();
        sort_short(&mut long);
        assert!(long.windows(2).all(|w| w[0] <= w[1]));
    }
}
