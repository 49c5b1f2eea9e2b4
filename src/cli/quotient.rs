//! `grundy quotient [--heaps N] [--max-order K] [--max-states S] [--json] CODE`

use grundy::app::quotient::{quotient_report, QuotientOptions, QuotientReport};
use std::fmt::Write;

#[derive(Debug, clap::Args)]
#[command(
    after_help = "The misère quotient (Plambeck; Plambeck & Siegel) of the octal game CODE
restricted to heaps 0..N: sums of heaps modulo misère indistinguishability, a commutative
monoid whose P-portion gives the outcome of any sum. It is found from misère outcomes and then
proved (the actions commute, every outcome follows from the P-portion, elements are distinct).

Examples: grundy quotient 0.75
          grundy quotient --heaps 20 --json 0.77"
)]
pub struct Args {
    /// The octal code, e.g. 0.75 (or 'octal 0.75').
    #[arg(value_name = "CODE", num_args = 1.., required = true)]
    code: Vec<String>,
    /// The largest heap covered.
    #[arg(long, value_name = "N", default_value_t = QuotientOptions::default().heaps)]
    heaps: usize,
    /// Refuse quotients with more elements than this.
    #[arg(long, value_name = "K", default_value_t = QuotientOptions::default().max_order)]
    max_order: usize,
    /// The most positions the searches and the proof may store.
    #[arg(long, value_name = "S", default_value_t = QuotientOptions::default().max_states)]
    max_states: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Stop with one line after this many seconds (Ctrl-C stops too, with exit status 130).
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    #[command(flatten)]
    pub memory: super::MemoryArg,
}

/// Computes the quotient and renders it.
pub fn run(args: &Args) -> Result<String, String> {
    super::stop::arm(args.time_limit)?;
    const MOST_HEAPS: usize = 10_000;
    if args.heaps > MOST_HEAPS {
        return Err(format!("--heaps {}: at most {MOST_HEAPS}", args.heaps));
    }
    let options = QuotientOptions {
        heaps: args.heaps,
        max_order: args.max_order,
        max_states: args.max_states,
        cancel: super::stop::cancel(),
    };
    let report = super::with_progress(
        args.heaps as u64 + 1,
        "{spinner} heap {pos}/{len} [{elapsed}]",
        |tick| quotient_report(&args.code.join(" "), &options, tick),
    )
    .map_err(super::message);
    let report = report?;
    super::render(&report, args.json, human)
}

fn human(r: &QuotientReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "misère quotient of octal {}, heaps 0 to {}:",
        r.code, r.heaps
    );
    let _ = writeln!(out, "order:       {}", r.order);
    let gens: Vec<String> = r
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    let _ = writeln!(
        out,
        "generators:  {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "relations:   {}",
        if r.relations.is_empty() {
            "none".into()
        } else {
            r.relations.join(", ")
        }
    );
    let _ = writeln!(out, "P-portion:   {{{}}}", r.p_portion.join(", "));
    let _ = writeln!(out, "elements:    {}", r.elements.join(" "));
    let _ = writeln!(out, "pretending function (heap: element):");
    for (i, chunk) in r.pretending.chunks(10).enumerate() {
        let _ = writeln!(out, "{:>6}:  {}", i * 10, chunk.join(" "));
    }
    out
}
