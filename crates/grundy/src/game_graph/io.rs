//! Reading game graphs: the edge-list and JSON formats of `grundy graph`.
//!
//! Edge list: optional `#` comment lines, then `n m`, then m lines `u v`, a move from position
//! u to position v (1-based; a self-loop is a legal move; a repeated move counts once). Blank
//! lines and `#` lines may appear anywhere.
//!
//! JSON: `{"moves": {"a": ["b", "c"], "b": [], "c": ["a"]}}`: keys are positions, lists their
//! moves; a name that appears only inside lists is a position without moves. Positions are
//! numbered in order of first appearance.
//!
//! ```
//! use grundy::game_graph::io::read_json;
//! use grundy::game_graph::read_game_graph;
//! let g = read_game_graph(&b"3 2\n1 2\n2 3\n"[..]).unwrap();
//! assert_eq!((g.position_count(), g.move_count()), (3, 2));
//! let j = read_json(br#"{"moves": {"a": ["b"], "b": []}}"#).unwrap();
//! assert_eq!(j.name(0), "a");
//! ```

use crate::error::{GrundyError, Result};
use crate::game_graph::graph::{GameGraph, Names, MAX_POSITIONS};
use crate::memory::check_fits;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use std::collections::HashMap;
use std::io::Read;

/// Bytes read at a time from a stream of moves; each block is parsed on two threads.
const BLOCK: usize = 8 << 20;

/// Memory per position while a graph is built and solved (offsets, build scratch, the
/// retrograde and generalized Grundy arrays), and per move (as read, forward, reverse): what a
/// header is checked against before anything is allocated.
const BYTES_PER_POSITION: u64 = 45;
const BYTES_PER_MOVE: u64 = 16;

/// Reads a game graph from a stream, in either format: JSON when its first non-blank byte is
/// `{`, else an edge list. Every error names its line (and for JSON, the key at fault).
///
/// The edge list is read in blocks of 8 MiB, each parsed on every core, and never held whole
/// in memory: the peak is the moves themselves (8 bytes each) and one block.
///
/// ```
/// let g = grundy::game_graph::read_game_graph(&b"# a cycle\n2 2\n1 2\n2 1\n"[..]).unwrap();
/// assert_eq!((g.position_count(), g.move_count()), (2, 2));
/// let j = grundy::game_graph::read_game_graph(&br#"{"moves": {"a": ["b"], "b": ["c"]}}"#[..]).unwrap();
/// assert_eq!((j.position_count(), j.name(2)), (3, "c".to_string()));
/// let err = grundy::game_graph::read_game_graph(&b"2 1\n1 3\n"[..]).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: position 3 is out of range 1..=2");
/// ```
pub fn read_game_graph(input: impl Read) -> Result<GameGraph> {
    let mut chunks: Vec<Vec<(u32, u32)>> = Vec::new();
    let (n, names) = stream_game_graph(input, &mut |moves| chunks.push(moves))?;
    GameGraph::from_edge_chunks(n, chunks, names)
}

/// Reads a game graph from a stream without building it: returns the number of positions and
/// their names, and hands the moves to `sink` a block at a time (as read, repeats included),
/// so a caller keeps only the share it needs. Same formats and errors as [`read_game_graph`]
/// (the JSON format is parsed whole, its moves handed over in one block).
///
/// ```
/// let mut moves = Vec::new();
/// let (n, _) = grundy::game_graph::io::stream_game_graph(&b"3 2\n1 2\n2 3\n"[..], &mut |block| {
///     moves.extend(block)
/// })
/// .unwrap();
/// assert_eq!((n, moves), (3, vec![(0, 1), (1, 2)]));
/// ```
pub fn stream_game_graph(
    mut input: impl Read,
    sink: &mut dyn FnMut(Vec<(u32, u32)>),
) -> Result<(usize, Names)> {
    let mut buf: Vec<u8> = Vec::new();
    let mut eof = false;
    // enough to see the first non-blank byte
    while !eof && buf.iter().all(u8::is_ascii_whitespace) {
        eof = fill(&mut input, &mut buf, 1 << 16)?;
    }
    if buf.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        input.read_to_end(&mut buf).map_err(|e| read_error(0, &e))?;
        let moves = parse_json(&buf)?;
        let n = moves.names.len();
        sink(moves.edges);
        return Ok((n, Names::Named(moves.names)));
    }
    let n = EdgeListReader::new(input, buf, eof).read(sink)?;
    Ok((n, Names::Numbered))
}

/// Reads a game graph in the JSON format from bytes. Errors name the line and the key.
pub fn read_json(bytes: &[u8]) -> Result<GameGraph> {
    let moves = parse_json(bytes)?;
    let n = moves.names.len();
    GameGraph::from_edge_chunks(n, vec![moves.edges], Names::Named(moves.names))
}

fn parse_json(bytes: &[u8]) -> Result<JsonMoves> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let moves = de::Deserializer::deserialize_map(&mut de, TopVisitor).map_err(json_error)?;
    de.end().map_err(json_error)?;
    Ok(moves)
}

/// Appends up to `want` bytes; true at the end of the input.
fn fill(input: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> Result<bool> {
    let start = buf.len();
    let mut got = 0;
    buf.resize(start + want, 0);
    let eof = loop {
        match input.read(&mut buf[start + got..]) {
            Ok(0) => break true,
            Ok(k) => {
                got += k;
                if got == want {
                    break false;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(read_error(0, &e)),
        }
    };
    buf.truncate(start + got);
    Ok(eof)
}

fn read_error(line: usize, e: &std::io::Error) -> GrundyError {
    GrundyError::Input {
        line,
        message: format!("cannot read the input: {e}"),
    }
}

fn input_error(line: usize, message: impl Into<String>) -> GrundyError {
    GrundyError::Input {
        line,
        message: message.into(),
    }
}

/// The streaming edge-list reader: header, then blocks of whole lines.
struct EdgeListReader<R> {
    input: R,
    buf: Vec<u8>,
    eof: bool,
    /// lines consumed before `buf`
    line: usize,
}

/// The moves of one run of whole lines.
struct Parsed {
    moves: Vec<(u32, u32)>,
    /// newlines in the run
    lines: usize,
    /// 1-based line (within the run) of the last move line, 0 if none
    last_move_line: usize,
}

impl<R: Read> EdgeListReader<R> {
    fn new(input: R, buf: Vec<u8>, eof: bool) -> Self {
        EdgeListReader {
            input,
            buf,
            eof,
            line: 0,
        }
    }

    /// The next whole line of the header part (reading more as needed), without its newline;
    /// `None` at the end of the input.
    fn header_line(&mut self) -> Result<Option<Vec<u8>>> {
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let line = self.buf[..i].to_vec();
                self.buf.drain(..=i);
                self.line += 1;
                return Ok(Some(line));
            }
            if self.eof {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                self.line += 1;
                return Ok(Some(std::mem::take(&mut self.buf)));
            }
            self.eof = fill(&mut self.input, &mut self.buf, 1 << 16)?;
        }
    }

    /// Reads the header and every move, handing the moves to `sink` a block at a time; returns
    /// the number of positions.
    fn read(mut self, sink: &mut dyn FnMut(Vec<(u32, u32)>)) -> Result<usize> {
        let (n, m) = loop {
            let Some(text) = self.header_line()? else {
                return Err(input_error(
                    self.line.max(1),
                    "expected 'n m' (positions, moves), found the end of the input",
                ));
            };
            let mut words = text
                .split(|b| b.is_ascii_whitespace())
                .filter(|w| !w.is_empty());
            let Some(first) = words.next() else { continue };
            if first[0] == b'#' {
                continue;
            }
            let n = header_number(first, "the number of positions n", self.line)?;
            let Some(second) = words.next() else {
                return Err(input_error(
                    self.line,
                    "expected 'n m' (positions, moves), found only one number",
                ));
            };
            let m = header_number(second, "the number of moves m", self.line)?;
            if let Some(extra) = words.next() {
                return Err(input_error(
                    self.line,
                    format!("expected 'n m', found more: '{}'", shown(extra)),
                ));
            }
            for (what, x) in [("positions", n), ("moves", m)] {
                if x > MAX_POSITIONS {
                    return Err(input_error(
                        self.line,
                        format!("{x} {what}: at most {MAX_POSITIONS} fit a game graph"),
                    ));
                }
            }
            let need = (BYTES_PER_POSITION * n + BYTES_PER_MOVE * m) as u128;
            // past the memory budget: that error as it is (a front end names its setting)
            check_fits(&format!("a graph of {n} positions and {m} moves"), need).map_err(|e| {
                match e {
                    e @ GrundyError::MemoryLimit { .. } => e,
                    e => input_error(self.line, e.to_string()),
                }
            })?;
            break (n as u32, m);
        };
        let mut read: u64 = 0;
        let mut last_move_line = self.line;
        loop {
            if !self.eof {
                self.eof = fill(&mut self.input, &mut self.buf, BLOCK)?;
            }
            // whole lines only, unless the input has ended
            let cut = if self.eof {
                self.buf.len()
            } else {
                match self.buf.iter().rposition(|&b| b == b'\n') {
                    Some(i) => i + 1,
                    None => continue, // a line longer than a block: read on
                }
            };
            let parsed = parse_in_halves(&self.buf[..cut], n, self.line)?;
            let count = parsed.count as u64;
            if read + count > m {
                let line = line_of_move(&self.buf[..cut], n, (m - read) as usize + 1)
                    .map_or(self.line, |l| self.line + l);
                return Err(input_error(
                    line,
                    format!("more than the {m} moves announced"),
                ));
            }
            read += count;
            if parsed.last_move_line > 0 {
                last_move_line = self.line + parsed.last_move_line;
            }
            self.line += parsed.lines;
            for moves in parsed.moves {
                if !moves.is_empty() {
                    sink(moves);
                }
            }
            self.buf.drain(..cut);
            if self.eof && self.buf.is_empty() {
                break;
            }
        }
        if read < m {
            return Err(input_error(
                last_move_line.max(1),
                format!("the input ends after {read} of the {m} moves announced"),
            ));
        }
        Ok(n as usize)
    }
}

fn shown(word: &[u8]) -> String {
    crate::error::excerpt_bytes(word)
}

fn header_number(word: &[u8], what: &str, line: usize) -> Result<u64> {
    let bad = || input_error(line, format!("expected {what}, found '{}'", shown(word)));
    if !word.iter().all(u8::is_ascii_digit) {
        return Err(bad());
    }
    std::str::from_utf8(word)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| input_error(line, format!("{what} {} is too large", shown(word))))
}

/// Parses a run of whole lines on two threads (split at a newline near the middle); errors
/// name lines counted from `line_before + 1`.
fn parse_in_halves(bytes: &[u8], n: u32, line_before: usize) -> Result<Halves> {
    let shift = |e: GrundyError, by: usize| match e {
        GrundyError::Input { line, message } => GrundyError::Input {
            line: line + by,
            message,
        },
        other => other,
    };
    let (a, b) = match crate::input::split_lines(bytes, 2)[..] {
        [a, b] => (a, b),
        _ => (bytes, &bytes[bytes.len()..]),
    };
    let (ra, rb) = rayon::join(|| parse_lines(a, n), || parse_lines(b, n));
    let a = ra.map_err(|e| shift(e, line_before))?;
    let b = rb.map_err(|e| shift(e, line_before + a.lines))?;
    Ok(Halves {
        count: a.moves.len() + b.moves.len(),
        last_move_line: if b.last_move_line > 0 {
            a.lines + b.last_move_line
        } else {
            a.last_move_line
        },
        lines: a.lines + b.lines,
        moves: [a.moves, b.moves],
    })
}

/// The moves of a run parsed in two halves, kept apart (no copy to join them).
struct Halves {
    moves: [Vec<(u32, u32)>; 2],
    count: usize,
    lines: usize,
    last_move_line: usize,
}

/// The line (within `bytes`) of the `k`-th move line (1-based), if there are that many.
fn line_of_move(bytes: &[u8], n: u32, k: usize) -> Option<usize> {
    let mut seen = 0;
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if parse_line(line, n).ok().flatten().is_some() {
            seen += 1;
            if seen == k {
                return Some(i + 1);
            }
        }
    }
    None
}

/// Parses whole lines `u v` (blank and `#` lines skipped) in one pass over the bytes. Errors
/// name lines from 1; on an error the line is parsed again by [`parse_line`] for the message.
fn parse_lines(bytes: &[u8], n: u32) -> Result<Parsed> {
    let mut moves = Vec::with_capacity(bytes.len() / 12);
    let mut line = 0usize;
    let mut last_move_line = 0usize;
    let mut at = 0usize;
    let len = bytes.len();
    let bad = |line: usize, start: usize| {
        let end = bytes[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(len, |i| start + i);
        let message = parse_line(&bytes[start..end], n)
            .err()
            .unwrap_or_else(|| "expected a move 'u v'".into());
        input_error(line, message)
    };
    while at < len {
        let start = at;
        line += 1;
        // the plain shape first; anything else (and a position out of range) below
        if let Some((u, v, next)) = crate::input::pair_line(bytes, at) {
            if u.wrapping_sub(1) < n && v.wrapping_sub(1) < n {
                moves.push((u - 1, v - 1));
                last_move_line = line;
                at = next;
                continue;
            }
        }
        while at < len && matches!(bytes[at], b' ' | b'\t' | b'\r') {
            at += 1;
        }
        if at == len || bytes[at] == b'\n' {
            at += 1;
            continue;
        }
        if bytes[at] == b'#' {
            at = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(len, |i| at + i)
                + 1;
            continue;
        }
        let mut ends = [0u32; 2];
        for (k, end) in ends.iter_mut().enumerate() {
            let digits = at;
            let mut value: u64 = 0;
            while at < len && bytes[at].is_ascii_digit() {
                if value <= u32::MAX as u64 {
                    value = value * 10 + (bytes[at] - b'0') as u64; // below 2^36: no overflow
                }
                at += 1;
            }
            if at == digits || value == 0 || value > n as u64 {
                return Err(bad(line, start));
            }
            *end = value as u32 - 1;
            let spaces = at;
            while at < len && matches!(bytes[at], b' ' | b'\t' | b'\r') {
                at += 1;
            }
            let line_end = at == len || bytes[at] == b'\n';
            if (k == 0 && (at == spaces || line_end)) || (k == 1 && !line_end) {
                return Err(bad(line, start));
            }
        }
        at += 1; // the newline
        moves.push((ends[0], ends[1]));
        last_move_line = line;
    }
    // reserved for the shortest lines: give back the rest (a large block shrinks in place)
    moves.shrink_to_fit();
    Ok(Parsed {
        moves,
        // the last line, when not ended by a newline, is not a newline of the run
        lines: line - usize::from(len > 0 && bytes[len - 1] != b'\n'),
        last_move_line,
    })
}

/// One line: `Some((u - 1, v - 1))` for a move, `None` for a blank or comment line.
#[inline]
fn parse_line(line: &[u8], n: u32) -> std::result::Result<Option<(u32, u32)>, String> {
    let mut at = 0;
    let skip = |at: &mut usize| {
        while *at < line.len() && matches!(line[*at], b' ' | b'\t' | b'\r') {
            *at += 1;
        }
    };
    skip(&mut at);
    if at == line.len() || line[at] == b'#' {
        return Ok(None);
    }
    let mut ends = [0u32; 2];
    for (k, what) in ["a position u", "a position v"].into_iter().enumerate() {
        let start = at;
        let mut value: u64 = 0;
        while at < line.len() && line[at].is_ascii_digit() {
            value = value * 10 + (line[at] - b'0') as u64;
            if value > u32::MAX as u64 {
                value = u64::MAX; // saturate: reported as out of range below
                while at < line.len() && line[at].is_ascii_digit() {
                    at += 1;
                }
                break;
            }
            at += 1;
        }
        let word_end = line[at..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(line.len(), |i| at + i);
        if at == start || at != word_end {
            let found = if start == line.len() {
                "the end of the line".to_string()
            } else {
                format!("'{}'", shown(&line[start..word_end]))
            };
            return Err(format!(
                "expected {what} (a number in 1..={n}), found {found}"
            ));
        }
        if value == 0 || value > n as u64 {
            let shown_value = if value == u64::MAX {
                shown(&line[start..at])
            } else {
                value.to_string()
            };
            return Err(format!("position {shown_value} is out of range 1..={n}"));
        }
        ends[k] = value as u32 - 1;
        skip(&mut at);
    }
    if at != line.len() {
        return Err(format!(
            "expected a move 'u v', found more: '{}'",
            shown(&line[at..])
        ));
    }
    Ok(Some((ends[0], ends[1])))
}

/// Turns a serde_json error into an input error naming its line and column.
fn json_error(e: serde_json::Error) -> GrundyError {
    let text = shorten_quoted(&e.to_string());
    // serde_json appends " at line L column C"; the line goes in the error, the column stays
    let message = match text.rfind(" at line ") {
        Some(i) => format!("{} (column {})", &text[..i], e.column()),
        None => text,
    };
    GrundyError::Input {
        line: e.line().max(1),
        message: format!("JSON: {message}"),
    }
}

/// `text` with every double-quoted part longer than [`crate::error::EXCERPT_CHARS`] cut
/// short: serde's messages quote a whole string value (`invalid type: string "..."`), which
/// may be as long as the input.
fn shorten_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(512));
    let mut quoted: Option<usize> = None; // characters inside the current quotes
    let mut escaped = false;
    for c in text.chars() {
        match quoted {
            None => {
                out.push(c);
                if c == '"' {
                    quoted = Some(0);
                }
            }
            Some(n) => {
                let closing = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                if closing {
                    out.push(c);
                    quoted = None;
                } else {
                    if n < crate::error::EXCERPT_CHARS {
                        out.push(c);
                    } else if n == crate::error::EXCERPT_CHARS {
                        out.push('…');
                    }
                    quoted = Some(n + 1);
                }
            }
        }
    }
    out
}

/// Names and moves of a JSON game, positions numbered by first appearance.
#[derive(Default)]
struct JsonMoves {
    names: Vec<String>,
    index: HashMap<String, u32>,
    listed: Vec<bool>,
    edges: Vec<(u32, u32)>,
}

impl JsonMoves {
    fn id(&mut self, name: String) -> std::result::Result<u32, String> {
        if let Some(&i) = self.index.get(&name) {
            return Ok(i);
        }
        let i = self.names.len() as u64;
        if i >= MAX_POSITIONS {
            return Err(format!("more than {MAX_POSITIONS} positions"));
        }
        self.index.insert(name.clone(), i as u32);
        self.names.push(name);
        self.listed.push(false);
        Ok(i as u32)
    }
}

struct TopVisitor;

impl<'de> Visitor<'de> for TopVisitor {
    type Value = JsonMoves;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(r#"an object {"moves": {"position": ["option", ...], ...}}"#)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<JsonMoves, A::Error> {
        let mut moves: Option<JsonMoves> = None;
        while let Some(key) = map.next_key::<String>()? {
            if key != "moves" {
                return Err(de::Error::custom(format!(
                    "unknown key \"{}\" (the only key is \"moves\")",
                    crate::error::excerpt(&key)
                )));
            }
            if moves.is_some() {
                return Err(de::Error::custom("key \"moves\" appears twice"));
            }
            moves = Some(map.next_value_seed(MovesSeed)?);
        }
        moves.ok_or_else(|| de::Error::custom("missing key \"moves\""))
    }
}

struct MovesSeed;

impl<'de> DeserializeSeed<'de> for MovesSeed {
    type Value = JsonMoves;
    fn deserialize<D: de::Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<JsonMoves, D::Error> {
        d.deserialize_map(MovesVisitor)
    }
}

struct MovesVisitor;

impl<'de> Visitor<'de> for MovesVisitor {
    type Value = JsonMoves;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(r#""moves" to be an object {"position": ["option", ...], ...}"#)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<JsonMoves, A::Error> {
        let mut moves = JsonMoves::default();
        while let Some(key) = map.next_key::<String>()? {
            let shown_key = crate::error::excerpt(&key);
            let from = moves.id(key).map_err(de::Error::custom)?;
            if std::mem::replace(&mut moves.listed[from as usize], true) {
                return Err(de::Error::custom(format!(
                    "moves.\"{shown_key}\": the position is listed twice"
                )));
            }
            map.next_value_seed(OptionsSeed {
                moves: &mut moves,
                from,
            })
            .map_err(|e| de::Error::custom(format!("moves.\"{shown_key}\": {e}")))?;
        }
        Ok(moves)
    }
}

struct OptionsSeed<'a> {
    moves: &'a mut JsonMoves,
    from: u32,
}

impl<'de> DeserializeSeed<'de> for OptionsSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for OptionsSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of position names")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        while let Some(name) = seq.next_element::<String>()? {
            let to = self.moves.id(name).map_err(de::Error::custom)?;
            self.moves.edges.push((self.from, to));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        read_game_graph(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn edge_list_errors_name_the_line() {
        assert_eq!(
            err(""),
            "line 1: expected 'n m' (positions, moves), found the end of the input"
        );
        assert_eq!(
            err("# c\n2 x\n"),
            "line 2: expected the number of moves m, found 'x'"
        );
        assert_eq!(
            err("2\n"),
            "line 1: expected 'n m' (positions, moves), found only one number"
        );
        assert_eq!(
            err("2 1\n\n1 0\n"),
            "line 3: position 0 is out of range 1..=2"
        );
        assert_eq!(
            err("2 1\n1 2 3\n"),
            "line 2: expected a move 'u v', found more: '3'"
        );
        assert_eq!(
            err("2 1\n1\n"),
            "line 2: expected a position v (a number in 1..=2), found the end of the line"
        );
        assert_eq!(
            err("2 1\n1 -2\n"),
            "line 2: expected a position v (a number in 1..=2), found '-2'"
        );
        assert_eq!(
            err("2 1\n1 99999999999999\n"),
            "line 2: position 99999999999999 is out of range 1..=2"
        );
        assert_eq!(
            err("2 2\n1 2\n"),
            "line 2: the input ends after 1 of the 2 moves announced"
        );
        assert_eq!(
            err("2 1\n1 2\n# x\n2 1\n"),
            "line 4: more than the 1 moves announced"
        );
        assert_eq!(err("2 1 5\n"), "line 1: expected 'n m', found more: '5'");
        if crate::memory::machine_memory().is_some_and(|m| m < 45 * 4_000_000_000) {
            assert!(err("# huge\n4000000000 0\n").starts_with("line 2: a graph of 4000000000 positions and 0 moves needs about 168 GB, more than this machine's"));
        }
    }

    /// The one-pass parser accepts exactly the lines the line parser accepts, with the same
    /// moves, and its errors carry the line parser's message.
    #[test]
    fn fast_and_line_parsers_agree() {
        let pieces: [&[u8]; 14] = [
            b"1",
            b"2",
            b"3",
            b"0",
            b"007",
            b"000000000000002",
            b"99999999999",
            b" ",
            b"\t",
            b"\r",
            b"#",
            b"x",
            b"-",
            b"4294967297",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut line = Vec::new();
            for _ in 0..(state % 6) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                line.extend_from_slice(pieces[(state % pieces.len() as u64) as usize]);
            }
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            let mut text = line.clone();
            text.push(b'\n');
            // alone, and followed by plain lines (so that 8-byte loads reach past it)
            let padded = state % 2 == 1;
            if padded {
                text.extend_from_slice(b"3 3\n3 3\n");
            }
            let want = parse_line(&line, 3);
            match (parse_lines(&text, 3), want) {
                (Ok(p), Ok(m)) => {
                    let mut moves: Vec<(u32, u32)> = m.into_iter().collect();
                    if padded {
                        moves.extend([(2, 2), (2, 2)]);
                    }
                    assert_eq!(p.moves, moves, "{line:?}")
                }
                (Err(e), Err(message)) => {
                    assert_eq!(e.to_string(), format!("line 1: {message}"), "{line:?}")
                }
                (got, want) => panic!(
                    "{:?}: {:?} against {want:?}",
                    String::from_utf8_lossy(&line),
                    got.map(|p| p.moves)
                ),
            }
        }
    }

    #[test]
    fn edge_list_reads_comments_blanks_and_crlf() {
        let g = read_game_graph(&b"# game\r\n\r\n3 3\r\n1 2\r\n# mid\r\n2 3\r\n  3 3  \r\n"[..])
            .unwrap();
        assert_eq!(g.position_count(), 3);
        assert_eq!(g.options(0), &[1]);
        assert_eq!(g.options(2), &[2]);
        // no final newline
        let g = read_game_graph(&b"2 1\n2 1"[..]).unwrap();
        assert_eq!(g.options(1), &[0]);
    }

    #[test]
    fn json_errors_name_the_key() {
        assert!(err("{\"moves\": {\"a\": \"b\"}}").starts_with("line 1: JSON: moves.\"a\": invalid type: string \"b\", expected a list of position names"), "{}", err("{\"moves\": {\"a\": \"b\"}}"));
        assert!(err("{\"moves\": {\"a\": [1]}}").contains("moves.\"a\": invalid type: integer `1`"));
        assert!(err("{\"moves\": {\"a\": [], \"a\": []}}")
            .contains("moves.\"a\": the position is listed twice"));
        assert!(err("{\"move\": {}}").contains("unknown key \"move\""));
        assert!(err("{}").contains("missing key \"moves\""));
        assert!(err("{\"moves\": []}").contains("invalid type: sequence"));
        assert!(err("{\"moves\": {}} x").contains("trailing characters"));
        assert!(err("{\"moves\": {\n\"a\": [\"b\",\n").starts_with("line 3: JSON:"));
    }

    #[test]
    fn json_names_in_order_of_first_appearance() {
        let g = read_game_graph(&br#" {"moves": {"z": ["y", "x"], "x": ["z", "z"], "w": []}}"#[..])
            .unwrap();
        let names: Vec<String> = (0..4).map(|u| g.name(u)).collect();
        assert_eq!(names, ["z", "y", "x", "w"]);
        assert_eq!(g.options(2), &[0]);
        assert_eq!(g.move_count(), 3);
        assert_eq!(g.find("x"), Some(2));
        assert_eq!(g.find("v"), None);
    }

    #[test]
    fn blocks_and_halves_agree_with_one_pass() {
        // big enough for two halves and several blocks' worth of line counting
        let n = 50_000u32;
        let mut text = format!("# big\n{n} {}\n", 3 * n);
        for u in 1..=n {
            for k in 1..=3u32 {
                text.push_str(&format!("{u} {}\n", (u * k * 31) % n + 1));
            }
        }
        let g = read_game_graph(text.as_bytes()).unwrap();
        for u in 1..=n {
            let mut want: Vec<u32> = (1..=3u32).map(|k| (u * k * 31) % n).collect();
            want.sort_unstable();
            want.dedup();
            assert_eq!(g.options(u - 1), want.as_slice());
        }
        // an error deep in the second half names its true line
        let bad = text.replacen(
            &format!("{n} {}\n", (n * 31) % n + 1),
            &format!("{n} x\n"),
            1,
        );
        let line = 2 + 3 * (n as usize - 1) + 1;
        assert_eq!(
            read_game_graph(bad.as_bytes()).unwrap_err().to_string(),
            format!("line {line}: expected a position v (a number in 1..={n}), found 'x'")
        );
    }
}
