//! Rectangle-cutting games: cut one piece of paper into two along a grid line.
//!
//! ```
//! use grundy::games::{CutRule, RectangleTable};
//! // cutting off a 1x1 piece wins: the 2 x 3 sheet loses for the mover
//! let table = RectangleTable::compute(CutRule::Cutting, 2, 3, 1000).unwrap();
//! assert_eq!(table.get(2, 3), Some(0));
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::syntax::{error, numbers, GameSyntax, Misere, ParseContext, Word};
use crate::games::Component;
use crate::nimber::{MexSet, Nimber};
use crate::solve::game::ImpartialGame;
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// What happens to whoever cuts off a 1x1 piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CutRule {
    /// `split`: cutting off a 1x1 loses, so such cuts are never made (normal play on the
    /// remaining cuts).
    Split,
    /// `cutting`: cutting off a 1x1 wins at once, so nobody leaves a piece with a side of 1:
    /// only cuts whose two pieces have both sides >= 2 are made, and rectangles are at least 2x2.
    Cutting,
}

impl CutRule {
    /// The name used in expressions.
    pub fn name(self) -> &'static str {
        match self {
            CutRule::Split => "split",
            CutRule::Cutting => "cutting",
        }
    }

    /// How many cuts across a side of length `len` (pieces `j x side` and `(len - j) x side`,
    /// each unordered pair once) are allowed. O(1).
    pub fn count_cuts(self, len: u64, side: u64) -> u64 {
        let (lo, hi) = cut_range(self, len, side);
        if lo > hi {
            0
        } else {
            hi - lo + 1
        }
    }

    /// True if a cut leaving pieces `a x side` and `b x side` may be made.
    #[inline]
    pub fn allows(self, a: u64, b: u64, side: u64) -> bool {
        match self {
            CutRule::Split => side > 1 || (a > 1 && b > 1),
            CutRule::Cutting => side > 1 && a > 1 && b > 1,
        }
    }
}

/// Grundy values of every rectangle up to `rows x cols` with `rows <= cols` (and, by symmetry,
/// their transposes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RectangleTable {
    rows: usize,
    cols: usize,
    values: Vec<u16>,
}

impl RectangleTable {
    /// Computes the table by the mex recurrence over the cuts, one anti-diagonal at a time
    /// (its cells are independent: computed in parallel with rayon); a cell below the diagonal
    /// is copied from its transpose. Cuts across read a transposed copy so that both inner
    /// loops walk memory in order.
    ///
    /// **Complexity**: O(R C (R + C) / 4) work over the cores, O(R C) space; fails past
    /// the budget's state limit of cells, and once its flag is raised (checked every
    /// anti-diagonal).
    pub fn compute(
        rule: CutRule,
        rows: usize,
        cols: usize,
        budget: impl Into<Budget>,
    ) -> Result<RectangleTable> {
        let budget: Budget = budget.into();
        let max_states = budget.max_states();
        if rows
            .checked_mul(cols)
            .is_none_or(|cells| cells > max_states)
        {
            return Err(GrundyError::StateLimit {
                limit: max_states,
                what: format!(
                    "the {} table of {rows} x {cols} rectangles has too many cells",
                    rule.name()
                ),
            });
        }
        let mut by_row = vec![0u16; rows * cols]; // (r, c) at (r-1)*cols + (c-1)
        let mut by_col = vec![0u16; rows * cols]; // (r, c) at (c-1)*rows + (r-1)
                                                  // Cells with r + c = d need only cells with smaller sums: each anti-diagonal is
                                                  // computed in parallel (its upper half, r <= c; the lower half is the transpose).
        for d in 2..=rows + cols {
            budget.check()?;
            let low = 1.max(d.saturating_sub(cols));
            let high = rows.min(d / 2);
            if low > high {
                continue;
            }
            let cell = |r: usize| cell_value(rule, r, d - r, rows, cols, &by_row, &by_col);
            let values: Vec<Result<u16>> = if high - low >= 64 {
                (low..=high).into_par_iter().map(cell).collect()
            } else {
                (low..=high).map(cell).collect()
            };
            for (r, value) in (low..=high).zip(values) {
                let (c, value) = (d - r, value?);
                by_row[(r - 1) * cols + (c - 1)] = value;
                by_col[(c - 1) * rows + (r - 1)] = value;
                if c <= rows {
                    by_row[(c - 1) * cols + (r - 1)] = value;
                    by_col[(r - 1) * rows + (c - 1)] = value;
                }
            }
        }
        Ok(RectangleTable {
            rows,
            cols,
            values: by_row,
        })
    }

    /// `G(r x c)`, if the table covers it (either orientation).
    pub fn get(&self, r: u64, c: u64) -> Option<u16> {
        let (r, c) = (r.min(c), r.max(c));
        if r == 0 || r as usize > self.rows || c as usize > self.cols {
            return None;
        }
        Some(self.values[(r as usize - 1) * self.cols + (c as usize - 1)])
    }
}

/// The cuts of a side of length `len` (pieces `j` and `len - j`, `j <= len / 2`) that `rule`
/// allows when the other side is `side`, as an inclusive range of j (empty if `lo > hi`).
fn cut_range<T: Copy + Ord + From<u8> + std::ops::Div<Output = T> + std::ops::Sub<Output = T>>(
    rule: CutRule,
    len: T,
    side: T,
) -> (T, T) {
    let (one, two) = (T::from(1), T::from(2));
    let inner = (
        two,
        (len / two).min(if len >= two { len - two } else { T::from(0) }),
    );
    match rule {
        CutRule::Split if side > one => (one, len / two),
        CutRule::Split => inner, // both pieces at least 2 long
        CutRule::Cutting if side > one => inner,
        CutRule::Cutting => (one, T::from(0)),
    }
}

/// The set of `line[j - 1] xor line[len - j - 1]` for j in `lo..=hi`, as a mask of the values
/// below 128, and the OR of all of them (at least 128 when some value did not fit the mask).
#[inline]
fn xor_pairs(line: &[u16], len: usize, (lo, hi): (usize, usize)) -> (u128, u16) {
    if lo > hi {
        return (0, 0);
    }
    let forward = &line[lo - 1..hi];
    let backward = &line[len - hi - 1..len - lo];
    let (mut mask, mut all) = ([0u128; 2], 0u16);
    let (fc, bc) = (forward.chunks_exact(2), backward.rchunks_exact(2));
    let (fr, br) = (fc.remainder(), bc.remainder());
    for (f, b) in fc.zip(bc) {
        let (x, y) = (f[0] ^ b[1], f[1] ^ b[0]);
        all |= x | y;
        mask[0] |= 1 << (x & 127);
        mask[1] |= 1 << (y & 127);
    }
    for (f, b) in fr.iter().zip(br.iter().rev()) {
        let x = f ^ b;
        all |= x;
        mask[0] |= 1 << (x & 127);
    }
    (mask[0] | mask[1], all)
}

/// `G(r x c)` for `r <= c` from the values of smaller rectangles: the mex over the allowed
/// cuts, in one 128-bit word while values stay below 128 (they stay below 16 up to 2000).
fn cell_value(
    rule: CutRule,
    r: usize,
    c: usize,
    rows: usize,
    cols: usize,
    by_row: &[u16],
    by_col: &[u16],
) -> Result<u16> {
    let row = &by_row[(r - 1) * cols..r * cols];
    let col = &by_col[(c - 1) * rows..c * rows];
    let (across, across_all) = xor_pairs(row, c, cut_range(rule, c, r));
    let (down, down_all) = xor_pairs(col, r, cut_range(rule, r, c));
    if (across_all | down_all) < 128 {
        return Ok((!(across | down)).trailing_zeros() as u16);
    }
    let mut wide = MexSet::new();
    for (line, len, (lo, hi)) in [
        (row, c, cut_range(rule, c, r)),
        (col, r, cut_range(rule, r, c)),
    ] {
        for j in lo..=hi {
            wide.insert((line[j - 1] ^ line[len - j - 1]) as u64);
        }
    }
    u16::try_from(wide.take_mex())
        .map_err(|_| GrundyError::Overflow("a rectangle value above 65535".into()))
}

/// The rules of one cutting game, shared by its pieces, with the table computed once.
#[derive(Debug)]
pub struct RectangleRules {
    rule: CutRule,
    rows: AtomicU64,
    cols: AtomicU64,
    budget: Budget,
    table: OnceLock<Result<RectangleTable>>,
}

impl RectangleRules {
    /// Rules whose table covers every piece with short side <= `rows` and long side <= `cols`,
    /// computed under `budget` (a [`Budget`] or a bare limit of cells).
    pub fn new(
        rule: CutRule,
        rows: u64,
        cols: u64,
        budget: impl Into<Budget>,
    ) -> Arc<RectangleRules> {
        Arc::new(RectangleRules {
            rule,
            rows: AtomicU64::new(rows.min(cols)),
            cols: AtomicU64::new(rows.max(cols)),
            budget: budget.into(),
            table: OnceLock::new(),
        })
    }

    /// Raises the pieces the table must cover to include `r x c`. The table is computed on
    /// its first use, so a parser calls this for every piece it reads first.
    pub fn require(&self, r: u64, c: u64) {
        self.rows.fetch_max(r.min(c), Ordering::Relaxed);
        self.cols.fetch_max(r.max(c), Ordering::Relaxed);
    }

    /// The rule.
    pub fn rule(&self) -> CutRule {
        self.rule
    }

    /// The table (computed on first call).
    pub fn table(&self) -> Result<&RectangleTable> {
        self.table
            .get_or_init(|| {
                let fit = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
                let (rows, cols) = (
                    self.rows.load(Ordering::Relaxed),
                    self.cols.load(Ordering::Relaxed),
                );
                RectangleTable::compute(self.rule, fit(rows), fit(cols), &self.budget)
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// `G(r x c)`.
    pub fn grundy(&self, r: u64, c: u64) -> Result<Nimber> {
        let table = self.table()?;
        table
            .get(r, c)
            .map(|v| Nimber(v as u64))
            .ok_or_else(|| GrundyError::StateLimit {
                limit: self.budget.max_states(),
                what: format!(
                    "the {} value of {r} x {c} is beyond the table",
                    self.rule.name()
                ),
            })
    }
}

/// One rectangle of paper in a cutting game.
///
/// **Theorem**: pieces are independent, so a position is a disjunctive sum and `G(r x c)` is the
/// mex over the allowed cuts of the xor of the two pieces' values (see [`CutRule`] for why each
/// rule becomes normal play on restricted cuts). Values come from a [`RectangleTable`]; moves to
/// value t scan the O(r + c) cuts.
#[derive(Clone, Debug)]
pub struct Rectangle {
    /// The rules, shared by every piece of the same game.
    pub rules: Arc<RectangleRules>,
    /// Rows.
    pub rows: u64,
    /// Columns.
    pub cols: u64,
}

impl Rectangle {
    /// A `rows x cols` piece under `rules`.
    pub fn new(rules: Arc<RectangleRules>, rows: u64, cols: u64) -> Rectangle {
        Rectangle { rules, rows, cols }
    }

    fn key(&self) -> (CutRule, u64, u64) {
        (self.rules.rule, self.rows, self.cols)
    }

    /// Every allowed cut as its two pieces, each resulting position once.
    fn cuts(&self) -> impl Iterator<Item = [Rectangle; 2]> + '_ {
        let (r, c, rule) = (self.rows, self.cols, self.rules.rule);
        let piece = move |r, c| Rectangle::new(self.rules.clone(), r, c);
        // a square's vertical cuts give the same pieces as its horizontal ones
        let vertical = (1..=if r == c { 0 } else { c / 2 })
            .filter(move |&j| rule.allows(j, c - j, r))
            .map(move |j| [piece(r, j), piece(r, c - j)]);
        let horizontal = (1..=r / 2)
            .filter(move |&i| rule.allows(i, r - i, c))
            .map(move |i| [piece(i, c), piece(r - i, c)]);
        horizontal.chain(vertical)
    }
}

compare_by_key!(Rectangle);

impl ImpartialGame for Rectangle {
    fn options(&self) -> Vec<Vec<Self>> {
        self.cuts().map(Vec::from).collect()
    }

    fn option_count(&self) -> Option<u128> {
        let rule = self.rules.rule;
        let vertical = if self.rows == self.cols {
            0
        } else {
            rule.count_cuts(self.cols, self.rows)
        };
        Some(vertical as u128 + rule.count_cuts(self.rows, self.cols) as u128)
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(self.rules.grundy(self.rows, self.cols))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let mut moves = Vec::new();
        for [a, b] in self.cuts() {
            let value = match (
                self.rules.grundy(a.rows, a.cols),
                self.rules.grundy(b.rows, b.cols),
            ) {
                (Ok(x), Ok(y)) => x + y,
                (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
            };
            if value == target {
                moves.push(vec![a, b]);
            }
        }
        Some(Ok(moves))
    }

    fn canonical(&self) -> Self {
        Rectangle::new(
            self.rules.clone(),
            self.rows.min(self.cols),
            self.rows.max(self.cols),
        )
    }
}

impl fmt::Display for Rectangle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.rules.rule.name(), self.rows, self.cols)
    }
}

/// `split R C` and `cutting R C`: the piece of `args`, its rules shared per rule.
fn read_rectangle(
    rule: CutRule,
    name: Word,
    args: &[Word],
    context: &mut ParseContext,
) -> Result<Component> {
    let v = numbers(name, args, 2, 2, "R C: the rectangle's rows and columns")?;
    let least = if rule == CutRule::Split { 1 } else { 2 };
    if let Some(i) = (0..2).find(|&i| v[i] < least) {
        return Err(error(
            args[i].column,
            format!(
                "{}: sides must be at least {least}, found {}",
                name.text, v[i]
            ),
        ));
    }
    let budget = context.budget.clone();
    let rules = context.shared("rectangle", name.text, || {
        RectangleRules::new(rule, 0, 0, budget)
    });
    rules.require(v[0], v[1]);
    Ok(Rectangle::new(rules, v[0], v[1]).into())
}

/// Why misère play of a rectangle is refused.
const OWN_ENDINGS: &str = "split and cutting have endings of their own";

/// `split R C`
pub const SPLIT: GameSyntax = GameSyntax {
    keyword: "split",
    usage: "split R C",
    summary: "R x C rectangle, whoever cuts off a 1x1 loses",
    misere: Misere::Refused(OWN_ENDINGS),
    examples: &["split 3 4"],
    read: |name, args, context| read_rectangle(CutRule::Split, name, args, context),
};

/// `cutting R C`
pub const CUTTING: GameSyntax = GameSyntax {
    keyword: "cutting",
    usage: "cutting R C",
    summary: "R x C rectangle, whoever cuts off a 1x1 wins (R, C >= 2)",
    misere: Misere::Refused(OWN_ENDINGS),
    examples: &["cutting 2 3"],
    read: |name, args, context| read_rectangle(CutRule::Cutting, name, args, context),
};
