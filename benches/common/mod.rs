//! What the benchmarks share: a seeded random stream for their generated inputs.

/// A seeded SplitMix64 stream: the same inputs on every run.
pub struct Rng(pub u64);

impl Rng {
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}
