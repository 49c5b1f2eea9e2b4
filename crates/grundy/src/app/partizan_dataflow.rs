//! `grundy solve --engine dataflow`: who wins a partizan sum, its root's moves answered by
//! timely dataflow workers (threads, processes on loopback, a cluster) through
//! [`crate::partizan::root_dataflow::answer_on_workers`], each worker with its own
//! [`TermSearch`]; the report is assembled as [`crate::app::partizan_solve::solve_by_search`]'s.

use crate::app::parse::{parse_terms, Term};
use crate::app::partizan_solve::{root_report, PartizanSolveOptions, TermSearch};
use crate::app::report::SolveReport;
use crate::app::solve::{answer_of, is_impartial, SolveOptions};
use crate::error::{GrundyError, Result};
use crate::nimber::Convention;
use crate::partizan::root_dataflow::answer_on_workers;
use crate::partizan::OutcomeOptions;
use crate::workers::DataflowConfig;

/// Solves a sum with a partizan part on the workers of `config` (every process runs this with
/// the same text and options). Returns the report in process 0 (the same kind of answer as
/// [`crate::app::solve::solve`]'s: a sum of Cram parts answers as impartial), `None` in the
/// others.
pub fn dataflow_solve(
    text_in: &str,
    options: &SolveOptions,
    config: &DataflowConfig,
) -> Result<Option<SolveReport>> {
    if options.convention == Convention::Misere {
        return Err(GrundyError::Unsupported(
            "misère play of partizan games is not supported (normal play only: who cannot move loses)"
                .into(),
        ));
    }
    let terms: Vec<Term> = parse_terms(text_in, options.budget(), &*options.graphs)?
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    if !terms.iter().any(|t| matches!(t, Term::Partizan(_))) {
        return Err(GrundyError::Unsupported(
            "the dataflow engine of solve is for sums with a partizan part; an impartial sum is solved at once by --engine local".into(),
        ));
    }
    let report_options = PartizanSolveOptions {
        budget: options.budget(),
        max_moves: options.max_moves,
        value_states: options.value_states,
        search: OutcomeOptions::default(),
        checkpoint: None,
        progress: None,
        database: options.database.clone(),
        threads: 1,
        move_positions: options.move_positions,
    };
    let solve_options = report_options.clone();
    let position = terms.clone();
    let make = move || {
        let mut ts = TermSearch::new(solve_options.budget.clone(), solve_options.search);
        ts.expect_positions(&terms);
        if let Some(db) = &solve_options.database {
            ts.search.rules.use_database(db);
        }
        ts
    };
    let checkpoint = options
        .checkpoint
        .clone()
        .map(|c| (c, crate::app::partizan_solve::text(&position)));
    let Some(answers) = answer_on_workers(
        position.clone(),
        make,
        config,
        checkpoint,
        options.progress.clone(),
    )?
    else {
        return Ok(None);
    };
    let report = root_report(&position, &answers, &report_options)?;
    answer_of(report, is_impartial(&position)).map(Some)
}
