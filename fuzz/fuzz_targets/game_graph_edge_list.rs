//! The edge-list reader of `grundy graph`, then every engine on what it accepts: any bytes
//! give a graph or one error, never a panic.
#![no_main]
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::Convention;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // keep to edge lists: a leading '{' would be the JSON reader's
    if data.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return;
    }
    // a header may announce up to 2^32 positions, which are then allocated (4 bytes each,
    // several arrays): within the fuzzer's memory limit only below a million
    let first_word = |line: &[u8]| -> Option<Vec<u8>> {
        line.split(|b| b.is_ascii_whitespace())
            .find(|w| !w.is_empty())
            .map(<[u8]>::to_vec)
    };
    let n = data
        .split(|&b| b == b'\n')
        .filter_map(first_word)
        .find(|w| w[0] != b'#');
    if n.is_some_and(|n| n.len() > 6) {
        return;
    }
    if let Ok(graph) = grundy::game_graph::read_game_graph(data) {
        let r = graph.retrograde(Convention::Normal);
        let g = graph.loopy_grundy();
        assert_eq!(r.len(), graph.position_count());
        for u in 0..graph.position_count() as u32 {
            assert_eq!(g.raw(u) == 0, r.outcome(u) == grundy::game_graph::GraphOutcome::Lose);
        }
        let options = GraphOptions {
            positions: true,
            from: Some("1".into()),
            ..GraphOptions::default()
        };
        let _ = graph_report(data, &options);
    }
});
