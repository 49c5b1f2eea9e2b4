//! One call from an expression to a printable answer: what `grundy solve` computes.
//!
//! ```
//! use grundy::{solve_expression, Outcome, SolveOptions};
//! let report = solve_expression("nim 3 4 5", &SolveOptions::default()).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! assert_eq!(report.grundy, Some(2));
//! assert_eq!(report.winning_moves, vec!["nim 1 4 5"]);
//! ```

use crate::app::parse::parse_sum_with;
use crate::app::play::check_convention;
use crate::app::quotient::{
    heaps_of_one_octal_game, octal_quotient, quotient_answer, QuotientOptions,
};
use crate::error::{GrundyError, Result};
use crate::games::{Component, GraphSource, NoGraphs};
use crate::games::{Octal, OctalCode};
use crate::nimber::Convention;
use crate::nimber::Outcome;
use crate::solve::game::ImpartialGame;
use crate::solve::loopy_sum::{analyse_loopy_sum, has_infinite_part};
use crate::solve::sum::position_key;
use crate::solve::sum::{Analysis, SumSolver};
use crate::solve::DEFAULT_MAX_STATES;
use serde::Serialize;
use std::sync::Arc;

/// Misère sums of at least this many heaps of one octal game go through its misère quotient
/// first; smaller ones are searched first with [`QUICK_SEARCH_STATES`], then through the
/// quotient if that search is cut.
pub const QUOTIENT_MIN_HEAPS: usize = 6;
/// The budget of the first, short search of a misère sum of a few heaps of one octal game.
pub const QUICK_SEARCH_STATES: usize = 200_000;
/// The largest heap for which a quotient is tried.
pub const QUOTIENT_MAX_HEAP: u64 = 40;
/// The most elements such a quotient may have, and the most positions its searches may store
/// (a quotient out of reach must fail fast: the search is the fallback).
const QUOTIENT_MAX_ORDER: usize = 1000;
const QUOTIENT_MAX_STATES: usize = 500_000;

/// How to solve an expression.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Normal or misère play.
    pub convention: Convention,
    /// The most positions a search or a value table may store.
    pub max_states: usize,
    /// The most winning moves listed; past it the list is cut and marked truncated.
    pub max_moves: usize,
    /// Where `graph NAME V` components find their graphs (default: nowhere, [`NoGraphs`];
    /// the command line and Python pass [`crate::app::FileGraphs`]).
    pub graphs: Arc<dyn GraphSource>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            convention: Convention::Normal,
            max_states: DEFAULT_MAX_STATES,
            max_moves: 1000,
            graphs: Arc::new(NoGraphs::default()),
        }
    }
}

/// The answer for one position, in the shape of `grundy solve --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// The position, normalised (every component as grundy writes it).
    pub position: String,
    /// `"normal"` or `"misere"`.
    pub convention: &'static str,
    /// `N` (the player to move wins), `P`, or `D` (a draw: a sum with a loopy part).
    pub outcome: Outcome,
    /// The Grundy value; `None` under misère play, when out of reach, or when it is ∞.
    pub grundy: Option<u64>,
    /// The escape set K when the sum's value is ∞(K) (a game-graph part of value ∞).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// Every winning move, as the whole position it leaves, each a valid expression.
    pub winning_moves: Vec<String>,
    /// For a draw, every move that keeps the draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<String>>,
    /// True when the list of winning moves was cut at the limit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// Why the Grundy value is unknown or the list of moves may be incomplete.
    #[serde(skip)]
    pub note: Option<String>,
}

/// Parses `text` and analyses the sum: outcome, Grundy value and every winning move.
///
/// Normal play rests on the Sprague-Grundy theorem, misère play on the misère Nim rule, the
/// misère quotient for heaps of one octal game (see [`crate::app::quotient`]), or a search over
/// the whole sum (see [`SumSolver`]); a sum with a game-graph part of value ∞
/// follows Smith's rules (see [`analyse_loopy_sum`]) and may be a draw. `split` and `cutting`
/// are refused under misère play: their endings are their own rules, not "who cannot move".
///
/// **Complexity**: that of the parts' closed forms (microseconds for the Nim family at any size),
/// else bounded by `max_states`.
///
/// ```
/// use grundy::app::solve::{solve_expression, SolveOptions};
/// let report = solve_expression("wythoff 999999999999999999 1618033988749894847", &SolveOptions::default()).unwrap();
/// assert_eq!(report.outcome, grundy::Outcome::P);
/// assert!(report.winning_moves.is_empty());
/// ```
pub fn solve_expression(text: &str, options: &SolveOptions) -> Result<SolveReport> {
    let parts = parse_sum_with(text, options.max_states, &*options.graphs)?;
    check_convention(&parts, options.convention)?;
    let mut solver = SumSolver::new(options.max_states, options.max_moves);
    let texts = |moves: &[Vec<Component>]| -> Vec<String> {
        moves.iter().map(|m| Component::sum_to_string(m)).collect()
    };
    if has_infinite_part(&parts) {
        let analysis = analyse_loopy_sum(&parts, &mut solver.grundy, options.max_moves)?;
        return Ok(SolveReport {
            position: Component::sum_to_string(&parts),
            convention: options.convention.name(),
            outcome: analysis.outcome,
            grundy: None,
            escapes: Some(analysis.escapes),
            winning_moves: texts(&analysis.winning_moves),
            drawing_moves: (analysis.outcome == Outcome::D).then(|| texts(&analysis.drawing_moves)),
            truncated: analysis.truncated,
            note: analysis.unknown,
        });
    }
    if options.convention == Convention::Misere {
        if let Some(heaps) = heaps_of_one_octal_game(&parts, 2, QUOTIENT_MAX_HEAP) {
            // many heaps: the quotient first; a few: a short search first, then the quotient
            if heaps.1.len() < QUOTIENT_MIN_HEAPS {
                let mut quick = SumSolver::new(
                    options.max_states.min(QUICK_SEARCH_STATES),
                    options.max_moves,
                );
                match quick.analyse(&parts, options.convention) {
                    Ok(analysis) => return Ok(report_of(&parts, options, analysis)),
                    Err(GrundyError::StateLimit { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            if let Some(report) = misere_by_quotient(&parts, heaps, options) {
                return Ok(report);
            }
        }
    }
    let analysis = solver.analyse(&parts, options.convention)?;
    Ok(report_of(&parts, options, analysis))
}

/// The report of a sum analysed by [`SumSolver`].
fn report_of(
    parts: &[Component],
    options: &SolveOptions,
    analysis: Analysis<Component>,
) -> SolveReport {
    let texts = |moves: &[Vec<Component>]| -> Vec<String> {
        moves.iter().map(|m| Component::sum_to_string(m)).collect()
    };
    SolveReport {
        position: Component::sum_to_string(parts),
        convention: options.convention.name(),
        outcome: analysis.outcome,
        grundy: analysis.grundy.map(|g| g.0),
        escapes: None,
        drawing_moves: None,
        winning_moves: texts(&analysis.winning_moves),
        truncated: analysis.truncated,
        note: analysis.unknown,
    }
}

/// A misère sum of many heaps of one octal game, answered by multiplying elements of the
/// misère quotient of its heaps (see [`crate::solve::quotient`]); `None` when the sum is not of
/// that shape or the quotient is out of reach (too many elements or states): the search then
/// answers instead.
// Components compare by game and position only; their interior mutability is the value tables'
// one-time cache (`OnceLock`), which never changes a key.
#[allow(clippy::mutable_key_type)]
fn misere_by_quotient(
    parts: &[Component],
    (code, heaps): (OctalCode, Vec<u64>),
    options: &SolveOptions,
) -> Option<SolveReport> {
    let largest = *heaps.iter().max()? as usize;
    let quotient_options = QuotientOptions {
        heaps: largest,
        max_order: QUOTIENT_MAX_ORDER,
        max_states: options.max_states.min(QUOTIENT_MAX_STATES),
    };
    let quotient = octal_quotient(&code, &quotient_options).ok()?;
    let Component::Octal(first) = &parts[0] else {
        return None;
    };
    let rules = first.rules.clone();
    let moves_from = |n: u64| -> Vec<Vec<u64>> {
        Octal::new(rules.clone(), n)
            .options()
            .into_iter()
            .map(|left| left.iter().map(|o| o.heap).collect())
            .collect()
    };
    let answer = quotient_answer(&quotient, &heaps, moves_from);
    // moves that differ only by heaps without a move leave the same game: listed once
    let mut seen = std::collections::HashSet::new();
    let mut winning_moves = Vec::new();
    let mut truncated = false;
    for (i, left) in &answer.winning_moves {
        let mut after: Vec<Component> = parts[..*i].to_vec();
        after.extend(
            left.iter()
                .map(|&h| Component::Octal(Octal::new(rules.clone(), h))),
        );
        after.extend_from_slice(&parts[i + 1..]);
        if !seen.insert(position_key(&after)) {
            continue;
        }
        if winning_moves.len() == options.max_moves {
            truncated = true;
            break;
        }
        winning_moves.push(Component::sum_to_string(&after));
    }
    Some(SolveReport {
        position: Component::sum_to_string(parts),
        convention: options.convention.name(),
        outcome: answer.outcome,
        grundy: None,
        escapes: None,
        drawing_moves: None,
        winning_moves,
        truncated,
        note: None,
    })
}
