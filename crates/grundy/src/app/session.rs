//! One play session for every kind of game: [`PlaySession`], over the three sessions that know
//! their games ([`Session`]: impartial sums, game graphs and the token on a board;
//! [`PartizanPlay`]: partizan sums, valued or played by search; [`LoopyPlay`]: sums with a
//! loopy part), each turn as one [`Turn`]. `grundy play` runs one turn loop over it, whatever
//! the game; [`open_session`] is the one choice of session for a text.

use crate::app::loopy::LoopyOptions;
use crate::app::loopy_play::{LoopyPlay, LoopyPlayState};
use crate::app::parse::{read_sum, short_terms, SumPart, Term};
use crate::app::partizan_play::{PartizanPlay, PartizanPlayState, PLAY_VALUE_STATES};
use crate::app::play::{MoveResult, PlayState, Session};
use crate::app::solve::SolveOptions;
use crate::app::value::ValueOptions;
use crate::error::{GrundyError, Result};
use crate::nimber::{Convention, Outcome};
use crate::partizan::loopy::Play;

/// What kind of game a session plays: how its players are named, and whether play can go on
/// for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// An impartial game (both players have the same moves): "the player to move", under
    /// `convention`.
    Impartial {
        /// Normal or misère play.
        convention: Convention,
    },
    /// Left and Right, each with the pieces `players` names (`["vertical dominoes",
    /// "horizontal dominoes"]`).
    Partizan {
        /// Left's and Right's pieces.
        players: [String; 2],
    },
    /// Left and Right in a game whose positions can repeat (endless play is a draw).
    Loopy,
}

/// One move of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMove {
    /// The position the move leaves, as it may be typed.
    pub to: String,
    /// What the move gives its maker with perfect play after.
    pub result: MoveResult,
    /// Moves left after it when the winner hurries and the loser delays, where known.
    pub remoteness: Option<u32>,
    /// The value of the position it leaves, where the game is valued (`"?"`: played by
    /// search).
    pub value: Option<String>,
}

/// A position in play, for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The position.
    pub position: String,
    /// Whether Left is to move; `None` in an impartial game.
    pub left_to_move: Option<bool>,
    /// What the position gives the player to move with perfect play.
    pub result: MoveResult,
    /// Moves left under perfect play, where known.
    pub remoteness: Option<u32>,
    /// The position's value, where the game is valued (`"?"`: too large, played by search).
    pub value: Option<String>,
    /// The moves (or the first of very many, the winning ones among them).
    pub moves: Vec<TurnMove>,
    /// How many moves there are in all (more than listed when `truncated`).
    pub total_moves: u128,
    /// Whether `moves` is a part of all the moves.
    pub truncated: bool,
    /// The computer's choice among `moves`.
    pub computer: Option<usize>,
    /// Whether the player to move has no move: the game is over.
    pub over: bool,
}

/// A game in play against the perfect opponent, whatever its kind: the position and its moves
/// each turn, a move played, a move taken back.
pub trait PlaySession {
    /// The kind of game.
    fn kind(&self) -> GameKind;
    /// The position in play, listing at most `max_listed` moves (the winning ones always).
    fn turn(&mut self, max_listed: usize) -> Result<Turn>;
    /// Plays the move of the player to move that leads to `to` (as the turn writes it).
    fn play(&mut self, to: &str) -> Result<()>;
    /// Takes back the last move; false at the start.
    fn undo(&mut self) -> Result<bool>;
    /// Moves played since the start (less those taken back).
    fn moves_played(&self) -> usize;
    /// Whether Left is to move; `None` in an impartial game.
    fn left_to_move(&self) -> Option<bool>;
    /// The position in play as the game's own session reports it (what the server's
    /// `/api/play` routes send, each kind with the keys its page section reads; an impartial
    /// game's lists at most `max_listed` moves).
    fn play_state(&mut self, max_listed: usize) -> Result<PlayStateOf>;
}

/// The state of a game in play as its own session reports it: the state it holds, after a
/// first key `kind` (`impartial`, `partizan` or `loopy`, as in
/// [`SolveReport`](crate::app::report::SolveReport)) that says which keys follow.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PlayStateOf {
    /// An impartial sum, a game graph or the token on a board.
    Impartial(PlayState),
    /// A partizan sum, valued or played by search.
    Partizan(PartizanPlayState),
    /// A sum with a loopy part.
    Loopy(LoopyPlayState),
}

impl PlaySession for Session {
    fn kind(&self) -> GameKind {
        GameKind::Impartial {
            convention: self.convention(),
        }
    }

    fn turn(&mut self, max_listed: usize) -> Result<Turn> {
        let state = self.state(max_listed)?;
        Ok(Turn {
            position: state.position,
            left_to_move: None,
            result: match state.outcome {
                Outcome::N => MoveResult::Win,
                Outcome::P => MoveResult::Lose,
                Outcome::D => MoveResult::Draw,
            },
            remoteness: state.remoteness,
            value: None,
            moves: state
                .moves
                .into_iter()
                .map(|m| TurnMove {
                    to: m.to,
                    result: m.result,
                    remoteness: m.remoteness,
                    value: None,
                })
                .collect(),
            total_moves: state.total_moves,
            truncated: state.truncated,
            computer: state.computer,
            over: state.over,
        })
    }

    fn play(&mut self, to: &str) -> Result<()> {
        Session::play(self, to)
    }

    fn undo(&mut self) -> Result<bool> {
        Ok(Session::undo(self))
    }

    fn moves_played(&self) -> usize {
        Session::moves_played(self)
    }

    fn left_to_move(&self) -> Option<bool> {
        None
    }

    fn play_state(&mut self, max_listed: usize) -> Result<PlayStateOf> {
        Ok(PlayStateOf::Impartial(self.state(max_listed)?))
    }
}

impl PlaySession for PartizanPlay {
    fn kind(&self) -> GameKind {
        GameKind::Partizan {
            players: self.players(),
        }
    }

    fn turn(&mut self, _max_listed: usize) -> Result<Turn> {
        let state = self.state()?;
        let won = |wins: bool| {
            if wins {
                MoveResult::Win
            } else {
                MoveResult::Lose
            }
        };
        let moves = state.moves.into_iter().map(|m| TurnMove {
            to: m.to,
            result: won(m.wins),
            remoteness: None,
            value: Some(m.value),
        });
        let mover = (won(state.mover_wins), None, Some(state.value));
        Ok(sided_turn(
            state.position,
            self.left_to_move(),
            mover,
            moves,
            state.computer,
        ))
    }

    fn play(&mut self, to: &str) -> Result<()> {
        PartizanPlay::play(self, to)
    }

    fn undo(&mut self) -> Result<bool> {
        PartizanPlay::undo(self)
    }

    fn moves_played(&self) -> usize {
        PartizanPlay::moves_played(self)
    }

    fn left_to_move(&self) -> Option<bool> {
        Some(PartizanPlay::left_to_move(self))
    }

    fn play_state(&mut self, _max_listed: usize) -> Result<PlayStateOf> {
        Ok(PlayStateOf::Partizan(self.state()?))
    }
}

/// A turn of a game of Left and Right, every move listed: `mover` is what the position gives
/// the player to move (its result, remoteness and value).
fn sided_turn(
    position: String,
    left_to_move: bool,
    (result, remoteness, value): (MoveResult, Option<u32>, Option<String>),
    moves: impl Iterator<Item = TurnMove>,
    computer: Option<usize>,
) -> Turn {
    let moves: Vec<TurnMove> = moves.collect();
    Turn {
        position,
        left_to_move: Some(left_to_move),
        result,
        remoteness,
        value,
        total_moves: moves.len() as u128,
        truncated: false,
        over: moves.is_empty(),
        moves,
        computer,
    }
}

/// What a loopy result gives its player.
fn of_play(play: Play) -> MoveResult {
    match play {
        Play::Win => MoveResult::Win,
        Play::Draw => MoveResult::Draw,
        Play::Loss => MoveResult::Lose,
    }
}

impl PlaySession for LoopyPlay {
    fn kind(&self) -> GameKind {
        GameKind::Loopy
    }

    fn turn(&mut self, _max_listed: usize) -> Result<Turn> {
        let state = self.state()?;
        let moves = state.moves.into_iter().map(|m| TurnMove {
            to: m.to,
            result: of_play(m.result),
            remoteness: m.remoteness,
            value: None,
        });
        let mover = (of_play(state.result), state.remoteness, None);
        Ok(sided_turn(
            state.position,
            self.left_to_move(),
            mover,
            moves,
            state.computer,
        ))
    }

    fn play(&mut self, to: &str) -> Result<()> {
        LoopyPlay::play(self, to)
    }

    fn undo(&mut self) -> Result<bool> {
        Ok(LoopyPlay::undo(self))
    }

    fn moves_played(&self) -> usize {
        LoopyPlay::moves_played(self)
    }

    fn left_to_move(&self) -> Option<bool> {
        Some(LoopyPlay::left_to_move(self))
    }

    fn play_state(&mut self, _max_listed: usize) -> Result<PlayStateOf> {
        Ok(PlayStateOf::Loopy(self.state()?))
    }
}

/// How a sum is to be played: its options, and who moves first in a partizan or loopy game.
pub struct SessionOptions {
    /// The options of the impartial search (its convention, state budget, graphs, flag).
    pub solve: SolveOptions,
    /// The options of the partizan value engine and search.
    pub value: ValueOptions,
    /// In a partizan or loopy game, whether Left moves first.
    pub left_first: bool,
}

/// The session of a sum written as text, whatever its parts: a sum with a loopy part is a
/// [`LoopyPlay`], one with a partizan part a [`PartizanPlay`], any other a [`Session`] (the
/// one choice `grundy play` makes). The text is read once ([`read_sum`]), under the budget
/// and graphs of `options.value`. Misère play of loopy and partizan sums is refused in one
/// line.
pub fn open_session(text: &str, options: &SessionOptions) -> Result<Box<dyn PlaySession>> {
    let misere = options.solve.convention == Convention::Misere;
    let parts = read_sum(text, options.value.budget(), &*options.value.graphs)?;
    let Some(terms) = short_terms(&parts) else {
        if misere {
            return Err(GrundyError::Unsupported(
                "misère play of loopy games is not supported".into(),
            ));
        }
        let loopy = LoopyOptions {
            max_states: options.value.max_states,
            graphs: options.value.graphs.clone(),
            with_value: false,
            cancel: options.value.cancel.clone(),
            ..LoopyOptions::default()
        };
        let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
        return Ok(Box::new(LoopyPlay::from_parts(
            &parts,
            options.left_first,
            &loopy,
        )?));
    };
    crate::app::parse::use_database(&terms, options.value.database.as_deref())?;
    if terms.iter().any(|t| matches!(t, Term::Partizan(_))) {
        if misere {
            return Err(GrundyError::Unsupported(
                "misère play of partizan games is not supported".into(),
            ));
        }
        return Ok(Box::new(PartizanPlay::from_terms(
            terms,
            options.left_first,
            &options.value,
            PLAY_VALUE_STATES,
        )?));
    }
    let parts = terms
        .into_iter()
        .filter_map(|t| match t {
            Term::Impartial(c) => Some(c),
            Term::Partizan(_) => None,
        })
        .collect();
    Ok(Box::new(Session::from_parts(parts, &options.solve)?))
}
