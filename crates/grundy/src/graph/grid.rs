//! Boards as graphs without adjacency lists: a bit per cell, neighbours computed on the fly.
//!
//! A board of R x C cells is numbered row by row with one extra, always blocked, column at the
//! end of each row (the newline of its text): cell `(r, c)` is vertex `r (C + 1) + c`. The
//! left and right neighbours of a cell are then the vertices beside it (the padding column
//! stops a row from running into the next), the upper and lower ones `C + 1` away. Blocked
//! cells and the padding are isolated vertices. A board is stored in R (C + 1) bits, about a
//! 250th of the compressed sparse rows of its cell graph, and read at the speed of its bytes.
//!
//! ```
//! use grundy::graph::grid::Grid;
//! use grundy::graph::Adjacency;
//! // . . #
//! // . # .
//! let grid = Grid::from_cells(2, 3, &[true, true, false, true, false, true]);
//! let v = grid.vertex(0, 0).unwrap();
//! let near: Vec<(usize, usize)> = grid.neighbors(v).iter().map(|&w| grid.cell(w as usize)).collect();
//! assert_eq!(near, vec![(0, 1), (1, 0)]);
//! assert_eq!((grid.free_count(), grid.edge_count()), (4, 2));
//! assert!(grid.neighbors(grid.vertex(1, 2).unwrap()).is_empty());
//! ```

use crate::graph::csr::NONE;
use crate::graph::Adjacency;

/// A board's free cells as a graph (4-neighbours adjacent), one bit per cell; see the module
/// documentation for the numbering of the vertices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    rows: usize,
    cols: usize,
    /// `cols + 1`: the distance between a cell and the one below it.
    width: usize,
    /// Bit v of the vector: vertex v is a free cell. One word more than the vertices need, so
    /// that the right neighbour of the last vertex can be read.
    free: Vec<u64>,
}

/// The neighbours of one cell of a [`Grid`], in increasing order, held inline.
#[derive(Clone, Copy, Debug)]
pub struct Near {
    list: [u32; 4],
    len: u8,
}

impl std::ops::Deref for Near {
    type Target = [u32];
    #[inline]
    fn deref(&self) -> &[u32] {
        &self.list[..self.len as usize]
    }
}

impl Grid {
    /// An R x C board with every cell blocked, or `None` when its vertices (padding included)
    /// would not fit `u32` indices below [`NONE`].
    pub fn blocked(rows: usize, cols: usize) -> Option<Grid> {
        let width = cols.checked_add(1)?;
        let n = rows.checked_mul(width)?;
        if n >= NONE as usize {
            return None;
        }
        Some(Grid {
            rows,
            cols,
            width,
            free: vec![0; n / 64 + 2],
        })
    }

    /// The board of `rows x cols` cells (`true` = free), row-major. O(R C).
    ///
    /// # Panics
    /// If `free` does not hold one flag per cell, or the board has more than about 2^32 cells
    /// (use [`Grid::blocked`] to check a size first).
    pub fn from_cells(rows: usize, cols: usize, free: &[bool]) -> Grid {
        assert_eq!(free.len(), rows * cols, "one flag per cell");
        let mut grid = Grid::blocked(rows, cols).expect("a board of fewer than 2^32 cells");
        for r in 0..rows {
            for c in 0..cols {
                if free[r * cols + c] {
                    grid.set(r * grid.width + c, true);
                }
            }
        }
        grid
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The vertex of cell `(row, col)` (0-based), whether free or not, if it is on the board.
    #[inline]
    pub fn index(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols).then_some(row * self.width + col)
    }

    /// The vertex of the free cell `(row, col)` (0-based), if it is free.
    pub fn vertex(&self, row: usize, col: usize) -> Option<usize> {
        self.index(row, col).filter(|&v| self.is_free(v))
    }

    /// The cell `(row, col)` (0-based) of vertex `v`.
    #[inline]
    pub fn cell(&self, v: usize) -> (usize, usize) {
        (v / self.width, v % self.width)
    }

    /// True if vertex `v` is a free cell.
    #[inline]
    pub fn is_free(&self, v: usize) -> bool {
        self.free[v / 64] >> (v % 64) & 1 == 1
    }

    /// Frees or blocks the cell of vertex `v` (a cell of the board, not the padding).
    pub fn set(&mut self, v: usize, free: bool) {
        debug_assert!(v % self.width < self.cols && v / self.width < self.rows);
        let bit = 1u64 << (v % 64);
        if free {
            self.free[v / 64] |= bit;
        } else {
            self.free[v / 64] &= !bit;
        }
    }

    /// The number of free cells. O(R C / 64).
    pub fn free_count(&self) -> usize {
        self.free.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The number of pairs of neighbouring free cells. O(R C / 64).
    pub fn edge_count(&self) -> usize {
        let words = self.free.len() - 1;
        (0..words)
            .map(|i| {
                let here = self.free[i];
                let right = self.bits_at(i * 64 + 1);
                let below = self.bits_at(i * 64 + self.width);
                (here & right).count_ones() as usize + (here & below).count_ones() as usize
            })
            .sum()
    }

    /// The 64 bits of `free` from bit `at` on (zeros past its end).
    #[inline]
    fn bits_at(&self, at: usize) -> u64 {
        let (word, shift) = (at / 64, at % 64);
        let low = self.free.get(word).copied().unwrap_or(0);
        let high = self.free.get(word + 1).copied().unwrap_or(0);
        if shift == 0 {
            low
        } else {
            low >> shift | high << (64 - shift)
        }
    }

    /// The free cells' vertices, in increasing order (row-major order of the cells).
    pub fn free_vertices(&self) -> impl Iterator<Item = usize> + '_ {
        self.free.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    i * 64 + b
                })
            })
        })
    }

    /// The words of the bit vector, for a reader that fills them.
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.free
    }

    /// The distance between a cell and the one below it (`cols + 1`).
    pub(crate) fn width(&self) -> usize {
        self.width
    }
}

impl Adjacency for Grid {
    type Neighbors<'a> = Near;

    #[inline]
    fn vertex_count(&self) -> usize {
        self.rows * self.width
    }

    /// Up, left, right, down: the free ones among them (none for a blocked cell). O(1).
    #[inline]
    fn neighbors(&self, v: usize) -> Near {
        let mut near = Near {
            list: [0; 4],
            len: 0,
        };
        if !self.is_free(v) {
            return near;
        }
        let mut push = |w: usize| {
            near.list[near.len as usize] = w as u32;
            near.len += 1;
        };
        if v >= self.width && self.is_free(v - self.width) {
            push(v - self.width);
        }
        // the cell before the first of a row is the padding of the row above (never free)
        if v > 0 && self.is_free(v - 1) {
            push(v - 1);
        }
        // the cell after the last of a row is its padding
        if self.is_free(v + 1) {
            push(v + 1);
        }
        if v + self.width < self.vertex_count() && self.is_free(v + self.width) {
            push(v + self.width);
        }
        near
    }

    /// Is `u` next to `v`, both free. O(1).
    fn has_edge(&self, u: usize, v: usize) -> bool {
        let n = self.vertex_count();
        u < n
            && v < n
            && self.is_free(u)
            && self.is_free(v)
            && matches!(u.abs_diff(v), d if d == 1 || d == self.width)
    }

    /// The chessboard colouring `(row + col) mod 2`. O(R C).
    fn two_colouring(&self) -> Option<Vec<u8>> {
        let mut side = Vec::with_capacity(self.vertex_count());
        for r in 0..self.rows {
            side.extend((0..self.width).map(|c| ((r + c) & 1) as u8));
        }
        Some(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::csr::Graph;

    /// A grid against the cell graph built from its definition: the same free cells, the same
    /// neighbours of each, the same edge count; blocked cells and the padding isolated.
    #[test]
    fn grids_are_the_cell_graph() {
        let mut rng = crate::testing::Xorshift(0x5851_f42d_4c95_7f2du64);
        let mut next = |k: u64| rng.below(k);
        for round in 0..400 {
            let (rows, cols) = if round % 10 == 0 {
                (1 + next(3) as usize, 60 + next(140) as usize)
            } else {
                (1 + next(9) as usize, 1 + next(9) as usize)
            };
            let free: Vec<bool> = (0..rows * cols).map(|_| next(4) != 0).collect();
            let grid = Grid::from_cells(rows, cols, &free);
            let mut edges = Vec::new();
            let at = |r: usize, c: usize| r * (cols + 1) + c;
            for r in 0..rows {
                for c in 0..cols {
                    if !free[r * cols + c] {
                        continue;
                    }
                    if c + 1 < cols && free[r * cols + c + 1] {
                        edges.push((at(r, c) as u32, at(r, c + 1) as u32));
                    }
                    if r + 1 < rows && free[(r + 1) * cols + c] {
                        edges.push((at(r, c) as u32, at(r + 1, c) as u32));
                    }
                }
            }
            let graph = Graph::from_edges(rows * (cols + 1), &edges).unwrap();
            assert_eq!(grid.vertex_count(), graph.vertex_count());
            for v in 0..grid.vertex_count() {
                assert_eq!(&*grid.neighbors(v), graph.neighbors(v), "vertex {v}");
                for w in 0..grid.vertex_count() {
                    assert_eq!(grid.has_edge(v, w), graph.has_edge(v, w));
                }
            }
            assert_eq!(grid.edge_count(), graph.edge_count());
            assert_eq!(grid.free_count(), free.iter().filter(|&&f| f).count());
            let cells: Vec<(usize, usize)> = (0..rows * cols)
                .filter(|&i| free[i])
                .map(|i| (i / cols, i % cols))
                .collect();
            let listed: Vec<(usize, usize)> = grid.free_vertices().map(|v| grid.cell(v)).collect();
            assert_eq!(listed, cells);
            for &(r, c) in &cells {
                assert_eq!(grid.cell(grid.vertex(r, c).unwrap()), (r, c));
            }
            let side = grid.two_colouring().unwrap();
            assert!(edges
                .iter()
                .all(|&(u, v)| side[u as usize] != side[v as usize]));
        }
        assert!(Grid::blocked(1 << 16, 1 << 16).is_none());
    }
}
