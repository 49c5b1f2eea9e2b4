//! The budget of a computation: how many states its tables and searches may store, and a flag
//! that stops it ([`Cancel`]). Every engine takes a [`Budget`] (or a bare state limit, which
//! converts into one that is never cancelled) and checks it wherever it stores a state, so a
//! front end can stop any computation from another thread: the server at a request's time
//! budget, the command line at `--time-limit` or Ctrl-C. Past either, the engine returns an
//! error value ([`GrundyError::StateLimit`], [`GrundyError::Cancelled`]); it never panics.
//!
//! ```
//! use grundy::budget::{Budget, Cancel};
//! use grundy::{GrundyError, SumSolver, Convention};
//!
//! let cancel = Cancel::new();
//! let budget = Budget::new(1_000_000).with_cancel(cancel.clone());
//! cancel.cancel(); // from any thread: a timer, a signal handler
//! let sum = grundy::parse_sum("fibnim 40").unwrap();
//! let err = SumSolver::new(budget, 10).analyse(&sum, Convention::Normal).unwrap_err();
//! assert_eq!(err, GrundyError::Cancelled);
//! ```

use crate::error::{GrundyError, Result};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// A flag shared between a computation and whoever may stop it, and the memory the
/// computation may use. Cloning shares both.
///
/// A flag with a memory limit ([`Cancel::with_max_memory`]) is watched: a thread of the
/// library reads the bytes the process holds ([`crate::memory::in_use`]) every millisecond
/// and, past 7/8 of the limit (the rest is for what other computations take meanwhile and
/// what the allocator keeps of what was freed), raises the flag, so that the computation
/// stops at its next check with [`GrundyError::MemoryLimit`]. Where several computations
/// share a process (a server's requests), the one that started first is stopped first, and
/// the next one only if the process still holds too much once that one has ended (or 2 s
/// later).
///
/// **Complexity**: [`Cancel::is_cancelled`] is one relaxed atomic load.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<Flag>);

#[derive(Debug, Default)]
struct Flag {
    raised: AtomicBool,
    /// Raised because the process held more than `max_memory` bytes.
    over_memory: AtomicBool,
    /// The memory limit in bytes; 0 for none.
    max_memory: AtomicU64,
    /// The bytes the computation's tables may take when they are made (0: a quarter of the
    /// memory limit).
    tables: AtomicU64,
    /// When the flag was made, for the order in which watched flags are stopped.
    born: u64,
}

impl Cancel {
    /// A flag not yet raised, with no memory limit.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A flag not yet raised, raised when the process holds more than `bytes` (watched
    /// every millisecond, as the type says).
    pub fn with_max_memory(bytes: u64) -> Cancel {
        static BORN: AtomicU64 = AtomicU64::new(0);
        let cancel = Cancel(Arc::new(Flag {
            max_memory: AtomicU64::new(bytes.max(1)),
            born: BORN.fetch_add(1, Ordering::Relaxed),
            ..Flag::default()
        }));
        watch::register(&cancel.0);
        cancel
    }

    /// The same flag, its computation's tables made within `bytes` in all (by default a
    /// quarter of the memory limit): a server running several computations under one limit
    /// gives each its share.
    pub fn tables_within(self, bytes: u64) -> Cancel {
        self.0.tables.store(bytes.max(1), Ordering::Relaxed);
        self
    }

    /// The bytes the computation's tables may take when they are made: as set by
    /// [`Self::tables_within`], else a quarter of the memory limit, else none is set.
    pub fn table_memory(&self) -> Option<u64> {
        match self.0.tables.load(Ordering::Relaxed) {
            0 => self.max_memory().map(|m| m / 4),
            b => Some(b),
        }
    }

    /// Raises the flag: every computation holding it stops at its next check.
    pub fn cancel(&self) {
        self.0.raised.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.raised.load(Ordering::Relaxed)
    }

    /// The memory limit in bytes, if any.
    pub fn max_memory(&self) -> Option<u64> {
        match self.0.max_memory.load(Ordering::Relaxed) {
            0 => None,
            b => Some(b),
        }
    }

    /// Whether the flag was raised because the process held more than the memory limit.
    pub fn memory_exceeded(&self) -> bool {
        self.0.over_memory.load(Ordering::Relaxed)
    }

    /// The error of a computation this flag stopped: [`GrundyError::MemoryLimit`] when the
    /// memory limit raised it, else [`GrundyError::Cancelled`].
    pub fn error(&self) -> GrundyError {
        match self.max_memory() {
            Some(limit) if self.memory_exceeded() => GrundyError::MemoryLimit {
                limit,
                what: "the computation's tables outgrew it".into(),
            },
            _ => GrundyError::Cancelled,
        }
    }

    /// `Err` once the flag is raised ([`Self::error`]).
    #[inline]
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(self.error())
        } else {
            Ok(())
        }
    }

    /// `Ok` when `bytes` more fit the memory limit (always, without one, and for less than
    /// [`SMALL_GROWTH`]): asked before a table grows, so that it never grows past the limit.
    /// Past it, the flag is raised and the error names `what`.
    ///
    /// **Complexity**: a few loads ([`crate::memory::in_use`]; without the meter, a read of
    /// /proc): call it before a large allocation, not for every one.
    pub fn room(&self, bytes: u64, what: impl FnOnce() -> String) -> Result<()> {
        self.check()?;
        match self.max_memory() {
            // a small growth always: the watch keeps the process near its limit, and a
            // question of a few cells must not be refused while another fills the memory
            Some(_) if bytes < SMALL_GROWTH => Ok(()),
            Some(limit) if !self.fits(bytes) => {
                self.0.over_memory.store(true, Ordering::Relaxed);
                self.cancel();
                Err(GrundyError::MemoryLimit {
                    limit,
                    what: what(),
                })
            }
            _ => Ok(()),
        }
    }

    /// Whether `bytes` more fit the memory limit (always, without one), without raising
    /// the flag: for memory that helps but is not needed (a bigger cache).
    pub fn fits(&self, bytes: u64) -> bool {
        self.max_memory()
            .is_none_or(|limit| crate::memory::in_use().unwrap_or(0).saturating_add(bytes) <= limit)
    }
}

/// Growths below this many bytes are not checked against the memory limit ([`Cancel::room`]).
pub const SMALL_GROWTH: u64 = 1 << 20;

/// The thread that stops computations whose process holds more than their memory limit.
mod watch {
    use super::Flag;
    use std::sync::atomic::Ordering;
    use std::sync::{Arc, Mutex, OnceLock, Weak};
    use std::time::{Duration, Instant};

    /// Every watched flag still held somewhere.
    static WATCHED: Mutex<Vec<Weak<Flag>>> = Mutex::new(Vec::new());
    static STARTED: OnceLock<()> = OnceLock::new();

    /// How often the bytes held are read.
    const EVERY: Duration = Duration::from_millis(1);
    /// How long a stopped computation has to give its memory back before the next one is
    /// stopped: until it ends (its flag dropped), at least [`GRACE`], at most [`WAIT`].
    const GRACE: Duration = Duration::from_millis(20);
    const WAIT: Duration = Duration::from_secs(2);

    /// Where a computation is stopped: at 7/8 of its limit, so that what other computations
    /// take meanwhile (a millisecond of work, a table growing) and what the allocator keeps
    /// of what was freed stay under the limit.
    fn stop_at(limit: u64) -> u64 {
        limit / 8 * 7
    }

    pub(super) fn register(flag: &Arc<Flag>) {
        let mut watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
        // the flags no longer held are dropped now and then (the list stays short)
        if watched.len().is_power_of_two() {
            watched.retain(|w| w.strong_count() > 0);
        }
        watched.push(Arc::downgrade(flag));
        drop(watched);
        STARTED.get_or_init(|| {
            let _ = std::thread::Builder::new()
                .name("grundy-memory".into())
                .spawn(run);
        });
    }

    fn run() {
        // the flag stopped last, while its computation still holds it (it is giving its
        // memory back), and when
        let mut stopped: Option<(Weak<Flag>, Instant)> = None;
        loop {
            std::thread::sleep(EVERY);
            let Some(held) = crate::memory::in_use() else {
                continue;
            };
            // after a stop, the next one only once the last one has ended (it gives its
            // memory back), or after a while
            let waiting = stopped.as_ref().is_some_and(|(flag, at)| {
                at.elapsed() < GRACE || (flag.strong_count() > 0 && at.elapsed() < WAIT)
            });
            if waiting {
                continue;
            }
            let watched = WATCHED.lock().unwrap_or_else(|e| e.into_inner());
            // the oldest running computation over its limit
            let over = watched
                .iter()
                .filter_map(Weak::upgrade)
                .filter(|f| !f.raised.load(Ordering::Relaxed))
                .filter(|f| held > stop_at(f.max_memory.load(Ordering::Relaxed)))
                .min_by_key(|f| f.born);
            drop(watched);
            if let Some(flag) = over {
                flag.over_memory.store(true, Ordering::Relaxed);
                flag.raised.store(true, Ordering::Relaxed);
                stopped = Some((Arc::downgrade(&flag), Instant::now()));
            }
        }
    }
}

/// The fewest entries [`Budget::table_entries`] gives a table (a few kilobytes).
pub const MIN_TABLE_ENTRIES: usize = 1 << 10;

/// A state limit, a cancellation flag and the threads a search may run on: the one budget
/// every engine runs under.
#[derive(Clone, Debug)]
pub struct Budget {
    max_states: usize,
    cancel: Cancel,
    threads: usize,
}

impl Budget {
    /// A budget of `max_states` stored states, never cancelled unless
    /// [`Budget::with_cancel`] gives it a flag.
    pub fn new(max_states: usize) -> Budget {
        Budget {
            max_states,
            cancel: Cancel::new(),
            threads: 0,
        }
    }

    /// The same budget on `threads` threads (0, the default: one per core).
    pub fn with_threads(mut self, threads: usize) -> Budget {
        self.threads = threads;
        self
    }

    /// The threads a search under this budget may run on (at least 1: one per core unless
    /// [`Budget::with_threads`] says otherwise).
    pub fn threads(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// The same budget, stopped by `cancel`.
    pub fn with_cancel(mut self, cancel: Cancel) -> Budget {
        self.cancel = cancel;
        self
    }

    /// The same flag, another state limit (a sub-search with a smaller table).
    pub fn with_max_states(&self, max_states: usize) -> Budget {
        Budget {
            max_states,
            cancel: self.cancel.clone(),
            threads: self.threads,
        }
    }

    /// The most states a table or search may store.
    #[inline]
    pub fn max_states(&self) -> usize {
        self.max_states
    }

    /// The memory limit of the computation in bytes ([`Cancel::max_memory`]), if any.
    pub fn max_memory(&self) -> Option<u64> {
        self.cancel.max_memory()
    }

    /// The entries a table of `entry_bytes` bytes an entry is made with, once, when it is
    /// made: as many as the question may `need` (the positions it can reach; at least
    /// [`MIN_TABLE_ENTRIES`]), at most the state limit, and within the memory its tables may
    /// take ([`Cancel::table_memory`]: by default a quarter of the memory limit, the rest
    /// being for the computation's growing tables). A question about a few cells takes a
    /// few kilobytes, whatever the budgets.
    ///
    /// ```
    /// use grundy::budget::{Budget, Cancel};
    /// let budget = Budget::new(100_000_000).with_cancel(Cancel::with_max_memory(1 << 30));
    /// assert_eq!(budget.table_entries(32, 64), 1 << 10); // a few cells: the least table
    /// assert_eq!(budget.table_entries(32, usize::MAX), (1 << 30) / 4 / 32);
    /// assert_eq!(Budget::new(5000).table_entries(32, usize::MAX), 5000);
    /// ```
    pub fn table_entries(&self, entry_bytes: usize, need: usize) -> usize {
        let by_memory = self.cancel.table_memory().map_or(usize::MAX, |m| {
            usize::try_from(m / entry_bytes.max(1) as u64).unwrap_or(usize::MAX)
        });
        need.max(MIN_TABLE_ENTRIES)
            .min(self.max_states)
            .min(by_memory)
            .max(1)
    }

    /// Makes room in `table` for one more entry before it is stored: when the table is full,
    /// its growth must fit the memory limit ([`Cancel::room`]) and is taken from the system
    /// now, fallibly, so that storing the entry cannot abort. `what` names the table in the
    /// error ([`GrundyError::MemoryLimit`], [`GrundyError::OutOfMemory`]).
    ///
    /// **Complexity**: a comparison when the table has room (almost always); a read of the
    /// memory held and an allocation when it grows.
    ///
    /// ```
    /// use grundy::budget::{Budget, Cancel};
    /// let budget = Budget::new(1000).with_cancel(Cancel::with_max_memory(1 << 40));
    /// let mut table: Vec<u64> = Vec::new();
    /// for i in 0..100 {
    ///     budget.room(&mut table, || "the table".into()).unwrap();
    ///     table.push(i);
    /// }
    /// // a growth past the memory limit is refused before it is made (from 1 MiB: smaller
    /// // ones always pass)
    /// let small = Budget::new(1000).with_cancel(Cancel::with_max_memory(1));
    /// let mut full: Vec<u64> = vec![7; 1 << 17];
    /// let e = small.room(&mut full, || "the table".into()).unwrap_err();
    /// // (or the memory watch, on a busy machine, has stopped the computation first)
    /// assert!(e.to_string().starts_with("memory limit reached"), "{e}");
    /// ```
    #[inline]
    pub fn room<T: crate::memory::Grow>(
        &self,
        table: &mut T,
        what: impl FnOnce() -> String,
    ) -> Result<()> {
        if table.has_room() {
            return Ok(());
        }
        self.grow(table, what)
    }

    #[cold]
    fn grow<T: crate::memory::Grow>(
        &self,
        table: &mut T,
        what: impl FnOnce() -> String,
    ) -> Result<()> {
        let bytes = table.growth_bytes();
        let what = what();
        self.cancel.room(bytes, || what.clone())?;
        table
            .try_grow()
            .map_err(|_| GrundyError::OutOfMemory { what, bytes })
    }

    /// The cancellation flag.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// `Err(Cancelled)` once the flag is raised.
    #[inline]
    pub fn check(&self) -> Result<()> {
        self.cancel.check()
    }

    /// Admits one more stored state when `stored` are held: `Err(StateLimit)` (naming `what`)
    /// at the limit, `Err(Cancelled)` once the flag is raised.
    #[inline]
    pub fn admit(&self, stored: usize, what: impl FnOnce() -> String) -> Result<()> {
        if stored >= self.max_states {
            return Err(GrundyError::StateLimit {
                limit: self.max_states,
                what: what(),
            });
        }
        self.check()
    }
}

impl From<usize> for Budget {
    fn from(max_states: usize) -> Budget {
        Budget::new(max_states)
    }
}

impl From<&Budget> for Budget {
    fn from(budget: &Budget) -> Budget {
        budget.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_below_the_limit_and_stops_when_cancelled() {
        let cancel = Cancel::new();
        let budget = Budget::new(3).with_cancel(cancel.clone());
        assert!(budget.admit(2, || "t".into()).is_ok());
        assert!(matches!(
            budget.admit(3, || "t".into()),
            Err(GrundyError::StateLimit { limit: 3, .. })
        ));
        let smaller = budget.with_max_states(1);
        cancel.cancel();
        assert_eq!(budget.admit(0, || "t".into()), Err(GrundyError::Cancelled));
        assert_eq!(smaller.check(), Err(GrundyError::Cancelled));
        assert!(Budget::from(5).check().is_ok());
    }
}
