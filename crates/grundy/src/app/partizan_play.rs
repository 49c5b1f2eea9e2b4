//! A partizan game in play (`grundy play` on a sum with a partizan part, and the page): the
//! position, whose turn it is, each move of the player to move with what it gives them, and
//! the computer's perfect choice. The tables and the arena of forms are kept from one position
//! to the next, so each turn costs only what the new positions add.
//!
//! ```
//! use grundy::app::partizan_play::PartizanPlay;
//! use grundy::app::value::ValueOptions;
//! let mut game = PartizanPlay::new("domineering ../..", true, &ValueOptions::default()).unwrap();
//! let state = game.state().unwrap();
//! assert!(state.mover_wins); // {1|-1}: whoever moves first wins
//! let pick = state.computer.unwrap();
//! game.play(&state.moves[pick].to).unwrap();
//! assert!(!game.left_to_move());
//! assert!(game.state().unwrap().moves.is_empty()); // Right has no move left: Left won
//! ```

use crate::app::parse::Term;
use crate::app::partizan_solve::TermSearch;
use crate::app::value::{read_terms, ValueOptions};
use crate::app::valued_sum::{board_of, sum_moves, ValuedSum};
use crate::error::{excerpt, GrundyError, Result};
use crate::partizan::root::name_winning_move;
use crate::partizan::{OutcomeOptions, PartizanOutcome};
use serde::Serialize;

/// One move of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanPlayMove {
    /// The position it leaves.
    pub to: String,
    /// That position's canonical form; `?` when the game is played by search (see
    /// [`PartizanPlay::new`]).
    pub value: String,
    /// Whether the player who makes it then wins with perfect play.
    pub wins: bool,
    /// The position it leaves as a board (rows of cells, as the game writes them), when the
    /// position is one part of a game that draws one: the page finds a clicked move by the
    /// cells it changes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}

/// A position in play, for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanPlayState {
    /// The position.
    pub position: String,
    /// Its canonical form; `?` when the game is played by search.
    pub value: String,
    /// Its outcome class.
    pub outcome: PartizanOutcome,
    /// `"left"` or `"right"`: who is to move.
    pub to_move: &'static str,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// The position as a board, when it is one part of a game that draws one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// The moves of the player to move (none: that player has lost).
    pub moves: Vec<PartizanPlayMove>,
    /// The computer's choice among `moves`: a winning move when there is one, else the move
    /// leaving the value best for the mover (the highest mean for Left, the lowest for Right;
    /// played by search, the move the search tries first).
    pub computer: Option<usize>,
    /// True when `moves` is not every move: the list stops at [`PLAY_LISTED`] moves, and a
    /// part with more moves than the state budget (a huge nimber or heap) is not listed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// The most moves [`PartizanPlay::state`] lists (and [`PartizanPlay::play`] accepts among).
pub const PLAY_LISTED: usize = 10_000;

/// A partizan game in play.
pub struct PartizanPlay {
    options: ValueOptions,
    sum: ValuedSum,
    /// Set when the canonical form is beyond [`PLAY_VALUE_STATES`]: the position is then
    /// played by the outcome search (who wins after each move), and `sum` is not used.
    search: Option<SearchPlay>,
    left_to_move: bool,
    /// Earlier positions and who was to move, for `undo`.
    history: Vec<(String, bool)>,
    /// The positions the moves of the player to move leave, once [`PartizanPlay::state`] has
    /// listed them (so that [`PartizanPlay::play`] need not list them again).
    listed: Option<Vec<String>>,
}

/// The most positions the canonical forms of a game in play may take before it is played by
/// search instead: a fraction of a second of valuing (5 x 5 Domineering fits; 6 x 6 is
/// played by search).
pub const PLAY_VALUE_STATES: usize = 50_000;

/// A game played by the outcome search: its parts, and the search with its table (kept from
/// one position to the next).
struct SearchPlay {
    terms: Vec<Term>,
    search: TermSearch,
}

impl PartizanPlay {
    /// Starts from `text` with Left to move (`left_first`) or Right. A game whose canonical
    /// form needs more than [`PLAY_VALUE_STATES`] stored positions (a large board) is played
    /// by the outcome search: each move's result is then found by search, and values are
    /// written `?`.
    pub fn new(text: &str, left_first: bool, options: &ValueOptions) -> Result<PartizanPlay> {
        PartizanPlay::with_value_states(text, left_first, options, PLAY_VALUE_STATES)
    }

    /// [`PartizanPlay::new`], played by search when the canonical form needs more than
    /// `value_states` stored positions.
    pub fn with_value_states(
        text: &str,
        left_first: bool,
        options: &ValueOptions,
        value_states: usize,
    ) -> Result<PartizanPlay> {
        PartizanPlay::from_terms(
            read_terms(text, options)?,
            left_first,
            options,
            value_states,
        )
    }

    /// [`PartizanPlay::with_value_states`] of a sum already read.
    pub fn from_terms(
        terms: Vec<Term>,
        left_first: bool,
        options: &ValueOptions,
        value_states: usize,
    ) -> Result<PartizanPlay> {
        let capped = ValueOptions {
            max_states: options.max_states.min(value_states),
            ..options.clone()
        };
        match ValuedSum::new(terms.clone(), capped.values()) {
            Ok(_) => PartizanPlay::with_forms(terms, left_first, options),
            Err(GrundyError::StateLimit { .. }) if options.max_states > value_states => {
                let mut search = TermSearch::new(options.budget(), OutcomeOptions::default());
                search.expect_positions(&terms);
                if let Some(db) = &options.database {
                    search.search.rules.use_database(db);
                }
                Ok(PartizanPlay {
                    options: options.clone(),
                    sum: ValuedSum::new(Vec::new(), options.values())?,
                    search: Some(SearchPlay { terms, search }),
                    left_to_move: left_first,
                    history: Vec::new(),
                    listed: None,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// The game played by canonical forms, whatever they cost within `options.max_states`.
    fn with_forms(
        terms: Vec<Term>,
        left_first: bool,
        options: &ValueOptions,
    ) -> Result<PartizanPlay> {
        let sum = ValuedSum::new(terms, options.values())?;
        Ok(PartizanPlay {
            options: options.clone(),
            sum,
            search: None,
            left_to_move: left_first,
            history: Vec::new(),
            listed: None,
        })
    }

    /// Whether the game is played by search (its canonical form is beyond
    /// [`PLAY_VALUE_STATES`]).
    pub fn by_search(&self) -> bool {
        self.search.is_some()
    }

    /// The parts of the position.
    fn terms(&self) -> &[Term] {
        match &self.search {
            Some(s) => &s.terms,
            None => &self.sum.terms,
        }
    }

    /// Left's and Right's pieces in the games of the position, as the catalog describes
    /// them (`["vertical dominoes, toads", "horizontal dominoes, frogs"]`); `["Left's moves",
    /// "Right's moves"]` for a sum of values.
    pub fn players(&self) -> [String; 2] {
        let mut names: [Vec<&str>; 2] = [Vec::new(), Vec::new()];
        for term in self.terms() {
            if let Term::Partizan(part) = term {
                if let Some(entry) = part.entry() {
                    for (side, name) in names.iter_mut().zip(entry.players) {
                        if !side.contains(&name) {
                            side.push(name);
                        }
                    }
                }
            }
        }
        let [left, right] = names;
        if left.is_empty() {
            return ["Left's moves".into(), "Right's moves".into()];
        }
        [left.join(", "), right.join(", ")]
    }

    /// Whether Left is to move.
    pub fn left_to_move(&self) -> bool {
        self.left_to_move
    }

    /// The position as grundy writes it.
    pub fn position(&self) -> String {
        crate::app::partizan_solve::text(self.terms())
    }

    /// The position, its value and the moves of the player to move.
    pub fn state(&mut self) -> Result<PartizanPlayState> {
        let left = self.left_to_move;
        if let Some(play) = &mut self.search {
            let state = play.state(left)?;
            self.listed = Some(state.moves.iter().map(|m| m.to.clone()).collect());
            return Ok(state);
        }
        let (moves, truncated) = sum_moves(&mut self.sum, left, false, PLAY_LISTED)?;
        self.listed = Some(moves.iter().map(|m| m.to.clone()).collect());
        let position = self.sum.position();
        let forms = &mut self.sum.values.forms;
        let mut computer = moves.iter().position(|m| m.wins);
        if computer.is_none() && !moves.is_empty() {
            let mut best = None;
            for (i, m) in moves.iter().enumerate() {
                let mean = forms.mean(m.value)?;
                if best.is_none_or(|(_, b)| if left { mean > b } else { mean < b }) {
                    best = Some((i, mean));
                }
            }
            computer = best.map(|(i, _)| i);
        }
        let total = self.sum.total;
        let outcome = forms.outcome(total);
        forms.status()?;
        let mover_wins = match outcome {
            PartizanOutcome::N => true,
            PartizanOutcome::P => false,
            PartizanOutcome::L => left,
            PartizanOutcome::R => !left,
        };
        Ok(PartizanPlayState {
            position,
            value: forms.to_string(total),
            outcome,
            to_move: if left { "left" } else { "right" },
            mover_wins,
            board: board_of(&self.sum.terms),
            moves: moves
                .into_iter()
                .map(|m| PartizanPlayMove {
                    to: m.to,
                    value: forms.to_string(m.value),
                    wins: m.wins,
                    board: m.board,
                })
                .collect(),
            computer,
            truncated,
        })
    }

    /// Plays the move of the player to move that leaves `to` (written as any expression equal,
    /// part by part, to one of the moves); an error, and nothing changed, if no move does.
    pub fn play(&mut self, to: &str) -> Result<()> {
        let wanted = read_terms(to, &self.options)?;
        let wanted_text = if wanted.is_empty() {
            "0".to_string()
        } else {
            crate::app::parse::Term::sum_to_string(&wanted)
        };
        let left = self.left_to_move;
        let listed = match self.listed.take() {
            Some(listed) => listed,
            None => match &mut self.search {
                Some(play) => play
                    .search
                    .term_moves(&play.terms, left)?
                    .iter()
                    .map(|t| crate::app::partizan_solve::text(t))
                    .collect(),
                None => {
                    let (moves, _) = sum_moves(&mut self.sum, left, false, PLAY_LISTED)?;
                    moves.into_iter().map(|m| m.to).collect()
                }
            },
        };
        let legal = listed.contains(&wanted_text);
        self.listed = Some(listed);
        if !legal {
            return Err(GrundyError::Unsupported(format!(
                "'{}' is not a move of {} from {}",
                excerpt(&wanted_text),
                if left { "Left" } else { "Right" },
                excerpt(&self.position())
            )));
        }
        self.go_to(wanted, !left)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> Result<bool> {
        let Some((text, left)) = self.history.pop() else {
            return Ok(false);
        };
        let terms = read_terms(&text, &self.options)?;
        self.replace(terms, left)?;
        Ok(true)
    }

    /// How many moves have been played (and not taken back).
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    fn go_to(&mut self, terms: Vec<crate::app::parse::Term>, left_to_move: bool) -> Result<()> {
        let previous = (self.position(), self.left_to_move);
        self.replace(terms, left_to_move)?;
        self.history.push(previous);
        Ok(())
    }

    fn replace(&mut self, terms: Vec<crate::app::parse::Term>, left_to_move: bool) -> Result<()> {
        match &mut self.search {
            Some(play) => play.terms = terms,
            None => self.sum.revalue(terms)?,
        }
        self.left_to_move = left_to_move;
        self.listed = None;
        Ok(())
    }
}

/// What the page shows of a partizan position: the report of `grundy value` and each
/// player's moves, with what they give the player who makes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueWithMoves {
    /// The report of `grundy value --json`.
    #[serde(flatten)]
    pub value: crate::app::value::ValueReport,
    /// The position as a board, when it is one part of a game that draws one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Left's moves.
    pub left_moves: Vec<PartizanPlayMove>,
    /// Right's moves.
    pub right_moves: Vec<PartizanPlayMove>,
}

/// The report of `grundy value` for `text` with both players' moves (`GET /api/value`).
///
/// ```
/// use grundy::app::partizan_play::value_with_moves;
/// use grundy::app::value::ValueOptions;
/// let r = value_with_moves("domineering .../...", &ValueOptions::default()).unwrap();
/// assert_eq!(r.value.canonical, "{2|-1/2}");
/// assert_eq!(r.left_moves.iter().filter(|m| m.wins).count(), 1); // the middle column
/// ```
pub fn value_with_moves(text: &str, options: &ValueOptions) -> Result<ValueWithMoves> {
    value_with_moves_of(read_terms(text, options)?, options)
}

/// [`value_with_moves`] of a sum already read.
pub fn value_with_moves_of(terms: Vec<Term>, options: &ValueOptions) -> Result<ValueWithMoves> {
    let mut game = PartizanPlay::with_forms(terms, true, options)?;
    let left = game.state()?.moves;
    game.left_to_move = false;
    game.listed = None;
    let right = game.state()?.moves;
    let value = crate::app::value::report(game.position(), &mut game.sum.values, game.sum.total)?;
    Ok(ValueWithMoves {
        value,
        board: board_of(&game.sum.terms),
        left_moves: left,
        right_moves: right,
    })
}

impl SearchPlay {
    /// The state for the player to move (Left when `left`): who wins the position (both
    /// players first, for the outcome class) and after each move, by search. The computer
    /// takes the winning move `solve` names ([`name_winning_move`]), else the first winning
    /// move in the search's own order, else the move the search tries first.
    fn state(&mut self, left: bool) -> Result<PartizanPlayState> {
        let ts = &mut self.search;
        ts.root_sum(&self.terms)?;
        let moves = ts.term_moves(&self.terms, left)?;
        let truncated = ts.skipped();
        let order = ts.order(&moves, left)?;
        let mut wins = vec![false; moves.len()];
        for &i in &order {
            wins[i] = !ts.wins(&moves[i], !left)?;
        }
        let mover_wins = wins.iter().any(|&w| w);
        let other_wins = ts.wins(&self.terms, !left)?;
        let (left_wins, right_wins) = if left {
            (mover_wins, other_wins)
        } else {
            (other_wins, mover_wins)
        };
        // the move `solve` names: the first winning one in the order of the game's own
        // search, when it has one (its table knows every move by now), else the first winning
        // one in the search's order, else the move it tries first
        let named = match mover_wins {
            true => name_winning_move(ts, &self.terms, left)?
                .and_then(|(_, m)| m)
                .map(|m| crate::app::partizan_solve::text(&m)),
            false => None,
        };
        let computer = named
            .and_then(|m| {
                moves
                    .iter()
                    .position(|n| crate::app::partizan_solve::text(n) == m)
            })
            .or_else(|| order.iter().copied().find(|&i| wins[i]))
            .or(order.first().copied());
        let board_of_terms = |t: &[Term]| board_of(t);
        Ok(PartizanPlayState {
            position: crate::app::partizan_solve::text(&self.terms),
            value: "?".into(),
            outcome: PartizanOutcome::from_first(left_wins, right_wins),
            to_move: if left { "left" } else { "right" },
            mover_wins,
            board: board_of_terms(&self.terms),
            moves: moves
                .iter()
                .zip(&wins)
                .map(|(m, &w)| PartizanPlayMove {
                    to: crate::app::partizan_solve::text(m),
                    value: "?".into(),
                    wins: w,
                    board: board_of_terms(m),
                })
                .collect(),
            computer,
            truncated,
        })
    }
}
