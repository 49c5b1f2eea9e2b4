//! The generalized Sprague-Grundy function of a game graph with cycles (Smith 1966;
//! Fraenkel & Perl 1975; Fraenkel & Yesha 1986).
//!
//! ```
//! use grundy::game_graph::{GameGraph, LoopyValue};
//! use grundy::Nimber;
//! // 0 <-> 1, and 1 -> 2 (no moves): γ(2) = 0, γ(1) = 1, and from 0 the only move is to 1,
//! // a value-1 position that can move back: γ(0) = 0
//! let g = GameGraph::from_edges(3, &[(0, 1), (1, 0), (1, 2)]).unwrap();
//! let gamma = g.loopy_grundy();
//! assert_eq!(gamma.value(&g, 1), LoopyValue::Finite(Nimber(1)));
//! assert_eq!(gamma.value(&g, 0), LoopyValue::Finite(Nimber(0)));
//! // a lone 2-cycle is a draw: γ = ∞ with no escape
//! let d = GameGraph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
//! assert_eq!(d.loopy_grundy().value(&d, 0), LoopyValue::Infinite(vec![]));
//! ```

use crate::budget::Cancel;
use crate::error::Result;
use crate::game_graph::graph::GameGraph;
use crate::game_graph::retrograde::{GraphOutcome, Retrograde};
use crate::nimber::Convention;
use crate::nimber::Nimber;
use std::fmt;

/// The value of a position of a loopy game: a nimber, or ∞ with its escape set K (the finite
/// values among its options, ascending).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A nimber `*g`: the position behaves as a Nim heap of g in any sum.
    Finite(Nimber),
    /// ∞(K): the player to move can avoid losing forever; K lists the finite values of the
    /// options, ascending.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// True if the player to move wins (γ finite and non-zero, or ∞ with 0 in K).
    pub fn mover_wins(&self) -> bool {
        match self {
            LoopyValue::Finite(g) => !g.is_zero(),
            LoopyValue::Infinite(k) => k.first() == Some(&0),
        }
    }
}

/// `3`, or `inf{1,4}` for ∞ with K = {1, 4}.
impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(g) => write!(f, "{g}"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(ToString::to_string).collect();
                write!(f, "inf{{{}}}", k.join(","))
            }
        }
    }
}

/// γ of an ∞ position in [`LoopyGrundy::raw`].
pub const INFINITE: u32 = u32::MAX;
const UNLABELLED: u32 = u32::MAX - 1;

/// The generalized Grundy value of every position, as [`GameGraph::loopy_grundy`] finds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyGrundy {
    values: Vec<u32>,
}

impl LoopyGrundy {
    /// γ(u) as stored: the finite value, or [`INFINITE`].
    #[inline]
    pub fn raw(&self, u: u32) -> u32 {
        self.values[u as usize]
    }

    /// γ(u), with the escape set of an ∞ position read off the graph's options.
    pub fn value(&self, graph: &GameGraph, u: u32) -> LoopyValue {
        match self.values[u as usize] {
            INFINITE => LoopyValue::Infinite(self.escapes(graph, u)),
            g => LoopyValue::Finite(Nimber(g as u64)),
        }
    }

    /// The finite values among the options of `u`, ascending, each once. O(out-degree of u).
    pub fn escapes(&self, graph: &GameGraph, u: u32) -> Vec<u64> {
        let mut k: Vec<u64> = graph
            .options(u)
            .iter()
            .map(|&v| self.values[v as usize])
            .filter(|&g| g != INFINITE)
            .map(u64::from)
            .collect();
        k.sort_unstable();
        k.dedup();
        k
    }

    /// How many positions have value ∞.
    pub fn infinite_count(&self) -> usize {
        self.values.iter().filter(|&&g| g == INFINITE).count()
    }

    /// The largest finite value, `None` if every value is ∞ (or there are no positions).
    pub fn max_finite(&self) -> Option<u64> {
        self.values
            .iter()
            .filter(|&&g| g != INFINITE)
            .max()
            .map(|&g| g as u64)
    }
}

impl GameGraph {
    /// The generalized Sprague-Grundy value γ of every position (normal play).
    ///
    /// By stages i = 0, 1, 2, ...: an unlabelled position gets label i when it has no option
    /// labelled i and each of its options that is unlabelled or ∞ has an option labelled i
    /// (repeated to a fixed point); then every unlabelled position without an option labelled i
    /// becomes ∞. The fixed point is a retrograde pass restricted to the positions not yet
    /// finitely labelled: a count of such options per candidate, decremented when an option
    /// gets an option labelled i, a label at 0. Stage 0 is the normal-play retrograde analysis
    /// (lost positions get 0, drawn ones ∞; see [`loopy_grundy_after`](Self::loopy_grundy_after)).
    /// γ = 0 exactly on lost positions, a finite γ > 0 wins, ∞(K) wins iff 0 ∈ K and draws
    /// otherwise; on acyclic graphs γ is the Grundy value.
    ///
    /// **Complexity**: each stage touches only the positions still unlabelled (and the ∞ ones
    /// next to them) and their moves: O((n + m) · (max γ + 2)) time in the worst case, far less
    /// when the labelled share grows fast; 12 bytes per position.
    ///
    /// ```
    /// use grundy::game_graph::{GameGraph, LoopyValue};
    /// use grundy::Nimber;
    /// // 0 -> 1 -> 2; 3 <-> 4 and 3 -> 1: 3 and 4 may move forever, 3 can escape to value 1
    /// let g = GameGraph::from_edges(5, &[(0, 1), (1, 2), (3, 4), (4, 3), (3, 1)]).unwrap();
    /// let gamma = g.loopy_grundy();
    /// assert_eq!(gamma.value(&g, 0), LoopyValue::Finite(Nimber(0)));
    /// assert_eq!(gamma.value(&g, 1), LoopyValue::Finite(Nimber(1)));
    /// assert_eq!(gamma.value(&g, 3), LoopyValue::Infinite(vec![1]));
    /// assert_eq!(gamma.value(&g, 4), LoopyValue::Infinite(vec![]));
    /// ```
    pub fn loopy_grundy(&self) -> LoopyGrundy {
        self.loopy_grundy_after(&self.retrograde(Convention::Normal))
    }

    /// [`loopy_grundy`](Self::loopy_grundy) with stage 0 read off a normal-play retrograde
    /// analysis of this graph: stage 0 labels exactly the lost positions 0 and makes exactly
    /// the drawn ones ∞ (a won position has a lost option, a drawn one has none), so the
    /// stages start at 1 with the won positions as candidates.
    ///
    /// **Complexity**: as `loopy_grundy`, less its most expensive stage.
    pub fn loopy_grundy_after(&self, normal: &Retrograde) -> LoopyGrundy {
        match self.loopy_grundy_until(normal, &Cancel::new()) {
            Ok(g) => g,
            Err(_) => unreachable!("a flag nobody else holds is never raised"),
        }
    }

    /// [`loopy_grundy_after`](Self::loopy_grundy_after), stopped with
    /// [`crate::error::GrundyError::Cancelled`] once `cancel` is raised (checked at every stage and every
    /// 2^12 candidates: a stage touches each candidate's options).
    pub fn loopy_grundy_until(&self, normal: &Retrograde, cancel: &Cancel) -> Result<LoopyGrundy> {
        let n = self.position_count();
        assert_eq!(normal.len(), n, "the retrograde analysis of this graph");
        let mut values = Vec::with_capacity(n);
        let mut candidates: Vec<u32> = Vec::new();
        for u in 0..n as u32 {
            values.push(match normal.outcome(u) {
                GraphOutcome::Lose => 0,
                GraphOutcome::Draw => INFINITE,
                GraphOutcome::Win => {
                    candidates.push(u);
                    UNLABELLED
                }
            });
        }
        // `marked[p] == stage + 1`: p has an option labelled `stage`
        let mut marked = vec![0u32; n];
        let mut count = vec![0u32; n];
        let mut queue: Vec<u32> = Vec::new();
        let mut stage: u32 = 1;
        while !candidates.is_empty() {
            let stamp = stage + 1;
            for (i, &u) in candidates.iter().enumerate() {
                if i % (1 << 12) == 0 {
                    cancel.check()?;
                }
                // options not finitely labelled before this stage (labels of this stage count)
                let c = self
                    .options(u)
                    .iter()
                    .filter(|&&v| values[v as usize] >= stage)
                    .count() as u32;
                count[u as usize] = c;
                if c == 0 {
                    values[u as usize] = stage;
                    queue.push(u);
                }
            }
            while let Some(v) = queue.pop() {
                for &p in self.predecessors(v) {
                    // only positions not finitely labelled matter; each is marked once a stage
                    if values[p as usize] < UNLABELLED || marked[p as usize] == stamp {
                        continue;
                    }
                    marked[p as usize] = stamp;
                    for &q in self.predecessors(p) {
                        if values[q as usize] == UNLABELLED && marked[q as usize] != stamp {
                            let c = &mut count[q as usize];
                            *c -= 1;
                            if *c == 0 {
                                values[q as usize] = stage;
                                queue.push(q);
                            }
                        }
                    }
                }
            }
            candidates.retain(|&u| {
                let v = &mut values[u as usize];
                if *v != UNLABELLED {
                    false
                } else if marked[u as usize] != stamp {
                    *v = INFINITE;
                    false
                } else {
                    true
                }
            });
            stage += 1;
        }
        Ok(LoopyGrundy { values })
    }
}
