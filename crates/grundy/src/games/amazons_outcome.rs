//! Who wins an Amazons board, beside an integer: the game's own outcome search, which the
//! outcome search of sums ([`crate::partizan::OutcomeSearch`]) hands a sum of one board and an
//! integer (what `grundy solve` asks of a starting position, and of what its root moves leave).
//!
//! The board is held as three 64-bit sets: Left's amazons, Right's, and the cells not burnt
//! (boards of at most 64 cells); a queen's cells are found by stepping along the eight
//! directions (`Grid::queen`). The theory does most of the work:
//! - a position is the sum of its regions of unburnt cells joined by king's steps (a queen
//!   crosses between two burnt cells diagonally, so regions meet at corners too); a region
//!   without an amazon, or without an empty cell, is 0 and is dropped;
//! - a **territory** (a region holding one player's amazons only) is worth the most moves she
//!   makes there, an integer: counted by a depth-first search of its own, cut short once a line
//!   burns every cell her amazons may reach (`territory`);
//! - other regions of at most [`VALUE_CELLS`] cells are valued by the value engine (once per
//!   shape, by its table of normalised regions). A region whose value is an integer is counted
//!   into the integer beside the board and dropped; a region and one of its negative cancel,
//!   and the valued regions are dropped together when they add up to 0;
//! - a board whose regions are all valued is decided by comparing their sum and the integer
//!   with 0;
//! - **the integer decides** when it is bigger than every move the opponent has left: a
//!   player makes at most as many moves as there are empty cells in the regions holding her
//!   amazons (each move burns one), so with `n` free moves of Left's beside it, Left wins
//!   moving first when `n` exceeds Right's empty cells, and moving second when it equals them;
//! - moving in the integer (when it is the mover's) is tried after every move on the board:
//!   it is needed only in positions whose board is worth a number (number avoidance), and
//!   there a move on the board can be worse than one in the integer;
//! - a shared table of proved results ([`ResultTable`]) is keyed exactly by the board left
//!   once the regions above are dropped, with the integer: the least of its mirror images
//!   (all eight on a square board), and of the images of its negative (the colours swapped,
//!   the integer negated, the other player to move), with the player to move;
//! - moves are tried best first: the killer (the last move that won with as many unburnt
//!   cells), then the moves leaving the opponent's amazons the fewest queen moves (her
//!   mobility, the first term of every Amazons evaluation), then by the history heuristic;
//! - threads that search one board together ([`ResultTable::share_work`]) mark the positions
//!   they are given within `SHARED_PLIES` moves of the root (before their regions are
//!   valued), and each defers a move into a position another is in (as Domineering's and
//!   Clobber's searches do).
//!
//! Depth is bounded by the empty cells (each move burns one), so the search recurses.

use crate::error::Result;
use crate::games::amazons::Amazons;
use crate::games::cells::CharBoard;
use crate::games::grid64::Grid;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::region_search::{
    after_integer_move, fold_regions, search_node, Folded, NamedPosition, NodeSearch, RegionSolver,
    SearchFloor,
};
use crate::partizan::results::ResultTable;
use crate::partizan::search::{PartizanRules, PartizanSearch};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Regions of more unburnt cells than this are searched by Amazons' own outcome search
/// ([`own_search`]); smaller ones by the outcome search of sums.
const SOLVER_CELLS: u32 = 12;
/// Amazons' key in a [`ResultTable`]: `meta` starts with it.
const GAME: u64 = 3;
/// Regions of both players' amazons of at most this many unburnt cells are valued by the value
/// engine. Valuing more costs more than it saves: on the 33 random positions of
/// `bench/mcgs_games.py 40 55` that take under a minute, valuing regions of up to 8 cells took
/// 20.8 s, of up to 5 cells 3.1 s, of none 2.6 s; on the two hard ones that finish, 3 is the best.
pub const VALUE_CELLS: u32 = 3;
/// The new positions the value engine may store for one region.
const VALUE_NEW: usize = 20_000;
/// The forms (or regions stored by the value engine) past which the arena and the record of
/// regions start again (their values are found again; the table of results stays).
const FORMS_CAP: usize = 1 << 20;
/// The records a thread keeps for its next solver: at most this many forms, and regions.
const KEPT_FORMS: usize = 1 << 19;
const KEPT_REGIONS: usize = 1 << 20;
/// The regions recorded past which the record starts again.
const VALUES_CAP: usize = 1 << 22;

/// A move: the amazon on `from` goes to `to`, and shoots the arrow that burns `arrow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    from: u8,
    to: u8,
    arrow: u8,
}

impl Move {
    /// The move's index in the history tables (where it goes and where it shoots).
    fn history(self) -> usize {
        usize::from(self.to) * 64 + usize::from(self.arrow)
    }
}

/// Amazons' moves and key on the shared geometry of boards of at most 64 cells.
impl Grid {
    /// The moves of the amazons `mine` (within `from`) through the empty cells `empty`,
    /// pushed on `out`. O(moves).
    fn amazon_moves(&self, mine: u64, empty: u64, out: &mut Vec<Move>) {
        let mut amazons = mine;
        while amazons != 0 {
            let a = amazons & amazons.wrapping_neg();
            amazons &= amazons - 1;
            let mut targets = self.queen(a, empty);
            // the cell it left is empty for its arrow
            let freed = empty | a;
            while targets != 0 {
                let t = targets & targets.wrapping_neg();
                targets &= targets - 1;
                let mut arrows = self.queen(t, freed & !t);
                while arrows != 0 {
                    let s = arrows & arrows.wrapping_neg();
                    arrows &= arrows - 1;
                    out.push(Move {
                        from: a.trailing_zeros() as u8,
                        to: t.trailing_zeros() as u8,
                        arrow: s.trailing_zeros() as u8,
                    });
                }
            }
        }
    }

    /// The cells the queens `amazons` reach through `empty`, counted per queen (its first
    /// steps: the mobility of Amazons' evaluations). O(queens x 8 rays).
    fn mobility(&self, amazons: u64, empty: u64) -> u32 {
        let mut rest = amazons;
        let mut count = 0;
        while rest != 0 {
            let a = rest & rest.wrapping_neg();
            rest &= rest - 1;
            count += self.queen(a, empty).count_ones();
        }
        count
    }
}

/// The values of small regions.
struct Values {
    forms: Forms,
    engine: PartizanSearch<Amazons>,
    rows: u8,
    cols: u8,
    /// Per region shifted to the corner (Left's amazons, Right's, its cells): its value, or
    /// `None` when it is not valued.
    values: FxHashMap<(u64, u64, u64), Option<GameId>>,
    /// The most moves of territories ([`territory`]), by amazons and empty cells.
    fills: FxHashMap<(u64, u64), u8>,
    /// The most cells of a region valued.
    cap: u32,
}

impl Values {
    fn new(rows: u32, cols: u32, cap: u32) -> Values {
        Values {
            forms: Forms::new(FORMS_CAP * 2),
            engine: PartizanSearch::new(Amazons, FORMS_CAP + VALUE_NEW),
            rows: rows as u8,
            cols: cols as u8,
            values: FxHashMap::default(),
            fills: FxHashMap::default(),
            cap,
        }
    }

    /// The value of a region (shifted to the corner) when it is a territory whose moves are
    /// counted within [`TERRITORY_WORK`] positions, or small enough to value.
    fn value(&mut self, grid: &Grid, x: u64, o: u64, live: u64) -> Result<Option<GameId>> {
        if let Some(&v) = self.values.get(&(x, o, live)) {
            return Ok(v);
        }
        if x == 0 || o == 0 {
            let mut work = 0;
            let moves = territory(grid, x | o, live & !(x | o), &mut self.fills, &mut work);
            let value = match moves {
                Some(k) => {
                    let k = i64::from(k);
                    let k = if x == 0 { -k } else { k };
                    Some(self.forms.number(Dyadic::integer(k)?)?)
                }
                None => None,
            };
            self.values.insert((x, o, live), value);
            return Ok(value);
        }
        if live.count_ones() > self.cap {
            return Ok(None);
        }
        let board = Grid::char_board(self.rows, self.cols, x, o, live);
        let mut parts = Vec::with_capacity(1);
        Amazons.split(&board, &mut parts);
        // a region with an amazon and an empty cell is one region
        let value = match &parts[..] {
            [(region, negated)] => self
                .engine
                .value_within(&mut self.forms, region, VALUE_NEW)?
                .map(|v| if *negated { self.forms.neg(v) } else { v }),
            [] => Some(self.forms.zero()),
            _ => None,
        };
        self.values.insert((x, o, live), value);
        Ok(value)
    }
}

/// The most positions [`territory`] searches for one region.
const TERRITORY_WORK: u64 = 20_000;

/// The empty cells of `empty` a move of the amazons `amazons` may still burn: those of the
/// regions (king's steps through the unburnt cells) that hold one of them. O(cells).
fn reachable(grid: &Grid, amazons: u64, empty: u64) -> u64 {
    let live = amazons | empty;
    let (mut rest, mut cells) = (amazons, 0);
    while rest != 0 {
        let region = grid.component(live, rest & rest.wrapping_neg(), true);
        rest &= !region;
        cells |= region & empty;
    }
    cells
}

/// The most moves the amazons `amazons`, alone in their regions, make through the empty cells
/// `empty` (the value of a territory, an integer: the opponent has no move there), or `None`
/// past [`TERRITORY_WORK`] positions (`work` counts them). A depth-first search over the moves,
/// memoised in `memo` (exact values only), cut short once a line burns every cell it may
/// ([`reachable`]).
fn territory(
    grid: &Grid,
    amazons: u64,
    empty: u64,
    memo: &mut FxHashMap<(u64, u64), u8>,
    work: &mut u64,
) -> Option<u8> {
    let empty = reachable(grid, amazons, empty);
    if let Some(&v) = memo.get(&(amazons, empty)) {
        return Some(v);
    }
    *work += 1;
    if *work > TERRITORY_WORK {
        return None;
    }
    let most = empty.count_ones() as u8;
    let mut best = 0u8;
    let mut moves = Vec::new();
    grid.amazon_moves(amazons, empty, &mut moves);
    for m in moves {
        let (from, to, arrow) = (1u64 << m.from, 1u64 << m.to, 1u64 << m.arrow);
        let after = territory(
            grid,
            amazons & !from | to,
            (empty | from) & !(to | arrow),
            memo,
            work,
        )?;
        best = best.max(after + 1);
        if best == most {
            break;
        }
    }
    memo.insert((amazons, empty), best);
    Some(best)
}

/// The outcome search of one Amazons board beside an integer (see the module's
/// documentation), storing its results in a shared [`ResultTable`].
pub struct AmazonsSolver {
    /// The results table, the count of positions, the marks and deferrals.
    floor: SearchFloor,
    grid: Grid,
    /// The board as given: Left's amazons, Right's, the cells not burnt.
    start: [u64; 3],
    /// The records of regions (always there until the solver is dropped).
    values: Option<Values>,
    /// The history heuristic: per player, per target and arrow cell, the work of the
    /// subtrees that move won.
    history: Vec<[u64; 64 * 64]>,
    /// The killer heuristic: per player and unburnt cells, the last move that won there.
    killers: [[Option<Move>; 65]; 2],
}

impl AmazonsSolver {
    /// A search of `board` (at most 64 cells); `None` past 64 cells.
    pub fn new(table: Arc<ResultTable>, board: &CharBoard) -> Option<AmazonsSolver> {
        Self::valuing(table, board, VALUE_CELLS)
    }

    /// [`Self::new`], valuing regions of at most `value_cells` cells.
    pub(crate) fn valuing(
        table: Arc<ResultTable>,
        board: &CharBoard,
        value_cells: u32,
    ) -> Option<AmazonsSolver> {
        let grid = Grid::new(u32::from(board.rows), u32::from(board.cols))?;
        let start = Grid::sets_of(board);
        let values = VALUES
            .with(|v| v.borrow_mut().take())
            .filter(|v| v.rows == board.rows && v.cols == board.cols && v.cap == value_cells)
            .unwrap_or_else(|| Values::new(grid.rows, grid.cols, value_cells));
        Some(AmazonsSolver {
            floor: SearchFloor::new(table),
            grid,
            start,
            values: Some(values),
            history: vec![[0; 64 * 64]; 2],
            killers: [[None; 65]; 2],
        })
    }

    /// Whether the player to move (Left when `left`) wins the board of Left's amazons `x`,
    /// Right's `o` and unburnt cells `live`, beside `n` free moves (Left's when positive),
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
            || values.values.len() + values.fills.len() > VALUES_CAP
        {
            // no value is held across a child's search, so the arena may start again here
            *values = Values::new(grid.rows, grid.cols, values.cap);
        }
        // near the root of a search whose work threads share: the position as given (marked
        // while searched, before its regions are valued)
        let given = self
            .floor
            .shares(ply)
            .then(|| grid.board_key(GAME, x, o, live, n, left));
        // the regions: dropped (no move), counted into the integer, valued, or searched
        let empty = live & !(x | o);
        let mut regions: Vec<(u64, Option<GameId>)> = Vec::new();
        // the empty cells of the regions holding Left's amazons, and Right's: the most moves
        // each has left (each move burns one)
        let (mut x_room, mut o_room) = (0u64, 0u64);
        let mut rest = live;
        while rest != 0 {
            let region = grid.component(live, rest & rest.wrapping_neg(), true);
            rest &= !region;
            let (rx, ro) = (x & region, o & region);
            if rx | ro == 0 || region & empty == 0 {
                continue;
            }
            if rx != 0 {
                x_room |= region & empty;
            }
            if ro != 0 {
                o_room |= region & empty;
            }
            let shift = grid.corner(region);
            let value = values.value(grid, rx >> shift, ro >> shift, region >> shift)?;
            regions.push((region, value));
        }
        let Folded { kept, n, decided } = fold_regions(&mut values.forms, &regions, n, left)?;
        if let Some(wins) = decided {
            return Ok((wins, 1));
        }
        let (x, o, live) = (x & kept, o & kept, kept);
        // the integer decides when it outnumbers the opponent's moves
        let empty = live & !(x | o);
        let most = |room: u64| i64::from((room & kept).count_ones());
        let (theirs_most, mine_most, n_mine) = if left {
            (most(o_room), most(x_room), n)
        } else {
            (most(x_room), most(o_room), -n)
        };
        if n_mine > theirs_most {
            return Ok((true, 1));
        }
        if -n_mine >= mine_most {
            return Ok((false, 1));
        }
        let key = grid.board_key(GAME, x, o, live, n, left);
        if let Some(wins) = self.floor.known(&key, ply) {
            return Ok((wins, 1));
        }
        let me = usize::from(!left);
        let (mine, theirs) = if left { (x, o) } else { (o, x) };
        let mut moves = Vec::new();
        grid.amazon_moves(mine, empty, &mut moves);
        // the killer first; then the opponent's fewest queen moves left, then by history
        let history = &self.history[me];
        let cells = live.count_ones() as usize;
        let killer = self.killers[me][cells];
        let mut moves: Vec<(u64, Move)> = moves
            .into_iter()
            .map(|m| {
                let key = if Some(m) == killer {
                    0
                } else {
                    let after = (empty | 1 << m.from) & !(1u64 << m.to | 1u64 << m.arrow);
                    1 + order_key(grid.mobility(theirs, after), history[m.history()])
                };
                (key, m)
            })
            .collect();
        moves.sort_unstable_by_key(|m| m.0);
        let node = Node {
            mine,
            theirs,
            live,
            n,
            left,
            cells,
        };
        search_node(self, &node, &moves, ply, &key, given.as_ref(), tick)
    }

    /// The position a move leaves (Left's amazons, Right's, the unburnt cells).
    fn play(node: &Node, m: Move) -> (u64, u64, u64) {
        let mine = node.mine & !(1u64 << m.from) | 1u64 << m.to;
        let live = node.live & !(1u64 << m.arrow);
        if node.left {
            (mine, node.theirs, live)
        } else {
            (node.theirs, mine, live)
        }
    }
}

/// A move's place in the order (lower first): the opponent's queen moves it leaves, then the
/// work its subtrees have won, most first.
fn order_key(mobility: u32, history: u64) -> u64 {
    u64::from(mobility) << 48 | ((1 << 48) - 1 - history.min((1 << 48) - 1))
}

/// A position as [`AmazonsSolver`]'s moves are tried in it.
pub(crate) struct Node {
    /// The mover's amazons and her opponent's.
    mine: u64,
    theirs: u64,
    /// The unburnt cells.
    live: u64,
    /// The integer beside the board.
    n: i64,
    /// Whether Left moves.
    left: bool,
    /// The unburnt cells counted (the killer's index).
    cells: usize,
}

impl NodeSearch for AmazonsSolver {
    type Node = Node;
    type Move = Move;

    fn floor(&mut self) -> &mut SearchFloor {
        &mut self.floor
    }

    fn busy(&self, node: &Node, m: Move) -> bool {
        let (x, o, live) = Self::play(node, m);
        self.floor
            .table
            .busy(&self.grid.board_key(GAME, x, o, live, node.n, !node.left))
    }

    fn child(
        &mut self,
        node: &Node,
        m: Move,
        ply: u32,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, u64)> {
        let (x, o, live) = Self::play(node, m);
        self.search(x, o, live, node.n, !node.left, ply, tick)
    }

    fn won(&mut self, node: &Node, m: Move, work: u64) {
        let me = usize::from(!node.left);
        self.killers[me][node.cells] = Some(m);
        let h = &mut self.history[me][m.history()];
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
        let (x, o) = if node.left {
            (node.mine, node.theirs)
        } else {
            (node.theirs, node.mine)
        };
        self.search(x, o, node.live, next, !node.left, ply, tick)
            .map(Some)
    }

    fn named(&self, _: &Node, m: Move) -> NamedPosition {
        // the amazon on `from` (of whichever colour in the board as given) goes to `to`
        let [mut x, mut o, live] = self.start;
        let (from, to) = (1u64 << m.from, 1u64 << m.to);
        if x & from != 0 {
            x = x & !from | to;
        } else {
            o = o & !from | to;
        }
        let (rows, cols) = (self.grid.rows as u8, self.grid.cols as u8);
        Box::new(Grid::char_board(
            rows,
            cols,
            x,
            o,
            live & !(1u64 << m.arrow),
        ))
    }
}

thread_local! {
    /// The records of regions of the thread's last solver: the next one on a board of the
    /// same shape starts from them (the searches of a sum's moves meet the same regions).
    static VALUES: std::cell::RefCell<Option<Values>> = const { std::cell::RefCell::new(None) };
}

impl Drop for AmazonsSolver {
    fn drop(&mut self) {
        // kept only while modest: a thread (a server's) holds a bounded amount between searches
        let values = self.values.take().filter(|v| {
            v.forms.len() <= KEPT_FORMS && v.values.len() + v.fills.len() <= KEPT_REGIONS
        });
        VALUES.with(|v| *v.borrow_mut() = values);
    }
}

impl RegionSolver for AmazonsSolver {
    fn wins(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<bool> {
        let [mut x, mut o, live] = self.start;
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

/// Amazons' own search for a region of the outcome search of sums (the catalog's hook,
/// [`crate::games::partizan`]): for a region of more unburnt cells than
/// `SOLVER_CELLS` (12; boards of at most 64 cells); `None` otherwise or when the system refused
/// the table's memory.
pub fn own_search(
    board: &CharBoard,
    table: &mut dyn FnMut() -> Option<Arc<ResultTable>>,
) -> Option<Box<dyn RegionSolver>> {
    let live = board.cells.iter().filter(|&&ch| ch != b'#').count();
    if live <= SOLVER_CELLS as usize || board.cells.len() > 64 {
        return None;
    }
    Some(Box::new(AmazonsSolver::new(table()?, board)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::amazons::QUEEN;
    use crate::partizan::region_search::{ask_on_two_threads, check_region_solver};
    use crate::testing::Xorshift;
    use std::collections::HashMap;

    /// A board as plain cells, row by row: `x`, `o`, `.` or `#`.
    type Cells = Vec<u8>;

    /// Whether the player to move (Left when `left`) wins the board `cells` of `cols`
    /// columns beside `integer` free moves (positive: Left's): plain minimax over the rules
    /// (a queen's move by coordinates, then its arrow), memoised.
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
        let rows = cells.len() / cols;
        let me = if left { b'x' } else { b'o' };
        let at = |b: &Cells, r: i64, c: i64| {
            (r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols)
                .then(|| b[r as usize * cols + c as usize])
        };
        let reach = |b: &Cells, r: i64, c: i64| {
            let mut out = Vec::new();
            for (dr, dc) in QUEEN {
                let (mut r2, mut c2) = (r + dr, c + dc);
                while at(b, r2, c2) == Some(b'.') {
                    out.push((r2, c2));
                    r2 += dr;
                    c2 += dc;
                }
            }
            out
        };
        let mut wins = false;
        'moves: for i in 0..cells.len() {
            if cells[i] != me {
                continue;
            }
            let (r, c) = ((i / cols) as i64, (i % cols) as i64);
            for (r2, c2) in reach(cells, r, c) {
                let mut moved = cells.clone();
                moved[i] = b'.';
                moved[r2 as usize * cols + c2 as usize] = me;
                for (r3, c3) in reach(&moved, r2, c2) {
                    let mut shot = moved.clone();
                    shot[r3 as usize * cols + c3 as usize] = b'#';
                    if !brute(cols, &shot, integer, !left, memo) {
                        wins = true;
                        break 'moves;
                    }
                }
            }
        }
        let owns = if left { integer > 0 } else { integer < 0 };
        if !wins && owns {
            let next = if left { integer - 1 } else { integer + 1 };
            wins = !brute(cols, cells, next, !left, memo);
        }
        memo.insert((cells.clone(), integer, left), wins);
        wins
    }

    /// A random board of `cells` cells: one to `amazons` amazons a side, one cell in
    /// `burnt_one_in` burnt.
    fn random_board(rng: &mut Xorshift, cells: usize, amazons: u64, burnt_one_in: u64) -> Cells {
        let mut b: Cells = (0..cells)
            .map(|_| {
                if rng.below(burnt_one_in) == 0 {
                    b'#'
                } else {
                    b'.'
                }
            })
            .collect();
        for ch in [b'x', b'o'] {
            for _ in 0..1 + rng.below(amazons) {
                let i = rng.below(cells as u64) as usize;
                b[i] = ch;
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
            || AmazonsSolver::valuing(Arc::clone(table), &b, value_cells).expect("fits"),
            integer,
            |integer, left| brute(cols, cells, integer, left, memo),
            |named, integer, left| {
                let n = named.downcast::<CharBoard>().expect("a board");
                // one amazon of the mover's moved, one cell more burnt
                let me = if left { b'x' } else { b'o' };
                let count = |b: &[u8], ch| b.iter().filter(|&&c| c == ch).count();
                assert_eq!(count(&n.cells, me), count(cells, me));
                assert_eq!(count(&n.cells, b'#'), count(cells, b'#') + 1);
                !brute(cols, &n.cells.to_vec(), integer, !left, &mut HashMap::new())
            },
            &|| format!("{} valuing {value_cells}", board(rows, cols, cells).text()),
        );
    }

    /// Small boards, every way of valuing regions (none, the smallest, the default), with
    /// integers beside them.
    #[test]
    fn solver_agrees_with_minimax() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let table = Arc::new(ResultTable::new(1 << 16).unwrap());
        for round in 0..1200 {
            let (rows, cols) = [(1, 5), (2, 3), (2, 4), (3, 3), (3, 4), (2, 6), (1, 8)][round % 7];
            let cells = random_board(&mut rng, rows * cols, 2, 3 + round as u64 % 3);
            let integer = rng.below(7) as i32 - 3;
            let value_cells = [0, 3, 5, VALUE_CELLS][round % 4];
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

    /// Boards of 15 to 16 cells: regions too big to value, beside valued ones.
    #[test]
    fn solver_agrees_with_minimax_on_larger_boards() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let table = Arc::new(ResultTable::new(1 << 18).unwrap());
        for round in 0..60 {
            let (rows, cols) = [(4, 4), (3, 5), (2, 8)][round % 3];
            let cells = random_board(&mut rng, rows * cols, 2, 3);
            let value_cells = [4, VALUE_CELLS][round % 2];
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
            let cells = random_board(&mut rng, rows * cols, 2, 3);
            let b = board(rows, cols, &cells);
            let mut memo = HashMap::new();
            let expected = [true, false].map(|l| brute(cols, &cells, 0, l, &mut memo));
            let grid = Grid::new(rows as u32, cols as u32).expect("fits");
            let solver = AmazonsSolver::valuing(Arc::new(ResultTable::new(16).unwrap()), &b, 0)
                .expect("fits");
            let [x, o, live] = solver.start;
            drop(solver);
            let answers = ask_on_two_threads(
                0,
                |table| AmazonsSolver::valuing(table, &b, 0).expect("fits"),
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
            for (q, left) in [true, false].into_iter().enumerate() {
                let (mine, theirs) = if left { (x, o) } else { (o, x) };
                let mut moves = Vec::new();
                grid.amazon_moves(mine, live & !(x | o), &mut moves);
                let node = Node {
                    mine,
                    theirs,
                    live,
                    n: 0,
                    left,
                    cells: 0,
                };
                for m in moves {
                    let (cx, co, cl) = AmazonsSolver::play(&node, m);
                    table.enter(&grid.board_key(GAME, cx, co, cl, 0, !left));
                }
                let mut solver = AmazonsSolver::valuing(Arc::clone(&table), &b, 0).expect("fits");
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

    /// The most moves of one player's amazons on a board, by plain recursion over the rules.
    fn most_moves(cols: usize, cells: &Cells, memo: &mut HashMap<Cells, u32>) -> u32 {
        if let Some(&m) = memo.get(cells) {
            return m;
        }
        let mut best = 0;
        let rows = cells.len() / cols;
        for i in 0..cells.len() {
            let me = cells[i];
            if me != b'x' && me != b'o' {
                continue;
            }
            for (dr, dc) in QUEEN {
                let (mut r, mut c) = ((i / cols) as i64 + dr, (i % cols) as i64 + dc);
                while r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
                    let j = r as usize * cols + c as usize;
                    if cells[j] != b'.' {
                        break;
                    }
                    let mut moved = cells.clone();
                    moved[i] = b'.';
                    moved[j] = me;
                    for k in 0..cells.len() {
                        // every arrow: any empty cell the queen on j reaches
                        let (kr, kc) = ((k / cols) as i64, (k % cols) as i64);
                        let (sr, sc) = ((kr - r).signum(), (kc - c).signum());
                        let aligned =
                            (kr - r == 0 || kc - c == 0 || (kr - r).abs() == (kc - c).abs())
                                && k != j;
                        if !aligned || moved[k] != b'.' {
                            continue;
                        }
                        let (mut pr, mut pc) = (r + sr, c + sc);
                        let mut clear = true;
                        while (pr, pc) != (kr, kc) {
                            clear &= moved[pr as usize * cols + pc as usize] == b'.';
                            pr += sr;
                            pc += sc;
                        }
                        if clear {
                            let mut shot = moved.clone();
                            shot[k] = b'#';
                            best = best.max(1 + most_moves(cols, &shot, memo));
                        }
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
        memo.insert(cells.clone(), best);
        best
    }

    /// A territory's moves counted by [`territory`] against plain recursion, on boards of up
    /// to 12 cells with one to three amazons of one player.
    #[test]
    fn territories_count_the_most_moves() {
        let mut rng = Xorshift(0x3c6e_f372_fe94_f82b);
        for round in 0..300 {
            let (rows, cols) = [(2, 3), (3, 3), (3, 4), (2, 5), (2, 6), (1, 7)][round % 6];
            // (the memos are of one board's shape: a set's bits are its cells)
            let (mut memo, mut fills) = (HashMap::new(), FxHashMap::default());
            let mut cells = random_board(&mut rng, rows * cols, 3, 3 + round as u64 % 3);
            for ch in cells.iter_mut() {
                if *ch == b'o' {
                    *ch = b'.';
                }
            }
            let b = board(rows, cols, &cells);
            let s = AmazonsSolver::valuing(Arc::new(ResultTable::new(16).unwrap()), &b, 0)
                .expect("fits");
            let [x, _, live] = s.start;
            let mut work = 0;
            let counted = territory(&s.grid, x, live & !x, &mut fills, &mut work)
                .expect("small territories are counted");
            assert_eq!(
                u32::from(counted),
                most_moves(cols, &cells, &mut memo),
                "{}",
                b.text()
            );
        }
    }

    /// A board that is the mirror image of its negative (the starting positions): the second
    /// player's question is the first's, answered by the table in one position.
    #[test]
    fn a_board_mirroring_its_negative_is_searched_once() {
        let b = board(3, 5, &b"x...x.....o...o".to_vec());
        let table = Arc::new(ResultTable::new(1 << 20).unwrap());
        let mut counted = Vec::new();
        for left in [true, false] {
            let mut solver = AmazonsSolver::new(Arc::clone(&table), &b).expect("fits");
            let mut ticks = 0;
            let wins = solver
                .wins(false, 0, left, &mut |n| {
                    ticks += n;
                    Ok(())
                })
                .unwrap();
            assert_eq!(
                wins,
                brute(5, &b.cells.to_vec(), 0, left, &mut HashMap::new())
            );
            counted.push(ticks);
        }
        assert!(counted[0] > 1000 && counted[1] == 1, "{counted:?}");
    }

    #[test]
    fn images_and_the_negative_share_a_key() {
        let mut rng = Xorshift(0x1234_5678_9abc_def1);
        for (rows, cols) in [(4, 4), (3, 5), (5, 6), (8, 8)] {
            let grid = Grid::new(rows, cols).expect("fits");
            for _ in 0..50 {
                let cells = random_board(&mut rng, (rows * cols) as usize, 4, 3);
                let s = AmazonsSolver::valuing(
                    Arc::new(ResultTable::new(16).unwrap()),
                    &board(rows as usize, cols as usize, &cells),
                    0,
                )
                .expect("fits");
                let [x, o, live] = s.start;
                let n = rng.below(9) as i64 - 4;
                let key = grid.board_key(GAME, x, o, live, n, true);
                assert_eq!(grid.board_key(GAME, o, x, live, -n, false), key);
                if n != 0 {
                    // (with no integer, a board may be its own negative)
                    assert_ne!(grid.board_key(GAME, x, o, live, n, false), key, "{n}");
                }
                for s in 0..grid.images.len() {
                    let (ix, io, il) = (grid.image(s, x), grid.image(s, o), grid.image(s, live));
                    assert_eq!(grid.board_key(GAME, ix, io, il, n, true), key);
                    // an image keeps the queens' moves
                    assert_eq!(
                        grid.mobility(ix, il & !(ix | io)),
                        grid.mobility(x, live & !(x | o))
                    );
                }
            }
        }
    }
}
