//! Take-and-break codes `d0.d1d2...`: what removing k tokens from a heap may leave. Octal
//! codes (digits 0-7), hexadecimal codes (digits 0-F: bit 8 leaves three heaps), and Grundy's
//! game (split a heap into two unequal heaps).

use crate::budget::Budget;
use crate::error::excerpt;
use crate::error::Result;
use crate::periodic::PeriodicValues;
use crate::solve::octal::{octal_values, octal_values_within, Moves, OctalMethod};
use std::fmt;
use std::str::FromStr;

/// A take-and-break code: digit k (0..=15) says what removing k tokens from a heap may leave:
/// bit 1 an empty heap, bit 2 one non-empty heap, bit 4 two non-empty heaps, bit 8 three (the
/// hexadecimal digits 8-F). Digit 0 is 0, 4, 8 or C (a heap may be split without removing
/// anything). Trailing zero digits are dropped. Grundy's game ([`OctalCode::grundys`]) is the
/// code 4.0 with its splits into two *unequal* heaps only.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    digits: Vec<u8>,
    kind: CodeKind,
}

/// How a code is written, and Grundy's game's one rule beyond the digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum CodeKind {
    Octal,
    Hex,
    Grundys,
}

impl OctalCode {
    /// `d_k` (0 beyond the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The length t of the code: the largest k with `d_k != 0` (0 for a code with no moves
    /// removing tokens).
    pub fn len(&self) -> usize {
        self.digits.len() - 1
    }

    /// True if no digit after the point is set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundys() -> OctalCode {
        OctalCode {
            digits: vec![4],
            kind: CodeKind::Grundys,
        }
    }

    /// Reads a hexadecimal code `d0.d1d2...` (digits 0-9, A-F, either case; d0 one of 0, 4, 8,
    /// C). Octal codes are hexadecimal codes too.
    pub fn parse_hex(s: &str) -> std::result::Result<OctalCode, String> {
        parse(s, 16)
    }

    /// True for Grundy's game, whose splits must be into unequal heaps.
    pub fn unequal_splits(&self) -> bool {
        self.kind == CodeKind::Grundys
    }

    /// The most heaps a move may leave: 3 when a digit has bit 8, else 2 (1 or 0 for codes
    /// that never split).
    pub fn max_parts(&self) -> usize {
        let all = self.digits.iter().fold(0, |m, &d| m | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// The family as the expression language writes it: `octal 0.07`, `hex 0.3F`, `grundys`.
    pub fn family(&self) -> String {
        match self.kind {
            CodeKind::Octal => format!("octal {self}"),
            CodeKind::Hex => format!("hex {self}"),
            CodeKind::Grundys => "grundys".into(),
        }
    }
}

/// Reads `d0.d1d2...` with digits in `radix` (8 or 16).
fn parse(s: &str, radix: u32) -> std::result::Result<OctalCode, String> {
    let (what, example, digits_are) = if radix == 8 {
        ("octal", "0.07", "0 to 7")
    } else {
        ("hexadecimal", "0.3F", "0 to 9 or A to F")
    };
    let (head, tail) = s.split_once('.').ok_or_else(|| {
        format!(
            "{what} code '{}' needs a point, as in {example}",
            excerpt(s)
        )
    })?;
    let d0 = match (head, radix) {
        ("0", _) => 0,
        ("4", _) => 4,
        ("8", 16) => 8,
        ("C" | "c", 16) => 12,
        _ if radix == 8 => {
            return Err(format!(
                "octal code '{}' must start with 0. or 4.",
                excerpt(s)
            ))
        }
        _ => {
            return Err(format!(
                "hexadecimal code '{}' must start with 0., 4., 8. or C. (a first digit with bit 1 or 2 would be a move that takes nothing and leaves the heap)",
                excerpt(s)
            ))
        }
    };
    if tail.is_empty() {
        return Err(format!(
            "{what} code '{}' has no digit after the point, as in {example}",
            excerpt(s)
        ));
    }
    let mut digits = vec![d0];
    for c in tail.chars() {
        match c.to_digit(radix) {
            Some(d) => digits.push(d as u8),
            None => {
                return Err(format!(
                    "{what} code '{}' has '{}': digits must be {digits_are}",
                    excerpt(s),
                    c.escape_debug()
                ))
            }
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(OctalCode {
        digits,
        kind: if radix == 8 {
            CodeKind::Octal
        } else {
            CodeKind::Hex
        },
    })
}

impl FromStr for OctalCode {
    type Err = String;

    /// Reads `0.d1d2...` or `4.d1d2...` with octal digits.
    fn from_str(s: &str) -> std::result::Result<OctalCode, String> {
        parse(s, 8)
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == CodeKind::Grundys {
            return f.write_str("grundys");
        }
        write!(f, "{:X}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d:X}"))
    }
}

impl OctalCode {
    /// Values until the Guy-Smith periodicity theorem proves a period, or past heap `need`,
    /// with at most `max_states` values: the engine of [`octal_values`]
    /// (rare/common method where it pays).
    pub fn values(&self, need: u64, max_states: usize) -> PeriodicValues {
        let limit = usize::try_from(need)
            .unwrap_or(usize::MAX)
            .min(max_states.saturating_sub(1));
        octal_values(self, 0, limit, OctalMethod::Auto, max_states, |_| {})
            .expect("the limit is below max_states")
            .values
    }

    /// How many heaps a table of this code reaches in about a second here when no period
    /// stops it early: the most a heap beyond the table (or, for codes whose moves leave
    /// three heaps, any heap) may cost before it is refused. Measured here: three-heap codes
    /// with one splitting move (`hex 0.28`) about 3,000 heaps a second, two-heap codes without
    /// rare values (`0.106`) about 60,000, codes that never split millions; each further
    /// splitting move divides the heaps (`hex 0.55656388A909991`: 2.5 s for 4,096 heaps).
    pub fn affordable_heaps(&self) -> usize {
        affordable_heaps(&Moves::of(self))
    }

    /// The values a sum needs to answer heaps up to `need`, under `budget`: until the
    /// Guy-Smith theorem proves a period, or past `need`, but never past the budget's state
    /// limit nor, where `need` is beyond it (or, for three-heap codes, beyond
    /// [`OctalCode::affordable_heaps`], and at most a quarter of the budget's states), past
    /// the affordable heaps: such a heap is answered
    /// only by a period proved early, and refused at once otherwise
    /// ([`crate::error::GrundyError::TooLarge`], from the caller that reads the heap).
    ///
    /// **Errors**: [`crate::error::GrundyError::Cancelled`] once the budget's flag is raised.
    pub fn values_within(&self, need: u64, budget: &Budget) -> Result<PeriodicValues> {
        let table = budget.max_states().saturating_sub(1);
        let need = usize::try_from(need).unwrap_or(usize::MAX);
        // a small budget affords less work too: a quarter of its states in heaps
        let moves = Moves::of(self);
        let affordable = affordable_heaps(&moves).min(budget.max_states() / 4);
        let three = !moves.three.is_empty();
        let limit = if need > table || (three && need > affordable) {
            affordable.min(table)
        } else {
            need
        };
        Ok(octal_values_within(self, 0, limit, budget)?.values)
    }
}

/// [`OctalCode::affordable_heaps`] of the code's moves.
fn affordable_heaps(moves: &Moves) -> usize {
    // each move size that splits costs its own scan (and its own proof certificates)
    let splitting = (moves.split.len() + moves.three.len()).max(1);
    if !moves.three.is_empty() {
        ((1 << 12) / splitting).max(1 << 8)
    } else if !moves.split.is_empty() {
        ((1 << 16) / splitting).max(1 << 10)
    } else {
        1 << 22
    }
}
