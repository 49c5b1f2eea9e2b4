//! Undirected graphs with non-negative integer edge weights, and shortest distances.
//!
//! ```
//! use grundy_contests::weighted::WeightedGraph;
//! let g = WeightedGraph::from_edges(3, &[(0, 1, 5), (1, 2, 1), (0, 2, 9)]).unwrap();
//! assert_eq!(g.distances(0).unwrap(), vec![Some(0), Some(5), Some(6)]);
//! ```

use grundy::error::{GrundyError, Result};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// An undirected weighted graph in compressed sparse row form: the neighbours of v are
/// `targets[offsets[v]..offsets[v + 1]]`, with `weights` alongside. Self-loops and parallel
/// edges are kept (they never shorten a distance, and cost nothing to keep).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedGraph {
    offsets: Vec<usize>,
    targets: Vec<u32>,
    weights: Vec<u64>,
}

impl WeightedGraph {
    /// Builds the graph on vertices `0..n` from `(u, v, w)` edges (0-based). O(n + m).
    ///
    /// Fails if a vertex is out of range.
    pub fn from_edges(n: usize, edges: &[(u32, u32, u64)]) -> Result<WeightedGraph> {
        let mut degree = vec![0usize; n + 1];
        for &(u, v, _) in edges {
            for x in [u, v] {
                if x as usize >= n {
                    return Err(GrundyError::Unsupported(format!(
                        "vertex {} is out of range 1..={n}",
                        x as u64 + 1
                    )));
                }
            }
            degree[u as usize] += 1;
            degree[v as usize] += 1;
        }
        let mut offsets = vec![0usize; n + 1];
        for v in 0..n {
            offsets[v + 1] = offsets[v] + degree[v];
        }
        let mut next = offsets.clone();
        let mut targets = vec![0u32; offsets[n]];
        let mut weights = vec![0u64; offsets[n]];
        for &(u, v, w) in edges {
            for (a, b) in [(u, v), (v, u)] {
                let at = next[a as usize];
                targets[at] = b;
                weights[at] = w;
                next[a as usize] += 1;
            }
        }
        Ok(WeightedGraph {
            offsets,
            targets,
            weights,
        })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Shortest distances from `source` by Dijkstra's algorithm with a binary heap; `None` for
    /// unreachable vertices. Fails with [`GrundyError::Overflow`] if a distance exceeds u64.
    ///
    /// **Complexity**: O((n + m) log m) time, O(n + m) space.
    ///
    /// ```
    /// use grundy_contests::weighted::WeightedGraph;
    /// let g = WeightedGraph::from_edges(3, &[(0, 1, 5), (1, 2, 2), (0, 2, 9)]).unwrap();
    /// assert_eq!(g.distances(0).unwrap(), vec![Some(0), Some(5), Some(7)]);
    /// ```
    pub fn distances(&self, source: usize) -> Result<Vec<Option<u64>>> {
        let mut dist: Vec<Option<u64>> = vec![None; self.vertices()];
        let mut heap = BinaryHeap::new();
        dist[source] = Some(0);
        heap.push(Reverse((0u64, source as u32)));
        while let Some(Reverse((d, v))) = heap.pop() {
            let v = v as usize;
            if dist[v] != Some(d) {
                continue; // a stale entry
            }
            for at in self.offsets[v]..self.offsets[v + 1] {
                let to = self.targets[at] as usize;
                let nd = d
                    .checked_add(self.weights[at])
                    .ok_or_else(|| GrundyError::Overflow("a distance above 2^64 - 1".into()))?;
                if dist[to].is_none_or(|old| nd < old) {
                    dist[to] = Some(nd);
                    heap.push(Reverse((nd, to as u32)));
                }
            }
        }
        Ok(dist)
    }
}
