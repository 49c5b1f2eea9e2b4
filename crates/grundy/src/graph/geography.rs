//! Undirected vertex geography: a token on a graph, each move to an unvisited neighbour; who
//! cannot move loses. Solved for every start at once by maximum matching.
//!
//! ```
//! use grundy::graph::csr::Graph;
//! use grundy::graph::geography::Geography;
//! // a star: from the centre the mover steps to a leaf and wins; from a leaf, too (to the centre,
//! // then the opponent must go to another leaf... and the mover is stuck): only the centre wins
//! let g = Graph::from_edges(4, &[(0, 1), (0, 2), (0, 3)]).unwrap();
//! let solved = Geography::solve(&g);
//! assert!(solved.mover_wins(0));
//! assert!(!solved.mover_wins(1));
//! ```

use crate::budget::Cancel;
use crate::error::Result;
use crate::graph::matching::{
    edmonds_from, karp_sipser, maximum_matching_avoiding, missed_on_sides, pothen_fan_from,
    Matching,
};
use crate::graph::Adjacency;

/// Graphs from this many vertices colour and start their matching on two threads at once.
const PARALLEL_FROM: usize = 1 << 14;

/// The solution of geography on one graph, for every start vertex.
///
/// **Theorem** (Fraenkel, Scheinerman and Ullman 1993): the player to move from v (v counts as
/// visited) wins iff v is covered by every maximum matching. The winner's strategy: always move
/// along an edge of a maximum matching — one covering v for the mover, one avoiding v for the
/// other player.
///
/// ```
/// use grundy::graph::{csr::Graph, geography::Geography};
/// // a path 0 - 1 - 2: from the middle the mover wins; from an end the mover loses
/// let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
/// let solved = Geography::solve(&g);
/// assert_eq!(solved.mover_wins_from(), vec![1]);
/// ```
#[derive(Clone, Debug)]
pub struct Geography {
    /// A maximum matching of the graph.
    pub matching: Matching,
    /// `missed[v]`: some maximum matching misses v (the mover loses from v).
    pub missed: Vec<bool>,
    /// The 2-colouring, if the graph is bipartite.
    pub sides: Option<Vec<u8>>,
}

impl Geography {
    /// Solves every start of `g`: Pothen-Fan+ (measured faster than Hopcroft-Karp on long-path
    /// graphs such as boards, and as fast elsewhere) and the Dulmage-Mendelsohn search when `g`
    /// is bipartite, else Edmonds' blossom algorithm and the Gallai-Edmonds decomposition.
    ///
    /// The 2-colouring and the Karp-Sipser start of the matching need nothing of each other:
    /// from 2^14 vertices they run on two threads (`rayon::join`).
    ///
    /// **Complexity**: O(n m) worst case for both matchings, a few O(m) phases in practice;
    /// the classification O(m α(n)). O(n + m) memory.
    pub fn solve<G: Adjacency>(g: &G) -> Geography {
        match Geography::solve_until(g, &Cancel::new()) {
            Ok(solved) => solved,
            Err(_) => unreachable!("a flag nobody else holds is never raised"),
        }
    }

    /// [`Geography::solve`], stopped with [`crate::error::GrundyError::Cancelled`] once `cancel` is
    /// raised (checked between the matching's phases and searches).
    pub fn solve_until<G: Adjacency>(g: &G, cancel: &Cancel) -> Result<Geography> {
        cancel.check()?;
        // the colouring and the Karp-Sipser start need nothing of each other: on two cores
        // when the graph is large enough to pay for it
        let (sides, start) = if g.vertex_count() >= PARALLEL_FROM {
            rayon::join(|| g.two_colouring(), || karp_sipser(g))
        } else {
            (g.two_colouring(), karp_sipser(g))
        };
        let (matching, missed) = match &sides {
            Some(side) => {
                // the left side comes from the matching's last phase, the right side from one
                // alternating search
                let (m, mut missed) = pothen_fan_from(g, side, start, cancel)?;
                let right = missed_on_sides(g, side, &m, [false, true]);
                missed.iter_mut().zip(right).for_each(|(l, r)| *l |= r);
                (m, missed)
            }
            None => edmonds_from(g, start, cancel)?,
        };
        Ok(Geography {
            matching,
            missed,
            sides,
        })
    }

    /// True if the player to move from `v` wins.
    pub fn mover_wins(&self, v: usize) -> bool {
        !self.missed[v]
    }

    /// Every start from which the mover wins, in increasing order.
    pub fn mover_wins_from(&self) -> Vec<usize> {
        (0..self.missed.len())
            .filter(|&v| !self.missed[v])
            .collect()
    }

    /// The winner's strategy from start `v`: a maximum matching covering v when the mover wins
    /// (every maximum matching does), avoiding v when the mover loses. The winner answers every
    /// move with the matched partner. O(m α(n)).
    pub fn strategy<G: Adjacency>(&self, g: &G, v: usize) -> Matching {
        if self.mover_wins(v) {
            self.matching.clone()
        } else {
            maximum_matching_avoiding(g, &self.matching, v)
                .expect("a vertex missed by some maximum matching has a matching avoiding it")
        }
    }
}
