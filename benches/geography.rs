//! `cargo bench --bench geography`: one benchmark per row of the speed table of issue 3, end
//! to end from the file's bytes (parsing included) to every start classified; and the steps of
//! the bipartite row one by one (`bipartite_steps`).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::app::geography::geography_report;
use grundy_contests::cards::first_mover_wins;
use std::hint::black_box;

mod common;
use common::{bipartite_text, board_text, graph_text, Rng};

fn inputs() -> Vec<(&'static str, Vec<u8>, bool)> {
    let bipartite = bipartite_text(1_000_000);
    // the stream goes on where the bipartite edges left it
    let mut rng = Rng(7);
    for _ in 0..6_000_000 {
        rng.below(2);
    }
    let n = 1_000_000;
    let mut general = Vec::with_capacity(3 * n as usize);
    while general.len() < 3 * n as usize {
        let (u, v) = (1 + rng.below(n), 1 + rng.below(n));
        if u != v {
            general.push((u, v));
        }
    }
    let (layers, width) = (1000u64, 1000u64);
    let mut ladder = Vec::new();
    for l in 0..layers - 1 {
        for i in 0..width {
            ladder.push((l * width + i + 1, (l + 1) * width + i + 1));
            ladder.push((l * width + i + 1, (l + 1) * width + (i + 1) % width + 1));
        }
    }
    let board = board_text(2000, &mut rng);
    vec![
        ("bipartite_1e6+1e6_3e6", bipartite, false),
        ("board_2000x2000_20pct", board, true),
        ("general_1e6_3e6", graph_text(n, &general), false),
        (
            "ladder_1000x1000",
            graph_text(layers * width, &ladder),
            false,
        ),
    ]
}

fn geography(c: &mut Criterion) {
    let mut group = c.benchmark_group("geography");
    group.sample_size(10);
    for (name, bytes, grid) in inputs() {
        group.bench_function(name, |b| {
            b.iter(|| {
                geography_report(black_box(&bytes), grid, None, &grundy::Cancel::new()).unwrap()
            })
        });
    }
    let mut rng = Rng(8);
    let mut deal = || -> Vec<(u32, u32)> {
        (0..1_000_000)
            .map(|_| (rng.below(10_000) as u32, rng.below(10_000) as u32))
            .collect()
    };
    let (alice, shinobu) = (deal(), deal());
    group.bench_function("hanafuda_1e6_cards", |b| {
        b.iter(|| first_mover_wins(black_box(&alice), &shinobu))
    });
    group.finish();
}

/// The bipartite row's steps after parsing, each on the parsed graph: the 2-colouring, the
/// Karp-Sipser start, Pothen-Fan+ from it, and the right side's Dulmage-Mendelsohn search.
fn bipartite_steps(c: &mut Criterion) {
    use grundy::graph::io::read_graph;
    use grundy::graph::matching::{karp_sipser, missed_on_sides, pothen_fan_from};
    let g = read_graph(&bipartite_text(1_000_000)).unwrap();
    let side = g.two_colouring().unwrap();
    let start = karp_sipser(&g);
    let (matching, _) = pothen_fan_from(&g, &side, start.clone(), &grundy::Cancel::new()).unwrap();
    let mut group = c.benchmark_group("bipartite_steps");
    group.sample_size(10);
    group.bench_function("two_colouring", |b| {
        b.iter(|| black_box(&g).two_colouring())
    });
    group.bench_function("karp_sipser", |b| b.iter(|| karp_sipser(black_box(&g))));
    group.bench_function("pothen_fan_from_karp_sipser", |b| {
        b.iter(|| pothen_fan_from(black_box(&g), &side, start.clone(), &grundy::Cancel::new()))
    });
    group.bench_function("missed_on_right_side", |b| {
        b.iter(|| missed_on_sides(black_box(&g), &side, &matching, [false, true]))
    });
    group.finish();
}

criterion_group!(benches, geography, bipartite_steps);
criterion_main!(benches);
