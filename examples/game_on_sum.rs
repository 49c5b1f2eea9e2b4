//! Codeforces 1628 D2 "Game on Sum": reads `t` and `t` lines `n m k`, prints the value of each
//! game modulo 10^9 + 7, by the closed form of `grundy::scoring::game_on_sum`.

use grundy::input::{run_filter, Tokens};
use grundy::scoring::game_on_sum::GameOnSum;
use std::fmt::Write;

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let tests = t.u64_in("the number of tests t", 1, 10_000_000)? as usize;
    let mut queries = Vec::with_capacity(tests);
    for _ in 0..tests {
        let n = t.u64_in("n", 1, 10_000_000)? as usize;
        let m = t.u64_in("m", 1, n as u64)? as usize;
        let k = t.u64_in("k", 0, grundy::modular::MOD - 1)?;
        queries.push((n, m, k));
    }
    if !t.at_end() {
        return Err(t.error("unexpected text after the last test"));
    }
    let max_n = queries.iter().map(|q| q.0).max().unwrap_or(1);
    let game = GameOnSum::new(max_n);
    let mut out = String::with_capacity(tests * 11);
    for (n, m, k) in queries {
        let _ = writeln!(out, "{}", game.value(n, m, k));
    }
    Ok(out)
}

fn main() {
    run_filter("game_on_sum", solve)
}
