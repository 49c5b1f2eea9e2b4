//! `grundy solve` on a sum with a partizan part: who wins and every winning move, found by the
//! outcome search ([`OutcomeSearch`]) without the sum's canonical form; the canonical form is
//! added when the value engine finds it within its own budget.

use crate::app::parse::Term;
use crate::app::search_progress::{self, ProgressSink, SearchCheckpoint, SearchProgress};
use crate::app::value::{term_options, term_value, PartizanSolveReport, ValuedSum};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanRegion, PartizanValues};
use crate::partizan::database::Database;
use crate::partizan::{
    GameId, OutcomeOptions, OutcomeSearch, OutcomeStats, PartizanOutcome, ResultTable, SearchSum,
    SumRules,
};
use crate::solve::analyse::SumAnalyser;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How `solve` answers a partizan sum.
#[derive(Clone, Debug)]
pub struct PartizanSolveOptions {
    /// The budget of the search: its transposition table and record of regions hold at most
    /// `max_states` entries each, and its flag stops it.
    pub budget: Budget,
    /// The most winning moves listed per player.
    pub max_moves: usize,
    /// The canonical form's budget (positions stored by the value engine), or `None` not to
    /// compute it (`--no-value`).
    pub value_states: Option<usize>,
    /// How the search values small regions.
    pub search: OutcomeOptions,
    /// Where the search saves its table now and then, and resumes from.
    pub checkpoint: Option<SearchCheckpoint>,
    /// Called with the search's progress about once a second.
    pub progress: Option<ProgressSink>,
    /// A database of canonical forms the regions are looked up in (`--db`).
    pub database: Option<Arc<Database>>,
    /// Threads searching the root's moves at once (0: one per core). Each has its own table
    /// of `max_states / threads` results. A checkpointed search runs on one thread.
    pub threads: usize,
}

/// A bound on the positions searches of games with `cells` cells (stones, edges) in all can
/// reach: 2^(cells + 2) (each cell taken or not, a player to move and what is left beside
/// them), or `usize::MAX` from 60 cells on. It sizes the searches' tables.
pub fn positions_of(cells: usize) -> usize {
    if cells < 60 {
        1 << (cells + 2)
    } else {
        usize::MAX
    }
}

/// The search of a sum of terms.
pub struct TermSearch {
    /// The search, over the catalog's games.
    pub search: OutcomeSearch<PartizanValues>,
    analyser: SumAnalyser<crate::games::Component>,
    /// Whether a part's moves were left out of a list (more than the budget).
    skipped: bool,
}

impl TermSearch {
    /// A search under `budget`.
    pub fn new(budget: Budget, options: OutcomeOptions) -> TermSearch {
        TermSearch {
            search: OutcomeSearch::new(
                PartizanValues::new(budget.clone()),
                budget.clone(),
                options,
            ),
            analyser: SumAnalyser::new(budget, 0),
            skipped: false,
        }
    }

    /// The sum of `terms` as the search holds it: the games' parts split into their regions,
    /// impartial parts and values in notation folded into the known value.
    pub fn sum(&mut self, terms: &[Term]) -> Result<SearchSum<PartizanRegion>> {
        let (regions, known) = self.regions(terms)?;
        self.search.sum(regions, known)
    }

    /// [`Self::sum`] of the position a search starts from, its regions valued with the bigger
    /// budget ([`OutcomeSearch::root_sum`]): called once before the root's moves are
    /// searched, so that the positions they leave find their parts valued.
    pub fn root_sum(&mut self, terms: &[Term]) -> Result<SearchSum<PartizanRegion>> {
        let (regions, known) = self.regions(terms)?;
        self.search.root_sum(regions, known)
    }

    /// How many positions the searches of `terms` can reach at most: a bound (2^(c + 2) for
    /// c cells, stones or edges in the games' parts, a player to move and what is left
    /// beside them), which sizes the tables ([`Self::expect_positions`]).
    pub fn positions(&self, terms: &[Term]) -> usize {
        let values = &self.search.rules;
        let cells: usize = terms
            .iter()
            .filter_map(|term| match term {
                Term::Partizan(p) => values.regions(p),
                Term::Impartial(_) => None,
            })
            .flatten()
            .map(|(region, _)| crate::partizan::outcome::SumRules::size(values, &region))
            .sum();
        positions_of(cells)
    }

    /// Sizes the search's tables for the searches of `terms` ([`Self::positions`]), before
    /// the first result is stored.
    pub fn expect_positions(&mut self, terms: &[Term]) {
        self.expect(self.positions(terms));
    }

    /// Sizes the search's tables for searches that reach at most `positions` positions.
    pub fn expect(&mut self, positions: usize) {
        self.search.expect_positions(positions);
        self.search.rules.expect_positions(positions);
    }

    /// The regions of the games' parts of `terms`, and the value of the rest.
    fn regions(&mut self, terms: &[Term]) -> Result<(Vec<(PartizanRegion, bool)>, GameId)> {
        let mut regions = Vec::new();
        let values = &mut self.search.rules;
        let mut known = values.forms.zero();
        for term in terms {
            let v = match term {
                Term::Partizan(p) => match values.regions(p) {
                    Some(r) => {
                        regions.extend(r);
                        continue;
                    }
                    None => values.value(p)?,
                },
                Term::Impartial(_) => term_value(term, values, &mut self.analyser)?,
            };
            known = values.forms.add(known, v)?;
        }
        Ok((regions, known))
    }

    /// Whether the player to move (Left when `left`) wins the sum of `terms` (after
    /// [`Self::root_sum`] of the search's root).
    pub fn wins(&mut self, terms: &[Term], left: bool) -> Result<bool> {
        let sum = self.sum(terms)?;
        self.search.wins(&sum, left)
    }

    /// The order in which to try `moves` of `left` (indices into `moves`): the search's own
    /// move order ([`OutcomeSearch::move_order`]), most promising first.
    pub fn order(&mut self, moves: &[Vec<Term>], left: bool) -> Result<Vec<usize>> {
        let mut scored = Vec::with_capacity(moves.len());
        for (i, next) in moves.iter().enumerate() {
            let sum = self.sum(next)?;
            scored.push((self.search.move_order(&sum, left)?, i));
        }
        scored.sort();
        Ok(scored.into_iter().map(|(_, i)| i).collect())
    }

    /// Whether the last list of moves left a part out (more moves than the budget).
    pub fn skipped(&self) -> bool {
        self.skipped
    }

    /// The positions (whole sums of terms) a move of `left` leaves. A part with more moves
    /// than the arena's budget (`*4000000000`) is left out, and [`Self::skipped`] says so.
    pub fn term_moves(&mut self, terms: &[Term], left: bool) -> Result<Vec<Vec<Term>>> {
        let room = self.search.rules.forms.max_forms() as u128;
        let mut out = Vec::new();
        self.skipped = false;
        for (i, term) in terms.iter().enumerate() {
            let Some(options) = term_options(&mut self.search.rules, term, left, room)? else {
                self.skipped = true;
                continue;
            };
            for option in options {
                let mut next = terms.to_vec();
                next.splice(i..=i, option);
                out.push(next);
            }
        }
        Ok(out)
    }
}

/// What the threads of [`solve_on_threads`] share.
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

/// A question at the root of a sum: who moves (`true`: Left), and the position her move
/// leaves (`None`: the root itself, "does she win moving first?").
pub type Subproblem = (bool, Option<Vec<Term>>);

/// What one thread of [`solve_on_threads`] found: the subproblems it answered (the move
/// wins, or the root is won) and its search's counters.
type ThreadAnswers = (Vec<(usize, bool)>, OutcomeStats);

/// [`solve_by_search`] on `threads` threads: the root's moves (or, when no move is listed,
/// the opponent's replies to each player's most promising move) taken one at a time by
/// threads that each run their own search, sharing one table of results (the search of
/// sums' and the games' own searches'). One region with its game's own search beside an
/// integer, no move listed, is searched whole by every thread, each question in turn (each
/// thread starting at another), and the game's search splits the work ([`ResultTable::share_work`]).
/// `None` when a part has too many moves to list (then the single search answers).
fn solve_on_threads(
    terms: &[Term],
    options: &PartizanSolveOptions,
    threads: usize,
) -> Result<Option<(PartizanSolveReport, OutcomeStats)>> {
    // the searches of sums and the games' own searches (Domineering's, Clobber's), the first
    // one's and the threads', share one table of results
    let mut lister = TermSearch::new(options.budget.clone(), options.search);
    let positions = lister.positions(terms);
    let results = Arc::new(ResultTable::new(
        options
            .budget
            .table_entries(crate::partizan::results::ENTRY_BYTES, positions),
    )?);
    lister.search.rules.share_results(Arc::clone(&results));
    lister.search.share_table();
    if let Some(db) = &options.database {
        lister.search.rules.use_database(db);
    }
    let root = lister.root_sum(terms)?;
    // first a moment on one thread, with the root's parts valued: most sums end there. (Not
    // for one region beside a number, which the threads share without repeating work: its
    // game's own search keeps its results in the shared table.)
    let number = lister.search.rules.forms.as_number(root.known);
    let alone = root.parts.len() == 1 && root.values.is_empty() && number.is_some();
    // with its game's own search beside an integer, and no move to list, every thread asks
    // the root's questions (the search splits the work where every move must be searched)
    let together = alone
        && options.max_moves == 0
        && number.is_some_and(|n| n.is_integer())
        && lister.search.rules.solver(&root.parts[0].region).is_some();
    if !alone {
        let started = Instant::now();
        lister.search.watch(
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
        lister.search.unwatch();
        match tried {
            Ok((subproblems, wins, skipped)) => {
                let mut report = root_report(terms, &subproblems, &wins, options)?;
                report.truncated |= skipped;
                return Ok(Some((report, lister.search.stats())));
            }
            // the moment is over: on to the threads
            Err(GrundyError::Cancelled) if !options.budget.cancel().is_cancelled() => {}
            Err(e) => return Err(e),
        }
    }
    // the subproblems: (who moves, the position; `None` for the root itself), and what each
    // is to the question it serves
    let mut subproblems: Vec<Subproblem> = Vec::new();
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
            let moves = lister.term_moves(terms, left)?;
            if lister.skipped() {
                return Ok(None);
            }
            subproblems.extend(moves.into_iter().map(|m| (left, Some(m))));
        }
        parts.resize(subproblems.len(), Part::Listed);
    }
    // the positions the lister valued (the root's parts, and the parts of the positions its
    // moves leave), handed to the threads so that each finds them valued
    let tables = lister.search.rules.tables();
    let seed = Arc::new(Database::in_memory(
        "(the root's values)",
        tables,
        &mut lister.search.rules.forms,
    )?);
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
                    let mut ts = TermSearch::new(options.budget.clone(), search);
                    ts.search.rules.share_results(results);
                    // and the search of sums keeps its results there too
                    ts.search.share_table();
                    ts.search.rules.use_database(&seed);
                    if let Some(db) = &options.database {
                        ts.search.rules.use_database(db);
                    }
                    // now and then: the progress line, and whether the subproblem being
                    // answered is still needed (a question decided meanwhile drops it)
                    let current = Arc::new(AtomicUsize::new(usize::MAX));
                    {
                        let (shared, sink) = (Arc::clone(&shared), options.progress.clone());
                        let (parts, current) = (parts.clone(), Arc::clone(&current));
                        let (mut nodes, mut stored) = (0u64, 0u64);
                        ts.search.watch(
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
                    Ok((mine, ts.search.stats()))
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
        return Ok(Some((
            root_report(terms, &subproblems, &wins, options)?,
            stats,
        )));
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
    Ok(Some((
        root_report(terms, &[(true, None), (false, None)], &firsts, options)?,
        stats,
    )))
}

/// Splits the question "does `left` win moving first?" (question `q`) into subproblems: the
/// opponent's replies to her most promising move (the search's own order; she wins by it if
/// none wins, and this proof, shared by the threads, is most of the work when she wins), then
/// her other moves (she wins if one does; these are answered once the first move is refuted).
/// Returns the answer when it needs no search.
fn split_question(
    lister: &mut TermSearch,
    terms: &[Term],
    left: bool,
    q: usize,
    subproblems: &mut Vec<Subproblem>,
    parts: &mut Vec<Part>,
) -> Result<Option<bool>> {
    let moves = lister.term_moves(terms, left)?;
    let order = lister.order(&moves, left)?;
    let replies = match order.first() {
        Some(&best) if !lister.skipped() => lister.term_moves(&moves[best], !left)?,
        _ => Vec::new(),
    };
    if lister.skipped() || replies.is_empty() {
        return Ok(match order.first() {
            // no move (and none left out): a loss
            None if !lister.skipped() => Some(false),
            // a move that leaves the opponent none
            Some(_) if !lister.skipped() => Some(true),
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
    let mut replies: Vec<Option<Vec<Term>>> = replies.into_iter().map(Some).collect();
    for i in reply_order {
        subproblems.push((!left, replies[i].take()));
        parts.push(Part::Reply(q));
    }
    let mut moves: Vec<Option<Vec<Term>>> = moves.into_iter().map(Some).collect();
    for &i in &order[1..] {
        subproblems.push((left, moves[i].take()));
        parts.push(Part::Other(q));
    }
    Ok(None)
}

/// The report of a sum from the answers to its root's subproblems (who moves, and the
/// position a move leaves, or `None` for the root itself; whether the mover wins by it): the
/// outcome (Left first wins iff some Left subproblem is won), each player's winning moves
/// (at most `max_moves`, then the list is marked cut), and the value within its budget.
pub fn root_report(
    terms: &[Term],
    subproblems: &[Subproblem],
    wins: &[bool],
    options: &PartizanSolveOptions,
) -> Result<PartizanSolveReport> {
    let wins_first = |left: bool| {
        subproblems
            .iter()
            .zip(wins)
            .any(|((l, _), &w)| *l == left && w)
    };
    let (left_wins, right_wins) = (wins_first(true), wins_first(false));
    let outcome = PartizanOutcome::from_first(left_wins, right_wins);
    let mut lists: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut truncated = options.max_moves == 0 && (left_wins || right_wins);
    for ((left, position), &w) in subproblems.iter().zip(wins) {
        if let (Some(next), true) = (position, w) {
            let list = &mut lists[usize::from(!left)];
            if list.len() == options.max_moves {
                truncated = true;
            } else {
                list.push(text(next));
            }
        }
    }
    let (value, value_reason) = value_within(terms, outcome, options)?;
    let [left_winning_moves, right_winning_moves] = lists;
    Ok(PartizanSolveReport {
        position: text(terms),
        convention: "normal",
        outcome,
        value,
        value_reason,
        left_winning_moves,
        right_winning_moves,
        truncated,
    })
}

/// The sum's canonical form if the value engine finds it within `options.value_states`
/// (checked against the outcome found by search), else why not.
pub fn value_within(
    terms: &[Term],
    outcome: PartizanOutcome,
    options: &PartizanSolveOptions,
) -> Result<(Option<String>, Option<String>)> {
    let Some(states) = options.value_states else {
        return Ok((None, Some("not computed (--no-value)".to_string())));
    };
    let budget = Budget::new(states).with_cancel(options.budget.cancel().clone());
    let mut values = PartizanValues::new(budget);
    if let Some(db) = &options.database {
        values.use_database(db);
    }
    match ValuedSum::new(terms.to_vec(), values) {
        Ok(mut sum) => {
            let v = sum.values.forms.to_string(sum.total);
            if sum.values.forms.outcome(sum.total) != outcome {
                return Err(GrundyError::Unsupported(format!(
                    "internal error: the search says {} but the value {v} says {}",
                    outcome.letter(),
                    sum.values.forms.outcome(sum.total).letter()
                )));
            }
            Ok((Some(v), None))
        }
        Err(GrundyError::StateLimit { limit, .. }) => Ok((
            None,
            Some(format!(
                "the canonical form needs more than {limit} stored positions (--value-states)"
            )),
        )),
        Err(e) => Err(e),
    }
}

/// Has the search report its progress (about once a second) and save its checkpoint (every
/// `checkpoint.every`), as `options` ask.
fn watch(
    ts: &mut TermSearch,
    options: &PartizanSolveOptions,
    position: &str,
    root: &Rc<RefCell<SearchProgress>>,
) {
    let progress = options.progress.clone();
    let checkpoint = options.checkpoint.clone();
    let tick = match (&progress, &checkpoint) {
        (None, None) => return,
        (Some(_), None) => Duration::from_secs(1),
        (None, Some(c)) => c.every,
        (Some(_), Some(c)) => c.every.min(Duration::from_secs(1)),
    };
    let mut last_save = Instant::now();
    let position = position.to_string();
    let root = Rc::clone(root);
    ts.search.watch(
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
                report.saved = Some(search_progress::save(
                    &c.path,
                    &position,
                    &report.answered,
                    |w| search.write_table(w),
                )?);
                last_save = Instant::now();
            }
            if let Some(p) = &progress {
                (p.0)(&report);
            }
            Ok(())
        }),
    );
}

/// Text of a sum of terms (`0` when empty).
pub fn text(terms: &[Term]) -> String {
    if terms.is_empty() {
        "0".into()
    } else {
        Term::sum_to_string(terms)
    }
}

/// What [`search_root`] tells of the stage it is at: its name, and the root's moves decided
/// of all.
type StageFn<'a> = dyn FnMut(&str, Option<(usize, usize)>) + 'a;

/// The root's questions on one thread: each root move in turn, in the search's order (a
/// resumed run finds the decided ones in the table), and with `max_moves` 0 a player's moves
/// stop at her first winning one; `stage` and `answer` hear of the progress (the moves
/// decided, the questions answered). Returns the subproblems answered, their answers, and
/// whether a part's moves were left out (more than the budget: the root itself is asked).
fn search_root(
    ts: &mut TermSearch,
    terms: &[Term],
    max_moves: usize,
    stage: &mut StageFn,
    answer: &mut dyn FnMut(&str, bool),
) -> Result<(Vec<Subproblem>, Vec<bool>, bool)> {
    let mut skipped = false;
    ts.root_sum(terms)?;
    let mut subproblems = Vec::new();
    let mut wins = Vec::new();
    for left in [true, false] {
        let who = if left { "Left" } else { "Right" };
        let moves = ts.term_moves(terms, left)?;
        if ts.skipped() {
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
    Ok((subproblems, wins, skipped))
}

/// How long [`solve_on_threads`] first searches on one thread: a sum answered within it is
/// not worth starting the threads (each thread's arena works out the sums of forms again).
const ONE_THREAD_FIRST: Duration = Duration::from_millis(250);

/// Solves a sum with a partizan part by search: its outcome class and each player's winning
/// moves, and its canonical form when the value engine finds it within
/// `options.value_states` (otherwise `value` is `None` and `value_reason` says why).
pub fn solve_by_search(
    terms: Vec<Term>,
    options: &PartizanSolveOptions,
) -> Result<(PartizanSolveReport, OutcomeStats)> {
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    if threads > 1 && options.checkpoint.is_none() {
        if let Some(solved) = solve_on_threads(&terms, options, threads)? {
            return Ok(solved);
        }
    }
    let mut ts = TermSearch::new(options.budget.clone(), options.search);
    ts.expect_positions(&terms);
    if let Some(db) = &options.database {
        ts.search.rules.use_database(db);
    }
    let position = text(&terms);
    let root = Rc::new(RefCell::new(SearchProgress::default()));
    if let Some(c) = &options.checkpoint {
        let search = &mut ts.search;
        if let Some((answered, read)) =
            search_progress::resume(&c.path, &position, |r| search.read_table(r))?
        {
            let mut root = root.borrow_mut();
            root.answered = answered;
            if let Some(p) = &options.progress {
                let report = SearchProgress {
                    stored: ts.search.stats().stored + ts.search.stats().results,
                    capacity: ts.search.table_capacity() as u64,
                    resumed: Some(read),
                    ..root.clone()
                };
                (p.0)(&report);
            }
        }
    }
    watch(&mut ts, options, &position, &root);
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
    let searched = search_root(&mut ts, &terms, options.max_moves, &mut stage, &mut answer);
    // saved at the end, and when stopped (a time limit, an interrupt), so that no work is lost
    if let Some(c) = &options.checkpoint {
        if matches!(searched, Ok(_) | Err(GrundyError::Cancelled)) {
            let answered = root.borrow().answered.clone();
            let search = &ts.search;
            search_progress::save(&c.path, &position, &answered, |w| search.write_table(w))?;
        }
    }
    let (subproblems, wins, skipped) = searched?;
    let mut report = root_report(&terms, &subproblems, &wins, options)?;
    report.truncated |= skipped;
    Ok((report, ts.search.stats()))
}
