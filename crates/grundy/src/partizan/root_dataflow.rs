//! The outcome search's root split on timely dataflow workers (threads, processes on
//! loopback, a cluster), for any [`RootSearch`]: the root's moves for Left and for Right are
//! the subproblems ("does the opponent lose after this move?"); subproblem k goes to worker
//! `k mod W`, each worker runs its own search (its own tables) over its share and sends one
//! record per subproblem to worker 0, which gathers the answers ([`RootAnswers`]) for the
//! caller to assemble (Left first wins iff some Left move leaves Right losing).
//!
//! **Scaling**: at most as many busy workers as the root has moves (both players'); the time is
//! that of the slowest worker's share, not less than the hardest subproblem.

use crate::error::{GrundyError, Result};
use crate::partizan::root::{RootAnswers, RootSearch, Subproblem};
use crate::partizan::OutcomeStats;
use crate::workers::{execute, DataflowConfig};
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

/// Answers every root move of `position` on the workers of `config` (every process runs this
/// with the same position), each worker's search made by `make`. Returns the answers in
/// process 0, `None` in the others. A part whose moves cannot all be listed is refused: the
/// local engine asks the root itself then.
///
/// **Complexity**: the subproblems' searches, shared round-robin among the workers; one
/// message per subproblem.
pub fn answer_on_workers<R, M>(
    position: R::Position,
    make: M,
    config: &DataflowConfig,
) -> Result<Option<RootAnswers<R::Position>>>
where
    R: RootSearch,
    R::Position: 'static,
    M: Fn() -> R + Send + Sync + 'static,
{
    execute(config, move |worker| {
        let index = worker.index();
        let peers = worker.peers();
        let mut search = make();
        // every worker lists the same moves in the same order
        let mut subproblems: Vec<(bool, R::Position)> = Vec::new();
        let mut listed = Ok(());
        for left in [true, false] {
            match search.moves(&position, left) {
                Ok((moves, skipped)) => {
                    subproblems.extend(moves.into_iter().map(|m| (left, m)));
                    if skipped && listed.is_ok() {
                        listed = Err(
                            "a part has more moves than the budget: solve it with --engine local"
                                .to_string(),
                        );
                    }
                }
                Err(e) => listed = Err(e.to_string()),
            }
        }
        let mut mine: Vec<Answer> = Vec::new();
        for (k, (left, next)) in subproblems.iter().enumerate() {
            if k % peers != index {
                continue;
            }
            let answer = match &listed {
                Err(e) => Err(e.clone()),
                Ok(()) => search
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
        let subproblems: Vec<Subproblem<R::Position>> = subproblems
            .into_iter()
            .map(|(left, next)| (left, Some(next)))
            .collect();
        Ok(Some(RootAnswers::of(
            subproblems,
            wins.into_iter().map(|w| w == Some(true)).collect(),
            false,
            OutcomeStats::default(),
        )))
    })
}
