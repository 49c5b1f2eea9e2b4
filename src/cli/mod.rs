//! The command line: one module per subcommand, each with its `Args` and a `run` that returns
//! the text to print. Errors become one line on stderr and exit status 2; nothing is printed on
//! stdout unless the whole answer is ready.

mod cluster;
mod db;
mod geography;
mod graph;
mod play;
mod quotient;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod stop;
mod table;
mod turns;
mod value;

use clap::{CommandFactory, Parser, Subcommand};
use grundy::error::{GrundyError, Setting};
use std::io::Write;

/// The flag that sets `setting`.
pub fn flag(setting: Setting) -> String {
    match setting {
        Setting::Grundy => "--no-grundy".into(),
        other => format!("--{}", other.name().replace('_', "-")),
    }
}

/// A library error in the command line's words: each setting named by its flag.
pub fn message(e: GrundyError) -> String {
    match e {
        GrundyError::Cancelled if stop::cancel().memory_exceeded() => {
            stop::cancel().error().worded(flag)
        }
        GrundyError::Cancelled => stop::reason(),
        e => e.worded(flag),
    }
}

/// The help's list of every game a sum may hold, from the three catalogs (impartial, partizan,
/// loopy), for `solve` and `value`.
fn catalog_help() -> String {
    let mut text = String::from(
        "EXPR is a sum of parts joined by '+'. Impartial games (each its nimber *g):\n",
    );
    for game in grundy::games::GAMES {
        text += &format!("  {:<28} {}\n", game.usage, game.summary);
    }
    text +=
        "Partizan games, and values in CGSuite's notation ('{1|-1}', '1/2', '^*', '{2||1|0}'):\n";
    for game in grundy::games::partizan::PARTIZAN_GAMES {
        text += &format!("  {:<28} {}\n", game.syntax.usage, game.syntax.summary);
    }
    text +=
        "Loopy games, where positions repeat and endless play is a draw, and values such as on,\n\
             off, dud, over, upon, '{0|pass}', 'a{0|{1|a}}', '1 & 0' (onside & offside):\n";
    for game in grundy::games::loopy::LOOPY_GAMES {
        text += &format!("  {:<28} {}\n", game.usage, game.summary);
    }
    text
}

/// Solve combinatorial games exactly: impartial, partizan and loopy sums, game graphs and
/// boards; who wins, with which move, Sprague-Grundy values and canonical forms.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Who wins a sum of games (impartial, partizan or loopy), its value, and every winning
    /// move.
    Solve(solve::Args),
    /// The canonical form of a partizan sum (Domineering, Hackenbush, values...): stops,
    /// mean, temperature, thermograph, reduced form, atomic weight.
    Value(value::Args),
    /// Token games on graphs and boards: who wins from every start, by maximum matching.
    Geography(geography::Args),
    /// Grundy values of a family, and their period when it can be proved.
    Table(table::Args),
    /// Any game as a graph of positions, cycles allowed: win/lose/draw, remoteness, values.
    Graph(graph::Args),
    /// The misère quotient of an octal game: order, presentation, P-portion, pretending function.
    Quotient(quotient::Args),
    /// Play against the perfect opponent, in the terminal or from a pipe.
    Play(play::Args),
    /// A database of the canonical forms of small boards, for --db on solve, value and play.
    Db(db::Args),
    /// Serve the web page and its JSON API (solve, play, boards, game graphs).
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    /// Print a shell completion script (e.g. `grundy completions bash > /etc/bash_completion.d/grundy`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff; e.g. `grundy man > /usr/local/share/man/man1/grundy.1`).
    Man,
}

/// `--max-memory BYTES`, on every subcommand that computes.
#[derive(Debug, Clone, clap::Args)]
pub struct MemoryArg {
    /// The most memory the computation may hold, in bytes (K, M, G, T: 512M, 4G); default:
    /// half the machine's memory, or less under a control group's or an address-space
    /// limit. Past it the computation stops with one line.
    #[arg(long, value_name = "BYTES", value_parser = parse_memory)]
    pub max_memory: Option<u64>,
}

/// Reads `--max-memory`.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    grundy::memory::parse_bytes(text)
}

impl Command {
    /// `Some` (the memory limit given, if any) for the subcommands that compute.
    fn max_memory(&self) -> Option<Option<u64>> {
        match self {
            Command::Solve(a) => Some(a.memory.max_memory),
            Command::Value(a) => Some(a.memory.max_memory),
            Command::Geography(a) => Some(a.memory.max_memory),
            Command::Table(a) => Some(a.memory.max_memory),
            Command::Graph(a) => Some(a.memory.max_memory),
            Command::Quotient(a) => Some(a.memory.max_memory),
            Command::Play(a) => Some(a.memory.max_memory),
            Command::Db(a) => db::max_memory(a),
            #[cfg(feature = "serve")]
            Command::Serve(_) => None,
            Command::Completions { .. } | Command::Man => None,
        }
    }
}

/// Runs the command line and returns the exit status: 0 on success, 2 on any error.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) {
                return match print_out(&err.to_string()) {
                    Ok(()) => 0,
                    Err(e) => {
                        say(&e);
                        2
                    }
                };
            }
            // one line: clap's first line, with its usage hints dropped
            let text = err.render().to_string();
            let first = text.lines().next().unwrap_or("error: bad arguments");
            say(first.trim_start_matches("error: "));
            return 2;
        }
    };
    #[cfg(feature = "serve")]
    let interruptible = !matches!(cli.command, Command::Play(_) | Command::Serve(_));
    #[cfg(not(feature = "serve"))]
    let interruptible = !matches!(cli.command, Command::Play(_));
    if let Some(given) = cli.command.max_memory() {
        let bytes = given.unwrap_or_else(grundy::memory::default_limit);
        grundy::memory::set_limit(bytes);
        stop::limit_memory(bytes);
    }
    if interruptible {
        stop::on_interrupt();
    }
    let result = match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Value(args) => value::run(&args),
        Command::Geography(args) => geography::run(&args),
        Command::Table(args) => table::run(&args),
        Command::Graph(args) => graph::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Db(args) => db::run(&args),
        Command::Quotient(args) => quotient::run(&args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut script);
            String::from_utf8(script).map_err(|e| e.to_string())
        }
        Command::Man => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .map_err(|e| e.to_string())
                .and_then(|()| String::from_utf8(page).map_err(|e| e.to_string()))
        }
    };
    match result.and_then(|text| print_out(&text)) {
        Ok(()) => 0,
        Err(message) => {
            say(&message);
            if stop::cancel().is_cancelled() {
                stop::status()
            } else {
                2
            }
        }
    }
}

/// Renders a report as one JSON object (and a newline) or as text.
fn render<T: serde::Serialize>(
    report: &T,
    json: bool,
    human: impl Fn(&T) -> String,
) -> Result<String, String> {
    if json {
        let mut text = serde_json::to_string(report).map_err(|e| e.to_string())?;
        text.push('\n');
        Ok(text)
    } else {
        Ok(human(report))
    }
}

/// Runs `work`, showing its progress on stderr when stderr is a terminal: a bar of `total`
/// steps drawn with `template` (indicatif), advanced by the positions `work` reports, cleared
/// at the end.
fn with_progress<T>(
    total: u64,
    template: &str,
    work: impl FnOnce(&mut dyn FnMut(usize)) -> T,
) -> T {
    use std::io::IsTerminal;
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(total);
        bar.set_style(
            indicatif::ProgressStyle::with_template(template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let result = work(&mut |done| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    result
}

/// Writes the whole answer at once. A closed pipe (`grundy table ... | head`) is not an
/// error; any other failure (a full disk, a closed descriptor) is, in one line.
fn print_out(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) => written(e, "standard output"),
    }
}

/// What a failed write of `what` means for the command: nothing when the reader closed the
/// pipe (it has read all it wanted), else the error in one line.
fn written(e: std::io::Error, what: &str) -> Result<(), String> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(format!("cannot write {what}: {e}"))
    }
}

/// Says `message` on stderr as one line after `grundy: ` (a message quoting input that held a
/// line break included). Never panics: when stderr itself cannot be written, the exit status
/// is all that is left to say it.
pub fn say(message: &str) {
    let line = format!("grundy: {}\n", message.replace(['\n', '\r'], " "));
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
