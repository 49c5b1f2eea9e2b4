//! The empty game `0`: no moves at all.
//!
//! ```
//! use grundy::games::Empty;
//! use grundy::ImpartialGame;
//! assert!(Empty.options().is_empty());
//! ```

use crate::error::Result;
use crate::games::syntax::{numbers, GameSyntax, Misere};
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::fmt;

/// The game with no moves (`0`, a P position under normal play, N under misère play).
///
/// Its Grundy value is 0 by definition (the mex of nothing); O(1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Empty;

impl ImpartialGame for Empty {
    fn options(&self) -> Vec<Vec<Self>> {
        Vec::new()
    }

    fn option_count(&self) -> Option<u128> {
        Some(0)
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(Ok(Nimber::ZERO))
    }

    fn as_nim_heap(&self) -> Option<u64> {
        Some(0)
    }
}

impl fmt::Display for Empty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0")
    }
}

/// `0`: the empty game.
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "0",
    usage: "0",
    summary: "the empty game",
    misere: Misere::Played,
    examples: &["0"],
    read: |name, args, _| {
        numbers(name, args, 0, 0, "the empty game stands alone")?;
        Ok(Empty.into())
    },
};
