//! The engine on every thread: blocks of heaps (plain and rare/common) and the two-thread
//! candidate/verify pipeline of the rare/common method.

use rayon::prelude::*;

use super::plain::{mark_known_options, mark_late_options, Seen};
use super::sparse::{
    candidate, first_unreached, mark_known_rare_side, mark_late_rare_side, settle, Scratch,
};
use super::{wide, width_of, Engine, Stop, Value};

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

impl<V: Value> Engine<V> {
    /// The heaps from `g.len()` up to `end` (excluded, at most `size` of them) on every
    /// thread: `early(engine, m, known, scratch, marks)` marks in its `stride` slots of one
    /// buffer, for every heap m of the block in parallel (a `scratch` per worker), the options
    /// that read only `G(0..known)` (the values before the block); then, heap by heap,
    /// `finish(engine, m, known, marks)` adds the others and returns `G(m)` (`None`: it does
    /// not fit `V`). Exact: every option is marked once. One allocation per block. Returns
    /// `Some` when the run is over.
    #[allow(clippy::too_many_arguments)]
    fn by_blocks<T: Copy + Default + Send + Sync, S: Default>(
        &mut self,
        end: usize,
        size: usize,
        stride: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
        early: impl Fn(&Self, usize, usize, &mut S, &mut [T]) + Sync,
        mut finish: impl FnMut(&mut Self, usize, usize, &[T]) -> Option<V>,
    ) -> Option<Stop> {
        let known = self.g.len();
        let count = (end - known).min(size);
        let mut marks = vec![T::default(); count * stride];
        let engine = &*self;
        marks
            .par_chunks_mut(stride)
            .enumerate()
            .for_each_init(S::default, |scratch, (j, slots)| {
                early(engine, known + j, known, scratch, slots)
            });
        for (m, slots) in (known..).zip(marks.chunks(stride)) {
            let Some(v) = finish(self, m, known, slots) else {
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
    /// [`Engine::by_blocks`], [`mark_known_options`], [`mark_late_options`]): a bitset of
    /// `width / 64` words per heap.
    pub(super) fn plain_block(
        &mut self,
        end: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<Stop> {
        let words = width_of(self.max_value) / 64;
        let early = |engine: &Self, m: usize, known: usize, seen: &mut Seen, slots: &mut [u64]| {
            let (moves, g) = (&engine.moves, &engine.g);
            mark_known_options(moves, g, m, known, seen, engine.max_value);
            // every value marked is below width: at most `words` words
            debug_assert!(seen.words.len() <= words);
            let filled = seen.words.len().min(words);
            slots[..filled].copy_from_slice(&seen.words[..filled]);
            seen.clear();
        };
        let finish = |engine: &mut Self, m: usize, known: usize, slots: &[u64]| {
            let seen = &mut engine.seen;
            seen.words.clear();
            seen.words.extend_from_slice(slots);
            mark_late_options(&engine.moves, &engine.g, m, known, seen);
            let v = seen.mex();
            seen.clear();
            V::try_from(v).ok()
        };
        self.by_blocks(end, PLAIN_BLOCK, words, to, progress, early, finish)
    }

    /// The rare/common method on every thread while rare values come too often for the
    /// pipeline, a block of `SPARSE_BLOCK` heaps at a time (see [`Engine::by_blocks`]): the
    /// rare-side options known before the block in parallel (a byte per value below `width`
    /// per heap), then each heap adds the rest, takes its candidate and proves it (or finds
    /// the rare mex).
    pub(super) fn sparse_block(
        &mut self,
        end: usize,
        to: usize,
        progress: &mut impl FnMut(usize),
    ) -> Option<Stop> {
        let width = width_of(self.max_value);
        // the rare positions before the block; those found in the block come after
        let old = self.rare.as_ref().expect("sparse").positions.len();
        let early = |engine: &Self, m: usize, known: usize, _: &mut (), slots: &mut [u8]| {
            let rare = engine.rare.as_ref().expect("sparse");
            let side = (&rare.positions[..old], &rare.values[..old]);
            mark_known_rare_side(&engine.moves, &engine.g, m, known, side, slots);
        };
        let finish = |engine: &mut Self, m: usize, known: usize, slots: &[u8]| {
            let now = width_of(engine.max_value);
            engine.scratch.fit(now);
            let Scratch {
                reached,
                targets,
                verifier,
            } = &mut engine.scratch;
            let reached = &mut reached[..2 * now];
            reached[..width].copy_from_slice(slots);
            let rare = engine.rare.as_ref().expect("sparse");
            mark_late_rare_side(&engine.moves, &engine.g, m, known, rare, old, reached);
            targets.clear();
            let c = settle(reached, rare.mask, targets);
            V::try_from(c).ok()?;
            let v = first_unreached(&engine.moves, &engine.g, m, targets, now, verifier);
            V::try_from(v.unwrap_or(c)).ok()
        };
        self.by_blocks(end, SPARSE_BLOCK, width, to, progress, early, finish)
    }

    /// The sparse method on two threads, from `g.len()` up to heap `end` (excluded): one
    /// thread computes the common candidates of the next block as if they were the values
    /// (they are, unless a rare value is the mex) while the other proves, for the block
    /// before, that every rare value below the candidate is reached. A block that fails
    /// at heap n keeps its verified heaps, takes the rare value at n, and drops the rest.
    /// Returns `Some` when the run is over (period proved, or a value too wide).
    pub(super) fn pipeline(
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
