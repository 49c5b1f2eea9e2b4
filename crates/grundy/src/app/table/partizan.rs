//! `grundy table --rows R --cols C GAME` ([`super::Family::Partizan`]): the canonical form and outcome class of every
//! rectangle up to R x C of a partizan game with a standard start on rectangles (Domineering
//! and Cutcake on the empty rectangle, Clobber on the checkerboard: whichever games of the
//! catalog have one), computed with one arena of forms and one transposition table per game,
//! so each rectangle reuses the regions of the smaller ones.
//!
//! ```
//! use grundy::app::table::partizan::{partizan_table, table_game};
//! let domineering = table_game("domineering").unwrap();
//! let report = partizan_table(domineering, 2, 2, 1 << 20, |_| {}).unwrap();
//! assert_eq!(report.values[1][1].as_deref(), Some("{1|-1}")); // the 2 x 2 board
//! assert_eq!(report.outcomes[1][1].as_deref(), Some("N"));
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanEntry, PartizanPart, PartizanValues, PARTIZAN_GAMES};
use crate::partizan::PartizanOutcome;
use serde::Serialize;

/// The game of the catalog called `family` (one word) that has a standard start on rectangles,
/// if any.
pub fn table_game(family: &str) -> Option<&'static PartizanEntry> {
    match family.split_whitespace().collect::<Vec<_>>().as_slice() {
        [keyword] => PARTIZAN_GAMES
            .iter()
            .find(|g| g.syntax.keyword == *keyword && g.has_start()),
        _ => None,
    }
}

/// The game's standard start on `rows x cols`, or an error naming the game.
fn standard_start(game: &PartizanEntry, rows: u64, cols: u64) -> Result<PartizanPart> {
    let name = game.syntax.keyword;
    match (game.start)(rows, cols) {
        Some(part) => part.map_err(|e| GrundyError::Unsupported(format!("{name}: {e}"))),
        None => Err(GrundyError::Unsupported(format!(
            "{name} has no standard start on a rectangle"
        ))),
    }
}

/// Refuses a table of no rows or columns, or whose largest rectangle is out of range.
fn check_size(game: &PartizanEntry, rows: u64, cols: u64) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(GrundyError::Unsupported(format!(
            "the table of {} needs at least one row and one column",
            game.syntax.keyword
        )));
    }
    standard_start(game, rows, cols).map(|_| ())
}

/// The answer of `grundy table --json` for a partizan rectangle game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanTableReport {
    /// `domineering` or `cutcake`.
    pub family: String,
    /// Rows (from 1).
    pub rows: u64,
    /// Columns (from 1).
    pub cols: u64,
    /// `values[r - 1][c - 1]`: the canonical form of the r x c rectangle; `null` past the state
    /// limit.
    pub values: Vec<Vec<Option<String>>>,
    /// The outcome classes (L, R, N, P) beside `values`.
    pub outcomes: Vec<Vec<Option<String>>>,
    /// Why some rectangles have no value (the state limit), if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

/// Tabulates every rectangle up to `rows x cols`, smallest area first; `progress` is told how
/// many are done. A rectangle past the state limit gets no value (and neither do the larger
/// ones, which need it); the report says where it stopped. `budget` is a [`Budget`] or a bare
/// state limit; its flag stops the table with [`GrundyError::Cancelled`].
///
/// **Complexity**: that of the search for the largest rectangle (the smaller ones are among
/// its regions or cheap beside it).
pub fn partizan_table(
    game: &PartizanEntry,
    rows: u64,
    cols: u64,
    budget: impl Into<Budget>,
    mut progress: impl FnMut(usize),
) -> Result<PartizanTableReport> {
    let name = game.syntax.keyword;
    let start = |r: u64, c: u64| standard_start(game, r, c);
    // the largest rectangle first: a size out of range is refused before any work
    check_size(game, rows, cols)?;
    let mut values = PartizanValues::new(budget);
    let (r, c) = (rows as usize, cols as usize);
    let mut report = PartizanTableReport {
        family: name.into(),
        rows,
        cols,
        values: vec![vec![None; c]; r],
        outcomes: vec![vec![None; c]; r],
        stopped: None,
    };
    let mut cells: Vec<(usize, usize)> = (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
    cells.sort_by_key(|&(i, j)| ((i + 1) * (j + 1), i, j));
    for (done, (i, j)) in cells.into_iter().enumerate() {
        if report.stopped.is_some() {
            break;
        }
        let part = start(i as u64 + 1, j as u64 + 1)?;
        match values.value(&part) {
            Ok(g) => {
                report.values[i][j] = Some(values.forms.to_string(g));
                report.outcomes[i][j] = Some(values.forms.outcome(g).letter().to_string());
            }
            Err(e @ GrundyError::StateLimit { .. }) => {
                report.stopped = Some(format!(
                    "no values from the {} x {} rectangle on (by area): {e}",
                    i + 1,
                    j + 1
                ));
            }
            Err(e) => return Err(e),
        }
        progress(done + 1);
    }
    Ok(report)
}

/// The answer of `grundy table --outcomes` for a partizan game: who wins each rectangle of its
/// standard start, moving first as Left and as Right, found by the outcome search (no
/// canonical forms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanOutcomeTable {
    /// The game's keyword.
    pub family: String,
    /// Rows (from 1).
    pub rows: u64,
    /// Columns (from 1).
    pub cols: u64,
    /// `outcomes[r - 1][c - 1]`: the outcome class (L, R, N, P) of the r x c start; `null`
    /// where the search was not reached (cancelled).
    pub outcomes: Vec<Vec<Option<String>>>,
    /// Whether Left, moving first, wins (`"win"` or `"loss"`).
    pub left_first: Vec<Vec<Option<String>>>,
    /// Whether Right, moving first, wins.
    pub right_first: Vec<Vec<Option<String>>>,
}

/// Who wins every rectangle up to `rows x cols` of a game's standard start, moving first as
/// Left and as Right, smallest area first, with one outcome search (its transposition table
/// and valued regions shared by all the rectangles). `progress` is told how many are done.
///
/// **Complexity**: that of the outcome search on the largest rectangles.
///
/// ```
/// use grundy::app::table::partizan::{partizan_outcome_table, table_game};
/// let domineering = table_game("domineering").unwrap();
/// let t = partizan_outcome_table(domineering, 5, 5, 1 << 20, |_| {}).unwrap();
/// assert_eq!(t.outcomes[4][4].as_deref(), Some("P")); // 5 x 5 is a second-player win
/// assert_eq!(t.left_first[0][1].as_deref(), Some("loss")); // 1 x 2: no vertical domino
/// ```
pub fn partizan_outcome_table(
    game: &PartizanEntry,
    rows: u64,
    cols: u64,
    budget: impl Into<Budget>,
    mut progress: impl FnMut(usize),
) -> Result<PartizanOutcomeTable> {
    use crate::app::parse::Term;
    use crate::app::partizan_solve::TermSearch;
    use crate::partizan::OutcomeOptions;
    let name = game.syntax.keyword;
    let start = |r: u64, c: u64| standard_start(game, r, c);
    check_size(game, rows, cols)?;
    let mut search = TermSearch::new(budget.into(), OutcomeOptions::default());
    // the largest rectangle's positions
    search.expect(crate::app::partizan_solve::positions_of(
        usize::try_from(rows.saturating_mul(cols)).unwrap_or(usize::MAX),
    ));
    let (r, c) = (rows as usize, cols as usize);
    let mut table = PartizanOutcomeTable {
        family: name.into(),
        rows,
        cols,
        outcomes: vec![vec![None; c]; r],
        left_first: vec![vec![None; c]; r],
        right_first: vec![vec![None; c]; r],
    };
    let mut cells: Vec<(usize, usize)> = (0..r).flat_map(|i| (0..c).map(move |j| (i, j))).collect();
    cells.sort_by_key(|&(i, j)| ((i + 1) * (j + 1), i, j));
    let word = |wins: bool| Some(if wins { "win" } else { "loss" }.to_string());
    for (done, (i, j)) in cells.into_iter().enumerate() {
        let terms = [Term::Partizan(start(i as u64 + 1, j as u64 + 1)?)];
        let left = search.wins(&terms, true)?;
        let right = search.wins(&terms, false)?;
        let outcome = PartizanOutcome::from_first(left, right);
        table.outcomes[i][j] = Some(outcome.letter().to_string());
        table.left_first[i][j] = word(left);
        table.right_first[i][j] = word(right);
        progress(done + 1);
    }
    Ok(table)
}
