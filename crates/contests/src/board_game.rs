//! LibreOJ 6033 (JSOI 2009 "游戏"): a board of `.` and `#`; the first player places a token, the
//! other moves first. The answer is the cells where the placer wins: their count, then
//! `row col` lines (row-major). In the JSOI format: `LOSE` if there are none, else `WIN` and
//! the cells.
//!
//! The placer wins from exactly the cells some maximum matching misses: the board reader of
//! [`grundy::graph::io`] and [`Geography`] (Hopcroft-Karp, then the Dulmage-Mendelsohn search).
//!
//! ```
//! use grundy_contests::board_game;
//! // a 1 x 3 strip: from the middle the mover (the placer's opponent) wins at once
//! let board = board_game::read(b"1 3\n...\n").unwrap();
//! assert_eq!(board_game::answer(&board, false), "2\n1 1\n1 3\n");
//! ```

use grundy::error::Result;
use grundy::graph::geography::Geography;
use grundy::graph::grid::Grid;
use grundy::graph::io::read_board;
use std::fmt::Write;

/// Reads `n m` and n rows of m characters, `.` free and `#` blocked.
pub fn read(input: &[u8]) -> Result<Grid> {
    read_board(input)
}

/// The cells where the placer wins, in the judge's format (`jsoi`: with the `WIN`/`LOSE`
/// line instead of the count). O(cells^1.5) for the matching.
pub fn answer(board: &Grid, jsoi: bool) -> String {
    let solved = Geography::solve(board);
    let placer_wins: Vec<usize> = board
        .free_vertices()
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
        let (r, c) = board.cell(v);
        let _ = writeln!(out, "{} {}", r + 1, c + 1);
    }
    out
}

/// [`read`] then [`answer`].
pub fn solve(input: &[u8], jsoi: bool) -> Result<String> {
    Ok(answer(&read(input)?, jsoi))
}
