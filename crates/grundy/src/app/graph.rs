//! From a game-graph file to the answer of `grundy graph`: counts, remoteness histogram,
//! generalized Grundy values, the table of every position and the moves from one.
//!
//! ```
//! use grundy::app::graph::{graph_report, GraphOptions};
//! let options = GraphOptions { from: Some("1".into()), ..GraphOptions::default() };
//! let report = graph_report(&b"3 2\n1 2\n2 3\n"[..], &options).unwrap();
//! assert_eq!((report.win, report.lose), (1, 2));
//! // from 1 the only move leaves the opponent at 2, who wins by moving to 3
//! assert_eq!(report.from.unwrap().moves[0].result, "lose");
//! ```

use crate::budget::Cancel;
use crate::error::Result;
use crate::game_graph::grundy::{LoopyGrundy, LoopyValue};
use crate::game_graph::io::read_game_graph;
use crate::game_graph::retrograde::GraphOutcome;
use crate::game_graph::solved::{position_named, SolvedGraph};
use crate::nimber::Convention;
use serde::Serialize;
use std::io::Read;

/// What `grundy graph` computes besides outcomes and remoteness.
#[derive(Clone, Debug)]
pub struct GraphOptions {
    /// Normal play (who cannot move loses) or misère (who cannot move wins).
    pub convention: Convention,
    /// Compute generalized Grundy values (normal play only).
    pub grundy: bool,
    /// Include the table of every position.
    pub positions: bool,
    /// Also describe this position and every move from it.
    pub from: Option<String>,
    /// Raised to stop the computation (a time limit, an interrupt): it then fails with
    /// [`crate::error::GrundyError::Cancelled`].
    pub cancel: Cancel,
}

impl Default for GraphOptions {
    fn default() -> Self {
        GraphOptions {
            convention: Convention::Normal,
            grundy: true,
            positions: false,
            from: None,
            cancel: Cancel::new(),
        }
    }
}

/// One position's outcome, remoteness and value, in the shape of the JSON output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionRow {
    /// The position's name.
    pub position: String,
    /// W, L or D for the player to move.
    pub outcome: GraphOutcome,
    /// Moves left under perfect play; `None` for a draw.
    pub remoteness: Option<u32>,
    /// γ when finite (and computed).
    pub grundy: Option<u64>,
    /// K when γ is ∞(K).
    pub escapes: Option<Vec<u64>>,
}

/// One move from the `--from` position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRow {
    /// The position the move leads to.
    pub to: String,
    /// What the move gives its maker: `win`, `lose` or `draw`.
    pub result: &'static str,
    /// The remoteness of the position reached.
    pub remoteness: Option<u32>,
    /// γ of the position reached, when finite (and computed).
    pub grundy: Option<u64>,
    /// K of the position reached, when its γ is ∞(K).
    pub escapes: Option<Vec<u64>>,
    /// True for the moves a perfect player picks.
    pub best: bool,
}

/// The `--from` position and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FromReport {
    /// The position, outcome, remoteness and value.
    #[serde(flatten)]
    pub row: PositionRow,
    /// Every move, in the order of the graph's options.
    pub moves: Vec<MoveRow>,
}

/// The answer of `grundy graph`, in the shape of its `--json` output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GraphReport {
    /// Positions.
    pub vertices: usize,
    /// Distinct moves.
    pub edges: usize,
    /// True if some play can go on forever.
    pub cyclic: bool,
    /// Positions won by the player to move.
    pub win: usize,
    /// Positions lost by the player to move.
    pub lose: usize,
    /// Drawn positions.
    pub draw: usize,
    /// `[r, wins at r, losses at r]`, ascending r, rows with a position only.
    pub by_remoteness: Vec<(u32, usize, usize)>,
    /// How many positions have γ = ∞ (`None` when values were not computed).
    pub infinite: Option<usize>,
    /// The largest finite γ (`None` when not computed or none is finite).
    pub max_grundy: Option<u64>,
    /// Every position, with `--positions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<PositionRow>>,
    /// The `--from` position and its moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<FromReport>,
    /// The convention (the text output names it; the JSON schema does not).
    #[serde(skip)]
    pub convention: Convention,
}

/// The row of position `u`.
fn row(solved: &SolvedGraph, u: u32) -> PositionRow {
    let (grundy, escapes) = split_value(solved.value(u));
    PositionRow {
        position: solved.graph.name(u),
        outcome: solved.retrograde.outcome(u),
        remoteness: solved.retrograde.remoteness(u),
        grundy,
        escapes,
    }
}

/// Every move from `u`, with the best ones marked ([`SolvedGraph::moves`]).
fn moves_from(solved: &SolvedGraph, u: u32) -> Vec<MoveRow> {
    let r = &solved.retrograde;
    solved
        .moves(u)
        .into_iter()
        .map(|(v, best)| {
            let (grundy, escapes) = split_value(solved.value(v));
            MoveRow {
                to: solved.graph.name(v),
                result: r.outcome(v).for_mover(),
                remoteness: r.remoteness(v),
                grundy,
                escapes,
                best,
            }
        })
        .collect()
}

/// The report of `grundy graph` for a solved graph.
pub fn solved_graph_report(solved: &SolvedGraph, options: &GraphOptions) -> Result<GraphReport> {
    let from = match &options.from {
        None => None,
        Some(name) => {
            let u = position_named(&solved.graph, name)?;
            Some(FromReport {
                row: row(solved, u),
                moves: moves_from(solved, u),
            })
        }
    };
    let [win, lose, draw] = solved.retrograde.counts();
    let n = solved.graph.position_count();
    Ok(GraphReport {
        vertices: n,
        edges: solved.graph.move_count(),
        cyclic: solved.cyclic,
        win,
        lose,
        draw,
        by_remoteness: solved.retrograde.by_remoteness(),
        infinite: solved.grundy.as_ref().map(LoopyGrundy::infinite_count),
        max_grundy: solved.grundy.as_ref().and_then(LoopyGrundy::max_finite),
        table: options
            .positions
            .then(|| (0..n as u32).map(|u| row(solved, u)).collect()),
        from,
        convention: options.convention,
    })
}

fn split_value(value: Option<LoopyValue>) -> (Option<u64>, Option<Vec<u64>>) {
    match value {
        None => (None, None),
        Some(LoopyValue::Finite(g)) => (Some(g.0), None),
        Some(LoopyValue::Infinite(k)) => (None, Some(k)),
    }
}

/// Reads a game graph (edge list or JSON) and computes the report of `grundy graph`.
///
/// **Complexity**: reading O(input) on every core, retrograde analysis O(n + m), generalized
/// Grundy values as [`GameGraph::loopy_grundy`](crate::game_graph::GameGraph::loopy_grundy), concurrently with the retrograde pass.
///
/// ```
/// use grundy::app::graph::{graph_report, GraphOptions};
/// let text = b"3 3\n1 2\n2 3\n3 2\n";
/// let report = graph_report(&text[..], &GraphOptions::default()).unwrap();
/// assert_eq!((report.win, report.lose, report.draw), (0, 0, 3));
/// assert!(report.cyclic);
/// ```
pub fn graph_report(input: impl Read, options: &GraphOptions) -> Result<GraphReport> {
    let graph = read_game_graph(input)?;
    if let Some(name) = &options.from {
        position_named(&graph, name)?; // fail before the work
    }
    let solved = SolvedGraph::solve(graph, options.convention, options.grundy, &options.cancel)?;
    solved_graph_report(&solved, options)
}

/// The report of `grundy graph --engine dataflow`: the same as [`graph_report`] (generalized
/// Grundy values aside: `options.grundy` is refused), computed by the workers of
/// [`crate::game_graph::dataflow`]. `None` in every process but process 0.
///
/// ```
/// use grundy::app::graph::{dataflow_graph_report, graph_report, GraphOptions};
/// use grundy::game_graph::dataflow::{DataflowConfig, Source};
/// let text = b"5 5\n1 2\n2 3\n4 5\n5 4\n4 2\n";
/// let options = GraphOptions { grundy: false, positions: true, from: Some("4".into()), ..GraphOptions::default() };
/// let config = DataflowConfig { workers: 3, cluster: None, connect_timeout: None };
/// let dataflow = dataflow_graph_report(Source::bytes(text.to_vec()), &options, &config).unwrap();
/// assert_eq!(dataflow, Some(graph_report(&text[..], &options).unwrap()));
/// ```
#[cfg(feature = "dataflow")]
pub fn dataflow_graph_report(
    source: crate::game_graph::dataflow::Source,
    options: &GraphOptions,
    config: &crate::game_graph::dataflow::DataflowConfig,
) -> Result<Option<GraphReport>> {
    use crate::game_graph::dataflow::dataflow_retrograde;
    if options.grundy {
        return Err(crate::error::GrundyError::Setting {
            setting: crate::error::Setting::Grundy,
            message: "the dataflow engine computes outcomes and remoteness, not generalized \
                      Grundy values: turn them off"
                .into(),
        });
    }
    let gather = options.positions || options.from.is_some();
    let Some(solved) = dataflow_retrograde(
        source,
        options.convention,
        config,
        gather,
        options.from.clone(),
    )?
    else {
        return Ok(None);
    };
    let name = |u: u32| solved.names.name(u);
    let row = |labels: &crate::game_graph::Retrograde, u: u32| PositionRow {
        position: name(u),
        outcome: labels.outcome(u),
        remoteness: labels.remoteness(u),
        grundy: None,
        escapes: None,
    };
    let (table, from) = match &solved.labels {
        None => (None, None),
        Some(labels) => {
            let table = options.positions.then(|| {
                (0..solved.positions as u32)
                    .map(|u| row(labels, u))
                    .collect()
            });
            let from = match (&options.from, &solved.options_of_from) {
                (Some(from), Some(opts)) => {
                    let u = solved
                        .names
                        .find(solved.positions, from)
                        .expect("the workers found the position");
                    let moves = labels
                        .best_moves(u, opts)
                        .into_iter()
                        .map(|(v, best)| MoveRow {
                            to: name(v),
                            result: labels.outcome(v).for_mover(),
                            remoteness: labels.remoteness(v),
                            grundy: None,
                            escapes: None,
                            best,
                        })
                        .collect();
                    Some(FromReport {
                        row: row(labels, u),
                        moves,
                    })
                }
                _ => None,
            };
            (table, from)
        }
    };
    let [win, lose, draw] = solved.counts;
    Ok(Some(GraphReport {
        vertices: solved.positions,
        edges: solved.moves,
        cyclic: solved.cyclic,
        win,
        lose,
        draw,
        by_remoteness: solved.by_remoteness,
        infinite: None,
        max_grundy: None,
        table,
        from,
        convention: options.convention,
    }))
}
