//! LibreOJ 536 "hanafuda": for each of Alice's cards as the opening card, `1` if Alice wins,
//! else `0`. The input is `m c`, then `n1` and n1 cards `x y`, then `n2` and n2 cards `x y`.
//!
//! [`first_mover_wins`]: a maximum flow through point and colour hubs, never the n1 * n2 card
//! graph.
//!
//! ```
//! use grundy_contests::hanafuda;
//! // Alice's card (1, 1) shares its point with Shinobu's (1, 2), in every maximum matching of
//! // the one-edge card graph: Alice wins with it
//! let hands = hanafuda::read(b"2 2\n1\n1 1\n1\n1 2\n").unwrap();
//! assert_eq!(hanafuda::answer(&hands), "1\n");
//! ```

use crate::capacity;
use crate::cards::first_mover_wins;
use grundy::error::Result;
use grundy::input::Tokens;

/// The two hands, cards as 0-based `(point, colour)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// Alice's cards.
    pub alice: Vec<(u32, u32)>,
    /// Shinobu's cards.
    pub shinobu: Vec<(u32, u32)>,
}

fn read_hand(t: &mut Tokens, len: usize, m: u64, c: u64, whose: &str) -> Result<Vec<(u32, u32)>> {
    let n = t.u64_in(&format!("the number of {whose} cards"), 0, 50_000_000)? as usize;
    let mut hand = Vec::with_capacity(capacity(n, len, 4));
    for _ in 0..n {
        let x = t.u64_in("a card's point x", 1, m)? as u32;
        let y = t.u64_in("a card's colour y", 1, c)? as u32;
        hand.push((x - 1, y - 1));
    }
    Ok(hand)
}

/// Reads `m c` and both hands (points in 1..=m, colours in 1..=c, both up to 5 * 10^7).
pub fn read(input: &[u8]) -> Result<Hands> {
    let mut t = Tokens::new(input);
    let m = t.u64_in("the number of points m", 1, 50_000_000)?;
    let c = t.u64_in("the number of colours c", 1, 50_000_000)?;
    let alice = read_hand(&mut t, input.len(), m, c, "Alice's")?;
    let shinobu = read_hand(&mut t, input.len(), m, c, "Shinobu's")?;
    if !t.at_end() {
        return Err(t.error("unexpected text after Shinobu's cards"));
    }
    Ok(Hands { alice, shinobu })
}

/// `1` or `0` per card of Alice's, in input order. O((n1 + n2)^1.5) for the flow.
pub fn answer(hands: &Hands) -> String {
    let wins = first_mover_wins(&hands.alice, &hands.shinobu);
    let mut out = String::with_capacity(wins.len() * 2);
    for w in wins {
        out.push_str(if w { "1\n" } else { "0\n" });
    }
    out
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    Ok(answer(&read(input)?))
}
