//! `cargo bench --bench solve`: the speed of `grundy solve` on the inputs issue 2 names, and
//! of the value tables behind it.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::{CutRule, RectangleTable, WythoffTable};
use grundy::{solve_expression, Convention, SolveOptions};
use std::hint::black_box;

fn solve(expr: &str, convention: Convention) -> grundy::ImpartialReport {
    let options = SolveOptions {
        convention,
        ..SolveOptions::default()
    };
    solve_expression(expr, &options).expect("solvable")
}

fn closed_forms(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    let cases = [
        (
            "wythoff_1e18",
            "wythoff 999999999999999999 1618033988749894847",
        ),
        ("fibnim_1e18", "fibnim 1000000000000000000"),
        (
            "nim_near_2^64",
            "nim 18446744073709551615 18446744073709551614 12345678901234567890 3",
        ),
        (
            "mixed_sum",
            "nim 3 4 5 + wythoff 3 5 + octal 0.07 100 + subtract 1,3,4 1000000 + staircase 3 1 4",
        ),
        (
            "octal_1e12",
            "octal 0.07 1000000000000 + octal 0.77 5000000000",
        ),
    ];
    for (name, expr) in cases {
        group.bench_function(name, |b| {
            b.iter(|| solve(black_box(expr), Convention::Normal))
        });
    }
    group.bench_function("misere_search", |b| {
        b.iter(|| {
            solve(
                black_box("nim 1 2 3 + octal 0.07 9 + wythoff 4 5"),
                Convention::Misere,
            )
        })
    });
    group.finish();
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("tables");
    group.sample_size(10);
    group.bench_function("split_1000x1000", |b| {
        b.iter(|| RectangleTable::compute(CutRule::Split, 1000, 1000, 4_000_000).unwrap())
    });
    group.bench_function("wythoff_1000x1000", |b| {
        b.iter(|| WythoffTable::compute(1000, 1000, 4_000_000).unwrap())
    });
    group.finish();
}

/// Misère depth: a sum searched whole, a genus table, a quotient, and a sum of many heaps
/// answered through its quotient.
fn misere(c: &mut Criterion) {
    use grundy::app::quotient::{quotient_report, QuotientOptions};
    use grundy::app::table::{table_report, Family, TableOptions};
    let mut group = c.benchmark_group("misere");
    group.sample_size(10);
    group.bench_function("search_kayles_12_to_15", |b| {
        b.iter(|| {
            solve(
                black_box("octal 0.77 12 + octal 0.77 13 + octal 0.77 14 + octal 0.77 15"),
                Convention::Misere,
            )
        })
    });
    group.bench_function("genus_kayles_to_40", |b| {
        let options = TableOptions {
            to: Some(40),
            misere: true,
            ..TableOptions::default()
        };
        let family = Family::parse("octal 0.77").unwrap();
        b.iter(|| table_report(&family, &options, |_| {}).unwrap())
    });
    group.bench_function("quotient_kayles_to_24", |b| {
        let options = QuotientOptions {
            heaps: 24,
            ..QuotientOptions::default()
        };
        b.iter(|| quotient_report(black_box("0.77"), &options, |_| {}).unwrap())
    });
    let thousand = vec!["octal 0.75 9"; 1000].join(" + ") + " + octal 0.75 2";
    group.bench_function("quotient_sum_of_1001_heaps", |b| {
        b.iter(|| solve(black_box(&thousand), Convention::Misere))
    });
    group.finish();
}

criterion_group!(benches, closed_forms, tables, misere);
criterion_main!(benches);
