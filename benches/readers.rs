//! `cargo bench --bench readers`: each input reader's speed in bytes per second, beside the
//! raw read of the same bytes from the page cache, in one run (issue 25). The inputs are the
//! ones of the end-to-end benchmarks: the game graph of issue 10 (2*10^6 positions, 141 MB),
//! the random bipartite geography graph of issue 3 (10^6 + 10^6 vertices, 3*10^6 edges) and
//! the 2000 x 2000 board. Each is written to a temporary file once and read back every
//! iteration, so the raw rows are the kernel's copy out of the page cache (`std::fs::read`,
//! and `cat FILE > /dev/null`'s 128 KiB reads) and the reader rows add the parsing and the
//! adjacency built.
//!
//! Memory as a fresh process sees it: a reader runs once per process, where every large
//! buffer is newly mapped memory whose pages fault in as they are first written. Repeated in
//! one process, glibc raises its mmap threshold after the first large free (up to 32 MiB) and
//! then hands the same pages back without a fault, so `std::fs::read` of the 4 MB board would
//! be a memcpy and the 141 MB graph would not. The bench pins the threshold at glibc's default
//! (128 KiB, `mallopt(M_MMAP_THRESHOLD)`), so every size, raw read and reader alike, pays for
//! its fresh memory as the command line does.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use grundy::game_graph::io::stream_game_graph;
use grundy::game_graph::{read_game_graph, GameGraph, Names};
use grundy::graph::csr::Graph;
use grundy::graph::io::{read_board, read_graph};
use std::hint::black_box;
use std::io::Read;
use std::path::PathBuf;

mod common;
use common::{bipartite_text, board_text, game_graph_text, Rng};

/// Reads the file in 128 KiB blocks into one buffer and drops them: what `cat` costs.
fn raw_blocks(path: &PathBuf, buf: &mut [u8]) -> usize {
    let mut f = std::fs::File::open(path).unwrap();
    let mut total = 0;
    loop {
        match f.read(buf).unwrap() {
            0 => return total,
            k => total += k,
        }
    }
}

/// The file's bytes as `grundy geography` reads them: into a buffer of huge pages.
fn read_file(path: &PathBuf) -> grundy::memory::Buffer<u8> {
    let file = std::fs::File::open(path).unwrap();
    let size = file.metadata().unwrap().len() as usize;
    grundy::memory::read_to_buffer(file, size).unwrap()
}

/// Every allocation of 128 KiB or more is a fresh mapping, as in a fresh process (see the
/// module documentation).
fn fresh_memory_for_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's settings; called before any large buffer
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

fn bench(c: &mut Criterion) {
    fresh_memory_for_large_buffers();
    let dir = std::env::temp_dir().join(format!("grundy-readers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        ("game_graph_2e6", game_graph_text(2_000_000)),
        ("geography_bipartite_3e6", bipartite_text(1_000_000)),
        ("board_2000x2000", board_text(2000, &mut Rng(9))),
        ("board_5000x5000", board_text(5000, &mut Rng(9))),
    ];
    let mut block = vec![0u8; 128 << 10];
    for (name, bytes) in &inputs {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let mut group = c.benchmark_group(*name);
        group.sample_size(10);
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function("raw_read_whole", |b| {
            b.iter(|| black_box(std::fs::read(&path).unwrap()))
        });
        group.bench_function("raw_read_blocks", |b| {
            b.iter(|| black_box(raw_blocks(&path, &mut block)))
        });
        group.bench_function("raw_read_huge_pages", |b| {
            b.iter(|| black_box(read_file(&path)))
        });
        match *name {
            "game_graph_2e6" => {
                group.bench_function("reader_from_file", |b| {
                    b.iter(|| {
                        let f = std::fs::File::open(&path).unwrap();
                        black_box(read_game_graph(f).unwrap())
                    })
                });
                group.bench_function("reader_from_bytes", |b| {
                    b.iter(|| black_box(read_game_graph(&bytes[..]).unwrap()))
                });
                // the parse alone (the moves dropped block by block), and the adjacency
                // alone, from the moves as parsed (in the file's order)
                group.bench_function("parse_only", |b| {
                    b.iter(|| {
                        let mut count = 0;
                        stream_game_graph(&bytes[..], &mut |block| count += block.len()).unwrap();
                        black_box(count)
                    })
                });
                let mut chunks = Vec::new();
                let (n, _) =
                    stream_game_graph(&bytes[..], &mut |block| chunks.push(block)).unwrap();
                group.bench_function("adjacency_only", |b| {
                    b.iter(|| {
                        let borrowed: Vec<&[(u32, u32)]> = chunks.iter().map(|c| &c[..]).collect();
                        black_box(
                            GameGraph::from_edge_chunks(n, borrowed, Names::Numbered).unwrap(),
                        )
                    })
                });
            }
            "geography_bipartite_3e6" => {
                group.bench_function("reader_from_file", |b| {
                    b.iter(|| black_box(read_graph(&read_file(&path)).unwrap()))
                });
                group.bench_function("reader_from_bytes", |b| {
                    b.iter(|| black_box(read_graph(bytes).unwrap()))
                });
                // the adjacency alone, from the edges in the file's order
                let n = read_graph(bytes).unwrap().vertex_count();
                let edges: Vec<(u32, u32)> = std::str::from_utf8(bytes)
                    .unwrap()
                    .lines()
                    .skip(1)
                    .map(|line| {
                        let (u, v) = line.split_once(' ').unwrap();
                        (u.parse::<u32>().unwrap() - 1, v.parse::<u32>().unwrap() - 1)
                    })
                    .collect();
                group.bench_function("adjacency_only", |b| {
                    b.iter(|| black_box(Graph::from_edges(n, &edges).unwrap()))
                });
            }
            _ => {
                group.bench_function("reader_from_file", |b| {
                    b.iter(|| black_box(read_board(&read_file(&path)).unwrap()))
                });
                group.bench_function("reader_from_bytes", |b| {
                    b.iter(|| black_box(read_board(bytes).unwrap()))
                });
            }
        }
        group.finish();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
