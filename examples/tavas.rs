//! Codeforces 536 D "Tavas in Kansas": reads the judge's input on stdin, prints `Break a heart`
//! (Tavas wins), `Cry` (Nafas wins) or `Flowers` (a draw).
//!
//! Shortest distances from both cities (Dijkstra), then the layer game DP of
//! `grundy::scoring::layer_game`.

use grundy::graph::weighted::WeightedGraph;
use grundy::input::{run_filter, Tokens};
use grundy::scoring::layer_game::{layer_game_result, LayerGameResult};

fn solve(input: &[u8]) -> grundy::Result<String> {
    let mut t = Tokens::new(input);
    let n = t.u64_in("the number of cities n", 2, 1_000_000)? as usize;
    let m = t.u64_in("the number of roads m", 0, 10_000_000)? as usize;
    let s = t.u64_in("Tavas's city s", 1, n as u64)? as usize - 1;
    let tt = t.u64_in("Nafas's city t", 1, n as u64)? as usize - 1;
    let values: Vec<i64> = (0..n)
        .map(|_| t.i64("a city value"))
        .collect::<grundy::Result<_>>()?;
    let mut edges = Vec::with_capacity(m);
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
    let reach = |from: usize| -> grundy::Result<Vec<u64>> {
        graph
            .distances(from)?
            .into_iter()
            .map(|d| d.ok_or_else(|| t.error("the graph is not connected")))
            .collect()
    };
    let (ds, dt) = (reach(s)?, reach(tt)?);
    Ok(match layer_game_result(&ds, &dt, &values) {
        LayerGameResult::FirstWins => "Break a heart\n",
        LayerGameResult::SecondWins => "Cry\n",
        LayerGameResult::Draw => "Flowers\n",
    }
    .to_string())
}

fn main() {
    run_filter("tavas", solve)
}
