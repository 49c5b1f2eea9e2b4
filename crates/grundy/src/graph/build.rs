//! Building adjacency lists (compressed sparse rows) from pairs, on every core, with
//! cache-friendly writes: what the readers of game graphs and geography graphs spend their
//! time on once the text is parsed.
//!
//! [`group_by_key`] is a stable two-level counting sort. Pairs `(key, value)` are first
//! scattered into a few thousand buckets of consecutive keys (a few thousand write streams,
//! each written in order), then each bucket, small enough for the core's cache, is counting
//! sorted by key in place. A one-level counting sort writes every value to a random place in
//! the whole array (a cache miss per value); here the random writes stay within one bucket.
//! Lists wanted sorted are sorted, and freed of repeats, while their bucket is in the cache.
//! The arrays are [`Buffer`]s: fresh memory in huge pages, where page faults would otherwise
//! cost as much as the writes.

use crate::memory::Buffer;
use rayon::prelude::*;

/// The index type of CSR offsets: `u32` (game graphs, 4 bytes a position) or `usize`; also of
/// a key's place within its bucket in [`group_by_key`] (`u16` when buckets hold at most 2^16
/// keys, which halves its scratch memory, else `u32`).
pub(crate) trait Offset: bytemuck::Pod + Default + Send + Sync {
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

/// An edge `(u, v)` as the readers store it: a pair, or two numbers in an array (which can
/// live in a [`Buffer`]).
pub(crate) trait Edge: Copy + Send + Sync {
    /// Its ends.
    fn ends(self) -> (u32, u32);
}

impl Edge for (u32, u32) {
    #[inline]
    fn ends(self) -> (u32, u32) {
        self
    }
}

impl Edge for [u32; 2] {
    #[inline]
    fn ends(self) -> (u32, u32) {
        (self[0], self[1])
    }
}

/// The pairs of edge chunks: `(u, v)` for each edge, and with `mirrored` also `(v, u)`; the
/// chunks are read in pieces of at most [`EDGE_PIECE`] edges, so that even one chunk is read
/// on every core.
pub(crate) struct EdgeChunks<'a, C, E> {
    chunks: &'a [C],
    mirrored: bool,
    /// (chunk, first edge, end) of each part
    pieces: Vec<(usize, usize, usize)>,
    edge: std::marker::PhantomData<E>,
}

/// Edges per part of [`EdgeChunks`].
const EDGE_PIECE: usize = 1 << 16;

impl<'a, E: Edge, C: AsRef<[E]> + Sync> EdgeChunks<'a, C, E> {
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
            edge: std::marker::PhantomData,
        }
    }
}

impl<E: Edge, C: AsRef<[E]> + Sync> Pairs for EdgeChunks<'_, C, E> {
    fn parts(&self) -> usize {
        self.pieces.len()
    }
    #[inline]
    fn each(&self, part: usize, mut f: impl FnMut(u32, u32)) {
        let (chunk, start, end) = self.pieces[part];
        let edges = &self.chunks[chunk].as_ref()[start..end];
        if self.mirrored {
            for &e in edges {
                let (u, v) = e.ends();
                f(u, v);
                f(v, u);
            }
        } else {
            for &e in edges {
                let (u, v) = e.ends();
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

/// What [`group_by_key`] makes of each key's values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Lists {
    /// In the order the pairs give them (a stable grouping).
    AsGiven,
    /// Sorted, each value once.
    SortedUnique,
}

/// Groups the pairs by key: `(offsets, values)` with the values of key `k` at
/// `values[offsets[k]..offsets[k + 1]]`, either in the order the parts give them or sorted
/// without repeats (`lists`). Every key and every value must be below `n` (else a panic), and
/// the number of pairs must fit `O`.
///
/// **Complexity**: O(n + pairs) time on every core, each pair read twice (once to count) and
/// written twice: to its bucket, then to its place. A value and its key's place within the
/// bucket share one 32-bit word when `n` has at most 22 bits (else 2 or 4 bytes of scratch
/// per pair go beside the values). Each list is sorted while its bucket is in the cache, and
/// the values move again only if some list had repeats. Pairs that already come in order of
/// keys (checked while counting) are copied in one pass, without scratch.
pub(crate) fn group_by_key<O: Offset, P: Pairs>(
    n: usize,
    pairs: &P,
    lists: Lists,
) -> (Buffer<O>, Buffer<u32>) {
    let bits = usize::BITS - n.max(1).leading_zeros();
    let key_bits = bits.saturating_sub(MAX_BUCKET_BITS).max(MIN_KEY_BITS);
    if bits + key_bits <= 32 {
        grouped::<O, u16, true, P>(n, pairs, key_bits, lists)
    } else if bits <= 32 - bits.saturating_sub(MAX_BUCKET_BITS) {
        // narrower buckets so that a value and its place fit one word (at most 2^22 keys)
        grouped::<O, u16, true, P>(n, pairs, 32 - bits, lists)
    } else if key_bits <= 16 {
        grouped::<O, u16, false, P>(n, pairs, key_bits, lists)
    } else {
        grouped::<O, u32, false, P>(n, pairs, key_bits, lists)
    }
}

/// [`group_by_key`] with buckets of `2^key_bits` keys; `PACKED`: the first level writes
/// `place << (32 - key_bits) | value` into one word, else the value and the place `L` apart.
fn grouped<O: Offset, L: Offset, const PACKED: bool, P: Pairs>(
    n: usize,
    pairs: &P,
    key_bits: u32,
    lists: Lists,
) -> (Buffer<O>, Buffer<u32>) {
    let buckets = n.div_ceil(1 << key_bits).max(1);
    let mask = (1u32 << key_bits) - 1;
    let value_bits = 32 - key_bits;
    let value_mask = if PACKED { (1u32 << value_bits) - 1 } else { 0 };
    // the parts in a few groups of consecutive parts, one task each
    let parts = pairs.parts();
    let groups = parts.min(4 * rayon::current_num_threads()).max(1);
    let group_parts = |g: usize| g * parts / groups..(g + 1) * parts / groups;
    // each group's count per bucket, its keys (in order or not), its largest key and value
    let counted: Vec<(Vec<usize>, KeyRun, u32)> = (0..groups)
        .into_par_iter()
        .map(|g| {
            let mut count = vec![0usize; buckets];
            let mut run = KeyRun::default();
            let mut top = 0u32;
            for part in group_parts(g) {
                pairs.each(part, |k, v| {
                    count[(k >> key_bits) as usize] += 1;
                    run.push(k);
                    top = top.max(v);
                });
            }
            (count, run, top)
        })
        .collect();
    let top_key = counted.iter().map(|c| c.1.top).max().unwrap_or(0);
    let top_value = counted.iter().map(|c| c.2).max().unwrap_or(0);
    let total: usize = counted.iter().map(|c| c.1.len).sum();
    // (values below n <= u32::MAX leave u32::MAX free: the sorting network pads with it)
    assert!(
        total == 0 || (top_key as usize) < n && (top_value as usize) < n.min(u32::MAX as usize),
        "group_by_key: a key ({top_key}) or a value ({top_value}) is not below n = {n}"
    );
    let (counts, runs): (Vec<Vec<usize>>, Vec<KeyRun>) =
        counted.into_iter().map(|(c, r, _)| (c, r)).unzip();
    let given: Vec<&KeyRun> = runs.iter().filter(|r| r.len > 0).collect();
    if given.iter().all(|r| r.sorted) && given.windows(2).all(|w| w[0].last <= w[1].first) {
        return already_grouped(n, pairs, &runs, group_parts, lists);
    }
    // first level: each group's share of each bucket, buckets in key order, groups in order
    let mut values = Buffer::<u32>::zeroed(total);
    let mut locals = Buffer::<L>::zeroed(if PACKED { 0 } else { total });
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
                let (l, rl) =
                    std::mem::take(&mut rest_l).split_at_mut(if PACKED { 0 } else { len });
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
                        if PACKED {
                            vs[i] = (k & mask) << value_bits | v;
                        } else {
                            vs[i] = v;
                            ls[i] = L::from_usize((k & mask) as usize);
                        }
                        next[b] = i + 1;
                    });
                }
            });
    }
    // second level: each bucket counting sorted by key, in place through a scratch copy, then
    // (sorted lists) each list sorted and its repeats dropped, the bucket's lists moved
    // together at its start
    let mut offsets = Buffer::<O>::zeroed(n + 1);
    let kept: Vec<usize> = {
        let mut pieces = Vec::with_capacity(buckets);
        let (mut rest_v, mut rest_l, mut rest_o) =
            (&mut values[..], &locals[..], &mut offsets[..n]);
        for b in 0..buckets {
            let len = bucket_start[b + 1] - bucket_start[b];
            let keys = (1usize << key_bits).min(rest_o.len());
            let (v, rv) = std::mem::take(&mut rest_v).split_at_mut(len);
            let (l, rl) = rest_l.split_at(if PACKED { 0 } else { len });
            let (o, ro) = std::mem::take(&mut rest_o).split_at_mut(keys);
            pieces.push((bucket_start[b], v, l, o));
            (rest_v, rest_l, rest_o) = (rv, rl, ro);
        }
        pieces
            .into_par_iter()
            .map_init(
                || (Vec::new(), Vec::new()),
                |(scratch, next): &mut (Vec<u32>, Vec<usize>), (start, values, locals, offsets)| {
                    let place = |i: usize, word: u32| {
                        if PACKED {
                            (word >> value_bits) as usize
                        } else {
                            locals[i].to_usize()
                        }
                    };
                    next.clear();
                    next.resize(offsets.len(), 0);
                    for (i, &word) in values.iter().enumerate() {
                        next[place(i, word)] += 1;
                    }
                    let mut at = 0;
                    for slot in next.iter_mut() {
                        let count = *slot;
                        *slot = at;
                        at += count;
                    }
                    // then next[k] is the end of key k's list
                    match lists {
                        Lists::AsGiven => {
                            scratch.clear();
                            scratch.extend_from_slice(values);
                            for (i, &word) in scratch.iter().enumerate() {
                                let slot = &mut next[place(i, word)];
                                values[*slot] = if PACKED { word & value_mask } else { word };
                                *slot += 1;
                            }
                            let mut from = 0;
                            for (k, &end) in next.iter().enumerate() {
                                offsets[k] = O::from_usize(start + from);
                                from = end;
                            }
                            from
                        }
                        Lists::SortedUnique => {
                            // placed into the scratch (padded for the 8-wide reads), then
                            // each list sorted without repeats back into the values
                            scratch.clear();
                            scratch.resize(values.len() + 8, 0);
                            for (i, &word) in values.iter().enumerate() {
                                let slot = &mut next[place(i, word)];
                                scratch[*slot] = if PACKED { word & value_mask } else { word };
                                *slot += 1;
                            }
                            let (mut from, mut to) = (0, 0);
                            for (k, &end) in next.iter().enumerate() {
                                offsets[k] = O::from_usize(start + to);
                                to += sort_unique_from(&scratch[from..], end - from, values, to);
                                from = end;
                            }
                            to
                        }
                    }
                },
            )
            .collect()
    };
    drop(locals);
    let regions: Vec<Region> = (0..buckets)
        .map(|b| Region {
            start: bucket_start[b],
            kept: kept[b],
            keys: b << key_bits..((b + 1) << key_bits).min(n),
        })
        .collect();
    close_gaps(&mut values, &mut offsets, &regions);
    (offsets, values)
}

/// Sorts `values[list]`, drops its repeats and moves what is left to `values[to..]`
/// (`to <= list.start`); returns how many are left.
#[inline]
fn move_sorted_unique(values: &mut [u32], list: std::ops::Range<usize>, to: usize) -> usize {
    let from = list.start;
    sort_short(&mut values[list.clone()]);
    debug_assert!(to <= from);
    if list.is_empty() {
        return 0;
    }
    // branch-free: each value is written at the next place (never after its own) and kept
    // when it differs from the last kept
    let mut previous = values[from];
    values[to] = previous;
    let mut w = to + 1;
    for r in from + 1..list.end {
        let x = values[r];
        values[w] = x;
        w += (x != previous) as usize;
        previous = x;
    }
    w - to
}

/// Sorts the list `source[..len]`, drops its repeats and writes what is left at
/// `values[to..]`; returns how many. Lists of at most 8 values whose 8-wide window fits both
/// sides go through one branch-free sorting network (the common case: no jump on the length,
/// the values in registers); the others are copied, then sorted in place.
#[inline(always)]
fn sort_unique_from(source: &[u32], len: usize, values: &mut [u32], to: usize) -> usize {
    if len <= 8 && source.len() >= 8 && to + 8 <= values.len() {
        let window: [u32; 8] = source[..8].try_into().expect("8 values");
        let out: &mut [u32; 8] = (&mut values[to..to + 8]).try_into().expect("8 places");
        sort_unique_8(window, len, out)
    } else {
        values[to..to + len].copy_from_slice(&source[..len]);
        move_sorted_unique(values, to..to + len, to)
    }
}

/// Sorts the first `len` (at most 8) values of `window` by the 8-value network (the places
/// after `len` padded with the largest value), drops repeats and writes the kept values at
/// the start of `out`, whose 8 places are all written; returns how many are kept. No branch.
/// The values must be below `u32::MAX`.
#[inline(always)]
fn sort_unique_8(window: [u32; 8], len: usize, out: &mut [u32; 8]) -> usize {
    // the places from `len` on are all ones: `len - 1 - i` is negative there (arithmetic,
    // so that the compiler does not turn the padding into a jump on the length)
    let len = len as u32;
    let mut x = window;
    for (i, v) in x.iter_mut().enumerate() {
        *v |= (len.wrapping_sub(1 + i as u32) >> 31).wrapping_neg();
    }
    network_8(&mut x);
    let (mut kept, mut previous) = (0usize, u32::MAX);
    for (i, &v) in x.iter().enumerate() {
        out[kept & 7] = v;
        kept += ((i as u32) < len) as usize & (v != previous) as usize;
        previous = v;
    }
    kept
}

/// A stretch of the values written by one task: `kept` values at `start` (the task's first
/// place), and the offsets of `keys`, which the task set as if nothing before it was lost.
struct Region {
    start: usize,
    kept: usize,
    keys: std::ops::Range<usize>,
}

/// Moves the regions' values together (when some lost repeats), shifts the offsets they set
/// by as much, sets the offset after the last key, and truncates the values. The regions are
/// in order and their keys cover `0..offsets.len() - 1`. A forward copy: every region moves
/// left or stays.
fn close_gaps<O: Offset>(values: &mut Buffer<u32>, offsets: &mut [O], regions: &[Region]) {
    let mut to = 0;
    for r in regions {
        if r.start != to {
            values.copy_within(r.start..r.start + r.kept, to);
            let shift = r.start - to;
            for o in &mut offsets[r.keys.clone()] {
                *o = O::from_usize(o.to_usize() - shift);
            }
        }
        to += r.kept;
    }
    let n = offsets.len() - 1;
    offsets[n] = O::from_usize(to);
    values.truncate(to);
}

/// The keys of a group of parts: the first, the last, how many, whether they never decrease,
/// and the largest.
#[derive(Clone, Copy)]
struct KeyRun {
    first: u32,
    last: u32,
    len: usize,
    sorted: bool,
    top: u32,
}

impl Default for KeyRun {
    fn default() -> Self {
        KeyRun {
            first: 0,
            last: 0,
            len: 0,
            sorted: true,
            top: 0,
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
        self.top = self.top.max(k);
        self.len += 1;
    }
}

/// What a group of [`already_grouped`] left in its stretch of the values.
struct GroupLeft {
    /// values left (after dropping repeats)
    kept: usize,
    /// the leading values that belong to the previous group's last key (not yet sorted)
    head: usize,
    /// where the group's last list starts (not yet sorted: it may go on in the next group)
    tail: usize,
}

/// [`grouped`] when the pairs already come in order of keys (a file listing each position's
/// moves together, in order of positions): the values are copied in their order and the
/// offsets read off the runs of equal keys, one pass on every core instead of two scatters.
/// Each group writes the values of its pairs and the offsets of the keys after the previous
/// group's last key up to its own last key. Sorted lists are sorted as they are copied, but
/// for the lists that may straddle two groups (a group's first and last), sorted once the
/// groups' values are moved together.
fn already_grouped<O: Offset, P: Pairs>(
    n: usize,
    pairs: &P,
    runs: &[KeyRun],
    group_parts: impl Fn(usize) -> std::ops::Range<usize> + Sync,
    lists: Lists,
) -> (Buffer<O>, Buffer<u32>) {
    let total: usize = runs.iter().map(|r| r.len).sum();
    let mut values = Buffer::<u32>::zeroed(total);
    let mut offsets = Buffer::<O>::zeroed(n + 1);
    // (group, first pair's index, its values, first key it sets, the offsets it sets, whether
    // its first pairs go on the previous group's last list)
    let mut shares = Vec::with_capacity(runs.len());
    let keys_end = {
        let (mut rest_v, mut rest_o) = (&mut values[..], &mut offsets[..]);
        let (mut start, mut next_key) = (0usize, 0usize);
        let mut previous_last: Option<u32> = None;
        for (g, run) in runs.iter().enumerate() {
            let (v, rv) = std::mem::take(&mut rest_v).split_at_mut(run.len);
            let keys = if run.len == 0 {
                0
            } else {
                run.last as usize + 1 - next_key
            };
            let (o, ro) = std::mem::take(&mut rest_o).split_at_mut(keys);
            let continues = run.len > 0 && previous_last == Some(run.first);
            shares.push((g, start, v, next_key, o, continues));
            (rest_v, rest_o) = (rv, ro);
            start += run.len;
            next_key += keys;
            if run.len > 0 {
                previous_last = Some(run.last);
            }
        }
        next_key
    };
    let sorting = lists == Lists::SortedUnique;
    let left: Vec<GroupLeft> = shares
        .into_par_iter()
        .map(|(g, start, values, first_key, offsets, continues)| {
            let (mut w, mut key, mut list) = (0usize, first_key, 0usize);
            let (mut current, mut started, mut head) = (0u32, false, continues);
            let mut left = GroupLeft {
                kept: 0,
                head: 0,
                tail: 0,
            };
            for part in group_parts(g) {
                pairs.each(part, |k, v| {
                    if !started || k != current {
                        if started {
                            // the list of `current` is complete
                            if head {
                                left.head = w;
                                head = false;
                            } else if sorting {
                                w = list + move_sorted_unique(values, list..w, list);
                            }
                        }
                        started = true;
                        current = k;
                        while key <= k as usize {
                            offsets[key - first_key] = O::from_usize(start + w);
                            key += 1;
                        }
                        list = w;
                    }
                    values[w] = v;
                    w += 1;
                });
            }
            left.kept = w;
            left.tail = list;
            if head {
                left.head = w;
            }
            left
        })
        .collect();
    if sorting {
        close_straddling_gaps(&mut values, &mut offsets, runs, &left, keys_end);
    } else {
        offsets[keys_end..].fill(O::from_usize(total));
    }
    (offsets, values)
}

/// [`already_grouped`]'s groups' values moved together: each group's first list joins the
/// previous group's last when they have the same key, every list that may have straddled two
/// groups is sorted and freed of repeats, each group's offsets shifted by as much as its values
/// moved; then the offsets from `keys_end` (after the last key given) are the end, and the
/// values are truncated. One forward pass (every value moves left or stays), the copies and
/// the shifts only where something before was lost.
fn close_straddling_gaps<O: Offset>(
    values: &mut Buffer<u32>,
    offsets: &mut [O],
    runs: &[KeyRun],
    left: &[GroupLeft],
    keys_end: usize,
) {
    let (mut to, mut start, mut next_key) = (0usize, 0usize, 0usize);
    // the start of the last list placed (not yet sorted), and its key
    let mut open: Option<(usize, u32)> = None;
    for (run, l) in runs.iter().zip(left) {
        if run.len == 0 {
            continue;
        }
        let mut from = start;
        let continues = open.is_some_and(|(_, key)| key == run.first);
        if continues {
            values.copy_within(from..from + l.head, to);
            to += l.head;
            from += l.head;
        }
        let own = start + l.kept - from;
        if own > 0 || !continues {
            if let Some((s, _)) = open.take() {
                to = s + move_sorted_unique(values, s..to, s);
            }
        }
        if own > 0 {
            let keys = next_key..run.last as usize + 1;
            let shift = from - to;
            if shift > 0 {
                values.copy_within(from..from + own, to);
                for o in &mut offsets[keys] {
                    *o = O::from_usize(o.to_usize() - shift);
                }
            }
            open = Some((to + l.tail - (from - start), run.last));
            to += own;
        }
        start += run.len;
        next_key = run.last as usize + 1;
    }
    if let Some((s, _)) = open {
        to = s + move_sorted_unique(values, s..to, s);
    }
    offsets[keys_end..].fill(O::from_usize(to));
    values.truncate(to);
}

/// Sorts a list: by a sorting network of its length when it has at most 8 values (no branch
/// to mispredict, the values in registers), else by the standard library's sort.
#[inline]
fn sort_short(list: &mut [u32]) {
    /// Sorts `list` (of length `N`) by `network`, in registers.
    #[inline(always)]
    fn by<const N: usize>(list: &mut [u32], network: fn(&mut [u32; N])) {
        let list: &mut [u32; N] = list.try_into().expect("a list of the network's length");
        let mut x = *list;
        network(&mut x);
        *list = x;
    }
    match list.len() {
        0 | 1 => {}
        2 => by(list, network_2),
        3 => by(list, network_3),
        4 => by(list, network_4),
        5 => by(list, network_5),
        6 => by(list, network_6),
        7 => by(list, network_7),
        8 => by(list, network_8),
        _ => list.sort_unstable(),
    }
}

/// Defines each sorting network as a function whose comparators are written out one by one
/// (constant places, so the values stay in registers and nothing loops).
macro_rules! networks {
    ($($(#[$doc:meta])* $name:ident: $n:literal => [$(($i:literal, $j:literal)),* $(,)?];)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        fn $name(x: &mut [u32; $n]) {
            $({
                let (a, b) = (x[$i], x[$j]);
                x[$i] = a.min(b);
                x[$j] = a.max(b);
            })*
        }
    )*};
}

networks! {
    /// Optimal sorting networks for 2 to 7 values (Knuth, TAOCP 5.3.4).
    network_2: 2 => [(0, 1)];
    network_3: 3 => [(0, 2), (0, 1), (1, 2)];
    network_4: 4 => [(0, 2), (1, 3), (0, 1), (2, 3), (1, 2)];
    network_5: 5 => [(0, 3), (1, 4), (0, 2), (1, 3), (0, 1), (2, 4), (1, 2), (3, 4), (2, 3)];
    network_6: 6 => [
        (0, 5), (1, 3), (2, 4), (1, 2), (3, 4), (0, 3),
        (2, 5), (0, 1), (2, 3), (4, 5), (1, 2), (3, 4),
    ];
    network_7: 7 => [
        (0, 6), (2, 3), (4, 5), (0, 2), (1, 4), (3, 6), (0, 1), (2, 5),
        (3, 4), (1, 2), (4, 6), (2, 3), (4, 5), (1, 2), (3, 4), (5, 6),
    ];
    /// Batcher's odd-even merge network for 8 values: 19 comparators in 6 layers.
    network_8: 8 => [
        (0, 2), (1, 3), (4, 6), (5, 7), (0, 4), (1, 5), (2, 6), (3, 7), (0, 1), (2, 3),
        (4, 5), (6, 7), (2, 4), (3, 5), (1, 4), (3, 6), (1, 2), (3, 4), (5, 6),
    ];
}

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

    /// The lists of the definition, each sorted without repeats.
    fn sorted_unique(mut lists: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
        for l in lists.iter_mut() {
            l.sort_unstable();
            l.dedup();
        }
        lists
    }

    /// Every way in: both layouts of the first level, both index types, narrow buckets, as
    /// given and sorted; checked against [`by_definition`].
    fn check_every_way(n: usize, chunks: &[Vec<(u32, u32)>], mirrored: bool, what: &str) {
        let want = by_definition(n, chunks, mirrored);
        let sorted = sorted_unique(want.clone());
        let pairs = EdgeChunks::new(chunks, mirrored);
        let (o32, v32) = group_by_key::<u32, _>(n, &pairs, Lists::AsGiven);
        assert_eq!(lists_of(&o32, &v32), want, "{what}");
        let (ou, vu) = group_by_key::<usize, _>(n, &pairs, Lists::SortedUnique);
        assert_eq!(lists_of(&ou, &vu), sorted, "{what}, sorted");
        assert_eq!(vu.len(), ou[n]);
        for lists in [Lists::AsGiven, Lists::SortedUnique] {
            let expected = if lists == Lists::AsGiven {
                &want
            } else {
                &sorted
            };
            for key_bits in [1, 5] {
                let (o, v) = grouped::<usize, u32, false, _>(n, &pairs, key_bits, lists);
                assert_eq!(&lists_of(&o, &v), expected, "{what}, {key_bits} key bits");
                let (o, v) = grouped::<u32, u16, true, _>(n, &pairs, key_bits, lists);
                assert_eq!(&lists_of(&o, &v), expected, "{what}, {key_bits} packed");
            }
        }
    }

    #[test]
    fn grouping_is_a_stable_sort_by_key_at_every_size() {
        let mut rng = crate::testing::Xorshift(0x2545_f491_4f6c_dd1du64);
        let mut next = |k: u64| rng.below(k);
        // sizes around the bucket width: one bucket, a partial one, many; and around 2^21,
        // where a value and its place no longer fit one word with 12-bit buckets
        for n in [1usize, 2, 5, 4095, 4096, 4097, 70_000, 300_000, 2_100_000] {
            for mirrored in [false, true] {
                let chunk_count = 1 + next(7) as usize;
                let per = 1 + next(3 * n.min(300_000) as u64 + 10) as usize;
                let chunks: Vec<Vec<(u32, u32)>> = (0..chunk_count)
                    .map(|_| {
                        (0..next(per as u64 + 1))
                            .map(|_| (next(n as u64) as u32, next(n as u64) as u32))
                            .collect()
                    })
                    .collect();
                check_every_way(n, &chunks, mirrored, &format!("n {n}"));
                // reversing twice gives each list sorted
                let want = by_definition(n, &chunks, mirrored);
                let pairs = EdgeChunks::new(&chunks, mirrored);
                let (o32, v32) = group_by_key::<u32, _>(n, &pairs, Lists::AsGiven);
                let reversed = |offsets: &[u32], targets: &[u32]| {
                    group_by_key::<u32, _>(n, &Reversed { offsets, targets }, Lists::AsGiven)
                };
                let (ro, rv) = reversed(&o32, &v32);
                let (fo, fv) = reversed(&ro, &rv);
                let mut sorted = want.clone();
                sorted.iter_mut().for_each(|l| l.sort_unstable());
                assert_eq!(lists_of(&fo, &fv), sorted);
            }
        }
    }

    /// A key or a value out of range is a caller's bug: a panic, never a wrong list.
    #[test]
    #[should_panic(expected = "not below n")]
    fn a_value_out_of_range_panics() {
        let chunks = vec![vec![(0u32, 1u32 << 20)]];
        group_by_key::<u32, _>(3, &EdgeChunks::new(&chunks, false), Lists::SortedUnique);
    }

    /// Pairs already in order of keys take the one-pass path, with lists (and their repeats)
    /// straddling chunks and parts; pairs sorted within each chunk but not across chunks, or
    /// across chunks with empty ones between, must not.
    #[test]
    fn pairs_in_key_order_are_grouped_as_given() {
        let mut rng = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut next = |k: u64| rng.below(k);
        for round in 0..400 {
            let n = 1 + next(if round % 2 == 0 { 20 } else { 70_000 }) as usize;
            let chunk_count = 1 + next(6) as usize;
            // few values in some rounds, so that lists repeat values
            let values = if round % 4 < 2 { 3 } else { n as u64 };
            let mut chunks: Vec<Vec<(u32, u32)>> = (0..chunk_count)
                .map(|_| {
                    let most = [0, 3, 40, 200_000][next(4) as usize];
                    let len = next(most + 1);
                    let mut c: Vec<(u32, u32)> = (0..len)
                        .map(|_| (next(n as u64) as u32, next(values.min(n as u64)) as u32))
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
                check_every_way(n, &chunks, mirrored, &format!("round {round}"));
            }
        }
    }

    /// A few keys with long lists spread over many parts and groups (a list straddling several
    /// groups, wholly inside some), with and without repeats.
    #[test]
    fn long_lists_straddle_many_groups() {
        let mut rng = crate::testing::Xorshift(0x1234_5678_9abc_def1u64);
        let mut next = |k: u64| rng.below(k);
        for round in 0..20 {
            let n = 1 + next(50) as usize;
            let values = if round % 2 == 0 { 4 } else { n as u64 };
            let mut all: Vec<(u32, u32)> = (0..EDGE_PIECE * (1 + next(20) as usize))
                .map(|_| (next(n as u64) as u32, next(values.min(n as u64)) as u32))
                .collect();
            all.sort_by_key(|p| p.0);
            let cut = next(all.len() as u64) as usize;
            let chunks = vec![all[..cut].to_vec(), all[cut..].to_vec()];
            check_every_way(n, &chunks, false, &format!("round {round}"));
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
