//! Whole expressions as `/api/value` and `/api/play/partizan` take them, impartial and
//! partizan parts mixed (`solve_expression` covers `/api/solve`): the value report and the
//! play state of each player, with a small budget. An answer or one error line, never a panic
//! or an abort, never a run past the budget (libFuzzer's -timeout catches a slow input).
#![no_main]
use grundy::app::partizan_play::play_state;
use grundy::app::value::{value_expression, ValueOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let options = ValueOptions {
        max_states: 2_000,
        max_moves: 20,
        ..ValueOptions::default()
    };
    if let Err(e) = value_expression(text, &options) {
        assert!(!e.to_string().contains('\n'));
    }
    for left in [true, false] {
        if let Err(e) = play_state(text, left, &options) {
            assert!(!e.to_string().contains('\n'));
        }
    }
});
