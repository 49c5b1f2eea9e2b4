//! `grundy solve` on a sum with a partizan part: who wins and every winning move, found by the
//! outcome search ([`OutcomeSearch`]) without the sum's canonical form; the canonical form is
//! added when the value engine finds it within its own budget.

use crate::app::parse::Term;
use crate::app::report::PartizanReport;
use crate::app::value::{value_sum, ValueOptions};
use crate::app::valued_sum::{term_options, term_value, winning_moves, ValuedSum};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanRegion, PartizanValues};
use crate::partizan::checkpoint::SearchCheckpoint;
use crate::partizan::database::Database;
use crate::partizan::root::{
    answer_on_threads, listed_at_most, more_winning_moves, search_checkpointed, ProgressSink,
    RootAnswers, RootOptions, RootSearch,
};
use crate::partizan::{
    GameId, OutcomeOptions, OutcomeSearch, OutcomeStats, PartizanOutcome, ResultTable, SearchSum,
};
use crate::solve::analyse::SumAnalyser;
use std::sync::Arc;

/// How `solve` answers a partizan sum.
#[derive(Clone, Debug)]
pub struct PartizanSolveOptions {
    /// The budget of the search: its transposition table and record of regions hold at most
    /// `max_states` entries each, and its flag stops it.
    pub budget: Budget,
    /// The most winning moves listed per player.
    pub max_moves: usize,
    /// The canonical form's budget (positions stored by the value engine), or `None` not to
    /// compute it (`--no-value`).
    pub value_states: Option<usize>,
    /// How the search values small regions.
    pub search: OutcomeOptions,
    /// Where the search saves its table now and then, and resumes from.
    pub checkpoint: Option<SearchCheckpoint>,
    /// Called with the search's progress about once a second.
    pub progress: Option<ProgressSink>,
    /// A database of canonical forms the regions are looked up in (`--db`).
    pub database: Option<Arc<Database>>,
    /// Threads searching the root's moves at once (0: one per core). Each has its own table
    /// of `max_states / threads` results (the games' own searches share one table, which a
    /// checkpoint saves).
    pub threads: usize,
    /// The most positions searched per player for her winning moves after the first, when
    /// her game's own search named the first ([`more_winning_moves`]); `None`: no limit.
    pub move_positions: Option<u64>,
}

/// The positions `solve` searches by default per player for the winning moves after the
/// first (`--move-positions`): a few times the outcome's own search on the boards where
/// listing them all costs more than that (8 x 8 Domineering and up).
pub const DEFAULT_MOVE_POSITIONS: u64 = 1 << 19;

/// A bound on the positions searches of games with `cells` cells (stones, edges) in all can
/// reach: 2^(cells + 2) (each cell taken or not, a player to move and what is left beside
/// them), or `usize::MAX` from 60 cells on. It sizes the searches' tables.
pub fn positions_of(cells: usize) -> usize {
    if cells < 60 {
        1 << (cells + 2)
    } else {
        usize::MAX
    }
}

/// The search of a sum of terms: the outcome search ([`OutcomeSearch`]) over the catalog's
/// games, which decides who wins without the canonical form.
///
/// ```
/// use grundy::app::partizan_solve::TermSearch;
/// use grundy::app::value::{read_terms, ValueOptions};
/// use grundy::partizan::OutcomeOptions;
/// use grundy::Budget;
///
/// let board = "domineering ....../....../....../....../....../......";
/// let terms = read_terms(board, &ValueOptions::default()).unwrap();
/// let mut search = TermSearch::new(Budget::new(1 << 20), OutcomeOptions::default());
/// search.expect_positions(&terms);
/// let sum = search.root_sum(&terms).unwrap();
/// // the empty 6 x 6 board is a first-player win: Left (vertical) wins moving first, and so
/// // does Right
/// assert!(search.search.wins(&sum, true).unwrap());
/// assert!(search.search.wins(&sum, false).unwrap());
/// ```
pub struct TermSearch {
    /// The search, over the catalog's games.
    pub search: OutcomeSearch<PartizanValues>,
    analyser: SumAnalyser<crate::games::Component>,
    /// Whether a part's moves were left out of a list (more than the budget).
    skipped: bool,
}

impl TermSearch {
    /// A search under `budget`.
    pub fn new(budget: Budget, options: OutcomeOptions) -> TermSearch {
        TermSearch {
            search: OutcomeSearch::new(
                PartizanValues::new(budget.clone()),
                budget.clone(),
                options,
            ),
            analyser: SumAnalyser::new(budget, 0),
            skipped: false,
        }
    }

    /// The sum of `terms` as the search holds it: the games' parts split into their regions,
    /// impartial parts and values in notation folded into the known value.
    pub fn sum(&mut self, terms: &[Term]) -> Result<SearchSum<PartizanRegion>> {
        let (regions, known) = self.regions(terms)?;
        self.search.sum(regions, known)
    }

    /// [`Self::sum`] of the position a search starts from, its regions valued with the bigger
    /// budget ([`OutcomeSearch::root_sum`]): called once before the root's moves are
    /// searched, so that the positions they leave find their parts valued.
    pub fn root_sum(&mut self, terms: &[Term]) -> Result<SearchSum<PartizanRegion>> {
        let (regions, known) = self.regions(terms)?;
        self.search.root_sum(regions, known)
    }

    /// How many positions the searches of `terms` can reach at most: a bound (2^(c + 2) for
    /// c cells, stones or edges in the games' parts, a player to move and what is left
    /// beside them), which sizes the tables ([`Self::expect_positions`]).
    pub fn positions(&self, terms: &[Term]) -> usize {
        let values = &self.search.rules;
        let cells: usize = terms
            .iter()
            .filter_map(|term| match term {
                Term::Partizan(p) => values.regions(p),
                Term::Impartial(_) => None,
            })
            .flatten()
            .map(|(region, _)| crate::partizan::outcome::SumRules::size(values, &region))
            .sum();
        positions_of(cells)
    }

    /// Sizes the search's tables for the searches of `terms` ([`Self::positions`]), before
    /// the first result is stored.
    pub fn expect_positions(&mut self, terms: &[Term]) {
        self.expect(self.positions(terms));
    }

    /// Sizes the search's tables for searches that reach at most `positions` positions.
    pub fn expect(&mut self, positions: usize) {
        self.search.expect_positions(positions);
        self.search.rules.expect_positions(positions);
    }

    /// The regions of the games' parts of `terms`, and the value of the rest.
    fn regions(&mut self, terms: &[Term]) -> Result<(Vec<(PartizanRegion, bool)>, GameId)> {
        let mut regions = Vec::new();
        let values = &mut self.search.rules;
        let mut known = values.forms.zero();
        for term in terms {
            let v = match term {
                Term::Partizan(p) => match values.regions(p) {
                    Some(r) => {
                        regions.extend(r);
                        continue;
                    }
                    None => values.value(p)?,
                },
                Term::Impartial(_) => term_value(term, values, &mut self.analyser)?,
            };
            known = values.forms.add(known, v)?;
        }
        Ok((regions, known))
    }

    /// Whether the player to move (Left when `left`) wins the sum of `terms` (after
    /// [`Self::root_sum`] of the search's root).
    pub fn wins(&mut self, terms: &[Term], left: bool) -> Result<bool> {
        let sum = self.sum(terms)?;
        self.search.wins(&sum, left)
    }

    /// The order in which to try `moves` of `left` (indices into `moves`): the search's own
    /// move order ([`OutcomeSearch::move_order`]), most promising first.
    pub fn order(&mut self, moves: &[Vec<Term>], left: bool) -> Result<Vec<usize>> {
        let mut scored = Vec::with_capacity(moves.len());
        for (i, next) in moves.iter().enumerate() {
            let sum = self.sum(next)?;
            scored.push((self.search.move_order(&sum, left)?, i));
        }
        scored.sort();
        Ok(scored.into_iter().map(|(_, i)| i).collect())
    }

    /// Whether the last list of moves left a part out (more moves than the budget).
    pub fn skipped(&self) -> bool {
        self.skipped
    }

    /// The positions (whole sums of terms) a move of `left` leaves. A part with more moves
    /// than the arena's budget (`*4000000000`) is left out, and [`Self::skipped`] says so.
    pub fn term_moves(&mut self, terms: &[Term], left: bool) -> Result<Vec<Vec<Term>>> {
        let room = self.search.rules.forms.max_forms() as u128;
        let mut out = Vec::new();
        self.skipped = false;
        for (i, term) in terms.iter().enumerate() {
            let Some(options) = term_options(&mut self.search.rules, term, left, room)? else {
                self.skipped = true;
                continue;
            };
            for option in options {
                let mut next = terms.to_vec();
                next.splice(i..=i, option);
                out.push(next);
            }
        }
        Ok(out)
    }
}

impl RootSearch for TermSearch {
    type Position = Vec<Term>;
    type Rules = PartizanValues;

    fn search(&mut self) -> &mut OutcomeSearch<PartizanValues> {
        &mut self.search
    }

    fn root_sum(&mut self, terms: &Vec<Term>) -> Result<SearchSum<PartizanRegion>> {
        TermSearch::root_sum(self, terms)
    }

    fn sum(&mut self, terms: &Vec<Term>) -> Result<SearchSum<PartizanRegion>> {
        TermSearch::sum(self, terms)
    }

    fn regions(&mut self, terms: &Vec<Term>) -> Result<(Vec<(PartizanRegion, bool)>, GameId)> {
        TermSearch::regions(self, terms)
    }

    fn wins(&mut self, terms: &Vec<Term>, left: bool) -> Result<bool> {
        TermSearch::wins(self, terms, left)
    }

    fn moves(&mut self, terms: &Vec<Term>, left: bool) -> Result<(Vec<Vec<Term>>, bool)> {
        let moves = self.term_moves(terms, left)?;
        Ok((moves, self.skipped))
    }

    fn order(&mut self, moves: &[Vec<Term>], left: bool) -> Result<Vec<usize>> {
        TermSearch::order(self, moves, left)
    }

    fn positions(&self, terms: &Vec<Term>) -> usize {
        TermSearch::positions(self, terms)
    }

    fn share_results(&mut self, table: Arc<ResultTable>) {
        self.search.rules.share_results(table);
    }

    fn use_database(&mut self, db: &Arc<Database>) {
        self.search.rules.use_database(db);
    }

    fn learnt(&mut self) -> Result<Arc<Database>> {
        let tables = self.search.rules.tables();
        let db = Database::in_memory("(the root's values)", tables, &mut self.search.rules.forms)?;
        Ok(Arc::new(db))
    }
}

/// The report of a sum from the answers to its root's subproblems (who moves, and the
/// position a move leaves, or `None` for the root itself; whether the mover wins by it): the
/// outcome (Left first wins iff some Left subproblem is won), each player's winning moves
/// (at most `max_moves`, then the list is marked cut, and why), and the value within its
/// budget.
pub fn root_report(
    terms: &[Term],
    answers: &RootAnswers<Vec<Term>>,
    options: &PartizanSolveOptions,
) -> Result<PartizanReport> {
    report_with(terms, answers, options, attempt_value(terms, options)?)
}

/// [`root_report`] with the value already attempted ([`attempt_value`]); an error when the
/// value's outcome is not the search's.
fn report_with(
    terms: &[Term],
    answers: &RootAnswers<Vec<Term>>,
    options: &PartizanSolveOptions,
    value: ValueAttempt,
) -> Result<PartizanReport> {
    let wins_first = |left: bool| {
        answers
            .subproblems
            .iter()
            .zip(&answers.wins)
            .any(|((l, _), &w)| *l == left && w)
    };
    let (left_wins, right_wins) = (wins_first(true), wins_first(false));
    let outcome = PartizanOutcome::from_first(left_wins, right_wins);
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut reason = answers.cut.clone();
    if options.max_moves == 0 && (left_wins || right_wins) {
        reason = Some("no winning move is listed (--max-moves 0)".into());
    }
    for ((left, position), &w) in answers.subproblems.iter().zip(&answers.wins) {
        if let (Some(next), true) = (position, w) {
            let list = &mut lists[usize::from(!left)];
            if list.len() == options.max_moves {
                reason.get_or_insert_with(|| listed_at_most(options.max_moves));
            } else {
                list.push(text(next));
            }
        }
    }
    if answers.skipped {
        reason.get_or_insert_with(|| "a part has more moves than can be listed".into());
    }
    let ValueAttempt {
        value,
        nimber,
        outcome: value_outcome,
        reason: value_reason,
    } = value;
    if let Some(says) = value_outcome.filter(|&says| says != outcome) {
        return Err(GrundyError::Unsupported(format!(
            "internal error: the search says {} but the value {} says {}",
            outcome.letter(),
            value.unwrap_or_default(),
            says.letter()
        )));
    }
    let [left_winning_moves, right_winning_moves] = lists;
    Ok(PartizanReport {
        position: text(terms),
        convention: "normal",
        outcome,
        value,
        value_reason,
        nimber,
        left_winning_moves,
        right_winning_moves,
        truncated: reason.is_some(),
        truncated_reason: reason,
    })
}

/// What the value engine found of a sum within its budget.
#[derive(Clone, Debug, Default)]
pub struct ValueAttempt {
    /// The canonical form, when found.
    pub value: Option<String>,
    /// The nimber it is, if one.
    pub nimber: Option<u32>,
    /// Its outcome, when found (checked against the search's).
    pub outcome: Option<PartizanOutcome>,
    /// Why there is no value: not asked for, or the budget it needed.
    pub reason: Option<String>,
}

/// The sum's canonical form if the value engine finds it within `options.value_states`, the
/// nimber it is (if one) and its outcome; else why not.
pub fn attempt_value(terms: &[Term], options: &PartizanSolveOptions) -> Result<ValueAttempt> {
    let Some(states) = options.value_states else {
        return Ok(ValueAttempt {
            reason: Some("not computed (--no-value)".to_string()),
            ..ValueAttempt::default()
        });
    };
    let budget = Budget::new(states).with_cancel(options.budget.cancel().clone());
    let mut values = PartizanValues::new(budget);
    if let Some(db) = &options.database {
        values.use_database(db);
    }
    match ValuedSum::new(terms.to_vec(), values) {
        Ok(mut sum) => Ok(ValueAttempt {
            value: Some(sum.values.forms.to_string(sum.total)),
            nimber: sum.values.forms.as_nimber(sum.total),
            outcome: Some(sum.values.forms.outcome(sum.total)),
            reason: None,
        }),
        Err(GrundyError::StateLimit { limit, .. }) => Ok(ValueAttempt {
            reason: Some(format!(
                "the canonical form needs more than {limit} stored positions (--value-states)"
            )),
            ..ValueAttempt::default()
        }),
        Err(e) => Err(e),
    }
}

/// Text of a sum of terms (`0` when empty).
pub fn text(terms: &[Term]) -> String {
    if terms.is_empty() {
        "0".into()
    } else {
        Term::sum_to_string(terms)
    }
}

/// Solves a sum with a partizan part by search: its outcome class and each player's winning
/// moves, and its canonical form when the value engine finds it within
/// `options.value_states` (otherwise `value` is `None` and `value_reason` says why).
pub fn solve_by_search(
    terms: Vec<Term>,
    options: &PartizanSolveOptions,
) -> Result<(PartizanReport, OutcomeStats)> {
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let make = |search: OutcomeOptions| {
        let mut ts = TermSearch::new(options.budget.clone(), search);
        if let Some(db) = &options.database {
            ts.search.rules.use_database(db);
        }
        ts
    };
    // the value is attempted on a thread of its own beside the search (on a big board it
    // fails after its budget, which takes about as long as the search)
    std::thread::scope(|scope| {
        let value = scope.spawn(|| attempt_value(&terms, options));
        let searched = answers_of(&terms, options, threads, &make);
        let value = value.join().expect("the value thread panicked");
        let answers = searched?;
        let report = report_with(&terms, &answers, options, value?)?;
        Ok((report, answers.stats))
    })
}

/// The root's answers of [`solve_by_search`]: on threads (one search when one thread is asked for),
/// then the winning moves after the one each player's game's own search named.
fn answers_of(
    terms: &Vec<Term>,
    options: &PartizanSolveOptions,
    threads: usize,
    make: &(dyn Fn(OutcomeOptions) -> TermSearch + Sync),
) -> Result<RootAnswers<Vec<Term>>> {
    let mut answers = None;
    if threads > 1 {
        let root = RootOptions {
            budget: options.budget.clone(),
            max_moves: options.max_moves,
            search: options.search,
            progress: options.progress.clone(),
            checkpoint: options.checkpoint.clone(),
            text: text(terms),
        };
        answers = answer_on_threads(terms, make, &root, threads)?;
    }
    let mut answers = match answers {
        Some(answers) => answers,
        None => {
            let mut ts = make(options.search);
            ts.expect_positions(terms);
            search_checkpointed(
                &mut ts,
                terms,
                &text(terms),
                options.max_moves,
                options.checkpoint.as_ref(),
                options.progress.as_ref(),
            )?
        }
    };
    // the winning moves after the one each player's game's own search named: by a search of
    // their own, the same on every run
    if answers.named.contains(&true) {
        let mut ts = make(options.search);
        ts.expect_positions(terms);
        more_winning_moves(
            &mut ts,
            terms,
            &mut answers,
            options.max_moves,
            options.move_positions,
        )?;
    }
    Ok(answers)
}

/// Outcome, canonical form and each player's winning moves of a partizan sum.
///
/// ```
/// use grundy::app::partizan_solve::solve_partizan;
/// use grundy::app::value::ValueOptions;
/// let r = solve_partizan("domineering ../.. + nim 1", &ValueOptions::default()).unwrap();
/// assert_eq!(r.value.as_deref(), Some("{1*|-1*}"));
/// assert_eq!(r.outcome.letter(), "N");
/// assert_eq!(r.left_winning_moves, vec!["domineering #./#. + nim 1", "domineering .#/.# + nim 1"]);
/// ```
pub fn solve_partizan(text: &str, options: &ValueOptions) -> Result<PartizanReport> {
    solve_valued(value_sum(text, options)?, options.max_moves)
}

/// [`solve_partizan`] of a sum already read and valued; at most `max_moves` winning moves
/// listed per player.
pub fn solve_valued(mut sum: ValuedSum, max_moves: usize) -> Result<PartizanReport> {
    let (left, lt) = winning_moves(&mut sum, true, max_moves)?;
    let (right, rt) = winning_moves(&mut sum, false, max_moves)?;
    let total = sum.total;
    sum.values.forms.status()?;
    Ok(PartizanReport {
        position: Term::sum_to_string(&sum.terms),
        convention: "normal",
        outcome: sum.values.forms.outcome(total),
        value: Some(sum.values.forms.to_string(total)),
        value_reason: None,
        nimber: sum.values.forms.as_nimber(total),
        left_winning_moves: left,
        right_winning_moves: right,
        truncated: lt || rt,
        truncated_reason: (lt || rt).then(|| listed_at_most(max_moves)),
    })
}
