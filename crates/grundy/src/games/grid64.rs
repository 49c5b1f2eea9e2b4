//! The geometry of a board of at most 64 cells held as a 64-bit set (cell `r * cols + c` is
//! bit `r * cols + c`), shared by the games' own outcome searches on such boards (Clobber's,
//! Amazons', NoGo's): the masks of its edges, the images of a set under the board's symmetries, the
//! steps to a neighbour (orthogonal and diagonal), connected components, queen moves and the
//! results table's key.

use crate::games::cells::CharBoard;
use crate::partizan::results::ResultKey;

/// Integers beside a board are kept in its key ([`Grid::board_key`]) within ± this (a board of at
/// most 64 cells has fewer moves; past it, the integer's sign decides).
pub(crate) const INTEGER_BOUND: i64 = 1 << 10;

/// A symmetry of a board: (row, column, last row, last column) to the image's (row, column).
type CellMap = fn(u32, u32, u32, u32) -> (u32, u32);

/// The geometry of a board of at most 64 cells: masks and the images of its symmetries.
pub(crate) struct Grid {
    pub(crate) rows: u32,
    pub(crate) cols: u32,
    /// Every cell.
    pub(crate) full: u64,
    /// Every cell but those of the first column, and of the last.
    pub(crate) not_first_col: u64,
    pub(crate) not_last_col: u64,
    /// The cells of the first row.
    pub(crate) row_mask: u64,
    /// Per symmetry (the identity first; four, or eight on a square board), per byte of a
    /// set, per value of that byte: the image of its cells.
    pub(crate) images: Vec<[[u64; 256]; 8]>,
    bytes: usize,
}

/// `set` shifted `by` cells towards the higher bits (nothing left past 63).
#[inline]
pub(crate) fn up(set: u64, by: u32) -> u64 {
    set.checked_shl(by).unwrap_or(0)
}

/// `set` shifted `by` cells towards bit 0 (nothing left past 63).
#[inline]
pub(crate) fn down(set: u64, by: u32) -> u64 {
    set.checked_shr(by).unwrap_or(0)
}

impl Grid {
    /// The board of `rows x cols` cells; `None` when empty or past 64 cells. O(cells x 256).
    pub(crate) fn new(rows: u32, cols: u32) -> Option<Grid> {
        let cells = rows.checked_mul(cols)?;
        if rows == 0 || cols == 0 || cells > 64 {
            return None;
        }
        let full = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let first_col = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols));
        let last_col = first_col << (cols - 1);
        let (rl, cl) = (rows - 1, cols - 1);
        // (row, column) -> (row, column) of each symmetry; the transposing ones only when
        // the board is square
        let mut maps: Vec<CellMap> = vec![
            |r, c, _, _| (r, c),
            |r, c, rl, _| (rl - r, c),
            |r, c, _, cl| (r, cl - c),
            |r, c, rl, cl| (rl - r, cl - c),
        ];
        if rows == cols {
            maps.extend_from_slice(&[
                |r, c, _, _| (c, r),
                |r, c, _, cl| (cl - c, r),
                |r, c, rl, _| (c, rl - r),
                |r, c, rl, cl| (cl - c, rl - r),
            ] as &[CellMap]);
        }
        let bytes = cells.div_ceil(8) as usize;
        let images = maps
            .iter()
            .map(|map| {
                let mut table = [[0u64; 256]; 8];
                for (k, byte) in table.iter_mut().enumerate().take(bytes) {
                    for (b, image) in byte.iter_mut().enumerate() {
                        for j in 0..8 {
                            let cell = 8 * k as u32 + j;
                            if b >> j & 1 == 1 && cell < cells {
                                let (r, c) = map(cell / cols, cell % cols, rl, cl);
                                *image |= 1u64 << (r * cols + c);
                            }
                        }
                    }
                }
                table
            })
            .collect();
        Some(Grid {
            rows,
            cols,
            full,
            not_first_col: full & !first_col,
            not_last_col: full & !last_col,
            row_mask: full >> (cells - cols),
            images,
            bytes,
        })
    }

    /// The image of `set` under symmetry `s`. O(bytes of the board).
    #[inline]
    pub(crate) fn image(&self, s: usize, set: u64) -> u64 {
        let table = &self.images[s];
        (0..self.bytes).fold(0, |m, k| m | table[k][(set >> (8 * k)) as usize & 255])
    }

    /// The cells orthogonally next to a cell of `set`. O(1).
    #[inline]
    pub(crate) fn spread(&self, set: u64) -> u64 {
        (set << 1 & self.not_first_col)
            | (set >> 1 & self.not_last_col)
            | (up(set, self.cols) & self.full)
            | down(set, self.cols)
    }

    /// The cells next to a cell of `set`, orthogonally or diagonally (a king's step). O(1).
    #[inline]
    pub(crate) fn spread8(&self, set: u64) -> u64 {
        let row = set | (set << 1 & self.not_first_col) | (set >> 1 & self.not_last_col);
        row | (up(row, self.cols) & self.full) | down(row, self.cols)
    }

    /// The cells of `all` joined to `seed` by steps within `all` (king's steps when
    /// `diagonal`). O(the component's diameter).
    pub(crate) fn component(&self, all: u64, seed: u64, diagonal: bool) -> u64 {
        let mut set = seed;
        loop {
            let grown = if diagonal {
                self.spread8(set)
            } else {
                self.spread(set)
            };
            let next = (set | grown) & all;
            if next == set {
                return set;
            }
            set = next;
        }
    }

    /// How far `set` can be shifted down (towards bit 0) keeping its shape: its top row's
    /// first cell times the columns, plus its leftmost column. O(rows).
    pub(crate) fn corner(&self, set: u64) -> u32 {
        let top = set.trailing_zeros() / self.cols;
        let mut rest = set >> (top * self.cols);
        let mut columns = 0;
        while rest != 0 {
            columns |= rest & self.row_mask;
            rest = down(rest, self.cols);
        }
        top * self.cols + columns.trailing_zeros()
    }

    /// One step in direction `d` (0 to 7: east, west, south, north, south-east, south-west,
    /// north-east, north-west) from every cell of `set`. O(1).
    #[inline]
    fn step(&self, set: u64, d: usize) -> u64 {
        let c = self.cols;
        match d {
            0 => set << 1 & self.not_first_col,
            1 => set >> 1 & self.not_last_col,
            2 => up(set, c) & self.full,
            3 => down(set, c),
            4 => up(set, c + 1) & self.not_first_col & self.full,
            5 => up(set, c - 1) & self.not_last_col & self.full,
            6 => down(set, c - 1) & self.not_first_col,
            _ => down(set, c + 1) & self.not_last_col,
        }
    }

    /// The cells of `empty` a queen on the cell `from` (one bit) reaches: any distance in one
    /// of the eight directions through cells of `empty`. O(the cells reached + 8).
    #[inline]
    pub(crate) fn queen(&self, from: u64, empty: u64) -> u64 {
        let mut out = 0;
        for d in 0..8 {
            let mut p = self.step(from, d) & empty;
            while p != 0 {
                out |= p;
                p = self.step(p, d) & empty;
            }
        }
        out
    }
    /// A board of characters as three sets: the cells of `x` (Left's pieces), of `o` (Right's),
    /// and those not `#`. The board is of at most 64 cells. O(cells).
    pub(crate) fn sets_of(board: &CharBoard) -> [u64; 3] {
        let mut sets = [0u64; 3];
        for (i, &ch) in board.cells.iter().enumerate() {
            match ch {
                b'x' => sets[0] |= 1 << i,
                b'o' => sets[1] |= 1 << i,
                _ => {}
            }
            if ch != b'#' {
                sets[2] |= 1 << i;
            }
        }
        sets
    }

    /// The board of characters of `rows x cols` cells with Left's pieces on `x`, Right's on
    /// `o`, the other cells of `live` empty and the rest `#` ([`Self::sets_of`]'s inverse).
    /// O(cells).
    pub(crate) fn char_board(rows: u8, cols: u8, x: u64, o: u64, live: u64) -> CharBoard {
        let cells = (0..usize::from(rows) * usize::from(cols))
            .map(|i| match (x >> i & 1, o >> i & 1, live >> i & 1) {
                (1, _, _) => b'x',
                (_, 1, _) => b'o',
                (_, _, 1) => b'.',
                _ => b'#',
            })
            .collect();
        CharBoard { rows, cols, cells }
    }

    /// The results table's key of a board of two colours beside an integer (the games' own
    /// searches, each its `game` number first in `meta`): the least image of the board (the
    /// cells of Left's pieces or empty, the pieces, who moves, the integer), and of its
    /// negative (the colours swapped, the other player to move, the integer negated).
    /// Positions with the same key are images of each other or of their negatives, with the
    /// same outcome. `n` is within ± [`INTEGER_BOUND`]. O(images x bytes).
    pub(crate) fn board_key(
        &self,
        game: u64,
        x: u64,
        o: u64,
        live: u64,
        n: i64,
        left: bool,
    ) -> ResultKey {
        debug_assert!(n.abs() < INTEGER_BOUND);
        let mut best = (u64::MAX, u64::MAX, true, 0);
        for s in 0..self.images.len() {
            let (ix, io, il) = (self.image(s, x), self.image(s, o), self.image(s, live));
            let ia = ix | io;
            best = best
                .min((il & !io, ia, left, n))
                .min((il & !ix, ia, !left, -n));
        }
        let (a, b, left, n) = best;
        ResultKey {
            cells: u128::from(a) | u128::from(b) << 64,
            meta: game
                | u64::from(self.rows) << 4
                | u64::from(self.cols) << 12
                | u64::from(left) << 20
                | ((n + INTEGER_BOUND) as u64) << 21,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::amazons::QUEEN;
    use crate::testing::Xorshift;

    /// The queen's cells and the components by walking (row, column) pairs, on random sets
    /// of every shape up to 64 cells (1 x 64 and 64 x 1 included).
    #[test]
    fn steps_and_queens_agree_with_walks_by_coordinates() {
        let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
        let mut shapes: Vec<(u32, u32)> =
            (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(1, 64), (64, 1), (2, 32), (5, 12)]);
        for (rows, cols) in shapes {
            let grid = Grid::new(rows, cols).expect("fits");
            let cells = rows * cols;
            let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64;
            let bit = |r: i64, c: i64| 1u64 << (r as u32 * cols + c as u32);
            for _ in 0..20 {
                let empty = rng.below(u64::MAX) & grid.full;
                for cell in 0..cells {
                    let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
                    let mut expected = 0;
                    for (dr, dc) in QUEEN {
                        let (mut r2, mut c2) = (r + dr, c + dc);
                        while inside(r2, c2) && empty & bit(r2, c2) != 0 {
                            expected |= bit(r2, c2);
                            r2 += dr;
                            c2 += dc;
                        }
                    }
                    assert_eq!(
                        grid.queen(1 << cell, empty),
                        expected,
                        "{rows} x {cols} {cell}"
                    );
                    // a king's step and a rook's step
                    let mut king = 0;
                    let mut rook = 0;
                    for dr in -1..=1 {
                        for dc in -1..=1 {
                            if inside(r + dr, c + dc) {
                                king |= bit(r + dr, c + dc);
                                if dr == 0 || dc == 0 {
                                    rook |= bit(r + dr, c + dc);
                                }
                            }
                        }
                    }
                    assert_eq!(grid.spread8(1 << cell), king);
                    assert_eq!(grid.spread(1 << cell) | 1 << cell, rook);
                }
                // a component is closed under steps within the set, and holds its seed
                let all = rng.below(u64::MAX) & grid.full;
                if all != 0 {
                    for diagonal in [false, true] {
                        let seed = all & all.wrapping_neg();
                        let comp = grid.component(all, seed, diagonal);
                        let grown = if diagonal {
                            grid.spread8(comp)
                        } else {
                            grid.spread(comp)
                        };
                        assert_eq!(grown & all & !comp, 0);
                        assert_ne!(comp & seed, 0);
                        // shifted to the corner, it keeps its shape
                        let shift = grid.corner(comp);
                        assert_eq!((comp >> shift).count_ones(), comp.count_ones());
                        // ... and touches the first row and the first column
                        assert_ne!(comp >> shift & grid.row_mask, 0);
                        assert_ne!(comp >> shift & !grid.not_first_col, 0);
                    }
                }
            }
        }
    }
}
