//! Grundy values (nimbers) and outcomes.
//!
//! The Sprague-Grundy theorem: every finite impartial game under normal play is equivalent to a
//! Nim heap `*g`; `g` is its Grundy value, the game is a P position iff `g = 0`, and a disjunctive
//! sum has the xor of its parts' values (`*a + *b = *(a xor b)`).
//!
//! ```
//! use grundy::nimber::{mex, Convention, Nimber, Outcome};
//! // *3 + *5 = *6: nim addition is xor
//! assert_eq!(Nimber(3) + Nimber(5), Nimber(6));
//! assert_eq!((Nimber(2) + Nimber(2)).outcome(), Outcome::P);
//! assert_eq!(mex([0, 1, 3].into_iter()), 2);
//! assert_eq!(Convention::from_misere(true).name(), "misere");
//! ```

use std::fmt;
use std::ops::{Add, AddAssign};

/// A Grundy value `*g`. Nim addition (`+`) is bitwise xor.
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(3) + Nimber(5), Nimber(6));
/// assert!(Nimber(0).is_zero());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a P position (`*0`).
    pub const ZERO: Nimber = Nimber(0);

    /// True for `*0`, the value of exactly the P positions.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The outcome of a position with this value under normal play.
    pub fn outcome(self) -> Outcome {
        if self.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

/// Nim addition: the xor of the values (the Sprague-Grundy sum rule).
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)] // nim addition is xor by definition
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)] // nim addition is xor by definition
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Who wins with perfect play: `N` (the next player, to move) or `P` (the previous player);
/// `D` for a draw, which only sums with a loopy part (a game graph with cycles) can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// Neither player can force a win: with perfect play the game never ends.
    D,
}

impl Outcome {
    /// True for `N`.
    pub fn mover_wins(self) -> bool {
        self == Outcome::N
    }

    /// `N` if `mover_wins`, else `P`.
    pub fn from_mover_wins(mover_wins: bool) -> Outcome {
        if mover_wins {
            Outcome::N
        } else {
            Outcome::P
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::D => "D",
        })
    }
}

/// The minimum excludant: the least value not in `values`.
///
/// Costs O(k) time and O(k) extra space for k values (values above k cannot be the mex and are
/// skipped), so it never sorts and never allocates more than k bits.
///
/// ```
/// use grundy::nimber::mex;
/// assert_eq!(mex([0, 1, 3].into_iter()), 2);
/// assert_eq!(mex(std::iter::empty()), 0);
/// ```
pub fn mex(values: impl Iterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Ok(i) = usize::try_from(v) {
            if i < seen.len() {
                seen[i] = true;
            }
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// A reusable bitset for repeated mex computations in tight loops (no allocation per call once
/// it has grown to the largest value seen).
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
    touched: Vec<usize>,
}

impl MexSet {
    /// An empty set.
    pub fn new() -> MexSet {
        MexSet::default()
    }

    /// Adds `v` to the set. Amortised O(1).
    #[inline]
    pub fn insert(&mut self, v: u64) {
        let w = (v / 64) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        if self.words[w] == 0 {
            self.touched.push(w);
        }
        self.words[w] |= 1 << (v % 64);
    }

    /// The mex of the inserted values, then clears the set. O(words touched).
    pub fn take_mex(&mut self) -> u64 {
        let mut m = 0u64;
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                m = i as u64 * 64 + (!w).trailing_zeros() as u64;
                break;
            }
            m = (i as u64 + 1) * 64;
        }
        for &w in &self.touched {
            self.words[w] = 0;
        }
        self.touched.clear();
        m
    }
}

/// Who wins when nobody can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

impl Convention {
    /// `Misere` if `misere`, else `Normal` (a command line's `--misere` flag).
    pub fn from_misere(misere: bool) -> Convention {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// `"normal"` or `"misere"`, as in the JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_basics() {
        assert_eq!(mex([1, 2].into_iter()), 0);
        assert_eq!(mex([0, 2, 1, 5].into_iter()), 3);
        assert_eq!(mex([u64::MAX, 0].into_iter()), 1);
    }

    #[test]
    fn mexset_agrees_with_mex() {
        let mut set = MexSet::new();
        let cases: Vec<Vec<u64>> = vec![
            vec![],
            vec![0],
            (0..64).collect(),
            (0..130).filter(|&x| x != 127).collect(),
            vec![5, 3, 0, 1, 2, 200],
        ];
        for case in cases {
            for &v in &case {
                set.insert(v);
            }
            assert_eq!(set.take_mex(), mex(case.iter().copied()), "{case:?}");
        }
    }
}
