//! `cargo bench --bench solve`: the speed of `grundy solve` on the inputs issue 2 names, and
//! of the value tables behind it.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::{CutRule, RectangleTable, WythoffTable};
use grundy::{solve_expression, Convention, SolveOptions};
use std::hint::black_box;

fn solve(expr: &str, convention: Convention) -> grundy::SolveReport {
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

criterion_group!(benches, closed_forms, tables);
criterion_main!(benches);
