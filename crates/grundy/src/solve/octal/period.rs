//! Proving periods of Grundy sequences as they are computed.
//!
//! ```
//! use grundy::solve::octal::period::guy_smith;
//! // 0 0 1 1 2 2 repeated, for a code of length t = 2: period 6 from the start
//! let values: Vec<u64> = (0..40).map(|n| (n / 2) % 3).collect();
//! assert_eq!(guy_smith(&values, 2, 2), Some((0, 6)));
//! ```

use crate::periodic::least_period;

/// Looks for a period of `values` (all of them computed so far, `values[0..n]`) that the
/// Guy-Smith theorem proves for an octal code of length `t`: `G(i + p) = G(i)` for every
/// `n0 <= i < 2 n0 + p + t` implies it for every `i >= n0`. For codes whose moves leave up to
/// `parts` heaps (3 for hexadecimal digits 8-F) the same argument needs
/// `n0 <= i < parts n0 + (parts - 1) p + t`: a move from `i + p` leaves parts summing to at
/// least `i + p - t`, the largest at least a `parts`-th of it, and that part minus p must
/// still be at least n0 for the options of `i + p` and `i` to match.
///
/// One Z-function over the reversed sequence gives, for every p at once, how far back from the
/// end `G(i) = G(i - p)` holds, hence the least `n0` for that p (at least 1: the theorem maps a
/// split (a, b) of `n + p` to `(a, b - p)`, and `b - p` must be a heap). Returns the least
/// period and least preperiod (checked value by value) of the first p that is proved.
///
/// **Complexity**: O(n) time and space per call.
pub fn guy_smith<V: Copy + Eq + Into<u64>>(
    values: &[V],
    t: usize,
    parts: usize,
) -> Option<(u64, u64)> {
    let parts = parts.max(2);
    let n = values.len();
    if n < 2 {
        return None;
    }
    // z[p] = length of the longest run G(n-1-i) = G(n-1-i-p), i = 0, 1, ...
    let z = z_function_reversed(values);
    for (p, &run) in z.iter().enumerate().skip(1) {
        // G(i) = G(i - p) for i in (n - 1 - z[p], n - 1], i.e. G(j + p) = G(j) for
        // j >= n - p - z[p]
        let n0 = (n - p - run).max(1);
        // need j < parts n0 + (parts - 1) p + t, so the values up to index
        // parts (n0 + p) + t - 1 <= n - 1
        if parts * (n0 + p) + t <= n {
            let wide: Vec<u64> = values.iter().map(|&v| v.into()).collect();
            return Some(least_period(&wide, n0 as u64, p as u64));
        }
    }
    None
}

/// `z[p]` = the length of the longest common prefix of the reversed sequence and the reversed
/// sequence shifted by p (`z[0] = n`). O(n).
fn z_function_reversed<V: Copy + Eq>(values: &[V]) -> Vec<usize> {
    let n = values.len();
    let at = |i: usize| values[n - 1 - i];
    let mut z = vec![0usize; n];
    z[0] = n;
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..n {
        let mut k = if i < right {
            z[i - left].min(right - i)
        } else {
            0
        };
        while i + k < n && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k;
        if i + k > right {
            left = i;
            right = i + k;
        }
    }
    z
}

/// The least arithmetic period of `values` that holds to their end: the least p, then the
/// least n0, with `G(n + p) = G(n) + s` for a fixed saltus `s > 0` and every n from n0 up to
/// the last value, over at least `min_span` heaps (`n0 + p + min_span <= values.len()`) and
/// three whole periods. An observation, not a proof: the values past the last one computed are
/// not known to follow it.
///
/// ```
/// use grundy::solve::octal::period::arithmetic_period;
/// // 0 1 2 | 1 2 3 | 2 3 4 | ...: G(n + 3) = G(n) + 1
/// let values: Vec<u64> = (0..60).map(|n| n / 3 + n % 3).collect();
/// assert_eq!(arithmetic_period(&values, 10), Some((0, 3, 1)));
/// ```
///
/// **Complexity**: O(n + the runs walked back), each candidate p walked from the end while
/// its difference stays the same.
pub fn arithmetic_period(values: &[u64], min_span: usize) -> Option<(u64, u64, u64)> {
    let n = values.len();
    for p in 1..=n / 4 {
        let last = n - 1 - p;
        let Some(saltus) = values[last + p]
            .checked_sub(values[last])
            .filter(|&d| d > 0)
        else {
            continue;
        };
        // walk back while G(j + p) = G(j) + saltus
        let mut start = last;
        while start > 0 && values[start - 1].checked_add(saltus) == Some(values[start - 1 + p]) {
            start -= 1;
        }
        let span = n - p - start;
        if span >= min_span.max(3 * p) {
            return Some((start as u64, p as u64, saltus));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_function_matches_its_definition() {
        let v = [1u32, 2, 1, 2, 1, 3, 1, 2, 1, 2];
        let z = z_function_reversed(&v);
        let n = v.len();
        for (p, &zp) in z.iter().enumerate() {
            let direct = (0..n - p)
                .take_while(|&i| v[n - 1 - i] == v[n - 1 - i - p])
                .count();
            assert_eq!(zp, direct, "p = {p}");
        }
    }
}
