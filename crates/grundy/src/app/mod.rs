//! The application layer: text in, report out. Each module reads one kind of input (an
//! expression, a file of our formats, a family name), calls the catalog and the engines, and
//! returns a report (serde) that the command line, the Python package and the examples print.
//!
//! - [`parse`]: the expression language of `grundy solve` (`nim 3 4 5 + wythoff 3 5`).
//! - [`solve`]: an expression to its outcome, value and winning moves (`grundy solve`).
//! - [`table`]: a family to its values and proved period (`grundy table`); `plot` (feature
//!   `plot`) draws them.
//! - [`geography`]: a graph or board file to who wins from every start (`grundy geography`).
//! - [`graph`]: a game-graph file to outcomes, remoteness and γ (`grundy graph`).
//! - [`play`]: every move with its value and the perfect opponent's pick (`grundy play`,
//!   the web page).
//! - [`quotient`]: misère quotients of octal games (`grundy quotient`), and misère sums of
//!   many heaps of one game answered through them.
//! - [`value`]: partizan sums (Domineering, Cutcake, Hackenbush, Toads and Frogs, Clobber,
//!   values in CGSuite's notation, impartial parts as nimbers) to their canonical form,
//!   invariants and each player's winning moves (`grundy value`, partizan `grundy solve`).
//! - [`files`]: game graphs read from the files an expression names (the command line and
//!   Python; never the server).
//!
//! ```
//! use grundy::{solve_expression, Outcome, SolveOptions};
//! let report = solve_expression("nim 1 2 3 + wythoff 1 2", &SolveOptions::default()).unwrap();
//! assert_eq!(report.outcome, Outcome::P);
//! assert!(report.winning_moves.is_empty());
//! ```

pub mod database;
pub mod files;
pub mod geography;
pub mod graph;
pub mod loopy;
pub mod loopy_play;
pub mod parse;
#[cfg(feature = "dataflow")]
pub mod partizan_dataflow;
pub mod partizan_play;
pub mod partizan_solve;
pub mod play;
#[cfg(feature = "plot")]
pub mod plot;
pub mod quotient;
pub mod report;
pub mod session;
pub mod solve;
pub mod table;
pub mod value;
pub mod valued_sum;

pub use files::FileGraphs;
