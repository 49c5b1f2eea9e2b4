//! The value of any loopy game: a stopper in simplest form, or its two sides `S & T` found by
//! sidling (Conway; Winning Ways ch. 11; Siegel, CGT VI.4): the onside is the limit of
//! S₀ = on, Sₙ₊₁(v) = {Sₙ(v^L) | Sₙ(v^R)} over the positions v that are not stoppers (a
//! stopper position is its own side throughout), and the offside the same from off. Each
//! round's positions are simplified together with the previous round's, so a round that
//! changes no side is seen by fusion, and the sides are then exact. Sidling may converge
//! only in the limit (its rounds never repeat); past `max_rounds` rounds the value is
//! reported as not found rather than guessed.

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::loopy::graph::{LoopyGraph, Player};
use crate::partizan::loopy::stopper::{order_table, simplify_with, Stopper};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The value of a loopy game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SidedValue {
    /// The game equals this stopper (its two sides are equal).
    Stopper(Stopper),
    /// Onside and offside, different.
    Sided {
        /// The onside S (play that never ends counted for Left, in effect).
        onside: Stopper,
        /// The offside T.
        offside: Stopper,
    },
}

impl SidedValue {
    /// The onside (the stopper itself for a stopper).
    pub fn onside(&self) -> &Stopper {
        match self {
            SidedValue::Stopper(s) => s,
            SidedValue::Sided { onside, .. } => onside,
        }
    }

    /// The offside (the stopper itself for a stopper).
    pub fn offside(&self) -> &Stopper {
        match self {
            SidedValue::Stopper(s) => s,
            SidedValue::Sided { offside, .. } => offside,
        }
    }

    /// A value from its sides: a stopper when they are equal.
    pub fn from_sides(onside: Stopper, offside: Stopper) -> SidedValue {
        if onside == offside {
            SidedValue::Stopper(onside)
        } else {
            SidedValue::Sided { onside, offside }
        }
    }
}

impl Stopper {
    /// The upsum of two stoppers: the onside of their sum (a sum of stoppers need not be a
    /// stopper; CGSuite's `Upsum`).
    pub fn upsum(&self, other: &Stopper, max_rounds: usize, budget: &Budget) -> Result<Stopper> {
        Ok(self.sum_value(other, max_rounds, budget)?.onside().clone())
    }

    /// The downsum: the offside of the sum (CGSuite's `Downsum`).
    pub fn downsum(&self, other: &Stopper, max_rounds: usize, budget: &Budget) -> Result<Stopper> {
        Ok(self.sum_value(other, max_rounds, budget)?.offside().clone())
    }

    /// The degree of loopiness: G upsum -G (Winning Ways ch. 11; Siegel, CGT VI.4), 0 for a
    /// short game, `on` for `on`, `over` for `over`.
    ///
    /// **Complexity**: the sum has at most the square of the stopper's positions.
    pub fn degree(&self, max_rounds: usize, budget: &Budget) -> Result<Stopper> {
        self.upsum(&self.neg(), max_rounds, budget)
    }

    fn sum_value(&self, other: &Stopper, max_rounds: usize, budget: &Budget) -> Result<SidedValue> {
        let mut graph = self.graph().clone();
        let at = graph.append(other.graph());
        let sum = LoopyGraph::sum(&[&graph, &graph], &[0, at], budget)?;
        value_of(&sum.graph, 0, max_rounds, budget)
    }
}

/// The most rounds of sidling [`value_of`] tries by default.
pub const DEFAULT_SIDLING_ROUNDS: usize = 256;

/// The value of position `start` of `graph`: its simplest form if it is a stopper, else its
/// sides by sidling (at most `max_rounds` rounds for each side).
///
/// **Algorithm**: the positions reachable from `start` are taken one strongly connected
/// component at a time, the components they move to first (Tarjan's order). A component sees
/// the positions it moves to outside itself as their values (the onsides when its onside is
/// sought, the offsides for its offside): so each comparison table spans one component and
/// the simplest forms of its options, not the whole game.
pub fn value_of(
    graph: &LoopyGraph,
    start: u32,
    max_rounds: usize,
    budget: &Budget,
) -> Result<SidedValue> {
    let (graph, _) = graph.restrict(&[start]);
    let values = values_of_all(&graph, max_rounds, budget)?;
    Ok((*values[0]).clone())
}

/// The values of every position of `graph`, component by component (see [`value_of`]).
pub fn values_of_all(
    graph: &LoopyGraph,
    max_rounds: usize,
    budget: &Budget,
) -> Result<Vec<Arc<SidedValue>>> {
    let n = graph.len();
    let mut values: Vec<Option<Arc<SidedValue>>> = vec![None; n];
    let mut interned: FxHashMap<Arc<SidedValue>, Arc<SidedValue>> = FxHashMap::default();
    // each position's index in the component being valued (u32::MAX outside it)
    let mut local = vec![u32::MAX; n];
    for component in components(graph) {
        budget.check()?;
        let k = component.len();
        for (i, &v) in component.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let outside: Vec<u32> = {
            let mut o: Vec<u32> = component
                .iter()
                .flat_map(|&v| graph.left(v).iter().chain(graph.right(v)).copied())
                .filter(|&w| local[w as usize] == u32::MAX)
                .collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        let sided_below = outside.iter().any(|&w| {
            !matches!(
                **values[w as usize].as_ref().expect("below"),
                SidedValue::Stopper(_)
            )
        });
        let mut sides: Vec<Vec<Stopper>> = Vec::with_capacity(2);
        for side in [Player::Left, Player::Right] {
            // the component, then each value below it once
            let mut g = LoopyGraph::new();
            for _ in 0..k {
                g.add();
            }
            let mut roots: FxHashMap<&Stopper, u32> = FxHashMap::default();
            let mut root_of = vec![u32::MAX; outside.len()];
            for (i, &w) in outside.iter().enumerate() {
                let value = values[w as usize].as_ref().expect("below");
                let stopper = match side {
                    Player::Left => value.onside(),
                    Player::Right => value.offside(),
                };
                root_of[i] = *roots
                    .entry(stopper)
                    .or_insert_with(|| g.append(stopper.graph()));
            }
            for (i, &v) in component.iter().enumerate() {
                let [l, r] = [Player::Left, Player::Right].map(|p| {
                    graph
                        .options(v, p)
                        .iter()
                        .map(|&w| match local[w as usize] {
                            u32::MAX => root_of[outside.binary_search(&w).expect("outside")],
                            x => x,
                        })
                        .collect::<Vec<u32>>()
                });
                g.set_options(i as u32, l, r);
            }
            let stoppers = g.stoppers();
            let side_values = if stoppers[0] {
                let le = order_table(&g, budget)?;
                let roots: Vec<u32> = (0..k as u32).collect();
                let (simple, roots) = simplify_with(&g, &le, &roots, budget)?;
                roots
                    .iter()
                    .map(|&r| Stopper::canonical(&simple, r))
                    .collect()
            } else {
                sidle(&g, k, &stoppers, side, max_rounds, budget)?
            };
            let done = stoppers[0] && !sided_below;
            sides.push(side_values);
            if done {
                break; // a stopper: its onside and offside are itself
            }
        }
        for &v in &component {
            local[v as usize] = u32::MAX;
        }
        for (i, &v) in component.iter().enumerate() {
            let value = match sides.len() {
                1 => SidedValue::Stopper(sides[0][i].clone()),
                _ => SidedValue::from_sides(sides[0][i].clone(), sides[1][i].clone()),
            };
            let value = Arc::new(value);
            let value = interned.entry(value.clone()).or_insert(value).clone();
            values[v as usize] = Some(value);
        }
    }
    Ok(values
        .into_iter()
        .map(|v| v.expect("every position"))
        .collect())
}

/// The strongly connected components of `graph` (both players' moves), each after every
/// component it moves to (Tarjan's algorithm, iterative).
pub(super) fn components(graph: &LoopyGraph) -> Vec<Vec<u32>> {
    let n = graph.len();
    let succ = |v: u32| graph.left(v).iter().chain(graph.right(v)).copied();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    let mut next = 0u32;
    for root in 0..n as u32 {
        if index[root as usize] != u32::MAX {
            continue;
        }
        // (vertex, how many of its successors are done)
        let mut call: Vec<(u32, usize)> = vec![(root, 0)];
        index[root as usize] = next;
        low[root as usize] = next;
        next += 1;
        stack.push(root);
        on_stack[root as usize] = true;
        while let Some(&mut (v, ref mut done)) = call.last_mut() {
            if let Some(w) = succ(v).nth(*done) {
                *done += 1;
                if index[w as usize] == u32::MAX {
                    index[w as usize] = next;
                    low[w as usize] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w as usize] = true;
                    call.push((w, 0));
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                low[parent as usize] = low[parent as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on_stack[w as usize] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}

/// One side of positions 0..k of `graph` (a component; the other positions are stoppers it
/// moves to): `Left` the onside, from `on`; `Right` the offside, from `off`.
fn sidle(
    graph: &LoopyGraph,
    k: usize,
    stoppers: &[bool],
    side: Player,
    max_rounds: usize,
    budget: &Budget,
) -> Result<Vec<Stopper>> {
    let n = graph.len();
    let loopy: Vec<u32> = (0..k as u32).collect();
    debug_assert!(loopy.iter().all(|&v| !stoppers[v as usize]));
    if let Some(values) = cut_candidate(graph, k, stoppers, side, budget)? {
        return Ok(values);
    }
    // the stopper positions the component moves to, each the root of its own value
    let mut fixed: Vec<u32> = loopy
        .iter()
        .flat_map(|&v| graph.left(v).iter().chain(graph.right(v)).copied())
        .filter(|&w| stoppers[w as usize])
        .collect();
    fixed.sort_unstable();
    fixed.dedup();
    // the working graph: the stopper positions, the start (on or off), then one layer a round
    let (mut work, index) = graph.restrict(&fixed);
    let mut at = vec![u32::MAX; n]; // each position's current approximation in `work`
    for &w in &fixed {
        at[w as usize] = index[w as usize];
    }
    let top = work.add();
    work.add_move(side, top, top);
    for &v in &loopy {
        at[v as usize] = top;
    }
    // which position of the component each vertex of `work` approximates, if any
    // (and in which round it was made)
    let mut label: Vec<(u32, usize)> = vec![(u32::MAX, 0); work.len()];
    for round in 0..max_rounds {
        budget.check()?;
        let layer: Vec<u32> = loopy
            .iter()
            .map(|&v| {
                let [l, r] = [Player::Left, Player::Right].map(|p| {
                    graph
                        .options(v, p)
                        .iter()
                        .map(|&w| at[w as usize])
                        .collect()
                });
                label.push((v, round));
                work.add_with(l, r)
            })
            .collect();
        // simplify the new layer beside the old one, and the fixed positions
        let mut roots: Vec<u32> = layer.clone();
        roots.extend(loopy.iter().map(|&v| at[v as usize]));
        roots.extend(fixed.iter().map(|&w| at[w as usize]));
        let (sub, index) = work.restrict(&roots);
        let mut sub_label = vec![(u32::MAX, 0); sub.len()];
        for (x, &i) in index.iter().enumerate() {
            if i != u32::MAX {
                sub_label[i as usize] = label[x];
            }
        }
        let le = order_table(&sub, budget)?;
        let sub_roots: Vec<u32> = roots.iter().map(|&r| index[r as usize]).collect();
        let (simple, new_roots) = simplify_with(&sub, &le, &sub_roots, budget)?;
        let settled = (0..k).all(|i| new_roots[i] == new_roots[k + i]);
        if !settled && guess_now(round) {
            // guesses at the limit: the approximations of the last `lag` rounds replaced by
            // the newest, for a few lags (positions settle at different paces)
            for lag in [1, 2, 3, 4, usize::MAX] {
                if lag != usize::MAX && lag > round {
                    continue;
                }
                let back = |w: u32| match sub_label[w as usize] {
                    (u, made) if u != u32::MAX && round - made <= lag => new_roots[u as usize],
                    _ => w,
                };
                let mut tied = simple.clone();
                for u in 0..tied.len() as u32 {
                    let [l, r] = [Player::Left, Player::Right].map(|p| {
                        tied.options(u, p)
                            .iter()
                            .map(|&w| back(w))
                            .collect::<Vec<u32>>()
                    });
                    tied.set_options(u, l, r);
                }
                if let Some(values) = verified(graph, &loopy, &tied, &new_roots[..k], side, budget)?
                {
                    return Ok(values);
                }
            }
        }
        // keep the new layer and the fixed positions only
        let mut keep: Vec<u32> = new_roots[..k].to_vec();
        keep.extend_from_slice(&new_roots[2 * k..]);
        let (next, index) = simple.restrict(&keep);
        label = vec![(u32::MAX, 0); next.len()];
        for (x, &i) in index.iter().enumerate() {
            if i != u32::MAX {
                label[i as usize] = sub_label[x];
            }
        }
        for (i, &v) in loopy.iter().enumerate() {
            at[v as usize] = index[new_roots[i] as usize];
        }
        for (i, &w) in fixed.iter().enumerate() {
            at[w as usize] = index[new_roots[2 * k + i] as usize];
        }
        work = next;
        if settled {
            return Ok(loopy
                .iter()
                .map(|&v| Stopper::canonical(&work, at[v as usize]))
                .collect());
        }
    }
    // what is known: the approximations, stoppers, only grow (the cycle unrolled once more
    // each round), as when the side is no stopper at all (Bach's carousel)
    let size = loopy
        .iter()
        .map(|&v| work.reachable(&[at[v as usize]]).len())
        .max()
        .unwrap_or(0);
    Err(GrundyError::Unsupported(format!(
        "the {} of this loopy game was not found in {max_rounds} rounds of sidling: its approximations by stoppers keep growing ({size} positions in the last), as when the side is no stopper (Bach's carousel) or is reached only in the limit",
        if side == Player::Left { "onside" } else { "offside" }
    )))
}

/// Whether round `round` of sidling tries its guesses: the first rounds, then rounds about
/// 1.5 times apart (a guess costs a proof, a comparison of sides per position).
fn guess_now(round: usize) -> bool {
    round < 4 || {
        let mut r = 4usize;
        while r < round {
            r += r / 2;
        }
        r == round
    }
}

/// The guess that cuts the endless play in the side's favour: for the onside, Right's moves
/// that close a cycle of alternating play are dropped (Left would keep such play going); for
/// the offside, Left's. Returned only if it is a stopper and proved to be the side of every
/// position 0..k.
fn cut_candidate(
    graph: &LoopyGraph,
    k: usize,
    stoppers: &[bool],
    side: Player,
    budget: &Budget,
) -> Result<Option<Vec<Stopper>>> {
    let cutter = side.other();
    let positions: Vec<u32> = (0..k as u32).collect();
    let preds = component_predecessors(graph, k, side);
    // two guesses: the moves the side's player can force back (the move gains nothing),
    // then every move that closes a cycle of alternating play
    for forced in [true, false] {
        let mut cut = graph.clone();
        for v in 0..k as u32 {
            let kept: Vec<u32> = graph
                .options(v, cutter)
                .iter()
                .copied()
                .filter(|&w| {
                    stoppers[w as usize]
                        || !if forced {
                            forced_back(graph, &preds, w, v, side)
                        } else {
                            alternating_path(graph, w, side, v, cutter)
                        }
                })
                .collect();
            let other = graph.options(v, side).to_vec();
            match cutter {
                Player::Left => cut.set_options(v, kept, other),
                Player::Right => cut.set_options(v, other, kept),
            }
        }
        if cut == *graph {
            continue;
        }
        if let Some(values) = verified(graph, &positions, &cut, &positions, side, budget)? {
            return Ok(Some(values));
        }
    }
    Ok(None)
}

/// For each position of the component 0..k, the positions of the component with a move of
/// `player` to it (`[0]`) and with a move of the other player (`[1]`).
fn component_predecessors(graph: &LoopyGraph, k: usize, player: Player) -> Vec<[Vec<u32>; 2]> {
    let mut preds: Vec<[Vec<u32>; 2]> = vec![[Vec::new(), Vec::new()]; k];
    for x in 0..k as u32 {
        for (i, p) in [player, player.other()].into_iter().enumerate() {
            for &y in graph.options(x, p) {
                if (y as usize) < k {
                    preds[y as usize][i].push(x);
                }
            }
        }
    }
    preds
}

/// Whether `player`, to move at `from` (a position of the component 0..k), can force play
/// back to `to` with the other player to move, or leave the other player without a move,
/// moving alternately inside the component.
fn forced_back(
    graph: &LoopyGraph,
    preds: &[[Vec<u32>; 2]],
    from: u32,
    to: u32,
    player: Player,
) -> bool {
    let k = preds.len();
    // states 2x + (0: player to move, 1: the other to move)
    let other = player.other();
    let mut won = vec![false; 2 * k];
    let mut count: Vec<u32> = (0..k as u32)
        .map(|x| graph.options(x, other).len() as u32)
        .collect();
    let mut queue: Vec<usize> = vec![2 * to as usize + 1];
    won[2 * to as usize + 1] = true;
    for x in 0..k {
        if count[x] == 0 && !won[2 * x + 1] {
            won[2 * x + 1] = true;
            queue.push(2 * x + 1);
        }
    }
    let mut i = 0;
    while i < queue.len() {
        let s = queue[i];
        i += 1;
        let (y, who) = (s / 2, s % 2);
        if who == 1 {
            // the player moved here from x
            for &x in &preds[y][0] {
                let t = 2 * x as usize;
                if !won[t] {
                    won[t] = true;
                    queue.push(t);
                }
            }
        } else {
            // the other moved here from x
            for &x in &preds[y][1] {
                let t = 2 * x as usize + 1;
                if !won[t] {
                    count[x as usize] -= 1;
                    if count[x as usize] == 0 {
                        won[t] = true;
                        queue.push(t);
                    }
                }
            }
        }
    }
    won[2 * from as usize]
}

/// Whether alternating play from `from` with `mover` to move can reach `to` with `then` to
/// move.
fn alternating_path(graph: &LoopyGraph, from: u32, mover: Player, to: u32, then: Player) -> bool {
    let n = graph.len();
    let mut seen = vec![false; 2 * n];
    let state = |v: u32, p: Player| 2 * v as usize + p.index();
    let mut stack = vec![(from, mover)];
    seen[state(from, mover)] = true;
    while let Some((v, p)) = stack.pop() {
        if v == to && p == then {
            return true;
        }
        for &w in graph.options(v, p) {
            let s = state(w, p.other());
            if !seen[s] {
                seen[s] = true;
                stack.push((w, p.other()));
            }
        }
    }
    false
}

/// Positions `starts` of `candidate` as the `side`s of positions `positions` of `graph`, if
/// they are stoppers and the comparisons of sides prove each equal to its side.
fn verified(
    graph: &LoopyGraph,
    positions: &[u32],
    candidate: &LoopyGraph,
    starts: &[u32],
    side: Player,
    budget: &Budget,
) -> Result<Option<Vec<Stopper>>> {
    let stoppers = candidate.stoppers();
    if starts.iter().any(|&s| !stoppers[s as usize]) {
        return Ok(None);
    }
    let (restricted, index) = candidate.restrict(starts);
    let le = order_table(&restricted, budget)?;
    let roots: Vec<u32> = starts.iter().map(|&s| index[s as usize]).collect();
    let (simple, roots) = simplify_with(&restricted, &le, &roots, budget)?;
    let pairs: Vec<(u32, u32)> = positions
        .iter()
        .copied()
        .zip(roots.iter().copied())
        .collect();
    let flipped: Vec<(u32, u32)> = pairs.iter().map(|&(g, r)| (r, g)).collect();
    let equal = match side {
        // S <= G+ and G+ <= S
        Player::Left => {
            all(left_survives(
                graph,
                &simple,
                &pairs,
                Endless::Left,
                budget,
            )?) && all(left_survives(
                &simple,
                graph,
                &flipped,
                Endless::LeftIfMovesIn(0),
                budget,
            )?)
        }
        // G- <= S and S <= G-
        Player::Right => {
            all(left_survives(
                &simple,
                graph,
                &flipped,
                Endless::Left,
                budget,
            )?) && all(left_survives(
                graph,
                &simple,
                &pairs,
                Endless::LeftIfMovesIn(1),
                budget,
            )?)
        }
    };
    Ok(equal.then(|| {
        roots
            .iter()
            .map(|&r| Stopper::canonical(&simple, r))
            .collect()
    }))
}

fn all(v: Vec<bool>) -> bool {
    v.into_iter().all(|b| b)
}

/// Who play that never ends counts for, in a comparison of sides.
#[derive(Clone, Copy, Debug)]
enum Endless {
    /// Left survives it.
    Left,
    /// Left survives it if it has infinitely many moves in part 0 (X) or 1 (-Y), and
    /// loses it otherwise.
    LeftIfMovesIn(usize),
}

/// Whether Left, moving second in X - Y (X position `x0` of `x`, Y position `y0` of `y`),
/// survives: never is left without a move, and endless play counts as `endless` says. The
/// comparisons of sides (Winning Ways ch. 11; Siegel, CGT VI.4), for a stopper S and any G:
/// S <= G+ when Left survives G - S with endless play hers (every endless play has
/// infinitely many moves in G, whose onside counts it for Left); G+ <= S when she survives
/// S - G with endless play hers only if it moves in S infinitely often; and the mirror rules
/// for offsides.
///
/// **Algorithm**: the product states (x, y, player to move, whether the last move was in
/// the part that counts), then a Büchi game for Left: repeatedly remove Right's attractor
/// of the states from which Left cannot force a counting move. O(states · moves) at worst.
fn left_survives(
    x: &LoopyGraph,
    y: &LoopyGraph,
    starts: &[(u32, u32)],
    endless: Endless,
    budget: &Budget,
) -> Result<Vec<bool>> {
    // states: (x, y, mover, counted) numbered by discovery, the starts first
    let mut index: FxHashMap<(u32, u32, u8, bool), u32> = Default::default();
    let mut states: Vec<(u32, u32, u8, bool)> = Vec::new();
    let mut start_ids = Vec::with_capacity(starts.len());
    for &(x0, y0) in starts {
        let state = (x0, y0, 1, false);
        let id = *index.entry(state).or_insert_with(|| {
            states.push(state);
            states.len() as u32 - 1
        });
        start_ids.push(id as usize);
    }
    // successors as one list: succ_at[s]..succ_at[s + 1]
    let mut succ_list: Vec<u32> = Vec::new();
    let mut succ_at: Vec<u32> = vec![0];
    let mut i = 0;
    while i < states.len() {
        let (a, b, mover, _) = states[i];
        let p = if mover == 0 {
            Player::Left
        } else {
            Player::Right
        };
        // X's moves of p; in -Y, p's moves are Y's moves of the other player
        let next = &mut succ_list;
        let mut push = |state: (u32, u32, u8, bool), states: &mut Vec<_>| -> Result<u32> {
            if let Some(&id) = index.get(&state) {
                return Ok(id);
            }
            budget.admit(states.len(), || {
                "comparing the sides of a loopy game".to_string()
            })?;
            let id = states.len() as u32;
            states.push(state);
            index.insert(state, id);
            Ok(id)
        };
        let counts = |part: usize| matches!(endless, Endless::LeftIfMovesIn(k) if k == part);
        for &a2 in x.options(a, p) {
            next.push(push((a2, b, 1 - mover, counts(0)), &mut states)?);
        }
        for &b2 in y.options(b, p.other()) {
            next.push(push((a, b2, 1 - mover, counts(1)), &mut states)?);
        }
        succ_at.push(next.len() as u32);
        i += 1;
    }
    let m = states.len();
    let succ = |s: usize| &succ_list[succ_at[s] as usize..succ_at[s + 1] as usize];
    let mut pred_at = vec![0u32; m + 1];
    for &t in &succ_list {
        pred_at[t as usize + 1] += 1;
    }
    for s in 0..m {
        pred_at[s + 1] += pred_at[s];
    }
    let mut fill = pred_at.clone();
    let mut pred_list = vec![0u32; succ_list.len()];
    for s in 0..m {
        for &t in succ(s) {
            pred_list[fill[t as usize] as usize] = s as u32;
            fill[t as usize] += 1;
        }
    }
    let preds = |t: usize| &pred_list[pred_at[t] as usize..pred_at[t + 1] as usize];
    let left_to_move = |s: usize| states[s].2 == 0;
    // the attractor of `target` for `player` (0 Left, 1 Right) within `alive`
    let attractor = |target: &[bool], player: u8, alive: &[bool]| -> Vec<bool> {
        let mut won = target.to_vec();
        let mut count: Vec<u32> = (0..m)
            .map(|s| succ(s).iter().filter(|&&t| alive[t as usize]).count() as u32)
            .collect();
        let mut queue: Vec<usize> = (0..m).filter(|&s| won[s]).collect();
        // a state of the opponent with no move (within alive) is the player's at once
        for s in 0..m {
            if alive[s] && !won[s] && states[s].2 != player && count[s] == 0 {
                won[s] = true;
                queue.push(s);
            }
        }
        let mut k = 0;
        while k < queue.len() {
            let t = queue[k];
            k += 1;
            for &s in preds(t) {
                let s = s as usize;
                if !alive[s] || won[s] {
                    continue;
                }
                if states[s].2 == player {
                    won[s] = true;
                    queue.push(s);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        won[s] = true;
                        queue.push(s);
                    }
                }
            }
        }
        won
    };
    let all = vec![true; m];
    match endless {
        Endless::Left => {
            // Right must leave Left without a move
            let stuck: Vec<bool> = (0..m)
                .map(|s| left_to_move(s) && succ(s).is_empty())
                .collect();
            let lost = attractor(&stuck, 1, &all);
            Ok(start_ids.iter().map(|&s| !lost[s]).collect())
        }
        Endless::LeftIfMovesIn(_) => {
            let mut alive = all;
            loop {
                budget.check()?;
                // Left forces a counting move (a state where Left has no move is no gain), or
                // leaves Right without a move
                let good: Vec<bool> = (0..m)
                    .map(|s| {
                        let stuck = left_to_move(s) && !succ(s).iter().any(|&t| alive[t as usize]);
                        alive[s] && states[s].3 && !stuck
                    })
                    .collect();
                let reach = attractor(&good, 0, &alive);
                // from the rest Right avoids counting moves for ever, or leaves Left stuck
                let trap: Vec<bool> = (0..m).map(|s| alive[s] && !reach[s]).collect();
                let lost = attractor(&trap, 1, &alive);
                if !(0..m).any(|s| alive[s] && lost[s]) {
                    return Ok(start_ids.iter().map(|&s| alive[s]).collect());
                }
                for s in 0..m {
                    if lost[s] {
                        alive[s] = false;
                    }
                }
                if start_ids.iter().all(|&s| !alive[s]) {
                    return Ok(vec![false; starts.len()]);
                }
            }
        }
    }
}
