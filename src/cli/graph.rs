//! `grundy graph [--engine local|dataflow] [--workers W] [--hosts FILE --process I] [--json]
//! [--misere] [--positions] [--no-grundy] [--from V] FILE`

use grundy::app::graph::{graph_report, GraphOptions, GraphReport, MoveRow, PositionRow};
use grundy::game_graph::LoopyValue;
use grundy::{Convention, Nimber};
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Formats (a file whose first non-blank character is '{' is JSON):
  edge list   optional # comment lines, then 'n m', then m lines 'u v': a move from u to v
              (1-based; self-loops allowed; a repeated move counts once)
  JSON        {\"moves\": {\"a\": [\"b\", \"c\"], \"b\": [], \"c\": [\"a\"]}}

For every position: W (the player to move wins), L (loses) or D (draw: play goes on forever);
the remoteness (moves left when the winner hurries and the loser delays); and the generalized
Sprague-Grundy value: a nimber, or inf{K} with K the finite values of its options.

Engines: 'local' (default) holds the whole graph and uses every core; 'dataflow' runs the
retrograde rounds on timely dataflow: --workers threads per process, and with --hosts FILE
(one host:port per line) --process I, one process per line of FILE, each keeping only its
share. The dataflow engine computes outcomes and remoteness, not Grundy values: it needs
--no-grundy (or --misere). Process 0 prints the answer; the others print nothing.

Example: grundy graph --from 1 game.txt
         grundy graph --engine dataflow --no-grundy --hosts hosts.txt --process 0 game.txt"
)]
pub struct Args {
    /// The game-graph file; - reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Misère play: the player who cannot move wins (implies no Grundy values).
    #[arg(long)]
    misere: bool,
    /// List every position with its outcome, remoteness and value.
    #[arg(long)]
    positions: bool,
    /// Skip the generalized Grundy values (outcomes and remoteness only).
    #[arg(long)]
    no_grundy: bool,
    /// Also describe this position and every move from it.
    #[arg(long, value_name = "V")]
    from: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The engine: local (one process, every core) or dataflow (timely dataflow workers).
    #[arg(long, value_enum, default_value_t = Engine::Local)]
    engine: Engine,
    #[command(flatten)]
    cluster: super::cluster::ClusterArgs,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
}

/// Which engine solves the graph (or, for `solve`, a partizan sum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// This process, on every core.
    Local,
    /// Timely dataflow workers (threads, processes, a cluster).
    Dataflow,
}

/// Reads the file, solves every position, renders the answer.
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    let options = GraphOptions {
        convention: Convention::from_misere(args.misere),
        grundy: !args.no_grundy && !args.misere,
        positions: args.positions,
        from: args.from.clone(),
        cancel: super::stop::cancel(),
    };
    if args.engine == Engine::Dataflow {
        return run_dataflow(args, &options);
    }
    args.cluster.local_only()?;
    let report = if args.file.as_os_str() == "-" {
        graph_report(std::io::stdin().lock(), &options)
    } else {
        let file = std::fs::File::open(&args.file)
            .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
        graph_report(file, &options)
    }
    .map_err(super::message)?;
    super::render(&report, args.json, human)
}

/// `--engine dataflow`: the same report from timely dataflow workers; only process 0 prints.
#[cfg(feature = "dataflow")]
fn run_dataflow(args: &Args, options: &GraphOptions) -> Result<String, String> {
    use grundy::app::graph::dataflow_graph_report;
    use grundy::game_graph::dataflow::Source;
    if options.grundy {
        return Err(
            "the dataflow engine computes outcomes and remoteness, not generalized \
                    Grundy values: add --no-grundy"
                .into(),
        );
    }
    let config = args.cluster.config()?;
    // timely prints notes on its connections to stdout: they go nowhere, and only process 0
    // prints, once the answer is ready
    let quiet = super::cluster::QuietStdout::new(&config)?;
    let source = if args.file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
        Source::bytes(bytes)
    } else {
        std::fs::File::open(&args.file)
            .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
        Source::file(&args.file)
    };
    let report = dataflow_graph_report(source, options, &config);
    quiet.restore(args.cluster.process)?;
    match report.map_err(super::message)? {
        Some(report) => super::render(&report, args.json, human),
        None => Ok(String::new()),
    }
}

#[cfg(not(feature = "dataflow"))]
fn run_dataflow(_: &Args, _: &GraphOptions) -> Result<String, String> {
    Err("this grundy was built without the 'dataflow' feature".into())
}

/// Rows of the remoteness histogram the text output shows; the rest are summed in one row.
const HISTOGRAM_ROWS: usize = 40;

/// γ as the library writes it (`3`, `inf{1,4}`), or `-` when not computed.
fn value_text(grundy: Option<u64>, escapes: &Option<Vec<u64>>) -> String {
    match (grundy, escapes) {
        (Some(g), _) => LoopyValue::Finite(Nimber(g)).to_string(),
        (None, Some(k)) => LoopyValue::Infinite(k.clone()).to_string(),
        (None, None) => "-".into(),
    }
}

fn remoteness_text(r: Option<u32>) -> String {
    r.map_or_else(|| "-".into(), |r| r.to_string())
}

fn row_text(row: &PositionRow) -> String {
    format!(
        "{:<12} {:<3} {:>10}  {}",
        row.position,
        row.outcome.letter(),
        remoteness_text(row.remoteness),
        value_text(row.grundy, &row.escapes)
    )
}

fn move_text(m: &MoveRow) -> String {
    format!(
        "{} {:<12} {:<5} {:>10}  {}",
        if m.best { "*" } else { " " },
        m.to,
        m.result,
        remoteness_text(m.remoteness),
        value_text(m.grundy, &m.escapes)
    )
}

fn human(report: &GraphReport) -> String {
    let mut out = String::new();
    let play = match report.convention {
        Convention::Misere => "misère (who cannot move wins)",
        Convention::Normal => "normal (who cannot move loses)",
    };
    let kind = if report.cyclic { "cyclic" } else { "acyclic" };
    let _ = writeln!(out, "positions:  {}", report.vertices);
    let _ = writeln!(out, "moves:      {} ({kind})", report.edges);
    let _ = writeln!(out, "play:       {play}");
    let _ = writeln!(
        out,
        "outcomes:   {} W (the player to move wins), {} L (loses), {} D (draw)",
        report.win, report.lose, report.draw
    );
    match (report.infinite, report.max_grundy) {
        (Some(inf), max) => {
            let max = max.map_or_else(|| "none".into(), |g| g.to_string());
            let _ = writeln!(
                out,
                "grundy:     largest finite value {max}, {inf} infinite"
            );
        }
        _ => {
            let _ = writeln!(out, "grundy:     not computed");
        }
    }
    if !report.by_remoteness.is_empty() {
        let _ = writeln!(out, "remoteness        W          L");
        let rows = &report.by_remoteness;
        for &(r, w, l) in rows.iter().take(HISTOGRAM_ROWS) {
            let _ = writeln!(out, "{r:>10} {w:>10} {l:>10}");
        }
        if rows.len() > HISTOGRAM_ROWS {
            let (w, l) = rows[HISTOGRAM_ROWS..]
                .iter()
                .fold((0, 0), |(a, b), &(_, w, l)| (a + w, b + l));
            let last = rows[rows.len() - 1].0;
            let _ = writeln!(
                out,
                "{:>10} {w:>10} {l:>10}   ({} more rows up to remoteness {last}; --json lists all)",
                format!("{}+", rows[HISTOGRAM_ROWS].0),
                rows.len() - HISTOGRAM_ROWS
            );
        }
    }
    let header = format!(
        "{:<12} {:<3} {:>10}  grundy",
        "position", "out", "remoteness"
    );
    if let Some(table) = &report.table {
        let _ = writeln!(out, "{header}");
        for row in table {
            let _ = writeln!(out, "{}", row_text(row));
        }
    }
    if let Some(from) = &report.from {
        let row = &from.row;
        let who = match row.outcome.letter() {
            "W" => "the player to move wins",
            "L" => "the player to move loses",
            _ => "a draw: neither side can force a win",
        };
        let _ = writeln!(out, "from {}: {who}", row.position);
        let _ = writeln!(out, "  {header}");
        let _ = writeln!(out, "  {}", row_text(row));
        if from.moves.is_empty() {
            let _ = writeln!(out, "no moves");
        } else {
            let _ = writeln!(
                out,
                "moves ({}; * marks a perfect player's choices; result is for the mover):",
                from.moves.len()
            );
            let _ = writeln!(
                out,
                "  {:<12} {:<5} {:>10}  grundy",
                "to", "result", "remoteness"
            );
            for m in &from.moves {
                let _ = writeln!(out, "{}", move_text(m));
            }
        }
    }
    out
}
