//! One call from an expression to a printable answer: what `grundy solve` computes.
//!
//! ```
//! use grundy::{solve_expression, Outcome, SolveOptions};
//! let report = solve_expression("nim 3 4 5", &SolveOptions::default()).unwrap();
//! assert_eq!(report.outcome, Outcome::N);
//! assert_eq!(report.grundy, Some(2));
//! assert_eq!(report.winning_moves, vec!["nim 1 4 5"]);
//! ```

use crate::app::loopy::LoopyOptions;
use crate::app::parse::{parse_sum_with, read_sum, short_terms, SumPart, Term};
use crate::app::partizan_solve::{solve_by_search, PartizanSolveOptions, DEFAULT_MOVE_POSITIONS};
use crate::app::report::PartizanReport;
pub use crate::app::report::{ImpartialReport, SolveReport};
use crate::budget::{Budget, Cancel};
use crate::error::{excerpt, GrundyError, Result};
use crate::games::{check_convention, Component, GraphSource, NoGraphs};
use crate::nimber::Convention;
use crate::nimber::Outcome;
use crate::partizan::checkpoint::SearchCheckpoint;
use crate::partizan::database::Database;
use crate::partizan::root::ProgressSink;
use crate::partizan::{OutcomeOptions, PartizanOutcome};
use crate::solve::analyse::{SumAnalyser, SumAnalysis};
use crate::solve::DEFAULT_MAX_STATES;
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
    /// Threads searching at once (0: one per core): the moves of a sum with a partizan part,
    /// the nimber search of an impartial board or graph.
    pub threads: usize,
    /// For a sum with a partizan part whose game's own search names the first winning move:
    /// the most positions searched per player for the others (`None`: no limit, every
    /// winning move up to `max_moves`).
    pub move_positions: Option<u64>,
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
            move_positions: Some(DEFAULT_MOVE_POSITIONS),
        }
    }
}

impl SolveOptions {
    /// The budget of every table and search of the computation.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_states)
            .with_cancel(self.cancel.clone())
            .with_threads(self.threads)
    }
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
pub fn solve_expression(text: &str, options: &SolveOptions) -> Result<ImpartialReport> {
    let parts = parse_sum_with(text, options.budget(), &*options.graphs)?;
    check_convention(&parts, options.convention)?;
    let analysis = SumAnalyser::new(options.budget(), options.max_moves)
        .analyse(&parts, options.convention)?;
    Ok(report_of(&parts, analysis))
}

/// Solves any expression: the one entry of `grundy solve`, `/api/solve` and Python's
/// `grundy.solve`. The text is read once ([`read_sum`]) and the parts choose the kind of
/// answer ([`SolveReport`]): a sum with a loopy part is answered by retrograde analysis
/// ([`crate::app::loopy`]); one with a partizan part by the outcome search, with its
/// canonical form when the value engine finds it within `value_states`
/// ([`crate::app::partizan_solve::solve_by_search`]); one whose parts are all impartial by
/// [`SumAnalyser`] (closed forms, tables, searches), or, when some part is an impartial game
/// of the partizan catalog (Cram), by the outcome search and the value engine, whose canonical
/// form of an impartial sum is its nimber. Misère play is refused in one line for loopy and
/// partizan sums, and for Cram.
///
/// ```
/// use grundy::{solve, SolveOptions, SolveReport};
/// let r = solve("domineering ../.. + nim 1", &SolveOptions::default()).unwrap();
/// assert_eq!(r.partizan().unwrap().outcome.letter(), "N");
/// let r = solve("nim 1 2", &SolveOptions::default()).unwrap();
/// assert_eq!(r.impartial().unwrap().grundy, Some(3));
/// // Cram is impartial: a nimber, and the moves to nimber 0
/// let r = solve("cram ../..", &SolveOptions::default()).unwrap();
/// assert_eq!(r.impartial().unwrap().grundy, Some(0));
/// ```
pub fn solve(text: &str, options: &SolveOptions) -> Result<SolveReport> {
    let parts = read_sum(text, options.budget(), &*options.graphs)?;
    let Some(terms) = short_terms(&parts) else {
        if options.convention == Convention::Misere {
            return Err(GrundyError::Unsupported(
                "misère play of loopy partizan games is not supported (normal play only)".into(),
            ));
        }
        let loopy = LoopyOptions {
            max_states: options.max_states,
            max_moves: options.max_moves,
            graphs: options.graphs.clone(),
            cancel: options.cancel.clone(),
            with_value: options.value_states.is_some(),
            ..Default::default()
        };
        let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
        return crate::app::loopy::report_of(&parts, &loopy).map(SolveReport::Loopy);
    };
    crate::app::parse::use_database(&terms, options.database.as_deref())?;
    if terms.iter().all(|t| matches!(t, Term::Impartial(_))) {
        let parts: Vec<Component> = terms
            .into_iter()
            .filter_map(|t| match t {
                Term::Impartial(c) => Some(c),
                Term::Partizan(_) => None,
            })
            .collect();
        check_convention(&parts, options.convention)?;
        let saving = match &options.checkpoint {
            Some(checkpoint) => Some(checkpointed(&parts, checkpoint, options)?),
            None => None,
        };
        let analysis = SumAnalyser::new(options.budget(), options.max_moves)
            .analyse(&parts, options.convention);
        // saved once more when the questions are answered, or stopped (a time limit)
        if let Some(part) = saving {
            part.save_checkpoint()?;
        }
        return Ok(SolveReport::Impartial(report_of(&parts, analysis?)));
    }
    if options.convention == Convention::Misere {
        let part = terms.iter().find_map(|t| match t {
            Term::Partizan(p) => Some(p.to_string()),
            Term::Impartial(_) => None,
        });
        return Err(GrundyError::Unsupported(format!(
            "misère play of '{}' is not supported (normal play only: who cannot move loses)",
            excerpt(&part.unwrap_or_default())
        )));
    }
    let search = PartizanSolveOptions {
        budget: options.budget(),
        max_moves: options.max_moves,
        value_states: options.value_states,
        search: OutcomeOptions::default(),
        checkpoint: options.checkpoint.clone(),
        progress: options.progress.clone(),
        database: options.database.clone(),
        threads: options.threads,
        move_positions: options.move_positions,
    };
    let impartial = is_impartial(&terms);
    let (report, _) = solve_by_search(terms, &search)?;
    answer_of(report, impartial)
}

/// The part of an impartial sum whose nimber search saves its tables to `checkpoint` (the
/// first board of Cram or Chomp or graph of Node or Arc Kayles), its tables read back from the file if it exists; an error
/// when no part's search saves its tables.
fn checkpointed<'a>(
    parts: &'a [Component],
    checkpoint: &SearchCheckpoint,
    options: &SolveOptions,
) -> Result<&'a Component> {
    for part in parts {
        if let Some(read) = part.checkpoint(checkpoint, options.progress.clone()) {
            read?;
            return Ok(part);
        }
    }
    Err(GrundyError::Unsupported(
        "--checkpoint saves the table of a search: of an impartial sum, the nimber search of a \
         cram or chomp board or a nodekayles or arckayles graph, and this sum has none"
            .into(),
    ))
}

/// Whether every part of a short sum is impartial: an impartial component, or a part of an
/// impartial game of the partizan catalog (Cram).
pub fn is_impartial(terms: &[Term]) -> bool {
    terms.iter().all(|t| match t {
        Term::Impartial(_) => true,
        Term::Partizan(p) => p.is_impartial(),
    })
}

/// The answer of a sum answered by the outcome search: as found, or, for a sum of impartial
/// parts (`impartial`), as an impartial answer: its outcome N or P, its nimber (an impartial
/// game's canonical form is a nimber `*g`), and the moves to nimber 0 (Left's
/// winning moves, which are Right's: the players have the same moves). An outcome L or R, or
/// a value that is not a nimber, is an internal error.
pub(crate) fn answer_of(report: PartizanReport, impartial: bool) -> Result<SolveReport> {
    if !impartial {
        return Ok(SolveReport::Partizan(report));
    }
    let internal = |what: String| {
        GrundyError::Unsupported(format!(
            "internal error: '{}', an impartial sum, {what}",
            excerpt(&report.position)
        ))
    };
    let outcome = match report.outcome {
        PartizanOutcome::N => Outcome::N,
        PartizanOutcome::P => Outcome::P,
        other => return Err(internal(format!("has outcome {}", other.letter()))),
    };
    let grundy = match (&report.value, report.nimber) {
        (None, _) => None,
        (Some(_), Some(g)) => Some(u64::from(g)),
        (Some(v), None) => return Err(internal(format!("has the value {v}, not a nimber"))),
    };
    // the players' lists are the same moves, unless the search answered a different part of
    // each (a list cut at `max_moves`, or subproblems dropped once the outcome was known):
    // Left's is given, and marked cut if Right's proved one more
    let listed: std::collections::HashSet<&String> = report.left_winning_moves.iter().collect();
    let more = report
        .right_winning_moves
        .iter()
        .any(|m| !listed.contains(m));
    let note = report
        .value_reason
        .as_ref()
        .filter(|_| grundy.is_none())
        .map(|why| format!("the Grundy value is unknown: {why}"));
    Ok(SolveReport::Impartial(ImpartialReport {
        position: report.position,
        convention: Convention::Normal.name(),
        outcome,
        grundy,
        value: report.value,
        escapes: None,
        winning_moves: report.left_winning_moves,
        drawing_moves: None,
        truncated: report.truncated || more,
        note,
    }))
}

/// The report of a sum analysed by [`SumAnalyser`].
fn report_of(parts: &[Component], analysis: SumAnalysis<Component>) -> ImpartialReport {
    let texts = |moves: &[Vec<Component>]| -> Vec<String> {
        moves.iter().map(|m| Component::sum_to_string(m)).collect()
    };
    ImpartialReport {
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
