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
    /// A search or a table needed more stored positions than allowed (the setting
    /// [`Setting::MaxStates`]).
    #[error("state limit reached: {what} (limit {limit}; raise max_states)")]
    StateLimit {
        /// The limit that was hit.
        limit: usize,
        /// What was being computed.
        what: String,
    },
    /// The process held more memory than the computation's budget allows (the setting
    /// [`Setting::MaxMemory`]).
    #[error("memory limit reached: {what} (limit {}; raise max_memory)", show_bytes(*limit))]
    MemoryLimit {
        /// The limit in bytes.
        limit: u64,
        /// What was being computed or held.
        what: String,
    },
    /// The system refused memory a computation needed (an address-space limit, a machine
    /// without overcommit).
    #[error("out of memory: {what} needs {} that the system refused", show_bytes(*bytes))]
    OutOfMemory {
        /// What needed it.
        what: String,
        /// The bytes asked for.
        bytes: u64,
    },
    /// A misère quotient has more elements than allowed (the setting [`Setting::MaxOrder`]).
    #[error("order limit reached: {what} (limit {limit}; raise max_order)")]
    OrderLimit {
        /// The limit that was hit.
        limit: usize,
        /// What was being computed.
        what: String,
    },
    /// A setting that does not apply to this input, or not with the other settings given.
    #[error("{message} ({})", setting.name())]
    Setting {
        /// The setting at fault.
        setting: Setting,
        /// Why, in words that name no front end's spelling of a setting.
        message: String,
    },
    /// A number would not fit its type (for example a heap beyond 2^64 - 1).
    #[error("overflow: {0}")]
    Overflow(String),
    /// A request the game or the convention does not support.
    #[error("{0}")]
    Unsupported(String),
    /// A file the computation reads or writes (a checkpoint) cannot be used: `problem` says
    /// why in a few words.
    #[error("{}: {problem}", path.display())]
    File {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong with it (one line).
        problem: String,
    },
    /// The game graph has a cycle, so it is not a short impartial game.
    #[error("the game has a cycle through a position; grundy needs games that always end")]
    Cycle,
    /// The computation was stopped through its [`crate::budget::Cancel`] flag (a time limit
    /// or an interrupt); front ends say which.
    #[error("the computation was stopped before it finished")]
    Cancelled,
    /// The input asks for more than the budget allows and no closed form or proof answers it:
    /// refused at once rather than computed. `what` names the component and why.
    #[error("{}", too_large(what, *needed, *limit, "max_states"))]
    TooLarge {
        /// The component and why it cannot be answered (one line).
        what: String,
        /// How many states it would need (a lower bound).
        needed: u128,
        /// The state limit.
        limit: usize,
    },
}

/// Shorthand for results of the library.
pub type Result<T> = std::result::Result<T, GrundyError>;

/// A setting of the library's options. Errors carry it as data and each front end names it
/// its own way: `--max-states` on the command line, `max_states=` in Python, the server's
/// budget on the web; [`Setting::name`] is the library's own (the options' field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// The most positions a table or search may store.
    MaxStates,
    /// The most elements of a misère quotient.
    MaxOrder,
    /// The most bytes a computation's process may hold.
    MaxMemory,
    /// Whether generalized Grundy values of a game graph are computed.
    Grundy,
    /// Misère play.
    Misere,
    /// The last heap of a one-heap table.
    To,
    /// How far a table may run to prove a period.
    UntilPeriod,
    /// The rows of a two-index table.
    Rows,
    /// The columns of a two-index table.
    Cols,
    /// The octal engine's method.
    Method,
    /// Every value of an octal table, with no early stop.
    ComputeAll,
    /// The start position or cell.
    From,
    /// The picture's file.
    Plot,
    /// The rare/common statistics of a one-heap table.
    Stats,
}

impl Setting {
    /// The setting's name in the library: the field of the options type that holds it.
    pub fn name(self) -> &'static str {
        match self {
            Setting::MaxStates => "max_states",
            Setting::MaxOrder => "max_order",
            Setting::MaxMemory => "max_memory",
            Setting::Grundy => "grundy",
            Setting::Misere => "misere",
            Setting::To => "to",
            Setting::UntilPeriod => "until_period",
            Setting::Rows => "rows",
            Setting::Cols => "cols",
            Setting::Method => "method",
            Setting::ComputeAll => "compute_all",
            Setting::Stats => "stats",
            Setting::From => "from",
            Setting::Plot => "plot",
        }
    }
}

impl GrundyError {
    /// The setting this error is about, if any: the limit that was reached, or the setting
    /// that does not apply.
    pub fn setting(&self) -> Option<Setting> {
        match self {
            GrundyError::StateLimit { .. } | GrundyError::TooLarge { .. } => {
                Some(Setting::MaxStates)
            }
            GrundyError::OrderLimit { .. } => Some(Setting::MaxOrder),
            GrundyError::MemoryLimit { .. } => Some(Setting::MaxMemory),
            GrundyError::Setting { setting, .. } => Some(*setting),
            _ => None,
        }
    }

    /// The message with settings named by `name` (a front end's spelling: `--max-states`,
    /// `max_states=`); the same as `to_string()` for errors about no setting.
    ///
    /// ```
    /// use grundy::error::{GrundyError, Setting};
    /// let e = GrundyError::StateLimit { limit: 10, what: "the table".into() };
    /// let flag = |s: Setting| format!("--{}", s.name().replace('_', "-"));
    /// assert_eq!(e.worded(flag), "state limit reached: the table (limit 10; raise --max-states)");
    /// ```
    pub fn worded(&self, name: impl Fn(Setting) -> String) -> String {
        match self {
            GrundyError::StateLimit { limit, what } => format!(
                "state limit reached: {what} (limit {limit}; raise {})",
                name(Setting::MaxStates)
            ),
            GrundyError::TooLarge {
                what,
                needed,
                limit,
            } => too_large(what, *needed, *limit, &name(Setting::MaxStates)),
            GrundyError::OrderLimit { limit, what } => format!(
                "order limit reached: {what} (limit {limit}; raise {})",
                name(Setting::MaxOrder)
            ),
            GrundyError::MemoryLimit { limit, what } => format!(
                "memory limit reached: {what} (limit {}; raise {})",
                show_bytes(*limit),
                name(Setting::MaxMemory)
            ),
            GrundyError::Setting { setting, message } => format!("{message} ({})", name(*setting)),
            other => other.to_string(),
        }
    }
}

/// The words of [`GrundyError::TooLarge`]: what, and the limit to raise when it is the state
/// limit that stands in the way.
fn too_large(what: &str, needed: u128, limit: usize, flag: &str) -> String {
    if needed > limit as u128 {
        format!("{what} (beyond the state limit of {limit}; raise {flag})")
    } else {
        format!("{what} (beyond what a second's work reaches)")
    }
}

/// Bytes as a person reads them: `512 MiB`, `1.5 GiB`, `300 KiB`, `12 bytes`.
///
/// ```
/// assert_eq!(grundy::error::show_bytes(3 << 29), "1.5 GiB");
/// assert_eq!(grundy::error::show_bytes(512 << 20), "512 MiB");
/// ```
pub fn show_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut unit = 0;
    while unit + 1 < UNITS.len() && bytes >= 1024u64 << (10 * (unit + 1)) {
        unit += 1;
    }
    // tenths of the unit, rounded to the nearest
    let size = 1u128 << (10 * (unit + 1));
    let tenths = (u128::from(bytes) * 10 + size / 2) / size;
    match tenths % 10 {
        0 => format!("{} {}", tenths / 10, UNITS[unit]),
        d => format!("{}.{d} {}", tenths / 10, UNITS[unit]),
    }
}

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
