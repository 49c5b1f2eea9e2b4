//! `grundy value [--json] [--plot FILE] [--max-states N] EXPR`: the canonical form of a
//! partizan sum and its invariants.

use grundy::app::report::LoopyReport;
use grundy::app::value::{value_answer, ValueAnswer, ValueOptions, ValueReport};
use grundy::partizan::loopy::Play;
use std::fmt::Write;

/// The help's list of every game, from the catalogs.
fn parts_help() -> String {
    super::catalog_help() + "\nExample: grundy value 'domineering ../.. + cutcake 2 3'"
}

#[derive(Debug, clap::Args)]
#[command(after_help = parts_help())]
pub struct Args {
    /// The position (quote it), e.g. 'domineering ..#/.../...'; - reads it from standard input.
    #[arg(value_name = "EXPR", num_args = 1.., required = true)]
    expr: Vec<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw the thermograph into FILE (.svg or .png).
    #[arg(long, value_name = "FILE")]
    plot: Option<std::path::PathBuf>,
    /// The most positions each game's table, and the store of canonical forms, may hold.
    #[arg(long, value_name = "N", default_value_t = ValueOptions::default().max_states)]
    max_states: usize,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
    /// Look partizan positions, and the small components of impartial boards and graphs, up
    /// in this database (written by `grundy db build`) before searching them.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
    /// Threads the nimber search of an impartial board or graph runs on (default: the
    /// number of cores).
    #[arg(long, value_name = "N", default_value_t = 0)]
    threads: usize,
}

/// The expression's words joined back, or standard input for `-`.
pub fn expression(words: &[String]) -> Result<String, String> {
    if words == ["-"] {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(text)
    } else {
        Ok(words.join(" "))
    }
}

/// Values the expression and renders the report.
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    let options = ValueOptions {
        max_states: args.max_states,
        graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
        cancel: super::stop::cancel(),
        database: super::db::open(args.db.as_deref())?,
        threads: args.threads,
        ..ValueOptions::default()
    };
    let text = expression(&args.expr)?;
    let report = match value_answer(&text, &options).map_err(super::message)? {
        ValueAnswer::Short(report) => report,
        ValueAnswer::Loopy(report) => {
            if args.plot.is_some() {
                return Err(
                    "--plot draws the thermograph of a short game; this sum has a loopy part"
                        .into(),
                );
            }
            return super::render(&report, args.json, loopy_human);
        }
    };
    if let Some(path) = &args.plot {
        grundy::app::plot::plot_thermograph(&report, path).map_err(super::message)?;
    }
    super::render(&report, args.json, human)
}

fn human(r: &ValueReport) -> String {
    let mut out = String::new();
    let outcome = match r.outcome.letter() {
        "L" => "L: Left wins, whoever moves first",
        "R" => "R: Right wins, whoever moves first",
        "N" => "N: the player to move wins",
        _ => "P: the player to move loses",
    };
    let walls = |w: &[[String; 2]]| -> String {
        w.iter()
            .map(|[t, v]| format!("({t}, {v})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let _ = writeln!(out, "position:      {}", r.position);
    let _ = writeln!(out, "canonical:     {}", r.canonical);
    let _ = writeln!(out, "outcome:       {outcome}");
    let _ = writeln!(out, "birthday:      {}", r.birthday);
    let _ = writeln!(
        out,
        "stops:         left {}, right {}",
        r.left_stop, r.right_stop
    );
    let _ = writeln!(out, "mean:          {}", r.mean);
    let _ = writeln!(out, "temperature:   {}", r.temperature);
    let _ = writeln!(out, "left wall:     {}", walls(&r.thermograph.left));
    let _ = writeln!(out, "right wall:    {}", walls(&r.thermograph.right));
    let _ = writeln!(out, "reduced:       {}", r.reduced);
    let aw = r.atomic_weight.as_deref().unwrap_or("none (not all-small)");
    let _ = writeln!(out, "atomic weight: {aw}");
    out
}

/// A loopy sum's answer in words.
pub fn loopy_human(r: &LoopyReport) -> String {
    let mut out = String::new();
    let first = |who: &str, p: Play| match p {
        Play::Win => format!("{who} moving first wins"),
        Play::Loss => format!("{who} moving first loses"),
        Play::Draw => format!("{who} moving first draws (play never ends)"),
    };
    let _ = writeln!(out, "position:    {}", r.position);
    match (&r.value, &r.value_reason) {
        (Some(v), _) => {
            let _ = writeln!(out, "value:       {v}");
        }
        (None, Some(why)) => {
            let _ = writeln!(out, "value:       not found ({why})");
        }
        _ => {}
    }
    if let (Some(on), Some(off)) = (&r.onside, &r.offside) {
        let _ = writeln!(out, "onside:      {on}");
        let _ = writeln!(out, "offside:     {off}");
    }
    let _ = writeln!(out, "stopper:     {}", if r.stopper { "yes" } else { "no" });
    let outcome = match r.outcome.map(|o| o.letter()) {
        Some("L") => "L: Left wins, whoever moves first".to_string(),
        Some("R") => "R: Right wins, whoever moves first".to_string(),
        Some("N") => "N: the player to move wins".to_string(),
        Some(_) => "P: the player to move loses".to_string(),
        None => format!(
            "{}; {}",
            first("Left", r.left_first),
            first("Right", r.right_first)
        ),
    };
    let _ = writeln!(out, "outcome:     {outcome}");
    if let (Some(l), Some(rs)) = (&r.left_stop, &r.right_stop) {
        let _ = writeln!(out, "stops:       left {l}, right {rs}");
        match (&r.mean, &r.temperature) {
            (Some(m), Some(t)) => {
                let _ = writeln!(out, "mean:        {m}");
                let _ = writeln!(out, "temperature: {t}");
            }
            _ => {
                let _ = writeln!(
                    out,
                    "temperature: not defined (a position on a cycle is no number plus an infinitesimal)"
                );
            }
        }
        if let Some(d) = &r.degree {
            let _ = writeln!(out, "degree:      {d} (G upsum -G)");
        }
    }
    for (who, moves) in [("Left", &r.left_moves), ("Right", &r.right_moves)] {
        if moves.is_empty() {
            continue;
        }
        let kind = if moves[0].result == Play::Win {
            "winning"
        } else {
            "drawing"
        };
        let _ = writeln!(out, "{who}'s {kind} moves:");
        for m in moves.iter() {
            let _ = writeln!(out, "  {}", m.position);
        }
    }
    if r.truncated {
        let _ = writeln!(
            out,
            "(moves left out: more than --max-moves, or parts given by their sides)"
        );
    }
    out
}
