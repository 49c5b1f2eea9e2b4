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

use crate::app::parse::{parse_terms, Term};
use crate::budget::{Budget, Cancel};
use crate::error::{excerpt, GrundyError, Result};
use crate::games::partizan::PartizanValues;
use crate::games::{GraphSource, NoGraphs};
use crate::nimber::Convention;
use crate::partizan::database::Database;
use crate::partizan::{GameId, PartizanOutcome, Wall};
use crate::solve::analyse::SumAnalyser;
use crate::solve::game::ImpartialGame;
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
}

impl Default for ValueOptions {
    fn default() -> Self {
        ValueOptions {
            max_states: DEFAULT_MAX_STATES,
            max_moves: 1000,
            graphs: Arc::new(NoGraphs::default()),
            cancel: Cancel::new(),
            database: None,
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
        Budget::new(self.max_states).with_cancel(self.cancel.clone())
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

/// A partizan sum read and valued: its terms, the arena, each term's value and the total.
pub struct ValuedSum {
    /// The parts.
    pub terms: Vec<Term>,
    /// The tables and the arena.
    pub values: PartizanValues,
    /// Each part's canonical form.
    pub parts: Vec<GameId>,
    /// The sum's canonical form.
    pub total: GameId,
}

/// Reads and values an expression: every part's canonical form and the sum's.
pub fn value_sum(text: &str, options: &ValueOptions) -> Result<ValuedSum> {
    let terms = read_terms(text, options)?;
    ValuedSum::new(terms, options.values())
}

/// The parts of an expression.
pub fn read_terms(text: &str, options: &ValueOptions) -> Result<Vec<Term>> {
    Ok(parse_terms(text, options.budget(), &*options.graphs)?
        .into_iter()
        .map(|t| t.0)
        .collect())
}

impl ValuedSum {
    /// Values `terms` with the tables and arena of `values` (kept from earlier sums: a game in
    /// play values each position with what the previous ones stored).
    pub fn new(terms: Vec<Term>, values: PartizanValues) -> Result<ValuedSum> {
        let zero = values.forms.zero();
        let mut sum = ValuedSum {
            terms: Vec::new(),
            values,
            parts: Vec::new(),
            total: zero,
        };
        sum.revalue(terms)?;
        Ok(sum)
    }

    /// Replaces the parts by `terms`, valued with the same tables and arena; on an error the
    /// sum is left as it was (the arena only grows, so its values stay valid).
    pub fn revalue(&mut self, terms: Vec<Term>) -> Result<()> {
        let mut analyser = SumAnalyser::new(self.values.forms.budget(), 0);
        let mut parts = Vec::with_capacity(terms.len());
        for term in &terms {
            parts.push(term_value(term, &mut self.values, &mut analyser)?);
        }
        self.total = self.values.forms.sum(parts.iter().copied())?;
        self.terms = terms;
        self.parts = parts;
        Ok(())
    }

    /// The position as grundy writes it (`0` for the empty sum).
    pub fn position(&self) -> String {
        if self.terms.is_empty() {
            "0".into()
        } else {
            Term::sum_to_string(&self.terms)
        }
    }
}

/// The canonical form of one part: a partizan part's value, or an impartial part's nimber.
pub(crate) fn term_value(
    term: &Term,
    values: &mut PartizanValues,
    analyser: &mut SumAnalyser<crate::games::Component>,
) -> Result<GameId> {
    match term {
        Term::Partizan(p) => values.value(p),
        Term::Impartial(c) => {
            let analysis = analyser.analyse(std::slice::from_ref(c), Convention::Normal)?;
            let Some(g) = analysis.grundy else {
                return Err(GrundyError::Unsupported(format!(
                    "'{}' has no finite Grundy value here (a loopy part, or one out of reach), so it cannot be a part of a partizan sum",
                    excerpt(&c.to_string())
                )));
            };
            let g = u32::try_from(g.0).map_err(|_| {
                GrundyError::Overflow(format!("the nimber *{} beyond 32 bits", g.0))
            })?;
            Ok(values.forms.nimber(g))
        }
    }
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

/// Parses `text` and reports its canonical form and invariants (`grundy value`).
pub fn value_expression(text: &str, options: &ValueOptions) -> Result<ValueReport> {
    let mut sum = value_sum(text, options)?;
    report(Term::sum_to_string(&sum.terms), &mut sum.values, sum.total)
}

/// One move of a partizan sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The position it leaves, as an expression (`0` when nothing is left).
    pub to: String,
    /// That position's canonical form.
    pub value: GameId,
    /// Whether the player who made it wins from there (moving second: the value is `>= 0` for
    /// Left, `<= 0` for Right).
    pub wins: bool,
    /// The position it leaves as a board, when that is one part its game draws.
    pub board: Option<Vec<String>>,
}

/// The position as a board for the page: the rows of cells of its one part, when that part's
/// game draws one ([`crate::games::partizan::PartizanPart::cells`]).
pub fn board_of(terms: &[Term]) -> Option<Vec<String>> {
    match terms {
        [Term::Partizan(part)] => part.cells(),
        _ => None,
    }
}

/// The moves of a partizan sum for Left (`left`) or Right, each with the value it leaves
/// and whether it wins; only the winning ones when `only_winning`. At most `limit` are
/// listed (the flag says whether some were left out). A part with more moves than the state
/// budget (`*4000000000`, `nim 10^12`) is not listed at all and the flag is raised: its moves
/// are never enumerated.
///
/// **Complexity**: per move, the value of the part moved to and one sum with the other
/// parts' (prefix and suffix sums), then one comparison with 0.
pub fn sum_moves(
    sum: &mut ValuedSum,
    left: bool,
    only_winning: bool,
    limit: usize,
) -> Result<(Vec<SumMove>, bool)> {
    let mut out = Vec::new();
    let forms_zero = sum.values.forms.zero();
    // the sum of the other parts, for each part: prefix and suffix sums
    let n = sum.terms.len();
    let mut prefix = vec![forms_zero; n + 1];
    for i in 0..n {
        prefix[i + 1] = sum.values.forms.add(prefix[i], sum.parts[i])?;
    }
    let mut suffix = vec![forms_zero; n + 1];
    for i in (0..n).rev() {
        suffix[i] = sum.values.forms.add(suffix[i + 1], sum.parts[i])?;
    }
    let mut analyser = SumAnalyser::new(sum.values.forms.budget(), 0);
    let room = sum.values.forms.max_forms() as u128;
    let mut truncated = false;
    for i in 0..n {
        let Some(options) = term_options(&mut sum.values, &sum.terms[i], left, room)? else {
            truncated = true;
            continue;
        };
        let rest = sum.values.forms.add(prefix[i], suffix[i + 1])?;
        for option in options {
            let mut total = rest;
            for term in &option {
                let v = term_value(term, &mut sum.values, &mut analyser)?;
                total = sum.values.forms.add(total, v)?;
            }
            let zero = sum.values.forms.zero();
            let wins = if left {
                sum.values.forms.leq(zero, total)
            } else {
                sum.values.forms.leq(total, zero)
            };
            sum.values.forms.status()?;
            if wins || !only_winning {
                if out.len() == limit {
                    return Ok((out, true));
                }
                let mut terms = sum.terms.clone();
                terms.splice(i..=i, option);
                out.push(SumMove {
                    board: board_of(&terms),
                    to: if terms.is_empty() {
                        "0".to_string()
                    } else {
                        Term::sum_to_string(&terms)
                    },
                    value: total,
                    wins,
                });
            }
        }
    }
    Ok((out, truncated))
}

/// The moves of Left (`left`) or Right in one part of a sum: for each, the parts it leaves in
/// its place (one, or several where an impartial heap splits). `None` when the part has more
/// than `room` moves (`*4000000000`, `nim 10^12`): they are never enumerated.
pub(crate) fn term_options(
    values: &mut PartizanValues,
    term: &Term,
    left: bool,
    room: u128,
) -> Result<Option<Vec<Vec<Term>>>> {
    let count = match term {
        Term::Partizan(p) => values.move_count(p)?,
        Term::Impartial(c) => c.option_count(),
    };
    if count.is_some_and(|c| c > room) {
        return Ok(None);
    }
    Ok(Some(match term {
        Term::Partizan(p) => values
            .moves(p, left)?
            .into_iter()
            .map(|o| vec![Term::Partizan(o)])
            .collect(),
        Term::Impartial(c) => c
            .options()
            .into_iter()
            .map(|o| o.into_iter().map(Term::Impartial).collect())
            .collect(),
    }))
}

/// The winning moves of a partizan sum for one player moving first: the positions left (whole
/// sums) whose value that player wins moving second in (`>= 0` for Left, `<= 0` for Right).
pub fn winning_moves(sum: &mut ValuedSum, left: bool, limit: usize) -> Result<(Vec<String>, bool)> {
    let (moves, truncated) = sum_moves(sum, left, true, limit)?;
    Ok((moves.into_iter().map(|m| m.to).collect(), truncated))
}

/// The answer of `grundy solve` for a sum with a partizan part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanSolveReport {
    /// The position as grundy writes it.
    pub position: String,
    /// Always `"normal"`: misère play of partizan sums is not supported.
    pub convention: &'static str,
    /// L (Left wins), R (Right wins), N (the player to move wins) or P.
    pub outcome: PartizanOutcome,
    /// The canonical form of the sum, when computed within its budget.
    pub value: Option<String>,
    /// Why `value` is missing (`--no-value`, or the budget it needed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_reason: Option<String>,
    /// Left's winning moves when Left moves first: the positions they leave.
    pub left_winning_moves: Vec<String>,
    /// Right's winning moves when Right moves first.
    pub right_winning_moves: Vec<String>,
    /// True when a list of moves was cut at the limit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// Whether the expression has a partizan part (then `grundy solve` answers with
/// [`solve_partizan`]). Reads the expression; errors are the parser's.
pub fn has_partizan_part(text: &str, options: &ValueOptions) -> Result<bool> {
    Ok(parse_terms(text, options.budget(), &*options.graphs)?
        .iter()
        .any(|(t, _)| matches!(t, Term::Partizan(_))))
}

/// Outcome, canonical form and each player's winning moves of a partizan sum.
///
/// ```
/// use grundy::app::value::{solve_partizan, ValueOptions};
/// let r = solve_partizan("domineering ../.. + nim 1", &ValueOptions::default()).unwrap();
/// assert_eq!(r.value.as_deref(), Some("{1*|-1*}"));
/// assert_eq!(r.outcome.letter(), "N");
/// assert_eq!(r.left_winning_moves, vec!["domineering #./#. + nim 1", "domineering .#/.# + nim 1"]);
/// ```
pub fn solve_partizan(text: &str, options: &ValueOptions) -> Result<PartizanSolveReport> {
    solve_valued(value_sum(text, options)?, options.max_moves)
}

/// [`solve_partizan`] of a sum already read and valued; at most `max_moves` winning moves
/// listed per player.
pub fn solve_valued(mut sum: ValuedSum, max_moves: usize) -> Result<PartizanSolveReport> {
    let (left, lt) = winning_moves(&mut sum, true, max_moves)?;
    let (right, rt) = winning_moves(&mut sum, false, max_moves)?;
    let total = sum.total;
    sum.values.forms.status()?;
    Ok(PartizanSolveReport {
        position: Term::sum_to_string(&sum.terms),
        convention: "normal",
        outcome: sum.values.forms.outcome(total),
        value: Some(sum.values.forms.to_string(total)),
        value_reason: None,
        left_winning_moves: left,
        right_winning_moves: right,
        truncated: lt || rt,
    })
}
