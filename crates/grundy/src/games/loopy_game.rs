//! What a loopy partizan game of the catalog is: one [`LoopyGame`] in its own file (its rules,
//! [`LoopyRules`], and how it is written and read), and one line in the catalog of
//! [`crate::games::loopy`], which makes it a part of every sum and gives it to every front end
//! (`solve`, `value`, `play`, the page, Python). Positions may repeat: play that never ends is
//! a draw (Siegel, *Combinatorial Game Theory*, ch. VI). Not to be confused with impartial game
//! graphs (`graph NAME V`, [`crate::games::graph_game`]), whose cycles the retrograde engine of
//! [`crate::game_graph`] labels.
//!
//! This file sits below the catalog (the games import it, the catalog imports the games), so
//! adding a game makes no circle.

use crate::budget::Budget;
use crate::error::Result;
use crate::games::syntax::{ParseContext, Word};
use crate::partizan::loopy::{LoopyGraph, Player};
use rustc_hash::FxHashMap;
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;

/// The rules of a loopy game: each player's moves from a position, and how a position is
/// written as a part of an expression.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::games::loopy_game::{explore, LoopyRules};
/// use grundy::partizan::loopy::{value_of, Play, Player, SidedValue};
/// use grundy::partizan::Forms;
///
/// /// A token on a cycle of three cells: Left steps it round, Right never moves.
/// struct Steps;
///
/// impl LoopyRules for Steps {
///     type Position = u8;
///     fn moves(&self, p: &u8, player: Player) -> Vec<u8> {
///         match player {
///             Player::Left => vec![(p + 1) % 3],
///             Player::Right => vec![],
///         }
///     }
///     fn text(&self, p: &u8) -> String {
///         format!("steps {p}")
///     }
/// }
///
/// let budget = Budget::new(1_000);
/// let (graph, positions) = explore(&Steps, 0, &budget).unwrap();
/// assert_eq!(positions.len(), 3);
/// // Left always has a move and Right never: Left wins moving first, Right loses at once
/// let outcomes = graph.outcomes();
/// assert_eq!(outcomes[0][Player::Left.index()], Play::Win);
/// assert_eq!(outcomes[0][Player::Right.index()], Play::Loss);
/// let mut forms = Forms::new(10_000);
/// let value = value_of(&graph, 0, 64, &budget).unwrap();
/// let SidedValue::Stopper(s) = value else { panic!("a stopper") };
/// assert_eq!(s.to_text(&mut forms).unwrap(), "on");
/// ```
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

/// How a loopy game is written, for help texts and messages (and `GET /api/loopy/games`).
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct LoopySyntax {
    /// The keyword (`backsliding`).
    pub keyword: &'static str,
    /// How it is written (`backsliding ROW`).
    pub usage: &'static str,
    /// What it is, in a few words.
    pub summary: &'static str,
    /// Whether its positions are boards written as rows joined by `/` after the keyword (the
    /// page and `grundy play` draw them).
    pub board: bool,
    /// Parts as grundy writes them: each must parse and print back unchanged (the files they
    /// name, for a game read from a file, are given as texts in the tests).
    pub examples: &'static [&'static str],
}

/// A loopy game of the catalog: its rules (which may carry the board's shape or a file's
/// graph) and how a part of a sum is read and explored.
pub trait LoopyGame: LoopyRules + Clone + Debug + Send + Sync + 'static
where
    Self::Position: Debug + Send + Sync + 'static,
{
    /// The keyword and how it is written.
    const SYNTAX: LoopySyntax;

    /// Reads the words after the keyword (`name`): the rules and the position written.
    /// Errors name the column at fault.
    fn read(
        name: Word,
        args: &[Word],
        context: &mut ParseContext,
    ) -> Result<(Self, Self::Position)>;

    /// Every position reachable from `start` ([`explore`], within `budget`), and how each is
    /// written. A game whose positions already are a graph may give it directly.
    fn explore_from(&self, start: &Self::Position, budget: &Budget) -> Result<ExploredPart> {
        let (graph, positions) = explore(self, start.clone(), budget)?;
        let game = self.clone();
        Ok(ExploredPart {
            graph,
            start: 0,
            offside: None,
            texts: Some(Arc::new(move |v| game.text(&positions[v as usize]))),
        })
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
