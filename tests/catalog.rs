//! Every closed form of the catalog against the brute force of `common`: Grundy values,
//! outcomes, and the moves to each value, on many random small positions; then each game's
//! special claims (periods, the Fibonacci Nim suffix rule, Wythoff at 10^18, the rectangle
//! rules) on their own.

mod common;

use common::{
    octal_brute, original_rule_mover_wins, parse, random_flip, random_octal_code, Brute, Game, Rng,
};
use grundy::games::Component;
use grundy::games::{
    CutRule, FibonacciNim, Moore, OctalCode, RectangleTable, SubtractionSet, Wythoff, WythoffTable,
};
use grundy::{parse_sum, GrundySolver, ImpartialGame, Nimber, Outcome};

/// A random single component, larger than the ones used in sums.
fn random_single(rng: &mut Rng) -> String {
    if rng.chance(10) {
        return random_flip(rng, 3, 3);
    }
    match rng.range(0, 9) {
        0 => {
            let heaps: Vec<String> = (0..rng.range(1, 4))
                .map(|_| rng.range(0, 12).to_string())
                .collect();
            format!("nim {}", heaps.join(" "))
        }
        1 => {
            let heaps: Vec<String> = (0..rng.range(1, 4))
                .map(|_| rng.range(0, 5).to_string())
                .collect();
            format!("moore {} {}", rng.range(1, 3), heaps.join(" "))
        }
        2 => {
            let mut s: Vec<u64> = (1..=7).filter(|_| rng.chance(40)).collect();
            if s.is_empty() {
                s.push(rng.range(1, 7));
            }
            let s: Vec<String> = s.iter().map(u64::to_string).collect();
            format!("subtract {} {}", s.join(","), rng.range(0, 40))
        }
        3 => format!("bash {} {}", rng.range(1, 6), rng.range(0, 40)),
        4 => {
            let n = rng.range(0, 30);
            format!("fibnim {n} {}", rng.range(0, n))
        }
        5 => format!("wythoff {} {}", rng.range(0, 20), rng.range(0, 20)),
        6 => {
            let steps: Vec<String> = (0..rng.range(1, 4))
                .map(|_| rng.range(0, 4).to_string())
                .collect();
            format!("staircase {}", steps.join(" "))
        }
        7 => format!("octal {} {}", random_octal_code(rng, 4), rng.range(0, 25)),
        8 => format!("split {} {}", rng.range(1, 7), rng.range(1, 7)),
        _ => format!("cutting {} {}", rng.range(2, 8), rng.range(2, 8)),
    }
}

fn as_brute(parts: &[Component]) -> Vec<Game> {
    parse(&Component::sum_to_string(parts))
}

#[test]
fn closed_forms_agree_with_brute_force() {
    let mut rng = Rng::new(11);
    let mut brute = Brute::new();
    let mut checked_moves = 0;
    for _ in 0..1500 {
        let expr = random_single(&mut rng);
        let component = parse_sum(&expr).unwrap().remove(0);
        let atoms = parse(&expr);
        let value = atoms.iter().fold(0, |x, g| x ^ brute.grundy(g));
        if let Some(g) = component.grundy_formula() {
            assert_eq!(g.unwrap(), Nimber(value), "{expr}: Grundy formula");
        }
        if let Some(o) = component.outcome_formula() {
            let expected = if brute.mover_wins(&atoms, false) {
                Outcome::N
            } else {
                Outcome::P
            };
            assert_eq!(o.unwrap(), expected, "{expr}: outcome formula");
        }
        assert_eq!(
            component.is_terminal(),
            atoms.is_empty(),
            "{expr}: terminal"
        );
        // moves to each value: exactly the options with that value, each once
        let options = brute.sum_moves(&atoms);
        for target in 0..=value + 3 {
            let Some(found) = component.moves_to_value_formula(Nimber(target), usize::MAX) else {
                continue;
            };
            let found = found.unwrap();
            let mut written: Vec<String> =
                found.iter().map(|o| Component::sum_to_string(o)).collect();
            written.sort();
            written.dedup();
            assert_eq!(
                written.len(),
                found.len(),
                "{expr}: duplicate moves to {target}"
            );
            // (moves leaving parts with no moves can coincide once those parts are dropped)
            let mut got: Vec<Vec<Game>> = found.iter().map(|o| as_brute(o)).collect();
            got.sort();
            got.dedup();
            let mut want: Vec<Vec<Game>> = options
                .iter()
                .filter(|o| o.iter().fold(0, |x, g| x ^ brute.grundy(g)) == target)
                .cloned()
                .collect();
            want.sort();
            want.dedup();
            assert_eq!(got, want, "{expr}: moves to value {target}");
            checked_moves += 1;
        }
    }
    assert!(
        checked_moves > 1000,
        "only {checked_moves} move lists checked"
    );
}

/// A position with every closed form hidden: only its options, so the engines must search.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Searched(Component);

impl ImpartialGame for Searched {
    fn options(&self) -> Vec<Vec<Self>> {
        self.0
            .options()
            .into_iter()
            .map(|o| o.into_iter().map(Searched).collect())
            .collect()
    }

    fn canonical(&self) -> Self {
        Searched(self.0.canonical())
    }
}

#[test]
fn every_game_lists_its_options_right_and_the_search_finds_its_values() {
    let mut rng = Rng::new(12);
    let mut brute = Brute::new();
    let mut solver = GrundySolver::new(1_000_000);
    for _ in 0..600 {
        let expr = random_single(&mut rng);
        let component = parse_sum(&expr).unwrap().remove(0);
        let atoms = parse(&expr);
        let value = atoms.iter().fold(0, |x, g| x ^ brute.grundy(g));
        let listed = component.options();
        let mut written: Vec<String> = listed.iter().map(|o| Component::sum_to_string(o)).collect();
        written.sort();
        written.dedup();
        assert_eq!(
            written.len(),
            listed.len(),
            "{expr}: an option listed twice"
        );
        let mut options: Vec<Vec<Game>> = listed.iter().map(|o| as_brute(o)).collect();
        let listed = listed.len();
        options.sort();
        options.dedup();
        let mut want = brute.sum_moves(&atoms);
        want.sort();
        want.dedup();
        assert_eq!(options, want, "{expr}: options");
        let count = component.option_count().map(|c| c as usize);
        assert!(
            count.is_none_or(|c| c >= listed),
            "{expr}: option count {count:?} < {listed}"
        );
        assert_eq!(
            solver.grundy(&Searched(component)).unwrap(),
            Nimber(value),
            "{expr}: searched value"
        );
    }
}

#[test]
fn bash_is_n_mod_m_plus_one_for_any_heap() {
    let mut rng = Rng::new(13);
    for _ in 0..1000 {
        let (m, n) = (rng.range(1, u64::MAX), rng.next());
        let c = parse_sum(&format!("bash {m} {n}")).unwrap().remove(0);
        let g = c.grundy_formula().unwrap().unwrap().0;
        assert_eq!(g, if m == u64::MAX { n } else { n % (m + 1) });
        // the winning move takes n mod (m + 1), when that is not 0 (an empty heap is dropped)
        let moves = GrundySolver::new(1000)
            .moves_to_value(&c, Nimber(0), usize::MAX)
            .unwrap();
        let r = if m == u64::MAX { n } else { n % (m + 1) };
        let expected: Vec<String> = match (r, n - r) {
            (0, _) => vec![],
            (_, 0) => vec!["0".into()],
            (_, left) => vec![format!("bash {m} {left}")],
        };
        let got: Vec<String> = moves.iter().map(|m| Component::sum_to_string(m)).collect();
        assert_eq!(got, expected, "bash {m} {n}");
    }
}

/// Values by the plain mex recurrence, written again here.
fn subtraction_values(set: &[u64], len: usize) -> Vec<u64> {
    let mut g = Vec::with_capacity(len);
    for n in 0..len {
        let seen: Vec<u64> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// True if `G(n + p) = G(n)` for all `start <= n` with `n + p < len`.
fn holds(g: &[u64], start: usize, p: usize) -> bool {
    (start..g.len() - p).all(|n| g[n] == g[n + p])
}

#[test]
fn subtraction_periods_are_proved_least_and_right() {
    let mut rng = Rng::new(14);
    for _ in 0..300 {
        let mut set: Vec<u64> = (1..=9).filter(|_| rng.chance(35)).collect();
        if set.is_empty() {
            set.push(rng.range(1, 9));
        }
        let ranges = set.iter().map(|&s| (s, s)).collect();
        let values = SubtractionSet::from_ranges(ranges)
            .unwrap()
            .values_within(1_000_000, u128::MAX, &grundy::Cancel::new())
            .unwrap();
        let (pre, p) = values.period.expect("finite sets are periodic");
        let (pre, p) = (pre as usize, p as usize);
        let g = subtraction_values(&set, 3000);
        assert_eq!(&g[..values.values.len()], &values.values[..], "{set:?}");
        assert!(holds(&g, pre, p), "{set:?}: period {p} from {pre}");
        assert!(
            (1..p).all(|q| !holds(&g, pre, q)),
            "{set:?}: period {p} is not least"
        );
        assert!(
            pre == 0 || !holds(&g, pre - 1, p),
            "{set:?}: preperiod {pre} is not least"
        );
        for n in [0u64, 5, 2999, 1 << 40, u64::MAX] {
            let index = if n < 3000 {
                n
            } else {
                pre as u64 + (n - pre as u64) % p as u64
            };
            assert_eq!(values.get(n), Some(g[index as usize]), "{set:?}: G({n})");
        }
    }
}

/// Fibonacci Nim outcomes for every (n, limit) with n < N, by the O(1)-per-entry recurrence
/// `wins(n, l) = wins(n, l - 1) or not wins(n - l, min(2l, n - l))`.
fn fibonacci_nim_table(size: usize) -> Vec<Vec<bool>> {
    let mut wins: Vec<Vec<bool>> = Vec::with_capacity(size);
    for n in 0..size {
        let mut row = vec![false; n + 1];
        for l in 1..=n {
            let rest = n - l;
            row[l] = row[l - 1] || !wins[rest][(2 * l).min(rest)];
        }
        wins.push(row);
    }
    wins
}

#[test]
fn fibonacci_nim_zeckendorf_rule_and_every_winning_take() {
    const N: usize = 1200;
    let wins = fibonacci_nim_table(N);
    for n in 0..N {
        // every take t that leaves the opponent losing, whatever the limit
        let good: Vec<u64> = (1..=n)
            .filter(|&t| !wins[n - t][(2 * t).min(n - t)])
            .map(|t| t as u64)
            .collect();
        for (l, &mover_wins) in wins[n].iter().enumerate() {
            let position = FibonacciNim::new(n as u64, l as u64);
            assert_eq!(position.mover_wins(), mover_wins, "({n}, {l})");
            let expected: Vec<u64> = good.iter().copied().filter(|&t| t <= l as u64).collect();
            assert_eq!(position.winning_takes(), expected, "({n}, {l})");
        }
    }
}

#[test]
fn fibonacci_nim_near_10_18_answers_by_the_rule() {
    let fib = grundy::zeckendorf::FIBONACCI;
    // a Fibonacci number: the start is P, no winning take
    let n = fib[85];
    assert!(!FibonacciNim::start(n).mover_wins());
    assert!(FibonacciNim::start(n).winning_takes().is_empty());
    // otherwise the smallest Zeckendorf term wins, and each winning take leaves a P position
    let mut rng = Rng::new(15);
    for _ in 0..2000 {
        let n = rng.range(2, 1_000_000_000_000_000_000);
        let start = FibonacciNim::start(n);
        let smallest = grundy::zeckendorf::terms(n)
            .iter()
            .map(|&i| fib[i])
            .next()
            .unwrap();
        assert_eq!(
            start.mover_wins(),
            !grundy::zeckendorf::is_fibonacci(n),
            "{n}"
        );
        let takes = start.winning_takes();
        if start.mover_wins() {
            assert_eq!(takes.first(), Some(&smallest), "{n}");
        }
        for t in takes {
            assert!(!start.after(t).mover_wins(), "{n}: take {t}");
        }
    }
}

/// `floor(k phi)` by integer square root, written again here: (k + isqrt(5 k^2)) / 2.
fn beatty(k: u64) -> u64 {
    let k = k as u128;
    let n = 5 * k * k;
    let mut r = (n as f64).sqrt() as u128; // a start only; corrected exactly below
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    ((k + r) / 2) as u64
}

#[test]
fn wythoff_p_positions_up_to_10_18() {
    let mut rng = Rng::new(16);
    for _ in 0..5000 {
        let k = rng.range(0, 700_000_000_000_000_000);
        let (a, b) = (beatty(k), beatty(k) + k);
        assert!(Wythoff::new(a, b).is_p(), "({a}, {b})");
        assert!(Wythoff::new(b, a).is_p(), "({b}, {a})");
        assert!(!Wythoff::new(a, b + 1).is_p());
        assert!(!Wythoff::new(a + 1, b).is_p());
        if b > 0 {
            assert!(!Wythoff::new(a, b - 1).is_p());
        }
        // from a position off the pairs, every listed move lands on one
        let position = Wythoff::new(a + rng.range(1, 1000), b + rng.range(0, 1000));
        for (x, y) in position.winning_moves() {
            assert!(Wythoff::new(x, y).is_p(), "{position:?} -> ({x}, {y})");
        }
        assert_eq!(
            position.winning_moves().is_empty(),
            position.is_p(),
            "{position:?}"
        );
    }
    assert!(Wythoff::new(999_999_999_999_999_999, 1_618_033_988_749_894_847).is_p());
}

#[test]
fn wythoff_table_agrees_with_brute_force() {
    let mut brute = Brute::new();
    let table = WythoffTable::compute(25, 40, 1_000_000).unwrap();
    for x in 0..25 {
        for y in 0..40 {
            assert_eq!(
                table.get(x, y).unwrap() as u64,
                brute.grundy(&Game::Wythoff(x, y)),
                "({x}, {y})"
            );
        }
    }
    assert!(WythoffTable::compute(3000, 3000, 1_000_000).is_err());
}

#[test]
fn octal_periods_from_the_literature() {
    // (code, preperiod, period)
    let known = [
        ("0.77", 71, 12),
        ("0.07", 53, 34),
        ("0.137", 52, 34),
        ("0.03", 0, 4),
        ("0.33", 0, 3),
        ("0.3", 0, 2),
    ];
    for (code, pre, p) in known {
        let values = code
            .parse::<OctalCode>()
            .unwrap()
            .values(100_000, 1_000_000);
        assert_eq!(values.period, Some((pre, p)), "{code}");
    }
}

#[test]
fn octal_values_and_proved_periods_agree_with_brute_force() {
    let mut rng = Rng::new(17);
    let mut proved = 0;
    for round in 0..120 {
        let code = if round < 8 {
            [
                "0.07", "0.77", "0.137", "0.16", "0.6", "0.165", "4.07", "0.4",
            ][round]
                .to_string()
        } else {
            random_octal_code(&mut rng, 4)
        };
        let parsed: OctalCode = code.parse().unwrap();
        let values = parsed.values(400, 1_000_000);
        let g = octal_brute(&code, 1500);
        let n = values.values.len().min(g.len());
        assert_eq!(&values.values[..n], &g[..n], "{code}");
        if let Some((pre, p)) = values.period {
            proved += 1;
            let (pre, p) = (pre as usize, p as usize);
            assert!(holds(&g, pre, p), "{code}: period {p} from {pre} is wrong");
            assert!(
                (1..p).all(|q| !holds(&g, pre, q)),
                "{code}: period {p} is not least"
            );
            assert!(
                pre == 0 || !holds(&g, pre - 1, p),
                "{code}: preperiod {pre} is not least"
            );
            for n in 0..1500u64 {
                assert_eq!(values.get(n), Some(g[n as usize]), "{code}: G({n})");
            }
        } else {
            assert!(
                values.values.len() > 400,
                "{code}: stopped early without a period"
            );
        }
    }
    assert!(proved > 40, "only {proved} periods proved");
}

#[test]
fn rectangle_rules_match_the_original_games() {
    let mut memo_split = Default::default();
    let mut memo_cut = Default::default();
    for r in 1..=6u64 {
        for c in r..=7u64 {
            if r * c > 1 {
                let split = parse_sum(&format!("split {r} {c}")).unwrap().remove(0);
                let wins = original_rule_mover_wins(vec![(r, c)], true, &mut memo_split);
                assert_eq!(
                    split.outcome_formula().unwrap().unwrap().mover_wins(),
                    wins,
                    "split {r} {c}"
                );
            }
            if r >= 2 {
                let cutting = parse_sum(&format!("cutting {r} {c}")).unwrap().remove(0);
                let wins = original_rule_mover_wins(vec![(r, c)], false, &mut memo_cut);
                assert_eq!(
                    cutting.outcome_formula().unwrap().unwrap().mover_wins(),
                    wins,
                    "cutting {r} {c}"
                );
            }
        }
    }
}

#[test]
fn rectangle_tables_agree_with_brute_force() {
    let mut brute = Brute::new();
    for (rule, least) in [(CutRule::Split, 1), (CutRule::Cutting, 2)] {
        let table = RectangleTable::compute(rule, 14, 20, 1_000_000).unwrap();
        for r in least..=14u64 {
            for c in least..=20u64 {
                let game = if rule == CutRule::Split {
                    Game::Split(r, c)
                } else {
                    Game::Cutting(r, c)
                };
                assert_eq!(
                    table.get(r, c).unwrap() as u64,
                    brute.grundy(&game),
                    "{rule:?} {r} {c}"
                );
            }
        }
    }
}

#[test]
fn moore_p_positions_and_their_moves() {
    let mut rng = Rng::new(18);
    let mut brute = Brute::new();
    for _ in 0..400 {
        let k = rng.range(1, 3);
        let heaps: Vec<u64> = (0..rng.range(1, 4)).map(|_| rng.range(0, 6)).collect();
        let moore = Moore::new(k, heaps.clone());
        let atoms = vec![Game::Moore(k, heaps.clone())];
        assert_eq!(
            moore.is_p(),
            !brute.mover_wins(&atoms, false),
            "moore {k} {heaps:?}"
        );
    }
    // Moore's theorem at full size: bit counts divisible by k + 1
    let big = Moore::new(2, vec![u64::MAX, u64::MAX, u64::MAX]);
    assert!(big.is_p());
    let moves = big
        .moves_to_value_formula(Nimber(0), usize::MAX)
        .unwrap()
        .unwrap();
    assert!(moves.is_empty());
    let n = Moore::new(2, vec![u64::MAX, u64::MAX - 1, 5]);
    for m in n
        .moves_to_value_formula(Nimber(0), usize::MAX)
        .unwrap()
        .unwrap()
    {
        let after = m.first().is_none_or(|p| p.is_p());
        assert!(after, "{m:?}");
    }
}

#[test]
fn line_flip_values_agree_with_the_rules() {
    let mut rng = Rng::new(19);
    let mut brute = Brute::new();
    let mut impossible = 0;
    for _ in 0..400 {
        let expr = random_flip(&mut rng, 3, 4);
        let component = parse_sum(&expr).unwrap().remove(0);
        let atoms = parse(&expr);
        let value = atoms.iter().fold(0, |x, g| x ^ brute.grundy(g));
        assert_eq!(
            component.grundy_formula().unwrap().unwrap(),
            Nimber(value),
            "{expr}"
        );
        if let Game::Flip(rows, _) = &atoms.first().cloned().unwrap_or(Game::Nim(0)) {
            impossible += usize::from(rows.iter().flatten().filter(|&&c| c == b'x').count() > 2);
        }
    }
    assert!(impossible > 20);
}
