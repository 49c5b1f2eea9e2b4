//! Rectangular boards of at most 128 cells as bit sets (bit `r * cols + c`), with what the
//! board games need: parsing rows joined by `/`, connected regions, cropping and the eight
//! symmetries of the rectangle.

use crate::error::{excerpt, GrundyError, Result};
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

    /// A `rows x cols` board with no cell in the set; an error past `max_cells` cells (or
    /// [`MAX_CELLS`]), or for a side of 0.
    pub fn empty(rows: u64, cols: u64, max_cells: usize) -> Result<Board> {
        let most = max_cells.min(MAX_CELLS) as u64;
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > most {
            return Err(GrundyError::Unsupported(format!(
                "a board of {rows} x {cols}: 1 to {most} cells"
            )));
        }
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            bits: 0,
        })
    }

    /// The board's rows, each cell written by `glyph` (given the cell's bit).
    pub fn rows_of(&self, glyph: impl Fn(u128) -> char) -> Vec<String> {
        (0..self.rows as usize)
            .map(|r| {
                (0..self.cols as usize)
                    .map(|c| glyph(self.bit(r, c)))
                    .collect()
            })
            .collect()
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

    /// The cells of the first column.
    pub fn first_col(&self) -> u128 {
        (0..self.rows as usize).fold(0, |m, r| m | self.bit(r, 0))
    }

    /// The cells not in the last column.
    pub fn not_last_col(&self) -> u128 {
        self.full() & !(self.first_col() << (self.cols - 1))
    }

    /// The cells orthogonally next to a cell of `set` (on the board; `set` itself only where
    /// two of its cells touch).
    pub fn neighbours(&self, set: u128) -> u128 {
        let cols = self.cols as u32;
        let right_ok = self.not_last_col();
        let left_ok = right_ok << 1;
        (((set & right_ok) << 1) | ((set & left_ok) >> 1) | shl(set, cols) | shr(set, cols))
            & self.full()
    }

    /// The cells of `set` joined to `seed` by orthogonal steps within `set`.
    pub fn region(&self, set: u128, seed: u128) -> u128 {
        self.region_with(set, seed, self.not_last_col())
    }

    fn region_with(&self, set: u128, seed: u128, right_ok: u128) -> u128 {
        let cols = self.cols as u32;
        let left_ok = right_ok << 1;
        let mut region = seed & set;
        loop {
            let grown = region
                | ((region & right_ok) << 1)
                | ((region & left_ok) >> 1)
                | shl(region, cols)
                | shr(region, cols);
            let grown = grown & set;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The connected regions of `set` (orthogonal adjacency), each passed to `visit`.
    pub fn for_each_region(&self, set: u128, visit: impl FnMut(u128)) {
        self.for_each_region_with(set, self.not_last_col(), visit)
    }

    /// [`Board::for_each_region`] given the board's [`Board::not_last_col`] (a search that
    /// splits many sets of one board computes it once).
    pub fn for_each_region_with(&self, mut set: u128, right_ok: u128, mut visit: impl FnMut(u128)) {
        while set != 0 {
            let seed = set & set.wrapping_neg();
            let r = self.region_with(set, seed, right_ok);
            visit(r);
            set &= !r;
        }
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

    /// The images of `sets`, cropped to the bounding box of their union, under the symmetries
    /// of the rectangle (numbered 0..8: bit 0 flips the columns, bit 1 the rows, bit 2 transposes) that can give the least board in
    /// the order of [`Board`] (rows first): all eight for a square box, else the four that put
    /// the shorter side in the rows. Each image is passed to `visit(k, board, images)`, the
    /// board with the image's dimensions and no cells. Allocation-free: the normalisation of
    /// the board games' searches.
    ///
    /// **Complexity**: O(cells of the sets) per image.
    pub fn least_images<const N: usize>(
        &self,
        sets: [u128; N],
        mut visit: impl FnMut(u8, Board, [u128; N]),
    ) {
        let union = sets.iter().fold(0, |m, &s| m | s);
        if union == 0 {
            return;
        }
        let cols = self.cols as usize;
        let (r0, c0, h, w) = self.bounding_box(union);
        let r1 = r0 + h - 1;
        // each set as its rows within the box, and transposed (rows = the box's columns); only
        // the shorter side's lines are kept, at most 11 since h * w <= 128
        let mut rows = [[0u128; SHORT_SIDE]; N];
        let mut transposed = [[0u128; SHORT_SIDE]; N];
        for (j, &set) in sets.iter().enumerate() {
            let lines = (r0..=r1).map(|r| (set >> (r * cols + c0)) & low_bits(w));
            for (i, row) in lines.enumerate() {
                if h <= w {
                    rows[j][i] = row;
                }
                if h >= w {
                    let mut rest = row;
                    while rest != 0 {
                        let c = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        transposed[j][c] |= 1 << i;
                    }
                }
            }
        }
        // the four images of rows (height a, width b) that flip rows and columns
        let mut images_of = |k_base: u8, lines: &[[u128; SHORT_SIDE]; N], a: usize, b: usize| {
            let board = Board {
                rows: a as u8,
                cols: b as u8,
                bits: 0,
            };
            for flips in 0..4u8 {
                // for the transposed rows, a row flip is a flip of the box's columns
                let (flip_cols, flip_rows) = if k_base == 0 {
                    (flips & 1 != 0, flips & 2 != 0)
                } else {
                    (flips & 2 != 0, flips & 1 != 0)
                };
                let mut images = [0u128; N];
                for (image, lines) in images.iter_mut().zip(lines) {
                    for (i, &line) in lines[..a].iter().enumerate() {
                        let line = if flip_cols {
                            line.reverse_bits() >> (128 - b)
                        } else {
                            line
                        };
                        let at = if flip_rows { a - 1 - i } else { i };
                        *image |= line << (at * b);
                    }
                }
                visit(k_base | flips, board, images);
            }
        };
        if h <= w {
            images_of(0, &rows, h, w);
        }
        if h >= w {
            images_of(4, &transposed, w, h);
        }
    }
}

impl Board {
    /// The images of `set` (cells of this board) under the symmetries of the board's box, on
    /// the same box: image `k` flips the columns if bit 0 of `k` is set, the rows if bit 1,
    /// and transposes if bit 2 (a square board only: the last four images are empty
    /// otherwise). When `set` fills the box and the box has no more rows than columns, the
    /// least of them is what [`Board::least_image`] chooses.
    ///
    /// **Complexity**: O(cells of the set) (one division per cell).
    pub fn images(&self, set: u128) -> [u128; 8] {
        let (h, w) = (self.rows as usize, self.cols as usize);
        let square = h == w;
        let mut out = [0u128; 8];
        let mut rest = set;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / w, i % w);
            let (fr, fc) = (h - 1 - r, w - 1 - c);
            out[0] |= 1 << i;
            out[1] |= 1 << (r * w + fc);
            out[2] |= 1 << (fr * w + c);
            out[3] |= 1 << (fr * w + fc);
            if square {
                out[4] |= 1 << (c * w + r);
                out[5] |= 1 << (c * w + fr);
                out[6] |= 1 << (fc * w + r);
                out[7] |= 1 << (fc * w + fr);
            }
        }
        out
    }

    /// How many symmetries the board's box has: 8 for a square, else 4 (those of
    /// [`Board::images`]).
    pub fn symmetries(&self) -> u8 {
        if self.rows == self.cols {
            8
        } else {
            4
        }
    }

    /// The cells of the first and last rows and columns, in that order: a set meets all
    /// four when its bounding box is the board's.
    pub fn sides(&self) -> [u128; 4] {
        let first_row = low_bits(self.cols as usize);
        let first_col = self.first_col();
        [
            first_row,
            first_row << ((self.rows as u32 - 1) * self.cols as u32),
            first_col,
            first_col << (self.cols - 1),
        ]
    }
}

impl Board {
    /// The bounding box of a non-empty set: its first row and column, its height and width.
    fn bounding_box(&self, set: u128) -> (usize, usize, usize, usize) {
        let cols = self.cols as usize;
        let row_mask = low_bits(cols);
        let r0 = set.trailing_zeros() as usize / cols;
        let r1 = (127 - set.leading_zeros() as usize) / cols;
        let mut col_mask = 0;
        for r in r0..=r1 {
            col_mask |= (set >> (r * cols)) & row_mask;
        }
        let c0 = col_mask.trailing_zeros() as usize;
        let c1 = 127 - col_mask.leading_zeros() as usize;
        (r0, c0, r1 - r0 + 1, c1 - c0 + 1)
    }

    /// The least of [`Board::least_images`] of one non-empty set, as a board of the image's
    /// size with the image's cells: the normal form of a region, computed in one pass over the
    /// lines of its shorter side (the four images of a flip of rows and columns built
    /// together, and the four of the transpose for a square box).
    ///
    /// **Complexity**: O(rows + cells of the set).
    pub fn least_image(&self, set: u128) -> Board {
        debug_assert!(set != 0, "the least image of an empty set");
        let cols = self.cols as usize;
        let (r0, c0, h, w) = self.bounding_box(set);
        let mut best = u128::MAX;
        if h <= w {
            let mut rows = [0u128; SHORT_SIDE];
            for (i, row) in rows[..h].iter_mut().enumerate() {
                *row = (set >> ((r0 + i) * cols + c0)) & low_bits(w);
            }
            best = best.min(least_of_flips(&rows[..h], w));
        }
        if h >= w {
            let mut lines = [0u128; SHORT_SIDE];
            let mut rest = set;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                lines[i % cols - c0] |= 1 << (i / cols - r0);
            }
            best = best.min(least_of_flips(&lines[..w], h));
        }
        Board {
            rows: h.min(w) as u8,
            cols: h.max(w) as u8,
            bits: best,
        }
    }
}

/// The least of the four images of a board given by its `lines` (each `width` bits) under the
/// flips of its lines' order and of each line.
#[inline]
fn least_of_flips(lines: &[u128], width: usize) -> u128 {
    let n = lines.len();
    let (mut same, mut rows, mut cols, mut both) = (0u128, 0u128, 0u128, 0u128);
    for (i, &line) in lines.iter().enumerate() {
        let reversed = line.reverse_bits() >> (128 - width);
        let (at, flipped_at) = (i * width, (n - 1 - i) * width);
        same |= line << at;
        rows |= line << flipped_at;
        cols |= reversed << at;
        both |= reversed << flipped_at;
    }
    same.min(rows).min(cols).min(both)
}

/// The longest the shorter side of a board can be (12 x 12 > 128 cells).
const SHORT_SIDE: usize = 11;

/// The mask of the `n` lowest bits (n <= 128).
fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Reads the one argument of `keyword BOARD` (Domineering, Cram): rows of `.` (empty) and `#`
/// (filled), as the board of its empty cells; any other number of arguments is an error
/// naming the keyword.
pub fn read_empty_cells(keyword: &str, name: Word, args: &[Word]) -> Result<Board> {
    if args.len() != 1 {
        return Err(error(
            args.get(1).map_or(name.column, |w| w.column),
            format!("'{keyword}' takes one board ({keyword} BOARD, rows of . and # joined by /)"),
        ));
    }
    let (rows, cols, cells) = read_board(args[0], ".#", "'.' (empty) or '#' (filled)")?;
    let mut board = Board {
        rows: rows as u8,
        cols: cols as u8,
        bits: 0,
    };
    for (i, &c) in cells.iter().enumerate() {
        if c == 0 {
            board.bits |= 1u128 << i;
        }
    }
    Ok(board)
}

/// A cell of a board of empty cells as [`read_empty_cells`] reads it: `.` empty, `#` filled.
pub fn empty_glyph(board: &Board, bit: u128) -> char {
    if board.bits & bit != 0 {
        '.'
    } else {
        '#'
    }
}

/// Reads a board: rows of characters joined by `/` (or `|`, as MCGS and CGSuite write them),
/// every row as long as the first; each character must be one of `alphabet`, whose index is
/// returned per cell (row by row).
pub fn read_board(word: Word, alphabet: &str, what: &str) -> Result<(usize, usize, Vec<usize>)> {
    let rows: Vec<&str> = word.text.split(['/', '|']).collect();
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
    board.rows_of(glyph).join("/")
}

/// `x << k`, 0 once every bit is shifted out (a board of one row of 128 cells shifts by 128,
/// which `<<` refuses).
#[inline]
pub fn shl(x: u128, k: u32) -> u128 {
    x.checked_shl(k).unwrap_or(0)
}

/// `x >> k`, 0 once every bit is shifted out.
#[inline]
pub fn shr(x: u128, k: u32) -> u128 {
    x.checked_shr(k).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain versions of [`Board::least_images`], cell by cell: its test's reference.
    trait Plain {
        fn crop(&self, sets: &[u128]) -> (Board, Vec<u128>);
        fn symmetry(&self, k: u8, sets: &[u128]) -> (Board, Vec<u128>);
    }

    impl Plain for Board {
        /// The boards cropped to the bounding box of `sets[0]` (all sets moved alike).
        fn crop(&self, sets: &[u128]) -> (Board, Vec<u128>) {
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
        fn symmetry(&self, k: u8, sets: &[u128]) -> (Board, Vec<u128>) {
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

    #[test]
    fn regions_and_symmetries() {
        let b = Board {
            rows: 3,
            cols: 3,
            bits: 0,
        };
        // cells (0,0), (0,1) and (2,2): two regions
        let set = b.bit(0, 0) | b.bit(0, 1) | b.bit(2, 2);
        let mut regions = 0;
        b.for_each_region(set, |_| regions += 1);
        assert_eq!(regions, 2);
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

    #[test]
    fn least_image_is_the_least_of_the_images() {
        let mut rng = crate::testing::Xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..3000 {
            let rows = 1 + rng.below(12);
            let cols = 1 + rng.below((128 / rows).min(40));
            let b = Board::empty(rows, cols, MAX_CELLS).unwrap();
            // about a quarter of the cells
            let mut word = || (rng.below(u64::MAX) as u128) << 64 | rng.below(u64::MAX) as u128;
            let set = word() & word() & b.full();
            if set == 0 {
                continue;
            }
            let mut least: Option<Board> = None;
            b.least_images([set], |_, board, [bits]| {
                let image = Board { bits, ..board };
                if least.is_none_or(|l| image < l) {
                    least = Some(image);
                }
            });
            assert_eq!(
                b.least_image(set),
                least.unwrap(),
                "{rows} x {cols}, {set:#x}"
            );
        }
    }

    #[test]
    fn least_images_are_the_cropped_symmetries() {
        // against crop and symmetry (cell by cell) on random boards and pairs of sets
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let rows = 1 + next() % 11;
            let cols = 1 + next() % (128 / rows).min(16);
            let b = Board {
                rows: rows as u8,
                cols: cols as u8,
                bits: 0,
            };
            let a = (u128::from(next()) << 64 | u128::from(next())) & b.full();
            let c = (u128::from(next()) << 64 | u128::from(next())) & b.full() & !a;
            let mut seen = Vec::new();
            b.least_images([a, c], |k, board, images| seen.push((k, board, images)));
            if a | c == 0 {
                assert!(seen.is_empty());
                continue;
            }
            let (cropped, sets) = b.crop(&[a | c, a, c]);
            let short = cropped.rows.min(cropped.cols);
            let expected: Vec<_> = (0..8u8)
                .map(|k| {
                    let (board, images) = cropped.symmetry(k, &sets[1..]);
                    (k, board, [images[0], images[1]])
                })
                .filter(|(_, board, _)| board.rows == short)
                .collect();
            assert_eq!(seen, expected, "rows {rows} cols {cols} sets {a:#x} {c:#x}");
        }
    }
}
