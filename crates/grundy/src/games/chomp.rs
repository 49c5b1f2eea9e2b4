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

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{error, number, GameSyntax, Misere, Word};
use crate::games::BoardStart;
use crate::solve::nimber_search::{ComponentGame, Strategy, MAX_OPTIONS};
use std::fmt;
use std::sync::{Arc, RwLock};

/// The most rows the search keeps of a diagram (in the orientation it stores: the diagram or
/// its transpose).
pub const MAX_ROWS: usize = 32;

/// The largest diagrams an endgame database of Chomp may hold (`grundy db build --cells`):
/// the diagrams of at most 40 squares are some 215,000.
pub const MAX_ENDGAME_SQUARES: u32 = 40;

/// The most squares a position may have: a move per square but the poisoned one, and the
/// search takes at most [`MAX_OPTIONS`] options.
pub const MAX_SQUARES: usize = MAX_OPTIONS + 1;

/// The rules of Chomp, with the tables of every diagram in the boxes of the positions asked
/// about ([`Dense`]), while they fit the budget.
#[derive(Debug)]
pub struct Chomp {
    dense: RwLock<Vec<Arc<Dense>>>,
    tabulate: bool,
}

/// Chomp with its table.
impl Default for Chomp {
    fn default() -> Self {
        Chomp {
            dense: RwLock::new(Vec::new()),
            tabulate: true,
        }
    }
}

impl Chomp {
    /// Chomp searched without the table (the cross-check of the table, and of the search).
    pub fn without_table() -> Self {
        Chomp {
            tabulate: false,
            ..Chomp::default()
        }
    }
}

/// The nimbers of every diagram inside an `rows x cols` box, indexed by rank: a diagram of
/// row lengths l0 >= l1 >= ... (padded with zeros to `rows` rows) is the set
/// {l(rows-1-k) + k : k < rows} of `rows` numbers below `rows + cols`, ranked in the
/// combinatorial number system (the sum over k of C(l(rows-1-k) + k, k + 1)). Taking squares
/// lowers lengths and so the rank: the table is filled in rank order, each diagram the mex of
/// its options' entries (the plain mex over every move, with no search), one byte a diagram.
/// Chomp's search lists every diagram below a rectangle anyway; the table holds them in
/// C(rows + cols, rows) bytes (2 MB for 10 x 14, 13 MB for 11 x 16), where the search's table
/// takes some 50 bytes for each, and reads them from the cache.
///
/// **Complexity**: O(C(rows + cols, rows) * squares * rows) time.
#[derive(Debug)]
pub struct Dense {
    rows: usize,
    cols: usize,
    /// `binomial[n][k]` = C(n, k) for n <= rows + cols.
    binomial: Vec<Vec<u64>>,
    nimbers: Vec<u8>,
}

impl Dense {
    /// The diagrams of the box in rank order, `C(rows + cols, rows)` of them, or `None` past
    /// `limit`.
    fn count(rows: usize, cols: usize, limit: usize) -> Option<usize> {
        let mut c: u128 = 1;
        for k in 0..rows {
            // C(cols + k + 1, k + 1) from C(cols + k, k)
            c = c * (cols + k + 1) as u128 / (k + 1) as u128;
            if c > limit as u128 {
                return None;
            }
        }
        usize::try_from(c).ok()
    }

    /// The table of the `rows x cols` box; an error when the budget stops it or the memory
    /// is refused.
    fn build(rows: usize, cols: usize, total: usize, budget: &Budget) -> Result<Dense> {
        let n = rows + cols;
        let mut binomial = vec![vec![0u64; rows + 2]; n + 1];
        for line in &mut binomial {
            line[0] = 1;
        }
        for i in 1..=n {
            for k in 1..=(i.min(rows + 1)) {
                // every entry used is at most C(rows + cols, rows) * cols; the others may saturate
                binomial[i][k] = binomial[i - 1][k - 1].saturating_add(binomial[i - 1][k]);
            }
        }
        let what = || format!("Chomp's table of the {rows} x {cols} box");
        budget.cancel().room(total as u64, what)?;
        let mut nimbers = Vec::new();
        nimbers
            .try_reserve_exact(total)
            .map_err(|_| GrundyError::OutOfMemory {
                what: what(),
                bytes: total as u64,
            })?;
        let mut dense = Dense {
            rows,
            cols,
            binomial,
            nimbers: Vec::new(),
        };
        let mut lengths = vec![0usize; rows];
        for rank in 0..total {
            if rank % (1 << 16) == 0 {
                budget.check()?;
            }
            dense.unrank(rank as u64, &mut lengths);
            nimbers.push(dense.mex_of_options(&lengths, rank as u64, &nimbers));
        }
        dense.nimbers = nimbers;
        Ok(dense)
    }

    /// The term of row `i` of length `len` in a rank.
    #[inline]
    fn term(&self, i: usize, len: usize) -> u64 {
        let k = self.rows - 1 - i;
        self.binomial[len + k][k + 1]
    }

    /// The row lengths of the diagram of rank `rank`.
    fn unrank(&self, mut rank: u64, lengths: &mut [usize]) {
        let mut top = self.rows + self.cols; // a(k) < top
        for k in (0..self.rows).rev() {
            let mut a = top - 1;
            while self.binomial[a][k + 1] > rank {
                a -= 1;
            }
            rank -= self.binomial[a][k + 1];
            lengths[self.rows - 1 - k] = a - k;
            top = a;
        }
    }

    /// The rank of a diagram of the box (row lengths, at most `rows` of them).
    fn rank(&self, lengths: &[u8]) -> u64 {
        (0..self.rows)
            .map(|i| self.term(i, lengths.get(i).map_or(0, |&l| usize::from(l))))
            .sum()
    }

    /// The mex of the entries of the options of the diagram `lengths` of rank `rank`. The
    /// option that takes square (i, j) cuts the rows from i on that are longer than j to j:
    /// its rank is `rank` less a sum over those rows, taken column by column from the lowest
    /// such row up (O(squares) a diagram).
    fn mex_of_options(&self, lengths: &[usize], rank: u64, nimbers: &[u8]) -> u8 {
        let mut seen = [0u64; 4];
        let mut height = self.rows; // the rows longer than j: a prefix, shorter as j grows
        for j in 0..lengths[0] {
            while lengths[height - 1] <= j {
                height -= 1;
            }
            let mut less = 0;
            for i in (0..height).rev() {
                less += self.term(i, lengths[i]) - self.term(i, j);
                if i == 0 && j == 0 {
                    break; // the poisoned square
                }
                let v = nimbers[(rank - less) as usize];
                seen[usize::from(v / 64)] |= 1 << (v % 64);
            }
        }
        let mut mex = 0;
        while seen[mex / 64] >> (mex % 64) & 1 == 1 {
            mex += 1;
        }
        mex as u8
    }

    /// The entry of `shape` (or of its transpose), when the box holds it.
    fn get(&self, shape: &Shape) -> Option<u8> {
        let rows = shape.rows();
        let first = shape.0[0] as usize;
        if rows <= self.rows && first <= self.cols {
            return Some(self.nimbers[self.rank(&shape.0[..rows]) as usize]);
        }
        if first <= self.rows && rows <= self.cols {
            // the column heights (no allocation: `known` asks this of every position)
            let mut transposed = [0u8; MAX_ROWS];
            for (c, height) in transposed.iter_mut().enumerate().take(first) {
                *height = shape.0[..rows]
                    .iter()
                    .filter(|&&len| len as usize > c)
                    .count() as u8;
            }
            return Some(self.nimbers[self.rank(&transposed[..first]) as usize]);
        }
        None
    }
}

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

    /// The row lengths.
    fn encode(&self, shape: &Shape, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(&shape.0[..shape.rows()]);
        true
    }

    fn decode(&self, bytes: &[u8]) -> Option<Shape> {
        let diagram = !bytes.is_empty()
            && bytes.len() <= MAX_ROWS
            && bytes
                .iter()
                .all(|&len| len >= 1 && usize::from(len) <= MAX_ROWS)
            && bytes.windows(2).all(|w| w[0] >= w[1]);
        let mut shape = [0u8; MAX_ROWS];
        shape[..bytes.len().min(MAX_ROWS)].copy_from_slice(&bytes[..bytes.len().min(MAX_ROWS)]);
        diagram.then_some(Shape(shape))
    }

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

    /// Named `chomp` in a database file; none built on first use (see below).
    fn endgame(&self) -> Option<(&'static str, u32)> {
        Some(("chomp", 0))
    }

    /// Every diagram of 2 to `size` squares (at most [`MAX_ENDGAME_SQUARES`]) of at most
    /// [`MAX_ROWS`] rows, as the options give them (not transposed). No database is built
    /// on first use: the table of a diagram's box ([`ComponentGame::prepare`]) holds more.
    fn components_up_to(&self, size: u32, _: &Budget, out: &mut Vec<Shape>) -> Result<bool> {
        /// Pushes the diagrams whose rows from `row` on are at most `most` long and add up
        /// to at most `left` more squares.
        fn rows_from(shape: &mut Shape, row: usize, most: u8, left: u32, out: &mut Vec<Shape>) {
            if row == MAX_ROWS {
                return;
            }
            for len in 1..=most.min(u8::try_from(left).unwrap_or(u8::MAX)) {
                shape.0[row] = len;
                if row > 0 || len > 1 {
                    out.push(*shape);
                }
                rows_from(shape, row + 1, len, left - u32::from(len), out);
            }
            shape.0[row] = 0;
        }
        let size = size.min(MAX_ENDGAME_SQUARES);
        rows_from(&mut Shape([0; MAX_ROWS]), 0, u8::MAX, size, out);
        Ok(true)
    }

    /// The table of the box of `shape` ([`Dense`]), when no table holds it yet and the box's
    /// diagrams, with those of the tables made before, are within the budget's states (else
    /// the search lists them). Tables are kept, so that the parts of a sum each keep theirs.
    fn prepare(&self, shape: &Shape, budget: &Budget) -> Result<()> {
        if !self.tabulate {
            return Ok(());
        }
        let poisoned = || GrundyError::Unsupported("Chomp's table: a thread panicked".into());
        let held = self.dense.read().map_err(|_| poisoned())?;
        if held.iter().any(|d| d.get(shape).is_some()) {
            return Ok(());
        }
        let room = budget
            .max_states()
            .saturating_sub(held.iter().map(|d| d.nimbers.len()).sum());
        drop(held);
        let (rows, cols) = (shape.rows(), shape.0[0] as usize);
        let Some(total) = Dense::count(rows, cols, room) else {
            return Ok(());
        };
        let dense = Dense::build(rows, cols, total, budget)?;
        self.dense
            .write()
            .map_err(|_| poisoned())?
            .push(Arc::new(dense));
        Ok(())
    }

    /// A single row (or column) of n squares is a Nim heap of n - 1 (its moves leave rows
    /// of 1 to n - 1 squares); two rows of lengths a and a - 1 (or their transpose) are a
    /// P-position: every move leaves a shape from which the second player restores two rows
    /// of lengths b and b - 1, down to the poisoned square alone.
    fn known(&self, shape: &Shape) -> Option<u8> {
        if let Some(v) = self.dense.read().ok()?.iter().find_map(|d| d.get(shape)) {
            return Some(v);
        }
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
        Ok(Searched::new(rows, SharedSearch::of(context, |_| Chomp::default())).into())
    },
};
