//! The answer of `grundy solve` for any sum: [`SolveReport`], what the command line prints
//! (`--json`), the server sends (`/api/solve`) and Python returns (`grundy.solve`). One type
//! for every sum; its `kind` says which answer the sum has, chosen by its parts:
//!
//! | `kind` | the sum's parts | its keys besides `kind`, `position`, `convention` |
//! |---|---|---|
//! | `impartial` | all impartial: heaps, octal and subtraction games, game graphs, `impartial GAME`, Cram (whose players have the same moves) | `outcome` (`N`, `P`, or `D` for a draw), `grundy` (the nimber, `null` when out of reach, under misère play, or ∞), `value` (`*g`), `escapes` (∞(K)), `winning_moves` (moves to nimber 0), `drawing_moves`, `truncated`, `note` |
//! | `partizan` | some part partizan (Left and Right move differently) | `outcome` (`L`, `R`, `N`, `P`), `value` (the canonical form, `null` out of its budget), `value_reason`, `left_winning_moves`, `right_winning_moves`, `truncated` (more winning moves may exist than are listed), `truncated_reason` (why) |
//! | `loopy` | some part loopy (positions repeat) | `left_first` and `right_first` (`win`, `loss`, `draw`), `outcome` (`null` when a draw is involved), `value`, `value_reason`, `stopper`, `onside`, `offside`, stops, `mean`, `temperature`, `degree`, `positions`, `left_moves` and `right_moves` (each a position and its result), `truncated`, `board` |
//!
//! A move is always the whole position it leaves, written as an expression `solve` reads.
//! Keys marked optional in the types are left out when empty (`truncated` when false).
//! Which engine answers a part (closed forms, tables, searches, the value engine, retrograde
//! analysis) is the library's choice; the kind depends on the parts alone.
//!
//! One example of each kind, as `grundy solve --json` prints it:
//!
//! ```
//! use grundy::{solve, SolveOptions};
//! let json = |text: &str| serde_json::to_string(&solve(text, &SolveOptions::default()).unwrap()).unwrap();
//! assert_eq!(
//!     json("nim 2 + cram .../..."),
//!     r#"{"kind":"impartial","position":"nim 2 + cram .../...","convention":"normal","outcome":"N","grundy":3,"value":"*3","winning_moves":["nim 1 + cram .../...","nim 2 + cram ##./...","nim 2 + cram .##/...","nim 2 + cram .../##.","nim 2 + cram .../.##"]}"#
//! );
//! assert_eq!(
//!     json("domineering ../.."),
//!     r#"{"kind":"partizan","position":"domineering ../..","convention":"normal","outcome":"N","value":"{1|-1}","left_winning_moves":["domineering #./#.","domineering .#/.#"],"right_winning_moves":["domineering ##/..","domineering ../##"]}"#
//! );
//! assert_eq!(
//!     json("on + -1"),
//!     r#"{"kind":"loopy","position":"on + -1","convention":"normal","value":"on","value_reason":null,"stopper":true,"onside":null,"offside":null,"left_first":"win","right_first":"loss","outcome":"L","left_stop":"on","right_stop":"on","mean":null,"temperature":null,"degree":"on","positions":2,"left_moves":[{"position":"on + -1","result":"win"}],"right_moves":[],"truncated":false}"#
//! );
//! ```

use crate::nimber::Outcome;
use crate::partizan::loopy::Play;
use crate::partizan::PartizanOutcome;
use serde::Serialize;

/// The answer of `grundy solve` for any sum (the module's table gives its keys by kind).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum SolveReport {
    /// Every part is impartial: the nimber and the moves to nimber 0.
    Impartial(ImpartialReport),
    /// Some part is partizan: the outcome class and each player's winning moves.
    Partizan(PartizanReport),
    /// Some part is loopy: win, loss or draw for each player moving first.
    Loopy(LoopyReport),
}

impl SolveReport {
    /// The sum as grundy writes it.
    pub fn position(&self) -> &str {
        match self {
            SolveReport::Impartial(r) => &r.position,
            SolveReport::Partizan(r) => &r.position,
            SolveReport::Loopy(r) => &r.position,
        }
    }

    /// `"impartial"`, `"partizan"` or `"loopy"`: the `kind` key.
    pub fn kind(&self) -> &'static str {
        match self {
            SolveReport::Impartial(_) => "impartial",
            SolveReport::Partizan(_) => "partizan",
            SolveReport::Loopy(_) => "loopy",
        }
    }

    /// Whether a list of moves may be incomplete.
    pub fn truncated(&self) -> bool {
        match self {
            SolveReport::Impartial(r) => r.truncated,
            SolveReport::Partizan(r) => r.truncated,
            SolveReport::Loopy(r) => r.truncated,
        }
    }

    /// The impartial answer, if the sum is impartial.
    pub fn impartial(&self) -> Option<&ImpartialReport> {
        match self {
            SolveReport::Impartial(r) => Some(r),
            _ => None,
        }
    }

    /// The partizan answer, if the sum has a partizan part.
    pub fn partizan(&self) -> Option<&PartizanReport> {
        match self {
            SolveReport::Partizan(r) => Some(r),
            _ => None,
        }
    }

    /// The loopy answer, if the sum has a loopy part.
    pub fn loopy(&self) -> Option<&LoopyReport> {
        match self {
            SolveReport::Loopy(r) => Some(r),
            _ => None,
        }
    }
}

/// The answer for a sum whose parts are all impartial: its nimber and the moves to nimber 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImpartialReport {
    /// The position, normalised (every component as grundy writes it).
    pub position: String,
    /// `"normal"` or `"misere"`.
    pub convention: &'static str,
    /// `N` (the player to move wins), `P`, or `D` (a draw: a sum with a loopy part).
    pub outcome: Outcome,
    /// The Grundy value; `None` under misère play, when out of reach, or when it is ∞.
    pub grundy: Option<u64>,
    /// The value in CGSuite's notation (`0`, `*`, `*3`) under normal play when the Grundy
    /// value is known: the same as a partizan sum's `value`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The escape set K when the sum's value is ∞(K) (a game-graph part of value ∞).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// Every winning move, as the whole position it leaves, each a valid expression.
    pub winning_moves: Vec<String>,
    /// For a draw, every move that keeps the draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drawing_moves: Option<Vec<String>>,
    /// True when the list of winning moves was cut at the limit.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// Why the Grundy value is unknown or the list of moves may be incomplete (then the moves
    /// listed are those proved winning).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The answer for a sum with a partizan part: its outcome class, each player's winning moves
/// and its canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PartizanReport {
    /// The position as grundy writes it.
    pub position: String,
    /// Always `"normal"`: misère play of partizan sums is not supported.
    pub convention: &'static str,
    /// L (Left wins), R (Right wins), N (the player to move wins) or P.
    pub outcome: PartizanOutcome,
    /// The canonical form of the sum, when computed within its budget.
    pub value: Option<String>,
    /// Why `value` is missing (`--no-value`, or the budget it needed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_reason: Option<String>,
    /// The value as a nimber `*g`, when it is one: read from the canonical form, not from its
    /// text. Not in the JSON (an impartial sum's answer says it as `grundy`).
    #[serde(skip)]
    pub nimber: Option<u32>,
    /// Left's winning moves when Left moves first: the positions they leave.
    pub left_winning_moves: Vec<String>,
    /// Right's winning moves when Right moves first.
    pub right_winning_moves: Vec<String>,
    /// True when more winning moves may exist than are listed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// Why the lists may leave winning moves out: the count asked for (`--max-moves`), the
    /// search's effort (`--move-positions`), or a part with more moves than can be listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated_reason: Option<String>,
}

/// A move of a loopy sum and what it gives the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMove {
    /// The sum after the move.
    pub position: String,
    /// The result for the player who moves, with the opponent to move next.
    pub result: Play,
}

/// The answer for a sum with a loopy part (`grundy value`, `grundy solve`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyReport {
    /// The sum as written back.
    pub position: String,
    /// Always `"normal"`: misère play of loopy games is not supported.
    pub convention: &'static str,
    /// The value: a stopper's simplest form, or `S & T`; `None` when it was not found (see
    /// `value_reason`).
    pub value: Option<String>,
    /// Why there is no value.
    pub value_reason: Option<String>,
    /// Whether the sum is a stopper (no endless alternating play from any position).
    pub stopper: bool,
    /// The onside, when the value is sided.
    pub onside: Option<String>,
    /// The offside, when the value is sided.
    pub offside: Option<String>,
    /// The result for Left when Left moves first.
    pub left_first: Play,
    /// The result for Right when Right moves first.
    pub right_first: Play,
    /// L, R, N or P when neither player can force a draw; `None` when a draw is involved.
    pub outcome: Option<PartizanOutcome>,
    /// Left's stop, for a stopper: a pseudonumber (a number, `x over`, `x under`, `on` or
    /// `off`).
    pub left_stop: Option<String>,
    /// Right's stop, for a stopper.
    pub right_stop: Option<String>,
    /// The mean, for a stopper where temperature theory applies (every position on a cycle
    /// is a number plus an infinitesimal, as `over`, `upon`, `3/2under`).
    pub mean: Option<String>,
    /// The temperature, where the mean is given (0 for a number plus a loopy infinitesimal).
    pub temperature: Option<String>,
    /// The degree of loopiness of a stopper, G upsum -G (0 for a short game); `None` when
    /// not a stopper, when its simplest form has more than [`crate::app::loopy::DEGREE_MAX_POSITIONS`]
    /// positions, or when it is not found within the budget.
    pub degree: Option<String>,
    /// The positions of the sum searched.
    pub positions: usize,
    /// Left's winning moves, or her drawing moves if none wins.
    pub left_moves: Vec<LoopyMove>,
    /// Right's winning moves, or his drawing moves if none wins.
    pub right_moves: Vec<LoopyMove>,
    /// Whether moves were left out (more than `max_moves`, or parts given by their sides).
    pub truncated: bool,
    /// The position as a board (rows of cells), when it is one game played on a board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
}
