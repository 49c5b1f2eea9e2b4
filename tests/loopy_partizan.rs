//! Loopy partizan games against a plain outcome search written here: a sum's positions are
//! tuples of its parts' positions, and who wins each (position, player to move) is found by
//! sweeping all states until nothing changes (a state is won when some move reaches a state
//! lost for the opponent, lost when every move reaches one won by the opponent; the rest are
//! drawn). Stoppers, their comparison, simplest forms and sides are checked against it on
//! thousands of random small games, and against values the literature states.

mod common;

use common::Rng;
use grundy::budget::Budget;
use grundy::partizan::loopy::{
    parse_loopy, value_of, LoopyGraph, Play, Player, SidedValue, Stopper,
};
use grundy::partizan::Forms;
use std::collections::HashMap;

/// A game as plain adjacency: `moves[v] = (left, right)`, and its start.
#[derive(Clone, Debug)]
struct Plain {
    moves: Vec<(Vec<usize>, Vec<usize>)>,
    start: usize,
}

/// Left's result moving first and Right's result moving first, each from the mover's view:
/// 2 win, 1 draw, 0 loss.
type Results = (u8, u8);

/// The plain search over the sum of `parts`.
fn oracle(parts: &[&Plain]) -> Results {
    // enumerate reachable tuples
    let start: Vec<usize> = parts.iter().map(|p| p.start).collect();
    let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut tuples = vec![start.clone()];
    index.insert(start, 0);
    let mut moves: Vec<[Vec<usize>; 2]> = Vec::new();
    let mut i = 0;
    while i < tuples.len() {
        let t = tuples[i].clone();
        let mut both = [Vec::new(), Vec::new()];
        for (side, list) in both.iter_mut().enumerate() {
            for (k, p) in parts.iter().enumerate() {
                let opts = if side == 0 {
                    &p.moves[t[k]].0
                } else {
                    &p.moves[t[k]].1
                };
                for &w in opts {
                    let mut u = t.clone();
                    u[k] = w;
                    let id = *index.entry(u.clone()).or_insert_with(|| {
                        tuples.push(u);
                        tuples.len() - 1
                    });
                    list.push(id);
                }
            }
        }
        moves.push(both);
        i += 1;
    }
    // result[v][p]: 2 win, 0 loss for the mover p, None undecided
    let n = tuples.len();
    let mut result = vec![[None::<u8>; 2]; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            for p in 0..2 {
                if result[v][p].is_some() {
                    continue;
                }
                let opts = &moves[v][p];
                if opts.iter().any(|&w| result[w][1 - p] == Some(0)) {
                    result[v][p] = Some(2);
                    changed = true;
                } else if opts.iter().all(|&w| result[w][1 - p] == Some(2)) {
                    result[v][p] = Some(0);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    (result[0][0].unwrap_or(1), result[0][1].unwrap_or(1))
}

/// From Left's view: Left first (2 Left wins) and Right first (2 Left wins).
fn left_view(r: Results) -> (u8, u8) {
    (r.0, 2 - r.1)
}

fn random_plain(rng: &mut Rng, max_positions: u64) -> Plain {
    let n = rng.range(1, max_positions + 1) as usize;
    let moves = (0..n)
        .map(|_| {
            let mut side = || {
                let k = rng.below(3) as usize;
                let mut o: Vec<usize> = (0..k).map(|_| rng.below(n as u64) as usize).collect();
                o.sort_unstable();
                o.dedup();
                o
            };
            (side(), side())
        })
        .collect();
    Plain { moves, start: 0 }
}

fn to_graph(p: &Plain) -> LoopyGraph {
    let mut g = LoopyGraph::new();
    for (l, r) in &p.moves {
        g.add_with(
            l.iter().map(|&w| w as u32).collect(),
            r.iter().map(|&w| w as u32).collect(),
        );
    }
    g
}

fn from_graph(g: &LoopyGraph, start: u32) -> Plain {
    Plain {
        moves: (0..g.len() as u32)
            .map(|v| {
                (
                    g.left(v).iter().map(|&w| w as usize).collect(),
                    g.right(v).iter().map(|&w| w as usize).collect(),
                )
            })
            .collect(),
        start: start as usize,
    }
}

fn negate(p: &Plain) -> Plain {
    Plain {
        moves: p
            .moves
            .iter()
            .map(|(l, r)| (r.clone(), l.clone()))
            .collect(),
        start: p.start,
    }
}

fn random_stopper(rng: &mut Rng, max_positions: u64) -> Plain {
    loop {
        let p = random_plain(rng, max_positions);
        if to_graph(&p).stoppers()[p.start] {
            return p;
        }
    }
}

fn budget() -> Budget {
    Budget::new(10_000_000)
}

#[test]
fn outcomes_match_the_plain_search_on_random_sums() {
    let mut rng = Rng::new(0x100b);
    let mut draws = 0;
    for round in 0..3000 {
        let k = rng.range(1, 4) as usize;
        let parts: Vec<Plain> = (0..k).map(|_| random_plain(&mut rng, 5)).collect();
        let graphs: Vec<LoopyGraph> = parts.iter().map(to_graph).collect();
        let refs: Vec<&LoopyGraph> = graphs.iter().collect();
        let starts: Vec<u32> = parts.iter().map(|p| p.start as u32).collect();
        let sum = LoopyGraph::sum(&refs, &starts, &budget()).unwrap();
        let got = sum.graph.outcomes()[0];
        let code = |o: Play| match o {
            Play::Win => 2,
            Play::Draw => 1,
            Play::Loss => 0,
        };
        let plain_parts: Vec<&Plain> = parts.iter().collect();
        let want = oracle(&plain_parts);
        assert_eq!(
            (code(got[0]), code(got[1])),
            want,
            "round {round}: {parts:?}"
        );
        if want.0 == 1 || want.1 == 1 {
            draws += 1;
        }
    }
    assert!(draws > 300, "too few draws to test: {draws}");
}

#[test]
fn stopper_order_is_the_order_of_outcomes_in_every_sum() {
    // G <= H means o(G + X) <= o(H + X) from Left's view for every X; where it fails, -G
    // (or -H) tells them apart
    let mut rng = Rng::new(0x57097);
    let (mut le_count, mut not_le) = (0, 0);
    for round in 0..1500 {
        let g = random_stopper(&mut rng, 4);
        let h = random_stopper(&mut rng, 4);
        let sg = Stopper::simplify(&to_graph(&g), g.start as u32, &budget()).unwrap();
        let sh = Stopper::simplify(&to_graph(&h), h.start as u32, &budget()).unwrap();
        let le = sg.le(&sh, &budget()).unwrap();
        // the definition's test: Left survives H - G moving second
        let survives = oracle(&[&h, &negate(&g)]).1 != 2;
        assert_eq!(le, survives, "round {round}: {g:?} <= {h:?}");
        if le {
            le_count += 1;
            for _ in 0..4 {
                let x = random_stopper(&mut rng, 4);
                let og = left_view(oracle(&[&g, &x]));
                let oh = left_view(oracle(&[&h, &x]));
                assert!(
                    og.0 <= oh.0 && og.1 <= oh.1,
                    "round {round}: {g:?} <= {h:?} but not with {x:?}"
                );
            }
        } else {
            not_le += 1;
        }
    }
    assert!(le_count > 200 && not_le > 200, "{le_count} {not_le}");
}

#[test]
fn simplest_forms_keep_the_value_and_are_unique() {
    let mut rng = Rng::new(0x5139);
    let mut forms = Forms::new(1_000_000);
    let mut cyclic = 0;
    for round in 0..1500 {
        let g = random_stopper(&mut rng, 6);
        let graph = to_graph(&g);
        let s = Stopper::simplify(&graph, g.start as u32, &budget()).unwrap();
        assert!(s.graph().len() <= graph.len() + 1, "round {round}");
        let plain = from_graph(s.graph(), 0);
        for _ in 0..3 {
            let x = random_stopper(&mut rng, 4);
            assert_eq!(
                oracle(&[&g, &x]),
                oracle(&[&plain, &x]),
                "round {round}: {g:?} vs {s:?} with {x:?}"
            );
        }
        // the same game written another way: a second copy of the graph, the moves into it
        // taken at random from either copy, and an option it dominates added
        let n = g.moves.len();
        let mut doubled = g.clone();
        for v in 0..n {
            let (l, r) = g.moves[v].clone();
            let mut pick = |o: Vec<usize>| -> Vec<usize> {
                o.into_iter()
                    .map(|w| if rng.chance(50) { w + n } else { w })
                    .collect()
            };
            doubled.moves.push((pick(l), pick(r)));
        }
        doubled.start = if rng.chance(50) { g.start + n } else { g.start };
        let d = Stopper::simplify(&to_graph(&doubled), doubled.start as u32, &budget()).unwrap();
        assert_eq!(s, d, "round {round}: {g:?}");
        // and it prints and reads back as itself
        let text = s.to_text(&mut forms).unwrap();
        let read = parse_loopy(&mut forms, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let back = Stopper::simplify(&read.graph, read.start, &budget()).unwrap();
        assert_eq!(back, s, "round {round}: {text}");
        if s.graph().cyclic()[0] {
            cyclic += 1;
        }
    }
    assert!(cyclic > 300, "too few cyclic stoppers: {cyclic}");
}

#[test]
fn sums_of_stoppers_commute_and_associate() {
    let mut rng = Rng::new(0xadd);
    let mut stopper_sums = 0;
    for round in 0..600 {
        let parts: Vec<Plain> = (0..3).map(|_| random_stopper(&mut rng, 3)).collect();
        let graphs: Vec<LoopyGraph> = parts.iter().map(to_graph).collect();
        let value = |order: [usize; 3]| {
            let refs: Vec<&LoopyGraph> = order.iter().map(|&i| &graphs[i]).collect();
            let starts: Vec<u32> = order.iter().map(|&i| parts[i].start as u32).collect();
            let sum = LoopyGraph::sum(&refs, &starts, &budget()).unwrap();
            value_of(&sum.graph, 0, 64, &budget())
        };
        let a = value([0, 1, 2]);
        let b = value([2, 0, 1]);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "round {round}");
                if matches!(a, SidedValue::Stopper(_)) {
                    stopper_sums += 1;
                }
            }
            (Err(_), Err(_)) => {}
            (a, b) => panic!("round {round}: {a:?} vs {b:?}"),
        }
    }
    assert!(stopper_sums > 200, "{stopper_sums}");
}

#[test]
fn sides_decide_every_sum_with_a_stopper() {
    // G = S & T: Left survives G + X exactly when she survives S + X, and wins it exactly
    // when she wins T + X, for stoppers X, each player moving first
    let mut rng = Rng::new(0x51de);
    let (mut sided, mut unsettled) = (0, 0);
    for round in 0..4000 {
        let g = random_plain(&mut rng, 5);
        let graph = to_graph(&g);
        if graph.stoppers()[0] {
            continue;
        }
        let value = match value_of(&graph, 0, 64, &budget()) {
            Ok(v) => v,
            Err(_) => {
                unsettled += 1;
                continue;
            }
        };
        sided += 1;
        let s = from_graph(value.onside().graph(), 0);
        let t = from_graph(value.offside().graph(), 0);
        for _ in 0..4 {
            let x = random_stopper(&mut rng, 4);
            let og = left_view(oracle(&[&g, &x]));
            let os = left_view(oracle(&[&s, &x]));
            let ot = left_view(oracle(&[&t, &x]));
            for (o, (so, to)) in [(og.0, (os.0, ot.0)), (og.1, (os.1, ot.1))] {
                assert_eq!(
                    o >= 1,
                    so >= 1,
                    "round {round}: survival of {g:?} vs onside {s:?} with {x:?}"
                );
                assert_eq!(
                    o == 2,
                    to == 2,
                    "round {round}: win of {g:?} vs offside {t:?} with {x:?}"
                );
            }
        }
    }
    println!("{sided} sided, {unsettled} unsettled");
    assert!(sided > 300, "{sided} sided, {unsettled} unsettled");
    assert!(
        unsettled * 20 < sided,
        "{sided} sided, {unsettled} unsettled"
    );
}

fn value_text(text: &str) -> String {
    let mut forms = Forms::new(1_000_000);
    let read = parse_loopy(&mut forms, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let value = match read.offside {
        None => value_of(&read.graph, read.start, 256, &budget()).unwrap(),
        Some(off) => {
            let on = value_of(&read.graph, read.start, 256, &budget()).unwrap();
            let off = value_of(&read.graph, off, 256, &budget()).unwrap();
            SidedValue::from_sides(on.onside().clone(), off.offside().clone())
        }
    };
    match value {
        SidedValue::Stopper(s) => s.to_text(&mut forms).unwrap(),
        SidedValue::Sided { onside, offside } => format!(
            "{} & {}",
            onside.to_text(&mut forms).unwrap(),
            offside.to_text(&mut forms).unwrap()
        ),
    }
}

#[test]
fn textbook_values() {
    for (text, want) in [
        // the named stoppers (Winning Ways ch. 11; CGSuite's plumtrees)
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{0|pass}", "over"),
        ("{pass|0}", "under"),
        ("{pass|*}", "upon"),
        ("-over", "under"),
        // {pass | 3/2} = 3/2 under (Siegel, Combinatorial Game Theory, 2013, ch. VI.2)
        ("{pass|3/2}", "3/2under"),
        ("{1|pass}", "1over"),
        // on dominates every option, off is dominated by every one
        ("{on, 5|}", "on"),
        ("{0, on|off}", "{on|off}"),
        // Backsliding Toads and Frogs TTT..FFF (Siegel, Combinatorial Game Theory, ch. VI;
        // CGSuite gives the same)
        ("{on||0|-1/2} & {1/2|0||off}", "{on||0|-1/2} & {1/2|0||off}"),
        (
            "{on|{0|-1/2}} & {{1/2|0}|off}",
            "{on||0|-1/2} & {1/2|0||off}",
        ),
        // a short game stays short
        ("{1|{0|-1}}", "{1||0|-1}"),
        // {0 | {1|G}}: the inner Right option reverses through 1, so G = {0|} = 1
        ("a{0|{1|a}}", "1"),
        // dud = on & off, the deathless universal draw
        ("dud", "on & off"),
        ("{pass|pass}", "on & off"),
        // tis = {tisn|} and tisn = {|tis}: tis = 1 & 0 (Winning Ways ch. 11)
        ("a{{|a}|}", "1 & 0"),
        ("a{|{a|}}", "0 & -1"),
        // a sided value written with &
        ("on & off", "on & off"),
        ("1 & 0", "1 & 0"),
    ] {
        assert_eq!(value_text(text), want, "{text}");
    }
}

#[test]
fn laws_of_the_named_stoppers() {
    let mut forms = Forms::new(1_000_000);
    let mut read = |t: &str| {
        let r = parse_loopy(&mut forms, t).unwrap();
        Stopper::simplify(&r.graph, r.start, &budget()).unwrap()
    };
    let (on, off, over, zero, small) = (
        read("on"),
        read("off"),
        read("over"),
        read("0"),
        read("1/64"),
    );
    let b = budget();
    assert!(zero.le(&on, &b).unwrap() && off.le(&zero, &b).unwrap());
    assert!(!on.le(&zero, &b).unwrap());
    // over is a positive infinitesimal: 0 < over < 1/64
    assert!(zero.le(&over, &b).unwrap() && !over.le(&zero, &b).unwrap());
    assert!(over.le(&small, &b).unwrap() && !small.le(&over, &b).unwrap());
    // upon is positive and confused with * ... and G - G = 0 for stoppers
    let mut forms2 = Forms::new(1_000_000);
    for t in ["over", "upon", "a{0|{1|a}}", "3/2under", "{on|0}"] {
        let r = parse_loopy(&mut forms2, t).unwrap();
        let neg = r.graph.negated();
        let sum = LoopyGraph::sum(&[&r.graph, &neg], &[r.start, r.start], &b).unwrap();
        // Left survives G - G moving second, and so does Right: both sides are 0
        let o = sum.graph.outcomes()[0];
        use Play::*;
        assert!(o[0] != Win && o[1] != Win, "{t}: {o:?}");
    }
    assert_eq!(Player::Left.other(), Player::Right);
}

/// Backsliding Toads and Frogs from its rules, written here: a toad steps right or left into
/// an empty cell or jumps one frog to the right; a frog the mirror.
fn backsliding_plain(row: &str) -> Plain {
    let mut index: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut rows: Vec<Vec<u8>> = vec![row.as_bytes().to_vec()];
    index.insert(rows[0].clone(), 0);
    let mut moves = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let r = rows[i].clone();
        let mut both: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for (side, (me, them, step)) in [(b'T', b'F', 1i64), (b'F', b'T', -1i64)]
            .into_iter()
            .enumerate()
        {
            for k in 0..r.len() as i64 {
                if r[k as usize] != me {
                    continue;
                }
                let at = |j: i64| {
                    if j >= 0 && j < r.len() as i64 {
                        Some(r[j as usize])
                    } else {
                        None
                    }
                };
                let mut targets = Vec::new();
                if at(k + step) == Some(b'.') {
                    targets.push(k + step);
                }
                if at(k + step) == Some(them) && at(k + 2 * step) == Some(b'.') {
                    targets.push(k + 2 * step);
                }
                if at(k - step) == Some(b'.') {
                    targets.push(k - step);
                }
                for t in targets {
                    let mut next = r.clone();
                    next[k as usize] = b'.';
                    next[t as usize] = me;
                    let id = *index.entry(next.clone()).or_insert_with(|| {
                        rows.push(next);
                        rows.len() - 1
                    });
                    both[side].push(id);
                }
            }
        }
        let [l, r] = both;
        moves.push((l, r));
        i += 1;
    }
    Plain { moves, start: 0 }
}

#[test]
fn loopy_sums_answer_as_the_plain_search() {
    use grundy::app::loopy::{loopy_report, LoopyOptions};
    use grundy::games::GraphTexts;
    use std::sync::Arc;
    let mut rng = Rng::new(0x1005e);
    let play = |mover_result: u8| match mover_result {
        2 => Play::Win,
        1 => Play::Draw,
        _ => Play::Loss,
    };
    let mut draws = 0;
    for round in 0..300 {
        // a random row, a random graph file and a short value
        let cells = rng.range(2, 7) as usize;
        let row: String = (0..cells)
            .map(|_| [b'T', b'F', b'.', b'.'][rng.below(4) as usize] as char)
            .collect();
        let g = random_plain(&mut rng, 4);
        let mut file = format!(
            "{} {} {}\n",
            g.moves.len(),
            g.moves.iter().map(|m| m.0.len()).sum::<usize>(),
            g.moves.iter().map(|m| m.1.len()).sum::<usize>()
        );
        for side in 0..2 {
            for (u, (l, r)) in g.moves.iter().enumerate() {
                for &v in if side == 0 { l } else { r } {
                    file += &format!("{} {}\n", u + 1, v + 1);
                }
            }
        }
        let short = ["0", "1", "-1", "*", "1/2", "{1|-1}"][rng.below(6) as usize];
        let text = format!("backsliding {row} + loopy g + {short}");
        let options = LoopyOptions {
            graphs: Arc::new(GraphTexts::new([("g", file.as_str())])),
            with_value: round % 30 == 0,
            ..LoopyOptions::default()
        };
        let report = loopy_report(&text, &options).unwrap().unwrap();
        // the short value as a plain game, from the notation read back
        let mut forms = Forms::new(100_000);
        let s = parse_loopy(&mut forms, short).unwrap();
        let s = from_graph(&s.graph, s.start);
        let b = backsliding_plain(&row);
        let want = oracle(&[&b, &g, &s]);
        assert_eq!(
            (report.left_first, report.right_first),
            (play(want.0), play(want.1)),
            "round {round}: {text}\n{file}"
        );
        if want.0 == 1 || want.1 == 1 {
            draws += 1;
        }
        // a winning move leaves the opponent, moving first, a loss
        for (moves, first) in [
            (&report.left_moves, report.left_first),
            (&report.right_moves, report.right_first),
        ] {
            if first == Play::Win {
                assert!(!moves.is_empty(), "round {round}: {text}");
            }
            for m in moves {
                assert_eq!(m.result, first, "round {round}: {text}");
            }
        }
    }
    assert!(draws > 30, "{draws}");
}

#[test]
fn backsliding_toads_and_frogs_as_cgsuite_values_it() {
    use grundy::app::loopy::{loopy_report, LoopyOptions};
    let value = |t: &str| loopy_report(t, &LoopyOptions::default()).unwrap().unwrap();
    // Siegel, Combinatorial Game Theory (2013), ch. VI, as CGSuite computes it:
    // ttt..fff = {on||0|-1/2} & {1/2|0||off}
    let r = value("backsliding TTT..FFF");
    assert_eq!(r.value.as_deref(), Some("{on||0|-1/2} & {1/2|0||off}"));
    assert_eq!((r.left_first, r.right_first), (Play::Draw, Play::Draw));
    assert!(!r.stopper);
    // a toad and a frog that cannot meet: nobody can ever be stuck for good
    let r = value("backsliding T..F");
    assert_eq!(r.value.as_deref(), Some("*"));
    // sided values must have the onside at least the offside
    assert!(loopy_report("0 & 1", &LoopyOptions::default()).is_err());
    assert!(loopy_report("1 & 0 + 5", &LoopyOptions::default()).is_ok());
}

#[test]
fn play_keeps_the_best_result_for_the_computer() {
    use grundy::app::loopy::{loopy_report, LoopyOptions};
    use grundy::app::loopy_play::LoopyPlay;
    let mut rng = Rng::new(0x91a7);
    let options = LoopyOptions {
        with_value: false,
        ..LoopyOptions::default()
    };
    let mut finished = 0;
    for round in 0..200 {
        let cells = rng.range(2, 7) as usize;
        let row: String = (0..cells)
            .map(|_| [b'T', b'F', b'.'][rng.below(3) as usize] as char)
            .collect();
        let text = format!(
            "backsliding {row} + {}",
            ["0", "1/2", "-1", "over", "on"][rng.below(5) as usize]
        );
        let report = loopy_report(&text, &options).unwrap().unwrap();
        for left_first in [true, false] {
            let mut game = LoopyPlay::new(&text, left_first, &options)
                .unwrap()
                .unwrap();
            let mut state = game.state().unwrap();
            let want = if left_first {
                report.left_first
            } else {
                report.right_first
            };
            assert_eq!(state.result, want, "round {round}: {text}");
            // the computer plays a few moves for both sides; the result never gets worse for
            // the side that moves
            for _ in 0..6 {
                let Some(pick) = state.computer else { break };
                let before = state.result;
                assert_eq!(state.moves[pick].result, before, "round {round}: {text}");
                game.play(&state.moves[pick].to).unwrap();
                state = game.state().unwrap();
            }
            // both sides played by the computer: a won game ends (the winner hurries, never
            // going round a cycle), after exactly the moves its remoteness says, and the
            // player left without a move is the loser
            if want != Play::Draw {
                let mut game = LoopyPlay::new(&text, left_first, &options)
                    .unwrap()
                    .unwrap();
                let mut state = game.state().unwrap();
                let total = state.remoteness.expect("a decided game");
                for k in 1..=total {
                    let pick = state.computer.expect("a move");
                    game.play(&state.moves[pick].to).unwrap();
                    state = game.state().unwrap();
                    assert_eq!(state.remoteness, Some(total - k), "round {round}: {text}");
                }
                assert!(state.moves.is_empty(), "round {round}: {text}");
                assert_eq!(
                    total.is_multiple_of(2),
                    want == Play::Loss,
                    "round {round}: {text}"
                );
                finished += 1;
            }
        }
    }
    assert!(finished > 100, "{finished}");
    assert!(LoopyPlay::new("1 & 0", true, &options).is_err());
    assert!(LoopyPlay::new("nim 3", true, &options).unwrap().is_none());
}

#[test]
fn stoppers_minus_themselves_are_zero_and_short_games_stay_short() {
    let mut rng = Rng::new(0x2e70);
    let b = budget();
    for round in 0..1000 {
        // G - G: the second player survives, whoever starts (G - G = 0 for stoppers)
        let g = random_stopper(&mut rng, 5);
        let r = oracle(&[&g, &negate(&g)]);
        assert!(r.0 != 2 && r.1 != 2, "round {round}: {g:?}");
    }
    // a short game read as a loopy one keeps its canonical form, written the same way
    let mut forms = Forms::new(1_000_000);
    let mut pool = vec![forms.zero()];
    for _ in 0..400 {
        let pick = |rng: &mut Rng| {
            let k = rng.below(3) as usize;
            (0..k)
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect::<Vec<_>>()
        };
        let (l, r) = (pick(&mut rng), pick(&mut rng));
        let g = forms.make(l, r).unwrap();
        pool.push(g);
        let text = forms.to_string(g);
        let read = parse_loopy(&mut forms, &text).unwrap();
        let s = Stopper::simplify(&read.graph, read.start, &b).unwrap();
        assert_eq!(s.to_text(&mut forms).unwrap(), text);
        assert_eq!(s, Stopper::from_form(&mut forms, g).unwrap());
        assert_eq!(s.as_form(&mut forms).unwrap(), Some(g));
    }
}

#[test]
fn any_text_in_loopy_notation_is_read_or_refused_with_a_column() {
    let mut rng = Rng::new(0x7e47);
    let alphabet: Vec<char> = "{}|,&-/ 0123*^vaonfpsudre".chars().collect();
    let mut forms = Forms::new(100_000);
    for _ in 0..20_000 {
        let n = rng.range(1, 14) as usize;
        let text: String = (0..n)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        match parse_loopy(&mut forms, &text) {
            Ok(read) => {
                let _ = value_of(&read.graph, read.start, 16, &Budget::new(100_000));
            }
            Err(grundy::GrundyError::Parse { column, .. }) => {
                assert!(column >= 1 && column <= n + 1, "{text:?}: column {column}")
            }
            Err(e) => panic!("{text:?}: {e}"),
        }
    }
}

/// The number `num / 2^exp` as a plain game, by its simplest options: an integer n is {n-1|}
/// or {|n+1}, a fraction x with denominator 2^k is {x - 2^-k | x + 2^-k}.
fn number_plain(num: i64, exp: u32) -> Plain {
    fn add(moves: &mut Vec<(Vec<usize>, Vec<usize>)>, num: i64, exp: u32) -> usize {
        if exp > 0 && num % 2 == 0 {
            return add(moves, num / 2, exp - 1);
        }
        let (l, r) = if exp > 0 {
            (
                vec![add(moves, num - 1, exp)],
                vec![add(moves, num + 1, exp)],
            )
        } else if num > 0 {
            (vec![add(moves, num - 1, 0)], vec![])
        } else if num < 0 {
            (vec![], vec![add(moves, num + 1, 0)])
        } else {
            (vec![], vec![])
        };
        moves.push((l, r));
        moves.len() - 1
    }
    let mut moves = Vec::new();
    let start = add(&mut moves, num, exp);
    Plain { moves, start }
}

/// Stops (Siegel CGT VI.3): Left moving first wins G - y when her stop is above the number y
/// and loses when it is below (`x over` is above x, `x under` below), and so for Right; the
/// mean and temperature, where they apply, add a number's value and keep the temperature,
/// and means add over short games.
#[test]
fn stops_decide_play_against_numbers_and_means_add() {
    use grundy::partizan::loopy::Stop;
    let mut rng = Rng::new(0x5709);
    let b = budget();
    let mut forms = Forms::new(1_000_000);
    let (mut tilted, mut hot, mut sums) = (0, 0, 0);
    for round in 0..4500 {
        let g = random_stopper(&mut rng, 5);
        let s = Stopper::simplify(&to_graph(&g), g.start as u32, &b).unwrap();
        let (l, r) = s.stops(&mut forms).unwrap();
        // numbers y = k/4 from -3 to 3
        for k in -12i64..=12 {
            let y = grundy::partizan::Dyadic::new(k, 2).unwrap();
            let (left_first, right_first) = oracle(&[&g, &negate(&number_plain(k, 2))]);
            let expect_left = match l {
                Stop::On => Some(true),
                Stop::Off => Some(false),
                Stop::Over(x) if x == y => Some(true),
                Stop::Under(x) if x == y => Some(false),
                s => s.number().filter(|&x| x != y).map(|x| x > y),
            };
            let expect_right = match r {
                Stop::Off => Some(true),
                Stop::On => Some(false),
                Stop::Under(x) if x == y => Some(true),
                Stop::Over(x) if x == y => Some(false),
                s => s.number().filter(|&x| x != y).map(|x| x < y),
            };
            if matches!(l, Stop::Over(_) | Stop::Under(_)) && l.number() == Some(y) {
                tilted += 1;
            }
            if let Some(wins) = expect_left {
                assert_eq!(
                    left_first == 2,
                    wins,
                    "round {round}, Left first, y = {y}: {g:?} stops {l} {r}"
                );
            }
            if let Some(wins) = expect_right {
                assert_eq!(
                    right_first == 2,
                    wins,
                    "round {round}, Right first, y = {y}: {g:?} stops {l} {r}"
                );
            }
        }
        let Some(t) = s.temperature(&mut forms).unwrap() else {
            continue;
        };
        // G + y for a number y: mean + y, the same temperature (unless G is a number)
        let shift = grundy::partizan::Dyadic::new(rng.range(0, 9) as i64 - 4, 1).unwrap();
        let y = forms.number(shift).unwrap();
        let h = Stopper::from_form(&mut forms, y).unwrap();
        let mut graph = s.graph().clone();
        let at = graph.append(h.graph());
        let plus = LoopyGraph::sum(&[&graph, &graph], &[0, at], &b).unwrap();
        let SidedValue::Stopper(sum) = value_of(&plus.graph, 0, 256, &b).unwrap() else {
            panic!("a stopper plus a number is a stopper");
        };
        let ts = sum
            .temperature(&mut forms)
            .unwrap()
            .expect("a number changes nothing");
        assert_eq!(ts.mean, t.mean.checked_add(shift).unwrap(), "round {round}");
        if t.temperature >= grundy::partizan::Dyadic::ZERO {
            assert_eq!(ts.temperature, t.temperature, "round {round}");
        }
        // G + H for a short H: means add, where the sum's temperature applies
        let h = forms.make(vec![y], vec![forms.zero()]).unwrap();
        let hs = Stopper::from_form(&mut forms, h).unwrap();
        let mut graph = s.graph().clone();
        let at = graph.append(hs.graph());
        let plus = LoopyGraph::sum(&[&graph, &graph], &[0, at], &b).unwrap();
        if let SidedValue::Stopper(sum) = value_of(&plus.graph, 0, 256, &b).unwrap() {
            if let Some(ts) = sum.temperature(&mut forms).unwrap() {
                let mean_h = forms.mean(h).unwrap();
                assert_eq!(
                    ts.mean,
                    t.mean.checked_add(mean_h).unwrap(),
                    "round {round}"
                );
                sums += 1;
                let loopy = sum.as_form(&mut forms).unwrap().is_none();
                if loopy && ts.temperature > grundy::partizan::Dyadic::ZERO {
                    hot += 1;
                }
            }
        }
    }
    assert!(
        tilted > 100 && hot > 100 && sums > 1500,
        "{tilted} {hot} {sums}"
    );
}

/// Bach's carousel (Winning Ways ch. 11; CGSuite's tutorial writes it
/// `a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}`): its sides are not stoppers, so no value is given
/// (never a wrong one) and the report says why; who wins, each player first, still agrees
/// with the plain search, as does the outcome of the carousel plus small numbers.
#[test]
fn bachs_carousel_gets_no_wrong_value() {
    use grundy::app::loopy::{loopy_report, LoopyOptions};
    let play = |mover_result: u8| match mover_result {
        2 => Play::Win,
        1 => Play::Draw,
        _ => Play::Loss,
    };
    // as CGSuite's tutorial writes it (sums such as 1+* inside braces read as CGSuite reads them)
    let carousel = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    let mut forms = Forms::new(100_000);
    let read = parse_loopy(&mut forms, carousel).unwrap();
    let plain = from_graph(&read.graph, read.start);
    let options = LoopyOptions {
        sidling_rounds: 48,
        ..LoopyOptions::default()
    };
    for (y, k) in [("", 0i64), (" + 1/2", -2), (" + -1", 4), (" + *", 0)] {
        let text = format!("{carousel}{y}");
        let report = loopy_report(&text, &options).unwrap().unwrap();
        assert!(!report.stopper, "{text}");
        assert_eq!(report.value, None, "{text}");
        let why = report.value_reason.unwrap_or_default();
        assert!(
            why.contains("no stopper (Bach's carousel)"),
            "{text}: {why}"
        );
        let mut parts = vec![plain.clone()];
        if y == " + *" {
            parts.push(Plain {
                moves: vec![(vec![1], vec![1]), (vec![], vec![])],
                start: 0,
            });
        } else if k != 0 {
            parts.push(negate(&number_plain(k, 2)));
        }
        let refs: Vec<&Plain> = parts.iter().collect();
        let want = oracle(&refs);
        assert_eq!(
            (report.left_first, report.right_first),
            (play(want.0), play(want.1)),
            "{text}"
        );
    }
}

/// The degree of loopiness, G upsum -G (Winning Ways ch. 11): at least 0 (Left, moving
/// second, survives it in the plain search), 0 exactly for stoppers equal to short games, and
/// the same for G and -G.
#[test]
fn degrees_are_nonnegative_and_vanish_on_short_games() {
    let mut rng = Rng::new(0xde9);
    let b = budget();
    let mut forms = Forms::new(1_000_000);
    let (mut loopy, mut positive) = (0, 0);
    for round in 0..600 {
        let g = random_stopper(&mut rng, 4);
        let s = Stopper::simplify(&to_graph(&g), g.start as u32, &b).unwrap();
        let d = s.degree(256, &b).unwrap();
        let plain = from_graph(d.graph(), 0);
        let (_, right_first) = oracle(&[&plain]);
        assert_ne!(right_first, 2, "round {round}: degree {d:?} of {g:?}");
        let short = s.as_form(&mut forms).unwrap().is_some();
        let zero = d.as_form(&mut forms).unwrap() == Some(forms.zero());
        assert_eq!(short, zero, "round {round}: {g:?}");
        assert_eq!(s.neg().degree(256, &b).unwrap(), d, "round {round}");
        if !short {
            loopy += 1;
            if oracle(&[&plain]).0 == 2 {
                positive += 1;
            }
        }
    }
    assert!(loopy > 100 && positive > 20, "{loopy} {positive}");
}

/// The premise of temperature theory for stoppers, checked by the plain search: each
/// number-ish loopy position (strong stops one number x) of a stopper G is replaced by the
/// short number x - 1/64 and by x + 1/64; the games G_low and G_high got are short, G_low <=
/// G <= G_high (Left, second, survives G_high - G and G - G_low), and their means bracket
/// the mean reported for G.
#[test]
fn stoppers_lie_between_their_short_approximations() {
    use grundy::partizan::loopy::Stop;
    use grundy::partizan::{Dyadic, GameId};
    let mut rng = Rng::new(0x7e3a);
    let b = budget();
    let mut forms = Forms::new(1_000_000);
    let mut checked = 0;
    for round in 0..3000 {
        let g = random_stopper(&mut rng, 5);
        let s = Stopper::simplify(&to_graph(&g), g.start as u32, &b).unwrap();
        let graph = s.graph();
        let cyclic = graph.cyclic();
        if !cyclic[0] {
            continue;
        }
        let Some(t) = s.temperature(&mut forms).unwrap() else {
            continue;
        };
        // the number of each number-ish loopy position, in 64ths
        let n = graph.len();
        let mut number: Vec<Option<i64>> = vec![None; n];
        for v in 0..n as u32 {
            if cyclic[v as usize] {
                let sv = Stopper::simplify(graph, v, &b).unwrap();
                let (l, r) = sv.stops(&mut forms).unwrap();
                if let (Stop::Number(x), true) = (l.strong(), l.strong() == r.strong()) {
                    assert!(x.exponent() <= 6, "round {round}: {x}");
                    let x64 = x.numerator() << (6 - x.exponent());
                    number[v as usize] = Some(x64);
                }
            }
        }
        let from = negate(&from_graph(graph, 0));
        for delta in [-1i64, 1] {
            // the plain game with those positions replaced, and its form
            let mut moves: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            let mut at: Vec<usize> = vec![usize::MAX; n];
            let mut form: Vec<Option<GameId>> = vec![None; n];
            let mut stack = vec![(0u32, false)];
            while let Some((v, expanded)) = stack.pop() {
                if at[v as usize] != usize::MAX {
                    continue;
                }
                if let Some(x) = number[v as usize] {
                    let p = number_plain(x + delta, 6);
                    let offset = moves.len();
                    for (l, r) in p.moves {
                        moves.push((
                            l.iter().map(|w| w + offset).collect(),
                            r.iter().map(|w| w + offset).collect(),
                        ));
                    }
                    at[v as usize] = offset + p.start;
                    let y = Dyadic::new(x + delta, 6).unwrap();
                    form[v as usize] = Some(forms.number(y).unwrap());
                    continue;
                }
                let options: Vec<u32> = graph
                    .left(v)
                    .iter()
                    .chain(graph.right(v))
                    .copied()
                    .collect();
                if !expanded {
                    stack.push((v, true));
                    stack.extend(options.iter().map(|&w| (w, false)));
                    continue;
                }
                let l: Vec<usize> = graph.left(v).iter().map(|&w| at[w as usize]).collect();
                let r: Vec<usize> = graph.right(v).iter().map(|&w| at[w as usize]).collect();
                let fl = graph
                    .left(v)
                    .iter()
                    .map(|&w| form[w as usize].unwrap())
                    .collect();
                let fr = graph
                    .right(v)
                    .iter()
                    .map(|&w| form[w as usize].unwrap())
                    .collect();
                form[v as usize] = Some(forms.make(fl, fr).unwrap());
                moves.push((l, r));
                at[v as usize] = moves.len() - 1;
            }
            let short = Plain {
                moves,
                start: at[0],
            };
            // G <= G_high: Left, moving second in G_high - G, survives; G_low <= G likewise
            let (_, right_first) = if delta > 0 {
                oracle(&[&short, &from])
            } else {
                oracle(&[&from_graph(graph, 0), &negate(&short)])
            };
            assert_ne!(right_first, 2, "round {round}, delta {delta}: {g:?}");
            let mean = forms.mean(form[0].unwrap()).unwrap();
            if delta > 0 {
                assert!(mean >= t.mean, "round {round}: {mean} < {}", t.mean);
            } else {
                assert!(mean <= t.mean, "round {round}: {mean} > {}", t.mean);
            }
        }
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

/// Every loopy game of the catalog reaches every front end from its catalog line alone: its
/// usage in the help of `solve` and `value`, each example through `solve`, `value` and `play`
/// on the command line (from a folder holding the file `g` the examples of `loopy FILE` name),
/// through the library's report and play session, and drawn as a board exactly when the
/// catalog says its positions are boards; each example prints back as written.
#[test]
fn every_loopy_catalog_game_reaches_every_front_end() {
    use grundy::app::loopy::{loopy_report, LoopyOptions};
    use grundy::app::loopy_play::LoopyPlay;
    use grundy::games::loopy::LOOPY_GAMES;
    use grundy::games::GraphTexts;
    use std::process::Command;
    use std::sync::Arc;
    // a two-position file: Left moves 1 -> 2, Right 2 -> 1 (play may go on for ever)
    let file = "2 1 1\n1 2\n2 1\n";
    let folder = std::env::temp_dir().join(format!("grundy-loopy-catalog-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("g"), file).unwrap();
    let run = |args: &[&str], stdin: &str| {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(&folder)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        let out = child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (_, solve_help, _) = run(&["solve", "--help"], "");
    let (_, value_help, _) = run(&["value", "--help"], "");
    assert!(LOOPY_GAMES.len() >= 3);
    for game in LOOPY_GAMES {
        assert!(solve_help.contains(game.usage), "{}", game.usage);
        assert!(value_help.contains(game.usage), "{}", game.usage);
        assert!(!game.examples.is_empty(), "{}", game.keyword);
        for example in game.examples {
            assert!(example.starts_with(game.keyword), "{example}");
            for command in ["solve", "value"] {
                let (code, out, err) = run(&[command, "--json", example], "");
                assert_eq!(code, 0, "{command} {example}: {err}");
                assert!(out.contains(example), "{command} {example}: {out}");
                assert!(out.contains("\"left_first\""), "{command} {example}: {out}");
            }
            let (code, out, err) = run(&["play", example], "quit\n");
            assert_eq!(code, 0, "play {example}: {err}");
            assert!(out.contains(example), "play {example}: {out}");
            let options = LoopyOptions {
                graphs: Arc::new(GraphTexts::new([("g", file)])),
                ..LoopyOptions::default()
            };
            let report = loopy_report(example, &options).unwrap().unwrap();
            assert_eq!(report.position, *example);
            let mut play = LoopyPlay::new(example, true, &options).unwrap().unwrap();
            let state = play.state().unwrap();
            assert_eq!(state.position, *example);
            assert_eq!(state.board.is_some(), game.board, "{example}");
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
}
