//! The root driver of the outcome search, for any sum a [`RootSearch`] searches: who wins
//! moving first as each player, and each player's winning moves, answered by the questions at
//! the root of the sum.
//!
//! - On one thread ([`search_root`]): each root move in turn, in the search's order; with no
//!   move listed, a player's moves stop at her first winning one.
//! - On several ([`answer_on_threads`]): first a moment on one thread (most sums end there);
//!   then the root's moves (or, with no move listed, the opponent's replies to each player's
//!   most promising move, then her other moves: `split_question`) are taken one at a time
//!   by threads that each run their own search, sharing one table of results
//!   ([`ResultTable`]) and the values the first search learnt. One region with its game's own
//!   search beside an integer is instead asked whole by every thread, each starting with
//!   another question, and the game's search splits the work (ABDADA, Weill 1996:
//!   [`crate::partizan::region_search`]). A subproblem no longer needed (its question decided
//!   meanwhile) is dropped by the search's watcher.
//!
//! What a position is (a sum of terms as the user wrote it), how it is written and valued,
//! and the checkpoint file are the caller's: this floor names no game and no file.

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::checkpoint::{self, SearchCheckpoint};
use crate::partizan::database::Database;
use crate::partizan::outcome::{OutcomeOptions, OutcomeSearch, OutcomeStats, SearchSum, SumRules};
use crate::partizan::results::ResultTable;
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How far a search is, as reported now and then.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchProgress {
    /// Positions searched so far in this run.
    pub nodes: u64,
    /// Results the transposition table holds.
    pub stored: u64,
    /// Results it can hold.
    pub capacity: u64,
    /// The question being searched ("Left first", "Left's winning moves", ...).
    pub stage: String,
    /// The questions answered so far ("Left first: win", ...).
    pub answered: Vec<String>,
    /// Of the moves being tried at the root (for the winning-move lists): how many are
    /// decided, of how many.
    pub root_moves: Option<(usize, usize)>,
    /// Set when the checkpoint was just saved: how many results it holds.
    pub saved: Option<u64>,
    /// Set on the first report of a resumed run: how many results were read back.
    pub resumed: Option<u64>,
}

impl SearchProgress {
    /// One line: nodes, table fill, the answers and the question being searched.
    pub fn line(&self) -> String {
        let fill = if self.capacity == 0 {
            0.0
        } else {
            100.0 * self.stored as f64 / self.capacity as f64
        };
        let mut line = format!(
            "{} positions searched, table {} results ({fill:.0}% full)",
            self.nodes, self.stored
        );
        for a in &self.answered {
            line += &format!("; {a}");
        }
        if !self.stage.is_empty() {
            line += &format!("; searching {}", self.stage);
            if let Some((done, of)) = self.root_moves {
                line += &format!(" ({done} of {of} moves decided)");
            }
        }
        if let Some(n) = self.resumed {
            line += &format!("; resumed with {n} results");
        }
        if let Some(n) = self.saved {
            line += &format!("; checkpoint saved ({n} results)");
        }
        line
    }
}

/// A function a search calls with its progress (about once a second, and at each save).
#[derive(Clone)]
pub struct ProgressSink(pub Arc<dyn Fn(&SearchProgress) + Send + Sync>);

impl fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressSink")
    }
}

/// What the root driver asks of one thread's search of whole positions.
pub trait RootSearch {
    /// A position of the sum as the caller holds it (a sum of terms), passed between threads.
    type Position: Clone + Send + Sync;
    /// The games the search of sums runs on.
    type Rules: SumRules;

    /// The search of sums underneath (its watchers, counters and tables).
    fn search(&mut self) -> &mut OutcomeSearch<Self::Rules>;

    /// The position as the search holds it, its parts valued with the bigger budget of a
    /// search's root ([`OutcomeSearch::root_sum`]); called once before the root's moves.
    fn root_sum(
        &mut self,
        position: &Self::Position,
    ) -> Result<SearchSum<<Self::Rules as SumRules>::Region>>;

    /// Whether the player to move (Left when `left`) wins `position`.
    fn wins(&mut self, position: &Self::Position, left: bool) -> Result<bool>;

    /// The positions a move of `left` leaves, as whole positions, and whether a part's moves
    /// were left out (more than can be listed: the others are listed).
    fn moves(
        &mut self,
        position: &Self::Position,
        left: bool,
    ) -> Result<(Vec<Self::Position>, bool)>;

    /// The order in which to try `moves` of `left` (indices into `moves`), most promising
    /// first.
    fn order(&mut self, moves: &[Self::Position], left: bool) -> Result<Vec<usize>>;

    /// A bound on the positions the searches of `position` reach (it sizes the tables).
    fn positions(&self, position: &Self::Position) -> usize;

    /// Has the games' own searches keep their results in `table` (shared by threads).
    fn share_results(&mut self, table: Arc<ResultTable>);

    /// Looks regions up in `db` before valuing them.
    fn use_database(&mut self, db: &Arc<Database>);

    /// What the search has valued so far, as a database in memory for the other threads.
    fn learnt(&mut self) -> Result<Arc<Database>>;
}

/// How the root driver answers.
#[derive(Clone, Debug)]
pub struct RootOptions {
    /// The budget: each thread's tables hold at most `max_states` entries in all, and its flag
    /// stops every thread.
    pub budget: Budget,
    /// The most winning moves listed per player (0: who wins only).
    pub max_moves: usize,
    /// How the search values small regions.
    pub search: OutcomeOptions,
    /// Called with the threads' progress about once a second.
    pub progress: Option<ProgressSink>,
}

/// A question at the root of a sum: who moves (`true`: Left), and the position her move
/// leaves (`None`: the root itself, "does she win moving first?").
pub type Subproblem<P> = (bool, Option<P>);

/// The root's questions answered: the subproblems, whether the mover wins each, and whether a
/// part's moves were left out of the lists (more than could be listed).
pub struct RootAnswers<P> {
    /// The subproblems answered.
    pub subproblems: Vec<Subproblem<P>>,
    /// Per subproblem: the mover wins by it (the move wins; the root is won).
    pub wins: Vec<bool>,
    /// Whether a part's moves were left out (then the root itself was asked).
    pub skipped: bool,
    /// The searches' counters, summed over the threads.
    pub stats: OutcomeStats,
}

/// What the threads of [`answer_on_threads`] share.
struct Shared {
    /// The next subproblem to take.
    next: AtomicUsize,
    /// Subproblems answered.
    done: AtomicUsize,
    /// Positions searched by every thread.
    nodes: AtomicU64,
    /// Results in every thread's table.
    stored: AtomicU64,
    /// Raised when a thread fails: the others stop taking subproblems.
    failed: AtomicBool,
    /// When the threads started, and the last progress report (milliseconds after).
    started: Instant,
    reported: AtomicU64,
    /// Per question "does Left (Right) win moving first?" split into subproblems (no move
    /// listed): her winning found, her most promising move refuted, replies to it left.
    won: [AtomicBool; 2],
    refuted: [AtomicBool; 2],
    replies_left: [AtomicUsize; 2],
    /// Per question asked whole: answered.
    whole_answered: [AtomicBool; 2],
}

/// What a subproblem is to a question "does Left (index 0) or Right (1) win moving first?"
/// split by [`split_question`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// A subproblem of the root's listed moves (no question).
    Listed,
    /// The question itself.
    Whole(usize),
    /// A reply of the opponent's to the player's most promising move: the player wins by
    /// that move unless a reply wins.
    Reply(usize),
    /// Another move of the player's: she wins if it does.
    Other(usize),
}

impl Shared {
    /// Whether subproblem `part` is still worth answering.
    fn needed(&self, part: Part) -> bool {
        match part {
            Part::Listed => true,
            Part::Whole(q) => !self.whole_answered[q].load(Ordering::Relaxed),
            Part::Reply(q) => {
                !self.won[q].load(Ordering::Relaxed) && !self.refuted[q].load(Ordering::Relaxed)
            }
            Part::Other(q) => !self.won[q].load(Ordering::Relaxed),
        }
    }

    /// Counts subproblem `part` done, answered or dropped (a question asked whole is counted
    /// when answered: several threads may take it).
    fn count_done(&self, part: Part) {
        if !matches!(part, Part::Whole(_)) {
            self.done.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Records the answer to subproblem `part` ("the move wins").
    fn answered(&self, part: Part, wins: bool) {
        match part {
            Part::Listed => {}
            Part::Whole(q) => {
                // counted done once, by the thread that answers it first
                if !self.whole_answered[q].swap(true, Ordering::Relaxed) {
                    self.done.fetch_add(1, Ordering::Relaxed);
                }
            }
            Part::Reply(q) => {
                if wins {
                    self.refuted[q].store(true, Ordering::Relaxed);
                } else if self.replies_left[q].fetch_sub(1, Ordering::Relaxed) == 1
                    && !self.refuted[q].load(Ordering::Relaxed)
                {
                    self.won[q].store(true, Ordering::Relaxed);
                }
            }
            Part::Other(q) => {
                if wins {
                    self.won[q].store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// What one thread of [`answer_on_threads`] found: the subproblems it answered (the move
/// wins, or the root is won) and its search's counters.
type ThreadAnswers = (Vec<(usize, bool)>, OutcomeStats);

/// The root's questions on `threads` threads (see the module's documentation), each thread's
/// search made by `make` (given the options of its share of the table): the root's moves (or,
/// when no move is listed, the opponent's replies to each player's most promising move) taken
/// one at a time by threads that each run their own search, sharing one table of results (the
/// search of sums' and the games' own searches'). One region with its game's own search
/// beside an integer, no move listed, is searched whole by every thread, each question in
/// turn (each thread starting at another), and the game's search splits the work
/// ([`ResultTable::share_work`]). `None` when a part has too many moves to list (then the
/// single search answers).
pub fn answer_on_threads<S: RootSearch>(
    terms: &S::Position,
    make: &(dyn Fn(OutcomeOptions) -> S + Sync),
    options: &RootOptions,
    threads: usize,
) -> Result<Option<RootAnswers<S::Position>>> {
    // the searches of sums and the games' own searches (Domineering's, Clobber's), the first
    // one's and the threads', share one table of results
    let mut lister = make(options.search);
    let positions = lister.positions(terms);
    let results = Arc::new(ResultTable::new(
        options
            .budget
            .table_entries(crate::partizan::results::ENTRY_BYTES, positions),
    )?);
    lister.share_results(Arc::clone(&results));
    lister.search().share_table();
    let root = lister.root_sum(terms)?;
    // first a moment on one thread, with the root's parts valued: most sums end there. (Not
    // for one region beside a number, which the threads share without repeating work: its
    // game's own search keeps its results in the shared table.)
    let number = lister.search().rules.forms().as_number(root.known);
    let alone = root.parts.len() == 1 && root.values.is_empty() && number.is_some();
    // with its game's own search beside an integer, and no move to list, every thread asks
    // the root's questions (the search splits the work where every move must be searched)
    let together = alone
        && options.max_moves == 0
        && number.is_some_and(|n| n.is_integer())
        && lister
            .search()
            .rules
            .solver(&root.parts[0].region)
            .is_some();
    if !alone {
        let started = Instant::now();
        lister.search().watch(
            Duration::from_millis(20),
            Box::new(move |_| {
                if started.elapsed() >= ONE_THREAD_FIRST {
                    Err(GrundyError::Cancelled)
                } else {
                    Ok(())
                }
            }),
        );
        let tried = search_root(
            &mut lister,
            terms,
            options.max_moves,
            &mut |_, _| {},
            &mut |_, _| {},
        );
        lister.search().unwatch();
        match tried {
            Ok(mut answers) => {
                answers.stats = lister.search().stats();
                return Ok(Some(answers));
            }
            // the moment is over: on to the threads
            Err(GrundyError::Cancelled) if !options.budget.cancel().is_cancelled() => {}
            Err(e) => return Err(e),
        }
    }
    // the subproblems: (who moves, the position; `None` for the root itself), and what each
    // is to the question it serves
    let mut subproblems: Vec<Subproblem<S::Position>> = Vec::new();
    let mut parts: Vec<Part> = Vec::new();
    // with no move listed: the questions "does Left (Right) win moving first?"; `Some(w)`
    // when answered without a search
    let mut known = [None, None];
    if together {
        results.share_work();
        subproblems = vec![(true, None), (false, None)];
        parts = vec![Part::Whole(0), Part::Whole(1)];
    } else if options.max_moves == 0 {
        for (q, left) in [true, false].into_iter().enumerate() {
            known[q] = split_question(&mut lister, terms, left, q, &mut subproblems, &mut parts)?;
        }
    } else {
        for left in [true, false] {
            let (moves, skipped) = lister.moves(terms, left)?;
            if skipped {
                return Ok(None);
            }
            subproblems.extend(moves.into_iter().map(|m| (left, Some(m))));
        }
        parts.resize(subproblems.len(), Part::Listed);
    }
    // the positions the lister valued (the root's parts, and the parts of the positions its
    // moves leave), handed to the threads so that each finds them valued
    let seed = lister.learnt()?;
    drop(lister);
    let replies = |q: usize| parts.iter().filter(|&&p| p == Part::Reply(q)).count();
    let shared = Arc::new(Shared {
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        nodes: AtomicU64::new(0),
        stored: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        started: Instant::now(),
        reported: AtomicU64::new(0),
        won: [AtomicBool::new(false), AtomicBool::new(false)],
        refuted: [AtomicBool::new(false), AtomicBool::new(false)],
        replies_left: [AtomicUsize::new(replies(0)), AtomicUsize::new(replies(1))],
        whole_answered: [AtomicBool::new(false), AtomicBool::new(false)],
    });
    let total = subproblems.len();
    // (together, every thread asks every question)
    let threads = if together {
        threads
    } else {
        threads.min(total.max(1))
    };
    let search = OutcomeOptions {
        table_entries: Some(
            options
                .search
                .table_entries
                .unwrap_or(options.budget.max_states())
                / threads,
        ),
        ..options.search
    };
    let answers: Vec<Result<ThreadAnswers>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let shared = Arc::clone(&shared);
                let (subproblems, parts) = (&subproblems, &parts);
                let results = Arc::clone(&results);
                let seed = Arc::clone(&seed);
                let results_capacity = results.capacity();
                scope.spawn(move || -> Result<ThreadAnswers> {
                    let mut ts = make(search);
                    ts.share_results(results);
                    // and the search of sums keeps its results there too
                    ts.search().share_table();
                    ts.use_database(&seed);
                    // now and then: the progress line, and whether the subproblem being
                    // answered is still needed (a question decided meanwhile drops it)
                    let current = Arc::new(AtomicUsize::new(usize::MAX));
                    {
                        let (shared, sink) = (Arc::clone(&shared), options.progress.clone());
                        let (parts, current) = (parts.clone(), Arc::clone(&current));
                        let (mut nodes, mut stored) = (0u64, 0u64);
                        ts.search().watch(
                            std::time::Duration::from_millis(50),
                            Box::new(move |search| {
                                let k = current.load(Ordering::Relaxed);
                                if parts.get(k).is_some_and(|&p| !shared.needed(p)) {
                                    return Err(GrundyError::Cancelled);
                                }
                                let Some(sink) = &sink else {
                                    return Ok(());
                                };
                                let stats = search.stats();
                                shared
                                    .nodes
                                    .fetch_add(stats.nodes - nodes, Ordering::Relaxed);
                                shared
                                    .stored
                                    .fetch_add(stats.stored - stored, Ordering::Relaxed);
                                (nodes, stored) = (stats.nodes, stats.stored);
                                // one report a second, by whichever thread comes first
                                let now = shared.started.elapsed().as_millis() as u64;
                                let last = shared.reported.load(Ordering::Relaxed);
                                if now >= last + 1000
                                    && shared
                                        .reported
                                        .compare_exchange(
                                            last,
                                            now,
                                            Ordering::Relaxed,
                                            Ordering::Relaxed,
                                        )
                                        .is_ok()
                                {
                                    (sink.0)(&SearchProgress {
                                        nodes: shared.nodes.load(Ordering::Relaxed),
                                        stored: shared.stored.load(Ordering::Relaxed)
                                            + stats.results,
                                        capacity: ((search.table_capacity() - results_capacity)
                                            * threads
                                            + results_capacity)
                                            as u64,
                                        stage: format!("the root's moves on {threads} threads"),
                                        root_moves: Some((
                                            shared.done.load(Ordering::Relaxed),
                                            total,
                                        )),
                                        ..SearchProgress::default()
                                    });
                                }
                                Ok(())
                            }),
                        );
                    }
                    let mut mine = Vec::new();
                    ts.root_sum(terms)?;
                    for taken in 0.. {
                        if shared.failed.load(Ordering::Relaxed) {
                            break;
                        }
                        // together: every subproblem, from the thread's own; else the next
                        // one no thread has taken
                        let k = if together {
                            if taken == total {
                                break;
                            }
                            (thread + taken) % total
                        } else {
                            shared.next.fetch_add(1, Ordering::Relaxed)
                        };
                        let Some((left, position)) = subproblems.get(k) else {
                            break;
                        };
                        if !shared.needed(parts[k]) {
                            shared.count_done(parts[k]);
                            continue;
                        }
                        current.store(k, Ordering::Relaxed);
                        let answer = match position {
                            None => ts.wins(terms, *left),
                            Some(next) => ts.wins(next, !left).map(|opponent| !opponent),
                        };
                        match answer {
                            Ok(wins) => {
                                shared.answered(parts[k], wins);
                                mine.push((k, wins));
                            }
                            // dropped by the watcher: no longer needed
                            Err(GrundyError::Cancelled)
                                if !options.budget.cancel().is_cancelled()
                                    && !shared.needed(parts[k]) => {}
                            Err(e) => {
                                shared.failed.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                        shared.count_done(parts[k]);
                    }
                    Ok((mine, ts.search().stats()))
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a search thread panicked"))
            .collect()
    });
    let mut wins = vec![false; total];
    let mut stats = OutcomeStats::default();
    let mut first_error = None;
    for answer in answers {
        match answer {
            Ok((mine, s)) => {
                for (k, w) in mine {
                    wins[k] = w;
                }
                stats.nodes += s.nodes;
                stats.valued += s.valued;
                stats.hits += s.hits;
                stats.bounded += s.bounded;
                stats.by_stops += s.by_stops;
                stats.stored += s.stored;
                stats.results = stats.results.max(s.results);
            }
            // a stop (a time limit) is the reason to give over a failure it caused elsewhere
            Err(e) => {
                if first_error.is_none() || e == GrundyError::Cancelled {
                    first_error = Some(e);
                }
            }
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    if options.max_moves > 0 {
        return Ok(Some(RootAnswers {
            subproblems,
            wins,
            skipped: false,
            stats,
        }));
    }
    // each question: known, asked whole, or won by a move (another one, or the most
    // promising one with no reply winning); else every move of hers was answered, and lost
    let firsts = [0, 1].map(|q| {
        known[q].unwrap_or_else(|| {
            parts
                .iter()
                .zip(&wins)
                .any(|(&p, &w)| (p == Part::Whole(q) || p == Part::Other(q)) && w)
                || (replies(q) > 0
                    && !parts
                        .iter()
                        .zip(&wins)
                        .any(|(&p, &w)| p == Part::Reply(q) && w))
        })
    });
    Ok(Some(RootAnswers {
        subproblems: vec![(true, None), (false, None)],
        wins: firsts.to_vec(),
        skipped: false,
        stats,
    }))
}

/// Splits the question "does `left` win moving first?" (question `q`) into subproblems: the
/// opponent's replies to her most promising move (the search's own order; she wins by it if
/// none wins, and this proof, shared by the threads, is most of the work when she wins), then
/// her other moves (she wins if one does; these are answered once the first move is refuted).
/// Returns the answer when it needs no search.
fn split_question<S: RootSearch>(
    lister: &mut S,
    terms: &S::Position,
    left: bool,
    q: usize,
    subproblems: &mut Vec<Subproblem<S::Position>>,
    parts: &mut Vec<Part>,
) -> Result<Option<bool>> {
    let (moves, mut skipped) = lister.moves(terms, left)?;
    let order = lister.order(&moves, left)?;
    let replies = match order.first() {
        Some(&best) if !skipped => {
            let (replies, left_out) = lister.moves(&moves[best], !left)?;
            skipped = left_out;
            replies
        }
        _ => Vec::new(),
    };
    if skipped || replies.is_empty() {
        return Ok(match order.first() {
            // no move (and none left out): a loss
            None if !skipped => Some(false),
            // a move that leaves the opponent none
            Some(_) if !skipped => Some(true),
            // a part with more moves than the budget: the question asked whole
            _ => {
                subproblems.push((left, None));
                parts.push(Part::Whole(q));
                None
            }
        });
    }
    // the replies most likely to refute the move first (the search's own order): a refuted
    // move drops the rest
    let reply_order = lister.order(&replies, !left)?;
    let mut replies: Vec<Option<S::Position>> = replies.into_iter().map(Some).collect();
    for i in reply_order {
        subproblems.push((!left, replies[i].take()));
        parts.push(Part::Reply(q));
    }
    let mut moves: Vec<Option<S::Position>> = moves.into_iter().map(Some).collect();
    for &i in &order[1..] {
        subproblems.push((left, moves[i].take()));
        parts.push(Part::Other(q));
    }
    Ok(None)
}

/// What [`search_root`] tells of the stage it is at: its name, and the root's moves decided
/// of all.
type StageFn<'a> = dyn FnMut(&str, Option<(usize, usize)>) + 'a;

/// The root's questions on one thread: each root move in turn, in the search's order (a
/// resumed run finds the decided ones in the table), and with `max_moves` 0 a player's moves
/// stop at her first winning one; `stage` and `answer` hear of the progress (the moves
/// decided, the questions answered). Returns the subproblems answered, their answers, and
/// whether a part's moves were left out (more than the budget: the root itself is asked).
pub fn search_root<S: RootSearch>(
    ts: &mut S,
    terms: &S::Position,
    max_moves: usize,
    stage: &mut StageFn,
    answer: &mut dyn FnMut(&str, bool),
) -> Result<RootAnswers<S::Position>> {
    let mut skipped = false;
    ts.root_sum(terms)?;
    let mut subproblems = Vec::new();
    let mut wins = Vec::new();
    for left in [true, false] {
        let who = if left { "Left" } else { "Right" };
        let (moves, left_out) = ts.moves(terms, left)?;
        if left_out {
            // a part with more moves than the budget: the root itself says who wins
            skipped = true;
            stage(&format!("{who} first"), None);
            let w = ts.wins(terms, left)?;
            subproblems.push((left, None));
            wins.push(w);
        }
        // tried in the search's order, listed in the moves' own order
        let total = moves.len();
        let mut answers: Vec<Option<bool>> = vec![None; total];
        let mut winners = 0;
        for (done, i) in ts.order(&moves, left)?.into_iter().enumerate() {
            if winners > max_moves || (skipped && max_moves == 0) {
                break;
            }
            stage(&format!("{who}'s moves"), Some((done, total)));
            let w = !ts.wins(&moves[i], !left)?;
            winners += usize::from(w);
            answers[i] = Some(w);
        }
        for (next, answer) in moves.into_iter().zip(answers) {
            if let Some(w) = answer {
                subproblems.push((left, Some(next)));
                wins.push(w);
            }
        }
        let first = subproblems
            .iter()
            .zip(&wins)
            .any(|((l, _), &w)| *l == left && w);
        answer(&format!("{who} first"), first);
    }
    stage("", None);
    let stats = ts.search().stats();
    Ok(RootAnswers {
        subproblems,
        wins,
        skipped,
        stats,
    })
}

/// How long [`answer_on_threads`] first searches on one thread: a sum answered within it is
/// not worth starting the threads (each thread's arena works out the sums of forms again).
const ONE_THREAD_FIRST: Duration = Duration::from_millis(250);

/// [`search_root`] on one thread, reporting its progress to `progress` (about once a second)
/// and, with a `checkpoint`, resuming from its file when it exists (the same version of grundy
/// and the same `text`), saving it every `checkpoint.every` and once more at the end or when
/// stopped (a time limit, an interrupt), so that no work is lost.
///
/// **Complexity**: that of [`search_root`]; a save writes the tables (16 and 24 bytes a
/// result).
pub fn search_checkpointed<S: RootSearch>(
    ts: &mut S,
    position: &S::Position,
    text: &str,
    max_moves: usize,
    checkpoint: Option<&SearchCheckpoint>,
    progress: Option<&ProgressSink>,
) -> Result<RootAnswers<S::Position>>
where
    S::Rules: 'static,
{
    let root = Rc::new(RefCell::new(SearchProgress::default()));
    if let Some(c) = checkpoint {
        let search = ts.search();
        if let Some((answered, read)) = checkpoint::resume(&c.path, text, |r| search.read_table(r))?
        {
            let mut root = root.borrow_mut();
            root.answered = answered;
            if let Some(p) = progress {
                let stats = search.stats();
                let report = SearchProgress {
                    stored: stats.stored + stats.results,
                    capacity: search.table_capacity() as u64,
                    resumed: Some(read),
                    ..root.clone()
                };
                (p.0)(&report);
            }
        }
    }
    watch(ts.search(), checkpoint, progress, text, &root);
    let mut stage = |stage: &str, moves: Option<(usize, usize)>| {
        let mut root = root.borrow_mut();
        root.stage = stage.to_string();
        root.root_moves = moves;
    };
    let mut answer = |question: &str, wins: bool| {
        let mut root = root.borrow_mut();
        let line = format!("{question}: {}", if wins { "win" } else { "loss" });
        if !root.answered.contains(&line) {
            root.answered.push(line);
        }
    };
    let searched = search_root(ts, position, max_moves, &mut stage, &mut answer);
    ts.search().unwatch();
    if let Some(c) = checkpoint {
        if matches!(searched, Ok(_) | Err(GrundyError::Cancelled)) {
            let answered = root.borrow().answered.clone();
            let search = ts.search();
            checkpoint::save(&c.path, text, &answered, |w| search.write_table(w))?;
        }
    }
    searched
}

/// Has `search` report its progress (about once a second) and save its checkpoint (every
/// `checkpoint.every`), as asked; `root` holds what the root driver says of its questions.
fn watch<R: SumRules + 'static>(
    search: &mut OutcomeSearch<R>,
    checkpoint: Option<&SearchCheckpoint>,
    progress: Option<&ProgressSink>,
    text: &str,
    root: &Rc<RefCell<SearchProgress>>,
) {
    let tick = match (progress, checkpoint) {
        (None, None) => return,
        (Some(_), None) => Duration::from_secs(1),
        (None, Some(c)) => c.every,
        (Some(_), Some(c)) => c.every.min(Duration::from_secs(1)),
    };
    let (progress, checkpoint) = (progress.cloned(), checkpoint.cloned());
    let mut last_save = Instant::now();
    let text = text.to_string();
    let root = Rc::clone(root);
    search.watch(
        tick,
        Box::new(move |search| {
            let stats = search.stats();
            let mut report = {
                let mut root = root.borrow_mut();
                let report = root.clone();
                // the resumed count is said once
                root.resumed = None;
                report
            };
            report.nodes = stats.nodes;
            report.stored = stats.stored + stats.results;
            report.capacity = search.table_capacity() as u64;
            if let Some(c) = checkpoint
                .as_ref()
                .filter(|c| last_save.elapsed() >= c.every)
            {
                report.saved = Some(checkpoint::save(&c.path, &text, &report.answered, |w| {
                    search.write_table(w)
                })?);
                last_save = Instant::now();
            }
            if let Some(p) = &progress {
                (p.0)(&report);
            }
            Ok(())
        }),
    );
}
