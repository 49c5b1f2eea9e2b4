//! Stoppers: comparison, simplest forms, stops and CGSuite's notation.
//!
//! - **Comparison** (Winning Ways ch. 11; Siegel, CGT VI.2): for stoppers G and H, G <= H
//!   exactly when Left, moving second in H - G, survives (wins, or play never ends). All pairs
//!   of positions of one graph are compared at once by a retrograde pass over the states
//!   (G, H, player to move) of H - G: Right's attractor to "Left to move and no move".
//! - **Simplest form** (Siegel, CGT VI.5): dominated options removed, reversible ones
//!   bypassed, equal positions fused. Each step keeps every position's value, so one table of
//!   comparisons serves them all; the result is unique up to the naming of positions, and a
//!   canonical numbering (colour refinement, then a walk in the order of colours) makes equal
//!   stoppers identical graphs.

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId};
use crate::partizan::loopy::graph::{LoopyGraph, Player};
use rustc_hash::FxHashMap;

/// Whether `g <= h`, for every pair of positions of `graph` (all stoppers): `le[g * n + h]`.
///
/// **Complexity**: O(n² + n · moves) time, two bytes and a counter per pair; the n² pairs
/// count against the budget.
pub fn order_table(graph: &LoopyGraph, budget: &Budget) -> Result<Vec<bool>> {
    let n = graph.len();
    let pairs = n
        .checked_mul(n)
        .filter(|p| p.checked_mul(2).is_some())
        .ok_or_else(|| GrundyError::StateLimit {
            limit: budget.max_states(),
            what: format!("comparing the {n} positions of a stopper"),
        })?;
    budget.admit(pairs.saturating_sub(1), || {
        format!("comparing the {n} positions of a stopper pairwise ({pairs} pairs)")
    })?;
    let mut preds: [Vec<Vec<u32>>; 2] = [vec![Vec::new(); n], vec![Vec::new(); n]];
    for v in 0..n as u32 {
        for p in [Player::Left, Player::Right] {
            for &w in graph.options(v, p) {
                preds[p.index()][w as usize].push(v);
            }
        }
    }
    // state (g * n + h) * 2 + mover (0 Left, 1 Right), the position H_h - G_g
    let mut right_wins = vec![false; 2 * pairs];
    let mut count = vec![0u32; pairs]; // Left's moves not yet known to lose, Left to move
    let mut queue: Vec<usize> = Vec::new();
    for g in 0..n {
        for h in 0..n {
            let moves = graph.left(h as u32).len() + graph.right(g as u32).len();
            count[g * n + h] = moves as u32;
            if moves == 0 {
                right_wins[2 * (g * n + h)] = true;
                queue.push(2 * (g * n + h));
            }
        }
    }
    let mut i = 0;
    while i < queue.len() {
        if i % 4096 == 0 {
            budget.check()?;
        }
        let s = queue[i];
        i += 1;
        let (pair, mover) = (s / 2, s % 2);
        let (g, h) = (pair / n, pair % n);
        if mover == 0 {
            // Right moved here: from H's h' by a Right move to h, or in -G from g' by a
            // Left move of G to g
            let from_h = preds[1][h].iter().map(|&hp| g * n + hp as usize);
            let from_g = preds[0][g].iter().map(|&gp| gp as usize * n + h);
            for t in from_h.chain(from_g) {
                if !right_wins[2 * t + 1] {
                    right_wins[2 * t + 1] = true;
                    queue.push(2 * t + 1);
                }
            }
        } else {
            // Left moved here: in H by a Left move to h, or in -G by a Right move of G to g
            let from_h = preds[0][h].iter().map(|&hp| g * n + hp as usize);
            let from_g = preds[1][g].iter().map(|&gp| gp as usize * n + h);
            for t in from_h.chain(from_g) {
                if !right_wins[2 * t] {
                    count[t] -= 1;
                    if count[t] == 0 {
                        right_wins[2 * t] = true;
                        queue.push(2 * t);
                    }
                }
            }
        }
    }
    Ok((0..pairs).map(|pair| !right_wins[2 * pair + 1]).collect())
}

/// A stopper in simplest form, its positions numbered canonically: two stoppers are equal
/// exactly when their `Stopper` values are (`==`). Position 0 is the game itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stopper {
    graph: LoopyGraph,
}

impl Stopper {
    /// The simplest form of position `start` of `graph`, which must be a stopper (see
    /// [`LoopyGraph::stoppers`]); `Err(NotStopper)`-like errors are the caller's to avoid.
    ///
    /// **Complexity**: O(n²) comparisons of the n reachable positions, then passes of
    /// bypassing and deleting over the options until nothing changes.
    pub fn simplify(graph: &LoopyGraph, start: u32, budget: &Budget) -> Result<Stopper> {
        let (graph, _) = graph.restrict(&[start]);
        let le = order_table(&graph, budget)?;
        let (simple, roots) = simplify_with(&graph, &le, &[0], budget)?;
        Ok(Stopper::canonical(&simple, roots[0]))
    }

    /// The stopper's graph; position 0 is the game.
    pub fn graph(&self) -> &LoopyGraph {
        &self.graph
    }

    /// The canonical numbering of the positions reachable from `start` of a graph in
    /// simplest form (no two positions equal).
    pub(crate) fn canonical(graph: &LoopyGraph, start: u32) -> Stopper {
        let (graph, _) = graph.restrict(&[start]);
        let colour = refine(&graph);
        // walk from 0, options in the order of their colours
        let n = graph.len();
        let mut index = vec![u32::MAX; n];
        let mut order = vec![0u32];
        index[0] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for p in [Player::Left, Player::Right] {
                let mut opts: Vec<u32> = graph.options(v, p).to_vec();
                opts.sort_by_key(|&w| colour[w as usize]);
                for w in opts {
                    if index[w as usize] == u32::MAX {
                        index[w as usize] = order.len() as u32;
                        order.push(w);
                    }
                }
            }
        }
        let mut out = LoopyGraph::new();
        for &v in &order {
            let [mut l, mut r] = [Player::Left, Player::Right].map(|p| {
                graph
                    .options(v, p)
                    .iter()
                    .map(|&w| index[w as usize])
                    .collect::<Vec<u32>>()
            });
            l.sort_unstable();
            r.sort_unstable();
            out.add_with(l, r);
        }
        Stopper { graph: out }
    }

    /// The negative: Left's and Right's moves exchanged (still in simplest form).
    pub fn neg(&self) -> Stopper {
        Stopper::canonical(&self.graph.negated(), 0)
    }

    /// `on` = {pass|}: Left may pass for ever.
    pub fn on() -> Stopper {
        let mut g = LoopyGraph::new();
        g.add_with(vec![0], vec![]);
        Stopper { graph: g }
    }

    /// `off` = {|pass}.
    pub fn off() -> Stopper {
        Stopper::on().neg()
    }

    /// The stopper of a short game in canonical form.
    pub fn from_form(forms: &mut Forms, g: GameId) -> Result<Stopper> {
        let mut graph = LoopyGraph::new();
        let v = graph.graft_form(forms, g, &mut FxHashMap::default())?;
        Ok(Stopper::canonical(&graph, v))
    }

    /// Whether `self <= other`.
    pub fn le(&self, other: &Stopper, budget: &Budget) -> Result<bool> {
        let mut g = self.graph.clone();
        let h = g.append(&other.graph);
        let (g, index) = g.restrict(&[0, h]);
        let le = order_table(&g, budget)?;
        let n = g.len();
        Ok(le[index[0] as usize * n + index[h as usize] as usize])
    }

    /// The short game it is, if no cycle can be reached from it.
    pub fn as_form(&self, forms: &mut Forms) -> Result<Option<GameId>> {
        let cyclic = self.graph.cyclic();
        if cyclic[0] {
            return Ok(None);
        }
        forms_of(&self.graph, &cyclic, forms).map(|f| f[0])
    }

    /// The stopper in CGSuite's notation: short parts as short games (`{1|-1}`), `on`,
    /// `off`, `over` = {0|pass}, `under`, `upon` = {pass|*}, `x over` = {x|pass} written
    /// `xover` for a number x, `pass` for a move to the position itself, and a label
    /// `a{...}` for a position some option inside it returns to.
    pub fn to_text(&self, forms: &mut Forms) -> Result<String> {
        let cyclic = self.graph.cyclic();
        let form = forms_of(&self.graph, &cyclic, forms)?;
        let mut printer = Printer {
            graph: &self.graph,
            form: &form,
            labels: FxHashMap::default(),
            open: Vec::new(),
            next_label: 0,
        };
        printer.text(0, forms)
    }
}

/// The short canonical form of every position that reaches no cycle (`None` for the others).
pub(super) fn forms_of(
    graph: &LoopyGraph,
    cyclic: &[bool],
    forms: &mut Forms,
) -> Result<Vec<Option<GameId>>> {
    let mut form: Vec<Option<GameId>> = vec![None; graph.len()];
    let roots: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| !cyclic[v as usize])
        .collect();
    fill_forms(graph, &mut form, &roots, &|_| false, forms)?;
    Ok(form)
}

/// Fills `form` (the positions already known kept) with the short form of every position
/// reachable from `roots` through unknown positions, each from its options' forms, bottom up;
/// false, with `form` partly filled, if that reaches a `blocked` position not known.
pub(super) fn fill_forms(
    graph: &LoopyGraph,
    form: &mut [Option<GameId>],
    roots: &[u32],
    blocked: &dyn Fn(u32) -> bool,
    forms: &mut Forms,
) -> Result<bool> {
    let mut stack: Vec<(u32, bool)> = roots.iter().map(|&v| (v, false)).collect();
    while let Some((v, expanded)) = stack.pop() {
        if form[v as usize].is_some() {
            continue;
        }
        if blocked(v) {
            return Ok(false);
        }
        if expanded {
            let [l, r] = [Player::Left, Player::Right].map(|p| {
                graph
                    .options(v, p)
                    .iter()
                    .map(|&w| form[w as usize].expect("options first"))
                    .collect::<Vec<GameId>>()
            });
            form[v as usize] = Some(forms.make(l, r)?);
        } else {
            stack.push((v, true));
            for p in [Player::Left, Player::Right] {
                for &w in graph.options(v, p) {
                    if form[w as usize].is_none() {
                        stack.push((w, false));
                    }
                }
            }
        }
    }
    Ok(true)
}

/// Canonical colours: positions with equal colours have the same colours of options on each
/// side. The positions that reach no cycle are coloured bottom up, level by level (a level's
/// signatures sorted, so the colours do not depend on the numbering), in one pass; the others
/// start with one colour and are refined round after round until the number of colours is
/// stable. Isomorphic graphs get the same colours.
fn refine(graph: &LoopyGraph) -> Vec<u32> {
    let n = graph.len();
    let cyclic = graph.cyclic();
    // the height of each acyclic position: 1 + the most of its options'
    let mut height = vec![0u32; n];
    let mut order: Vec<u32> = Vec::new(); // acyclic positions, options first
    let mut state = vec![0u8; n]; // 0 new, 1 open, 2 done
    for root in (0..n as u32).filter(|&v| !cyclic[v as usize]) {
        if state[root as usize] != 0 {
            continue;
        }
        let mut stack = vec![(root, false)];
        while let Some((v, expanded)) = stack.pop() {
            if expanded {
                let h = [Player::Left, Player::Right]
                    .iter()
                    .flat_map(|&p| graph.options(v, p))
                    .map(|&w| height[w as usize] + 1)
                    .max()
                    .unwrap_or(0);
                height[v as usize] = h;
                state[v as usize] = 2;
                order.push(v);
                continue;
            }
            if state[v as usize] != 0 {
                continue;
            }
            state[v as usize] = 1;
            stack.push((v, true));
            for p in [Player::Left, Player::Right] {
                for &w in graph.options(v, p) {
                    if state[w as usize] == 0 {
                        stack.push((w, false));
                    }
                }
            }
        }
    }
    let mut colour = vec![u32::MAX; n];
    let signature = |v: u32, colour: &[u32]| {
        [Player::Left, Player::Right].map(|p| {
            let mut c: Vec<u32> = graph
                .options(v, p)
                .iter()
                .map(|&w| colour[w as usize])
                .collect();
            c.sort_unstable();
            c
        })
    };
    let mut next = 0u32;
    order.sort_by_key(|&v| height[v as usize]);
    let mut at = 0;
    while at < order.len() {
        let h = height[order[at] as usize];
        let end = at
            + order[at..]
                .iter()
                .take_while(|&&v| height[v as usize] == h)
                .count();
        let mut level: Vec<([Vec<u32>; 2], u32)> = order[at..end]
            .iter()
            .map(|&v| (signature(v, &colour), v))
            .collect();
        level.sort();
        for (i, (sig, v)) in level.iter().enumerate() {
            if i > 0 && level[i - 1].0 != *sig {
                next += 1;
            }
            colour[*v as usize] = next;
        }
        next += 1;
        at = end;
    }
    // the positions on or above a cycle
    let loopy: Vec<u32> = (0..n as u32).filter(|&v| cyclic[v as usize]).collect();
    for &v in &loopy {
        colour[v as usize] = next;
    }
    let mut count = 1;
    loop {
        let mut signatures: Vec<(u32, [Vec<u32>; 2], u32)> = loopy
            .iter()
            .map(|&v| (colour[v as usize], signature(v, &colour), v))
            .collect();
        signatures.sort();
        let mut c = next;
        let mut new_colour = Vec::with_capacity(signatures.len());
        for (i, (own, sig, v)) in signatures.iter().enumerate() {
            if i > 0 && (signatures[i - 1].0 != *own || signatures[i - 1].1 != *sig) {
                c += 1;
            }
            new_colour.push((*v, c));
        }
        let new_count = if loopy.is_empty() {
            0
        } else {
            (c - next + 1) as usize
        };
        for (v, c) in new_colour {
            colour[v as usize] = c;
        }
        if new_count == count || loopy.is_empty() {
            return colour;
        }
        count = new_count;
    }
}

/// Simplifies the positions reachable from `roots` of a graph of stoppers, given the table of
/// comparisons `le` of all its positions: equal positions fused, reversible options
/// bypassed, dominated ones deleted, until nothing changes. Returns the simplified graph (on
/// the same indices, unreachable positions left as they were) and the roots' new positions.
pub(crate) fn simplify_with(
    graph: &LoopyGraph,
    le: &[bool],
    roots: &[u32],
    budget: &Budget,
) -> Result<(LoopyGraph, Vec<u32>)> {
    let n = graph.len();
    let leq = |a: u32, b: u32| le[a as usize * n + b as usize];
    let mut out = graph.clone();
    let mut passes = 0usize;
    loop {
        budget.check()?;
        let mut changed = false;
        for v in out.reachable(roots) {
            for p in [Player::Left, Player::Right] {
                let q = p.other();
                // the option a of p is reversible when some reply b of q to it is at least
                // as good for q as v itself: then p's options of b replace a
                let reverses = |b: u32| match p {
                    Player::Left => leq(b, v),
                    Player::Right => leq(v, b),
                };
                let mut kept: Vec<u32> = Vec::new();
                let mut work: Vec<u32> = out.options(v, p).to_vec();
                let mut seen: Vec<u32> = Vec::new();
                while let Some(a) = work.pop() {
                    if seen.contains(&a) {
                        continue;
                    }
                    seen.push(a);
                    match out.options(a, q).iter().copied().find(|&b| reverses(b)) {
                        Some(b) => work.extend(out.options(b, p).iter().copied()),
                        None => kept.push(a),
                    }
                }
                // a is dominated by a better option c of p (of two equal ones, the later one
                // goes)
                let better = |a: u32, c: u32| match p {
                    Player::Left => leq(a, c) && (!leq(c, a) || c < a),
                    Player::Right => leq(c, a) && (!leq(a, c) || c < a),
                };
                let mut options: Vec<u32> = kept
                    .iter()
                    .copied()
                    .filter(|&a| !kept.iter().any(|&c| c != a && better(a, c)))
                    .collect();
                options.sort_unstable();
                options.dedup();
                if options != out.options(v, p) {
                    changed = true;
                    let other = out.options(v, q).to_vec();
                    match p {
                        Player::Left => out.set_options(v, options, other),
                        Player::Right => out.set_options(v, other, options),
                    }
                }
            }
        }
        if !changed {
            break;
        }
        passes += 1;
        if passes > 4 * n + 16 {
            return Err(GrundyError::Unsupported(format!(
                "simplifying a loopy game did not settle after {passes} passes (is it a stopper?)"
            )));
        }
    }
    // fuse: each position to the first position equal to it; with no reversible option left,
    // this keeps every value (Siegel, CGT VI.5)
    let mut rep: Vec<u32> = (0..n as u32).collect();
    for v in 0..n as u32 {
        for u in 0..v {
            if rep[u as usize] == u && leq(u, v) && leq(v, u) {
                rep[v as usize] = u;
                break;
            }
        }
    }
    for v in 0..n as u32 {
        let [l, r] = [Player::Left, Player::Right].map(|p| {
            let mut o: Vec<u32> = out.options(v, p).iter().map(|&w| rep[w as usize]).collect();
            o.sort_unstable();
            o.dedup();
            o
        });
        out.set_options(v, l, r);
    }
    Ok((out, roots.iter().map(|&r| rep[r as usize]).collect()))
}

/// Writes a stopper's positions in CGSuite's notation.
struct Printer<'a> {
    graph: &'a LoopyGraph,
    form: &'a [Option<GameId>],
    /// The label of each position some option returned to.
    labels: FxHashMap<u32, String>,
    /// The positions being written (outermost first).
    open: Vec<u32>,
    next_label: usize,
}

impl Printer<'_> {
    fn text(&mut self, v: u32, forms: &mut Forms) -> Result<String> {
        Ok(self.render(v, forms)?.0)
    }

    /// The text of position `v`, its number of bars if it is braces that a parent may write
    /// without them (`{2||1|0}` for `{2|{1|0}}`), else 0.
    fn render(&mut self, v: u32, forms: &mut Forms) -> Result<(String, usize)> {
        if let Some(f) = self.form[v as usize] {
            let text = forms.to_string(f);
            let bars = outer_bars(&text);
            return Ok((text, bars));
        }
        if let Some(name) = self.name(v, forms) {
            return Ok((name, 0));
        }
        self.open.push(v);
        let mut sides: Vec<(String, usize)> = Vec::with_capacity(2);
        for p in [Player::Left, Player::Right] {
            let mut parts: Vec<(String, usize)> = Vec::new();
            for &w in self.graph.options(v, p) {
                if w == v {
                    parts.push(("pass".to_string(), 0));
                } else if self.open.contains(&w) {
                    if !self.labels.contains_key(&w) {
                        self.labels.insert(w, label_name(self.next_label));
                        self.next_label += 1;
                    }
                    parts.push((self.labels[&w].clone(), 0));
                } else {
                    parts.push(stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
                        self.render(w, forms)
                    })?);
                }
            }
            // a lone option written with bars loses its braces
            if let [(text, bars)] = parts.as_slice() {
                if *bars > 0 {
                    sides.push((text[1..text.len() - 1].to_string(), *bars));
                    continue;
                }
            }
            let texts: Vec<String> = parts.into_iter().map(|p| p.0).collect();
            sides.push((texts.join(","), 0));
        }
        self.open.pop();
        let bars = sides[0].1.max(sides[1].1) + 1;
        let body = format!("{{{}{}{}}}", sides[0].0, "|".repeat(bars), sides[1].0);
        Ok(match self.labels.get(&v) {
            Some(label) => (format!("{label}{body}"), 0),
            None => {
                let strip = if outer_bars(&body) == bars { bars } else { 0 };
                (body, strip)
            }
        })
    }

    /// `on`, `off`, `xover`, `xunder`, `upon`, or nothing.
    fn name(&self, v: u32, forms: &mut Forms) -> Option<String> {
        let (l, r) = (self.graph.left(v), self.graph.right(v));
        let number = |w: u32| self.form[w as usize].and_then(|f| forms.as_number(f));
        let prefix = |x: Dyadic| {
            if x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            }
        };
        match (l, r) {
            ([a], []) if *a == v => Some("on".into()),
            ([], [b]) if *b == v => Some("off".into()),
            ([x], [b]) if *b == v => number(*x).map(|x| format!("{}over", prefix(x))),
            ([a], [x]) if *a == v => {
                if let Some(x) = number(*x) {
                    return Some(format!("{}under", prefix(x)));
                }
                let star = self.form[*x as usize].and_then(|f| forms.as_nus(f));
                (star.map(|s| (s.number, s.ups, s.nimber)) == Some((Dyadic::ZERO, 0, 1)))
                    .then(|| "upon".to_string())
            }
            _ => None,
        }
    }
}

/// The bars of a text `{L|R}` whose outer braces a parent may drop: the length of the one
/// longest run of bars at its top level, with no comma there; 0 otherwise.
fn outer_bars(text: &str) -> usize {
    let b = text.as_bytes();
    if b.first() != Some(&b'{') || b.last() != Some(&b'}') {
        return 0;
    }
    let mut depth = 0usize;
    let (mut longest, mut count, mut run) = (0usize, 0usize, 0usize);
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 && i + 1 != b.len() {
                    return 0; // the first brace closes before the end
                }
            }
            b',' if depth == 1 => return 0,
            _ => {}
        }
        if c == b'|' && depth == 1 {
            run += 1;
        } else if run > 0 {
            match run.cmp(&longest) {
                std::cmp::Ordering::Greater => (longest, count) = (run, 1),
                std::cmp::Ordering::Equal => count += 1,
                std::cmp::Ordering::Less => {}
            }
            run = 0;
        }
    }
    if count == 1 {
        longest
    } else {
        0
    }
}

/// Labels a, b, ..., z (not v, which is down), a1, b1, ...
fn label_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = LETTERS[i % LETTERS.len()] as char;
    match i / LETTERS.len() {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}
