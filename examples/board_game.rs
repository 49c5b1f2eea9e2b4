//! LibreOJ 6033 (JSOI 2009 "游戏"): a board of `.` and `#`; the first player places a token, the
//! other moves first. Prints the cells where the placer wins: their count, then `row col` lines
//! (row-major). With `--jsoi`: `LOSE` if there are none, else `WIN` and the cells.
//!
//! The placer wins from exactly the cells some maximum matching misses: `grundy::graph`'s
//! board reader and `Geography` (Hopcroft-Karp, then the Dulmage-Mendelsohn search).

use grundy::graph::geography::Geography;
use grundy::graph::io::read_board;
use grundy::input::run_filter;
use std::fmt::Write;

fn main() {
    let jsoi = std::env::args().skip(1).any(|a| a == "--jsoi");
    if let Some(other) = std::env::args().skip(1).find(|a| a != "--jsoi") {
        eprintln!("board_game: unknown argument '{other}' (the only option is --jsoi)");
        std::process::exit(2);
    }
    run_filter("board_game", |input| {
        let board = read_board(input)?;
        let solved = Geography::solve(&board.graph);
        let placer_wins: Vec<usize> = (0..board.cells.len())
            .filter(|&v| !solved.mover_wins(v))
            .collect();
        let mut out = String::with_capacity(placer_wins.len() * 10 + 8);
        if jsoi {
            out.push_str(if placer_wins.is_empty() {
                "LOSE\n"
            } else {
                "WIN\n"
            });
        } else {
            let _ = writeln!(out, "{}", placer_wins.len());
        }
        for v in placer_wins {
            let (r, c) = board.cells[v];
            let _ = writeln!(out, "{} {}", r + 1, c + 1);
        }
        Ok(out)
    })
}
