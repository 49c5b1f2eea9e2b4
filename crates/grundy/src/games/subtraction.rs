//! Subtraction games: take s objects from the heap, s from a finite set S.
//!
//! ```
//! use grundy::games::SubtractionSet;
//! // subtract {1, 3, 4}: values repeat with period 7, and heap 7 is a P position
//! let set = SubtractionSet::from_ranges(vec![(1, 1), (3, 4)]).unwrap();
//! let values = grundy::games::SubtractionRules::new(set, false, 1000).values().unwrap().clone();
//! assert_eq!(values.period, Some((0, 7)));
//! assert_eq!(values.get(7), Some(0));
//! ```

use crate::budget::{Budget, Cancel};
use crate::error::excerpt;
use crate::error::{GrundyError, Result};
use crate::games::syntax::{count, error, number, numbers, GameSyntax, Misere, ParseContext, Word};
use crate::games::Component;
use crate::nimber::{MexSet, Nimber};
use crate::periodic::{least_start, PeriodicValues};
use crate::solve::game::ImpartialGame;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A finite set of positive integers, kept as sorted, disjoint, non-adjacent ranges.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SubtractionSet {
    ranges: Vec<(u64, u64)>,
}

impl SubtractionSet {
    /// The union of the inclusive ranges `lo..=hi`; `None` if empty or if it contains 0.
    pub fn from_ranges(mut ranges: Vec<(u64, u64)>) -> Option<SubtractionSet> {
        if ranges.is_empty() || ranges.iter().any(|&(lo, hi)| lo == 0 || lo > hi) {
            return None;
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Some(SubtractionSet { ranges: merged })
    }

    /// `1..=m`, Bash's game.
    pub fn bash(m: u64) -> Option<SubtractionSet> {
        Self::from_ranges(vec![(1, m)])
    }

    /// `Some(m)` if the set is `{1, ..., m}`.
    pub fn as_bash(&self) -> Option<u64> {
        match self.ranges.as_slice() {
            [(1, m)] => Some(*m),
            _ => None,
        }
    }

    /// The largest element.
    pub fn max(&self) -> u64 {
        self.ranges.last().map_or(0, |r| r.1)
    }

    /// How many elements are at most `n`.
    pub fn count_up_to(&self, n: u64) -> u128 {
        self.ranges
            .iter()
            .filter(|r| r.0 <= n)
            .map(|&(lo, hi)| (hi.min(n) - lo) as u128 + 1)
            .sum()
    }

    /// The elements at most `n`, in increasing order.
    pub fn iter_up_to(&self, n: u64) -> impl Iterator<Item = u64> + '_ {
        self.ranges
            .iter()
            .filter(move |r| r.0 <= n)
            .flat_map(move |&(lo, hi)| lo..=hi.min(n))
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(lo, hi)) in self.ranges.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            match hi - lo {
                0 => write!(f, "{lo}")?,
                1 => write!(f, "{lo},{hi}")?,
                _ => write!(f, "{lo}..{hi}")?,
            }
        }
        Ok(())
    }
}

/// The rules of one subtraction game, shared by all its positions, with its Grundy values
/// computed once, on first use, under the budget of the sum that read it.
#[derive(Debug)]
pub struct SubtractionRules {
    set: SubtractionSet,
    written_as_bash: bool,
    budget: Budget,
    values: OnceLock<Result<PeriodicValues>>,
}

/// How many options a subtraction game's value table may look up per state of its budget: at
/// the default limit of 4 * 10^6 states about a second's work, after which a heap beyond the
/// table and without a period found is refused ([`GrundyError::TooLarge`]).
pub const WORK_PER_STATE: u128 = 64;

impl SubtractionSet {
    /// Computes `G(n) = mex{ G(n - s) : s in S, s <= n }` until the window of the last `max(S)`
    /// values repeats (the window determines everything after it, so its first repeat proves the
    /// period, and the period found is the least), storing at most `max_values` values and
    /// looking up at most `max_work` options in all: past either it returns the values so far
    /// with no period.
    ///
    /// **Errors**: [`GrundyError::Cancelled`] once `cancel` is raised (checked every 2^16
    /// options looked up).
    ///
    /// **Complexity**: O(L |S|) time for L values computed, O(L) space; window comparisons use a
    /// rolling hash, checked value by value on a hit.
    pub fn values_within(
        &self,
        max_values: usize,
        max_work: u128,
        cancel: &Cancel,
    ) -> Result<PeriodicValues> {
        let set = self;
        let mut work = 0u128;
        let mut next_check = 0u128;
        let window = set.max() as usize;
        const BASE: u64 = 0x9E37_79B9_7F4A_7C15;
        // BASE^(window - 1) by squaring: a set with a member of 3 * 10^10 (a few bytes of
        // input) once spent seconds here multiplying one step at a time
        let top_power = wrapping_power(BASE, window.saturating_sub(1) as u64);
        let mut values: Vec<u64> = Vec::new();
        let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
        let mut hash = 0u64;
        let mut mex = MexSet::new();
        while values.len() < max_values {
            let n = values.len() as u64;
            let options = set.count_up_to(n);
            if work + options > max_work {
                break;
            }
            work += options;
            if work >= next_check {
                cancel.check()?;
                next_check = work + (1 << 16);
            }
            for s in set.iter_up_to(n) {
                mex.insert(values[(n - s) as usize]);
            }
            let g = mex.take_mex();
            values.push(g);
            let end = values.len() - 1;
            if end >= window {
                hash =
                    hash.wrapping_sub(values[end - window].wrapping_add(1).wrapping_mul(top_power));
            }
            hash = hash.wrapping_mul(BASE).wrapping_add(g.wrapping_add(1));
            if end + 1 < window {
                continue;
            }
            let starts = seen.entry(hash).or_default();
            let current = &values[end + 1 - window..=end];
            if let Some(&earlier) = starts
                .iter()
                .find(|&&e| &values[e + 1 - window..=e] == current)
            {
                let period = end - earlier;
                let preperiod = least_start(&values, earlier + 1 - window, period);
                return Ok(PeriodicValues {
                    values,
                    period: Some((preperiod as u64, period as u64)),
                    saltus: 0,
                });
            }
            starts.push(end);
        }
        Ok(PeriodicValues {
            values,
            period: None,
            saltus: 0,
        })
    }
}

/// `base^exponent` in wrapping u64 arithmetic, by squaring: O(log exponent).
fn wrapping_power(mut base: u64, mut exponent: u64) -> u64 {
    let mut power = 1u64;
    while exponent > 0 {
        if exponent & 1 == 1 {
            power = power.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    power
}

impl SubtractionRules {
    /// The rules for `set`; `written_as_bash` keeps the name `bash` in what grundy prints. The
    /// value table stores at most the budget's state limit of values, looks up at most
    /// [`WORK_PER_STATE`] options per state, and stops when the budget's flag is raised.
    pub fn new(set: SubtractionSet, written_as_bash: bool, budget: impl Into<Budget>) -> Arc<Self> {
        Arc::new(SubtractionRules {
            written_as_bash: written_as_bash && set.as_bash().is_some(),
            set,
            budget: budget.into(),
            values: OnceLock::new(),
        })
    }

    /// The set S.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    /// The value table (computed on first call); a cancelled computation's error.
    pub fn values(&self) -> Result<&PeriodicValues> {
        self.values
            .get_or_init(|| {
                let limit = self.budget.max_states();
                let work = (limit as u128).saturating_mul(WORK_PER_STATE);
                self.set.values_within(limit, work, self.budget.cancel())
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// `G(n)`: `n mod (m + 1)` for Bash's game `{1..m}`, else from the value table; refused
    /// when neither the table nor its period reaches n.
    pub fn grundy(&self, n: u64) -> Result<Nimber> {
        if let Some(m) = self.set.as_bash() {
            return Ok(Nimber(m.checked_add(1).map_or(n, |modulus| n % modulus)));
        }
        if self.set.count_up_to(u64::MAX) > self.budget.max_states() as u128 {
            return Err(self.limit_error());
        }
        let values = self.values()?;
        match values.get(n) {
            Some(g) => Ok(Nimber(g)),
            None if values.values.len() >= self.budget.max_states() => Err(self.limit_error()),
            None => Err(GrundyError::TooLarge {
                what: format!(
                    "subtract {} {n}: no period within the first {} heaps; its value needs every heap up to it",
                    self.set,
                    values.values.len()
                ),
                needed: u128::from(n) + 1,
                limit: self.budget.max_states(),
            }),
        }
    }

    fn limit_error(&self) -> GrundyError {
        GrundyError::StateLimit {
            limit: self.budget.max_states(),
            what: format!(
                "subtract {}: no period found among the values computed",
                self.set
            ),
        }
    }
}

/// A heap in a subtraction game.
///
/// **Theorem**: G is ultimately periodic for every finite S, and the first repeat of a window of
/// `max(S)` consecutive values proves the period (see [`SubtractionSet::values_within`]); for
/// `S = {1..m}` (Bash's game) `G(n) = n mod (m + 1)`. Moves to value t are found by looking up
/// `G(n - s)` for each s in S (O(|S|)), or directly for Bash's game (O(1)).
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The rules, shared with every position of the same game.
    pub rules: Arc<SubtractionRules>,
    /// The heap size.
    pub heap: u64,
}

impl Subtraction {
    /// A heap of `heap` objects under `rules`.
    pub fn new(rules: Arc<SubtractionRules>, heap: u64) -> Subtraction {
        Subtraction { rules, heap }
    }

    fn to(&self, heap: u64) -> Vec<Subtraction> {
        vec![Subtraction::new(self.rules.clone(), heap)]
    }

    fn key(&self) -> (&SubtractionSet, u64) {
        (&self.rules.set, self.heap)
    }
}

compare_by_key!(Subtraction);

impl ImpartialGame for Subtraction {
    fn options(&self) -> Vec<Vec<Self>> {
        self.rules
            .set
            .iter_up_to(self.heap)
            .map(|s| self.to(self.heap - s))
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.rules.set.count_up_to(self.heap))
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(self.rules.grundy(self.heap))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        if let Some(m) = self.rules.set.as_bash() {
            // n - s = target (mod m + 1) has one solution s in 1..=m, if target <= m
            let modulus = m as u128 + 1;
            if target.0 as u128 >= modulus {
                return Some(Ok(vec![]));
            }
            let s = (self.heap as u128 % modulus + modulus - target.0 as u128) % modulus;
            let ok = s != 0 && s <= self.heap as u128;
            return Some(Ok(if ok {
                vec![self.to(self.heap - s as u64)]
            } else {
                vec![]
            }));
        }
        if self.rules.set.count_up_to(self.heap) > self.rules.budget.max_states() as u128 {
            return Some(Err(self.rules.limit_error()));
        }
        let mut moves = Vec::new();
        for s in self.rules.set.iter_up_to(self.heap) {
            match self.rules.grundy(self.heap - s) {
                Ok(g) if g == target => moves.push(self.to(self.heap - s)),
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(moves))
    }
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rules.set.as_bash() {
            Some(m) if self.rules.written_as_bash => write!(f, "bash {m} {}", self.heap),
            _ => write!(f, "subtract {} {}", self.rules.set, self.heap),
        }
    }
}

/// A subtraction set as written: numbers and ranges joined by commas (`1,3,4`, `1..5`, `2..5,9`).
fn read_set(word: Word) -> Result<SubtractionSet> {
    let mut ranges = Vec::new();
    for item in word.text.split(',') {
        let bound = |text: &str| {
            number(Word {
                text,
                column: word.column,
            })
            .map_err(|_| {
                error(
                    word.column,
                    format!(
                        "subtraction set '{}': expected numbers or ranges like 1,3,4 or 1..5, found '{}'",
                        excerpt(word.text),
                        excerpt(item)
                    ),
                )
            })
        };
        let (lo, hi) = match item.split_once("..") {
            Some((lo, hi)) => (bound(lo)?, bound(hi)?),
            None => {
                let x = bound(item)?;
                (x, x)
            }
        };
        if lo == 0 {
            return Err(error(
                word.column,
                format!(
                    "subtraction set '{}' contains 0: every move must take at least 1",
                    excerpt(word.text)
                ),
            ));
        }
        if lo > hi {
            return Err(error(
                word.column,
                format!(
                    "subtraction set '{}': range {} is empty",
                    excerpt(word.text),
                    excerpt(item)
                ),
            ));
        }
        ranges.push((lo, hi));
    }
    Ok(SubtractionSet::from_ranges(ranges).expect("checked: non-empty, no 0, lo <= hi"))
}

/// `subtract S N` and `bash M N`: a heap, its rules shared per set.
fn read_heap(set: SubtractionSet, bash: bool, heap: u64, context: &mut ParseContext) -> Component {
    let budget = context.budget.clone();
    let key = format!("{set:?} {bash}");
    let rules = context.shared("subtract", &key, || {
        SubtractionRules::new(set, bash, budget)
    });
    Subtraction::new(rules, heap).into()
}

/// `subtract S N`
pub const SUBTRACT: GameSyntax = GameSyntax {
    keyword: "subtract",
    usage: "subtract S N",
    summary: "subtraction game on a heap of N; S like 1,3,4, a range 1..M, or both (1..3,7)",
    misere: Misere::Played,
    examples: &["subtract 1,3,4 10", "subtract 2..5,9 10"],
    read: |name, args, context| {
        count(
            name,
            args,
            2,
            2,
            "S N: a set such as 1,3,4 or 1..5, then the heap",
        )?;
        let set = read_set(args[0])?;
        Ok(read_heap(set, false, number(args[1])?, context))
    },
};

/// `bash M N`
pub const BASH: GameSyntax = GameSyntax {
    keyword: "bash",
    usage: "bash M N",
    summary: "Bash's game: the same as subtract 1..M N",
    misere: Misere::Played,
    examples: &["bash 3 10"],
    read: |name, args, context| {
        let v = numbers(name, args, 2, 2, "M N: take 1 to M from a heap of N")?;
        let set = SubtractionSet::bash(v[0])
            .ok_or_else(|| error(args[0].column, "bash: M must be at least 1"))?;
        Ok(read_heap(set, true, v[1], context))
    },
};

#[cfg(test)]
mod tests {
    use super::wrapping_power;

    #[test]
    fn powers_by_squaring_equal_the_repeated_product() {
        let base = 0x9E37_79B9_7F4A_7C15u64;
        let mut product = 1u64;
        for exponent in 0..300u64 {
            assert_eq!(wrapping_power(base, exponent), product, "{exponent}");
            product = product.wrapping_mul(base);
        }
    }
}
