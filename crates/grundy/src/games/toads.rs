//! Toads and Frogs (Winning Ways ch. 1): a strip of toads `T`, frogs `F` and empty cells `.`.
//! Left moves a toad one cell right into an empty cell, or jumps it over exactly one frog into
//! the empty cell beyond; Right moves frogs left the same way. Written `toads TT..FF`.
//! Reversing a strip and swapping toads and frogs negates its value: the search stores one
//! of the two.

use crate::error::Result;
use crate::games::cells::read_row;
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The longest strip.
pub const MAX_CELLS: usize = 1024;

impl PartizanGame for Toads {
    type Rules = Toads;
    type Part = Box<[u8]>;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "toads",
        usage: "toads ROW",
        cells: "TF.",
        one_row: true,
        summary: "Toads and Frogs: toads T move right, frogs F left, one step or a jump (. empty)",
        examples: &["toads TT.FF", "toads T.F"],
    };

    const PLAYERS: [&'static str; 2] = ["toads", "frogs"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Box<[u8]>>> {
        let what = "T (toads), F (frogs) and . (empty)";
        read_row(name, args, Self::SYNTAX.usage, "TF.", what, MAX_CELLS).map(Some)
    }

    fn text(row: &Box<[u8]>) -> String {
        format!("toads {}", String::from_utf8_lossy(row))
    }

    fn position(row: &Box<[u8]>) -> Box<[u8]> {
        row.clone()
    }

    fn moves(rules: &Toads, row: &Box<[u8]>, left: bool) -> Vec<Box<[u8]>> {
        options_of(rules, row, left)
    }

    fn cells(row: &Box<[u8]>) -> Option<Vec<String>> {
        Some(vec![String::from_utf8_lossy(row).into_owned()])
    }
}

/// The rules of Toads and Frogs; a position is a strip.
#[derive(Clone, Copy, Debug, Default)]
pub struct Toads;

/// The strip reversed with toads and frogs swapped (the negative position).
fn mirrored(row: &[u8]) -> Box<[u8]> {
    row.iter()
        .rev()
        .map(|&c| match c {
            b'T' => b'F',
            b'F' => b'T',
            c => c,
        })
        .collect()
}

impl PartizanRules for Toads {
    type Position = Box<[u8]>;

    fn size(&self, row: &Box<[u8]>) -> usize {
        row.len()
    }

    fn split(&self, row: &Box<[u8]>, out: &mut Vec<(Box<[u8]>, bool)>) {
        // toads at the right end and frogs at the left end are stuck for good; trim them
        let start = row.iter().position(|&c| c != b'F').unwrap_or(row.len());
        let end = row
            .iter()
            .rposition(|&c| c != b'T')
            .map_or(start, |i| i + 1);
        if start >= end {
            return;
        }
        let part: Box<[u8]> = row[start..end].into();
        let mirror = mirrored(&part);
        out.push(if mirror < part {
            (mirror, true)
        } else {
            (part, false)
        });
    }

    fn options(&self, row: &Box<[u8]>, left: bool, out: &mut Vec<Box<[u8]>>) {
        let n = row.len();
        let (me, them) = if left { (b'T', b'F') } else { (b'F', b'T') };
        for i in 0..n {
            if row[i] != me {
                continue;
            }
            let step = |k: usize| -> Option<usize> {
                if left {
                    (i + k < n).then_some(i + k)
                } else {
                    i.checked_sub(k)
                }
            };
            let target = match step(1) {
                Some(j) if row[j] == b'.' => Some(j),
                Some(j) if row[j] == them => step(2).filter(|&k| row[k] == b'.'),
                _ => None,
            };
            if let Some(j) = target {
                let mut next = row.clone();
                next[i] = b'.';
                next[j] = me;
                out.push(next);
            }
        }
    }
}
