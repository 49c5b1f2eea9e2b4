//! The graph of a loopy partizan game: positions with Left's and Right's moves, cycles
//! allowed; sums as reachable product graphs; who wins each position for each player moving
//! first (win, loss or draw) by retrograde analysis; and which positions are stoppers.

use crate::budget::Budget;
use crate::error::Result;
use crate::partizan::forms::{Forms, GameId};
use rustc_hash::FxHashMap;

/// The result of a game for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player to move wins.
    Win,
    /// Play never ends, whatever either player tries.
    Draw,
    /// The player to move loses.
    Loss,
}

impl Play {
    /// `win`, `draw` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Play::Win => "win",
            Play::Draw => "draw",
            Play::Loss => "loss",
        }
    }
}

/// Left or Right, as an index: 0 for Left, 1 for Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who maximises.
    Left,
    /// The player who minimises.
    Right,
}

impl Player {
    /// 0 for Left, 1 for Right.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// A finite graph of positions, each with Left's and Right's moves (edges to positions of the
/// same graph, a position's own index allowed: a pass). Positions are `u32` indices.
///
/// **Storage**: one array of edges; each position has a slot (where its moves start, how
/// many are Left's, then Right's), 16 bytes a position and 4 a move, with no allocation per
/// position. A position whose moves grow past the end of the array is moved to its end (the
/// old place is left unused until [`LoopyGraph::restrict`] or a copy compacts it).
#[derive(Clone, Debug, Default)]
pub struct LoopyGraph {
    slots: Vec<Slot>,
    edges: Vec<u32>,
}

/// Where a position's moves are in [`LoopyGraph`]'s edges: `start..start + left` Left's,
/// then `right` of Right's.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    start: usize,
    left: u32,
    right: u32,
}

impl Slot {
    fn end(self) -> usize {
        self.start + self.left as usize + self.right as usize
    }
}

impl PartialEq for LoopyGraph {
    fn eq(&self, other: &LoopyGraph) -> bool {
        self.len() == other.len()
            && (0..self.len() as u32)
                .all(|v| self.left(v) == other.left(v) && self.right(v) == other.right(v))
    }
}

impl Eq for LoopyGraph {}

impl std::hash::Hash for LoopyGraph {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.len().hash(state);
        for v in 0..self.len() as u32 {
            self.left(v).hash(state);
            self.right(v).hash(state);
        }
    }
}

impl LoopyGraph {
    /// A graph with no positions.
    pub fn new() -> LoopyGraph {
        LoopyGraph::default()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Adds a position with no moves; returns its index.
    pub fn add(&mut self) -> u32 {
        self.slots.push(Slot {
            start: self.edges.len(),
            left: 0,
            right: 0,
        });
        (self.slots.len() - 1) as u32
    }

    /// Adds a position with the given moves (which must name positions of the graph, or the
    /// new position itself: its index is `len()` before the call).
    pub fn add_with(&mut self, left: Vec<u32>, right: Vec<u32>) -> u32 {
        let v = self.add();
        self.set_options(v, left, right);
        v
    }

    /// Gives `player` a move from `from` to `to` (kept once).
    pub fn add_move(&mut self, player: Player, from: u32, to: u32) {
        if self.options(from, player).contains(&to) {
            return;
        }
        let mut slot = self.slots[from as usize];
        if slot.end() != self.edges.len() {
            // move the position's moves to the end of the array
            let start = self.edges.len();
            self.edges.extend_from_within(slot.start..slot.end());
            slot.start = start;
        }
        match player {
            Player::Left => {
                self.edges.insert(slot.start + slot.left as usize, to);
                slot.left += 1;
            }
            Player::Right => {
                self.edges.push(to);
                slot.right += 1;
            }
        }
        self.slots[from as usize] = slot;
    }

    /// The positions `player` can move to from `v`.
    #[inline]
    pub fn options(&self, v: u32, player: Player) -> &[u32] {
        let slot = self.slots[v as usize];
        let middle = slot.start + slot.left as usize;
        match player {
            Player::Left => &self.edges[slot.start..middle],
            Player::Right => &self.edges[middle..middle + slot.right as usize],
        }
    }

    /// Left's moves from `v`.
    #[inline]
    pub fn left(&self, v: u32) -> &[u32] {
        self.options(v, Player::Left)
    }

    /// Right's moves from `v`.
    #[inline]
    pub fn right(&self, v: u32) -> &[u32] {
        self.options(v, Player::Right)
    }

    /// Replaces the moves of `v` (in place when they fit, else at the end of the array).
    pub fn set_options(&mut self, v: u32, left: Vec<u32>, right: Vec<u32>) {
        let old = self.slots[v as usize];
        let (l, r) = (left.len(), right.len());
        let fits = l + r <= (old.left + old.right) as usize || old.end() == self.edges.len();
        let start = if fits { old.start } else { self.edges.len() };
        if start + l + r > self.edges.len() {
            self.edges.resize(start + l + r, 0);
        }
        self.edges[start..start + l].copy_from_slice(&left);
        self.edges[start + l..start + l + r].copy_from_slice(&right);
        self.slots[v as usize] = Slot {
            start,
            left: l as u32,
            right: r as u32,
        };
    }

    /// The same graph with Left's and Right's moves exchanged: every position negated.
    pub fn negated(&self) -> LoopyGraph {
        let mut g = LoopyGraph::with_capacity(self.len(), self.edges.len());
        for v in 0..self.len() as u32 {
            g.push_position(self.right(v).iter().copied(), self.left(v).iter().copied());
        }
        g
    }

    /// An empty graph with room for `positions` positions and `moves` moves.
    fn with_capacity(positions: usize, moves: usize) -> LoopyGraph {
        LoopyGraph {
            slots: Vec::with_capacity(positions),
            edges: Vec::with_capacity(moves),
        }
    }

    /// Adds a position with the moves given (an internal form of `add_with`).
    fn push_position(
        &mut self,
        left: impl Iterator<Item = u32>,
        right: impl Iterator<Item = u32>,
    ) -> u32 {
        let start = self.edges.len();
        self.edges.extend(left);
        let middle = self.edges.len();
        self.edges.extend(right);
        self.slots.push(Slot {
            start,
            left: (middle - start) as u32,
            right: (self.edges.len() - middle) as u32,
        });
        (self.slots.len() - 1) as u32
    }

    /// Copies the positions of `other` into this graph; returns the index the first of them
    /// takes (position `v` of `other` becomes `offset + v`).
    pub fn append(&mut self, other: &LoopyGraph) -> u32 {
        let offset = self.len() as u32;
        for v in 0..other.len() as u32 {
            self.push_position(
                other.left(v).iter().map(|&w| w + offset),
                other.right(v).iter().map(|&w| w + offset),
            );
        }
        offset
    }

    /// The positions reachable from `roots` (themselves included), in order of discovery.
    pub fn reachable(&self, roots: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = Vec::new();
        for &r in roots {
            if !seen[r as usize] {
                seen[r as usize] = true;
                order.push(r);
            }
        }
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for p in [Player::Left, Player::Right] {
                for &w in self.options(v, p) {
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        order.push(w);
                    }
                }
            }
        }
        order
    }

    /// The subgraph of the positions reachable from `roots`, renumbered in order of discovery
    /// (so `roots[0]` becomes 0); also the new index of every old position (`u32::MAX` for
    /// those dropped).
    pub fn restrict(&self, roots: &[u32]) -> (LoopyGraph, Vec<u32>) {
        let order = self.reachable(roots);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let moves = order
            .iter()
            .map(|&v| self.left(v).len() + self.right(v).len())
            .sum();
        let mut g = LoopyGraph::with_capacity(order.len(), moves);
        for &v in &order {
            g.push_position(
                self.left(v).iter().map(|&w| index[w as usize]),
                self.right(v).iter().map(|&w| index[w as usize]),
            );
        }
        (g, index)
    }

    /// Adds the game tree of the short canonical form `g` (each subform once: `grafted`
    /// remembers where each went); returns its position. Each position added counts against
    /// the arena's budget (the integer 10^9 is a chain of 10^9 positions).
    pub fn graft_form(
        &mut self,
        forms: &mut Forms,
        g: GameId,
        grafted: &mut FxHashMap<GameId, u32>,
    ) -> Result<u32> {
        if let Some(&v) = grafted.get(&g) {
            return Ok(v);
        }
        // iterative post-order over the subforms not yet grafted
        let mut stack = vec![(g, false)];
        while let Some((f, expanded)) = stack.pop() {
            if grafted.contains_key(&f) {
                continue;
            }
            let (left, right) = forms.options(f);
            // past its limit the arena answers wrongly and says so here
            forms.status()?;
            if expanded {
                forms.budget().admit(self.len(), || {
                    "the positions of a short game in a loopy sum".to_string()
                })?;
                let l = left.iter().map(|o| grafted[o]).collect();
                let r = right.iter().map(|o| grafted[o]).collect();
                let v = self.add_with(l, r);
                grafted.insert(f, v);
            } else {
                stack.push((f, true));
                for &o in left.iter().chain(right.iter()) {
                    if !grafted.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                // what waits on the stack will be added: count it now (an integer's chain
                // is as long as the integer)
                forms.budget().admit(self.len() + stack.len() / 2, || {
                    "the positions of a short game in a loopy sum".to_string()
                })?;
            }
        }
        Ok(grafted[&g])
    }

    /// The sum of the positions `parts` of `graphs` (one position of each graph): the graph of
    /// every reachable tuple of positions, a move being a move in one part; position 0 is
    /// the sum itself. Also the tuple each position stands for. Each tuple counts against the
    /// budget.
    pub fn sum(graphs: &[&LoopyGraph], parts: &[u32], budget: &Budget) -> Result<SumGraph> {
        let arity = parts.len();
        if let ([graph], [start]) = (graphs, parts) {
            // one part: the positions reachable from it
            let (graph, index) = graph.restrict(&[*start]);
            budget.admit(graph.len().saturating_sub(1), || {
                "the positions of a loopy game".to_string()
            })?;
            let mut tuples = vec![0u32; graph.len()];
            for (old, &new) in index.iter().enumerate() {
                if new != u32::MAX {
                    tuples[new as usize] = old as u32;
                }
            }
            return Ok(SumGraph {
                graph,
                tuples,
                arity,
            });
        }
        let mut index: FxHashMap<Box<[u32]>, u32> = FxHashMap::default();
        let mut tuples: Vec<u32> = parts.to_vec();
        let mut graph = LoopyGraph::new();
        index.insert(parts.into(), 0);
        graph.add();
        let mut i = 0;
        while i < graph.len() {
            budget.check()?;
            let tuple: Box<[u32]> = tuples[i * arity..(i + 1) * arity].into();
            let mut lists = [Vec::new(), Vec::new()];
            for p in [Player::Left, Player::Right] {
                let list = &mut lists[p.index()];
                for (k, g) in graphs.iter().enumerate() {
                    for &w in g.options(tuple[k], p) {
                        let mut next = tuple.clone();
                        next[k] = w;
                        let id = match index.get(&next) {
                            Some(&id) => id,
                            None => {
                                budget.admit(graph.len(), || {
                                    format!(
                                        "the positions of a sum of {} loopy parts",
                                        graphs.len()
                                    )
                                })?;
                                let id = graph.add();
                                tuples.extend_from_slice(&next);
                                index.insert(next, id);
                                id
                            }
                        };
                        if !list.contains(&id) {
                            list.push(id);
                        }
                    }
                }
            }
            let [left, right] = lists;
            graph.set_options(i as u32, left, right);
            i += 1;
        }
        Ok(SumGraph {
            graph,
            tuples,
            arity,
        })
    }

    /// Each position's predecessors: for each position, the positions with a move of `player`
    /// to it (as compact lists: `starts[v]..starts[v + 1]` in `list`).
    fn predecessors(&self, player: Player) -> (Vec<u32>, Vec<u32>) {
        let n = self.len();
        let mut starts = vec![0u32; n + 1];
        for v in 0..n as u32 {
            for &w in self.options(v, player) {
                starts[w as usize + 1] += 1;
            }
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut list = vec![0u32; starts[n] as usize];
        for v in 0..n as u32 {
            for &w in self.options(v, player) {
                list[fill[w as usize] as usize] = v;
                fill[w as usize] += 1;
            }
        }
        (starts, list)
    }

    /// Who wins every position, for each player moving first: `result[v][p]` is the outcome
    /// for `p`, to move at `v` (a player with no move loses; play that never ends is a draw).
    ///
    /// **Algorithm**: retrograde analysis over the states (position, player to move): a state
    /// is lost when every move leads to a state won by the opponent (counters), won when some
    /// move leads to a lost one; what is never decided is drawn. O(positions + moves).
    pub fn outcomes(&self) -> Vec<[Play; 2]> {
        self.outcomes_with_remoteness()
            .into_iter()
            .map(|r| r.map(|(play, _)| play))
            .collect()
    }

    /// [`LoopyGraph::outcomes`] with each decided state's remoteness: how many moves the game
    /// lasts when the winner hurries and the loser delays (0 for a player without a move;
    /// 0 also for draws, which never end). A winner who always moves to the lost state of
    /// least remoteness wins: play that merely keeps a "win" could go round a cycle for
    /// ever.
    ///
    /// **Algorithm**: the same retrograde pass; its queue takes the states in the order of
    /// their remoteness, so a won state's is one more than the first lost state found below
    /// it, and a lost state's one more than its last won option.
    pub fn outcomes_with_remoteness(&self) -> Vec<[(Play, u32); 2]> {
        let n = self.len();
        let preds = [
            self.predecessors(Player::Left),
            self.predecessors(Player::Right),
        ];
        // state 2v + p: p to move at v
        let mut result: Vec<Option<Play>> = vec![None; 2 * n];
        let mut undecided: Vec<u32> = (0..2 * n)
            .map(|s| self.options((s / 2) as u32, side(s % 2)).len() as u32)
            .collect();
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| undecided[s] == 0).collect();
        for &s in &queue {
            result[s] = Some(Play::Loss);
        }
        let mut remoteness = vec![0u32; 2 * n];
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let (v, p) = (s / 2, s % 2);
            // the states with a move to s: the other player q = 1 - p moved from u to v
            let q = 1 - p;
            let (starts, list) = &preds[q];
            for &u in &list[starts[v] as usize..starts[v + 1] as usize] {
                let t = 2 * u as usize + q;
                if result[t].is_some() {
                    continue;
                }
                if result[s] == Some(Play::Loss) {
                    result[t] = Some(Play::Win);
                    remoteness[t] = remoteness[s] + 1;
                    queue.push(t);
                } else {
                    undecided[t] -= 1;
                    if undecided[t] == 0 {
                        result[t] = Some(Play::Loss);
                        remoteness[t] = remoteness[s] + 1;
                        queue.push(t);
                    }
                }
            }
        }
        (0..n)
            .map(|v| {
                [0, 1].map(|p| {
                    let s = 2 * v + p;
                    (result[s].unwrap_or(Play::Draw), remoteness[s])
                })
            })
            .collect()
    }

    /// Which positions are stoppers: those from none of whose subpositions play that
    /// alternates between Left and Right (whoever starts) can go on for ever.
    ///
    /// **Algorithm**: peel the states (position, player to move) of alternating play whose
    /// every move leads to a peeled state; a position whose two states are not both peeled,
    /// and every position that can reach one, is no stopper. O(positions + moves).
    pub fn stoppers(&self) -> Vec<bool> {
        let n = self.len();
        let preds = [
            self.predecessors(Player::Left),
            self.predecessors(Player::Right),
        ];
        let mut left_over: Vec<u32> = (0..2 * n)
            .map(|s| self.options((s / 2) as u32, side(s % 2)).len() as u32)
            .collect();
        let mut queue: Vec<usize> = (0..2 * n).filter(|&s| left_over[s] == 0).collect();
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i];
            i += 1;
            let (v, p) = (s / 2, s % 2);
            let q = 1 - p;
            let (starts, list) = &preds[q];
            for &u in &list[starts[v] as usize..starts[v + 1] as usize] {
                let t = 2 * u as usize + q;
                left_over[t] -= 1;
                if left_over[t] == 0 {
                    queue.push(t);
                }
            }
        }
        let mut stopper: Vec<bool> = (0..n)
            .map(|v| left_over[2 * v] == 0 && left_over[2 * v + 1] == 0)
            .collect();
        // whatever reaches a position with endless alternating play is no stopper either
        let mut bad: Vec<u32> = (0..n as u32).filter(|&v| !stopper[v as usize]).collect();
        while let Some(w) = bad.pop() {
            for (starts, list) in &preds {
                for &u in &list[starts[w as usize] as usize..starts[w as usize + 1] as usize] {
                    if stopper[u as usize] {
                        stopper[u as usize] = false;
                        bad.push(u);
                    }
                }
            }
        }
        stopper
    }

    /// Which positions have a cycle reachable from them (the others are short games).
    pub fn cyclic(&self) -> Vec<bool> {
        // peel positions all of whose moves lead to peeled ones
        let n = self.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut left_over = vec![0u32; n];
        for v in 0..n as u32 {
            for p in [Player::Left, Player::Right] {
                for &w in self.options(v, p) {
                    preds[w as usize].push(v);
                    left_over[v as usize] += 1;
                }
            }
        }
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&v| left_over[v as usize] == 0)
            .collect();
        let mut i = 0;
        while i < queue.len() {
            let w = queue[i];
            i += 1;
            for &u in &preds[w as usize] {
                left_over[u as usize] -= 1;
                if left_over[u as usize] == 0 {
                    queue.push(u);
                }
            }
        }
        left_over.iter().map(|&c| c > 0).collect()
    }
}

/// Player `p` as an index (0 Left, 1 Right).
#[inline]
pub(crate) fn side(p: usize) -> Player {
    if p == 0 {
        Player::Left
    } else {
        Player::Right
    }
}

/// The graph of a sum and the tuple of parts' positions each of its positions stands for.
#[derive(Clone, Debug)]
pub struct SumGraph {
    /// The sum's positions; 0 is the sum itself.
    pub graph: LoopyGraph,
    /// For each position, the position of each part, one after the other.
    tuples: Vec<u32>,
    /// How many parts.
    arity: usize,
}

impl SumGraph {
    /// The position of each part at position `v` of the sum.
    pub fn tuple(&self, v: u32) -> &[u32] {
        &self.tuples[v as usize * self.arity..(v as usize + 1) * self.arity]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// on = {pass|}, off = {|pass}, dud = {pass|pass}, over = {0|pass}
    fn named() -> (LoopyGraph, [u32; 5]) {
        let mut g = LoopyGraph::new();
        let zero = g.add();
        let on = g.add();
        g.add_move(Player::Left, on, on);
        let off = g.add();
        g.add_move(Player::Right, off, off);
        let dud = g.add();
        g.add_move(Player::Left, dud, dud);
        g.add_move(Player::Right, dud, dud);
        let over = g.add();
        g.add_move(Player::Left, over, zero);
        g.add_move(Player::Right, over, over);
        (g, [zero, on, off, dud, over])
    }

    #[test]
    fn outcomes_of_the_named_games() {
        use Play::*;
        let (g, [zero, on, off, dud, over]) = named();
        let o = g.outcomes();
        assert_eq!(o[zero as usize], [Loss, Loss]);
        assert_eq!(o[on as usize], [Win, Loss]); // Left passes; then Right cannot move
        assert_eq!(o[off as usize], [Loss, Win]);
        assert_eq!(o[dud as usize], [Draw, Draw]);
        assert_eq!(o[over as usize], [Win, Loss]); // Right's pass hands Left the move to 0
        let s = g.stoppers();
        assert_eq!(s, vec![true, true, true, false, true]);
        assert_eq!(g.cyclic(), vec![false, true, true, true, true]);
    }

    #[test]
    fn sums_are_reachable_tuples() {
        let (g, [_, on, off, _, _]) = named();
        let sum = LoopyGraph::sum(&[&g, &g], &[on, off], &Budget::new(100)).unwrap();
        assert_eq!(sum.graph.len(), 1);
        let o = sum.graph.outcomes();
        assert_eq!(o[0], [Play::Draw, Play::Draw]); // on + off plays for ever
        assert!(!sum.graph.stoppers()[0]);
        let (_, [_, on, _, _, over]) = named();
        assert!(LoopyGraph::sum(&[&g, &g], &[on, over], &Budget::new(1)).is_err());
    }
}
