//! Exact arithmetic modulo a prime: powers, inverses, binomial coefficients.
//!
//! Contest answers "p / q modulo 10^9 + 7" are `p * q^(-1)`, the inverse by Fermat's little
//! theorem (`q^(m-2) = q^(-1) mod m` for prime m and q not divisible by m).
//!
//! ```
//! use grundy_contests::modular::{inv_mod, mul_mod, pow_mod, Binomials, MOD};
//! assert_eq!(pow_mod(2, 10, MOD), 1024);
//! let half = inv_mod(2, MOD).unwrap();
//! assert_eq!(mul_mod(half, 2, MOD), 1);
//! assert_eq!(Binomials::new(10, MOD).choose(5, 2), 10);
//! ```

/// The usual contest prime, 10^9 + 7.
pub const MOD: u64 = 1_000_000_007;

/// `base^exp mod m` by binary exponentiation; u128 products never overflow. O(log exp).
///
/// ```
/// assert_eq!(grundy_contests::modular::pow_mod(2, 10, 1000), 24);
/// ```
pub fn pow_mod(base: u64, mut exp: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    let mut b = base % m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, b, m);
        }
        b = mul_mod(b, b, m);
        exp >>= 1;
    }
    result
}

/// `a * b mod m`, exactly (through u128).
pub fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((a as u128 * b as u128) % m as u128) as u64
}

/// The inverse of `a` modulo the prime `m` (Fermat), `None` if `a` is divisible by `m`.
/// O(log m).
pub fn inv_mod(a: u64, m: u64) -> Option<u64> {
    (!a.is_multiple_of(m)).then(|| pow_mod(a, m - 2, m))
}

/// Factorials and inverse factorials modulo a prime, for binomial coefficients in O(1).
#[derive(Clone, Debug)]
pub struct Binomials {
    modulus: u64,
    fact: Vec<u64>,
    inv_fact: Vec<u64>,
}

impl Binomials {
    /// Tables for arguments up to `n` (which must be below the prime `modulus`). O(n).
    pub fn new(n: usize, modulus: u64) -> Binomials {
        assert!(
            (n as u64) < modulus,
            "factorials up to {n} vanish modulo {modulus}"
        );
        let mut fact = vec![1u64; n + 1];
        for i in 1..=n {
            fact[i] = mul_mod(fact[i - 1], i as u64, modulus);
        }
        let mut inv_fact = vec![1u64; n + 1];
        inv_fact[n] = inv_mod(fact[n], modulus).expect("n! is invertible below the prime");
        for i in (1..=n).rev() {
            inv_fact[i - 1] = mul_mod(inv_fact[i], i as u64, modulus);
        }
        Binomials {
            modulus,
            fact,
            inv_fact,
        }
    }

    /// `C(n, k) mod p` (0 if k > n); n must be within the tables. O(1).
    ///
    /// ```
    /// let b = grundy_contests::modular::Binomials::new(10, grundy_contests::modular::MOD);
    /// assert_eq!(b.choose(10, 3), 120);
    /// assert_eq!(b.choose(3, 5), 0);
    /// ```
    pub fn choose(&self, n: usize, k: usize) -> u64 {
        if k > n {
            return 0;
        }
        let m = self.modulus;
        mul_mod(
            mul_mod(self.fact[n], self.inv_fact[k], m),
            self.inv_fact[n - k],
            m,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_pascal() {
        let b = Binomials::new(60, MOD);
        let mut row = vec![1u64];
        for n in 0..=60usize {
            for (k, &c) in row.iter().enumerate() {
                assert_eq!(b.choose(n, k), c % MOD, "C({n}, {k})");
            }
            let mut next = vec![1u64; n + 2];
            for k in 1..=n {
                next[k] = (row[k - 1] + row[k]) % MOD;
            }
            row = next;
        }
    }

    #[test]
    fn inverses() {
        for a in 1..2000u64 {
            assert_eq!(mul_mod(a, inv_mod(a, MOD).unwrap(), MOD), 1);
        }
        assert_eq!(inv_mod(MOD, MOD), None);
    }
}
