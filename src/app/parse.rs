//! The expression language of `grundy solve`: a sum of components joined by `+`.
//!
//! ```text
//! nim A1 A2 ...        moore K A1 A2 ...     subtract S N      bash M N
//! fibnim N [L]         wythoff A B           staircase A1 ...  octal CODE N
//! split R C            cutting R C           flip BOARD [USED]   0
//! graph NAME V
//! ```
//! Every error names the 1-based column of the token at fault and what was expected, quoting
//! at most a short, escaped excerpt of the text ([`crate::error::excerpt`]).
//!
//! Parsing never touches the file system: `graph NAME V` asks the [`GraphSource`] the caller
//! hands in (files on the command line and in Python, request bodies on the server, none by
//! default).

use crate::error::{excerpt, GrundyError, Result};
use crate::games::{
    line_flip, Component, CutRule, Empty, FibonacciNim, GraphRules, GraphSource, LineFlip, Moore,
    Nim, NoGraphs, Octal, OctalCode, OctalRules, Rectangle, RectangleRules, Staircase, Subtraction,
    SubtractionRules, SubtractionSet, Wythoff, WythoffRules,
};
use crate::solve::DEFAULT_MAX_STATES;
use std::collections::HashMap;
use std::sync::Arc;

/// The names of the games an expression may use, in the order help texts list them.
pub const GAME_NAMES: [&str; 13] = [
    "nim",
    "moore",
    "subtract",
    "bash",
    "fibnim",
    "wythoff",
    "staircase",
    "octal",
    "split",
    "cutting",
    "flip",
    "graph",
    "0",
];

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
    max_states: usize,
    graphs: &dyn GraphSource,
) -> Result<Vec<Component>> {
    let groups = split_components(text)?;
    let specs = groups
        .iter()
        .map(|words| read_spec(words))
        .collect::<Result<Vec<Spec>>>()?;
    build(specs, max_states, graphs)
}

/// A word of the expression with its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    column: usize,
}

fn error(column: usize, message: impl Into<String>) -> GrundyError {
    GrundyError::Parse {
        column,
        message: message.into(),
    }
}

/// Splits the text into components (runs of words between `+` signs).
fn split_components(text: &str) -> Result<Vec<Vec<Word<'_>>>> {
    let mut groups: Vec<Vec<Word>> = vec![Vec::new()];
    let mut plus_columns: Vec<usize> = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column) of the current word
    let mut column = 0;
    for (offset, c) in text.char_indices().chain([(text.len(), ' ')]) {
        column += 1;
        if c.is_whitespace() || c == '+' {
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

/// A component as written, before games of the same kind are given shared rules.
enum Spec<'a> {
    Empty,
    Nim(Vec<u64>),
    Moore(u64, Vec<u64>),
    Subtract(SubtractionSet, bool, u64),
    FibNim(u64, Option<u64>),
    Wythoff(u64, u64),
    Staircase(Vec<u64>),
    Octal(OctalCode, u64),
    Rectangle(CutRule, u64, u64),
    Flip(LineFlip),
    /// the graph's name and the position's name, with their columns
    Graph(Word<'a>, Word<'a>),
}

fn number(word: Word) -> Result<u64> {
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

/// The numbers after a game's name, checking their count is within `min..=max`.
fn numbers(name: Word, args: &[Word], min: usize, max: usize, usage: &str) -> Result<Vec<u64>> {
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
    args.iter().map(|&w| number(w)).collect()
}

fn subtraction_set(word: Word) -> Result<SubtractionSet> {
    let mut ranges = Vec::new();
    for item in word.text.split(',') {
        let bound = |text: &str| {
            number(Word {
                text,
                column: word.column,
            })
            .map_err(|_| {
                error(
                    word.column,
                    format!(
                        "subtraction set '{}': expected numbers or ranges like 1,3,4 or 1..5, found '{}'",
                        excerpt(word.text),
                        excerpt(item)
                    ),
                )
            })
        };
        let (lo, hi) = match item.split_once("..") {
            Some((lo, hi)) => (bound(lo)?, bound(hi)?),
            None => {
                let x = bound(item)?;
                (x, x)
            }
        };
        if lo == 0 {
            return Err(error(
                word.column,
                format!(
                    "subtraction set '{}' contains 0: every move must take at least 1",
                    excerpt(word.text)
                ),
            ));
        }
        if lo > hi {
            return Err(error(
                word.column,
                format!(
                    "subtraction set '{}': range {} is empty",
                    excerpt(word.text),
                    excerpt(item)
                ),
            ));
        }
        ranges.push((lo, hi));
    }
    Ok(SubtractionSet::from_ranges(ranges).expect("checked: non-empty, no 0, lo <= hi"))
}

fn read_spec<'a>(words: &[Word<'a>]) -> Result<Spec<'a>> {
    let (name, args) = (words[0], &words[1..]);
    let n = |min, max, usage| numbers(name, args, min, max, usage);
    Ok(match name.text {
        "0" => {
            n(0, 0, "the empty game stands alone")?;
            Spec::Empty
        }
        "nim" => Spec::Nim(n(1, usize::MAX, "the heap sizes")?),
        "staircase" => {
            let steps = n(1, usize::MAX, "the coins on steps 1, 2, ...")?;
            if steps
                .iter()
                .try_fold(0u64, |a, &c| a.checked_add(c))
                .is_none()
            {
                return Err(error(
                    name.column,
                    "staircase: the coins add up to more than 2^64 - 1, which would overflow",
                ));
            }
            Spec::Staircase(steps)
        }
        "moore" => {
            let v = n(2, usize::MAX, "K, then the heap sizes")?;
            if v[0] == 0 {
                return Err(error(
                    args[0].column,
                    "moore: K must be at least 1 (heaps changed per move)",
                ));
            }
            Spec::Moore(v[0], v[1..].to_vec())
        }
        "bash" => {
            let v = n(2, 2, "M N: take 1 to M from a heap of N")?;
            let set = SubtractionSet::bash(v[0])
                .ok_or_else(|| error(args[0].column, "bash: M must be at least 1"))?;
            Spec::Subtract(set, true, v[1])
        }
        "subtract" => {
            if args.len() != 2 {
                n(2, 2, "S N: a set such as 1,3,4 or 1..5, then the heap")?;
            }
            Spec::Subtract(subtraction_set(args[0])?, false, number(args[1])?)
        }
        "fibnim" => {
            let v = n(1, 2, "N [L]: the heap, then the most that may be taken now")?;
            Spec::FibNim(v[0], v.get(1).copied())
        }
        "wythoff" => {
            let v = n(2, 2, "A B: the two heaps")?;
            Spec::Wythoff(v[0], v[1])
        }
        "octal" => {
            if args.len() != 2 {
                n(2, 2, "CODE N: a code such as 0.07, then the heap")?;
            }
            let code: OctalCode = args[0]
                .text
                .parse()
                .map_err(|m: String| error(args[0].column, m))?;
            Spec::Octal(code, number(args[1])?)
        }
        "split" | "cutting" => {
            let v = n(2, 2, "R C: the rectangle's rows and columns")?;
            let rule = if name.text == "split" {
                CutRule::Split
            } else {
                CutRule::Cutting
            };
            let least = if rule == CutRule::Split { 1 } else { 2 };
            if let Some(i) = (0..2).find(|&i| v[i] < least) {
                return Err(error(
                    args[i].column,
                    format!(
                        "{}: sides must be at least {least}, found {}",
                        name.text, v[i]
                    ),
                ));
            }
            Spec::Rectangle(rule, v[0], v[1])
        }
        "flip" => {
            if args.is_empty() || args.len() > 2 {
                n(
                    1,
                    2,
                    "BOARD [USED]: rows of o, x, . joined by /, then flipped lines like r1,c2",
                )?;
            }
            let board = LineFlip::parse(args[0].text)
                .map_err(|m| error(args[0].column, format!("flip: {m}")))?;
            let used = match args.get(1) {
                Some(w) => line_flip::parse_lines(w.text, board.rows(), board.cols())
                    .map_err(|m| error(w.column, format!("flip: {m}")))?,
                None => vec![],
            };
            Spec::Flip(board.with_used(&used))
        }
        "graph" => {
            if args.len() != 2 {
                return Err(error(
                    args.get(2).map_or(name.column, |w| w.column),
                    format!(
                        "'graph' takes NAME V (a game graph, then a position), found {} word{}",
                        args.len(),
                        if args.len() == 1 { "" } else { "s" }
                    ),
                ));
            }
            Spec::Graph(args[0], args[1])
        }
        other => {
            return Err(error(
                name.column,
                format!(
                    "unknown game '{}' (expected one of: {})",
                    excerpt(other),
                    GAME_NAMES.join(", ")
                ),
            ))
        }
    })
}

/// Turns specs into components, one shared rule set (and value table) per game; game graphs
/// come from `graphs`, asked once per name.
fn build(specs: Vec<Spec>, max_states: usize, graphs: &dyn GraphSource) -> Result<Vec<Component>> {
    let mut octal_need: HashMap<OctalCode, u64> = HashMap::new();
    let mut rect_need: HashMap<CutRule, (u64, u64)> = HashMap::new();
    let mut wythoff_need = (0u64, 0u64);
    for spec in &specs {
        match spec {
            Spec::Octal(code, heap) => {
                let need = octal_need.entry(code.clone()).or_default();
                *need = (*need).max(*heap);
            }
            Spec::Rectangle(rule, r, c) => {
                let need = rect_need.entry(*rule).or_default();
                *need = (need.0.max(*r.min(c)), need.1.max(*r.max(c)));
            }
            Spec::Wythoff(a, b) => {
                wythoff_need = (wythoff_need.0.max(*a.min(b)), wythoff_need.1.max(*a.max(b)));
            }
            _ => {}
        }
    }
    let mut wythoff: Option<Arc<WythoffRules>> = None;
    let mut octal: HashMap<OctalCode, Arc<OctalRules>> = HashMap::new();
    let mut rect: HashMap<CutRule, Arc<RectangleRules>> = HashMap::new();
    let mut subtract: HashMap<(SubtractionSet, bool), Arc<SubtractionRules>> = HashMap::new();
    let mut graph_rules: HashMap<&str, Arc<GraphRules>> = HashMap::new();
    specs
        .into_iter()
        .map(|spec| {
            Ok(match spec {
                Spec::Empty => Empty.into(),
                Spec::Nim(heaps) => Nim::new(heaps).into(),
                Spec::Moore(k, heaps) => Moore::new(k, heaps).into(),
                Spec::Staircase(steps) => Staircase::new(steps)
                    .expect("checked when read: the total fits")
                    .into(),
                Spec::Subtract(set, bash, heap) => {
                    let rules = subtract
                        .entry((set.clone(), bash))
                        .or_insert_with(|| SubtractionRules::new(set, bash, max_states));
                    Subtraction::new(rules.clone(), heap).into()
                }
                Spec::FibNim(heap, limit) => match limit {
                    Some(limit) => FibonacciNim::new(heap, limit).into(),
                    None => FibonacciNim::start(heap).into(),
                },
                Spec::Wythoff(a, b) => {
                    let rules = wythoff.get_or_insert_with(|| {
                        let (small, large) = wythoff_need;
                        WythoffRules::new(small, large, max_states)
                    });
                    Wythoff::with_rules(rules.clone(), a, b).into()
                }
                Spec::Octal(code, heap) => {
                    let rules = octal.entry(code.clone()).or_insert_with(|| {
                        OctalRules::new(code.clone(), octal_need[&code], max_states)
                    });
                    Octal::new(rules.clone(), heap).into()
                }
                Spec::Flip(board) => board.into(),
                Spec::Rectangle(rule, r, c) => {
                    let rules = rect.entry(rule).or_insert_with(|| {
                        let (rows, cols) = rect_need[&rule];
                        RectangleRules::new(rule, rows, cols, max_states)
                    });
                    Rectangle::new(rules.clone(), r, c).into()
                }
                Spec::Graph(name, position) => {
                    let in_graph =
                        |column, e| error(column, format!("graph {}: {e}", excerpt(name.text)));
                    let rules = match graph_rules.get(name.text) {
                        Some(rules) => rules.clone(),
                        None => {
                            let rules = graphs
                                .graph(name.text)
                                .map_err(|e| in_graph(name.column, e))?;
                            graph_rules.insert(name.text, rules.clone());
                            rules
                        }
                    };
                    rules
                        .position(position.text)
                        .map_err(|e| in_graph(position.column, e))?
                        .into()
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn round_trips() {
        for text in [
            "nim 3 4 5",
            "moore 2 1 2 3",
            "subtract 1,3,4 10",
            "subtract 2..5,9 10",
            "bash 3 10",
            "fibnim 10 9",
            "wythoff 3 5",
            "staircase 1 0 2",
            "octal 0.07 20",
            "split 3 4",
            "cutting 2 3",
            "flip ox/x.",
            "flip xo/o. r1,c2",
            "0",
        ] {
            let sum = parse_sum(text).unwrap();
            assert_eq!(Component::sum_to_string(&sum), text);
        }
        let sum = parse_sum("nim 1+nim 2 +fibnim 5").unwrap();
        assert_eq!(Component::sum_to_string(&sum), "nim 1 + nim 2 + fibnim 5 4");
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
    }
}
