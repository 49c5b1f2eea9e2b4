//! Scoring games: the result is a value, not win/lose.
//!
//! - [`game_on_sum`]: Codeforces 1628 D2, by its closed form, modulo a prime.
//! - [`layer_game`]: "Tavas in Kansas" (Codeforces 536 D): collecting cities by distance layers.
//!
//! ```
//! use grundy_contests::scoring::game_on_sum::GameOnSum;
//! // Codeforces 1628 D2: two turns, Bob must add once, numbers up to 2: value 2 * 1/2 ... mod p
//! let game = GameOnSum::new(10);
//! assert_eq!(game.value(2, 2, 3), 6); // Bob must add both times: Alice names 3 twice
//! ```

pub mod game_on_sum;
pub mod layer_game;
