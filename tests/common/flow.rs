//! Maximum flow by Dinic's algorithm, and the residual reachability that tells which vertices
//! some maximum flow avoids.
//!
//! A test oracle (the card-hub matching and geography tests compare against it).
//!
//! ```text
//! use common::flow::FlowNetwork;
//! // two paths of capacity 1 from 0 to 3
//! let mut net = FlowNetwork::new(4);
//! for (u, v) in [(0, 1), (1, 3), (0, 2), (2, 3)] {
//!     net.add_edge(u, v, 1);
//! }
//! assert_eq!(net.max_flow(0, 3), 2);
//! ```

/// A directed network with integer capacities, built edge by edge and then frozen into a
/// compressed adjacency (each edge stored with its reverse at index `e ^ 1`).
#[derive(Clone, Debug, Default)]
pub struct FlowNetwork {
    n: usize,
    /// Per edge (forward at even index, reverse at odd): head vertex and residual capacity.
    to: Vec<u32>,
    cap: Vec<u32>,
    from: Vec<u32>,
    /// Edge ids by tail vertex: `by_tail[start[v]..start[v + 1]]`.
    start: Vec<usize>,
    by_tail: Vec<u32>,
}

impl FlowNetwork {
    /// An empty network on vertices `0..n`.
    pub fn new(n: usize) -> FlowNetwork {
        FlowNetwork {
            n,
            ..FlowNetwork::default()
        }
    }

    /// Adds the edge `u -> v` with capacity `cap`; returns its id (for [`flow_on`](Self::flow_on)).
    pub fn add_edge(&mut self, u: usize, v: usize, cap: u32) -> usize {
        let id = self.to.len();
        self.to.extend([v as u32, u as u32]);
        self.from.extend([u as u32, v as u32]);
        self.cap.extend([cap, 0]);
        id
    }

    fn freeze(&mut self) {
        if self.start.len() == self.n + 1 {
            return;
        }
        let mut start = vec![0usize; self.n + 1];
        for &u in &self.from {
            start[u as usize + 1] += 1;
        }
        for v in 0..self.n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut by_tail = vec![0u32; self.from.len()];
        for (e, &u) in self.from.iter().enumerate() {
            by_tail[fill[u as usize]] = e as u32;
            fill[u as usize] += 1;
        }
        self.start = start;
        self.by_tail = by_tail;
    }

    /// The flow on edge `id` (its capacity used).
    pub fn flow_on(&self, id: usize) -> u32 {
        self.cap[id ^ 1]
    }

    /// Raises the flow from `s` to `t` to a maximum and returns its value.
    ///
    /// Dinic's algorithm: a breadth-first search builds the level graph of the residual
    /// network, then an iterative depth-first search with a current-edge pointer per vertex
    /// finds a blocking flow (vertices that lead nowhere are cut off for the phase).
    ///
    /// **Complexity**: O(V^2 E) in general; O(E sqrt V) on unit networks such as matchings
    /// routed through shared hubs (Even and Tarjan 1975). O(V + E) extra space.
    ///
    /// ```
    /// use grundy::graph::flow::FlowNetwork;
    /// let mut f = FlowNetwork::new(4);
    /// f.add_edge(0, 1, 2);
    /// f.add_edge(0, 2, 1);
    /// f.add_edge(1, 3, 1);
    /// f.add_edge(2, 3, 2);
    /// f.add_edge(1, 2, 1);
    /// assert_eq!(f.max_flow(0, 3), 3);
    /// ```
    pub fn max_flow(&mut self, s: usize, t: usize) -> u64 {
        self.freeze();
        let n = self.n;
        let mut level = vec![u32::MAX; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        let mut current = vec![0usize; n];
        let mut path: Vec<u32> = Vec::new(); // edge ids from s
        let mut total = 0u64;
        loop {
            self.residual_levels(s, &mut level, &mut queue);
            if level[t] == u32::MAX {
                return total;
            }
            current.copy_from_slice(&self.start[..n]);
            path.clear();
            let mut v = s;
            loop {
                if v == t {
                    let push = path
                        .iter()
                        .map(|&e| self.cap[e as usize])
                        .min()
                        .expect("a path");
                    for &e in &path {
                        self.cap[e as usize] -= push;
                        self.cap[e as usize ^ 1] += push;
                    }
                    total += push as u64;
                    // back to the tail of the first saturated edge
                    let keep = path
                        .iter()
                        .position(|&e| self.cap[e as usize] == 0)
                        .expect("saturated");
                    path.truncate(keep);
                    v = path.last().map_or(s, |&e| self.to[e as usize] as usize);
                    continue;
                }
                let end = self.start[v + 1];
                let mut advanced = false;
                while current[v] < end {
                    let e = self.by_tail[current[v]] as usize;
                    let w = self.to[e] as usize;
                    if self.cap[e] > 0 && level[w] == level[v] + 1 {
                        path.push(e as u32);
                        v = w;
                        advanced = true;
                        break;
                    }
                    current[v] += 1;
                }
                if !advanced {
                    if v == s {
                        break; // blocking flow found
                    }
                    level[v] = u32::MAX; // a dead end for this phase
                    let e = path.pop().expect("not at s") as usize;
                    v = self.from[e] as usize;
                    current[v] += 1;
                }
            }
        }
    }

    /// Breadth-first distances from `s` over edges with residual capacity (`u32::MAX`: not
    /// reached).
    fn residual_levels(&self, s: usize, level: &mut [u32], queue: &mut Vec<u32>) {
        level.fill(u32::MAX);
        level[s] = 0;
        queue.clear();
        queue.push(s as u32);
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head] as usize;
            head += 1;
            for &e in &self.by_tail[self.start[v]..self.start[v + 1]] {
                let w = self.to[e as usize] as usize;
                if self.cap[e as usize] > 0 && level[w] == u32::MAX {
                    level[w] = level[v] + 1;
                    queue.push(w as u32);
                }
            }
        }
    }

    /// The vertices reachable from `s` in the residual network (after [`max_flow`](Self::max_flow):
    /// the source side of a minimum cut). O(V + E).
    pub fn residual_reachable(&mut self, s: usize) -> Vec<bool> {
        self.freeze();
        let mut level = vec![u32::MAX; self.n];
        self.residual_levels(s, &mut level, &mut Vec::new());
        level.into_iter().map(|l| l != u32::MAX).collect()
    }
}
