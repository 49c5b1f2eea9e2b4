//! Game graphs, cycles allowed: any impartial game given as its positions and moves.
//!
//! - [`graph`]: [`GameGraph`], forward and reverse adjacency in CSR form.
//! - [`io`]: the edge-list and JSON formats of `grundy graph`.
//! - [`retrograde`]: win / lose / draw and remoteness of every position, one O(n + m) pass.
//! - [`grundy`]: the generalized Sprague-Grundy function γ (a nimber, or ∞ with its escape set).
//! - [`explore`](mod@explore): the [`GraphGame`] trait: enumerate the graph reachable from a start.
//! - [`solved`]: [`SolvedGraph`], outcomes and values together, and the moves perfect play picks.
//!
//! ```
//! use grundy::game_graph::{GameGraph, GraphOutcome};
//! use grundy::Convention;
//! // 0 -> 1 -> 2 (no moves from 2), and 3 <-> 4: a draw
//! let g = GameGraph::from_edges(5, &[(0, 1), (1, 2), (3, 4), (4, 3)]).unwrap();
//! let r = g.retrograde(Convention::Normal);
//! assert_eq!(r.outcome(0), GraphOutcome::Lose);
//! assert_eq!(r.remoteness(0), Some(2));
//! assert_eq!(r.outcome(3), GraphOutcome::Draw);
//! ```

#[cfg(feature = "dataflow")]
pub mod dataflow;
pub mod explore;
pub mod graph;
pub mod grundy;
pub mod io;
pub mod retrograde;
pub mod solved;

pub use explore::{explore, Explored, GraphGame};
pub use graph::{GameGraph, Names};
pub use grundy::{LoopyGrundy, LoopyValue};
pub use io::read_game_graph;
pub use retrograde::{GraphOutcome, Retrograde};
pub use solved::{position_named, SolvedGraph};
