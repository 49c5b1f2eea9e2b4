//! Minimax values of finite two-player zero-sum scoring games: the test oracle the contest
//! solutions' closed forms and DPs are checked against.
//!
//! ```text
//! use minimax::{MinimaxSolver, Node, ScoringGame};
//!
//! /// A two-level tree: the maximiser picks a side, then the minimiser picks a leaf.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! enum Tree { Root, Left, Right, Leaf(i32) }
//!
//! impl ScoringGame for Tree {
//!     type Value = i32;
//!     fn maximiser_to_move(&self) -> bool { matches!(self, Tree::Root) }
//!     fn node(&self) -> Node<Self, i32> {
//!         match self {
//!             Tree::Root => Node::Options(vec![Tree::Left, Tree::Right]),
//!             Tree::Left => Node::Options(vec![Tree::Leaf(3), Tree::Leaf(9)]),
//!             Tree::Right => Node::Options(vec![Tree::Leaf(5), Tree::Leaf(6)]),
//!             Tree::Leaf(v) => Node::Final(*v),
//!         }
//!     }
//! }
//!
//! // the minimiser answers Left with 3 and Right with 5: the maximiser goes right
//! assert_eq!(MinimaxSolver::new(100).value(&Tree::Root).unwrap(), 5);
//! ```

#![allow(dead_code)]

use grundy::error::{GrundyError, Result};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// What a position of a scoring game is: over with a payoff, or a list of options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node<P, V> {
    /// The game is over; the payoff (to the maximiser).
    Final(V),
    /// The positions the player to move may choose from (at least one).
    Options(Vec<P>),
}

/// A position of a finite two-player zero-sum game whose result is a value rather than
/// win/lose: the maximiser wants it high, the minimiser low, and the player to move may change
/// from position to position.
pub trait ScoringGame: Clone + Eq + Hash {
    /// The payoff type (exact: integers, rationals, or scaled integers).
    type Value: Ord + Clone;
    /// True if the player to move maximises.
    fn maximiser_to_move(&self) -> bool;
    /// The payoff if the game is over, else the options.
    fn node(&self) -> Node<Self, Self::Value>;
}

/// Computes minimax values by memoised depth-first search.
///
/// **Theorem** (Zermelo; von Neumann): every finite two-player zero-sum game of perfect
/// information has a value, `max` (or `min`) over the options of their values, which both
/// players can guarantee. The search is iterative (an explicit stack: deep games do not overflow
/// the call stack), detects cycles, and stores at most `max_states` positions.
///
/// **Complexity**: O(sum over positions of their options) time, O(positions) space.
///
/// ```
/// use grundy_contests::scoring::minimax::{MinimaxSolver, Node, ScoringGame};
///
/// /// Take 1 or 2 from a pile of n; each take scores its size for the taker (the maximiser's
/// /// score minus the minimiser's is the payoff).
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Pile { n: u32, max_to_move: bool, score: i32 }
///
/// impl ScoringGame for Pile {
///     type Value = i32;
///     fn maximiser_to_move(&self) -> bool { self.max_to_move }
///     fn node(&self) -> Node<Self, i32> {
///         if self.n == 0 { return Node::Final(self.score); }
///         let sign = if self.max_to_move { 1 } else { -1 };
///         Node::Options((1..=2.min(self.n)).map(|t| Pile {
///             n: self.n - t, max_to_move: !self.max_to_move, score: self.score + sign * t as i32,
///         }).collect())
///     }
/// }
///
/// let mut solver = MinimaxSolver::new(10_000);
/// assert_eq!(solver.value(&Pile { n: 3, max_to_move: true, score: 0 }).unwrap(), 1);
/// ```
pub struct MinimaxSolver<G: ScoringGame> {
    memo: HashMap<G, G::Value>,
    max_states: usize,
}

struct Frame<G: ScoringGame> {
    position: G,
    options: Vec<G>,
    next: usize,
    best: Option<G::Value>,
}

impl<G: ScoringGame> MinimaxSolver<G> {
    /// A solver storing at most `max_states` positions.
    pub fn new(max_states: usize) -> Self {
        MinimaxSolver {
            memo: HashMap::new(),
            max_states,
        }
    }

    /// How many positions are stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }

    /// The minimax value of `root`.
    pub fn value(&mut self, root: &G) -> Result<G::Value> {
        if let Some(v) = self.memo.get(root) {
            return Ok(v.clone());
        }
        let mut on_stack: HashSet<G> = HashSet::new();
        let mut stack: Vec<Frame<G>> = Vec::new();
        let mut pending = Some(root.clone());
        loop {
            if let Some(position) = pending.take() {
                match position.node() {
                    Node::Final(v) => {
                        self.store(position, v.clone())?;
                        if let Some(top) = stack.last_mut() {
                            top.offer(v);
                        } else {
                            return Ok(v);
                        }
                    }
                    Node::Options(options) => {
                        if !on_stack.insert(position.clone()) {
                            return Err(GrundyError::Cycle);
                        }
                        stack.push(Frame {
                            position,
                            options,
                            next: 0,
                            best: None,
                        });
                    }
                }
                continue;
            }
            let frame = stack.last_mut().expect("the root frame is on the stack");
            if frame.next < frame.options.len() {
                let option = &frame.options[frame.next];
                frame.next += 1;
                match self.memo.get(option) {
                    Some(v) => frame.offer(v.clone()),
                    None => pending = Some(option.clone()),
                }
                continue;
            }
            let frame = stack.pop().expect("checked above");
            on_stack.remove(&frame.position);
            let v = frame.best.ok_or_else(|| {
                GrundyError::Unsupported(
                    "a scoring position listed no options and no payoff".into(),
                )
            })?;
            self.store(frame.position, v.clone())?;
            match stack.last_mut() {
                Some(top) => top.offer(v),
                None => return Ok(v),
            }
        }
    }

    fn store(&mut self, position: G, value: G::Value) -> Result<()> {
        if self.memo.len() >= self.max_states {
            return Err(GrundyError::StateLimit {
                limit: self.max_states,
                what: "the minimax search filled its memo".into(),
            });
        }
        self.memo.insert(position, value);
        Ok(())
    }
}

impl<G: ScoringGame> Frame<G> {
    /// Takes an option's value into the best so far for the player to move.
    fn offer(&mut self, v: G::Value) {
        let better = match &self.best {
            None => true,
            Some(b) if self.position.maximiser_to_move() => v > *b,
            Some(b) => v < *b,
        };
        if better {
            self.best = Some(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain a million moves long, alternating players: no stack overflow.
    #[derive(Clone, PartialEq, Eq, Hash)]
    struct Chain(u32);

    impl ScoringGame for Chain {
        type Value = i64;
        fn maximiser_to_move(&self) -> bool {
            self.0.is_multiple_of(2)
        }
        fn node(&self) -> Node<Self, i64> {
            if self.0 == 0 {
                Node::Final(7)
            } else {
                Node::Options(vec![Chain(self.0 - 1)])
            }
        }
    }

    #[test]
    fn deep_games_do_not_overflow() {
        let mut solver = MinimaxSolver::new(2_000_000);
        assert_eq!(solver.value(&Chain(1_000_000)).unwrap(), 7);
        let mut small = MinimaxSolver::new(10);
        assert!(matches!(
            small.value(&Chain(100)),
            Err(GrundyError::StateLimit { .. })
        ));
    }
}
