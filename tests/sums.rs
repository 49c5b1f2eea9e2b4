//! `solve_expression` on random sums of small components, checked against exhaustive search of
//! the whole sum: outcome, Grundy value, and the complete list of winning moves, under normal
//! and misère play.

mod common;

use common::{parse, random_component, Brute, Game, Rng};
use grundy::{solve_expression, Convention, Outcome, SolveOptions};

fn check(expr: &str, convention: Convention, brute: &mut Brute) {
    let misere = convention == Convention::Misere;
    let options = SolveOptions {
        convention,
        ..SolveOptions::default()
    };
    let report = solve_expression(expr, &options).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let position = parse(expr);
    assert_eq!(
        parse(&report.position),
        position,
        "{expr}: normalised position"
    );
    let wins = brute.mover_wins(&position, misere);
    let expected = if wins { Outcome::N } else { Outcome::P };
    assert_eq!(report.outcome, expected, "{expr} ({convention:?}): outcome");
    if misere {
        assert_eq!(
            report.grundy, None,
            "{expr}: no Grundy value under misère play"
        );
    } else {
        let value = position.iter().fold(0, |x, g| x ^ brute.grundy(g));
        assert_eq!(report.grundy, Some(value), "{expr}: Grundy value");
    }
    assert!(!report.truncated);
    assert_eq!(report.note, None, "{expr}: every value known");
    let mut got: Vec<Vec<Game>> = report.winning_moves.iter().map(|m| parse(m)).collect();
    let listed = got.len();
    got.sort();
    got.dedup();
    assert_eq!(
        got.len(),
        listed,
        "{expr} ({convention:?}): duplicate winning moves {:?}",
        report.winning_moves
    );
    assert_eq!(
        got,
        brute.winning_moves(&position, misere),
        "{expr} ({convention:?}): winning moves {:?}",
        report.winning_moves
    );
    // every move is a valid expression for grundy solve
    for m in &report.winning_moves {
        assert!(grundy::parse_sum(m).is_ok(), "{m} does not parse");
    }
}

#[test]
fn random_sums_under_normal_play() {
    let mut rng = Rng::new(2);
    let mut brute = Brute::new();
    for _ in 0..400 {
        let n = rng.range(1, 3);
        let parts: Vec<String> = (0..n).map(|_| random_component(&mut rng, true)).collect();
        check(&parts.join(" + "), Convention::Normal, &mut brute);
    }
}

#[test]
fn random_sums_under_misere_play() {
    let mut rng = Rng::new(3);
    let mut brute = Brute::new();
    for _ in 0..400 {
        let n = rng.range(1, 3);
        let parts: Vec<String> = (0..n).map(|_| random_component(&mut rng, false)).collect();
        check(&parts.join(" + "), Convention::Misere, &mut brute);
    }
}

/// Sums of three to five parts, so that parts whose trees coincide (`nim 1`, `octal 0.x 1`,
/// `wythoff 0 1`...) and the `* + * = 0` cancellation of the misère search meet often.
#[test]
fn longer_misere_sums_agree_with_exhaustive_search() {
    let mut rng = Rng::new(31);
    let mut brute = Brute::new();
    for _ in 0..250 {
        let n = rng.range(3, 5);
        let parts: Vec<String> = (0..n)
            .map(|_| {
                if rng.chance(25) {
                    format!("nim {}", rng.range(1, 2))
                } else {
                    random_component(&mut rng, false)
                }
            })
            .collect();
        check(&parts.join(" + "), Convention::Misere, &mut brute);
    }
}

#[test]
fn misere_nim_follows_its_rule() {
    let mut rng = Rng::new(4);
    let mut brute = Brute::new();
    for _ in 0..300 {
        let heaps: Vec<String> = (0..rng.range(1, 4))
            .map(|_| rng.range(0, 5).to_string())
            .collect();
        let single: Vec<String> = heaps.iter().map(|h| format!("nim {h}")).collect();
        check(
            &format!("nim {}", heaps.join(" ")),
            Convention::Misere,
            &mut brute,
        );
        check(&single.join(" + "), Convention::Misere, &mut brute);
    }
}

#[test]
fn equal_components_give_each_move_once() {
    let mut brute = Brute::new();
    for expr in [
        "nim 3 + nim 3 + nim 1",
        "wythoff 1 2 + wythoff 2 1 + nim 1",
        "octal 0.07 5 + octal 0.07 5 + nim 2",
    ] {
        check(expr, Convention::Normal, &mut brute);
        check(expr, Convention::Misere, &mut brute);
    }
}

#[test]
fn move_lists_are_cut_at_the_limit() {
    let options = SolveOptions {
        max_moves: 3,
        ..SolveOptions::default()
    };
    // nim 1 + nim 2 + ... : xor 1..=6 is 7; many heaps have a winning move
    let report = solve_expression("nim 8 9 10 11 12 13 14 15 1", &options).unwrap();
    assert_eq!(report.winning_moves.len(), 3);
    assert!(report.truncated);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["truncated"], true);
}

#[test]
fn with_values_out_of_reach_what_is_said_is_still_right() {
    // A tiny state limit leaves some Grundy values unknown: the outcome must then come from
    // closed forms or pairing (or the call fails), and every move listed must still win.
    let mut rng = Rng::new(5);
    let mut brute = Brute::new();
    let (mut decided, mut failed) = (0, 0);
    for _ in 0..600 {
        let n = rng.range(1, 3);
        let mut parts: Vec<String> = (0..n).map(|_| random_component(&mut rng, true)).collect();
        if rng.chance(30) {
            parts.push(parts[0].clone()); // equal parts cancel even when their value is unknown
        }
        let expr = parts.join(" + ");
        let options = SolveOptions {
            max_states: 12,
            ..SolveOptions::default()
        };
        let report = match solve_expression(&expr, &options) {
            Ok(report) => report,
            Err(grundy::GrundyError::StateLimit { .. }) => {
                failed += 1;
                continue;
            }
            Err(e) => panic!("{expr}: {e}"),
        };
        decided += 1;
        let position = parse(&expr);
        let wins = brute.mover_wins(&position, false);
        assert_eq!(report.outcome == Outcome::N, wins, "{expr}: outcome");
        if let Some(g) = report.grundy {
            assert_eq!(
                g,
                position.iter().fold(0, |x, a| x ^ brute.grundy(a)),
                "{expr}: value"
            );
        }
        let all = brute.winning_moves(&position, false);
        let got: Vec<Vec<Game>> = report.winning_moves.iter().map(|m| parse(m)).collect();
        assert!(
            got.iter().all(|m| all.contains(m)),
            "{expr}: a listed move does not win"
        );
        if report.note.is_none() {
            assert_eq!(
                got.len(),
                all.len(),
                "{expr}: the list claims to be complete"
            );
        }
    }
    assert!(
        decided > 100 && failed > 10,
        "decided {decided}, failed {failed}"
    );
}

#[test]
fn huge_octal_heaps_list_their_moves_up_to_the_limit() {
    // 0.07 is proved periodic (34 from 53), so a heap of 10^12 has a value and its winning
    // moves can be scanned in order; there are far more than the limit.
    let options = SolveOptions {
        max_moves: 50,
        ..SolveOptions::default()
    };
    let report =
        solve_expression("octal 0.07 1000000000000 + octal 0.77 5000000000", &options).unwrap();
    assert_eq!(report.outcome, Outcome::N);
    assert_eq!(report.winning_moves.len(), 50);
    assert!(report.truncated);
    assert_eq!(report.note, None);
    for m in &report.winning_moves {
        let after = solve_expression(m, &SolveOptions::default()).unwrap();
        assert_eq!(after.grundy, Some(0), "{m}");
    }
}

/// Two moves of a sum leave the same game (equal position keys) exactly when their changes
/// (atoms added minus atoms removed) are equal: the cheap test the quotient path dedupes by.
#[test]
fn moves_leave_the_same_game_iff_their_changes_are_equal() {
    use grundy::solve::sum::{change_key, position_key};
    use grundy::ImpartialGame;
    let mut rng = common::Rng::new(515);
    let mut equal = 0;
    for _ in 0..60 {
        let parts: Vec<String> = (0..rng.range(2, 5))
            .map(|_| common::random_component(&mut rng, true))
            .collect();
        let sum = grundy::parse_sum(&parts.join(" + ")).unwrap();
        let mut moves = Vec::new();
        for (i, part) in sum.iter().enumerate() {
            for left in part.options() {
                let mut after = sum.clone();
                after.splice(i..=i, left.iter().cloned());
                moves.push((change_key(part, &left), position_key(&after)));
            }
        }
        for a in &moves {
            for b in &moves {
                assert_eq!(a.0 == b.0, a.1 == b.1, "{}", parts.join(" + "));
                equal += usize::from(a.1 == b.1);
            }
        }
    }
    assert!(equal > 0);
}
