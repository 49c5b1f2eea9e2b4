//! A loopy sum in play (`grundy play` on `backsliding TT..FF`, `on + {0|pass}`...): the
//! position, whose turn it is, each move of the player to move with what it gives them (win,
//! draw or loss), and the computer's perfect choice: a winning move when there is one, else a
//! move that keeps the draw, else any move. The sum's positions and who wins each are found
//! once; a turn only looks them up.
//!
//! ```
//! use grundy::app::loopy::LoopyOptions;
//! use grundy::app::loopy_play::LoopyPlay;
//! use grundy::partizan::loopy::Play;
//! let mut game = LoopyPlay::new("on + off", true, &LoopyOptions::default()).unwrap().unwrap();
//! let state = game.state().unwrap();
//! assert_eq!(state.result, Play::Draw); // Left passes for ever, and so does Right
//! let pick = state.computer.unwrap();
//! game.play(&state.moves[pick].to).unwrap();
//! assert!(!game.left_to_move());
//! ```

use crate::app::loopy::{LoopyOptions, LoopySum};
use crate::app::parse::{read_sum, short_terms, SumPart};
use crate::error::{excerpt, GrundyError, Result};
use crate::partizan::loopy::{Play, Player, SumGraph};
use serde::Serialize;

/// One move of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyPlayMove {
    /// The position it leaves.
    pub to: String,
    /// What it gives the player who makes it, with perfect play after.
    pub result: Play,
    /// How many more moves the game lasts after it when the winner hurries and the loser
    /// delays; `None` for a draw.
    pub remoteness: Option<u32>,
    /// The position it leaves as a board (rows of cells), when the sum is one game played
    /// on a board: the page finds a clicked move by the cells it changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

/// A loopy position in play, for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyPlayState {
    /// The position.
    pub position: String,
    /// `"left"` or `"right"`: who is to move.
    pub to_move: &'static str,
    /// The result for the player to move, with perfect play.
    pub result: Play,
    /// How many moves the game lasts when the winner hurries and the loser delays; `None`
    /// for a draw.
    pub remoteness: Option<u32>,
    /// The position as a board, when the sum is one game played on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// The moves of the player to move (none: that player has lost).
    pub moves: Vec<LoopyPlayMove>,
    /// The computer's choice among `moves`: the win that ends the game soonest, else a draw,
    /// else the loss that lasts longest.
    pub computer: Option<usize>,
}

/// A loopy sum in play, with its history for undo.
pub struct LoopyPlay {
    built: LoopySum,
    sum: SumGraph,
    outcomes: Vec<[(Play, u32); 2]>,
    options: LoopyOptions,
    /// The position and who is to move; the last is the current one.
    history: Vec<(u32, Player)>,
}

impl LoopyPlay {
    /// The game of `text` with Left to move when `left_first`; `None` when no part of it is
    /// loopy (the short engines play it).
    pub fn new(text: &str, left_first: bool, options: &LoopyOptions) -> Result<Option<LoopyPlay>> {
        let budget =
            crate::budget::Budget::new(options.max_states).with_cancel(options.cancel.clone());
        let parts = read_sum(text, budget, &*options.graphs)?;
        if short_terms(&parts).is_some() {
            return Ok(None);
        }
        let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
        LoopyPlay::from_parts(&parts, left_first, options).map(Some)
    }

    /// [`LoopyPlay::new`] of a sum already read (with a loopy part).
    pub fn from_parts(
        parts: &[SumPart],
        left_first: bool,
        options: &LoopyOptions,
    ) -> Result<LoopyPlay> {
        let budget =
            crate::budget::Budget::new(options.max_states).with_cancel(options.cancel.clone());
        let built = LoopySum::new(parts, options)?;
        if built.sided() {
            let text = parts
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" + ");
            return Err(GrundyError::Unsupported(format!(
                "'{}': a value given by its sides (S & T) is no game to play",
                excerpt(&text)
            )));
        }
        let sum = built.graph(false, &budget)?;
        let outcomes = sum.graph.outcomes_with_remoteness();
        let first = if left_first {
            Player::Left
        } else {
            Player::Right
        };
        Ok(LoopyPlay {
            built,
            sum,
            outcomes,
            options: options.clone(),
            history: vec![(0, first)],
        })
    }

    /// Whether Left is to move.
    pub fn left_to_move(&self) -> bool {
        self.history.last().expect("a position").1 == Player::Left
    }

    /// The position now, its result for the player to move, and that player's moves.
    pub fn state(&mut self) -> Result<LoopyPlayState> {
        let (at, mover) = *self.history.last().expect("a position");
        let next = mover.other().index();
        let mut moves = Vec::new();
        for &w in self.sum.graph.options(at, mover) {
            let (play, left) = self.outcomes[w as usize][next];
            let result = match play {
                Play::Win => Play::Loss,
                Play::Draw => Play::Draw,
                Play::Loss => Play::Win,
            };
            let tuple = self.sum.tuple(w);
            let to = self.built.text(tuple, &self.options)?;
            let board = self.built.board(tuple, &self.options)?;
            let remoteness = (play != Play::Draw).then_some(left);
            moves.push(LoopyPlayMove {
                to,
                result,
                remoteness,
                board,
            });
        }
        // hurry a win, keep a draw, delay a loss
        let rank = |m: &LoopyPlayMove| match m.result {
            Play::Win => (0, m.remoteness.unwrap_or(0) as i64),
            Play::Draw => (1, 0),
            Play::Loss => (2, -(m.remoteness.unwrap_or(0) as i64)),
        };
        let computer = (0..moves.len()).min_by_key(|&i| rank(&moves[i]));
        let position = self.built.text(self.sum.tuple(at), &self.options)?;
        let board = self.built.board(self.sum.tuple(at), &self.options)?;
        self.built.forms_status()?;
        Ok(LoopyPlayState {
            position,
            to_move: if mover == Player::Left {
                "left"
            } else {
                "right"
            },
            result: self.outcomes[at as usize][mover.index()].0,
            remoteness: {
                let (play, left) = self.outcomes[at as usize][mover.index()];
                (play != Play::Draw).then_some(left)
            },
            board,
            moves,
            computer,
        })
    }

    /// Plays the move of the player to move that leads to `to` (as [`LoopyPlayState`] writes
    /// it, or its 1-based number in the list of moves).
    pub fn play(&mut self, to: &str) -> Result<()> {
        let (at, mover) = *self.history.last().expect("a position");
        let options: Vec<u32> = self.sum.graph.options(at, mover).to_vec();
        let wanted = to.trim();
        let mut chosen = None;
        if let Ok(k) = wanted.parse::<usize>() {
            if (1..=options.len()).contains(&k) {
                chosen = Some(options[k - 1]);
            }
        }
        if chosen.is_none() {
            for &w in &options {
                if self.built.text(self.sum.tuple(w), &self.options)? == wanted {
                    chosen = Some(w);
                    break;
                }
            }
        }
        let Some(w) = chosen else {
            return Err(GrundyError::Unsupported(format!(
                "'{}' is not a move of {} here (type a move's number or the position it leads to)",
                excerpt(wanted),
                if mover == Player::Left {
                    "Left"
                } else {
                    "Right"
                }
            )));
        };
        self.history.push((w, mover.other()));
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
}
