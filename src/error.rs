//! Errors of the library. Each is one line, fit to print as it is.
//!
//! ```
//! use grundy::GrundyError;
//! // every error is one line a command line can print after `grundy: `
//! let e = grundy::parse_sum("nim 3 x").unwrap_err();
//! assert!(matches!(e, GrundyError::Parse { .. }));
//! assert!(!e.to_string().contains('\n'));
//! ```

use thiserror::Error;

/// Everything that can go wrong in grundy's library.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GrundyError {
    /// The text of a position could not be read; `column` is 1-based in the expression.
    #[error("column {column}: {message}")]
    Parse {
        /// 1-based character column where the problem is.
        column: usize,
        /// What was expected or what is wrong.
        message: String,
    },
    /// An input file could not be read; `line` is 1-based.
    #[error("line {line}: {message}")]
    Input {
        /// 1-based line where the problem is.
        line: usize,
        /// What was expected or what is wrong.
        message: String,
    },
    /// A search or a table needed more stored positions than allowed.
    #[error("state limit reached: {what} (limit {limit}; raise --max-states)")]
    StateLimit {
        /// The limit that was hit.
        limit: usize,
        /// What was being computed.
        what: String,
    },
    /// A number would not fit its type (for example a heap beyond 2^64 - 1).
    #[error("overflow: {0}")]
    Overflow(String),
    /// A request the game or the convention does not support.
    #[error("{0}")]
    Unsupported(String),
    /// The game graph has a cycle, so it is not a short impartial game.
    #[error("the game has a cycle through a position; grundy needs games that always end")]
    Cycle,
}

/// Shorthand for results of the library.
pub type Result<T> = std::result::Result<T, GrundyError>;

/// The most characters of the caller's input that an error message quotes.
pub const EXCERPT_CHARS: usize = 32;

/// A short, escaped excerpt of input for an error message: at most [`EXCERPT_CHARS`]
/// characters (then `…`), control characters, quotes and backslashes escaped as Rust writes
/// them (`\n`, `\u{1b}`, `\'`), so a message stays one printable line however hostile the
/// input. Every message that quotes what a caller sent goes through here.
///
/// ```
/// use grundy::error::excerpt;
/// assert_eq!(excerpt("nim"), "nim");
/// assert_eq!(excerpt("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
/// assert_eq!(excerpt(&"x".repeat(100)), format!("{}…", "x".repeat(32)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut shown = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == EXCERPT_CHARS {
            shown.push('…');
            break;
        }
        shown.extend(c.escape_debug());
    }
    shown
}

/// [`excerpt`] of bytes that may not be UTF-8 (invalid sequences become U+FFFD).
pub fn excerpt_bytes(bytes: &[u8]) -> String {
    let head = &bytes[..bytes.len().min(4 * (EXCERPT_CHARS + 1))];
    excerpt(&String::from_utf8_lossy(head))
}
