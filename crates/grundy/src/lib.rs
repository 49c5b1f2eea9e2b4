//! # grundy
//!
//! Solves combinatorial games exactly: who wins a sum of games and with which moves, for
//! impartial games (Sprague-Grundy values, closed forms, octal and hexadecimal codes, misère
//! quotients, nimbers of big boards and graphs by a pruned search), partizan games (canonical
//! forms, temperatures and thermographs, and an outcome search that decides boards far
//! beyond the canonical form's reach, such as 9 x 9 Domineering), loopy games and game graphs
//! with cycles (win, loss or draw, by retrograde analysis).
//!
//! [`solve()`] is the one entry of `grundy solve`: a sum written in the expression language
//! (one game or many, joined by `+`) in, the report of its kind out.
//!
//! ```
//! use grundy::{solve, SolveOptions};
//!
//! // a partizan sum: a 2 x 2 Domineering board beside a Nim heap of 1
//! let report = solve("domineering ../.. + nim 1", &SolveOptions::default()).unwrap();
//! assert_eq!(report.partizan().unwrap().outcome.letter(), "N");
//! // an impartial sum: nim 1 2 has Grundy value 1 xor 2 = 3
//! let report = solve("nim 1 2", &SolveOptions::default()).unwrap();
//! assert_eq!(report.impartial().unwrap().grundy, Some(3));
//! ```
//!
//! The modules, from the top layer down (each uses only the ones below it):
//!
//! - [`app`]: the application layer, text in and report out: the expression language
//!   ([`parse_sum`]), [`solve()`] and [`solve_expression`], the reports of `grundy table`,
//!   `value`, `quotient`, `geography`, `graph`, `play` and `db`.
//! - [`games`]: the catalog, one file per game, each with its closed form where one is known,
//!   and the own searches of Domineering and Clobber; [`games::Component`] lets different
//!   games sit in one sum.
//! - [`partizan`]: the partizan engines: canonical forms and thermographs, the outcome
//!   search of sums, its shared results table, threads and checkpoints.
//! - [`solve`](mod@solve): the impartial engines. Implement [`ImpartialGame`] for a position
//!   type and [`GrundySolver`] finds its values; [`SumSolver`] analyses sums of them; the
//!   octal engine.
//! - [`game_graph`]: impartial game graphs with cycles: win/lose/draw, remoteness, generalized Grundy values.
//! - [`graph`]: graphs: matchings, geography, our file formats.
//! - Primitives: [`nimber`] (Grundy values, [`Nimber`] addition is xor, [`Outcome`], the mex,
//!   [`Convention`]), [`periodic`] (ultimately periodic value sequences), [`zeckendorf`],
//!   [`budget`] (the state limit and cancellation flag every engine runs under),
//!   [`memory`] (refusing work that would not fit the machine's memory), [`input`] (a
//!   tokenizer that names lines), [`save`] (files written whole or not at all), [`error`].
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

/// The guide's chapter on the library (`docs/library.md`): its examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/library.md")]
pub struct GuideLibraryChapter;

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
