//! `grundy value [--json] [--plot FILE] [--max-states N] EXPR`: the canonical form of a
//! partizan sum and its invariants.

use grundy::app::value::{value_expression, ValueOptions, ValueReport};
use std::fmt::Write;

/// The help's list of partizan parts, from the catalog.
fn parts_help() -> String {
    let mut text = String::from(
        "EXPR is a sum of parts joined by '+': partizan games, values in CGSuite's notation\n\
         ('{1|-1}', '1/2', '^*', '{2||1|0}'), and impartial games (each its nimber *g):\n",
    );
    for game in grundy::games::partizan::PARTIZAN_GAMES {
        text += &format!("  {:<28} {}\n", game.syntax.usage, game.syntax.summary);
    }
    text + "\nExample: grundy value 'domineering ../.. + cutcake 2 3'"
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
    /// Look partizan positions up in this database (written by `grundy db build`) before
    /// searching them.
    #[arg(long, value_name = "FILE")]
    db: Option<std::path::PathBuf>,
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
        ..ValueOptions::default()
    };
    let text = expression(&args.expr)?;
    let report = value_expression(&text, &options).map_err(super::message)?;
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
