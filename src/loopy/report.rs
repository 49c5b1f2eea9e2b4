//! From a game-graph file to the answer of `grundy graph`: counts, remoteness histogram,
//! generalized Grundy values, the table of every position and the moves from one.

use crate::error::{GrundyError, Result};
use crate::loopy::graph::{GameGraph, Names};
use crate::loopy::grundy::{LoopyGrundy, LoopyValue};
use crate::loopy::io::read_game_graph;
use crate::loopy::retrograde::{GraphOutcome, Retrograde};
use crate::solve::sum::Convention;
use serde::Serialize;
use std::io::Read;

/// What `grundy graph` computes besides outcomes and remoteness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphOptions {
    /// Normal play (who cannot move loses) or misère (who cannot move wins).
    pub convention: Convention,
    /// Compute generalized Grundy values (normal play only).
    pub grundy: bool,
    /// Include the table of every position.
    pub positions: bool,
    /// Also describe this position and every move from it.
    pub from: Option<String>,
}

impl Default for GraphOptions {
    fn default() -> Self {
        GraphOptions {
            convention: Convention::Normal,
            grundy: true,
            positions: false,
            from: None,
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

/// A graph with its outcomes, remoteness and (when asked) generalized Grundy values.
#[derive(Clone, Debug)]
pub struct SolvedGraph {
    /// The graph.
    pub graph: GameGraph,
    /// Outcome and remoteness of every position.
    pub retrograde: Retrograde,
    /// γ of every position (normal play, when computed).
    pub grundy: Option<LoopyGrundy>,
    /// True if some play can go on forever.
    pub cyclic: bool,
}

impl SolvedGraph {
    /// Solves `graph`: retrograde analysis under `convention`, then γ from it (when `grundy` is
    /// asked, normal play only) while another core checks for cycles.
    pub fn solve(graph: GameGraph, convention: Convention, grundy: bool) -> Result<SolvedGraph> {
        if grundy && convention == Convention::Misere {
            return Err(GrundyError::Unsupported(
                "generalized Grundy values are for normal play: add --no-grundy with --misere"
                    .into(),
            ));
        }
        // γ's stage 0 is the normal-play retrograde analysis: γ follows it, beside the check
        // for cycles
        let retrograde = graph.retrograde(convention);
        let (cyclic, grundy) = rayon::join(
            || graph.is_cyclic(),
            || grundy.then(|| graph.loopy_grundy_after(&retrograde)),
        );
        Ok(SolvedGraph {
            graph,
            retrograde,
            grundy,
            cyclic,
        })
    }

    /// γ of `u`, if computed.
    pub fn value(&self, u: u32) -> Option<LoopyValue> {
        self.grundy.as_ref().map(|g| g.value(&self.graph, u))
    }

    /// The row of position `u`.
    pub fn row(&self, u: u32) -> PositionRow {
        let (grundy, escapes) = split_value(self.value(u));
        PositionRow {
            position: self.graph.name(u),
            outcome: self.retrograde.outcome(u),
            remoteness: self.retrograde.remoteness(u),
            grundy,
            escapes,
        }
    }

    /// Every move from `u`, with the best ones marked: from a win, the winning moves of least
    /// remoteness; from a loss, the moves to the largest remoteness; from a draw, the moves
    /// that keep the draw.
    pub fn moves_from(&self, u: u32) -> Vec<MoveRow> {
        let r = &self.retrograde;
        let options = self.graph.options(u);
        let best_remoteness = match r.outcome(u) {
            GraphOutcome::Win => options
                .iter()
                .filter(|&&v| r.outcome(v) == GraphOutcome::Lose)
                .filter_map(|&v| r.remoteness(v))
                .min(),
            GraphOutcome::Lose => options.iter().filter_map(|&v| r.remoteness(v)).max(),
            GraphOutcome::Draw => None,
        };
        options
            .iter()
            .map(|&v| {
                let outcome = r.outcome(v);
                let best = match r.outcome(u) {
                    GraphOutcome::Win => {
                        outcome == GraphOutcome::Lose && r.remoteness(v) == best_remoteness
                    }
                    GraphOutcome::Lose => r.remoteness(v) == best_remoteness,
                    GraphOutcome::Draw => outcome == GraphOutcome::Draw,
                };
                let (grundy, escapes) = split_value(self.value(v));
                MoveRow {
                    to: self.graph.name(v),
                    result: outcome.for_mover(),
                    remoteness: r.remoteness(v),
                    grundy,
                    escapes,
                    best,
                }
            })
            .collect()
    }

    /// The report of `grundy graph` for this graph.
    pub fn report(&self, options: &GraphOptions) -> Result<GraphReport> {
        let from = match &options.from {
            None => None,
            Some(name) => {
                let u = position_named(&self.graph, name)?;
                Some(FromReport {
                    row: self.row(u),
                    moves: self.moves_from(u),
                })
            }
        };
        let [win, lose, draw] = self.retrograde.counts();
        let n = self.graph.position_count();
        Ok(GraphReport {
            vertices: n,
            edges: self.graph.move_count(),
            cyclic: self.cyclic,
            win,
            lose,
            draw,
            by_remoteness: self.retrograde.by_remoteness(),
            infinite: self.grundy.as_ref().map(LoopyGrundy::infinite_count),
            max_grundy: self.grundy.as_ref().and_then(LoopyGrundy::max_finite),
            table: options
                .positions
                .then(|| (0..n as u32).map(|u| self.row(u)).collect()),
            from,
            convention: options.convention,
        })
    }
}

/// The position called `name`, or an error listing what the positions are called.
pub fn position_named(graph: &GameGraph, name: &str) -> Result<u32> {
    graph.find(name).ok_or_else(|| {
        let n = graph.position_count();
        let known = match graph.names() {
            Names::Numbered if n > 0 => format!("1 to {n}"),
            Names::Numbered => "none".into(),
            Names::Named(list) => {
                let shown: Vec<&str> = list.iter().take(5).map(String::as_str).collect();
                let more = if list.len() > 5 { ", ..." } else { "" };
                format!("{}{more}", shown.join(", "))
            }
        };
        GrundyError::Unsupported(format!("no position '{name}' (positions are {known})"))
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
/// Grundy values as [`GameGraph::loopy_grundy`], concurrently with the retrograde pass.
///
/// ```
/// use grundy::loopy::report::{graph_report, GraphOptions};
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
    SolvedGraph::solve(graph, options.convention, options.grundy)?.report(options)
}
