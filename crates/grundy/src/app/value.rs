//! `grundy value` and the partizan half of `grundy solve`: an expression whose parts may be
//! partizan games, values in CGSuite's notation, and impartial components (each its nimber
//! `*g`), valued as one canonical form with its invariants, and its winning moves for each
//! player.
//!
//! ```
//! use grundy::app::value::{value_expression, ValueOptions};
//! let report = value_expression("domineering ../..", &ValueOptions::default()).unwrap();
//! assert_eq!(report.canonical, "{1|-1}");
//! assert_eq!(report.outcome.letter(), "N");
//! assert_eq!(report.temperature, "1");
//! ```

use crate::app::loopy::{report_of, LoopyOptions};
use crate::app::parse::{parse_terms, read_sum, short_terms, SumPart, Term};
use crate::app::report::LoopyReport;
use crate::app::valued_sum::ValuedSum;
use crate::budget::{Budget, Cancel};
use crate::error::{GrundyError, Result};
use crate::games::partizan::PartizanValues;
use crate::games::{GraphSource, NoGraphs};
use crate::partizan::database::Database;
use crate::partizan::{GameId, PartizanOutcome, Wall};
use crate::solve::DEFAULT_MAX_STATES;
use serde::Serialize;
use std::sync::Arc;

/// How to value an expression.
#[derive(Clone)]
pub struct ValueOptions {
    /// The most positions each game's table, and the arena of forms, may store.
    pub max_states: usize,
    /// The most winning moves listed per player.
    pub max_moves: usize,
    /// Where `graph NAME V` components find their graphs.
    pub graphs: Arc<dyn GraphSource>,
    /// Raised to stop the computation (a time limit, an interrupt): it then fails with
    /// [`GrundyError::Cancelled`].
    pub cancel: Cancel,
    /// A database of canonical forms looked up before a part is searched (`--db`).
    pub database: Option<Arc<Database>>,
    /// Threads the nimber search of an impartial board or graph runs on (0: one per core).
    pub threads: usize,
}

impl Default for ValueOptions {
    fn default() -> Self {
        ValueOptions {
            max_states: DEFAULT_MAX_STATES,
            max_moves: 1000,
            graphs: Arc::new(NoGraphs::default()),
            cancel: Cancel::new(),
            database: None,
            threads: 0,
        }
    }
}

impl ValueOptions {
    /// Empty tables of the partizan games under this budget, looking parts up in the
    /// database first if there is one.
    pub fn values(&self) -> PartizanValues {
        let mut values = PartizanValues::new(self.budget());
        if let Some(db) = &self.database {
            values.use_database(db);
        }
        values
    }

    /// The budget of every table, search and arena of the computation.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_states)
            .with_cancel(self.cancel.clone())
            .with_threads(self.threads)
    }
}

/// A thermograph's walls as corner points `[t, value]`, from t = -1 up to the mast's foot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThermographReport {
    /// The left wall.
    pub left: Vec<[String; 2]>,
    /// The right wall.
    pub right: Vec<[String; 2]>,
}

/// The answer of `grundy value --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The position as grundy writes it.
    pub position: String,
    /// The canonical form in CGSuite's notation.
    pub canonical: String,
    /// L, R, N or P.
    pub outcome: PartizanOutcome,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// Left's stop.
    pub left_stop: String,
    /// Right's stop.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature.
    pub temperature: String,
    /// The thermograph.
    pub thermograph: ThermographReport,
    /// The reduced canonical form (modulo infinitesimals).
    pub reduced: String,
    /// The atomic weight; `None` unless the game is all-small.
    pub atomic_weight: Option<String>,
}

/// Reads and values an expression: every part's canonical form and the sum's.
pub fn value_sum(text: &str, options: &ValueOptions) -> Result<ValuedSum> {
    let terms = read_terms(text, options)?;
    crate::app::parse::use_database(&terms, options.database.as_deref())?;
    ValuedSum::new(terms, options.values())
}

/// The parts of an expression.
pub fn read_terms(text: &str, options: &ValueOptions) -> Result<Vec<Term>> {
    Ok(parse_terms(text, options.budget(), &*options.graphs)?
        .into_iter()
        .map(|t| t.0)
        .collect())
}

fn corners(wall: &Wall) -> Vec<[String; 2]> {
    wall.corners()
        .into_iter()
        .map(|(t, v)| [t.to_string(), v.to_string()])
        .collect()
}

/// The report of a valued form.
pub fn report(position: String, values: &mut PartizanValues, g: GameId) -> Result<ValueReport> {
    let forms = &mut values.forms;
    let (ls, rs) = forms.stops(g);
    let th = forms.thermograph(g)?;
    let reduced = forms.reduced(g)?;
    let aw = forms.atomic_weight(g)?;
    let (canonical, outcome, birthday) = (forms.to_string(g), forms.outcome(g), forms.birthday(g));
    forms.status()?;
    Ok(ValueReport {
        position,
        canonical,
        outcome,
        birthday,
        left_stop: ls.to_string(),
        right_stop: rs.to_string(),
        mean: th.mean.to_string(),
        temperature: th.temperature.to_string(),
        thermograph: ThermographReport {
            left: corners(&th.left),
            right: corners(&th.right),
        },
        reduced: forms.to_string(reduced),
        atomic_weight: aw.map(|a| forms.to_string(a)),
    })
}

/// The report of `grundy value` for position 0 of a game given explicitly (positions `0..n`,
/// `left[v]` and `right[v]` the positions each player's moves lead to), called `position`:
/// what Python's `grundy.partizan` returns. At most `max_states` canonical forms are stored.
///
/// ```
/// use grundy::app::value::explicit_report;
/// // 0 = {1 | 2}, 1 = { | } = 0, 2 = {1 | } = 1: the game {0 | 1} = 1/2
/// let r = explicit_report("start".into(), &[vec![1], vec![], vec![1]], &[vec![2], vec![], vec![]], 100).unwrap();
/// assert_eq!(r.canonical, "1/2");
/// ```
pub fn explicit_report(
    position: String,
    left: &[Vec<u32>],
    right: &[Vec<u32>],
    max_states: usize,
) -> Result<ValueReport> {
    if left.len() != right.len() || left.is_empty() {
        return Err(GrundyError::Unsupported(
            "a game needs at least one position, with a list of moves for each player".into(),
        ));
    }
    let mut values = PartizanValues::new(max_states);
    let ids = crate::partizan::explicit_values(&mut values.forms, left.len(), left, right)?;
    report(position, &mut values, ids[0])
}

/// The answer of `grundy value` for any sum: a short sum's canonical form and invariants, or
/// a sum with a loopy part's report (its value or sides, and who wins). Serialised as the
/// report it holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ValueAnswer {
    /// No part is loopy: the canonical form.
    Short(ValueReport),
    /// Some part is loopy.
    Loopy(LoopyReport),
}

/// The options of a loopy sum's value under `options` (its budget, graphs and flag).
pub fn loopy_options(options: &ValueOptions) -> LoopyOptions {
    LoopyOptions {
        max_states: options.max_states,
        graphs: options.graphs.clone(),
        cancel: options.cancel.clone(),
        ..LoopyOptions::default()
    }
}

/// Reads `text` once and values it (`grundy value`): [`value_expression`]'s report, or a
/// sum with a loopy part's ([`crate::app::loopy::report_of`]).
///
/// ```
/// use grundy::app::value::{value_answer, ValueAnswer, ValueOptions};
/// let ValueAnswer::Loopy(r) = value_answer("on + 1", &ValueOptions::default()).unwrap() else {
///     panic!("a loopy part")
/// };
/// assert_eq!(r.value.as_deref(), Some("on"));
/// ```
pub fn value_answer(text: &str, options: &ValueOptions) -> Result<ValueAnswer> {
    let parts = read_sum(text, options.budget(), &*options.graphs)?;
    match short_terms(&parts) {
        Some(terms) => {
            crate::app::parse::use_database(&terms, options.database.as_deref())?;
            let mut sum = ValuedSum::new(terms, options.values())?;
            report(sum.position(), &mut sum.values, sum.total).map(ValueAnswer::Short)
        }
        None => {
            let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
            report_of(&parts, &loopy_options(options)).map(ValueAnswer::Loopy)
        }
    }
}

/// Parses `text` and reports its canonical form and invariants (`grundy value`).
///
/// ```
/// use grundy::app::value::{value_expression, ValueOptions};
///
/// let report = value_expression("hackenbush LR + {1|-1}", &ValueOptions::default()).unwrap();
/// assert_eq!(report.canonical, "{3/2|-1/2}");
/// assert_eq!((report.mean.as_str(), report.temperature.as_str()), ("1/2", "1"));
/// ```
pub fn value_expression(text: &str, options: &ValueOptions) -> Result<ValueReport> {
    let mut sum = value_sum(text, options)?;
    report(Term::sum_to_string(&sum.terms), &mut sum.values, sum.total)
}
