//! Memoised Grundy values of any [`ImpartialGame`], by iterative depth-first search.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::{GrundySolver, Nimber};
//! let mut solver = GrundySolver::new(1000);
//! let heap = Nim::new(vec![5]);
//! assert_eq!(solver.grundy(&heap).unwrap(), Nimber(5));
//! // the moves of heap 5 that reach value 2: to heap 2
//! assert_eq!(solver.moves_to_value(&heap, Nimber(2), 10).unwrap().len(), 1);
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::nimber::{MexSet, Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use std::collections::{HashMap, HashSet};

/// Computes Grundy values of positions of one game, remembering every value it finds.
///
/// Closed forms ([`ImpartialGame::grundy_formula`]) are used wherever the game has them; other
/// positions are searched with the Sprague-Grundy recursion `G(p) = mex{ G(q1) xor G(q2) ... }`
/// over the options `q1 + q2 + ...` of `p`. The search is iterative (an explicit stack, so a game
/// a million moves deep does not overflow the call stack), detects cycles, and stores at most
/// `max_states` positions: past that it stops with [`GrundyError::StateLimit`] and keeps what it
/// found.
///
/// **Complexity**: O(sum over searched positions of their number of options and parts) time,
/// O(stored positions) space.
///
/// ```
/// use grundy::{GrundySolver, Nimber};
/// use grundy::games::Moore;
///
/// // Moore's Nim_2 has no closed form for its Grundy values: they are searched.
/// let mut solver = GrundySolver::new(100_000);
/// assert_eq!(solver.grundy(&Moore::new(2, vec![1, 1, 1])).unwrap(), Nimber(0));
/// assert_eq!(solver.grundy(&Moore::new(2, vec![1, 2, 3])).unwrap(), Nimber(6));
/// assert_eq!(solver.grundy(&Moore::new(2, vec![1, 1])).unwrap(), Nimber(2));
/// ```
#[derive(Debug)]
pub struct GrundySolver<G: ImpartialGame> {
    memo: HashMap<G, Nimber>,
    budget: Budget,
    options_listed: u128,
}

/// How many options a search may list per position it is allowed to store: the work budget
/// that stops a search whose positions have many options (a Wythoff position of size n has 2n)
/// long before its memo fills.
pub const OPTIONS_PER_STATE: u128 = 8;

struct Frame<G> {
    position: G,
    options: Vec<Vec<G>>,
    values: Vec<Nimber>,
    option: usize,
    part: usize,
}

impl<G: ImpartialGame> GrundySolver<G> {
    /// A solver that stores at most `max_states` searched positions (a [`Budget`], or a bare
    /// limit), and stops with [`GrundyError::Cancelled`] once the budget's flag is raised.
    pub fn new(budget: impl Into<Budget>) -> Self {
        let budget = budget.into();
        GrundySolver {
            memo: HashMap::new(),
            budget,
            options_listed: 0,
        }
    }

    /// The state limit this solver was made with.
    pub fn max_states(&self) -> usize {
        self.budget.max_states()
    }

    /// The budget this solver runs under.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// How many positions the search has stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `position`: by formula when there is one, else by search.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber> {
        if let Some(value) = self.known(position)? {
            return Ok(value);
        }
        self.search(position.canonical())
    }

    /// The Grundy value of the disjunctive sum of `parts` (the xor of their values).
    pub fn grundy_of_sum(&mut self, parts: &[G]) -> Result<Nimber> {
        parts.iter().map(|p| self.grundy(p)).sum()
    }

    /// The normal-play outcome of `position`: by formula when there is one (it may be known where
    /// the Grundy value is not), else from the Grundy value.
    pub fn outcome(&mut self, position: &G) -> Result<Outcome> {
        match position.outcome_formula() {
            Some(outcome) => outcome,
            None => Ok(self.grundy(position)?.outcome()),
        }
    }

    /// Every option of `position` whose Grundy value is `target`, as the parts each leaves
    /// (parts with no moves left out), in the game's order and without duplicates; the search
    /// may stop once more than `limit` are found (so a list longer than `limit` is cut).
    pub fn moves_to_value(
        &mut self,
        position: &G,
        target: Nimber,
        limit: usize,
    ) -> Result<Vec<Vec<G>>> {
        let moves = match position.moves_to_value_formula(target, limit) {
            Some(moves) => moves?,
            None => {
                self.check_option_count(position)?;
                let mut found = Vec::new();
                for option in position.options() {
                    if self.grundy_of_sum(&option)? == target {
                        found.push(option);
                        if found.len() > limit {
                            break;
                        }
                    }
                }
                found
            }
        };
        Ok(moves
            .into_iter()
            .map(|parts| parts.into_iter().filter(|p| !p.is_terminal()).collect())
            .collect())
    }

    /// The value of `position` if a formula or the memo has it.
    fn known(&self, position: &G) -> Result<Option<Nimber>> {
        if let Some(value) = position.grundy_formula() {
            return value.map(Some);
        }
        Ok(self.memo.get(&position.canonical()).copied())
    }

    fn check_option_count(&self, position: &G) -> Result<()> {
        match position.option_count() {
            Some(count) if count > self.budget.max_states() as u128 => {
                Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: format!("{position:?} has {count} options, too many to list"),
                })
            }
            _ => Ok(()),
        }
    }

    fn open(&mut self, position: G) -> Result<Frame<G>> {
        self.budget.check()?;
        self.check_option_count(&position)?;
        let options = position.options();
        self.options_listed += options.len() as u128;
        let budget = OPTIONS_PER_STATE * self.budget.max_states() as u128;
        if self.options_listed > budget {
            return Err(GrundyError::StateLimit {
                limit: self.budget.max_states(),
                what: format!("the search of {position:?} listed more than {budget} options"),
            });
        }
        Ok(Frame {
            values: vec![Nimber::ZERO; options.len()],
            position,
            options,
            option: 0,
            part: 0,
        })
    }

    fn search(&mut self, root: G) -> Result<Nimber> {
        if let Some(bound) = root.reachable_bound() {
            if bound > self.budget.max_states() as u128 {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: format!("the search of {root:?} could need up to {bound} positions"),
                });
            }
        }
        let mut on_stack: HashSet<G> = HashSet::new();
        on_stack.insert(root.clone());
        let mut stack = vec![self.open(root)?];
        let mut mex = MexSet::new();
        while let Some(frame) = stack.last_mut() {
            // Walk the parts of the options, adding up known values; stop at the first unknown.
            let mut child = None;
            while frame.option < frame.options.len() {
                let parts = &frame.options[frame.option];
                if frame.part == parts.len() {
                    frame.option += 1;
                    frame.part = 0;
                    continue;
                }
                let part = &parts[frame.part];
                let value = match part.grundy_formula() {
                    Some(value) => Some(value?),
                    None => self.memo.get(&part.canonical()).copied(),
                };
                match value {
                    Some(v) => {
                        frame.values[frame.option] += v;
                        frame.part += 1;
                    }
                    None => {
                        child = Some(part.canonical());
                        break;
                    }
                }
            }
            match child {
                Some(key) => {
                    if !on_stack.insert(key.clone()) {
                        return Err(GrundyError::Cycle);
                    }
                    let frame = self.open(key)?;
                    stack.push(frame);
                }
                None => {
                    let frame = stack.pop().expect("stack is not empty");
                    for v in &frame.values {
                        mex.insert(v.0);
                    }
                    let value = Nimber(mex.take_mex());
                    if self.memo.len() >= self.budget.max_states() {
                        return Err(GrundyError::StateLimit {
                            limit: self.budget.max_states(),
                            what: format!("the search of {:?} filled the memo", frame.position),
                        });
                    }
                    on_stack.remove(&frame.position);
                    self.budget
                        .room(&mut self.memo, || "the memo of Grundy values".into())?;
                    self.memo.insert(frame.position, value);
                    if stack.is_empty() {
                        return Ok(value);
                    }
                }
            }
        }
        unreachable!("the root frame returns its value when popped")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Chain(u64);

    impl ImpartialGame for Chain {
        fn options(&self) -> Vec<Vec<Self>> {
            if self.0 == 0 {
                vec![]
            } else {
                vec![vec![Chain(self.0 - 1)]]
            }
        }
    }

    #[test]
    fn deep_chain_does_not_overflow_the_stack() {
        let mut solver = GrundySolver::new(2_000_000);
        assert_eq!(solver.grundy(&Chain(1_000_000)).unwrap(), Nimber(0));
        assert_eq!(solver.grundy(&Chain(999_999)).unwrap(), Nimber(1));
    }

    #[test]
    fn state_limit_is_reported() {
        let mut solver = GrundySolver::new(100);
        let err = solver.grundy(&Chain(1000)).unwrap_err();
        assert!(matches!(err, GrundyError::StateLimit { limit: 100, .. }));
    }

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Loop(u8);

    impl ImpartialGame for Loop {
        fn options(&self) -> Vec<Vec<Self>> {
            vec![vec![Loop((self.0 + 1) % 3)]]
        }
    }

    #[test]
    fn cycles_are_reported() {
        let mut solver = GrundySolver::new(100);
        assert_eq!(solver.grundy(&Loop(0)).unwrap_err(), GrundyError::Cycle);
    }
}
