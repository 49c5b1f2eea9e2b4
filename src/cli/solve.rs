//! `grundy solve [--misere] [--json] [--max-states N] [--max-moves N] EXPR`

use grundy::app::report::{ImpartialReport, PartizanReport};
use grundy::game_graph::LoopyValue;
use grundy::partizan::checkpoint::SearchCheckpoint;
use grundy::partizan::root::{ProgressSink, SearchProgress};
use grundy::{solve, Convention, Outcome, SolveOptions, SolveReport};
use std::fmt::Write;

/// The help's list of every game, from the catalogs.
fn components_help() -> String {
    super::catalog_help()
        + "\nExamples: grundy solve 'nim 3 4 5 + wythoff 3 5'; grundy solve 'domineering ../..'"
}

#[derive(Debug, clap::Args)]
#[command(after_help = components_help())]
pub struct Args {
    /// The position: a sum of games (quote it), e.g. 'nim 3 4 5 + wythoff 3 5'; - reads it from standard input.
    #[arg(value_name = "EXPR", num_args = 1.., required = true, allow_hyphen_values = false)]
    expr: Vec<String>,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The most positions a search or a value table may store.
    #[arg(long, value_name = "N", default_value_t = SolveOptions::default().max_states)]
    max_states: usize,
    /// The most winning moves listed (the list is then marked truncated).
    #[arg(long, value_name = "N", default_value_t = SolveOptions::default().max_moves)]
    max_moves: usize,
    /// Partizan boards with their own search (Domineering, Clobber): the most positions
    /// searched per player for her winning moves after the first, which the outcome's own
    /// search names at no extra cost (past it the list is marked truncated); 'all' for no
    /// limit: every winning move up to --max-moves.
    #[arg(long, value_name = "N|all", value_parser = move_positions,
          default_value_t = MovePositions(SolveOptions::default().move_positions))]
    move_positions: MovePositions,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
    /// Partizan sums: do not compute the canonical form (who wins and the winning moves come
    /// from the search alone).
    #[arg(long)]
    no_value: bool,
    /// Partizan sums: the most positions the value engine may store for the canonical form
    /// (past it the value is reported unknown; the outcome is found by search anyway).
    #[arg(long, value_name = "N", default_value_t = grundy::app::solve::DEFAULT_VALUE_STATES)]
    value_states: usize,
    /// Save the search's table to FILE now and then, and resume from FILE when it exists (a
    /// run killed or stopped by --time-limit goes on where it was): the outcome search of a
    /// partizan sum, or the nimber search of a cram or chomp board or a nodekayles or
    /// arckayles graph (whose table serves any position of its game; such a search is not
    /// limited by the positions it lists, only its table by --max-states). On threads, one
    /// table shared by them is saved; with --engine dataflow, one file per worker
    /// (FILE.worker-I). Progress lines go to stderr at each save.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Seconds between two saves of --checkpoint (default 300).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
    checkpoint_every: Option<f64>,
    /// Look partizan positions, and the small components of impartial boards and graphs, up
    /// in this database (written by `grundy db build`) before searching them.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    /// Partizan sums: local (this process) or dataflow (the moves of the sum shared among
    /// timely dataflow workers: threads, processes of a host file, a cluster).
    #[arg(long, value_enum, default_value_t = super::graph::Engine::Local)]
    engine: super::graph::Engine,
    /// Threads searching at once (default: the number of cores): a partizan sum's moves
    /// (local engine), an impartial board's or graph's
    /// nimber search.
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    cluster: super::cluster::ClusterArgs,
}

/// `--move-positions`: a count of positions, or `None` for 'all'.
#[derive(Clone, Copy, Debug)]
struct MovePositions(Option<u64>);

impl std::fmt::Display for MovePositions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(n) => write!(f, "{n}"),
            None => f.write_str("all"),
        }
    }
}

fn move_positions(text: &str) -> Result<MovePositions, String> {
    match text {
        "all" => Ok(MovePositions(None)),
        n => n
            .parse::<u64>()
            .map(|n| MovePositions(Some(n)))
            .map_err(|_| format!("expected a count of positions or 'all', found '{n}'")),
    }
}

/// Solves the expression and renders the answer (JSON or text).
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    use std::io::IsTerminal;
    let bar = std::io::stderr()
        .is_terminal()
        .then(indicatif::ProgressBar::new_spinner);
    let options = SolveOptions {
        convention: Convention::from_misere(args.misere),
        max_states: args.max_states,
        max_moves: args.max_moves,
        // the user's own files: `graph FILE V` reads FILE
        graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
        cancel: super::stop::cancel(),
        value_states: (!args.no_value).then_some(args.value_states),
        checkpoint: match &args.checkpoint {
            Some(path) => Some(SearchCheckpoint {
                path: path.clone(),
                every: super::table::every(args.checkpoint_every)?,
            }),
            None => None,
        },
        progress: progress(args.checkpoint.is_some(), &bar),
        database: super::db::open(args.db.as_deref())?,
        threads: args.threads,
        move_positions: args.move_positions.0,
    };
    // The words of an unquoted expression arrive apart: join them back. `-` reads it from
    // standard input (a sum too long for a command line).
    let text = super::value::expression(&args.expr)?;
    if args.engine == super::graph::Engine::Dataflow {
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        return run_dataflow(args, &text, &options);
    }
    args.cluster.local_only()?;
    let answer = solve(&text, &options);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    super::render(&answer.map_err(super::message)?, args.json, human)
}

/// `--engine dataflow`: the root's moves shared among timely dataflow workers; only process 0
/// prints.
#[cfg(feature = "dataflow")]
fn run_dataflow(args: &Args, text: &str, options: &SolveOptions) -> Result<String, String> {
    let config = args.cluster.config()?;
    let quiet = super::cluster::QuietStdout::new(&config)?;
    let report = grundy::app::partizan_dataflow::dataflow_solve(text, options, &config);
    quiet.restore(args.cluster.process)?;
    match report.map_err(super::message)? {
        Some(report) => super::render(&report, args.json, human),
        None => Ok(String::new()),
    }
}

#[cfg(not(feature = "dataflow"))]
fn run_dataflow(_: &Args, _: &str, _: &SolveOptions) -> Result<String, String> {
    Err("this grundy was built without the 'dataflow' feature".into())
}

/// Where a partizan search reports its progress: a line on stderr refreshed about once a
/// second when stderr is a terminal (`bar`), and a line kept at each checkpoint save and on
/// resuming (also when stderr is a log).
fn progress(checkpoint: bool, bar: &Option<indicatif::ProgressBar>) -> Option<ProgressSink> {
    if bar.is_none() && !checkpoint {
        return None;
    }
    let bar = bar.clone();
    if let Some(bar) = &bar {
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
    }
    Some(ProgressSink(std::sync::Arc::new(
        move |p: &SearchProgress| {
            let line = p.line();
            if p.saved.is_some() || p.resumed.is_some() {
                match &bar {
                    Some(bar) => bar.println(format!("grundy: {line}")),
                    None => super::say(&line),
                }
            }
            if let Some(bar) = &bar {
                bar.set_message(line);
                bar.tick();
            }
        },
    )))
}

/// The text of `grundy solve` for any sum: by its kind.
fn human(report: &SolveReport) -> String {
    match report {
        SolveReport::Impartial(r) => impartial_human(r),
        SolveReport::Partizan(r) => partizan_human(r),
        SolveReport::Loopy(r) => super::value::loopy_human(r),
    }
}

fn partizan_human(r: &PartizanReport) -> String {
    let mut out = String::new();
    let outcome = match r.outcome.letter() {
        "L" => "L: Left wins, whoever moves first",
        "R" => "R: Right wins, whoever moves first",
        "N" => "N: the player to move wins",
        _ => "P: the player to move loses",
    };
    let _ = writeln!(out, "position:    {}", r.position);
    let _ = writeln!(out, "play:        normal (who cannot move loses)");
    let _ = writeln!(out, "outcome:     {outcome}");
    match (&r.value, &r.value_reason) {
        (Some(v), _) => {
            let _ = writeln!(out, "value:       {v}");
        }
        (None, Some(why)) => {
            let _ = writeln!(out, "value:       unknown: {why}");
        }
        (None, None) => {}
    }
    for (who, moves) in [
        ("Left", &r.left_winning_moves),
        ("Right", &r.right_winning_moves),
    ] {
        if moves.is_empty() {
            let _ = writeln!(out, "{who}'s winning moves, moving first: none");
        } else {
            let _ = writeln!(
                out,
                "{who}'s winning moves, moving first ({}):",
                moves.len()
            );
            for m in moves {
                let _ = writeln!(out, "  {m}");
            }
        }
    }
    if r.truncated {
        let why = r
            .truncated_reason
            .as_deref()
            .unwrap_or("a list was cut at --max-moves");
        let _ = writeln!(
            out,
            "note: more winning moves may exist than are listed: {why}"
        );
    }
    out
}

fn impartial_human(report: &ImpartialReport) -> String {
    let mut out = String::new();
    let play = match report.convention {
        "misere" => "misère (who cannot move wins)",
        _ => "normal (who cannot move loses)",
    };
    let outcome = match report.outcome {
        Outcome::N => "N: the player to move wins",
        Outcome::P => "P: the player to move loses",
        Outcome::D => "D: a draw, neither player can force a win",
    };
    let grundy = match (report.grundy, report.convention, &report.escapes) {
        (Some(g), _, _) => g.to_string(),
        (None, _, Some(k)) => format!(
            "{} (infinite; the finite values of its options)",
            LoopyValue::Infinite(k.clone())
        ),
        (None, "misere", _) => "not defined under misère play".into(),
        (None, _, _) if report.note.is_some() => "unknown (see the note)".into(),
        (None, _, _) => "unknown within the state limit".into(),
    };
    let _ = writeln!(out, "position:    {}", report.position);
    let _ = writeln!(out, "play:        {play}");
    let _ = writeln!(out, "outcome:     {outcome}");
    let _ = writeln!(out, "grundy:      {grundy}");
    match report.outcome {
        Outcome::D => {
            let moves = report.drawing_moves.as_deref().unwrap_or_default();
            let more = if report.truncated {
                ", list cut at --max-moves"
            } else {
                ""
            };
            let _ = writeln!(out, "winning moves: none");
            let _ = writeln!(out, "drawing moves ({}{more}):", moves.len());
            for m in moves {
                let _ = writeln!(out, "  {m}");
            }
        }
        Outcome::P => {
            let _ = writeln!(
                out,
                "winning moves: none (every move leaves the opponent winning)"
            );
        }
        Outcome::N => {
            let count = report.winning_moves.len();
            let more = if report.truncated {
                ", list cut at --max-moves"
            } else {
                ""
            };
            let _ = writeln!(out, "winning moves ({count}{more}):");
            for m in &report.winning_moves {
                let _ = writeln!(out, "  {m}");
            }
        }
    }
    if let Some(note) = &report.note {
        let listed = if report.outcome == Outcome::N {
            "; the moves listed are those proved winning"
        } else {
            ""
        };
        let _ = writeln!(out, "note: {note}{listed}");
    }
    out
}
