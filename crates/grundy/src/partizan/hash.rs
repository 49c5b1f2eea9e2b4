//! The hashes of the outcome searches' keys: splitmix64's finaliser and a 128-bit hash of any
//! hashable value (two FxHash runs of different salts, each finalised). Deterministic: the same
//! in every run of one build, so that a saved table reads back.

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// The 128-bit hash of a value (deterministic: the same in every run of one build).
pub fn hash128<T: Hash>(value: &T, salt: u64) -> u128 {
    let mut a = FxHasher::default();
    salt.hash(&mut a);
    value.hash(&mut a);
    let mut b = FxHasher::default();
    (!salt).hash(&mut b);
    value.hash(&mut b);
    mix(a.finish()) as u128 | (mix(b.finish() ^ 0x9e37_79b9_7f4a_7c15) as u128) << 64
}

/// splitmix64's finaliser.
pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
