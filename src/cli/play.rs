//! `grundy play`: a game against the perfect opponent, one line of input per turn (a terminal
//! or a pipe).

use super::turns::{ended, no_move, read_command, side, typed_move, Typed};
use grundy::app::play::{MoveResult, Session};
use grundy::app::session::{open_session, GameKind, PlaySession, SessionOptions, Turn, TurnMove};
use grundy::app::value::ValueOptions;
use grundy::game_graph::read_game_graph;
use grundy::graph::io::read_board;
use grundy::{Convention, SolveOptions};
use std::io::{BufRead, Write};

/// Moves shown per page.
const PAGE: usize = 20;
/// Moves listed per position at most (the winning ones always among them).
const MAX_LISTED: usize = 10_000;

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You.
    Me,
    /// The computer.
    Computer,
    /// Left (partizan games).
    Left,
    /// Right (partizan games).
    Right,
}

/// Which side you play in a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Left (in each game, the pieces its catalog entry names: vertical dominoes, toads...).
    Left,
    /// Right (horizontal dominoes, frogs...).
    Right,
}

/// Play a game against the perfect opponent: a sum (`grundy play 'nim 3 4 5'`), a game graph
/// (`--graph FILE`) or the token game on a board (`--grid BOARD --from R,C`). A sum with a
/// partizan part (`grundy play --as right 'domineering ../...'`) is played as Left or Right.
///
/// Each turn shows the position and its moves, numbered. Type a move's number or the position
/// it leads to; `hint` shows what every move gives you (win, lose or draw, and remoteness
/// where known), `more` the next page of moves, `undo` takes back your last move, `quit` ends.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, in the expression language of `grundy solve`.
    #[arg(value_name = "EXPR", required_unless_present_any = ["graph", "grid"])]
    expr: Option<String>,
    /// Play a game graph (edge list or JSON, as `grundy graph` reads).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["expr", "grid"])]
    graph: Option<String>,
    /// Play the token game on a board (as `grundy geography --grid` reads); needs --from R,C.
    #[arg(long, value_name = "BOARD", conflicts_with = "expr", requires = "from")]
    grid: Option<String>,
    /// The start: a game graph's position (default: its first), a board's cell `R,C`.
    #[arg(long, value_name = "V")]
    from: Option<String>,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Who moves first: me or computer, or for a partizan game left or right.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// Partizan games: the side you play.
    #[arg(long = "as", value_name = "SIDE", value_enum, default_value_t = Side::Left)]
    side: Side,
    /// Largest number of positions any search may store.
    #[arg(long, value_name = "N", default_value_t = SolveOptions::default().max_states)]
    max_states: usize,
    /// Look partizan positions, and the small components of impartial boards and graphs, up
    /// in this database (written by `grundy db build`) before searching them.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
}

/// Builds the session and plays it on stdin and stdout.
pub fn run(args: &Args) -> Result<String, String> {
    let convention = Convention::from_misere(args.misere);
    let you_left = args.side == Side::Left;
    let session: Box<dyn PlaySession> = if let Some(path) = &args.graph {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let graph = read_game_graph(file).map_err(super::message)?;
        Box::new(
            Session::from_graph(
                graph,
                args.from.as_deref(),
                convention,
                &super::stop::cancel(),
            )
            .map_err(super::message)?,
        )
    } else if let Some(path) = &args.grid {
        if args.misere {
            return Err("the token game on a board is played in normal play only".into());
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let board = read_board(&bytes).map_err(super::message)?;
        let from = args.from.as_deref().unwrap_or_default();
        let (row, col) = grundy::app::play::parse_cell(from).map_err(super::message)?;
        Box::new(Session::from_board(board, row, col).map_err(super::message)?)
    } else {
        let expr = args.expr.as_deref().unwrap_or_default();
        // the user's own files: `graph FILE V` and `loopy FILE` read FILE
        let graphs: std::sync::Arc<dyn grundy::games::GraphSource> =
            std::sync::Arc::new(grundy::app::FileGraphs::default());
        let options = SessionOptions {
            solve: SolveOptions {
                convention,
                max_states: args.max_states,
                graphs: graphs.clone(),
                cancel: super::stop::cancel(),
                ..SolveOptions::default()
            },
            value: ValueOptions {
                max_states: args.max_states,
                graphs,
                database: super::db::open(args.db.as_deref())?,
                cancel: super::stop::cancel(),
                ..Default::default()
            },
            left_first: match args.first {
                First::Left => true,
                First::Right => false,
                First::Me => you_left,
                First::Computer => !you_left,
            },
        };
        open_session(expr, &options).map_err(super::message)?
    };
    let sided = !matches!(session.kind(), GameKind::Impartial { .. });
    if !sided && matches!(args.first, First::Left | First::Right) {
        return Err("--first left|right is for partizan games; here say me or computer".into());
    }
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let game = Game {
        session,
        you_left,
        computer_first: args.first == First::Computer,
    };
    match game.play(stdin.lock(), &mut out) {
        Ok(()) => ended(out.flush()),
        Err(PlayError::Io(e)) => ended(Err(e)),
        Err(PlayError::Game(e)) => Err(e),
    }
}

enum PlayError {
    Io(std::io::Error),
    Game(String),
}

impl From<std::io::Error> for PlayError {
    fn from(e: std::io::Error) -> Self {
        PlayError::Io(e)
    }
}

impl From<grundy::GrundyError> for PlayError {
    fn from(e: grundy::GrundyError) -> Self {
        PlayError::Game(super::message(e))
    }
}

/// A game in the terminal: any session, and who the human is.
struct Game {
    session: Box<dyn PlaySession>,
    /// In a partizan or loopy game, whether you play Left.
    you_left: bool,
    /// In an impartial game, whether the computer moved first.
    computer_first: bool,
}

/// "win", "lose" or "draw" for the player to move in `turn` (with an s for the computer),
/// and in how many moves where remoteness is known.
fn verdict(turn: &Turn, third_person: bool) -> String {
    let how = result_word(turn.result);
    let how = if third_person {
        format!("{how}s")
    } else {
        how.to_string()
    };
    match turn.remoteness {
        Some(r) if turn.result != MoveResult::Draw => format!("{how} in {r}"),
        _ => how.to_string(),
    }
}

fn result_word(result: MoveResult) -> &'static str {
    match result {
        MoveResult::Win => "win",
        MoveResult::Lose => "lose",
        MoveResult::Draw => "draw",
        MoveResult::Unknown => "?",
    }
}

impl Game {
    /// Whether the computer is to move: the side to move in a partizan or loopy game, the
    /// parity of the moves played in an impartial one.
    fn computer_to_move(&self) -> bool {
        match self.session.left_to_move() {
            Some(left) => left != self.you_left,
            None => self.session.moves_played().is_multiple_of(2) == self.computer_first,
        }
    }

    /// The first line: who plays what, who moves first, the commands.
    fn intro(&self, first: &Turn) -> String {
        let commands =
            "Type a move's number or the position it leads to; also hint, more, undo, quit.";
        match (self.session.kind(), first.left_to_move) {
            (GameKind::Impartial { convention }, _) => format!(
                "{} first, {} play. {commands}",
                if self.computer_first {
                    "The computer moves"
                } else {
                    "You move"
                },
                convention.name()
            ),
            (GameKind::Partizan { players }, left) => format!(
                "You play {} ({}), the computer {}; {} moves first. {commands}",
                side(self.you_left),
                players[usize::from(!self.you_left)],
                side(!self.you_left),
                side(left.unwrap_or(true))
            ),
            (GameKind::Loopy, left) => format!(
                "You play {}, the computer {}; {} moves first. Positions can repeat: play that \
                 never ends is a draw. {commands}",
                side(self.you_left),
                side(!self.you_left),
                side(left.unwrap_or(true))
            ),
        }
    }

    /// What a move gives, as the hint lists it.
    fn hint(&self, m: &TurnMove) -> String {
        let word = result_word(m.result);
        match (self.session.kind(), &m.value, m.remoteness) {
            (GameKind::Loopy, _, Some(k)) => format!("{word} ({k} more moves)"),
            (GameKind::Impartial { .. }, _, Some(r)) => format!("{word} (remoteness {r})"),
            (_, Some(v), _) if v != "?" => format!("{word} (value {v})"),
            _ => word.to_string(),
        }
    }

    /// Prints moves `from..from + PAGE`, with what each gives when `hint`.
    fn show_moves(
        &self,
        out: &mut impl Write,
        turn: &Turn,
        from: usize,
        hint: bool,
    ) -> std::io::Result<usize> {
        let end = (from + PAGE).min(turn.moves.len());
        for (i, m) in turn.moves.iter().enumerate().take(end).skip(from) {
            if hint {
                writeln!(out, "  {:>3}) {:<30} {}", i + 1, m.to, self.hint(m))?;
            } else {
                writeln!(out, "  {:>3}) {}", i + 1, m.to)?;
            }
        }
        let more = turn.moves.len() - end;
        if more > 0 {
            writeln!(out, "  ... {more} more: type 'more'")?;
        } else if turn.truncated {
            writeln!(
                out,
                "  ({} moves in all; the winning ones are listed; type any other position)",
                turn.total_moves
            )?;
        }
        Ok(end)
    }

    /// The game's end: the player to move has no move.
    fn over(&self, out: &mut impl Write, turn: &Turn) -> std::io::Result<()> {
        let computer_to_move = self.computer_to_move();
        match turn.left_to_move {
            Some(left) => no_move(out, &turn.position, left, !computer_to_move),
            None => {
                // (misère play: the player with no move wins)
                let human_wins = (turn.result == MoveResult::Win) != computer_to_move;
                writeln!(
                    out,
                    "Position {}: no moves left. {}",
                    turn.position,
                    if human_wins {
                        "You win."
                    } else {
                        "The computer wins."
                    }
                )
            }
        }
    }

    /// The computer's move, said.
    fn computer_moves(&mut self, out: &mut impl Write, turn: &Turn) -> Result<(), PlayError> {
        let pick = turn.computer.expect("a position with moves has a pick");
        let to = turn.moves[pick].to.clone();
        match turn.left_to_move {
            Some(left) => {
                let how = match turn.result {
                    MoveResult::Win => "wins",
                    MoveResult::Draw => "keeps the draw",
                    _ => "loses",
                };
                writeln!(out, "Computer ({}, {how}): plays {to}", side(left))?;
            }
            None => writeln!(out, "Computer ({}): plays {to}", verdict(turn, true))?,
        }
        self.session.play(&to)?;
        Ok(())
    }

    /// The line before the human's moves.
    fn your_move(&self, out: &mut impl Write, turn: &Turn) -> std::io::Result<()> {
        match (turn.left_to_move, &turn.value) {
            (None, _) => writeln!(out, "Position {}: your move.", turn.position),
            (Some(_), value) => {
                let value = match value.as_deref() {
                    None => String::new(),
                    Some("?") => " (too large to value: played by search)".to_string(),
                    Some(v) => format!(" (value {v})"),
                };
                writeln!(
                    out,
                    "Position {}{value}: your move as {}.",
                    turn.position,
                    side(self.you_left)
                )
            }
        }
    }

    /// The hint: what the position gives you, then every move with what it gives.
    fn say_hint(&self, out: &mut impl Write, turn: &Turn) -> std::io::Result<()> {
        // (positions can repeat: "with perfect play", since play may go on for ever)
        let perfect = if self.session.kind() == GameKind::Loopy {
            "With perfect play you"
        } else {
            "You"
        };
        writeln!(out, "{perfect} {} from here.", verdict(turn, false))?;
        self.show_moves(out, turn, 0, true)?;
        Ok(())
    }

    fn play(mut self, input: impl BufRead, out: &mut impl Write) -> Result<(), PlayError> {
        let mut lines = input.lines();
        // the first position is analysed before anything is printed: an error is one line
        let mut first = Some(self.session.turn(MAX_LISTED)?);
        writeln!(out, "{}", self.intro(first.as_ref().expect("just made")))?;
        loop {
            let turn = match first.take() {
                Some(turn) => turn,
                None => self.session.turn(MAX_LISTED)?,
            };
            if turn.over {
                self.over(out, &turn)?;
                return Ok(());
            }
            if self.computer_to_move() {
                self.computer_moves(out, &turn)?;
                continue;
            }
            self.your_move(out, &turn)?;
            let mut shown = self.show_moves(out, &turn, 0, false)?;
            loop {
                match read_command(&mut lines, out)? {
                    Typed::Ended | Typed::Quit => return Ok(()),
                    Typed::Hint => {
                        self.say_hint(out, &turn)?;
                        shown = shown.max(PAGE.min(turn.moves.len()));
                    }
                    Typed::Other(more) if more == "more" || more == "m" => {
                        if shown >= turn.moves.len() {
                            writeln!(out, "No more moves.")?;
                        } else {
                            shown = self.show_moves(out, &turn, shown, false)?;
                        }
                    }
                    Typed::Undo => {
                        // take back the computer's reply and your move
                        let mut undone = 0;
                        while undone < 2 && self.session.undo()? {
                            undone += 1;
                            if !self.computer_to_move() {
                                break;
                            }
                        }
                        if undone == 0 {
                            writeln!(out, "Nothing to undo.")?;
                            continue;
                        }
                        writeln!(out, "Taken back.")?;
                        break;
                    }
                    Typed::Help => {
                        writeln!(
                            out,
                            "A move's number or the position it leads to; 'hint' (every move \
                             with what it gives you), 'more', 'undo', 'quit'."
                        )?;
                    }
                    Typed::Other(text) => {
                        let to = |k: usize| turn.moves[k].to.clone();
                        let Some(to) = typed_move(&text, turn.moves.len(), to, out)? else {
                            continue;
                        };
                        match self.session.play(&to) {
                            Ok(()) => break,
                            Err(e) => writeln!(out, "{}", super::message(e))?,
                        }
                    }
                }
            }
        }
    }
}
