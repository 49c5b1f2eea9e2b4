//! The generic engines: anything that implements [`game::ImpartialGame`] can be solved here.
//!
//! - [`grundy`]: memoised Grundy values by iterative search (Sprague-Grundy).
//! - [`sum`]: disjunctive sums, outcome and every winning move, normal or misère.
//! - [`misere`]: misère outcomes by search over the whole sum.
//! - [`loopy_sum`]: sums with a game-graph part of value ∞ (Smith's rules, draws).
//! - [`report`]: from an expression to the answer `grundy solve` prints.

pub mod game;
pub mod grundy;
pub mod loopy_sum;
pub mod misere;
pub mod report;
pub mod sum;
