//! LibreOJ 536 "hanafuda": for each of Alice's cards as the opening card, prints `1` if Alice
//! wins, else `0`. Reads `m c`, then `n1` and n1 cards `x y`, then `n2` and n2 cards `x y`.
//!
//! `grundy::graph::cards::first_mover_wins`: a maximum flow through point and colour hubs,
//! never the n1 * n2 card graph.

use grundy::graph::cards::first_mover_wins;
use grundy::input::{run_filter, Tokens};

fn read_hand(t: &mut Tokens, m: u64, c: u64, whose: &str) -> grundy::Result<Vec<(u32, u32)>> {
    let n = t.u64_in(&format!("the number of {whose} cards"), 0, 50_000_000)? as usize;
    let mut hand = Vec::with_capacity(n);
    for _ in 0..n {
        let x = t.u64_in("a card's point x", 1, m)? as u32;
        let y = t.u64_in("a card's colour y", 1, c)? as u32;
        hand.push((x - 1, y - 1));
    }
    Ok(hand)
}

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let m = t.u64_in("the number of points m", 1, 50_000_000)?;
    let c = t.u64_in("the number of colours c", 1, 50_000_000)?;
    let alice = read_hand(&mut t, m, c, "Alice's")?;
    let shinobu = read_hand(&mut t, m, c, "Shinobu's")?;
    if !t.at_end() {
        return Err(t.error("unexpected text after Shinobu's cards"));
    }
    let wins = first_mover_wins(&alice, &shinobu);
    let mut out = String::with_capacity(wins.len() * 2);
    for w in wins {
        out.push_str(if w { "1\n" } else { "0\n" });
    }
    Ok(out)
}

fn main() {
    run_filter("hanafuda", solve)
}
