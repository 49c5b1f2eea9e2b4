//! Disjunctive sums of games: outcome, Grundy value and every winning move, in normal or misère
//! play.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::{Convention, Outcome, SumSolver};
//! // nim 1 2 4: value 7, and one winning move in the heap of 4 (to 3)
//! let mut solver = SumSolver::new(1000, 10);
//! let parts = [Nim::new(vec![1]), Nim::new(vec![2]), Nim::new(vec![4])];
//! let a = solver.analyse(&parts, Convention::Normal).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! assert_eq!(a.winning_moves.len(), 1);
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::nimber::{Convention, Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::solve::grundy::GrundySolver;
use crate::solve::misere::MisereSolver;
use std::collections::{HashMap, HashSet};

/// What grundy knows about a sum: its outcome, its Grundy value, and every move to a P position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<G> {
    /// The convention the analysis is for.
    pub convention: Convention,
    /// N if the player to move wins.
    pub outcome: Outcome,
    /// The normal-play Grundy value; `None` under misère play, or when it is not known within
    /// the state limit (the outcome then comes from a closed form).
    pub grundy: Option<Nimber>,
    /// Every winning move, each as the whole position it leaves (the moved component replaced by
    /// the parts it leaves), in component order then in each game's order, without duplicates.
    pub winning_moves: Vec<Vec<G>>,
    /// True if there were more winning moves than the limit and the list was cut.
    pub truncated: bool,
    /// Why the Grundy value is unknown, or why some moves could not be classified (then
    /// `winning_moves` lists only the moves that closed forms prove winning).
    pub unknown: Option<String>,
}

/// Solves sums of positions of one game type (use an enum, as the catalog's `games::Component`
/// does, to add up different games).
///
/// **Normal play** rests on the Sprague-Grundy theorem: the sum's value is the xor `g` of its
/// parts' values, and a move of part `i` (value `h`) wins iff it reaches value `h xor g`. Parts
/// whose value is out of reach cancel in equal pairs (`A + A = 0`); a lone such part is decided
/// by its closed-form outcome when the rest adds up to 0.
/// **Misère play**: sums of Nim heaps by the misère Nim rule, anything else by search over the
/// multiset of parts (see [`MisereSolver`]).
///
/// **Complexity**: normal play costs the parts' Grundy values plus, per part, the listing of its
/// moves to the one target value; misère search is bounded by `max_states`.
///
/// ```
/// use grundy::{SumSolver, Convention, Outcome, Nimber};
/// use grundy::games::Component;
///
/// let mut solver = SumSolver::new(1_000_000, 1000);
/// let position = grundy::parse_sum("nim 3 4 5 + wythoff 3 5").unwrap();
/// let analysis = solver.analyse(&position, Convention::Normal).unwrap();
/// assert_eq!(analysis.outcome, Outcome::N);
/// assert_eq!(analysis.grundy, Some(Nimber(2)));
/// let moves: Vec<String> = analysis.winning_moves.iter().map(|m| Component::sum_to_string(m)).collect();
/// assert_eq!(moves, ["nim 1 4 5 + wythoff 3 5", "nim 3 4 5 + wythoff 3 4", "nim 3 4 5 + wythoff 0 2"]);
/// ```
#[derive(Debug)]
pub struct SumSolver<G: ImpartialGame + Ord> {
    /// The Grundy engine (and its memo) shared by every query.
    pub grundy: GrundySolver<G>,
    misere: MisereSolver<G>,
    max_moves: usize,
}

impl<G: ImpartialGame + Ord> SumSolver<G> {
    /// A solver whose searches store at most `max_states` positions each and which lists at most
    /// `max_moves` winning moves.
    /// `max_states` is a [`Budget`] (or a bare limit): its flag stops every search.
    pub fn new(max_states: impl Into<Budget>, max_moves: usize) -> Self {
        let budget = max_states.into();
        SumSolver {
            grundy: GrundySolver::new(budget.clone()),
            misere: MisereSolver::new(budget),
            max_moves,
        }
    }

    /// Analyses the sum of `parts` under `convention`.
    ///
    /// Fails with [`GrundyError::StateLimit`] only when not even the outcome can be decided.
    pub fn analyse(&mut self, parts: &[G], convention: Convention) -> Result<Analysis<G>> {
        match convention {
            Convention::Normal => self.analyse_normal(parts),
            Convention::Misere => self.analyse_misere(parts),
        }
    }

    /// Only the outcome of the sum of `parts`, without its winning moves: the xor of the parts'
    /// values (normal play), the misère Nim rule or the misère search (misère play). A sum
    /// whose values are out of reach falls back on [`SumSolver::analyse`], which can still
    /// decide it when the unknown parts cancel in pairs.
    pub fn outcome(&mut self, parts: &[G], convention: Convention) -> Result<Outcome> {
        match convention {
            Convention::Normal => {
                let mut total = Nimber::ZERO;
                for part in parts {
                    match self.grundy.grundy(part) {
                        Ok(g) => total += g,
                        Err(GrundyError::StateLimit { .. }) => {
                            let keep = std::mem::replace(&mut self.max_moves, 0);
                            let analysis = self.analyse_normal(parts);
                            self.max_moves = keep;
                            return Ok(analysis?.outcome);
                        }
                        Err(e) => return Err(e),
                    }
                }
                Ok(total.outcome())
            }
            Convention::Misere => {
                let key = position_key(parts);
                let heaps: Option<Vec<u64>> = key.iter().map(|a| a.as_nim_heap()).collect();
                let mover_wins = match heaps {
                    Some(heaps) => misere_nim_mover_wins(&heaps),
                    None => self.misere.mover_wins(key)?,
                };
                Ok(Outcome::from_mover_wins(mover_wins))
            }
        }
    }

    fn analyse_normal(&mut self, parts: &[G]) -> Result<Analysis<G>> {
        let mut unknown: Option<GrundyError> = None;
        let mut values = Vec::with_capacity(parts.len());
        for part in parts {
            values.push(limit_to_none(self.grundy.grundy(part), &mut unknown)?);
        }
        // Parts of unknown value cancel in equal pairs; `odd` holds one of each unpaired kind.
        let mut counts: HashMap<G, usize> = HashMap::new();
        for (part, value) in parts.iter().zip(&values) {
            if value.is_none() {
                *counts.entry(part.canonical()).or_default() += 1;
            }
        }
        let odd: Vec<usize> = (0..parts.len())
            .filter(|&i| values[i].is_none())
            .filter(|&i| counts[&parts[i].canonical()] % 2 == 1)
            .filter(|&i| (0..i).all(|j| parts[j].canonical() != parts[i].canonical()))
            .collect();
        let known: Nimber = values.iter().flatten().copied().sum();
        let grundy = odd.is_empty().then_some(known);
        let outcome = match (grundy, odd.as_slice()) {
            (Some(g), _) => g.outcome(),
            (None, &[lone]) if known.is_zero() => self.grundy.outcome(&parts[lone])?,
            _ => {
                return Err(unknown.unwrap_or_else(|| GrundyError::StateLimit {
                    limit: self.grundy.max_states(),
                    what: "deciding the sum".into(),
                }))
            }
        };
        let mut moves = MoveList::new(self.max_moves);
        let mut incomplete = false;
        if outcome == Outcome::N {
            for (i, part) in parts.iter().enumerate() {
                if moves.full() {
                    break;
                }
                if (0..i).any(|j| parts[j].canonical() == part.canonical()) || part.is_terminal() {
                    continue; // the same moves from an equal part give the same positions
                }
                let target = match (grundy, values[i]) {
                    (Some(g), Some(h)) => g + h,
                    // the lone part of unknown value, the rest adding up to 0: move it to 0
                    (None, None) if odd == [i] => Nimber::ZERO,
                    _ => {
                        incomplete = true;
                        continue;
                    }
                };
                let room = moves.room();
                let found =
                    limit_to_none(self.grundy.moves_to_value(part, target, room), &mut unknown)?;
                incomplete |= found.is_none();
                for parts_left in found.into_iter().flatten() {
                    moves.push(replace(parts, i, parts_left));
                }
            }
        }
        let unknown = if grundy.is_none() || incomplete {
            Some(unknown.map_or_else(|| "a value is out of reach".into(), |e| e.to_string()))
        } else {
            None
        };
        Ok(Analysis {
            convention: Convention::Normal,
            outcome,
            grundy,
            truncated: moves.truncated,
            winning_moves: moves.list,
            unknown,
        })
    }

    fn analyse_misere(&mut self, parts: &[G]) -> Result<Analysis<G>> {
        let key = position_key(parts);
        let mut moves = MoveList::new(self.max_moves);
        let heaps: Option<Vec<u64>> = key.iter().map(|a| a.as_nim_heap()).collect();
        let outcome = if let Some(heaps) = heaps {
            // Misère Nim: its P positions are "all heaps <= 1, an odd number of 1s" and "some
            // heap >= 2, xor 0"; the winning moves are the normal-play moves to value 0 that
            // leave a heap >= 2 and the moves to value 1 that leave only heaps <= 1.
            let outcome = Outcome::from_mover_wins(misere_nim_mover_wins(&heaps));
            if outcome == Outcome::N {
                let total: Nimber = heaps.iter().map(|&h| Nimber(h)).sum();
                for (i, part) in parts.iter().enumerate() {
                    if (0..i).any(|j| parts[j].canonical() == part.canonical()) {
                        continue;
                    }
                    let h = self.grundy.grundy(part)?;
                    for (target, big) in [(Nimber(0), true), (Nimber(1), false)] {
                        for parts_left in
                            self.grundy
                                .moves_to_value(part, total + h + target, usize::MAX)?
                        {
                            let after = replace(parts, i, parts_left);
                            let has_big = position_key(&after)
                                .iter()
                                .any(|a| a.as_nim_heap().is_some_and(|h| h >= 2));
                            if has_big == big {
                                moves.push(after);
                            }
                        }
                    }
                }
            }
            outcome
        } else {
            let outcome = Outcome::from_mover_wins(self.misere.mover_wins(key)?);
            if outcome == Outcome::N {
                for (i, part) in parts.iter().enumerate() {
                    if moves.full() {
                        break;
                    }
                    if (0..i).any(|j| parts[j].canonical() == part.canonical()) {
                        continue;
                    }
                    for option in self.misere.options_of(part)? {
                        let after = replace(parts, i, option);
                        if !self.misere.mover_wins(position_key(&after))? {
                            moves.push(after);
                        }
                    }
                }
            }
            outcome
        };
        // keep the order of the normal-play lists: component order, then each game's order
        Ok(Analysis {
            convention: Convention::Misere,
            outcome,
            grundy: None,
            truncated: moves.truncated,
            winning_moves: moves.list,
            unknown: None,
        })
    }
}

/// Misère Nim: with every heap 0 or 1 the mover wins iff the number of 1s is even; otherwise iff
/// the xor is not 0.
pub fn misere_nim_mover_wins(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    } else {
        heaps.iter().fold(0, |x, &h| x ^ h) != 0
    }
}

/// The canonical form of a position: its non-terminal atoms, canonical and sorted. Two
/// positions with the same key are the same game.
pub fn position_key<G: ImpartialGame + Ord>(parts: &[G]) -> Vec<G> {
    let mut key: Vec<G> = parts
        .iter()
        .flat_map(|p| p.atoms())
        .filter(|a| !a.is_terminal())
        .map(|a| a.canonical())
        .collect();
    key.sort();
    key
}

/// What a move changes, as a signed multiset of non-terminal canonical atoms: +1 for each atom
/// of `added`, -1 for each atom of `removed`. Two moves from one position leave the same game
/// (equal [`position_key`]) exactly when their changes are equal, so a sum of a million parts
/// dedupes its moves without sorting a million atoms per move. O(atoms moved).
pub fn change_key<G: ImpartialGame + Ord>(removed: &G, added: &[G]) -> Vec<(G, i64)> {
    let mut counts: std::collections::BTreeMap<G, i64> = std::collections::BTreeMap::new();
    let mut count = |parts: &[G], sign: i64| {
        for atom in parts.iter().flat_map(|p| p.atoms()) {
            if !atom.is_terminal() {
                *counts.entry(atom.canonical()).or_default() += sign;
            }
        }
    };
    count(std::slice::from_ref(removed), -1);
    count(added, 1);
    counts.into_iter().filter(|&(_, c)| c != 0).collect()
}

/// `parts` with part `i` replaced by `with`.
pub(crate) fn replace<G: Clone>(parts: &[G], i: usize, with: Vec<G>) -> Vec<G> {
    let mut out = Vec::with_capacity(parts.len() + with.len());
    out.extend_from_slice(&parts[..i]);
    out.extend(with);
    out.extend_from_slice(&parts[i + 1..]);
    out
}

/// Turns a state-limit failure into `None`, remembering the first one; other errors pass.
fn limit_to_none<T>(result: Result<T>, first: &mut Option<GrundyError>) -> Result<Option<T>> {
    match result {
        Ok(v) => Ok(Some(v)),
        Err(e @ GrundyError::StateLimit { .. }) => {
            first.get_or_insert(e);
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// Winning moves, deduplicated by position key, cut at a limit.
pub(crate) struct MoveList<G> {
    pub(crate) list: Vec<Vec<G>>,
    seen: HashSet<Vec<G>>,
    limit: usize,
    pub(crate) truncated: bool,
}

impl<G: ImpartialGame + Ord> MoveList<G> {
    pub(crate) fn new(limit: usize) -> Self {
        MoveList {
            list: Vec::new(),
            seen: HashSet::new(),
            limit,
            truncated: false,
        }
    }

    pub(crate) fn full(&self) -> bool {
        self.truncated
    }

    /// How many more moves fit before the list is cut.
    fn room(&self) -> usize {
        self.limit - self.list.len()
    }

    pub(crate) fn push(&mut self, position: Vec<G>) {
        if self.truncated || !self.seen.insert(position_key(&position)) {
            return;
        }
        if self.list.len() == self.limit {
            self.truncated = true;
        } else {
            self.list.push(position);
        }
    }
}
