//! Who wins a NoGo board, beside an integer: the game's own outcome search, which the outcome
//! search of sums ([`crate::partizan::OutcomeSearch`]) hands a sum of one board and an integer
//! (what `grundy solve` asks of a starting position, and of what its root moves leave).
//!
//! The board is held as three 64-bit sets: Left's stones, Right's, and the cells not blocked
//! (boards of at most 64 cells). The groups and their liberties are found by flood fills on
//! the sets (`Groups`), and then every legal move at once: a stone on an empty cell is legal
//! unless it takes the last liberty of an opponent's group, and it breathes when it touches an
//! empty cell or a group of its colour with another liberty (`Groups::legal`). The theory does
//! the rest of the work:
//! - a position is the sum of its independent parts (the empty cells joined when next to each
//!   other or liberties of one group, with those groups: `parts`, as the catalog's NoGo splits
//!   a board); a part where neither player may move is 0 and is dropped;
//! - parts of at most [`VALUE_CELLS`] empty cells on a board, [`STRIP_VALUE_CELLS`] on a strip,
//!   are valued by the value engine (once per shape, by its table of normalised boards). A part whose value is an integer is counted
//!   into the integer beside the board and dropped; a part and one of its negative cancel, and
//!   the valued parts are dropped together when they add up to 0;
//! - a board whose parts are all valued is decided by comparing their sum and the integer
//!   with 0;
//! - **the integer decides** when it is bigger than every move the opponent has left: each
//!   move fills an empty cell, so with `n` free moves of Left's beside it, Left wins moving
//!   first when `n` exceeds the cells Right may still fill, and moving second when it equals
//!   them;
//! - moving in the integer (when it is the mover's) is tried after every move on the board:
//!   it is needed only in positions whose board is worth a number (number avoidance);
//! - a shared table of proved results ([`ResultTable`]) is keyed exactly by the board left
//!   once the parts above are dropped, with the integer: the least of its mirror images (all
//!   eight on a square board), and of the images of its negative (the colours swapped, the
//!   integer negated, the other player to move), with the player to move (`Grid::board_key`);
//! - moves are tried best first: the killer (the last move that won with as many empty
//!   cells), then the moves leaving the opponent the fewest legal moves, then by the history
//!   heuristic;
//! - threads that search one board together ([`ResultTable::share_work`]) mark the positions
//!   they are given within `SHARED_PLIES` moves of the root (before their parts are valued),
//!   and each defers a move into a position another is in (as the other games' searches do).
//!
//! Depth is bounded by the empty cells (each move fills one), so the search recurses.

use crate::error::Result;
use crate::games::cells::CharBoard;
use crate::games::grid64::Grid;
use crate::games::nogo::NoGo;
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::region_search::{
    after_integer_move, fold_regions, search_node, Folded, NamedPosition, NodeSearch, RegionSolver,
    SearchFloor,
};
use crate::partizan::results::ResultTable;
use crate::partizan::search::{PartizanRules, PartizanSearch};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Parts of more empty cells than this are searched by NoGo's own outcome search
/// ([`own_search`]); smaller ones by the outcome search of sums.
const SOLVER_CELLS: u32 = 12;
/// NoGo's key in a [`ResultTable`]: `meta` starts with it.
const GAME: u64 = 4;
/// Parts of at most this many empty cells are valued by the value engine, on a board of more
/// than one row and column. Valuing costs more than it saves there: NoGo 4 x 4 took 0.27 s
/// valuing none, 0.30 s up to 2 cells, 1.1 s up to 4, 4.5 s up to 6; 4 x 5 7.7 s valuing none,
/// 9.5 s up to 2.
pub const VALUE_CELLS: u32 = 0;
/// The same on a strip (one row or column), whose parts are small and many (a stone next to
/// one of the other colour splits it): NoGo 1 x 26 took 74 s valuing none, 19 s up to 6 cells,
/// 7.5 s up to 10, 8.9 s up to 12.
pub const STRIP_VALUE_CELLS: u32 = 10;
/// The new positions the value engine may store for one part.
const VALUE_NEW: usize = 20_000;
/// The forms (or positions stored by the value engine) past which the arena and the record of
/// parts start again (their values are found again; the table of results stays).
const FORMS_CAP: usize = 1 << 20;
/// The records a thread keeps for its next solver: at most this many forms, and parts.
const KEPT_FORMS: usize = 1 << 19;
const KEPT_PARTS: usize = 1 << 20;
/// The parts recorded past which the record starts again.
const VALUES_CAP: usize = 1 << 22;

/// The most groups of one colour on 64 cells (groups of one colour never touch, so at most
/// every other cell starts one).
const MOST_GROUPS: usize = 32;

/// The groups of one colour on a board: each one's stones and liberties, and what the legality
/// of a move needs of them.
struct Groups {
    /// Each group's stones and liberties (the first `len`).
    list: [(u64, u64); MOST_GROUPS],
    len: usize,
    /// The stones of the groups with two liberties or more.
    breathing: u64,
    /// The liberties of the groups with one liberty (a stone of the other colour there would
    /// take it).
    last: u64,
}

impl Groups {
    /// The groups of the stones `stones` on the empty cells `empty`. O(cells x groups).
    fn of(grid: &Grid, stones: u64, empty: u64) -> Groups {
        let mut groups = Groups {
            list: [(0, 0); MOST_GROUPS],
            len: 0,
            breathing: 0,
            last: 0,
        };
        let mut rest = stones;
        while rest != 0 {
            let g = grid.component(stones, rest & rest.wrapping_neg(), false);
            rest &= !g;
            let libs = grid.spread(g) & empty;
            if libs.count_ones() >= 2 {
                groups.breathing |= g;
            } else {
                groups.last |= libs;
            }
            groups.list[groups.len] = (g, libs);
            groups.len += 1;
        }
        groups
    }

    /// Each group's stones and liberties.
    fn each(&self) -> &[(u64, u64)] {
        &self.list[..self.len]
    }

    /// The empty cells where a stone of the colour of `mine` is legal, `theirs` the other
    /// colour's groups: it takes no group's last liberty, and its own group keeps one (it
    /// touches an empty cell, or a group of its colour with another liberty). O(1).
    fn legal(grid: &Grid, mine: &Groups, theirs: &Groups, empty: u64) -> u64 {
        empty & !theirs.last & grid.spread(empty | mine.breathing)
    }
}

/// A board's state at a node: its groups of both colours and both players' legal moves.
struct Position {
    x: Groups,
    o: Groups,
    /// Left's legal moves and Right's.
    legal: [u64; 2],
}

impl Position {
    fn of(grid: &Grid, x: u64, o: u64, empty: u64) -> Position {
        let (gx, go) = (Groups::of(grid, x, empty), Groups::of(grid, o, empty));
        let legal = [
            Groups::legal(grid, &gx, &go, empty),
            Groups::legal(grid, &go, &gx, empty),
        ];
        Position {
            x: gx,
            o: go,
            legal,
        }
    }
}

/// The independent parts of a position, each as (its empty cells, its stones): the empty cells
/// joined when next to each other or liberties of one group, and the groups whose liberties
/// they are. A move changes the legality of another only through the cells next to it and the
/// groups it touches, so the position is the sum of its parts (as the catalog's NoGo splits a
/// board). O(cells x groups).
fn parts(grid: &Grid, pos: &Position, empty: u64, out: &mut Vec<(u64, u64)>) {
    let groups = || pos.x.each().iter().chain(pos.o.each());
    let mut rest = empty;
    while rest != 0 {
        let mut cells = rest & rest.wrapping_neg();
        let mut stones = 0;
        loop {
            let mut grown = cells | grid.spread(cells) & empty;
            for &(g, libs) in groups() {
                if libs & grown != 0 {
                    grown |= libs;
                    stones |= g;
                }
            }
            if grown == cells {
                break;
            }
            cells = grown;
        }
        rest &= !cells;
        out.push((cells, stones));
    }
}

/// The values of small parts.
struct Values {
    forms: Forms,
    engine: PartizanSearch<NoGo>,
    rows: u8,
    cols: u8,
    /// Per part shifted to the corner (Left's stones, Right's, its empty cells): its value, or
    /// `None` when it is not valued.
    values: FxHashMap<(u64, u64, u64), Option<GameId>>,
    /// The most empty cells of a part valued.
    cap: u32,
}

impl Values {
    fn new(rows: u32, cols: u32, cap: u32) -> Values {
        Values {
            forms: Forms::new(FORMS_CAP * 2),
            engine: PartizanSearch::new(NoGo, FORMS_CAP + VALUE_NEW),
            rows: rows as u8,
            cols: cols as u8,
            values: FxHashMap::default(),
            cap,
        }
    }

    /// The value of a part (shifted to the corner: Left's stones `x`, Right's `o`, its empty
    /// cells `empty`) when it has at most `cap` empty cells and the value engine finds it.
    fn value(&mut self, x: u64, o: u64, empty: u64) -> Result<Option<GameId>> {
        if empty.count_ones() > self.cap {
            return Ok(None);
        }
        if let Some(&v) = self.values.get(&(x, o, empty)) {
            return Ok(v);
        }
        let board = Grid::char_board(self.rows, self.cols, x, o, x | o | empty);
        let mut split = Vec::with_capacity(1);
        NoGo.split(&board, &mut split);
        let mut value = Some(self.forms.zero());
        for (part, negated) in &split {
            let Some(v) = self.engine.value_within(&mut self.forms, part, VALUE_NEW)? else {
                value = None;
                break;
            };
            let v = if *negated { self.forms.neg(v) } else { v };
            value = Some(self.forms.add(value.expect("valued so far"), v)?);
        }
        self.values.insert((x, o, empty), value);
        Ok(value)
    }
}

/// The outcome search of one NoGo board beside an integer (see the module's documentation),
/// storing its results in a shared [`ResultTable`].
pub struct NoGoSolver {
    /// The results table, the count of positions, the marks and deferrals.
    floor: SearchFloor,
    grid: Grid,
    /// The board as given: Left's stones, Right's, the cells not blocked.
    start: [u64; 3],
    /// The records of parts (always there until the solver is dropped).
    values: Option<Values>,
    /// The history heuristic: per player, per cell, the work of the subtrees that move won.
    history: [[u64; 64]; 2],
    /// The killer heuristic: per player and empty cells, the last move that won there.
    killers: [[Option<u8>; 65]; 2],
    /// Whether the search is of the board's negative (the colours swapped).
    negated: bool,
}

/// A position as [`NoGoSolver`]'s moves are tried in it.
pub(crate) struct Node {
    /// Left's stones, Right's, the cells not blocked.
    x: u64,
    o: u64,
    live: u64,
    /// The integer beside the board.
    n: i64,
    /// Whether Left moves.
    left: bool,
    /// The empty cells counted (the killer's index).
    cells: usize,
}

impl Node {
    /// The position a stone of the mover's on `cell` leaves (Left's stones, Right's).
    fn play(&self, cell: u8) -> (u64, u64) {
        if self.left {
            (self.x | 1 << cell, self.o)
        } else {
            (self.x, self.o | 1 << cell)
        }
    }
}

impl NoGoSolver {
    /// A search of `board` (at most 64 cells); `None` past 64 cells. Parts are valued up to
    /// [`STRIP_VALUE_CELLS`] empty cells on a strip, [`VALUE_CELLS`] on a board.
    pub fn new(table: Arc<ResultTable>, board: &CharBoard) -> Option<NoGoSolver> {
        let strip = board.rows == 1 || board.cols == 1;
        let cap = if strip {
            STRIP_VALUE_CELLS
        } else {
            VALUE_CELLS
        };
        Self::valuing(table, board, cap)
    }

    /// [`Self::new`], valuing parts of at most `value_cells` empty cells.
    pub(crate) fn valuing(
        table: Arc<ResultTable>,
        board: &CharBoard,
        value_cells: u32,
    ) -> Option<NoGoSolver> {
        let grid = Grid::new(u32::from(board.rows), u32::from(board.cols))?;
        let start = Grid::sets_of(board);
        let values = VALUES
            .with(|v| v.borrow_mut().take())
            .filter(|v| v.rows == board.rows && v.cols == board.cols && v.cap == value_cells)
            .unwrap_or_else(|| Values::new(grid.rows, grid.cols, value_cells));
        Some(NoGoSolver {
            floor: SearchFloor::new(table),
            grid,
            start,
            values: Some(values),
            history: [[0; 64]; 2],
            killers: [[None; 65]; 2],
            negated: false,
        })
    }

    /// Whether the player to move (Left when `left`) wins the board of Left's stones `x`,
    /// Right's `o` and unblocked cells `live`, beside `n` free moves (Left's when positive),
    /// `ply` moves from the search's root, and the positions searched.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        x: u64,
        o: u64,
        live: u64,
        n: i64,
        left: bool,
        ply: u32,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, u64)> {
        self.floor.visit(tick)?;
        let grid = &self.grid;
        let values = self.values.as_mut().expect("held until dropped");
        if values.forms.len() > FORMS_CAP
            || values.engine.states() > FORMS_CAP
            || values.values.len() > VALUES_CAP
        {
            // no value is held across a child's search, so the arena may start again here
            *values = Values::new(grid.rows, grid.cols, values.cap);
        }
        // near the root of a search whose work threads share: the position as given (marked
        // while searched, before its parts are valued)
        let given = self
            .floor
            .shares(ply)
            .then(|| grid.board_key(GAME, x, o, live, n, left));
        // the parts: dropped (no move), counted into the integer, valued, or searched
        let empty = live & !(x | o);
        let pos = Position::of(grid, x, o, empty);
        let mut split = Vec::new();
        parts(grid, &pos, empty, &mut split);
        let mut regions: Vec<(u64, Option<GameId>)> = Vec::with_capacity(split.len());
        for &(cells, stones) in &split {
            if cells & (pos.legal[0] | pos.legal[1]) == 0 {
                continue;
            }
            let part = cells | stones;
            let shift = grid.corner(part);
            let value =
                values.value((x & stones) >> shift, (o & stones) >> shift, cells >> shift)?;
            regions.push((part, value));
        }
        let Folded { kept, n, decided } = fold_regions(&mut values.forms, &regions, n, left)?;
        if let Some(wins) = decided {
            return Ok((wins, 1));
        }
        // the integer decides when it outnumbers the opponent's moves: each fills an empty cell
        // (a part dropped is blocked: its groups' liberties are all its own)
        let (x, o, live) = (x & kept, o & kept, kept);
        let empty = empty & kept;
        let most = i64::from(empty.count_ones());
        let n_mine = if left { n } else { -n };
        if n_mine > most {
            return Ok((true, 1));
        }
        if -n_mine >= most {
            return Ok((false, 1));
        }
        let key = grid.board_key(GAME, x, o, live, n, left);
        if let Some(wins) = self.floor.known(&key, ply) {
            return Ok((wins, 1));
        }
        let me = usize::from(!left);
        let legal = pos.legal[me] & empty;
        // the killer first; then the opponent's fewest legal moves left, then by history
        let cells = empty.count_ones() as usize;
        let killer = self.killers[me][cells];
        let history = &self.history[me];
        let mut moves: Vec<(u64, u8)> = Vec::with_capacity(legal.count_ones() as usize);
        let mut rest = legal;
        while rest != 0 {
            let c = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let order = if Some(c) == killer {
                0
            } else {
                let after = empty & !(1u64 << c);
                let (cx, co) = if left {
                    (x | 1 << c, o)
                } else {
                    (x, o | 1 << c)
                };
                let child = Position::of(grid, cx, co, after);
                let theirs = child.legal[1 - me].count_ones();
                1 + order_key(theirs, history[usize::from(c)])
            };
            moves.push((order, c));
        }
        moves.sort_unstable_by_key(|m| m.0);
        let node = Node {
            x,
            o,
            live,
            n,
            left,
            cells,
        };
        search_node(self, &node, &moves, ply, &key, given.as_ref(), tick)
    }
}

/// A move's place in the order (lower first): the opponent's legal moves it leaves, then the
/// work its subtrees have won, most first. (Measured on NoGo 4 x 5: 3.6 s; with the mover's
/// legal moves subtracted, 6.5 s; either way with the mover's as a tie-break, 6.0 s; by history
/// alone, 11.7 s.)
fn order_key(theirs: u32, history: u64) -> u64 {
    u64::from(theirs) << 48 | ((1 << 48) - 1 - history.min((1 << 48) - 1))
}

impl NodeSearch for NoGoSolver {
    type Node = Node;
    type Move = u8;

    fn floor(&mut self) -> &mut SearchFloor {
        &mut self.floor
    }

    fn busy(&self, node: &Node, cell: u8) -> bool {
        let (x, o) = node.play(cell);
        self.floor.table.busy(
            &self
                .grid
                .board_key(GAME, x, o, node.live, node.n, !node.left),
        )
    }

    fn child(
        &mut self,
        node: &Node,
        cell: u8,
        ply: u32,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, u64)> {
        let (x, o) = node.play(cell);
        self.search(x, o, node.live, node.n, !node.left, ply, tick)
    }

    fn won(&mut self, node: &Node, cell: u8, work: u64) {
        let me = usize::from(!node.left);
        self.killers[me][node.cells] = Some(cell);
        let h = &mut self.history[me][usize::from(cell)];
        *h = h.saturating_add(work);
    }

    fn integer_move(
        &mut self,
        node: &Node,
        ply: u32,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<(bool, u64)>> {
        let Some(next) = after_integer_move(node.n, node.left) else {
            return Ok(None);
        };
        let (x, o, live) = (node.x, node.o, node.live);
        self.search(x, o, live, next, !node.left, ply, tick)
            .map(Some)
    }

    fn named(&self, node: &Node, cell: u8) -> NamedPosition {
        // the board as given with the mover's stone on `cell` (the other colour's in a search
        // of its negative)
        let [mut x, mut o, live] = self.start;
        if node.left != self.negated {
            x |= 1 << cell;
        } else {
            o |= 1 << cell;
        }
        let (rows, cols) = (self.grid.rows as u8, self.grid.cols as u8);
        Box::new(Grid::char_board(rows, cols, x, o, live))
    }
}

thread_local! {
    /// The records of parts of the thread's last solver: the next one on a board of the same
    /// shape starts from them (the searches of a sum's moves meet the same parts).
    static VALUES: std::cell::RefCell<Option<Values>> = const { std::cell::RefCell::new(None) };
}

impl Drop for NoGoSolver {
    fn drop(&mut self) {
        // kept only while modest: a thread (a server's) holds a bounded amount between searches
        let values = self
            .values
            .take()
            .filter(|v| v.forms.len() <= KEPT_FORMS && v.values.len() <= KEPT_PARTS);
        VALUES.with(|v| *v.borrow_mut() = values);
    }
}

impl RegionSolver for NoGoSolver {
    fn wins(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<bool> {
        let [mut x, mut o, live] = self.start;
        self.negated = negated;
        if negated {
            std::mem::swap(&mut x, &mut o);
        }
        SearchFloor::beside_integer(self, integer, left, tick, |search, tick| {
            search.search(x, o, live, integer, left, 0, tick)
        })
    }

    fn winning_move(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, Option<NamedPosition>)> {
        SearchFloor::naming(self, |search| search.wins(negated, integer, left, tick))
    }
}

/// NoGo's own search for a part of the outcome search of sums (the catalog's hook,
/// [`crate::games::partizan`]): for a part of more empty cells than `SOLVER_CELLS` (12; boards
/// of at most 64 cells); `None` otherwise or when the system refused the table's memory.
pub fn own_search(
    board: &CharBoard,
    table: &mut dyn FnMut() -> Option<Arc<ResultTable>>,
) -> Option<Box<dyn RegionSolver>> {
    let empty = board.cells.iter().filter(|&&ch| ch == b'.').count();
    if empty <= SOLVER_CELLS as usize || board.cells.len() > 64 {
        return None;
    }
    Some(Box::new(NoGoSolver::new(table()?, board)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::region_search::{ask_on_two_threads, check_region_solver};
    use crate::testing::Xorshift;
    use std::collections::HashMap;

    /// A board as plain cells, row by row: `x`, `o`, `.` or `#`.
    type Cells = Vec<u8>;

    /// Whether every group of stones on `cells` (`cols` columns) has a liberty: the rule as
    /// written, by a walk over coordinates from every stone.
    fn every_group_breathes(cols: usize, cells: &Cells) -> bool {
        let rows = cells.len() / cols;
        let next = |i: usize| {
            let (r, c) = ((i / cols) as i64, (i % cols) as i64);
            [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                .into_iter()
                .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
                .map(|(r, c)| r as usize * cols + c as usize)
                .collect::<Vec<_>>()
        };
        (0..cells.len())
            .filter(|&i| matches!(cells[i], b'x' | b'o'))
            .all(|start| {
                let mut seen = vec![start];
                let mut k = 0;
                while k < seen.len() {
                    for j in next(seen[k]) {
                        if cells[j] == b'.' {
                            return true;
                        }
                        if cells[j] == cells[start] && !seen.contains(&j) {
                            seen.push(j);
                        }
                    }
                    k += 1;
                }
                false
            })
    }

    /// The boards a stone of the mover's leaves, by the rules: every empty cell, kept when
    /// every group breathes afterwards.
    fn options(cols: usize, cells: &Cells, left: bool) -> Vec<Cells> {
        let me = if left { b'x' } else { b'o' };
        (0..cells.len())
            .filter(|&i| cells[i] == b'.')
            .map(|i| {
                let mut b = cells.clone();
                b[i] = me;
                b
            })
            .filter(|b| every_group_breathes(cols, b))
            .collect()
    }

    /// Whether the player to move (Left when `left`) wins the board `cells` of `cols`
    /// columns beside `integer` free moves (positive: Left's): plain minimax over the rules,
    /// memoised.
    fn brute(
        cols: usize,
        cells: &Cells,
        integer: i32,
        left: bool,
        memo: &mut HashMap<(Cells, i32, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(cells.clone(), integer, left)) {
            return w;
        }
        let mut wins = options(cols, cells, left)
            .iter()
            .any(|b| !brute(cols, b, integer, !left, memo));
        let owns = if left { integer > 0 } else { integer < 0 };
        if !wins && owns {
            let next = if left { integer - 1 } else { integer + 1 };
            wins = !brute(cols, cells, next, !left, memo);
        }
        memo.insert((cells.clone(), integer, left), wins);
        wins
    }

    /// A random position of `cells` cells: one cell in `blocked_one_in` blocked, then up to
    /// `stones` random stones, each kept when every group still breathes.
    fn random_board(
        rng: &mut Xorshift,
        cols: usize,
        cells: usize,
        stones: u64,
        blocked_one_in: u64,
    ) -> Cells {
        let mut b: Cells = (0..cells)
            .map(|_| {
                if rng.below(blocked_one_in) == 0 {
                    b'#'
                } else {
                    b'.'
                }
            })
            .collect();
        for _ in 0..rng.below(stones + 1) {
            let i = rng.below(cells as u64) as usize;
            if b[i] == b'.' {
                b[i] = if rng.below(2) == 0 { b'x' } else { b'o' };
                if !every_group_breathes(cols, &b) {
                    b[i] = b'.';
                }
            }
        }
        b
    }

    fn board(rows: usize, cols: usize, cells: &Cells) -> CharBoard {
        CharBoard {
            rows: rows as u8,
            cols: cols as u8,
            cells: cells.clone().into(),
        }
    }

    fn check(
        table: &Arc<ResultTable>,
        (rows, cols): (usize, usize),
        cells: &Cells,
        integer: i32,
        value_cells: u32,
        memo: &mut HashMap<(Cells, i32, bool), bool>,
    ) {
        let b = board(rows, cols, cells);
        check_region_solver(
            || NoGoSolver::valuing(Arc::clone(table), &b, value_cells).expect("fits"),
            integer,
            |integer, left| brute(cols, cells, integer, left, memo),
            |named, integer, left| {
                let n = named.downcast::<CharBoard>().expect("a board");
                // one stone of the mover's more, legally
                let n = n.cells.to_vec();
                assert!(
                    options(cols, cells, left).contains(&n),
                    "{} to {}",
                    b.text(),
                    board(rows, cols, &n).text()
                );
                !brute(cols, &n, integer, !left, &mut HashMap::new())
            },
            &|| format!("{} valuing {value_cells}", b.text()),
        );
    }

    /// The legal moves of both players by the groups' bit sets, against the rules, and the
    /// parts against the catalog's split.
    #[test]
    fn legal_moves_and_parts_agree_with_the_rules() {
        let mut rng = Xorshift(0x243f_6a88_85a3_08d3);
        for round in 0..2000 {
            let (rows, cols) = [
                (1, 9),
                (2, 5),
                (3, 3),
                (3, 4),
                (4, 4),
                (5, 5),
                (2, 8),
                (8, 8),
            ][round % 8];
            let cells = random_board(&mut rng, cols, rows * cols, 3 * (rows * cols) as u64 / 4, 5);
            let b = board(rows, cols, &cells);
            let s =
                NoGoSolver::valuing(Arc::new(ResultTable::new(16).unwrap()), &b, 0).expect("fits");
            let [x, o, live] = s.start;
            let empty = live & !(x | o);
            let pos = Position::of(&s.grid, x, o, empty);
            for (side, left) in [(0, true), (1, false)] {
                let me = if left { b'x' } else { b'o' };
                let expected: u64 = options(cols, &cells, left)
                    .iter()
                    .map(|n| {
                        1u64 << (0..n.len())
                            .find(|&i| n[i] == me && cells[i] == b'.')
                            .unwrap()
                    })
                    .sum();
                assert_eq!(pos.legal[side], expected, "{} left {left}", b.text());
            }
            // the parts: each as the catalog's NoGo splits the board, every cell in one part
            let mut split = Vec::new();
            parts(&s.grid, &pos, empty, &mut split);
            let mut catalog = Vec::new();
            NoGo.split(&b, &mut catalog);
            let mut ours = Vec::new();
            for &(cells, stones) in &split {
                assert_eq!(cells & stones, 0);
                let part = Grid::char_board(
                    rows as u8,
                    cols as u8,
                    x & stones,
                    o & stones,
                    cells | stones,
                );
                NoGo.split(&part, &mut ours);
            }
            let covered = split.iter().fold(0, |m, p| m | p.0 | p.1);
            // (stones are in the part of their liberties)
            assert_eq!(covered, empty | ((x | o) & covered), "{}", b.text());
            assert_eq!(split.iter().map(|p| p.0).fold(0, |m, c| m | c), empty);
            let key = |v: &Vec<(CharBoard, bool)>| {
                let mut v: Vec<String> =
                    v.iter().map(|(p, n)| format!("{} {n}", p.text())).collect();
                v.sort();
                v
            };
            assert_eq!(key(&ours), key(&catalog), "{}", b.text());
        }
    }

    /// Small boards, every way of valuing parts (none, the smallest, the default), with
    /// integers beside them.
    #[test]
    fn solver_agrees_with_minimax() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let table = Arc::new(ResultTable::new(1 << 16).unwrap());
        for round in 0..1500 {
            let (rows, cols) = [(1, 6), (2, 3), (2, 4), (3, 3), (3, 4), (2, 5), (1, 9)][round % 7];
            let cells = random_board(&mut rng, cols, rows * cols, 6, 4 + round as u64 % 3);
            let integer = rng.below(7) as i32 - 3;
            let value_cells = [0, 2, 4, STRIP_VALUE_CELLS][round % 4];
            let mut memo = HashMap::new();
            check(
                &table,
                (rows, cols),
                &cells,
                integer,
                value_cells,
                &mut memo,
            );
        }
    }

    /// Boards of 14 to 16 cells: parts too big to value, beside valued ones.
    #[test]
    fn solver_agrees_with_minimax_on_larger_boards() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let table = Arc::new(ResultTable::new(1 << 18).unwrap());
        for round in 0..60 {
            let (rows, cols) = [(4, 4), (3, 5), (2, 7)][round % 3];
            let cells = random_board(&mut rng, cols, rows * cols, 5, 6);
            let value_cells = [0, 3, 6][round % 3];
            let integer = rng.below(3) as i32 - 1;
            let mut memo = HashMap::new();
            check(
                &table,
                (rows, cols),
                &cells,
                integer,
                value_cells,
                &mut memo,
            );
        }
    }

    /// Two threads searching the same boards (both players first, each thread starting with
    /// another) in one table whose work they share: every answer is plain minimax's, and a
    /// search defers the moves into positions marked as another thread's.
    #[test]
    fn threads_sharing_the_work_agree_with_minimax() {
        let mut rng = Xorshift(0x6a09_e667_f3bc_c908);
        let mut marked_deferrals = 0;
        for round in 0..40 {
            let (rows, cols) = [(3, 4), (4, 4), (3, 5)][round % 3];
            let cells = random_board(&mut rng, cols, rows * cols, 4, 6);
            let b = board(rows, cols, &cells);
            let mut memo = HashMap::new();
            let expected = [true, false].map(|l| brute(cols, &cells, 0, l, &mut memo));
            let grid = Grid::new(rows as u32, cols as u32).expect("fits");
            let [x, o, live] = NoGoSolver::valuing(Arc::new(ResultTable::new(16).unwrap()), &b, 0)
                .expect("fits")
                .start;
            let answers = ask_on_two_threads(
                0,
                |table| NoGoSolver::valuing(table, &b, 0).expect("fits"),
                |solver| solver.floor.deferrals(),
                |table| {
                    [true, false]
                        .into_iter()
                        .any(|l| table.busy(&grid.board_key(GAME, x, o, live, 0, l)))
                },
            );
            for (answer, _) in answers {
                assert_eq!(answer, expected, "{}", b.text());
            }
            // as if another thread were in every position a first move leaves, and never
            // left: one search defers those moves, and must still search them
            let table = Arc::new(ResultTable::new(1 << 16).unwrap());
            table.share_work();
            let empty = live & !(x | o);
            let pos = Position::of(&grid, x, o, empty);
            for (q, left) in [true, false].into_iter().enumerate() {
                let node = Node {
                    x,
                    o,
                    live,
                    n: 0,
                    left,
                    cells: 0,
                };
                let mut rest = pos.legal[q];
                while rest != 0 {
                    let c = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let (cx, co) = node.play(c);
                    table.enter(&grid.board_key(GAME, cx, co, live, 0, !left));
                }
                let mut solver = NoGoSolver::valuing(Arc::clone(&table), &b, 0).expect("fits");
                let wins = solver.wins(false, 0, left, &mut |_| Ok(())).unwrap();
                assert_eq!(wins, expected[q], "{} marked", b.text());
                marked_deferrals += solver.floor.deferrals();
            }
        }
        assert!(
            marked_deferrals > 20,
            "{marked_deferrals} of the marked moves deferred"
        );
    }

    #[test]
    fn images_and_the_negative_share_a_key() {
        let mut rng = Xorshift(0x1234_5678_9abc_def1);
        for (rows, cols) in [(4u32, 4u32), (3, 5), (5, 5), (1, 12)] {
            let grid = Grid::new(rows, cols).expect("fits");
            for _ in 0..50 {
                let cells = random_board(&mut rng, cols as usize, (rows * cols) as usize, 8, 5);
                let [x, o, live] = NoGoSolver::valuing(
                    Arc::new(ResultTable::new(16).unwrap()),
                    &board(rows as usize, cols as usize, &cells),
                    0,
                )
                .expect("fits")
                .start;
                let n = rng.below(9) as i64 - 4;
                let key = grid.board_key(GAME, x, o, live, n, true);
                assert_eq!(grid.board_key(GAME, o, x, live, -n, false), key);
                for s in 0..grid.images.len() {
                    let (ix, io, il) = (grid.image(s, x), grid.image(s, o), grid.image(s, live));
                    assert_eq!(grid.board_key(GAME, ix, io, il, n, true), key);
                    // an image keeps the number of legal moves
                    let a = Position::of(&grid, ix, io, il & !(ix | io));
                    let b = Position::of(&grid, x, o, live & !(x | o));
                    assert_eq!(a.legal.map(u64::count_ones), b.legal.map(u64::count_ones));
                }
            }
        }
    }
}
