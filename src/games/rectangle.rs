//! Rectangle-cutting games: cut one piece of paper into two along a grid line.

use crate::error::{GrundyError, Result};
use crate::nimber::{MexSet, Nimber};
use crate::solve::game::ImpartialGame;
use std::fmt;
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
        let inner = if len >= 4 { len / 2 - 1 } else { 0 }; // 2 <= j <= len - 2, j <= len / 2
        match self {
            CutRule::Split if side > 1 => len / 2,
            CutRule::Split => inner,
            CutRule::Cutting if side > 1 => inner,
            CutRule::Cutting => 0,
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
    /// Computes the table by the mex recurrence over the cuts, row by row; a cell below the
    /// diagonal is copied from its transpose. Horizontal cuts read a transposed copy so that
    /// both inner loops walk memory in order.
    ///
    /// **Complexity**: O(R C (R + C) / 4) time, O(R C) space; fails past `max_states` cells.
    pub fn compute(
        rule: CutRule,
        rows: usize,
        cols: usize,
        max_states: usize,
    ) -> Result<RectangleTable> {
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
        let mut wide = MexSet::new();
        for r in 1..=rows {
            for c in 1..=cols {
                let value = if c < r {
                    by_row[(c - 1) * cols + (r - 1)]
                } else {
                    let row = &by_row[(r - 1) * cols..r * cols];
                    let col = &by_col[(c - 1) * rows..c * rows];
                    let mut mask = 0u128;
                    let mut overflow = false;
                    let mut add = |x: u16| {
                        if x < 128 {
                            mask |= 1 << x;
                        } else {
                            overflow = true;
                        }
                    };
                    for j in 1..=c / 2 {
                        if rule.allows(j as u64, (c - j) as u64, r as u64) {
                            add(row[j - 1] ^ row[c - j - 1]);
                        }
                    }
                    for i in 1..=r / 2 {
                        if rule.allows(i as u64, (r - i) as u64, c as u64) {
                            add(col[i - 1] ^ col[r - i - 1]);
                        }
                    }
                    let small = (!mask).trailing_zeros();
                    if small < 128 || !overflow {
                        small as u16
                    } else {
                        for j in 1..=c / 2 {
                            if rule.allows(j as u64, (c - j) as u64, r as u64) {
                                wide.insert((row[j - 1] ^ row[c - j - 1]) as u64);
                            }
                        }
                        for i in 1..=r / 2 {
                            if rule.allows(i as u64, (r - i) as u64, c as u64) {
                                wide.insert((col[i - 1] ^ col[r - i - 1]) as u64);
                            }
                        }
                        u16::try_from(wide.take_mex()).map_err(|_| {
                            GrundyError::Overflow("a rectangle value above 65535".into())
                        })?
                    }
                };
                by_row[(r - 1) * cols + (c - 1)] = value;
                by_col[(c - 1) * rows + (r - 1)] = value;
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

/// The rules of one cutting game, shared by its pieces, with the table computed once.
#[derive(Debug)]
pub struct RectangleRules {
    rule: CutRule,
    rows: u64,
    cols: u64,
    max_states: usize,
    table: OnceLock<Result<RectangleTable>>,
}

impl RectangleRules {
    /// Rules whose table covers every piece with short side <= `rows` and long side <= `cols`.
    pub fn new(rule: CutRule, rows: u64, cols: u64, max_states: usize) -> Arc<RectangleRules> {
        Arc::new(RectangleRules {
            rule,
            rows: rows.min(cols),
            cols: rows.max(cols),
            max_states,
            table: OnceLock::new(),
        })
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
                RectangleTable::compute(self.rule, fit(self.rows), fit(self.cols), self.max_states)
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
                limit: self.max_states,
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
