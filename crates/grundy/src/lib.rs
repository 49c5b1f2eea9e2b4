//! # grundy
//!
//! Solves impartial combinatorial games exactly: Sprague-Grundy values, outcomes (who wins) and
//! every winning move of sums of games, under normal or misère play.
//!
//! The modules, from the top layer down (each uses only the ones below it):
//!
//! - [`app`]: the application layer, text in and report out: the expression language
//!   ([`parse_sum`]), [`solve_expression`], the reports of `grundy table`, `geography`, `graph`.
//! - [`games`]: the catalog, one file per game, each with its closed form where one is known;
//!   [`games::Component`] lets different games sit in one sum.
//! - [`solve`](mod@solve): the engines. Implement [`ImpartialGame`] for a position type and
//!   [`GrundySolver`] finds its values; [`SumSolver`] analyses sums of them; the octal engine.
//! - [`game_graph`]: impartial game graphs with cycles: win/lose/draw, remoteness, generalized Grundy values.
//! - [`graph`]: graphs: matchings, geography, our file formats.
//! - Primitives: [`nimber`] (Grundy values, [`Nimber`] addition is xor, [`Outcome`], the mex,
//!   [`Convention`]), [`periodic`] (ultimately periodic value sequences), [`zeckendorf`],
//!   [`budget`] (the state limit and cancellation flag every engine runs under),
//!   [`memory`] (refusing work that would not fit the machine's memory), [`input`] (a
//!   tokenizer that names lines), [`error`].
//!
//! Cargo features, all off by default (the library alone compiles no command-line, server,
//! plotting or dataflow crate): `plot` (`app::plot`: charts of tables, with an embedded font),
//! `dataflow` (`game_graph::dataflow`: retrograde analysis on timely dataflow). The command line
//! (`grundy-cli`), the Python binding (`grundy-python`) and the contest solutions
//! (`grundy-contests`) are crates of their own over this one.
//!
//! ```
//! use grundy::{Convention, Outcome, SumSolver};
//! use grundy::games::Component;
//!
//! let position = grundy::parse_sum("nim 1 2 + fibnim 8").unwrap();
//! let mut solver = SumSolver::new(1_000_000, 1000);
//! let analysis = solver.analyse(&position, Convention::Normal).unwrap();
//! // nim 1 2 has value 3; the opening of Fibonacci Nim on 8 (a Fibonacci number) is P, value 0
//! // (searched: Fibonacci Nim has no closed form for its values).
//! assert_eq!(analysis.outcome, Outcome::N);
//! assert_eq!(analysis.grundy, Some(grundy::Nimber(3)));
//! let first = Component::sum_to_string(&analysis.winning_moves[0]);
//! assert!(grundy::parse_sum(&first).is_ok());
//! ```
// two unsafe blocks in the whole library: mapping a database file (partizan::database), and
// viewing a zeroed anonymous mapping as atomics (memory::SharedBuffer)
#![deny(unsafe_code)]
#![deny(missing_docs)]

pub mod app;
pub mod budget;
pub mod error;
pub mod game_graph;
pub mod games;
pub mod graph;
pub mod input;
pub mod memory;
pub mod nimber;
pub mod partizan;
pub mod periodic;
pub mod save;
pub mod solve;
#[cfg(test)]
mod testing;
#[cfg(feature = "dataflow")]
pub mod workers;
pub mod zeckendorf;

pub use app::parse::{parse_sum, parse_sum_with};
pub use app::solve::{solve, solve_expression, ImpartialReport, SolveOptions, SolveReport};
pub use budget::{Budget, Cancel};
pub use error::{GrundyError, Result};
pub use nimber::Convention;
pub use nimber::{Nimber, Outcome};
pub use solve::game::ImpartialGame;
pub use solve::grundy::GrundySolver;
pub use solve::sum::{Analysis, SumSolver};
pub use solve::DEFAULT_MAX_STATES;
