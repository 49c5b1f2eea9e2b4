//! `grundy solve --engine dataflow`: who wins a partizan sum, its root split into independent
//! subproblems that timely dataflow workers (threads, processes on loopback, a cluster) solve
//! and report back to worker 0.
//!
//! The subproblems are the moves of the sum for Left and for Right: "does the opponent lose
//! after this move?". Subproblem k goes to worker `k mod W`; each worker runs its own
//! [`crate::partizan::OutcomeSearch`] (its own transposition table) over its share and sends
//! one record per subproblem to worker 0, which assembles the outcome (Left first wins iff
//! some Left move leaves Right losing) and every winning move, the answer of
//! [`crate::app::partizan_solve::solve_by_search`].
//!
//! **Scaling**: at most as many busy workers as the sum has root moves (both players'); the
//! time is that of the slowest worker's share, not less than the hardest subproblem.

use crate::app::parse::{parse_terms, Term};
use crate::app::partizan_solve::{root_report, PartizanSolveOptions, TermSearch};
use crate::app::report::SolveReport;
use crate::app::solve::{answer_of, is_impartial, SolveOptions};
use crate::error::{GrundyError, Result};
use crate::game_graph::dataflow::{execute, DataflowConfig};
use crate::nimber::Convention;
use crate::partizan::root::Subproblem;
use crate::partizan::OutcomeOptions;
use std::cell::RefCell;
use std::rc::Rc;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::Input;
use timely::dataflow::InputHandle;

/// One subproblem's answer, sent to worker 0: its number, and whether the move wins (or the
/// error that stopped its worker).
type Answer = (u64, std::result::Result<bool, String>);

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
    let solve_options = PartizanSolveOptions {
        budget: options.budget(),
        max_moves: options.max_moves,
        value_states: options.value_states,
        search: OutcomeOptions::default(),
        checkpoint: None,
        progress: None,
        database: options.database.clone(),
        threads: 1,
    };
    execute(config, move |worker| {
        let index = worker.index();
        let peers = worker.peers();
        let mut ts = TermSearch::new(solve_options.budget.clone(), solve_options.search);
        ts.expect_positions(&terms);
        if let Some(db) = &solve_options.database {
            ts.search.rules.use_database(db);
        }
        // every worker lists the same moves in the same order
        let mut subproblems: Vec<(bool, Vec<Term>)> = Vec::new();
        let mut listed = Ok(());
        for left in [true, false] {
            match ts.term_moves(&terms, left) {
                Ok(moves) => subproblems.extend(moves.into_iter().map(|m| (left, m))),
                Err(e) => listed = Err(e.to_string()),
            }
        }
        if ts.skipped() && listed.is_ok() {
            listed =
                Err("a part has more moves than the budget: solve it with --engine local".into());
        }
        let mut mine: Vec<Answer> = Vec::new();
        for (k, (left, next)) in subproblems.iter().enumerate() {
            if k % peers != index {
                continue;
            }
            let answer = match &listed {
                Err(e) => Err(e.clone()),
                Ok(()) => ts
                    .wins(next, !left)
                    .map(|opponent| !opponent)
                    .map_err(|e| e.to_string()),
            };
            let failed = answer.is_err();
            mine.push((k as u64, answer));
            if failed {
                break;
            }
        }
        // the answers to worker 0 (every worker builds the same dataflow, failed or not)
        let mut input: InputHandle<u32, CapacityContainerBuilder<Vec<Answer>>> = InputHandle::new();
        let gathered: Rc<RefCell<Vec<Answer>>> = Rc::new(RefCell::new(Vec::new()));
        let sink = gathered.clone();
        worker.dataflow::<u32, _, _>(|scope| {
            scope.input_from(&mut input).sink(
                Exchange::new(|_: &Answer| 0),
                "answers",
                move |(input, _)| {
                    input.for_each(|_, data| sink.borrow_mut().append(data));
                },
            );
        });
        for answer in mine {
            input.send(answer);
        }
        drop(input);
        while worker.step_or_park(None) {}
        if index != 0 {
            return Ok(None);
        }
        let mut wins: Vec<Option<bool>> = vec![None; subproblems.len()];
        for (k, answer) in std::mem::take(&mut *gathered.borrow_mut()) {
            match answer {
                Ok(w) => wins[k as usize] = Some(w),
                Err(e) if e == GrundyError::Cancelled.to_string() => {
                    return Err(GrundyError::Cancelled)
                }
                Err(e) => return Err(GrundyError::Unsupported(format!("a worker failed: {e}"))),
            }
        }
        if wins.iter().any(Option::is_none) {
            return Err(GrundyError::Unsupported(
                "a worker stopped before answering every subproblem".into(),
            ));
        }
        let wins: Vec<bool> = wins.into_iter().map(|w| w == Some(true)).collect();
        let subproblems: Vec<Subproblem<Vec<Term>>> = subproblems
            .into_iter()
            .map(|(left, next)| (left, Some(next)))
            .collect();
        let report = root_report(&terms, &subproblems, &wins, &solve_options)?;
        answer_of(report, is_impartial(&terms)).map(Some)
    })
}
