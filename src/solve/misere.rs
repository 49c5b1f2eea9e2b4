//! Misère play of sums by direct search.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::solve::misere::MisereSolver;
//! // misère Nim with heaps 1 1: the mover takes one heap and leaves the last one to the other
//! let mut solver = MisereSolver::new(1000);
//! assert!(solver.mover_wins(vec![Nim::new(vec![1]), Nim::new(vec![1])]).unwrap());
//! assert!(!solver.mover_wins(vec![Nim::new(vec![1])]).unwrap());
//! ```

use crate::error::{GrundyError, Result};
use crate::solve::game::ImpartialGame;
use crate::solve::grundy::OPTIONS_PER_STATE;
use crate::solve::sum::position_key;
use std::collections::{HashMap, HashSet};

/// Decides misère outcomes of sums by memoised search over positions of the whole sum.
///
/// There is no xor rule under misère play, so a sum is searched as one game. Its state is the
/// multiset of the parts' canonical atoms (see [`position_key`]), so that the same position
/// reached in different orders is stored once; a position with no move is a win for the player
/// to move. Search stops at the first losing option found. Iterative, with at most `max_states`
/// stored positions.
///
/// **Complexity**: O(sum over stored positions of their options' key sizes) time (with a
/// sort per option), O(stored positions x their size) space.
#[derive(Debug)]
pub struct MisereSolver<G: ImpartialGame + Ord> {
    memo: HashMap<Vec<G>, bool>,
    max_states: usize,
    options_listed: u128,
}

struct Frame<G> {
    key: Vec<G>,
    children: Vec<Vec<G>>,
    next: usize,
}

impl<G: ImpartialGame + Ord> MisereSolver<G> {
    /// A solver storing at most `max_states` positions.
    pub fn new(max_states: usize) -> Self {
        MisereSolver {
            memo: HashMap::new(),
            max_states,
            options_listed: 0,
        }
    }

    /// The options of one part, parts with no moves left out; refused past the state limit.
    pub fn options_of(&self, part: &G) -> Result<Vec<Vec<G>>> {
        if let Some(count) = part.option_count() {
            if count > self.max_states as u128 {
                return Err(GrundyError::StateLimit {
                    limit: self.max_states,
                    what: format!("{part:?} has {count} options, too many to list"),
                });
            }
        }
        Ok(part
            .options()
            .into_iter()
            .map(|o| o.into_iter().filter(|p| !p.is_terminal()).collect())
            .collect())
    }

    /// Every option of the position with canonical key `key`, as canonical keys.
    fn children(&mut self, key: &[G]) -> Result<Vec<Vec<G>>> {
        let mut children = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // equal atoms have the same options
            }
            for option in self.options_of(&key[i])? {
                let mut child: Vec<G> = key[..i].to_vec();
                child.extend_from_slice(&key[i + 1..]);
                child.extend(option);
                children.push(position_key(&child));
            }
        }
        self.options_listed += children.len() as u128;
        let budget = OPTIONS_PER_STATE * self.max_states as u128;
        if self.options_listed > budget {
            return Err(GrundyError::StateLimit {
                limit: self.max_states,
                what: format!("the misère search listed more than {budget} options"),
            });
        }
        Ok(children)
    }

    /// True if the player to move wins the position with canonical key `key` under misère play.
    pub fn mover_wins(&mut self, key: Vec<G>) -> Result<bool> {
        if let Some(&known) = self.memo.get(&key) {
            return Ok(known);
        }
        // a part that alone reaches more positions than the memo holds would fill it
        for part in &key {
            match part.reachable_bound() {
                Some(bound) if bound > self.max_states as u128 => {
                    return Err(GrundyError::StateLimit {
                        limit: self.max_states,
                        what: format!(
                            "the misère search of {part:?} could need up to {bound} positions"
                        ),
                    })
                }
                _ => {}
            }
        }
        let children = self.children(&key)?;
        let mut on_stack = HashSet::from([key.clone()]);
        let mut stack = vec![Frame {
            key,
            children,
            next: 0,
        }];
        while let Some(frame) = stack.last_mut() {
            let mut decided = if frame.children.is_empty() {
                Some(true) // no move: under misère play the player to move wins
            } else {
                None
            };
            let mut unknown_child = None;
            while decided.is_none() && frame.next < frame.children.len() {
                match self.memo.get(&frame.children[frame.next]) {
                    Some(false) => decided = Some(true),
                    Some(true) => frame.next += 1,
                    None => {
                        unknown_child = Some(frame.children[frame.next].clone());
                        break;
                    }
                }
            }
            if let Some(child) = unknown_child {
                if !on_stack.insert(child.clone()) {
                    return Err(GrundyError::Cycle);
                }
                let children = self.children(&child)?;
                stack.push(Frame {
                    key: child,
                    children,
                    next: 0,
                });
                continue;
            }
            let wins = decided.unwrap_or(false);
            let frame = stack.pop().expect("stack is not empty");
            if self.memo.len() >= self.max_states {
                return Err(GrundyError::StateLimit {
                    limit: self.max_states,
                    what: "the misère search of the sum filled its memo".into(),
                });
            }
            on_stack.remove(&frame.key);
            self.memo.insert(frame.key, wins);
            if stack.is_empty() {
                return Ok(wins);
            }
        }
        unreachable!("the root frame returns its value when popped")
    }
}
