//! The machine's memory, so that inputs and options that would need more of it than there is
//! are refused, with the estimate, before anything is allocated.
//!
//! ```
//! use grundy::memory::check_fits;
//! // a few bytes always fit; 2^100 bytes never do
//! assert!(check_fits("a small table", 1024).is_ok());
//! let refused = check_fits("a huge table", 1u128 << 100).unwrap_err();
//! assert!(refused.to_string().contains("a huge table"));
//! ```

use crate::error::{GrundyError, Result};

mod buffer;
pub use buffer::{read_to_buffer, Buffer, SharedBuffer};

/// Asks the processor to bring the cache line holding `x` closer, without waiting for it: a
/// hint that lets loops bound by random reads start the reads of later steps early (x86's
/// `prefetcht0` through `safe_arch`; a no-op on other processors).
#[inline(always)]
pub fn prefetch<T>(x: &T) {
    #[cfg(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse"
    ))]
    safe_arch::prefetch_t0(x);
    #[cfg(not(all(
        any(target_arch = "x86", target_arch = "x86_64"),
        target_feature = "sse"
    )))]
    let _ = x;
}

/// The machine's memory in bytes (Linux: `MemTotal` of /proc/meminfo), if known.
pub fn machine_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// `Ok` if `bytes` fit this machine's memory (or its size is unknown), else an error saying
/// that `what` needs about that many GB.
///
/// ```
/// assert!(grundy::memory::check_fits("a small table", 1 << 20).is_ok());
/// if grundy::memory::machine_memory().is_some() {
///     let e = grundy::memory::check_fits("a huge table", u128::MAX).unwrap_err().to_string();
///     assert!(e.starts_with("a huge table needs about "), "{e}");
/// }
/// ```
pub fn check_fits(what: &str, bytes: u128) -> Result<()> {
    match machine_memory() {
        Some(total) if bytes > total as u128 => Err(GrundyError::Unsupported(format!(
            "{what} needs about {} GB, more than this machine's {} GB of memory",
            bytes.div_ceil(1 << 30),
            total >> 30
        ))),
        _ => Ok(()),
    }
}
