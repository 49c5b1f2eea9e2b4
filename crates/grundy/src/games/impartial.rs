//! `impartial GAME ...`: a partizan game of the catalog played impartially, each player
//! having the union of both players' moves (MCGS's impartial variant of every game). It is an
//! impartial component like any other: valued by the impartial engines (a nimber), in
//! impartial and misère sums. Swapping the colours leaves the union of moves unchanged, so
//! `impartial domineering ./.` and `impartial domineering ..` are both `*`.
//!
//! ```
//! use grundy::{parse_sum, Convention, SumSolver};
//! let sum = parse_sum("impartial clobber xo + nim 1").unwrap();
//! let analysis = SumSolver::new(10_000, 10).analyse(&sum, Convention::Normal).unwrap();
//! assert_eq!(analysis.grundy, Some(grundy::Nimber(0))); // xo is * played impartially
//! ```

use crate::error::excerpt;
use crate::games::partizan::{partizan_games, PartizanPart, PARTIZAN_GAMES};
use crate::games::syntax::{error, GameSyntax, Misere};
use crate::solve::game::ImpartialGame;
use std::fmt;

/// A partizan part played with both players' moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Impartial {
    /// The part (a game of the partizan catalog, never a value in notation).
    pub part: PartizanPart,
}

impl PartialOrd for Impartial {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By the text of the parts: the order a sum is printed in.
impl Ord for Impartial {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.part.to_string().cmp(&other.part.to_string())
    }
}

/// **Complexity**: the options are the game's moves for both players, O(moves) each time; the
/// engines memoise the values by position (no split into regions).
impl ImpartialGame for Impartial {
    fn options(&self) -> Vec<Vec<Self>> {
        let mut out: Vec<PartizanPart> = Vec::new();
        for left in [true, false] {
            for part in self.part.game_moves(left).unwrap_or_default() {
                if !out.contains(&part) {
                    out.push(part);
                }
            }
        }
        out.into_iter()
            .map(|part| vec![Impartial { part }])
            .collect()
    }
}

impl fmt::Display for Impartial {
    /// `impartial PART`, or `0` once the part is empty (a game that writes itself `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.part.to_string();
        if text == "0" {
            f.write_str("0")
        } else {
            write!(f, "impartial {text}")
        }
    }
}

/// `impartial GAME ...`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "impartial",
    usage: "impartial GAME ...",
    summary: "a partizan game of the catalog (domineering, clobber, snort, ...) in which both players have both players' moves",
    misere: Misere::Played,
    examples: &["impartial clobber xo/ox", "impartial domineering ../.."],
    read: |name, args, context| {
        let Some((game, rest)) = args.split_first() else {
            return Err(error(
                name.column,
                "'impartial' takes a partizan game (impartial GAME ..., e.g. impartial clobber xo)",
            ));
        };
        for entry in partizan_games(game.text) {
            if let Some(part) = (entry.read)(*game, rest, context)? {
                return Ok(Impartial { part }.into());
            }
        }
        let mut names: Vec<&str> = Vec::new();
        for entry in PARTIZAN_GAMES {
            if !names.contains(&entry.syntax.keyword) {
                names.push(entry.syntax.keyword);
            }
        }
        Err(error(
            game.column,
            format!(
                "'impartial' plays a partizan game of the catalog: '{}' is none (expected one of: {})",
                excerpt(game.text),
                names.join(", ")
            ),
        ))
    },
};
