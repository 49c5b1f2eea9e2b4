//! Misère quotients of octal games: what `grundy quotient` computes, and the misère sums of
//! heaps of one game that `grundy solve --misere` answers by multiplying quotient elements.
//!
//! ```
//! use grundy::app::quotient::{quotient_report, QuotientOptions};
//! // Plambeck's 0.75: 8 elements, P-portion {a, b^2}
//! let report = quotient_report("0.75", &QuotientOptions::default(), |_| {}).unwrap();
//! assert_eq!(report.order, 8);
//! assert_eq!(report.relations, ["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"]);
//! assert_eq!(report.p_portion, ["a", "b^2"]);
//! assert_eq!(&report.pretending[..6], ["1", "a", "b", "a", "b", "c"]);
//! ```

use crate::error::{excerpt, GrundyError, Result};
use crate::games::{Component, Octal, OctalCode, OctalRules};
use crate::nimber::Outcome;
use crate::solve::quotient::{
    misere_quotient, misere_quotient_with_progress, Element, MisereQuotient,
};
use crate::solve::DEFAULT_MAX_STATES;
use serde::Serialize;

/// How far to compute a quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientOptions {
    /// Heaps 0..=heaps are covered.
    pub heaps: usize,
    /// More elements than this are refused.
    pub max_order: usize,
    /// The most positions the misère searches and the proof may store.
    pub max_states: usize,
}

impl Default for QuotientOptions {
    fn default() -> Self {
        QuotientOptions {
            heaps: 12,
            max_order: 1000,
            max_states: DEFAULT_MAX_STATES,
        }
    }
}

/// One generator of a presentation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeneratorReport {
    /// Its letter.
    pub name: String,
    /// The heap it is the element of.
    pub heap: usize,
}

/// A misère quotient, in the shape of `grundy quotient --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuotientReport {
    /// The octal code.
    pub code: String,
    /// Heaps 0..=heaps are covered.
    pub heaps: usize,
    /// The number of elements.
    pub order: usize,
    /// Generators: heaps whose element the smaller heaps do not give.
    pub generators: Vec<GeneratorReport>,
    /// Relations between words in the generators.
    pub relations: Vec<String>,
    /// The elements whose sums are P-positions.
    pub p_portion: Vec<String>,
    /// The element of each heap 0..=heaps (the pretending function).
    pub pretending: Vec<String>,
    /// Every element, by name.
    pub elements: Vec<String>,
}

/// The heaps 0..=n of the octal game `code`.
fn octal_heaps(code: &OctalCode, n: usize, max_states: usize) -> Vec<Octal> {
    let rules = OctalRules::new(code.clone(), n as u64, max_states);
    (0..=n as u64)
        .map(|h| Octal::new(rules.clone(), h))
        .collect()
}

/// The misère quotient of the heaps 0..=`options.heaps` of `code` (see [`misere_quotient`]).
pub fn octal_quotient(code: &OctalCode, options: &QuotientOptions) -> Result<MisereQuotient> {
    misere_quotient(
        &octal_heaps(code, options.heaps, options.max_states),
        options.max_order,
        options.max_states,
    )
}

/// Reads an octal code, `0.75` or `octal 0.75`.
fn read_code(code: &str) -> Result<OctalCode> {
    let text = code.trim();
    let text = text.strip_prefix("octal").map_or(text, str::trim_start);
    text.parse()
        .map_err(|e| GrundyError::Unsupported(format!("octal code '{}': {e}", excerpt(text))))
}

/// Reads `code` (`0.75`, or `octal 0.75`) and computes its quotient and presentation;
/// `progress` is told each heap as its quotient is started (for a progress bar).
pub fn quotient_report(
    code: &str,
    options: &QuotientOptions,
    progress: impl FnMut(usize),
) -> Result<QuotientReport> {
    let code = read_code(code)?;
    let quotient = misere_quotient_with_progress(
        &octal_heaps(&code, options.heaps, options.max_states),
        options.max_order,
        options.max_states,
        progress,
    )?;
    let presentation = quotient.presentation();
    let name = |e: Element| presentation.names[e as usize].clone();
    Ok(QuotientReport {
        code: code.to_string(),
        heaps: options.heaps,
        order: quotient.order(),
        generators: presentation
            .generators
            .iter()
            .map(|(name, heap)| GeneratorReport {
                name: name.clone(),
                heap: *heap,
            })
            .collect(),
        relations: presentation.relations.clone(),
        p_portion: presentation.p_portion(&quotient),
        pretending: (0..=options.heaps)
            .map(|n| name(quotient.heap_element(n).unwrap_or(0)))
            .collect(),
        elements: presentation.names.clone(),
    })
}

/// A misère sum of heaps of one octal game, answered through its quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientAnswer {
    /// N if the player to move wins.
    pub outcome: Outcome,
    /// Each winning move as (index of the part moved, the heaps it leaves), one per distinct
    /// heap size and result, in the order of the parts (two may still leave the same game
    /// when they differ by heaps without a move).
    pub winning_moves: Vec<(usize, Vec<u64>)>,
}

/// The heap sizes and common code of `parts` if they are all heaps of one octal game, at
/// least `min_heaps` of them, the largest at most `max_heap`.
pub fn heaps_of_one_octal_game(
    parts: &[Component],
    min_heaps: usize,
    max_heap: u64,
) -> Option<(OctalCode, Vec<u64>)> {
    let mut code: Option<&OctalCode> = None;
    let mut heaps = Vec::with_capacity(parts.len());
    for part in parts {
        let Component::Octal(o) = part else {
            return None;
        };
        if code.is_some_and(|c| c != o.rules.code()) || o.heap > max_heap {
            return None;
        }
        code = Some(o.rules.code());
        heaps.push(o.heap);
    }
    let code = code?.clone();
    (heaps.len() >= min_heaps).then_some((code, heaps))
}

/// The outcome and winning moves of the misère sum of `heaps` (sizes) of the game whose
/// quotient (covering every size in `heaps`) is `quotient`; `options(n)` lists the results of
/// the moves from a heap of n (heaps left). Costs O(distinct sizes x order) to multiply, plus
/// O(order) per option examined: a sum of a million heaps takes milliseconds.
pub fn quotient_answer(
    quotient: &MisereQuotient,
    heaps: &[u64],
    options: impl Fn(u64) -> Vec<Vec<u64>>,
) -> QuotientAnswer {
    let mut counts: std::collections::BTreeMap<u64, u64> = Default::default();
    for &h in heaps {
        *counts.entry(h).or_default() += 1;
    }
    let product = |skip: Option<u64>| -> Element {
        counts.iter().fold(0, |x, (&n, &c)| {
            let c = if skip == Some(n) { c - 1 } else { c };
            quotient.times_heaps(x, n as usize, c)
        })
    };
    let whole = product(None);
    let outcome = if quotient.is_p(whole) {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        let mut done = std::collections::BTreeSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            if !done.insert(h) {
                continue; // the same moves from an equal heap give the same positions
            }
            let rest = product(Some(h));
            for left in options(h) {
                let e = left
                    .iter()
                    .fold(rest, |x, &n| quotient.times_heap(x, n as usize));
                if quotient.is_p(e) {
                    winning_moves.push((i, left));
                }
            }
        }
    }
    QuotientAnswer {
        outcome,
        winning_moves,
    }
}
