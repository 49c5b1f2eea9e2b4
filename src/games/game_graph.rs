//! `graph FILE V`: position V of a game given as a graph of positions (cycles allowed), as a
//! component of a sum.
//!
//! ```
//! use grundy::games::GraphRules;
//! use grundy::loopy::LoopyValue;
//! use grundy::Nimber;
//! let path = std::env::temp_dir().join(format!("grundy-graph-doc-{}", std::process::id()));
//! std::fs::write(&path, "3 2\n1 2\n2 3\n").unwrap(); // a chain 1 -> 2 -> 3
//! let rules = std::sync::Arc::new(GraphRules::load(path.to_str().unwrap()).unwrap());
//! assert_eq!(rules.position("2").unwrap().value(), LoopyValue::Finite(Nimber(1)));
//! std::fs::remove_file(&path).unwrap();
//! ```

use crate::error::{GrundyError, Result};
use crate::loopy::solved::{position_named, SolvedGraph};
use crate::loopy::{read_game_graph, LoopyValue};
use crate::nimber::Convention;
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::fmt;
use std::sync::Arc;

/// A game graph read from a file and solved (outcomes and generalized Grundy values), shared by
/// every component of a sum that names the file.
#[derive(Debug)]
pub struct GraphRules {
    /// The file as the expression names it.
    pub path: String,
    /// The graph with its outcomes and values.
    pub solved: SolvedGraph,
}

impl GraphRules {
    /// Reads and solves the game graph in `path` (either format of `grundy graph`).
    ///
    /// **Complexity**: that of [`SolvedGraph::solve`] with Grundy values.
    pub fn load(path: &str) -> Result<GraphRules> {
        let file = std::fs::File::open(path).map_err(|e| GrundyError::Input {
            line: 0,
            message: format!("cannot read {path}: {e}"),
        })?;
        let graph = read_game_graph(file)?;
        let solved = SolvedGraph::solve(graph, Convention::Normal, true)?;
        Ok(GraphRules {
            path: path.to_string(),
            solved,
        })
    }

    /// The position called `name`.
    pub fn position(self: &Arc<Self>, name: &str) -> Result<GraphPosition> {
        let vertex = position_named(&self.solved.graph, name)?;
        Ok(GraphPosition {
            rules: self.clone(),
            vertex,
        })
    }
}

/// One position of a game graph. Its generalized Grundy value γ is known for every position:
/// a finite γ makes it a Nim heap of that size in any sum (Smith); an ∞ value is handled by the
/// sum's analysis ([`crate::solve::loopy_sum`]), and [`ImpartialGame::grundy_formula`] reports
/// it as an error, since no nimber describes it.
#[derive(Clone)]
pub struct GraphPosition {
    /// The graph.
    pub rules: Arc<GraphRules>,
    /// The position's index in the graph.
    pub vertex: u32,
}

impl GraphPosition {
    fn key(&self) -> (&str, u32) {
        (&self.rules.path, self.vertex)
    }

    /// γ of this position.
    pub fn value(&self) -> LoopyValue {
        self.rules
            .solved
            .value(self.vertex)
            .expect("graph components are solved with their values")
    }

    /// The positions one move leads to.
    pub fn moves(&self) -> impl Iterator<Item = GraphPosition> + '_ {
        self.rules
            .solved
            .graph
            .options(self.vertex)
            .iter()
            .map(|&v| GraphPosition {
                rules: self.rules.clone(),
                vertex: v,
            })
    }
}

compare_by_key!(GraphPosition);

impl ImpartialGame for GraphPosition {
    fn options(&self) -> Vec<Vec<Self>> {
        self.moves().map(|p| vec![p]).collect()
    }

    fn loopy_value(&self) -> Option<LoopyValue> {
        Some(self.value())
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.rules.solved.graph.out_degree(self.vertex) as u128)
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(match self.value() {
            LoopyValue::Finite(g) => Ok(g),
            infinite => Err(GrundyError::Unsupported(format!(
                "'{self}' has the value {infinite}, which no nimber describes"
            ))),
        })
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let want = LoopyValue::Finite(target);
        Some(Ok(self
            .moves()
            .filter(|p| p.value() == want)
            .map(|p| vec![p])
            .collect()))
    }
}

impl fmt::Debug for GraphPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{self}'")
    }
}

impl fmt::Display for GraphPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "graph {} {}",
            self.rules.path,
            self.rules.solved.graph.name(self.vertex)
        )
    }
}
