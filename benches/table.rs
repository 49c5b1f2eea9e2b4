//! `cargo bench --bench table`: the octal engine on the workloads of issue 4, on one thread
//! and on every core, and the 2-D rectangle tables (every core).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::{CutRule, OctalCode, RectangleTable};
use grundy::solve::octal::{octal_values, OctalMethod};
use std::hint::black_box;

fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    for (code, n) in [
        ("0.6", 1usize << 20),
        ("0.165", 200_000),
        ("0.161", 200_000),
        ("0.007", 100_000),
    ] {
        let parsed: OctalCode = code.parse().unwrap();
        for threads in [1, rayon::current_num_threads()] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            group.bench_function(format!("{code}_to_{n}_{threads}_threads"), |b| {
                b.iter(|| {
                    pool.install(|| {
                        octal_values(
                            black_box(&parsed),
                            n,
                            n,
                            OctalMethod::Auto,
                            usize::MAX,
                            |_| {},
                        )
                        .unwrap()
                    })
                })
            });
        }
    }
    group.finish();
}

fn rectangles(c: &mut Criterion) {
    let mut group = c.benchmark_group("rectangles");
    group.sample_size(10);
    for side in [1000usize, 2000] {
        group.bench_function(format!("split_{side}x{side}"), |b| {
            b.iter(|| RectangleTable::compute(CutRule::Split, side, side, usize::MAX).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, octal, rectangles);
criterion_main!(benches);
