//! `loopy FILE [V]`: a loopy partizan game given as a graph of Left's and Right's moves in a
//! file (a line `n mL mR`, then mL lines `u v` of Left's moves and mR lines of Right's,
//! positions 1..=n), from position V (1 by default).

use crate::budget::Budget;
use crate::error::{excerpt, Result};
use crate::games::loopy_game::{ExploredPart, LoopyGame, LoopyRules, LoopySyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::loopy::{LoopyGraph, Player};
use std::sync::Arc;

/// A graph of moves read from a file: its name as written and the graph. A position is its
/// index (0-based).
#[derive(Clone, Debug)]
pub struct LoopyFile {
    /// The file's name as written.
    pub name: String,
    /// The moves.
    pub graph: Arc<LoopyGraph>,
}

impl LoopyRules for LoopyFile {
    type Position = u32;

    fn moves(&self, &v: &u32, player: Player) -> Vec<u32> {
        match player {
            Player::Left => self.graph.left(v).to_vec(),
            Player::Right => self.graph.right(v).to_vec(),
        }
    }

    fn text(&self, &v: &u32) -> String {
        format!("loopy {} {}", self.name, v + 1)
    }
}

impl LoopyGame for LoopyFile {
    const SYNTAX: LoopySyntax = LoopySyntax {
        keyword: "loopy",
        usage: "loopy FILE [V]",
        summary: "a graph of Left's and Right's moves from a file ('n mL mR', then mL lines 'u v' of Left's moves and mR of Right's), from position V (1 by default)",
        board: false,
        examples: &["loopy g 1", "loopy g 2"],
    };

    /// `loopy FILE [V]`: the file is asked of the sum's graph source (the command line reads
    /// it; the server only has the graphs a request gives as text).
    fn read(name: Word, args: &[Word], context: &mut ParseContext) -> Result<(LoopyFile, u32)> {
        let (file, start) = match args {
            [file] => (file, None),
            [file, v] => (file, Some(v)),
            _ => {
                return Err(error(
                    args.get(2).map_or(name.column, |w| w.column),
                    "'loopy' takes a file and a position: loopy FILE [V]",
                ))
            }
        };
        let graphs = context.graphs;
        let graph = context.try_shared("loopy graph", file.text, || {
            let text = graphs
                .text(file.text)
                .map_err(|e| error(file.column, format!("loopy {}: {e}", excerpt(file.text))))?;
            read_loopy_graph(&text)
                .map(Arc::new)
                .map_err(|e| error(file.column, format!("loopy {}: {e}", excerpt(file.text))))
        })?;
        let start = match start {
            None => 0,
            Some(v) => v
                .text
                .parse::<u64>()
                .ok()
                .filter(|&k| k >= 1 && k <= graph.len() as u64)
                .map(|k| (k - 1) as u32)
                .ok_or_else(|| {
                    error(
                        v.column,
                        format!(
                            "'{}': expected a position in 1..={} of {}",
                            excerpt(v.text),
                            graph.len(),
                            excerpt(file.text)
                        ),
                    )
                })?,
        };
        Ok((
            LoopyFile {
                name: file.text.to_string(),
                graph,
            },
            start,
        ))
    }

    /// The file's graph is the part's graph: given as it is, not explored again.
    fn explore_from(&self, &start: &u32, _budget: &Budget) -> Result<ExploredPart> {
        let game = self.clone();
        Ok(ExploredPart {
            graph: (*self.graph).clone(),
            start,
            offside: None,
            texts: Some(Arc::new(move |v| game.text(&v))),
        })
    }
}

/// The largest loopy graph file read: positions and moves.
pub const MAX_LOOPY_GRAPH: u64 = 1 << 26;

/// Reads a loopy graph file: `n mL mR`, then mL lines `u v` (Left may move from u to v) and
/// mR lines `u v` (Right's), positions 1..=n; blank lines and `#` comments skipped. Errors
/// name the line and what was expected.
pub fn read_loopy_graph(text: &[u8]) -> std::result::Result<LoopyGraph, String> {
    let text = String::from_utf8_lossy(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty());
    let numbers =
        |line: usize, l: &str, count: usize, what: &str| -> std::result::Result<Vec<u64>, String> {
            let words: Vec<&str> = l.split_whitespace().collect();
            let parsed: Option<Vec<u64>> = words.iter().map(|w| w.parse::<u64>().ok()).collect();
            match parsed {
                Some(v) if v.len() == count => Ok(v),
                _ => Err(format!(
                    "line {line}: expected {what}, found '{}'",
                    excerpt(l)
                )),
            }
        };
    let (line, header) = lines.next().ok_or(
        "line 1: expected 'n mL mR' (positions, Left's moves, Right's moves), found nothing",
    )?;
    let h = numbers(
        line,
        header,
        3,
        "'n mL mR' (positions, Left's moves, Right's moves)",
    )?;
    let (n, ml, mr) = (h[0], h[1], h[2]);
    if n == 0 || n > MAX_LOOPY_GRAPH || ml + mr > MAX_LOOPY_GRAPH {
        return Err(format!(
            "line {line}: {n} positions and {} moves: 1 to {MAX_LOOPY_GRAPH} of each",
            ml + mr
        ));
    }
    let mut graph = LoopyGraph::new();
    for _ in 0..n {
        graph.add();
    }
    for (count, player) in [(ml, Player::Left), (mr, Player::Right)] {
        let who = if player == Player::Left {
            "Left's"
        } else {
            "Right's"
        };
        for k in 0..count {
            let (line, l) = lines.next().ok_or_else(|| {
                format!("the file ends after {k} of {count} lines of {who} moves 'u v'")
            })?;
            let e = numbers(
                line,
                l,
                2,
                &format!("one of {who} moves 'u v' (positions 1..={n})"),
            )?;
            for &x in &e {
                if x == 0 || x > n {
                    return Err(format!("line {line}: position {x} is not in 1..={n}"));
                }
            }
            graph.add_move(player, (e[0] - 1) as u32, (e[1] - 1) as u32);
        }
    }
    if let Some((line, l)) = lines.next() {
        return Err(format!(
            "line {line}: '{}' after the {} moves the header announced",
            excerpt(l),
            ml + mr
        ));
    }
    Ok(graph)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_files_are_read_and_their_errors_name_the_line() {
        let g = read_loopy_graph(b"2 1 1\n1 2\n2 1\n").unwrap();
        assert_eq!((g.left(0), g.right(1)), (&[1u32][..], &[0u32][..]));
        for (text, words) in [
            (&b""[..], "line 1"),
            (b"2 1\n", "line 1"),
            (b"2 1 0\n1 3\n", "line 2: position 3"),
            (b"2 1 1\n1 2\n", "ends after 0 of 1 lines of Right's"),
            (b"2 0 0\n1 2\n", "line 2"),
            (b"# c\n\n2 1 0\n1 x\n", "line 4"),
        ] {
            let e = read_loopy_graph(text).unwrap_err();
            assert!(e.contains(words), "{e}");
        }
    }
}
