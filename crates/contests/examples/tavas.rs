//! Codeforces 536 D "Tavas in Kansas": reads the judge's input on stdin, prints `Break a heart`
//! (Tavas wins), `Cry` (Nafas wins) or `Flowers` (a draw).
//!
//! Shortest distances from both cities (Dijkstra), then the layer game DP of
//! `grundy_contests::scoring::layer_game`.

use grundy_contests::run_filter;
use grundy_contests::tavas;

fn main() {
    run_filter("tavas", tavas::solve)
}
