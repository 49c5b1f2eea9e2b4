//! Who wins a Domineering board, beside an integer: the game's own outcome search, which the
//! outcome search of sums ([`crate::partizan::OutcomeSearch`]) hands a sum of one board and
//! an integer (what `grundy solve` asks of a rectangle, and of every position its root
//! moves leave).
//!
//! The board stays one 128-bit set of empty cells in its shape; a move clears two bits.
//! At each position:
//! - the move bounds decide when they can (Bullock's safe moves, with vulnerable ones: the
//!   player to move wins when the moves she surely makes outnumber the most the opponent can
//!   make, and loses when the opponent's sure moves reach her most), the integer counting as
//!   safe moves of its owner;
//! - a shared table of proved results ([`ResultTable`]) is keyed exactly by the least of the
//!   board's four mirror images (each keeps the dominoes' directions), the player to move
//!   and the integer;
//! - moves are tried best first by a static score (the opponent's moves the domino takes
//!   away, the mover's own it takes away, and last of all the safe moves, which cannot be
//!   lost by waiting) and a history of the moves that won before.
//!
//! Depth is bounded by the moves left (at most 64 dominoes and the integer's moves), so the
//! search recurses.

use crate::error::Result;
use crate::games::board::{shl, shr};
use crate::partizan::results::{ResultKey, ResultTable};
use crate::partizan::{BoundTotals, MoveBounds, RegionSolver};
use std::sync::Arc;

/// The masks of one board shape (`rows x cols`, at most 128 cells, bit `r * cols + c`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    rows: u32,
    cols: u32,
    cells: u32,
    full: u128,
    /// Cells with a cell below them.
    below: u128,
    /// Cells with a cell to their right.
    right: u128,
    even_cols: u128,
    even_rows: u128,
    /// The cells of the first row.
    row: u128,
}

impl Shape {
    pub(crate) fn new(rows: u32, cols: u32) -> Shape {
        let cells = rows * cols;
        debug_assert!((1..=128).contains(&cells));
        let full = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        let row = (1u128 << cols) - 1;
        let first_col = (0..rows).fold(0u128, |m, r| m | 1u128 << (r * cols));
        let even_cols = (0..cols).step_by(2).fold(0u128, |m, c| m | first_col << c);
        let even_rows = (0..rows)
            .step_by(2)
            .fold(0u128, |m, r| m | row << (r * cols));
        Shape {
            rows,
            cols,
            cells,
            full,
            below: shr(full, cols),
            right: full & !(first_col << (cols - 1)),
            even_cols,
            even_rows,
            row,
        }
    }

    /// Vertical moves: the upper cell of each pair of empty cells one above the other.
    fn vertical_moves(&self, empty: u128) -> u128 {
        empty & shr(empty, self.cols)
    }

    /// Horizontal moves: the left cell of each pair of empty cells side by side.
    fn horizontal_moves(&self, empty: u128) -> u128 {
        empty & (empty >> 1) & self.right
    }

    /// The dominoes of one direction that fit side by side in the cells `set`: floor(run / 2)
    /// per run of consecutive cells of `set` along the columns (`vertical`) or the rows.
    ///
    /// Bit-parallel: each round pairs the first cell of every run with the next one and drops
    /// both (or the first alone, ending a run of one), so it takes half the longest run in
    /// rounds.
    pub(crate) fn dominoes_in_runs(&self, set: u128, vertical: bool) -> u32 {
        let (step, linked) = if vertical {
            (self.cols, self.below)
        } else {
            (1, self.right)
        };
        let mut rest = set & self.full;
        let mut total = 0;
        while rest != 0 {
            // cells whose predecessor along the line is not in the set
            let starts = rest & !shl(rest & linked, step);
            let paired = starts & linked & shr(rest, step);
            total += paired.count_ones();
            rest &= !(starts | shl(paired, step));
        }
        total
    }

    /// The dominoes of one direction packed into the cells `set`, first fit along each run:
    /// the first (upper or left) cell of each.
    fn packing(&self, set: u128, vertical: bool) -> u128 {
        let (step, linked) = if vertical {
            (self.cols, self.below)
        } else {
            (1, self.right)
        };
        let mut rest = set & self.full;
        let mut firsts = 0;
        while rest != 0 {
            let starts = rest & !shl(rest & linked, step);
            let paired = starts & linked & shr(rest, step);
            firsts |= paired;
            rest &= !(starts | shl(paired, step));
        }
        firsts
    }

    /// Safe moves (Bullock's Obsequi): a vertical domino on two empty cells neither of which
    /// has an empty cell beside it can never be blocked by Right, and such dominoes side by
    /// side in a column never block each other; likewise horizontal ones for Right.
    /// Boxes: a 2 x 2 square of empty cells with no empty cell beside it, left or right, in
    /// which Right can only play inside the square; whoever plays there first takes both of
    /// its moves (for Right, the same turned a quarter).
    /// Contested moves: vertical dominoes packed into the other cells Right could use (and
    /// the cells safe moves leave over); linked when a horizontal domino can meet two of
    /// them (they have cells side by side), lone otherwise. Spread moves: those of them in
    /// even columns (or odd ones), and of the others those with no cell beside a chosen one:
    /// fewer, none linked. The most moves a player can still
    /// make is the dominoes that fit in their runs of empty cells; her usable cells are the
    /// empty cells with an empty cell next to them her way.
    pub(crate) fn bounds(&self, empty: u128) -> MoveBounds {
        let cols = self.cols;
        let right_empty = (empty >> 1) & self.right;
        let left_empty = (empty & self.right) << 1;
        let below_empty = shr(empty, cols) & self.full;
        let above_empty = shl(empty, cols) & self.full;
        let beside = right_empty | left_empty;
        let above_below = below_empty | above_empty;
        // boxes: top-left corners of empty squares walled left and right (Left's) or above
        // and below (Right's), then every other one of those in a line, so they are disjoint
        let hm = self.horizontal_moves(empty);
        let vm = self.vertical_moves(empty);
        let left_corners = hm
            & shr(hm, cols)
            & !left_empty
            & !shr(left_empty, cols)
            & !(right_empty >> 1)
            & !shr(right_empty, cols + 1);
        let right_corners = vm
            & (vm >> 1)
            & self.right
            & !above_empty
            & !(above_empty >> 1)
            & !shr(below_empty, cols)
            & !shr(below_empty, cols + 1);
        let left_boxes = self.every_other(left_corners, cols, self.below);
        let right_boxes = self.every_other(right_corners, 1, self.right);
        let box_cells =
            |corners: u128| corners | corners << 1 | shl(corners, cols) | shl(corners, cols + 1);
        // safe moves: dominoes packed into the cells the opponent cannot use; the cells left
        // over there may still join a vulnerable move
        let protected_left = empty & !beside;
        let protected_right = empty & !above_below;
        let safe_left = self.packing(protected_left, true);
        let safe_right = self.packing(protected_right, false);
        let spare_left = protected_left & !(safe_left | shl(safe_left, cols));
        let spare_right = protected_right & !(safe_right | safe_right << 1);
        let contested_left =
            self.packing((empty & beside & !box_cells(left_boxes)) | spare_left, true);
        let contested_right = self.packing(
            (empty & above_below & !box_cells(right_boxes)) | spare_right,
            false,
        );
        // a horizontal domino takes away two of Left's contested moves when they have cells
        // side by side; a vertical one two of Right's with cells one above the other
        let linked_left = {
            let cells = contested_left | shl(contested_left, cols);
            let paired = cells & (((cells >> 1) & self.right) | ((cells & self.right) << 1));
            contested_left & (paired | shr(paired, cols))
        };
        let linked_right = {
            let cells = contested_right | contested_right << 1;
            let paired = cells & (shr(cells, cols) | shl(cells, cols)) & self.full;
            contested_right & (paired | paired >> 1)
        };
        // or fewer of them, none linked: those in every other line, and those of the other
        // lines with no cell beside a chosen one
        let lone_left = {
            let odd = self.full & !self.even_cols;
            let pick = |first: u128| {
                let chosen = contested_left & first;
                let cells = chosen | shl(chosen, cols);
                let near = ((cells >> 1) & self.right) | ((cells & self.right) << 1);
                chosen | (contested_left & !first & !(near | shr(near, cols)))
            };
            let (a, b) = (pick(self.even_cols), pick(odd));
            if a.count_ones() >= b.count_ones() {
                a
            } else {
                b
            }
        };
        let lone_right = {
            let odd = self.full & !self.even_rows;
            let pick = |first: u128| {
                let chosen = contested_right & first;
                let cells = chosen | chosen << 1;
                let near = (shr(cells, cols) | shl(cells, cols)) & self.full;
                chosen | (contested_right & !first & !(near | near >> 1))
            };
            let (a, b) = (pick(self.even_rows), pick(odd));
            if a.count_ones() >= b.count_ones() {
                a
            } else {
                b
            }
        };
        // moves with a cell the opponent cannot use (one of her cells each)
        let half_left =
            |firsts: u128| ((firsts & spare_left) | (shl(firsts, cols) & spare_left)).count_ones();
        let half_right =
            |firsts: u128| ((firsts & spare_right) | ((firsts << 1) & spare_right)).count_ones();
        MoveBounds {
            safe: [safe_left.count_ones(), safe_right.count_ones()],
            boxes: [left_boxes.count_ones(), right_boxes.count_ones()],
            linked: [linked_left.count_ones(), linked_right.count_ones()],
            lone: [
                (contested_left & !linked_left).count_ones(),
                (contested_right & !linked_right).count_ones(),
            ],
            half: [half_left(contested_left), half_right(contested_right)],
            spread: [lone_left.count_ones(), lone_right.count_ones()],
            half_spread: [half_left(lone_left), half_right(lone_right)],
            most: [
                self.dominoes_in_runs(empty, true),
                self.dominoes_in_runs(empty, false),
            ],
            usable: [
                (empty & above_below).count_ones(),
                (empty & beside).count_ones(),
            ],
        }
    }

    /// Every other cell of each run of `set` along lines of step `step` (`linked`: the cells
    /// with a next cell on their line), from the first: ceil(length / 2) per run, no two
    /// next to each other.
    fn every_other(&self, set: u128, step: u32, linked: u128) -> u128 {
        let mut rest = set;
        let mut chosen = 0;
        while rest != 0 {
            let starts = rest & !shl(rest & linked, step);
            chosen |= starts;
            rest &= !(starts | shl(starts & linked, step));
        }
        chosen
    }

    /// The board with its runs that only one player can ever use cleared, and their moves
    /// added to the integer beside it: a run of empty cells along a column none of which has
    /// an empty cell beside it, nor an empty cell above or below it off the run, is a part of
    /// its own in the sum, worth floor(length / 2) to Left (Siegel, ch. II: such a part is an
    /// integer); likewise for Right along rows. Cells with no empty neighbour go too.
    fn integer_runs(&self, empty: u128, integer: i32) -> (u128, i32) {
        let cols = self.cols;
        let beside = ((empty >> 1) & self.right) | ((empty & self.right) << 1);
        let above_below = (shr(empty, cols) | shl(empty, cols)) & self.full;
        let left_only = self.isolated_runs(empty & !beside, empty, true);
        let right_only = self.isolated_runs(empty & !above_below, empty, false);
        if left_only | right_only == 0 {
            return (empty, integer);
        }
        let gain = self.dominoes_in_runs(left_only, true) as i32
            - self.dominoes_in_runs(right_only, false) as i32;
        let cap = INTEGER_CAP as i32;
        (
            empty & !(left_only | right_only),
            (integer + gain).clamp(-cap, cap),
        )
    }

    /// The cells of `protected` whose run along a column (`vertical`) or row within
    /// `protected` has no cell next to an empty cell outside it along that line.
    fn isolated_runs(&self, protected: u128, empty: u128, vertical: bool) -> u128 {
        let cols = self.cols;
        let next_to = |set: u128| {
            if vertical {
                (shr(set, cols) | shl(set, cols)) & self.full
            } else {
                ((set >> 1) & self.right) | ((set & self.right) << 1)
            }
        };
        let mut joined = protected & next_to(empty & !protected);
        loop {
            let grown = joined | (protected & next_to(joined));
            if grown == joined {
                return protected & !joined;
            }
            joined = grown;
        }
    }

    /// The board upside down (the dominoes keep their directions).
    fn flip_rows(&self, set: u128) -> u128 {
        let mut out = 0;
        for r in 0..self.rows {
            out |= ((set >> (r * self.cols)) & self.row) << ((self.rows - 1 - r) * self.cols);
        }
        out
    }

    /// The board turned half a turn.
    fn turn(&self, set: u128) -> u128 {
        set.reverse_bits() >> (128 - self.cells)
    }

    /// The least of the board's four mirror images.
    fn least_image(&self, set: u128) -> u128 {
        let flipped = self.flip_rows(set);
        set.min(self.turn(set)).min(flipped).min(self.turn(flipped))
    }
}

/// Domineering's key in a [`ResultTable`]: `meta` starts with it.
const GAME: u64 = 1;
/// The integer beside the board is kept within this (a player with more free moves than
/// the board has cells wins whatever the board, so larger integers answer the same).
const INTEGER_CAP: i64 = 128;

/// The outcome search of one Domineering board beside an integer (see the module's
/// documentation), storing its results in a shared [`ResultTable`].
pub struct DomineeringSolver {
    table: Arc<ResultTable>,
    shape: Shape,
    empty: u128,
    /// Per player (0 vertical), per cell: how often a move there won.
    history: Box<[[u32; 128]; 2]>,
    /// Positions searched since the last report to the caller's tick.
    pending: u64,
    /// Counters: positions decided by the bounds, table hits, won positions by the place of
    /// the winning move (first, second, later), lost positions.
    pub stats: [u64; 6],
}

impl DomineeringSolver {
    /// A search of the board of `rows x cols` cells whose empty cells are `empty`.
    pub fn new(table: Arc<ResultTable>, rows: u8, cols: u8, empty: u128) -> DomineeringSolver {
        DomineeringSolver {
            table,
            shape: Shape::new(u32::from(rows), u32::from(cols)),
            empty,
            history: Box::new([[0; 128]; 2]),
            pending: 0,
            stats: [0; 6],
        }
    }

    fn key(&self, empty: u128, integer: i32, vertical: bool) -> ResultKey {
        let s = &self.shape;
        ResultKey {
            cells: s.least_image(empty),
            meta: GAME
                | u64::from(s.rows) << 4
                | u64::from(s.cols) << 12
                | u64::from(vertical) << 20
                | ((i64::from(integer) + INTEGER_CAP) as u64) << 21,
        }
    }

    /// Whether the player to move (vertical when `vertical`) wins the board `empty` beside
    /// `integer` (positive: free moves of vertical's, negative: horizontal's), and the
    /// positions searched.
    fn search(
        &mut self,
        empty: u128,
        integer: i32,
        vertical: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<(bool, u64)> {
        self.pending += 1;
        if self.pending >= 4096 {
            tick(self.pending)?;
            self.pending = 0;
        }
        let s = self.shape;
        let (empty, integer) = s.integer_runs(empty, integer);
        let (vm, hm) = (s.vertical_moves(empty), s.horizontal_moves(empty));
        let (mine, theirs) = if vertical { (vm, hm) } else { (hm, vm) };
        let signed = if vertical { integer } else { -integer };
        let (own_free, their_free) = (signed.max(0) as u32, (-signed).max(0) as u32);
        if mine == 0 && own_free == 0 {
            return Ok((false, 1));
        }
        if theirs == 0 && their_free == 0 {
            // her move leaves the opponent none
            return Ok((true, 1));
        }
        let mut totals = BoundTotals::default();
        totals.add(&s.bounds(empty), false);
        totals.add_integer(integer.into());
        if let Some(wins) = totals.decide(vertical) {
            self.stats[0] += 1;
            return Ok((wins, 1));
        }
        let me = usize::from(!vertical);
        let key = self.key(empty, integer, vertical);
        if let Some(wins) = self.table.get(&key) {
            self.stats[1] += 1;
            return Ok((wins, 1));
        }
        // the moves, best first
        let (step, cross) = if vertical { (s.cols, 1) } else { (1, s.cols) };
        let protected = if vertical {
            empty & !(((empty >> 1) & s.right) | ((empty & s.right) << 1))
        } else {
            empty & !((shr(empty, s.cols) | shl(empty, s.cols)) & s.full)
        };
        // the opponent's moves through a cell: starting there, or one cell before it
        let (t0, t1) = (theirs, shl(theirs, cross));
        let (m0, m1) = (shl(mine, step), shr(mine, step));
        let history = &self.history[me];
        let mut moves = [(0i32, 0u8); 128];
        let mut count = 0;
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let j = i + step;
            let bit = |set: u128, k: u32| ((set >> k) & 1) as i32;
            let taken = bit(t0, i) + bit(t1, i) + bit(t0, j) + bit(t1, j);
            let lost = bit(m0, i) + bit(m1, i);
            let safe = bit(protected, i) & bit(protected, j);
            let mut child = BoundTotals::default();
            child.add(&s.bounds(empty & !(1u128 << i | 1u128 << j)), false);
            child.add_integer(integer.into());
            match child.decide(!vertical) {
                // a move the bounds say the opponent loses after
                Some(false) => {
                    self.stats[0] += 1;
                    return Ok((true, 1));
                }
                // one they say she wins after: not worth trying
                Some(true) => {
                    self.stats[0] += 1;
                    continue;
                }
                None => {}
            }
            let margin = -child.deficit(vertical) as i32;
            let score = ((margin * 64 + taken * 4 - lost * 2 - safe * 32) << 16)
                + history[i as usize].min((1 << 16) - 1) as i32;
            moves[count] = (score, i as u8);
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let mut work = 1;
        let mut wins = false;
        for (k, &(_, i)) in moves.iter().enumerate() {
            let i = u32::from(i);
            let child = empty & !(1u128 << i | 1u128 << (i + step));
            let (opponent_wins, w) = self.search(child, integer, !vertical, tick)?;
            work += w;
            if !opponent_wins {
                wins = true;
                self.stats[2 + k.min(2)] += 1;
                let h = &mut self.history[me][i as usize];
                *h = h.saturating_add(1 + (w.min(1 << 16) as u32).ilog2());
                break;
            }
        }
        if !wins {
            self.stats[5] += 1;
        }
        if !wins && own_free > 0 {
            // a move in the integer
            let next = if vertical { integer - 1 } else { integer + 1 };
            let (opponent_wins, w) = self.search(empty, next, !vertical, tick)?;
            work += w;
            wins = !opponent_wins;
        }
        self.table.put(&key, wins, work);
        Ok((wins, work))
    }
}

impl RegionSolver for DomineeringSolver {
    fn wins(
        &mut self,
        negated: bool,
        integer: i64,
        left: bool,
        tick: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<bool> {
        // Left is vertical; -B + n with Left to move is won as B - n with Right to move
        let (integer, vertical) = if negated {
            (-integer, !left)
        } else {
            (integer, left)
        };
        let integer = integer.clamp(-INTEGER_CAP, INTEGER_CAP) as i32;
        let empty = self.empty;
        let answer = stacker::maybe_grow(256 * 1024, 2 * 1024 * 1024, || {
            self.search(empty, integer, vertical, tick)
        });
        tick(std::mem::take(&mut self.pending))?;
        Ok(answer?.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move (vertical when `vertical`) wins `empty` beside `integer`
    /// free moves (positive: vertical's): plain minimax over the placements, memoised.
    fn brute(
        rows: u32,
        cols: u32,
        empty: u128,
        integer: i32,
        vertical: bool,
        memo: &mut HashMap<(u128, i32, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(empty, integer, vertical)) {
            return w;
        }
        let mut wins = false;
        'moves: for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 >= rows || c2 >= cols {
                    continue;
                }
                let pair = 1u128 << (r * cols + c) | 1u128 << (r2 * cols + c2);
                if empty & pair == pair
                    && !brute(rows, cols, empty & !pair, integer, !vertical, memo)
                {
                    wins = true;
                    break 'moves;
                }
            }
        }
        let owns = if vertical { integer > 0 } else { integer < 0 };
        if !wins && owns {
            let next = if vertical { integer - 1 } else { integer + 1 };
            wins = !brute(rows, cols, empty, next, !vertical, memo);
        }
        memo.insert((empty, integer, vertical), wins);
        wins
    }

    #[test]
    fn solver_agrees_with_minimax() {
        let mut seed = 0x51ed_270b_2736_8a4du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // one table for every board: keys of different shapes and integers never meet
        let table = Arc::new(ResultTable::new(1 << 16));
        for _ in 0..3000 {
            let rows = 1 + (next() % 5) as u32;
            let cols = 1 + (next() % 5) as u32;
            let shape = Shape::new(rows, cols);
            let empty = (u128::from(next()) | u128::from(next() & next())) & shape.full;
            let integer = (next() % 7) as i32 - 3;
            let mut memo = HashMap::new();
            for left in [true, false] {
                for negated in [false, true] {
                    let mut solver =
                        DomineeringSolver::new(Arc::clone(&table), rows as u8, cols as u8, empty);
                    let mut ticks = 0;
                    let wins = solver
                        .wins(negated, i64::from(integer), left, &mut |n| {
                            ticks += n;
                            Ok(())
                        })
                        .unwrap();
                    let (integer, vertical) = if negated {
                        (-integer, !left)
                    } else {
                        (integer, left)
                    };
                    let expected = brute(rows, cols, empty, integer, vertical, &mut memo);
                    assert_eq!(
                        wins, expected,
                        "{rows} x {cols} {empty:b} integer {integer} vertical {vertical}"
                    );
                    assert!(ticks >= 1);
                }
            }
        }
    }

    #[test]
    fn mirror_images_share_a_key() {
        let shape = Shape::new(3, 4);
        let set = 0b0110_0001_1011u128;
        let images = [
            set,
            shape.flip_rows(set),
            shape.turn(set),
            shape.turn(shape.flip_rows(set)),
        ];
        for image in images {
            assert_eq!(shape.least_image(image), shape.least_image(set));
            assert_eq!(image.count_ones(), set.count_ones());
        }
        // upside down: row 0 (bits 0..4) becomes row 2
        assert_eq!(shape.flip_rows(0b1011), 0b1011 << 8);
        // half a turn: cell (0, 0) becomes (2, 3)
        assert_eq!(shape.turn(1), 1 << 11);
    }
}
