//! `grundy db build [--cells N] GAME... FILE` and `grundy db info FILE`

use grundy::app::database::{build_database, DatabaseReport};
use grundy::partizan::database::Database;
use std::fmt::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Debug, clap::Subcommand)]
enum DbCommand {
    /// Value every board of at most N cells of each GAME (every filling of every shape) and
    /// write the positions met, with their canonical forms, outcomes and temperatures, to
    /// FILE, for `--db FILE` on solve, value and play; for the impartial games (cram, chomp,
    /// nodekayles, arckayles), the nimbers of every component (region, diagram, connected
    /// graph) of at most N cells, squares or vertices, which the nimber search looks up.
    Build {
        /// The games (domineering, clobber, toads, ..., cram, chomp, nodekayles, arckayles),
        /// then the file to write.
        #[arg(value_name = "GAME... FILE", num_args = 2.., required = true)]
        words: Vec<String>,
        /// The largest board, in cells.
        #[arg(long, value_name = "N", default_value_t = 8)]
        cells: usize,
        /// The most positions each game's table may store while building.
        #[arg(long, value_name = "N", default_value_t = 1 << 24)]
        max_states: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        memory: super::MemoryArg,
    },
    /// What a database holds: the version that wrote it, its games and their positions.
    Info {
        /// The database.
        file: PathBuf,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Opens `--db FILE` for solve, value and play: one line if it cannot be used.
pub fn open(path: Option<&Path>) -> Result<Option<std::sync::Arc<Database>>, String> {
    match path {
        Some(path) => Ok(Some(std::sync::Arc::new(
            Database::open(path).map_err(super::message)?,
        ))),
        None => Ok(None),
    }
}

/// `Some` (the memory limit given, if any) for the subcommand that computes (`db build`).
pub fn max_memory(args: &Args) -> Option<Option<u64>> {
    match &args.command {
        DbCommand::Build { memory, .. } => Some(memory.max_memory),
        DbCommand::Info { .. } => None,
    }
}

pub fn run(args: &Args) -> Result<String, String> {
    match &args.command {
        DbCommand::Build {
            words,
            cells,
            max_states,
            json,
            memory: _,
        } => {
            let (file, games) = words.split_last().expect("two words at least");
            let budget =
                grundy::budget::Budget::new(*max_states).with_cancel(super::stop::cancel());
            // a progress bar on stderr when it is a terminal, cleared at the end
            use std::io::IsTerminal;
            let bar = std::io::stderr().is_terminal().then(|| {
                let bar = indicatif::ProgressBar::new(0);
                bar.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{elapsed} boards {pos}/{len} {wide_bar} {eta} left",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                bar
            });
            let report = build_database(
                games,
                *cells,
                Path::new(file),
                budget,
                &mut |done, total| {
                    if let Some(bar) = &bar {
                        bar.set_length(total);
                        bar.set_position(done);
                    }
                },
            );
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            let report = report.map_err(super::message)?;
            super::render(&report, *json, human)
        }
        DbCommand::Info { file, json } => {
            let db = Database::open(file).map_err(super::message)?;
            let header = db.header();
            if *json {
                return super::render(header, true, |_| String::new());
            }
            let mut out = String::new();
            let _ = write!(out, "{}: grundy {}", file.display(), header.version);
            if !header.games.is_empty() {
                let _ = write!(
                    out,
                    ", boards of at most {} cells, {} canonical forms",
                    header.cells, header.forms
                );
            }
            out.push('\n');
            for (game, count) in &header.games {
                let _ = writeln!(out, "  {game:<12} {count} positions");
            }
            for section in &header.nimbers {
                let _ = writeln!(
                    out,
                    "  {:<12} {} nimbers of components of at most {}",
                    section.game, section.entries, section.size
                );
            }
            Ok(out)
        }
    }
}

fn human(r: &DatabaseReport) -> String {
    let mut out = String::new();
    if r.games.is_empty() {
        let _ = writeln!(out, "{}", r.path);
    } else {
        let _ = writeln!(
            out,
            "{}: boards of at most {} cells, {} canonical forms",
            r.path, r.header.cells, r.header.forms
        );
    }
    for (game, valued, refused) in &r.games {
        let refused = if *refused > 0 {
            format!(" ({refused} refused by the rules)")
        } else {
            String::new()
        };
        let _ = writeln!(out, "  {game:<12} {valued} boards valued{refused}");
    }
    for (game, count) in &r.header.games {
        let _ = writeln!(out, "  {game:<12} {count} positions stored");
    }
    for (game, size, count) in &r.nimbers {
        let _ = writeln!(
            out,
            "  {game:<12} {count} nimbers of components of at most {size}"
        );
    }
    out
}
