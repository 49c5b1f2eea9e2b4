//! Hackenbush stalks: each stalk a string of edges from the ground up, `L` (blue, Left's),
//! `R` (red, Right's) or `G` (green, either player's); cutting an edge removes it and every
//! edge above it. Written `hackenbush LRL GG`: the sum of the stalks. A blue-red stalk is a
//! number (blue then red from the ground is 1/2), a green stalk of n edges is *n.

use crate::error::{excerpt, Result};
use crate::games::partizan::{PartizanPart, PartizanSyntax};
use crate::games::syntax::{error, Word};
use crate::partizan::PartizanRules;

/// `hackenbush STALK...`.
pub const SYNTAX: PartizanSyntax = PartizanSyntax {
    keyword: "hackenbush",
    usage: "hackenbush STALK ...",
    summary: "Hackenbush stalks of L (blue), R (red), G (green) edges from the ground up",
    examples: &["hackenbush LR GG", "hackenbush LLR"],
    read,
};

/// The longest stalk.
pub const MAX_EDGES: usize = 4096;

fn read(name: Word, args: &[Word]) -> Result<PartizanPart> {
    if args.is_empty() {
        return Err(error(
            name.column,
            "'hackenbush' takes stalks of L, R and G (hackenbush STALK ...)",
        ));
    }
    let mut stalks = Vec::new();
    for w in args {
        if let Some(i) = w.text.find(|c| !matches!(c, 'L' | 'R' | 'G')) {
            return Err(error(
                w.column + w.text[..i].chars().count(),
                format!(
                    "'{}': a stalk is made of L (blue), R (red) and G (green) edges",
                    excerpt(w.text)
                ),
            ));
        }
        if w.text.len() > MAX_EDGES {
            return Err(error(
                w.column,
                format!("a stalk of {} edges: at most {MAX_EDGES}", w.text.len()),
            ));
        }
        stalks.push(w.text.as_bytes().into());
    }
    Ok(PartizanPart::Hackenbush(stalks))
}

/// Writes stalks back as `hackenbush` reads them (`0` when every edge is cut: an empty sum).
pub fn text(stalks: &[Box<[u8]>]) -> String {
    let words: Vec<String> = stalks
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect();
    if words.is_empty() {
        "0".into()
    } else {
        format!("hackenbush {}", words.join(" "))
    }
}

/// The rules of Hackenbush stalks; a position is a list of stalks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl PartizanRules for Hackenbush {
    type Position = Vec<Box<[u8]>>;

    fn split(&self, stalks: &Vec<Box<[u8]>>, out: &mut Vec<(Vec<Box<[u8]>>, bool)>) {
        for s in stalks {
            if !s.is_empty() {
                out.push((vec![s.clone()], false));
            }
        }
    }

    fn options(&self, stalks: &Vec<Box<[u8]>>, left: bool, out: &mut Vec<Vec<Box<[u8]>>>) {
        let mine = if left { b'L' } else { b'R' };
        for (k, s) in stalks.iter().enumerate() {
            for (i, &e) in s.iter().enumerate() {
                if e == mine || e == b'G' {
                    let mut next = stalks.clone();
                    next[k] = s[..i].into();
                    out.push(next);
                }
            }
        }
    }
}
