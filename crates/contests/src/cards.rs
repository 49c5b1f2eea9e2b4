//! Card-matching games: two hands of cards, each card a (point, colour); a card may follow one
//! that shares its point or its colour.
//!
//! The card graph can have n1 * n2 edges, so it is never built: each point and each colour is a
//! hub, a card belongs to its two hubs, and two cards of different hands are adjacent iff they
//! share a hub. Matching searches walk hubs instead of edges.
//!
//! ```
//! use grundy_contests::cards::first_mover_wins;
//! // one card each, sharing a point: the mover from Alice's opening card answers it and wins
//! assert_eq!(first_mover_wins(&[(0, 0)], &[(0, 1)]), vec![true]);
//! // no card of the other hand shares anything: the mover is stuck
//! assert_eq!(first_mover_wins(&[(0, 0)], &[(1, 1)]), vec![false]);
//! ```

const NONE: u32 = u32::MAX;

/// A bipartite graph given by hubs: left vertex i and right vertex j are adjacent iff they
/// belong to a common hub; every vertex belongs to K hubs. Stored as the hubs of each left
/// vertex and the right vertices of each hub (compressed rows), O(n K + hubs) memory.
#[derive(Clone, Debug)]
pub struct HubGraph {
    left_start: Vec<usize>,
    left_hubs: Vec<u32>,
    hub_start: Vec<usize>,
    hub_rights: Vec<u32>,
    rights: usize,
}

impl HubGraph {
    /// The graph where left vertex i belongs to hubs `left[i]` and right vertex j to hubs
    /// `right[j]`, hubs numbered `0..hubs`. O(n K + hubs).
    pub fn new<const K: usize>(hubs: usize, left: &[[u32; K]], right: &[[u32; K]]) -> HubGraph {
        let left_start: Vec<usize> = (0..=left.len()).map(|i| i * K).collect();
        let left_hubs: Vec<u32> = left.iter().flatten().copied().collect();
        let mut hub_start = vec![0usize; hubs + 1];
        for hs in right {
            for &h in hs {
                hub_start[h as usize + 1] += 1;
            }
        }
        for h in 0..hubs {
            hub_start[h + 1] += hub_start[h];
        }
        let mut fill = hub_start.clone();
        let mut hub_rights = vec![0u32; hub_start[hubs]];
        for (j, hs) in right.iter().enumerate() {
            for &h in hs {
                hub_rights[fill[h as usize]] = j as u32;
                fill[h as usize] += 1;
            }
        }
        HubGraph {
            left_start,
            left_hubs,
            hub_start,
            hub_rights,
            rights: right.len(),
        }
    }

    fn hubs_of(&self, i: usize) -> &[u32] {
        &self.left_hubs[self.left_start[i]..self.left_start[i + 1]]
    }

    fn rights_of(&self, h: u32) -> &[u32] {
        &self.hub_rights[self.hub_start[h as usize]..self.hub_start[h as usize + 1]]
    }

    /// A maximum matching, as each left vertex's partner (or `None`).
    ///
    /// Pothen-Fan-style phases over hubs: a depth-first search from every free left vertex,
    /// the searches of a phase sharing one visited mark per right vertex and one scan pointer
    /// per hub (a right vertex tried once is not tried again in the phase); before descending,
    /// a lookahead pointer per hub (kept for good: matched right vertices stay matched) finds a
    /// free right vertex directly. A greedy pass over the same lookahead pointers starts it.
    ///
    /// **Complexity**: each phase O(n + memberships); a handful of phases in practice. The
    /// search keeps its own stack.
    pub fn maximum_matching(&self) -> Vec<Option<usize>> {
        let lefts = self.left_start.len() - 1;
        let hubs = self.hub_start.len() - 1;
        let mut mate_left = vec![NONE; lefts];
        let mut mate_right = vec![NONE; self.rights];
        let mut lookahead: Vec<usize> = self.hub_start[..hubs].to_vec();
        // the free right vertex of hub h the lookahead finds, advancing past matched ones
        let find_free = |h: u32, lookahead: &mut [usize], mate_right: &[u32]| -> Option<u32> {
            let end = self.hub_start[h as usize + 1];
            let at = &mut lookahead[h as usize];
            while *at < end {
                let j = self.hub_rights[*at];
                if mate_right[j as usize] == NONE {
                    return Some(j);
                }
                *at += 1;
            }
            None
        };
        for (i, mate) in mate_left.iter_mut().enumerate() {
            for &h in self.hubs_of(i) {
                if let Some(j) = find_free(h, &mut lookahead, &mate_right) {
                    *mate = j;
                    mate_right[j as usize] = i as u32;
                    break;
                }
            }
        }
        let mut free: Vec<u32> = (0..lefts as u32)
            .filter(|&i| mate_left[i as usize] == NONE)
            .collect();
        let mut visited = vec![0u32; self.rights];
        let mut scan: Vec<usize> = vec![0; hubs];
        let mut stamp = vec![0u32; hubs]; // the phase that last reset scan[h]
                                          // stack: (left vertex, index of the hub being scanned, right vertex descended through)
        let mut stack: Vec<(u32, u32, u32)> = Vec::new();
        let mut phase = 0u32;
        loop {
            phase += 1;
            let mut augmented = false;
            for &root in &free {
                if mate_left[root as usize] != NONE {
                    continue;
                }
                stack.clear();
                stack.push((root, 0, NONE));
                'search: while let Some(&(i, k, _)) = stack.last() {
                    let i = i as usize;
                    for &h in self.hubs_of(i) {
                        if let Some(j) = find_free(h, &mut lookahead, &mate_right) {
                            // augment: j to i, then each left vertex below to the right vertex
                            // it descended through
                            let mut right = j;
                            for &(x, _, _) in stack.iter().rev() {
                                let old = mate_left[x as usize];
                                mate_left[x as usize] = right;
                                mate_right[right as usize] = x;
                                right = old;
                            }
                            augmented = true;
                            break 'search;
                        }
                    }
                    let own = self.hubs_of(i);
                    let mut k = k as usize;
                    let mut descended = false;
                    while k < own.len() && !descended {
                        let h = own[k] as usize;
                        if stamp[h] != phase {
                            stamp[h] = phase;
                            scan[h] = self.hub_start[h];
                        }
                        while scan[h] < self.hub_start[h + 1] {
                            let j = self.hub_rights[scan[h]];
                            scan[h] += 1;
                            if visited[j as usize] != phase {
                                visited[j as usize] = phase;
                                let next = mate_right[j as usize];
                                stack.last_mut().expect("non-empty").1 = k as u32;
                                stack.last_mut().expect("non-empty").2 = j;
                                stack.push((next, 0, NONE));
                                descended = true;
                                break;
                            }
                        }
                        if !descended {
                            k += 1;
                        }
                    }
                    if !descended {
                        stack.pop();
                    }
                }
            }
            if !augmented {
                break;
            }
            free.retain(|&i| mate_left[i as usize] == NONE);
        }
        mate_left
            .into_iter()
            .map(|j| (j != NONE).then_some(j as usize))
            .collect()
    }

    /// For a maximum matching (`mate_left`), which left vertices some maximum matching
    /// misses: the free ones and those an even alternating path reaches from them
    /// (Dulmage-Mendelsohn), searched breadth-first with each hub expanded once. O(n +
    /// memberships).
    pub fn left_missed(&self, mate_left: &[Option<usize>]) -> Vec<bool> {
        let mut mate_right = vec![NONE; self.rights];
        for (i, m) in mate_left.iter().enumerate() {
            if let Some(j) = m {
                mate_right[*j] = i as u32;
            }
        }
        let mut missed: Vec<bool> = mate_left.iter().map(Option::is_none).collect();
        let mut queue: Vec<u32> = (0..mate_left.len() as u32)
            .filter(|&i| missed[i as usize])
            .collect();
        let mut expanded = vec![false; self.hub_start.len() - 1];
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            for &h in self.hubs_of(i) {
                if std::mem::replace(&mut expanded[h as usize], true) {
                    continue;
                }
                for &j in self.rights_of(h) {
                    let w = mate_right[j as usize];
                    if w != NONE && !missed[w as usize] {
                        missed[w as usize] = true;
                        queue.push(w);
                    }
                }
            }
        }
        missed
    }
}

/// Hub numbers for the values a card uses (points or colours): the values themselves when they
/// are dense (at most twice as many as the cards), else their ranks among the values used, so
/// that a few cards with large numbers never cost memory for every number below them.
struct DenseIds {
    /// The used values, sorted, when ranks are used.
    ranks: Option<Vec<u32>>,
    /// Hub numbers run over `0..len`.
    len: u32,
}

impl DenseIds {
    fn id(&self, value: u32) -> u32 {
        match &self.ranks {
            None => value,
            Some(sorted) => sorted.binary_search(&value).expect("a value of a card") as u32,
        }
    }
}

/// O(n) when the values are dense, O(n log n) otherwise.
fn dense_ids(values: impl Iterator<Item = u32> + Clone) -> DenseIds {
    let count = values.clone().count();
    let max = values.clone().max().map_or(0, |m| m as usize + 1);
    if max <= 2 * count + 16 {
        return DenseIds {
            ranks: None,
            len: max as u32,
        };
    }
    let mut sorted: Vec<u32> = values.collect();
    sorted.sort_unstable();
    sorted.dedup();
    DenseIds {
        len: sorted.len() as u32,
        ranks: Some(sorted),
    }
}

/// For each card of the first hand as the opening card, whether the player who then moves
/// first (from the other hand, as in LibreOJ 536 "hanafuda") wins.
///
/// The game is geography on the bipartite graph "first hand - second hand, an edge when point
/// or colour agree"; the mover from card a wins iff every maximum matching covers a
/// (Fraenkel-Scheinerman-Ullman). The graph is a [`HubGraph`] (one hub per point and per
/// colour), so neither the matching nor the alternating search ever lists the n1 * n2 edges.
///
/// **Complexity**: O(n1 + n2) per phase, a handful of phases in practice (points and colours
/// are numbered densely first: O(n1 + n2), or O((n1 + n2) log) when the numbers are sparse).
///
/// ```
/// use grundy_contests::cards::first_mover_wins;
/// // the first sample of LibreOJ 536
/// let alice = [(1, 1), (2, 2), (3, 3)];
/// let shinobu = [(1, 2), (3, 3)];
/// assert_eq!(first_mover_wins(&alice, &shinobu), vec![false, false, true]);
/// ```
pub fn first_mover_wins(first: &[(u32, u32)], second: &[(u32, u32)]) -> Vec<bool> {
    let cards = || first.iter().chain(second);
    let (points, colours) = (
        dense_ids(cards().map(|c| c.0)),
        dense_ids(cards().map(|c| c.1)),
    );
    let hubs_of = |&(x, y): &(u32, u32)| [points.id(x), points.len + colours.id(y)];
    let left: Vec<[u32; 2]> = first.iter().map(hubs_of).collect();
    let right: Vec<[u32; 2]> = second.iter().map(hubs_of).collect();
    let g = HubGraph::new((points.len + colours.len) as usize, &left, &right);
    let matching = g.maximum_matching();
    g.left_missed(&matching)
        .into_iter()
        .map(|missed| !missed)
        .collect()
}
