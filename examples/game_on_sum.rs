//! Codeforces 1628 D2 "Game on Sum": reads `t` and `t` lines `n m k`, prints the value of each
//! game modulo 10^9 + 7, by the closed form of `grundy::scoring::game_on_sum`.

use grundy::app::contest::game_on_sum;
use grundy::input::run_filter;

fn main() {
    run_filter("game_on_sum", game_on_sum::solve)
}
