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
