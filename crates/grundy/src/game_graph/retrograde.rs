//! Retrograde analysis: win, lose or draw and the remoteness of every position of a game graph.
//!
//! ```
//! use grundy::game_graph::{GameGraph, GraphOutcome};
//! use grundy::Convention;
//! // a chain 0 -> 1 -> 2: in misère play the player who cannot move wins
//! let g = GameGraph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
//! let r = g.retrograde(Convention::Misere);
//! assert_eq!(r.outcome(2), GraphOutcome::Win);
//! assert_eq!(r.outcome(1), GraphOutcome::Lose);
//! assert_eq!(r.counts(), [2, 1, 0]);
//! ```

use crate::budget::Cancel;
use crate::error::Result;
use crate::game_graph::graph::GameGraph;
use crate::graph::READ_AHEAD;
use crate::memory::prefetch;
use crate::nimber::Convention;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// The outcome of a position of a game graph for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum GraphOutcome {
    /// `W`: the player to move wins.
    #[serde(rename = "W")]
    Win,
    /// `L`: the player to move loses.
    #[serde(rename = "L")]
    Lose,
    /// `D`: neither side can force a win; play goes on forever.
    #[serde(rename = "D")]
    Draw,
}

/// The one conversion between the two names of an outcome: a game graph's W/L/D (the words of
/// `grundy graph`'s tables and JSON) and a sum's N/P/D.
impl From<GraphOutcome> for crate::nimber::Outcome {
    fn from(outcome: GraphOutcome) -> Self {
        use crate::nimber::Outcome;
        match outcome {
            GraphOutcome::Win => Outcome::N,
            GraphOutcome::Lose => Outcome::P,
            GraphOutcome::Draw => Outcome::D,
        }
    }
}

impl GraphOutcome {
    /// `"W"`, `"L"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            GraphOutcome::Win => "W",
            GraphOutcome::Lose => "L",
            GraphOutcome::Draw => "D",
        }
    }

    /// What a move to a position of this outcome gives the player who makes it: `"win"` to a
    /// lost position, `"lose"` to a won one, `"draw"` to a drawn one.
    pub fn for_mover(self) -> &'static str {
        match self {
            GraphOutcome::Win => "lose",
            GraphOutcome::Lose => "win",
            GraphOutcome::Draw => "draw",
        }
    }
}

/// Remoteness of a drawn position (there is none).
pub const NO_REMOTENESS: u32 = u32::MAX;

const WIN: u8 = 0;
const LOSE: u8 = 1;
const DRAW: u8 = 2;

/// Markers of the retrograde state word (counts of unsettled options stay below both).
const WON: u32 = u32::MAX;
const LOST: u32 = u32::MAX - 1;

/// Levels with at least this many positions are shared among the cores.
const PARALLEL_FRONTIER: usize = 1 << 14;

/// Outcome and remoteness of every position, as [`GameGraph::retrograde`] finds them.
///
/// Remoteness (GamesmanOne's definition): the number of moves left when the winner hurries and
/// the loser delays; 0 for a position without moves, none for a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrograde {
    outcome: Vec<u8>,
    remoteness: Vec<u32>,
}

impl Retrograde {
    /// Labels computed elsewhere (the dataflow engine): outcome codes (0 win, 1 lose, 2 draw)
    /// and remoteness ([`NO_REMOTENESS`] for a draw), one per position.
    #[cfg(feature = "dataflow")]
    pub(crate) fn from_parts(outcome: Vec<u8>, remoteness: Vec<u32>) -> Retrograde {
        Retrograde {
            outcome,
            remoteness,
        }
    }

    /// The outcome of position `u`.
    #[inline]
    pub fn outcome(&self, u: u32) -> GraphOutcome {
        match self.outcome[u as usize] {
            WIN => GraphOutcome::Win,
            LOSE => GraphOutcome::Lose,
            _ => GraphOutcome::Draw,
        }
    }

    /// The remoteness of position `u`, `None` for a draw.
    #[inline]
    pub fn remoteness(&self, u: u32) -> Option<u32> {
        let r = self.remoteness[u as usize];
        (r != NO_REMOTENESS).then_some(r)
    }

    /// Each of `options` (the moves from `u`) with true when a perfect player picks it: from a
    /// win, the winning moves of least remoteness; from a loss, the moves to the largest
    /// remoteness; from a draw, the moves that keep the draw. O(options).
    pub fn best_moves(&self, u: u32, options: &[u32]) -> Vec<(u32, bool)> {
        let best_remoteness = match self.outcome(u) {
            GraphOutcome::Win => options
                .iter()
                .filter(|&&v| self.outcome(v) == GraphOutcome::Lose)
                .filter_map(|&v| self.remoteness(v))
                .min(),
            GraphOutcome::Lose => options.iter().filter_map(|&v| self.remoteness(v)).max(),
            GraphOutcome::Draw => None,
        };
        options
            .iter()
            .map(|&v| {
                let best = match self.outcome(u) {
                    GraphOutcome::Win => {
                        self.outcome(v) == GraphOutcome::Lose
                            && self.remoteness(v) == best_remoteness
                    }
                    GraphOutcome::Lose => self.remoteness(v) == best_remoteness,
                    GraphOutcome::Draw => self.outcome(v) == GraphOutcome::Draw,
                };
                (v, best)
            })
            .collect()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// True for a graph without positions.
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// How many positions are won, lost and drawn.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0usize; 3];
        for &o in &self.outcome {
            c[o as usize] += 1;
        }
        c
    }

    /// `(r, wins at r, losses at r)` for every remoteness r that some position has, ascending.
    pub fn by_remoteness(&self) -> Vec<(u32, usize, usize)> {
        let mut rows: Vec<[usize; 2]> = Vec::new();
        for (&o, &r) in self.outcome.iter().zip(&self.remoteness) {
            if r != NO_REMOTENESS {
                if rows.len() <= r as usize {
                    rows.resize(r as usize + 1, [0, 0]);
                }
                rows[r as usize][o as usize] += 1;
            }
        }
        rows.into_iter()
            .enumerate()
            .filter(|(_, [w, l])| w + l > 0)
            .map(|(r, [w, l])| (r as u32, w, l))
            .collect()
    }
}

impl GameGraph {
    /// Win, lose or draw and the remoteness of every position, under `convention` (normal: who
    /// cannot move loses; misère: who cannot move wins).
    ///
    /// Positions without moves are settled first (remoteness 0); then, level by level in order
    /// of remoteness, a settled loss makes every unsettled predecessor a win at remoteness
    /// r + 1 (the first loss reached is the nearest), and a settled win takes one from each
    /// unsettled predecessor's count of unsettled options, which at 0 is a loss at r + 1 (the
    /// last win reached is the farthest). What is never settled is a draw. Large levels are
    /// shared among the cores (the counts are atomic), which settles the same positions at the
    /// same levels as one queue would.
    ///
    /// **Complexity**: O(n + m) time, about 13 bytes per position (outcome, remoteness, the
    /// state word, two levels), and one random access per move.
    ///
    /// ```
    /// use grundy::game_graph::{GameGraph, GraphOutcome};
    /// use grundy::Convention;
    /// // 0 -> 1 -> 2 (no moves); 3 <-> 4 forever, and 4 -> 1 (a won position: no way out)
    /// let g = GameGraph::from_edges(5, &[(0, 1), (1, 2), (3, 4), (4, 3), (4, 1)]).unwrap();
    /// let r = g.retrograde(Convention::Normal);
    /// assert_eq!(r.outcome(0), GraphOutcome::Lose);
    /// assert_eq!(r.remoteness(0), Some(2));
    /// assert_eq!(r.outcome(1), GraphOutcome::Win);
    /// assert_eq!((r.outcome(3), r.outcome(4)), (GraphOutcome::Draw, GraphOutcome::Draw));
    /// assert_eq!(r.remoteness(3), None);
    /// ```
    pub fn retrograde(&self, convention: Convention) -> Retrograde {
        match self.retrograde_until(convention, &Cancel::new()) {
            Ok(r) => r,
            Err(_) => unreachable!("a flag nobody else holds is never raised"),
        }
    }

    /// [`retrograde`](Self::retrograde), stopped with [`crate::error::GrundyError::Cancelled`] once `cancel`
    /// is raised (checked at every level of remoteness).
    pub fn retrograde_until(&self, convention: Convention, cancel: &Cancel) -> Result<Retrograde> {
        let n = self.position_count();
        let end = match convention {
            Convention::Normal => LOST,
            Convention::Misere => WON,
        };
        // one word per position: while unsettled, the count of options not yet known to be
        // won (out-degrees fit MAX_POSITIONS, below both markers); then WON or LOST
        let state: Vec<AtomicU32> = (0..n as u32)
            .map(|u| {
                AtomicU32::new(match self.out_degree(u) {
                    0 => end,
                    d => d,
                })
            })
            .collect();
        let mut remoteness = vec![NO_REMOTENESS; n];
        let mut frontier: Vec<u32> = (0..n as u32).filter(|&u| self.out_degree(u) == 0).collect();
        let mut r: u32 = 0;
        // level by level: every position settled at r is settled by then, so the positions
        // each level settles at r + 1 are those the one-queue order settles there
        while !frontier.is_empty() {
            cancel.check()?;
            for &u in &frontier {
                remoteness[u as usize] = r;
            }
            frontier = if frontier.len() < PARALLEL_FRONTIER {
                let mut next = Vec::new();
                self.settle_predecessors(&state, &frontier, &mut next);
                next
            } else {
                let parts: Vec<Vec<u32>> = frontier
                    .par_chunks(PARALLEL_FRONTIER / 4)
                    .map(|chunk| {
                        let mut next = Vec::new();
                        self.settle_predecessors(&state, chunk, &mut next);
                        next
                    })
                    .collect();
                parts.concat()
            };
            r += 1;
        }
        let outcome = state
            .iter()
            .map(|s| match s.load(Relaxed) {
                WON => WIN,
                LOST => LOSE,
                _ => DRAW,
            })
            .collect();
        Ok(Retrograde {
            outcome,
            remoteness,
        })
    }

    /// Settles, at the next level, the predecessors of the positions of one level: a lost
    /// position makes every unsettled predecessor won; a won one takes one from each
    /// unsettled predecessor's count, lost at 0. Compare-and-swap, so that several threads may
    /// share a level; pushes the newly settled positions onto `next`.
    fn settle_predecessors(&self, state: &[AtomicU32], level: &[u32], next: &mut Vec<u32>) {
        for (i, &v) in level.iter().enumerate() {
            // start the reads of the positions a few places ahead, one level each: their
            // state and list place, their list, their predecessors' states
            if let Some(&u) = level.get(i + 3 * READ_AHEAD) {
                prefetch(&state[u as usize]);
                self.prefetch_predecessors_place(u);
            }
            if let Some(&u) = level.get(i + 2 * READ_AHEAD) {
                self.prefetch_predecessors(u);
            }
            if let Some(&u) = level.get(i + READ_AHEAD) {
                for &p in self.predecessors(u) {
                    prefetch(&state[p as usize]);
                }
            }
            let lost = state[v as usize].load(Relaxed) == LOST;
            for &p in self.predecessors(v) {
                let s = &state[p as usize];
                let mut cur = s.load(Relaxed);
                while cur < LOST {
                    let new = if lost || cur == 1 {
                        if lost {
                            WON
                        } else {
                            LOST
                        }
                    } else {
                        cur - 1
                    };
                    match s.compare_exchange_weak(cur, new, Relaxed, Relaxed) {
                        Ok(_) => {
                            if new >= LOST {
                                next.push(p);
                            }
                            break;
                        }
                        Err(seen) => cur = seen,
                    }
                }
            }
        }
    }
}
