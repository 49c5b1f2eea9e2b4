//! The bytes a process holds, counted as they are taken and given back: the system's
//! allocator wrapped ([`Metered`], installed by the program: the command line and the Python
//! binding do), and the anonymous mappings of [`super::Buffer`] and [`super::SharedBuffer`]
//! (counted whole when mapped: what a mapping reserves is what an address-space limit or a
//! machine without overcommit refuses).
//!
//! Each thread keeps what it took and gave back in a counter of its own and adds it to the
//! process's total once it passes [`BATCH`] bytes either way, and when the thread ends, so
//! that threads allocating at once rarely write the same cache line: the total is within
//! [`BATCH`] bytes a thread of the truth, and reading it is one load.
//!
//! ```
//! // this test's program does not install the meter: the bytes in use are unknown
//! assert_eq!(grundy::memory::metered_bytes(), None);
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

/// The system's allocator, counted: install it with
/// `#[global_allocator] static ALLOC: grundy::memory::Metered = grundy::memory::Metered;` so
/// that [`metered_bytes`] (and through it every budget's memory limit) knows the bytes the
/// program holds.
///
/// **Cost**: a few thread-local loads and stores per allocation and per release, and an
/// atomic addition every 64 KiB.
#[derive(Clone, Copy, Debug, Default)]
pub struct Metered;

/// The most bytes a thread's counter holds before it adds them to the total.
const BATCH: i64 = 64 << 10;

/// The bytes counted: the threads' counters added so far.
static HEAP: AtomicI64 = AtomicI64::new(0);
/// The bytes of the anonymous mappings held (they bypass the allocator).
static MAPPED: AtomicI64 = AtomicI64::new(0);
/// Whether [`Metered`] has served an allocation (it is the program's allocator).
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// A thread's counter, added to the total when the thread ends.
struct Pending(Cell<i64>);

impl Drop for Pending {
    fn drop(&mut self) {
        HEAP.fetch_add(self.0.replace(0), Ordering::Relaxed);
    }
}

thread_local! {
    static PENDING: Pending = const { Pending(Cell::new(0)) };
}

/// Where glibc registers the end-of-thread call of [`PENDING`] itself (without the program's
/// allocator), nothing can re-enter [`count`]; elsewhere std may register it with an
/// allocation, which is then added to the total directly.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

/// The bytes an allocation of `size` takes from the system's allocator: glibc's chunks carry
/// an 8-byte header and come in multiples of 16 bytes, at least 32 (a table of small keys
/// takes twice its bytes, and resident memory shows it).
#[inline(always)]
fn chunk(size: usize) -> i64 {
    ((size + 8 + 15) & !15).max(32) as i64
}

#[inline(always)]
fn count(bytes: i64) {
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        if COUNTING.get() {
            HEAP.fetch_add(bytes, Ordering::Relaxed);
            return;
        }
        COUNTING.set(true);
    }
    let kept = PENDING.try_with(|p| {
        let v = p.0.get() + bytes;
        // |v| >= BATCH, in one comparison
        if (v + BATCH) as u64 >= 2 * BATCH as u64 {
            HEAP.fetch_add(v, Ordering::Relaxed);
            p.0.set(0);
        } else {
            p.0.set(v);
        }
    });
    if kept.is_err() {
        // the thread's counter is gone (its end): straight to the total
        HEAP.fetch_add(bytes, Ordering::Relaxed);
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    COUNTING.set(false);
}

#[allow(unsafe_code)]
// SAFETY: every call is passed to the system's allocator unchanged; the counting around it
// is thread-local cells and atomics (an allocation it may cause, registering a thread's
// counter, is counted without it: `COUNTING`).
unsafe impl GlobalAlloc for Metered {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(chunk(layout.size()));
        }
        p
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on
        unsafe { System.dealloc(ptr, layout) };
        count(-chunk(layout.size()));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(chunk(new_size) - chunk(layout.size()));
        }
        p
    }
}

/// The bytes the program holds through [`Metered`] and in anonymous mappings, or `None` when
/// [`Metered`] is not its allocator.
///
/// **Complexity**: two relaxed loads.
pub fn metered_bytes() -> Option<u64> {
    let heap = HEAP.load(Ordering::Relaxed);
    if !INSTALLED.load(Ordering::Relaxed) {
        // the first call after the allocator has counted anything marks it
        if heap == 0 && PENDING.try_with(|p| p.0.get()).unwrap_or(0) == 0 {
            return None;
        }
        INSTALLED.store(true, Ordering::Relaxed);
    }
    Some((heap + MAPPED.load(Ordering::Relaxed)).max(0) as u64)
}

/// Counts `bytes` of an anonymous mapping made (positive) or unmapped (negative).
pub(crate) fn count_mapped(bytes: i64) {
    MAPPED.fetch_add(bytes, Ordering::Relaxed);
}
