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
use crate::partizan::forms::GameId;
use crate::partizan::hash::hash128;
use crate::partizan::outcome::{
    write_shared, OutcomeOptions, OutcomeSearch, OutcomeStats, RegionList, SearchSum, SumRules,
};
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

    /// The position as the search holds it (after [`Self::root_sum`] of the search's root).
    fn sum(
        &mut self,
        position: &Self::Position,
    ) -> Result<SearchSum<<Self::Rules as SumRules>::Region>>;

    /// The position's normalised regions (`true`: negated) and the value of the rest, before
    /// the search values any region: equal for positions equal up to the games' symmetries,
    /// whatever the search has met so far.
    fn regions(
        &mut self,
        position: &Self::Position,
    ) -> Result<(RegionList<<Self::Rules as SumRules>::Region>, GameId)>;

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
    /// Where the threads' shared table is saved ([`answer_on_threads`]), if anywhere.
    pub checkpoint: Option<SearchCheckpoint>,
    /// The position as written in the checkpoint's header (a checkpoint of another text is
    /// refused).
    pub text: String,
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
    /// Per player (Left, Right): her list holds only her first winning move in her game's
    /// own search's order, named by that search ([`name_winning_move`]); her other moves
    /// were not searched ([`more_winning_moves`] looks for them).
    pub named: [bool; 2],
    /// Why the lists may leave winning moves out, when [`more_winning_moves`] cut them.
    pub cut: Option<String>,
    /// The searches' counters, summed over the threads.
    pub stats: OutcomeStats,
}

impl<P> RootAnswers<P> {
    /// Answers from the subproblems answered, nothing named or cut.
    pub fn of(
        subproblems: Vec<Subproblem<P>>,
        wins: Vec<bool>,
        skipped: bool,
        stats: OutcomeStats,
    ) -> RootAnswers<P> {
        RootAnswers {
            subproblems,
            wins,
            skipped,
            named: [false; 2],
            cut: None,
            stats,
        }
    }
}

/// What the threads of [`answer_on_threads`] share.
struct Shared {
    /// The next subproblem to take.
    next: AtomicUsize,
    /// Subproblems answered.
    done: AtomicUsize,
    /// Positions searched by every thread (counted when progress is reported).
    nodes: Arc<AtomicU64>,
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
    /// With a checkpoint: when it was last saved (milliseconds after `started`; one thread
    /// saves at a time, the others search on), and the error of a save that failed (the
    /// threads stop, and the answer is that error).
    saved: AtomicU64,
    save_failed: std::sync::Mutex<Option<GrundyError>>,
    /// Raised when a save failed: every thread's watcher stops its search (a thread failing
    /// otherwise only stops the others taking subproblems, so that its error is the answer).
    save_broke: AtomicBool,
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
    /// Saves the checkpoint `c` of the shared table `results` if one is due and no other
    /// thread is saving it: how many results were saved. A save that fails raises `failed`
    /// and is kept as the answer's error.
    fn save_if_due(
        &self,
        c: &SearchCheckpoint,
        text: &str,
        results: &ResultTable,
    ) -> Result<Option<u64>> {
        let now = self.started.elapsed().as_millis() as u64;
        let last = self.saved.load(Ordering::Relaxed);
        let every = c.every.as_millis() as u64;
        // (u64::MAX while a thread saves)
        if last == u64::MAX
            || now < last.saturating_add(every)
            || self
                .saved
                .compare_exchange(last, u64::MAX, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return Ok(None);
        }
        let saved = checkpoint::save(&c.path, text, &[], |w| write_shared(results, w));
        self.saved
            .store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
        match saved {
            Ok(n) => Ok(Some(n)),
            Err(e) => {
                self.failed.store(true, Ordering::Relaxed);
                self.save_broke.store(true, Ordering::Relaxed);
                *self.save_failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e.clone());
                Err(e)
            }
        }
    }

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
/// wins, or the root is won; and for a question asked whole with moves wanted, the winning
/// move named, `Err(())` when none could be) and its search's counters.
type ThreadAnswers<P> = (
    Vec<(usize, bool, Option<std::result::Result<P, ()>>)>,
    OutcomeStats,
);

/// The root's questions on `threads` threads (see the module's documentation), each thread's
/// search made by `make` (given the options of its share of the table): the root's moves (or,
/// when no move is listed, the opponent's replies to each player's most promising move) taken
/// one at a time by threads that each run their own search, sharing one table of results (the
/// search of sums' and the games' own searches'). One region with its game's own search
/// beside an integer, no move listed, is searched whole by every thread, each question in
/// turn (each thread starting at another), and the game's search splits the work
/// ([`ResultTable::share_work`]). `None` when a part has too many moves to list (then the
/// single search answers).
///
/// With [`RootOptions::checkpoint`], the shared table is read back from its file when it
/// exists (the same version of grundy and the same [`RootOptions::text`]; a checkpoint of a
/// run on one thread gives back its games' own searches' results, not its sums'), saved by
/// one of the threads every `checkpoint.every` while the others search on (an entry another
/// thread is writing is left out: every entry saved is whole and proved), and once more when
/// the threads end, answered or stopped (a time limit, an interrupt). A save that fails stops
/// every thread with its error.
///
/// **Complexity**: the searches'; a save reads the table's written pages and writes 24 bytes
/// a result.
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
    if let Some(c) = &options.checkpoint {
        let search = lister.search();
        if let Some((answered, read)) =
            checkpoint::resume(&c.path, &options.text, |r| search.read_table(r))?
        {
            if let Some(p) = &options.progress {
                (p.0)(&SearchProgress {
                    stored: results.stored(),
                    capacity: results.capacity() as u64,
                    answered,
                    resumed: Some(read),
                    ..SearchProgress::default()
                });
            }
        }
    }
    let nodes = Arc::new(AtomicU64::new(0));
    let answered = answer_sharing(lister, terms, make, options, threads, &results, &nodes);
    if let Some(c) = &options.checkpoint {
        if matches!(answered, Ok(_) | Err(GrundyError::Cancelled)) {
            // each player's answer: she wins moving first when one of her subproblems wins
            // (when none does, every move of hers was answered)
            let lines = match &answered {
                Ok(Some(a)) => [true, false]
                    .into_iter()
                    .filter(|&left| a.subproblems.iter().any(|(l, _)| *l == left))
                    .map(|left| {
                        let wins = a
                            .subproblems
                            .iter()
                            .zip(&a.wins)
                            .any(|((l, _), &w)| *l == left && w);
                        let who = if left { "Left" } else { "Right" };
                        answer_line(&format!("{who} first"), wins)
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let saved = checkpoint::save(&c.path, &options.text, &lines, |w| {
                write_shared(&results, w)
            })?;
            if let Some(p) = &options.progress {
                let nodes = match &answered {
                    Ok(Some(a)) => a.stats.nodes,
                    _ => nodes.load(Ordering::Relaxed),
                };
                (p.0)(&SearchProgress {
                    nodes,
                    stored: results.stored(),
                    capacity: results.capacity() as u64,
                    answered: lines,
                    saved: Some(saved),
                    ..SearchProgress::default()
                });
            }
        }
    }
    answered
}

/// [`answer_on_threads`] once its shared table `results` is made (and read back), the first
/// search (`lister`) sharing it; `nodes` counts the threads' positions as they report them.
fn answer_sharing<S: RootSearch>(
    mut lister: S,
    terms: &S::Position,
    make: &(dyn Fn(OutcomeOptions) -> S + Sync),
    options: &RootOptions,
    threads: usize,
    results: &Arc<ResultTable>,
    nodes: &Arc<AtomicU64>,
) -> Result<Option<RootAnswers<S::Position>>> {
    let root = lister.root_sum(terms)?;
    // first a moment on one thread, with the root's parts valued: most sums end there. (Not
    // for one region beside a number, which the threads share without repeating work: its
    // game's own search keeps its results in the shared table.)
    let number = lister.search().rules.forms().as_number(root.known);
    let alone = root.parts.len() == 1 && root.values.is_empty() && number.is_some();
    // with its game's own search beside an integer, every thread asks the root's questions
    // (the search splits the work where every move must be searched), naming each player's
    // first winning move when moves are listed
    let together = alone
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
        nodes: Arc::clone(nodes),
        stored: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        started: Instant::now(),
        reported: AtomicU64::new(0),
        won: [AtomicBool::new(false), AtomicBool::new(false)],
        refuted: [AtomicBool::new(false), AtomicBool::new(false)],
        replies_left: [AtomicUsize::new(replies(0)), AtomicUsize::new(replies(1))],
        whole_answered: [AtomicBool::new(false), AtomicBool::new(false)],
        saved: AtomicU64::new(0),
        save_failed: std::sync::Mutex::new(None),
        save_broke: AtomicBool::new(false),
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
    let answers: Vec<Result<ThreadAnswers<S::Position>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let shared = Arc::clone(&shared);
                let (subproblems, parts) = (&subproblems, &parts);
                let results = Arc::clone(results);
                let seed = Arc::clone(&seed);
                let results_capacity = results.capacity();
                scope.spawn(move || -> Result<ThreadAnswers<S::Position>> {
                    let mut ts = make(search);
                    ts.share_results(Arc::clone(&results));
                    // and the search of sums keeps its results there too
                    ts.search().share_table();
                    ts.use_database(&seed);
                    // now and then: the progress line, and whether the subproblem being
                    // answered is still needed (a question decided meanwhile drops it)
                    let current = Arc::new(AtomicUsize::new(usize::MAX));
                    {
                        let (shared, sink) = (Arc::clone(&shared), options.progress.clone());
                        let (parts, current) = (parts.clone(), Arc::clone(&current));
                        let (checkpoint, text) = (options.checkpoint.clone(), options.text.clone());
                        let table = Arc::clone(&results);
                        let (mut nodes, mut stored) = (0u64, 0u64);
                        ts.search().watch(
                            std::time::Duration::from_millis(50),
                            Box::new(move |search| {
                                let k = current.load(Ordering::Relaxed);
                                if parts.get(k).is_some_and(|&p| !shared.needed(p))
                                    || shared.save_broke.load(Ordering::Relaxed)
                                {
                                    return Err(GrundyError::Cancelled);
                                }
                                let saved = match &checkpoint {
                                    Some(c) => shared.save_if_due(c, &text, &table)?,
                                    None => None,
                                };
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
                                if saved.is_some()
                                    || now >= last + 1000
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
                                        saved,
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
                            // the root itself, its winning move named when moves are listed
                            None if options.max_moves > 0 => {
                                name_winning_move(&mut ts, terms, *left).and_then(|named| {
                                    match named {
                                        Some((wins, m)) => Ok((wins, Some(m.ok_or(())))),
                                        None => ts.wins(terms, *left).map(|w| (w, Some(Err(())))),
                                    }
                                })
                            }
                            None => ts.wins(terms, *left).map(|w| (w, None)),
                            Some(next) => ts.wins(next, !left).map(|opponent| (!opponent, None)),
                        };
                        match answer {
                            Ok((wins, named)) => {
                                shared.answered(parts[k], wins);
                                mine.push((k, wins, named));
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
    let mut named: Vec<Option<std::result::Result<S::Position, ()>>> =
        (0..total).map(|_| None).collect();
    let mut stats = OutcomeStats::default();
    let mut first_error = None;
    for answer in answers {
        match answer {
            Ok((mine, s)) => {
                for (k, w, m) in mine {
                    wins[k] = w;
                    named[k] = m;
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
    // a failed save is the reason the threads stopped
    if let Some(e) = shared
        .save_failed
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    {
        return Err(e);
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    if together && options.max_moves > 0 {
        // each player's first winning move, as named by the threads (the same whichever
        // thread named it); one the game's search could not name is looked for among her
        // moves on one thread, on the shared table
        let mut answers = RootAnswers::of(Vec::new(), Vec::new(), false, stats);
        for (q, left) in [true, false].into_iter().enumerate() {
            match (wins[q], named[q].take()) {
                (true, Some(Ok(m))) => {
                    answers.subproblems.push((left, Some(m)));
                    answers.wins.push(true);
                    answers.named[q] = true;
                }
                (true, _) => {
                    let mut ts = make(options.search);
                    ts.share_results(Arc::clone(results));
                    ts.search().share_table();
                    ts.root_sum(terms)?;
                    let (found, skipped) =
                        scan_moves(&mut ts, terms, left, options.max_moves, &mut |_, _| {})?;
                    answers.skipped |= skipped;
                    for (m, w) in found {
                        answers.subproblems.push((left, m));
                        answers.wins.push(w);
                    }
                }
                (false, _) => {
                    answers.subproblems.push((left, None));
                    answers.wins.push(false);
                }
            }
        }
        return Ok(Some(answers));
    }
    if options.max_moves > 0 {
        return Ok(Some(RootAnswers::of(subproblems, wins, false, stats)));
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
    Ok(Some(RootAnswers::of(
        vec![(true, None), (false, None)],
        firsts.to_vec(),
        false,
        stats,
    )))
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

/// Whether `left` wins `terms` moving first and, if so, her first winning move in the order of
/// her game's own search (the position it leaves, `None` when the search names none: a move
/// in the integer), for a sum of one region with its own search beside an integer
/// ([`OutcomeSearch::winning_move`]); `None` for any other sum. The named move is matched to
/// the first of [`RootSearch::moves`] that leaves the same sum (up to the games' symmetries).
///
/// **Complexity**: that of the outcome search of the sum, and one sum per root move.
pub fn name_winning_move<S: RootSearch>(
    ts: &mut S,
    terms: &S::Position,
    left: bool,
) -> Result<Option<(bool, Option<S::Position>)>> {
    let root = ts.sum(terms)?;
    let Some((wins, named)) = ts.search().winning_move(&root, left)? else {
        return Ok(None);
    };
    let Some(named) = named else {
        return Ok(Some((wins, None)));
    };
    // the position the named move leaves: the root's regions, the one searched replaced
    let (mut regions, known) = ts.regions(terms)?;
    let part = &root.parts[0];
    if let Some(at) = regions
        .iter()
        .position(|(r, n)| *r == part.region && *n == part.negated)
    {
        regions.swap_remove(at);
    }
    regions.extend(named);
    let key = position_key(&regions, known);
    let (moves, _) = ts.moves(terms, left)?;
    for m in moves {
        let (regions, known) = ts.regions(&m)?;
        if position_key(&regions, known) == key {
            return Ok(Some((wins, Some(m))));
        }
    }
    Ok(Some((wins, None)))
}

/// A key of a position given by its normalised regions and the value of the rest: equal
/// for equal multisets of regions (128-bit hashes, sorted) and the same value.
fn position_key<R: std::hash::Hash>(regions: &RegionList<R>, known: GameId) -> (Vec<u128>, GameId) {
    let mut hashes: Vec<u128> = regions.iter().map(|p| hash128(p, 0x9051)).collect();
    hashes.sort_unstable();
    (hashes, known)
}

/// What [`scan_moves`] found: each move tried (`None`: the root itself) and whether the mover
/// wins by it, and whether a part's moves were left out.
type Scanned<P> = (Vec<(Option<P>, bool)>, bool);

/// The winning moves of `left` among her moves of `terms`, tried in their own order until one
/// more than `want` are found (with `want` 0, in the search's order until the first: whether
/// she wins): each move tried and whether it wins, in the moves' own order, and whether a
/// part's moves were left out (then the root itself is asked, and answered as the subproblem
/// `None`). `stage` hears of the moves decided.
fn scan_moves<S: RootSearch>(
    ts: &mut S,
    terms: &S::Position,
    left: bool,
    want: usize,
    stage: &mut StageFn,
) -> Result<Scanned<S::Position>> {
    let who = if left { "Left" } else { "Right" };
    let mut found = Vec::new();
    let (moves, skipped) = ts.moves(terms, left)?;
    if skipped {
        // a part with more moves than the budget: the root itself says who wins
        stage(&format!("{who} first"), None);
        found.push((None, ts.wins(terms, left)?));
    }
    // who wins: the moves in the search's order, until one wins; the winning moves: in their
    // own order, so that the first `want` listed are the same on every run and thread count
    // (the threads decide every move)
    let total = moves.len();
    let order = match want {
        0 => ts.order(&moves, left)?,
        _ => (0..total).collect(),
    };
    let mut answers: Vec<Option<bool>> = vec![None; total];
    let mut winners = 0;
    for (done, i) in order.into_iter().enumerate() {
        if winners > want || (skipped && want == 0) {
            break;
        }
        stage(&format!("{who}'s moves"), Some((done, total)));
        let w = !ts.wins(&moves[i], !left)?;
        winners += usize::from(w);
        answers[i] = Some(w);
    }
    for (next, answer) in moves.into_iter().zip(answers) {
        if let Some(w) = answer {
            found.push((Some(next), w));
        }
    }
    Ok((found, skipped))
}

/// The root's questions on one thread. A sum of one region with its game's own search beside
/// an integer is asked whole, each player's first winning move named by that search
/// ([`name_winning_move`]) when moves are listed; otherwise each root move in turn (`scan_moves`: a resumed run
/// finds the decided ones in the table): with `max_moves` 0 in the search's order until the
/// first that wins, else in the moves' own order until one more than `max_moves` win.
/// `stage` and `answer` hear of the progress (the moves decided, the questions answered).
/// Returns the subproblems answered, their answers, and whether a part's moves were left out
/// (more than the budget: the root itself is asked).
pub fn search_root<S: RootSearch>(
    ts: &mut S,
    terms: &S::Position,
    max_moves: usize,
    stage: &mut StageFn,
    answer: &mut dyn FnMut(&str, bool),
) -> Result<RootAnswers<S::Position>> {
    ts.root_sum(terms)?;
    let mut answers = RootAnswers::of(Vec::new(), Vec::new(), false, OutcomeStats::default());
    for (q, left) in [true, false].into_iter().enumerate() {
        let who = if left { "Left" } else { "Right" };
        stage(&format!("{who} first"), None);
        // no move listed: the outcome alone, which the table may know (a question answered by
        // the other's search, as a board that is its own negative's mirror image)
        let whole = if max_moves == 0 {
            let root = ts.sum(terms)?;
            ts.search().own_wins(&root, left)?.map(|wins| (wins, None))
        } else {
            name_winning_move(ts, terms, left)?
        };
        let found = match whole {
            Some((true, Some(m))) if max_moves > 0 => {
                answers.named[q] = true;
                vec![(Some(m), true)]
            }
            Some((wins, named)) if max_moves == 0 || !wins || named.is_some() => {
                vec![(None, wins)]
            }
            // not one region with its own search, or no move named
            _ => {
                let (found, skipped) = scan_moves(ts, terms, left, max_moves, stage)?;
                answers.skipped |= skipped;
                found
            }
        };
        let first = found.iter().any(|&(_, w)| w);
        for (m, w) in found {
            answers.subproblems.push((left, m));
            answers.wins.push(w);
        }
        answer(&format!("{who} first"), first);
    }
    stage("", None);
    answers.stats = ts.search().stats();
    Ok(answers)
}

/// More winning moves of each player whose list holds only the move her game's own search
/// named ([`RootAnswers::named`]), up to `max_moves` in all: her moves tried in their own
/// order by `ts`, a search of its own on one thread (its table starts empty, so the same
/// command lists the same moves on every run and thread count), a move leaving the sum the
/// named one leaves (a mirror image) winning without a search. The search stops after
/// `effort` positions per player (`None`: none), and [`RootAnswers::cut`] then says so; it
/// says so too when the list is full with moves left untried.
///
/// **Complexity**: at most `effort` positions per player.
pub fn more_winning_moves<S: RootSearch>(
    ts: &mut S,
    terms: &S::Position,
    answers: &mut RootAnswers<S::Position>,
    max_moves: usize,
    effort: Option<u64>,
) -> Result<()>
where
    S::Rules: 'static,
{
    if !answers.named.contains(&true) {
        return Ok(());
    }
    ts.root_sum(terms)?;
    let mut reasons = Vec::new();
    for (q, left) in [true, false].into_iter().enumerate() {
        if !answers.named[q] {
            continue;
        }
        let who = if left { "Left" } else { "Right" };
        let at = answers
            .subproblems
            .iter()
            .position(|(l, m)| *l == left && m.is_some())
            .expect("a named move");
        let first = answers.subproblems[at].1.clone().expect("a named move");
        let (moves, skipped) = ts.moves(terms, left)?;
        let (regions, known) = ts.regions(&first)?;
        let first_key = position_key(&regions, known);
        // the moves leaving the position the named move leaves (it, and its mirror images) win
        let mut images = Vec::with_capacity(moves.len());
        for m in &moves {
            let (regions, known) = ts.regions(m)?;
            images.push(position_key(&regions, known) == first_key);
        }
        let named_at = images.iter().position(|&i| i).unwrap_or(usize::MAX);
        let start = ts.search().stats().nodes;
        let over = Rc::new(std::cell::Cell::new(false));
        if let Some(limit) = effort {
            let over = Rc::clone(&over);
            ts.search().watch(
                Duration::ZERO,
                Box::new(move |search| {
                    if search.stats().nodes - start > limit {
                        over.set(true);
                        return Err(GrundyError::Cancelled);
                    }
                    Ok(())
                }),
            );
        }
        // the moves in their own order until the list is full (the named move counted)
        let mut winning = vec![false; moves.len()];
        let mut listed = 0;
        let mut decided = 0;
        if let Some(w) = winning.get_mut(named_at) {
            *w = true;
            listed += 1;
            decided += 1;
        }
        let mut searched = Ok(());
        for (i, m) in moves.iter().enumerate() {
            if i == named_at {
                continue;
            }
            if listed >= max_moves {
                break;
            }
            // (the watcher looks every few thousand positions; here, between two moves)
            if effort.is_some_and(|limit| ts.search().stats().nodes - start > limit) {
                over.set(true);
                searched = Err(GrundyError::Cancelled);
                break;
            }
            let wins = images[i]
                || match ts.wins(m, !left) {
                    Ok(opponent) => !opponent,
                    Err(e) => {
                        searched = Err(e);
                        break;
                    }
                };
            winning[i] = wins;
            listed += usize::from(wins);
            decided += 1;
        }
        ts.search().unwatch();
        match searched {
            Err(GrundyError::Cancelled) if over.get() => reasons.push(format!(
                "{who}'s moves were searched for {} positions (--move-positions): {decided} of \
                 {} decided",
                effort.unwrap_or(0),
                moves.len()
            )),
            Err(e) => return Err(e),
            Ok(()) if skipped || decided < moves.len() => reasons.push(listed_at_most(max_moves)),
            Ok(()) => {}
        }
        if named_at >= moves.len() {
            // (not among the moves listed: kept as named)
            winning.push(true);
        }
        let mut kept: Vec<(Subproblem<S::Position>, bool)> = answers
            .subproblems
            .drain(..)
            .zip(answers.wins.drain(..))
            .filter(|((l, _), _)| *l != left)
            .collect();
        let mut first = Some(first);
        for (i, w) in winning.into_iter().enumerate() {
            if w {
                let m = moves.get(i).cloned().or_else(|| first.take());
                kept.push(((left, m), true));
            }
        }
        for ((l, m), w) in kept {
            answers.subproblems.push((l, m));
            answers.wins.push(w);
        }
        answers.named[q] = false;
    }
    reasons.dedup();
    if !reasons.is_empty() {
        answers.cut = Some(reasons.join("; "));
    }
    Ok(())
}

/// Why a list stops at `max_moves` winning moves, in words.
pub fn listed_at_most(max_moves: usize) -> String {
    let s = if max_moves == 1 { "" } else { "s" };
    format!("at most {max_moves} winning move{s} listed per player (--max-moves)")
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
        let line = answer_line(question, wins);
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
            let saved = checkpoint::save(&c.path, text, &answered, |w| search.write_table(w))?;
            if let Some(p) = progress {
                let stats = search.stats();
                (p.0)(&SearchProgress {
                    nodes: stats.nodes,
                    stored: stats.stored + stats.results,
                    capacity: search.table_capacity() as u64,
                    answered,
                    saved: Some(saved),
                    ..SearchProgress::default()
                });
            }
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

/// A question answered, as the progress lines and a checkpoint's header say it: "Left first:
/// win".
fn answer_line(question: &str, wins: bool) -> String {
    format!("{question}: {}", if wins { "win" } else { "loss" })
}
