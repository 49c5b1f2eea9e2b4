//! `grundy table --rows R --cols C domineering|cutcake`: the canonical form and outcome class
//! of every rectangle up to R x C of a partizan rectangle game, computed with one arena of
//! forms and one transposition table, so each rectangle reuses the regions of the smaller ones.
//!
//! ```
//! use grundy::app::partizan_table::{partizan_table, RectangleGame};
//! let report = partizan_table(RectangleGame::Domineering, 2, 2, 1 << 20, |_| {}).unwrap();
//! assert_eq!(report.values[1][1].as_deref(), Some("{1|-1}")); // the 2 x 2 board
//! assert_eq!(report.outcomes[1][1].as_deref(), Some("N"));
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::board::{Board, MAX_CELLS};
use crate::games::partizan::{PartizanPart, PartizanValues};
use serde::Serialize;

/// A partizan game played on rectangles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RectangleGame {
    /// Domineering on the empty R x C board.
    Domineering,
    /// Cutcake on an R x C cake.
    Cutcake,
}

impl RectangleGame {
    /// Reads `domineering` or `cutcake`; `None` for any other family.
    pub fn parse(text: &str) -> Option<RectangleGame> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["domineering"] => Some(RectangleGame::Domineering),
            ["cutcake"] => Some(RectangleGame::Cutcake),
            _ => None,
        }
    }

    /// The keyword.
    pub fn name(self) -> &'static str {
        match self {
            RectangleGame::Domineering => "domineering",
            RectangleGame::Cutcake => "cutcake",
        }
    }

    /// The position of the R x C rectangle.
    pub fn rectangle(self, rows: u64, cols: u64) -> PartizanPart {
        match self {
            RectangleGame::Domineering => {
                let mut board = Board {
                    rows: rows as u8,
                    cols: cols as u8,
                    bits: 0,
                };
                board.bits = board.full();
                PartizanPart::Domineering(board)
            }
            RectangleGame::Cutcake => PartizanPart::Cutcake(vec![(rows as u32, cols as u32)]),
        }
    }
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
    game: RectangleGame,
    rows: u64,
    cols: u64,
    budget: impl Into<Budget>,
    mut progress: impl FnMut(usize),
) -> Result<PartizanTableReport> {
    if rows == 0 || cols == 0 {
        return Err(GrundyError::Unsupported(format!(
            "the table of {} needs at least one row and one column",
            game.name()
        )));
    }
    let limit = match game {
        RectangleGame::Domineering => (MAX_CELLS as u64, "cells"),
        RectangleGame::Cutcake => (1 << 16, "rows or columns"),
    };
    let too_big = match game {
        RectangleGame::Domineering => rows.saturating_mul(cols) > limit.0,
        RectangleGame::Cutcake => rows > limit.0 || cols > limit.0,
    };
    if too_big {
        return Err(GrundyError::Unsupported(format!(
            "{} rectangles of {rows} x {cols}: at most {} {}",
            game.name(),
            limit.0,
            limit.1
        )));
    }
    let mut values = PartizanValues::new(budget);
    let (r, c) = (rows as usize, cols as usize);
    let mut report = PartizanTableReport {
        family: game.name().into(),
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
        let part = game.rectangle(i as u64 + 1, j as u64 + 1);
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
