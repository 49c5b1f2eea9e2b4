//! `grundy geography [--json] [--grid] [--from V] FILE`

use grundy::app::geography::{geography_report, GeographyReport};
use grundy::memory::read_to_buffer;
use std::fmt::Write;
use std::path::PathBuf;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "Graph format: optional # comment lines, then 'n m', then m lines 'u v' (1-based).
Board format (--grid): 'R C', then R lines of C characters, '.' free and '#' blocked.

The player to move from v wins iff every maximum matching covers v (Fraenkel, Scheinerman,
Ullman 1993); the winner answers each move with the matched partner.

Example: grundy geography --grid --from 2,1 board.txt"
)]
pub struct Args {
    /// The graph or board file; - reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Read a board of '.' and '#' instead of a graph.
    #[arg(long)]
    grid: bool,
    /// Also give the answer and the winner's strategy from this start (a vertex id, or r,c).
    #[arg(long, value_name = "V")]
    from: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
}

/// Reads the file, solves every start, renders the answer.
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    let input = if args.file.as_os_str() == "-" {
        read_to_buffer(std::io::stdin().lock(), 0)
            .map_err(|e| format!("cannot read standard input: {e}"))?
    } else {
        let cannot = |e: std::io::Error| format!("cannot read {}: {e}", args.file.display());
        let file = std::fs::File::open(&args.file).map_err(cannot)?;
        let size = file.metadata().map_or(0, |m| m.len() as usize);
        read_to_buffer(file, size).map_err(cannot)?
    };
    let report = geography_report(
        &input,
        args.grid,
        args.from.as_deref(),
        &super::stop::cancel(),
    )
    .map_err(super::message)?;
    super::render(&report, args.json, human)
}

fn human(report: &GeographyReport) -> String {
    let mut out = String::new();
    let kind = if report.bipartite {
        "bipartite"
    } else {
        "not bipartite"
    };
    let _ = writeln!(out, "vertices:     {}", report.vertices);
    let _ = writeln!(out, "edges:        {} ({kind})", report.edges);
    let _ = writeln!(out, "max matching: {}", report.max_matching);
    let _ = writeln!(
        out,
        "the player to move wins from {} of {} starts{}",
        report.mover_wins.len(),
        report.vertices,
        if report.mover_wins.is_empty() {
            ""
        } else {
            ":"
        }
    );
    for chunk in report.mover_wins.chunks(16) {
        let line: Vec<String> = chunk.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "  {}", line.join(" "));
    }
    if let (Some(from), Some(wins), Some(strategy)) =
        (&report.from, report.mover_wins_from, &report.strategy)
    {
        let (who, how) = if wins {
            ("the player to move wins", "covering")
        } else {
            ("the player to move loses", "avoiding")
        };
        let _ = writeln!(out, "from {from}: {who}");
        let _ = writeln!(
            out,
            "strategy: a maximum matching {how} {from}; the winner answers every move with the partner:"
        );
        for chunk in strategy.chunks(8) {
            let line: Vec<String> = chunk.iter().map(|[a, b]| format!("{a}-{b}")).collect();
            let _ = writeln!(out, "  {}", line.join("  "));
        }
    }
    out
}
