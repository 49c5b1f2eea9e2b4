//! Scoring games: the result is a value, not win/lose.
//!
//! - [`minimax`]: the generic memoised minimax engine (the reference for the DPs below).
//! - [`game_on_sum`]: Codeforces 1628 D2, by its closed form, modulo a prime.
//! - [`layer_game`]: "Tavas in Kansas" (Codeforces 536 D): collecting cities by distance layers.

pub mod game_on_sum;
pub mod layer_game;
pub mod minimax;
