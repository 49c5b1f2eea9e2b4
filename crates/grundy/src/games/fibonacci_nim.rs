//! Fibonacci Nim: take 1..n-1 first, then at most twice what the opponent just took.
//!
//! ```
//! use grundy::games::FibonacciNim;
//! // the opening on a Fibonacci number loses; on 10 the mover takes 2 (10 = 8 + 2)
//! assert!(!FibonacciNim::start(8).mover_wins());
//! assert_eq!(FibonacciNim::start(10).winning_takes(), vec![2]);
//! ```

use crate::error::Result;
use crate::games::syntax::{numbers, GameSyntax, Misere};
use crate::nimber::{Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::zeckendorf;
use std::fmt;

/// A Fibonacci Nim position: `heap` objects, at most `limit` may be taken now.
///
/// **Theorem** (Whinihan 1963, via Zeckendorf): `(n, limit)` is N iff the smallest Zeckendorf
/// term z of n satisfies `z <= limit`; taking z then wins. So the start `(n, n - 1)` is P iff n
/// is a Fibonacci number. Every winning take is a sum of the smallest few Zeckendorf terms of n
/// (a suffix of its representation): the O(log n) such sums are the only candidates, each
/// checked with the P test, so the winning moves cost O(log^2 n) even for n near 10^18. (This
/// suffix property is checked against exhaustive search in the tests.) Grundy values have no
/// known closed form: they are searched, over O(n^2) positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FibonacciNim {
    /// Objects left.
    pub heap: u64,
    /// The most that may be taken by the next move (never above `heap`).
    pub limit: u64,
}

impl FibonacciNim {
    /// The position `(heap, limit)`, the limit capped at the heap.
    pub fn new(heap: u64, limit: u64) -> FibonacciNim {
        FibonacciNim {
            heap,
            limit: limit.min(heap),
        }
    }

    /// The opening position: anything but the whole heap may be taken.
    pub fn start(heap: u64) -> FibonacciNim {
        FibonacciNim::new(heap, heap.saturating_sub(1))
    }

    /// The position after taking `take` (1 <= take <= limit).
    pub fn after(&self, take: u64) -> FibonacciNim {
        let heap = self.heap - take;
        FibonacciNim::new(heap, take.saturating_mul(2))
    }

    /// True if the player to move wins (the Zeckendorf test).
    pub fn mover_wins(&self) -> bool {
        match zeckendorf::smallest_index(self.heap) {
            None => false,
            Some(i) => zeckendorf::FIBONACCI[i] <= self.limit,
        }
    }

    /// Every winning take, in increasing order.
    pub fn winning_takes(&self) -> Vec<u64> {
        let mut takes = Vec::new();
        let mut sum = 0u64;
        for i in zeckendorf::terms(self.heap) {
            sum += zeckendorf::FIBONACCI[i];
            if sum > self.limit {
                break;
            }
            if !self.after(sum).mover_wins() {
                takes.push(sum);
            }
        }
        takes
    }
}

impl ImpartialGame for FibonacciNim {
    fn options(&self) -> Vec<Vec<Self>> {
        (1..=self.limit).map(|t| vec![self.after(t)]).collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.limit as u128)
    }

    /// Positions (m, l) with l <= m <= heap: at most (heap + 1)(heap + 2) / 2.
    fn reachable_bound(&self) -> Option<u128> {
        let n = self.heap as u128;
        Some((n + 1) * (n + 2) / 2)
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        Some(Ok(Outcome::from_mover_wins(self.mover_wins())))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        target.is_zero().then(|| {
            Ok(self
                .winning_takes()
                .into_iter()
                .map(|t| vec![self.after(t)])
                .collect())
        })
    }
}

impl fmt::Display for FibonacciNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fibnim {} {}", self.heap, self.limit)
    }
}

/// `fibnim N [L]`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "fibnim",
    usage: "fibnim N [L]",
    summary: "Fibonacci Nim: N objects, at most L may be taken now (default N - 1)",
    misere: Misere::Played,
    examples: &["fibnim 10 9", "fibnim 5 4"],
    read: |name, args, _| {
        let v = numbers(
            name,
            args,
            1,
            2,
            "N [L]: the heap, then the most that may be taken now",
        )?;
        Ok(match v.get(1) {
            Some(&limit) => FibonacciNim::new(v[0], limit),
            None => FibonacciNim::start(v[0]),
        }
        .into())
    },
};
