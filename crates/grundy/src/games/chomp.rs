//! Chomp (Gale 1974): a Young diagram of squares, the poisoned square at its corner. A move
//! takes a square and every square in its row and the rows after it from its column on; the
//! poisoned square is never taken, so the position with only that square has no move (who
//! would have to take it has lost). Written `chomp R C` (the full rectangle) or
//! `chomp L1,L2,...,Lk` (row lengths L1 >= L2 >= ... >= Lk >= 1, the poisoned square first in
//! the first row). Valued by the pruned nimber search ([`crate::solve::nimber_search`]); a
//! diagram and its transpose are the same game, so a position's diagram is searched as the
//! lesser of the two (the options below it are kept as they are: transposing each costs more
//! than the positions it saves, 9 x 12 taking 2.2 s with it and 0.9 s without).
//!
//! ```
//! use grundy::{solve, SolveOptions};
//! let r = solve("chomp 2,1", &SolveOptions::default()).unwrap();
//! assert_eq!(r.impartial().unwrap().grundy, Some(0)); // the L of three squares: a P-position
//! let r = solve("chomp 3 4", &SolveOptions::default()).unwrap();
//! assert_ne!(r.impartial().unwrap().grundy, Some(0)); // a rectangle: the first player wins
//! ```

use crate::error::Result;
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{error, number, GameSyntax, Misere, Word};
use crate::games::BoardStart;
use crate::solve::nimber_search::{ComponentGame, Strategy, MAX_OPTIONS};
use std::fmt;

/// The most rows the search keeps of a diagram (in the orientation it stores: the diagram or
/// its transpose).
pub const MAX_ROWS: usize = 32;

/// The most squares a position may have: a move per square but the poisoned one, and the
/// search takes at most [`MAX_OPTIONS`] options.
pub const MAX_SQUARES: usize = MAX_OPTIONS + 1;

/// The rules of Chomp.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chomp;

/// A diagram as the search keeps it: row lengths, then zeros. Rows are at most 255 long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(pub [u8; MAX_ROWS]);

impl Shape {
    /// The diagram of `rows` (non-increasing, each at least 1) or its transpose, whichever
    /// fits, or `None` when neither does.
    fn of(rows: &[u16]) -> Option<Shape> {
        let mut shape = [0u8; MAX_ROWS];
        if rows.len() <= MAX_ROWS {
            for (s, &r) in shape.iter_mut().zip(rows) {
                *s = u8::try_from(r).ok()?;
            }
        } else {
            let cols = *rows.first()? as usize;
            if cols > MAX_ROWS {
                return None;
            }
            for (c, s) in shape.iter_mut().enumerate().take(cols) {
                let height = rows.iter().filter(|&&len| len as usize > c).count();
                *s = u8::try_from(height).ok()?;
            }
        }
        Some(Shape(shape))
    }

    fn rows(&self) -> usize {
        self.0.iter().position(|&r| r == 0).unwrap_or(MAX_ROWS)
    }

    /// The diagram or its transpose, whichever is less (when both fit).
    fn normal(self) -> Shape {
        let cols = self.0[0] as usize;
        if cols > MAX_ROWS {
            return self;
        }
        let mut t = [0u8; MAX_ROWS];
        let rows = self.rows();
        for (c, tc) in t.iter_mut().enumerate().take(cols) {
            *tc = self.0[..rows]
                .iter()
                .filter(|&&len| len as usize > c)
                .count() as u8;
        }
        self.min(Shape(t))
    }
}

/// The position left by taking square (r, c) of `rows`: rows r and after cut to c squares,
/// empty rows dropped.
fn chomp_rows(rows: &[u16], r: usize, c: usize) -> Vec<u16> {
    let mut out: Vec<u16> = rows.to_vec();
    for len in &mut out[r..] {
        *len = (*len).min(c as u16);
    }
    while out.last() == Some(&0) {
        out.pop();
    }
    out
}

/// A component is the whole diagram (Chomp never falls apart); the options are the diagrams
/// one square leaves, as they are.
impl ComponentGame for Chomp {
    type Part = Shape;

    fn options(&self, shape: &Shape, parts: &mut Vec<Shape>, ends: &mut Vec<u32>) {
        let rows = shape.rows();
        for r in 0..rows {
            for c in (usize::from(r == 0)..shape.0[r] as usize).rev() {
                let mut next = *shape;
                for len in &mut next.0[r..rows] {
                    *len = (*len).min(c as u8);
                }
                if next.0[1] != 0 || next.0[0] > 1 {
                    parts.push(next);
                }
                ends.push(parts.len() as u32);
            }
        }
    }

    fn size(&self, shape: &Shape) -> u32 {
        shape.0.iter().map(|&r| u32::from(r)).sum()
    }

    fn strategy(&self) -> Strategy {
        Strategy::Plain
    }

    /// A single row (or column) of n squares is a Nim heap of n - 1 (its moves leave rows
    /// of 1 to n - 1 squares); two rows of lengths a and a - 1 (or their transpose) are a
    /// P-position: every move leaves a shape from which the second player restores two rows
    /// of lengths b and b - 1, down to the poisoned square alone.
    fn known(&self, shape: &Shape) -> Option<u8> {
        let rows = shape.rows();
        let first = shape.0[0];
        if rows == 1 {
            return Some(first - 1);
        }
        if first == 1 {
            return u8::try_from(rows - 1).ok();
        }
        if rows == 2 && shape.0[1] + 1 == first {
            return Some(0);
        }
        let column_pair = first == 2
            && shape.0[rows - 1] == 1
            && shape.0[1..rows - 1].iter().all(|&len| len == 2);
        column_pair.then_some(0)
    }
}

/// Chomp in a sum: a position is its row lengths as written.
impl SearchedGame for Chomp {
    type Position = Vec<u16>;

    const KIND: &'static str = "chomp";

    fn components(&self, rows: &Vec<u16>, out: &mut Vec<Shape>) {
        if rows.len() > 1 || rows.first().is_some_and(|&r| r > 1) {
            out.push(Shape::of(rows).expect("checked as read").normal());
        }
    }

    /// The squares in reading order, the poisoned one left out.
    fn moves(&self, rows: &Vec<u16>) -> Vec<Vec<u16>> {
        let mut out = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for c in usize::from(r == 0)..len as usize {
                out.push(chomp_rows(rows, r, c));
            }
        }
        out
    }

    /// `chomp R C` for a rectangle, else `chomp L1,L2,...`.
    fn write(rows: &Vec<u16>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if rows.iter().all(|&r| r == rows[0]) {
            return write!(f, "chomp {} {}", rows.len(), rows[0]);
        }
        let lengths: Vec<String> = rows.iter().map(u16::to_string).collect();
        write!(f, "chomp {}", lengths.join(","))
    }

    /// Rows of `#` (the squares), the poisoned square `x`, padded with `.`.
    fn cells(rows: &Vec<u16>) -> Option<Vec<String>> {
        let width = rows[0] as usize;
        Some(
            rows.iter()
                .enumerate()
                .map(|(r, &len)| {
                    (0..width)
                        .map(|c| match (r, c) {
                            (0, 0) => 'x',
                            _ if c < len as usize => '#',
                            _ => '.',
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// The standard start: the `rows x cols` rectangle.
pub const START: BoardStart = BoardStart {
    keyword: "chomp",
    text: |rows, cols| start(rows, cols).map(|_| format!("chomp {rows} {cols}")),
};

/// The R x C rectangle.
fn start(rows: u64, cols: u64) -> std::result::Result<Vec<u16>, String> {
    let squares = rows
        .checked_mul(cols)
        .filter(|&n| n >= 1 && n <= MAX_SQUARES as u64);
    if squares.is_none() || rows.min(cols) as usize > MAX_ROWS {
        return Err(format!(
            "a Chomp rectangle of 1 to {MAX_SQUARES} squares (the nimber search takes at most {MAX_OPTIONS} moves), not {rows} x {cols}"
        ));
    }
    Ok(vec![cols as u16; rows as usize])
}

fn read_rows(name: Word, args: &[Word]) -> Result<Vec<u16>> {
    const USAGE: &str = "chomp R C, or chomp L1,L2,... with L1 >= L2 >= ... >= 1";
    match args {
        [r, c] => {
            let (rows, cols) = (number(*r)?, number(*c)?);
            start(rows, cols).map_err(|e| error(r.column, e))
        }
        [lengths] => {
            let mut rows = Vec::new();
            let mut column = lengths.column;
            for text in lengths.text.split(',') {
                let word = Word { text, column };
                let len = number(word)?;
                if len == 0 || rows.last().is_some_and(|&last: &u64| len > last) {
                    return Err(error(
                        column,
                        format!("row lengths must be at least 1 and never grow ({USAGE})"),
                    ));
                }
                rows.push(len);
                column += text.len() + 1;
            }
            let squares: u64 = rows.iter().sum();
            if squares > MAX_SQUARES as u64 || rows.len() > MAX_ROWS && rows[0] as usize > MAX_ROWS
            {
                return Err(error(
                    lengths.column,
                    format!("a Chomp position of at most {MAX_SQUARES} squares (the nimber search takes at most {MAX_OPTIONS} moves)"),
                ));
            }
            Ok(rows.into_iter().map(|r| r as u16).collect())
        }
        _ => Err(error(
            args.get(2).map_or(name.column, |w| w.column),
            format!("'chomp' takes a rectangle or row lengths ({USAGE})"),
        )),
    }
}

/// `chomp R C` and `chomp L1,L2,...`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "chomp",
    usage: "chomp R C | chomp L1,L2,...",
    summary:
        "Chomp: take a square and every square right of it and below, never the poisoned corner",
    misere: Misere::Played,
    examples: &["chomp 3 4", "chomp 3,2,2", "chomp 1 1"],
    read: |name, args, context| {
        let rows = read_rows(name, args)?;
        Ok(Searched::new(rows, SharedSearch::of(context, |_| Chomp)).into())
    },
};
