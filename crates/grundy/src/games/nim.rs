//! Nim: take at least one object from one heap.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::{ImpartialGame, Nimber};
//! assert_eq!(Nim::new(vec![3, 4, 5]).grundy_formula().unwrap().unwrap(), Nimber(2));
//! ```

use crate::error::Result;
use crate::games::syntax::{numbers, GameSyntax, Misere};
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::fmt;

/// A Nim position: several heaps in one component.
///
/// **Theorem** (Bouton 1901): `G = a1 xor a2 xor ... xor an`. A move to value `t` takes heap
/// `ai` to `ai xor G xor t` when that is smaller: at most one move per heap, O(n) in all.
///
/// ```
/// use grundy::{ImpartialGame, Nimber};
/// use grundy::games::Nim;
/// let nim = Nim::new(vec![3, 4, 5]);
/// assert_eq!(nim.grundy_formula().unwrap().unwrap(), Nimber(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nim {
    /// The heap sizes, in the order given.
    pub heaps: Vec<u64>,
}

impl Nim {
    /// Nim on these heaps.
    pub fn new(heaps: Vec<u64>) -> Nim {
        Nim { heaps }
    }

    /// The position with heap `i` set to `to`, that heap dropped if it becomes empty.
    fn with_heap(&self, i: usize, to: u64) -> Vec<Nim> {
        let mut heaps = self.heaps.clone();
        if to == 0 {
            heaps.remove(i);
        } else {
            heaps[i] = to;
        }
        if heaps.iter().all(|&h| h == 0) {
            vec![]
        } else {
            vec![Nim { heaps }]
        }
    }

    /// Indices of the first heap of each size (equal heaps give the same positions).
    fn distinct_heaps(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.heaps.len()).filter(|&i| !self.heaps[..i].contains(&self.heaps[i]))
    }
}

impl ImpartialGame for Nim {
    fn options(&self) -> Vec<Vec<Self>> {
        self.distinct_heaps()
            .flat_map(|i| (0..self.heaps[i]).rev().map(move |x| self.with_heap(i, x)))
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.distinct_heaps().map(|i| self.heaps[i] as u128).sum())
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(Ok(self.heaps.iter().map(|&h| Nimber(h)).sum()))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let g: Nimber = self.heaps.iter().map(|&h| Nimber(h)).sum();
        let change = (g + target).0;
        Some(Ok(self
            .distinct_heaps()
            .filter(|&i| self.heaps[i] ^ change < self.heaps[i])
            .map(|i| self.with_heap(i, self.heaps[i] ^ change))
            .collect()))
    }

    fn canonical(&self) -> Self {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Nim { heaps }
    }

    fn atoms(&self) -> Vec<Self> {
        self.heaps.iter().map(|&h| Nim { heaps: vec![h] }).collect()
    }

    fn as_nim_heap(&self) -> Option<u64> {
        match self.canonical().heaps.as_slice() {
            [] => Some(0),
            [h] => Some(*h),
            _ => None,
        }
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("nim")?;
        if self.heaps.is_empty() {
            return f.write_str(" 0");
        }
        self.heaps.iter().try_for_each(|h| write!(f, " {h}"))
    }
}

/// `nim A1 A2 ...`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "nim",
    usage: "nim A1 A2 ...",
    summary: "Nim heaps (one component holding several heaps)",
    misere: Misere::Played,
    examples: &["nim 3 4 5", "nim 18446744073709551615"],
    read: |name, args, _| {
        Ok(Nim::new(numbers(name, args, 1, usize::MAX, "the heap sizes")?).into())
    },
};
