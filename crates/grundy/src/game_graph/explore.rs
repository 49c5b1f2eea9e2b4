//! Your own loopy game without an edge list: implement [`GraphGame`], [`explore`] the positions
//! reachable from a start, then use the game-graph engines.
//!
//! ```
//! use grundy::game_graph::{explore, GraphOutcome, GraphGame};
//! use grundy::Convention;
//!
//! /// Move a token left or right on 0..=4, never onto 0; from 4 the game stops. Cycles allowed.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Token(u8);
//!
//! impl GraphGame for Token {
//!     fn options(&self) -> impl Iterator<Item = Token> {
//!         let here = self.0;
//!         [here.wrapping_sub(1), here + 1]
//!             .into_iter()
//!             .filter(move |&t| here < 4 && (1..=4).contains(&t))
//!             .map(Token)
//!     }
//! }
//!
//! let explored = explore(Token(2), 100).unwrap();
//! let r = explored.graph.retrograde(Convention::Normal);
//! assert_eq!(r.outcome(explored.index(&Token(3)).unwrap()), GraphOutcome::Win);
//! ```

use crate::error::{GrundyError, Result};
use crate::game_graph::graph::{GameGraph, Names, MAX_POSITIONS};
use std::collections::HashMap;
use std::hash::Hash;

/// A position of an impartial game that may go on forever (positions can repeat).
///
/// ```
/// use grundy::game_graph::{explore, GraphOutcome, GraphGame};
/// use grundy::Convention;
///
/// /// A token on a ring of 5 cells; a move steps it 1 or 2 cells clockwise, except from cell 0,
/// /// where the game ends.
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Ring(u8);
///
/// impl GraphGame for Ring {
///     fn options(&self) -> impl Iterator<Item = Ring> {
///         let here = self.0;
///         (1..=2).filter(move |_| here != 0).map(move |s| Ring((here + s) % 5))
///     }
/// }
///
/// let game = explore(Ring(1), 100).unwrap();
/// assert_eq!(game.positions.len(), 5);
/// let r = game.graph.retrograde(Convention::Normal);
/// // from cell 3 or 4 a step reaches cell 0, where the opponent cannot move
/// assert_eq!(r.outcome(game.index(&Ring(4)).unwrap()), GraphOutcome::Win);
/// ```
pub trait GraphGame: Clone + Eq + Hash {
    /// The positions one move leads to (repeats are fine: they count once).
    fn options(&self) -> impl Iterator<Item = Self>;
}

/// The game graph reachable from a start, with the position behind each index.
#[derive(Clone, Debug)]
pub struct Explored<P> {
    /// The graph: index `i` is `positions[i]`; the start is index 0.
    pub graph: GameGraph,
    /// Every reachable position, in breadth-first order from the start.
    pub positions: Vec<P>,
    index: HashMap<P, u32>,
}

impl<P: GraphGame> Explored<P> {
    /// The index of `position` in the graph, if it is reachable.
    pub fn index(&self, position: &P) -> Option<u32> {
        self.index.get(position).copied()
    }
}

/// Every position reachable from `start` (breadth first, calling `options` once per position)
/// and the moves between them, as a [`GameGraph`] ready for retrograde analysis and
/// generalized Grundy values. Names in the graph are the breadth-first numbers (1 = start).
///
/// **Errors**: [`GrundyError::StateLimit`] when more than `max_states` positions are reachable.
///
/// **Complexity**: O(positions + moves) hash operations; one stored copy of each position (in
/// the list and in the index) plus 8 bytes per move while building.
pub fn explore<P: GraphGame>(start: P, max_states: usize) -> Result<Explored<P>> {
    let limit = (max_states as u64).min(MAX_POSITIONS) as usize;
    let mut positions: Vec<P> = vec![start.clone()];
    let mut index: HashMap<P, u32> = HashMap::from([(start, 0)]);
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut next = 0usize;
    while next < positions.len() {
        let from = next as u32;
        let options: Vec<P> = positions[next].options().collect();
        for option in options {
            let to = match index.get(&option) {
                Some(&i) => i,
                None => {
                    if positions.len() >= limit {
                        return Err(GrundyError::StateLimit {
                            limit,
                            what: "exploring the positions reachable from the start".into(),
                        });
                    }
                    let i = positions.len() as u32;
                    index.insert(option.clone(), i);
                    positions.push(option);
                    i
                }
            };
            edges.push((from, to));
        }
        next += 1;
    }
    let graph = GameGraph::from_edge_chunks(positions.len(), vec![edges], Names::Numbered)?;
    Ok(Explored {
        graph,
        positions,
        index,
    })
}
