//! Exact dyadic rationals m / 2^k: the numbers of short partizan games (every short game that
//! is a number is one of them). Arithmetic is checked: a result that does not fit (numerator
//! beyond i64, denominator beyond 2^62) is an [`GrundyError::Overflow`], never a wrap.
//!
//! ```
//! use grundy::partizan::Dyadic;
//! let a: Dyadic = "3/4".parse().unwrap();
//! let b = Dyadic::new(-5, 3).unwrap(); // -5/8
//! assert_eq!(a.checked_add(b).unwrap().to_string(), "1/8");
//! assert!("1/3".parse::<Dyadic>().is_err()); // not dyadic
//! assert_eq!(Dyadic::simplest_between(Some(Dyadic::from(1)), Some("5/4".parse().unwrap())).unwrap().to_string(), "9/8");
//! ```

use crate::error::{GrundyError, Result};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The largest power of two a denominator may have.
pub const MAX_EXPONENT: u32 = 62;

/// Numerators stay below 2^62 in magnitude, so that a number's options (m ± 1) / 2^k and
/// the sum of two numbers are always computed exactly.
pub const MAX_NUMERATOR: i64 = (1 << 62) - 1;

/// A dyadic rational `num / 2^exp`, always in lowest terms (`num` odd, or `exp` = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

fn overflow(what: &str) -> GrundyError {
    GrundyError::Overflow(format!(
        "{what}: a number beyond the range of exact dyadics (numerators below 2^62, denominators up to 2^{MAX_EXPONENT})"
    ))
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms; an exponent beyond [`MAX_EXPONENT`] after
    /// reduction is an overflow.
    pub fn new(num: i64, exp: u32) -> Result<Dyadic> {
        let (mut num, mut exp) = (num, exp);
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let shift = num.trailing_zeros().min(exp);
        num >>= shift;
        exp -= shift;
        if exp > MAX_EXPONENT {
            return Err(overflow("a denominator"));
        }
        if num.unsigned_abs() > MAX_NUMERATOR as u64 {
            return Err(overflow("a numerator"));
        }
        Ok(Dyadic { num, exp })
    }

    /// The numerator (odd unless the number is an integer).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// True when the denominator is 1.
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both numbers over the common denominator 2^max(exp), as i128 numerators.
    fn aligned(self, other: Dyadic) -> (i128, i128, u32) {
        let exp = self.exp.max(other.exp);
        (
            (self.num as i128) << (exp - self.exp),
            (other.num as i128) << (exp - other.exp),
            exp,
        )
    }

    fn from_wide(num: i128, exp: u32, what: &str) -> Result<Dyadic> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let shift = num.trailing_zeros().min(exp);
        let (num, exp) = (num >> shift, exp - shift);
        let num = i64::try_from(num).map_err(|_| overflow(what))?;
        Dyadic::new(num, exp)
    }

    /// The sum.
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic> {
        let (a, b, exp) = self.aligned(other);
        Dyadic::from_wide(a + b, exp, "a sum")
    }

    /// The difference.
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic> {
        let (a, b, exp) = self.aligned(other);
        Dyadic::from_wide(a - b, exp, "a difference")
    }

    /// The negative.
    pub fn checked_neg(self) -> Result<Dyadic> {
        Ok(Dyadic {
            num: self
                .num
                .checked_neg()
                .ok_or_else(|| overflow("a negation"))?,
            exp: self.exp,
        })
    }

    /// Half of it.
    pub fn half(self) -> Result<Dyadic> {
        Dyadic::new(self.num, self.exp + 1)
    }

    /// The largest integer at most this number.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer at least this number.
    pub fn ceil(self) -> i64 {
        -((-(self.num as i128)) >> self.exp) as i64
    }

    /// The simplest number strictly between `low` and `high` (either bound may be absent: no
    /// bound on that side), by the simplicity rule: the integer of least magnitude if one
    /// fits, else the fitting dyadic of least denominator. `None` when `low >= high`.
    ///
    /// **Complexity**: O(log of the denominators).
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (low, high) {
            if l >= h {
                return None;
            }
        }
        // the integers strictly inside
        let lo_int = low.map(|l| l.floor() + 1); // least integer > low
        let hi_int = high.map(|h| h.ceil() - 1); // greatest integer < high
        let fits = |n: i64| lo_int.is_none_or(|a| n >= a) && hi_int.is_none_or(|b| n <= b);
        if fits(0) {
            return Some(Dyadic::ZERO);
        }
        match (lo_int, hi_int) {
            (Some(a), Some(b)) if a <= b => {
                // both positive or both negative: the one nearest 0
                return Dyadic::integer(if a > 0 { a } else { b }).ok();
            }
            (Some(a), None) => return Dyadic::integer(a).ok(),
            (None, Some(b)) => return Dyadic::integer(b).ok(),
            _ => {}
        }
        // no integer between: both bounds are present and within one unit interval
        let (l, h) = (low.expect("bounded"), high.expect("bounded"));
        for exp in 1..=MAX_EXPONENT + 1 {
            // the least multiple of 2^-exp above l
            let (ln, _, e) = l.aligned(Dyadic { num: 0, exp });
            let step = 1i128 << (e - exp); // 2^-exp in units of 2^-e
            let candidate = (ln.div_euclid(step) + 1) * step;
            let (_, hn, e2) = Dyadic { num: 0, exp: e }.aligned(h);
            let candidate_at = candidate << (e2 - e);
            if candidate_at < hn {
                return Dyadic::from_wide(candidate, e, "a number").ok();
            }
        }
        None
    }
}

impl Dyadic {
    /// The integer `n`, if within range (|n| < 2^62).
    pub fn integer(n: i64) -> Result<Dyadic> {
        Dyadic::new(n, 0)
    }

    /// The number's canonical options, one on each side at most: `n - 1` for a positive
    /// integer (Left), `n + 1` for a negative one (Right), `(m - 1)/2^k` and `(m + 1)/2^k` for
    /// `m/2^k` with k >= 1. Exact: numerators stay within range.
    pub fn options(self) -> (Option<Dyadic>, Option<Dyadic>) {
        let step = |d: i64| Dyadic::new(self.num + d, self.exp).expect("within range");
        match (self.exp, self.num.signum()) {
            (0, 0) => (None, None),
            (0, 1) => (Some(step(-1)), None),
            (0, _) => (None, Some(step(1))),
            _ => (Some(step(-1)), Some(step(1))),
        }
    }
}

impl From<i32> for Dyadic {
    fn from(n: i32) -> Dyadic {
        Dyadic {
            num: n as i64,
            exp: 0,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

impl FromStr for Dyadic {
    type Err = GrundyError;

    /// Reads `-3`, `5/8`, `-1/2`; the denominator must be a power of two.
    fn from_str(text: &str) -> Result<Dyadic> {
        let bad = |why: &str| {
            GrundyError::Unsupported(format!("'{}': {why}", crate::error::excerpt(text)))
        };
        let (num, den) = match text.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (text, None),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let body = num.strip_prefix('-').unwrap_or(num);
        if !digits(body) || den.is_some_and(|d| !digits(d)) {
            return Err(bad("expected a number such as 3, -2 or 5/8"));
        }
        let num: i64 = num.parse().map_err(|_| overflow("a numerator"))?;
        let Some(den) = den else {
            return Dyadic::integer(num);
        };
        let den: u64 = den.parse().map_err(|_| overflow("a denominator"))?;
        if den == 0 || !den.is_power_of_two() {
            return Err(bad(
                "not a dyadic rational: the denominator must be a power of two",
            ));
        }
        Dyadic::new(num, den.trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(d("6/8"), d("3/4"));
        assert_eq!(d("1/2").checked_add(d("1/2")).unwrap(), Dyadic::from(1));
        assert_eq!(d("3/4").options(), (Some(d("1/2")), Some(d("1"))));
        assert_eq!(d("-2").options(), (None, Some(d("-1"))));
        assert_eq!(d("-3/4").floor(), -1);
        assert_eq!(d("-3/4").ceil(), 0);
        assert_eq!(d("7/4").ceil(), 2);
        assert!(d("-1/2") < d("1/4"));
        assert_eq!(d("-5/8").to_string(), "-5/8");
        assert!("3/0".parse::<Dyadic>().is_err());
        assert!("3/6".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
        assert!(Dyadic::integer(i64::MAX).is_err());
        let big = Dyadic::integer(MAX_NUMERATOR).unwrap();
        assert!(big.checked_add(Dyadic::from(1)).is_err());
        assert!(Dyadic::new(1, 62).unwrap().half().is_err());
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d), h.map(d)).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some("0"), None).as_deref(), Some("1"));
        assert_eq!(s(Some("5/2"), None).as_deref(), Some("3"));
        assert_eq!(s(None, Some("-3")).as_deref(), Some("-4"));
        assert_eq!(s(Some("0"), Some("1")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1/2"), Some("1")).as_deref(), Some("3/4"));
        assert_eq!(s(Some("-1"), Some("3")).as_deref(), Some("0"));
        assert_eq!(s(Some("1"), Some("5")).as_deref(), Some("2"));
        assert_eq!(s(Some("-5"), Some("-1")).as_deref(), Some("-2"));
        assert_eq!(s(Some("-1"), Some("-1/2")).as_deref(), Some("-3/4"));
        assert_eq!(s(Some("1"), Some("1")), None);
        assert_eq!(s(Some("3/8"), Some("5/8")).as_deref(), Some("1/2"));
    }
}
