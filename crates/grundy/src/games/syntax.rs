//! How games are written: each game's file declares its keywords ([`GameSyntax`]), with the
//! parser of its arguments, its usage line, the conventions it can be played under and
//! examples that must print back as written. The catalog lists them once
//! ([`crate::games::GAMES`]); the expression grammar (sums, columns) is the application
//! layer's.
//!
//! ```
//! use grundy::games::{syntax, GAMES};
//! let nim = syntax("nim").unwrap();
//! assert_eq!(nim.usage, "nim A1 A2 ...");
//! // every game's examples print back as written (`graph` needs a source of graphs: none)
//! assert!(GAMES.iter().all(|g| !g.examples.is_empty() || g.keyword == "graph"));
//! ```

use crate::budget::Budget;
use crate::error::{excerpt, GrundyError, Result};
use crate::games::{Component, GraphSource};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::sync::Arc;

/// A word of an expression with its 1-based column.
#[derive(Clone, Copy, Debug)]
pub struct Word<'a> {
    /// The word.
    pub text: &'a str,
    /// Its 1-based column in the expression.
    pub column: usize,
}

/// What a parser may use besides the words: the state limit of the tables it creates, the
/// source of game graphs, and the rules shared by the components of one sum (one table per
/// game, sized for the largest component).
pub struct ParseContext<'a> {
    /// The most values a table may store.
    pub max_states: usize,
    /// The same limit with the cancellation flag the tables run under.
    pub budget: Budget,
    /// Where `graph NAME V` finds its graphs.
    pub graphs: &'a dyn GraphSource,
    shared: FxHashMap<&'static str, FxHashMap<String, Arc<dyn Any + Send + Sync>>>,
}

impl<'a> ParseContext<'a> {
    /// A context for one expression.
    /// `max_states` is a [`Budget`] (or a bare limit).
    pub fn new(max_states: impl Into<Budget>, graphs: &'a dyn GraphSource) -> Self {
        let budget: Budget = max_states.into();
        ParseContext {
            max_states: budget.max_states(),
            budget,
            graphs,
            shared: FxHashMap::default(),
        }
    }

    /// The rules of kind `kind` called `key` (`("octal", "0.07")`), made by `make` the first
    /// time and shared after that by every component of the expression. O(key) per call, no
    /// allocation once made (a sum may have a million components).
    pub fn shared<T: Any + Send + Sync>(
        &mut self,
        kind: &'static str,
        key: &str,
        make: impl FnOnce() -> Arc<T>,
    ) -> Arc<T> {
        let rules = self.shared.entry(kind).or_default();
        let any = match rules.get(key) {
            Some(any) => any.clone(),
            None => {
                let made = make() as Arc<dyn Any + Send + Sync>;
                rules.insert(key.to_string(), made.clone());
                made
            }
        };
        any.downcast::<T>()
            .expect("one type of rules per kind of shared rules")
    }

    /// As [`ParseContext::shared`], with a `make` that may fail (then nothing is stored).
    pub fn try_shared<T: Any + Send + Sync>(
        &mut self,
        kind: &'static str,
        key: &str,
        make: impl FnOnce() -> Result<Arc<T>>,
    ) -> Result<Arc<T>> {
        if let Some(any) = self.shared.get(kind).and_then(|rules| rules.get(key)) {
            return Ok(any
                .clone()
                .downcast::<T>()
                .expect("one type of rules per kind of shared rules"));
        }
        let made = make()?;
        Ok(self.shared(kind, key, || made))
    }
}

/// Whether a game can be played misère in a sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misere {
    /// Yes: the player who cannot move wins.
    Played,
    /// No, for this reason.
    Refused(&'static str),
}

/// One keyword of the expression language and how its component is read.
#[derive(Clone, Copy, Debug)]
pub struct GameSyntax {
    /// The keyword (`nim`).
    pub keyword: &'static str,
    /// How it is written (`nim A1 A2 ...`), for help texts and messages.
    pub usage: &'static str,
    /// What it is, in a few words.
    pub summary: &'static str,
    /// Misère play of sums holding it.
    pub misere: Misere,
    /// Components as grundy writes them: each must parse and print back unchanged.
    pub examples: &'static [&'static str],
    /// Reads the arguments (the words after the keyword) into a component.
    pub read: fn(Word, &[Word], &mut ParseContext) -> Result<Component>,
}

/// The syntax of the game called `keyword`, if any.
pub fn syntax(keyword: &str) -> Option<&'static GameSyntax> {
    crate::games::GAMES.iter().find(|g| g.keyword == keyword)
}

/// A parse error at `column`.
pub fn error(column: usize, message: impl Into<String>) -> GrundyError {
    GrundyError::Parse {
        column,
        message: message.into(),
    }
}

/// A decimal u64.
pub fn number(word: Word) -> Result<u64> {
    if word.text.is_empty() || !word.text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error(
            word.column,
            format!(
                "expected a non-negative decimal number, found '{}'",
                excerpt(word.text)
            ),
        ));
    }
    word.text.parse::<u64>().map_err(|_| {
        error(
            word.column,
            format!(
                "number {} is too large (the largest is 2^64 - 1 = {})",
                excerpt(word.text),
                u64::MAX
            ),
        )
    })
}

/// Checks that a game has `min..=max` arguments; the error names the column of the first
/// extra word, or of the keyword when words are missing.
pub fn count(name: Word, args: &[Word], min: usize, max: usize, usage: &str) -> Result<()> {
    if args.len() < min || args.len() > max {
        let column = if args.len() > max {
            args[max].column
        } else {
            name.column
        };
        let expected = match (min, max) {
            (a, b) if a == b => format!("{a} number{}", if a == 1 { "" } else { "s" }),
            (a, usize::MAX) => format!("at least {a} number{}", if a == 1 { "" } else { "s" }),
            (a, b) => format!("{a} to {b} numbers"),
        };
        return Err(error(
            column,
            format!(
                "'{}' takes {expected} ({usage}), found {}",
                excerpt(name.text),
                args.len()
            ),
        ));
    }
    Ok(())
}

/// The arguments as numbers, `min..=max` of them.
pub fn numbers(name: Word, args: &[Word], min: usize, max: usize, usage: &str) -> Result<Vec<u64>> {
    count(name, args, min, max, usage)?;
    args.iter().map(|&w| number(w)).collect()
}
