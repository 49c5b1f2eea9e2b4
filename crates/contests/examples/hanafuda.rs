//! LibreOJ 536 "hanafuda": for each of Alice's cards as the opening card, prints `1` if Alice
//! wins, else `0`. Reads `m c`, then `n1` and n1 cards `x y`, then `n2` and n2 cards `x y`.
//!
//! `grundy_contests::cards::first_mover_wins`: a maximum flow through point and colour hubs,
//! never the n1 * n2 card graph.

use grundy_contests::hanafuda;
use grundy_contests::run_filter;

fn main() {
    run_filter("hanafuda", hanafuda::solve)
}
