//! `grundy table [--to N] [--until-period LIMIT] [--method M] [--json] [--plot FILE] FAMILY`
//! and `grundy table --rows R --cols C [--json] [--plot FILE] FAMILY2D` (impartial, or a
//! partizan game of the catalog with a standard start on rectangles)

use grundy::app::plot::{plot, plot_partizan_table};
use grundy::app::table::partizan::{
    partizan_outcome_table, partizan_table, PartizanOutcomeTable, PartizanTableReport,
};
use grundy::app::table::{
    stream_stats_report, table_report, table_report_resumed, Family, TableOptions, TableReport,
};
use grundy::error::GrundyError;
use grundy::games::partizan::PartizanEntry;
use grundy::solve::octal::OctalMethod;
use grundy::solve::octal::{Checkpoint, StreamFile, DEFAULT_KEEP};
use grundy::solve::DEFAULT_MAX_STATES;
use std::fmt::Write;
use std::path::PathBuf;

/// The help after the options: the families, the board games' from the catalogs.
fn families_help() -> String {
    let mut text = String::from(
        "FAMILY is one of:
  octal CODE     heaps 0, 1, 2, ... of the octal game CODE (0.07, 4.07, ...)
  hex CODE       a hexadecimal game (0.3F, C.1, ...: digits 8-F may leave three heaps)
  grundys        Grundy's game: split a heap into two unequal heaps
  subtract S     a subtraction game; S like 1,3,4 or 1..M
  bash M         the same as subtract 1..M
  wythoff        heap pairs (with --rows/--cols, counted from 0)
  split          rectangles, cutting off a 1x1 loses (--rows/--cols, from 1)
  cutting        rectangles, cutting off a 1x1 wins (--rows/--cols, from 1)
",
    );
    for start in grundy::games::BOARD_STARTS {
        let _ = writeln!(
            text,
            "  {:<14} impartial: nimbers of its standard R x C start (--rows/--cols)",
            start.keyword
        );
    }
    for game in grundy::games::partizan::PARTIZAN_GAMES {
        if game.has_start() {
            let _ = writeln!(
                text,
                "  {:<14} partizan: canonical forms of its standard R x C start (--rows/--cols)",
                game.syntax.keyword
            );
        }
    }
    text + "
A period is reported only when proved: for octal games by the Guy-Smith periodicity
theorem (computing past --to if needed, and no further than the proof: the period gives the
values after it), for subtraction games by a repeated window.

With --misere (one-heap families), each heap also gets its misère Grundy value G-(n) and
Conway's genus g^(γ0 γ1 ...), γk = G-(n + k copies of *2), written as Winning Ways does: up to
where the rest alternates the last two digits (0^120 is a nim heap of 0, 3^31 of 3).

Examples: grundy table octal 0.07
          grundy table --misere --to 20 octal 0.77
          grundy table --rows 8 --cols 8 split
          grundy table --rows 5 --cols 5 domineering"
}

#[derive(Debug, clap::Args)]
#[command(after_help = families_help())]
pub struct Args {
    /// The family, e.g. 'octal 0.07' (quotes optional).
    #[arg(value_name = "FAMILY", num_args = 1.., required = true)]
    family: Vec<String>,
    /// The last heap shown (default 99).
    #[arg(long, value_name = "N")]
    to: Option<u64>,
    /// Keep computing until a period is proved or this heap (default: the larger of --to and 10000).
    #[arg(long, value_name = "LIMIT")]
    until_period: Option<u64>,
    /// Octal games: compute every value up to --to even where a proved period gives it.
    #[arg(long)]
    compute_all: bool,
    /// Octal games: auto (default), naive, or sparse (the rare/common method).
    #[arg(long, value_name = "M", value_parser = ["auto", "naive", "sparse"])]
    method: Option<String>,
    /// Rows of a two-dimensional table.
    #[arg(long, value_name = "R")]
    rows: Option<u64>,
    /// Columns of a two-dimensional table.
    #[arg(long, value_name = "C")]
    cols: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the table into FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Also misère values and Conway's genus of each heap (one-heap families).
    #[arg(long)]
    misere: bool,
    /// Save the values computed to FILE now and then (octal, hex, grundys), and resume from
    /// FILE if it holds an earlier run of the same family. With --stream, FILE is the stream's
    /// file of every value (2 bytes each), appended as they come.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between two saves of --checkpoint (default 300).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
    checkpoint_every: Option<f64>,
    /// Also the rare/common statistics of the values shown: the largest value and its first
    /// heap, the mask with the fewest rare heaps, how many are rare, the last rare heap.
    #[arg(long)]
    stats: bool,
    /// With --stats on a take-and-break game that splits heaps in two (octal, grundys): hold
    /// only the first and the recent heaps and the rare ones in memory, every value on disk
    /// (2 bytes each, in a temporary file), for statistics at depths whose values would not fit
    /// in memory. Prints no values.
    #[arg(long, conflicts_with_all = ["misere", "plot", "compute_all", "until_period", "method"])]
    stream: bool,
    /// With --stream: how many first and recent heaps are held (default 131072; more than the
    /// last rare heap, which Grundy's game has at 82860, keeps reads from disk rare).
    #[arg(long, value_name = "HEAPS", requires = "stream")]
    window: Option<usize>,
    /// The most values a table may store (default 2^28), or with --misere the most positions
    /// the genus search may store (default 4000000).
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
    /// Partizan games: only who wins each rectangle, moving first as Left and as Right, by the
    /// outcome search (no canonical forms: far larger boards).
    #[arg(long)]
    outcomes: bool,
}

/// Tabulates, draws if asked, renders.
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    let family = Family::parse(&args.family.join(" ")).map_err(super::message)?;
    if let Some(game) = family.partizan() {
        return partizan(args, game);
    }
    if args.outcomes {
        return Err(format!(
            "--outcomes is for partizan games with a standard start ({}); '{}' is not one",
            grundy::games::partizan::PARTIZAN_GAMES
                .iter()
                .filter(|g| g.has_start())
                .map(|g| g.syntax.keyword)
                .collect::<Vec<_>>()
                .join(", "),
            args.family.join(" ")
        ));
    }
    let method = match args.method.as_deref() {
        Some("naive") => OctalMethod::Naive,
        Some("sparse") => OctalMethod::Sparse,
        _ => OctalMethod::Auto,
    };
    if args.method.is_some() && !matches!(family, Family::Octal(_)) {
        return Err("--method is for octal games".into());
    }
    let defaults = TableOptions::default();
    let options = TableOptions {
        to: args.to,
        until_period: args.until_period,
        compute_all: args.compute_all,
        method,
        rows: args.rows,
        cols: args.cols,
        // --max-states is the table's limit, or with --misere the genus search's; a table's
        // is never below the default search limit (as before --misere existed)
        max_states: match args.max_states {
            Some(n) if !args.misere => n.max(DEFAULT_MAX_STATES),
            _ => defaults.max_states,
        },
        misere: args.misere,
        stats: args.stats,
        misere_max_states: match args.max_states {
            Some(n) if args.misere => n,
            _ => defaults.misere_max_states,
        },
        cancel: super::stop::cancel(),
    };
    let total = args.until_period.or(args.to).unwrap_or(10_000);
    let template = "{spinner} {pos}/{len} heaps, {per_sec}, {elapsed} so far, about {eta} left";
    if args.stream {
        if !args.stats {
            return Err("--stream prints only the statistics: add --stats".into());
        }
        let to = args.to.unwrap_or(99);
        let window = args.window.unwrap_or(DEFAULT_KEEP);
        let file = match &args.checkpoint {
            Some(path) => Some(StreamFile {
                path,
                every: every(args.checkpoint_every)?,
            }),
            None => None,
        };
        let report = super::with_progress(to + 1, template, |tick| {
            stream_stats_report(&family, to, window, file, &options.budget(), tick)
        })
        .map_err(super::message)?;
        return super::render(&report, args.json, human);
    }
    let report = match &args.checkpoint {
        None => super::with_progress(total, template, |tick| {
            table_report(&family, &options, tick)
        })
        .map_err(super::message),
        Some(path) => {
            let start = read_checkpoint(path, &family.name())?;
            let every = every(args.checkpoint_every)?;
            let name = family.name();
            let mut save =
                |values: &mut dyn Iterator<Item = u32>| write_checkpoint(path, &name, values);
            let checkpoint = Checkpoint {
                every,
                save: &mut save,
            };
            super::with_progress(total, template, |tick| {
                table_report_resumed(&family, &options, &start, tick, Some(checkpoint))
            })
            .map_err(super::message)
        }
    };
    let report = report?;
    if let Some(path) = &args.plot {
        plot(&report, path).map_err(super::message)?;
    }
    super::render(&report, args.json, human)
}

/// `grundy table --rows R --cols C GAME` for a partizan game with a standard start.
fn partizan(args: &Args, game: &PartizanEntry) -> Result<String, String> {
    let refused = [
        (args.to.is_some(), "--to"),
        (args.until_period.is_some(), "--until-period"),
        (args.compute_all, "--compute-all"),
        (args.method.is_some(), "--method"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(given, _)| *given) {
        return Err(format!(
            "{flag} is for one-heap families; {} takes --rows and --cols",
            game.syntax.keyword
        ));
    }
    if args.misere {
        return Err(format!(
            "--misere: misère play of partizan games is not supported ({} is valued in normal play)",
            game.syntax.keyword
        ));
    }
    let (Some(rows), Some(cols)) = (args.rows, args.cols) else {
        return Err(format!(
            "'{}' is tabulated over rectangles: give --rows and --cols",
            game.syntax.keyword
        ));
    };
    let max_states = args
        .max_states
        .unwrap_or(grundy::app::value::ValueOptions::default().max_states);
    let total = rows.saturating_mul(cols);
    if args.outcomes {
        if args.plot.is_some() {
            return Err("--plot draws canonical forms: not with --outcomes".into());
        }
        let table = super::with_progress(
            total,
            "{spinner} {pos}/{len} rectangles [{elapsed}]",
            |tick| {
                let budget = grundy::Budget::new(max_states).with_cancel(super::stop::cancel());
                partizan_outcome_table(game, rows, cols, budget, tick)
            },
        )
        .map_err(super::message)?;
        return super::render(&table, args.json, outcomes_human);
    }
    let report = super::with_progress(
        total,
        "{spinner} {pos}/{len} rectangles [{elapsed}]",
        |tick| {
            let budget = grundy::Budget::new(max_states).with_cancel(super::stop::cancel());
            partizan_table(game, rows, cols, budget, tick)
        },
    )
    .map_err(super::message)?;
    if let Some(path) = &args.plot {
        plot_partizan_table(&report, path).map_err(super::message)?;
    }
    super::render(&report, args.json, partizan_human)
}

fn outcomes_human(t: &PartizanOutcomeTable) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, rows 1 to {}, columns 1 to {} (outcome class; Left moving first, Right moving first):",
        t.family, t.rows, t.cols
    );
    for r in 0..t.outcomes.len() {
        for c in 0..t.outcomes[r].len() {
            let _ = writeln!(
                out,
                "{:>3} x {:<3} {}  Left first: {:<4}  Right first: {}",
                r + 1,
                c + 1,
                t.outcomes[r][c].as_deref().unwrap_or("?"),
                t.left_first[r][c].as_deref().unwrap_or("?"),
                t.right_first[r][c].as_deref().unwrap_or("?"),
            );
        }
    }
    out
}

fn partizan_human(report: &PartizanTableReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}, rows 1 to {}, columns 1 to {} (outcome class and canonical form):",
        report.family, report.rows, report.cols
    );
    for (r, (values, outcomes)) in report.values.iter().zip(&report.outcomes).enumerate() {
        for (c, (v, o)) in values.iter().zip(outcomes).enumerate() {
            let _ = writeln!(
                out,
                "{:>3} x {:<3} {}  {}",
                r + 1,
                c + 1,
                o.as_deref().unwrap_or("?"),
                v.as_deref().unwrap_or("(past the state limit)")
            );
        }
    }
    if let Some(why) = &report.stopped {
        let _ = writeln!(out, "{why}");
    }
    out
}

/// The time between two saves of `--checkpoint-every SECONDS` (default 300).
pub(super) fn every(seconds: Option<f64>) -> Result<std::time::Duration, String> {
    let seconds = seconds.unwrap_or(300.0);
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(format!(
            "--checkpoint-every {seconds}: expected seconds, 0 or more"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The plain-text line of `--stats`.
fn stats_line(s: &grundy::solve::octal::RareCommonStats) -> String {
    format!(
        "largest value {} (first at heap {}); mask {}: {} rare heaps, the last at {}",
        s.largest,
        s.largest_at,
        s.rare_mask,
        s.rare,
        s.last_rare.map_or("-".into(), |n| n.to_string())
    )
}

fn human(report: &TableReport) -> String {
    let mut out = String::new();
    if let (Some(stream), Some(to)) = (&report.stream, report.to) {
        let _ = writeln!(
            out,
            "{}, heaps 0 to {to}, streamed (at most {} values held, windows of {} heaps, {} read back from disk): G({to}) = {}",
            report.family, stream.held, stream.window, stream.read_back, stream.last_value
        );
        if let Some(s) = &report.stats {
            let _ = writeln!(out, "{}", stats_line(s));
        }
        return out;
    }
    if let (Some(values), Some(to)) = (&report.values, report.to) {
        let _ = writeln!(out, "{}, heaps 0 to {to}:", report.family);
        let width = values.iter().max().map_or(1, |m| m.to_string().len());
        for (i, chunk) in values.chunks(10).enumerate() {
            let line: Vec<String> = chunk.iter().map(|v| format!("{v:>width$}")).collect();
            let _ = writeln!(out, "{:>6}:  {}", i * 10, line.join(" "));
        }
        if let Some(m) = &report.misere {
            let _ = writeln!(out, "misère values and genus:");
            let width = m.genus.iter().map(String::len).max().unwrap_or(1);
            for (n, (v, genus)) in m.misere_values.iter().zip(&m.genus).enumerate() {
                let _ = writeln!(
                    out,
                    "{n:>6}:  G = {:<4} G- = {v:<4} genus {genus:<width$}",
                    values[n]
                );
            }
            match m.first_non_nim_genus {
                Some(n) => {
                    let _ = writeln!(
                        out,
                        "heap {n} is the first whose genus is not that of a nim heap ({})",
                        m.genus[n as usize]
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "every heap up to {} has the genus of a nim heap",
                        m.genus.len().saturating_sub(1)
                    );
                }
            }
            if let Some(why) = &m.misere_stopped {
                let _ = writeln!(out, "{why}");
            }
        }
        if let Some(s) = &report.stats {
            let _ = writeln!(out, "{}", stats_line(s));
        }
        match &report.period {
            Some(p) if p.saltus > 0 => {
                let _ = writeln!(
                    out,
                    "arithmetic-periodic from n = {} with period {} and saltus {} ({})",
                    p.preperiod, p.period, p.saltus, p.reason
                );
            }
            Some(p) => {
                let _ = writeln!(
                    out,
                    "periodic from n = {} with period {} (proved: {})",
                    p.preperiod, p.period, p.reason
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "no period proved up to {}",
                    report.computed.saturating_sub(1)
                );
            }
        }
    } else if let Some(table) = &report.table {
        let first = if report.family == "wythoff" { 0 } else { 1 };
        let cells: Vec<String> = table
            .iter()
            .flatten()
            .map(|v| v.map_or("-".into(), |g| g.to_string()))
            .collect();
        let width = cells.iter().map(String::len).max().unwrap_or(1);
        let _ = writeln!(
            out,
            "{}, rows {first} to {}, columns {first} to {}:",
            report.family,
            report.rows.unwrap_or(0) + first - 1,
            report.cols.unwrap_or(0) + first - 1
        );
        let header: Vec<String> = (0..table.first().map_or(0, Vec::len))
            .map(|c| format!("{:>width$}", c as u64 + first))
            .collect();
        let _ = writeln!(out, "{:>6}   {}", "", header.join(" "));
        for (r, row) in table.iter().enumerate() {
            let line: Vec<String> = row
                .iter()
                .map(|v| format!("{:>width$}", v.map_or("-".into(), |g| g.to_string())))
                .collect();
            let _ = writeln!(out, "{:>6}:  {}", r as u64 + first, line.join(" "));
        }
        let _ = writeln!(out, "(P positions are the 0s)");
    }
    out
}

/// The first line of a checkpoint file; the values follow, 4 bytes each, little-endian.
const CHECKPOINT_MAGIC: &str = "grundy checkpoint 1";

/// The values saved in a checkpoint of `family`: none if the file does not exist yet.
fn read_checkpoint(path: &std::path::Path, family: &str) -> Result<Vec<u32>, String> {
    let shown = path.display();
    grundy::save::check_regular(path)
        .map_err(|e| format!("cannot use the checkpoint {shown}: {e}"))?;
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read the checkpoint {shown}: {e}")),
    };
    let bad = |what: &str| format!("{shown} is not a checkpoint of grundy table: {what}");
    let newline = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| bad("no header line"))?;
    let header =
        std::str::from_utf8(&bytes[..newline]).map_err(|_| bad("the header is not text"))?;
    let rest = header
        .strip_prefix(CHECKPOINT_MAGIC)
        .ok_or_else(|| bad("the header does not start with 'grundy checkpoint 1'"))?;
    let (count, saved) = rest
        .trim_start()
        .split_once(' ')
        .ok_or_else(|| bad("the header names no family"))?;
    if saved != family {
        return Err(format!(
            "the checkpoint {shown} is of {}, not {family}",
            grundy::error::excerpt(saved)
        ));
    }
    let count: usize = count
        .parse()
        .map_err(|_| bad("the count of values is not a number"))?;
    let body = &bytes[newline + 1..];
    if body.len() != count.saturating_mul(4) {
        return Err(bad(&format!(
            "{count} values announced, {} bytes found",
            body.len()
        )));
    }
    Ok(body
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().expect("four bytes")))
        .collect())
}

/// Writes the values to `path` whole ([`grundy::save::write_whole`]), so that a run killed
/// while saving leaves the previous checkpoint whole.
fn write_checkpoint(
    path: &std::path::Path,
    family: &str,
    values: &mut dyn Iterator<Item = u32>,
) -> Result<(), GrundyError> {
    let failed = |e: std::io::Error| {
        GrundyError::Unsupported(format!(
            "cannot write the checkpoint {}: {e}",
            path.display()
        ))
    };
    // the values are written as they come (no copy of the table in memory); their count is
    // known beforehand (the iterator runs over the table)
    let count = values.size_hint().0;
    grundy::save::write_whole(path, |file| {
        writeln!(file, "{CHECKPOINT_MAGIC} {count} {family}")?;
        let mut written = 0usize;
        for v in values {
            file.write_all(&v.to_le_bytes())?;
            written += 1;
        }
        if written != count {
            return Err(std::io::Error::other(format!(
                "it would announce {count} values and hold {written}"
            )));
        }
        Ok(())
    })
    .map_err(failed)
}
