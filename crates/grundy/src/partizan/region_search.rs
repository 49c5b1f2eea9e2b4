//! The floor the games' own outcome searches stand on (Domineering's, Clobber's, Amazons' and
//! NoGo's): the [`RegionSolver`] interface the search of sums calls, and what every such
//! search shares, written once:
//!
//! - the **node prologue** ([`SearchFloor::visit`]): positions counted and reported to the
//!   caller's tick every 4096, so that a budget or a cancellation stops the search;
//! - **marks** near the root ([`SearchFloor::enter`]) when threads share the work of one
//!   question ([`ResultTable::share_work`]);
//! - the **deferral loop** (`try_moves`): the moves in order, a move into a position another
//!   thread is searching deferred until the others are searched, the table looked at after
//!   each move (another thread may have decided the position) — Weill's ABDADA, *The ABDADA
//!   Distributed Minimax Search Algorithm* (1996);
//! - the root (`SearchFloor::at_root`): the stack grown on demand, the last count reported;
//! - for boards beside an integer (Amazons', NoGo's): the valued regions folded into the
//!   integer (`fold_regions`), and the end of a node, its moves then the integer's move
//!   (`search_node`).
//!
//! - **naming** the winning move ([`RegionSolver::winning_move`]): the root's moves tried in
//!   the game's own order, each searched until one wins (no deferral at the root: every
//!   thread takes each move in turn and the work splits below it), so that the move named is
//!   the first winning one in that order whichever thread proves it, at the cost of the
//!   outcome.
//!
//! A game's own search is then its move generation, its evaluation (bounds, values) and its
//! move order: a `NodeSearch`.

use crate::error::{GrundyError, Result};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::results::{ResultKey, ResultTable};
use std::any::Any;
use std::sync::Arc;

/// The position a region's move leaves, as the game holds its positions (its
/// [`crate::partizan::PartizanRules::Position`]), named by a game's own search.
pub type NamedPosition = Box<dyn Any + Send>;

/// A game's own search for who wins one of its regions beside an integer (a sum the outcome
/// search of sums meets often: a board, and what its root moves leave).
pub trait RegionSolver {
    /// Whether the player to move (Left when `left`) wins the region (its negative when
    /// `negated`) plus the integer `integer`. `tick` is called with the positions searched
    /// every few thousand and at the end; its error stops the search.
    fn wins(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<bool>;

    /// [`Self::wins`], and when the player to move wins, the first of her moves in the
    /// search's own order at the root that wins, as the position of the region it leaves
    /// (`None` when she loses, or wins only by a move in the integer, or the search decides
    /// without a move: beside a non-zero integer, Clobber's sign). The root's moves are
    /// searched in turn, none deferred, so the move named is the same on every run and
    /// thread count; the cost is that of [`Self::wins`] (the root's losing moves before the
    /// winning one are refuted either way).
    fn winning_move(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, Option<NamedPosition>)>;
}

/// How many moves from its root a search that shares its work marks its positions and
/// defers the moves another thread is searching (below, the subtrees are too small to be
/// worth the keys it takes).
pub const SHARED_PLIES: u32 = 8;

/// How many positions a search counts before it reports them to its caller's tick.
const TICK_EVERY: u64 = 4096;

/// What a game's own search holds for the shared loop: the results table, whether threads
/// share its work, the positions not yet reported, and the moves it deferred.
pub struct SearchFloor {
    /// The table the results go to (shared by threads and by the searches of one sum).
    pub table: Arc<ResultTable>,
    sharing: bool,
    pending: u64,
    deferrals: u64,
    /// Whether the search names its root's winning move ([`Self::naming`]).
    naming: bool,
    /// The root's winning move, once named.
    named: Option<NamedPosition>,
}

impl SearchFloor {
    /// A floor over `table`, sharing the work of its questions when the table says so
    /// ([`ResultTable::sharing_work`]).
    pub fn new(table: Arc<ResultTable>) -> SearchFloor {
        SearchFloor {
            sharing: table.sharing_work(),
            table,
            pending: 0,
            deferrals: 0,
            naming: false,
            named: None,
        }
    }

    /// Whether the position `ply` moves from the root is the root of a search that names its
    /// winning move: then its moves are searched whatever the table and the bounds say of
    /// it (they say who wins, not by which move), in order, none deferred. O(1).
    #[inline]
    pub fn names(&self, ply: u32) -> bool {
        self.naming && ply == 0
    }

    /// Runs `search` (a search from the root, [`RegionSolver::wins`]) naming the root's
    /// winning move: whether the player to move wins, and the position her first winning
    /// move in the search's order leaves (see [`RegionSolver::winning_move`]).
    pub(crate) fn naming<S: NodeSearch>(
        search: &mut S,
        run: impl FnOnce(&mut S) -> Result<bool>,
    ) -> Result<(bool, Option<NamedPosition>)> {
        search.floor().naming = true;
        search.floor().named = None;
        let wins = run(search);
        let floor = search.floor();
        floor.naming = false;
        let named = floor.named.take();
        Ok((wins?, named))
    }

    /// The node prologue: counts a position, and every 4096 reports them to `tick` (whose
    /// error, a budget run out or a cancellation, stops the search). O(1).
    #[inline]
    pub fn visit(&mut self, tick: &mut dyn FnMut(u64) -> Result<()>) -> Result<()> {
        self.pending += 1;
        if self.pending >= TICK_EVERY {
            tick(self.pending)?;
            self.pending = 0;
        }
        Ok(())
    }

    /// Whether a position `ply` moves from the root is one whose work threads share (marked
    /// while searched, its moves deferred when busy).
    #[inline]
    pub fn shares(&self, ply: u32) -> bool {
        self.sharing && ply < SHARED_PLIES
    }

    /// What the table knows of the position `key`, `ply` moves from the root: nothing at the
    /// root of a search naming its winning move (it searches its root's moves whatever the
    /// table says). O(1).
    #[inline]
    pub fn known(&self, key: &ResultKey, ply: u32) -> Option<bool> {
        self.table.get(key).filter(|_| !self.names(ply))
    }

    /// Marks `key` as being searched when its work is shared at `ply`: whether it was marked
    /// (then [`Self::leave`] it once searched).
    #[inline]
    pub fn enter(&self, key: &ResultKey, ply: u32) -> bool {
        self.shares(ply) && self.table.enter(key)
    }

    /// Unmarks a position [`Self::enter`] marked.
    #[inline]
    pub fn leave(&self, key: &ResultKey) {
        self.table.leave(key);
    }

    /// The moves deferred so far because another thread was searching them.
    pub fn deferrals(&self) -> u64 {
        self.deferrals
    }

    /// Runs a search from its root (`root` answers whether the player to move wins, and the
    /// positions searched): the stack grown on demand (the searches recurse once per move),
    /// then the positions not yet reported given to `tick`. Whether the player to move wins.
    pub(crate) fn at_root<S: NodeSearch>(
        search: &mut S,
        tick: &mut dyn FnMut(u64) -> Result<()>,
        root: impl FnOnce(&mut S, &mut dyn FnMut(u64) -> Result<()>) -> Result<(bool, u64)>,
    ) -> Result<bool> {
        let answer = stacker::maybe_grow(256 * 1024, 2 * 1024 * 1024, || root(search, tick));
        tick(std::mem::take(&mut search.floor().pending))?;
        Ok(answer?.0)
    }

    /// [`Self::at_root`] for a board of at most 64 cells beside `integer` free moves: past 64,
    /// more than any such board has, the integer's sign decides (who wins, Left to move when
    /// `left`) without a search.
    pub(crate) fn beside_integer<S: NodeSearch>(
        search: &mut S,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
        root: impl FnOnce(&mut S, &mut dyn FnMut(u64) -> Result<()>) -> Result<(bool, u64)>,
    ) -> Result<bool> {
        if integer.abs() > 64 {
            tick(1)?;
            return Ok((integer > 0) == left);
        }
        Self::at_root(search, tick, root)
    }
}

/// A game's own search as the shared loop sees it: a position (`Node`), its moves, and how
/// a child is searched. The game keeps its move generation, evaluation and ordering; the loop
/// (`try_moves`) is shared.
pub(crate) trait NodeSearch {
    /// A position being searched (what a move is played in).
    type Node;
    /// A move.
    type Move: Copy;

    /// The floor the search stands on.
    fn floor(&mut self) -> &mut SearchFloor;

    /// Whether another thread is searching the position `m` leaves.
    fn busy(&self, node: &Self::Node, m: Self::Move) -> bool;

    /// Whether the opponent, to move after `m`, wins the position it leaves, `ply` moves
    /// from the root, and the positions searched.
    fn child(
        &mut self,
        node: &Self::Node,
        m: Self::Move,
        ply: u32,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, u64)>;

    /// `m` won the position with `work` positions below it (the history and killer
    /// heuristics learn from it).
    fn won(&mut self, node: &Self::Node, m: Self::Move, work: u64);

    /// The position of the region (as given to the search, with what the search set aside
    /// at the root: dead parts, runs counted into the integer) that `m` leaves from the root
    /// `node`: the move a search naming its winning move names.
    fn named(&self, node: &Self::Node, m: Self::Move) -> NamedPosition;

    /// The search of the position a move in the integer beside the board leaves, `ply` moves
    /// from the root (whether the opponent wins there, and its work), or `None` when the
    /// integer holds no move of the mover's. A game whose boards have no integer beside them
    /// keeps this default.
    fn integer_move(
        &mut self,
        _node: &Self::Node,
        _ply: u32,
        _tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<(bool, u64)>> {
        Ok(None)
    }
}

/// The integer `n` beside a board (Left's free moves when positive, Right's when negative)
/// once the player to move (Left when `left`) plays one of her free moves in it, or `None`
/// when it holds none of hers: what [`NodeSearch::integer_move`] searches. O(1).
pub(crate) fn after_integer_move(n: i64, left: bool) -> Option<i64> {
    match (left, n) {
        (true, n) if n > 0 => Some(n - 1),
        (false, n) if n < 0 => Some(n + 1),
        _ => None,
    }
}

/// A position's moves searched (`try_moves`), then the move in the integer beside it
/// ([`NodeSearch::integer_move`], tried last: it is needed only where the board is worth a
/// number, number avoidance), the result stored in the table under `key`. `given` is the
/// position as given to the node, marked while it is searched when its work is shared.
/// Whether the player to move wins, and the work. O(moves) besides the children.
pub(crate) fn search_node<S: NodeSearch>(
    search: &mut S,
    node: &S::Node,
    moves: &[(u64, S::Move)],
    ply: u32,
    key: &ResultKey,
    given: Option<&ResultKey>,
    tick: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<(bool, u64)> {
    let marked = given.is_some_and(|g| search.floor().enter(g, ply));
    let mut answer = || {
        let (decided, mut work) = try_moves(search, node, moves, ply, key, tick)?;
        if let Some(wins) = decided {
            return Ok((wins, work));
        }
        let mut wins = false;
        if let Some((opponent_wins, w)) = search.integer_move(node, ply + 1, tick)? {
            work += w;
            wins = !opponent_wins;
        }
        search.floor().table.put(key, wins, work);
        Ok((wins, work))
    };
    let answer = answer();
    if let (true, Some(g)) = (marked, given) {
        search.floor().leave(g);
    }
    answer
}

/// What a board beside an integer keeps once its valued regions are set aside
/// ([`fold_regions`]).
pub(crate) struct Folded {
    /// The cells of the regions kept: those not valued, and the valued ones unless they
    /// cancel.
    pub(crate) kept: u64,
    /// The integer, with the regions worth an integer counted in.
    pub(crate) n: i64,
    /// Whether the player to move wins, when every region was valued.
    pub(crate) decided: Option<bool>,
}

/// Sets aside the regions of a board (its cells, and its value when known) beside the integer
/// `n`, Left to move when `left`: a region worth an integer is counted into it; a region and
/// one of its negative cancel (G - G = 0); the valued regions left are set aside together when
/// they add up to 0; when every region is valued, their sum with the integer compared with 0
/// says who wins (Left wins moving first when it is not <= 0). O(regions^2) besides the forms'
/// sums.
pub(crate) fn fold_regions(
    forms: &mut Forms,
    regions: &[(u64, Option<GameId>)],
    n: i64,
    left: bool,
) -> Result<Folded> {
    let (mut kept, mut n, mut unvalued) = (0u64, n, false);
    let mut valued: Vec<(u64, GameId)> = Vec::new();
    for &(cells, value) in regions {
        match value.map(|v| (v, forms.as_number(v).filter(|d| d.is_integer()))) {
            Some((_, Some(k))) => {
                n = n
                    .checked_add(k.numerator())
                    .ok_or_else(|| GrundyError::Overflow("the integer beside a board".into()))?
            }
            Some((v, None)) => {
                valued.push((cells, v));
                kept |= cells;
            }
            None => {
                unvalued = true;
                kept |= cells;
            }
        }
    }
    let mut i = 0;
    while i < valued.len() {
        let negative = forms.neg(valued[i].1);
        if let Some(j) = (i + 1..valued.len()).find(|&j| valued[j].1 == negative) {
            kept &= !(valued[i].0 | valued[j].0);
            valued.swap_remove(j);
            valued.swap_remove(i);
        } else {
            i += 1;
        }
    }
    let sum = forms.sum(valued.iter().map(|g| g.1))?;
    let mut decided = None;
    if !unvalued {
        let total = forms.number(Dyadic::integer(n)?)?;
        let total = forms.add(sum, total)?;
        let zero = forms.zero();
        decided = Some(if left {
            !forms.leq(total, zero)
        } else {
            !forms.leq(zero, total)
        });
    } else if sum == forms.zero() {
        for &(cells, _) in &valued {
            kept &= !cells;
        }
    }
    Ok(Folded { kept, n, decided })
}

/// The shared loop of a position neither its bounds nor the table decide: its moves, in the
/// order given (`moves`, sorted by the game; the first component is the game's ordering key),
/// each searched until one wins. When the position's work is shared (`ply` within
/// [`SHARED_PLIES`] and threads sharing the table), a move into a position another thread is
/// searching is deferred until the others are searched, and the table is looked at after
/// each move (another thread may have decided the position).
///
/// Returns `(Some(wins), work)` once decided (a winning move found, stored in the table under
/// `key`; or decided by another thread), or `(None, work)` when every move loses: the caller
/// then tries what else the position has (an integer's move) and stores the result. `work`
/// counts this position and those searched below it. O(moves) besides the children.
#[inline]
pub(crate) fn try_moves<S: NodeSearch>(
    search: &mut S,
    node: &S::Node,
    moves: &[(u64, S::Move)],
    ply: u32,
    key: &ResultKey,
    tick: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<(Option<bool>, u64)> {
    // the root of a search naming its winning move: each move in turn, by every thread
    let naming = search.floor().names(ply);
    let shared = search.floor().shares(ply) && !naming;
    // (the moves' positions are marked only within the plies)
    let defer = shared && ply + 1 < SHARED_PLIES;
    let mut deferred: Vec<S::Move> = Vec::new();
    let mut work = 1;
    // the moves not deferred, then the deferred ones (by then most are in the table)
    for pass in 0..2 {
        let tried = if pass == 0 {
            moves.len()
        } else {
            deferred.len()
        };
        for n in 0..tried {
            let m = if pass == 0 { moves[n].1 } else { deferred[n] };
            // the first move is searched by every thread that gets here (the work splits
            // below it); another one being searched waits its turn
            if defer && pass == 0 && n > 0 && search.busy(node, m) {
                deferred.push(m);
                search.floor().deferrals += 1;
                continue;
            }
            let (opponent_wins, w) = search.child(node, m, ply + 1, tick)?;
            work += w;
            if !opponent_wins {
                search.won(node, m, w);
                if naming {
                    search.floor().named = Some(search.named(node, m));
                }
                search.floor().table.put(key, true, work);
                return Ok((Some(true), work));
            }
            // decided meanwhile by another thread
            if shared {
                if let Some(wins) = search.floor().table.get(key) {
                    return Ok((Some(wins), work));
                }
            }
        }
    }
    Ok((None, work))
}

#[cfg(test)]
/// Two threads asking a game's own search (a fresh one from `solver` per question, on the
/// table it is given) whether the player to move wins beside `integer`, Left first and Right
/// first, thread `t` starting with question `t`, in one fresh table whose work they share
/// ([`ResultTable::share_work`]). Returns each thread's answers (Left first, Right first) and
/// the moves its searches deferred (`deferrals` of a solver after its search); checks that no
/// position is left marked, by `marked(table)`.
pub(crate) fn ask_on_two_threads<S: RegionSolver>(
    integer: i64,
    solver: impl Fn(Arc<ResultTable>) -> S + Sync,
    deferrals: impl Fn(&S) -> u64 + Sync,
    marked: impl Fn(&ResultTable) -> bool,
) -> Vec<([bool; 2], u64)> {
    let table = Arc::new(ResultTable::new(1 << 16).unwrap());
    table.share_work();
    let (solver, deferrals) = (&solver, &deferrals);
    let answers = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|t| {
                let table = Arc::clone(&table);
                s.spawn(move || {
                    let (mut answers, mut deferred) = ([false; 2], 0);
                    for q in [t, 1 - t] {
                        let mut search = solver(table.clone());
                        answers[q] = search
                            .wins(false, integer, q == 0, &mut |_| Ok(()))
                            .expect("small searches finish");
                        deferred += deferrals(&search);
                    }
                    (answers, deferred)
                })
            })
            .collect();
        runs.into_iter()
            .map(|r| r.join().expect("a search thread panicked"))
            .collect()
    });
    assert!(!marked(&table), "a position was left marked");
    answers
}

#[cfg(test)]
/// Asks a game's own search of a region (a fresh one from `solver` each time) whether the
/// player to move wins the region, and its negative, beside `integer`, each player first, and
/// checks every answer against `expected(integer, left)`, the region's own minimax (-B + n
/// with Left to move is B - n with Right to move). `what` names the case in a failure.
pub(crate) fn check_region_solver<S: RegionSolver>(
    mut solver: impl FnMut() -> S,
    integer: i32,
    mut expected: impl FnMut(i32, bool) -> bool,
    mut named_wins: impl FnMut(NamedPosition, i32, bool) -> bool,
    what: &dyn Fn() -> String,
) {
    for left in [true, false] {
        for negated in [false, true] {
            // the winning move named: the same answer, and a move after which the opponent
            // (to move in the position it leaves, beside the same integer) loses
            let (wins, named) = solver()
                .winning_move(negated, i64::from(integer), left, &mut |_| Ok(()))
                .expect("small searches finish");
            {
                let (integer, left) = if negated {
                    (-integer, !left)
                } else {
                    (integer, left)
                };
                assert_eq!(
                    wins,
                    expected(integer, left),
                    "{} named, integer {integer} left {left}",
                    what()
                );
                if let Some(named) = named {
                    assert!(wins, "{}: a move named in a lost position", what());
                    assert!(
                        named_wins(named, integer, left),
                        "{} integer {integer} left {left}: the move named does not win",
                        what()
                    );
                }
            }
            let mut ticks = 0;
            let wins = solver()
                .wins(negated, i64::from(integer), left, &mut |n| {
                    ticks += n;
                    Ok(())
                })
                .expect("small searches finish");
            let (integer, left) = if negated {
                (-integer, !left)
            } else {
                (integer, left)
            };
            assert_eq!(
                wins,
                expected(integer, left),
                "{} integer {integer} left {left}",
                what()
            );
            assert!(ticks >= 1, "{}: the search never reported", what());
        }
    }
}
