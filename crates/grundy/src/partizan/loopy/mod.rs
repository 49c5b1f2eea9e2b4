//! Loopy partizan games: positions may repeat, and play that never ends is a draw (Winning
//! Ways ch. 11; Siegel, *Combinatorial Game Theory* ch. VI).
//!
//! - [`LoopyGraph`]: positions with Left's and Right's moves; sums as product graphs; who
//!   wins each position for each player moving first (win, loss or draw); stoppers.
//! - [`Stopper`]: comparison, simplest forms (unique, so equal stoppers are equal values of
//!   this type), CGSuite's notation (`on`, `over`, `a{0|{1|a}}`...); stops (pseudonumbers:
//!   `on`, `x over`...) and, where it applies, mean and temperature.
//! - [`SidedValue`]: any game's value, a stopper or its sides `S & T` by sidling.
//! - [`parse_loopy`]: the notation read back.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::partizan::loopy::{parse_loopy, value_of, SidedValue};
//! use grundy::partizan::Forms;
//! let mut forms = Forms::new(10_000);
//! let read = parse_loopy(&mut forms, "{0|pass}").unwrap();
//! let value = value_of(&read.graph, read.start, 64, &Budget::new(1_000_000)).unwrap();
//! let SidedValue::Stopper(s) = value else { panic!() };
//! assert_eq!(s.to_text(&mut forms).unwrap(), "over");
//! ```

pub mod graph;
pub mod notation;
pub mod sides;
pub mod stopper;
pub mod stops;

pub use graph::{LoopyGraph, Play, Player, SumGraph};
pub use notation::{is_loopy, parse_loopy, ReadLoopy};
pub use sides::{value_of, SidedValue, DEFAULT_SIDLING_ROUNDS};
pub use stopper::{order_table, Stopper};
pub use stops::{Stop, StopperTemperature};
