//! `cargo bench --bench game_graph`: `grundy graph` on the benchmark game graph of issue 10
//! (2*10^6 positions, 5% without moves, the others 1 to 9 moves to random positions; the same
//! shape as bench/gen_game_graph.py, generated in-process with a SplitMix64 stream): reading
//! the bytes, retrograde analysis, generalized Grundy values, and the whole report.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::game_graph::read_game_graph;
use grundy::Convention;
use std::hint::black_box;

mod common;
use common::game_graph_text;

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
