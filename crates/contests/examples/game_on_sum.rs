//! Codeforces 1628 D2 "Game on Sum": reads `t` and `t` lines `n m k`, prints the value of each
//! game modulo 10^9 + 7, by the closed form of `grundy_contests::scoring::game_on_sum`.

use grundy_contests::game_on_sum;
use grundy_contests::run_filter;

fn main() {
    run_filter("game_on_sum", game_on_sum::solve)
}
