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

use crate::budget::{Budget, Cancel};
use crate::error::{excerpt, GrundyError, Result};
use crate::games::{Octal, OctalCode, OctalRules};
use crate::solve::quotient::{
    misere_quotient, misere_quotient_with_progress, Element, MisereQuotient,
};
use crate::solve::DEFAULT_MAX_STATES;
use serde::Serialize;

/// How far to compute a quotient.
#[derive(Clone, Debug)]
pub struct QuotientOptions {
    /// Heaps 0..=heaps are covered.
    pub heaps: usize,
    /// More elements than this are refused.
    pub max_order: usize,
    /// The most positions the misère searches and the proof may store.
    pub max_states: usize,
    /// Raised to stop the computation (a time limit, an interrupt): it then fails with
    /// [`GrundyError::Cancelled`].
    pub cancel: Cancel,
}

impl QuotientOptions {
    /// The budget of the heaps' table, the misère searches and the proof.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_states).with_cancel(self.cancel.clone())
    }
}

impl Default for QuotientOptions {
    fn default() -> Self {
        QuotientOptions {
            heaps: 12,
            max_order: 1000,
            max_states: DEFAULT_MAX_STATES,
            cancel: Cancel::new(),
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
fn octal_heaps(code: &OctalCode, n: usize, budget: Budget) -> Vec<Octal> {
    let rules = OctalRules::new(code.clone(), n as u64, budget);
    (0..=n as u64)
        .map(|h| Octal::new(rules.clone(), h))
        .collect()
}

/// The misère quotient of the heaps 0..=`options.heaps` of `code` (see [`misere_quotient`]).
pub fn octal_quotient(code: &OctalCode, options: &QuotientOptions) -> Result<MisereQuotient> {
    misere_quotient(
        &octal_heaps(code, options.heaps, options.budget()),
        options.max_order,
        options.budget(),
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
        &octal_heaps(&code, options.heaps, options.budget()),
        options.max_order,
        options.budget(),
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
