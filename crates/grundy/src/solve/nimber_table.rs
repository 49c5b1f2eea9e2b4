//! The tables of the nimber search ([`crate::solve::nimber_search`]): what is known of a
//! component (its exact nimber, or the values below 64 it is not), kept in buckets of four
//! with the entry of least work replaced.
//!
//! - [`NimberTable`]: one thread's table of any component type, grown as it fills.
//! - [`SharedTable`]: the same in shards, each behind its own lock, for threads that share it.
//! - [`TablePair`]: the exact nimbers and the bounds, read through [`Tables`]: [`Owned`] by
//!   one thread (no lock taken: it holds the tables alone), or [`Locked`] for threads sharing
//!   them.

use std::hash::{BuildHasher, Hash};
use std::io::{self, Read, Write};
use std::sync::{Mutex, MutexGuard};

/// One entry: a component, its nimber when known, else the values below 64 it is known not
/// to be, and the work it took (log2 of the positions listed, plus 1).
#[derive(Clone)]
pub(crate) struct Slot<P> {
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

/// The hash of a part, finalised: FxHash leaves keys that are mostly zero bytes (a small
/// board in a wide word, a diagram's unused rows) in few buckets; MurmurHash3's finaliser
/// spreads them. The high bits choose a bucket, the low ones a tag, the middle a shard.
#[inline]
fn hash_of<P: Hash>(part: &P) -> u64 {
    let mut h = rustc_hash::FxBuildHasher.hash_one(part);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// The shards of a table threads share: each behind a lock of its own, so that two threads
/// rarely wait for each other.
pub(crate) const SHARDS: usize = 64;

/// One shard, on a cache line of its own (two threads locking neighbours do not contend).
#[repr(align(64))]
struct Shard<P>(Mutex<NimberTable<P>>);

/// A [`NimberTable`] in shards, shared by the threads of a search.
pub(crate) struct SharedTable<P> {
    shards: Box<[Shard<P>]>,
}

impl<P: Clone + Eq + Hash> SharedTable<P> {
    /// `shards` shards (a power of two) of `max_entries` entries in all.
    pub(crate) fn new(max_entries: usize, shards: usize) -> Self {
        SharedTable {
            shards: (0..shards)
                .map(|_| {
                    let table = NimberTable::new(max_entries / shards);
                    Shard(Mutex::new(NimberTable {
                        first: (crate::budget::MIN_TABLE_ENTRIES / shards).max(BUCKET),
                        ..table
                    }))
                })
                .collect(),
        }
    }

    #[inline]
    fn shard_mut(&mut self, h: u64) -> &mut NimberTable<P> {
        let i = (h >> 32) as usize & (self.shards.len() - 1);
        self.shards[i]
            .0
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
    }

    #[inline]
    fn shard(&self, h: u64) -> MutexGuard<'_, NimberTable<P>> {
        let i = (h >> 32) as usize & (self.shards.len() - 1);
        // a table holds proved facts only, whatever a thread that panicked left
        self.shards[i].0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The exact nimber of `part`, when stored.
    #[inline]
    pub(crate) fn get(&self, part: &P) -> Option<u8> {
        let h = hash_of(part);
        self.shard(h).get(part, h)
    }

    /// What the table knows of `part`: its nimber, or the values below 64 it is not.
    #[inline]
    pub(crate) fn fact(&self, part: &P) -> Option<(Option<u8>, u64)> {
        let h = hash_of(part);
        self.shard(h).fact(part, h)
    }

    /// Stores the nimber of `part`.
    pub(crate) fn put(&self, part: P, nimber: u8, work: u64) {
        let h = hash_of(&part);
        self.shard(h).put(part, h, nimber, work)
    }

    /// Adds to what `part` is known not to be (nothing when its nimber is stored).
    pub(crate) fn exclude(&self, part: P, excluded: u64, work: u64) {
        let h = hash_of(&part);
        self.shard(h).exclude(part, h, excluded, work)
    }

    /// Stores an entry read back from a file ([`NimberTable::load`]).
    fn load(&self, slot: Slot<P>) {
        let h = hash_of(&slot.part);
        self.shard(h).load(slot, h)
    }

    /// The entries stored.
    pub(crate) fn stored(&self) -> u64 {
        self.shards
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|e| e.into_inner()).stored)
            .sum()
    }

    /// The entries the shards may hold.
    fn capacity(&self) -> u64 {
        self.shards
            .iter()
            .map(|s| s.0.lock().unwrap_or_else(|e| e.into_inner()).max_entries as u64)
            .sum()
    }
}

/// The table of exact nimbers: buckets of four components, the entry of least work replaced
/// when a bucket is full. It starts small and doubles while it is three quarters full, up to
/// the most entries the budget allows (the last growth to exactly that: a bucket is chosen by
/// the high half of the hash times the number of buckets, so any number will do); a growth
/// the system refuses leaves it as it is (a cache). Every part comes with its [`hash_of`].
pub(crate) struct NimberTable<P> {
    slots: Vec<Option<Slot<P>>>,
    /// Beside each slot, a tag from its part's hash (0: empty): a lookup reads the bucket's
    /// tags (one cache line) and compares only the parts whose tag matches.
    tags: Vec<u32>,
    buckets: usize,
    max_entries: usize,
    /// The entries of the first buckets made.
    first: usize,
    stored: u64,
}

impl<P: Clone + Eq + Hash> NimberTable<P> {
    fn new(max_entries: usize) -> Self {
        NimberTable {
            slots: Vec::new(),
            tags: Vec::new(),
            buckets: 0,
            max_entries: max_entries.max(BUCKET),
            first: crate::budget::MIN_TABLE_ENTRIES,
            stored: 0,
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
            (self.first / BUCKET).min(self.max_entries / BUCKET)
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
            let h = hash_of(&slot.part);
            self.insert(slot, h);
        }
        true
    }

    /// The first slot of the bucket of hash `h`, and its tag.
    #[inline]
    fn bucket(&self, h: u64) -> (usize, u32) {
        let bucket = ((u128::from(h) * self.buckets as u128) >> 64) as usize;
        (bucket * BUCKET, h as u32 | 1)
    }

    #[inline]
    fn slot(&self, part: &P, h: u64) -> Option<&Slot<P>> {
        if self.slots.is_empty() {
            return None;
        }
        let (b, tag) = self.bucket(h);
        (b..b + BUCKET)
            .filter(|&i| self.tags[i] == tag)
            .find_map(|i| self.slots[i].as_ref().filter(|s| s.part == *part))
    }

    #[inline]
    fn get(&self, part: &P, h: u64) -> Option<u8> {
        self.slot(part, h).filter(|s| s.exact).map(|s| s.nimber)
    }

    #[inline]
    fn fact(&self, part: &P, h: u64) -> Option<(Option<u8>, u64)> {
        self.slot(part, h)
            .map(|s| (s.exact.then_some(s.nimber), s.excluded))
    }

    fn put(&mut self, part: P, h: u64, nimber: u8, work: u64) {
        let slot = Slot {
            part,
            excluded: 0,
            nimber,
            exact: true,
            work: Self::log_work(work),
        };
        self.store(slot, h);
    }

    fn exclude(&mut self, part: P, h: u64, excluded: u64, work: u64) {
        let (exact, nimber, before, work_before) = match self.slot(&part, h) {
            Some(s) => (s.exact, s.nimber, s.excluded, s.work),
            None => (false, 0, 0, 0),
        };
        if exact {
            return;
        }
        self.store(
            Slot {
                part,
                excluded: before | excluded,
                nimber,
                exact: false,
                work: work_before.max(Self::log_work(work)),
            },
            h,
        );
    }

    /// Stores an entry read back from a file: grown rather than an entry replaced while the
    /// budget allows. A file lists a table's entries bucket by bucket, so in the order of
    /// their hashes: read into a table that starts small, they would all fall into its first
    /// buckets and replace each other (a checkpoint of Cram 4 x 9 lost 85% of its entries
    /// that way), where a search's entries come in any order.
    fn load(&mut self, slot: Slot<P>, h: u64) {
        if self.slots.is_empty() && !self.grow() {
            return;
        }
        while self.bucket_full(&slot.part, h) && self.grow() {}
        if self.stored as usize * 4 >= self.slots.len() * 3 {
            self.grow();
        }
        self.insert(slot, h);
    }

    fn log_work(work: u64) -> u8 {
        (65 - work.leading_zeros()) as u8
    }

    fn store(&mut self, slot: Slot<P>, h: u64) {
        if (self.slots.is_empty() || self.stored as usize * 4 >= self.slots.len() * 3)
            && !self.grow()
            && self.slots.is_empty()
        {
            return; // not even the least table: a cache, so the result is not kept
        }
        // a full bucket in a table a quarter full or more: grow rather than replace, while
        // the budget allows (a replaced entry of little work is soon needed again, and
        // its bucket's other cheap entries with it)
        if self.stored as usize * 4 >= self.slots.len() && self.bucket_full(&slot.part, h) {
            self.grow();
        }
        self.insert(slot, h);
    }

    /// Whether `part`'s bucket is full of other parts.
    fn bucket_full(&self, part: &P, h: u64) -> bool {
        let (b, tag) = self.bucket(h);
        (b..b + BUCKET).all(|i| {
            self.tags[i] != 0
                && (self.tags[i] != tag || self.slots[i].as_ref().is_some_and(|s| s.part != *part))
        })
    }

    fn insert(&mut self, slot: Slot<P>, h: u64) {
        let (b, tag) = self.bucket(h);
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

/// The exact nimbers and the bounds of a search.
pub(crate) struct TablePair<P> {
    exact: SharedTable<P>,
    bounds: SharedTable<P>,
}

impl<P: Clone + Eq + Hash> TablePair<P> {
    /// `exact` and `bounds` entries at most, in `shards` shards each.
    pub(crate) fn new(exact: usize, bounds: usize, shards: usize) -> Self {
        TablePair {
            exact: SharedTable::new(exact, shards),
            bounds: SharedTable::new(bounds, shards),
        }
    }

    /// The entries stored in both.
    pub(crate) fn stored(&self) -> u64 {
        self.exact.stored() + self.bounds.stored()
    }

    /// The entries both may hold.
    pub(crate) fn capacity(&self) -> u64 {
        self.exact.capacity() + self.bounds.capacity()
    }

    /// Writes every entry (a shard locked at a time, so threads may search meanwhile): the
    /// part as `encode` writes it (1 to 255 bytes) after its length, then whether the nimber
    /// is known, the nimber, the work and the values excluded (8 bytes, little-endian); a
    /// length 0 ends the entries. Returns how many were written; an error when `encode` cannot write
    /// a part.
    pub(crate) fn write(
        &self,
        encode: impl Fn(&P, &mut Vec<u8>) -> bool,
        out: &mut dyn Write,
    ) -> io::Result<u64> {
        let mut written = 0;
        let mut bytes = Vec::new();
        for table in [&self.exact, &self.bounds] {
            for shard in table.shards.iter() {
                let shard = shard.0.lock().unwrap_or_else(|e| e.into_inner());
                for slot in shard.slots.iter().flatten() {
                    bytes.clear();
                    bytes.push(0);
                    if !encode(&slot.part, &mut bytes) || !(2..=256).contains(&bytes.len()) {
                        return Err(io::Error::other("a component that cannot be saved"));
                    }
                    bytes[0] = (bytes.len() - 1) as u8;
                    bytes.extend([u8::from(slot.exact), slot.nimber, slot.work]);
                    bytes.extend(slot.excluded.to_le_bytes());
                    out.write_all(&bytes)?;
                    written += 1;
                }
            }
        }
        out.write_all(&[0])?;
        Ok(written)
    }

    /// Reads what [`TablePair::write`] wrote into the tables (an entry of a known nimber to
    /// the exact table, the others to the bounds), grown as they fill
    /// ([`NimberTable::load`]). Returns how many
    /// were read; an error when the bytes are cut or a part is not one `decode` reads.
    pub(crate) fn read(
        &self,
        decode: impl Fn(&[u8]) -> Option<P>,
        input: &mut dyn Read,
    ) -> io::Result<u64> {
        let mut read = 0;
        let mut bytes = [0u8; 256 + 11];
        loop {
            input.read_exact(&mut bytes[..1])?;
            let len = usize::from(bytes[0]);
            if len == 0 {
                return Ok(read);
            }
            input.read_exact(&mut bytes[..len + 11])?;
            let part = decode(&bytes[..len])
                .ok_or_else(|| io::Error::other("a component this game does not read"))?;
            let (exact, nimber) = (bytes[len] == 1, bytes[len + 1]);
            let excluded = u64::from_le_bytes(bytes[len + 3..len + 11].try_into().expect("8"));
            let slot = Slot {
                part,
                excluded: if exact { 0 } else { excluded },
                nimber,
                exact,
                // as stored: log2 of the positions listed, plus 1
                work: bytes[len + 2],
            };
            if exact {
                self.exact.load(slot);
            } else {
                self.bounds.load(slot);
            }
            read += 1;
        }
    }
}

/// How a thread reads and writes the tables of its search.
pub(crate) trait Tables<P> {
    /// The exact nimber of `part`, when stored.
    fn get(&mut self, part: &P) -> Option<u8>;
    /// What the tables know of `part`: its nimber, or the values below 64 it is not.
    fn fact(&mut self, part: &P) -> Option<(Option<u8>, u64)>;
    /// Stores the nimber of `part`, found by listing `work` positions.
    fn put(&mut self, part: P, nimber: u8, work: u64);
    /// Adds to what `part` is known not to be.
    fn exclude(&mut self, part: P, excluded: u64, work: u64);
    /// The tables themselves (to save them).
    fn pair(&self) -> &TablePair<P>;
}

/// The tables held by one thread: read and written without a lock.
pub(crate) struct Owned<'a, P>(pub &'a mut TablePair<P>);

/// The tables shared by threads: each shard locked in turn.
pub(crate) struct Locked<'a, P>(pub &'a TablePair<P>);

impl<P: Clone + Eq + Hash> Tables<P> for Owned<'_, P> {
    #[inline]
    fn get(&mut self, part: &P) -> Option<u8> {
        let h = hash_of(part);
        self.0.exact.shard_mut(h).get(part, h)
    }

    #[inline]
    fn fact(&mut self, part: &P) -> Option<(Option<u8>, u64)> {
        match self.get(part) {
            Some(v) => Some((Some(v), 0)),
            None => {
                let h = hash_of(part);
                self.0.bounds.shard_mut(h).fact(part, h)
            }
        }
    }

    fn put(&mut self, part: P, nimber: u8, work: u64) {
        let h = hash_of(&part);
        self.0.exact.shard_mut(h).put(part, h, nimber, work)
    }

    fn exclude(&mut self, part: P, excluded: u64, work: u64) {
        let h = hash_of(&part);
        self.0.bounds.shard_mut(h).exclude(part, h, excluded, work)
    }

    fn pair(&self) -> &TablePair<P> {
        self.0
    }
}

impl<P: Clone + Eq + Hash> Tables<P> for Locked<'_, P> {
    #[inline]
    fn get(&mut self, part: &P) -> Option<u8> {
        self.0.exact.get(part)
    }

    #[inline]
    fn fact(&mut self, part: &P) -> Option<(Option<u8>, u64)> {
        match self.0.exact.get(part) {
            Some(v) => Some((Some(v), 0)),
            None => self.0.bounds.fact(part),
        }
    }

    fn put(&mut self, part: P, nimber: u8, work: u64) {
        self.0.exact.put(part, nimber, work)
    }

    fn exclude(&mut self, part: P, excluded: u64, work: u64) {
        self.0.bounds.exclude(part, excluded, work)
    }

    fn pair(&self) -> &TablePair<P> {
        self.0
    }
}
