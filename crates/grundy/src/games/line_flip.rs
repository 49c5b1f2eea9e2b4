//! The line-flip coin game: flip whole rows or columns of coins, each line at most once, never
//! making an all-heads board impossible while it is still possible.
//!
//! ```
//! use grundy::games::LineFlip;
//! use grundy::{ImpartialGame, Nimber};
//! let board = LineFlip::parse("ox/x.").unwrap();
//! assert_eq!(board.grundy_formula().unwrap().unwrap(), Nimber(0));
//! ```

use crate::error::Result;
use crate::games::syntax::{count, error, GameSyntax, Misere};
use crate::nimber::Nimber;
use crate::solve::game::ImpartialGame;
use std::fmt;

/// A row or a column of the board (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// Row r.
    Row(usize),
    /// Column c.
    Col(usize),
}

/// A line-flip position: the coins as they lie now (`o` heads, `x` tails, `.` empty) and the
/// lines already flipped.
///
/// **Method**: each coin ties the flip of its row to
/// the flip of its column (equal for heads, different for tails); lines already flipped are tied
/// to "not flipped again". A union-find with parity over the H + W lines (plus one node for
/// "fixed") gives the components:
/// - if the ties contradict each other, all-heads is impossible: every unflipped line may be
///   flipped, so the game is that many single moves, `G = count mod 2`;
/// - the component of the fixed node forces its lines: those that must still be flipped are
///   single moves, `G = count mod 2`;
/// - any other component has two complementary flip sets X and Y; its first move chooses one
///   (flipping a line of it), and the rest of that set are then single moves, so
///   `G = mex{(|X| - 1) mod 2, (|Y| - 1) mod 2}` over the non-empty sets.
///
/// The components form a disjunctive sum (Sprague-Grundy), so the board's value is their xor.
/// **Complexity**: O(H W α(H + W)) for the value and for all moves to any value.
///
/// ```
/// use grundy::games::LineFlip;
/// use grundy::{ImpartialGame, Nimber};
/// let board = LineFlip::parse("ox").unwrap();
/// assert_eq!(board.grundy_formula().unwrap().unwrap(), Nimber(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineFlip {
    rows: usize,
    cols: usize,
    /// Row-major cells, each `b'o'`, `b'x'` or `b'.'`.
    cells: Vec<u8>,
    /// Lines flipped already: rows then columns.
    used: Vec<bool>,
}

/// The structure of a position: its value and, per unflipped line, what flipping it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlipAnalysis {
    /// The Grundy value of the whole board.
    pub grundy: Nimber,
    /// Every legal move, with the value of the board after it.
    pub moves: Vec<(Line, Nimber)>,
}

/// Union-find with parity: `parity[v]` is v's flip relative to its parent.
struct ParityUnionFind {
    parent: Vec<u32>,
    parity: Vec<u8>,
    size: Vec<u32>,
}

impl ParityUnionFind {
    fn new(n: usize) -> Self {
        ParityUnionFind {
            parent: (0..n as u32).collect(),
            parity: vec![0; n],
            size: vec![1; n],
        }
    }

    /// The root of v and v's parity relative to it, compressing the path (iteratively).
    fn find(&mut self, v: usize) -> (usize, u8) {
        let mut root = v;
        let mut parity = 0;
        while self.parent[root] as usize != root {
            parity ^= self.parity[root];
            root = self.parent[root] as usize;
        }
        // second pass: point every vertex of the path at the root with its total parity
        let mut x = v;
        let mut to_root = parity;
        while self.parent[x] as usize != root && x != root {
            let next = self.parent[x] as usize;
            let own = self.parity[x];
            self.parent[x] = root as u32;
            self.parity[x] = to_root;
            to_root ^= own;
            x = next;
        }
        (root, parity)
    }

    /// Requires `flip(a) xor flip(b) = parity`; false if that contradicts earlier ties.
    fn tie(&mut self, a: usize, b: usize, parity: u8) -> bool {
        let (ra, pa) = self.find(a);
        let (rb, pb) = self.find(b);
        if ra == rb {
            return pa ^ pb == parity;
        }
        let (big, small) = if self.size[ra] >= self.size[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small] = big as u32;
        self.parity[small] = pa ^ pb ^ parity;
        self.size[big] += self.size[small];
        true
    }
}

impl LineFlip {
    /// A board from rows of `o`, `x` and `.` joined by `/` (as in `ox/x.`), nothing flipped yet.
    /// Fails (with the reason) on an empty or ragged board or another character.
    pub fn parse(board: &str) -> std::result::Result<LineFlip, String> {
        let rows: Vec<&str> = board.split('/').collect();
        let cols = rows[0].len();
        if cols == 0 {
            return Err("a board needs at least one column".into());
        }
        let mut cells = Vec::with_capacity(rows.len() * cols);
        for (i, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(format!(
                    "row {} has {} cells, row 1 has {cols}",
                    i + 1,
                    row.len()
                ));
            }
            for c in row.bytes() {
                if !matches!(c, b'o' | b'x' | b'.') {
                    return Err(format!(
                        "'{}' is not a cell: use o (heads), x (tails) or . (empty)",
                        crate::error::excerpt_bytes(&[c])
                    ));
                }
                cells.push(c);
            }
        }
        Ok(LineFlip::from_cells(rows.len(), cols, cells))
    }

    /// A board of `rows x cols` row-major cells (`o`, `x`, `.`), nothing flipped yet.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> LineFlip {
        assert_eq!(cells.len(), rows * cols, "one cell per square");
        LineFlip {
            rows,
            cols,
            cells,
            used: vec![false; rows + cols],
        }
    }

    /// Marks lines as flipped already (their coins as given are after the flip).
    pub fn with_used(mut self, lines: &[Line]) -> LineFlip {
        for &line in lines {
            let i = self.index(line);
            self.used[i] = true;
        }
        self
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    fn index(&self, line: Line) -> usize {
        match line {
            Line::Row(r) => r,
            Line::Col(c) => self.rows + c,
        }
    }

    fn line(&self, index: usize) -> Line {
        if index < self.rows {
            Line::Row(index)
        } else {
            Line::Col(index - self.rows)
        }
    }

    /// The board after flipping `line` (which becomes used).
    pub fn flipped(&self, line: Line) -> LineFlip {
        let mut next = self.clone();
        let flip = |c: &mut u8| {
            *c = match *c {
                b'o' => b'x',
                b'x' => b'o',
                other => other,
            }
        };
        match line {
            Line::Row(r) => next.cells[r * self.cols..(r + 1) * self.cols]
                .iter_mut()
                .for_each(flip),
            Line::Col(c) => (0..self.rows).for_each(|r| flip(&mut next.cells[r * self.cols + c])),
        }
        let i = self.index(line);
        next.used[i] = true;
        next
    }

    /// The value of the board and of the board after each legal move (see [`LineFlip`]).
    pub fn analyse(&self) -> FlipAnalysis {
        let lines = self.rows + self.cols;
        let fixed = lines;
        let mut uf = ParityUnionFind::new(lines + 1);
        let mut consistent = true;
        for (i, &used) in self.used.iter().enumerate() {
            if used {
                uf.tie(i, fixed, 0);
            }
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                let parity = match self.cells[r * self.cols + c] {
                    b'o' => 0,
                    b'x' => 1,
                    _ => continue,
                };
                consistent &= uf.tie(r, self.rows + c, parity);
            }
        }
        let unused: Vec<usize> = (0..lines).filter(|&i| !self.used[i]).collect();
        if !consistent {
            let g = Nimber(unused.len() as u64 % 2);
            let after = Nimber((unused.len() as u64 + 1) % 2);
            return FlipAnalysis {
                grundy: g,
                moves: unused.iter().map(|&i| (self.line(i), after)).collect(),
            };
        }
        // per root: how many unused lines have parity 0 and 1 relative to it
        let (fixed_root, fixed_parity) = uf.find(fixed);
        let mut count = vec![[0u64; 2]; lines + 1];
        let mut place = Vec::with_capacity(unused.len());
        for &i in &unused {
            let (root, parity) = uf.find(i);
            count[root][parity as usize] += 1;
            place.push((root, parity));
        }
        let free_value = |c: [u64; 2]| -> u64 {
            let options: Vec<u64> = c.iter().filter(|&&n| n > 0).map(|&n| (n - 1) % 2).collect();
            (0..).find(|v| !options.contains(v)).expect("a mex exists")
        };
        let mut grundy = 0u64;
        let mut value_of_root = vec![0u64; lines + 1];
        for root in 0..=lines {
            if count[root] == [0, 0] && root != fixed_root {
                continue;
            }
            value_of_root[root] = if root == fixed_root {
                // lines whose flip is 1 relative to "fixed" must still be flipped
                count[root][(1 ^ fixed_parity) as usize] % 2
            } else {
                free_value(count[root])
            };
            grundy ^= value_of_root[root];
        }
        let mut moves = Vec::new();
        for (&i, &(root, parity)) in unused.iter().zip(&place) {
            let after_component = if root == fixed_root {
                if parity != 1 ^ fixed_parity {
                    continue; // flipping it would make all-heads impossible
                }
                (count[root][parity as usize] - 1) % 2
            } else {
                (count[root][parity as usize] - 1) % 2
            };
            let after = grundy ^ value_of_root[root] ^ after_component;
            moves.push((self.line(i), Nimber(after)));
        }
        FlipAnalysis {
            grundy: Nimber(grundy),
            moves,
        }
    }
}

impl ImpartialGame for LineFlip {
    fn options(&self) -> Vec<Vec<Self>> {
        self.analyse()
            .moves
            .into_iter()
            .map(|(line, _)| vec![self.flipped(line)])
            .collect()
    }

    fn option_count(&self) -> Option<u128> {
        Some(self.analyse().moves.len() as u128)
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        Some(Ok(self.analyse().grundy))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        Some(Ok(self
            .analyse()
            .moves
            .into_iter()
            .filter(|&(_, after)| after == target)
            .map(|(line, _)| vec![self.flipped(line)])
            .collect()))
    }
}

/// Written as `flip ROWS [USED]`: rows joined by `/`, then the flipped lines as `r1,c2`
/// (1-based) if any.
impl fmt::Display for LineFlip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("flip ")?;
        for r in 0..self.rows {
            if r > 0 {
                f.write_str("/")?;
            }
            let row = &self.cells[r * self.cols..(r + 1) * self.cols];
            f.write_str(std::str::from_utf8(row).expect("ascii cells"))?;
        }
        let used: Vec<String> = (0..self.used.len())
            .filter(|&i| self.used[i])
            .map(|i| match self.line(i) {
                Line::Row(r) => format!("r{}", r + 1),
                Line::Col(c) => format!("c{}", c + 1),
            })
            .collect();
        if !used.is_empty() {
            write!(f, " {}", used.join(","))?;
        }
        Ok(())
    }
}

/// Reads a list of lines like `r1,c2` (1-based) for a board of `rows x cols`.
pub fn parse_lines(text: &str, rows: usize, cols: usize) -> std::result::Result<Vec<Line>, String> {
    text.split(',')
        .map(|item| {
            // the first character, however many bytes it takes
            let first = item.chars().next().map_or(0, char::len_utf8);
            let (kind, number) = item.split_at(first);
            let n: usize = number.parse().map_err(|_| {
                format!(
                    "'{}' is not a line: write r1, c2, ... (1-based)",
                    crate::error::excerpt(item)
                )
            })?;
            match kind {
                "r" if (1..=rows).contains(&n) => Ok(Line::Row(n - 1)),
                "c" if (1..=cols).contains(&n) => Ok(Line::Col(n - 1)),
                "r" | "c" => Err(format!(
                    "line '{}' is off the {rows} x {cols} board",
                    crate::error::excerpt(item)
                )),
                _ => Err(format!(
                    "'{item}' is not a line: write r1, c2, ... (1-based)"
                )),
            }
        })
        .collect()
}

/// `flip BOARD [USED]`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "flip",
    usage: "flip BOARD [USED]",
    summary: "line-flip coins: rows of o/x/. joined by /, flipped lines like r1,c2",
    misere: Misere::Played,
    examples: &["flip ox/x.", "flip xo/o. r1,c2"],
    read: |name, args, _| {
        count(
            name,
            args,
            1,
            2,
            "BOARD [USED]: rows of o, x, . joined by /, then flipped lines like r1,c2",
        )?;
        let board = LineFlip::parse(args[0].text)
            .map_err(|m| error(args[0].column, format!("flip: {m}")))?;
        let used = match args.get(1) {
            Some(w) => parse_lines(w.text, board.rows(), board.cols())
                .map_err(|m| error(w.column, format!("flip: {m}")))?,
            None => vec![],
        };
        Ok(board.with_used(&used).into())
    },
};
