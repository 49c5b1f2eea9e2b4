//! Simple undirected graphs in compressed sparse row form.
//!
//! ```
//! use grundy::graph::csr::Graph;
//! // a triangle, its edges given twice: repeats are dropped
//! let g = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0), (1, 0)]).unwrap();
//! assert_eq!((g.vertex_count(), g.edge_count()), (3, 3));
//! assert_eq!(g.neighbors(0), &[1, 2]);
//! assert!(g.two_colouring().is_none()); // odd cycle
//! ```

use crate::error::{GrundyError, Result};
use crate::graph::build::{group_by_key, Edge, EdgeChunks, Lists};
use crate::graph::Adjacency;
use crate::memory::Buffer;

/// An undirected simple graph on vertices `0..n`: the neighbours of v, sorted and without
/// repeats, are `targets[offsets[v]..offsets[v + 1]]`. 4 bytes per edge end, 8 per vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    offsets: Buffer<usize>,
    targets: Buffer<u32>,
}

/// Marks an unmatched vertex (and "no vertex" generally) in `u32` vertex arrays.
pub const NONE: u32 = u32::MAX;

impl Graph {
    /// Builds the graph from undirected edges (0-based). Repeated edges count once.
    ///
    /// Fails on a self-loop or a vertex out of range, naming the edge's index (0-based).
    ///
    /// **Complexity**: O(n + m) plus sorting each adjacency list, O(m log d) in all, on every
    /// core.
    ///
    /// ```
    /// use grundy::graph::csr::Graph;
    /// let g = Graph::from_edges(3, &[(0, 1), (1, 2), (1, 0)]).unwrap();
    /// assert_eq!(g.edge_count(), 2);
    /// assert_eq!(g.neighbors(1), &[0, 2]);
    /// ```
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<Graph> {
        if n >= NONE as usize {
            return Err(GrundyError::Unsupported(format!(
                "{n} vertices: at most 2^32 - 2 are supported"
            )));
        }
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u as usize >= n || v as usize >= n {
                return Err(GrundyError::Unsupported(format!(
                    "edge {}: a vertex is out of range",
                    i + 1
                )));
            }
            if u == v {
                return Err(GrundyError::Unsupported(format!(
                    "edge {}: a self-loop at vertex {}",
                    i + 1,
                    u + 1
                )));
            }
        }
        Ok(Graph::from_checked_chunks(n, vec![edges]))
    }

    /// The graph of edges given in chunks, already checked (every vertex below `n < NONE`, no
    /// self-loop): both directions of each edge grouped by vertex on every core (a two-level
    /// counting sort), each list sorted, repeats dropped. O(n + m) time.
    pub(crate) fn from_checked_chunks<E: Edge, C: AsRef<[E]> + Sync>(
        n: usize,
        chunks: Vec<C>,
    ) -> Graph {
        let (offsets, targets) =
            group_by_key::<usize, _>(n, &EdgeChunks::new(&chunks, true), Lists::SortedUnique);
        Graph { offsets, targets }
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of distinct edges.
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `v`, sorted.
    #[inline(always)]
    pub fn neighbors(&self, v: usize) -> &[u32] {
        &self.targets[self.offsets[v]..self.offsets[v + 1]]
    }

    /// The degree of `v`.
    #[inline(always)]
    pub fn degree(&self, v: usize) -> usize {
        self.offsets[v + 1] - self.offsets[v]
    }

    /// True if `u` and `v` are adjacent. O(log degree).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.neighbors(u).binary_search(&(v as u32)).is_ok()
    }

    /// A 2-colouring (`side[v]` is 0 or 1, adjacent vertices differ) if the graph is bipartite,
    /// by breadth-first search from each uncoloured vertex. O(n + m), iterative.
    pub fn two_colouring(&self) -> Option<Vec<u8>> {
        Adjacency::two_colouring(self)
    }
}

impl Adjacency for Graph {
    type Neighbors<'a> = &'a [u32];

    #[inline(always)]
    fn vertex_count(&self) -> usize {
        Graph::vertex_count(self)
    }

    #[inline(always)]
    fn neighbors(&self, v: usize) -> &[u32] {
        Graph::neighbors(self, v)
    }

    #[inline(always)]
    fn degree(&self, v: usize) -> usize {
        Graph::degree(self, v)
    }

    #[inline(always)]
    fn prefetch_place(&self, v: usize) {
        if let Some(at) = self.offsets.get(v) {
            crate::memory::prefetch(at);
        }
    }

    #[inline(always)]
    fn prefetch_neighbors(&self, v: usize) {
        if let Some(&at) = self.offsets.get(v) {
            if let Some(first) = self.targets.get(at) {
                crate::memory::prefetch(first);
            }
        }
    }
}
