//! Helpers of the library's unit tests (compiled for tests only).

/// A seeded xorshift generator (Marsaglia's 13/7/17 triple): the small random cases of the
/// unit tests, the same on every run.
pub(crate) struct Xorshift(pub u64);

impl Xorshift {
    /// The next value below `k` (`k > 0`).
    pub fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }
}
