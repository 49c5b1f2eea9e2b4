//! `impartial GAME ...`: a partizan game of the catalog played impartially, each player
//! having the union of both players' moves (MCGS's impartial variant of every game). It is an
//! impartial component like any other, valued by the pruned nimber search over the game's
//! regions ([`crate::solve::nimber_search`]), in impartial and misère sums. Swapping the colours leaves the union of moves unchanged, so
//! `impartial domineering ./.` and `impartial domineering ..` are both `*`.
//!
//! ```
//! use grundy::{parse_sum, Convention, SumSolver};
//! let sum = parse_sum("impartial clobber xo + nim 1").unwrap();
//! let analysis = SumSolver::new(10_000, 10).analyse(&sum, Convention::Normal).unwrap();
//! assert_eq!(analysis.grundy, Some(grundy::Nimber(0))); // xo is * played impartially
//! ```

use crate::error::excerpt;
use crate::games::partizan::{
    partizan_games, PartizanPart, PartizanRegion, PartizanValues, PARTIZAN_GAMES,
};
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{error, GameSyntax, Misere};
use crate::partizan::SumRules;
use crate::solve::nimber_search::ComponentGame;
use rustc_hash::FxBuildHasher;
use std::fmt;
use std::hash::BuildHasher;

/// `impartial GAME ...`: a part of a partizan game, each player having both players' moves.
pub type Impartial = Searched<ImpartialRules>;

/// A partizan part played with both players' moves (never a value in notation), ordered by
/// its text: the order a sum is printed in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Played(pub PartizanPart);

impl PartialOrd for Played {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Played {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.to_string().cmp(&other.0.to_string())
    }
}

/// The partizan catalog's rules played impartially, for the nimber search: a component is a
/// normalised region of the outcome search ([`SumRules`]; a region standing for its negative
/// is the same impartial game, since swapping the players leaves the union of their moves),
/// its options both players' options, each once.
pub struct ImpartialRules {
    rules: PartizanValues,
}

impl ComponentGame for ImpartialRules {
    type Part = PartizanRegion;

    fn options(
        &self,
        region: &PartizanRegion,
        parts: &mut Vec<PartizanRegion>,
        ends: &mut Vec<u32>,
    ) {
        let mut lists = Vec::new();
        self.rules.options(region, true, &mut lists);
        self.rules.options(region, false, &mut lists);
        let mut seen: Vec<Vec<PartizanRegion>> = Vec::with_capacity(lists.len());
        for list in lists {
            let mut option: Vec<PartizanRegion> = list.into_iter().map(|(r, _)| r).collect();
            // a multiset: equal lists in one order (by hash; a tie in order only misses a
            // duplicate, which costs time, never the value)
            option.sort_by_cached_key(|r| FxBuildHasher.hash_one(r));
            if seen.contains(&option) {
                continue;
            }
            parts.extend(option.iter().cloned());
            ends.push(parts.len() as u32);
            seen.push(option);
        }
    }

    fn size(&self, region: &PartizanRegion) -> u32 {
        self.rules.size(region) as u32
    }
}

/// **Complexity**: the options are the game's moves for both players, O(moves) each; the
/// value is the nimber search's over the part's regions.
impl SearchedGame for ImpartialRules {
    type Position = Played;

    const KIND: &'static str = "impartial";

    fn components(&self, part: &Played, out: &mut Vec<PartizanRegion>) {
        out.extend(
            self.rules
                .regions(&part.0)
                .unwrap_or_default()
                .into_iter()
                .map(|(r, _)| r),
        );
    }

    fn moves(&self, part: &Played) -> Vec<Played> {
        let mut out: Vec<Played> = Vec::new();
        for left in [true, false] {
            for part in part.0.game_moves(left).unwrap_or_default() {
                let part = Played(part);
                if !out.contains(&part) {
                    out.push(part);
                }
            }
        }
        out
    }

    /// `impartial PART`, or `0` once the part is empty (a game that writes itself `0`).
    fn write(part: &Played, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = part.0.to_string();
        if text == "0" {
            f.write_str("0")
        } else {
            write!(f, "impartial {text}")
        }
    }

    fn cells(part: &Played) -> Option<Vec<String>> {
        part.0.cells()
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
                let search = SharedSearch::of(context, |budget| ImpartialRules {
                    rules: PartizanValues::new(budget.clone()),
                });
                return Ok(Impartial::new(Played(part), search).into());
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
