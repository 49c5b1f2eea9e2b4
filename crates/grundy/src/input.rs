//! Reading whitespace-separated numbers fast, with line numbers for errors: the shared reader
//! of grundy's file formats and of the contest examples' judge formats.
//!
//! ```
//! use grundy::input::Tokens;
//! let mut t = Tokens::new(b"3\n4 five\n");
//! assert_eq!(t.u64_in("n", 1, 10).unwrap(), 3);
//! assert_eq!(t.u64("a").unwrap(), 4);
//! assert_eq!(t.u64("b").unwrap_err().to_string(), "line 2: expected b, found 'five'");
//! ```

use crate::error::{GrundyError, Result};

/// A cursor over the bytes of an input, yielding whitespace-separated tokens. It never
/// allocates per token and counts lines as it goes, so that every error names its line.
///
/// ```
/// use grundy::input::Tokens;
/// let mut t = Tokens::new(b"2 3\n-4 x\n");
/// assert_eq!(t.u64("rows").unwrap(), 2);
/// assert_eq!(t.u64("columns").unwrap(), 3);
/// assert_eq!(t.i64("a value").unwrap(), -4);
/// assert_eq!(t.u64("a count").unwrap_err().to_string(), "line 2: expected a count, found 'x'");
/// ```
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    token_line: usize,
}

impl<'a> Tokens<'a> {
    /// A reader at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Tokens<'a> {
        Tokens {
            bytes,
            at: 0,
            line: 1,
            token_line: 1,
        }
    }

    /// The 1-based line of the next token (after skipping white space).
    pub fn line(&mut self) -> usize {
        self.skip_space();
        self.line
    }

    /// An error at the line of the last token read (the line a caller's check is about).
    pub fn error(&self, message: impl Into<String>) -> GrundyError {
        GrundyError::Input {
            line: self.token_line,
            message: message.into(),
        }
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'\n' => self.line += 1,
                b' ' | b'\t' | b'\r' => {}
                _ => break,
            }
            self.at += 1;
        }
    }

    /// Skips white space and lines starting with `#`.
    pub fn skip_comments(&mut self) {
        loop {
            self.skip_space();
            if self.bytes.get(self.at) != Some(&b'#') {
                return;
            }
            while let Some(&b) = self.bytes.get(self.at) {
                if b == b'\n' {
                    break;
                }
                self.at += 1;
            }
        }
    }

    /// The bytes not read yet (from just after the last token).
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }

    /// True if nothing but white space is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.at == self.bytes.len()
    }

    /// Before item `i` (0-based) of the `count` items announced (`what`: "edges"): an error
    /// at the line where the input ends early, if it does.
    pub fn expect_item(&mut self, i: u64, count: u64, what: &str) -> Result<()> {
        if !self.at_end() {
            return Ok(());
        }
        Err(GrundyError::Input {
            line: self.line(),
            message: format!("the input ends after {i} of the {count} {what} announced"),
        })
    }

    /// After the `count` items announced: an error at the line of anything more.
    pub fn expect_end(&mut self, count: u64, what: &str) -> Result<()> {
        if self.at_end() {
            return Ok(());
        }
        Err(GrundyError::Input {
            line: self.line(),
            message: format!("more than the {count} {what} announced"),
        })
    }

    /// The next token, or `None` at the end.
    pub fn word(&mut self) -> Option<&'a [u8]> {
        self.skip_space();
        self.token_line = self.line;
        let start = self.at;
        while let Some(&b) = self.bytes.get(self.at) {
            if b.is_ascii_whitespace() {
                break;
            }
            self.at += 1;
        }
        (self.at > start).then(|| &self.bytes[start..self.at])
    }

    /// The next token; `what` names it in the error at the end of the input.
    pub fn expect_word(&mut self, what: &str) -> Result<&'a [u8]> {
        match self.word() {
            Some(w) => Ok(w),
            None => Err(GrundyError::Input {
                line: self.line,
                message: format!("expected {what}, found the end of the input"),
            }),
        }
    }

    /// The next token as a non-negative decimal u64.
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        let word = self.expect_word(what)?;
        let mut value: u64 = 0;
        for &b in word {
            if !b.is_ascii_digit() {
                return Err(self.bad(what, word));
            }
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
                .ok_or_else(|| {
                    self.error(format!(
                        "{what} {} is too large",
                        String::from_utf8_lossy(word)
                    ))
                })?;
        }
        Ok(value)
    }

    /// The next token as a u64 within `lo..=hi`.
    pub fn u64_in(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64> {
        let v = self.u64(what)?;
        if v < lo || v > hi {
            return Err(self.error(format!("{what} must be in {lo}..={hi}, found {v}")));
        }
        Ok(v)
    }

    /// The next token as a decimal i64 (with an optional sign).
    pub fn i64(&mut self, what: &str) -> Result<i64> {
        let word = self.expect_word(what)?;
        let digits = match word.first() {
            Some(b'-' | b'+') => &word[1..],
            _ => word,
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(self.bad(what, word));
        }
        let text = std::str::from_utf8(word).expect("ascii");
        text.parse::<i64>()
            .map_err(|_| self.error(format!("{what} {text} does not fit in 64 bits")))
    }

    fn bad(&self, what: &str, word: &[u8]) -> GrundyError {
        self.error(format!(
            "expected {what}, found '{}'",
            crate::error::excerpt_bytes(word)
        ))
    }
}

/// Splits `bytes` into up to `parts` runs of whole lines of about equal size (each run but
/// the last ends with a newline), for parsing on several threads. Inputs under 64 KiB stay
/// whole.
///
/// ```
/// let text = vec![b"12 34\n".as_slice(); 50_000].concat();
/// let runs = grundy::input::split_lines(&text, 2);
/// assert_eq!(runs.len(), 2);
/// assert!(runs[0].ends_with(b"\n") && runs[0].len() % 6 == 0);
/// assert_eq!(runs.concat(), text);
/// ```
pub fn split_lines(bytes: &[u8], parts: usize) -> Vec<&[u8]> {
    let parts = if bytes.len() < 1 << 16 {
        1
    } else {
        parts.max(1)
    };
    let mut runs = Vec::with_capacity(parts);
    let mut rest = bytes;
    for k in 0..parts {
        let left = parts - k;
        if left == 1 || rest.is_empty() {
            break;
        }
        let aim = rest.len() / left;
        let Some(i) = rest[aim..].iter().position(|&b| b == b'\n') else {
            break;
        };
        let (run, after) = rest.split_at(aim + i + 1);
        runs.push(run);
        rest = after;
    }
    runs.push(rest);
    runs
}

/// Parses the line `u v` that starts at `bytes[at]` when it has the plain shape of an edge
/// list: two decimal numbers below 2^32 separated by spaces or tabs, optional spaces, tabs or
/// `\r` after them, then a newline (or the end of the input). Returns `(u, v, next)`, `next`
/// being the start of the following line; `None` for any other line (blank, comment, a sign,
/// a third word, a number of 2^32 or more), which a caller hands to its careful path, where
/// errors are worded. Values are not range-checked (0 included).
///
/// Numbers of up to 7 digits followed by one space or newline, with 8 bytes readable, are
/// parsed 8 bytes at a time (one load, a digit mask and three multiplications, the SWAR
/// method); other lines byte by byte. Both give the same answer on every line.
///
/// ```
/// use grundy::input::pair_line;
/// let text = b"12 345\n7\t8 \r\n# no\n9 10";
/// assert_eq!(pair_line(text, 0), Some((12, 345, 7)));
/// assert_eq!(pair_line(text, 7), Some((7, 8, 13)));
/// assert_eq!(pair_line(text, 13), None); // a comment
/// assert_eq!(pair_line(text, 18), Some((9, 10, 22))); // the last line, without a newline
/// ```
#[inline]
pub fn pair_line(bytes: &[u8], at: usize) -> Option<(u32, u32, usize)> {
    if let Some(found) = pair_line_swar(bytes, at) {
        return Some(found);
    }
    pair_line_bytes(bytes, at)
}

/// The common case of [`pair_line`]: `u` (1 to 7 digits), one space, `v` (1 to 7 digits), a
/// newline, with 8 bytes readable at each number.
#[inline]
fn pair_line_swar(bytes: &[u8], at: usize) -> Option<(u32, u32, usize)> {
    let (u, ulen) = swar_number(bytes.get(at..at + 8)?)?;
    let sep = at + ulen;
    if bytes[sep] != b' ' {
        return None;
    }
    let (v, vlen) = swar_number(bytes.get(sep + 1..sep + 9)?)?;
    let end = sep + 1 + vlen;
    (bytes[end] == b'\n').then_some((u, v, end + 1))
}

/// The number at the start of 8 bytes, and its digit count, when it has 1 to 7 digits.
#[inline]
fn swar_number(eight: &[u8]) -> Option<(u32, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let word = u64::from_le_bytes(eight.try_into().ok()?);
    // the digits become the bytes 0..=9; any other byte is 10 or more
    let d = word ^ (ONES * b'0' as u64);
    // high bit of each byte that is not a digit: set already (>= 0x80), or set by adding
    // 0x76 to the low 7 bits (no carry leaves a byte: 0x7f + 0x76 < 0x100)
    let not_digit = (((d & (ONES * 0x7f)).wrapping_add(ONES * 0x76)) | d) & (ONES * 0x80);
    let len = (not_digit.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // the digits moved to the top bytes (zeros, read as leading zero digits, below), first
    // digit lowest (little-endian); then pairs, quadruples and the eight combined
    let mut x = d << (8 * (8 - len));
    x = (x * 10 + (x >> 8)) & 0x00ff_00ff_00ff_00ff;
    x = (x * 100 + (x >> 16)) & 0x0000_ffff_0000_ffff;
    x = (x.wrapping_mul(10_000) + (x >> 32)) & 0xffff_ffff;
    Some((x as u32, len))
}

/// [`pair_line`] byte by byte.
fn pair_line_bytes(bytes: &[u8], mut at: usize) -> Option<(u32, u32, usize)> {
    let number = |at: &mut usize| -> Option<u32> {
        let start = *at;
        let mut value: u64 = 0;
        while let Some(&b) = bytes.get(*at) {
            if !b.is_ascii_digit() {
                break;
            }
            value = value * 10 + (b - b'0') as u64;
            if value > u32::MAX as u64 {
                return None;
            }
            *at += 1;
        }
        (*at > start).then_some(value as u32)
    };
    let u = number(&mut at)?;
    let gap = at;
    while matches!(bytes.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    if at == gap {
        return None;
    }
    let v = number(&mut at)?;
    while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\r')) {
        at += 1;
    }
    match bytes.get(at) {
        None => Some((u, v, at)),
        Some(b'\n') => Some((u, v, at + 1)),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `pair_line` must say about the first line of a text, from the definition with
    /// std's parser.
    fn by_definition(text: &[u8]) -> Option<(u32, u32, usize)> {
        let text = std::str::from_utf8(text).ok()?;
        let (body, next) = match text.find('\n') {
            Some(i) => (&text[..i], i + 1),
            None => (text, text.len()),
        };
        let body = body.trim_end_matches([' ', '\t', '\r']);
        let (u, v) = body.split_once([' ', '\t'])?;
        let v = v.trim_start_matches([' ', '\t']);
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(u) || !digits(v) {
            return None;
        }
        Some((u.parse().ok()?, v.parse().ok()?, next))
    }

    #[test]
    fn pair_line_agrees_with_the_definition_on_random_lines() {
        let alphabet = b"0123456789  \t\r\nx#+-";
        let mut rng = crate::testing::Xorshift(0x9e37_79b9_7f4a_7c15u64);
        let mut next = |k: u64| rng.below(k);
        for _ in 0..200_000 {
            // mostly plain lines, numbers of every length, sometimes a stray byte
            let mut line = Vec::new();
            for part in 0..2 {
                let digits = 1 + next(11);
                for _ in 0..digits {
                    line.push(b'0' + next(10) as u8);
                }
                if part == 0 {
                    line.extend(std::iter::repeat_n(b' ', 1 + next(2) as usize));
                }
            }
            if next(4) == 0 {
                let i = next(line.len() as u64 + 1) as usize;
                line.insert(i, alphabet[next(alphabet.len() as u64) as usize]);
            }
            let ended = next(5) != 0;
            if ended {
                line.push(b'\n');
            }
            let want = by_definition(&line);
            // the line alone, and followed by more text (the 8-byte loads see past it)
            assert_eq!(
                pair_line(&line, 0),
                want,
                "{:?}",
                String::from_utf8_lossy(&line)
            );
            if ended {
                let mut longer = line.clone();
                longer.extend_from_slice(b"12345678 9\n");
                assert_eq!(pair_line(&longer, 0), want);
            }
        }
    }

    #[test]
    fn every_length_of_number_is_read() {
        for len in 1..=10 {
            let u: u64 = "9".repeat(len).parse().unwrap();
            let line = format!("{u} 1\n0000000000\n");
            let want = u32::try_from(u).ok().map(|u| (u, 1, line.len() - 11));
            assert_eq!(pair_line(line.as_bytes(), 0), want, "{len} digits");
        }
        assert_eq!(pair_line(b"4294967295 7\n", 0), Some((u32::MAX, 7, 13)));
        assert_eq!(pair_line(b"4294967296 7\n", 0), None);
        assert_eq!(
            pair_line(b"0000012 0000034\n........", 0),
            Some((12, 34, 16))
        );
    }
}
