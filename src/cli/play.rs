//! `grundy play`: a game against the perfect opponent, one line of input per turn (a terminal
//! or a pipe).

use super::turns::{ended, read_command, typed_move, Typed};
use grundy::app::play::{MoveResult, PlayState, Session};
use grundy::game_graph::read_game_graph;
use grundy::graph::io::read_board;
use grundy::{Convention, Outcome, SolveOptions};
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
    /// Look partizan positions up in this database (written by `grundy db build`) before
    /// searching them.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
}

/// Builds the session and plays it on stdin and stdout.
pub fn run(args: &Args) -> Result<String, String> {
    let convention = Convention::from_misere(args.misere);
    if let Some(expr) = &args.expr {
        let options = grundy::app::value::ValueOptions {
            max_states: args.max_states,
            graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
            database: super::db::open(args.db.as_deref())?,
            cancel: super::stop::cancel(),
            ..Default::default()
        };
        let you_left = args.side == Side::Left;
        let left_first = match args.first {
            First::Left => true,
            First::Right => false,
            First::Me => you_left,
            First::Computer => !you_left,
        };
        let loopy = grundy::app::loopy::LoopyOptions {
            max_states: args.max_states,
            graphs: options.graphs.clone(),
            with_value: false,
            cancel: super::stop::cancel(),
            ..Default::default()
        };
        if let Some(game) = grundy::app::loopy_play::LoopyPlay::new(expr, left_first, &loopy)
            .map_err(super::message)?
        {
            if args.misere {
                return Err("misère play of loopy games is not supported".into());
            }
            return super::play_loopy::run(game, you_left);
        }
        if grundy::app::value::has_partizan_part(expr, &options).map_err(super::message)? {
            if args.misere {
                return Err("misère play of partizan games is not supported".into());
            }
            return super::play_partizan::run(expr, you_left, left_first, &options);
        }
    }
    if matches!(args.first, First::Left | First::Right) {
        return Err("--first left|right is for partizan games; here say me or computer".into());
    }
    let session = if let Some(path) = &args.graph {
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let graph = read_game_graph(file).map_err(super::message)?;
        Session::from_graph(
            graph,
            args.from.as_deref(),
            convention,
            &super::stop::cancel(),
        )
    } else if let Some(path) = &args.grid {
        if args.misere {
            return Err("the token game on a board is played in normal play only".into());
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let board = read_board(&bytes).map_err(super::message)?;
        let from = args.from.as_deref().unwrap_or_default();
        let (row, col) = grundy::app::play::parse_cell(from).map_err(super::message)?;
        Session::from_board(board, row, col)
    } else {
        let expr = args.expr.as_deref().unwrap_or_default();
        let options = SolveOptions {
            convention,
            max_states: args.max_states,
            // the user's own files: `graph FILE V` reads FILE
            graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
            cancel: super::stop::cancel(),
            ..SolveOptions::default()
        };
        Session::from_sum(expr, &options)
    }
    .map_err(super::message)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let game = Game {
        session,
        convention,
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

struct Game {
    session: Session,
    convention: Convention,
    computer_first: bool,
}

/// "win", "lose" or "draw" for the player to move in `state` (with an s for the computer),
/// and in how many moves where remoteness is known.
fn verdict(state: &PlayState, third_person: bool) -> String {
    let how = match state.outcome {
        Outcome::N => "win",
        Outcome::P => "lose",
        Outcome::D => "draw",
    };
    let how = if third_person {
        format!("{how}s")
    } else {
        how.to_string()
    };
    match state.remoteness {
        Some(r) if state.outcome != Outcome::D => format!("{how} in {r}"),
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
    fn state(&mut self) -> Result<PlayState, PlayError> {
        self.session
            .state(MAX_LISTED)
            .map_err(|e| PlayError::Game(super::message(e)))
    }

    /// Prints moves `from..from + PAGE`, with their values when `hint`.
    fn show_moves(
        out: &mut impl Write,
        state: &PlayState,
        from: usize,
        hint: bool,
    ) -> std::io::Result<usize> {
        let end = (from + PAGE).min(state.moves.len());
        for (i, m) in state.moves.iter().enumerate().take(end).skip(from) {
            if hint {
                let remoteness = m
                    .remoteness
                    .map(|r| format!(" (remoteness {r})"))
                    .unwrap_or_default();
                writeln!(
                    out,
                    "  {:>3}) {:<30} {}{remoteness}",
                    i + 1,
                    m.to,
                    result_word(m.result)
                )?;
            } else {
                writeln!(out, "  {:>3}) {}", i + 1, m.to)?;
            }
        }
        let more = state.moves.len() - end;
        if more > 0 {
            writeln!(out, "  ... {more} more: type 'more'")?;
        } else if state.truncated {
            writeln!(
                out,
                "  ({} moves in all; the winning ones are listed; type any other position)",
                state.total_moves
            )?;
        }
        Ok(end)
    }

    fn play(mut self, input: impl BufRead, out: &mut impl Write) -> Result<(), PlayError> {
        let mut lines = input.lines();
        let mut computer_to_move = self.computer_first;
        // the first position is analysed before anything is printed: an error is one line
        let mut first = Some(self.state()?);
        writeln!(
            out,
            "{} first, {} play. Type a move's number or the position it leads to; also hint, \
             more, undo, quit.",
            if computer_to_move {
                "The computer moves"
            } else {
                "You move"
            },
            self.convention.name()
        )?;
        loop {
            let state = match first.take() {
                Some(state) => state,
                None => self.state()?,
            };
            if state.over {
                let mover_wins = state.outcome == Outcome::N;
                let human_wins = mover_wins != computer_to_move;
                writeln!(
                    out,
                    "Position {}: no moves left. {}",
                    state.position,
                    if human_wins {
                        "You win."
                    } else {
                        "The computer wins."
                    }
                )?;
                return Ok(());
            }
            if computer_to_move {
                let pick = state.computer.expect("a position with moves has a pick");
                let to = state.moves[pick].to.clone();
                writeln!(out, "Computer ({}): plays {to}", verdict(&state, true))?;
                self.session
                    .play(&to)
                    .map_err(|e| PlayError::Game(super::message(e)))?;
                computer_to_move = false;
                continue;
            }
            writeln!(out, "Position {}: your move.", state.position)?;
            let mut shown = Self::show_moves(out, &state, 0, false)?;
            loop {
                match read_command(&mut lines, out)? {
                    Typed::Ended | Typed::Quit => return Ok(()),
                    Typed::Hint => {
                        writeln!(out, "You {} from here.", verdict(&state, false))?;
                        Self::show_moves(out, &state, 0, true)?;
                        shown = shown.max(PAGE.min(state.moves.len()));
                    }
                    Typed::Other(more) if more == "more" || more == "m" => {
                        if shown >= state.moves.len() {
                            writeln!(out, "No more moves.")?;
                        } else {
                            shown = Self::show_moves(out, &state, shown, false)?;
                        }
                    }
                    Typed::Undo => {
                        // take back the computer's reply and your move
                        let mut undone = 0;
                        while undone < 2 && self.session.undo() {
                            undone += 1;
                        }
                        if undone == 0 {
                            writeln!(out, "Nothing to undo.")?;
                            continue;
                        }
                        if undone == 1 && self.computer_first {
                            computer_to_move = true;
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
                        let to = |k: usize| state.moves[k].to.clone();
                        let Some(to) = typed_move(&text, state.moves.len(), to, out)? else {
                            continue;
                        };
                        match self.session.play(&to) {
                            Ok(()) => {
                                computer_to_move = true;
                                break;
                            }
                            Err(e) => writeln!(out, "{e}")?,
                        }
                    }
                }
            }
        }
    }
}
