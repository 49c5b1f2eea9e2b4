//! From a graph or board file to the answer `grundy geography` prints.
//!
//! ```
//! use grundy::app::geography::geography_report;
//! // a path of three vertices: the mover wins from the middle only
//! let report = geography_report(b"3 2\n1 2\n2 3\n", false, Some("2"), &grundy::Cancel::new()).unwrap();
//! assert_eq!(report.max_matching, 1);
//! assert_eq!(report.mover_wins_from, Some(true));
//! ```

use crate::budget::Cancel;
use crate::error::{GrundyError, Result};
use crate::graph::csr::Graph;
use crate::graph::geography::Geography;
use crate::graph::grid::Grid;
use crate::graph::io::{read_board, read_graph};
use crate::graph::Adjacency;
use serde::Serialize;

/// A start: a vertex id (1-based) of a graph, or a cell `[row, col]` (1-based) of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Start {
    /// A graph vertex.
    Vertex(usize),
    /// A board cell.
    Cell([usize; 2]),
}

impl std::fmt::Display for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Start::Vertex(v) => write!(f, "{v}"),
            Start::Cell([r, c]) => write!(f, "{r},{c}"),
        }
    }
}

/// The answer for one graph or board, in the shape of `grundy geography --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GeographyReport {
    /// Vertices (free cells of a board).
    pub vertices: usize,
    /// Distinct edges.
    pub edges: usize,
    /// Whether the graph is bipartite (a board always is).
    pub bipartite: bool,
    /// The size of a maximum matching.
    pub max_matching: usize,
    /// Every start from which the player to move wins, sorted.
    pub mover_wins: Vec<Start>,
    /// The start asked about with `--from`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Start>,
    /// Whether the mover wins from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mover_wins_from: Option<bool>,
    /// The winner's strategy from it: a maximum matching covering it (the mover wins) or
    /// avoiding it (the mover loses), as pairs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Vec<[Start; 2]>>,
}

/// Reads a graph (or, with `grid`, a board) and solves geography from every start; `from`
/// (a vertex id, or `r,c` for a board) adds the answer and the strategy for that start.
/// Stops with [`GrundyError::Cancelled`] once `cancel` is raised.
///
/// **Complexity**: that of [`Geography::solve`] plus reading, O(input size).
pub fn geography_report(
    input: &[u8],
    grid: bool,
    from: Option<&str>,
    cancel: &Cancel,
) -> Result<GeographyReport> {
    if grid {
        let board = read_board(input)?;
        let start = match from {
            Some(text) => Some(parse_cell_start(text, &board)?),
            None => None,
        };
        let name = |v: usize| {
            let (r, c) = board.cell(v);
            Start::Cell([r + 1, c + 1])
        };
        let counts = (board.free_count(), board.edge_count());
        report(&board, counts, start, name, cancel)
    } else {
        let graph = read_graph(input)?;
        let start = match from {
            Some(text) => Some(parse_vertex_start(text, &graph)?),
            None => None,
        };
        let counts = (graph.vertex_count(), graph.edge_count());
        report(&graph, counts, start, |v| Start::Vertex(v + 1), cancel)
    }
}

/// Solves `g` from every start (`counts`: its vertices and edges as the report states them;
/// `name`: a vertex as the user knows it) and adds `start`'s answer and strategy.
fn report<G: Adjacency>(
    g: &G,
    (vertices, edges): (usize, usize),
    start: Option<usize>,
    name: impl Fn(usize) -> Start,
    cancel: &Cancel,
) -> Result<GeographyReport> {
    let solved = Geography::solve_until(g, cancel)?;
    let mover_wins = solved.mover_wins_from().into_iter().map(&name).collect();
    let (from, mover_wins_from, strategy) = match start {
        Some(v) => {
            let m = solved.strategy(g, v);
            let pairs = m
                .pairs()
                .into_iter()
                .map(|(a, b)| [name(a), name(b)])
                .collect();
            (Some(name(v)), Some(solved.mover_wins(v)), Some(pairs))
        }
        None => (None, None, None),
    };
    Ok(GeographyReport {
        vertices,
        edges,
        bipartite: solved.sides.is_some(),
        max_matching: solved.matching.size(),
        mover_wins,
        from,
        mover_wins_from,
        strategy,
    })
}

/// The error for a `--from` that names no start.
fn bad_start(text: &str, why: String) -> GrundyError {
    GrundyError::Setting {
        setting: crate::error::Setting::From,
        message: format!("{}: {why}", crate::error::excerpt(text)),
    }
}

fn parse_vertex_start(text: &str, graph: &Graph) -> Result<usize> {
    let v: usize = text
        .trim()
        .parse()
        .map_err(|_| bad_start(text, "expected a vertex id".into()))?;
    if v == 0 || v > graph.vertex_count() {
        return Err(bad_start(
            text,
            format!("no such vertex (1..={})", graph.vertex_count()),
        ));
    }
    Ok(v - 1)
}

fn parse_cell_start(text: &str, board: &Grid) -> Result<usize> {
    let parsed = text.split_once(',').and_then(|(r, c)| {
        Some((
            r.trim().parse::<usize>().ok()?,
            c.trim().parse::<usize>().ok()?,
        ))
    });
    let (r, c) =
        parsed.ok_or_else(|| bad_start(text, "expected a cell as r,c (1-based)".into()))?;
    if r == 0 || c == 0 || r > board.rows() || c > board.cols() {
        return Err(bad_start(
            text,
            format!(
                "no such cell on a {} x {} board",
                board.rows(),
                board.cols()
            ),
        ));
    }
    board
        .vertex(r - 1, c - 1)
        .ok_or_else(|| bad_start(text, "that cell is blocked".into()))
}
