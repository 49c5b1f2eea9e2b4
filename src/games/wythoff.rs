//! Wythoff's game: take from one heap, or the same amount from both.

use crate::error::Result;
use crate::nimber::{Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::zeckendorf;
use std::fmt;

/// A position of Wythoff's game: two heaps.
///
/// **Theorem** (Wythoff 1907): the P positions are the pairs `{a_k, b_k}` with
/// `a_k = floor(k phi)` and `b_k = a_k + k`; every integer is in exactly one pair. grundy tests
/// membership exactly and for all of u64 with Zeckendorf representations: `a_k` are the numbers
/// whose smallest term has an even index, and `b_k` is `a_k` with its terms shifted one index up
/// (O(log n)); the pair with difference k comes from `floor(k phi) = (k + isqrt(5 k^2)) / 2` in
/// u128. From `(a, b)` at most three moves reach a P position (lower one heap to the other's
/// partner, or both to the pair with the same difference): the winning moves cost O(log n).
/// Grundy values have no closed form: they are searched.
///
/// ```
/// use grundy::games::Wythoff;
/// assert!(Wythoff::new(999_999_999_999_999_999, 1_618_033_988_749_894_847).is_p());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wythoff {
    /// The first heap.
    pub a: u64,
    /// The second heap.
    pub b: u64,
}

/// The other member of x's P pair (`None` if it does not fit in a u64).
pub fn partner(x: u64) -> Option<u64> {
    match zeckendorf::smallest_index(x) {
        None => Some(0),
        Some(i) if i % 2 == 0 => zeckendorf::shift_up(x),
        Some(_) => zeckendorf::shift_down(x),
    }
}

/// `a_k = floor(k phi)`, exactly, if `5 k^2` fits in a u128.
pub fn lower(k: u64) -> Option<u128> {
    let k = k as u128;
    let root = k.checked_mul(k)?.checked_mul(5)?.isqrt();
    Some((k + root) / 2)
}

impl Wythoff {
    /// The position with heaps `a` and `b`.
    pub fn new(a: u64, b: u64) -> Wythoff {
        Wythoff { a, b }
    }

    /// True if the player to move loses.
    pub fn is_p(&self) -> bool {
        partner(self.a) == Some(self.b)
    }

    /// Every move to a P position, as the heaps left, without duplicates.
    pub fn winning_moves(&self) -> Vec<(u64, u64)> {
        let (a, b) = (self.a, self.b);
        let mut moves = Vec::new();
        if let Some(p) = partner(a).filter(|&p| p < b) {
            moves.push((a, p));
        }
        if let Some(p) = partner(b).filter(|&p| p < a) {
            moves.push((p, b));
        }
        let (small, large) = (a.min(b), a.max(b));
        if let Some(low) = lower(large - small).filter(|&low| low < small as u128) {
            let take = small - low as u64;
            let m = (a - take, b - take);
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        moves
    }
}

impl ImpartialGame for Wythoff {
    fn options(&self) -> Vec<Vec<Self>> {
        let (a, b) = (self.a, self.b);
        let one = (0..a).map(|x| (x, b));
        let other = (0..b).map(|y| (a, y));
        let both = (1..=a.min(b)).map(|t| (a - t, b - t));
        one.chain(other)
            .chain(both)
            .map(|(x, y)| vec![Wythoff::new(x, y)])
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.a as u128 + self.b as u128 + self.a.min(self.b) as u128)
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        Some(Ok(Outcome::from_mover_wins(!self.is_p())))
    }

    fn moves_to_value_formula(&self, target: Nimber) -> Option<Result<Vec<Vec<Self>>>> {
        target.is_zero().then(|| {
            Ok(self
                .winning_moves()
                .into_iter()
                .map(|(a, b)| vec![Wythoff::new(a, b)])
                .collect())
        })
    }

    fn canonical(&self) -> Self {
        Wythoff::new(self.a.min(self.b), self.a.max(self.b))
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wythoff {} {}", self.a, self.b)
    }
}
