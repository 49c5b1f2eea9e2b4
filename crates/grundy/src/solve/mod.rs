//! The engines: anything that implements [`game::ImpartialGame`] can be solved here, and the
//! octal engine that both the catalog's octal games and `grundy table` use.
//!
//! - [`grundy`]: memoised Grundy values by iterative search (Sprague-Grundy).
//! - [`sum`]: disjunctive sums, outcome and every winning move, normal or misère.
//! - [`misere`]: misère outcomes and genus by search over the whole sum (compact keys).
//! - [`quotient`]: misère quotients of sums of heaps of one game, found and proved.
//! - [`smith`]: sums with a part of value ∞ (Smith's rules, draws).
//! - [`octal`]: octal codes and their values, plain or rare/common, until a period is proved.
//! - [`component`]: what the nimber search asks of a game ([`component::ComponentGame`]).
//! - [`nimber_search`]: the nimber of one big position that falls apart into components (a
//!   board, a graph), by a search that prunes (Beling and Rogalski); [`nimber_endgame`]: its
//!   databases of the nimbers of small components.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::{Convention, GrundySolver, Nimber, Outcome, SumSolver};
//! let mut solver = GrundySolver::new(1000);
//! assert_eq!(solver.grundy(&Nim::new(vec![1, 2, 3])).unwrap(), Nimber(0));
//! let mut sums = SumSolver::new(1000, 10);
//! let a = sums.analyse(&[Nim::new(vec![3, 5])], Convention::Misere).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! ```

pub mod analyse;
pub mod component;
pub mod game;
pub mod grundy;
pub mod misere;
pub mod nimber_endgame;
pub mod nimber_search;
mod nimber_table;
pub mod octal;
pub mod quotient;
pub mod smith;
pub mod sum;

/// The default state limit: value tables of octal, subtraction and rectangle games store at
/// most this many values, searches at most this many positions (`--max-states`).
pub const DEFAULT_MAX_STATES: usize = 4_000_000;
