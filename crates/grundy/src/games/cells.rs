//! A board of characters, one per cell (`x`, `o`, `.`, `#`...), for the board games whose
//! searches need no bitboards: read and written as the games write boards (rows joined by
//! `/`), and drawn on the page as they are written.

use crate::error::{excerpt, GrundyError, Result};
use crate::games::board::{read_board, MAX_CELLS};
use crate::games::syntax::{error, Word};

/// A `rows x cols` board of characters, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CharBoard {
    /// Rows.
    pub rows: u8,
    /// Columns.
    pub cols: u8,
    /// The characters, row by row.
    pub cells: Box<[u8]>,
}

impl CharBoard {
    /// Reads the one board of a game written `usage` (its keyword `name`, then the board):
    /// characters from `alphabet` (ASCII), `what` naming them for the messages.
    pub fn read(
        name: Word,
        args: &[Word],
        usage: &str,
        alphabet: &str,
        what: &str,
    ) -> Result<CharBoard> {
        if args.len() != 1 {
            return Err(error(
                args.get(1).map_or(name.column, |w| w.column),
                format!(
                    "'{}' takes one board ({usage}, rows of {what} joined by /)",
                    name.text
                ),
            ));
        }
        let (rows, cols, cells) = read_board(args[0], alphabet, what)?;
        let alphabet = alphabet.as_bytes();
        Ok(CharBoard {
            rows: rows as u8,
            cols: cols as u8,
            cells: cells.into_iter().map(|i| alphabet[i]).collect(),
        })
    }

    /// A `rows x cols` board of `fill`; an error past [`MAX_CELLS`] cells or for a side of 0.
    pub fn filled(rows: u64, cols: u64, fill: u8) -> Result<CharBoard> {
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS as u64 {
            return Err(GrundyError::Unsupported(format!(
                "a board of {rows} x {cols}: 1 to {MAX_CELLS} cells"
            )));
        }
        Ok(CharBoard {
            rows: rows as u8,
            cols: cols as u8,
            cells: vec![fill; (rows * cols) as usize].into(),
        })
    }

    /// The `rows x cols` checkerboard: `x` on the cells whose row and column add up to an even
    /// number (the top left corner), `o` on the others.
    pub fn checkerboard(rows: u64, cols: u64) -> Result<CharBoard> {
        let board = CharBoard::filled(rows, cols, b'x')?;
        let odd: Vec<(i64, i64, u8)> = board
            .each()
            .filter(|&(r, c, _)| (r + c) % 2 == 1)
            .map(|(r, c, _)| (r, c, b'o'))
            .collect();
        Ok(board.with(&odd))
    }

    /// The rows as strings.
    pub fn lines(&self) -> Vec<String> {
        self.cells
            .chunks(self.cols as usize)
            .map(|row| String::from_utf8_lossy(row).into_owned())
            .collect()
    }

    /// The board as read: rows joined by `/`.
    pub fn text(&self) -> String {
        self.lines().join("/")
    }

    /// The character at `(r, c)`, `None` off the board.
    pub fn at(&self, r: i64, c: i64) -> Option<u8> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        ((0..rows).contains(&r) && (0..cols).contains(&c))
            .then(|| self.cells[(r * cols + c) as usize])
    }

    /// The same board with `(r, c)` set to `ch` (on the board).
    pub fn with(&self, cells: &[(i64, i64, u8)]) -> CharBoard {
        let mut next = self.clone();
        for &(r, c, ch) in cells {
            next.cells[(r * self.cols as i64 + c) as usize] = ch;
        }
        next
    }

    /// Every cell as `(r, c, character)`.
    pub fn each(&self) -> impl Iterator<Item = (i64, i64, u8)> + '_ {
        let cols = self.cols as i64;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &ch)| (i as i64 / cols, i as i64 % cols, ch))
    }
}

impl CharBoard {
    /// The board's independent regions: the connected sets of cells that `live` accepts
    /// (through the 4 orthogonal neighbours, or the 8 with `diagonal`), each as a board of
    /// its own (its bounding box, every other cell `#`), in reading order of their first
    /// cells. A game splits a board into regions when no move reaches from one to another
    /// (Amazons' regions of non-`#` cells, a Cannibal Clobber board's groups of stones).
    ///
    /// **Complexity**: O(cells).
    pub fn regions(&self, live: impl Fn(u8) -> bool, diagonal: bool) -> Vec<CharBoard> {
        // a rectangle whose every cell is live is connected: one region, the board itself
        // (a NoGo strip without `#`, the common case)
        if self.cells.iter().all(|&ch| live(ch)) {
            return vec![self.clone()];
        }
        self.regions_walked(live, diagonal)
    }

    /// [`Self::regions`] by walking each region from its first cell.
    fn regions_walked(&self, live: impl Fn(u8) -> bool, diagonal: bool) -> Vec<CharBoard> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let mut seen = vec![false; self.cells.len()];
        let mut regions = Vec::new();
        let mut stack = Vec::new();
        let mut members = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] || !live(self.cells[start]) {
                continue;
            }
            seen[start] = true;
            stack.push(start as i64);
            members.clear();
            while let Some(i) = stack.pop() {
                members.push(i);
                let (r, c) = (i / cols, i % cols);
                for dr in -1..=1i64 {
                    for dc in -1..=1i64 {
                        if (dr == 0 && dc == 0) || (!diagonal && dr != 0 && dc != 0) {
                            continue;
                        }
                        let (r2, c2) = (r + dr, c + dc);
                        if !(0..rows).contains(&r2) || !(0..cols).contains(&c2) {
                            continue;
                        }
                        let j = (r2 * cols + c2) as usize;
                        if !seen[j] && live(self.cells[j]) {
                            seen[j] = true;
                            stack.push(j as i64);
                        }
                    }
                }
            }
            regions.push(self.cut(members.iter().map(|&i| i as usize)));
        }
        regions
    }

    /// The cells `members` (indices, row by row) as a board of their own: their bounding box,
    /// every other cell `#`. O(cells of the box).
    pub(crate) fn cut(&self, members: impl Iterator<Item = usize> + Clone) -> CharBoard {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let (mut r0, mut r1, mut c0, mut c1) = (rows, 0, cols, 0);
        for i in members.clone() {
            let (r, c) = (i / cols, i % cols);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut cells = vec![b'#'; h * w];
        for i in members {
            let (r, c) = (i / cols, i % cols);
            cells[(r - r0) * w + c - c0] = self.cells[i];
        }
        CharBoard {
            rows: h as u8,
            cols: w as u8,
            cells: cells.into(),
        }
    }

    /// Pushes on `out` each region of [`CharBoard::regions`] (`live`, `diagonal`) that `keep`
    /// accepts, normalised under `symmetry`: the split of a board game whose moves stay
    /// inside its regions.
    pub fn split_regions(
        &self,
        live: impl Fn(u8) -> bool,
        diagonal: bool,
        keep: impl Fn(&CharBoard) -> bool,
        symmetry: Symmetry,
        out: &mut Vec<(CharBoard, bool)>,
    ) {
        for region in self.regions(live, diagonal) {
            if keep(&region) {
                out.push(region.normalised(symmetry));
            }
        }
    }

    /// Whether the board holds the character `ch`.
    pub fn holds(&self, ch: u8) -> bool {
        self.cells.contains(&ch)
    }
}

/// How a board game's value behaves under the board's symmetries, for
/// [`CharBoard::normalised`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// Transposing the board negates the value (Left's and Right's moves are each other's
    /// transposes, as in Fission); otherwise all eight symmetries keep it.
    pub transpose_negates: bool,
    /// Swapping `x` and `o` negates the value (the players' pieces move alike).
    pub swap_negates: bool,
}

impl CharBoard {
    /// The least image of the board (cropped of border rows and columns of `#`, which no move
    /// touches) under the symmetries `symmetry` allows, and whether its value is the negative
    /// of this board's. Positions equal up to symmetry share one entry of a search.
    ///
    /// **Complexity**: O(cells) per image, 8 or 16 images, compared where they lie; one is
    /// built.
    pub fn normalised(&self, symmetry: Symmetry) -> (CharBoard, bool) {
        let cropped = self.cropped();
        // the images are compared cell by cell where they lie, and only the least is built
        let (rows, cols) = (cropped.rows as usize, cropped.cols as usize);
        let dims = |k: u8| {
            if k & 4 != 0 {
                (cols, rows)
            } else {
                (rows, cols)
            }
        };
        let glyph = |(k, swap): (u8, bool), i: usize| {
            let out_cols = dims(k).1;
            let (r, c) = (i / out_cols, i % out_cols);
            let (mut sr, mut sc) = if k & 4 != 0 { (c, r) } else { (r, c) };
            if k & 1 != 0 {
                sc = cols - 1 - sc;
            }
            if k & 2 != 0 {
                sr = rows - 1 - sr;
            }
            match cropped.cells[sr * cols + sc] {
                b'x' if swap => b'o',
                b'o' if swap => b'x',
                ch => ch,
            }
        };
        let less = |a: (u8, bool), b: (u8, bool)| {
            dims(a.0)
                .cmp(&dims(b.0))
                .then_with(|| {
                    (0..cropped.cells.len())
                        .map(|i| glyph(a, i).cmp(&glyph(b, i)))
                        .find(|o| o.is_ne())
                        .unwrap_or(std::cmp::Ordering::Equal)
                })
                .is_lt()
        };
        let mut best = (0u8, false);
        for k in 0..8u8 {
            for swap in [false, true] {
                if (swap && !symmetry.swap_negates) || (k, swap) == (0, false) {
                    continue;
                }
                if less((k, swap), best) {
                    best = (k, swap);
                }
            }
        }
        let (k, swap) = best;
        let image = cropped.image(k);
        let negated = (k & 4 != 0 && symmetry.transpose_negates) ^ swap;
        (if swap { image.swapped() } else { image }, negated)
    }

    /// [`Self::normalised`] by building every image: the definition the tests check it
    /// against.
    #[cfg(test)]
    fn normalised_by_images(&self, symmetry: Symmetry) -> (CharBoard, bool) {
        let cropped = self.cropped();
        let mut best: Option<(CharBoard, bool)> = None;
        for k in 0..8u8 {
            let image = cropped.image(k);
            let transposed = k & 4 != 0;
            for swap in [false, true] {
                if swap && !symmetry.swap_negates {
                    continue;
                }
                let candidate = if swap { image.swapped() } else { image.clone() };
                let negated = (transposed && symmetry.transpose_negates) ^ swap;
                if best.as_ref().is_none_or(|(b, _)| candidate < *b) {
                    best = Some((candidate, negated));
                }
            }
        }
        best.expect("eight images")
    }

    /// The board without its border rows and columns made only of `#` (at least one cell).
    fn cropped(&self) -> CharBoard {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let row_blocked = |r: i64| (0..cols).all(|c| self.at(r, c) == Some(b'#'));
        let col_blocked = |c: i64| (0..rows).all(|r| self.at(r, c) == Some(b'#'));
        let (mut r0, mut r1, mut c0, mut c1) = (0, rows - 1, 0, cols - 1);
        while r0 < r1 && row_blocked(r0) {
            r0 += 1;
        }
        while r1 > r0 && row_blocked(r1) {
            r1 -= 1;
        }
        while c0 < c1 && col_blocked(c0) {
            c0 += 1;
        }
        while c1 > c0 && col_blocked(c1) {
            c1 -= 1;
        }
        let cells = (r0..=r1)
            .flat_map(|r| (c0..=c1).map(move |c| (r, c)))
            .map(|(r, c)| self.at(r, c).expect("on the board"))
            .collect();
        CharBoard {
            rows: (r1 - r0 + 1) as u8,
            cols: (c1 - c0 + 1) as u8,
            cells,
        }
    }

    /// Image `k` of the board: bit 0 flips the columns, bit 1 the rows, bit 2 transposes.
    fn image(&self, k: u8) -> CharBoard {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let (out_rows, out_cols) = if k & 4 != 0 {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let mut cells = Vec::with_capacity(self.cells.len());
        for r in 0..out_rows {
            for c in 0..out_cols {
                let (mut sr, mut sc) = if k & 4 != 0 { (c, r) } else { (r, c) };
                if k & 1 != 0 {
                    sc = cols - 1 - sc;
                }
                if k & 2 != 0 {
                    sr = rows - 1 - sr;
                }
                cells.push(self.at(sr, sc).expect("on the board"));
            }
        }
        CharBoard {
            rows: out_rows as u8,
            cols: out_cols as u8,
            cells: cells.into(),
        }
    }

    /// The board with `x` and `o` swapped.
    fn swapped(&self) -> CharBoard {
        let cells = self
            .cells
            .iter()
            .map(|&ch| match ch {
                b'x' => b'o',
                b'o' => b'x',
                ch => ch,
            })
            .collect();
        CharBoard {
            cells,
            ..self.clone()
        }
    }
}

/// The four orthogonal steps.
pub const STEPS: [(i64, i64); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Reads the one row of a strip game written `usage` (its keyword `name`, then the row):
/// characters from `alphabet`, `what` naming them, at most `max` cells.
pub fn read_row(
    name: Word,
    args: &[Word],
    usage: &str,
    alphabet: &str,
    what: &str,
    max: usize,
) -> Result<Box<[u8]>> {
    if args.len() != 1 {
        return Err(error(
            args.get(1).map_or(name.column, |w| w.column),
            format!("'{}' takes one row ({usage}, of {what})", name.text),
        ));
    }
    let w = args[0];
    if let Some(i) = w.text.find(|c| !alphabet.contains(c)) {
        return Err(error(
            w.column + w.text[..i].chars().count(),
            format!("'{}': a row is made of {what}", excerpt(w.text)),
        ));
    }
    if w.text.len() > max {
        return Err(error(
            w.column,
            format!("a row of {} cells: at most {max}", w.text.len()),
        ));
    }
    Ok(w.text.as_bytes().into())
}

/// The methods of [`crate::games::partizan_game::PartizanGame`] that every game whose part is a
/// [`CharBoard`] writes alike, to be expanded inside its `impl`: `text` (the keyword, then the
/// board), `position` (the board itself), `moves` (its rules' options of the whole board) and
/// `cells` (its rows, for the page).
macro_rules! char_board_part {
    () => {
        fn text(board: &CharBoard) -> String {
            format!("{} {}", Self::SYNTAX.keyword, board.text())
        }

        fn position(board: &CharBoard) -> CharBoard {
            board.clone()
        }

        fn moves(rules: &Self::Rules, board: &CharBoard, left: bool) -> Vec<CharBoard> {
            crate::games::partizan_game::options_of(rules, board, left)
        }

        fn cells(board: &CharBoard) -> Option<Vec<String>> {
            Some(board.lines())
        }
    };
}
pub(crate) use char_board_part;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    #[test]
    fn a_board_of_live_cells_is_its_one_region_as_the_walk_finds() {
        let mut rng = Xorshift(0x00e6_10a5);
        for _ in 0..500 {
            let rows = 1 + rng.below(6);
            let cols = 1 + rng.below(6);
            let mut board = CharBoard::filled(rows, cols, b'.').unwrap();
            for cell in board.cells.iter_mut() {
                *cell = b"xo."[rng.below(3) as usize];
            }
            for diagonal in [false, true] {
                let live = |ch: u8| ch != b'#';
                assert_eq!(
                    board.regions(live, diagonal),
                    board.regions_walked(live, diagonal),
                    "{board:?}"
                );
            }
        }
    }

    #[test]
    fn the_least_image_compared_in_place_is_the_least_image_built() {
        let mut rng = Xorshift(0xce11_5eed);
        for case in 0..4000 {
            let rows = 1 + rng.below(5);
            let cols = 1 + rng.below(5);
            let mut board = CharBoard::filled(rows, cols, b'.').unwrap();
            // few glyphs, so that images often tie and the order of the candidates matters
            let glyphs: &[u8] = if case % 2 == 0 { b"xo.#" } else { b"x." };
            for cell in board.cells.iter_mut() {
                *cell = glyphs[rng.below(glyphs.len() as u64) as usize];
            }
            for (transpose_negates, swap_negates) in
                [(false, false), (false, true), (true, false), (true, true)]
            {
                let symmetry = Symmetry {
                    transpose_negates,
                    swap_negates,
                };
                assert_eq!(
                    board.normalised(symmetry),
                    board.normalised_by_images(symmetry),
                    "{board:?} {symmetry:?}"
                );
            }
        }
    }
}
