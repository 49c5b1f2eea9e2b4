//! The one budget (issue 34): every engine stops when its flag is raised, short texts that
//! name huge values are answered by closed forms or refused at once within the state budget,
//! and `grundy::solve` makes the one choice of analyser that every front end uses.

use grundy::app::partizan_solve::solve_partizan;
use grundy::app::value::{value_expression, ValueOptions};
use grundy::{solve, solve_expression, Budget, Cancel, GrundyError, SolveOptions, SolveReport};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Runs `work` with a flag raised after `after`; returns its result and how long it took.
fn cancelled_after<T>(after: Duration, work: impl FnOnce(Cancel) -> T) -> (T, Duration) {
    let cancel = Cancel::new();
    let timer = {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(after);
            cancel.cancel();
        })
    };
    let started = Instant::now();
    let out = work(cancel);
    let took = started.elapsed();
    timer.join().unwrap();
    (out, took)
}

/// Runs `work` with a flag raised after `bound` (a bound on a hang, generous for a loaded
/// machine: the work it guards once took minutes) and checks the flag stopped nothing: the
/// work ended on its own, by its budget of states or its closed forms, not by the clock.
/// A regression stops at the bound instead of running on.
fn ends_on_its_own<T>(
    bound: Duration,
    what: &str,
    work: impl FnOnce(Cancel) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let cancel = Cancel::new();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let timer = {
        let cancel = cancel.clone();
        // raised at the bound, unless the work ends first
        std::thread::spawn(move || {
            if wait.recv_timeout(bound).is_err() {
                cancel.cancel();
            }
        })
    };
    let out = work(cancel);
    let _ = done.send(());
    timer.join().unwrap();
    assert!(
        !matches!(out, Err(GrundyError::Cancelled)),
        "{what}: still working after {bound:?}"
    );
    out
}

/// `solve_expression` with the default options, bounded as [`ends_on_its_own`] says.
fn solve_within(text: &str) -> grundy::Result<grundy::ImpartialReport> {
    ends_on_its_own(Duration::from_secs(20), text, |cancel| {
        let options = SolveOptions {
            cancel,
            ..SolveOptions::default()
        };
        solve_expression(text, &options)
    })
}

#[test]
fn every_kind_of_long_computation_stops_when_cancelled() {
    let slow = [
        // the octal table of a sum (two-heap code with no period in sight)
        ("octal 0.6 3999999", false),
        // a misère search over a sum
        (
            "octal 0.77 16 + octal 0.77 17 + octal 0.07 18 + octal 0.07 19",
            true,
        ),
        // a partizan search (148 s to its canonical form, uncancelled)
        (
            "domineering ....../....../....../....../....../......",
            false,
        ),
    ];
    for (text, misere) in slow {
        let (result, took) = cancelled_after(Duration::from_millis(200), |cancel| {
            solve(
                text,
                &SolveOptions {
                    convention: grundy::Convention::from_misere(misere),
                    max_states: 40_000_000,
                    cancel,
                    ..SolveOptions::default()
                },
            )
        });
        assert_eq!(result.unwrap_err(), GrundyError::Cancelled, "{text}");
        // the flag is checked wherever a state is stored: well within a second of it
        assert!(took < Duration::from_secs(20), "{text}: {took:?}");
    }
    // the partizan values too
    let (result, _) = cancelled_after(Duration::from_millis(100), |cancel| {
        value_expression(
            "domineering ....../....../....../....../....../......",
            &ValueOptions {
                cancel,
                ..ValueOptions::default()
            },
        )
    });
    assert_eq!(result.unwrap_err(), GrundyError::Cancelled);
    // a budget whose flag is already raised stops a search before it starts
    let cancel = Cancel::new();
    cancel.cancel();
    let budget = Budget::new(1000).with_cancel(cancel);
    let sum = grundy::parse_sum("fibnim 40").unwrap();
    let err = grundy::SumSolver::new(budget, 10)
        .analyse(&sum, grundy::Convention::Normal)
        .unwrap_err();
    assert_eq!(err, GrundyError::Cancelled);
}

#[test]
fn number_up_star_values_are_answered_without_their_options() {
    let options = ValueOptions {
        max_states: 10_000,
        ..ValueOptions::default()
    };
    let r = value_expression("*4000000000", &options).unwrap();
    assert_eq!((r.birthday, r.temperature.as_str()), (4_000_000_000, "0"));
    assert_eq!(r.reduced, "0");
    assert_eq!(r.atomic_weight.as_deref(), Some("0"));
    let r = value_expression("^1000000000", &options).unwrap();
    assert_eq!(r.birthday, 1_000_000_001);
    assert_eq!(r.atomic_weight.as_deref(), Some("1000000000"));
    let r = value_expression("v1000000000*7 + 1/2", &options).unwrap();
    assert_eq!(r.canonical, "1/2v1000000000*7");
    assert_eq!(r.left_stop, "1/2");
    assert_eq!(r.mean, "1/2");
    // a sum that needs a huge nimber's options is refused within the budget, in one line
    let err = value_expression("nim 100000000 + {1|-1}", &options).unwrap_err();
    assert!(
        matches!(err, GrundyError::StateLimit { limit: 10_000, .. }),
        "{err}"
    );
    // a solve lists no part with more moves than the budget, and says the lists are cut
    let r = solve_partizan("*4000000000 + {1|-1}", &options);
    assert!(matches!(r, Err(GrundyError::StateLimit { .. })), "{r:?}");
    let r = solve_partizan("*4000000000", &options).unwrap();
    assert!(r.truncated);
}

#[test]
fn heaps_beyond_the_budget_without_a_proved_period_are_refused_at_once() {
    for text in [
        "hex 0.28 1000000000012345",
        "grundys 1000000000",
        "octal 0.6 100000000000",
        // many splitting moves: fewer affordable heaps (found by the fuzz target
        // any_expression: 2.5 s here before)
        "hex 0.55656388A909991 93927076",
    ] {
        let err = solve_within(text).unwrap_err();
        assert!(matches!(err, GrundyError::TooLarge { .. }), "{text}: {err}");
        assert!(err.to_string().contains("no proved period"), "{err}");
        assert!(err.to_string().starts_with(text), "{err}");
    }
    // a period proved early still answers any heap
    let r = solve_expression("octal 0.07 1000000000000", &SolveOptions::default()).unwrap();
    assert!(r.grundy.is_some());
    // a subtraction set of a million members: its table looks up at most 64 options per
    // state of the budget (a heap of 5 * 10^6 once took minutes), then refuses
    let text = "subtract 2..1000000,1000002 5000000";
    let err = solve_within(text).unwrap_err();
    assert!(matches!(err, GrundyError::TooLarge { .. }), "{err}");
    assert!(err.to_string().starts_with(text), "{err}");
    assert!(
        err.to_string().contains("no period within the first"),
        "{err}"
    );
    // a small heap of the same game is within the table: S meets 1..5 in {2, 3, 4, 5}, so
    // the values are 0 0 1 1 2 2
    let r = solve_expression("subtract 2..1000000,1000002 5", &SolveOptions::default()).unwrap();
    assert_eq!(r.grundy, Some(2));
}

/// A table cut short by its work limit is a prefix of the full table, and claims a period only
/// where the full table proves the same one.
#[test]
fn subtraction_tables_cut_by_work_agree_with_the_full_table() {
    use grundy::games::SubtractionSet;
    let cancel = Cancel::new();
    let mut seed = 7u64;
    let mut next = |bound: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % bound
    };
    for _ in 0..200 {
        let members: Vec<u64> = (1..=12).filter(|_| next(3) == 0).collect();
        let Some(set) = SubtractionSet::from_ranges(members.iter().map(|&m| (m, m)).collect())
        else {
            continue;
        };
        let full = set.values_within(100_000, u128::MAX, &cancel).unwrap();
        let work = u128::from(next(400));
        let cut = set.values_within(100_000, work, &cancel).unwrap();
        assert_eq!(cut.values, full.values[..cut.values.len()], "{set}");
        if cut.period.is_some() {
            assert_eq!(cut.period, full.period, "{set}");
        }
        // brute force: G(n) = mex of G(n - s) over the members s <= n
        let mut g: Vec<u64> = Vec::new();
        for n in 0..full.values.len() as u64 {
            let reached: Vec<u64> = members
                .iter()
                .filter(|&&m| m <= n)
                .map(|&m| g[(n - m) as usize])
                .collect();
            g.push((0..).find(|v| !reached.contains(v)).unwrap());
        }
        assert_eq!(g, full.values, "{set}");
    }
}

/// The engines of `table`, `quotient`, `graph` and `geography` stop at their flag too (the
/// command line's --time-limit and Ctrl-C, the server's deadline).
#[test]
fn the_engines_of_the_other_commands_stop_when_cancelled() {
    use grundy::app::quotient::{quotient_report, QuotientOptions};
    use grundy::app::table::partizan::{partizan_table, table_game};
    use grundy::app::table::{stream_stats_report, table_report, Family, TableOptions};
    use grundy::game_graph::{GameGraph, SolvedGraph};
    use grundy::graph::{csr::Graph, geography::Geography};
    let after = Duration::from_millis(200);
    let table = |family: &str, options: TableOptions| {
        let family = Family::parse(family).unwrap();
        let (result, took) = cancelled_after(after, |cancel| {
            table_report(&family, &TableOptions { cancel, ..options }, |_| {})
        });
        assert_eq!(result.unwrap_err(), GrundyError::Cancelled, "{family:?}");
        assert!(took < Duration::from_secs(20), "{family:?}: {took:?}");
    };
    let one = |to: u64| TableOptions {
        to: Some(to),
        compute_all: true,
        ..TableOptions::default()
    };
    // the octal engine's blocks, a subtraction table, Wythoff's bitsets, the rectangles'
    // anti-diagonals
    table("grundys", one(50_000_000));
    table("subtract 2..100000,100002", one(50_000_000));
    let two = |side: u64| TableOptions {
        rows: Some(side),
        cols: Some(side),
        ..TableOptions::default()
    };
    table("wythoff", two(6000));
    table("split", two(6000));
    // a streamed table
    let (result, _) = cancelled_after(after, |cancel| {
        let budget = Budget::new(usize::MAX).with_cancel(cancel);
        let family = Family::parse("grundys").unwrap();
        stream_stats_report(&family, 1 << 34, 1 << 16, None, &budget, |_| {})
    });
    assert_eq!(result.unwrap_err(), GrundyError::Cancelled);
    // a partizan table
    let (result, _) = cancelled_after(after, |cancel| {
        let budget = Budget::new(usize::MAX).with_cancel(cancel);
        partizan_table(table_game("domineering").unwrap(), 6, 6, budget, |_| {})
    });
    assert_eq!(result.unwrap_err(), GrundyError::Cancelled);
    // a misère quotient (seconds past its first heaps)
    let (result, _) = cancelled_after(after, |cancel| {
        let options = QuotientOptions {
            heaps: 40,
            max_order: 1_000_000,
            max_states: 100_000_000,
            cancel,
        };
        quotient_report("0.137", &options, |_| {})
    });
    assert_eq!(result.unwrap_err(), GrundyError::Cancelled);
    // generalized Grundy values of a transitive tournament: one stage per value, each
    // scanning the options of every position left (about k m work)
    let k = 2500u32;
    let edges: Vec<(u32, u32)> = (0..k).flat_map(|i| (0..i).map(move |j| (i, j))).collect();
    let graph = GameGraph::from_edges(k as usize, &edges).unwrap();
    let (result, took) = cancelled_after(after, |cancel| {
        SolvedGraph::solve(graph, grundy::Convention::Normal, true, &cancel)
    });
    assert_eq!(result.unwrap_err(), GrundyError::Cancelled);
    assert!(took < Duration::from_secs(20), "{took:?}");
    // the matchings of geography check the flag between searches
    let raised = Cancel::new();
    raised.cancel();
    let path = Graph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]).unwrap();
    let triangle = Graph::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
    for g in [&path, &triangle] {
        let err = Geography::solve_until(g, &raised).unwrap_err();
        assert_eq!(err, GrundyError::Cancelled);
        assert_eq!(
            Geography::solve_until(g, &Cancel::new()).unwrap().missed,
            Geography::solve(g).missed
        );
    }
}

#[test]
fn sums_with_nimbers_of_hundreds_of_options_answer_or_stop_within_seconds() {
    // every Left option but 1*n is dominated by it, and is found so at once (taken best stops
    // first): 17 s for n = 463 before, when each option was compared with every other
    let value = |text: &'static str| {
        ends_on_its_own(Duration::from_secs(20), text, |cancel| {
            value_expression(
                text,
                &ValueOptions {
                    cancel,
                    ..ValueOptions::default()
                },
            )
        })
    };
    let r = value("{1|0} + *200").unwrap();
    assert_eq!(r.canonical, "{1*200|*200}");
    // few forms, ever more comparisons: stopped by the work a form earns, in one line
    let err = value("{1|0} + *5000").unwrap_err();
    assert!(matches!(err, GrundyError::TooLarge { .. }), "{err}");
    assert!(
        err.to_string().contains("comparisons of canonical forms"),
        "{err}"
    );
    assert!(err.to_string().contains("a second's work"), "{err}");
}

/// A few random parts, impartial and partizan.
fn expression() -> impl Strategy<Value = String> {
    let part = prop_oneof![
        (0u64..6).prop_map(|n| format!("nim {n}")),
        (0u64..9).prop_map(|n| format!("octal 0.07 {n}")),
        (0u64..4, 0u64..4).prop_map(|(a, b)| format!("wythoff {a} {b}")),
        prop_oneof![
            "[.#]{2}/[.#]{2}",
            "[.#]{3}/[.#]{3}",
            "[.#]{1}/[.#]{1}/[.#]{1}"
        ]
        .prop_map(|b| format!("domineering {b}")),
        prop_oneof!["[.#]{2}/[.#]{2}", "[.#]{3}/[.#]{3}"].prop_map(|b| format!("cram {b}")),
        prop_oneof![
            Just("{1|-1}"),
            Just("^*"),
            Just("*3"),
            Just("1/2"),
            Just("v")
        ]
        .prop_map(str::to_string),
    ];
    proptest::collection::vec(part, 1..4).prop_map(|p| p.join(" + "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `grundy::solve` answers a sum of the impartial catalog (Cram included) as
    /// `solve_expression`, and a sum with a partizan part as `solve_partizan`. One choice, the
    /// same reports.
    #[test]
    fn solve_chooses_the_analyser_the_parts_need(text in expression()) {
        let options = SolveOptions::default();
        let impartial = ["nim ", "octal ", "wythoff ", "cram "];
        let partizan = text
            .split(" + ")
            .any(|p| !impartial.iter().any(|k| p.starts_with(k)));
        match solve(&text, &options).unwrap() {
            SolveReport::Impartial(r) => {
                prop_assert!(!partizan, "{}", text);
                prop_assert_eq!(r, solve_expression(&text, &options).unwrap());
            }
            SolveReport::Partizan(r) => {
                prop_assert!(partizan, "{}", text);
                prop_assert!(solve_expression(&text, &options).is_err());
                prop_assert_eq!(r, solve_partizan(&text, &ValueOptions::default()).unwrap());
            }
            SolveReport::Loopy(r) => prop_assert!(false, "no loopy part in {text}: {r:?}"),
        }
    }

    /// Random text through every parser that a route reaches: an answer or one error line,
    /// never a panic, within a small budget.
    #[test]
    fn any_text_is_answered_or_refused_within_a_small_budget(text in "[ -~]{0,24}") {
        let small = SolveOptions { max_states: 2000, ..SolveOptions::default() };
        if let Err(e) = solve(&text, &small) {
            prop_assert!(!e.to_string().contains('\n'));
        }
        let small = ValueOptions { max_states: 2000, ..ValueOptions::default() };
        if let Err(e) = value_expression(&text, &small) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}

/// Inputs the fuzz targets found slow on a small budget (seconds under the sanitizer): each
/// is now refused by the budget, in one line.
#[test]
fn what_the_fuzzers_found_slow_is_refused_within_a_small_budget() {
    let small = ValueOptions {
        max_states: 2_000,
        ..ValueOptions::default()
    };
    // hundreds of reversible options bypassed, every pair compared again each round; read
    // in an arena under the expression's budget
    let err = value_expression("{^*625|||3|||||21}", &small).unwrap_err();
    assert!(
        matches!(err, GrundyError::StateLimit { limit: 2000, .. }),
        "{err}"
    );
    // thousands of moves per position
    let err = value_expression("cutcake 7 7344", &small).unwrap_err();
    assert!(
        matches!(err, GrundyError::StateLimit { limit: 2000, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("moves"), "{err}");
    // a huge heap of a three-heap code: less work on a smaller budget
    let small = SolveOptions {
        max_states: 2_000,
        ..SolveOptions::default()
    };
    let err = solve_expression("hex 0.28 1000000000012345", &small).unwrap_err();
    assert!(
        err.to_string().contains("within the first 501 heaps"),
        "{err}"
    );
    // a misère sum with a heap of thousands of options: its components' options count
    // against the search's work (and are scanned once each, no longer once per visit)
    let misere = SolveOptions {
        convention: grundy::Convention::Misere,
        ..small.clone()
    };
    let err = solve_expression("nim 3 4035 + wythoff 5 5", &misere).unwrap_err();
    assert!(
        matches!(err, GrundyError::StateLimit { limit: 2000, .. }),
        "{err}"
    );
    // a subtraction set with a member of 3 * 10^10: its table's rolling hash once took
    // seconds to set up; answered at once now (every heap below the big member)
    let within = |text: &str| {
        ends_on_its_own(Duration::from_secs(20), text, |cancel| {
            solve_expression(
                text,
                &SolveOptions {
                    cancel: cancel.clone(),
                    ..small.clone()
                },
            )
        })
    };
    let r = within("subtract 2,33555555555,4 9").unwrap();
    // S = {2, 4} below the big member: 0 0 1 1 2 2, repeated
    assert_eq!(r.grundy, Some(1));
    // Moore's Nim with k = 44 and 60 heaps: the winning moves' search once built every
    // subset of up to 44 heaps before counting a step (55 s here); now bounded
    let moore = "moore 44 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 4 4 4 4 4 4 4 \
                 16 16 32 33 33 33 33 33 33 33 33 33 33 33 43 43 333 333 333 3333 3333 3333";
    let r = within(moore).unwrap();
    assert!(r.note.is_some(), "{r:?}");
}
