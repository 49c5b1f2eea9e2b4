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
//! assert_eq!(board.free_count(), 3);
//! assert!(read_graph(b"3 1\n1 9\n").unwrap_err().to_string().starts_with("line 2"));
//! ```

use crate::error::Result;
use crate::graph::csr::{Graph, NONE};
use crate::graph::grid::Grid;
use crate::input::Tokens;
use crate::memory::Buffer;
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
    // reserved by what the input can back (an edge line has at least 4 bytes), never by the
    // header's word alone
    let backed = (input.len() / 4) as u64;
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(m.min(backed).min(1 << 28) as usize);
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
fn plain_edges(rest: &[u8], n: u32, m: u64) -> Option<Vec<Buffer<[u32; 2]>>> {
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
    let chunks: Option<Vec<Buffer<[u32; 2]>>> = runs
        .par_iter()
        .map(|run| {
            // room for every edge the run can hold (an edge line has at least 4 bytes, "u v"
            // and its newline, the last maybe without), and no more than the m announced;
            // the pages of a mapping past the edges written are never touched
            let room = (run.len().div_ceil(4) as u64).min(m) as usize;
            let mut edges = Buffer::<[u32; 2]>::zeroed(room);
            let (mut at, mut count) = (0, 0);
            while at < run.len() {
                if run[at] == b'\n' {
                    at += 1;
                    continue;
                }
                let (u, v, next) = crate::input::pair_line(run, at)?;
                if u == v || u.wrapping_sub(1) >= n || v.wrapping_sub(1) >= n || count == room {
                    return None;
                }
                edges[count] = [u - 1, v - 1];
                count += 1;
                at = next;
            }
            edges.truncate(count);
            Some(edges)
        })
        .collect();
    let chunks = chunks?;
    (chunks.iter().map(|c| c.len() as u64).sum::<u64>() == m).then_some(chunks)
}

/// Reads a board (`R C`, then R rows of C characters `.` or `#`) into a [`Grid`]: one bit per
/// cell. Every error names its line. A plain board (each row on its own line, nothing else
/// but trailing blanks) is read 8 cells at a time on every core; anything else, and every
/// error, row by row.
///
/// ```
/// use grundy::graph::Adjacency;
/// let b = grundy::graph::io::read_board(b"2 2\n#.\n..\n").unwrap();
/// assert_eq!((b.free_count(), b.edge_count()), (3, 2));
/// assert!(b.vertex(0, 0).is_none());
/// assert_eq!(b.neighbors(b.vertex(1, 1).unwrap()).len(), 2);
/// ```
pub fn read_board(input: &[u8]) -> Result<Grid> {
    let mut t = Tokens::new(input);
    let rows = t.u64_in("the number of rows R", 1, 1 << 16)? as usize;
    let cols = t.u64_in("the number of columns C", 1, 1 << 16)? as usize;
    let mut grid = Grid::blocked(rows, cols).ok_or_else(|| {
        t.error(format!(
            "a board of {rows} x {cols} cells: at most 2^32 - 2 cells (with a column of \
             padding) are supported"
        ))
    })?;
    if let Some(body) = after_header_line(t.rest()) {
        if plain_rows(&mut grid, body) {
            return Ok(grid);
        }
    }
    let width = grid.width();
    rows_carefully(&mut t, rows, cols, |r, c| grid.set(r * width + c, true))?;
    Ok(grid)
}

/// The rows of a board token by token (any blanks between them), calling `free(r, c)` for each
/// free cell, then the end of the input. Every error names its line.
fn rows_carefully(
    t: &mut Tokens,
    rows: usize,
    cols: usize,
    mut free: impl FnMut(usize, usize),
) -> Result<()> {
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
        for (c, &b) in row.iter().enumerate() {
            if b == b'.' {
                free(r, c);
            }
        }
    }
    t.expect_end(rows as u64, "rows")
}

/// What follows the end of the header line (blanks allowed before its newline), or `None`
/// when something else follows the header on its line.
fn after_header_line(rest: &[u8]) -> Option<&[u8]> {
    let gap = rest
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .unwrap_or(rest.len());
    match rest.get(gap) {
        None => Some(&rest[rest.len()..]),
        Some(b'\n') => Some(&rest[gap + 1..]),
        Some(_) => None,
    }
}

/// Fills `grid` from a plain body: R rows of exactly C cells, each row ended by a newline (the
/// last one's may be missing), then only blanks. Rows are packed on every core, each task into
/// words of its own that are then or-ed into the grid. False (the grid unchanged) for
/// anything else, which the careful path reads.
fn plain_rows(grid: &mut Grid, body: &[u8]) -> bool {
    let (rows, cols, width) = (grid.rows(), grid.cols(), grid.width());
    let line = cols + 1;
    let rows_end = rows * line - 1;
    if body.len() < rows_end || !body[rows_end..].iter().all(u8::is_ascii_whitespace) {
        return false;
    }
    let tasks = ((rows * cols) >> 18)
        .clamp(1, 4 * rayon::current_num_threads())
        .min(rows);
    let parts: Option<Vec<(usize, Vec<u64>)>> = (0..tasks)
        .into_par_iter()
        .map(|k| {
            let (a, b) = (k * rows / tasks, (k + 1) * rows / tasks);
            let (first_word, skip) = (a * width / 64, a * width % 64);
            let mut words = vec![0u64; ((b - a) * width + skip) / 64 + 2];
            for r in a..b {
                let at = r * line;
                if r + 1 < rows && body[at + cols] != b'\n' {
                    return None;
                }
                pack_row(&body[at..at + cols], &mut words, skip + (r - a) * width)?;
            }
            Some((first_word, words))
        })
        .collect();
    let Some(parts) = parts else { return false };
    let dst = grid.words_mut();
    for (first, words) in parts {
        for (i, &w) in words.iter().enumerate() {
            if w != 0 {
                dst[first + i] |= w;
            }
        }
    }
    true
}

/// Sets bit `at + c` of `words` for each free cell `c` of `row`, 8 cells at a time (each
/// byte compared with `.` and `#` within one u64); `None` at a byte that is neither.
fn pack_row(row: &[u8], words: &mut [u64], at: usize) -> Option<()> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // 0x80 in each byte of t that is zero, exactly (no borrow between bytes)
    let zero_bytes = |t: u64| !(((t & !HIGH).wrapping_add(!HIGH)) | t) & HIGH;
    let mut put = |bit: usize, bits: u64| {
        words[bit / 64] |= bits << (bit % 64);
        if bit % 64 > 56 {
            words[bit / 64 + 1] |= bits >> (64 - bit % 64);
        }
    };
    let mut chunks = row.chunks_exact(8);
    let mut bit = at;
    for chunk in &mut chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        let dots = zero_bytes(x ^ (ONES * b'.' as u64));
        let hashes = zero_bytes(x ^ (ONES * b'#' as u64));
        if dots | hashes != HIGH {
            return None;
        }
        // the high bit of byte k to bit k
        put(bit, (dots >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56);
        bit += 8;
    }
    for &b in chunks.remainder() {
        match b {
            b'.' => put(bit, 1),
            b'#' => {}
            _ => return None,
        }
        bit += 1;
    }
    Some(())
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

    /// Boards read by the plain path and by the careful one (row by row) agree: the same grid
    /// or the same error; and the grid is the board's cells.
    #[test]
    fn plain_and_careful_boards_agree() {
        let mut rng = crate::testing::Xorshift(0x1234_5678_9abc_def1u64);
        let mut next = |k: u64| rng.below(k);
        let mut plain = 0;
        for round in 0..3000 {
            let (rows, cols) = if round % 20 == 0 {
                (1 + next(40) as usize, 1 + next(300) as usize)
            } else {
                (1 + next(6) as usize, 1 + next(20) as usize)
            };
            let free: Vec<bool> = (0..rows * cols).map(|_| next(4) != 0).collect();
            let mut text = format!("{rows} {cols}{}\n", [" ", "", "\t"][next(3) as usize]);
            for r in 0..rows {
                for c in 0..cols {
                    text.push(if free[r * cols + c] { '.' } else { '#' });
                }
                if r + 1 < rows || next(2) == 0 {
                    text.push('\n');
                }
            }
            // now and then a flaw: a stray byte, a short row, CRLF, a row more
            let mut bytes = text.into_bytes();
            let flaw = next(8);
            match flaw {
                0 => {
                    let at = next(bytes.len() as u64) as usize;
                    bytes[at] = [b'x', b' ', b'\n', b'.', b'#', b'\r'][next(6) as usize];
                }
                1 => {
                    let at = next(bytes.len() as u64) as usize;
                    bytes.remove(at);
                }
                2 => bytes.extend_from_slice(b"\r\n"),
                3 => bytes.extend_from_slice(b"..\n"),
                _ => {}
            }
            let fast = read_board(&bytes).map_err(|e| e.to_string());
            let careful = read_board_carefully(&bytes).map_err(|e| e.to_string());
            assert_eq!(fast, careful, "{:?}", String::from_utf8_lossy(&bytes));
            plain += usize::from(fast.is_ok());
            if flaw >= 4 || flaw == 2 {
                // no flaw, or one that leaves the board as it was
                assert_eq!(fast, Ok(Grid::from_cells(rows, cols, &free)));
            }
        }
        assert!(plain > 1500, "{plain} of the inputs were boards");
        // a big plain board, on every core, against the cells it was made of
        let (rows, cols) = (300, 1001);
        let free: Vec<bool> = (0..rows * cols).map(|_| next(5) != 0).collect();
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            text.extend((0..cols).map(|c| if free[r * cols + c] { '.' } else { '#' }));
            text.push('\n');
        }
        assert_eq!(
            read_board(text.as_bytes()).unwrap(),
            Grid::from_cells(rows, cols, &free)
        );
    }

    /// [`read_board`] without its plain path, the cells gathered as flags.
    fn read_board_carefully(input: &[u8]) -> Result<Grid> {
        let mut t = Tokens::new(input);
        let rows = t.u64_in("the number of rows R", 1, 1 << 16)? as usize;
        let cols = t.u64_in("the number of columns C", 1, 1 << 16)? as usize;
        let mut free = vec![false; rows * cols];
        rows_carefully(&mut t, rows, cols, |r, c| free[r * cols + c] = true)?;
        Ok(Grid::from_cells(rows, cols, &free))
    }
}
