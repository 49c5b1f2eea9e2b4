//! Retrograde analysis on timely dataflow: the same answer as
//! [`GameGraph::retrograde`](crate::game_graph::GameGraph::retrograde), computed by W workers that
//! each keep only their share of the graph, as threads of one process, as several processes,
//! or on a cluster (one and the same program).
//!
//! Position u belongs to worker `u mod W`. Each worker reads the whole input as a stream and
//! keeps the moves that concern its positions: the distinct out-degree of the positions it owns
//! and, for each of them, the positions that move to it (the reverse moves). The rounds are a
//! dataflow loop: a position settled at remoteness r sends one message along each reverse move
//! (to the owner of the predecessor), and in round r + 1 the owners apply them: a move to a lost
//! position wins (remoteness r + 1), and a position whose last unsettled move led to a won one
//! is lost (r + 1). Rounds are the loop's timestamps, so the remoteness order is exactly that of
//! the local engine's level-synchronous pass. A second set of messages peels positions whose
//! every move leads to a peeled one (Kahn): what is never peeled lies on or leads to a cycle.
//!
//! **Messages**: at most two per distinct move over the whole run (one when its target is
//! settled, one when it is peeled), each a position (u32) and a byte of flags.
//!
//! ```
//! use grundy::game_graph::dataflow::{dataflow_retrograde, DataflowConfig, Source};
//! use grundy::game_graph::{GameGraph, GraphOutcome};
//! use grundy::Convention;
//!
//! let text = b"4 4\n1 2\n2 3\n3 4\n4 3\n".to_vec();
//! let config = DataflowConfig { workers: 2, cluster: None, connect_timeout: None };
//! let solved = dataflow_retrograde(Source::bytes(text), Convention::Normal, &config, true, None)
//!     .unwrap()
//!     .expect("process 0 gets the answer");
//! let labels = solved.labels.unwrap();
//! assert_eq!(labels.outcome(0), GraphOutcome::Draw); // 1 -> 2 -> 3 <-> 4
//! assert!(solved.cyclic);
//! ```

use crate::error::{GrundyError, Result};
use crate::game_graph::graph::{Names, MAX_POSITIONS};
use crate::game_graph::io::stream_game_graph;
use crate::game_graph::retrograde::{Retrograde, NO_REMOTENESS};
use crate::nimber::Convention;
pub use crate::workers::{execute, Cluster, DataflowConfig};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Read;
use std::rc::Rc;
use std::sync::Arc;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Concat, ConnectLoop, Feedback, Input, ToStream};
use timely::dataflow::InputHandle;

/// Where each worker reads the game graph from (each reads it whole, as a stream).
#[derive(Clone)]
pub struct Source(Arc<dyn Fn() -> Result<Box<dyn Read>> + Send + Sync>);

impl Source {
    /// A file, opened by every worker.
    pub fn file(path: impl Into<std::path::PathBuf>) -> Source {
        let path = path.into();
        Source(Arc::new(move || {
            let file = std::fs::File::open(&path).map_err(|e| GrundyError::Input {
                line: 0,
                message: format!("cannot read {}: {e}", path.display()),
            })?;
            Ok(Box::new(std::io::BufReader::with_capacity(1 << 16, file)) as Box<dyn Read>)
        }))
    }

    /// Bytes in memory (standard input, read once), shared by the workers of this process.
    pub fn bytes(bytes: Vec<u8>) -> Source {
        let bytes = Arc::new(bytes);
        Source(Arc::new(move || {
            Ok(Box::new(std::io::Cursor::new(ArcBytes(bytes.clone()))) as Box<dyn Read>)
        }))
    }
}

struct ArcBytes(Arc<Vec<u8>>);

impl AsRef<[u8]> for ArcBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// What process 0 learns: totals over every worker, and (when asked) every position's label.
#[derive(Clone, Debug)]
pub struct DataflowSolved {
    /// Positions.
    pub positions: usize,
    /// Distinct moves.
    pub moves: usize,
    /// True if some play can go on forever.
    pub cyclic: bool,
    /// Won, lost and drawn positions.
    pub counts: [usize; 3],
    /// `(r, wins at r, losses at r)`, ascending r.
    pub by_remoteness: Vec<(u32, usize, usize)>,
    /// The positions' names.
    pub names: Names,
    /// Every position's outcome and remoteness, when gathered.
    pub labels: Option<Retrograde>,
    /// The distinct options of the position asked about, ascending.
    pub options_of_from: Option<Vec<u32>>,
}

/// Message flags: the target's option was settled lost / won, or was peeled.
const OPTION_LOST: u8 = 1;
const OPTION_WON: u8 = 2;
const OPTION_PEELED: u8 = 4;

/// Outcome codes, as [`Retrograde`] stores them.
const WIN: u8 = 0;
const LOSE: u8 = 1;
const DRAW: u8 = 2;

/// One worker's share: the positions `u = local * peers + index`.
struct Share {
    /// Unsettled moves to won positions (while unsettled).
    unsettled: Vec<u32>,
    /// Moves to positions not yet peeled.
    unpeeled: Vec<u32>,
    outcome: Vec<u8>,
    remoteness: Vec<u32>,
    /// Reverse moves: the positions that move to each owned position (CSR, distinct).
    pred_offsets: Vec<u64>,
    preds: Vec<u32>,
}

/// Records sent to worker 0 at the end: (kind, a, b, c).
type Record = (u8, u64, u64, u64);
const REC_MOVES: u8 = 0;
const REC_ROW: u8 = 1;
const REC_DRAWS: u8 = 2;
const REC_LABEL: u8 = 3;
const REC_OPTION: u8 = 4;
const REC_CYCLIC: u8 = 5;

/// Runs the retrograde analysis on timely dataflow. Returns the answer in process 0 (`None` in
/// the others). `gather_labels` brings every position's label to process 0 (for `--positions`
/// and `--from`); `from` names a position whose options process 0 needs.
///
/// **Complexity**: every worker reads the input (O(input) each, in parallel); building its share
/// is O((m/W) log(m/W)); the rounds are O(n/W + m/W) work per worker plus the messages, one
/// round per remoteness level.
pub fn dataflow_retrograde(
    source: Source,
    convention: Convention,
    config: &DataflowConfig,
    gather_labels: bool,
    from: Option<String>,
) -> Result<Option<DataflowSolved>> {
    execute(config, move |worker| {
        run_worker(worker, &source, convention, gather_labels, from.as_deref())
    })
}

/// One worker: read its share, run the rounds, send its totals to worker 0.
fn run_worker(
    worker: &mut timely::worker::Worker,
    source: &Source,
    convention: Convention,
    gather_labels: bool,
    from: Option<&str>,
) -> Result<Option<DataflowSolved>> {
    let index = worker.index();
    let peers = worker.peers();
    let owned = |u: u32| u as usize % peers == index;
    // read: keep the moves from and to owned positions
    let mut out_pairs: Vec<(u32, u32)> = Vec::new();
    let mut in_pairs: Vec<(u32, u32)> = Vec::new();
    let (n, names) = stream_game_graph((source.0)()?, &mut |block| {
        for (u, v) in block {
            if owned(u) {
                out_pairs.push(((u as usize / peers) as u32, v));
            }
            if owned(v) {
                in_pairs.push(((v as usize / peers) as u32, u));
            }
        }
    })?;
    if n as u64 > MAX_POSITIONS {
        return Err(GrundyError::Unsupported(format!(
            "{n} positions are too many"
        )));
    }
    let from_index = match from {
        None => None,
        Some(name) => Some(names.position(n, name)?),
    };
    let local_n = n / peers + usize::from(n % peers > index);
    let (share, moves, options_of_from, initial) = {
        out_pairs.sort_unstable();
        out_pairs.dedup();
        let mut degree = vec![0u32; local_n];
        for &(u, _) in &out_pairs {
            degree[u as usize] += 1;
        }
        let options_of_from: Option<Vec<u32>> = from_index.filter(|&f| owned(f)).map(|f| {
            let local = (f as usize / peers) as u32;
            out_pairs
                .iter()
                .filter(|p| p.0 == local)
                .map(|p| p.1)
                .collect()
        });
        let moves = out_pairs.len();
        drop(std::mem::take(&mut out_pairs));
        in_pairs.sort_unstable();
        in_pairs.dedup();
        let mut pred_offsets = vec![0u64; local_n + 1];
        for &(v, _) in &in_pairs {
            pred_offsets[v as usize + 1] += 1;
        }
        for i in 0..local_n {
            pred_offsets[i + 1] += pred_offsets[i];
        }
        let preds: Vec<u32> = in_pairs.iter().map(|p| p.1).collect();
        drop(std::mem::take(&mut in_pairs));
        let terminal_outcome = match convention {
            Convention::Normal => LOSE,
            Convention::Misere => WIN,
        };
        let mut share = Share {
            unsettled: degree.clone(),
            unpeeled: degree,
            outcome: vec![DRAW; local_n],
            remoteness: vec![NO_REMOTENESS; local_n],
            pred_offsets,
            preds,
        };
        // positions without moves: settled (remoteness 0) and peeled at once
        let mut initial: Vec<(u32, u8)> = Vec::new();
        for local in 0..local_n {
            if share.unpeeled[local] == 0 {
                share.outcome[local] = terminal_outcome;
                share.remoteness[local] = 0;
                let flags = OPTION_PEELED
                    | if terminal_outcome == LOSE {
                        OPTION_LOST
                    } else {
                        OPTION_WON
                    };
                for &u in share.preds_of(local) {
                    initial.push((u, flags));
                }
            }
        }
        (share, moves, options_of_from, initial)
    };
    let share = Rc::new(RefCell::new(share));

    // the rounds: messages of round t come from positions settled or peeled at level t
    let in_loop = share.clone();
    worker.dataflow::<u32, _, _>(move |scope| {
        let (handle, cycle) = scope.feedback(1u32);
        let mut pending: HashMap<u32, Vec<(u32, u8)>> = HashMap::new();
        initial
            .to_stream(scope)
            .container::<Vec<(u32, u8)>>()
            .concat(cycle)
            .unary_notify(
                Exchange::new(|m: &(u32, u8)| u64::from(m.0)),
                "retrograde rounds",
                vec![],
                move |input, output, notify| {
                    input.for_each_time(|time, data| {
                        notify.notify_at(time.retain(output.output_index()));
                        let slot = pending.entry(*time.time()).or_default();
                        for batch in data {
                            slot.append(batch);
                        }
                    });
                    notify.for_each(|time, _, _| {
                        let Some(messages) = pending.remove(time.time()) else {
                            return;
                        };
                        let level = *time.time() + 1;
                        let mut share = in_loop.borrow_mut();
                        let sent = share.round(&messages, level, peers);
                        if !sent.is_empty() {
                            output.session(&time).give_container(&mut { sent });
                        }
                    });
                },
            )
            .connect_loop(handle);
    });
    while worker.step_or_park(None) {}

    // totals (and labels) to worker 0
    let mut input: InputHandle<u32, CapacityContainerBuilder<Vec<Record>>> = InputHandle::new();
    let gathered: Rc<RefCell<Vec<Record>>> = Rc::new(RefCell::new(Vec::new()));
    let sink = gathered.clone();
    worker.dataflow::<u32, _, _>(|scope| {
        scope.input_from(&mut input).sink(
            Exchange::new(|_: &Record| 0),
            "gather",
            move |(input, _)| {
                input.for_each(|_, data| sink.borrow_mut().append(data));
            },
        );
    });
    {
        let share = share.borrow();
        let mut rows: Vec<[u64; 2]> = Vec::new();
        let mut draws = 0u64;
        let mut cyclic = false;
        for local in 0..local_n {
            let r = share.remoteness[local];
            if r == NO_REMOTENESS {
                draws += 1;
            } else {
                if rows.len() <= r as usize {
                    rows.resize(r as usize + 1, [0, 0]);
                }
                rows[r as usize][share.outcome[local] as usize] += 1;
            }
            cyclic |= share.unpeeled[local] > 0;
        }
        input.send((REC_MOVES, moves as u64, 0, 0));
        input.send((REC_DRAWS, draws, 0, 0));
        input.send((REC_CYCLIC, u64::from(cyclic), 0, 0));
        for (r, [w, l]) in rows.iter().enumerate() {
            if w + l > 0 {
                input.send((REC_ROW, r as u64, *w, *l));
            }
        }
        if gather_labels {
            for local in 0..local_n {
                let u = (local * peers + index) as u64;
                let r = share.remoteness[local];
                input.send((REC_LABEL, u, u64::from(share.outcome[local]), u64::from(r)));
            }
        }
        for &v in options_of_from.iter().flatten() {
            input.send((REC_OPTION, u64::from(v), 0, 0));
        }
    }
    drop(input);
    while worker.step_or_park(None) {}
    if index != 0 {
        return Ok(None);
    }
    let records = std::mem::take(&mut *gathered.borrow_mut());
    Ok(Some(assemble(records, n, names, gather_labels, from_index)))
}

impl Share {
    fn preds_of(&self, local: usize) -> &[u32] {
        &self.preds[self.pred_offsets[local] as usize..self.pred_offsets[local + 1] as usize]
    }

    /// Applies one round's messages; settles and peels positions at `level`; returns the
    /// messages they send along their reverse moves.
    fn round(&mut self, messages: &[(u32, u8)], level: u32, peers: usize) -> Vec<(u32, u8)> {
        let mut changed: Vec<(usize, u8)> = Vec::new();
        for &(u, flags) in messages {
            let local = u as usize / peers;
            let mut news = 0u8;
            let unsettled = self.remoteness[local] == NO_REMOTENESS;
            let settled_now = self.remoteness[local] == level;
            if flags & OPTION_LOST != 0 {
                // a move to a lost position wins; it overrides a loss found in this round
                if unsettled || (settled_now && self.outcome[local] == LOSE) {
                    if unsettled {
                        news |= OPTION_WON;
                    }
                    self.outcome[local] = WIN;
                    self.remoteness[local] = level;
                }
            }
            if flags & OPTION_WON != 0 && self.remoteness[local] == NO_REMOTENESS {
                self.unsettled[local] -= 1;
                if self.unsettled[local] == 0 {
                    self.outcome[local] = LOSE;
                    self.remoteness[local] = level;
                    news |= OPTION_LOST;
                }
            }
            if flags & OPTION_PEELED != 0 {
                self.unpeeled[local] -= 1;
                if self.unpeeled[local] == 0 {
                    news |= OPTION_PEELED;
                }
            }
            if news != 0 {
                changed.push((local, news));
            }
        }
        // a position may appear twice (settled, then overridden to a win): one set of flags,
        // from its final outcome
        let mut merged: HashMap<usize, u8> = HashMap::with_capacity(changed.len());
        for (local, news) in changed {
            *merged.entry(local).or_default() |= news;
        }
        let mut out = Vec::new();
        for (local, news) in merged {
            let mut flags = news & OPTION_PEELED;
            if news & (OPTION_WON | OPTION_LOST) != 0 {
                flags |= if self.outcome[local] == WIN {
                    OPTION_WON
                } else {
                    OPTION_LOST
                };
            }
            for &u in self.preds_of(local) {
                out.push((u, flags));
            }
        }
        out
    }
}

/// Worker 0 adds up what every worker sent.
fn assemble(
    records: Vec<Record>,
    n: usize,
    names: Names,
    gather_labels: bool,
    from_index: Option<u32>,
) -> DataflowSolved {
    let mut moves = 0usize;
    let mut draws = 0usize;
    let mut cyclic = false;
    let mut rows: Vec<[usize; 2]> = Vec::new();
    let mut outcome = if gather_labels {
        vec![DRAW; n]
    } else {
        Vec::new()
    };
    let mut remoteness = if gather_labels {
        vec![NO_REMOTENESS; n]
    } else {
        Vec::new()
    };
    let mut options: Vec<u32> = Vec::new();
    for (kind, a, b, c) in records {
        match kind {
            REC_MOVES => moves += a as usize,
            REC_DRAWS => draws += a as usize,
            REC_CYCLIC => cyclic |= a != 0,
            REC_ROW => {
                if rows.len() <= a as usize {
                    rows.resize(a as usize + 1, [0, 0]);
                }
                rows[a as usize][0] += b as usize;
                rows[a as usize][1] += c as usize;
            }
            REC_LABEL => {
                outcome[a as usize] = b as u8;
                remoteness[a as usize] = c as u32;
            }
            REC_OPTION => options.push(a as u32),
            _ => {}
        }
    }
    options.sort_unstable();
    let by_remoteness: Vec<(u32, usize, usize)> = rows
        .iter()
        .enumerate()
        .filter(|(_, [w, l])| w + l > 0)
        .map(|(r, [w, l])| (r as u32, *w, *l))
        .collect();
    let win = rows.iter().map(|r| r[0]).sum();
    let lose = rows.iter().map(|r| r[1]).sum();
    DataflowSolved {
        positions: n,
        moves,
        cyclic,
        counts: [win, lose, draws],
        by_remoteness,
        names,
        labels: gather_labels.then(|| Retrograde::from_parts(outcome, remoteness)),
        options_of_from: from_index.map(|_| options),
    }
}
