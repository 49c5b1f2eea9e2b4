//! Codeforces 1628 D2 "Game on Sum": the input is `t`, then t lines `n m k`; the answer is
//! the value of each game modulo 10^9 + 7, by the closed form of
//! [`crate::scoring::game_on_sum`].
//!
//! ```
//! use grundy_contests::game_on_sum;
//! // one turn that Bob must add: Alice names k
//! assert_eq!(game_on_sum::solve(b"1\n1 1 7\n").unwrap(), "7\n");
//! ```

use crate::capacity;
use crate::modular::MOD;
use crate::scoring::game_on_sum::GameOnSum;
use grundy::error::Result;
use grundy::input::Tokens;
use std::fmt::Write;

/// One game: n turns, Bob adds in at least m, numbers in [0, k].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Query {
    /// Turns.
    pub n: usize,
    /// Turns in which Bob must add, at least.
    pub m: usize,
    /// The largest number Alice may name.
    pub k: u64,
}

/// Reads `t` and the t games (1 <= m <= n <= 10^7, 0 <= k < 10^9 + 7).
pub fn read(input: &[u8]) -> Result<Vec<Query>> {
    let mut t = Tokens::new(input);
    let tests = t.u64_in("the number of tests t", 1, 10_000_000)? as usize;
    let mut queries = Vec::with_capacity(capacity(tests, input.len(), 6));
    for _ in 0..tests {
        let n = t.u64_in("n", 1, 10_000_000)? as usize;
        let m = t.u64_in("m", 1, n as u64)? as usize;
        let k = t.u64_in("k", 0, MOD - 1)?;
        queries.push(Query { n, m, k });
    }
    if !t.at_end() {
        return Err(t.error("unexpected text after the last test"));
    }
    Ok(queries)
}

/// The value of each game modulo 10^9 + 7, one per line. O(max n) once, then O(m) per game.
pub fn answer(queries: &[Query]) -> String {
    let max_n = queries.iter().map(|q| q.n).max().unwrap_or(1);
    let game = GameOnSum::new(max_n);
    let mut out = String::with_capacity(queries.len() * 11);
    for q in queries {
        let _ = writeln!(out, "{}", game.value(q.n, q.m, q.k));
    }
    out
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    Ok(answer(&read(input)?))
}
