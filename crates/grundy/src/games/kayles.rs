//! Node Kayles and Arc Kayles on a simple undirected graph written inline: `nodekayles EDGES`
//! and `arckayles EDGES`, comma-separated edges `u-v` and lone vertices `u` (vertex names of
//! letters, digits and `_`; a repeated edge counts once). Node Kayles removes a chosen vertex
//! and its neighbours; Arc Kayles a chosen edge's two ends (and every edge at them). A
//! position after a move keeps the names and writes the remaining edges and lone vertices in
//! the order the input gave them; the empty graph is `0`.
//!
//! Both are valued by the pruned nimber search ([`crate::solve::nimber_search`]): a component
//! is a connected part of the graph, relabelled by colour refinement and individualisation
//! (the least adjacency matrix over the labellings the refinement leaves, a few dozen at most)
//! so that isomorphic components usually share one entry of the table.
//!
//! ```
//! use grundy::{solve, SolveOptions};
//! // Node Kayles on a path of n vertices is octal 0.137 (Dawson's chess): n = 5 is *3
//! let r = solve("nodekayles 1-2,2-3,3-4,4-5", &SolveOptions::default()).unwrap();
//! assert_eq!(r.impartial().unwrap().grundy, Some(3));
//! // Arc Kayles on a triangle: every move leaves a lone vertex, no move
//! let r = solve("arckayles a-b,b-c,c-a", &SolveOptions::default()).unwrap();
//! assert_eq!(r.impartial().unwrap().grundy, Some(1));
//! ```

use crate::budget::Budget;
use crate::error::Result;
use crate::games::searched::{Searched, SearchedGame, SharedSearch};
use crate::games::syntax::{error, GameSyntax, Misere, Word};
use crate::solve::nimber_search::ComponentGame;
use std::fmt;
use std::sync::Arc;

/// The most vertices of a graph.
pub const MAX_VERTICES: usize = 64;

/// The largest components a checkpoint or a database writes (their bytes fit 255).
const MAX_WRITTEN: usize = 40;

/// The largest components an endgame database of Node or Arc Kayles may hold (`grundy db
/// build --cells`): the connected graphs of 9 vertices are some 261,000, grown from those of
/// 8 by 2.8 million relabellings.
pub const MAX_ENDGAME_VERTICES: u32 = 9;

/// How many leaves of the individualisation tree a relabelling visits at most: past it, the
/// least matrix found so far is the key (a key is always the component itself, relabelled;
/// only the chance that two isomorphic components share it is lost).
const MAX_LEAVES: usize = 64;

/// Node Kayles (`ARC` false) or Arc Kayles (`ARC` true: a move takes an edge's two ends).
#[derive(Clone, Copy, Debug, Default)]
pub struct Kayles<const ARC: bool>;

/// Node Kayles: a move removes a vertex and its neighbours.
pub type NodeKayles = Kayles<false>;

/// Arc Kayles: a move removes an edge's two ends.
pub type ArcKayles = Kayles<true>;

/// A connected component as the search keeps it: the adjacency rows of its vertices,
/// relabelled.
pub type Component = Arc<[u64]>;

/// A graph as written: the vertex names in order of first appearance, the items (edges and
/// lone vertices) in the order given, and the vertices still on the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    names: Arc<[String]>,
    items: Arc<[(u8, u8)]>,
    alive: u64,
}

impl Graph {
    /// The adjacency rows of the vertices alive (rows of removed vertices are 0).
    fn adjacency(&self) -> Vec<u64> {
        let mut adj = vec![0u64; self.names.len()];
        for &(u, v) in self.items.iter() {
            if u != v && self.alive >> u & 1 == 1 && self.alive >> v & 1 == 1 {
                adj[u as usize] |= 1 << v;
                adj[v as usize] |= 1 << u;
            }
        }
        adj
    }
}

/// The components of the vertices `set` of a graph given by its adjacency rows `adj`, each
/// with a move (`arc`: an edge), relabelled.
fn components(adj: &[u64], mut set: u64, arc: bool, out: &mut Vec<Component>) {
    while set != 0 {
        let mut part = set & set.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adj[v] & set & !part;
            part |= new;
            frontier |= new;
        }
        set &= !part;
        if arc && part.count_ones() < 2 {
            continue;
        }
        out.push(relabel(adj, part));
    }
}

/// The component on the vertices `part` of `adj`, relabelled.
fn relabel(adj: &[u64], part: u64) -> Component {
    let vertices: Vec<usize> = (0..64).filter(|&v| part >> v & 1 == 1).collect();
    let n = vertices.len();
    // the component's own rows, on 0..n
    let local: Vec<u64> = vertices
        .iter()
        .map(|&v| {
            vertices
                .iter()
                .enumerate()
                .filter(|&(_, &w)| adj[v] >> w & 1 == 1)
                .fold(0u64, |row, (j, _)| row | 1 << j)
        })
        .collect();
    let colours = refine(&local, vec![0; n]);
    let mut best: Option<Vec<u64>> = None;
    let mut leaves = 0;
    search_labels(&local, colours, &mut best, &mut leaves);
    best.expect("a leaf is always reached").into()
}

/// Colour refinement: each vertex's colour becomes the rank of (its colour, the sorted colours
/// of its neighbours) until no class splits. Isomorphism-invariant: the colours of a
/// relabelled graph are the relabelled colours.
fn refine(adj: &[u64], mut colours: Vec<u32>) -> Vec<u32> {
    let n = adj.len();
    let mut classes = distinct(&colours);
    loop {
        let signatures: Vec<(u32, Vec<u32>)> = (0..n)
            .map(|v| {
                let mut around: Vec<u32> = (0..n)
                    .filter(|&w| adj[v] >> w & 1 == 1)
                    .map(|w| colours[w])
                    .collect();
                around.sort_unstable();
                (colours[v], around)
            })
            .collect();
        let mut sorted = signatures.clone();
        sorted.sort();
        sorted.dedup();
        colours = signatures
            .iter()
            .map(|s| sorted.binary_search(s).expect("present") as u32)
            .collect();
        let now = sorted.len();
        if now == classes {
            return colours;
        }
        classes = now;
    }
}

fn distinct(colours: &[u32]) -> usize {
    let mut c = colours.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}

/// Individualises each vertex of the first class of more than one vertex in turn, refines,
/// and recurses; at a discrete colouring, the matrix with vertices in colour order is a
/// candidate key, the least one kept.
fn search_labels(adj: &[u64], colours: Vec<u32>, best: &mut Option<Vec<u64>>, leaves: &mut usize) {
    let n = adj.len();
    let mut count = vec![0usize; n];
    for &c in &colours {
        count[c as usize] += 1;
    }
    let Some(cell) = (0..n).find(|&c| count[c] > 1) else {
        // discrete: vertex v goes to position colours[v]
        let mut rows = vec![0u64; n];
        for (v, &row_of_v) in adj.iter().enumerate() {
            let row = colours
                .iter()
                .enumerate()
                .filter(|&(w, _)| row_of_v >> w & 1 == 1)
                .fold(0u64, |row, (_, &c)| row | 1 << c);
            rows[colours[v] as usize] = row;
        }
        if best.as_ref().is_none_or(|b| rows < *b) {
            *best = Some(rows);
        }
        *leaves += 1;
        return;
    };
    for v in (0..n).filter(|&v| colours[v] as usize == cell) {
        if *leaves >= MAX_LEAVES {
            return;
        }
        // v before the rest of its class
        let split: Vec<u32> = (0..n)
            .map(|w| 2 * colours[w] + u32::from(colours[w] as usize == cell && w != v))
            .collect();
        search_labels(adj, refine(adj, split), best, leaves);
    }
}

impl<const ARC: bool> ComponentGame for Kayles<ARC> {
    type Part = Component;

    fn options(&self, part: &Component, parts: &mut Vec<Component>, ends: &mut Vec<u32>) {
        let n = part.len();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for v in 0..n {
            if ARC {
                let mut higher = part[v] & ((u64::MAX << v) << 1);
                while higher != 0 {
                    let w = higher.trailing_zeros();
                    higher &= higher - 1;
                    components(part, all & !(1 << v | 1 << w), true, parts);
                    ends.push(parts.len() as u32);
                }
            } else {
                components(part, all & !(1 << v | part[v]), false, parts);
                ends.push(parts.len() as u32);
            }
        }
    }

    fn size(&self, part: &Component) -> u32 {
        part.len() as u32
    }

    /// The vertex count, then each adjacency row in `ceil(n / 8)` bytes, little-endian (a
    /// component of at most 40 vertices: larger ones are not written).
    fn encode(&self, part: &Component, out: &mut Vec<u8>) -> bool {
        let n = part.len();
        if n > MAX_WRITTEN {
            return false;
        }
        let width = n.div_ceil(8);
        out.push(n as u8);
        for row in part.iter() {
            out.extend_from_slice(&row.to_le_bytes()[..width]);
        }
        true
    }

    /// A component [`ComponentGame::encode`] wrote, if the bytes are one: a simple graph
    /// (symmetric rows, no loop) on its vertices, connected, in the labelling the search
    /// gives it (a table entry is then the search's own key).
    fn decode(&self, bytes: &[u8]) -> Option<Component> {
        let (&n, rows) = bytes.split_first()?;
        let n = usize::from(n);
        let width = n.div_ceil(8);
        if n == 0 || n > MAX_WRITTEN || rows.len() != n * width {
            return None;
        }
        let adj: Vec<u64> = rows
            .chunks(width)
            .map(|c| {
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(c);
                u64::from_le_bytes(word)
            })
            .collect();
        let all = (1u64 << n) - 1;
        let simple = (0..n).all(|v| {
            adj[v] & !all == 0
                && adj[v] >> v & 1 == 0
                && (0..n).all(|w| (adj[v] >> w & 1) == (adj[w] >> v & 1))
        });
        if !simple || (ARC && n < 2) {
            return None;
        }
        let mut parts = Vec::new();
        components(&adj, all, ARC, &mut parts);
        match parts.as_slice() {
            [one] if **one == *adj => Some(one.clone()),
            _ => None,
        }
    }

    /// Node Kayles: graphs of at most 7 vertices (1,000 or so); Arc Kayles: 8 (12,000).
    fn endgame(&self) -> Option<(&'static str, u32)> {
        Some(if ARC {
            ("arckayles", 8)
        } else {
            ("nodekayles", 7)
        })
    }

    /// The connected graphs of 1 (Arc Kayles: 2) to `size` vertices (at most
    /// [`MAX_ENDGAME_VERTICES`]), grown a vertex at a time: each graph of n vertices with a
    /// new vertex joined to each non-empty set of them, relabelled (so mostly once each).
    fn components_up_to(
        &self,
        size: u32,
        budget: &Budget,
        out: &mut Vec<Component>,
    ) -> Result<bool> {
        use rayon::prelude::*;
        let size = size.min(MAX_ENDGAME_VERTICES) as usize;
        let mut level: Vec<Component> = vec![Arc::from([0u64])];
        for n in 1..=size {
            budget.check()?;
            if n > 1 {
                let mut next: Vec<Component> = level
                    .par_iter()
                    .flat_map_iter(|g| {
                        (1u64..1 << (n - 1)).map(move |joined| {
                            let mut adj: Vec<u64> = g
                                .iter()
                                .enumerate()
                                .map(|(v, &row)| row | (joined >> v & 1) << (n - 1))
                                .collect();
                            adj.push(joined);
                            relabel(&adj, (1u64 << n) - 1)
                        })
                    })
                    .collect();
                next.par_sort_unstable();
                next.dedup();
                level = next;
            }
            if !(ARC && n < 2) {
                out.extend(level.iter().cloned());
            }
        }
        Ok(true)
    }

    /// A lone vertex in Node Kayles is `*`; an edge alone in Arc Kayles is `*`.
    fn known(&self, part: &Component) -> Option<u8> {
        (part.len() == 1 || ARC && part.len() == 2).then_some(1)
    }
}

impl<const ARC: bool> SearchedGame for Kayles<ARC> {
    type Position = Graph;

    const KIND: &'static str = if ARC { "arckayles" } else { "nodekayles" };

    fn components(&self, graph: &Graph, out: &mut Vec<Component>) {
        components(&graph.adjacency(), graph.alive, ARC, out);
    }

    /// Node Kayles: the vertices in order of first appearance; Arc Kayles: the edges as given.
    fn moves(&self, graph: &Graph) -> Vec<Graph> {
        let adj = graph.adjacency();
        let after = |removed: u64| Graph {
            alive: graph.alive & !removed,
            ..graph.clone()
        };
        if ARC {
            let mut seen = Vec::new();
            graph
                .items
                .iter()
                .filter(|&&(u, v)| u != v && adj[u as usize] >> v & 1 == 1)
                .filter(|&&(u, v)| {
                    let key = (u.min(v), u.max(v));
                    !seen.contains(&key) && {
                        seen.push(key);
                        true
                    }
                })
                .map(|&(u, v)| after(1 << u | 1 << v))
                .collect()
        } else {
            (0..graph.names.len())
                .filter(|&v| graph.alive >> v & 1 == 1)
                .map(|v| after(1 << v | adj[v]))
                .collect()
        }
    }

    /// `nodekayles EDGES` (or `arckayles`) of what is left, `0` once nothing is.
    fn write(graph: &Graph, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let adj = graph.adjacency();
        let mut written = 0u64;
        let mut edges: Vec<u64> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        let name = |v: u8| &graph.names[v as usize];
        for &(u, v) in graph.items.iter() {
            let key = 1u64 << u | 1 << v;
            if u != v && adj[u as usize] >> v & 1 == 1 && !edges.contains(&key) {
                edges.push(key);
                words.push(format!("{}-{}", name(u), name(v)));
                written |= key;
            }
            for w in [u, v] {
                let bit = 1u64 << w;
                if graph.alive & bit != 0 && adj[w as usize] == 0 && written & bit == 0 {
                    words.push(name(w).clone());
                    written |= bit;
                }
            }
        }
        if words.is_empty() {
            return f.write_str("0");
        }
        let keyword = if ARC { "arckayles" } else { "nodekayles" };
        write!(f, "{keyword} {}", words.join(","))
    }
}

/// Reads `EDGES`: the graph's names, items and every vertex alive.
fn read_graph(name: Word, args: &[Word]) -> Result<Graph> {
    let usage = format!(
        "{} EDGES: comma-separated edges u-v and lone vertices u, names of letters, digits and _",
        name.text
    );
    let [word] = args else {
        return Err(error(
            args.get(1).map_or(name.column, |w| w.column),
            format!("'{}' takes one graph ({usage})", name.text),
        ));
    };
    let mut names: Vec<String> = Vec::new();
    let mut items: Vec<(u8, u8)> = Vec::new();
    let mut column = word.column;
    for item in word.text.split(',') {
        let ends: Vec<&str> = item.split('-').collect();
        let mut ids = Vec::new();
        let mut at = column;
        for end in &ends {
            if end.is_empty() || !end.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return Err(error(
                    at,
                    format!(
                        "'{}' is not a vertex name ({usage})",
                        crate::error::excerpt(end)
                    ),
                ));
            }
            let id = match names.iter().position(|n| n == end) {
                Some(id) => id,
                None => {
                    if names.len() == MAX_VERTICES {
                        return Err(error(
                            at,
                            format!("a graph of at most {MAX_VERTICES} vertices"),
                        ));
                    }
                    names.push(end.to_string());
                    names.len() - 1
                }
            };
            ids.push(id as u8);
            at += end.len() + 1;
        }
        match ids.as_slice() {
            [u] => items.push((*u, *u)),
            [u, v] if u != v => items.push((*u, *v)),
            [_, _] => {
                return Err(error(
                    column,
                    format!("'{item}' is a loop: the graph must be simple"),
                ))
            }
            _ => {
                return Err(error(
                    column,
                    format!(
                        "'{}' is not an edge u-v or a vertex ({usage})",
                        crate::error::excerpt(item)
                    ),
                ))
            }
        }
        column += item.len() + 1;
    }
    let alive = if names.len() == 64 {
        u64::MAX
    } else {
        (1u64 << names.len()) - 1
    };
    Ok(Graph {
        names: names.into(),
        items: items.into(),
        alive,
    })
}

/// `nodekayles EDGES`
pub const NODE_SYNTAX: GameSyntax = GameSyntax {
    keyword: "nodekayles",
    usage: "nodekayles EDGES",
    summary: "Node Kayles: take a vertex and its neighbours (edges u-v and lone vertices u, comma-separated)",
    misere: Misere::Played,
    examples: &["nodekayles 1-2,2-3,3-1,4", "nodekayles a-b,b-c,c-d,x"],
    read: |name, args, context| {
        let graph = read_graph(name, args)?;
        Ok(Searched::new(graph, SharedSearch::of(context, |_| NodeKayles::default())).into())
    },
};

/// `arckayles EDGES`
pub const ARC_SYNTAX: GameSyntax = GameSyntax {
    keyword: "arckayles",
    usage: "arckayles EDGES",
    summary: "Arc Kayles: take an edge and both its ends (edges u-v and lone vertices u, comma-separated)",
    misere: Misere::Played,
    examples: &["arckayles 1-2,2-3,3-1", "arckayles a-b,b-c,c-d,d-a,e"],
    read: |name, args, context| {
        let graph = read_graph(name, args)?;
        Ok(Searched::new(graph, SharedSearch::of(context, |_| ArcKayles::default())).into())
    },
};
