//! What the benchmarks share: a seeded random stream and the generated inputs several of them
//! read (the same bytes in the reader benchmarks as in the end-to-end ones).

#![allow(dead_code)] // each benchmark uses its share

use std::fmt::Write;

/// A seeded SplitMix64 stream: the same inputs on every run.
pub struct Rng(pub u64);

impl Rng {
    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// An edge list `n m` then `u v` lines (the format of `grundy geography` graphs).
pub fn graph_text(n: u64, edges: &[(u64, u64)]) -> Vec<u8> {
    let mut s = String::with_capacity(edges.len() * 16);
    let _ = writeln!(s, "{n} {}", edges.len());
    for (u, v) in edges {
        let _ = writeln!(s, "{u} {v}");
    }
    s.into_bytes()
}

/// The random bipartite graph of issue 3: `half` + `half` vertices, 3 `half` edges.
pub fn bipartite_text(half: u64) -> Vec<u8> {
    let mut rng = Rng(7);
    let edges: Vec<(u64, u64)> = (0..3 * half)
        .map(|_| (1 + rng.below(half), half + 1 + rng.below(half)))
        .collect();
    graph_text(2 * half, &edges)
}

/// A `side` x `side` board with about 20% of its cells blocked.
pub fn board_text(side: usize, rng: &mut Rng) -> Vec<u8> {
    let mut board = format!("{side} {side}\n");
    for _ in 0..side {
        board.extend((0..side).map(|_| if rng.below(5) == 0 { '#' } else { '.' }));
        board.push('\n');
    }
    board.into_bytes()
}

/// The benchmark game graph of issue 10 (the shape of bench/gen_game_graph.py): n positions,
/// 5% without moves, the others 1 to 9 moves to random positions.
pub fn game_graph_text(n: u64) -> Vec<u8> {
    let mut rng = Rng(10);
    let mut body = String::with_capacity(n as usize * 75);
    let mut m = 0u64;
    for u in 1..=n {
        if rng.below(100) < 5 {
            continue;
        }
        for _ in 0..1 + rng.below(9) {
            let _ = writeln!(body, "{u} {}", 1 + rng.below(n));
            m += 1;
        }
    }
    format!("{n} {m}\n{body}").into_bytes()
}
