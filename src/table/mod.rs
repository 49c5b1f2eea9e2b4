//! Tabulating Grundy values and proving their periods: what `grundy table` computes.
//!
//! - [`octal`]: the octal-game engine (plain and rare/common methods).
//! - [`period`]: periods proved by the Guy-Smith theorem, as values are computed.

pub mod octal;
pub mod period;
