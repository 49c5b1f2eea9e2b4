//! Matchings and geography against exhaustive search on many small random graphs, bipartite and
//! not; and deep or large graphs for the iterative code paths.

mod common;

use common::Rng;
use grundy::graph::csr::Graph;
use grundy::graph::geography::Geography;
use grundy::graph::matching::{
    edmonds, edmonds_with_missed, hopcroft_karp, missed_by_some_maximum_matching,
    missed_by_some_maximum_matching_bipartite, pothen_fan, pothen_fan_with_missed_left,
};
use std::collections::HashMap;

/// Geography by game-tree search: the mover at `v` with `visited` wins iff some unvisited
/// neighbour leaves the opponent losing.
fn mover_wins(
    adj: &[Vec<usize>],
    v: usize,
    visited: u32,
    memo: &mut HashMap<(usize, u32), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(v, visited)) {
        return w;
    }
    let wins = adj[v]
        .iter()
        .any(|&w| visited >> w & 1 == 0 && !mover_wins(adj, w, visited | 1 << w, memo));
    memo.insert((v, visited), wins);
    wins
}

/// The size of a maximum matching by exhaustive search over the lowest free vertex.
fn max_matching(adj: &[Vec<usize>], free: u32, memo: &mut HashMap<u32, usize>) -> usize {
    if free == 0 {
        return 0;
    }
    if let Some(&m) = memo.get(&free) {
        return m;
    }
    let v = free.trailing_zeros() as usize;
    let rest = free & !(1 << v);
    let mut best = max_matching(adj, rest, memo); // v stays single
    for &w in &adj[v] {
        if rest >> w & 1 == 1 {
            best = best.max(1 + max_matching(adj, rest & !(1 << w), memo));
        }
    }
    memo.insert(free, best);
    best
}

fn random_graph(rng: &mut Rng, bipartite: bool) -> (usize, Vec<(u32, u32)>) {
    let n = rng.range(1, 12) as usize;
    let density = rng.range(10, 60);
    let side: Vec<u64> = (0..n).map(|_| rng.range(0, 1)).collect();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if (!bipartite || side[u] != side[v]) && rng.chance(density) {
                edges.push((u as u32, v as u32));
                if rng.chance(10) {
                    edges.push((v as u32, u as u32)); // a repeated edge counts once
                }
            }
        }
    }
    (n, edges)
}

fn adjacency(g: &Graph) -> Vec<Vec<usize>> {
    (0..g.vertex_count())
        .map(|v| g.neighbors(v).iter().map(|&w| w as usize).collect())
        .collect()
}

#[test]
fn matchings_and_geography_agree_with_exhaustive_search() {
    let mut rng = Rng::new(41);
    let (mut bipartite_seen, mut general_seen, mut lost, mut won) = (0, 0, 0, 0);
    for round in 0..4000 {
        let (n, edges) = random_graph(&mut rng, round % 2 == 0);
        let g = Graph::from_edges(n, &edges).unwrap();
        let adj = adjacency(&g);
        let best = max_matching(&adj, (1u32 << n) - 1, &mut HashMap::new());
        let general = edmonds(&g);
        assert!(general.is_valid_in(&g), "round {round}");
        assert_eq!(general.size(), best, "round {round}: Edmonds on {edges:?}");
        // the Hungarian trees of the matching phase classify as the full forest does
        let (with, missed) = edmonds_with_missed(&g);
        assert_eq!(
            missed,
            missed_by_some_maximum_matching(&g, &with),
            "round {round}: {edges:?}"
        );
        let solved = Geography::solve(&g);
        assert_eq!(solved.matching.size(), best, "round {round}");
        if let Some(side) = g.two_colouring() {
            bipartite_seen += 1;
            let hk = hopcroft_karp(&g, &side);
            assert!(hk.is_valid_in(&g));
            assert_eq!(hk.size(), best, "round {round}: Hopcroft-Karp on {edges:?}");
            let pf = pothen_fan(&g, &side);
            assert!(pf.is_valid_in(&g));
            assert_eq!(pf.size(), best, "round {round}: Pothen-Fan on {edges:?}");
            let (pf, left) = pothen_fan_with_missed_left(&g, &side);
            let full = missed_by_some_maximum_matching_bipartite(&g, &side, &pf);
            for v in 0..n {
                assert_eq!(
                    left[v],
                    side[v] == 0 && full[v],
                    "round {round}: left vertex {v} on {edges:?}"
                );
            }
            // both classifications agree on bipartite graphs
            assert_eq!(
                missed_by_some_maximum_matching(&g, &hk),
                missed_by_some_maximum_matching_bipartite(&g, &side, &hk),
                "round {round}: {edges:?}"
            );
        } else {
            general_seen += 1;
        }
        let mut memo = HashMap::new();
        for v in 0..n {
            let expected = mover_wins(&adj, v, 1 << v, &mut memo);
            assert_eq!(
                solved.mover_wins(v),
                expected,
                "round {round}: start {v} on {edges:?}"
            );
            if expected {
                won += 1
            } else {
                lost += 1
            }
            let strategy = solved.strategy(&g, v);
            assert!(strategy.is_valid_in(&g), "round {round}: start {v}");
            assert_eq!(
                strategy.size(),
                best,
                "round {round}: start {v}: not maximum"
            );
            assert_eq!(
                strategy.mate(v).is_some(),
                expected,
                "round {round}: start {v}: covers/avoids"
            );
        }
    }
    assert!(
        bipartite_seen > 500 && general_seen > 300,
        "{bipartite_seen} {general_seen}"
    );
    assert!(won > 1000 && lost > 1000, "{won} {lost}");
}

#[test]
fn the_strategy_wins_every_play() {
    // Follow the strategy against every reply on small graphs: the winner always has its
    // matched partner available.
    let mut rng = Rng::new(42);
    for round in 0..1500 {
        let (n, edges) = random_graph(&mut rng, round % 2 == 0);
        let g = Graph::from_edges(n, &edges).unwrap();
        let solved = Geography::solve(&g);
        for v in 0..n {
            let m = solved.strategy(&g, v);
            let mover_wins = solved.mover_wins(v);
            // explore every play where the strategy's player answers with the mate
            let mut stack = vec![(v, 1u32 << v, true)]; // (token, visited, mover to play)
            while let Some((at, visited, mover_turn)) = stack.pop() {
                let strategist_turn = mover_turn == mover_wins;
                if strategist_turn {
                    let mate = m.mate(at).unwrap_or_else(|| panic!("round {round}: start {v} at {at}: unmatched, {edges:?} {:?} wins={mover_wins}", m.pairs()));
                    assert_eq!(
                        visited >> mate & 1,
                        0,
                        "round {round}: the mate was visited"
                    );
                    stack.push((mate, visited | 1 << mate, !mover_turn));
                } else {
                    for &w in g.neighbors(at) {
                        let w = w as usize;
                        if visited >> w & 1 == 0 {
                            stack.push((w, visited | 1 << w, !mover_turn));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn long_paths_and_ladders_do_not_overflow_or_stall() {
    // a path of 10^6 vertices: every vertex at an even distance from an end of an even-length
    // path... the mover wins from v iff v is covered by every maximum matching
    let n = 1_000_001usize; // odd: a perfect matching misses exactly the even positions
    let edges: Vec<(u32, u32)> = (0..n as u32 - 1).map(|v| (v, v + 1)).collect();
    let g = Graph::from_edges(n, &edges).unwrap();
    let solved = Geography::solve(&g);
    assert_eq!(solved.matching.size(), n / 2);
    for v in [0, 1, 2, 500_000, 500_001, n - 2, n - 1] {
        assert_eq!(solved.mover_wins(v), v % 2 == 1, "vertex {v}");
    }
    // the same path as a general graph (a triangle at the end makes it non-bipartite)
    let mut edges = edges;
    edges.push((n as u32 - 1, n as u32 - 3));
    let g = Graph::from_edges(n, &edges).unwrap();
    assert!(g.two_colouring().is_none());
    let solved = Geography::solve(&g);
    assert_eq!(solved.matching.size(), n / 2);
    // layered ladder: many long alternating paths of equal length
    let (layers, width) = (2000u32, 200u32);
    let mut edges = Vec::new();
    for l in 0..layers - 1 {
        for i in 0..width {
            edges.push((l * width + i, (l + 1) * width + i));
            edges.push((l * width + i, (l + 1) * width + (i + 1) % width));
        }
    }
    let g = Graph::from_edges((layers * width) as usize, &edges).unwrap();
    let solved = Geography::solve(&g);
    assert_eq!(solved.matching.size(), (layers * width / 2) as usize);
}

/// The minimum s-t cut of a small network by trying every vertex set containing s and not t
/// (max-flow min-cut theorem: it equals the maximum flow).
fn min_cut(n: usize, edges: &[(usize, usize, u32)], s: usize, t: usize) -> u64 {
    let mut best = u64::MAX;
    for mask in 0u32..1 << n {
        if mask >> s & 1 == 0 || mask >> t & 1 == 1 {
            continue;
        }
        let cut: u64 = edges
            .iter()
            .filter(|&&(u, v, _)| mask >> u & 1 == 1 && mask >> v & 1 == 0)
            .map(|&(_, _, c)| c as u64)
            .sum();
        best = best.min(cut);
    }
    best
}

#[test]
fn dinic_reaches_the_minimum_cut() {
    use common::flow::FlowNetwork;
    let mut rng = Rng::new(43);
    for round in 0..1500 {
        let n = rng.range(2, 9) as usize;
        let mut edges = Vec::new();
        for _ in 0..rng.range(0, 20) {
            let (u, v) = (
                rng.range(0, n as u64 - 1) as usize,
                rng.range(0, n as u64 - 1) as usize,
            );
            if u != v {
                edges.push((u, v, rng.range(1, 4) as u32));
            }
        }
        let mut net = FlowNetwork::new(n);
        for &(u, v, c) in &edges {
            net.add_edge(u, v, c);
        }
        let flow = net.max_flow(0, n - 1);
        assert_eq!(
            flow,
            min_cut(n, &edges, 0, n - 1),
            "round {round}: {edges:?}"
        );
        // the residual source side is a minimum cut
        let side = net.residual_reachable(0);
        assert!(!side[n - 1]);
        let cut: u64 = edges
            .iter()
            .filter(|&&(u, v, _)| side[u] && !side[v])
            .map(|&(_, _, c)| c as u64)
            .sum();
        assert_eq!(cut, flow, "round {round}");
    }
}

/// The last card laid, the cards used of each hand, whose hand moves.
type CardState = ((u32, u32), [u32; 2], usize);

/// The card game searched directly: the last card laid, the cards used, whose hand moves.
fn card_mover_wins(
    hands: &[Vec<(u32, u32)>; 2],
    last: (u32, u32),
    used: [u32; 2],
    hand: usize,
    memo: &mut HashMap<CardState, bool>,
) -> bool {
    if let Some(&w) = memo.get(&(last, used, hand)) {
        return w;
    }
    let wins = (0..hands[hand].len()).any(|i| {
        let card = hands[hand][i];
        if used[hand] >> i & 1 == 1 || (card.0 != last.0 && card.1 != last.1) {
            return false;
        }
        let mut next = used;
        next[hand] |= 1 << i;
        !card_mover_wins(hands, card, next, 1 - hand, memo)
    });
    memo.insert((last, used, hand), wins);
    wins
}

#[test]
fn card_hubs_agree_with_searching_the_card_game() {
    let mut rng = Rng::new(44);
    let (mut wins, mut losses) = (0, 0);
    for round in 0..600 {
        let (points, colours) = (rng.range(1, 4) as u32, rng.range(1, 4) as u32);
        let mut deal = |k: u64| -> Vec<(u32, u32)> {
            (0..rng.range(0, k))
                .map(|_| {
                    (
                        rng.range(0, points as u64 - 1) as u32,
                        rng.range(0, colours as u64 - 1) as u32,
                    )
                })
                .collect()
        };
        let hands = [deal(6), deal(6)];
        for expected in check_hands_against_search(&hands, round) {
            if expected {
                wins += 1
            } else {
                losses += 1
            }
        }
    }
    assert!(wins > 200 && losses > 200, "{wins} {losses}");
}

/// `first_mover_wins` against the game search for every opening card of the first hand;
/// returns the answers.
fn check_hands_against_search(hands: &[Vec<(u32, u32)>; 2], round: usize) -> Vec<bool> {
    use grundy_contests::cards::first_mover_wins;
    let got = first_mover_wins(&hands[0], &hands[1]);
    let mut memo = HashMap::new();
    for (i, &card) in hands[0].iter().enumerate() {
        // Alice opens with card i; then she plays from the second hand
        let expected = card_mover_wins(hands, card, [1 << i, 0], 1, &mut memo);
        assert_eq!(got[i], expected, "round {round}: {hands:?} opening {i}");
    }
    got
}

/// Regression (found while writing the `contest_hanafuda` fuzz target): a few cards with point
/// or colour numbers near 5 * 10^7 made the hub graph reserve a hub for every number below
/// them (1.5 gigabytes and 2.5 s for a 40-byte input). Sparse numbers are now ranked first;
/// the answers stay those of the game search.
#[test]
fn card_hubs_with_huge_sparse_numbers_agree_with_searching_the_card_game() {
    let mut rng = Rng::new(46);
    let huge = [0u32, 7, 12_345_678, 49_999_999];
    for round in 0..300 {
        let mut deal = |k: u64| -> Vec<(u32, u32)> {
            (0..rng.range(0, k))
                .map(|_| {
                    let x = huge[rng.range(0, 3) as usize];
                    let y = huge[rng.range(0, 3) as usize];
                    (x, y)
                })
                .collect()
        };
        check_hands_against_search(&[deal(6), deal(6)], round);
    }
}

/// The card game as a maximum flow through point and colour hubs (Dinic), for comparison with
/// the hub matching on inputs too large for game search.
fn cards_by_flow(
    first: &[(u32, u32)],
    second: &[(u32, u32)],
    points: u32,
    colours: u32,
) -> Vec<bool> {
    use common::flow::FlowNetwork;
    let (p, c) = (points as usize, colours as usize);
    let a = |i: usize| 2 + i;
    let hub_p = |x: u32| 2 + first.len() + x as usize;
    let hub_c = |y: u32| 2 + first.len() + p + y as usize;
    let b = |j: usize| 2 + first.len() + p + c + j;
    let mut net = FlowNetwork::new(2 + first.len() + p + c + second.len());
    for (i, &(x, y)) in first.iter().enumerate() {
        net.add_edge(0, a(i), 1);
        net.add_edge(a(i), hub_p(x), 1);
        net.add_edge(a(i), hub_c(y), 1);
    }
    for (j, &(x, y)) in second.iter().enumerate() {
        net.add_edge(hub_p(x), b(j), 1);
        net.add_edge(hub_c(y), b(j), 1);
        net.add_edge(b(j), 1, 1);
    }
    net.max_flow(0, 1);
    let reach = net.residual_reachable(0);
    (0..first.len()).map(|i| !reach[a(i)]).collect()
}

#[test]
fn card_hubs_agree_with_a_flow_network_at_scale() {
    use grundy_contests::cards::first_mover_wins;
    let mut rng = Rng::new(45);
    let mut seen = [0usize; 2];
    for _ in 0..6 {
        let (points, colours) = (rng.range(50, 3000) as u32, rng.range(50, 3000) as u32);
        let (n1, n2) = (rng.range(1000, 20000), rng.range(1000, 20000));
        let mut deal = |k: u64| -> Vec<(u32, u32)> {
            (0..k)
                .map(|_| {
                    (
                        rng.range(0, points as u64 - 1) as u32,
                        rng.range(0, colours as u64 - 1) as u32,
                    )
                })
                .collect()
        };
        let (first, second) = (deal(n1), deal(n2));
        let got = first_mover_wins(&first, &second);
        assert_eq!(got, cards_by_flow(&first, &second, points, colours));
        seen[0] += got.iter().filter(|&&w| !w).count();
        seen[1] += got.iter().filter(|&&w| w).count();
    }
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
}

/// Boards as grids (neighbours computed from a bit per cell) against the same boards as
/// stored cell graphs: the same matching size, the same winning starts, strategies that are
/// maximum matchings covering or avoiding the start; and on small boards against the
/// game-tree search.
#[test]
fn grids_solve_like_their_cell_graphs() {
    use grundy::graph::grid::Grid;
    use grundy::graph::Adjacency;
    let mut rng = Rng::new(2025);
    for round in 0..300 {
        let (rows, cols) = if round % 3 == 0 {
            (rng.range(1, 4) as usize, rng.range(1, 5) as usize)
        } else {
            (rng.range(1, 40) as usize, rng.range(1, 40) as usize)
        };
        let blocked = rng.range(0, 50);
        let free: Vec<bool> = (0..rows * cols).map(|_| !rng.chance(blocked)).collect();
        let grid = Grid::from_cells(rows, cols, &free);
        let width = cols + 1;
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let v = (r * width + c) as u32;
                if free[r * cols + c] && c + 1 < cols && free[r * cols + c + 1] {
                    edges.push((v, v + 1));
                }
                if free[r * cols + c] && r + 1 < rows && free[(r + 1) * cols + c] {
                    edges.push((v, v + width as u32));
                }
            }
        }
        let graph = Graph::from_edges(rows * width, &edges).unwrap();
        let on_grid = Geography::solve(&grid);
        let on_graph = Geography::solve(&graph);
        assert_eq!(on_grid.matching.size(), on_graph.matching.size());
        assert!(on_grid.matching.is_valid_in(&grid) && on_grid.matching.is_valid_in(&graph));
        assert_eq!(on_grid.mover_wins_from(), on_graph.mover_wins_from());
        let cells: Vec<usize> = grid.free_vertices().collect();
        if cells.is_empty() {
            continue;
        }
        let v = cells[rng.range(0, cells.len() as u64 - 1) as usize];
        let strategy = on_grid.strategy(&grid, v);
        assert!(strategy.is_valid_in(&graph));
        assert_eq!(strategy.size(), on_graph.matching.size());
        assert_eq!(strategy.mate(v).is_some(), on_grid.mover_wins(v));
        if rows * width <= 20 {
            let adj: Vec<Vec<usize>> = (0..rows * width)
                .map(|u| graph.neighbors(u).iter().map(|&w| w as usize).collect())
                .collect();
            let mut memo = HashMap::new();
            for &u in &cells {
                assert_eq!(
                    on_grid.mover_wins(u),
                    mover_wins(&adj, u, 1 << u, &mut memo),
                    "cell {:?}",
                    grid.cell(u)
                );
            }
            assert_eq!(grid.degree(v), adj[v].len());
        }
    }
}
