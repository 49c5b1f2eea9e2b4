//! One call from an expression to a printable answer: what `grundy solve` computes.
//!
//! ```
//! use grundy::{solve_expression, Outcome, SolveOptions};
//! let report = solve_expression("nim 3 4 5", &SolveOptions::default()).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! assert_eq!(report.grundy, Some(2));
//! assert_eq!(report.winning_moves, vec!["nim 1 4 5"]);
//! ```

use crate::app::parse::{parse_sum_with, parse_terms, Term};
use crate::app::partizan_solve::{solve_by_search, PartizanSolveOptions};
use crate::app::search_progress::{ProgressSink, SearchCheckpoint};
use crate::app::value::PartizanSolveReport;
use crate::budget::{Budget, Cancel};
use crate::error::Result;
use crate::games::{check_convention, Component, GraphSource, NoGraphs};
use crate::nimber::Convention;
use crate::nimber::Outcome;
use crate::partizan::database::Database;
use crate::partizan::OutcomeOptions;
use crate::solve::analyse::{SumAnalyser, SumAnalysis};
use crate::solve::DEFAULT_MAX_STATES;
use serde::Serialize;
use std::sync::Arc;

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
    /// Raised to stop the computation (a time limit, an interrupt): it then fails with
    /// [`crate::error::GrundyError::Cancelled`].
    pub cancel: Cancel,
    /// For a sum with a partizan part (answered by search): the most positions the value
    /// engine may store to add the canonical form, or `None` not to compute it.
    pub value_states: Option<usize>,
    /// For a sum with a partizan part: where the search saves its table now and then and
    /// resumes from (`--checkpoint`).
    pub checkpoint: Option<SearchCheckpoint>,
    /// For a sum with a partizan part: called with the search's progress about once a second.
    pub progress: Option<ProgressSink>,
    /// A database of canonical forms the partizan parts are looked up in (`--db`).
    pub database: Option<Arc<Database>>,
    /// For a sum with a partizan part: threads searching its moves at once (0: one per core).
    pub threads: usize,
}

/// The default budget of the canonical form that `solve` adds to a partizan sum's answer.
pub const DEFAULT_VALUE_STATES: usize = 200_000;

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            convention: Convention::Normal,
            max_states: DEFAULT_MAX_STATES,
            max_moves: 1000,
            graphs: Arc::new(NoGraphs::default()),
            cancel: Cancel::new(),
            value_states: Some(DEFAULT_VALUE_STATES),
            checkpoint: None,
            progress: None,
            database: None,
            threads: 0,
        }
    }
}

impl SolveOptions {
    /// The budget of every table and search of the computation.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_states).with_cancel(self.cancel.clone())
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
    /// The value in CGSuite's notation (`0`, `*`, `*3`) under normal play when the Grundy
    /// value is known: the same as a partizan sum's `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
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
    /// Why the Grundy value is unknown or the list of moves may be incomplete (then the moves
    /// listed are those proved winning).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Parses `text` and analyses the sum: outcome, Grundy value and every winning move.
///
/// The method is [`SumAnalyser`]'s: the Sprague-Grundy theorem (normal play), the misère Nim
/// rule, the misère quotient for heaps of one octal game or a search over the whole sum
/// (misère play); a sum with a game-graph part of value ∞ follows Smith's rules and may be a
/// draw. `split` and `cutting`
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
    let parts = parse_sum_with(text, options.budget(), &*options.graphs)?;
    check_convention(&parts, options.convention)?;
    let analysis = SumAnalyser::new(options.budget(), options.max_moves)
        .analyse(&parts, options.convention)?;
    Ok(report_of(&parts, analysis))
}

/// The answer of `solve` for any expression: an impartial sum's [`SolveReport`], or, for a
/// sum with a partizan part, its outcome class and each player's winning moves found by search,
/// and its canonical form when found within its budget ([`PartizanSolveReport`]). Serialised as
/// the report it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SolveAnswer {
    /// Every part is impartial.
    Impartial(SolveReport),
    /// Some part is partizan (Left and Right move differently).
    Partizan(PartizanSolveReport),
    /// Some part is loopy (positions repeat): win, loss or draw for each player moving first.
    Loopy(crate::app::loopy::LoopyReport),
}

/// Solves any expression, the one choice between the impartial analyser
/// ([`solve_expression`]'s) and the partizan outcome search
/// ([`crate::app::partizan_solve::solve_by_search`])
/// that every front end (the command line, the server, Python) makes through here. The text
/// is parsed once. Misère play of a sum with a partizan part is refused.
///
/// ```
/// use grundy::app::solve::{solve, SolveAnswer, SolveOptions};
/// let SolveAnswer::Partizan(r) = solve("domineering ../.. + nim 1", &SolveOptions::default()).unwrap() else {
///     panic!("a partizan part")
/// };
/// assert_eq!(r.outcome.letter(), "N");
/// let SolveAnswer::Impartial(r) = solve("nim 1 2", &SolveOptions::default()).unwrap() else {
///     panic!("impartial")
/// };
/// assert_eq!(r.grundy, Some(3));
/// ```
pub fn solve(text: &str, options: &SolveOptions) -> Result<SolveAnswer> {
    let loopy = crate::app::loopy::LoopyOptions {
        max_states: options.max_states,
        max_moves: options.max_moves,
        graphs: options.graphs.clone(),
        cancel: options.cancel.clone(),
        with_value: options.value_states.is_some(),
        ..Default::default()
    };
    if let Some(terms) =
        crate::app::loopy::read_loopy_terms(text, &options.budget(), &*options.graphs)?
    {
        if options.convention == Convention::Misere {
            return Err(crate::error::GrundyError::Unsupported(
                "misère play of loopy partizan games is not supported (normal play only)".into(),
            ));
        }
        return crate::app::loopy::report_of(&terms, &loopy).map(SolveAnswer::Loopy);
    }
    let terms = parse_terms(text, options.budget(), &*options.graphs)?;
    if terms.iter().any(|(t, _)| matches!(t, Term::Partizan(_))) {
        if options.convention == Convention::Misere {
            return Err(crate::error::GrundyError::Unsupported(
                "misère play of partizan games is not supported (normal play only: who cannot move loses)"
                    .into(),
            ));
        }
        let terms = terms.into_iter().map(|(t, _)| t).collect();
        let search = PartizanSolveOptions {
            budget: options.budget(),
            max_moves: options.max_moves,
            value_states: options.value_states,
            search: OutcomeOptions::default(),
            checkpoint: options.checkpoint.clone(),
            progress: options.progress.clone(),
            database: options.database.clone(),
            threads: options.threads,
        };
        return solve_by_search(terms, &search).map(|(r, _)| SolveAnswer::Partizan(r));
    }
    let parts: Vec<Component> = terms
        .into_iter()
        .map(|(t, _)| match t {
            Term::Impartial(c) => c,
            Term::Partizan(_) => unreachable!("no partizan part"),
        })
        .collect();
    check_convention(&parts, options.convention)?;
    let analysis = SumAnalyser::new(options.budget(), options.max_moves)
        .analyse(&parts, options.convention)?;
    Ok(SolveAnswer::Impartial(report_of(&parts, analysis)))
}

/// The report of a sum analysed by [`SumAnalyser`].
fn report_of(parts: &[Component], analysis: SumAnalysis<Component>) -> SolveReport {
    let texts = |moves: &[Vec<Component>]| -> Vec<String> {
        moves.iter().map(|m| Component::sum_to_string(m)).collect()
    };
    SolveReport {
        position: Component::sum_to_string(parts),
        convention: analysis.convention.name(),
        outcome: analysis.outcome,
        grundy: analysis.grundy.map(|g| g.0),
        value: match (analysis.convention, analysis.grundy) {
            (Convention::Normal, Some(g)) => Some(match g.0 {
                0 => "0".to_string(),
                1 => "*".to_string(),
                g => format!("*{g}"),
            }),
            _ => None,
        },
        escapes: analysis.escapes,
        drawing_moves: analysis.drawing_moves.as_deref().map(texts),
        winning_moves: texts(&analysis.winning_moves),
        truncated: analysis.truncated,
        note: analysis.unknown,
    }
}
