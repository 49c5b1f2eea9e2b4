//! A transposition table of proved results that several threads share without locks: what the
//! games' own outcome searches ([`crate::partizan::RegionSolver`], Domineering's bitboard
//! search) store, keyed exactly (a board's 128 cells and a word of the rest: game, shape,
//! player to move, integer beside it), so that no two positions share an entry.
//!
//! Each entry is four atomic words: the key's two cell words, the rest of the key with the
//! result and the work, and a check word over the three. A reader that meets an entry half
//! written by another thread sees a check that does not match and takes it as missing
//! (Hyatt and Mann's lockless hashing), so every result read is one that was stored.
//!
//! Threads that search the same position together also mark here the positions they are in
//! ([`ResultTable::share_work`]), so that each defers a move another is searching and takes
//! the next one (Weill's ABDADA): the work splits where every move must be searched anyway.

use crate::budget::MIN_TABLE_ENTRIES;
use crate::error::Result;
use crate::memory::SharedBuffer;
use crate::partizan::hash::mix;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// The exact key of a position: its cells, and a word for the rest (the game, the board's
/// shape, who moves, what else the sum holds), below [`KEY_META_BITS`] bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResultKey {
    /// The cells (a bit set).
    pub cells: u128,
    /// The rest of the position, below `1 << KEY_META_BITS`.
    pub meta: u64,
}

/// The bits of [`ResultKey::meta`] the table keeps (the rest of the word holds the result).
pub const KEY_META_BITS: u32 = 48;

/// Entries per bucket: a new result replaces the one of least work in its bucket.
const BUCKET: usize = 4;
/// The bytes of an entry.
pub const ENTRY_BYTES: usize = 32;
/// The data word: meta (48 bits) << 16 | work (8 bits) << 8 | used (bit 1) | result (bit 0).
const USED: u64 = 2;
const CHECK: u64 = 0x243f_6a88_85a3_08d3;

/// The results table of the games' own outcome searches as a holder of many searches sees
/// it: made on first use with as many entries as the budget allows (or as the question
/// needs: [`Self::expect_positions`]), or one handed in to share with other threads.
pub struct LazyResults {
    table: OnceLock<std::sync::Arc<ResultTable>>,
    entries: usize,
    budget: crate::budget::Budget,
}

impl LazyResults {
    /// None made yet; sized by `budget` when made.
    pub fn new(budget: crate::budget::Budget) -> LazyResults {
        LazyResults {
            table: OnceLock::new(),
            entries: budget.table_entries(ENTRY_BYTES, usize::MAX),
            budget,
        }
    }

    /// Sizes the table, before it is made, for searches that reach at most `positions`
    /// positions ([`crate::budget::Budget::table_entries`]): a small board takes a small
    /// table.
    pub fn expect_positions(&mut self, positions: usize) {
        self.entries = self.budget.table_entries(ENTRY_BYTES, positions);
    }

    /// The table, made now if none is yet.
    ///
    /// **Errors**: [`crate::error::GrundyError::OutOfMemory`] when the system refuses even the
    /// smallest table ([`ResultTable::new`] makes it smaller first).
    pub fn table(&self) -> Result<std::sync::Arc<ResultTable>> {
        if let Some(table) = self.table.get() {
            return Ok(std::sync::Arc::clone(table));
        }
        let table = std::sync::Arc::new(ResultTable::new(self.entries)?);
        Ok(std::sync::Arc::clone(self.table.get_or_init(|| table)))
    }

    /// Uses `table` (one table shared by the threads of a search) from now on.
    pub fn share(&mut self, table: std::sync::Arc<ResultTable>) {
        self.table = OnceLock::from(table);
    }

    /// The table, if it is made.
    pub fn get(&self) -> Option<&ResultTable> {
        self.table.get().map(|t| &**t)
    }
}

/// A bounded table of proved results ("the player to move wins" or not) shared by threads.
pub struct ResultTable {
    slots: SharedBuffer<[AtomicU64; 4]>,
    mask: usize,
    stored: AtomicU64,
    /// One bit per memory page of `slots` (4 KiB, counted from the page holding the first
    /// slot): set once the page has been written. The slots come zeroed from the system,
    /// page by page when first touched; a page first read, then written, costs every core
    /// a flush of its address translations, so each page is written before it is first read.
    touched: Vec<AtomicU64>,
    /// The marks of the positions threads are searching, once [`Self::share_work`] made them:
    /// per slot, a position's hash above the low byte and the threads in it in the low byte.
    busy: OnceLock<Box<[AtomicU64]>>,
}

/// Slots of [`ResultTable`]'s marks of positions being searched (only positions near the root
/// are marked: a collision only defers a move that needed no deferring, or none).
const BUSY_SLOTS: usize = 1 << 15;

/// The size of a memory page.
const PAGE: usize = 4096;

impl std::fmt::Debug for ResultTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResultTable")
            .field("capacity", &self.capacity())
            .field("stored", &self.stored())
            .finish()
    }
}

fn check(w0: u64, w1: u64, w2: u64) -> u64 {
    w0 ^ w1.rotate_left(21) ^ w2.rotate_left(43) ^ CHECK
}

impl ResultTable {
    /// A table of about `entries` results (rounded up to a power of two; 32 bytes each, taken
    /// from the system as they are first written; size it with
    /// [`crate::budget::Budget::table_entries`]). When the system refuses that much memory,
    /// the table is made half as big, and again, down to [`MIN_TABLE_ENTRIES`]: it is a cache, and
    /// its replacement scheme keeps the entries that cost the most work.
    ///
    /// **Errors**: [`crate::error::GrundyError::OutOfMemory`] when not even the smallest table can
    /// be had.
    pub fn new(entries: usize) -> Result<ResultTable> {
        let mut buckets = (entries / BUCKET)
            .max(1)
            .checked_next_power_of_two()
            .unwrap_or(1 << (usize::BITS - 2));
        loop {
            // zeroed by the system, page by page as they are first touched
            // huge pages for a table of a gigabyte or more (a long search's); a smaller one
            // in small pages, paid for as the search touches them
            let huge = buckets * BUCKET * std::mem::size_of::<[AtomicU64; 4]>() >= 1 << 30;
            match SharedBuffer::<[AtomicU64; 4]>::try_zeroed(buckets * BUCKET, huge) {
                Ok(slots) => {
                    let pages =
                        (slots.len() * std::mem::size_of::<[AtomicU64; 4]>()).div_ceil(PAGE) + 1;
                    let touched = bytemuck::allocation::try_zeroed_vec(pages.div_ceil(64))
                        .map_err(|()| crate::error::GrundyError::OutOfMemory {
                            what: "the pages of a table of results".into(),
                            bytes: pages.div_ceil(64) as u64 * 8,
                        })?;
                    return Ok(ResultTable {
                        slots,
                        mask: buckets - 1,
                        stored: AtomicU64::new(0),
                        touched,
                        busy: OnceLock::new(),
                    });
                }
                Err(e) if buckets * BUCKET <= MIN_TABLE_ENTRIES.min(entries) => {
                    return Err(match e {
                        crate::error::GrundyError::OutOfMemory { bytes, .. } => {
                            crate::error::GrundyError::OutOfMemory {
                                what: "a table of results".into(),
                                bytes,
                            }
                        }
                        other => other,
                    })
                }
                Err(_) => buckets /= 2,
            }
        }
    }

    /// Has the searches that share this table mark the positions they are searching, so that
    /// threads searching the same position split its moves ([`Self::enter`], [`Self::busy`]).
    pub fn share_work(&self) {
        self.busy
            .get_or_init(|| (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect());
    }

    /// Whether searches mark the positions they are in ([`Self::share_work`]).
    pub fn sharing_work(&self) -> bool {
        self.busy.get().is_some()
    }

    /// `key`'s slot among the marks, and its tag (never 0, the low byte clear).
    fn busy_slot(&self, key: &ResultKey) -> Option<(&AtomicU64, u64)> {
        let slots = self.busy.get()?;
        let h = mix(key.cells as u64 ^ mix((key.cells >> 64) as u64 ^ mix(key.meta ^ 0xb5)));
        Some((&slots[h as usize & (BUSY_SLOTS - 1)], (h | 0x100) & !0xff))
    }

    /// Marks `key` as searched by one more thread. Returns whether it was marked (not when
    /// its slot holds another position, or works are not shared); a marked key is left with
    /// [`Self::leave`].
    pub fn enter(&self, key: &ResultKey) -> bool {
        let Some((slot, tag)) = self.busy_slot(key) else {
            return false;
        };
        let mut current = slot.load(Ordering::Relaxed);
        loop {
            let next = if current == 0 {
                tag | 1
            } else if current & !0xff == tag && current & 0xff < 0xff {
                current + 1
            } else {
                return false;
            };
            match slot.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => current = now,
            }
        }
    }

    /// Unmarks `key` for one thread (after [`Self::enter`] marked it).
    pub fn leave(&self, key: &ResultKey) {
        let Some((slot, tag)) = self.busy_slot(key) else {
            return;
        };
        let mut current = slot.load(Ordering::Relaxed);
        while current & !0xff == tag && current & 0xff > 0 {
            let next = if current & 0xff == 1 { 0 } else { current - 1 };
            match slot.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return,
                Err(now) => current = now,
            }
        }
    }

    /// Whether a thread is searching `key` (marked by [`Self::enter`]).
    pub fn busy(&self, key: &ResultKey) -> bool {
        self.busy_slot(key).is_some_and(|(slot, tag)| {
            let v = slot.load(Ordering::Relaxed);
            v & !0xff == tag && v & 0xff > 0
        })
    }

    /// The entries it can hold.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The entries it holds.
    pub fn stored(&self) -> u64 {
        self.stored.load(Ordering::Relaxed)
    }

    /// The first slot of `key`'s bucket, its pages written once.
    fn bucket(&self, key: &ResultKey) -> usize {
        let h = mix(key.cells as u64 ^ mix((key.cells >> 64) as u64 ^ mix(key.meta)));
        let b = (h as usize & self.mask) * BUCKET;
        let base = self.slots.as_ptr() as usize;
        let first = base / PAGE;
        let start = (base + b * std::mem::size_of::<[AtomicU64; 4]>()) / PAGE - first;
        let end = (base + (b + BUCKET) * std::mem::size_of::<[AtomicU64; 4]>() - 1) / PAGE - first;
        for page in start..=end {
            let (word, bit) = (page / 64, 1u64 << (page % 64));
            if self.touched[word].load(Ordering::Relaxed) & bit == 0
                && self.touched[word].fetch_or(bit, Ordering::Relaxed) & bit == 0
            {
                // the first touch of the page a write: a compare-and-swap of a zero for a
                // zero, on a word on the page (it changes nothing, and a write it is, unlike
                // an `or` of 0, which compilers turn into a read)
                let size = std::mem::size_of::<AtomicU64>();
                let word_at = ((page + first) * PAGE).max(base + b * 4 * size);
                let index = (word_at - base).div_ceil(size).min((b + BUCKET) * 4 - 1);
                let _ = self.slots[index / 4][index % 4].compare_exchange(
                    0,
                    0,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                );
            }
        }
        b
    }

    /// The entry's words if it is whole and used.
    fn read(slot: &[AtomicU64; 4]) -> Option<[u64; 3]> {
        let w = [0, 1, 2, 3].map(|i| slot[i].load(Ordering::Relaxed));
        (w[2] & USED != 0 && w[3] == check(w[0], w[1], w[2])).then_some([w[0], w[1], w[2]])
    }

    fn matches(words: &[u64; 3], key: &ResultKey) -> bool {
        words[0] == key.cells as u64
            && words[1] == (key.cells >> 64) as u64
            && words[2] >> 16 == key.meta
    }

    /// The result stored for `key`: `Some(true)` when the player to move wins.
    pub fn get(&self, key: &ResultKey) -> Option<bool> {
        let b = self.bucket(key);
        self.slots[b..b + BUCKET].iter().find_map(|slot| {
            let words = Self::read(slot)?;
            Self::matches(&words, key).then_some(words[2] & 1 == 1)
        })
    }

    /// Stores a proved result, found by searching `work` positions (the entry of least work
    /// in the bucket makes room).
    pub fn put(&self, key: &ResultKey, wins: bool, work: u64) {
        debug_assert!(key.meta < 1 << KEY_META_BITS);
        let work = u64::from(64 - work.leading_zeros());
        self.put_words(
            key.cells as u64,
            (key.cells >> 64) as u64,
            key.meta << 16 | work << 8 | USED | u64::from(wins),
        );
    }

    fn put_words(&self, w0: u64, w1: u64, w2: u64) {
        let key = ResultKey {
            cells: u128::from(w0) | u128::from(w1) << 64,
            meta: w2 >> 16,
        };
        let b = self.bucket(&key);
        let bucket = &self.slots[b..b + BUCKET];
        let mut target = 0;
        let mut least = u64::MAX;
        let mut fresh = true;
        for (i, slot) in bucket.iter().enumerate() {
            match Self::read(slot) {
                Some(words) if Self::matches(&words, &key) => {
                    target = i;
                    fresh = false;
                    break;
                }
                Some(words) => {
                    let work = (words[2] >> 8) & 0xff;
                    if work < least {
                        (least, target) = (work, i);
                    }
                }
                None => {
                    (least, target) = (0, i);
                    if slot[2].load(Ordering::Relaxed) & USED == 0 {
                        break;
                    }
                }
            }
        }
        let slot = &bucket[target];
        if fresh && slot[2].load(Ordering::Relaxed) & USED == 0 {
            self.stored.fetch_add(1, Ordering::Relaxed);
        }
        slot[0].store(w0, Ordering::Relaxed);
        slot[1].store(w1, Ordering::Relaxed);
        slot[2].store(w2, Ordering::Relaxed);
        slot[3].store(check(w0, w1, w2), Ordering::Relaxed);
    }

    /// Writes the results, in blocks of at most [`WRITE_BLOCK`] (a block's count, then 24
    /// bytes a result; a count of 0 ends them), reading only the pages a search has written
    /// (a page first read, then written, costs every core a flush: see `touched`) and
    /// holding at most a block in memory. Every result is proved and an entry half written
    /// by another thread is skipped, so a table written at any moment of a search, even while
    /// its threads store, is sound to read back ([`Self::read_from`]) in a later run of the
    /// same build. Returns how many were written.
    ///
    /// **Complexity**: one pass over the written pages; 24 bytes a result.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
        let size = std::mem::size_of::<[AtomicU64; 4]>();
        let base = self.slots.as_ptr() as usize;
        let first = base / PAGE;
        let mut block: Vec<[u64; 3]> = Vec::with_capacity(WRITE_BLOCK);
        let mut written = 0u64;
        fn flush(
            out: &mut dyn std::io::Write,
            block: &mut Vec<[u64; 3]>,
            written: &mut u64,
        ) -> std::io::Result<()> {
            if block.is_empty() {
                return Ok(());
            }
            let mut bytes = Vec::with_capacity(8 + 24 * block.len());
            bytes.extend_from_slice(&(block.len() as u64).to_le_bytes());
            for w in block.iter().flatten() {
                bytes.extend_from_slice(&w.to_le_bytes());
            }
            *written += block.len() as u64;
            block.clear();
            out.write_all(&bytes)
        }
        let mut i = 0;
        while i < self.slots.len() {
            let page = (base + i * size) / PAGE - first;
            // the slots up to the end of the page
            let end = (((page + first + 1) * PAGE - base).div_ceil(size)).min(self.slots.len());
            let (word, bit) = (page / 64, 1u64 << (page % 64));
            if self.touched[word].load(Ordering::Relaxed) & bit != 0 {
                for slot in &self.slots[i..end] {
                    if let Some(words) = Self::read(slot) {
                        block.push(words);
                        if block.len() == WRITE_BLOCK {
                            flush(out, &mut block, &mut written)?;
                        }
                    }
                }
            }
            i = end.max(i + 1);
        }
        flush(out, &mut block, &mut written)?;
        out.write_all(&0u64.to_le_bytes())?;
        Ok(written)
    }

    /// Reads back results written by [`Self::write_to`] (into a table of any size: each goes
    /// to its bucket as a search would store it). Returns how many were read.
    pub fn read_from(&self, input: &mut dyn std::io::Read) -> std::io::Result<u64> {
        let mut word = [0u8; 8];
        let mut next = || -> std::io::Result<u64> {
            input.read_exact(&mut word)?;
            Ok(u64::from_le_bytes(word))
        };
        let mut read = 0u64;
        loop {
            let count = next()?;
            if count == 0 {
                return Ok(read);
            }
            if count > WRITE_BLOCK as u64 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "a block of more results than are written at once",
                ));
            }
            for _ in 0..count {
                let (w0, w1, w2) = (next()?, next()?, next()?);
                if w2 & USED == 0 {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        "a result marked unused",
                    ));
                }
                self.put_words(w0, w1, w2);
            }
            read += count;
        }
    }
}

/// The most results [`ResultTable::write_to`] writes in one block.
pub const WRITE_BLOCK: usize = 1 << 12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_back_and_replace_by_work() {
        let table = ResultTable::new(64).unwrap();
        let key = |i: u64| ResultKey {
            cells: u128::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835),
            meta: i % 7,
        };
        for i in 0..1000 {
            table.put(&key(i), i % 3 == 0, i);
        }
        assert!(table.stored() <= table.capacity() as u64);
        // what is found is what was stored (the large works stay)
        let mut found = 0;
        for i in 0..1000 {
            if let Some(w) = table.get(&key(i)) {
                assert_eq!(w, i % 3 == 0);
                found += 1;
            }
        }
        assert!(found >= 32, "{found}");
        assert_eq!(table.get(&key(999)), Some(true));
        // the same cells with another meta (key(999)'s is 5) are another position
        assert_eq!(
            table.get(&ResultKey {
                meta: 6,
                ..key(999)
            }),
            None
        );
        let mut bytes = Vec::new();
        let written = table.write_to(&mut bytes).unwrap();
        let copy = ResultTable::new(1 << 10).unwrap();
        assert_eq!(copy.read_from(&mut bytes.as_slice()).unwrap(), written);
        for i in 0..1000 {
            assert_eq!(copy.get(&key(i)), table.get(&key(i)), "{i}");
        }
    }

    #[test]
    fn positions_are_marked_while_searched() {
        let table = ResultTable::new(64).unwrap();
        let key = |i: u64| ResultKey {
            cells: u128::from(i) << 70 | u128::from(i),
            meta: i,
        };
        // no marks until the work is shared
        assert!(!table.enter(&key(1)));
        assert!(!table.busy(&key(1)));
        table.share_work();
        assert!(table.sharing_work());
        assert!(table.enter(&key(1)));
        assert!(table.enter(&key(1)));
        assert!(table.busy(&key(1)));
        assert!(!table.busy(&key(2)));
        table.leave(&key(1));
        assert!(table.busy(&key(1)), "one thread is still in it");
        table.leave(&key(1));
        assert!(!table.busy(&key(1)));
        // leaving a position not marked changes nothing
        assert!(table.enter(&key(3)));
        table.leave(&key(4));
        assert!(table.busy(&key(3)));
        // many threads entering and leaving leave no mark
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let table = &table;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        let k = key(10 + (i * 7 + t) % 97);
                        if table.enter(&k) {
                            assert!(table.busy(&k));
                            table.leave(&k);
                        }
                    }
                });
            }
        });
        table.leave(&key(3));
        for i in 0..200 {
            assert!(!table.busy(&key(i)), "{i}");
        }
    }

    /// A table written while threads store into it reads back only results that were
    /// stored, and every result stored before the writing began and never replaced.
    #[test]
    fn a_table_written_while_threads_store_reads_back_only_stored_results() {
        let table = ResultTable::new(1 << 14).unwrap();
        let key = |i: u64| ResultKey {
            cells: u128::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) | 1,
            meta: i % 11,
        };
        let wins = |i: u64| (i * 7 + 3) % 5 < 2;
        // a first part, stored before
        for i in 0..2000 {
            table.put(&key(i), wins(i), 1 << 20);
        }
        let stop = std::sync::atomic::AtomicBool::new(false);
        let saves: Vec<Vec<u8>> = std::thread::scope(|s| {
            for t in 0..3u64 {
                let (table, stop) = (&table, &stop);
                s.spawn(move || {
                    let mut i = 2000 + t;
                    while !stop.load(Ordering::Relaxed) {
                        table.put(&key(i % 60_000 + 2000), wins(i % 60_000 + 2000), i % 50);
                        i += 3;
                    }
                });
            }
            let saves = (0..20)
                .map(|_| {
                    let mut bytes = Vec::new();
                    table.write_to(&mut bytes).unwrap();
                    bytes
                })
                .collect();
            stop.store(true, Ordering::Relaxed);
            saves
        });
        let known: std::collections::HashMap<ResultKey, bool> =
            (0..62_000).map(|i| (key(i), wins(i))).collect();
        for bytes in saves {
            let copy = ResultTable::new(1 << 17).unwrap();
            let read = copy.read_from(&mut bytes.as_slice()).unwrap();
            assert!(read >= 2000 && read <= table.capacity() as u64, "{read}");
            let mut found = 0;
            for (k, w) in &known {
                if let Some(got) = copy.get(k) {
                    assert_eq!(got, *w);
                    found += 1;
                }
            }
            assert_eq!(found, read, "a result read back that was never stored");
            // the first part's results still in the table (never replaced, so in it all along)
            // are in every save
            for i in 0..2000 {
                if table.get(&key(i)).is_some() {
                    assert_eq!(copy.get(&key(i)), Some(wins(i)), "{i}");
                }
            }
        }
        let kept = (0..2000).filter(|&i| table.get(&key(i)).is_some()).count();
        assert!(kept > 1900, "{kept}");
        // a block count past the most written at once is refused
        let mut bad = ((WRITE_BLOCK + 1) as u64).to_le_bytes().to_vec();
        bad.extend([0u8; 24]);
        assert!(ResultTable::new(64)
            .unwrap()
            .read_from(&mut bad.as_slice())
            .is_err());
    }

    #[test]
    fn threads_share_results() {
        let table = ResultTable::new(1 << 12).unwrap();
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let table = &table;
                s.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = ResultKey {
                            cells: u128::from(i % 3000) << 3 | 1,
                            meta: t % 2,
                        };
                        // every thread stores the same result for a key
                        table.put(&key, (i % 3000) % 5 == 0, i);
                        if let Some(w) = table.get(&key) {
                            assert_eq!(w, (i % 3000) % 5 == 0);
                        }
                    }
                });
            }
        });
    }
}
