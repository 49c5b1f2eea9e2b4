//! Backsliding Toads and Frogs (Winning Ways ch. 11): Toads and Frogs (a strip of toads `T`,
//! frogs `F` and empty cells `.`; Left's toads step right into an empty cell or jump one frog,
//! Right's frogs step left or jump one toad), and besides, a toad may step one cell back
//! (left) into an empty cell and a frog one cell right; there are no backward jumps. So
//! positions repeat: a loopy game. Written `backsliding TT..FF`.

use crate::error::Result;
use crate::games::cells::read_row;
use crate::games::loopy_game::{LoopyGame, LoopyRules, LoopySyntax};
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::loopy::Player;

/// The longest strip.
pub const MAX_CELLS: usize = 64;

/// The rules; a position is a strip.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backsliding;

impl LoopyGame for Backsliding {
    const SYNTAX: LoopySyntax = LoopySyntax {
        keyword: "backsliding",
        usage: "backsliding ROW",
        summary: "Backsliding Toads and Frogs: Toads and Frogs where a piece may also step back one cell (T toads, F frogs, . empty)",
        board: true,
        examples: &["backsliding TT..FF", "backsliding T.F"],
    };

    /// Reads `backsliding ROW`.
    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<(Backsliding, Box<[u8]>)> {
        let what = "T (toads), F (frogs) and . (empty)";
        let row = read_row(name, args, "backsliding ROW", "TF.", what, MAX_CELLS)?;
        Ok((Backsliding, row))
    }
}

impl LoopyRules for Backsliding {
    type Position = Box<[u8]>;

    fn moves(&self, row: &Box<[u8]>, player: Player) -> Vec<Box<[u8]>> {
        // Left's toads go right (+1), Right's frogs left (-1); each also steps back one cell
        let (piece, other, forward): (u8, u8, isize) = match player {
            Player::Left => (b'T', b'F', 1),
            Player::Right => (b'F', b'T', -1),
        };
        let n = row.len() as isize;
        let cell = |i: isize| (0..n).contains(&i).then(|| row[i as usize]);
        let mut out = Vec::new();
        let mut push = |from: isize, to: isize| {
            let mut next = row.clone();
            next[from as usize] = b'.';
            next[to as usize] = piece;
            out.push(next);
        };
        for i in 0..n {
            if row[i as usize] != piece {
                continue;
            }
            if cell(i + forward) == Some(b'.') {
                push(i, i + forward);
            } else if cell(i + forward) == Some(other) && cell(i + 2 * forward) == Some(b'.') {
                push(i, i + 2 * forward);
            }
            if cell(i - forward) == Some(b'.') {
                push(i, i - forward);
            }
        }
        out
    }

    fn text(&self, row: &Box<[u8]>) -> String {
        format!("backsliding {}", String::from_utf8_lossy(row))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toads_step_both_ways_and_jump_forward_only() {
        let moves = |s: &str, p| {
            let mut m: Vec<String> = Backsliding
                .moves(&s.as_bytes().into(), p)
                .iter()
                .map(|r| String::from_utf8_lossy(r).into_owned())
                .collect();
            m.sort();
            m
        };
        assert_eq!(moves(".T.", Player::Left), ["..T", "T.."]);
        assert_eq!(moves("TF.", Player::Left), [".FT"]);
        assert!(moves(".FT", Player::Left).is_empty()); // no backward jump, no step onto a frog
        assert_eq!(moves(".F.", Player::Right), ["..F", "F.."]);
        assert_eq!(moves(".TF", Player::Right), ["FT."]);
    }
}
