//! [`SumAnalyser`]: the one way `solve`, `play`, the server and Python answer a sum. It picks
//! the method for the sum and the convention:
//!
//! - a part of value ∞ (a game-graph position on a cycle): Smith's rules
//!   ([`analyse_loopy_sum`]);
//! - normal play: the Sprague-Grundy theorem, closed forms where the parts have them
//!   ([`SumSolver`]);
//! - misère play of heaps of one game ([`ImpartialGame::heap`], octal games): the misère
//!   quotient of its heaps ([`misere_quotient`]), after a short search when there are few
//!   heaps; the quotient is kept, so the positions of a game in play reuse it;
//! - any other misère sum: the misère Nim rule or the search over atoms ([`SumSolver`]).
//!
//! ```
//! use grundy::games::Component;
//! use grundy::solve::analyse::SumAnalyser;
//! use grundy::{Convention, Outcome};
//! // sixteen heaps of 0.75, misère: through its quotient (8 elements), at once
//! let text: Vec<String> = (1..=16).map(|n| format!("octal 0.75 {n}")).collect();
//! let parts = grundy::parse_sum(&text.join(" + ")).unwrap();
//! let mut analyser = SumAnalyser::new(1_000_000, 100);
//! let analysis = analyser.analyse(&parts, Convention::Misere).unwrap();
//! assert_eq!(analyser.outcome(&parts, Convention::Misere).unwrap(), analysis.outcome);
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::nimber::{Convention, Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::solve::quotient::{misere_quotient, quotient_answer, sum_element, MisereQuotient};
use crate::solve::smith::{analyse_loopy_sum, has_infinite_part, loopy_sum_outcome};
use crate::solve::sum::{change_key, replace, Analysis, SumSolver};
use std::collections::{HashMap, HashSet};
use std::fmt::Display;

/// Misère sums of at least this many heaps of one game go through its misère quotient first;
/// smaller ones are searched first with [`QUICK_SEARCH_STATES`], then through the quotient if
/// that search is cut (or at once, when the quotient is already known).
pub const QUOTIENT_MIN_HEAPS: usize = 6;
/// The budget of the first, short search of a misère sum of a few heaps of one game.
pub const QUICK_SEARCH_STATES: usize = 200_000;
/// The largest heap for which a quotient is tried.
pub const QUOTIENT_MAX_HEAP: u64 = 40;
/// The most elements such a quotient may have, and the most positions its searches may store
/// (a quotient out of reach must fail fast: the search is the fallback).
const QUOTIENT_MAX_ORDER: usize = 1000;
const QUOTIENT_MAX_STATES: usize = 500_000;

/// What the analyser says of a sum, whichever method found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumAnalysis<G> {
    /// The convention the analysis is for.
    pub convention: Convention,
    /// N (the player to move wins), P, or D (a draw: a sum with a part of value ∞).
    pub outcome: Outcome,
    /// The normal-play Grundy value; `None` under misère play, when it is ∞, or when out of
    /// reach.
    pub grundy: Option<Nimber>,
    /// The escape set K when the sum's value is ∞(K).
    pub escapes: Option<Vec<u64>>,
    /// Every winning move, as the whole position it leaves.
    pub winning_moves: Vec<Vec<G>>,
    /// For a draw, every move that keeps the draw.
    pub drawing_moves: Option<Vec<Vec<G>>>,
    /// True when a list of moves was cut at the limit.
    pub truncated: bool,
    /// Why the value is unknown or the list of moves may be incomplete.
    pub unknown: Option<String>,
}

impl<G> From<Analysis<G>> for SumAnalysis<G> {
    fn from(a: Analysis<G>) -> Self {
        SumAnalysis {
            convention: a.convention,
            outcome: a.outcome,
            grundy: a.grundy,
            escapes: None,
            winning_moves: a.winning_moves,
            drawing_moves: None,
            truncated: a.truncated,
            unknown: a.unknown,
        }
    }
}

/// A quotient tried for one game: found (covering heaps up to its `heaps()`), or out of reach
/// from this heap on.
#[derive(Debug)]
enum Tried {
    Found(MisereQuotient),
    OutOfReach(u64),
}

/// Answers sums: outcome, value and every winning move, by the method that fits (see the
/// module). Keeps its memos (Grundy values, misère positions, quotients) across queries.
///
/// **Complexity**: that of the method chosen; every search is bounded by `max_states`.
#[derive(Debug)]
pub struct SumAnalyser<G: ImpartialGame + Ord> {
    solver: SumSolver<G>,
    /// The short searches of misère sums of a few heaps of one game, with their own small
    /// memo: shared by every query (the options of a position in play reuse it), and once
    /// full it fails at once, so the quotient answers.
    quick: SumSolver<G>,
    budget: Budget,
    max_moves: usize,
    /// Quotients by game (the game's heap 0).
    quotients: HashMap<G, Tried>,
}

impl<G: ImpartialGame + Ord + Display> SumAnalyser<G> {
    /// An analyser whose searches store at most `max_states` positions each and which lists at
    /// most `max_moves` winning (and drawing) moves.
    /// `max_states` is a [`Budget`] (or a bare limit): its flag stops every search.
    pub fn new(max_states: impl Into<Budget>, max_moves: usize) -> Self {
        let budget: Budget = max_states.into();
        SumAnalyser {
            solver: SumSolver::new(budget.clone(), max_moves),
            quick: SumSolver::new(
                budget.with_max_states(budget.max_states().min(QUICK_SEARCH_STATES)),
                max_moves,
            ),
            budget,
            max_moves,
            quotients: HashMap::new(),
        }
    }

    /// The sum of `parts` under `convention`: outcome, value, every winning move.
    ///
    /// Fails with [`GrundyError::StateLimit`] only when not even the outcome can be decided,
    /// and with [`GrundyError::Unsupported`] for misère play of a part of value ∞.
    pub fn analyse(&mut self, parts: &[G], convention: Convention) -> Result<SumAnalysis<G>> {
        if has_infinite_part(parts) {
            refuse_misere_loopy(convention)?;
            let a = analyse_loopy_sum(parts, &mut self.solver.grundy, self.max_moves)?;
            return Ok(SumAnalysis {
                convention,
                outcome: a.outcome,
                grundy: None,
                escapes: Some(a.escapes),
                winning_moves: a.winning_moves,
                drawing_moves: (a.outcome == Outcome::D).then_some(a.drawing_moves),
                truncated: a.truncated,
                unknown: a.unknown,
            });
        }
        if convention == Convention::Misere {
            if let Some((game, heaps)) = heaps_of_one_game(parts, 2) {
                if heaps.len() < QUOTIENT_MIN_HEAPS && !self.knows_quotient(&game, &heaps) {
                    match self.quick.analyse(parts, convention) {
                        Ok(analysis) => return Ok(analysis.into()),
                        Err(GrundyError::StateLimit { .. }) => {}
                        Err(e) => return Err(e),
                    }
                }
                if let Some(analysis) = self.by_quotient(parts, &game, &heaps) {
                    return Ok(analysis);
                }
            }
        }
        Ok(self.solver.analyse(parts, convention)?.into())
    }

    /// Only the outcome of the sum of `parts`, by the same methods as
    /// [`SumAnalyser::analyse`] (what a play session asks of every option).
    pub fn outcome(&mut self, parts: &[G], convention: Convention) -> Result<Outcome> {
        if parts.iter().any(|p| p.loopy_value().is_some()) {
            refuse_misere_loopy(convention)?;
            return loopy_sum_outcome(parts, &mut self.solver.grundy);
        }
        if convention == Convention::Misere {
            if let Some((game, heaps)) = heaps_of_one_game(parts, 1) {
                if heaps.len() >= QUOTIENT_MIN_HEAPS || self.knows_quotient(&game, &heaps) {
                    if let Some(q) = self.quotient(&game, max_heap(&heaps)) {
                        return Ok(quotient_outcome(q, &heaps));
                    }
                } else {
                    match self.quick.outcome(parts, convention) {
                        Ok(outcome) => return Ok(outcome),
                        Err(GrundyError::StateLimit { .. }) => {}
                        Err(e) => return Err(e),
                    }
                    if let Some(q) = self.quotient(&game, max_heap(&heaps)) {
                        return Ok(quotient_outcome(q, &heaps));
                    }
                }
            }
        }
        self.solver.outcome(parts, convention)
    }

    /// True when the quotient of `game` covering `heaps` is already known.
    fn knows_quotient(&self, game: &G, heaps: &[u64]) -> bool {
        matches!(self.quotients.get(game), Some(Tried::Found(q)) if q.heaps() as u64 >= max_heap(heaps))
    }

    /// The misère quotient of `game` (its heap 0) covering heaps up to `largest`, found once;
    /// `None` when out of reach within the quotient's limits.
    fn quotient(&mut self, game: &G, largest: u64) -> Option<&MisereQuotient> {
        let known = match self.quotients.get(game) {
            Some(Tried::Found(q)) => q.heaps() as u64 >= largest,
            Some(Tried::OutOfReach(from)) => {
                if *from <= largest {
                    return None;
                }
                false
            }
            None => false,
        };
        if !known {
            let heaps: Option<Vec<G>> = (0..=largest).map(|n| game.with_heap(n)).collect();
            let tried = match heaps.map(|heaps| {
                misere_quotient(
                    &heaps,
                    QUOTIENT_MAX_ORDER,
                    self.budget
                        .with_max_states(self.budget.max_states().min(QUOTIENT_MAX_STATES)),
                )
            }) {
                Some(Ok(q)) => Tried::Found(q),
                _ => Tried::OutOfReach(largest),
            };
            self.quotients.insert(game.clone(), tried);
        }
        match self.quotients.get(game) {
            Some(Tried::Found(q)) => Some(q),
            _ => None,
        }
    }

    /// A misère sum of heaps of one game answered by multiplying elements of its quotient;
    /// `None` when the quotient is out of reach (the search answers instead).
    // Parts compare by game and position only; their interior mutability is the value tables'
    // one-time cache, which never changes a key.
    #[allow(clippy::mutable_key_type)]
    fn by_quotient(&mut self, parts: &[G], game: &G, heaps: &[u64]) -> Option<SumAnalysis<G>> {
        // the moves of each heap size, as the heap sizes they leave
        let mut moves: HashMap<u64, Vec<Vec<u64>>> = HashMap::new();
        for &n in heaps {
            if let std::collections::hash_map::Entry::Vacant(e) = moves.entry(n) {
                let options = game
                    .with_heap(n)?
                    .options()
                    .into_iter()
                    .map(|left| left.iter().map(ImpartialGame::heap).collect())
                    .collect::<Option<Vec<Vec<u64>>>>()?;
                e.insert(options);
            }
        }
        let max_moves = self.max_moves;
        let quotient = self.quotient(game, max_heap(heaps))?;
        let answer = quotient_answer(quotient, heaps, |n| moves[&n].clone());
        // moves that leave the same game (they differ only by heaps without a move, or move
        // equal heaps alike) are listed once
        let mut seen = HashSet::new();
        let mut winning_moves = Vec::new();
        let mut truncated = false;
        for (i, left) in &answer.winning_moves {
            let left: Vec<G> = left
                .iter()
                .map(|&h| game.with_heap(h).expect("a heap game"))
                .collect();
            if !seen.insert(change_key(&parts[*i], &left)) {
                continue;
            }
            if winning_moves.len() == max_moves {
                truncated = true;
                break;
            }
            winning_moves.push(replace(parts, *i, left));
        }
        Some(SumAnalysis {
            convention: Convention::Misere,
            outcome: answer.outcome,
            grundy: None,
            escapes: None,
            winning_moves,
            drawing_moves: None,
            truncated,
            unknown: None,
        })
    }
}

fn refuse_misere_loopy(convention: Convention) -> Result<()> {
    if convention == Convention::Misere {
        return Err(GrundyError::Unsupported(
            "misère play of a sum with a game-graph part is not supported".into(),
        ));
    }
    Ok(())
}

fn max_heap(heaps: &[u64]) -> u64 {
    heaps.iter().copied().max().unwrap_or(0)
}

/// The outcome of the misère sum of `heaps` through `quotient` (which covers them).
fn quotient_outcome(quotient: &MisereQuotient, heaps: &[u64]) -> Outcome {
    if quotient.is_p(sum_element(quotient, heaps)) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The game (its heap 0) and the heap sizes of `parts` if they are all heaps of one game, at
/// least `min_heaps` of them, none larger than [`QUOTIENT_MAX_HEAP`].
pub fn heaps_of_one_game<G: ImpartialGame>(parts: &[G], min_heaps: usize) -> Option<(G, Vec<u64>)> {
    if parts.len() < min_heaps {
        return None;
    }
    let first = parts.first()?;
    let mut heaps = Vec::with_capacity(parts.len());
    for part in parts {
        let heap = part.heap()?;
        if heap > QUOTIENT_MAX_HEAP || !part.same_heap_game(first) {
            return None;
        }
        heaps.push(heap);
    }
    Some((first.with_heap(0)?, heaps))
}
