//! Wythoff's game: take from one heap, or the same amount from both.
//!
//! ```
//! use grundy::games::wythoff::partner;
//! use grundy::games::Wythoff;
//! assert!(Wythoff::new(3, 5).is_p());
//! assert_eq!(partner(3), Some(5)); // (3, 5) is the second P pair after (1, 2)
//! assert!(!Wythoff::new(1_000_000_000_000_000_000, 1).is_p());
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::syntax::{numbers, GameSyntax, Misere};
use crate::nimber::{Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::solve::DEFAULT_MAX_STATES;
use crate::zeckendorf;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// A position of Wythoff's game: two heaps.
///
/// **Theorem** (Wythoff 1907): the P positions are the pairs `{a_k, b_k}` with
/// `a_k = floor(k phi)` and `b_k = a_k + k`; every integer is in exactly one pair. grundy tests
/// membership exactly and for all of u64 with Zeckendorf representations: `a_k` are the numbers
/// whose smallest term has an even index, and `b_k` is `a_k` with its terms shifted one index up
/// (O(log n)); the pair with difference k comes from `floor(k phi) = (k + isqrt(5 k^2)) / 2` in
/// u128. From `(a, b)` at most three moves reach a P position (lower one heap to the other's
/// partner, or both to the pair with the same difference): the winning moves cost O(log n).
/// Grundy values have no closed form; they come from a [`WythoffTable`] shared by the positions
/// of one [`WythoffRules`], and a heap of 0 leaves Nim (`G(0, b) = b`).
///
/// ```
/// use grundy::games::Wythoff;
/// assert!(Wythoff::new(999_999_999_999_999_999, 1_618_033_988_749_894_847).is_p());
/// ```
#[derive(Clone, Debug)]
pub struct Wythoff {
    /// The rules, with the Grundy table shared by the positions of one game.
    pub rules: Arc<WythoffRules>,
    /// The first heap.
    pub a: u64,
    /// The second heap.
    pub b: u64,
}

compare_by_key!(Wythoff);

/// Grundy values `G(x, y)` of Wythoff's game for `x < rows`, `y < cols`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WythoffTable {
    rows: usize,
    cols: usize,
    values: Vec<u32>,
}

impl WythoffTable {
    /// Computes the table by the mex rule over the three lines through each cell (its row to the
    /// left, its column above, its diagonal up-left), keeping one bitset per column and per
    /// diagonal and one for the current row, so each mex is a word-wise OR and a trailing-zero
    /// count.
    ///
    /// **Complexity**: O(R C (R + C) / 64) time, O(R C + (R + C)^2 / 8) bytes; fails if the cells
    /// exceed the budget's state limit or the bitsets exceed 16 bytes per allowed state, and
    /// once the budget's flag is raised (checked every row).
    pub fn compute(rows: usize, cols: usize, budget: impl Into<Budget>) -> Result<WythoffTable> {
        let budget: Budget = budget.into();
        let max_states = budget.max_states();
        let too_big = |what: String| GrundyError::StateLimit {
            limit: max_states,
            what,
        };
        let cells = rows.checked_mul(cols).filter(|&c| c <= max_states);
        let cells = cells.ok_or_else(|| {
            too_big(format!(
                "the Wythoff table of {rows} x {cols} has too many cells"
            ))
        })?;
        // G(x, y) <= its number of options, x + y + min(x, y)
        let width = (2 * rows.min(cols) + rows.max(cols)).div_ceil(64).max(1);
        let lines = cols + (rows + cols);
        if lines.saturating_mul(width).saturating_mul(8) > max_states.saturating_mul(16) {
            return Err(too_big(format!(
                "the Wythoff table of {rows} x {cols} needs too much memory"
            )));
        }
        let mut values = vec![0u32; cells];
        let mut column = vec![0u64; cols * width];
        let mut diagonal = vec![0u64; (rows + cols) * width];
        let mut row = vec![0u64; width];
        for x in 0..rows {
            budget.check()?;
            row.fill(0);
            for y in 0..cols {
                let c = &mut column[y * width..(y + 1) * width];
                let d0 = (y + rows - x) * width; // diagonal y - x, shifted to be >= 0
                let d = &mut diagonal[d0..d0 + width];
                let mut g = 0;
                for w in 0..width {
                    let taken = row[w] | c[w] | d[w];
                    if taken != u64::MAX {
                        g = w * 64 + (!taken).trailing_zeros() as usize;
                        break;
                    }
                }
                let (word, bit) = (g / 64, 1u64 << (g % 64));
                row[word] |= bit;
                c[word] |= bit;
                d[word] |= bit;
                values[x * cols + y] = g as u32;
            }
        }
        Ok(WythoffTable { rows, cols, values })
    }

    /// `G(x, y)` if the table covers it (either orientation).
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        let at = |x: u64, y: u64| {
            let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
            (x < self.rows && y < self.cols).then(|| self.values[x * self.cols + y])
        };
        at(x, y).or_else(|| at(y, x))
    }
}

/// The rules of one Wythoff game, shared by its positions, with the Grundy table computed once
/// (on first use) for every position reachable from the largest one given.
#[derive(Debug)]
pub struct WythoffRules {
    small: AtomicU64,
    large: AtomicU64,
    budget: Budget,
    table: OnceLock<Result<WythoffTable>>,
}

impl WythoffRules {
    /// Rules whose table covers every position `(x, y)` with `min <= small` and `max <= large`,
    /// under `budget` (a [`Budget`] or a bare limit of cells).
    pub fn new(small: u64, large: u64, budget: impl Into<Budget>) -> Arc<WythoffRules> {
        Arc::new(WythoffRules {
            small: AtomicU64::new(small.min(large)),
            large: AtomicU64::new(small.max(large)),
            budget: budget.into(),
            table: OnceLock::new(),
        })
    }

    /// Raises the positions the table must cover to include `(a, b)`. The table is computed on
    /// its first use, so a parser calls this for every position it reads first.
    pub fn require(&self, a: u64, b: u64) {
        self.small.fetch_max(a.min(b), Ordering::Relaxed);
        self.large.fetch_max(a.max(b), Ordering::Relaxed);
    }

    /// `G(a, b)`: `max(a, b)` when a heap is empty (that is Nim), else from the table.
    pub fn grundy(&self, a: u64, b: u64) -> Result<Nimber> {
        if a.min(b) == 0 {
            return Ok(Nimber(a.max(b)));
        }
        let fit = |x: u64| usize::try_from(x.saturating_add(1)).unwrap_or(usize::MAX);
        let table = self
            .table
            .get_or_init(|| {
                WythoffTable::compute(
                    fit(self.small.load(Ordering::Relaxed)),
                    fit(self.large.load(Ordering::Relaxed)),
                    &self.budget,
                )
            })
            .as_ref()
            .map_err(Clone::clone)?;
        table
            .get(a, b)
            .map(|g| Nimber(g as u64))
            .ok_or_else(|| GrundyError::StateLimit {
                limit: self.budget.max_states(),
                what: format!("the Grundy value of wythoff {a} {b} is beyond the table"),
            })
    }
}

/// The other member of x's P pair (`None` if it does not fit in a u64).
pub fn partner(x: u64) -> Option<u64> {
    match zeckendorf::smallest_index(x) {
        None => Some(0),
        Some(i) if i % 2 == 0 => zeckendorf::shift_up(x),
        Some(_) => zeckendorf::shift_down(x),
    }
}

/// `a_k = floor(k phi)`, exactly, if `5 k^2` fits in a u128.
pub fn lower(k: u64) -> Option<u128> {
    let k = k as u128;
    let root = k.checked_mul(k)?.checked_mul(5)?.isqrt();
    Some((k + root) / 2)
}

impl Wythoff {
    /// The position with heaps `a` and `b`, with rules of its own (a table sized for it, of at
    /// most [`DEFAULT_MAX_STATES`] cells).
    pub fn new(a: u64, b: u64) -> Wythoff {
        Wythoff::with_rules(WythoffRules::new(a, b, DEFAULT_MAX_STATES), a, b)
    }

    /// The position with heaps `a` and `b` under shared `rules`.
    pub fn with_rules(rules: Arc<WythoffRules>, a: u64, b: u64) -> Wythoff {
        Wythoff { rules, a, b }
    }

    fn key(&self) -> (u64, u64) {
        (self.a, self.b)
    }

    fn to(&self, a: u64, b: u64) -> Wythoff {
        Wythoff::with_rules(self.rules.clone(), a, b)
    }

    /// True if the player to move loses.
    pub fn is_p(&self) -> bool {
        partner(self.a) == Some(self.b)
    }

    /// Every move to a P position, as the heaps left, each resulting position once (heaps in
    /// either order count as one position).
    pub fn winning_moves(&self) -> Vec<(u64, u64)> {
        let (a, b) = (self.a, self.b);
        let mut moves = Vec::new();
        if let Some(p) = partner(a).filter(|&p| p < b) {
            moves.push((a, p));
        }
        if let Some(p) = partner(b).filter(|&p| p < a) {
            moves.push((p, b));
        }
        let (small, large) = (a.min(b), a.max(b));
        if let Some(low) = lower(large - small).filter(|&low| low < small as u128) {
            let take = small - low as u64;
            moves.push((a - take, b - take));
        }
        // different moves can leave the same position, heaps swapped: list it once
        let mut seen = Vec::with_capacity(3);
        moves.retain(|&(x, y)| {
            let key = (x.min(y), x.max(y));
            let new = !seen.contains(&key);
            seen.push(key);
            new
        });
        moves
    }
}

impl ImpartialGame for Wythoff {
    fn options(&self) -> Vec<Vec<Self>> {
        let (a, b) = (self.a, self.b);
        let one = (0..a).map(|x| (x, b));
        let other = (0..b).map(|y| (a, y));
        let both = (1..=a.min(b)).map(|t| (a - t, b - t));
        // a move along the diagonal can leave the position of a one-heap move, heaps swapped
        let mut seen = std::collections::HashSet::new();
        one.chain(other)
            .chain(both)
            .filter(|&(x, y)| seen.insert((x.min(y), x.max(y))))
            .map(|(x, y)| vec![self.to(x, y)])
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.a as u128 + self.b as u128 + self.a.min(self.b) as u128)
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        Some(Ok(Outcome::from_mover_wins(!self.is_p())))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        target.is_zero().then(|| {
            Ok(self
                .winning_moves()
                .into_iter()
                .map(|(a, b)| vec![self.to(a, b)])
                .collect())
        })
    }

    fn canonical(&self) -> Self {
        self.to(self.a.min(self.b), self.a.max(self.b))
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(self.rules.grundy(self.a, self.b))
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wythoff {} {}", self.a, self.b)
    }
}

/// `wythoff A B`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "wythoff",
    usage: "wythoff A B",
    summary: "Wythoff's game",
    misere: Misere::Played,
    examples: &["wythoff 3 5"],
    read: |name, args, context| {
        let v = numbers(name, args, 2, 2, "A B: the two heaps")?;
        let budget = context.budget.clone();
        let rules = context.shared("wythoff", "", || WythoffRules::new(0, 0, budget));
        rules.require(v[0], v[1]);
        Ok(Wythoff::with_rules(rules, v[0], v[1]).into())
    },
};
