//! Fox and Geese (Winning Ways ch. 20; CGSuite's `FoxAndGeese`): on the dark squares of a
//! board, Left's geese `g` each move one square diagonally forward (down the board as
//! written), Right's fox `f` one square diagonally in any direction; nobody captures or jumps.
//! As in CGSuite, a square is dark when its row counted from the bottom plus its column
//! counted from the left (both from 1) is even. The geese win when the fox cannot move (normal
//! play); a fox that gets behind the geese runs for ever. Written
//! `foxgeese .g.g.g.g/......../......../......../......../......../......../f.......`.

use crate::error::{excerpt, Result};
use crate::games::board::read_board;
use crate::games::loopy_game::{LoopyGame, LoopyRules, LoopySyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::loopy::Player;

/// The most squares of a board.
pub const MAX_CELLS: usize = 128;

/// The rules on a board's shape (a position is where the geese and the fox stand).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FoxGeese {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
}

/// The geese (a bit per square, row by row from the top) and the fox's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pieces {
    /// The squares with a goose.
    pub geese: u128,
    /// The fox's square.
    pub fox: u8,
}

impl LoopyGame for FoxGeese {
    const SYNTAX: LoopySyntax = LoopySyntax {
        keyword: "foxgeese",
        usage: "foxgeese BOARD",
        summary: "Fox and Geese: Left's geese g step diagonally down, Right's fox f diagonally any way, on dark squares; the geese win by trapping the fox",
        board: true,
        examples: &["foxgeese .g.g/..../..../f...", "foxgeese .g.g/..f./..../...."],
    };

    /// Reads `foxgeese BOARD`: `g` geese, one `f` fox, `.` empty squares, on dark squares.
    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<(FoxGeese, Pieces)> {
        if args.len() != 1 {
            return Err(error(
                args.get(1).map_or(name.column, |w| w.column),
                "'foxgeese' takes one board (rows of g, f and . joined by /)",
            ));
        }
        let word = args[0];
        let (rows, cols, cells) = read_board(word, "gf.", "g (geese), f (the fox) and . (empty)")?;
        if rows * cols > MAX_CELLS {
            return Err(error(
                word.column,
                format!("a board of {} squares: at most {MAX_CELLS}", rows * cols),
            ));
        }
        let mut geese = 0u128;
        let mut fox = None;
        for (i, &c) in cells.iter().enumerate() {
            if c == 2 {
                continue;
            }
            let (r, col) = (i / cols, i % cols);
            // the column of the character in the word: rows are joined by '/'
            let column = word.column + r * (cols + 1) + col;
            if !dark(rows, r, col) {
                return Err(error(
                    column,
                    format!(
                        "'{}': pieces stand on dark squares (row from the bottom + column from the left even)",
                        excerpt(word.text)
                    ),
                ));
            }
            if c == 0 {
                geese |= 1 << i;
            } else if fox.replace(i as u8).is_some() {
                return Err(error(column, "a board has one fox"));
            }
        }
        let fox = fox.ok_or_else(|| error(word.column, "a board has one fox 'f'"))?;
        let rules = FoxGeese {
            rows: rows as u8,
            cols: cols as u8,
        };
        Ok((rules, Pieces { geese, fox }))
    }
}

/// Whether the square in row `r` (from the top, from 0) and column `c` (from 0) is dark.
fn dark(rows: usize, r: usize, c: usize) -> bool {
    ((rows - r) + (c + 1)).is_multiple_of(2)
}

impl LoopyRules for FoxGeese {
    type Position = Pieces;

    fn moves(&self, p: &Pieces, player: Player) -> Vec<Pieces> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        let square = |r: isize, c: isize| {
            ((0..rows).contains(&r) && (0..cols).contains(&c)).then_some((r * cols + c) as u32)
        };
        let free = |s: u32| p.geese & (1 << s) == 0 && s != p.fox as u32;
        let mut out = Vec::new();
        match player {
            Player::Left => {
                let mut geese = p.geese;
                while geese != 0 {
                    let s = geese.trailing_zeros();
                    geese &= geese - 1;
                    let (r, c) = ((s as isize) / cols, (s as isize) % cols);
                    for dc in [-1, 1] {
                        if let Some(t) = square(r + 1, c + dc).filter(|&t| free(t)) {
                            out.push(Pieces {
                                geese: p.geese & !(1 << s) | (1 << t),
                                fox: p.fox,
                            });
                        }
                    }
                }
            }
            Player::Right => {
                let (r, c) = ((p.fox as isize) / cols, (p.fox as isize) % cols);
                for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                    if let Some(t) = square(r + dr, c + dc).filter(|&t| free(t)) {
                        out.push(Pieces {
                            geese: p.geese,
                            fox: t as u8,
                        });
                    }
                }
            }
        }
        out
    }

    fn text(&self, p: &Pieces) -> String {
        let mut s = String::from("foxgeese ");
        for r in 0..self.rows as usize {
            if r > 0 {
                s.push('/');
            }
            for c in 0..self.cols as usize {
                let i = r * self.cols as usize + c;
                s.push(if p.geese & (1 << i) != 0 {
                    'g'
                } else if i == p.fox as usize {
                    'f'
                } else {
                    '.'
                });
            }
        }
        s
    }
}
