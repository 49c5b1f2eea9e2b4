//! Cutcake (Winning Ways ch. 2): an R x C cake; Left cuts along a vertical line (R x a and
//! R x (C - a)), Right along a horizontal one (a x C and (R - a) x C). Written `cutcake R C`.
//! Its values are integers; the search finds them from the definition.

use crate::error::{GrundyError, Result};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, numbers, ParseContext, Word};
use crate::partizan::PartizanRules;

/// The largest side of a cake (a table of sides up to this).
pub const MAX_SIDE: u64 = 1 << 16;

impl PartizanGame for Cutcake {
    type Rules = Cutcake;
    type Part = Vec<(u32, u32)>;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "cutcake",
        usage: "cutcake R C",
        cells: "",
        one_row: false,
        summary: "Cutcake: Left cuts an R x C cake vertically, Right horizontally",
        examples: &["cutcake 2 3"],
    };

    const PLAYERS: [&'static str; 2] = ["vertical cuts", "horizontal cuts"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Vec<(u32, u32)>>> {
        let n = numbers(name, args, 2, 2, Self::SYNTAX.usage)?;
        for (i, &v) in n.iter().enumerate() {
            if v == 0 || v > MAX_SIDE {
                return Err(error(
                    args[i].column,
                    format!("a side of a cake is 1 to {MAX_SIDE}, found {v}"),
                ));
            }
        }
        Ok(Some(vec![(n[0] as u32, n[1] as u32)]))
    }

    /// One component per cake.
    fn text(cakes: &Vec<(u32, u32)>) -> String {
        cakes
            .iter()
            .map(|(r, c)| format!("cutcake {r} {c}"))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn position(cakes: &Vec<(u32, u32)>) -> Vec<(u32, u32)> {
        cakes.clone()
    }

    /// A move cuts one of the cakes.
    fn moves(rules: &Cutcake, cakes: &Vec<(u32, u32)>, left: bool) -> Vec<Vec<(u32, u32)>> {
        let mut out = Vec::new();
        for (i, &cake) in cakes.iter().enumerate() {
            let mut options = Vec::new();
            rules.options(&vec![cake], left, &mut options);
            for o in options {
                let mut next = cakes.clone();
                next.splice(i..=i, o);
                out.push(next);
            }
        }
        out
    }

    fn start(rows: u64, cols: u64) -> Option<Result<Vec<(u32, u32)>>> {
        Some(
            if (1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols) {
                Ok(vec![(rows as u32, cols as u32)])
            } else {
                Err(GrundyError::Unsupported(format!(
                    "a cake of {rows} x {cols}: sides 1 to {MAX_SIDE}"
                )))
            },
        )
    }
}

/// The rules of Cutcake; a position is a list of cakes (rows, columns).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl PartizanRules for Cutcake {
    type Position = Vec<(u32, u32)>;

    fn size(&self, cakes: &Vec<(u32, u32)>) -> usize {
        cakes.iter().map(|&(r, c)| (r + c) as usize).sum()
    }

    fn split(&self, cakes: &Vec<(u32, u32)>, out: &mut Vec<(Vec<(u32, u32)>, bool)>) {
        for &(r, c) in cakes {
            if r > 1 || c > 1 {
                out.push((vec![(r, c)], false));
            }
        }
    }

    fn options(&self, cakes: &Vec<(u32, u32)>, left: bool, out: &mut Vec<Vec<(u32, u32)>>) {
        let (r, c) = cakes[0];
        if left {
            for a in 1..=c / 2 {
                out.push(vec![(r, a), (r, c - a)]);
            }
        } else {
            for a in 1..=r / 2 {
                out.push(vec![(a, c), (r - a, c)]);
            }
        }
    }
}
