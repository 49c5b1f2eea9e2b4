//! "Game on Sum" (Codeforces 1628 D2): Alice names numbers in [0, k], Bob adds or subtracts
//! each, adding at least m times in n turns; the value of the game, modulo a prime.
//!
//! ```
//! use grundy_contests::scoring::game_on_sum::GameOnSum;
//! let game = GameOnSum::new(10);
//! assert_eq!(game.value(1, 1, 7), 7); // one forced addition: Alice names k
//! ```

use crate::modular::{mul_mod, Binomials, MOD};

/// Answers many `(n, m, k)` queries with shared factorial tables.
///
/// **Theorem** (THEORY.md, "Game on Sum"): with i turns left of which Bob must still add in j,
/// `f(i, j) = (f(i-1, j) + f(i-1, j-1)) / 2`, `f(i, 0) = 0`, `f(i, i) = i k`. Counting the
/// lattice paths from each boundary cell `f(i, i)` gives, for m < n,
/// `f(n, m) = k * sum_{i=1..m} i * C(n-i-1, m-i) / 2^(n-i)`, and `f(n, n) = n k`.
/// The tests check it against the exact recurrence and against the minimax engine.
///
/// **Complexity**: O(N) to build for n up to N, then O(m) per query.
///
/// ```
/// let game = grundy_contests::scoring::game_on_sum::GameOnSum::new(10);
/// assert_eq!(game.value(3, 3, 2), 6);
/// assert_eq!(game.value(2, 1, 10), 5);
/// ```
#[derive(Clone, Debug)]
pub struct GameOnSum {
    binomials: Binomials,
    /// `inv_pow2[e] = 2^(-e) mod p`.
    inv_pow2: Vec<u64>,
}

impl GameOnSum {
    /// Tables for games of up to `max_n` turns.
    pub fn new(max_n: usize) -> GameOnSum {
        let inv2 = MOD.div_ceil(2); // 2 * (p + 1) / 2 = 1 mod p
        let mut inv_pow2 = vec![1u64; max_n + 1];
        for e in 1..=max_n {
            inv_pow2[e] = mul_mod(inv_pow2[e - 1], inv2, MOD);
        }
        GameOnSum {
            binomials: Binomials::new(max_n.max(1), MOD),
            inv_pow2,
        }
    }

    /// The value of the game with `n` turns, at least `m` additions and bound `k`, as
    /// `p * q^(-1) mod 10^9 + 7`. Needs `1 <= m <= n <= max_n`.
    pub fn value(&self, n: usize, m: usize, k: u64) -> u64 {
        let k = k % MOD;
        if m == n {
            return mul_mod(n as u64 % MOD, k, MOD);
        }
        let mut sum = 0u64;
        for i in 1..=m {
            let paths = self.binomials.choose(n - i - 1, m - i);
            let term = mul_mod(mul_mod(i as u64, paths, MOD), self.inv_pow2[n - i], MOD);
            sum = (sum + term) % MOD;
        }
        mul_mod(sum, k, MOD)
    }
}
