//! The generic engines: anything that implements [`ImpartialGame`] can be solved here.
//!
//! - [`grundy`]: memoised Grundy values by iterative search (Sprague-Grundy).
//! - [`sum`]: disjunctive sums, outcome and every winning move, normal or misère.
//! - [`misere`]: misère outcomes by search over the whole sum.

pub mod game;
pub mod grundy;
pub mod misere;
pub mod sum;
