//! Reads values written in CGSuite's notation into canonical forms: numbers `3/4`, `-2`;
//! nimbers `*`, `*3`; ups `^`, `v`, `^2`, `^^`, `v3`; their sums `1/2^*`, `-1v2*`; `±x` (or
//! `+-x`) for `{x | -x}`; and games `{L1, L2 | R1, R2}` whose options are any of these. More
//! bars bind looser: `{2||1|0}` is `{2 | {1|0}}`; the longest run of bars in a pair of braces
//! must be the only one of its length.
//!
//! Errors name the 1-based column in the text and what was expected.

use crate::error::{excerpt, GrundyError, Result};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId, Nus};

fn error(column: usize, message: impl Into<String>) -> GrundyError {
    GrundyError::Parse {
        column,
        message: message.into(),
    }
}

/// Parses `text` (the whole of it) into a canonical form of `forms`.
pub fn parse(forms: &mut Forms, text: &str) -> Result<GameId> {
    let chars: Vec<char> = text.chars().collect();
    let (start, end) = trim(&chars, 0, chars.len());
    if start == end {
        return Err(error(
            1,
            "expected a game value such as 1/2, *, ^ or {1|-1}",
        ));
    }
    value(forms, &chars, start, end)
}

fn trim(chars: &[char], mut start: usize, mut end: usize) -> (usize, usize) {
    while start < end && chars[start].is_whitespace() {
        start += 1;
    }
    while end > start && chars[end - 1].is_whitespace() {
        end -= 1;
    }
    (start, end)
}

/// A value spanning `chars[start..end]` (already trimmed, not empty).
fn value(forms: &mut Forms, chars: &[char], start: usize, end: usize) -> Result<GameId> {
    stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
        if chars[start] == '±' || (chars[start] == '+' && chars.get(start + 1) == Some(&'-')) {
            let skip = if chars[start] == '±' { 1 } else { 2 };
            let (s, e) = trim(chars, start + skip, end);
            if s == e {
                return Err(error(start + 1, "expected a value after ±"));
            }
            let x = value(forms, chars, s, e)?;
            let minus = forms.neg(x);
            return forms.make(vec![x], vec![minus]);
        }
        // a sum, as CGSuite writes inside braces: 1+*, ^+*2
        let from = if matches!(chars[start], '+' | '±') {
            start + 1 // the sign of ±x
        } else {
            start
        };
        if let Some(plus) = top_level(chars, from, end, '+').filter(|&i| i > start) {
            let (ls, le) = trim(chars, start, plus);
            let (rs, re) = trim(chars, plus + 1, end);
            if rs == re {
                return Err(error(plus + 1, "expected a value after '+'"));
            }
            let (a, b) = (value(forms, chars, ls, le)?, value(forms, chars, rs, re)?);
            return forms.add(a, b);
        }
        if chars[start] == '{' {
            // the matching brace must close the value
            let mut depth = 0usize;
            for (i, &c) in chars.iter().enumerate().take(end).skip(start) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 && i + 1 != end {
                            return Err(error(
                                i + 2,
                                format!(
                                    "unexpected '{}' after the closing brace",
                                    excerpt(&chars[i + 1..end].iter().collect::<String>())
                                ),
                            ));
                        }
                    }
                    _ => {}
                }
            }
            if depth != 0 || chars[end - 1] != '}' {
                return Err(error(
                    start + 1,
                    "unbalanced braces: this '{' is never closed",
                ));
            }
            return braces(forms, chars, start + 1, end - 1, start + 1);
        }
        if let Some(i) = (start..end).find(|&i| chars[i] == '}') {
            return Err(error(i + 1, "unbalanced braces: a '}' with no '{'"));
        }
        atom(forms, chars, start, end)
    })
}

/// The inside of `{...}` (without the braces); `open` is the column of the brace.
fn braces(
    forms: &mut Forms,
    chars: &[char],
    start: usize,
    end: usize,
    open: usize,
) -> Result<GameId> {
    let (bar, len) = main_bar(chars, start, end, open)?;
    let left = side(forms, chars, start, bar)?;
    let right = side(forms, chars, bar + len, end)?;
    forms.make(left, right)
}

/// The bars that split the inside of braces `chars[start..end]` into Left's and Right's
/// options: the one longest run of bars at the top level, as (position, length); `open` is the
/// column of the brace, for the message when there is no bar.
pub(crate) fn main_bar(
    chars: &[char],
    start: usize,
    end: usize,
    open: usize,
) -> Result<(usize, usize)> {
    let runs = bar_runs(chars, start, end)?;
    let Some(longest) = runs.iter().map(|r| r.1).max() else {
        return Err(error(
            open,
            "expected '|' between Left's and Right's options",
        ));
    };
    let at: Vec<&(usize, usize)> = runs.iter().filter(|r| r.1 == longest).collect();
    if at.len() > 1 {
        return Err(error(
            at[1].0 + 1,
            format!(
                "ambiguous bars: {} runs of {} '|' in one game (write braces or more bars)",
                at.len(),
                longest
            ),
        ));
    }
    Ok(*at[0])
}

/// The top-level bar runs of `chars[start..end]`: (position, length).
pub(crate) fn bar_runs(chars: &[char], start: usize, end: usize) -> Result<Vec<(usize, usize)>> {
    let mut runs = Vec::new();
    let mut depth = 0usize;
    let mut i = start;
    while i < end {
        match chars[i] {
            '{' => depth += 1,
            '}' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| error(i + 1, "unbalanced braces: a '}' with no '{'"))?
            }
            '|' if depth == 0 => {
                let from = i;
                while i < end && chars[i] == '|' {
                    i += 1;
                }
                runs.push((from, i - from));
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(runs)
}

/// One side's options: empty, a comma-separated list, or a game written without braces
/// (`1|0` in `{2||1|0}`).
fn side(forms: &mut Forms, chars: &[char], start: usize, end: usize) -> Result<Vec<GameId>> {
    let (start, end) = trim(chars, start, end);
    if start == end {
        return Ok(Vec::new());
    }
    if !bar_runs(chars, start, end)?.is_empty() {
        if let Some(i) = top_level(chars, start, end, ',') {
            return Err(error(
                i + 1,
                "a side with several options needs braces around a game written with bars",
            ));
        }
        return Ok(vec![braces(forms, chars, start, end, start + 1)?]);
    }
    let mut options = Vec::new();
    let mut from = start;
    loop {
        let comma = top_level(chars, from, end, ',').unwrap_or(end);
        let (s, e) = trim(chars, from, comma);
        if s == e {
            return Err(error(
                comma.min(chars.len()) + 1,
                "expected an option before ','",
            ));
        }
        options.push(value(forms, chars, s, e)?);
        if comma == end {
            return Ok(options);
        }
        from = comma + 1;
    }
}

/// The first `wanted` of `chars[start..end]` outside braces.
pub(crate) fn top_level(chars: &[char], start: usize, end: usize, wanted: char) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in chars.iter().enumerate().take(end).skip(start) {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            c if c == wanted && depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

/// `[number][ups][star]`, at least one of them.
fn atom(forms: &mut Forms, chars: &[char], start: usize, end: usize) -> Result<GameId> {
    let text: String = chars[start..end].iter().collect();
    let bad = |at: usize, what: &str| {
        error(
            at + 1,
            format!(
                "'{}': {what} (a value is a number, ^ or v, *, or {{L|R}})",
                excerpt(&text)
            ),
        )
    };
    let mut i = start;
    let digits = |i: &mut usize| -> (usize, usize) {
        let from = *i;
        while *i < end && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        (from, *i)
    };
    // the number
    let mut number = Dyadic::ZERO;
    let negative = chars[i] == '-';
    if negative {
        i += 1;
    }
    let (a, b) = digits(&mut i);
    if a < b {
        let mut num: String = chars[a..b].iter().collect();
        if i < end && chars[i] == '/' {
            i += 1;
            let (c, d) = digits(&mut i);
            if c == d {
                return Err(bad(i, "expected the denominator after '/'"));
            }
            num.push('/');
            num.extend(&chars[c..d]);
        }
        if negative {
            num.insert(0, '-');
        }
        number = num.parse::<Dyadic>().map_err(|e| match e {
            GrundyError::Unsupported(m) | GrundyError::Overflow(m) => error(a + 1, m),
            other => other,
        })?;
    } else if negative && i < end && !matches!(chars[i], '^' | 'v' | '*') {
        return Err(bad(i, "expected a number after '-'"));
    }
    // ups: ^, ^^, ^3, v, vv, v3
    let mut ups: i64 = 0;
    if i < end && (chars[i] == '^' || chars[i] == 'v') {
        let c = chars[i];
        let sign = if c == '^' { 1 } else { -1 };
        let mut count = 0i64;
        while i < end && chars[i] == c {
            count += 1;
            i += 1;
        }
        let (d0, d1) = digits(&mut i);
        if d0 < d1 {
            if count != 1 {
                return Err(bad(d0, "write ^3 or ^^^, not both"));
            }
            let s: String = chars[d0..d1].iter().collect();
            count = s
                .parse()
                .map_err(|_| bad(d0, "a multiple of up beyond 64 bits"))?;
        }
        ups = sign * count;
    }
    if negative && a == b {
        ups = -ups; // -^ is v
    }
    // the star
    let mut nimber = 0u32;
    if i < end && chars[i] == '*' {
        i += 1;
        let (d0, d1) = digits(&mut i);
        nimber = if d0 < d1 {
            let s: String = chars[d0..d1].iter().collect();
            s.parse().map_err(|_| bad(d0, "a nimber beyond 32 bits"))?
        } else {
            1
        };
        if negative && a == b && ups == 0 {
            // -* is *
        }
    }
    if i != end || (a == b && ups == 0 && nimber == 0 && !(i > start && chars[i - 1] == '*')) {
        return Err(bad(i.min(end - 1).max(start), "unexpected character"));
    }
    Ok(forms.nus(Nus {
        number,
        ups,
        nimber,
    }))
}

/// Values written in notation, each parsed into the arena the first time it is met: the
/// parts of sums that repeat a value (`{1|-1} + ...` in every position of a game) parse it
/// once.
#[derive(Default)]
pub struct NotationCache {
    parsed: rustc_hash::FxHashMap<String, GameId>,
}

impl NotationCache {
    /// The canonical form of `text` in `forms` (parsed now if not met before).
    pub fn value(&mut self, forms: &mut Forms, text: &str) -> Result<GameId> {
        if let Some(&g) = self.parsed.get(text) {
            return Ok(g);
        }
        let g = forms.parse(text)?;
        self.parsed.insert(text.to_string(), g);
        Ok(g)
    }
}

impl Forms {
    /// Reads a value in CGSuite's notation (see [`Forms::to_string`]; also `±x` for `{x|-x}`,
    /// `{2|{1|0}}`, `vv`, `^^*`).
    pub fn parse(&mut self, text: &str) -> Result<GameId> {
        parse(self, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(text: &str) -> String {
        let mut f = Forms::new(100_000);
        let g = parse(&mut f, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        f.to_string(g)
    }

    #[test]
    fn values_print_as_cgsuite_writes_them() {
        for (text, printed) in [
            ("3/4", "3/4"),
            ("-2", "-2"),
            ("*", "*"),
            ("*3", "*3"),
            ("^", "^"),
            ("v", "v"),
            ("^2", "^2"),
            ("^^", "^2"),
            ("vvv", "v3"),
            ("^*", "^*"),
            ("1*", "1*"),
            ("-1v2*", "-1v2*"),
            ("{1|-1}", "{1|-1}"),
            ("±1", "{1|-1}"),
            ("{2||1|0}", "{2||1|0}"),
            ("{2|{1|0}}", "{2||1|0}"),
            ("{0|{0,{0|-2}|-2}}", "{0|{0,{0|-2}|-2}}"),
            ("{{2|1}|{0|-1}}", "{2|1||0|-1}"),
            ("{1/2,*|v}", "{1/2|v}"),
            ("{0|*}", "^"),
            ("{0,*|0}", "^*"),
            ("{0|^*}", "^2"),
            ("{0|*2}", "^*3"),
            ("{|}", "0"),
            ("{0|}", "1"),
            ("{ 0 | 1 }", "1/2"),
            ("{-1|-1}", "-1*"),
            ("{1|1}", "1*"),
            ("{0,*,*2|0,*,*2}", "*3"),
            ("-*", "*"),
            // sums as CGSuite writes them inside braces
            ("1+*", "1*"),
            ("{1+*|0}", "{1*|0}"),
            ("{^+*2|-1}", "{^*2|-1}"),
            ("{1|0} + {1|0}", "1"),
            ("{1|-1}+{1|-1}", "0"),
        ] {
            assert_eq!(round(text), printed, "{text}");
        }
    }

    #[test]
    fn errors_name_a_column() {
        let mut f = Forms::new(1000);
        for (text, column) in [
            ("", 1),
            ("{1|-1", 1),
            ("1|-1}", 5),
            ("{1|2|3}", 5),
            ("1/3", 1),
            ("x", 1),
            ("{1|-1}x", 7),
            ("{1,|0}", 4),
            ("3/", 3),
            ("{1}", 1),
        ] {
            match parse(&mut f, text) {
                Err(GrundyError::Parse { column: c, .. }) => assert_eq!(c, column, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
