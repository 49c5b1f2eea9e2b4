//! Codeforces 536 D "Tavas in Kansas": the answer is `Break a heart` (Tavas wins), `Cry`
//! (Nafas wins) or `Flowers` (a draw).
//!
//! Shortest distances from both cities (Dijkstra), then the layer game DP of
//! [`crate::scoring::layer_game`].
//!
//! ```
//! use grundy_contests::tavas;
//! // two cities joined by a road of length 1: Tavas opens with x = 1 and collects both
//! assert_eq!(tavas::solve(b"2 1\n1 2\n3 5\n1 2 1\n").unwrap(), "Break a heart\n");
//! ```

use crate::capacity;
use crate::scoring::layer_game::{layer_game_result, LayerGameResult};
use crate::weighted::WeightedGraph;
use grundy::error::Result;
use grundy::input::Tokens;

/// The cities' distances from Tavas's and Nafas's cities, and their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kansas {
    /// Shortest distance of each city from Tavas's city s.
    pub from_s: Vec<u64>,
    /// Shortest distance of each city from Nafas's city t.
    pub from_t: Vec<u64>,
    /// The value of each city.
    pub values: Vec<i64>,
}

/// Reads `n m`, `s t`, the n values and the m roads `v u w`, and finds the distances from s
/// and t (Dijkstra, O(m log n)); a graph that is not connected is refused.
pub fn read(input: &[u8]) -> Result<Kansas> {
    let mut t = Tokens::new(input);
    let n = t.u64_in("the number of cities n", 2, 1_000_000)? as usize;
    let m = t.u64_in("the number of roads m", 0, 10_000_000)? as usize;
    let s = t.u64_in("Tavas's city s", 1, n as u64)? as usize - 1;
    let tt = t.u64_in("Nafas's city t", 1, n as u64)? as usize - 1;
    let mut values = Vec::with_capacity(capacity(n, input.len(), 2));
    for _ in 0..n {
        values.push(t.i64("a city value")?);
    }
    let mut edges = Vec::with_capacity(capacity(m, input.len(), 6));
    for _ in 0..m {
        let v = t.u64_in("a road's city", 1, n as u64)? as u32 - 1;
        let u = t.u64_in("a road's city", 1, n as u64)? as u32 - 1;
        let w = t.u64("a road's length")?;
        edges.push((v, u, w));
    }
    if !t.at_end() {
        return Err(t.error("unexpected text after the last road"));
    }
    let graph = WeightedGraph::from_edges(n, &edges)?;
    let reach = |from: usize| -> Result<Vec<u64>> {
        graph
            .distances(from)?
            .into_iter()
            .map(|d| d.ok_or_else(|| t.error("the graph is not connected")))
            .collect()
    };
    Ok(Kansas {
        from_s: reach(s)?,
        from_t: reach(tt)?,
        values,
    })
}

/// The judge's line for the result of the layer game. O(n^2) for the DP.
pub fn answer(kansas: &Kansas) -> String {
    match layer_game_result(&kansas.from_s, &kansas.from_t, &kansas.values) {
        LayerGameResult::FirstWins => "Break a heart\n",
        LayerGameResult::SecondWins => "Cry\n",
        LayerGameResult::Draw => "Flowers\n",
    }
    .to_string()
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8]) -> Result<String> {
    Ok(answer(&read(input)?))
}
