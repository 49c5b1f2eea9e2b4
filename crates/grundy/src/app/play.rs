//! Playing against the perfect opponent: every move from a position with what it gives its
//! maker, and the move perfect play picks. `grundy play` (the terminal) and `grundy serve`
//! (the web page) are front ends of this module.
//!
//! Three kinds of game are played: a sum written in the expression language, a position of a
//! game graph (cycles allowed), and the token game on a geography board. The computer wins
//! from a winning position (the fastest win where remoteness is known), keeps a draw from a
//! drawn one, and from a losing one resists: the longest loss where remoteness is known, else
//! the move that leaves the opponent the most moves.
//!
//! ```
//! use grundy::app::play::{MoveResult, Session};
//! use grundy::{Outcome, SolveOptions};
//!
//! let mut game = Session::from_sum("nim 1 2", &SolveOptions::default()).unwrap();
//! let state = game.state(100).unwrap();
//! assert_eq!(state.outcome, Outcome::N);
//! // the one winning move: take 1 from the heap of 2
//! let pick = state.computer.unwrap();
//! assert_eq!(state.moves[pick].to, "nim 1 1");
//! assert_eq!(state.moves[pick].result, MoveResult::Win);
//! game.play(&state.moves[pick].to).unwrap();
//! game.undo();
//! assert_eq!(game.state(100).unwrap().position, "nim 1 2");
//! ```

use crate::app::parse::parse_sum_with;
use crate::app::solve::SolveOptions;
use crate::budget::Cancel;
use crate::error::{excerpt, GrundyError, Result};
use crate::game_graph::{position_named, GameGraph, SolvedGraph};
use crate::games::{check_convention, Component, GraphSource};
use crate::graph::geography::Geography;
use crate::graph::grid::Grid;
use crate::graph::Adjacency;
use crate::nimber::{Convention, Outcome};
use crate::solve::analyse::SumAnalyser;
use crate::solve::game::ImpartialGame;
use crate::solve::sum::position_key;
use serde::Serialize;
use std::collections::HashSet;
use std::sync::Arc;

/// What a move gives the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveResult {
    /// The position reached is lost for the opponent.
    Win,
    /// The position reached is won by the opponent.
    Lose,
    /// The position reached is a draw.
    Draw,
    /// Out of reach within the state limit.
    Unknown,
}

impl MoveResult {
    /// What moving to a position of `outcome` (for the player then to move) gives the mover.
    pub fn of_reaching(outcome: Outcome) -> MoveResult {
        match outcome {
            Outcome::P => MoveResult::Win,
            Outcome::N => MoveResult::Lose,
            Outcome::D => MoveResult::Draw,
        }
    }
}

/// One move, as the JSON of the play API shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayMove {
    /// The position after the move: an expression, a game-graph position's name, or the
    /// token's cell `row,col` (1-based) on a board.
    pub to: String,
    /// What the move gives its maker.
    pub result: MoveResult,
    /// The remoteness of the position reached, where known (game graphs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// How many moves the opponent has after it (the computer's measure of play left).
    #[serde(skip)]
    pub replies: u128,
    /// The position it leaves as rows of cells, when the position is one board its game
    /// draws (the page finds a clicked move by the cells it changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

/// A position in play: its outcome, every move (or the first of very many) and the computer's
/// pick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayState {
    /// The position, written as the move lists write it.
    pub position: String,
    /// For the player to move: N (wins), P (loses) or D (a draw).
    pub outcome: Outcome,
    /// Moves left under perfect play, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// True when the player to move has no move: the game is over.
    pub over: bool,
    /// The moves, in the game's order (winning moves always among them).
    pub moves: Vec<PlayMove>,
    /// How many moves there are in all (more than listed when `truncated`).
    pub total_moves: u128,
    /// True when not every move is listed.
    pub truncated: bool,
    /// The index in `moves` of the move the computer plays.
    pub computer: Option<usize>,
    /// The position as rows of cells, when it is one board its game draws (Cram, Chomp).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

impl PlayState {
    /// Picks the computer's move: a win (the fastest where remoteness is known), else a draw,
    /// else the loss that lasts longest (by remoteness, else by the opponent's replies).
    fn with_pick(mut self) -> PlayState {
        let moves = &self.moves;
        let pick = |result: MoveResult| moves.iter().position(|m| m.result == result);
        let fastest_win = moves
            .iter()
            .enumerate()
            .filter(|(_, m)| m.result == MoveResult::Win)
            .min_by_key(|(i, m)| (m.remoteness.unwrap_or(0), *i))
            .map(|(i, _)| i);
        let longest_loss = moves
            .iter()
            .enumerate()
            .max_by_key(|(i, m)| (m.remoteness.unwrap_or(0), m.replies, std::cmp::Reverse(*i)))
            .map(|(i, _)| i);
        self.computer = fastest_win
            .or_else(|| pick(MoveResult::Draw))
            .or_else(|| pick(MoveResult::Unknown))
            .or(longest_loss);
        self
    }

    /// The index of the move to `to`, if listed.
    pub fn find(&self, to: &str) -> Option<usize> {
        self.moves.iter().position(|m| m.to == to)
    }
}

/// A game being played: the current position and the positions before it (for undo).
#[derive(Debug)]
pub struct Session {
    game: Game,
    history: Vec<Position>,
    convention: Convention,
}

#[derive(Debug)]
enum Game {
    Sum {
        convention: Convention,
        analyser: Box<SumAnalyser<Component>>,
        budget: crate::budget::Budget,
        graphs: Arc<dyn GraphSource>,
    },
    Graph(Box<SolvedGraph>),
    Board(Box<Grid>),
}

#[derive(Clone, Debug)]
enum Position {
    Sum(Vec<Component>),
    Vertex(u32),
    Path(Vec<usize>),
}

impl Session {
    /// A sum written in the expression language, played under `options.convention` and
    /// searched within `options.max_states`; its `graph` parts come from `options.graphs`.
    pub fn from_sum(text: &str, options: &SolveOptions) -> Result<Session> {
        let parts = parse_sum_with(text, options.budget(), &*options.graphs)?;
        Session::from_parts(parts, options)
    }

    /// [`Session::from_sum`] of a sum already read.
    pub fn from_parts(parts: Vec<Component>, options: &SolveOptions) -> Result<Session> {
        let (convention, budget) = (options.convention, options.budget());
        check_convention(&parts, convention)?;
        Ok(Session {
            game: Game::Sum {
                convention,
                analyser: Box::new(SumAnalyser::new(budget.clone(), 64)),
                budget,
                graphs: options.graphs.clone(),
            },
            history: vec![Position::Sum(parts)],
            convention,
        })
    }

    /// A game graph played under `convention` from the position called `from` (default: the
    /// first position), solved here (retrograde labels and remoteness) until `cancel` is
    /// raised.
    pub fn from_graph(
        graph: GameGraph,
        from: Option<&str>,
        convention: Convention,
        cancel: &Cancel,
    ) -> Result<Session> {
        let from = match from {
            Some(from) => from.to_string(),
            None if graph.position_count() > 0 => graph.name(0),
            None => {
                return Err(GrundyError::Unsupported(
                    "the graph has no positions".into(),
                ))
            }
        };
        let solved = SolvedGraph::solve(graph, convention, false, cancel)?;
        let at = position_named(&solved.graph, &from)?;
        Ok(Session {
            game: Game::Graph(Box::new(solved)),
            history: vec![Position::Vertex(at)],
            convention,
        })
    }

    /// The token game on `board` from the free cell `(row, col)` (1-based).
    pub fn from_board(board: Grid, row: usize, col: usize) -> Result<Session> {
        let start = cell_vertex(&board, row, col)?;
        Ok(Session {
            game: Game::Board(Box::new(board)),
            history: vec![Position::Path(vec![start])],
            convention: Convention::Normal,
        })
    }

    /// The current position with every move (at most `max_listed`, winning moves always in).
    pub fn state(&mut self, max_listed: usize) -> Result<PlayState> {
        let now = self
            .history
            .last()
            .expect("a session always has a position");
        match (&mut self.game, now) {
            (
                Game::Sum {
                    convention,
                    analyser,
                    ..
                },
                Position::Sum(parts),
            ) => sum_state(parts, *convention, analyser, max_listed),
            (Game::Graph(solved), Position::Vertex(at)) => Ok(graph_state(solved, *at)),
            (Game::Board(board), Position::Path(path)) => board_state(board, path),
            _ => unreachable!("positions match their game"),
        }
    }

    /// Plays the move to `to`: a position as the move list writes it, or (for sums) any
    /// expression equal to an option, or (for graphs) a position's name. Fails with a message
    /// naming the position when no move leads there.
    pub fn play(&mut self, to: &str) -> Result<()> {
        let now = self
            .history
            .last()
            .expect("a session always has a position");
        let next = match (&mut self.game, now) {
            (Game::Sum { budget, graphs, .. }, Position::Sum(parts)) => {
                let target = parse_sum_with(to, budget.clone(), &**graphs)?;
                if !is_option(parts, &target)? {
                    return Err(GrundyError::Unsupported(format!(
                        "no move leads from {} to {}",
                        Component::sum_to_string(parts),
                        Component::sum_to_string(&target)
                    )));
                }
                Position::Sum(target)
            }
            (Game::Graph(solved), Position::Vertex(at)) => {
                let to_vertex = position_named(&solved.graph, to)?;
                if !solved.graph.options(*at).contains(&to_vertex) {
                    return Err(GrundyError::Unsupported(format!(
                        "no move leads from {} to {to}",
                        solved.graph.name(*at)
                    )));
                }
                Position::Vertex(to_vertex)
            }
            (Game::Board(board), Position::Path(path)) => {
                let (row, col) = parse_cell(to)?;
                let v = cell_vertex(board, row, col)?;
                check_step(board, path, v)?;
                let mut longer = path.clone();
                longer.push(v);
                Position::Path(longer)
            }
            _ => unreachable!("positions match their game"),
        };
        self.history.push(next);
        Ok(())
    }

    /// Takes back the last move; false at the start.
    pub fn undo(&mut self) -> bool {
        if self.history.len() > 1 {
            self.history.pop();
            true
        } else {
            false
        }
    }

    /// Moves played so far.
    pub fn moves_played(&self) -> usize {
        self.history.len() - 1
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        self.convention
    }
}

/// Options of one atom listed at most when checking a move typed by hand.
const MAX_CHECKED: u128 = 1_000_000;

/// True if one move leads from `parts` to `target`: some atom `a` of `parts` has an option
/// whose atoms, with the other atoms, make up `target` (compared as canonical multisets).
/// A Nim heap is checked directly, so a move in a heap of 10^18 is checked in O(atoms).
fn is_option(parts: &[Component], target: &[Component]) -> Result<bool> {
    let here = position_key(parts);
    let there = position_key(target);
    for (i, atom) in here.iter().enumerate() {
        if i > 0 && here[i - 1] == *atom {
            continue;
        }
        // what the move must leave in place of `atom`: `there` minus the other atoms
        let mut rest: Vec<Component> = here.clone();
        rest.remove(i);
        let Some(needed) = multiset_minus(&there, &rest) else {
            continue;
        };
        if let Some(h) = atom.as_nim_heap() {
            let left: Option<Vec<u64>> = needed.iter().map(|a| a.as_nim_heap()).collect();
            match left.as_deref() {
                Some([]) => return Ok(true),
                Some([k]) if *k < h => return Ok(true),
                _ => continue,
            }
        }
        if atom.option_count().is_some_and(|c| c > MAX_CHECKED) {
            return Err(GrundyError::Unsupported(format!(
                "'{atom}' has too many moves to check one typed by hand; pick one from the list"
            )));
        }
        if atom
            .options()
            .into_iter()
            .any(|option| position_key(&option) == needed)
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `a - b` for sorted multisets, or `None` if `b` is not contained in `a`.
fn multiset_minus(a: &[Component], b: &[Component]) -> Option<Vec<Component>> {
    let mut out = Vec::with_capacity(a.len());
    let mut j = 0;
    for x in a {
        if j < b.len() && b[j] == *x {
            j += 1;
        } else {
            out.push(x.clone());
        }
    }
    (j == b.len()).then_some(out)
}

/// The moves a sum has in all (saturating), from its parts' option counts.
fn replies(parts: &[Component]) -> u128 {
    parts
        .iter()
        .map(|p| p.option_count().unwrap_or(0))
        .fold(0u128, u128::saturating_add)
}

/// The state of a sum: its outcome and winning moves from [`SumAnalyser`] (the same methods as
/// `grundy solve`: Smith's rules, Grundy values, misère quotients, searches), then every option
/// with the outcome of what it leaves.
///
/// **Complexity**: one outcome per option listed, each as cheap as the parts' closed forms, or
/// a search within the solver's state limit.
// the value tables behind a Component (OnceLock) are not part of its hash or equality
#[allow(clippy::mutable_key_type)]
pub fn sum_state(
    parts: &[Component],
    convention: Convention,
    analyser: &mut SumAnalyser<Component>,
    max_listed: usize,
) -> Result<PlayState> {
    let analysis = analyser.analyse(parts, convention)?;
    let (outcome, winning) = (analysis.outcome, analysis.winning_moves);
    let mut outcome_after = |after: &[Component]| -> Result<MoveResult> {
        match analyser.outcome(after, convention) {
            Ok(o) => Ok(MoveResult::of_reaching(o)),
            Err(GrundyError::StateLimit { .. }) => Ok(MoveResult::Unknown),
            Err(e) => Err(e),
        }
    };
    let mut moves = Vec::new();
    let mut seen = HashSet::new();
    let mut truncated = false;
    for (i, part) in parts.iter().enumerate() {
        if (0..i).any(|j| parts[j].canonical() == part.canonical()) {
            continue; // the same moves from an equal part give the same positions
        }
        let room = max_listed.saturating_sub(moves.len());
        if part.option_count().is_some_and(|c| c > room as u128) {
            truncated = true;
            continue;
        }
        for option in part.options() {
            // one board, drawn as the move leaves it (before a board with no move left is
            // dropped from the sum)
            let board = match option.as_slice() {
                [one] if parts.len() == 1 => one.cells(),
                _ => None,
            };
            let left: Vec<Component> = option.into_iter().filter(|p| !p.is_terminal()).collect();
            let after = crate::solve::sum::replace(parts, i, left);
            if !seen.insert(position_key(&after)) {
                continue;
            }
            if moves.len() == max_listed {
                truncated = true;
                break;
            }
            moves.push(PlayMove {
                to: Component::sum_to_string(&after),
                result: outcome_after(&after)?,
                remoteness: None,
                replies: replies(&after),
                board,
            });
        }
    }
    // a winning move is always listed, even when the list is cut
    for after in winning {
        if seen.insert(position_key(&after)) {
            moves.push(PlayMove {
                to: Component::sum_to_string(&after),
                result: if outcome == Outcome::N {
                    MoveResult::Win
                } else {
                    outcome_after(&after)?
                },
                remoteness: None,
                replies: replies(&after),
                board: match after.as_slice() {
                    [one] if parts.len() == 1 => one.cells(),
                    _ => None,
                },
            });
        }
    }
    let total = replies(parts);
    Ok(PlayState {
        position: Component::sum_to_string(parts),
        outcome,
        remoteness: None,
        over: total == 0 && moves.is_empty(),
        total_moves: total.max(moves.len() as u128),
        truncated,
        moves,
        computer: None,
        board: match parts {
            [one] => one.cells(),
            _ => None,
        },
    }
    .with_pick())
}

/// The state of position `at` of a solved game graph: outcome, remoteness, and every move with
/// its remoteness. O(options of at).
pub fn graph_state(solved: &SolvedGraph, at: u32) -> PlayState {
    let r = &solved.retrograde;
    let outcome = |u: u32| Outcome::from(r.outcome(u));
    let moves: Vec<PlayMove> = solved
        .moves(at)
        .into_iter()
        .map(|(v, _)| PlayMove {
            to: solved.graph.name(v),
            result: MoveResult::of_reaching(outcome(v)),
            remoteness: r.remoteness(v),
            replies: solved.graph.out_degree(v) as u128,
            board: None,
        })
        .collect();
    let mut state = PlayState {
        position: solved.graph.name(at),
        outcome: outcome(at),
        remoteness: r.remoteness(at),
        over: moves.is_empty(),
        total_moves: moves.len() as u128,
        truncated: false,
        moves,
        computer: None,
        board: None,
    };
    // the engine's own pick: fastest win, longest loss, a move that keeps the draw
    state.computer = solved.moves(at).iter().position(|&(_, best)| best);
    if state.computer.is_none() {
        state = state.with_pick();
    }
    state
}

/// The free cell `(row, col)` (1-based) as a vertex of `board`.
fn cell_vertex(board: &Grid, row: usize, col: usize) -> Result<usize> {
    (row >= 1 && col >= 1)
        .then(|| board.vertex(row - 1, col - 1))
        .flatten()
        .ok_or_else(|| {
            GrundyError::Unsupported(format!(
                "{row},{col} is not a free cell of the {} x {} board",
                board.rows(),
                board.cols()
            ))
        })
}

/// `row,col`, 1-based.
fn cell_name(board: &Grid, v: usize) -> String {
    let (r, c) = board.cell(v);
    format!("{},{}", r + 1, c + 1)
}

/// Reads `row,col` (1-based).
pub fn parse_cell(text: &str) -> Result<(usize, usize)> {
    let bad = || {
        GrundyError::Unsupported(format!(
            "expected a cell 'row,col', found '{}'",
            excerpt(text)
        ))
    };
    let (r, c) = text.trim().split_once(',').ok_or_else(bad)?;
    Ok((
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

/// Checks a walk of the token given as cells `(row, col)` (1-based): free cells, each next to
/// the one before, none twice. Returns it as vertices of `board`.
pub fn board_path(board: &Grid, cells: &[(usize, usize)]) -> Result<Vec<usize>> {
    let mut path: Vec<usize> = Vec::with_capacity(cells.len());
    for &(row, col) in cells {
        let v = cell_vertex(board, row, col)?;
        if !path.is_empty() {
            check_step(board, &path, v)?;
        }
        path.push(v);
    }
    if path.is_empty() {
        return Err(GrundyError::Unsupported("the token has no cell".into()));
    }
    Ok(path)
}

/// Refuses a step of the token from the end of `path` to `v` unless `v` is a free, unvisited
/// neighbour.
fn check_step(board: &Grid, path: &[usize], v: usize) -> Result<()> {
    let at = *path.last().expect("a path has a token");
    if !board.has_edge(at, v) || path.contains(&v) {
        return Err(GrundyError::Unsupported(format!(
            "the token cannot move from {} to {}: it moves to a free, unvisited neighbouring \
             cell",
            cell_name(board, at),
            cell_name(board, v)
        )));
    }
    Ok(())
}

/// The board without the cells in `gone` (vertices of `board`, which keep their numbers).
fn board_without(board: &Grid, gone: &[usize]) -> Grid {
    let mut left = board.clone();
    for &v in gone {
        left.set(v, false);
    }
    left
}

/// The state of the token game on `board` after the walk `path` (vertices; the last holds the
/// token): undirected vertex geography, where the mover wins iff every maximum matching of the
/// unvisited cells (the token's included) covers the token's cell.
///
/// **Complexity**: one maximum matching of the cells left, O(m sqrt n).
pub fn board_state(board: &Grid, path: &[usize]) -> Result<PlayState> {
    let (&at, before) = path
        .split_last()
        .ok_or_else(|| GrundyError::Unsupported("the token has no cell".into()))?;
    // after any move the token's cell is gone too: one matching decides every move; the
    // boards left keep the vertices' numbers
    let next = board_without(board, path);
    let next_game = Geography::solve(&next);
    let moves: Vec<PlayMove> = board
        .neighbors(at)
        .iter()
        .map(|&u| u as usize)
        .filter(|u| !before.contains(u))
        .map(|u| PlayMove {
            to: cell_name(board, u),
            result: if next_game.mover_wins(u) {
                MoveResult::Lose
            } else {
                MoveResult::Win
            },
            remoteness: None,
            replies: next.degree(u) as u128,
            board: None,
        })
        .collect();
    let now = board_without(board, before);
    let outcome = Outcome::from_mover_wins(Geography::solve(&now).mover_wins(at));
    Ok(PlayState {
        position: cell_name(board, at),
        outcome,
        remoteness: None,
        over: moves.is_empty(),
        total_moves: moves.len() as u128,
        truncated: false,
        moves,
        computer: None,
        board: None,
    }
    .with_pick())
}
