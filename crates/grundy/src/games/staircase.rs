//! Staircase Nim: move coins from a step to the step below; coins leave from step 1.
//!
//! ```
//! use grundy::games::Staircase;
//! use grundy::{ImpartialGame, Nimber};
//! // only the odd steps count: 1 xor 3
//! let s = Staircase::new(vec![1, 2, 3]).unwrap();
//! assert_eq!(s.grundy_formula().unwrap().unwrap(), Nimber(2));
//! ```

use crate::error::Result;
use crate::games::syntax::{error, numbers, GameSyntax, Misere};
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::fmt;

/// A Staircase Nim position: `steps[i]` coins on step `i + 1`.
///
/// **Theorem**: `G` = the xor of the coins on the odd steps (moves from an even step are undone
/// by moving the same coins on). Moves to value t: lower an odd step to `c xor G xor t` (the
/// coins go down a step), or raise an odd step to `c xor G xor t` with coins from the even step
/// above it, when there are enough: O(number of steps). The total number of coins must fit in a
/// u64 (checked when the position is read), so no move can overflow.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Staircase {
    /// Coins on steps 1, 2, 3, ...
    pub steps: Vec<u64>,
}

impl Staircase {
    /// The position with these coins on steps 1, 2, ...; `None` if the total overflows a u64.
    pub fn new(steps: Vec<u64>) -> Option<Staircase> {
        steps.iter().try_fold(0u64, |a, &c| a.checked_add(c))?;
        Some(Staircase { steps })
    }

    /// Moves `count` coins from step `from + 1` (0-based index `from`) one step down.
    fn moved(&self, from: usize, count: u64) -> Vec<Staircase> {
        let mut steps = self.steps.clone();
        steps[from] -= count;
        if from > 0 {
            steps[from - 1] += count;
        }
        while steps.last() == Some(&0) {
            steps.pop();
        }
        if steps.is_empty() {
            vec![]
        } else {
            vec![Staircase { steps }]
        }
    }

    fn value(&self) -> Nimber {
        self.steps.iter().step_by(2).map(|&c| Nimber(c)).sum()
    }
}

impl ImpartialGame for Staircase {
    fn options(&self) -> Vec<Vec<Self>> {
        (0..self.steps.len())
            .flat_map(|i| (1..=self.steps[i]).map(move |c| self.moved(i, c)))
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.steps.iter().map(|&c| c as u128).sum())
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(Ok(self.value()))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let change = (self.value() + target).0;
        let mut moves = Vec::new();
        if change == 0 {
            return Some(Ok(moves));
        }
        for i in (0..self.steps.len()).step_by(2) {
            let (c, want) = (self.steps[i], self.steps[i] ^ change);
            if want < c {
                moves.push(self.moved(i, c - want));
            } else if i + 1 < self.steps.len() && want - c <= self.steps[i + 1] {
                moves.push(self.moved(i + 1, want - c));
            }
        }
        Some(Ok(moves))
    }

    fn canonical(&self) -> Self {
        let mut steps = self.steps.clone();
        while steps.last() == Some(&0) {
            steps.pop();
        }
        Staircase { steps }
    }
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("staircase")?;
        if self.steps.is_empty() {
            return f.write_str(" 0");
        }
        self.steps.iter().try_for_each(|c| write!(f, " {c}"))
    }
}

/// `staircase A1 A2 ...`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "staircase",
    usage: "staircase A1 A2 ...",
    summary: "Staircase Nim: coins on steps 1, 2, ...",
    misere: Misere::Played,
    examples: &["staircase 1 0 2"],
    read: |name, args, _| {
        let steps = numbers(name, args, 1, usize::MAX, "the coins on steps 1, 2, ...")?;
        Ok(Staircase::new(steps)
            .ok_or_else(|| {
                error(
                    name.column,
                    "staircase: the coins add up to more than 2^64 - 1, which would overflow",
                )
            })?
            .into())
    },
};
