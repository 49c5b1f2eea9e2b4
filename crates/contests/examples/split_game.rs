//! ICPC Jiangxi 2020 J: an N x M sheet, cutting off a 1x1 piece loses. Reads lines `N M` until
//! the end of the input and prints the winner, `Alice` (first) or `Bob`, for each.
//!
//! The catalog's `split` rectangles: one table of Grundy values for the largest sheet asked.

use grundy_contests::run_filter;
use grundy_contests::split_game;

fn main() {
    run_filter("split_game", split_game::solve)
}
