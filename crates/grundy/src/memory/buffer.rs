//! Large arrays of plain numbers in memory the kernel may back with huge pages.
//!
//! A fresh array is paid for page by page: every 4 KiB page faults in when it is first
//! written. On a virtual machine a fault costs about two microseconds: reading a 45 MB file
//! into fresh memory takes 21 ms, into huge pages 3.6 (`cargo bench --bench readers`). A [`Buffer`] of 4 MiB or more is
//! an anonymous mapping advised for transparent huge pages (`MADV_HUGEPAGE`, Linux): 2 MiB
//! pages, 512 times fewer faults. The kernel decides (it may give small pages after all);
//! smaller buffers, other systems and a refused mapping use the heap.
//!
//! ```
//! use grundy::memory::Buffer;
//! let mut b: Buffer<u32> = Buffer::zeroed(3 << 20); // 12 MiB: a mapping
//! b[7] = 5;
//! b.truncate(8);
//! assert_eq!((b.len(), b[7], b[0]), (8, 5, 0));
//! assert_eq!(Buffer::from(vec![1u32, 2]).to_vec(), vec![1, 2]);
//! ```

use crate::error::{GrundyError, Result};
use bytemuck::Pod;
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// Buffers of at least this many bytes are mapped (two huge pages: below that, a huge page
/// would rarely fit an aligned stretch).
const MAPPED_FROM: usize = 4 << 20;

/// An array of `len` numbers, zeroed when made: on the heap when small, else in an anonymous
/// mapping advised for huge pages. Derefs to a slice; `truncate` shortens it in place.
pub struct Buffer<T: Pod> {
    store: Store<T>,
    len: usize,
}

enum Store<T> {
    Heap(Vec<T>),
    Mapped(Mapping, PhantomData<T>),
}

/// An anonymous mapping, counted by the memory meter while it is held.
struct Mapping(memmap2::MmapMut);

impl Mapping {
    /// `bytes` of zeros from the system, advised for huge pages when `huge` (Linux).
    fn new(bytes: usize, huge: bool) -> std::io::Result<Mapping> {
        let map = memmap2::MmapOptions::new().len(bytes).map_anon()?;
        #[cfg(target_os = "linux")]
        if huge {
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = huge;
        super::count_mapped(bytes as i64);
        Ok(Mapping(map))
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        super::count_mapped(-(self.0.len() as i64));
    }
}

impl<T: Pod> Buffer<T> {
    /// `len` zeros. O(len) for the heap; a mapping is zeroed by the kernel as it is first
    /// touched.
    pub fn zeroed(len: usize) -> Buffer<T> {
        let bytes = len.saturating_mul(std::mem::size_of::<T>());
        if bytes >= MAPPED_FROM {
            if let Ok(map) = Mapping::new(bytes, true) {
                // a page-aligned mapping is aligned for any number type
                if bytemuck::try_cast_slice::<u8, T>(&map.0[..]).is_ok() {
                    return Buffer {
                        store: Store::Mapped(map, PhantomData),
                        len,
                    };
                }
            }
        }
        Buffer {
            store: Store::Heap(vec![T::zeroed(); len]),
            len,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Keeps the first `len` elements (no effect when there are fewer). The memory stays.
    pub fn truncate(&mut self, len: usize) {
        if len < self.len {
            if let Store::Heap(v) = &mut self.store {
                v.truncate(len);
            }
            self.len = len;
        }
    }
}

impl<T: Pod> Deref for Buffer<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        match &self.store {
            Store::Heap(v) => v,
            Store::Mapped(map, _) => &bytemuck::cast_slice(&map.0[..])[..self.len],
        }
    }
}

impl<T: Pod> DerefMut for Buffer<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        match &mut self.store {
            Store::Heap(v) => v,
            Store::Mapped(map, _) => &mut bytemuck::cast_slice_mut(&mut map.0[..])[..self.len],
        }
    }
}

impl<T: Pod> AsRef<[T]> for Buffer<T> {
    fn as_ref(&self) -> &[T] {
        self
    }
}

/// Reads everything `input` gives into a [`Buffer`] (huge pages for a large input, so the
/// bytes cost a copy and few page faults); `size_hint` (a file's length) sizes it up front,
/// and it grows by doubling past that.
///
/// ```
/// let bytes = grundy::memory::read_to_buffer(&b"3 2\n1 2\n2 3\n"[..], 4).unwrap();
/// assert_eq!(&bytes[..], b"3 2\n1 2\n2 3\n");
/// ```
pub fn read_to_buffer(
    mut input: impl std::io::Read,
    size_hint: usize,
) -> std::io::Result<Buffer<u8>> {
    // one more byte than the hint, so that the end is seen without growing
    let mut buffer = Buffer::<u8>::zeroed(size_hint.saturating_add(1).max(1 << 16));
    let mut len = 0;
    loop {
        if len == buffer.len() {
            let mut bigger = Buffer::zeroed(2 * buffer.len());
            bigger[..len].copy_from_slice(&buffer[..len]);
            buffer = bigger;
        }
        match input.read(&mut buffer[len..]) {
            Ok(0) => break,
            Ok(k) => len += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    buffer.truncate(len);
    Ok(buffer)
}

impl<T: Pod> From<Vec<T>> for Buffer<T> {
    fn from(v: Vec<T>) -> Buffer<T> {
        Buffer {
            len: v.len(),
            store: Store::Heap(v),
        }
    }
}

impl<T: Pod> Clone for Buffer<T> {
    fn clone(&self) -> Buffer<T> {
        let mut copy = Buffer::zeroed(self.len);
        copy.copy_from_slice(self);
        copy
    }
}

impl<T: Pod + fmt::Debug> fmt::Debug for Buffer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self[..], f)
    }
}

impl<T: Pod + PartialEq> PartialEq for Buffer<T> {
    fn eq(&self, other: &Buffer<T>) -> bool {
        self[..] == other[..]
    }
}

impl<T: Pod + Eq> Eq for Buffer<T> {}

/// A zeroed array of values that threads share through `&` (atomic words: a lock-free table),
/// from 4 MiB on in an anonymous mapping, which starts on a page (so each 128-byte bucket of
/// a table lies on two whole cache lines, not three), advised for huge pages when asked.
/// Huge pages suit a large table read at random for long: each read that misses the cache
/// also misses the address translations of small pages (8 x 8 Domineering's search of 17
/// million positions 12% faster). They cost a short search dearly: the kernel zeroes 2 MiB
/// at each first touch, 140 MB for a search that touches a few thousand entries.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// let words: grundy::memory::SharedBuffer<AtomicU64> =
///     grundy::memory::SharedBuffer::try_zeroed(1 << 20, false).unwrap();
/// words[5].store(7, Ordering::Relaxed);
/// assert_eq!((words.len(), words[5].load(Ordering::Relaxed)), (1 << 20, 7));
/// ```
pub struct SharedBuffer<T: bytemuck::Zeroable + Sync> {
    store: Store<T>,
    len: usize,
}

impl<T: bytemuck::Zeroable + Sync> SharedBuffer<T> {
    /// `len` zeroed values (a mapping is zeroed by the kernel as it is first touched), in
    /// huge pages if `huge_pages` and the system agrees.
    ///
    /// **Errors**: [`GrundyError::OutOfMemory`] when the system refuses the memory (an
    /// address-space limit, no overcommit): never an abort.
    pub fn try_zeroed(len: usize, huge_pages: bool) -> Result<SharedBuffer<T>> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .ok_or_else(|| refused(u64::MAX))?;
        // a mapping starts on a page, aligned for any value below a page's alignment
        if bytes >= MAPPED_FROM && std::mem::align_of::<T>() <= 4096 {
            let map = Mapping::new(bytes, huge_pages).map_err(|_| refused(bytes as u64))?;
            return Ok(SharedBuffer {
                store: Store::Mapped(map, PhantomData),
                len,
            });
        }
        let values =
            bytemuck::allocation::try_zeroed_vec(len).map_err(|()| refused(bytes as u64))?;
        Ok(SharedBuffer {
            store: Store::Heap(values),
            len,
        })
    }
}

/// The error of memory the system refused.
fn refused(bytes: u64) -> GrundyError {
    GrundyError::OutOfMemory {
        what: "a table".into(),
        bytes,
    }
}

impl<T: bytemuck::Zeroable + Sync> Deref for SharedBuffer<T> {
    type Target = [T];
    #[inline(always)]
    #[allow(unsafe_code)]
    fn deref(&self) -> &[T] {
        match &self.store {
            Store::Heap(v) => v,
            // SAFETY: the mapping holds `len` values (`len * size_of::<T>()` bytes), starts on
            // a page (aligned for `T`, checked when made), is zeroed (a valid `T`: `Zeroable`)
            // and is reached only through this slice, which borrows `self`; values change
            // only through `&` (atomics), never through the map.
            Store::Mapped(map, _) => unsafe {
                std::slice::from_raw_parts(map.0.as_ptr().cast::<T>(), self.len)
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heap and mapped buffers hold what is written, truncate, clone and compare alike.
    #[test]
    fn heap_and_mapped_buffers_behave_alike() {
        for len in [
            0usize,
            1,
            1000,
            MAPPED_FROM / 4 - 1,
            MAPPED_FROM / 4,
            3 << 20,
        ] {
            let mut b: Buffer<u32> = Buffer::zeroed(len);
            assert_eq!(b.len(), len);
            assert!(b.iter().all(|&x| x == 0));
            for (i, x) in b.iter_mut().enumerate() {
                *x = i as u32 ^ 0x5555;
            }
            let copy = b.clone();
            assert_eq!(copy, b);
            b.truncate(len / 2);
            assert_eq!(b.len(), len / 2);
            assert_eq!(&b[..], &copy[..len / 2]);
            b.truncate(len); // longer: no effect
            assert_eq!(b.len(), len / 2);
        }
        let wide: Buffer<usize> = Buffer::zeroed(1 << 20);
        assert_eq!(wide.len(), 1 << 20);
    }

    /// Whatever the hint, the bytes read are the input's, across growths and short reads.
    #[test]
    fn reads_the_whole_input_whatever_the_hint() {
        /// Gives at most 1000 bytes a read.
        struct Trickle<'a>(&'a [u8]);
        impl std::io::Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let k = buf.len().min(self.0.len()).min(1000);
                buf[..k].copy_from_slice(&self.0[..k]);
                self.0 = &self.0[k..];
                Ok(k)
            }
        }
        let data: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
        for hint in [0, 10, 299_999, 300_000, 1 << 23] {
            let read = read_to_buffer(Trickle(&data), hint).unwrap();
            assert_eq!(&read[..], &data[..], "hint {hint}");
        }
    }
}
