//! Rectangular boards of at most 128 cells as bit sets (bit `r * cols + c`), with what the
//! board games need: parsing rows joined by `/`, connected regions, cropping and the eight
//! symmetries of the rectangle.

use crate::error::{excerpt, Result};
use crate::games::syntax::{error, Word};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 128;

/// A set of cells of a `rows x cols` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The cells in the set.
    pub bits: u128,
}

impl Board {
    /// The bit of cell (r, c).
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.cols as usize + c)
    }

    /// Every cell of the board.
    pub fn full(&self) -> u128 {
        let n = self.rows as usize * self.cols as usize;
        if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }

    /// The cells not in the last column.
    pub fn not_last_col(&self) -> u128 {
        let mut m = 0;
        for r in 0..self.rows as usize {
            for c in 0..self.cols as usize - 1 {
                m |= self.bit(r, c);
            }
        }
        m
    }

    /// The cells of `set` joined to `seed` by orthogonal steps within `set`.
    pub fn region(&self, set: u128, seed: u128) -> u128 {
        let cols = self.cols as u32;
        let right_ok = self.not_last_col();
        let left_ok = right_ok << 1;
        let mut region = seed & set;
        loop {
            let grown = region
                | ((region & right_ok) << 1)
                | ((region & left_ok) >> 1)
                | (region << cols)
                | (region >> cols);
            let grown = grown & set;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The connected regions of `set` (orthogonal adjacency).
    pub fn regions(&self, mut set: u128) -> Vec<u128> {
        let mut out = Vec::new();
        while set != 0 {
            let seed = set & set.wrapping_neg();
            let r = self.region(set, seed);
            out.push(r);
            set &= !r;
        }
        out
    }

    /// The cells as (row, column) pairs.
    pub fn cells(&self, set: u128) -> impl Iterator<Item = (usize, usize)> + '_ {
        let cols = self.cols as usize;
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some((i / cols, i % cols))
        })
    }

    /// The boards cropped to the bounding box of `sets[0]` (all sets moved alike).
    pub fn crop(&self, sets: &[u128]) -> (Board, Vec<u128>) {
        let cells: Vec<(usize, usize)> = self.cells(sets[0]).collect();
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let r1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let c1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        let out = Board {
            rows: (r1 - r0 + 1) as u8,
            cols: (c1 - c0 + 1) as u8,
            bits: 0,
        };
        let moved = sets
            .iter()
            .map(|&s| {
                self.cells(s)
                    .filter(|&(r, c)| r >= r0 && r <= r1 && c >= c0 && c <= c1)
                    .fold(0, |m, (r, c)| m | out.bit(r - r0, c - c0))
            })
            .collect();
        (out, moved)
    }

    /// The image of the sets under symmetry `k` (0..8: bit 0 flips columns, bit 1 flips rows,
    /// bit 2 transposes), with the board it lands on.
    pub fn symmetry(&self, k: u8, sets: &[u128]) -> (Board, Vec<u128>) {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let transpose = k & 4 != 0;
        let out = if transpose {
            Board {
                rows: self.cols,
                cols: self.rows,
                bits: 0,
            }
        } else {
            Board { bits: 0, ..*self }
        };
        let moved = sets
            .iter()
            .map(|&s| {
                self.cells(s).fold(0, |m, (r, c)| {
                    let c = if k & 1 != 0 { cols - 1 - c } else { c };
                    let r = if k & 2 != 0 { rows - 1 - r } else { r };
                    let (r, c) = if transpose { (c, r) } else { (r, c) };
                    m | out.bit(r, c)
                })
            })
            .collect();
        (out, moved)
    }
}

/// Reads a board: rows of characters joined by `/`, every row as long as the first; each
/// character must be one of `alphabet`, whose index is returned per cell (row by row).
pub fn read_board(word: Word, alphabet: &str, what: &str) -> Result<(usize, usize, Vec<usize>)> {
    let rows: Vec<&str> = word.text.split('/').collect();
    let cols = rows[0].chars().count();
    if cols == 0 {
        return Err(error(
            word.column,
            format!("expected a board: rows of {what} joined by '/'"),
        ));
    }
    let mut cells = Vec::new();
    let mut column = word.column;
    for (r, row) in rows.iter().enumerate() {
        if row.chars().count() != cols {
            return Err(error(
                column,
                format!(
                    "ragged board: row {} has {} cells, row 1 has {cols}",
                    r + 1,
                    row.chars().count()
                ),
            ));
        }
        for ch in row.chars() {
            let Some(i) = alphabet.find(ch) else {
                return Err(error(
                    column,
                    format!(
                        "unknown board character '{}' (expected {what})",
                        excerpt(&ch.to_string())
                    ),
                ));
            };
            cells.push(i);
            column += 1;
        }
        column += 1; // the '/'
    }
    if rows.len() * cols > MAX_CELLS {
        return Err(error(
            word.column,
            format!(
                "a board of {} cells: at most {MAX_CELLS} are supported",
                rows.len() * cols
            ),
        ));
    }
    Ok((rows.len(), cols, cells))
}

/// Writes a board: for each cell (row by row) the character `glyph(bit)`.
pub fn write_board(board: &Board, glyph: impl Fn(u128) -> char) -> String {
    let mut s = String::new();
    for r in 0..board.rows as usize {
        if r > 0 {
            s.push('/');
        }
        for c in 0..board.cols as usize {
            s.push(glyph(board.bit(r, c)));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_symmetries() {
        let b = Board {
            rows: 3,
            cols: 3,
            bits: 0,
        };
        // cells (0,0), (0,1) and (2,2): two regions
        let set = b.bit(0, 0) | b.bit(0, 1) | b.bit(2, 2);
        assert_eq!(b.regions(set).len(), 2);
        let (t, s) = b.symmetry(4, &[b.bit(0, 1)]);
        assert_eq!(s[0], t.bit(1, 0));
        let (c, s) = b.crop(&[b.bit(2, 2) | b.bit(1, 2)]);
        assert_eq!((c.rows, c.cols, s[0]), (2, 1, 0b11));
        // no wrap from the end of a row to the next row
        assert_eq!(b.region(b.full(), b.bit(0, 2)), b.full());
        assert_eq!(
            b.region(b.bit(0, 2) | b.bit(1, 0), b.bit(0, 2)),
            b.bit(0, 2)
        );
    }
}
