//! The contest problems of `shared/problems`, in their judges' formats: each module reads its
//! judge's input ([`Tokens`](grundy::input::Tokens), errors name the line), solves it with the
//! catalog and the engines, and writes the judge's output. `examples/NAME.rs` runs each one as
//! a filter on stdin; the fuzz targets `contest_NAME` feed its reader arbitrary bytes.
//!
//! Every module has `read` (bytes to the problem's input, checked against its limits),
//! `answer` (the input to the judge's output) and `solve` (both). Readers never reserve memory
//! for more items than the input has bytes to describe, so a short input announcing a huge
//! count fails at its end instead of allocating first.
//!
//! ```
//! let out = grundy_contests::cutting_game::solve(b"2 2\n3 2\n").unwrap();
//! assert_eq!(out, "LOSE\nLOSE\n");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board_game;
pub mod cards;
pub mod cutting_game;
pub mod game_on_sum;
pub mod hanafuda;
pub mod line_flip;
pub mod modular;
pub mod scoring;
pub mod split_game;
pub mod tavas;
pub mod weighted;

use grundy::error::Result;

/// One line per sheet `(shorter, longer)`: `words[0]` if the first player wins, else
/// `words[1]`; one table of `rule` for the largest sheet. O(rows * cols * (rows + cols)).
pub(crate) fn sheet_answers(
    rule: grundy::games::CutRule,
    sheets: &[(u64, u64)],
    smallest: u64,
    words: [&str; 2],
) -> Result<String> {
    let rows = sheets.iter().map(|s| s.0).max().unwrap_or(smallest) as usize;
    let cols = sheets.iter().map(|s| s.1).max().unwrap_or(smallest) as usize;
    let table = grundy::games::RectangleTable::compute(rule, rows, cols, usize::MAX)?;
    let mut out = String::with_capacity(sheets.len() * 6);
    for &(a, b) in sheets {
        let first_wins = table.get(a, b).expect("the table covers every sheet") != 0;
        out.push_str(words[usize::from(!first_wins)]);
        out.push('\n');
    }
    Ok(out)
}

/// The capacity to reserve for `count` items of an input of `len` bytes, each item taking at
/// least `bytes_each` bytes: never more than the input can describe.
pub(crate) fn capacity(count: usize, len: usize, bytes_each: usize) -> usize {
    count.min(len / bytes_each.max(1) + 1)
}

/// Runs a filter program: reads all of stdin, calls `solve`, writes its output to stdout in
/// one piece and exits 0; on an error (a failed write of the output included, but for a
/// closed pipe) prints `NAME: <one line>` on stderr and exits 2, with nothing on stdout. The
/// contest examples are written this way.
pub fn run_filter(name: &str, solve: impl FnOnce(&[u8]) -> Result<String>) -> ! {
    use std::io::{Read, Write};
    let fail = |message: String| -> ! {
        let _ = writeln!(std::io::stderr().lock(), "{name}: {message}");
        std::process::exit(2)
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        fail(format!("cannot read standard input: {e}"));
    }
    match solve(&input) {
        Ok(output) => {
            let mut out = std::io::stdout().lock();
            match out.write_all(output.as_bytes()).and_then(|_| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    fail(format!("cannot write standard output: {e}"))
                }
                _ => std::process::exit(0),
            }
        }
        Err(e) => fail(e.to_string()),
    }
}
