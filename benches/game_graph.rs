//! `cargo bench --bench game_graph`: `grundy graph` on the benchmark game graph of issue 10
//! (2*10^6 positions, 5% without moves, the others 1 to 9 moves to random positions; the same
//! shape as bench/gen_game_graph.py, generated in-process with a SplitMix64 stream): reading
//! the bytes, retrograde analysis, generalized Grundy values, and the whole report.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::loopy::read_game_graph;
use grundy::Convention;
use std::fmt::Write;
use std::hint::black_box;

mod common;
use common::Rng;

fn game_graph_text(n: u64) -> Vec<u8> {
    let mut rng = Rng(10);
    let mut body = String::with_capacity(n as usize * 75);
    let mut m = 0u64;
    for u in 1..=n {
        if rng.below(100) < 5 {
            continue;
        }
        for _ in 0..1 + rng.below(9) {
            let _ = writeln!(body, "{u} {}", 1 + rng.below(n));
            m += 1;
        }
    }
    format!("{n} {m}\n{body}").into_bytes()
}

fn bench(c: &mut Criterion) {
    let text = game_graph_text(2_000_000);
    let graph = read_game_graph(&text[..]).unwrap();
    let mut group = c.benchmark_group("game_graph_2e6");
    group.sample_size(10);
    group.bench_function("read", |b| {
        b.iter(|| black_box(read_game_graph(&text[..]).unwrap()))
    });
    group.bench_function("retrograde", |b| {
        b.iter(|| black_box(graph.retrograde(Convention::Normal)))
    });
    group.bench_function("loopy_grundy", |b| {
        b.iter(|| black_box(graph.loopy_grundy()))
    });
    let no_grundy = GraphOptions {
        grundy: false,
        ..GraphOptions::default()
    };
    group.bench_function("report_no_grundy", |b| {
        b.iter(|| black_box(graph_report(&text[..], &no_grundy).unwrap()))
    });
    group.bench_function("report_full", |b| {
        b.iter(|| black_box(graph_report(&text[..], &GraphOptions::default()).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
