//! The expression language of `grundy solve`: a sum of components joined by `+`, each a
//! keyword of the catalog ([`GAMES`]: `nim 3 4 5`, `wythoff 3 5`, `octal 0.07 20`, ...) read
//! by its game's own parser. This module is the grammar only: words, `+`, columns. Every error names the 1-based column of the token at fault and what was expected, quoting
//! at most a short, escaped excerpt of the text ([`crate::error::excerpt`]).
//!
//! Parsing never touches the file system: `graph NAME V` asks the [`GraphSource`] the caller
//! hands in (files on the command line and in Python, request bodies on the server, none by
//! default).

use crate::budget::Budget;
use crate::error::{excerpt, GrundyError, Result};
use crate::games::loopy::{LoopyPart, LOOPY_GAMES};
use crate::games::partizan::{partizan_games, PartizanPart, PARTIZAN_GAMES};
use crate::games::syntax::{error, ParseContext, Word};
use crate::games::{syntax, Component, GraphSource, NoGraphs, GAMES};
use crate::partizan::loopy::{is_loopy, parse_loopy};
use crate::solve::DEFAULT_MAX_STATES;

/// Reads a sum such as `nim 3 4 5 + wythoff 3 5` into its components, with the default state
/// limit ([`DEFAULT_MAX_STATES`]) and no game graphs (a `graph` component is refused).
///
/// ```
/// let sum = grundy::parse_sum("nim 3 4 + bash 3 10").unwrap();
/// assert_eq!(grundy::games::Component::sum_to_string(&sum), "nim 3 4 + bash 3 10");
/// assert!(grundy::parse_sum("nim 3 +").is_err());
/// ```
pub fn parse_sum(text: &str) -> Result<Vec<Component>> {
    parse_sum_with(text, DEFAULT_MAX_STATES, &NoGraphs::default())
}

/// Reads a sum, giving every game whose values are tabulated (octal, subtraction, rectangles) a
/// table of at most `max_states` values. Components of the same game share one table, sized
/// for the largest of them. `graph NAME V` components get their graphs from `graphs`, once
/// per name.
///
/// **Complexity**: O(length of `text`) plus reading and solving the graphs named; no table
/// is computed here.
pub fn parse_sum_with(
    text: &str,
    max_states: impl Into<Budget>,
    graphs: &dyn GraphSource,
) -> Result<Vec<Component>> {
    parse_terms(text, max_states, graphs)?
        .into_iter()
        .map(|(term, column)| match term {
            Term::Impartial(c) => Ok(c),
            Term::Partizan(p) => Err(error(
                column,
                format!(
                    "'{}' is a partizan part (Left and Right move differently): only 'grundy value' and 'grundy solve' take it",
                    excerpt(&p.to_string())
                ),
            )),
        })
        .collect()
}

/// A part of a sum: a game of the impartial catalog, or a partizan part (a partizan game or
/// a value in CGSuite's notation).
#[derive(Clone, Debug)]
pub enum Term {
    /// An impartial component: in a partizan sum, its nimber `*g`.
    Impartial(Component),
    /// A partizan part.
    Partizan(PartizanPart),
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Term::Impartial(c) => write!(f, "{c}"),
            Term::Partizan(p) => write!(f, "{p}"),
        }
    }
}

impl Term {
    /// The terms joined by ` + `, as the expression grammar reads them.
    pub fn sum_to_string(terms: &[Term]) -> String {
        let parts: Vec<String> = terms.iter().map(|t| t.to_string()).collect();
        parts.join(" + ")
    }
}

/// Reads a sum whose parts may be impartial components, partizan games (`domineering ../..`)
/// or values in CGSuite's notation (`{1|-1}`, `1/2`, `^*`), each with the column it starts at.
/// A value is checked (and written canonically) as it is read.
///
/// ```
/// use grundy::app::parse::{parse_terms, Term};
/// let terms = parse_terms("domineering ../.. + {1/2, *|v} + nim 3", 1000, &grundy::games::NoGraphs::default()).unwrap();
/// let terms: Vec<Term> = terms.into_iter().map(|t| t.0).collect();
/// assert_eq!(Term::sum_to_string(&terms), "domineering ../.. + {1/2|v} + nim 3");
/// ```
pub fn parse_terms(
    text: &str,
    max_states: impl Into<Budget>,
    graphs: &dyn GraphSource,
) -> Result<Vec<(Term, usize)>> {
    let mut context = ParseContext::new(max_states, graphs);
    split_components(text)?
        .iter()
        .map(|words| Ok((read_term(words, &mut context)?, words[0].column)))
        .collect()
}

/// A part of any sum: a short part ([`Term`]), or a loopy partizan part (a game of the loopy
/// catalog, or a value in loopy notation such as `on`, `over`, `{0|pass}`, `1 & 0`).
#[derive(Clone, Debug)]
pub enum SumPart {
    /// A short part: impartial, partizan, or a value.
    Short(Term),
    /// A loopy part.
    Loopy(LoopyPart),
}

impl std::fmt::Display for SumPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SumPart::Short(t) => write!(f, "{t}"),
            SumPart::Loopy(p) => write!(f, "{p}"),
        }
    }
}

/// Reads any sum once into its typed parts, each with the column it starts at: what `solve`,
/// `value` and `play` read before choosing how to answer. A loopy value is checked as it is
/// read, so that an error names its column.
///
/// ```
/// use grundy::app::parse::{read_sum, SumPart, Term};
/// let parts = read_sum("on + domineering ../.. + nim 2", 1000, &grundy::games::NoGraphs::default()).unwrap();
/// assert!(matches!(parts[0].0, SumPart::Loopy(_)));
/// assert!(matches!(parts[1].0, SumPart::Short(Term::Partizan(_))));
/// assert!(matches!(parts[2].0, SumPart::Short(Term::Impartial(_))));
/// ```
///
/// **Complexity**: O(length of `text`) plus reading the graphs named.
pub fn read_sum(
    text: &str,
    max_states: impl Into<Budget>,
    graphs: &dyn GraphSource,
) -> Result<Vec<(SumPart, usize)>> {
    let mut context = ParseContext::new(max_states, graphs);
    let mut parts = Vec::new();
    for words in split_components(text)? {
        let (name, args) = (words[0], &words[1..]);
        let (component, start) = joined(&words);
        let part = if let Some(part) = LoopyPart::read(name, args, &mut context)? {
            SumPart::Loopy(part)
        } else if is_loopy(&component) {
            let mut forms = crate::partizan::Forms::new(context.budget.clone());
            parse_loopy(&mut forms, &component).map_err(|e| shift(e, start))?;
            SumPart::Loopy(LoopyPart::Value(component))
        } else {
            SumPart::Short(read_term(&words, &mut context)?)
        };
        parts.push((part, name.column));
    }
    Ok(parts)
}

/// The short parts of a sum read by [`read_sum`], or `None` when some part is loopy.
pub fn short_terms(parts: &[(SumPart, usize)]) -> Option<Vec<Term>> {
    parts
        .iter()
        .map(|(p, _)| match p {
            SumPart::Short(t) => Some(t.clone()),
            SumPart::Loopy(_) => None,
        })
        .collect()
}

/// Has the nimber searches of the impartial parts of `terms` look small components up in
/// the endgame databases of `db` (`--db`), if there is one.
///
/// **Errors**: a damaged section of the file.
pub fn use_database(
    terms: &[Term],
    db: Option<&crate::partizan::database::Database>,
) -> Result<()> {
    let Some(db) = db else {
        return Ok(());
    };
    for term in terms {
        if let Term::Impartial(part) = term {
            part.use_database(db)?;
        }
    }
    Ok(())
}

/// One component's words read as a short part: a game of the impartial catalog, of the
/// partizan catalog, or a value in CGSuite's notation.
fn read_term(words: &[Word], context: &mut ParseContext) -> Result<Term> {
    let (name, args) = (words[0], &words[1..]);
    if let Some(game) = syntax(name.text) {
        return Ok(Term::Impartial((game.read)(name, args, context)?));
    }
    for game in partizan_games(name.text) {
        if let Some(part) = (game.read)(name, args, context)? {
            return Ok(Term::Partizan(part));
        }
    }
    if looks_like_value(name.text) {
        return Ok(Term::Partizan(read_value(words, &context.budget)?));
    }
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.keyword).collect();
    for game in PARTIZAN_GAMES {
        if !names.contains(&game.syntax.keyword) {
            names.push(game.syntax.keyword);
        }
    }
    names.extend(LOOPY_GAMES.iter().map(|g| g.keyword));
    Err(error(
        name.column,
        format!(
            "unknown game '{}' (expected one of: {}; or a value such as 1/2, ^*, {{1|-1}}, on or {{0|pass}})",
            excerpt(name.text),
            names.join(", ")
        ),
    ))
}

/// A component's words as one text (spaces kept as written) and the column it starts at.
fn joined(words: &[Word]) -> (String, usize) {
    let start = words[0].column;
    let mut text = String::new();
    for w in words {
        while text.chars().count() + start < w.column {
            text.push(' ');
        }
        text.push_str(w.text);
    }
    (text, start)
}

/// A parse error of a text that starts at column `start` of the expression, moved there.
fn shift(e: GrundyError, start: usize) -> GrundyError {
    match e {
        GrundyError::Parse { column, message } => error(start + column - 1, message),
        other => other,
    }
}

/// Whether a word starts a value in CGSuite's notation rather than a keyword.
fn looks_like_value(word: &str) -> bool {
    let Some(c) = word.chars().next() else {
        return false;
    };
    matches!(c, '{' | '-' | '*' | '^' | '±' | '"' | '0'..='9')
        || (c == 'v' && word.chars().all(|c| matches!(c, 'v' | '*' | '0'..='9')))
}

/// A value component: its words joined, quotes allowed around it; checked and written
/// canonically, in an arena under the expression's budget.
fn read_value(words: &[Word], budget: &Budget) -> Result<PartizanPart> {
    let (text, start) = joined(words);
    let (inner, quote) = match text.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) => (inner.to_string(), 1),
        None => (text.clone(), 0),
    };
    let mut forms = crate::partizan::Forms::new(budget.clone());
    let g = forms.parse(&inner).map_err(|e| shift(e, start + quote))?;
    let text = forms.to_string(g);
    forms.status()?;
    Ok(PartizanPart::Value(text))
}

/// Splits the text into components (runs of words between `+` signs).
pub(crate) fn split_components(text: &str) -> Result<Vec<Vec<Word<'_>>>> {
    let mut groups: Vec<Vec<Word>> = vec![Vec::new()];
    let mut plus_columns: Vec<usize> = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column) of the current word
    let mut column = 0;
    let mut depth = 0usize; // inside a value's braces, '+' and spaces do not split
    for (offset, c) in text.char_indices().chain([(text.len(), ' ')]) {
        column += 1;
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if (depth == 0 || offset == text.len()) && (c.is_whitespace() || c == '+') {
            if let Some((from, col)) = start.take() {
                groups.last_mut().expect("one group at least").push(Word {
                    text: &text[from..offset],
                    column: col,
                });
            }
            if c == '+' {
                plus_columns.push(column);
                groups.push(Vec::new());
            }
        } else if start.is_none() {
            start = Some((offset, column));
        }
    }
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() {
            return Err(match (i, plus_columns.len()) {
                (_, 0) => error(1, "empty expression: expected a game such as 'nim 3 4 5'"),
                (0, _) => error(plus_columns[0], "expected a game before '+'"),
                (i, _) => error(plus_columns[i - 1], "expected a game after '+'"),
            });
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn column_of(text: &str) -> usize {
        match parse_sum(text) {
            Err(GrundyError::Parse { column, .. }) => column,
            other => panic!("{text:?} should not parse: {other:?}"),
        }
    }

    #[test]
    fn errors_name_the_column() {
        assert_eq!(column_of(""), 1);
        assert_eq!(column_of("   "), 1);
        assert_eq!(column_of("nim 3 +"), 7);
        assert_eq!(column_of("+ nim 3"), 1);
        assert_eq!(column_of("nim 3 + + nim 2"), 7);
        assert_eq!(column_of("nim 3 + foo 2"), 9);
        assert_eq!(column_of("wythoff 1 2 3"), 13);
        assert_eq!(column_of("wythoff 1"), 1);
        assert_eq!(column_of("nim 18446744073709551616"), 5);
        assert_eq!(column_of("nim -1"), 5);
        assert_eq!(column_of("octal 0.08 5"), 7);
        assert_eq!(column_of("subtract 0,1 5"), 10);
        assert_eq!(column_of("moore 0 1 2"), 7);
        assert_eq!(column_of("cutting 1 5"), 9);
        assert_eq!(column_of("bash 0 5"), 6);
        assert_eq!(column_of("0 1"), 3);
    }

    #[test]
    fn every_games_examples_print_back_as_written() {
        let mut checked = 0;
        for game in GAMES {
            for text in game.examples {
                let sum = parse_sum(text).unwrap();
                assert_eq!(Component::sum_to_string(&sum), *text, "{}", game.keyword);
                assert!(text.starts_with(game.keyword));
                checked += 1;
            }
        }
        assert!(checked >= GAMES.len() - 1); // every game but `graph`, which needs a source
        let sum = parse_sum("nim 1+nim 2 +fibnim 5").unwrap();
        assert_eq!(Component::sum_to_string(&sum), "nim 1 + nim 2 + fibnim 5 4");
        let graphs = crate::games::GraphTexts::new([("g", "2 1\n1 2\n")]);
        let sum = parse_sum_with("graph g 1 + nim 2", 100, &graphs).unwrap();
        assert_eq!(Component::sum_to_string(&sum), "graph g 1 + nim 2");
    }

    #[test]
    fn partizan_examples_print_back_as_written_and_keywords_are_unique() {
        let impartial: std::collections::HashSet<&str> = GAMES.iter().map(|g| g.keyword).collect();
        let mut usages = std::collections::HashSet::new();
        for game in PARTIZAN_GAMES {
            let game = game.syntax;
            assert!(!impartial.contains(game.keyword), "{} twice", game.keyword);
            assert!(usages.insert(game.usage), "{} twice", game.usage);
            assert!(game.usage.starts_with(game.keyword), "{}", game.usage);
            for text in game.examples {
                let terms = parse_terms(text, 100, &NoGraphs::default()).unwrap();
                let terms: Vec<Term> = terms.into_iter().map(|t| t.0).collect();
                assert_eq!(Term::sum_to_string(&terms), *text, "{}", game.keyword);
            }
        }
        // a Hackenbush picture and a position after cuts, as grundy writes them
        let graphs = crate::games::GraphTexts::new([("pic", "3 3\n0 1 L\n1 2 R\n2 0 G\n")]);
        for text in ["hackenbush pic", "hackenbush pic cut 1,3"] {
            let terms = parse_terms(text, 100, &graphs).unwrap();
            let terms: Vec<Term> = terms.into_iter().map(|t| t.0).collect();
            assert_eq!(Term::sum_to_string(&terms), text);
        }
        let terms = parse_terms("hackenbush pic cut 3,1", 100, &graphs).unwrap();
        assert_eq!(
            Term::sum_to_string(&[terms[0].0.clone()]),
            "hackenbush pic cut 1,3"
        );
    }

    #[test]
    fn keywords_are_unique_and_their_usage_starts_with_them() {
        let mut seen = std::collections::HashSet::new();
        for game in GAMES {
            assert!(seen.insert(game.keyword), "{} twice", game.keyword);
            assert!(game.usage.starts_with(game.keyword), "{}", game.usage);
        }
    }

    #[test]
    fn games_of_one_kind_share_their_rules() {
        let sum = parse_sum("octal 0.07 3 + octal 0.07 40 + split 2 9 + split 7 3").unwrap();
        match (&sum[0], &sum[1], &sum[2], &sum[3]) {
            (
                Component::Octal(a),
                Component::Octal(b),
                Component::Rectangle(c),
                Component::Rectangle(d),
            ) => {
                assert!(Arc::ptr_eq(&a.rules, &b.rules));
                assert!(Arc::ptr_eq(&c.rules, &d.rules));
            }
            _ => panic!("unexpected components"),
        }
        // each table is sized for the largest component, whatever the order they come in
        let sum = parse_sum("octal 0.07 3 + octal 0.07 900 + wythoff 2 3 + wythoff 40 30").unwrap();
        let (Component::Octal(small), Component::Wythoff(w)) = (&sum[0], &sum[2]) else {
            panic!("unexpected components");
        };
        assert!(small.rules.grundy(900).is_ok());
        assert!(w.rules.grundy(30, 40).is_ok());
    }
}
