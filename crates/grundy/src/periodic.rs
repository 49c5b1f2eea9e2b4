//! Ultimately periodic sequences of Grundy values, as the value tables of subtraction and octal
//! games produce them.
//!
//! ```
//! use grundy::periodic::PeriodicValues;
//! // 0 1 2 0 1 2 ...: period 3 from 0, proved
//! let v = PeriodicValues { values: vec![0, 1, 2, 0, 1, 2], period: Some((0, 3)), saltus: 0 };
//! assert_eq!(v.get(1_000_000_001), Some(2));
//! // 0 1 2 | 1 2 3 | ...: G(n + 3) = G(n) + 1 from 0, proved
//! let v = PeriodicValues { values: vec![0, 1, 2, 1, 2, 3], period: Some((0, 3)), saltus: 1 };
//! assert_eq!(v.get(3_000_000_001), Some(1_000_000_001));
//! ```

/// Values `G(0), G(1), ...` as far as computed, and, once proved, a period that extends them
/// to every n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicValues {
    /// `G(0), G(1), ...` as far as computed.
    pub values: Vec<u64>,
    /// `(preperiod, period)`, both least, once proved: `G(n + period) = G(n) + saltus` for
    /// every `n >= preperiod`.
    pub period: Option<(u64, u64)>,
    /// The saltus of the period: 0 for an ordinary period, positive for an arithmetic one.
    pub saltus: u64,
}

impl PeriodicValues {
    /// `G(n)`, if computed or implied by the proved period (None past it only if the value
    /// overflows u64). O(1).
    pub fn get(&self, n: u64) -> Option<u64> {
        if let Some(&g) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(g);
        }
        let (start, period) = self.period?;
        let (laps, r) = ((n - start) / period, (n - start) % period);
        self.values[(start + r) as usize].checked_add(self.saltus.checked_mul(laps)?)
    }
}

/// The least start from which `values` repeat with period `p`, given that they do from
/// `start`: walks back while `G(n) = G(n + p)`. O(start).
pub(crate) fn least_start(values: &[u64], start: usize, p: usize) -> usize {
    let mut start = start;
    while start > 0 && values[start - 1] == values[start - 1 + p] {
        start -= 1;
    }
    start
}

/// Given values periodic with period p from n0 (at least n0 + 2p of them computed), the least
/// period (it divides p) and then the least preperiod. O(p d(p) + n0).
pub(crate) fn least_period(values: &[u64], n0: u64, p: u64) -> (u64, u64) {
    let (n0, p) = (n0 as usize, p as usize);
    let q = (1..=p)
        .filter(|q| p % q == 0)
        .find(|&q| (n0..n0 + p).all(|n| values[n] == values[n + q]))
        .unwrap_or(p);
    (least_start(values, n0, q) as u64, q as u64)
}
