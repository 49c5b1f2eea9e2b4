//! Hackenbush: edges `L` (blue, Left's), `R` (red, Right's) or `G` (green, either player's)
//! joined to the ground; a player cuts one of the edges they may cut, and every edge no longer
//! joined to the ground falls.
//!
//! - Stalks: `hackenbush LRL GG`, the sum of the stalks, each a string of edges from the ground
//!   up. A blue-red stalk is a number (blue then red from the ground is 1/2), a green stalk of
//!   n edges is *n.
//! - Any picture: `hackenbush FILE`, the file holding `n m` then m lines `u v C` (vertices
//!   0..n, 0 the ground; loops and repeated edges allowed). A position reached by cutting is
//!   written `hackenbush FILE cut 2,5` (the edges cut, numbered from 1 in the file's order).
//!   The search splits a picture into the parts that meet only at the ground, and stores a
//!   part and its colour-swapped negative as one entry.

use crate::error::{excerpt, Result};
use crate::games::partizan_game::{options_of, PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::input::Tokens;
use crate::partizan::PartizanRules;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The longest stalk, and the most edges of a picture.
pub const MAX_EDGES: usize = 4096;

impl PartizanGame for Hackenbush {
    type Rules = Hackenbush;
    type Part = Vec<Box<[u8]>>;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "hackenbush",
        usage: "hackenbush STALK...",
        cells: "",
        one_row: false,
        summary: "Hackenbush stalks: L (blue), R (red), G (green) edges from the ground up",
        examples: &["hackenbush LR GG", "hackenbush LLR"],
    };

    const PLAYERS: [&'static str; 2] = ["blue edges", "red edges"];

    /// Stalks; `None` when the first word is not one (a picture's file).
    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<Vec<Box<[u8]>>>> {
        if args.is_empty() {
            return Err(error(
                name.column,
                "'hackenbush' takes stalks of L, R and G, or a file (hackenbush STALK ... or hackenbush FILE)",
            ));
        }
        if args[0].text.contains(|c| !matches!(c, 'L' | 'R' | 'G')) {
            return Ok(None);
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
        Ok(Some(stalks))
    }

    /// `0` when every edge is cut: an empty sum.
    fn text(stalks: &Vec<Box<[u8]>>) -> String {
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

    fn position(stalks: &Vec<Box<[u8]>>) -> Vec<Box<[u8]>> {
        stalks.clone()
    }

    fn moves(rules: &Hackenbush, stalks: &Vec<Box<[u8]>>, left: bool) -> Vec<Vec<Box<[u8]>>> {
        options_of(rules, stalks, left)
    }
}

impl PartizanGame for HackenbushPicture {
    type Rules = HackenbushPicture;
    type Part = PicturePosition;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "hackenbush",
        usage: "hackenbush FILE [cut E,...]",
        cells: "",
        one_row: false,
        summary: "a Hackenbush picture: FILE holds 'n m', then 'u v C' per edge (0 the ground; C is L, R or G); 'cut 2,5' once edges 2 and 5 are cut",
        examples: &[],
    };

    const PLAYERS: [&'static str; 2] = ["blue edges", "red edges"];

    fn read(_: Word, args: &[Word], context: &mut ParseContext) -> Result<Option<PicturePosition>> {
        read_picture_part(args, context).map(Some)
    }

    fn text(p: &PicturePosition) -> String {
        if p.cut.is_empty() {
            format!("hackenbush {}", p.name)
        } else {
            let cut: Vec<String> = p.cut.iter().map(u32::to_string).collect();
            format!("hackenbush {} cut {}", p.name, cut.join(","))
        }
    }

    fn position(p: &PicturePosition) -> Box<[Edge]> {
        p.edges().into()
    }

    /// Cut one standing edge of the player's colour or green.
    fn moves(_: &HackenbushPicture, p: &PicturePosition, left: bool) -> Vec<PicturePosition> {
        let mine = if left { b'L' } else { b'R' };
        let standing = p.standing();
        (0..p.picture.edges.len())
            .filter(|&i| standing[i] && matches!(p.picture.edges[i].2, c if c == mine || c == b'G'))
            .map(|i| {
                let mut next = p.clone();
                next.cut.push(i as u32 + 1);
                next.cut.sort_unstable();
                next
            })
            .collect()
    }
}

/// A Hackenbush picture: edges `(u, v, colour)` between vertices `0..vertices`, vertex 0 the
/// ground, colour `b'L'`, `b'R'` or `b'G'`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Picture {
    /// How many vertices (the ground included).
    pub vertices: u32,
    /// The edges, in the file's order.
    pub edges: Vec<Edge>,
}

/// An edge `(u, v, colour)`.
pub type Edge = (u32, u32, u8);

/// Reads a picture: optional `#` comment lines, `n m`, then m lines `u v C` with `u`, `v` in
/// `0..n` and `C` one of `L`, `R`, `G`. Every error names its line. O(size of the input).
///
/// ```
/// use grundy::games::hackenbush::read_picture;
/// let p = read_picture(b"3 3\n0 1 L\n1 2 R\n2 0 G\n").unwrap(); // a triangle on the ground
/// assert_eq!(p.edges[2], (2, 0, b'G'));
/// assert!(read_picture(b"2 1\n0 2 L\n").unwrap_err().to_string().starts_with("line 2"));
/// ```
pub fn read_picture(input: &[u8]) -> Result<Picture> {
    let mut t = Tokens::new(input);
    t.skip_comments();
    let n = t.u64_in("the number of vertices n", 1, u32::MAX as u64)?;
    let m = t.u64_in("the number of edges m", 0, MAX_EDGES as u64)?;
    let mut edges = Vec::with_capacity(m as usize);
    for i in 0..m {
        t.expect_item(i, m, "edges")?;
        let u = t.u64("a vertex u")?;
        let v = t.u64("a vertex v")?;
        for x in [u, v] {
            if x >= n {
                return Err(t.error(format!(
                    "vertex {x} is out of range 0..={} (0 is the ground)",
                    n - 1
                )));
            }
        }
        let colour = t.expect_word("a colour L, R or G")?;
        let colour = match colour {
            b"L" | b"R" | b"G" => colour[0],
            other => {
                return Err(t.error(format!(
                    "colour '{}': expected L (blue, Left's), R (red, Right's) or G (green)",
                    excerpt(&String::from_utf8_lossy(other))
                )))
            }
        };
        edges.push((u as u32, v as u32, colour));
    }
    t.expect_end(m, "edges")?;
    Ok(Picture {
        vertices: n as u32,
        edges,
    })
}

/// A position of a picture: the edges cut so far (numbered from 1 in the file's order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PicturePosition {
    /// The name the picture was read under (its path).
    pub name: String,
    /// The picture.
    pub picture: Arc<Picture>,
    /// The edges cut, sorted.
    pub cut: Vec<u32>,
}

impl PicturePosition {
    /// For each edge of the picture, whether it still stands: not cut, and joined to the
    /// ground through standing edges. O(edges).
    pub fn standing(&self) -> Vec<bool> {
        let edges = &self.picture.edges;
        let mut alive = vec![true; edges.len()];
        for &c in &self.cut {
            alive[c as usize - 1] = false;
        }
        let mut adjacency: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (i, &(u, v, _)) in edges.iter().enumerate() {
            if alive[i] {
                adjacency.entry(u).or_default().push(i);
                adjacency.entry(v).or_default().push(i);
            }
        }
        let mut reached = vec![false; edges.len()];
        let mut seen: rustc_hash::FxHashSet<u32> = [0].into_iter().collect();
        let mut stack = vec![0u32];
        while let Some(x) = stack.pop() {
            for &i in adjacency.get(&x).map_or(&[][..], Vec::as_slice) {
                reached[i] = true;
                let (u, v, _) = edges[i];
                let y = if u == x { v } else { u };
                if seen.insert(y) {
                    stack.push(y);
                }
            }
        }
        reached
    }

    /// The standing edges, as the search takes them.
    pub fn edges(&self) -> Vec<Edge> {
        self.standing()
            .iter()
            .zip(&self.picture.edges)
            .filter(|(&s, _)| s)
            .map(|(_, &e)| e)
            .collect()
    }
}

/// `hackenbush FILE [cut E1,E2,...]`.
fn read_picture_part(args: &[Word], context: &mut ParseContext) -> Result<PicturePosition> {
    let file = args[0];
    let in_file = |column, e| error(column, format!("hackenbush {}: {e}", excerpt(file.text)));
    let graphs = context.graphs;
    let picture = context.try_shared("hackenbush picture", file.text, || {
        let text = graphs.text(file.text).map_err(|e| {
            // a word of letters is more likely a stalk with a typo than a file's name
            if file.text.chars().all(|c| c.is_ascii_alphabetic()) {
                let i = file.text.find(|c| !matches!(c, 'L' | 'R' | 'G')).unwrap_or(0);
                return error(
                    file.column + i,
                    format!(
                        "'{}': a stalk is made of L (blue), R (red) and G (green) edges (and no picture file of that name could be read)",
                        excerpt(file.text)
                    ),
                );
            }
            in_file(file.column, e)
        })?;
        Ok(Arc::new(
            read_picture(&text).map_err(|e| in_file(file.column, e))?,
        ))
    })?;
    let mut cut = Vec::new();
    match args {
        [_] => {}
        [_, word, list] if word.text == "cut" => {
            let mut column = list.column;
            for item in list.text.split(',') {
                let e = item
                    .parse::<u32>()
                    .ok()
                    .filter(|&e| e >= 1 && e as usize <= picture.edges.len())
                    .ok_or_else(|| {
                        error(
                            column,
                            format!(
                                "'{}': expected an edge number in 1..={} (edges are numbered in the file's order)",
                                excerpt(item),
                                picture.edges.len()
                            ),
                        )
                    })?;
                if cut.contains(&e) {
                    return Err(error(column, format!("edge {e} is cut twice")));
                }
                cut.push(e);
                column += item.chars().count() + 1;
            }
        }
        _ => {
            let at = args.get(1).map_or(file.column, |w| w.column);
            return Err(error(
                at,
                "a picture is written 'hackenbush FILE' or 'hackenbush FILE cut E1,E2,...' (the edges cut)",
            ));
        }
    }
    cut.sort_unstable();
    Ok(PicturePosition {
        name: file.text.to_string(),
        picture,
        cut,
    })
}

/// The rules of Hackenbush pictures; a position is a list of edges (any vertex labels, 0 the
/// ground), a normalised part one piece that meets the rest only at the ground, its vertices
/// renumbered in the order a search from the ground meets them and its edges sorted.
#[derive(Clone, Copy, Debug, Default)]
pub struct HackenbushPicture;

impl PartizanRules for HackenbushPicture {
    type Position = Box<[Edge]>;

    fn size(&self, edges: &Box<[Edge]>) -> usize {
        edges.len()
    }

    fn split(&self, edges: &Box<[Edge]>, out: &mut Vec<(Box<[Edge]>, bool)>) {
        let mut adjacency: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (i, &(u, v, _)) in edges.iter().enumerate() {
            adjacency.entry(u).or_default().push(i);
            if v != u {
                adjacency.entry(v).or_default().push(i);
            }
        }
        // vertex -> (piece, new label); the ground is 0 in every piece
        let mut label: FxHashMap<u32, (usize, u32)> = FxHashMap::default();
        let mut pieces: Vec<Vec<Edge>> = Vec::new();
        let ground_edges = adjacency.get(&0).cloned().unwrap_or_default();
        for &i in &ground_edges {
            let (u, v, c) = edges[i];
            let top = if u == 0 { v } else { u };
            if top == 0 {
                pieces.push(vec![(0, 0, c)]); // a loop at the ground stands alone
                continue;
            }
            if label.contains_key(&top) {
                continue;
            }
            let piece = pieces.len();
            pieces.push(Vec::new());
            let mut next = 1;
            label.insert(top, (piece, next));
            let mut queue = std::collections::VecDeque::from([top]);
            while let Some(x) = queue.pop_front() {
                for &j in &adjacency[&x] {
                    let (a, b, _) = edges[j];
                    let y = if a == x { b } else { a };
                    if y != 0 && !label.contains_key(&y) {
                        next += 1;
                        label.insert(y, (piece, next));
                        queue.push_back(y);
                    }
                }
            }
        }
        for &(u, v, c) in edges.iter() {
            if u == 0 && v == 0 {
                continue; // already a piece of its own
            }
            let at = |x: u32| {
                if x == 0 {
                    Some(None)
                } else {
                    label.get(&x).map(Some)
                }
            };
            let (Some(a), Some(b)) = (at(u), at(v)) else {
                continue; // not joined to the ground: fallen
            };
            let piece = a
                .or(b)
                .expect("an edge off the ground has a labelled end")
                .0;
            let (a, b) = (a.map_or(0, |l| l.1), b.map_or(0, |l| l.1));
            pieces[piece].push((a.min(b), a.max(b), c));
        }
        for mut piece in pieces {
            piece.sort_unstable();
            let mut swapped: Vec<Edge> = piece
                .iter()
                .map(|&(a, b, c)| (a, b, swap_colour(c)))
                .collect();
            swapped.sort_unstable();
            if swapped < piece {
                out.push((swapped.into(), true));
            } else {
                out.push((piece.into(), false));
            }
        }
    }

    fn options(&self, edges: &Box<[Edge]>, left: bool, out: &mut Vec<Box<[Edge]>>) {
        let mine = if left { b'L' } else { b'R' };
        for (i, &(_, _, c)) in edges.iter().enumerate() {
            if c == mine || c == b'G' {
                let mut next = edges.to_vec();
                next.remove(i);
                out.push(next.into());
            }
        }
    }
}

/// Blue for red and red for blue: the colours of the negative.
fn swap_colour(c: u8) -> u8 {
    match c {
        b'L' => b'R',
        b'R' => b'L',
        other => other,
    }
}

/// The rules of Hackenbush stalks; a position is a list of stalks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush;

impl PartizanRules for Hackenbush {
    type Position = Vec<Box<[u8]>>;

    fn size(&self, stalks: &Vec<Box<[u8]>>) -> usize {
        stalks.iter().map(|s| s.len()).sum()
    }

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
