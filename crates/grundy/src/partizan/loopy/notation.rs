//! Reads loopy values in CGSuite's notation into a [`LoopyGraph`]: the short values of
//! [`crate::partizan::notation`] (`1/2`, `^*`, `{1|-1}`, `±1`), the named stoppers `on`,
//! `off`, `over`, `under`, `upon` (and their negatives `-on`...), `dud`, numbers with `over`
//! or `under` (`3/2under`, `-1over`), `pass` as an option (a move to the game itself:
//! `{0|pass}` is `over`), labels binding the game they stand before (`a{0|{1|a}}`: the inner
//! game's Right option is the outer game), and a sided value `S & T` (onside S, offside T).
//! More bars bind looser, as for short games (`{on||0|-1/2}`).
//!
//! Errors name the 1-based column and what was expected.

use crate::error::{excerpt, GrundyError, Result};
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::loopy::graph::{LoopyGraph, Player};
use rustc_hash::FxHashMap;

/// A loopy value as read: its graph and the position it starts at, or two (the onside and
/// the offside) for `S & T`.
#[derive(Clone, Debug)]
pub struct ReadLoopy {
    /// Every position written.
    pub graph: LoopyGraph,
    /// The game, or its onside for `S & T`.
    pub start: u32,
    /// The offside of `S & T`.
    pub offside: Option<u32>,
}

/// Words of the notation that are not labels.
const KEYWORDS: [&str; 7] = ["on", "off", "dud", "over", "under", "upon", "pass"];

fn error(column: usize, message: impl Into<String>) -> GrundyError {
    GrundyError::Parse {
        column,
        message: message.into(),
    }
}

/// Whether a text uses loopy notation (a keyword, a label or `&`): the others are short
/// values, read by [`crate::partizan::notation`].
pub fn is_loopy(text: &str) -> bool {
    if text.contains('&') {
        return true;
    }
    let mut word = String::new();
    for c in text.chars().chain([' ']) {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '/');
            if KEYWORDS.contains(&w) || (c == '{' && is_label(w)) {
                return true;
            }
            word.clear();
        }
    }
    false
}

fn is_label(w: &str) -> bool {
    let mut chars = w.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_lowercase() && c != 'v')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        && !KEYWORDS.contains(&w)
}

/// Reads `text` (the whole of it); short parts go through `forms`.
pub fn parse_loopy(forms: &mut Forms, text: &str) -> Result<ReadLoopy> {
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader {
        chars: &chars,
        graph: LoopyGraph::new(),
        grafted: FxHashMap::default(),
        labels: Vec::new(),
        named: FxHashMap::default(),
        forms,
    };
    let (s, e) = reader.trim(0, chars.len());
    if s == e {
        return Err(error(
            1,
            "expected a loopy value such as on, over, {0|pass} or a{0|{1|a}}",
        ));
    }
    let amp = reader.top_level(s, e, '&');
    let (start, offside) = match amp {
        Some(i) => {
            let (s1, e1) = reader.trim(s, i);
            let (s2, e2) = reader.trim(i + 1, e);
            if s1 == e1 {
                return Err(error(i + 1, "expected the onside before '&'"));
            }
            if s2 == e2 {
                return Err(error(i + 1, "expected the offside after '&'"));
            }
            if let Some(j) = reader.top_level(s2, e2, '&') {
                return Err(error(j + 1, "one '&' only: a value has two sides"));
            }
            (reader.game(s1, e1)?, Some(reader.game(s2, e2)?))
        }
        None => (reader.game(s, e)?, None),
    };
    reader.forms.status()?;
    Ok(ReadLoopy {
        graph: reader.graph,
        start,
        offside,
    })
}

struct Reader<'a, 'f> {
    chars: &'a [char],
    graph: LoopyGraph,
    grafted: FxHashMap<GameId, u32>,
    /// Labels in scope, innermost last.
    labels: Vec<(String, u32)>,
    /// The named stoppers made so far.
    named: FxHashMap<&'static str, u32>,
    forms: &'f mut Forms,
}

impl Reader<'_, '_> {
    fn trim(&self, mut start: usize, mut end: usize) -> (usize, usize) {
        while start < end && self.chars[start].is_whitespace() {
            start += 1;
        }
        while end > start && self.chars[end - 1].is_whitespace() {
            end -= 1;
        }
        (start, end)
    }

    fn text(&self, start: usize, end: usize) -> String {
        self.chars[start..end].iter().collect()
    }

    fn top_level(&self, start: usize, end: usize, wanted: char) -> Option<usize> {
        crate::partizan::notation::top_level(self.chars, start, end, wanted)
    }

    /// One game spanning `start..end` (trimmed, not empty).
    fn game(&mut self, start: usize, end: usize) -> Result<u32> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || self.game_inner(start, end))
    }

    fn game_inner(&mut self, start: usize, end: usize) -> Result<u32> {
        let chars = self.chars;
        // a label before braces
        let mut i = start;
        while i < end && (chars[i].is_ascii_alphanumeric()) {
            i += 1;
        }
        if i < end && chars[i] == '{' && i > start && !chars[start].is_ascii_digit() {
            let label = self.text(start, i);
            if !is_label(&label) {
                return Err(error(
                    start + 1,
                    format!(
                        "'{}' cannot label a game (a label is a lowercase word other than v and the keywords {})",
                        excerpt(&label),
                        KEYWORDS.join(", ")
                    ),
                ));
            }
            return self.braces_at(i, end, Some(label));
        }
        if chars[start] == '{' {
            return self.braces_at(start, end, None);
        }
        if let Some(i) = (start..end).find(|&i| matches!(chars[i], '}' | '|')) {
            return Err(error(
                i + 1,
                format!("unexpected '{}' outside braces", chars[i]),
            ));
        }
        let word = self.text(start, end);
        let (negative, bare) = match word.strip_prefix('-') {
            Some(rest) => (true, rest.trim_start()),
            None => (false, word.as_str()),
        };
        if bare == "pass" {
            return Err(error(
                start + 1,
                "'pass' is an option inside braces ({0|pass}), not a game",
            ));
        }
        if let Some(v) = self.named(bare, negative)? {
            return Ok(v);
        }
        if let Some(&(_, v)) = self.labels.iter().rev().find(|(l, _)| *l == word) {
            return Ok(v);
        }
        // a number followed by over or under
        for (suffix, over) in [("over", true), ("under", false)] {
            if let Some(number) = word.strip_suffix(suffix) {
                let (ns, ne) = self.trim(start, start + number.chars().count());
                let g = self.short(ns, ne)?;
                let Some(x) = self.forms.as_number(g) else {
                    return Err(error(
                        start + 1,
                        format!("'{}' before '{suffix}' is not a number", excerpt(number)),
                    ));
                };
                let x = self.forms.number(x)?;
                let xv = self.graph.graft_form(self.forms, x, &mut self.grafted)?;
                let v = self.graph.add();
                let (to_x, pass) = if over {
                    (Player::Left, Player::Right)
                } else {
                    (Player::Right, Player::Left)
                };
                self.graph.add_move(to_x, v, xv);
                self.graph.add_move(pass, v, v);
                return Ok(v);
            }
        }
        if chars[start].is_ascii_lowercase()
            && word.chars().all(|c| c.is_ascii_alphanumeric())
            && is_label(&word)
        {
            return Err(error(
                start + 1,
                format!(
                    "unknown label '{}' (a label names the game it stands before: a{{0|a}})",
                    excerpt(&word)
                ),
            ));
        }
        let g = self.short(start, end)?;
        self.graph.graft_form(self.forms, g, &mut self.grafted)
    }

    /// A short value in `start..end`, errors moved to the right column.
    fn short(&mut self, start: usize, end: usize) -> Result<GameId> {
        let text = self.text(start, end);
        self.forms.parse(&text).map_err(|e| match e {
            GrundyError::Parse { column, message } => error(start + column, message),
            other => other,
        })
    }

    /// `on`, `off`, `dud`, `over`, `under`, `upon` (negated if asked), made once each.
    fn named(&mut self, word: &str, negative: bool) -> Result<Option<u32>> {
        let key: &'static str = match (word, negative) {
            ("on", false) | ("off", true) => "on",
            ("off", false) | ("on", true) => "off",
            ("dud", _) => "dud",
            ("over", false) | ("under", true) => "over",
            ("under", false) | ("over", true) => "under",
            ("upon", false) => "upon",
            ("upon", true) => "-upon",
            _ => return Ok(None),
        };
        if let Some(&v) = self.named.get(key) {
            return Ok(Some(v));
        }
        let v = self.graph.add();
        let short = |r: &mut Self, text: &str| {
            let g = r.forms.parse(text)?;
            r.graph.graft_form(r.forms, g, &mut r.grafted)
        };
        use Player::{Left, Right};
        match key {
            "on" => self.graph.add_move(Left, v, v),
            "off" => self.graph.add_move(Right, v, v),
            "dud" => {
                self.graph.add_move(Left, v, v);
                self.graph.add_move(Right, v, v);
            }
            "over" => {
                let zero = short(self, "0")?;
                self.graph.add_move(Left, v, zero);
                self.graph.add_move(Right, v, v);
            }
            "under" => {
                let zero = short(self, "0")?;
                self.graph.add_move(Right, v, zero);
                self.graph.add_move(Left, v, v);
            }
            "upon" => {
                let star = short(self, "*")?;
                self.graph.add_move(Left, v, v);
                self.graph.add_move(Right, v, star);
            }
            _ => {
                let star = short(self, "*")?;
                self.graph.add_move(Left, v, star);
                self.graph.add_move(Right, v, v);
            }
        }
        self.named.insert(key, v);
        Ok(Some(v))
    }

    /// `{...}` from the brace at `open` to `end` (which its closing brace must end).
    fn braces_at(&mut self, open: usize, end: usize, label: Option<String>) -> Result<u32> {
        let chars = self.chars;
        let mut depth = 0usize;
        for (i, &c) in chars.iter().enumerate().take(end).skip(open) {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 && i + 1 != end {
                        return Err(error(
                            i + 2,
                            format!(
                                "unexpected '{}' after the closing brace",
                                excerpt(&self.text(i + 1, end))
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        if depth != 0 || chars[end - 1] != '}' {
            return Err(error(
                open + 1,
                "unbalanced braces: this '{' is never closed",
            ));
        }
        let v = self.graph.add();
        let bound = label.is_some();
        if let Some(l) = label {
            self.labels.push((l, v));
        }
        let result = self.body(v, open + 1, end - 1, open + 1);
        if bound {
            self.labels.pop();
        }
        result?;
        Ok(v)
    }

    /// The inside of braces (or of a side written with bars), giving position `v` its moves.
    fn body(&mut self, v: u32, start: usize, end: usize, open: usize) -> Result<()> {
        let (bar, len) = crate::partizan::notation::main_bar(self.chars, start, end, open)?;
        for (player, (s, e)) in [
            (Player::Left, (start, bar)),
            (Player::Right, (bar + len, end)),
        ] {
            for w in self.side(v, s, e)? {
                self.graph.add_move(player, v, w);
            }
        }
        Ok(())
    }

    fn bar_runs(&self, start: usize, end: usize) -> Result<Vec<(usize, usize)>> {
        crate::partizan::notation::bar_runs(self.chars, start, end)
    }

    /// One side's options; `pass` is `v` itself.
    fn side(&mut self, v: u32, start: usize, end: usize) -> Result<Vec<u32>> {
        let (start, end) = self.trim(start, end);
        if start == end {
            return Ok(Vec::new());
        }
        if !self.bar_runs(start, end)?.is_empty() {
            if let Some(i) = self.top_level(start, end, ',') {
                return Err(error(
                    i + 1,
                    "a side with several options needs braces around a game written with bars",
                ));
            }
            let w = self.graph.add();
            self.body(w, start, end, start + 1)?;
            return Ok(vec![w]);
        }
        let mut options = Vec::new();
        let mut from = start;
        loop {
            let comma = self.top_level(from, end, ',').unwrap_or(end);
            let (s, e) = self.trim(from, comma);
            if s == e {
                return Err(error(comma + 1, "expected an option before ','"));
            }
            if self.text(s, e) == "pass" {
                options.push(v);
            } else {
                options.push(self.game(s, e)?);
            }
            if comma == end {
                return Ok(options);
            }
            from = comma + 1;
        }
    }
}
