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

/// The moves of a take-and-break code as the arithmetic-periodicity proof needs them: the
/// tokens k a move may remove while leaving one heap, two heaps, or three heaps.
#[derive(Clone, Copy, Debug)]
pub struct SplitDigits<'a> {
    /// Removals that leave one non-empty heap.
    pub one: &'a [usize],
    /// Removals that leave two non-empty heaps.
    pub two: &'a [usize],
    /// Removals that leave three non-empty heaps.
    pub three: &'a [usize],
}

/// Proves that `values = G(0..L]` of a code with moves `digits` are arithmetic-periodic
/// forever: `G(n + p) = G(n) + s` for every `n >= pre`, given that it holds on the values.
/// Returns the heap N from which the checks below were made (N <= L + 1), or None when they
/// fail (the period may still hold; it is then only observed).
///
/// **Theorem** (derived here; sufficient, not necessary). Let f be the values extended by the
/// arithmetic period and suppose, for every n >= N:
/// - (A) no option of n under f has the value f(n). A one-heap option `f(n - k)` is compared
///   directly (periodic in n). A split into parts is refused by one of two certificates that
///   survive adding p to any part at least `pre` (which adds s to the part's value and to
///   f(n)): the low `tz(s) + 1` bits of `f(n) xor f(parts...)` are not all zero (adding s to
///   two values keeps them), or f(n) exceeds the sum of the parts' values (the nim-sum never
///   does). So it suffices to check the parts reduced below `pre + p`, at least one at least
///   `pre` (parts all below `pre` only arise for n < 3 pre + t).
/// - (B) every v < f(n) is the value of an option: a heap x with f(x) = v left alone
///   (`n - x = k`, one heap), beside a heap of value 0 (two heaps), or beside two heaps of
///   equal value (three heaps, the pair's nim-sum is 0). Whether that works depends on n - x
///   only; the occurrences of v + s are those of v shifted by p once v is above every value
///   before `pre + p`, so (n, v) and (n + p, v + s) stand or fall together; the pairs of equal
///   values in the periodic part stay equal when both grow by p, so past a window the test is
///   periodic in n - x with period 2p. That leaves finitely many cases, all checked.
///
/// Then by induction on n > L every G(n) = mex of its options = f(n).
///
/// **Complexity**: O((pre + p)^3) for the three-heap certificates, O(W^2) for the pairs of
/// equal values below W = 4 (pre + 2p), plus the coverage windows; None at once past 1500 for
/// `pre + p`.
pub fn prove_arithmetic(
    values: &[u64],
    pre: usize,
    p: usize,
    s: u64,
    digits: SplitDigits<'_>,
) -> Option<usize> {
    let len = values.len();
    let base = pre.checked_add(p)?;
    if s == 0 || p == 0 || len < base + 2 * p || base > 1500 || digits.three.is_empty() {
        return None;
    }
    if (pre..len - p).any(|n| values[n].checked_add(s) != Some(values[n + p])) {
        return None;
    }
    let t = digits
        .one
        .iter()
        .chain(digits.two)
        .chain(digits.three)
        .copied()
        .max()
        .unwrap_or(0);
    // f beyond the values: the arithmetic period (None on overflow)
    let f = |x: usize| -> Option<u64> {
        if x < base {
            return Some(values[x]);
        }
        let (q, r) = ((x - pre) / p, (x - pre) % p);
        values[pre + r].checked_add(s.checked_mul(q as u64)?)
    };
    // (A) splits: reduced parts below base, the largest at least pre
    let mask = (1u64 << (s.trailing_zeros() + 1)) - 1;
    let refused = |parts: &[u64], z: u64| {
        let x = parts.iter().fold(z, |x, &v| x ^ v);
        let sum: u128 = parts.iter().map(|&v| u128::from(v)).sum();
        x & mask != 0 || u128::from(z) > sum
    };
    for &k in digits.two {
        for b in pre.max(1)..base {
            for a in 1..=b {
                if !refused(&[f(a)?, f(b)?], f(a + b + k)?) {
                    return None;
                }
            }
        }
    }
    for &k in digits.three {
        for c in pre.max(1)..base {
            for b in 1..=c {
                for a in 1..=b {
                    if !refused(&[f(a)?, f(b)?, f(c)?], f(a + b + c + k)?) {
                        return None;
                    }
                }
            }
        }
    }
    // (B) the heaps of each value, the pairs of equal values, the distances n - x that work
    let occurrences = |v: u64| -> Option<Vec<usize>> {
        let mut out: Vec<usize> = (1..base).filter(|&x| values[x] == v).collect();
        for r in 0..p {
            let c = values[pre + r];
            if v >= c + s && (v - c).is_multiple_of(s) {
                let q = usize::try_from((v - c) / s).ok()?;
                out.push(pre.checked_add(r)?.checked_add(p.checked_mul(q)?)?);
            }
        }
        Some(out)
    };
    let window = 4 * (base + p);
    let mut pad_exact = vec![false; window];
    let mut pad_from: Vec<Option<usize>> = vec![None; 2 * p];
    for (w, exact) in pad_exact.iter_mut().enumerate().skip(2) {
        for y in 1..=w / 2 {
            if f(y)? == f(w - y)? {
                *exact = true;
                if y >= pre {
                    let from = &mut pad_from[w % (2 * p)];
                    *from = Some(from.map_or(w, |m| m.min(w)));
                    break;
                }
            }
        }
    }
    let in_pad = |w: usize| {
        if w < window {
            pad_exact[w]
        } else {
            pad_from[w % (2 * p)].is_some()
        }
    };
    let zeros = occurrences(0)?;
    let in_reach = |z: usize| {
        digits.one.contains(&z)
            || digits
                .two
                .iter()
                .any(|&k| z > k && zeros.contains(&(z - k)))
            || digits.three.iter().any(|&k| z >= k + 2 && in_pad(z - k))
    };
    let covered = |n: usize, v: u64, at: &[usize]| {
        at.iter().any(|&x| x < n && in_reach(n - x))
            || (v == 0 && digits.two.iter().any(|&k| n >= k + 2 && in_pad(n - k)))
    };
    let reach_window = (zeros.iter().max().copied().unwrap_or(0) + t + 1).max(window + t);
    let top = values[..base].iter().max().copied().unwrap_or(0) + 1;
    let low: Vec<(u64, Vec<usize>)> = (0..top + s)
        .map(|v| occurrences(v).map(|at| (v, at)))
        .collect::<Option<_>>()?;
    let check = |from: usize| -> Result<(), usize> {
        let fv = |n: usize| f(n).ok_or(n);
        for n in from..from + p {
            if digits.one.iter().any(|&k| f(n) == f(n - k)) {
                return Err(n);
            }
            for v in top..fv(n)? {
                let at = occurrences(v).ok_or(n)?;
                if !covered(n, v, &at) {
                    return Err(n);
                }
            }
        }
        for (v, at) in &low {
            let last = at.iter().max().copied().unwrap_or(0);
            let end = from.max(last + reach_window) + 2 * p;
            for n in from..end {
                if (n >= end - 2 * p || *v < fv(n)?) && !covered(n, *v, at) {
                    return Err(n);
                }
            }
        }
        Ok(())
    };
    let mut from = (3 * pre + t).max(t + 1);
    for _ in 0..256 {
        if from > len {
            return None;
        }
        match check(from) {
            Ok(()) => return Some(from),
            Err(n) => from = from.max(n + 1),
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
