//! The outcome search's own transposition table ([`SumTable`]): who wins each sum it has
//! proved, under a 112-bit key, in buckets of four replaced by least work; taken from the
//! system on the first result (paid for as touched), and written to and read from a
//! checkpoint. When the threads of a search share one [`crate::partizan::ResultTable`] instead, the sums go
//! there under [`SumTable::shared_key`].
//!
//! **Complexity**: a lookup or a store touches one bucket (64 bytes).

use crate::budget::MIN_TABLE_ENTRIES;
use crate::partizan::results::ResultKey;

/// A bounded transposition table: buckets of four entries of a 112-bit key and one result,
/// the entry of least work replaced when a bucket is full.
pub(crate) struct SumTable {
    /// Per entry: the key's low 64 bits, and (key's high 48 bits, work, result). Empty until
    /// the first result is stored (a search that shares its table elsewhere never takes its
    /// own: freeing it while threads run costs every core a flush).
    slots: Vec<[u64; 2]>,
    mask: usize,
    stored: u64,
}

/// The entries of a bucket.
pub(crate) const BUCKET: usize = 4;
/// The bytes of an entry of [`SumTable`].
pub(crate) const TABLE_ENTRY_BYTES: usize = 16;
const RESULT_BITS: u64 = 2;
const WORK_BITS: u64 = 14;
const LOW_BITS: u64 = RESULT_BITS + WORK_BITS;

impl SumTable {
    /// A table of about `max_entries` entries (a power of two of buckets), its slots not yet
    /// taken.
    pub(crate) fn new(max_entries: usize) -> SumTable {
        let buckets = (max_entries / BUCKET).max(1).next_power_of_two();
        SumTable {
            slots: Vec::new(),
            mask: buckets - 1,
            stored: 0,
        }
    }

    /// The entries it can hold.
    pub(crate) fn capacity(&self) -> usize {
        (self.mask + 1) * BUCKET
    }

    /// Takes the slots from the system (zeroed by it: paid for as they are touched), half as
    /// many each time the system refuses, down to [`MIN_TABLE_ENTRIES`]: a transposition
    /// table is a cache. Whether it has them.
    #[cold]
    fn allocate(&mut self) -> bool {
        loop {
            if let Ok(slots) = bytemuck::allocation::try_zeroed_vec(self.capacity()) {
                self.slots = slots;
                return true;
            }
            if self.capacity() <= MIN_TABLE_ENTRIES {
                return false;
            }
            self.mask /= 2;
        }
    }

    #[inline]
    fn bucket(&self, key: u128) -> usize {
        ((key as u64 >> 7) as usize & self.mask) * BUCKET
    }

    /// The result stored for `key`: `Some(true)` a win for the player to move.
    #[inline]
    pub(crate) fn get(&self, key: u128) -> Option<bool> {
        let (lo, hi) = (key as u64, (key >> 64) as u64 >> LOW_BITS);
        let b = self.bucket(key);
        self.slots.get(b..b + BUCKET)?.iter().find_map(|s| {
            (s[1] != 0 && s[0] == lo && s[1] >> LOW_BITS == hi).then_some(s[1] & 1 == 1)
        })
    }

    #[inline]
    pub(crate) fn put(&mut self, key: u128, wins: bool, work: u64) {
        let (lo, hi) = (key as u64, (key >> 64) as u64 >> LOW_BITS);
        let work = (64 - work.leading_zeros() as u64).min((1 << WORK_BITS) - 1);
        // bit 1 marks a used slot, bit 0 the result
        self.put_raw(lo, hi << LOW_BITS | work << RESULT_BITS | 2 | wins as u64);
    }

    /// Stores an entry as the slots hold it: the key's low word, and its high bits, work and
    /// result.
    fn put_raw(&mut self, lo: u64, data: u64) {
        let hi = data >> LOW_BITS;
        if self.slots.is_empty() && !self.allocate() {
            return; // the system refused even the smallest table: a result not kept
        }
        let b = self.bucket(lo as u128);
        let bucket = &mut self.slots[b..b + BUCKET];
        let slot = bucket
            .iter()
            .position(|s| s[1] == 0 || (s[0] == lo && s[1] >> LOW_BITS == hi))
            .unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| (bucket[i][1] >> RESULT_BITS) & ((1 << WORK_BITS) - 1))
                    .expect("a bucket has entries")
            });
        if bucket[slot][1] == 0 {
            self.stored += 1;
        }
        bucket[slot] = [lo, data];
    }

    /// Whether no entry was ever stored (the slots are taken on the first).
    pub(crate) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The entries it holds.
    pub(crate) fn stored(&self) -> u64 {
        self.stored
    }

    /// The key of a sum in the games' own searches' table
    /// ([`crate::partizan::OutcomeSearch::share_table`]): its 128-bit hash, under a game
    /// number of its own.
    pub(crate) fn shared_key(key: u128) -> ResultKey {
        ResultKey {
            cells: key,
            meta: SUMS,
        }
    }

    /// Writes the entries (16 bytes each: the key's low word, then its high bits, work and
    /// result), after their count. Returns how many were written.
    pub(crate) fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
        out.write_all(&self.stored.to_le_bytes())?;
        let mut written = 0u64;
        for slot in self.slots.iter().filter(|s| s[1] != 0) {
            out.write_all(&slot[0].to_le_bytes())?;
            out.write_all(&slot[1].to_le_bytes())?;
            written += 1;
        }
        debug_assert_eq!(written, self.stored);
        Ok(written)
    }

    /// Reads back entries written by [`Self::write_to`] (into a table of any size: each goes
    /// to its bucket, replacing by work as a search does). Returns how many were read.
    pub(crate) fn read_from(&mut self, input: &mut dyn std::io::Read) -> std::io::Result<u64> {
        let mut word = [0u8; 8];
        input.read_exact(&mut word)?;
        let count = u64::from_le_bytes(word);
        for _ in 0..count {
            input.read_exact(&mut word)?;
            let lo = u64::from_le_bytes(word);
            input.read_exact(&mut word)?;
            let data = u64::from_le_bytes(word);
            if data & 2 == 0 {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "an entry marked unused",
                ));
            }
            self.put_raw(lo, data);
        }
        Ok(count)
    }
}

/// The game number of the sums in [`crate::partizan::ResultTable`] (the games' own searches have 1 and up).
const SUMS: u64 = 0xf;
