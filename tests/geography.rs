//! Matchings and geography against exhaustive search on many small random graphs, bipartite and
//! not; and deep or large graphs for the iterative code paths.

mod common;

use common::Rng;
use grundy::graph::csr::Graph;
use grundy::graph::geography::Geography;
use grundy::graph::matching::{
    edmonds, edmonds_from, edmonds_with_missed, hopcroft_karp, karp_sipser,
    missed_by_some_maximum_matching, missed_by_some_maximum_matching_bipartite, pothen_fan,
    pothen_fan_from, pothen_fan_with_missed_left, Matching,
};
use grundy::Cancel;
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

/// True if no edge has both ends free.
fn is_maximal(g: &Graph, m: &Matching) -> bool {
    (0..g.vertex_count()).all(|u| {
        m.mate(u).is_some() || g.neighbors(u).iter().all(|&v| m.mate(v as usize).is_some())
    })
}

/// The edges of `g` taken in a random order whenever both ends are still free.
fn random_maximal_matching(rng: &mut Rng, g: &Graph) -> Matching {
    let n = g.vertex_count();
    let mut edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| g.neighbors(u).iter().map(move |&v| (u, v as usize)))
        .filter(|&(u, v)| u < v)
        .collect();
    for i in (1..edges.len()).rev() {
        edges.swap(i, rng.range(0, i as u64) as usize);
    }
    let mut used = vec![false; n];
    let mut pairs = Vec::new();
    for (u, v) in edges {
        if !used[u] && !used[v] {
            used[u] = true;
            used[v] = true;
            pairs.push((u, v));
        }
    }
    Matching::from_pairs(n, &pairs).unwrap()
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
        // Karp-Sipser: a maximal matching
        let ks = karp_sipser(&g);
        assert!(
            ks.is_valid_in(&g) && is_maximal(&g, &ks),
            "round {round}: {edges:?}"
        );
        // augmenting from any matching, here a random maximal one, reaches the maximum
        let start = random_maximal_matching(&mut rng, &g);
        let (from, missed_from) = edmonds_from(&g, start.clone(), &Cancel::new()).unwrap();
        assert!(from.is_valid_in(&g), "round {round}");
        assert_eq!(
            from.size(),
            best,
            "round {round}: Edmonds from {:?}",
            start.pairs()
        );
        assert_eq!(missed_from, missed, "round {round}: {edges:?}");
        if let Some(side) = g.two_colouring() {
            let (from, left) = pothen_fan_from(&g, &side, start.clone(), &Cancel::new()).unwrap();
            assert!(from.is_valid_in(&g), "round {round}");
            assert_eq!(
                from.size(),
                best,
                "round {round}: PF from {:?}",
                start.pairs()
            );
            for v in 0..n {
                assert_eq!(
                    left[v],
                    side[v] == 0 && missed[v],
                    "round {round}: vertex {v}"
                );
            }
        }
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

/// The size of a maximum matching of a forest by the leaf rule, leaves first: a vertex still
/// free after its children is matched to its parent if that is free (some maximum matching
/// matches every leaf to its parent).
fn forest_matching_size(n: usize, edges: &[(u32, u32)]) -> usize {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u as usize].push(v as usize);
        adj[v as usize].push(u as usize);
    }
    let (mut parent, mut order, mut seen) = (vec![usize::MAX; n], Vec::new(), vec![false; n]);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            order.push(v);
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    parent[w] = v;
                    stack.push(w);
                }
            }
        }
    }
    let mut matched = vec![false; n];
    let mut size = 0;
    for &v in order.iter().rev() {
        let p = parent[v];
        if p != usize::MAX && !matched[v] && !matched[p] {
            matched[v] = true;
            matched[p] = true;
            size += 1;
        }
    }
    size
}

/// On a forest every nonempty component has a leaf, so Karp-Sipser only ever applies its
/// degree-1 rule and its matching is maximum: small forests against exhaustive search, large
/// ones (long queues of degree-1 vertices, many read ahead) against the leaf rule.
#[test]
fn karp_sipser_is_maximum_on_forests() {
    let mut rng = Rng::new(46);
    for round in 0..600 {
        let n = if round % 3 == 0 {
            rng.range(20_000, 120_000) as usize
        } else {
            rng.range(1, 12) as usize
        };
        // each vertex after the first joins an earlier one, or starts a new tree
        let mut edges = Vec::new();
        for v in 1..n as u64 {
            if !rng.chance(10) {
                edges.push((rng.range(0, v - 1) as u32, v as u32));
            }
        }
        // ids shuffled, so trees are not laid out in order
        let mut id: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            id.swap(i, rng.range(0, i as u64) as usize);
        }
        let edges: Vec<(u32, u32)> = edges
            .iter()
            .map(|&(u, v)| (id[u as usize], id[v as usize]))
            .collect();
        let g = Graph::from_edges(n, &edges).unwrap();
        let m = karp_sipser(&g);
        assert!(m.is_valid_in(&g), "round {round}");
        let best = if n <= 12 {
            max_matching(&adjacency(&g), (1u32 << n) - 1, &mut HashMap::new())
        } else {
            forest_matching_size(n, &edges)
        };
        assert_eq!(m.size(), best, "round {round}: n = {n}");
    }
}

/// A random bipartite graph on `left + right` vertices with shuffled ids (sides interleaved),
/// and each vertex's side.
fn random_bipartite(rng: &mut Rng, left: usize, right: usize, m: usize) -> (Graph, Vec<usize>) {
    let n = left + right;
    let mut id: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        id.swap(i, rng.range(0, i as u64) as usize);
    }
    let edges: Vec<(u32, u32)> = (0..m)
        .map(|_| {
            let u = rng.range(0, left as u64 - 1) as usize;
            let v = left + rng.range(0, right as u64 - 1) as usize;
            (id[u] as u32, id[v] as u32)
        })
        .collect();
    let mut side = vec![0; n];
    for v in left..n {
        side[id[v]] = 1;
    }
    (Graph::from_edges(n, &edges).unwrap(), side)
}

/// For a bipartite graph with sides `side`: the maximum matching's size by a maximum flow
/// (Dinic) from side `from` to the other, and the vertices of side `from` that a maximum
/// matching can miss (those the source still reaches in the residual network).
fn missable_by_flow(g: &Graph, side: &[usize], from: usize) -> (u64, Vec<bool>) {
    use common::flow::FlowNetwork;
    let n = g.vertex_count();
    let (s, t) = (n, n + 1);
    let mut net = FlowNetwork::new(n + 2);
    for (v, &on) in side.iter().enumerate() {
        if on == from {
            net.add_edge(s, v, 1);
            for &w in g.neighbors(v) {
                net.add_edge(v, w as usize, 1);
            }
        } else {
            net.add_edge(v, t, 1);
        }
    }
    let flow = net.max_flow(s, t);
    let reach = net.residual_reachable(s);
    (flow, (0..n).map(|v| side[v] == from && reach[v]).collect())
}

/// Geography on bipartite graphs large enough for the two-thread start and long read-ahead
/// queues, against maximum flows: the matching's size, and who loses (the vertices a maximum
/// matching can miss, side by side).
#[test]
fn large_bipartite_graphs_agree_with_a_flow_network() {
    let mut rng = Rng::new(47);
    for round in 0..8 {
        let (left, right) = (
            rng.range(10_000, 40_000) as usize,
            rng.range(10_000, 40_000) as usize,
        );
        // average degrees from below 1 (many isolated vertices, long degree-1 cascades) to 4
        let m = (left + right) * rng.range(2, 8) as usize / 4;
        let (g, side) = random_bipartite(&mut rng, left, right, m);
        let solved = Geography::solve(&g);
        assert!(solved.sides.is_some(), "round {round}");
        assert!(solved.matching.is_valid_in(&g), "round {round}");
        let (flow, missable_left) = missable_by_flow(&g, &side, 0);
        let (_, missable_right) = missable_by_flow(&g, &side, 1);
        assert_eq!(solved.matching.size() as u64, flow, "round {round}");
        for v in 0..g.vertex_count() {
            assert_eq!(
                solved.mover_wins(v),
                !(missable_left[v] || missable_right[v]),
                "round {round}: vertex {v}"
            );
        }
    }
}

/// The same at scale for general graphs, where no outside oracle is at hand: the solve (its
/// matching started by Karp-Sipser beside the failed colouring) against Edmonds from the empty
/// matching and the full Gallai-Edmonds forest.
#[test]
fn large_general_graphs_match_from_any_start() {
    let mut rng = Rng::new(48);
    for round in 0..6 {
        let n = rng.range(20_000, 60_000) as usize;
        let m = n * rng.range(2, 8) as usize / 4;
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| {
                let u = rng.range(0, n as u64 - 1);
                let v = (u + rng.range(1, n as u64 - 1)) % n as u64;
                (u as u32, v as u32)
            })
            .collect();
        let g = Graph::from_edges(n, &edges).unwrap();
        let solved = Geography::solve(&g);
        assert!(solved.sides.is_none(), "round {round}");
        assert!(solved.matching.is_valid_in(&g), "round {round}");
        let (empty_start, missed) = edmonds_from(&g, Matching::empty(n), &Cancel::new()).unwrap();
        assert_eq!(solved.matching.size(), empty_start.size(), "round {round}");
        assert_eq!(solved.missed, missed, "round {round}");
        assert_eq!(
            solved.missed,
            missed_by_some_maximum_matching(&g, &solved.matching),
            "round {round}"
        );
    }
}

#[test]
fn matchings_from_pairs_refuse_what_is_not_a_matching() {
    let m = Matching::from_pairs(5, &[(3, 0), (1, 4)]).unwrap();
    assert_eq!(m.pairs(), vec![(0, 3), (1, 4)]);
    assert_eq!((m.mate(2), m.size()), (None, 2));
    for (pairs, why) in [
        (vec![(0, 5)], "pair 1: a vertex is out of range"),
        (vec![(0, 1), (2, 2)], "pair 2: a vertex paired with itself"),
        (
            vec![(0, 1), (2, 3), (3, 4)],
            "pair 3: a vertex in two pairs",
        ),
    ] {
        let e = Matching::from_pairs(5, &pairs).unwrap_err().to_string();
        assert!(e.contains(why), "{e}");
    }
    // a matching of the pairs need not be one of a given graph's edges
    let g = Graph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
    assert!(!Matching::from_pairs(3, &[(0, 2)]).unwrap().is_valid_in(&g));
}
