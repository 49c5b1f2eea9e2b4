//! `grundy solve` on a sum with a partizan part: who wins and every winning move, found by the
//! outcome search ([`OutcomeSearch`]) without the sum's canonical form; the canonical form is
//! added when the value engine finds it within its own budget.

use crate::app::parse::Term;
use crate::app::search_progress::{self, ProgressSink, SearchCheckpoint, SearchProgress};
use crate::app::value::{term_options, term_value, PartizanSolveReport, ValuedSum};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanRegion, PartizanValues};
use crate::partizan::database::Database;
use crate::partizan::{OutcomeOptions, OutcomeSearch, OutcomeStats, PartizanOutcome, SearchSum};
use crate::solve::analyse::SumAnalyser;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
}

/// The search of a sum of terms.
pub struct TermSearch {
    /// The search, over the catalog's games.
    pub search: OutcomeSearch<PartizanValues>,
    analyser: SumAnalyser<crate::games::Component>,
    /// Whether a part's moves were left out of a list (more than the budget).
    skipped: bool,
    /// Where [`Self::winning_moves`] records how many root moves it has decided.
    root: Option<Rc<RefCell<SearchProgress>>>,
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
            root: None,
        }
    }

    /// The sum of `terms` as the search holds it: the games' parts split into their regions,
    /// impartial parts and values in notation folded into the known value.
    pub fn sum(&mut self, terms: &[Term]) -> Result<SearchSum<PartizanRegion>> {
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
        self.search.sum(regions, known)
    }

    /// Whether the player to move (Left when `left`) wins the sum of `terms`.
    pub fn wins(&mut self, terms: &[Term], left: bool) -> Result<bool> {
        let sum = self.sum(terms)?;
        self.search.wins(&sum, left)
    }

    /// The positions (whole sums of terms) a move of `left` leaves. A part with more moves
    /// than the arena's budget (`*4000000000`) is left out, and the flag `skipped` raised.
    pub fn term_moves(&mut self, terms: &[Term], left: bool) -> Result<Vec<Vec<Term>>> {
        let room = self.search.rules.forms.max_forms() as u128;
        let mut out = Vec::new();
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

    /// Each winning move of `left` moving first (the whole positions they leave), at most
    /// `limit` (then the flag says the list was cut).
    pub fn winning_moves(
        &mut self,
        terms: &[Term],
        left: bool,
        limit: usize,
    ) -> Result<(Vec<Vec<Term>>, bool)> {
        let mut out = Vec::new();
        self.skipped = false;
        let moves = self.term_moves(terms, left)?;
        let total = moves.len();
        for (done, next) in moves.into_iter().enumerate() {
            if let Some(root) = &self.root {
                root.borrow_mut().root_moves = Some((done, total));
            }
            if !self.wins(&next, !left)? {
                if out.len() == limit {
                    return Ok((out, true));
                }
                out.push(next);
            }
        }
        Ok((out, self.skipped))
    }
}

/// Has the search report its progress (about once a second) and save its checkpoint (every
/// `checkpoint.every`), as `options` ask.
fn watch(
    ts: &mut TermSearch,
    options: &PartizanSolveOptions,
    position: &str,
    root: &Rc<RefCell<SearchProgress>>,
) {
    let progress = options.progress.clone();
    let checkpoint = options.checkpoint.clone();
    let tick = match (&progress, &checkpoint) {
        (None, None) => return,
        (Some(_), None) => Duration::from_secs(1),
        (None, Some(c)) => c.every,
        (Some(_), Some(c)) => c.every.min(Duration::from_secs(1)),
    };
    let mut last_save = Instant::now();
    let position = position.to_string();
    let root = Rc::clone(root);
    ts.search.watch(
        tick,
        Box::new(move |search| {
            let stats = search.stats();
            let mut report = {
                let mut root = root.borrow_mut();
                let report = root.clone();
                // the resumed count is said once
                root.resumed = None;
                report
            };
            report.nodes = stats.nodes;
            report.stored = stats.stored;
            report.capacity = search.table_capacity() as u64;
            if let Some(c) = checkpoint
                .as_ref()
                .filter(|c| last_save.elapsed() >= c.every)
            {
                report.saved = Some(search_progress::save(
                    &c.path,
                    &position,
                    &report.answered,
                    |w| search.write_table(w),
                )?);
                last_save = Instant::now();
            }
            if let Some(p) = &progress {
                (p.0)(&report);
            }
            Ok(())
        }),
    );
}

/// Text of a sum of terms (`0` when empty).
fn text(terms: &[Term]) -> String {
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
) -> Result<(PartizanSolveReport, OutcomeStats)> {
    let mut ts = TermSearch::new(options.budget.clone(), options.search);
    if let Some(db) = &options.database {
        ts.search.rules.use_database(db);
    }
    let position = text(&terms);
    let root = Rc::new(RefCell::new(SearchProgress::default()));
    if let Some(c) = &options.checkpoint {
        let search = &mut ts.search;
        if let Some((answered, read)) =
            search_progress::resume(&c.path, &position, |r| search.read_table(r))?
        {
            let mut root = root.borrow_mut();
            root.answered = answered;
            if let Some(p) = &options.progress {
                let report = SearchProgress {
                    stored: ts.search.stats().stored,
                    capacity: ts.search.table_capacity() as u64,
                    resumed: Some(read),
                    ..root.clone()
                };
                (p.0)(&report);
            }
        }
    }
    watch(&mut ts, options, &position, &root);
    let stage = |stage: &str, moves: Option<(usize, usize)>| {
        let mut root = root.borrow_mut();
        root.stage = stage.to_string();
        root.root_moves = moves;
    };
    let answer = |question: &str, wins: bool| {
        let mut root = root.borrow_mut();
        let line = format!("{question}: {}", if wins { "win" } else { "loss" });
        if !root.answered.contains(&line) {
            root.answered.push(line);
        }
    };
    let searched = (|| {
        // Left first and Right first
        stage("Left first", None);
        let left_wins = ts.wins(&terms, true)?;
        answer("Left first", left_wins);
        stage("Right first", None);
        let right_wins = ts.wins(&terms, false)?;
        answer("Right first", right_wins);
        ts.root = Some(Rc::clone(&root));
        stage("Left's winning moves", None);
        let left = ts.winning_moves(&terms, true, options.max_moves)?;
        stage("Right's winning moves", None);
        let right = ts.winning_moves(&terms, false, options.max_moves)?;
        stage("", None);
        Ok((left_wins, right_wins, left, right))
    })();
    // saved at the end, and when stopped (a time limit, an interrupt), so that no work is lost
    if let Some(c) = &options.checkpoint {
        if matches!(searched, Ok(_) | Err(GrundyError::Cancelled)) {
            let answered = root.borrow().answered.clone();
            let search = &ts.search;
            search_progress::save(&c.path, &position, &answered, |w| search.write_table(w))?;
        }
    }
    let (left_wins, right_wins, (left, lt), (right, rt)) = searched?;
    let outcome = match (left_wins, right_wins) {
        (true, true) => PartizanOutcome::N,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::P,
    };
    let stats = ts.search.stats();
    let (value, value_reason) = match options.value_states {
        None => (None, Some("not computed (--no-value)".to_string())),
        Some(states) => {
            let budget = Budget::new(states).with_cancel(options.budget.cancel().clone());
            let mut values = PartizanValues::new(budget);
            if let Some(db) = &options.database {
                values.use_database(db);
            }
            match ValuedSum::new(terms.clone(), values) {
                Ok(mut sum) => {
                    let v = sum.values.forms.to_string(sum.total);
                    if sum.values.forms.outcome(sum.total) != outcome {
                        return Err(GrundyError::Unsupported(format!(
                            "internal error: the search says {} but the value {v} says {}",
                            outcome.letter(),
                            sum.values.forms.outcome(sum.total).letter()
                        )));
                    }
                    (Some(v), None)
                }
                Err(GrundyError::StateLimit { limit, .. }) => (
                    None,
                    Some(format!(
                        "the canonical form needs more than {limit} stored positions (--value-states)"
                    )),
                ),
                Err(e) => return Err(e),
            }
        }
    };
    Ok((
        PartizanSolveReport {
            position,
            convention: "normal",
            outcome,
            value,
            value_reason,
            left_winning_moves: left.iter().map(|t| text(t)).collect(),
            right_winning_moves: right.iter().map(|t| text(t)).collect(),
            truncated: lt || rt,
        },
        stats,
    ))
}
