//! The outcome search's root split on timely dataflow workers (threads, processes on
//! loopback, a cluster), for any [`RootSearch`]: the root's moves for Left and for Right are
//! the subproblems ("does the opponent lose after this move?"); subproblem k goes to worker
//! `k mod W`, each worker runs its own search (its own tables) over its share and sends one
//! record per subproblem to worker 0, which gathers the answers ([`RootAnswers`]) for the
//! caller to assemble (Left first wins iff some Left move leaves Right losing).
//!
//! **Scaling**: at most as many busy workers as the root has moves (both players'); the time is
//! that of the slowest worker's share, not less than the hardest subproblem.
//!
//! **Resuming**: with a checkpoint, each worker keeps its own file ([`worker_file`]: its table
//! and the subproblems it answered, by number), saved every `every` and when it ends or is
//! stopped, read back when the job runs again (by the worker of the same index, whichever
//! process it is in): answered subproblems are not searched again, and the others start from
//! the saved table.

use crate::error::{GrundyError, Result};
use crate::partizan::checkpoint::{self, SearchCheckpoint};
use crate::partizan::root::{ProgressSink, RootAnswers, RootSearch, SearchProgress, Subproblem};
use crate::partizan::{OutcomeSearch, OutcomeStats, SumRules};
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
    checkpoint: Option<(SearchCheckpoint, String)>,
    progress: Option<ProgressSink>,
) -> Result<Option<RootAnswers<R::Position>>>
where
    R: RootSearch,
    R::Rules: 'static,
    R::Position: 'static,
    M: Fn() -> R + Send + Sync + 'static,
{
    execute(config, move |worker| {
        let index = worker.index();
        let peers = worker.peers();
        let mut search = make();
        // the worker's checkpoint: the subproblems it answered (by number), and its table
        let file = checkpoint.as_ref().map(|(c, text)| {
            let c = SearchCheckpoint {
                path: worker_file(&c.path, index),
                every: c.every,
            };
            (c, text.clone())
        });
        let answered: Rc<RefCell<Vec<String>>> = Rc::new(RefCell::new(Vec::new()));
        let mut resumed = Ok(());
        if let Some((c, text)) = &file {
            let s = search.search();
            match checkpoint::resume(&c.path, text, |r| s.read_table(r)) {
                Ok(Some((lines, _))) => *answered.borrow_mut() = lines,
                Ok(None) => {}
                Err(e) => resumed = Err(e.to_string()),
            }
        }
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
        if let Err(e) = resumed {
            listed = Err(e);
        }
        let shares = (0..subproblems.len())
            .filter(|k| k % peers == index)
            .count();
        // saved every `every`, with a progress line
        if let Some((c, text)) = &file {
            let (c, text, answered) = (c.clone(), text.clone(), Rc::clone(&answered));
            let progress = progress.clone();
            search.search().watch(
                c.every,
                Box::new(move |s| {
                    let saved =
                        checkpoint::save(&c.path, &text, &answered.borrow(), |w| s.write_table(w))?;
                    if let Some(p) = &progress {
                        (p.0)(&saved_progress(
                            s,
                            (index, peers),
                            &answered.borrow(),
                            shares,
                            saved,
                        ));
                    }
                    Ok(())
                }),
            );
        }
        let mut mine: Vec<Answer> = Vec::new();
        let mut stopped = false;
        for (k, (left, next)) in subproblems.iter().enumerate() {
            if k % peers != index {
                continue;
            }
            let saved = answered
                .borrow()
                .iter()
                .find_map(|line| answered_line(line, k));
            let answer = match (&listed, saved) {
                (Err(e), _) => Err(e.clone()),
                (Ok(()), Some(w)) => Ok(w),
                (Ok(()), None) => search
                    .wins(next, !left)
                    .map(|opponent| !opponent)
                    .map_err(|e| {
                        stopped = e == GrundyError::Cancelled;
                        e.to_string()
                    }),
            };
            if let (Ok(w), None) = (&answer, saved) {
                answered.borrow_mut().push(format!(
                    "subproblem {k}: {}",
                    if *w { "win" } else { "loss" }
                ));
            }
            let failed = answer.is_err();
            mine.push((k as u64, answer));
            if failed {
                break;
            }
        }
        if let Some((c, text)) = &file {
            search.search().unwatch();
            // once more at the end, or when stopped (a time limit, an interrupt)
            if listed.is_ok() && (stopped || mine.iter().all(|(_, a)| a.is_ok())) {
                let s = search.search();
                match checkpoint::save(&c.path, text, &answered.borrow(), |w| s.write_table(w)) {
                    Ok(saved) => {
                        if let Some(p) = &progress {
                            let answered = answered.borrow();
                            (p.0)(&saved_progress(s, (index, peers), &answered, shares, saved));
                        }
                    }
                    Err(e) => mine.push((u64::MAX, Err(e.to_string()))),
                }
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
        let mut gathered = std::mem::take(&mut *gathered.borrow_mut());
        // a failed save first: it is the reason to give
        gathered.sort_by_key(|(k, _)| std::cmp::Reverse(*k));
        for (k, answer) in gathered {
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

/// The checkpoint file of dataflow worker `index` for the job's checkpoint `path`:
/// `path.worker-INDEX`.
pub fn worker_file(path: &std::path::Path, index: usize) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".worker-{index}"));
    std::path::PathBuf::from(name)
}

/// The answer to subproblem `k` a line of a worker's checkpoint records, if it is of `k`.
fn answered_line(line: &str, k: usize) -> Option<bool> {
    parse_answered(line).and_then(|(n, wins)| (n == k).then_some(wins))
}

/// A line of a worker's checkpoint, `subproblem K: win` or `: loss`: K and whether the move
/// wins.
fn parse_answered(line: &str) -> Option<(usize, bool)> {
    let (n, answer) = line.strip_prefix("subproblem ")?.split_once(": ")?;
    let wins = match answer {
        "win" => true,
        "loss" => false,
        _ => return None,
    };
    Some((n.parse().ok()?, wins))
}

/// The progress line of worker `index` of `peers` (`worker`) when its checkpoint is saved
/// (`saved` results): its positions and table, and how many of its `shares` subproblems its
/// `answered` lines decide.
fn saved_progress<S: SumRules>(
    s: &OutcomeSearch<S>,
    (index, peers): (usize, usize),
    answered: &[String],
    shares: usize,
    saved: u64,
) -> SearchProgress {
    let stats = s.stats();
    let decided = answered
        .iter()
        .filter_map(|line| parse_answered(line))
        .filter(|(k, _)| k % peers == index)
        .count();
    SearchProgress {
        nodes: stats.nodes,
        stored: stats.stored + stats.results,
        capacity: s.table_capacity() as u64,
        stage: format!("worker {index} of {peers}"),
        root_moves: Some((decided.min(shares), shares)),
        saved: Some(saved),
        ..SearchProgress::default()
    }
}
