//! LibreOJ 6033 (JSOI 2009 "游戏"): a board of `.` and `#`; the first player places a token, the
//! other moves first. Prints the cells where the placer wins: their count, then `row col` lines
//! (row-major). With `--jsoi`: `LOSE` if there are none, else `WIN` and the cells.
//!
//! The placer wins from exactly the cells some maximum matching misses: `grundy::graph`'s
//! board reader and `Geography` (Hopcroft-Karp, then the Dulmage-Mendelsohn search).

use grundy_contests::board_game;
use grundy_contests::run_filter;

fn main() {
    let jsoi = std::env::args().skip(1).any(|a| a == "--jsoi");
    if let Some(other) = std::env::args().skip(1).find(|a| a != "--jsoi") {
        eprintln!("board_game: unknown argument '{other}' (the only option is --jsoi)");
        std::process::exit(2);
    }
    run_filter("board_game", |input| board_game::solve(input, jsoi))
}
