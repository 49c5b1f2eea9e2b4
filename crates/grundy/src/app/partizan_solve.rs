//! `grundy solve` on a sum with a partizan part: who wins and every winning move, found by the
//! outcome search ([`OutcomeSearch`]) without the sum's canonical form; the canonical form is
//! added when the value engine finds it within its own budget.

use crate::app::parse::Term;
use crate::app::value::{term_options, term_value, PartizanSolveReport, ValuedSum};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanRegion, PartizanValues};
use crate::partizan::{OutcomeOptions, OutcomeSearch, OutcomeStats, PartizanOutcome, SearchSum};
use crate::solve::analyse::SumAnalyser;

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
}

/// The search of a sum of terms.
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
        for next in self.term_moves(terms, left)? {
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
    // Left first and Right first
    let left_wins = ts.wins(&terms, true)?;
    let right_wins = ts.wins(&terms, false)?;
    let outcome = match (left_wins, right_wins) {
        (true, true) => PartizanOutcome::N,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::P,
    };
    let (left, lt) = ts.winning_moves(&terms, true, options.max_moves)?;
    let (right, rt) = ts.winning_moves(&terms, false, options.max_moves)?;
    let stats = ts.search.stats();
    let (value, value_reason) = match options.value_states {
        None => (None, Some("not computed (--no-value)".to_string())),
        Some(states) => {
            let budget = Budget::new(states).with_cancel(options.budget.cancel().clone());
            match ValuedSum::new(terms.clone(), PartizanValues::new(budget)) {
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
            position: text(&terms),
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
