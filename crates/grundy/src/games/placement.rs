//! Placement games on a board (Winning Ways ch. 2): the players place stones on empty cells,
//! Left `x` and Right `o`, a cell being barred to a player by the stones next to it. In Snort
//! a player may not place next to the opponent's stones; in Col not next to their own.
//! [`Snort`] and [`Col`] are the two games: one type, [`Placement`], told apart by the side a
//! stone bars its neighbours to.
//!
//! A stone only bars the empty cells next to it, so the search keeps no stones: a position is
//! the cells someone may still play, each marked with who may not ([`Open`]). A cell barred to
//! both is dropped; the rest splits into regions of cells joined orthogonally, each cropped and
//! stored once up to the eight symmetries of the board; swapping who is barred where negates a
//! value.

use crate::error::Result;
use crate::games::board::{read_board, write_board, Board, MAX_CELLS};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::PartizanRules;

/// A board with stones: `board.bits` the empty cells, `left` Left's stones (`x`), `right`
/// Right's (`o`); the other cells are blocked (`#`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    /// The board; `bits` its empty cells.
    pub board: Board,
    /// Left's stones.
    pub left: u128,
    /// Right's stones.
    pub right: u128,
}

/// Which stones bar a cell to a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taboo {
    /// The opponent's stones next to it (Snort).
    Opponent,
    /// The player's own stones next to it (Col).
    Own,
}

/// A position of the search: `board.bits` the cells some player may still take, `no_left` and
/// `no_right` (within them, never both) those barred to Left and to Right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Open {
    /// The board; `bits` the cells still open to someone.
    pub board: Board,
    /// The open cells Left may not take.
    pub no_left: u128,
    /// The open cells Right may not take.
    pub no_right: u128,
}

/// Reads a board of `x`, `o`, `.` and `#`, rows joined by `/` (or `|`, as MCGS and CGSuite
/// write them); `usage` is how the game is written, for the message of a wrong word count.
pub fn read_placed(name: Word, args: &[Word], usage: &str) -> Result<Placed> {
    if args.len() != 1 {
        return Err(error(
            args.get(1).map_or(name.column, |w| w.column),
            format!(
                "'{}' takes one board ({usage}, rows of x, o, . and # joined by /)",
                name.text
            ),
        ));
    }
    let (rows, cols, cells) = read_board(
        args[0],
        ".xo#",
        "'x' (Left), 'o' (Right), '.' (empty) or '#' (blocked)",
    )?;
    let mut p = Placed {
        board: Board {
            rows: rows as u8,
            cols: cols as u8,
            bits: 0,
        },
        left: 0,
        right: 0,
    };
    for (i, &c) in cells.iter().enumerate() {
        let bit = 1u128 << i;
        match c {
            0 => p.board.bits |= bit,
            1 => p.left |= bit,
            2 => p.right |= bit,
            _ => {}
        }
    }
    Ok(p)
}

/// The board as [`read_placed`] reads it, after the keyword.
pub fn write_placed(keyword: &str, p: &Placed) -> String {
    format!("{keyword} {}", write_board(&p.board, |bit| glyph(p, bit)))
}

/// The rows of the board, for the page.
pub fn placed_cells(p: &Placed) -> Vec<String> {
    p.board.rows_of(|bit| glyph(p, bit))
}

/// The empty `rows x cols` board.
pub fn empty_board(rows: u64, cols: u64) -> Result<Placed> {
    let mut board = Board::empty(rows, cols, MAX_CELLS)?;
    board.bits = board.full();
    Ok(Placed {
        board,
        left: 0,
        right: 0,
    })
}

fn glyph(p: &Placed, bit: u128) -> char {
    if p.board.bits & bit != 0 {
        '.'
    } else if p.left & bit != 0 {
        'x'
    } else if p.right & bit != 0 {
        'o'
    } else {
        '#'
    }
}

/// The cells next to Left's and Right's stones that each may not take, as the search's
/// position.
pub fn open_of(p: &Placed, taboo: Taboo) -> Open {
    let near_left = p.board.neighbours(p.left);
    let near_right = p.board.neighbours(p.right);
    let (no_left, no_right) = match taboo {
        Taboo::Opponent => (near_right, near_left),
        Taboo::Own => (near_left, near_right),
    };
    settle(Open {
        board: p.board,
        no_left: no_left & p.board.bits,
        no_right: no_right & p.board.bits,
    })
}

/// Drops the cells barred to both players.
fn settle(mut o: Open) -> Open {
    let dead = o.no_left & o.no_right;
    o.board.bits &= !dead;
    o.no_left &= o.board.bits;
    o.no_right &= o.board.bits;
    o
}

/// The whole-board moves of Left (`left`) or Right: a stone on each empty cell not barred.
pub fn placed_moves(p: &Placed, left: bool, taboo: Taboo) -> Vec<Placed> {
    let o = open_of(p, taboo);
    let barred = if left { o.no_left } else { o.no_right };
    let mut out = Vec::new();
    let mut rest = o.board.bits & !barred;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let mut next = *p;
        next.board.bits &= !bit;
        if left {
            next.left |= bit;
        } else {
            next.right |= bit;
        }
        out.push(next);
    }
    out
}

/// The regions of an open position, each normalised (the least image under the board's
/// symmetries and the swap of the players, `true` when swapped: the negative).
pub fn split_open(o: &Open, out: &mut Vec<(Open, bool)>) {
    o.board.for_each_region(o.board.bits, |region| {
        let (no_left, no_right) = (o.no_left & region, o.no_right & region);
        let mut best: Option<(Open, bool)> = None;
        o.board
            .least_images([region, no_left, no_right], |_, b, [cells, nl, nr]| {
                for (negated, (l, r)) in [(false, (nl, nr)), (true, (nr, nl))] {
                    let candidate = Open {
                        board: Board { bits: cells, ..b },
                        no_left: l,
                        no_right: r,
                    };
                    if best.is_none_or(|(current, _)| candidate < current) {
                        best = Some((candidate, negated));
                    }
                }
            });
        out.push(best.expect("a non-empty region has images"));
    });
}

/// Left's (`left`) or Right's options of an open position: a stone on each cell not barred to
/// the mover, which closes it and bars its neighbours (to the opponent in Snort, to the mover
/// in Col).
pub fn open_options(o: &Open, left: bool, taboo: Taboo, out: &mut Vec<Open>) {
    let barred = if left { o.no_left } else { o.no_right };
    let mut rest = o.board.bits & !barred;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let near = o.board.neighbours(bit) & o.board.bits & !bit;
        let mut next = Open {
            board: Board {
                bits: o.board.bits & !bit,
                ..o.board
            },
            no_left: o.no_left & !bit,
            no_right: o.no_right & !bit,
        };
        match (taboo, left) {
            (Taboo::Opponent, true) | (Taboo::Own, false) => next.no_right |= near,
            (Taboo::Opponent, false) | (Taboo::Own, true) => next.no_left |= near,
        }
        out.push(settle(next));
    }
}

/// A placement game: Snort when a stone bars its neighbours to the opponent (`OWN` false), Col
/// when to its owner (`OWN` true).
#[derive(Clone, Copy, Debug, Default)]
pub struct Placement<const OWN: bool>;

/// Snort (Winning Ways ch. 2; CGSuite's `Snort`): never next to an opponent's stone. Written
/// `snort ../..`.
pub type Snort = Placement<false>;

/// Col (Winning Ways ch. 2; CGSuite's `Col`): never next to one of your own stones. Written
/// `col ../..`.
pub type Col = Placement<true>;

impl<const OWN: bool> Placement<OWN> {
    const TABOO: Taboo = if OWN { Taboo::Own } else { Taboo::Opponent };
}

impl<const OWN: bool> PartizanRules for Placement<OWN> {
    type Position = Open;

    fn size(&self, o: &Open) -> usize {
        o.board.bits.count_ones() as usize
    }

    fn split(&self, o: &Open, out: &mut Vec<(Open, bool)>) {
        split_open(o, out);
    }

    fn options(&self, o: &Open, left: bool, out: &mut Vec<Open>) {
        open_options(o, left, Self::TABOO, out);
    }
}

impl<const OWN: bool> PartizanGame for Placement<OWN> {
    type Rules = Self;
    type Part = Placed;

    const SYNTAX: PartizanSyntax = if OWN {
        PartizanSyntax {
            keyword: "col",
            usage: "col BOARD",
            cells: "xo.#",
            one_row: false,
            summary: "Col: place a stone on an empty cell not next to one of your own stones (x Left, o Right, . empty, # blocked; rows joined by /)",
            examples: &["col ../..", "col x../..."],
        }
    } else {
        PartizanSyntax {
            keyword: "snort",
            usage: "snort BOARD",
            cells: "xo.#",
            one_row: false,
            summary: "Snort: place a stone on an empty cell not next to an opponent's stone (x Left, o Right, . empty, # blocked; rows joined by /)",
            examples: &["snort ../..", "snort x../..."],
        }
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Placed>> {
        read_placed(name, args, Self::SYNTAX.usage).map(Some)
    }

    fn text(p: &Placed) -> String {
        write_placed(Self::SYNTAX.keyword, p)
    }

    fn position(p: &Placed) -> Open {
        open_of(p, Self::TABOO)
    }

    fn moves(_: &Self, p: &Placed, left: bool) -> Vec<Placed> {
        placed_moves(p, left, Self::TABOO)
    }

    fn cells(p: &Placed) -> Option<Vec<String>> {
        Some(placed_cells(p))
    }

    /// The empty board.
    fn start(rows: u64, cols: u64) -> Option<Result<Placed>> {
        Some(empty_board(rows, cols))
    }
}
