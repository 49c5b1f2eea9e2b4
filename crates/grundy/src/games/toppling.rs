//! Toppling Dominoes (Lessons in Play; CGSuite's `ToppleDominoes`, MCGS's
//! `toppling_dominoes`): a row of dominoes, Left's `x`, Right's `o` and green `g` (either
//! player's; MCGS writes it `#`). A player topples one of their own or a green domino to the
//! left or to the right: it and every domino on that side fall and are removed. Written
//! `toppling xog` (`0` once every domino has fallen).

use crate::error::Result;
use crate::games::cells::read_row;
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The longest row.
pub const MAX_DOMINOES: usize = 1024;

/// The rules of Toppling Dominoes; a position is the row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Toppling;

impl PartizanRules for Toppling {
    type Position = Box<[u8]>;

    /// A row and its mirror image have one value: the least of the two is stored.
    fn size(&self, row: &Box<[u8]>) -> usize {
        row.len()
    }

    fn split(&self, row: &Box<[u8]>, out: &mut Vec<(Box<[u8]>, bool)>) {
        if row.is_empty() {
            return;
        }
        let mirror: Box<[u8]> = row.iter().rev().copied().collect();
        out.push((row.clone().min(mirror), false));
    }

    fn options(&self, row: &Box<[u8]>, left: bool, out: &mut Vec<Box<[u8]>>) {
        let mine = if left { b'x' } else { b'o' };
        for (i, &d) in row.iter().enumerate() {
            if d == mine || d == b'g' {
                out.push(row[i + 1..].into()); // toppled to the left
                out.push(row[..i].into()); // to the right
            }
        }
    }
}

impl PartizanGame for Toppling {
    type Rules = Toppling;
    type Part = Box<[u8]>;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "toppling",
        usage: "toppling ROW",
        cells: "xog",
        one_row: true,
        summary: "Toppling Dominoes: topple one of your dominoes (x Left, o Right) or a green one (g) left or right; all on that side fall",
        examples: &["toppling xog", "toppling xxoo"],
    };

    const PLAYERS: [&'static str; 2] = ["x dominoes", "o dominoes"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Box<[u8]>>> {
        let what = "x (Left's), o (Right's) and g or # (green) dominoes";
        let row = read_row(name, args, Self::SYNTAX.usage, "xog#", what, MAX_DOMINOES)?;
        Ok(Some(
            row.iter()
                .map(|&b| if b == b'#' { b'g' } else { b })
                .collect(),
        ))
    }

    /// `0` once every domino has fallen.
    fn text(row: &Box<[u8]>) -> String {
        if row.is_empty() {
            "0".into()
        } else {
            format!("toppling {}", String::from_utf8_lossy(row))
        }
    }

    fn position(row: &Box<[u8]>) -> Box<[u8]> {
        row.clone()
    }

    fn moves(rules: &Toppling, row: &Box<[u8]>, left: bool) -> Vec<Box<[u8]>> {
        let mut out = Vec::new();
        rules.options(row, left, &mut out);
        out
    }
}
