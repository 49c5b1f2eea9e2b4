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

/// Reads a graph. Every error names its line. O(input size + m log d), no allocation per line.
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
    /// A board from `rows x cols` cells (`true` = free), row-major. O(R C).
    pub fn from_cells(rows: usize, cols: usize, free: &[bool]) -> Result<Board> {
        let count = free.iter().filter(|&&f| f).count();
        if count >= NONE as usize {
            return Err(GrundyError::Unsupported("too many free cells".into()));
        }
        let mut vertex_of = vec![NONE; rows * cols];
        let mut cells = Vec::with_capacity(count);
        for r in 0..rows {
            for c in 0..cols {
                if free[r * cols + c] {
                    vertex_of[r * cols + c] = cells.len() as u32;
                    cells.push((r as u32, c as u32));
                }
            }
        }
        // neighbours in increasing vertex order: up, left, right, down
        let mut offsets = Vec::with_capacity(count + 1);
        let mut targets = Vec::with_capacity(count * 4);
        offsets.push(0);
        for &(r, c) in &cells {
            let (r, c) = (r as usize, c as usize);
            let mut add = |rr: usize, cc: usize| {
                let w = vertex_of[rr * cols + cc];
                if w != NONE {
                    targets.push(w);
                }
            };
            if r > 0 {
                add(r - 1, c);
            }
            if c > 0 {
                add(r, c - 1);
            }
            if c + 1 < cols {
                add(r, c + 1);
            }
            if r + 1 < rows {
                add(r + 1, c);
            }
            offsets.push(targets.len());
        }
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
        for &b in row {
            match b {
                b'.' => free.push(true),
                b'#' => free.push(false),
                _ => {
                    return Err(t.error(format!(
                        "'{}' is not a cell: use . (free) or # (blocked)",
                        crate::error::excerpt_bytes(&[b])
                    )))
                }
            }
        }
    }
    t.expect_end(rows as u64, "rows")?;
    Board::from_cells(rows, cols, &free)
}
