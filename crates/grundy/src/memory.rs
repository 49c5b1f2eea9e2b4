//! The machine's memory, so that inputs and options that would need more of it than there is
//! are refused, with the estimate, before anything is allocated; the bytes the process holds
//! ([`in_use`]: counted by [`Metered`], else the resident set), and the memory budget a
//! computation may use by default ([`default_limit`]: what the machine, the control group and
//! the address-space limit allow).
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
mod meter;
pub use crate::error::show_bytes;
pub use buffer::{read_to_buffer, Buffer, SharedBuffer};
pub(crate) use meter::count_mapped;
pub use meter::{metered_bytes, Metered};

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

/// The process's memory budget: what [`set_limit`] set (the command line's `--max-memory`),
/// else [`default_limit`].
pub fn limit() -> u64 {
    match LIMIT.load(std::sync::atomic::Ordering::Relaxed) {
        0 => default_limit(),
        bytes => bytes,
    }
}

/// Sets the process's memory budget ([`limit`]), which [`check_fits`] holds inputs to.
pub fn set_limit(bytes: u64) {
    LIMIT.store(bytes.max(1), std::sync::atomic::Ordering::Relaxed);
}

static LIMIT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// `Ok` if `bytes` fit this machine's memory and the process's memory budget ([`limit`]),
/// else an error saying that `what` needs about that many GB.
///
/// ```
/// assert!(grundy::memory::check_fits("a small table", 1 << 20).is_ok());
/// if grundy::memory::machine_memory().is_some() {
///     let e = grundy::memory::check_fits("a huge table", u128::MAX).unwrap_err().to_string();
///     assert!(e.starts_with("a huge table needs about "), "{e}");
/// }
/// ```
pub fn check_fits(what: &str, bytes: u128) -> Result<()> {
    let budget = limit();
    match machine_memory() {
        Some(total) if bytes > total as u128 => Err(GrundyError::Unsupported(format!(
            "{what} needs about {} GB, more than this machine's {} GB of memory",
            bytes.div_ceil(1 << 30),
            total >> 30
        ))),
        _ if bytes > u128::from(budget) => Err(GrundyError::MemoryLimit {
            limit: budget,
            what: format!(
                "{what} needs about {}",
                show_bytes(u64::try_from(bytes).unwrap_or(u64::MAX))
            ),
        }),
        _ => Ok(()),
    }
}

/// The bytes the process holds: counted by [`Metered`] when it is the program's allocator
/// (the heap and the anonymous mappings, as taken, plus what the resident set held beyond
/// them when first asked: the program, its libraries, its stacks), else its resident set
/// (Linux: `VmRSS` of /proc/self/status), else `None`.
///
/// **Complexity**: two loads with the meter; a read of a small file without.
pub fn in_use() -> Option<u64> {
    match metered_bytes() {
        // what the meter does not see (the program, its libraries, the threads' stacks),
        // read once from the resident set
        Some(counted) => {
            static UNCOUNTED: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
            let uncounted = *UNCOUNTED
                .get_or_init(|| resident_bytes().map_or(0, |r| r.saturating_sub(counted)));
            Some(counted + uncounted)
        }
        None => resident_bytes(),
    }
}

/// The process's resident set in bytes (Linux: `VmRSS` of /proc/self/status), if known.
pub fn resident_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// Limits at or above this many bytes stand for "no limit" (the kernel writes unlimited
/// control groups as 2^63 rounded down to a page).
const UNLIMITED: u64 = 1 << 62;

/// The address-space limit of the process (`RLIMIT_AS`, Linux: /proc/self/limits), if set.
pub fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    let soft = line
        .trim_start_matches("Max address space")
        .split_whitespace()
        .next()?;
    soft.parse().ok().filter(|&b| b < UNLIMITED)
}

/// The memory limit of the process's control group (cgroup v2 `memory.max`, v1
/// `memory.limit_in_bytes`; the smallest along the path to the root), if set.
pub fn cgroup_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let mut least: Option<u64> = None;
    for line in text.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (root, file) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max")
        } else if controllers.split(',').any(|c| c == "memory") {
            ("/sys/fs/cgroup/memory", "memory.limit_in_bytes")
        } else {
            continue;
        };
        // the group, its parents, and the root of the mount (a namespaced view)
        let mut dir = std::path::PathBuf::from(root).join(path.trim_start_matches('/'));
        loop {
            let limit = std::fs::read_to_string(dir.join(file))
                .ok()
                .and_then(|t| t.trim().parse::<u64>().ok())
                .filter(|&b| b < UNLIMITED);
            if let Some(b) = limit {
                least = Some(least.map_or(b, |l| l.min(b)));
            }
            if dir.as_os_str().len() <= root.len() || !dir.pop() {
                break;
            }
        }
    }
    least
}

/// The memory budget of a computation when none is given: the smallest of half the
/// machine's memory, three quarters of the control group's limit and half the address-space
/// limit (the address space also holds the program, its threads' stacks and the allocator's
/// reserves, and a table grows by doubling). 1 GiB when none of them is known.
///
/// ```
/// let limit = grundy::memory::default_limit();
/// assert!(limit > 0);
/// if let Some(total) = grundy::memory::machine_memory() {
///     assert!(limit <= total / 2);
/// }
/// ```
pub fn default_limit() -> u64 {
    [
        machine_memory().map(|b| b / 2),
        cgroup_limit().map(|b| b / 4 * 3),
        address_space_limit().map(|b| b / 2),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or(1 << 30)
    .max(1 << 20)
}

/// Reads a number of bytes: digits, then optionally `K`, `M`, `G` or `T` (powers of 1024,
/// with or without `B` or `iB` after), e.g. `4G`, `512M`, `1000000`.
///
/// ```
/// use grundy::memory::parse_bytes;
/// assert_eq!(parse_bytes("4G"), Ok(4 << 30));
/// assert_eq!(parse_bytes("512 MiB"), Ok(512 << 20));
/// assert_eq!(parse_bytes("1000"), Ok(1000));
/// assert!(parse_bytes("lots").is_err());
/// assert!(parse_bytes("99999999999T").is_err());
/// ```
pub fn parse_bytes(text: &str) -> std::result::Result<u64, String> {
    let refused = || {
        format!(
            "expected bytes such as 512M or 4G, found '{}'",
            crate::error::excerpt(text)
        )
    };
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => return Err(refused()),
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .filter(|&b| b > 0)
        .ok_or_else(refused)
}

/// A table that grows by reallocating (a vector, a hash map): how to tell whether one more
/// entry fits without growing, what growing would take, and a growth that fails with an error
/// instead of aborting. [`crate::budget::Budget::room`] uses it before each entry is stored.
pub trait Grow {
    /// Whether one more entry fits without a new allocation.
    fn has_room(&self) -> bool;
    /// The bytes the next growth allocates (about).
    fn growth_bytes(&self) -> u64;
    /// Grows for one more entry, or says the system refused.
    fn try_grow(&mut self) -> std::result::Result<(), std::collections::TryReserveError>;
}

impl<T> Grow for Vec<T> {
    #[inline]
    fn has_room(&self) -> bool {
        self.len() < self.capacity()
    }
    fn growth_bytes(&self) -> u64 {
        (self.capacity().max(4) as u64 * 2).saturating_mul(std::mem::size_of::<T>() as u64)
    }
    fn try_grow(&mut self) -> std::result::Result<(), std::collections::TryReserveError> {
        self.try_reserve(1)
    }
}

/// The bytes a hash map of `capacity` entries of `entry` bytes allocates when it doubles
/// (hashbrown: buckets a power of two at most 7/8 full, a control byte each).
fn hash_growth(capacity: usize, entry: usize) -> u64 {
    let buckets = ((capacity.max(3) as u64 + 1) * 8 / 7).next_power_of_two() * 2;
    buckets.saturating_mul(entry as u64 + 1)
}

impl<K: Eq + std::hash::Hash, V, S: std::hash::BuildHasher> Grow
    for std::collections::HashMap<K, V, S>
{
    #[inline]
    fn has_room(&self) -> bool {
        self.len() < self.capacity()
    }
    fn growth_bytes(&self) -> u64 {
        hash_growth(self.capacity(), std::mem::size_of::<(K, V)>())
    }
    fn try_grow(&mut self) -> std::result::Result<(), std::collections::TryReserveError> {
        self.try_reserve(1)
    }
}

impl<T: Eq + std::hash::Hash, S: std::hash::BuildHasher> Grow for std::collections::HashSet<T, S> {
    #[inline]
    fn has_room(&self) -> bool {
        self.len() < self.capacity()
    }
    fn growth_bytes(&self) -> u64 {
        hash_growth(self.capacity(), std::mem::size_of::<T>())
    }
    fn try_grow(&mut self) -> std::result::Result<(), std::collections::TryReserveError> {
        self.try_reserve(1)
    }
}
