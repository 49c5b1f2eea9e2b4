//! Zeckendorf representations: every n > 0 is uniquely a sum of non-consecutive Fibonacci
//! numbers 1, 2, 3, 5, 8, ... (Zeckendorf's theorem). Exact for all of u64; O(log n) per call.
//!
//! Fibonacci Nim and Wythoff's game both rest on it: Fibonacci Nim's P positions are decided by
//! the smallest term, and Wythoff's P pairs are `(a, b)` where `a` has its smallest term at an
//! even index and `b` is `a` with every term shifted one index up.
//!
//! ```
//! use grundy::zeckendorf::{is_fibonacci, terms, FIBONACCI};
//! // 20 = 13 + 5 + 2, non-consecutive Fibonacci numbers
//! let sum: u64 = terms(20).iter().map(|&i| FIBONACCI[i]).sum();
//! assert_eq!(sum, 20);
//! assert!(is_fibonacci(21) && !is_fibonacci(20));
//! ```

/// The Fibonacci numbers 1, 2, 3, 5, 8, ... that fit in a u64 (index 0 is 1).
pub const FIBONACCI: [u64; 92] = fibonacci_table();

const fn fibonacci_table() -> [u64; 92] {
    let mut f = [0u64; 92];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < 92 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
}

/// The indices into [`FIBONACCI`] of the terms of n's Zeckendorf representation, smallest
/// first (empty for 0).
///
/// ```
/// use grundy::zeckendorf::{terms, FIBONACCI};
/// // 12 = 8 + 3 + 1
/// let t: Vec<u64> = terms(12).iter().map(|&i| FIBONACCI[i]).collect();
/// assert_eq!(t, [1, 3, 8]);
/// ```
pub fn terms(mut n: u64) -> Vec<usize> {
    let mut out = Vec::new();
    let mut i = FIBONACCI.len();
    while n > 0 {
        i -= 1;
        if FIBONACCI[i] <= n {
            n -= FIBONACCI[i];
            out.push(i);
        }
    }
    out.reverse();
    out
}

/// The index of the smallest Zeckendorf term of n > 0 (`None` for 0).
pub fn smallest_index(n: u64) -> Option<usize> {
    terms(n).first().copied()
}

/// True if n is a Fibonacci number (1, 2, 3, 5, ...).
pub fn is_fibonacci(n: u64) -> bool {
    FIBONACCI.binary_search(&n).is_ok()
}

/// n with every Zeckendorf term moved one index up (F_i to F_{i+1}); `None` if that overflows.
pub fn shift_up(n: u64) -> Option<u64> {
    terms(n)
        .into_iter()
        .try_fold(0u64, |acc, i| acc.checked_add(*FIBONACCI.get(i + 1)?))
}

/// n with every Zeckendorf term moved one index down; the term 1 (index 0) must not be present.
pub fn shift_down(n: u64) -> Option<u64> {
    terms(n)
        .into_iter()
        .try_fold(0u64, |acc, i| Some(acc + FIBONACCI[i.checked_sub(1)?]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn representations_are_sums_of_non_consecutive_terms() {
        for n in 0..5000u64 {
            let t = terms(n);
            assert_eq!(t.iter().map(|&i| FIBONACCI[i]).sum::<u64>(), n);
            assert!(t.windows(2).all(|w| w[1] >= w[0] + 2), "{n}: {t:?}");
        }
        let t = terms(u64::MAX);
        assert_eq!(
            t.iter().map(|&i| FIBONACCI[i] as u128).sum::<u128>(),
            u64::MAX as u128
        );
    }

    #[test]
    fn table_ends_at_the_last_u64_fibonacci_number() {
        assert_eq!(FIBONACCI[91], 12200160415121876738);
        assert!(FIBONACCI[91].checked_add(FIBONACCI[90]).is_none());
    }

    #[test]
    fn shifts() {
        assert_eq!(shift_up(4), Some(7)); // 3 + 1 -> 5 + 2
        assert_eq!(shift_down(7), Some(4));
        assert_eq!(shift_down(1), None);
        assert_eq!(shift_up(FIBONACCI[91]), None);
    }
}
