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

/// The most rounds of sidling [`value_of`] tries by default.
pub const DEFAULT_SIDLING_ROUNDS: usize = 256;

/// The value of position `start` of `graph`: its simplest form if it is a stopper, else its
/// sides by sidling (at most `max_rounds` rounds for each side).
pub fn value_of(
    graph: &LoopyGraph,
    start: u32,
    max_rounds: usize,
    budget: &Budget,
) -> Result<SidedValue> {
    let (graph, _) = graph.restrict(&[start]);
    let stoppers = graph.stoppers();
    if stoppers[0] {
        return Ok(SidedValue::Stopper(Stopper::simplify(&graph, 0, budget)?));
    }
    let onside = sidle(&graph, &stoppers, Player::Left, max_rounds, budget)?;
    let offside = sidle(&graph, &stoppers, Player::Right, max_rounds, budget)?;
    Ok(SidedValue::from_sides(onside, offside))
}

/// One side of position 0 of `graph` (`Left`: the onside, from `on`; `Right`: the offside,
/// from `off`), given which positions are stoppers.
fn sidle(
    graph: &LoopyGraph,
    stoppers: &[bool],
    side: Player,
    max_rounds: usize,
    budget: &Budget,
) -> Result<Stopper> {
    let n = graph.len();
    if let Some(side_value) = cut_candidate(graph, stoppers, side, budget)? {
        return Ok(side_value);
    }
    let loopy: Vec<u32> = (0..n as u32).filter(|&v| !stoppers[v as usize]).collect();
    // the stopper positions the non-stoppers move to, each the root of its own value
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
    for _round in 0..max_rounds {
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
                work.add_with(l, r)
            })
            .collect();
        // simplify the new layer beside the old one, and the fixed positions
        let mut roots: Vec<u32> = layer.clone();
        roots.extend(loopy.iter().map(|&v| at[v as usize]));
        roots.extend(fixed.iter().map(|&w| at[w as usize]));
        let (sub, index) = work.restrict(&roots);
        let le = order_table(&sub, budget)?;
        let sub_roots: Vec<u32> = roots.iter().map(|&r| index[r as usize]).collect();
        let (simple, new_roots) = simplify_with(&sub, &le, &sub_roots, budget)?;
        let k = loopy.len();
        let settled = (0..k).all(|i| new_roots[i] == new_roots[k + i]);
        if !settled {
            // a guess at the limit: each previous approximation replaced by the new one
            let mut tied = simple.clone();
            let back: rustc_hash::FxHashMap<u32, u32> =
                (0..k).map(|i| (new_roots[k + i], new_roots[i])).collect();
            for u in 0..tied.len() as u32 {
                let [l, r] = [Player::Left, Player::Right].map(|p| {
                    tied.options(u, p)
                        .iter()
                        .map(|w| *back.get(w).unwrap_or(w))
                        .collect::<Vec<u32>>()
                });
                tied.set_options(u, l, r);
            }
            if let Some(s) = verified(graph, &tied, new_roots[0], side, budget)? {
                return Ok(s);
            }
        }
        // keep the new layer and the fixed positions only
        let mut keep: Vec<u32> = new_roots[..k].to_vec();
        keep.extend_from_slice(&new_roots[2 * k..]);
        let (next, index) = simple.restrict(&keep);
        for (i, &v) in loopy.iter().enumerate() {
            at[v as usize] = index[new_roots[i] as usize];
        }
        for (i, &w) in fixed.iter().enumerate() {
            at[w as usize] = index[new_roots[2 * k + i] as usize];
        }
        work = next;
        if settled {
            return Ok(Stopper::canonical(&work, at[0]));
        }
    }
    Err(GrundyError::Unsupported(format!(
        "the {} of this loopy game did not settle in {max_rounds} rounds of sidling (it may be reached only in the limit)",
        if side == Player::Left { "onside" } else { "offside" }
    )))
}

/// The guess that cuts the endless play in the side's favour: for the onside, Right's moves
/// that close a cycle of alternating play are dropped (Left would keep such play going); for
/// the offside, Left's. Returned only if it is a stopper and proved to be the side.
fn cut_candidate(
    graph: &LoopyGraph,
    stoppers: &[bool],
    side: Player,
    budget: &Budget,
) -> Result<Option<Stopper>> {
    let n = graph.len();
    let cutter = side.other();
    let mut cut = graph.clone();
    for v in 0..n as u32 {
        if stoppers[v as usize] {
            continue;
        }
        let kept: Vec<u32> = graph
            .options(v, cutter)
            .iter()
            .copied()
            .filter(|&w| stoppers[w as usize] || !alternating_path(graph, w, side, v, cutter))
            .collect();
        let other = graph.options(v, side).to_vec();
        match cutter {
            Player::Left => cut.set_options(v, kept, other),
            Player::Right => cut.set_options(v, other, kept),
        }
    }
    verified(graph, &cut, 0, side, budget)
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

/// Position `start` of `candidate` as the `side` of position 0 of `graph`, if it is a
/// stopper and the comparisons of sides prove it equal to that side.
fn verified(
    graph: &LoopyGraph,
    candidate: &LoopyGraph,
    start: u32,
    side: Player,
    budget: &Budget,
) -> Result<Option<Stopper>> {
    let (candidate, _) = candidate.restrict(&[start]);
    if !candidate.stoppers()[0] {
        return Ok(None);
    }
    let s = Stopper::simplify(&candidate, 0, budget)?;
    let sg = s.graph();
    let equal = match side {
        // S <= G+ and G+ <= S
        Player::Left => {
            left_survives(graph, 0, sg, 0, Endless::Left, budget)?
                && left_survives(sg, 0, graph, 0, Endless::LeftIfMovesIn(0), budget)?
        }
        // G- <= S and S <= G-
        Player::Right => {
            left_survives(sg, 0, graph, 0, Endless::Left, budget)?
                && left_survives(graph, 0, sg, 0, Endless::LeftIfMovesIn(1), budget)?
        }
    };
    Ok(equal.then_some(s))
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
    x0: u32,
    y: &LoopyGraph,
    y0: u32,
    endless: Endless,
    budget: &Budget,
) -> Result<bool> {
    // states: (x, y, mover, counted) numbered by discovery
    let mut index: rustc_hash::FxHashMap<(u32, u32, u8, bool), u32> = Default::default();
    let mut states: Vec<(u32, u32, u8, bool)> = vec![(x0, y0, 1, false)];
    index.insert(states[0], 0);
    let mut succ: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (a, b, mover, _) = states[i];
        let p = if mover == 0 {
            Player::Left
        } else {
            Player::Right
        };
        // X's moves of p; in -Y, p's moves are Y's moves of the other player
        let mut next = Vec::new();
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
        succ.push(next);
        i += 1;
    }
    let m = states.len();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); m];
    for (s, list) in succ.iter().enumerate() {
        for &t in list {
            preds[t as usize].push(s as u32);
        }
    }
    let left_to_move = |s: usize| states[s].2 == 0;
    // the attractor of `target` for `player` (0 Left, 1 Right) within `alive`
    let attractor = |target: &[bool], player: u8, alive: &[bool]| -> Vec<bool> {
        let mut won = target.to_vec();
        let mut count: Vec<u32> = (0..m)
            .map(|s| succ[s].iter().filter(|&&t| alive[t as usize]).count() as u32)
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
            for &s in &preds[t] {
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
                .map(|s| left_to_move(s) && succ[s].is_empty())
                .collect();
            Ok(!attractor(&stuck, 1, &all)[0])
        }
        Endless::LeftIfMovesIn(_) => {
            let mut alive = all;
            loop {
                budget.check()?;
                // Left forces a counting move (a state where Left has no move is no gain), or
                // leaves Right without a move
                let good: Vec<bool> = (0..m)
                    .map(|s| {
                        let stuck = left_to_move(s) && !succ[s].iter().any(|&t| alive[t as usize]);
                        alive[s] && states[s].3 && !stuck
                    })
                    .collect();
                let reach = attractor(&good, 0, &alive);
                // from the rest Right avoids counting moves for ever, or leaves Left stuck
                let trap: Vec<bool> = (0..m).map(|s| alive[s] && !reach[s]).collect();
                let lost = attractor(&trap, 1, &alive);
                if !(0..m).any(|s| alive[s] && lost[s]) {
                    return Ok(alive[0]);
                }
                for s in 0..m {
                    if lost[s] {
                        alive[s] = false;
                    }
                }
                if !alive[0] {
                    return Ok(false);
                }
            }
        }
    }
}
