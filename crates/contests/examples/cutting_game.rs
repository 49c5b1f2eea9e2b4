//! POJ 2311 "Cutting Game": a W x H sheet, cutting off a 1x1 piece wins. Reads lines `W H`
//! until the end of the input and prints `WIN` if the first player wins, else `LOSE`.
//!
//! The catalog's `cutting` rectangles: one table of Grundy values for the largest sheet asked.

use grundy_contests::cutting_game;
use grundy_contests::run_filter;

fn main() {
    run_filter("cutting_game", cutting_game::solve)
}
