//! Misère depth: genus tables and misère quotients, checked against plain searches written
//! here from the definitions.

mod common;

use common::{random_octal_code, run_grundy, Rng};
use grundy::app::table::{table_report, Family, TableOptions};
use std::collections::HashMap;

/// The results of each move from a heap of `n` of the octal game `code` (lists of heaps left).
fn octal_moves(code: &str, n: usize) -> Vec<Vec<usize>> {
    // `grundys`: split into two unequal heaps; `hex:CODE`: hexadecimal digits (bit 8 leaves
    // three heaps); else an octal code
    let (code, radix, unequal) = match code {
        "grundys" => ("4.0", 16, true),
        c => match c.strip_prefix("hex:") {
            Some(hex) => (hex, 16, false),
            None => (c, 8, false),
        },
    };
    let (head, tail) = code.split_once('.').unwrap();
    let mut digits = vec![u8::from_str_radix(head, radix).unwrap()];
    digits.extend(tail.chars().map(|c| c.to_digit(radix).unwrap() as u8));
    let mut moves = Vec::new();
    for (k, &d) in digits.iter().enumerate().take(n + 1) {
        let rest = n - k;
        if d & 1 != 0 && k > 0 && rest == 0 {
            moves.push(vec![]);
        }
        if d & 2 != 0 && k > 0 && rest > 0 {
            moves.push(vec![rest]);
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                if !(unequal && 2 * a == rest) {
                    moves.push(vec![a, rest - a]);
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    moves.push(vec![a, b, rest - a - b]);
                }
            }
        }
    }
    moves
}

/// A position: octal heaps and nim heaps, sorted.
type Position = (Vec<usize>, Vec<usize>);

/// Misère Grundy values G⁻ of sums of octal heaps and nim heaps, from the definition: 1 with
/// no move, else the mex of the options'.
struct MisereValues {
    code: String,
    memo: HashMap<Position, u64>,
}

impl MisereValues {
    fn new(code: &str) -> Self {
        MisereValues {
            code: code.into(),
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, octal: Vec<usize>, nim: Vec<usize>) -> u64 {
        let mut key = (octal, nim);
        key.0.retain(|&h| h > 0);
        key.1.retain(|&h| h > 0);
        key.0.sort();
        key.1.sort();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let (octal, nim) = key.clone();
        let mut options = Vec::new();
        for i in 0..octal.len() {
            for parts in octal_moves(&self.code, octal[i]) {
                let mut next = octal.clone();
                next.remove(i);
                next.extend(parts);
                options.push((next, nim.clone()));
            }
        }
        for i in 0..nim.len() {
            for smaller in 0..nim[i] {
                let mut next = nim.clone();
                next[i] = smaller;
                options.push((octal.clone(), next));
            }
        }
        let value = if options.is_empty() {
            1
        } else {
            let seen: Vec<u64> = options.into_iter().map(|(o, n)| self.value(o, n)).collect();
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert(key, value);
        value
    }
}

/// γ0, γ1, ... from a genus written `g^digits` (commas when wide), the last two alternating.
fn gammas(genus: &str, count: usize) -> Vec<u64> {
    let (_, tail) = genus.split_once('^').unwrap();
    let shown: Vec<u64> = if tail.contains(',') {
        tail.split(',').map(|t| t.parse().unwrap()).collect()
    } else {
        tail.chars()
            .map(|c| c.to_digit(10).unwrap() as u64)
            .collect()
    };
    assert!(shown.len() >= 2, "{genus}");
    let n = shown.len();
    (0..count)
        .map(|k| {
            if k < n {
                shown[k]
            } else {
                shown[n - 2 + (k - (n - 2)) % 2]
            }
        })
        .collect()
}

fn misere_table(family: &str, to: u64) -> grundy::app::table::TableReport {
    let options = TableOptions {
        to: Some(to),
        misere: true,
        ..TableOptions::default()
    };
    table_report(&Family::parse(family).unwrap(), &options, |_| {}).unwrap()
}

/// Every γk for k up to 12 (well into the alternating tail) of heaps up to 7 of 60 random octal
/// games, against G⁻(heap + k copies of *2) searched directly.
#[test]
fn genus_of_random_octal_games_matches_the_definition() {
    let mut rng = Rng::new(14);
    for _ in 0..60 {
        let code = random_octal_code(&mut rng, 3);
        let report = misere_table(&format!("octal {code}"), 7);
        let m = report.misere.as_ref().expect("misère columns");
        assert_eq!(m.misere_stopped, None);
        let values = report.values.as_ref().unwrap();
        let mut brute = MisereValues::new(&code);
        let mut first_non_nim = None;
        for (n, &g) in values.iter().enumerate() {
            let want: Vec<u64> = (0..=12).map(|k| brute.value(vec![n], vec![2; k])).collect();
            assert_eq!(
                gammas(&m.genus[n], 13),
                want,
                "octal {code} heap {n}: {}",
                m.genus[n]
            );
            assert_eq!(m.misere_values[n], want[0], "octal {code} heap {n}");
            assert!(m.genus[n].starts_with(&format!("{g}^")), "{}", m.genus[n]);
            // a nim heap *g has the same sequence: G⁻(*g + k copies of *2)
            let nim: Vec<u64> = (0..=12)
                .map(|k| brute.value(vec![], [vec![g as usize], vec![2; k]].concat()))
                .collect();
            if want != nim && first_non_nim.is_none() {
                first_non_nim = Some(n as u64);
            }
        }
        assert_eq!(m.first_non_nim_genus, first_non_nim, "octal {code}");
    }
}

#[test]
fn known_genera() {
    // Winning Ways' Kayles (0.77): 0^120 1^031 2^20 3^31 1^031 4^146 3^31 2^20 1^13 4^046 2^20 6^46 4^046
    let report = misere_table("octal 0.77", 12);
    let m = report.misere.unwrap();
    let expected = "0^120 1^031 2^20 3^31 1^031 4^146 3^31 2^20 1^13 4^046 2^20 6^46 4^046";
    assert_eq!(m.genus.join(" "), expected);
    assert_eq!(m.first_non_nim_genus, Some(5));
    // nim heaps: 0.3333333333 is Nim for heaps up to 10
    let m = misere_table("octal 0.3333333333", 10).misere.unwrap();
    let nim: Vec<String> = (0..=10u32)
        .map(|g| match g {
            0 => "0^120".to_string(),
            1 => "1^031".to_string(),
            _ if g ^ 2 > 9 || g > 9 => format!("{g}^{},{}", g, g ^ 2),
            _ => format!("{g}^{g}{}", g ^ 2),
        })
        .collect();
    assert_eq!(m.genus, nim);
    assert_eq!(m.first_non_nim_genus, None);
    // a subtraction game: subtract 1,2 is heaps of value n mod 3
    let m = misere_table("subtract 1,2", 6).misere.unwrap();
    assert_eq!(m.misere_values, vec![1, 0, 2, 1, 0, 2, 1]);
}

#[test]
fn misere_tables_from_the_command_line() {
    let (code, out, _) = run_grundy(
        &["table", "--misere", "--json", "--to", "4", "octal", "0.77"],
        b"",
    );
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["genus"][4], "1^031");
    assert_eq!(json["misere_values"].as_array().unwrap().len(), 5);
    for family in [&["split"][..], &["cutting"], &["wythoff"]] {
        let mut args = vec!["table", "--misere", "--rows", "3", "--cols", "3"];
        args.extend_from_slice(family);
        let (code, out, err) = run_grundy(&args, b"");
        assert_eq!(code, 2, "{family:?}");
        assert!(out.is_empty());
        assert!(
            err.contains("misère tables are for one-heap families") && err.contains("(--misere)"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
    }
    // past the state limit the columns stop, saying where and why
    let (code, out, _) = run_grundy(
        &[
            "table",
            "--misere",
            "--to",
            "40",
            "--max-states",
            "2000",
            "octal",
            "0.77",
        ],
        b"",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("misère values and genus stop at heap"),
        "{out}"
    );
}

/// The misère outcome of a sum of octal heaps from the quotient of `grundy quotient --json`:
/// multiply the heaps' elements, using the presentation only through the pretending function
/// and a brute-force search is the judge.
/// `q`, the quotient of octal `code`, against the misère outcomes of `sums` random sums of at
/// most `max_heaps` heaps of at most `largest` (both inclusive), searched from the definition.
fn assert_predicts_outcomes(
    q: &grundy::solve::quotient::MisereQuotient,
    code: &str,
    rng: &mut Rng,
    sums: usize,
    max_heaps: u64,
    largest: u64,
) {
    let mut brute = MisereValues::new(code);
    for _ in 0..sums {
        let heaps: Vec<usize> = (0..rng.range(0, max_heaps))
            .map(|_| rng.range(0, largest) as usize)
            .collect();
        let element = heaps.iter().fold(0, |x, &n| q.times_heap(x, n));
        let p = brute.value(heaps.clone(), vec![]) == 0;
        assert_eq!(q.is_p(element), p, "octal {code}, heaps {heaps:?}");
    }
}

#[test]
fn quotients_of_random_octal_games_predict_every_outcome() {
    use grundy::app::quotient::{octal_quotient, QuotientOptions};
    use grundy::games::OctalCode;
    let mut rng = Rng::new(75);
    let mut checked = 0;
    for _ in 0..40 {
        let code = random_octal_code(&mut rng, 3);
        let options = QuotientOptions {
            heaps: 6,
            max_order: 200,
            max_states: 200_000,
            ..QuotientOptions::default()
        };
        let parsed: OctalCode = code.parse().unwrap();
        let Ok(q) = octal_quotient(&parsed, &options) else {
            continue; // past the limits: said with an error, never a wrong answer
        };
        checked += 1;
        // Plambeck & Siegel: a quotient has even order, but for the game with no move at all
        assert!(
            q.order() % 2 == 0 || q.order() == 1,
            "octal {code}: order {}",
            q.order()
        );
        assert_predicts_outcomes(&q, &code, &mut rng, 60, 6, 6);
    }
    assert!(checked >= 30, "only {checked} quotients within the limits");
}

#[test]
fn published_quotients() {
    // Plambeck, "Taming the wild" (2005): 0.75 has the 8-element quotient
    // <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}
    let (code, out, _) = run_grundy(&["quotient", "--json", "--heaps", "20", "0.75"], b"");
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["order"], 8);
    assert_eq!(json["code"], "0.75");
    assert_eq!(json["heaps"], 20);
    assert_eq!(
        json["relations"],
        serde_json::json!(["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"])
    );
    assert_eq!(json["p_portion"], serde_json::json!(["a", "b^2"]));
    let heaps: Vec<u64> = json["generators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["heap"].as_u64().unwrap())
        .collect();
    assert_eq!(heaps, [1, 2, 5]);
    let pretending: Vec<&str> = json["pretending"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(
        &pretending[..9],
        ["1", "a", "b", "a", "b", "c", "b", "c", "b"]
    );
    // from heap 9 on, ab^2 and b alternate
    for (n, e) in pretending.iter().enumerate().skip(9) {
        assert_eq!(*e, if n % 2 == 1 { "ab^2" } else { "b" }, "heap {n}");
    }
    // Nim heaps 0..=2 (0.33 is Nim below 3): the tame quotient <a, b | a^2 = 1, b^3 = b>
    let (_, out, _) = run_grundy(&["quotient", "--json", "--heaps", "2", "0.33"], b"");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["order"], 6);
    assert_eq!(json["relations"], serde_json::json!(["a^2 = 1", "b^3 = b"]));
    assert_eq!(json["p_portion"], serde_json::json!(["a", "b^2"]));
}

#[test]
fn quotient_bad_input() {
    for args in [
        &["quotient", "0.8"][..],
        &["quotient", "--heaps", "x", "0.75"],
        &["quotient", "--heaps", "-1", "0.75"],
        &["quotient", "--max-order", "3", "0.77"],
        &["quotient", "kayles"],
    ] {
        let (code, out, err) = run_grundy(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let (_, _, err) = run_grundy(&["quotient", "--max-order", "3", "0.77"], b"");
    assert!(err.contains("--max-order"), "{err}");
}

/// Sums of six or more heaps of one octal game go through the quotient: outcome and winning
/// moves against exhaustive search of the whole sum.
#[test]
fn misere_sums_of_many_heaps_agree_with_exhaustive_search() {
    use common::{parse, Brute};
    use grundy::app::quotient::{octal_quotient, QuotientOptions};
    use grundy::{solve_expression, Convention, Outcome, SolveOptions};
    let mut rng = Rng::new(76);
    let mut brute = Brute::new();
    let mut through_quotient = 0;
    for _ in 0..60 {
        let code = random_octal_code(&mut rng, 2);
        let heaps = QuotientOptions {
            heaps: 4,
            ..QuotientOptions::default()
        };
        through_quotient += usize::from(octal_quotient(&code.parse().unwrap(), &heaps).is_ok());
        let parts: Vec<String> = (0..rng.range(6, 8))
            .map(|_| format!("octal {code} {}", rng.range(0, 5)))
            .collect();
        let expr = parts.join(" + ");
        let options = SolveOptions {
            convention: Convention::Misere,
            ..SolveOptions::default()
        };
        let report = solve_expression(&expr, &options).unwrap();
        let position = parse(&expr);
        let wins = brute.mover_wins(&position, true);
        assert_eq!(
            report.outcome,
            if wins { Outcome::N } else { Outcome::P },
            "{expr}"
        );
        let mut got: Vec<_> = report.winning_moves.iter().map(|m| parse(m)).collect();
        got.sort();
        assert_eq!(got, brute.winning_moves(&position, true), "{expr}");
    }
    assert!(
        through_quotient >= 50,
        "{through_quotient} sums went through a quotient"
    );
}

#[test]
fn a_million_heaps() {
    let expr = vec!["octal 0.75 9"; 1_000_000].join(" + ") + " + octal 0.75 2";
    let (code, out, err) = run_grundy(&["solve", "--misere", "--json", "-"], expr.as_bytes());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    // heap 9 is ab^2, (ab^2)^10^6 = b^2 (a^2 = 1, b^4 = b^2), times b (heap 2) = b^3 = b: N
    assert_eq!(json["outcome"], "N");
}

/// The misère quotient of Kayles (0.77) on heaps 0..=heaps.
fn kayles_quotient(heaps: usize) -> grundy::solve::quotient::MisereQuotient {
    use grundy::app::quotient::{octal_quotient, QuotientOptions};
    let options = QuotientOptions {
        heaps,
        ..QuotientOptions::default()
    };
    octal_quotient(&"0.77".parse().unwrap(), &options).unwrap()
}

/// Kayles (0.77) to heap 10, built heap by heap (each quotient answering the sums of smaller
/// heaps for the next): random sums against a search of G⁻ from the definition.
#[test]
fn kayles_quotient_predicts_random_sums() {
    let q = kayles_quotient(10);
    let mut brute = MisereValues::new("0.77");
    let mut rng = Rng::new(77);
    for _ in 0..150 {
        let heaps: Vec<usize> = (0..rng.range(1, 4))
            .map(|_| rng.range(0, 10) as usize)
            .collect();
        let element = heaps.iter().fold(0, |x, &n| q.times_heap(x, n));
        let p = brute.value(heaps.clone(), vec![]) == 0;
        assert_eq!(q.is_p(element), p, "Kayles heaps {heaps:?}");
    }
}

/// `quotient_answer` (what `solve --misere` uses when a short search of a few heaps is cut):
/// outcome and every winning move of random Kayles sums, against exhaustive search.
#[test]
fn quotient_answers_give_every_winning_move() {
    use common::{parse, Brute};
    use grundy::solve::quotient::quotient_answer;
    use grundy::Outcome;
    let q = kayles_quotient(12);
    let mut brute = Brute::new();
    let mut rng = Rng::new(78);
    for _ in 0..80 {
        let heaps: Vec<u64> = (0..rng.range(2, 3)).map(|_| rng.range(1, 12)).collect();
        let answer = quotient_answer(&q, &heaps, |n| {
            octal_moves("0.77", n as usize)
                .into_iter()
                .map(|left| left.into_iter().map(|h| h as u64).collect())
                .collect()
        });
        let expr: Vec<String> = heaps.iter().map(|h| format!("octal 0.77 {h}")).collect();
        let position = parse(&expr.join(" + "));
        let wins = brute.mover_wins(&position, true);
        assert_eq!(
            answer.outcome,
            if wins { Outcome::N } else { Outcome::P },
            "{expr:?}"
        );
        let mut got: Vec<_> = answer
            .winning_moves
            .iter()
            .map(|(i, left)| {
                let mut after: Vec<String> = expr.clone();
                after.remove(*i);
                after.extend(left.iter().map(|h| format!("octal 0.77 {h}")));
                parse(&after.join(" + "))
            })
            .collect();
        got.sort();
        got.dedup();
        assert_eq!(got, brute.winning_moves(&position, true), "{expr:?}");
    }
}

/// The two identities the misère engines rest on, checked on random game trees (games born by
/// day 4, built from all games born by day 2 and random sets of day-3 ones): `X + * + *` has
/// the outcome of X (`* + * = 0`, which lets the search cancel stars), and
/// `G⁻(X + *) = G⁻(X) xor 1` (which gives the genus its recurrence).
#[test]
fn star_identities_on_random_game_trees() {
    // games as sets of option indices into `games`; 0 is the empty game
    let mut games: Vec<Vec<usize>> = vec![vec![]];
    for _day in 0..2 {
        let n = games.len();
        for mask in 1u32..(1 << n) {
            let options: Vec<usize> = (0..n).filter(|i| mask >> i & 1 == 1).collect();
            if !games.contains(&options) {
                games.push(options);
            }
        }
    }
    let mut rng = Rng::new(99);
    let born_by_day_2 = games.len();
    for _ in 0..60 {
        let options: Vec<usize> = (0..born_by_day_2).filter(|_| rng.chance(50)).collect();
        games.push(options);
    }
    let day3 = games.len();
    for _ in 0..400 {
        let options: Vec<usize> = (0..day3).filter(|_| rng.chance(15)).collect();
        games.push(options);
    }
    // G⁻ of game g plus `stars` copies of *, memoised
    let mut memo: HashMap<(usize, usize), u64> = HashMap::new();
    fn value(
        g: usize,
        stars: usize,
        games: &[Vec<usize>],
        memo: &mut HashMap<(usize, usize), u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(&(g, stars)) {
            return v;
        }
        let mut seen: Vec<u64> = games[g]
            .iter()
            .map(|&o| value(o, stars, games, memo))
            .collect();
        if stars > 0 {
            seen.push(value(g, stars - 1, games, memo));
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        memo.insert((g, stars), v);
        v
    }
    for g in 0..games.len() {
        let v0 = value(g, 0, &games, &mut memo);
        let v1 = value(g, 1, &games, &mut memo);
        let v2 = value(g, 2, &games, &mut memo);
        assert_eq!(v1, v0 ^ 1, "game {g}: G⁻(X + *) = G⁻(X) xor 1");
        assert_eq!(v2 == 0, v0 == 0, "game {g}: X + * + * has the outcome of X");
    }
}

/// Issue 22: 0.31 and 0.312 failed from heap 3 on ("could not be proved"): heap 3 of 0.31 is
/// {*2}, which acts as *2 + *2, and no test sum told it apart from *. Their quotients to heap
/// 8 now exist (0.31: the tame T2 of order 6, heap 3 pretending to be b^2) and predict the
/// misère outcome of random sums searched from the definition.
#[test]
fn quotients_of_031_and_0312_exist_and_predict_outcomes() {
    use grundy::app::quotient::{octal_quotient, QuotientOptions};
    let mut rng = Rng::new(31);
    for (code, order) in [("0.31", 6), ("0.312", 12)] {
        let options = QuotientOptions {
            heaps: 8,
            ..QuotientOptions::default()
        };
        let q = octal_quotient(&code.parse().unwrap(), &options).unwrap();
        assert_eq!(q.order(), order, "{code}");
        if code == "0.31" {
            // heap 3 = {*2} pretends to be *2 + *2
            assert_eq!(q.heap_element(3), Some(q.times_heap(q.times_heap(0, 2), 2)));
        }
        assert_predicts_outcomes(&q, code, &mut rng, 80, 5, 8);
    }
}

/// Issue 22's sweep: every code 0.abc (511 codes; 0.ab is 0.ab0) to heap 8 with a small state
/// budget. A quotient found predicts the misère outcome of random sums searched from the
/// definition; a code without one must have hit a limit, never "could not be proved".
/// Returns (codes with a quotient, codes tried, the largest order and its code).
fn quotient_sweep(step: usize, max_states: usize) -> (usize, usize, usize, String) {
    use grundy::app::quotient::{octal_quotient, QuotientOptions};
    let mut rng = Rng::new(511);
    let (mut found, mut tried, mut largest, mut largest_code) = (0, 0, 0, String::new());
    for n in (1..512).step_by(step) {
        let code = format!("0.{}{}{}", n / 64, n / 8 % 8, n % 8);
        tried += 1;
        let options = QuotientOptions {
            heaps: 8,
            max_order: 1000,
            max_states,
            ..QuotientOptions::default()
        };
        let q = match octal_quotient(&code.parse().unwrap(), &options) {
            Ok(q) => q,
            Err(
                e @ (grundy::GrundyError::StateLimit { .. }
                | grundy::GrundyError::OrderLimit { .. }),
            ) => {
                let _ = e; // out of reach within the limits: said, never a wrong answer
                continue;
            }
            Err(e) => panic!("octal {code}: {e}"),
        };
        found += 1;
        if q.order() > largest {
            (largest, largest_code) = (q.order(), code.clone());
        }
        assert_predicts_outcomes(&q, &code, &mut rng, 30, 4, 8);
    }
    (found, tried, largest, largest_code)
}

#[test]
fn quotient_sweep_of_every_ninth_code() {
    let (found, tried, _, _) = quotient_sweep(9, 200_000);
    assert!(
        found * 10 >= tried * 9,
        "only {found} of {tried} codes have a quotient"
    );
}

/// All 511 codes with the default limits: `bash bench/quotient_sweep.sh` (about a minute).
#[test]
#[ignore]
fn quotient_sweep_of_every_code() {
    let (found, tried, largest, code) = quotient_sweep(1, grundy::DEFAULT_MAX_STATES);
    println!("quotient sweep: {found} of {tried} codes 0.abc have a quotient to heap 8 with the default limits; the largest has {largest} elements ({code})");
    // every quotient found was checked against searched outcomes above; the counts are the
    // guide's (docs/misere.md): one code (0.354) out of reach within the default limits, 0.350's the largest
    assert_eq!((found, tried), (510, 511));
    assert_eq!((largest, code.as_str()), (106, "0.350"));
}

#[test]
fn misere_sums_of_hexadecimal_and_grundys_heaps_agree_with_the_definition() {
    let mut rng = Rng::new(21);
    for (family, keyword) in [
        ("grundys", "grundys"),
        ("hex:0.3F", "hex 0.3F"),
        ("hex:0.B1", "hex 0.B1"),
    ] {
        let mut values = MisereValues::new(family);
        for _ in 0..12 {
            let heaps: Vec<usize> = (0..rng.range(1, 3))
                .map(|_| rng.range(1, 9) as usize)
                .collect();
            let expr: Vec<String> = heaps
                .iter()
                .map(|h| match keyword {
                    "grundys" => format!("grundys {h}"),
                    k => format!("{k} {h}"),
                })
                .collect();
            let expr = expr.join(" + ");
            let (code, out, err) = run_grundy(&["solve", "--json", "--misere", &expr], b"");
            assert_eq!(code, 0, "{err}");
            let report: serde_json::Value = serde_json::from_str(&out).unwrap();
            let p = values.value(heaps.clone(), vec![]) == 0;
            assert_eq!(report["outcome"], if p { "P" } else { "N" }, "{expr}");
        }
    }
}
