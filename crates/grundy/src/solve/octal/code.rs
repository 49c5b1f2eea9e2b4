//! Octal codes `d0.d1d2...`: what removing k tokens from a heap may leave.

use crate::error::excerpt;
use crate::periodic::PeriodicValues;
use crate::solve::octal::{octal_values, OctalMethod};
use std::fmt;
use std::str::FromStr;

/// An octal code: digit k (0..=7) says what removing k tokens from a heap may leave: bit 1 an
/// empty heap, bit 2 one non-empty heap, bit 4 two non-empty heaps. Digit 0 is 0 or 4 (a heap
/// may be split without removing anything). Trailing zero digits are dropped.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    digits: Vec<u8>,
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
}

impl FromStr for OctalCode {
    type Err = String;

    /// Reads `0.d1d2...` or `4.d1d2...` with octal digits.
    fn from_str(s: &str) -> std::result::Result<OctalCode, String> {
        let (head, tail) = s
            .split_once('.')
            .ok_or_else(|| format!("octal code '{}' needs a point, as in 0.07", excerpt(s)))?;
        let d0 = match head {
            "0" => 0,
            "4" => 4,
            _ => {
                return Err(format!(
                    "octal code '{}' must start with 0. or 4.",
                    excerpt(s)
                ))
            }
        };
        let mut digits = vec![d0];
        for c in tail.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(format!(
                        "octal code '{}' has '{}': digits must be 0 to 7",
                        excerpt(s),
                        c.escape_debug()
                    ))
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        self.digits[1..].iter().try_for_each(|d| write!(f, "{d}"))
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
}
