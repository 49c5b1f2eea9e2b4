//! The loopy partizan catalog: games whose positions can repeat (play that never ends is a
//! draw), read from an expression and explored into a [`LoopyGraph`].
//!
//! - values in CGSuite's loopy notation (`on`, `over`, `{0|pass}`, `a{0|{1|a}}`, `1 & 0`);
//! - `backsliding ROW` ([`crate::games::backsliding`]);
//! - `foxgeese BOARD` ([`crate::games::foxgeese`]);
//! - `loopy FILE [V]`: a graph of Left's and Right's moves from a file (a line `n mL mR`,
//!   then mL lines `u v` of Left's moves and mR lines of Right's, positions 1..=n), from
//!   position V (1 by default).

use crate::budget::Budget;
use crate::error::{excerpt, Result};
use crate::games::backsliding::Backsliding;
use crate::games::foxgeese::FoxGeese;
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::loopy::{parse_loopy, LoopyGraph, Player};
use crate::partizan::Forms;
use rustc_hash::FxHashMap;
use std::fmt;
use std::hash::Hash;
use std::sync::Arc;

/// The rules of a loopy game: each player's moves from a position, and how a position is
/// written as a part of an expression.
pub trait LoopyRules {
    /// A position.
    type Position: Clone + Eq + Hash;
    /// The positions `player` can move to.
    fn moves(&self, position: &Self::Position, player: Player) -> Vec<Self::Position>;
    /// The position as a part of an expression (`backsliding T.F`).
    fn text(&self, position: &Self::Position) -> String;
}

/// Every position reachable from `start` and their moves: the graph (position 0 is `start`)
/// and the position each index stands for. Each position counts against the budget.
pub fn explore<R: LoopyRules>(
    rules: &R,
    start: R::Position,
    budget: &Budget,
) -> Result<(LoopyGraph, Vec<R::Position>)> {
    let mut index: FxHashMap<R::Position, u32> = FxHashMap::default();
    let mut positions = vec![start.clone()];
    index.insert(start, 0);
    let mut graph = LoopyGraph::new();
    graph.add();
    let mut i = 0;
    while i < positions.len() {
        budget.check()?;
        let p = positions[i].clone();
        for player in [Player::Left, Player::Right] {
            for q in rules.moves(&p, player) {
                let id = match index.get(&q) {
                    Some(&id) => id,
                    None => {
                        budget.admit(positions.len(), || {
                            format!("the positions reachable from {}", rules.text(&positions[0]))
                        })?;
                        let id = graph.add();
                        index.insert(q.clone(), id);
                        positions.push(q);
                        id
                    }
                };
                graph.add_move(player, i as u32, id);
            }
        }
        i += 1;
    }
    Ok((graph, positions))
}

/// A loopy part of a sum.
#[derive(Clone, Debug)]
pub enum LoopyPart {
    /// A value in CGSuite's loopy notation, as written.
    Value(String),
    /// Backsliding Toads and Frogs.
    Backsliding(Box<[u8]>),
    /// Fox and Geese.
    FoxGeese(FoxGeese),
    /// A graph of moves read from a file: its name, the graph, the position (0-based).
    Graph {
        /// The file's name as written.
        name: String,
        /// The moves.
        graph: Arc<LoopyGraph>,
        /// The position, 0-based.
        start: u32,
    },
}

impl fmt::Display for LoopyPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyPart::Value(text) => write!(f, "{text}"),
            LoopyPart::Backsliding(row) => write!(f, "{}", Backsliding.text(row)),
            LoopyPart::FoxGeese(game) => write!(f, "{}", game.text(&game.start)),
            LoopyPart::Graph { name, start, .. } => write!(f, "loopy {name} {}", start + 1),
        }
    }
}

/// How a game writes its position `v` (0-based) as a part of an expression.
pub type PositionTexts = Arc<dyn Fn(u32) -> String + Send + Sync>;

/// A loopy part explored: its graph, where it starts (and its offside for `S & T`), and how
/// each position is written.
pub struct ExploredPart {
    /// The positions.
    pub graph: LoopyGraph,
    /// The part itself (its onside for `S & T`).
    pub start: u32,
    /// The offside of `S & T`.
    pub offside: Option<u32>,
    /// How each position is written, where the game names its positions (`None` for values
    /// in notation, whose positions are written by their values). Written on demand: only
    /// the few positions a report shows are ever written.
    pub texts: Option<PositionTexts>,
}

impl LoopyPart {
    /// The keywords of the loopy games.
    pub const KEYWORDS: [&'static str; 3] = ["backsliding", "foxgeese", "loopy"];

    /// Reads a loopy game written with one of [`LoopyPart::KEYWORDS`]; `None` for other
    /// keywords.
    pub fn read(
        name: Word,
        args: &[Word],
        context: &mut ParseContext,
    ) -> Result<Option<LoopyPart>> {
        Ok(Some(match name.text {
            "backsliding" => LoopyPart::Backsliding(Backsliding::read(name, args)?),
            "foxgeese" => LoopyPart::FoxGeese(FoxGeese::read(name, args)?),
            "loopy" => read_graph_part(name, args, context)?,
            _ => return Ok(None),
        }))
    }

    /// Its positions and moves, within `budget`.
    pub fn explore(&self, forms: &mut Forms, budget: &Budget) -> Result<ExploredPart> {
        Ok(match self {
            LoopyPart::Value(text) => {
                let read = parse_loopy(forms, text)?;
                ExploredPart {
                    graph: read.graph,
                    start: read.start,
                    offside: read.offside,
                    texts: None,
                }
            }
            LoopyPart::Backsliding(row) => {
                let (graph, positions) = explore(&Backsliding, row.clone(), budget)?;
                ExploredPart {
                    graph,
                    start: 0,
                    offside: None,
                    texts: Some(Arc::new(move |v| Backsliding.text(&positions[v as usize]))),
                }
            }
            LoopyPart::FoxGeese(game) => {
                let (graph, positions) = explore(game, game.start, budget)?;
                let game = game.clone();
                ExploredPart {
                    graph,
                    start: 0,
                    offside: None,
                    texts: Some(Arc::new(move |v| game.text(&positions[v as usize]))),
                }
            }
            LoopyPart::Graph { name, graph, start } => ExploredPart {
                graph: (**graph).clone(),
                start: *start,
                offside: None,
                texts: Some({
                    let name = name.clone();
                    Arc::new(move |v| format!("loopy {name} {}", v + 1))
                }),
            },
        })
    }
}

/// `loopy FILE [V]`.
fn read_graph_part(name: Word, args: &[Word], context: &mut ParseContext) -> Result<LoopyPart> {
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
    Ok(LoopyPart::Graph {
        name: file.text.to_string(),
        graph,
        start,
    })
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
