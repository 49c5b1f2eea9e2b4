//! Sums with a part of infinite value (a game-graph position of γ = ∞): Smith's rules.
//!
//! Finite values add by xor; ∞(K) + b = ∞(K xor b), a win for the player to move iff b is in
//! K, else a draw; two or more ∞ parts make a draw (every option still has an ∞ part, so the
//! escape set is empty). Sums whose parts are all finite are [`SumSolver`]'s.
//!
//! [`SumSolver`]: crate::solve::sum::SumSolver
//!
//! ```
//! use grundy::games::GraphTexts;
//! use grundy::{solve_expression, Outcome, SolveOptions};
//! // a game-graph position of value ∞ plus a Nim heap: Smith's rules, through the expression
//! // language (the graph given as text; the command line reads it from a file)
//! let cycle = GraphTexts::new([("cycle", "2 2\n1 2\n2 1\n")]); // a draw, γ = ∞
//! let options = SolveOptions { graphs: std::sync::Arc::new(cycle), ..SolveOptions::default() };
//! let report = solve_expression("graph cycle 1 + nim 1", &options);
//! assert_eq!(report.unwrap().outcome, Outcome::D);
//! ```

use crate::error::{GrundyError, Result};
use crate::game_graph::LoopyValue;
use crate::nimber::{Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use crate::solve::grundy::GrundySolver;
use crate::solve::sum::{replace, MoveList};
use std::fmt::Display;

/// What Smith's rules say of a sum with an ∞ part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyAnalysis<G> {
    /// N (the player to move wins) or D (a draw); never P, since the sum's value is ∞.
    pub outcome: Outcome,
    /// The escape set of the sum's value ∞(K), ascending.
    pub escapes: Vec<u64>,
    /// Every move to a P position (the lone ∞ part moved to the value of the rest).
    pub winning_moves: Vec<Vec<G>>,
    /// For a draw, every move that keeps the draw.
    pub drawing_moves: Vec<Vec<G>>,
    /// True when a list was cut at the limit.
    pub truncated: bool,
    /// Parts whose moves could not be listed (too many options).
    pub unknown: Option<String>,
}

/// The value of a sum from its parts' values.
fn sum_value(values: &[LoopyValue]) -> LoopyValue {
    let mut b = 0u64;
    let mut infinite: Vec<&[u64]> = Vec::new();
    for v in values {
        match v {
            LoopyValue::Finite(g) => b ^= g.0,
            LoopyValue::Infinite(k) => infinite.push(k),
        }
    }
    match infinite.as_slice() {
        [] => LoopyValue::Finite(Nimber(b)),
        [k] => {
            let mut k: Vec<u64> = k.iter().map(|&x| x ^ b).collect();
            k.sort_unstable();
            LoopyValue::Infinite(k)
        }
        _ => LoopyValue::Infinite(Vec::new()),
    }
}

fn outcome_of(value: &LoopyValue) -> Outcome {
    match value {
        LoopyValue::Finite(g) => g.outcome(),
        v if v.mover_wins() => Outcome::N,
        _ => Outcome::D,
    }
}

/// The value of one part: γ for a game-graph position, else its Grundy value.
fn part_value<G: ImpartialGame>(part: &G, grundy: &mut GrundySolver<G>) -> Result<LoopyValue> {
    Ok(match part.loopy_value() {
        Some(value) => value,
        None => LoopyValue::Finite(grundy.grundy(part)?),
    })
}

/// True when some part has value ∞: the sum follows Smith's rules ([`analyse_loopy_sum`]),
/// not the Sprague-Grundy theorem. A game-graph part of finite value is an ordinary nimber.
pub fn has_infinite_part<G: ImpartialGame>(parts: &[G]) -> bool {
    parts.iter().any(|p| {
        p.loopy_value()
            .is_some_and(|v| !matches!(v, LoopyValue::Finite(_)))
    })
}

/// The outcome of a sum some of whose parts may have value ∞ (Smith's rules on the parts'
/// values): N, P or D. O(parts) once their values are known.
pub fn loopy_sum_outcome<G: ImpartialGame>(
    parts: &[G],
    grundy: &mut GrundySolver<G>,
) -> Result<Outcome> {
    let values: Vec<LoopyValue> = parts
        .iter()
        .map(|p| part_value(p, grundy))
        .collect::<Result<_>>()?;
    Ok(outcome_of(&sum_value(&values)))
}

/// Analyses a sum with at least one part of value ∞ by Smith's rules: outcome, the escape set of
/// its value, the winning moves and, for a draw, the moves that keep it. Moves are written as
/// the whole position they leave (parts with no move left dropped), in component order.
///
/// **Complexity**: the parts' values, then one value per option listed: every option of the
/// game-graph parts; the options of the other parts only when the sum is a draw (refused, with a
/// note, for a part with more options than `max_states`).
pub fn analyse_loopy_sum<G: ImpartialGame + Ord + Display>(
    parts: &[G],
    grundy: &mut GrundySolver<G>,
    max_moves: usize,
) -> Result<LoopyAnalysis<G>> {
    let values: Vec<LoopyValue> = parts
        .iter()
        .map(|p| part_value(p, grundy))
        .collect::<Result<_>>()?;
    let value = sum_value(&values);
    let LoopyValue::Infinite(escapes) = &value else {
        return Err(GrundyError::Unsupported(
            "a sum without an infinite part is not loopy".into(),
        ));
    };
    let outcome = outcome_of(&value);
    let mut winning = MoveList::new(max_moves);
    let mut drawing = MoveList::new(max_moves);
    let mut unknown: Option<String> = None;
    for (i, part) in parts.iter().enumerate() {
        if (0..i).any(|j| parts[j] == *part) {
            continue; // the same moves from an equal part give the same positions
        }
        // a move in a finite part of a sum with an ∞ part never reaches P: list those moves
        // only when the sum is a draw, for the moves that keep it
        if part.loopy_value().is_none() && outcome != Outcome::D {
            continue;
        }
        if let Some(count) = part.option_count() {
            if count > grundy.max_states() as u128 {
                unknown.get_or_insert_with(|| {
                    format!("the {count} moves of '{part}' are too many to list")
                });
                continue;
            }
        }
        for option in part.options() {
            if winning.full() && drawing.full() {
                break;
            }
            let option_value = match option.as_slice() {
                [single] => part_value(single, grundy)?,
                many => LoopyValue::Finite(grundy.grundy_of_sum(many)?),
            };
            let mut after_values = values.clone();
            after_values[i] = option_value;
            let left: Vec<G> = option.into_iter().filter(|p| !p.is_terminal()).collect();
            match outcome_of(&sum_value(&after_values)) {
                Outcome::P => winning.push(replace(parts, i, left)),
                Outcome::D if outcome == Outcome::D => drawing.push(replace(parts, i, left)),
                _ => {}
            }
        }
    }
    Ok(LoopyAnalysis {
        outcome,
        escapes: escapes.clone(),
        truncated: winning.truncated || drawing.truncated,
        winning_moves: winning.list,
        drawing_moves: drawing.list,
        unknown,
    })
}
