//! The terminal's turns, shared by every game `grundy play` plays: the prompt and its commands
//! (a move, hint, undo, help, quit), how a typed move is read, how a game ends (a closed pipe
//! quietly, a failed read or write in one line), and the words of a Left/Right game.

use std::io::Write;

/// A line of standard input that could not be read (told apart from a failed write).
#[derive(Debug)]
struct InputFailed(std::io::Error);

impl std::fmt::Display for InputFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read standard input: {}", self.0)
    }
}

impl std::error::Error for InputFailed {}

/// How a game in the terminal ends after its last write: a closed pipe ends it quietly (the
/// reader has seen what it wanted), a failed read or write of the terminal is one line.
pub(super) fn ended(io: std::io::Result<()>) -> Result<String, String> {
    match io {
        Ok(()) => Ok(String::new()),
        Err(e) => match e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<InputFailed>())
        {
            Some(input) => Err(input.to_string()),
            None => super::written(e, "standard output").map(|()| String::new()),
        },
    }
}

/// The position a typed line names: move k's (`to(k - 1)`) for a number k in `1..=count`, or
/// the text itself; `None`, after saying so, for a number out of range.
pub(super) fn typed_move(
    text: &str,
    count: usize,
    to: impl Fn(usize) -> String,
    out: &mut impl Write,
) -> std::io::Result<Option<String>> {
    Ok(match text.parse::<usize>() {
        Ok(k) if (1..=count).contains(&k) => Some(to(k - 1)),
        Ok(k) => {
            writeln!(out, "No move {k}: the moves are numbered 1 to {count}.")?;
            None
        }
        Err(_) => Some(text.to_string()),
    })
}

/// What the player typed at a terminal game's prompt.
pub(super) enum Typed {
    /// The input ended ("(input ended)" said).
    Ended,
    /// quit, q or exit ("Bye." said).
    Quit,
    /// hint, h or ?.
    Hint,
    /// undo or u.
    Undo,
    /// help.
    Help,
    /// Anything else: a move, or a game's own word (`more`).
    Other(String),
}

/// Prompts with `> ` and reads lines until one is not blank: the command it is. The ends of
/// a game (the input ended, quit) are said here.
pub(super) fn read_command(
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    out: &mut impl Write,
) -> std::io::Result<Typed> {
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            writeln!(out, "(input ended)")?;
            return Ok(Typed::Ended);
        };
        let line = line.map_err(|e| std::io::Error::other(InputFailed(e)))?;
        return Ok(match line.trim() {
            "" => continue,
            "quit" | "q" | "exit" => {
                writeln!(out, "Bye.")?;
                Typed::Quit
            }
            "hint" | "h" | "?" => Typed::Hint,
            "undo" | "u" => Typed::Undo,
            "help" => Typed::Help,
            text => Typed::Other(text.to_string()),
        });
    }
}

/// Left or Right, as a partizan game's terminal play names them.
pub(super) fn side(left: bool) -> &'static str {
    if left {
        "Left"
    } else {
        "Right"
    }
}

/// The end of a partizan (or loopy) game in the terminal: the player to move (Left when
/// `left`) has no move at `position`, and loses.
pub(super) fn no_move(
    out: &mut impl Write,
    position: &str,
    left: bool,
    mover_is_you: bool,
) -> std::io::Result<()> {
    writeln!(
        out,
        "Position {position}: {} has no move. {}",
        side(left),
        if mover_is_you {
            "The computer wins."
        } else {
            "You win."
        }
    )
}
