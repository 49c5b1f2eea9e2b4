//! The JSON reader of `grundy graph`, then every engine on what it accepts.
#![no_main]
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::Convention;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(graph) = grundy::game_graph::io::read_json(data) {
        let r = graph.retrograde(Convention::Misere);
        assert_eq!(r.len(), graph.position_count());
        let g = graph.loopy_grundy();
        let _ = g.max_finite();
        let first = (graph.position_count() > 0).then(|| graph.name(0));
        let options = GraphOptions {
            positions: true,
            from: first,
            ..GraphOptions::default()
        };
        assert!(graph_report(data, &options).is_ok());
    }
});
