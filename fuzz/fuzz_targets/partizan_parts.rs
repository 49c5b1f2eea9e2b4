//! The partizan components' own readers (boards, Hackenbush stalks, Toads and Frogs rows, cakes):
//! the first byte picks the game, the rest is its argument; valued with a small budget. An
//! answer or one error line, never a panic.
#![no_main]
use grundy::app::value::{value_expression, ValueOptions};
use libfuzzer_sys::fuzz_target;

const GAMES: [&str; 6] = [
    "domineering",
    "clobber",
    "toads",
    "hackenbush",
    "cutcake",
    "domineering ../..",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(argument) = std::str::from_utf8(rest) else {
        return;
    };
    let text = format!("{} {argument}", GAMES[pick as usize % GAMES.len()]);
    let options = ValueOptions {
        max_states: 2_000,
        max_moves: 20,
        ..ValueOptions::default()
    };
    if let Err(e) = value_expression(&text, &options) {
        assert!(!e.to_string().contains('\n'));
    }
});
