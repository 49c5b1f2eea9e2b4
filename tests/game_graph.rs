//! Game graphs against brute force written from the definitions: outcomes and remoteness by
//! exhaustive depth-bounded play-out, γ against Smith's defining properties and against the mex
//! recursion on acyclic graphs, sums of graph parts against a search of the product graph.
#![allow(clippy::needless_range_loop)]

mod common;

use common::Rng;
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::game_graph::{explore, GameGraph, GraphGame, GraphOutcome, LoopyValue};
use grundy::{Convention, Nimber};
use std::collections::HashMap;

/// A random graph on `n` positions: each position has 0..=max_out moves (self-loops and
/// repeats possible).
fn random_graph(rng: &mut Rng, n: usize, max_out: u64) -> Vec<Vec<usize>> {
    (0..n)
        .map(|_| {
            let k = rng.range(0, max_out);
            (0..k)
                .map(|_| rng.range(0, n as u64 - 1) as usize)
                .collect()
        })
        .collect()
}

/// A random acyclic graph: moves only to positions later in a random order.
fn random_dag(rng: &mut Rng, n: usize, max_out: u64) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.range(0, i as u64) as usize);
    }
    let mut adj = vec![Vec::new(); n];
    for i in 0..n {
        if i + 1 < n {
            for _ in 0..rng.range(0, max_out) {
                let j = rng.range(i as u64 + 1, n as u64 - 1) as usize;
                adj[order[i]].push(order[j]);
            }
        }
    }
    adj
}

fn build(adj: &[Vec<usize>]) -> GameGraph {
    let edges: Vec<(u32, u32)> = adj
        .iter()
        .enumerate()
        .flat_map(|(u, vs)| vs.iter().map(move |&v| (u as u32, v as u32)))
        .collect();
    GameGraph::from_edges(adj.len(), &edges).unwrap()
}

/// Outcome and remoteness by play-out: `wins[k][u]` = the mover can force a win from u within
/// k moves, `loses[k][u]` = the opponent can. Remoteness = the least such k; never: a draw.
fn play_out(adj: &[Vec<usize>], convention: Convention) -> Vec<(GraphOutcome, Option<u32>)> {
    let n = adj.len();
    let mut answer = vec![(GraphOutcome::Draw, None); n];
    let mut wins = vec![false; n];
    let mut loses = vec![false; n];
    for k in 0..=(2 * n + 2) {
        let (mut w, mut l) = (vec![false; n], vec![false; n]);
        for u in 0..n {
            if adj[u].is_empty() {
                match convention {
                    Convention::Normal => l[u] = true,
                    Convention::Misere => w[u] = true,
                }
            } else if k > 0 {
                w[u] = adj[u].iter().any(|&v| loses[v]);
                l[u] = adj[u].iter().all(|&v| wins[v]);
            }
            if answer[u].1.is_none() {
                if w[u] {
                    answer[u] = (GraphOutcome::Win, Some(k as u32));
                } else if l[u] {
                    answer[u] = (GraphOutcome::Lose, Some(k as u32));
                }
            }
        }
        wins = w;
        loses = l;
    }
    answer
}

#[test]
fn retrograde_matches_play_out() {
    let mut rng = Rng::new(101);
    for case in 0..1500 {
        let n = rng.range(1, 9) as usize;
        let adj = if case % 4 == 0 {
            random_dag(&mut rng, n, 3)
        } else {
            random_graph(&mut rng, n, 3)
        };
        let g = build(&adj);
        for convention in [Convention::Normal, Convention::Misere] {
            let r = g.retrograde(convention);
            let want = play_out(&adj, convention);
            for u in 0..n {
                assert_eq!(
                    (r.outcome(u as u32), r.remoteness(u as u32)),
                    want[u],
                    "{convention:?} position {u} of {adj:?}"
                );
            }
        }
    }
}

/// Checks Smith's defining properties of γ at every position, and that it agrees with the
/// outcome: γ = 0 iff L, finite γ > 0 or ∞ with 0 in K is W, ∞ without 0 in K is D.
fn check_gamma(adj: &[Vec<usize>], g: &GameGraph) {
    let gamma = g.loopy_grundy();
    let r = g.retrograde(Convention::Normal);
    let value = |u: usize| gamma.value(g, u as u32);
    let finite = |u: usize| match value(u) {
        LoopyValue::Finite(x) => Some(x.0),
        LoopyValue::Infinite(_) => None,
    };
    for u in 0..adj.len() {
        let outcome = r.outcome(u as u32);
        let k: Vec<u64> = {
            let mut k: Vec<u64> = adj[u].iter().filter_map(|&v| finite(v)).collect();
            k.sort_unstable();
            k.dedup();
            k
        };
        match value(u) {
            LoopyValue::Finite(Nimber(x)) => {
                assert!(
                    !k.contains(&x),
                    "(a) an option of {u} has its value {x}: {adj:?}"
                );
                assert!((0..x).all(|j| k.contains(&j)), "(b) at {u}: {adj:?}");
                for &v in &adj[u] {
                    if finite(v).is_none_or(|y| y > x) {
                        assert!(
                            adj[v].iter().any(|&w| finite(w) == Some(x)),
                            "(c) option {v} of {u} cannot be reversed to {x}: {adj:?}"
                        );
                    }
                }
                let want = if x == 0 {
                    GraphOutcome::Lose
                } else {
                    GraphOutcome::Win
                };
                assert_eq!(outcome, want, "outcome of {u} (γ = {x}): {adj:?}");
            }
            LoopyValue::Infinite(escapes) => {
                assert_eq!(escapes, k, "escape set of {u}: {adj:?}");
                let mex = (0..).find(|j| !k.contains(j)).unwrap();
                assert!(
                    adj[u]
                        .iter()
                        .any(|&v| finite(v).is_none()
                            && !adj[v].iter().any(|&w| finite(w) == Some(mex))),
                    "∞ at {u} needs an ∞ option without an option of value {mex}: {adj:?}"
                );
                let want = if k.first() == Some(&0) {
                    GraphOutcome::Win
                } else {
                    GraphOutcome::Draw
                };
                assert_eq!(outcome, want, "outcome of {u} (∞ with K = {k:?}): {adj:?}");
            }
        }
    }
}

#[test]
fn gamma_has_smiths_properties() {
    let mut rng = Rng::new(202);
    for _ in 0..2000 {
        let n = rng.range(1, 10) as usize;
        let adj = random_graph(&mut rng, n, 3);
        check_gamma(&adj, &build(&adj));
    }
    for _ in 0..100 {
        let adj = random_graph(&mut rng, 300, 4);
        check_gamma(&adj, &build(&adj));
    }
}

#[test]
fn gamma_on_acyclic_graphs_is_the_mex_recursion() {
    fn mex_value(adj: &[Vec<usize>], u: usize, memo: &mut HashMap<usize, u64>) -> u64 {
        if let Some(&x) = memo.get(&u) {
            return x;
        }
        let values: Vec<u64> = adj[u].iter().map(|&v| mex_value(adj, v, memo)).collect();
        let x = (0..).find(|j| !values.contains(j)).unwrap();
        memo.insert(u, x);
        x
    }
    let mut rng = Rng::new(303);
    for _ in 0..1000 {
        let n = rng.range(1, 40) as usize;
        let adj = random_dag(&mut rng, n, 5);
        let g = build(&adj);
        assert!(!g.is_cyclic());
        let gamma = g.loopy_grundy();
        let mut memo = HashMap::new();
        for u in 0..n {
            assert_eq!(
                gamma.value(&g, u as u32),
                LoopyValue::Finite(Nimber(mex_value(&adj, u, &mut memo))),
                "{adj:?}"
            );
        }
    }
}

/// The outcome of a sum from the parts' γ by Smith's rules.
fn smith_outcome(values: &[LoopyValue]) -> GraphOutcome {
    let finite: u64 = values
        .iter()
        .filter_map(|v| match v {
            LoopyValue::Finite(x) => Some(x.0),
            _ => None,
        })
        .fold(0, |a, b| a ^ b);
    let infinite: Vec<&Vec<u64>> = values
        .iter()
        .filter_map(|v| match v {
            LoopyValue::Infinite(k) => Some(k),
            _ => None,
        })
        .collect();
    match infinite.as_slice() {
        [] if finite == 0 => GraphOutcome::Lose,
        [] => GraphOutcome::Win,
        [k] if k.contains(&finite) => GraphOutcome::Win,
        _ => GraphOutcome::Draw,
    }
}

/// The product graph of a sum: a position is one position per part, a move moves one part.
fn product(parts: &[Vec<Vec<usize>>]) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
    let total: usize = sizes.iter().product();
    let decode = |mut i: usize| -> Vec<usize> {
        sizes
            .iter()
            .map(|&s| {
                let x = i % s;
                i /= s;
                x
            })
            .collect()
    };
    let encode = |t: &[usize]| -> usize {
        let mut i = 0;
        for (k, &x) in t.iter().enumerate().rev() {
            i = i * sizes[k] + x;
        }
        i
    };
    let mut adj = vec![Vec::new(); total];
    let mut tuples = Vec::with_capacity(total);
    for (i, out) in adj.iter_mut().enumerate() {
        let t = decode(i);
        for (k, part) in parts.iter().enumerate() {
            for &v in &part[t[k]] {
                let mut s = t.clone();
                s[k] = v;
                out.push(encode(&s));
            }
        }
        tuples.push(t);
    }
    (adj, tuples)
}

#[test]
fn sums_of_two_and_three_graphs_follow_smith() {
    let mut rng = Rng::new(404);
    for case in 0..400 {
        let count = if case % 3 == 0 { 3 } else { 2 };
        let parts: Vec<Vec<Vec<usize>>> = (0..count)
            .map(|_| {
                let n = rng.range(1, if count == 3 { 4 } else { 6 }) as usize;
                random_graph(&mut rng, n, 3)
            })
            .collect();
        let graphs: Vec<GameGraph> = parts.iter().map(|p| build(p)).collect();
        let gammas: Vec<_> = graphs.iter().map(|g| g.loopy_grundy()).collect();
        let (adj, tuples) = product(&parts);
        let searched = play_out(&adj, Convention::Normal);
        for (i, t) in tuples.iter().enumerate() {
            let values: Vec<LoopyValue> = t
                .iter()
                .enumerate()
                .map(|(k, &u)| gammas[k].value(&graphs[k], u as u32))
                .collect();
            assert_eq!(
                smith_outcome(&values),
                searched[i].0,
                "sum at {t:?} of {parts:?}, values {values:?}"
            );
        }
    }
}

#[test]
fn long_chains_and_cycles_stay_iterative() {
    let n = 1_000_000usize;
    // a chain 0 -> 1 -> ... -> n-1: alternating outcomes, remoteness n-1-u
    let chain: Vec<(u32, u32)> = (0..n as u32 - 1).map(|u| (u, u + 1)).collect();
    let g = GameGraph::from_edges(n, &chain).unwrap();
    let r = g.retrograde(Convention::Normal);
    assert_eq!(r.remoteness(0), Some(n as u32 - 1));
    assert_eq!(r.outcome(0), GraphOutcome::Win); // n - 1 is odd
    let gamma = g.loopy_grundy();
    assert_eq!(gamma.value(&g, 0), LoopyValue::Finite(Nimber(1)));
    assert!(!g.is_cyclic());
    // one cycle through every position: all draws, γ = ∞ with no escape
    let cycle: Vec<(u32, u32)> = (0..n as u32).map(|u| (u, (u + 1) % n as u32)).collect();
    let g = GameGraph::from_edges(n, &cycle).unwrap();
    assert_eq!(g.retrograde(Convention::Normal).counts(), [0, 0, n]);
    let gamma = g.loopy_grundy();
    assert_eq!(gamma.infinite_count(), n);
    assert_eq!(gamma.value(&g, 7), LoopyValue::Infinite(vec![]));
    assert!(g.is_cyclic());
}

#[test]
fn reports_read_both_formats_alike() {
    let edges = b"# a small game\n4 5\n1 2\n2 3\n3 2\n2 4\n1 1\n";
    let json = br#"{"moves": {"1": ["2", "1"], "2": ["3", "4"], "3": ["2"]}}"#;
    let options = GraphOptions {
        positions: true,
        from: Some("2".into()),
        ..GraphOptions::default()
    };
    let a = graph_report(&edges[..], &options).unwrap();
    let b = graph_report(&json[..], &options).unwrap();
    assert_eq!(a, b);
    assert_eq!((a.vertices, a.edges, a.cyclic), (4, 5, true));
    // 2 -> 4 (no moves) wins at once; 3 must go back to 2 and loses; 1 can only loop or lose
    let from = a.from.unwrap();
    assert_eq!(from.row.outcome, GraphOutcome::Win);
    let best: Vec<&str> = from
        .moves
        .iter()
        .filter(|m| m.best)
        .map(|m| m.to.as_str())
        .collect();
    assert_eq!(best, ["4"]);
    let table = a.table.unwrap();
    assert_eq!(table[2].outcome, GraphOutcome::Lose);
    assert_eq!(table[0].outcome, GraphOutcome::Draw);
}

#[test]
fn best_moves_follow_remoteness() {
    let mut rng = Rng::new(505);
    for _ in 0..300 {
        let n = rng.range(2, 9) as usize;
        let adj = random_graph(&mut rng, n, 3);
        let g = build(&adj);
        let want = play_out(&adj, Convention::Normal);
        let text = {
            let mut s = format!("{} {}\n", n, adj.iter().map(Vec::len).sum::<usize>());
            for (u, vs) in adj.iter().enumerate() {
                for v in vs {
                    s.push_str(&format!("{} {}\n", u + 1, v + 1));
                }
            }
            s
        };
        for u in 0..n {
            let options = GraphOptions {
                from: Some((u + 1).to_string()),
                ..GraphOptions::default()
            };
            let report = graph_report(text.as_bytes(), &options).unwrap();
            let from = report.from.unwrap();
            assert_eq!(from.moves.len(), g.options(u as u32).len());
            for m in &from.moves {
                let v: usize = m.to.parse::<usize>().unwrap() - 1;
                let (o, rem) = want[v];
                let best = match want[u].0 {
                    GraphOutcome::Win => o == GraphOutcome::Lose && rem.map(|r| r + 1) == want[u].1,
                    GraphOutcome::Lose => rem.map(|r| r + 1) == want[u].1,
                    GraphOutcome::Draw => o == GraphOutcome::Draw,
                };
                assert_eq!(m.best, best, "move {u} -> {v} in {adj:?}");
            }
        }
    }
}

/// Subtraction of 1 or 2 on a counter modulo 7, except that 0 ends the game: a loopy game
/// written as a trait implementation, explored, then solved.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Clock(u8);

impl GraphGame for Clock {
    fn options(&self) -> impl Iterator<Item = Clock> {
        let here = self.0;
        [1u8, 2]
            .into_iter()
            .filter(move |_| here != 0)
            .map(move |s| Clock((here + 7 - s) % 7))
    }
}

#[test]
fn explored_games_match_their_written_graph() {
    let game = explore(Clock(3), 100).unwrap();
    assert_eq!(game.positions.len(), 7);
    let adj: Vec<Vec<usize>> = game
        .positions
        .iter()
        .map(|p| {
            p.options()
                .map(|q| game.index(&q).unwrap() as usize)
                .collect()
        })
        .collect();
    let want = play_out(&adj, Convention::Normal);
    let r = game.graph.retrograde(Convention::Normal);
    for u in 0..adj.len() {
        assert_eq!((r.outcome(u as u32), r.remoteness(u as u32)), want[u]);
    }
    // 0 is lost; 1 and 2 win by moving to 0
    assert_eq!(
        r.outcome(game.index(&Clock(0)).unwrap()),
        GraphOutcome::Lose
    );
    assert_eq!(r.outcome(game.index(&Clock(2)).unwrap()), GraphOutcome::Win);
    assert!(matches!(
        explore(Clock(3), 5),
        Err(grundy::GrundyError::StateLimit { .. })
    ));
}

fn write_edge_list(path: &std::path::Path, adj: &[Vec<usize>]) {
    let mut s = format!(
        "{} {}\n",
        adj.len(),
        adj.iter().map(Vec::len).sum::<usize>()
    );
    for (u, vs) in adj.iter().enumerate() {
        for v in vs {
            s.push_str(&format!("{} {}\n", u + 1, v + 1));
        }
    }
    std::fs::write(path, s).unwrap();
}

/// `grundy solve` on `graph A u + graph B v + nim h`: outcome, winning and drawing moves
/// against a play-out of the product graph.
#[test]
fn solve_sums_with_graph_parts_match_the_product_graph() {
    use grundy::app::play::{MoveResult, Session};
    use grundy::{solve_expression, Outcome, SolveOptions};
    let dir = std::env::temp_dir().join(format!("grundy-sums-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pa, pb) = (dir.join("a.txt"), dir.join("b.txt"));
    let mut rng = Rng::new(606);
    let mut outcomes = [0usize; 3];
    for _ in 0..60 {
        let (na, nb) = (rng.range(1, 5) as usize, rng.range(1, 5) as usize);
        let a = random_graph(&mut rng, na, 3);
        let b = random_graph(&mut rng, nb, 2);
        let heap = rng.range(0, 3) as usize;
        let nim: Vec<Vec<usize>> = (0..=heap).map(|h| (0..h).collect()).collect();
        write_edge_list(&pa, &a);
        write_edge_list(&pb, &b);
        // the files were rewritten: a fresh source reads them again
        let options = SolveOptions {
            graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
            ..SolveOptions::default()
        };
        let (adj, tuples) = product(&[a.clone(), b.clone(), nim.clone()]);
        let searched = play_out(&adj, Convention::Normal);
        let text = |t: &[usize], moved: Option<usize>| -> String {
            let words = [
                format!("graph {} {}", pa.display(), t[0] + 1),
                format!("graph {} {}", pb.display(), t[1] + 1),
                format!("nim {}", t[2]),
            ];
            let terminal = [a[t[0]].is_empty(), b[t[1]].is_empty(), t[2] == 0];
            let kept: Vec<String> = (0..3)
                .filter(|&k| !((Some(k) == moved && terminal[k]) || (k == 2 && t[2] == 0)))
                .map(|k| words[k].clone())
                .collect();
            if kept.is_empty() {
                "0".into()
            } else {
                kept.join(" + ")
            }
        };
        for (i, t) in tuples.iter().enumerate() {
            if t[2] == 0 && heap > 0 {
                continue; // `nim 0` is not written; the same sums come with heap 0
            }
            let report = solve_expression(&text(t, None), &options).unwrap();
            let (want, want_win, want_draw) = {
                let mut win = Vec::new();
                let mut draw = Vec::new();
                for &j in &adj[i] {
                    let moved = (0..3).find(|&k| tuples[j][k] != t[k]); // None: a self-loop
                    match searched[j].0 {
                        GraphOutcome::Lose => win.push(text(&tuples[j], moved)),
                        GraphOutcome::Draw => draw.push(text(&tuples[j], moved)),
                        GraphOutcome::Win => {}
                    }
                }
                let outcome = Outcome::from(searched[i].0);
                (outcome, win, draw)
            };
            outcomes[want as usize] += 1;
            assert_eq!(report.outcome, want, "{}", report.position);
            let mut got_win = report.winning_moves.clone();
            let mut want_win = want_win;
            got_win.sort();
            want_win.sort();
            want_win.dedup();
            assert_eq!(got_win, want_win, "winning moves of {}", report.position);
            if want == Outcome::D {
                let mut got = report.drawing_moves.clone().unwrap();
                let mut want_draw = want_draw;
                got.sort();
                want_draw.sort();
                want_draw.dedup();
                assert_eq!(got, want_draw, "drawing moves of {}", report.position);
            } else {
                assert_eq!(report.drawing_moves, None);
            }
            // a play session on the same sum: every move, with what it gives its maker
            let mut session = Session::from_sum(&text(t, None), &options).unwrap();
            let state = session.state(1000).unwrap();
            assert_eq!(state.outcome, want, "play {}", report.position);
            let mut listed: Vec<(String, String)> = state
                .moves
                .iter()
                .map(|m| (m.to.clone(), format!("{:?}", m.result)))
                .collect();
            let mut expected: Vec<(String, String)> = adj[i]
                .iter()
                .map(|&j| {
                    let moved = (0..3).find(|&k| tuples[j][k] != t[k]);
                    let result = match searched[j].0 {
                        GraphOutcome::Lose => MoveResult::Win,
                        GraphOutcome::Win => MoveResult::Lose,
                        GraphOutcome::Draw => MoveResult::Draw,
                    };
                    (text(&tuples[j], moved), format!("{result:?}"))
                })
                .collect();
            listed.sort();
            expected.sort();
            expected.dedup();
            assert_eq!(listed, expected, "play moves of {}", report.position);
        }
    }
    assert!(
        outcomes.iter().all(|&c| c > 20),
        "every outcome seen: {outcomes:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Parsing opens no file by itself: `graph FILE V` reads FILE only through the source the
/// caller hands in (the command line's and Python's `FileGraphs`); the default source and a
/// request's `GraphTexts` refuse every other name, even of a valid game file.
#[test]
fn expressions_read_no_file_unless_their_caller_gives_a_source() {
    use grundy::app::play::Session;
    use grundy::app::FileGraphs;
    use grundy::games::{GraphSource, GraphTexts};
    use grundy::{solve_expression, Outcome, SolveOptions};
    use std::sync::Arc;
    let path = std::env::temp_dir().join(format!("grundy-no-read-{}", std::process::id()));
    std::fs::write(&path, "3 2\n1 2\n2 3\n").unwrap(); // 1 -> 2 -> 3: position 1 is P
    let expr = format!("graph {} 1 + nim 1", path.display());
    let with = |graphs: Arc<dyn GraphSource>| SolveOptions {
        graphs,
        ..SolveOptions::default()
    };

    let e = grundy::parse_sum(&expr).unwrap_err().to_string();
    assert!(e.starts_with("column 7: graph "), "{e}");
    assert!(e.contains("no source of game graphs"), "{e}");
    let defaults = SolveOptions::default();
    assert!(solve_expression(&expr, &defaults).is_err());
    assert!(Session::from_sum(&expr, &defaults).is_err());

    let texts = with(Arc::new(GraphTexts::new([("chain", "3 2\n1 2\n2 3\n")])));
    let e = solve_expression(&expr, &texts).unwrap_err().to_string();
    assert!(e.contains("no game graph of that name"), "{e}");
    assert!(Session::from_sum(&expr, &texts).is_err());
    let report = solve_expression("graph chain 1 + nim 1", &texts).unwrap();
    assert_eq!(report.outcome, Outcome::N);
    // γ = 0, 1, 0 along the chain: taking the heap, or moving to 2 (γ 1 = the heap), wins
    assert_eq!(
        report.winning_moves,
        ["graph chain 2 + nim 1", "graph chain 1"]
    );
    // a play session re-reads the positions typed with the same source
    let mut session = Session::from_sum("graph chain 1 + nim 1", &texts).unwrap();
    session.play("graph chain 1").unwrap();
    assert!(session.play("graph other 1").is_err());

    let files = with(Arc::new(FileGraphs::default()));
    let report = solve_expression(&expr, &files).unwrap();
    assert_eq!(report.outcome, Outcome::N);
    let shown = path.display();
    assert_eq!(
        report.winning_moves,
        [
            format!("graph {shown} 2 + nim 1"),
            format!("graph {shown} 1")
        ]
    );
    std::fs::remove_file(&path).unwrap();
    let e = solve_expression(&expr, &with(Arc::new(FileGraphs::default())))
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot read the file"), "{e}");
}
