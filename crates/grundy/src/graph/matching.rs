//! Maximum matchings: Hopcroft-Karp for bipartite graphs, Edmonds' blossom algorithm for any
//! graph, and the search for the vertices that some maximum matching misses.
//!
//! ```
//! use grundy::graph::csr::Graph;
//! use grundy::graph::matching::{edmonds, hopcroft_karp};
//! // a path of four vertices has a perfect matching
//! let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
//! let side = g.two_colouring().unwrap();
//! assert_eq!(hopcroft_karp(&g, &side).size(), 2);
//! // a triangle (not bipartite) has a matching of one edge
//! let t = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
//! assert_eq!(edmonds(&t).size(), 1);
//! ```

use crate::budget::Cancel;
use crate::error::{GrundyError, Result};
use crate::graph::csr::NONE;
use crate::graph::{Adjacency, READ_AHEAD};
use crate::memory::{prefetch, Buffer};
use rayon::prelude::*;

/// A matching: `mate[v]` is v's partner, or [`NONE`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Matching {
    mate: Vec<u32>,
}

impl Matching {
    /// The empty matching on `n` vertices.
    pub fn empty(n: usize) -> Matching {
        Matching {
            mate: vec![NONE; n],
        }
    }

    /// The matching of the `pairs` on `n` vertices. Fails, naming the pair (1-based), if a
    /// vertex is out of range, paired with itself or in two pairs. Whether the pairs are edges
    /// of some graph is [`is_valid_in`](Self::is_valid_in)'s question. O(n + pairs).
    ///
    /// ```
    /// use grundy::graph::matching::Matching;
    /// let m = Matching::from_pairs(4, &[(2, 1)]).unwrap();
    /// assert_eq!(m.pairs(), vec![(1, 2)]);
    /// assert!(Matching::from_pairs(4, &[(0, 1), (1, 2)]).is_err());
    /// ```
    pub fn from_pairs(n: usize, pairs: &[(usize, usize)]) -> Result<Matching> {
        if n >= NONE as usize {
            return Err(GrundyError::Unsupported(format!(
                "{n} vertices: at most 2^32 - 2 are supported"
            )));
        }
        let mut mate = vec![NONE; n];
        for (i, &(u, v)) in pairs.iter().enumerate() {
            let why = if u.max(v) >= mate.len() {
                "a vertex is out of range"
            } else if u == v {
                "a vertex paired with itself"
            } else if mate[u] != NONE || mate[v] != NONE {
                "a vertex in two pairs"
            } else {
                mate[u] = v as u32;
                mate[v] = u as u32;
                continue;
            };
            return Err(GrundyError::Unsupported(format!("pair {}: {why}", i + 1)));
        }
        Ok(Matching { mate })
    }

    /// v's partner, if matched.
    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v] as usize)
    }

    /// The number of matched pairs.
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// The matched pairs `(u, v)` with `u < v`, in order of u.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        (0..self.mate.len())
            .filter(|&u| self.mate[u] != NONE && (u as u32) < self.mate[u])
            .map(|u| (u, self.mate[u] as usize))
            .collect()
    }

    /// True if every pair is an edge of `g` and the pairing is symmetric.
    pub fn is_valid_in<G: Adjacency>(&self, g: &G) -> bool {
        (0..self.mate.len()).all(|u| match self.mate(u) {
            None => true,
            Some(v) => self.mate[v] == u as u32 && g.has_edge(u, v),
        })
    }

    /// The raw mate array ([`NONE`] for unmatched vertices).
    pub fn mates(&self) -> &[u32] {
        &self.mate
    }
}

/// A maximal matching by Karp and Sipser's heuristic: while some vertex has exactly one free
/// neighbour, match the two (some maximum matching does: the rule never loses optimality);
/// otherwise match a free vertex of least initial degree to its free neighbour of least
/// remaining degree. On sparse random graphs it leaves very few augmentations to do.
///
/// The loop is bound by random reads, and three things keep many of them in flight:
/// - each vertex has one word of state, its free degree (or a mark once matched) and the XOR
///   of its free neighbours' ids: a vertex whose degree falls to 1 names its one free
///   neighbour without a read of its list;
/// - the scan of a matched vertex's neighbours updates one word per neighbour without a branch;
/// - the degree-1 vertices wait in a queue (any order keeps the rule's optimality), and the
///   reads of the vertices a few places ahead are started early, one level per step: a
///   vertex's state and list place, then its partner's place and its list, then its partner's
///   list and its neighbours' states, then its partner's neighbours' states.
///
/// **Complexity**: O(n + m) time, 20 bytes per vertex.
///
/// ```
/// use grundy::graph::{csr::Graph, matching::karp_sipser};
/// // a path of four vertices: the ends have one neighbour each, so both end edges are taken
/// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
/// assert_eq!(karp_sipser(&g).pairs(), vec![(0, 1), (2, 3)]);
/// ```
pub fn karp_sipser<G: Adjacency>(g: &G) -> Matching {
    let n = g.vertex_count();
    let mut mate = vec![NONE; n];
    let degree_of = |s: u64| (s >> 32) as u32;
    let partner = |s: u64| s as u32 as usize;
    // state[v]: v's free degree (below n) or MATCHED in the high half, the XOR of its free
    // neighbours' ids in the low half
    let mut state: Buffer<u64> = Buffer::zeroed(n);
    const CHUNK: usize = 1 << 16;
    let max_degree = state
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            let mut max = 0;
            for (i, s) in chunk.iter_mut().enumerate() {
                let list = g.neighbors(c * CHUNK + i);
                let xor = list.iter().fold(0, |x, &w| x ^ w);
                *s = (list.len() as u64) << 32 | u64::from(xor);
                max = max.max(list.len());
            }
            max
        })
        .max()
        .unwrap_or(0);
    // the vertices whose degree became 1, in a queue that each vertex enters at most once
    // (degrees only fall), with room for one more write past its tail; and the fallback
    // order, by initial degree (a counting sort), scanned once
    let mut queue: Buffer<u32> = Buffer::zeroed(n + 1);
    let mut tail = 0;
    let mut start = vec![0usize; max_degree + 2];
    for (v, &s) in state.iter().enumerate() {
        queue[tail] = v as u32;
        tail += usize::from(degree_of(s) == 1);
        start[degree_of(s) as usize + 1] += 1;
    }
    let mut head = 0;
    for d in 0..=max_degree {
        start[d + 1] += start[d];
    }
    let mut order: Buffer<u32> = Buffer::zeroed(n);
    for (v, &s) in state.iter().enumerate() {
        let d = degree_of(s) as usize;
        order[start[d]] = v as u32;
        start[d] += 1;
    }
    let mut next_in_order = 0;
    // matches u and v: their free neighbours lose one free neighbour each
    let mut match_pair =
        |u: usize, v: usize, state: &mut [u64], queue: &mut [u32], tail: &mut usize| {
            mate[u] = v as u32;
            mate[v] = u as u32;
            state[u] = u64::from(MATCHED) << 32;
            state[v] = u64::from(MATCHED) << 32;
            for x in [u, v] {
                for &w in g.neighbors(x).iter() {
                    // a free w (degree at least 1: x was free) loses x; a matched one stays
                    let s = state[w as usize];
                    let free = u64::from(degree_of(s) != MATCHED);
                    let s = (s - (free << 32)) ^ (x as u64 & free.wrapping_neg());
                    state[w as usize] = s;
                    queue[*tail] = w;
                    *tail += usize::from(degree_of(s) == 1);
                }
            }
        };
    loop {
        while head < tail {
            // the reads of later steps, one level each (hints only: a stale one costs nothing)
            if head + 4 * READ_AHEAD < tail {
                let v = queue[head + 4 * READ_AHEAD] as usize;
                prefetch(&state[v]);
                g.prefetch_place(v);
            }
            if head + 3 * READ_AHEAD < tail {
                let v = queue[head + 3 * READ_AHEAD] as usize;
                g.prefetch_place(partner(state[v]));
                g.prefetch_neighbors(v);
            }
            if head + 2 * READ_AHEAD < tail {
                let v = queue[head + 2 * READ_AHEAD] as usize;
                let s = state[v];
                if degree_of(s) == 1 {
                    g.prefetch_neighbors(partner(s));
                    for &x in g.neighbors(v).iter() {
                        prefetch(&state[x as usize]);
                    }
                }
            }
            if head + READ_AHEAD < tail {
                let v = queue[head + READ_AHEAD] as usize;
                let s = state[v];
                if degree_of(s) == 1 {
                    for &x in g.neighbors(partner(s)).iter() {
                        prefetch(&state[x as usize]);
                    }
                }
            }
            let v = queue[head] as usize;
            head += 1;
            let s = state[v];
            if degree_of(s) == 1 {
                match_pair(v, partner(s), &mut state, &mut queue, &mut tail);
            } // else matched, or its one free neighbour was taken meanwhile
        }
        // no degree-1 vertex: the next free vertex with free neighbours, by initial degree
        while next_in_order < n {
            let d = degree_of(state[order[next_in_order] as usize]);
            if d != MATCHED && d > 0 {
                break;
            }
            next_in_order += 1;
        }
        if next_in_order == n {
            return Matching { mate };
        }
        let v = order[next_in_order] as usize;
        // MATCHED is the largest degree: the first least is a free neighbour
        let w = *g
            .neighbors(v)
            .iter()
            .min_by_key(|&&w| degree_of(state[w as usize]))
            .expect("a free neighbour") as usize;
        match_pair(v, w, &mut state, &mut queue, &mut tail);
    }
}

/// The degree of a matched vertex in [`karp_sipser`]'s state (a free degree is below n).
const MATCHED: u32 = u32::MAX;

/// A maximum matching of a bipartite graph by Hopcroft-Karp, after a Karp-Sipser start.
///
/// `side[v]` (0 or 1) is a proper 2-colouring (see [`Adjacency::two_colouring`]). Each phase finds
/// the shortest augmenting paths by a breadth-first search from every free left vertex, then a
/// maximal set of vertex-disjoint ones by depth-first search, where a left vertex that leads
/// nowhere is marked dead for the rest of the phase (so no edge is scanned twice in a phase).
/// The depth-first search keeps its own stack: a path of 10^6 vertices is fine.
///
/// **Complexity**: O(m sqrt n) time (Hopcroft and Karp 1973), O(n) extra space.
///
/// ```
/// use grundy::graph::{csr::Graph, matching::hopcroft_karp};
/// // a path of 4 vertices: 0 - 1 - 2 - 3
/// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
/// let m = hopcroft_karp(&g, &g.two_colouring().unwrap());
/// assert_eq!(m.size(), 2);
/// ```
pub fn hopcroft_karp<G: Adjacency>(g: &G, side: &[u8]) -> Matching {
    let n = g.vertex_count();
    let mut mate = karp_sipser(g).mate;
    let left: Vec<u32> = (0..n as u32).filter(|&v| side[v as usize] == 0).collect();
    const INF: u32 = u32::MAX;
    let mut dist = vec![INF; n];
    let mut queue: Vec<u32> = Vec::with_capacity(left.len());
    let mut next_edge = vec![0usize; n];
    let mut stack: Vec<(u32, u32)> = Vec::new(); // (left vertex, the right vertex it goes to)
    loop {
        // BFS layers over left vertices; `limit` is the layer of the first free right vertex
        queue.clear();
        for &u in &left {
            if mate[u as usize] == NONE {
                dist[u as usize] = 0;
                queue.push(u);
            } else {
                dist[u as usize] = INF;
            }
        }
        let mut limit = INF;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head] as usize;
            head += 1;
            if dist[u] >= limit {
                break;
            }
            for &v in g.neighbors(u).iter() {
                let w = mate[v as usize];
                if w == NONE {
                    limit = limit.min(dist[u] + 1);
                } else if dist[w as usize] == INF {
                    dist[w as usize] = dist[u] + 1;
                    queue.push(w);
                }
            }
        }
        if limit == INF {
            break;
        }
        // DFS along the layers from each free left vertex; each left vertex resumes its edge
        // list where it stopped (the edges before led to the path taken or to dead ends)
        let mut augmented = false;
        for &u in &left {
            next_edge[u as usize] = 0;
        }
        for &root in &left {
            if mate[root as usize] != NONE || dist[root as usize] != 0 {
                continue;
            }
            stack.clear();
            stack.push((root, NONE));
            while let Some(&(u, _)) = stack.last() {
                let u = u as usize;
                let adjacency = g.neighbors(u);
                let mut advanced = false;
                while next_edge[u] < adjacency.len() {
                    let v = adjacency[next_edge[u]];
                    next_edge[u] += 1;
                    let w = mate[v as usize];
                    if w == NONE {
                        if dist[u] + 1 == limit {
                            // augment along the stack
                            stack.last_mut().expect("non-empty").1 = v;
                            for &(a, b) in &stack {
                                mate[a as usize] = b;
                                mate[b as usize] = a;
                            }
                            augmented = true;
                            stack.clear();
                            advanced = true;
                            break;
                        }
                    } else if dist[w as usize] == dist[u] + 1 && dist[w as usize] < limit {
                        stack.last_mut().expect("non-empty").1 = v;
                        stack.push((w, NONE));
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    dist[u] = INF; // a dead end for the rest of this phase
                    stack.pop();
                }
            }
        }
        if !augmented {
            break;
        }
    }
    Matching { mate }
}

/// A maximum matching of a bipartite graph by Pothen and Fan's algorithm with lookahead and
/// fairness (PF+), after a Karp-Sipser start.
///
/// Each phase runs a depth-first search for an augmenting path from every free left vertex,
/// all searches of the phase sharing one "visited" mark per right vertex (so a phase scans each
/// edge at most once). Before descending from a left vertex, a lookahead pointer (kept across
/// phases, so each edge is looked ahead once in all) finds a free neighbour directly; the scan
/// direction alternates between phases (fairness). Phases repeat until one augments nothing.
/// On long-path graphs (grids, ladders) it needs far fewer phases than Hopcroft-Karp.
///
/// **Complexity**: O(n m) worst case (each phase O(m)); in practice a handful of phases. O(n)
/// extra space; the search keeps its own stack.
///
/// ```
/// use grundy::graph::{csr::Graph, matching::pothen_fan};
/// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
/// assert_eq!(pothen_fan(&g, &g.two_colouring().unwrap()).size(), 2);
/// ```
pub fn pothen_fan<G: Adjacency>(g: &G, side: &[u8]) -> Matching {
    pothen_fan_with_missed_left(g, side).0
}

/// [`pothen_fan`], and with it which left vertices (`side` 0) some maximum matching misses: the
/// last phase augments nothing, so its searches visit exactly the left vertices an alternating
/// path reaches from a free left vertex (Dulmage-Mendelsohn), at no extra cost. Right vertices
/// are `false` in the returned vector.
pub fn pothen_fan_with_missed_left<G: Adjacency>(g: &G, side: &[u8]) -> (Matching, Vec<bool>) {
    match pothen_fan_from(g, side, karp_sipser(g), &Cancel::new()) {
        Ok(found) => found,
        Err(_) => unreachable!("a flag nobody else holds is never raised"),
    }
}

/// [`pothen_fan_with_missed_left`] from the matching `start` of `g` (any matching of `g`, as
/// [`Matching::is_valid_in`] checks; a maximal one from [`karp_sipser`] leaves the least to do),
/// stopped with [`crate::error::GrundyError::Cancelled`] once `cancel` is raised (checked every phase
/// and every 2^12 searches).
///
/// Panics if `start` is on another number of vertices.
pub fn pothen_fan_from<G: Adjacency>(
    g: &G,
    side: &[u8],
    start: Matching,
    cancel: &Cancel,
) -> Result<(Matching, Vec<bool>)> {
    let n = g.vertex_count();
    assert_eq!(
        start.mate.len(),
        n,
        "a start matching on another vertex count"
    );
    let mut mate = start.mate;
    let mut free: Vec<u32> = (0..n as u32)
        .filter(|&v| side[v as usize] == 0 && mate[v as usize] == NONE && g.degree(v as usize) > 0)
        .collect();
    let mut visited = vec![0u32; n]; // phase number that last visited a right vertex
    let mut lookahead = vec![0u32; n]; // per left vertex: next neighbour index to look ahead at
    let mut next = vec![0u32; n]; // per left vertex: next neighbour index of this phase's scan
    let mut stack: Vec<u32> = Vec::new(); // left vertices; the right vertex taken is next - 1
    let mut reached = vec![0u32; n]; // phase number that last searched from a left vertex
    let mut phase = 0u32;
    loop {
        phase += 1;
        let forward = phase % 2 == 1;
        let mut augmented = false;
        for (i, &root) in free.iter().enumerate() {
            if i % (1 << 12) == 0 {
                cancel.check()?;
            }
            read_ahead_with_mates(g, &free, i, &mate);
            if mate[root as usize] != NONE {
                continue;
            }
            stack.clear();
            stack.push(root);
            next[root as usize] = 0;
            reached[root as usize] = phase;
            'search: while let Some(&u) = stack.last() {
                let u = u as usize;
                let adjacency = g.neighbors(u);
                let degree = adjacency.len() as u32;
                let at = |i: u32| {
                    if forward {
                        adjacency[i as usize]
                    } else {
                        adjacency[(degree - 1 - i) as usize]
                    }
                };
                // lookahead: a free neighbour ends the search at once
                while lookahead[u] < degree {
                    let v = adjacency[lookahead[u] as usize];
                    lookahead[u] += 1;
                    if mate[v as usize] == NONE {
                        // augment: v to u, then each left vertex on the stack to the right
                        // vertex it descended through
                        let mut right = v;
                        for &x in stack.iter().rev() {
                            let old = mate[x as usize];
                            mate[x as usize] = right;
                            mate[right as usize] = x;
                            right = old;
                        }
                        visited[v as usize] = phase;
                        augmented = true;
                        break 'search;
                    }
                }
                // descend through an unvisited neighbour to its mate
                let mut descended = false;
                while next[u] < degree {
                    let v = at(next[u]);
                    next[u] += 1;
                    if visited[v as usize] != phase {
                        visited[v as usize] = phase;
                        let w = mate[v as usize];
                        debug_assert!(w != NONE, "the lookahead saw every free neighbour");
                        next[w as usize] = 0;
                        reached[w as usize] = phase;
                        stack.push(w);
                        descended = true;
                        break;
                    }
                }
                if !descended {
                    stack.pop();
                }
            }
        }
        if !augmented {
            break;
        }
        free.retain(|&v| mate[v as usize] == NONE);
    }
    let missed = (0..n)
        .map(|v| side[v] == 0 && (reached[v] == phase || mate[v] == NONE))
        .collect();
    Ok((Matching { mate }, missed))
}

/// The state of Edmonds' search: an alternating forest whose blossoms are shrunk with a
/// union-find (each set remembers its base).
struct Forest<'g, G: Adjacency> {
    g: &'g G,
    mate: Vec<u32>,
    /// For an odd vertex, the even vertex it was reached from; for an even vertex inside a
    /// blossom, the vertex across the edge that closed it (e-maxx's convention).
    parent: Vec<u32>,
    even: Vec<bool>,
    set: Vec<u32>,
    base: Vec<u32>,
    stamp: Vec<u32>,
    clock: u32,
    queue: Vec<u32>,
    touched: Vec<u32>,
    blocked: Vec<bool>,
    members: Vec<u32>,
    /// Even vertices of the failed (Hungarian) trees: missed by some maximum matching.
    missed: Vec<bool>,
}

impl<'g, G: Adjacency> Forest<'g, G> {
    fn new(g: &'g G, mate: Vec<u32>) -> Forest<'g, G> {
        let n = g.vertex_count();
        Forest {
            g,
            mate,
            parent: vec![NONE; n],
            even: vec![false; n],
            set: (0..n as u32).collect(),
            base: (0..n as u32).collect(),
            stamp: vec![0; n],
            clock: 0,
            queue: Vec::new(),
            touched: Vec::new(),
            blocked: vec![false; n],
            members: Vec::new(),
            missed: vec![false; n],
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.set[x as usize] != x {
            let up = self.set[self.set[x as usize] as usize];
            self.set[x as usize] = up;
            x = up;
        }
        x
    }

    fn base_of(&mut self, x: u32) -> u32 {
        let root = self.find(x);
        self.base[root as usize]
    }

    /// Puts the set of x into the set whose base is b (b keeps being the base).
    fn join(&mut self, x: u32, b: u32) {
        let (rx, rb) = (self.find(x), self.find(b));
        if rx != rb {
            self.set[rx as usize] = rb;
        }
    }

    fn touch(&mut self, v: u32) {
        if !self.even[v as usize] && self.parent[v as usize] == NONE {
            self.touched.push(v);
        }
    }

    fn make_even(&mut self, v: u32) {
        self.touch(v);
        self.even[v as usize] = true;
        self.queue.push(v);
    }

    /// The base where the tree paths from the bases of a and b meet, or NONE if they lie in
    /// different trees.
    fn meeting_base(&mut self, a: u32, b: u32) -> u32 {
        self.clock += 1;
        let mut a = a;
        loop {
            a = self.base_of(a);
            self.stamp[a as usize] = self.clock;
            if self.mate[a as usize] == NONE {
                break;
            }
            a = self.parent[self.mate[a as usize] as usize];
        }
        let mut b = b;
        loop {
            b = self.base_of(b);
            if self.stamp[b as usize] == self.clock {
                return b;
            }
            if self.mate[b as usize] == NONE {
                return NONE;
            }
            b = self.parent[self.mate[b as usize] as usize];
        }
    }

    /// Walks the path from v up to the base b, pointing each even vertex across the edge that
    /// closes the blossom (`child`) and recording the vertices whose sets join b's. The sets
    /// are joined only after both paths are walked (joining early would cut a walk short).
    fn walk_to_base(&mut self, mut v: u32, b: u32, mut child: u32, members: &mut Vec<u32>) {
        while self.base_of(v) != b {
            let m = self.mate[v as usize];
            self.parent[v as usize] = child;
            child = m;
            members.push(v);
            members.push(m);
            v = self.parent[m as usize];
        }
    }

    /// Grows the forest from the even vertices queued. Returns a free vertex reached (the end
    /// of an augmenting path), or NONE when the forest cannot grow further.
    fn grow(&mut self) -> u32 {
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let g = self.g;
            for &to in g.neighbors(v as usize).iter() {
                if self.blocked[to as usize] || self.mate[v as usize] == to {
                    continue;
                }
                if self.base_of(v) == self.base_of(to) {
                    continue;
                }
                if self.even[to as usize] {
                    let b = self.meeting_base(v, to);
                    if b == NONE {
                        return NONE; // two trees meet: not possible for a maximum matching
                    }
                    let mut members = std::mem::take(&mut self.members);
                    self.walk_to_base(v, b, to, &mut members);
                    self.walk_to_base(to, b, v, &mut members);
                    for &x in &members {
                        self.join(x, b);
                        if !self.even[x as usize] {
                            self.make_even(x); // an odd vertex of the cycle: now even
                        }
                    }
                    members.clear();
                    self.members = members;
                } else if self.parent[to as usize] == NONE {
                    self.touch(to);
                    self.parent[to as usize] = v;
                    let m = self.mate[to as usize];
                    if m == NONE {
                        return to;
                    }
                    self.make_even(m);
                }
            }
        }
        NONE
    }

    /// Flips the augmenting path ending at the free vertex `v`.
    fn augment(&mut self, mut v: u32) {
        while v != NONE {
            let pv = self.parent[v as usize];
            let next = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = next;
        }
    }

    /// Clears the labels of every vertex the last search touched.
    fn reset(&mut self) {
        for &v in &self.touched {
            let v = v as usize;
            self.parent[v] = NONE;
            self.even[v] = false;
            self.set[v] = v as u32;
            self.base[v] = v as u32;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Searches for an augmenting path from the free vertex `root` and applies it. If there is
    /// none, and `prune` is set, the vertices of its tree are blocked for good (Edmonds: no
    /// later augmenting path uses them).
    fn augment_from(&mut self, root: u32, prune: bool) -> bool {
        self.make_even(root);
        let end = self.grow();
        let found = end != NONE;
        if found {
            self.augment(end);
        } else if prune {
            // a Hungarian tree: its even vertices are exactly those an even alternating path
            // reaches from the root, now and after every later augmentation (none touches it)
            for &v in &self.touched {
                self.blocked[v as usize] = true;
                self.missed[v as usize] = self.even[v as usize];
            }
        }
        self.reset();
        found
    }
}

/// A maximum matching of any graph by Edmonds' blossom algorithm, after a Karp-Sipser start.
///
/// From each free vertex in turn, an alternating tree is grown breadth-first; an edge between
/// two even vertices of the tree closes an odd cycle (a blossom), which is shrunk into its base
/// with a union-find; reaching a free vertex gives an augmenting path. A search that fails
/// leaves a tree none of whose vertices can lie on a later augmenting path, so they are
/// dropped from later searches; only touched vertices are reset between searches.
///
/// **Complexity**: O(n m α(n)) in the worst case; near-linear on sparse random graphs, where
/// the Karp-Sipser start leaves few free vertices and augmenting paths are short. O(n) extra space.
/// Everything is iterative.
///
/// ```
/// use grundy::graph::{csr::Graph, matching::edmonds};
/// // a triangle with a pendant vertex: 3 - 0 - 1 - 2 - 0
/// let g = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 0), (0, 3)]).unwrap();
/// assert_eq!(edmonds(&g).size(), 2);
/// ```
pub fn edmonds<G: Adjacency>(g: &G) -> Matching {
    edmonds_with_missed(g).0
}

/// [`edmonds`], and with it which vertices some maximum matching misses (Gallai-Edmonds' D(G))
/// at no extra cost: the free vertices at the end are exactly the roots whose search failed,
/// and the even vertices of their Hungarian trees are exactly the vertices an even alternating
/// path reaches from them (the trees are never touched again). The tests check it against
/// [`missed_by_some_maximum_matching`].
pub fn edmonds_with_missed<G: Adjacency>(g: &G) -> (Matching, Vec<bool>) {
    match edmonds_from(g, karp_sipser(g), &Cancel::new()) {
        Ok(found) => found,
        Err(_) => unreachable!("a flag nobody else holds is never raised"),
    }
}

/// [`edmonds_with_missed`] from the matching `start` of `g` (any matching of `g`, as
/// [`Matching::is_valid_in`] checks; a maximal one from [`karp_sipser`] leaves the least to do),
/// stopped with [`crate::error::GrundyError::Cancelled`] once `cancel` is raised (checked every 2^10
/// vertices).
///
/// Panics if `start` is on another number of vertices.
pub fn edmonds_from<G: Adjacency>(
    g: &G,
    start: Matching,
    cancel: &Cancel,
) -> Result<(Matching, Vec<bool>)> {
    let n = g.vertex_count();
    assert_eq!(
        start.mate.len(),
        n,
        "a start matching on another vertex count"
    );
    let mut forest = Forest::new(g, start.mate);
    for root in 0..n as u32 {
        if root % (1 << 10) == 0 {
            cancel.check()?;
        }
        if forest.mate[root as usize] == NONE
            && !forest.blocked[root as usize]
            && g.degree(root as usize) > 0
        {
            forest.augment_from(root, true);
        }
    }
    let mut missed = forest.missed;
    for (v, m) in missed.iter_mut().enumerate() {
        if forest.mate[v] == NONE {
            *m = true; // isolated vertices were never searched
        }
    }
    Ok((Matching { mate: forest.mate }, missed))
}

/// Starts the reads of the steps after `at` in a queue of vertices: the places of the lists
/// [`READ_AHEAD`] x 3 places on, the lists x 2 places on, the mates of the vertices in the
/// list just ahead. Hints only: a search reads what it reads either way.
#[inline(always)]
fn read_ahead_with_mates<G: Adjacency>(g: &G, queue: &[u32], at: usize, mate: &[u32]) {
    if let Some(&u) = queue.get(at + 3 * READ_AHEAD) {
        g.prefetch_place(u as usize);
    }
    if let Some(&u) = queue.get(at + 2 * READ_AHEAD) {
        g.prefetch_neighbors(u as usize);
    }
    if let Some(&u) = queue.get(at + READ_AHEAD) {
        for &v in g.neighbors(u as usize).iter() {
            prefetch(&mate[v as usize]);
        }
    }
}

/// For a maximum matching of `g`, which vertices some maximum matching misses (Gallai-Edmonds'
/// D(G)), for any graph: the even vertices of the alternating forest grown from every free
/// vertex at once. O(m α(n)).
pub fn missed_by_some_maximum_matching<G: Adjacency>(g: &G, matching: &Matching) -> Vec<bool> {
    let mut forest = Forest::new(g, matching.mate.clone());
    for v in 0..g.vertex_count() as u32 {
        if forest.mate[v as usize] == NONE {
            forest.make_even(v);
        }
    }
    let end = forest.grow();
    debug_assert_eq!(end, NONE, "the matching is not maximum");
    forest.even
}

/// The same for a bipartite graph (`side` a 2-colouring), by the Dulmage-Mendelsohn
/// alternating search: v is missed by some maximum matching iff it is free or reachable from a
/// free vertex of its own side by an even alternating path. O(n + m).
pub fn missed_by_some_maximum_matching_bipartite<G: Adjacency>(
    g: &G,
    side: &[u8],
    matching: &Matching,
) -> Vec<bool> {
    missed_on_sides(g, side, matching, [true, true])
}

/// The Dulmage-Mendelsohn search from the free vertices of the sides asked for (`sides[s]`
/// for side s); vertices of the other side stay `false`. O(n + m).
pub fn missed_on_sides<G: Adjacency>(
    g: &G,
    side: &[u8],
    matching: &Matching,
    sides: [bool; 2],
) -> Vec<bool> {
    let n = g.vertex_count();
    let mut missed = vec![false; n];
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| matching.mate[v as usize] == NONE && sides[side[v as usize] as usize])
        .collect();
    for &v in &queue {
        missed[v as usize] = true;
    }
    let mut head = 0;
    while head < queue.len() {
        read_ahead_with_mates(g, &queue, head, &matching.mate);
        let u = queue[head] as usize;
        head += 1;
        for &v in g.neighbors(u).iter() {
            // u is missable on its side; v across is covered (else the matching grows), and
            // swapping v's edge to u frees v's mate
            let w = matching.mate[v as usize];
            if w != NONE && !missed[w as usize] && side[w as usize] == side[u] {
                missed[w as usize] = true;
                queue.push(w);
            }
        }
    }
    missed
}

/// A maximum matching that misses `v`, if one exists: from a maximum matching `matching`, v's
/// mate is set free and one augmenting search from it (with v blocked) restores the size.
/// O(m α(n)).
pub fn maximum_matching_avoiding<G: Adjacency>(
    g: &G,
    matching: &Matching,
    v: usize,
) -> Option<Matching> {
    let Some(u) = matching.mate(v) else {
        return Some(matching.clone());
    };
    let mut mate = matching.mate.clone();
    mate[u] = NONE;
    mate[v] = NONE;
    let mut forest = Forest::new(g, mate);
    forest.blocked[v] = true;
    forest
        .augment_from(u as u32, false)
        .then_some(Matching { mate: forest.mate })
}
