//! The expression language of `grundy solve`, parsed and solved with small limits through
//! `grundy::solve` (the analyser choice every front end makes: impartial sums, and sums with
//! partizan parts): an answer or one error line, never a panic.
#![no_main]
use grundy::{solve, Convention, SolveOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for convention in [Convention::Normal, Convention::Misere] {
        let options = SolveOptions {
            convention,
            max_states: 5_000,
            max_moves: 20,
            ..SolveOptions::default() // no game graphs: a `graph` part is refused, no file read
        };
        if let Err(e) = solve(text, &options) {
            assert!(!e.to_string().contains('\n'));
        }
    }
});
