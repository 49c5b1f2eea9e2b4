//! Graphs: compact adjacency and the algorithms the games need.
//!
//! - [`Adjacency`]: what the matching algorithms read of a graph, stored or computed.
//! - [`csr`]: simple undirected graphs in compressed sparse row form, bipartiteness.
//! - [`grid`]: boards as graphs, one bit per cell, neighbours computed on the fly.
//! - [`matching`]: maximum matchings (Hopcroft-Karp, Edmonds) and who they can miss.
//! - [`geography`]: undirected vertex geography for every start, by matching.
//! - [`io`]: the graph and board file formats.
//!
//! ```
//! use grundy::graph::csr::Graph;
//! use grundy::graph::geography::Geography;
//! // geography on a path 0 - 1 - 2: the mover wins from the middle only
//! let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
//! let solved = Geography::solve(&g);
//! assert_eq!(solved.mover_wins_from(), vec![1]);
//! ```

pub(crate) mod build;
pub mod csr;
pub mod geography;
pub mod grid;
pub mod io;
pub mod matching;

/// How many places apart in a queue of vertices the levels of the searches' early reads are
/// (a list one distance ahead, its place two, further levels further): far enough to hide a
/// read from memory behind the steps between. Karp-Sipser on a random graph of 2*10^6
/// vertices ran within 10% for distances 2 to 16, all about twice as fast as without.
pub(crate) const READ_AHEAD: usize = 4;

/// An undirected simple graph on vertices `0..n` as the matching and geography algorithms read
/// it: each vertex's neighbours in increasing order, without repeats. [`csr::Graph`] stores
/// them; [`grid::Grid`] computes them from a board's cells.
pub trait Adjacency: Sync {
    /// The neighbours of one vertex, read as a slice.
    type Neighbors<'a>: std::ops::Deref<Target = [u32]>
    where
        Self: 'a;

    /// The number of vertices.
    fn vertex_count(&self) -> usize;

    /// The neighbours of `v`, sorted.
    fn neighbors(&self, v: usize) -> Self::Neighbors<'_>;

    /// The degree of `v`.
    #[inline]
    fn degree(&self, v: usize) -> usize {
        self.neighbors(v).len()
    }

    /// A hint that `v`'s neighbours will be read later: a stored graph starts bringing the
    /// place of its list into the cache. The default does nothing.
    #[inline]
    fn prefetch_place(&self, v: usize) {
        let _ = v;
    }

    /// A hint that `v`'s neighbours will be read soon: a stored graph starts bringing its list
    /// into the cache (it waits for the list's place, not for the list). Loops bound by random
    /// reads call it a few steps ahead. The default, for computed neighbours, does nothing.
    #[inline]
    fn prefetch_neighbors(&self, v: usize) {
        let _ = v;
    }

    /// True if `u` and `v` are adjacent. O(log degree).
    fn has_edge(&self, u: usize, v: usize) -> bool {
        self.neighbors(u).binary_search(&(v as u32)).is_ok()
    }

    /// A 2-colouring (`side[v]` is 0 or 1, adjacent vertices differ) if the graph is
    /// bipartite, by breadth-first search from each uncoloured vertex. O(n + m), iterative.
    fn two_colouring(&self) -> Option<Vec<u8>> {
        let n = self.vertex_count();
        let mut side = vec![u8::MAX; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        for start in 0..n {
            if side[start] != u8::MAX {
                continue;
            }
            side[start] = 0;
            queue.clear();
            queue.push(start as u32);
            let mut head = 0;
            while head < queue.len() {
                // start reading the lists of the vertices a few places ahead
                if let Some(&v) = queue.get(head + 2 * READ_AHEAD) {
                    self.prefetch_place(v as usize);
                }
                if let Some(&v) = queue.get(head + READ_AHEAD) {
                    self.prefetch_neighbors(v as usize);
                }
                let v = queue[head] as usize;
                head += 1;
                for &w in self.neighbors(v).iter() {
                    let w = w as usize;
                    if side[w] == u8::MAX {
                        side[w] = side[v] ^ 1;
                        queue.push(w as u32);
                    } else if side[w] == side[v] {
                        return None;
                    }
                }
            }
        }
        Some(side)
    }
}
