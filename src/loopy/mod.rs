//! Game graphs, cycles allowed: any impartial game given as its positions and moves.
//!
//! - [`graph`]: [`GameGraph`], forward and reverse adjacency in CSR form.
//! - [`io`]: the edge-list and JSON formats of `grundy graph`.
//! - [`retrograde`]: win / lose / draw and remoteness of every position, one O(n + m) pass.
//! - [`grundy`]: the generalized Sprague-Grundy function γ (a nimber, or ∞ with its escape set).
//! - [`explore`](mod@explore): the [`LoopyGame`] trait: enumerate the graph reachable from a start.
//! - [`report`]: from a file to the answer of `grundy graph`.

pub mod explore;
pub mod graph;
pub mod grundy;
pub mod io;
pub mod report;
pub mod retrograde;

pub use explore::{explore, Explored, LoopyGame};
pub use graph::{GameGraph, Names};
pub use grundy::{LoopyGrundy, LoopyValue};
pub use io::read_game_graph;
pub use retrograde::{GraphOutcome, Retrograde};
