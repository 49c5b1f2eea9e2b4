//! Elephants and Rhinos (MCGS's `elephants`): a row of Left's elephants `x`, which step right,
//! and Right's rhinos `o`, which step left, one cell into an empty cell (`.`), never jumping.
//! Written `elephants x..o`. Reversing a row and swapping the animals negates its value: the
//! search stores one of the two.

use crate::error::Result;
use crate::games::cells::read_row;
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::PartizanRules;

/// The longest row.
pub const MAX_CELLS: usize = 1024;

/// The rules of Elephants and Rhinos; a position is the row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Elephants;

/// The row reversed with the animals swapped (the negative position).
fn mirrored(row: &[u8]) -> Box<[u8]> {
    row.iter()
        .rev()
        .map(|&c| match c {
            b'x' => b'o',
            b'o' => b'x',
            c => c,
        })
        .collect()
}

impl PartizanRules for Elephants {
    type Position = Box<[u8]>;

    /// Animals never pass each other, so a row splits between a rhino and the next elephant
    /// to its right (they walk apart): each piece, without the cells no animal can reach (left
    /// of a first elephant, right of a last rhino), and stored as itself or its mirror image.
    fn size(&self, row: &Box<[u8]>) -> usize {
        row.len()
    }

    fn split(&self, row: &Box<[u8]>, out: &mut Vec<(Box<[u8]>, bool)>) {
        let mut start = 0;
        let mut last_animal: Option<usize> = None;
        let mut push = |piece: &[u8]| {
            let first = piece.iter().position(|&c| c != b'.');
            let last = piece.iter().rposition(|&c| c != b'.');
            let (Some(first), Some(last)) = (first, last) else {
                return;
            };
            let from = if piece[first] == b'x' { first } else { 0 };
            let to = if piece[last] == b'o' {
                last + 1
            } else {
                piece.len()
            };
            let piece: Box<[u8]> = piece[from..to].into();
            let mirror = mirrored(&piece);
            out.push(if mirror < piece {
                (mirror, true)
            } else {
                (piece, false)
            });
        };
        for (i, &c) in row.iter().enumerate() {
            if c == b'.' {
                continue;
            }
            if let Some(j) = last_animal {
                if row[j] == b'o' && c == b'x' {
                    push(&row[start..=j]);
                    start = i;
                }
            }
            last_animal = Some(i);
        }
        push(&row[start..]);
    }

    fn options(&self, row: &Box<[u8]>, left: bool, out: &mut Vec<Box<[u8]>>) {
        let n = row.len();
        for i in 0..n {
            let to = match (left, row[i]) {
                (true, b'x') if i + 1 < n => i + 1,
                (false, b'o') if i > 0 => i - 1,
                _ => continue,
            };
            if row[to] == b'.' {
                let mut next = row.clone();
                next.swap(i, to);
                out.push(next);
            }
        }
    }
}

impl PartizanGame for Elephants {
    type Rules = Elephants;
    type Part = Box<[u8]>;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "elephants",
        usage: "elephants ROW",
        cells: "xo.",
        one_row: true,
        summary: "Elephants and Rhinos: elephants x step right, rhinos o step left, into an empty cell (.)",
        examples: &["elephants x..o", "elephants x.x.o"],
    };

    const PLAYERS: [&'static str; 2] = ["elephants", "rhinos"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Box<[u8]>>> {
        let what = "x (elephants), o (rhinos) and . (empty)";
        read_row(name, args, Self::SYNTAX.usage, "xo.", what, MAX_CELLS).map(Some)
    }

    fn text(row: &Box<[u8]>) -> String {
        format!("elephants {}", String::from_utf8_lossy(row))
    }

    fn position(row: &Box<[u8]>) -> Box<[u8]> {
        row.clone()
    }

    fn moves(rules: &Elephants, row: &Box<[u8]>, left: bool) -> Vec<Box<[u8]>> {
        options_of(rules, row, left)
    }

    fn cells(row: &Box<[u8]>) -> Option<Vec<String>> {
        Some(vec![String::from_utf8_lossy(row).into_owned()])
    }
}
