//! [`GameGraph`]: the positions and moves of a game in compressed sparse row form, forward (the
//! options of each position) and reverse (the positions that move to it).
//!
//! ```
//! use grundy::game_graph::GameGraph;
//! let g = GameGraph::from_edges(3, &[(0, 1), (0, 1), (1, 2), (2, 1)]).unwrap();
//! assert_eq!(g.move_count(), 3); // the repeated move counts once
//! assert_eq!(g.options(0), &[1]);
//! assert_eq!(g.predecessors(1), &[0, 2]);
//! assert!(g.is_cyclic());
//! ```

use crate::error::{excerpt, GrundyError, Result};
use crate::graph::build::{group_by_key, EdgeChunks, Lists, Reversed};
use crate::memory::Buffer;

/// The largest number of positions (and of distinct moves) a [`GameGraph`] holds: indices and
/// offsets are `u32`, which keeps a position at 4 bytes and a move at 8 (forward and reverse);
/// the two values above are markers of the engines.
pub const MAX_POSITIONS: u64 = u32::MAX as u64 - 2;

/// How positions are named in output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Names {
    /// Position `i` (0-based) is called `i + 1`, as in the edge-list format.
    Numbered,
    /// Position `i` is called `names[i]` (the JSON format, or a caller's own names).
    Named(Vec<String>),
}

impl Names {
    /// The name of position `u`.
    pub fn name(&self, u: u32) -> String {
        match self {
            Names::Numbered => (u as u64 + 1).to_string(),
            Names::Named(list) => list[u as usize].clone(),
        }
    }

    /// The position called `name` among `n`, if any: O(1) numbered, O(n) named.
    pub fn find(&self, n: usize, name: &str) -> Option<u32> {
        match self {
            Names::Numbered => {
                if name.is_empty() || !name.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let i: u64 = name.parse().ok()?;
                (1..=n as u64).contains(&i).then(|| (i - 1) as u32)
            }
            Names::Named(list) => list.iter().position(|x| x == name).map(|i| i as u32),
        }
    }

    /// What the `n` positions are called, for a message: `1 to n`, or the first few names.
    pub fn describe(&self, n: usize) -> String {
        match self {
            Names::Numbered if n > 0 => format!("1 to {n}"),
            Names::Numbered => "none".into(),
            Names::Named(list) => {
                let shown: Vec<String> = list.iter().take(5).map(|s| excerpt(s)).collect();
                let more = if list.len() > 5 { ", ..." } else { "" };
                format!("{}{more}", shown.join(", "))
            }
        }
    }

    /// The position called `name` among `n`, or an error listing what the positions are called.
    pub fn position(&self, n: usize, name: &str) -> Result<u32> {
        self.find(n, name).ok_or_else(|| {
            GrundyError::Unsupported(format!(
                "no position '{}' (positions are {})",
                excerpt(name),
                self.describe(n)
            ))
        })
    }
}

/// A directed graph of positions and moves, cycles and self-loops allowed, repeated moves
/// stored once. Positions are `0..n`; each has its options sorted by index.
///
/// The reverse adjacency is what retrograde analysis walks (a settled position tells the
/// positions that move to it); the forward one is what the generalized Grundy stages and move
/// listings read.
///
/// **Space**: 8 bytes per position for the two offset arrays and 8 bytes per distinct move
/// (4 forward, 4 reverse), plus the names when there are names.
///
/// ```
/// use grundy::game_graph::GameGraph;
/// // 0 -> 1 -> 2 -> 0, and 2 -> 3; the move 0 -> 1 is given twice and kept once
/// let g = GameGraph::from_edges(4, &[(0, 1), (0, 1), (1, 2), (2, 0), (2, 3)]).unwrap();
/// assert_eq!(g.move_count(), 4);
/// assert_eq!(g.options(2), &[0, 3]);
/// assert_eq!(g.predecessors(0), &[2]);
/// assert!(g.is_cyclic());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    forward_offsets: Buffer<u32>,
    forward: Buffer<u32>,
    reverse_offsets: Buffer<u32>,
    reverse: Buffer<u32>,
    names: Names,
}

impl GameGraph {
    /// A graph of `n` positions (numbered names) from moves `(from, to)`, 0-based.
    ///
    /// **Errors**: a position index `>= n`, or more than [`MAX_POSITIONS`] positions or moves.
    ///
    /// **Complexity**: O(n + m) time (two counting sorts), O(n + m) space.
    pub fn from_edges(n: usize, edges: &[(u32, u32)]) -> Result<GameGraph> {
        if let Some(&(u, v)) = edges
            .iter()
            .find(|&&(u, v)| u as usize >= n || v as usize >= n)
        {
            return Err(GrundyError::Unsupported(format!(
                "move ({u}, {v}) names a position outside 0..{n}"
            )));
        }
        GameGraph::from_edge_chunks(n, vec![edges], Names::Numbered)
    }

    /// A graph from moves given in several chunks (as parallel readers produce them), every
    /// index already checked to be below `n` (an index out of range panics). Repeated moves are
    /// kept once. `names`, when named, must hold one name per position. The chunks are taken
    /// so that they can be dropped as soon as they are read.
    ///
    /// **Complexity**: O(n + m) time on every core: the moves are grouped by position by a
    /// two-level counting sort (cache-sized buckets, then places within a bucket), each list
    /// sorted and freed of repeats, and the reverse lists grouped the same way from the sorted
    /// forward lists (so they come out sorted). Peak about 14 bytes per move given (the chunks
    /// beside the grouped moves) plus 12 per position.
    pub fn from_edge_chunks<C: AsRef<[(u32, u32)]> + Sync>(
        n: usize,
        chunks: Vec<C>,
        names: Names,
    ) -> Result<GameGraph> {
        let given: u64 = chunks.iter().map(|c| c.as_ref().len() as u64).sum();
        if n as u64 > MAX_POSITIONS || given > MAX_POSITIONS {
            return Err(GrundyError::Unsupported(format!(
                "{n} positions and {given} moves: at most {MAX_POSITIONS} of each fit a game graph"
            )));
        }
        if let Names::Named(list) = &names {
            if list.len() != n {
                return Err(GrundyError::Unsupported(format!(
                    "{} names for {n} positions: a graph needs one name per position",
                    list.len()
                )));
            }
        }
        // forward lists sorted without repeats; the chunks are dropped as soon as they are
        // read, before the reverse lists are built
        let (forward_offsets, forward) =
            group_by_key::<u32, _>(n, &EdgeChunks::new(&chunks, false), Lists::SortedUnique);
        drop(chunks);
        // each reverse list comes out in increasing order of its predecessors
        let (reverse_offsets, reverse) = group_by_key::<u32, _>(
            n,
            &Reversed {
                offsets: &forward_offsets,
                targets: &forward,
            },
            Lists::AsGiven,
        );
        Ok(GameGraph {
            forward_offsets,
            forward,
            reverse_offsets,
            reverse,
            names,
        })
    }

    /// The number of positions.
    pub fn position_count(&self) -> usize {
        self.forward_offsets.len() - 1
    }

    /// The number of distinct moves.
    pub fn move_count(&self) -> usize {
        self.forward.len()
    }

    /// The options of position `u` (where one move from `u` leads), sorted, without repeats.
    #[inline]
    pub fn options(&self, u: u32) -> &[u32] {
        let (a, b) = (
            self.forward_offsets[u as usize],
            self.forward_offsets[u as usize + 1],
        );
        &self.forward[a as usize..b as usize]
    }

    /// A hint that `v`'s predecessors will be read later: starts bringing the place of its
    /// list into the cache.
    #[inline(always)]
    pub(crate) fn prefetch_predecessors_place(&self, v: u32) {
        if let Some(at) = self.reverse_offsets.get(v as usize) {
            crate::memory::prefetch(at);
        }
    }

    /// A hint that `v`'s predecessors will be read soon: starts bringing the list's first
    /// line into the cache (reading its place, which should be there by now).
    #[inline(always)]
    pub(crate) fn prefetch_predecessors(&self, v: u32) {
        if let Some(&at) = self.reverse_offsets.get(v as usize) {
            if let Some(first) = self.reverse.get(at as usize) {
                crate::memory::prefetch(first);
            }
        }
    }

    /// The positions with a move to `v`, each once.
    #[inline]
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let (a, b) = (
            self.reverse_offsets[v as usize],
            self.reverse_offsets[v as usize + 1],
        );
        &self.reverse[a as usize..b as usize]
    }

    /// The number of options of `u`.
    #[inline]
    pub fn out_degree(&self, u: u32) -> u32 {
        self.forward_offsets[u as usize + 1] - self.forward_offsets[u as usize]
    }

    /// How positions are named.
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// The name of position `u` as output shows it.
    pub fn name(&self, u: u32) -> String {
        self.names.name(u)
    }

    /// The position called `name`, if any. O(1) for numbered positions, O(n) for named ones
    /// (callers look up one position per query).
    pub fn find(&self, name: &str) -> Option<u32> {
        self.names.find(self.position_count(), name)
    }

    /// True if some play can go on forever (a cycle, a self-loop included).
    ///
    /// Peels positions without options, then those whose options are all peeled (Kahn's
    /// algorithm on the reverse adjacency); the graph is acyclic iff everything is peeled.
    /// **Complexity**: O(n + m) time, 4 bytes per position.
    pub fn is_cyclic(&self) -> bool {
        let n = self.position_count();
        let mut left: Vec<u32> = (0..n as u32).map(|u| self.out_degree(u)).collect();
        let mut stack: Vec<u32> = (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
        let mut peeled = 0usize;
        while let Some(v) = stack.pop() {
            peeled += 1;
            for &p in self.predecessors(v) {
                let l = &mut left[p as usize];
                *l -= 1;
                if *l == 0 {
                    stack.push(p);
                }
            }
        }
        peeled < n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_and_self_loops() {
        let g = GameGraph::from_edges(3, &[(0, 0), (0, 0), (2, 1), (0, 2), (2, 1)]).unwrap();
        assert_eq!(g.move_count(), 3);
        assert_eq!(g.options(0), &[0, 2]);
        assert_eq!(g.options(1), &[] as &[u32]);
        assert_eq!(g.predecessors(0), &[0]);
        assert_eq!(g.predecessors(1), &[2]);
        assert!(g.is_cyclic());
        let dag = GameGraph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]).unwrap();
        assert!(!dag.is_cyclic());
        assert!(GameGraph::from_edges(2, &[(0, 2)]).is_err());
    }

    #[test]
    fn many_blocks_keep_every_list() {
        // enough positions for several sort blocks, with repeats everywhere
        let n = 3 * (1 << 15) + 7;
        let mut edges = Vec::new();
        for u in 0..n as u32 {
            for k in 0..(u % 4) {
                let v = (u * 7 + k * 13) % n as u32;
                edges.push((u, v));
                edges.push((u, v));
            }
        }
        let g = GameGraph::from_edges(n, &edges).unwrap();
        for u in 0..n as u32 {
            let mut want: Vec<u32> = (0..(u % 4)).map(|k| (u * 7 + k * 13) % n as u32).collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(g.options(u), want.as_slice());
            for &v in g.options(u) {
                assert!(g.predecessors(v).contains(&u));
            }
        }
        let total: usize = (0..n as u32).map(|v| g.predecessors(v).len()).sum();
        assert_eq!(total, g.move_count());
    }
}
