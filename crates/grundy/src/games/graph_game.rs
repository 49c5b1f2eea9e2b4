//! `graph NAME V`: position V of a game given as a graph of positions (cycles allowed), as a
//! component of a sum.
//!
//! Parsing an expression never opens a file. The graph called NAME comes from a
//! [`GraphSource`] that the front end hands to the parser: the command line and Python read
//! files (`FileGraphs` of the application layer: their users own them), the server takes graphs only from
//! request bodies ([`GraphTexts`]) and refuses every other name ([`NoGraphs`]), and a library
//! user who names no source gets [`NoGraphs`].
//!
//! ```
//! use grundy::games::{GraphSource, GraphTexts, NoGraphs};
//! use grundy::game_graph::LoopyValue;
//! use grundy::{Budget, Nimber};
//! let texts = GraphTexts::new([("chain", "3 2\n1 2\n2 3\n")]); // 1 -> 2 -> 3
//! let rules = texts.graph("chain", &Budget::new(100)).unwrap();
//! assert_eq!(rules.position("2").unwrap().value(), LoopyValue::Finite(Nimber(1)));
//! assert!(texts.graph("/etc/passwd", &Budget::new(100)).is_err()); // only the graphs it was given
//! assert!(NoGraphs::default().graph("chain", &Budget::new(100)).is_err());
//! ```

use crate::budget::Budget;
use crate::error::{excerpt, GrundyError, Result};
use crate::game_graph::solved::{position_named, SolvedGraph};
use crate::game_graph::{read_game_graph, LoopyValue};
use crate::games::syntax::{error, GameSyntax, Misere};
use crate::nimber::Convention;
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// A game graph read and solved (outcomes and generalized Grundy values), shared by every
/// component of a sum that names it.
#[derive(Debug)]
pub struct GraphRules {
    /// The graph's name as the expression writes it (a file's path on the command line).
    pub name: String,
    /// The graph with its outcomes and values.
    pub solved: SolvedGraph,
}

impl GraphRules {
    /// Reads the game graph in `input` (either format of `grundy graph`) and solves it with
    /// Grundy values, under the name `name`, within `budget`: a graph of more positions than
    /// its state limit is refused, and its flag stops the solving.
    ///
    /// **Complexity**: that of [`SolvedGraph::solve`] with Grundy values.
    pub fn read(name: &str, input: impl std::io::Read, budget: &Budget) -> Result<GraphRules> {
        let graph = read_game_graph(input)?;
        budget.admit(graph.position_count().saturating_sub(1), || {
            format!("the game graph has {} positions", graph.position_count())
        })?;
        let solved = SolvedGraph::solve(graph, Convention::Normal, true, budget.cancel())?;
        Ok(GraphRules {
            name: name.to_string(),
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

/// Where the `graph NAME V` components of an expression find their game graphs. Each front
/// end supplies one; the parser asks it for every name it meets and touches nothing else, so
/// what a source can reach is all that an expression can reach.
///
/// Errors are the source's own (a file that cannot be read, a graph with a bad line, a name
/// that is refused); the parser adds the column and the name.
pub trait GraphSource: fmt::Debug + Send + Sync {
    /// The solved game graph called `name`, read and solved within `budget`
    /// ([`GraphRules::read`]). A source should hand out one `Arc` per name, so that the parts
    /// of a sum, and the positions of a game in play, share it.
    fn graph(&self, name: &str, budget: &Budget) -> Result<Arc<GraphRules>>;

    /// The raw text of the input called `name` when it is read as something other than a game
    /// graph (a Hackenbush picture, `hackenbush FILE`): from the same place as
    /// [`GraphSource::graph`], with the same refusals.
    fn text(&self, name: &str) -> Result<Arc<[u8]>>;
}

/// The graphs a source has read and solved, by name: each is read once, and every sum (and
/// every position of a game in play) that names it shares one `Arc`.
#[derive(Debug, Default)]
pub struct SolvedGraphs {
    solved: Mutex<HashMap<String, Arc<GraphRules>>>,
}

impl SolvedGraphs {
    /// The graph called `name`, from the cache or else from `read` (called without the lock
    /// held; when two threads read the same graph at once, both hand out the one stored first).
    pub fn get_or_read(
        &self,
        name: &str,
        read: impl FnOnce() -> Result<GraphRules>,
    ) -> Result<Arc<GraphRules>> {
        if let Some(rules) = self.solved.lock().expect("not poisoned").get(name) {
            return Ok(rules.clone());
        }
        let rules = Arc::new(read()?);
        Ok(self
            .solved
            .lock()
            .expect("not poisoned")
            .entry(name.to_string())
            .or_insert(rules)
            .clone())
    }
}

/// No game graphs at all: every `graph` component is refused with the source's reason. The
/// default source of the library, and the one the server uses for expressions in a URL.
#[derive(Clone, Debug)]
pub struct NoGraphs {
    reason: String,
}

impl NoGraphs {
    /// Refuses every graph, saying `reason` (why, and what to do instead).
    pub fn new(reason: impl Into<String>) -> NoGraphs {
        NoGraphs {
            reason: reason.into(),
        }
    }
}

impl Default for NoGraphs {
    fn default() -> Self {
        NoGraphs::new(
            "no source of game graphs was given (the library opens no file unless its caller \
             hands the parser one, such as grundy::app::FileGraphs)",
        )
    }
}

impl GraphSource for NoGraphs {
    fn graph(&self, _name: &str, _budget: &Budget) -> Result<Arc<GraphRules>> {
        Err(GrundyError::Unsupported(self.reason.clone()))
    }

    fn text(&self, _name: &str) -> Result<Arc<[u8]>> {
        Err(GrundyError::Unsupported(self.reason.clone()))
    }
}

/// Game graphs given as text under names (the bodies of a request): each is read and solved
/// the first time a sum names it; any other name is refused, and nothing is ever read from
/// anywhere else.
#[derive(Debug, Default)]
pub struct GraphTexts {
    texts: HashMap<String, Vec<u8>>,
    solved: SolvedGraphs,
}

impl GraphTexts {
    /// The graphs `(name, text)`; a later text under the same name replaces an earlier one.
    pub fn new<N: Into<String>, T: Into<Vec<u8>>>(
        graphs: impl IntoIterator<Item = (N, T)>,
    ) -> GraphTexts {
        GraphTexts {
            texts: graphs
                .into_iter()
                .map(|(n, t)| (n.into(), t.into()))
                .collect(),
            solved: SolvedGraphs::default(),
        }
    }

    /// The names given, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.texts.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The texts, by name.
    pub fn texts(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.texts.iter().map(|(n, t)| (n.as_str(), t.as_slice()))
    }
}

impl GraphTexts {
    /// The text called `name`, or the error that says which names were given.
    fn named(&self, name: &str) -> Result<&[u8]> {
        let Some(text) = self.texts.get(name) else {
            let names = self.names();
            return Err(GrundyError::Unsupported(if names.is_empty() {
                "no game graph was given with the expression (graphs come only with the \
                 request, as {\"graphs\": {\"NAME\": \"n m ...\"}})"
                    .to_string()
            } else {
                let shown: Vec<String> = names.iter().take(5).map(|n| excerpt(n)).collect();
                format!(
                    "no game graph of that name was given (the names given are {}{})",
                    shown.join(", "),
                    if names.len() > 5 { ", ..." } else { "" }
                )
            }));
        };
        Ok(text)
    }
}

impl GraphSource for GraphTexts {
    fn graph(&self, name: &str, budget: &Budget) -> Result<Arc<GraphRules>> {
        let text = self.named(name)?;
        self.solved
            .get_or_read(name, || GraphRules::read(name, text, budget))
    }

    fn text(&self, name: &str) -> Result<Arc<[u8]>> {
        Ok(self.named(name)?.into())
    }
}

/// One position of a game graph. Its generalized Grundy value γ is known for every position:
/// a finite γ makes it a Nim heap of that size in any sum (Smith); an ∞ value is handled by the
/// sum's analysis ([`crate::solve::smith`]), and [`ImpartialGame::grundy_formula`] reports
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
        (&self.rules.name, self.vertex)
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
            self.rules.name,
            self.rules.solved.graph.name(self.vertex)
        )
    }
}

/// `graph NAME V`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "graph",
    usage: "graph FILE V",
    summary: "position V of the game graph in FILE (see 'grundy graph'; cycles allowed)",
    misere: Misere::Refused(
        "misère sums with a game-graph part are not supported; analyse the graph alone under \
         misère play",
    ),
    examples: &[],
    read: |name, args, context| {
        if args.len() != 2 {
            return Err(error(
                args.get(2).map_or(name.column, |w| w.column),
                format!(
                    "'graph' takes NAME V (a game graph, then a position), found {} word{}",
                    args.len(),
                    if args.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        let (graph, position) = (args[0], args[1]);
        let in_graph = |column, e| error(column, format!("graph {}: {e}", excerpt(graph.text)));
        let rules = context
            .graphs
            .graph(graph.text, &context.budget)
            .map_err(|e| match e {
                // the budget's refusals are the computation's, not the text's
                GrundyError::Cancelled | GrundyError::StateLimit { .. } => e,
                e => in_graph(graph.column, e),
            })?;
        Ok(rules
            .position(position.text)
            .map_err(|e| in_graph(position.column, e))?
            .into())
    },
};
