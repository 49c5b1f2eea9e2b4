//! A game graph solved: outcomes and remoteness of every position, generalized Grundy values
//! beside them, and the moves a perfect player picks.
//!
//! ```
//! use grundy::game_graph::SolvedGraph;
//! use grundy::game_graph::GameGraph;
//! use grundy::Convention;
//! // from 0: to 1 (a loss for the mover there, remoteness 1) or to 2 (no moves: remoteness 0);
//! // both win, and perfect play picks the faster one
//! let g = GameGraph::from_edges(4, &[(0, 1), (0, 2), (1, 3)]).unwrap();
//! let solved = SolvedGraph::solve(g, Convention::Normal, true, &grundy::Cancel::new()).unwrap();
//! assert_eq!(solved.moves(0), vec![(1, false), (2, true)]);
//! ```

use crate::budget::Cancel;
use crate::error::{GrundyError, Result};
use crate::game_graph::graph::GameGraph;
use crate::game_graph::grundy::{LoopyGrundy, LoopyValue};
use crate::game_graph::retrograde::Retrograde;
use crate::nimber::Convention;

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
    /// asked, normal play only) while another core checks for cycles. Stops with
    /// [`GrundyError::Cancelled`] once `cancel` is raised.
    pub fn solve(
        graph: GameGraph,
        convention: Convention,
        grundy: bool,
        cancel: &Cancel,
    ) -> Result<SolvedGraph> {
        if grundy && convention == Convention::Misere {
            return Err(GrundyError::Setting {
                setting: crate::error::Setting::Grundy,
                message: "generalized Grundy values are for normal play: turn them off for \
                          misère play"
                    .into(),
            });
        }
        // γ's stage 0 is the normal-play retrograde analysis: γ follows it, beside the check
        // for cycles
        let retrograde = graph.retrograde_until(convention, cancel)?;
        let (cyclic, grundy) = rayon::join(
            || graph.is_cyclic(),
            || {
                grundy
                    .then(|| graph.loopy_grundy_until(&retrograde, cancel))
                    .transpose()
            },
        );
        let grundy = grundy?;
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

    /// Every move from `u`, each with true when a perfect player picks it: from a win, the
    /// winning moves of least remoteness; from a loss, the moves to the largest remoteness;
    /// from a draw, the moves that keep the draw. O(options of u).
    pub fn moves(&self, u: u32) -> Vec<(u32, bool)> {
        self.retrograde.best_moves(u, self.graph.options(u))
    }
}

/// The position called `name`, or an error listing what the positions are called.
pub fn position_named(graph: &GameGraph, name: &str) -> Result<u32> {
    graph.names().position(graph.position_count(), name)
}
