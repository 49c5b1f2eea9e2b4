//! Octal games on heaps: a code `d0.d1d2...` says what removing k tokens may leave.
//!
//! ```
//! use grundy::games::{Octal, OctalRules};
//! use grundy::{ImpartialGame, Nimber};
//! // Dawson's Kayles on 10 pins
//! let rules = OctalRules::new("0.07".parse().unwrap(), 10, 1000);
//! assert_eq!(Octal::new(rules, 10).grundy_formula().unwrap().unwrap(), Nimber(3));
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::syntax::{count, error, number, GameSyntax, Misere};
use crate::nimber::Nimber;
use crate::periodic::PeriodicValues;
use crate::solve::game::ImpartialGame;
use crate::solve::octal::OctalCode;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// The rules of one octal game, shared by its positions, with the value table computed once.
#[derive(Debug)]
pub struct OctalRules {
    code: OctalCode,
    need: AtomicU64,
    budget: Budget,
    values: OnceLock<Result<PeriodicValues>>,
}

impl OctalRules {
    /// Rules for `code`, whose table must answer heaps up to `need` (or prove a period), with at
    /// most `max_states` values stored.
    /// `max_states` is a [`Budget`] (or a bare limit): its flag stops the table.
    pub fn new(code: OctalCode, need: u64, max_states: impl Into<Budget>) -> Arc<OctalRules> {
        let budget: Budget = max_states.into();
        Arc::new(OctalRules {
            code,
            need: AtomicU64::new(need),
            budget,
            values: OnceLock::new(),
        })
    }

    /// Raises the heaps the table must answer to include `heap`. The table is computed on its
    /// first use, so a parser calls this for every heap it reads before anything is asked.
    pub fn require(&self, heap: u64) {
        self.need.fetch_max(heap, Ordering::Relaxed);
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The value table (computed on first call, [`OctalCode::values_within`]); a cancelled
    /// computation's error.
    pub fn values(&self) -> Result<&PeriodicValues> {
        self.values
            .get_or_init(|| {
                self.code
                    .values_within(self.need.load(Ordering::Relaxed), &self.budget)
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// `G(n)`; refused ([`GrundyError::TooLarge`]) when neither the table nor a proved period
    /// reaches n.
    pub fn grundy(&self, n: u64) -> Result<Nimber> {
        let values = self.values()?;
        values.get(n).map(Nimber).ok_or_else(|| GrundyError::TooLarge {
            what: format!(
                "{} {n}: no proved period within the first {} heaps; its value needs every heap up to it",
                self.code.family(),
                values.values.len()
            ),
            needed: u128::from(n) + 1,
            limit: self.budget.max_states(),
        })
    }
}

/// One heap of an octal game.
///
/// **Theorem**: `G(n) = mex` over the allowed results, a split into a and b giving
/// `G(a) xor G(b)`; the values are tabulated once per code (see [`OctalCode::values_within`]) and
/// extended to any n by a proved period. Moves to value t are found by scanning the options of
/// the heap against the table: O(t n) for a code of length t.
#[derive(Clone, Debug)]
pub struct Octal {
    /// The rules, shared with every heap of the same game.
    pub rules: Arc<OctalRules>,
    /// The heap size.
    pub heap: u64,
}

impl Octal {
    /// A heap of `heap` under `rules`.
    pub fn new(rules: Arc<OctalRules>, heap: u64) -> Octal {
        Octal { rules, heap }
    }

    fn part(&self, heap: u64) -> Octal {
        Octal::new(self.rules.clone(), heap)
    }

    fn key(&self) -> (&OctalCode, u64) {
        (&self.rules.code, self.heap)
    }

    /// The options whose heaps pass `keep`, in order of tokens removed then of the smaller part,
    /// stopping once more than `limit` are found; scanning more than `budget` options fails.
    fn options_where(
        &self,
        limit: usize,
        budget: u128,
        mut keep: impl FnMut(&[u64]) -> Result<bool>,
    ) -> Result<Vec<Vec<Octal>>> {
        let code = &self.rules.code;
        let n = self.heap;
        let mut out: Vec<Vec<Octal>> = Vec::new();
        let mut scanned = 0u128;
        let mut offer = |heaps: &[u64], out: &mut Vec<Vec<Octal>>| -> Result<bool> {
            scanned += 1;
            if scanned > budget {
                return Err(GrundyError::StateLimit {
                    limit: self.rules.budget.max_states(),
                    what: format!("'{self}' has more than {budget} options to scan"),
                });
            }
            if keep(heaps)? {
                out.push(heaps.iter().map(|&h| self.part(h)).collect());
            }
            Ok(out.len() > limit)
        };
        for k in 0..=code.len().min(usize::try_from(n).unwrap_or(usize::MAX)) {
            let d = code.digit(k);
            let k = k as u64;
            let rest = n - k;
            // each (k, parts) leaves different heaps: the parts add up to n - k
            if d & 1 != 0 && k > 0 && rest == 0 && offer(&[], &mut out)? {
                return Ok(out);
            }
            if d & 2 != 0 && k > 0 && rest > 0 && offer(&[rest], &mut out)? {
                return Ok(out);
            }
            if d & 4 != 0 && rest >= 2 {
                let half = if code.unequal_splits() {
                    (rest - 1) / 2
                } else {
                    rest / 2
                };
                for a in 1..=half {
                    if offer(&[a, rest - a], &mut out)? {
                        return Ok(out);
                    }
                }
            }
            if d & 8 != 0 && rest >= 3 {
                // a <= b <= c, a + b + c = rest
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        if offer(&[a, b, rest - a - b], &mut out)? {
                            return Ok(out);
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

compare_by_key!(Octal);

impl ImpartialGame for Octal {
    fn options(&self) -> Vec<Vec<Self>> {
        self.options_where(usize::MAX, u128::MAX, |_| Ok(true))
            .expect("no limit, no budget, no failing filter")
    }

    fn option_count(&self) -> Option<u128> {
        let code = &self.rules.code;
        let n = self.heap as u128;
        let mut count = 0u128;
        for k in 0..=(code.len() as u128).min(n) {
            let d = code.digit(k as usize);
            let rest = n - k;
            count += u128::from(d & 1 != 0 && k > 0 && rest == 0);
            count += u128::from(d & 2 != 0 && k > 0 && rest > 0);
            if d & 4 != 0 {
                count += if code.unequal_splits() {
                    rest.saturating_sub(1) / 2
                } else {
                    rest / 2
                };
            }
            if d & 8 != 0 {
                // partitions of rest into three positive parts: round(rest^2 / 12)
                count += (rest * rest + 6) / 12;
            }
        }
        Some(count)
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(self.rules.grundy(self.heap))
    }

    fn heap(&self) -> Option<u64> {
        Some(self.heap)
    }

    fn with_heap(&self, size: u64) -> Option<Self> {
        Some(self.part(size))
    }

    fn same_heap_game(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules) || self.rules.code == other.rules.code
    }

    /// Scans the options in order, stopping after `limit + 1` moves to `target`; works for
    /// heaps of any size once a period is proved (values come from it), scanning at most
    /// `max_states` options.
    fn moves_to_value_formula(
        &self,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        Some(
            self.options_where(limit, self.rules.budget.max_states() as u128, |heaps| {
                let mut value = Nimber::ZERO;
                for &h in heaps {
                    value += self.rules.grundy(h)?;
                }
                Ok(value == target)
            }),
        )
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.rules.code.family(), self.heap)
    }
}

/// `hex CODE N`
pub const HEX: GameSyntax = GameSyntax {
    keyword: "hex",
    usage: "hex CODE N",
    summary:
        "hexadecimal game CODE (0.3F, 0.B, ...: digits 8-F may leave three heaps) on one heap of N",
    misere: Misere::Played,
    examples: &["hex 0.3F 20", "hex C.1 5"],
    read: |name, args, context| {
        count(
            name,
            args,
            2,
            2,
            "CODE N: a code such as 0.3F, then the heap",
        )?;
        let code = OctalCode::parse_hex(args[0].text).map_err(|m| error(args[0].column, m))?;
        read_heap(code, args[1], context)
    },
};

/// `grundys N`
pub const GRUNDYS: GameSyntax = GameSyntax {
    keyword: "grundys",
    usage: "grundys N",
    summary: "Grundy's game: split a heap of N into two unequal heaps",
    misere: Misere::Played,
    examples: &["grundys 20"],
    read: |name, args, context| {
        count(name, args, 1, 1, "N: the heap")?;
        read_heap(OctalCode::grundys(), args[0], context)
    },
};

/// A heap of `code` (rules shared by the components of one sum with the same code).
fn read_heap(
    code: OctalCode,
    heap: crate::games::syntax::Word,
    context: &mut crate::games::syntax::ParseContext,
) -> Result<crate::games::Component> {
    let heap = number(heap)?;
    let budget = context.budget.clone();
    let key = code.family();
    let rules = context.shared("octal", &key, || OctalRules::new(code, 0, budget));
    rules.require(heap);
    Ok(Octal::new(rules, heap).into())
}

/// `octal CODE N`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "octal",
    usage: "octal CODE N",
    summary: "octal game CODE (0.07, 4.07, ...) on one heap of N",
    misere: Misere::Played,
    examples: &["octal 0.07 20", "octal 4.7 3"],
    read: |name, args, context| {
        count(
            name,
            args,
            2,
            2,
            "CODE N: a code such as 0.07, then the heap",
        )?;
        let code: OctalCode = args[0]
            .text
            .parse()
            .map_err(|m: String| error(args[0].column, m))?;
        // keyed by the code as grundy writes it: equal codes share one table
        read_heap(code, args[1], context)
    },
};
