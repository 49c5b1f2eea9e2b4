//! `grundy play` on a sum with a partizan part: you play Left or Right against the perfect
//! opponent, one line of input per turn.

use super::turns::{no_move, read_command, side, Typed};
use grundy::app::partizan_play::{PartizanPlay, PartizanPlayState};
use grundy::app::value::ValueOptions;
use std::io::{BufRead, Write};

/// Plays `expr` on stdin and stdout: you are Left when `you_left`; Left moves first when
/// `left_first`.
pub fn run(
    expr: &str,
    you_left: bool,
    left_first: bool,
    options: &ValueOptions,
) -> Result<String, String> {
    let mut game = PartizanPlay::new(expr, left_first, options).map_err(super::message)?;
    // the first position is analysed before anything is printed: an error is one line
    let first = game.state().map_err(super::message)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    match play(&mut game, first, you_left, stdin.lock(), &mut out) {
        Ok(()) => super::turns::ended(out.flush()),
        Err(Stop::Io(e)) => super::turns::ended(Err(e)),
        Err(Stop::Game(e)) => Err(e),
    }
}

enum Stop {
    Io(std::io::Error),
    Game(String),
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Self {
        Stop::Io(e)
    }
}

fn show_moves(out: &mut impl Write, state: &PartizanPlayState, hint: bool) -> std::io::Result<()> {
    for (i, m) in state.moves.iter().enumerate() {
        if hint {
            let verdict = if m.wins { "win" } else { "lose" };
            if m.value == "?" {
                // played by search: no canonical form
                writeln!(out, "  {:>3}) {:<30} {verdict}", i + 1, m.to)?;
            } else {
                writeln!(
                    out,
                    "  {:>3}) {:<30} {verdict} (value {})",
                    i + 1,
                    m.to,
                    m.value
                )?;
            }
        } else {
            writeln!(out, "  {:>3}) {}", i + 1, m.to)?;
        }
    }
    Ok(())
}

fn play(
    game: &mut PartizanPlay,
    first: PartizanPlayState,
    you_left: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), Stop> {
    let failed = |e| Stop::Game(super::message(e));
    let mut lines = input.lines();
    writeln!(
        out,
        "You play {} ({}), the computer {}; {} moves first. Type a move's number or the position \
         it leads to; also hint, undo, quit.",
        side(you_left),
        game.players()[usize::from(!you_left)],
        side(!you_left),
        side(game.left_to_move())
    )?;
    let mut next = Some(first);
    loop {
        let state = match next.take() {
            Some(s) => s,
            None => game.state().map_err(failed)?,
        };
        let mover_is_you = game.left_to_move() == you_left;
        if state.moves.is_empty() {
            no_move(out, &state.position, game.left_to_move(), mover_is_you)?;
            return Ok(());
        }
        if !mover_is_you {
            let pick = state.computer.expect("a position with moves has a pick");
            let to = state.moves[pick].to.clone();
            writeln!(
                out,
                "Computer ({}, {}): plays {to}",
                side(game.left_to_move()),
                if state.mover_wins { "wins" } else { "loses" }
            )?;
            game.play(&to).map_err(failed)?;
            continue;
        }
        let value = match state.value.as_str() {
            "?" => "too large to value: played by search".to_string(),
            v => format!("value {v}"),
        };
        writeln!(
            out,
            "Position {} ({value}): your move as {}.",
            state.position,
            side(you_left)
        )?;
        show_moves(out, &state, false)?;
        loop {
            match read_command(&mut lines, out)? {
                Typed::Ended | Typed::Quit => return Ok(()),
                Typed::Hint => {
                    writeln!(
                        out,
                        "You {} from here.",
                        if state.mover_wins { "win" } else { "lose" }
                    )?;
                    show_moves(out, &state, true)?;
                }
                Typed::Undo => {
                    // take back the computer's reply and your move
                    let mut undone = 0;
                    while undone < 2 && game.undo().map_err(failed)? {
                        undone += 1;
                        if game.left_to_move() == you_left {
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
                        "A move's number or the position it leads to; 'hint' (every move with \
                         what it gives you), 'undo', 'quit'."
                    )?;
                }
                Typed::Other(text) => {
                    let to = |k: usize| state.moves[k].to.clone();
                    let Some(to) = super::turns::typed_move(&text, state.moves.len(), to, out)?
                    else {
                        continue;
                    };
                    match game.play(&to) {
                        Ok(()) => break,
                        Err(e) => writeln!(out, "{}", super::message(e))?,
                    }
                }
            }
        }
    }
}
