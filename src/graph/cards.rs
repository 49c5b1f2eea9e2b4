//! Card-matching games: two hands of cards, each card a (point, colour); a card may follow one
//! that shares its point or its colour.

use crate::graph::flow::FlowNetwork;

/// For each card of the first hand as the opening card, whether the player who then moves
/// first (from the other hand, as in LibreOJ 536 "hanafuda") wins.
///
/// The game is geography on the bipartite graph "first hand - second hand, an edge when point
/// or colour agree"; the mover from card a wins iff every maximum matching covers a
/// (Fraenkel-Scheinerman-Ullman). That graph can have n1 * n2 edges, so the matching is a
/// maximum flow through one hub per point and one per colour instead — source -> first hand ->
/// hubs -> second hand -> sink, all capacities 1, O(n) edges and the same maximum — and a is
/// missed by some maximum matching iff it is reachable from the source in the residual network.
///
/// **Complexity**: O((n1 + n2) sqrt(n1 + n2)) time (Dinic on a unit network), O(n1 + n2 +
/// points + colours) space.
///
/// ```
/// use grundy::graph::cards::first_mover_wins;
/// // the first sample of LibreOJ 536
/// let alice = [(1, 1), (2, 2), (3, 3)];
/// let shinobu = [(1, 2), (3, 3)];
/// assert_eq!(first_mover_wins(&alice, &shinobu), vec![false, false, true]);
/// ```
pub fn first_mover_wins(first: &[(u32, u32)], second: &[(u32, u32)]) -> Vec<bool> {
    let points = first
        .iter()
        .chain(second)
        .map(|c| c.0 as usize + 1)
        .max()
        .unwrap_or(0);
    let colours = first
        .iter()
        .chain(second)
        .map(|c| c.1 as usize + 1)
        .max()
        .unwrap_or(0);
    let (s, t) = (0, 1);
    let card_a = |i: usize| 2 + i;
    let point_hub = |x: u32| 2 + first.len() + x as usize;
    let colour_hub = |y: u32| 2 + first.len() + points + y as usize;
    let card_b = |j: usize| 2 + first.len() + points + colours + j;
    let mut net = FlowNetwork::new(2 + first.len() + points + colours + second.len());
    for (i, &(x, y)) in first.iter().enumerate() {
        net.add_edge(s, card_a(i), 1);
        net.add_edge(card_a(i), point_hub(x), 1);
        net.add_edge(card_a(i), colour_hub(y), 1);
    }
    for (j, &(x, y)) in second.iter().enumerate() {
        net.add_edge(point_hub(x), card_b(j), 1);
        net.add_edge(colour_hub(y), card_b(j), 1);
        net.add_edge(card_b(j), t, 1);
    }
    net.max_flow(s, t);
    let reachable = net.residual_reachable(s);
    (0..first.len()).map(|i| !reachable[card_a(i)]).collect()
}
