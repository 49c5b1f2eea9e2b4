//! Short partizan games: Left and Right have different moves. Exact dyadic numbers
//! ([`Dyadic`]), canonical forms interned in an arena ([`Forms`]) with memoised comparison,
//! sums and negation, the invariants of the theory (stops, thermographs, temperature, mean,
//! cooling, birthday, atomic weight, reduced canonical form), CGSuite's notation, and a
//! memoised search for the values of positions ([`PartizanSearch`]), and a search for who wins
//! a sum without its value ([`OutcomeSearch`]).
//!
//! The theory: Conway, *On Numbers and Games*; Berlekamp, Conway and Guy, *Winning Ways*;
//! Siegel, *Combinatorial Game Theory* (2013).

pub mod checkpoint;
pub mod database;
pub mod dyadic;
pub(crate) mod form_facts;
pub mod forms;
pub mod hash;
pub mod invariants;
pub mod loopy;
pub mod notation;
pub mod outcome;
pub mod region_search;
pub(crate) mod regions;
pub mod results;
pub mod root;
#[cfg(feature = "dataflow")]
pub mod root_dataflow;
pub mod search;
pub mod sum_rules;
pub(crate) mod sum_table;
pub mod thermograph;
pub mod wall;

pub use dyadic::Dyadic;
pub use forms::{Forms, GameId, Nus, PartizanOutcome};
pub use outcome::{OutcomeOptions, OutcomeSearch, OutcomeStats, SearchSum, SumRules};
pub use region_search::RegionSolver;
pub use results::{ResultKey, ResultTable};
pub use search::{explicit_values, BoundTotals, MoveBounds, PartizanRules, PartizanSearch};
pub use wall::{Thermograph, Wall};
