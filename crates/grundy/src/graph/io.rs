//! Reading graphs and boards: the formats of `grundy geography`.
//!
//! Graph: optional `#` comment lines, then `n m`, then m lines `u v` (1-based, `u != v`;
//! repeated edges count once). Board: `R C`, then R lines of C characters, `.` free and `#`
//! blocked; the token moves between 4-neighbouring free cells.
//!
//! ```
//! use grundy::graph::io::{read_board, read_graph};
//! let g = read_graph(b"3 2\n1 2\n2 3\n").unwrap();
//! assert_eq!(g.edge_count(), 2);
//! let board = read_board(b"2 2\n.#\n..\n").unwrap();
//! assert_eq!(board.cells.len(), 3); // the free cells
//! assert!(read_graph(b"3 1\n1 9\n").unwrap_err().to_string().starts_with("line 2"));
//! ```

use crate::error::{GrundyError, Result};
use crate::graph::csr::{Graph, NONE};
use crate::input::Tokens;
use rayon::prelude::*;

/// Reads a graph. Every error names its line. O(input size + m log d), no allocation per line;
/// a plain input (one edge per line) is parsed and built on every core.
///
/// ```
/// let g = grundy::graph::io::read_graph(b"# a triangle\n3 3\n1 2\n2 3\n3 1\n").unwrap();
/// assert_eq!((g.vertex_count(), g.edge_count()), (3, 3));
/// assert!(grundy::graph::io::read_graph(b"2 1\n1 1\n").unwrap_err().to_string().starts_with("line 2"));
/// ```
pub fn read_graph(input: &[u8]) -> Result<Graph> {
    let mut t = Tokens::new(input);
    t.skip_comments();
    let n = t.u64_in("the number of vertices n", 0, NONE as u64 - 1)?;
    let m = t.u64("the number of edges m")?;
    match plain_edges(t.rest(), n as u32, m) {
        Some(chunks) => Ok(Graph::from_checked_chunks(n as usize, chunks)),
        None => read_graph_carefully(input),
    }
}

/// [`read_graph`] token by token: what the plain path refuses (several edges on a line, a
/// comment among the edges...), and every error with its line.
fn read_graph_carefully(input: &[u8]) -> Result<Graph> {
    let mut t = Tokens::new(input);
    t.skip_comments();
    let n = t.u64_in("the number of vertices n", 0, NONE as u64 - 1)?;
    let m = t.u64("the number of edges m")?;
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m.min(1 << 28) as usize);
    for i in 0..m {
        t.expect_item(i, m, "edges")?;
        let u = t.u64("a vertex u")?;
        let v = t.u64("a vertex v")?;
        for x in [u, v] {
            if x == 0 || x > n {
                return Err(t.error(format!("vertex {x} is out of range 1..={n}")));
            }
        }
        if u == v {
            return Err(t.error(format!("a self-loop at vertex {u}")));
        }
        edges.push((u as u32 - 1, v as u32 - 1));
    }
    t.expect_end(m, "edges")?;
    Graph::from_edges(n as usize, &edges)
}

/// The edges after the header when the rest of the input is plain (one edge `u v` per line,
/// blank lines allowed, every vertex in `1..=n`, no self-loop, exactly `m` edges), parsed on
/// every core; `None` for anything else, which the careful path then reads (and words the
/// error of).
fn plain_edges(rest: &[u8], n: u32, m: u64) -> Option<Vec<Vec<(u32, u32)>>> {
    // the end of the header line
    let gap = rest
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .unwrap_or(rest.len());
    let body = match rest.get(gap) {
        None => &rest[rest.len()..],
        Some(b'\n') => &rest[gap + 1..],
        Some(_) => return None,
    };
    let runs = crate::input::split_lines(body, rayon::current_num_threads());
    let chunks: Option<Vec<Vec<(u32, u32)>>> = runs
        .par_iter()
        .map(|run| {
            let share = (m as u128 * run.len() as u128 / body.len().max(1) as u128) as usize;
            let mut edges = Vec::with_capacity(share.min(run.len() / 4) + 16);
            let mut at = 0;
            while at < run.len() {
                if run[at] == b'\n' {
                    at += 1;
                    continue;
                }
                let (u, v, next) = crate::input::pair_line(run, at)?;
                if u == v || u.wrapping_sub(1) >= n || v.wrapping_sub(1) >= n {
                    return None;
                }
                edges.push((u - 1, v - 1));
                at = next;
            }
            Some(edges)
        })
        .collect();
    let chunks = chunks?;
    (chunks.iter().map(|c| c.len() as u64).sum::<u64>() == m).then_some(chunks)
}

/// A board of free and blocked cells, with its cell graph.
#[derive(Clone, Debug)]
pub struct Board {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// For each vertex of [`Board::graph`], its cell `(row, col)`, 0-based, in row-major order.
    pub cells: Vec<(u32, u32)>,
    /// The graph of free cells, 4-neighbours adjacent (vertices in row-major order).
    pub graph: Graph,
    vertex_of: Vec<u32>,
}

impl Board {
    /// A board from `rows x cols` cells (`true` = free), row-major. O(R C), rows on every
    /// core (each pass numbers or links its own rows, at places known from the counts of the
    /// rows before it).
    pub fn from_cells(rows: usize, cols: usize, free: &[bool]) -> Result<Board> {
        assert_eq!(free.len(), rows * cols, "one flag per cell");
        let row_free: Vec<usize> = (0..rows)
            .into_par_iter()
            .map(|r| {
                free[r * cols..(r + 1) * cols]
                    .iter()
                    .filter(|&&f| f)
                    .count()
            })
            .collect();
        let count: usize = row_free.iter().sum();
        if count >= NONE as usize {
            return Err(GrundyError::Unsupported("too many free cells".into()));
        }
        let row_start = prefix_sums(&row_free);
        // vertices in row-major order, and their cells
        // (allocated zeroed, so that its pages are first touched by the threads that fill it)
        let mut vertex_of = vec![0u32; rows * cols];
        let mut cells = vec![(0u32, 0u32); count];
        vertex_of
            .par_chunks_mut(cols.max(1))
            .zip(split_by(&mut cells, &row_free))
            .enumerate()
            .for_each(|(r, (row, cells))| {
                let mut next = 0;
                for (c, slot) in row.iter_mut().enumerate() {
                    if free[r * cols + c] {
                        *slot = (row_start[r] + next) as u32;
                        cells[next] = (r as u32, c as u32);
                        next += 1;
                    } else {
                        *slot = NONE;
                    }
                }
            });
        // degrees, then the lists: neighbours in increasing vertex order (up, left, right,
        // down)
        let degree = |v: usize| {
            let (r, c) = (cells[v].0 as usize, cells[v].1 as usize);
            let up = r > 0 && free[(r - 1) * cols + c];
            let left = c > 0 && free[r * cols + c - 1];
            let right = c + 1 < cols && free[r * cols + c + 1];
            let down = r + 1 < rows && free[(r + 1) * cols + c];
            usize::from(up) + usize::from(left) + usize::from(right) + usize::from(down)
        };
        let row_ends: Vec<usize> = (0..rows)
            .into_par_iter()
            .map(|r| (row_start[r]..row_start[r] + row_free[r]).map(degree).sum())
            .collect();
        let end_start = prefix_sums(&row_ends);
        let mut offsets = vec![0usize; count + 1];
        let mut targets = vec![0u32; end_start[rows]];
        split_by(&mut offsets[..count], &row_free)
            .into_par_iter()
            .zip(split_by(&mut targets, &row_ends))
            .enumerate()
            .for_each(|(r, (offsets, targets))| {
                let mut w = 0;
                for (i, offset) in offsets.iter_mut().enumerate() {
                    *offset = end_start[r] + w;
                    let (rr, c) = cells[row_start[r] + i];
                    let (rr, c) = (rr as usize, c as usize);
                    let mut push = |cell: usize| {
                        let x = vertex_of[cell];
                        if x != NONE {
                            targets[w] = x;
                            w += 1;
                        }
                    };
                    if rr > 0 {
                        push((rr - 1) * cols + c);
                    }
                    if c > 0 {
                        push(rr * cols + c - 1);
                    }
                    if c + 1 < cols {
                        push(rr * cols + c + 1);
                    }
                    if rr + 1 < rows {
                        push((rr + 1) * cols + c);
                    }
                }
            });
        offsets[count] = end_start[rows];
        Ok(Board {
            rows,
            cols,
            cells,
            graph: Graph::from_csr(offsets, targets),
            vertex_of,
        })
    }

    /// The vertex of the free cell `(row, col)` (0-based), if it is free.
    pub fn vertex(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols)
            .then(|| self.vertex_of[row * self.cols + col])
            .filter(|&v| v != NONE)
            .map(|v| v as usize)
    }
}

/// The sums of `counts` before each index, and the total last (`counts.len() + 1` values).
fn prefix_sums(counts: &[usize]) -> Vec<usize> {
    let mut sums = Vec::with_capacity(counts.len() + 1);
    let mut total = 0;
    sums.push(0);
    for &c in counts {
        total += c;
        sums.push(total);
    }
    sums
}

/// `items` cut into consecutive pieces of the given lengths (which sum to its length).
fn split_by<'a, T>(mut items: &'a mut [T], lengths: &[usize]) -> Vec<&'a mut [T]> {
    let mut pieces = Vec::with_capacity(lengths.len());
    for &len in lengths {
        let (piece, rest) = std::mem::take(&mut items).split_at_mut(len);
        pieces.push(piece);
        items = rest;
    }
    pieces
}

/// Reads a board (`R C`, then R rows of C characters `.` or `#`). Every error names its line.
///
/// ```
/// let b = grundy::graph::io::read_board(b"2 2\n#.\n..\n").unwrap();
/// assert_eq!(b.graph.vertex_count(), 3);
/// assert_eq!(b.graph.edge_count(), 2);
/// ```
pub fn read_board(input: &[u8]) -> Result<Board> {
    let mut t = Tokens::new(input);
    let rows = t.u64_in("the number of rows R", 1, 1 << 16)? as usize;
    let cols = t.u64_in("the number of columns C", 1, 1 << 16)? as usize;
    let mut free = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        let row = t.expect_word(&format!("row {} of the board", r + 1))?;
        if row.len() != cols {
            return Err(t.error(format!(
                "row {} has {} cells, expected {cols}",
                r + 1,
                row.len()
            )));
        }
        if let Some(&b) = row.iter().find(|&&b| b != b'.' && b != b'#') {
            return Err(t.error(format!(
                "'{}' is not a cell: use . (free) or # (blocked)",
                crate::error::excerpt_bytes(&[b])
            )));
        }
        free.extend(row.iter().map(|&b| b == b'.'));
    }
    t.expect_end(rows as u64, "rows")?;
    Board::from_cells(rows, cols, &free)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain path and the careful one agree on every input: the same graph, or the same
    /// error (the plain path hands every input it refuses to the careful one).
    #[test]
    fn plain_and_careful_paths_agree() {
        let pieces: [&str; 16] = [
            "1 2\n",
            "2 3\n",
            "3 1\n",
            "4 4\n",
            "1 5\n",
            "\n",
            " ",
            "\t",
            "\r\n",
            "# c\n",
            "x",
            "0",
            "2",
            "07 3\n",
            "1 2 3 1\n",
            "99999999999 1\n",
        ];
        let mut rng = crate::testing::Xorshift(0x853c_49e6_748f_ea9bu64);
        let mut next = |k: u64| rng.below(k);
        let mut graphs = 0;
        for _ in 0..20_000 {
            let m = next(4);
            let end = ["\n", " \n", "", "\r\n"][next(4) as usize];
            let mut text = format!("{} {m}{end}", 3 + next(2));
            for _ in 0..m + next(2) {
                // mostly edges of the first three pieces
                let k = if next(3) == 0 { pieces.len() } else { 3 };
                text.push_str(pieces[next(k as u64) as usize]);
            }
            let plain = read_graph(text.as_bytes()).map_err(|e| e.to_string());
            let careful = read_graph_carefully(text.as_bytes()).map_err(|e| e.to_string());
            assert_eq!(plain, careful, "{text:?}");
            graphs += usize::from(plain.is_ok());
        }
        assert!(graphs > 2_000, "{graphs} of the inputs were graphs");
        // a big plain input, split across threads
        let n = 40_000u32;
        let mut text = format!("{n} {n}\n");
        for u in 1..=n {
            text.push_str(&format!("{u} {}\n", u % n + 1));
        }
        let g = read_graph(text.as_bytes()).unwrap();
        assert_eq!(g, read_graph_carefully(text.as_bytes()).unwrap());
        assert_eq!(g.neighbors(0), &[1, n - 1]);
    }

    /// The cell graph of a board against its definition: free cells, 4-neighbours joined.
    #[test]
    fn boards_link_the_free_neighbours() {
        let mut rng = crate::testing::Xorshift(0x1234_5678_9abc_def1u64);
        let mut next = |k: u64| rng.below(k);
        for (rows, cols) in [(0, 0), (0, 3), (3, 0)] {
            let board = Board::from_cells(rows, cols, &[]).unwrap();
            assert_eq!((board.cells.len(), board.graph.vertex_count()), (0, 0));
        }
        for _ in 0..300 {
            let (rows, cols) = (1 + next(12) as usize, 1 + next(12) as usize);
            let free: Vec<bool> = (0..rows * cols).map(|_| next(4) != 0).collect();
            let board = Board::from_cells(rows, cols, &free).unwrap();
            let cells: Vec<(u32, u32)> = (0..rows * cols)
                .filter(|&i| free[i])
                .map(|i| ((i / cols) as u32, (i % cols) as u32))
                .collect();
            assert_eq!(board.cells, cells);
            let index = |r: usize, c: usize| cells.iter().position(|&x| x == (r as u32, c as u32));
            let mut edges = Vec::new();
            for &(r, c) in &cells {
                let (r, c) = (r as usize, c as usize);
                let v = index(r, c).unwrap() as u32;
                if let Some(w) = (c + 1 < cols).then(|| index(r, c + 1)).flatten() {
                    edges.push((v, w as u32));
                }
                if let Some(w) = (r + 1 < rows).then(|| index(r + 1, c)).flatten() {
                    edges.push((v, w as u32));
                }
            }
            assert_eq!(board.graph, Graph::from_edges(cells.len(), &edges).unwrap());
            for (v, &(r, c)) in cells.iter().enumerate() {
                assert_eq!(board.vertex(r as usize, c as usize), Some(v));
            }
        }
    }
}
