//! `grundy play` on a sum with a loopy part: you play Left or Right against the perfect
//! opponent, who wins when it can and otherwise keeps the draw; play may go on for ever, so
//! `quit` ends it.

use super::turns::{no_move, read_command, side, Typed};
use grundy::app::loopy_play::{LoopyPlay, LoopyPlayState};
use grundy::partizan::loopy::Play;
use std::io::{BufRead, Write};

/// Plays `game` on stdin and stdout: you are Left when `you_left`.
pub fn run(mut game: LoopyPlay, you_left: bool) -> Result<String, String> {
    // the first position is analysed before anything is printed: an error is one line
    let first = game.state().map_err(super::message)?;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let played = play(&mut game, first, you_left, stdin.lock(), &mut out);
    super::turns::ended(played.and_then(|()| out.flush()))
}

fn show_moves(out: &mut impl Write, state: &LoopyPlayState, hint: bool) -> std::io::Result<()> {
    for (i, m) in state.moves.iter().enumerate() {
        if hint {
            let after = match m.remoteness {
                Some(k) => format!(" ({k} more moves)"),
                None => String::new(),
            };
            writeln!(
                out,
                "  {:>3}) {:<30} {}{after}",
                i + 1,
                m.to,
                m.result.word()
            )?;
        } else {
            writeln!(out, "  {:>3}) {}", i + 1, m.to)?;
        }
    }
    Ok(())
}

fn play(
    game: &mut LoopyPlay,
    first: LoopyPlayState,
    you_left: bool,
    input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut lines = input.lines();
    writeln!(
        out,
        "You play {}, the computer {}; {} moves first. Positions can repeat: play that never \
         ends is a draw. Type a move's number or the position it leads to; also hint, undo, quit.",
        side(you_left),
        side(!you_left),
        side(game.left_to_move())
    )?;
    let mut next = Some(first);
    loop {
        let state = match next.take() {
            Some(s) => s,
            None => match game.state() {
                Ok(s) => s,
                Err(e) => {
                    writeln!(out, "{}", super::message(e))?;
                    return Ok(());
                }
            },
        };
        let mover_is_you = game.left_to_move() == you_left;
        if state.moves.is_empty() {
            no_move(out, &state.position, game.left_to_move(), mover_is_you)?;
            return Ok(());
        }
        if !mover_is_you {
            let pick = state.computer.expect("a position with moves has a pick");
            let verdict = match state.result {
                Play::Win => "wins",
                Play::Draw => "keeps the draw",
                Play::Loss => "loses",
            };
            writeln!(
                out,
                "Computer ({}, {verdict}): plays {}",
                side(game.left_to_move()),
                state.moves[pick].to
            )?;
            if let Err(e) = game.play(&(pick + 1).to_string()) {
                writeln!(out, "{}", super::message(e))?;
                return Ok(());
            }
            continue;
        }
        writeln!(
            out,
            "Position {}: your move as {}.",
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
                        "With perfect play you {} from here.",
                        state.result.word()
                    )?;
                    show_moves(out, &state, true)?;
                }
                Typed::Undo => {
                    // take back the computer's reply and your move
                    let mut undone = 0;
                    while undone < 2 && game.undo() {
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
                         what it gives you: win, draw or loss), 'undo', 'quit'."
                    )?;
                }
                Typed::Other(text) => match game.play(&text) {
                    Ok(()) => break,
                    Err(e) => writeln!(out, "{}", super::message(e))?,
                },
            }
        }
    }
}
