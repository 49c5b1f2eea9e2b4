//! Misère play of sums by direct search over compact keys.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::solve::misere::MisereSolver;
//! // misère Nim with heaps 1 1: the mover takes one heap and leaves the last one to the other
//! let mut solver = MisereSolver::new(1000);
//! assert!(solver.mover_wins(vec![Nim::new(vec![1]), Nim::new(vec![1])]).unwrap());
//! assert!(!solver.mover_wins(vec![Nim::new(vec![1])]).unwrap());
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::solve::game::ImpartialGame;
use crate::solve::grundy::OPTIONS_PER_STATE;
use rustc_hash::{FxHashMap, FxHashSet};

/// A component's game tree, numbered: equal numbers are identical games (up to the misère
/// identities below).
type Atom = u32;

/// The atom of `*` (the game whose only option is 0); interned first.
const STAR: Atom = 0;

/// A position of the sum: its atoms, sorted, at most one `*`.
type Key = Box<[Atom]>;

/// Decides misère outcomes of sums by memoised search over positions of the whole sum.
///
/// There is no xor rule under misère play, so a sum is searched as one game. Before the search,
/// every component is replaced by a small number, its *atom*, by hash-consing game trees
/// bottom-up: two components get the same atom when their sets of options (each option a
/// sorted multiset of atoms) are equal, whatever game they come from (`octal 0.77 1`, `nim 1`
/// and `wythoff 0 1` are all `*`). A position of the sum is then the sorted list of its atoms.
/// Two misère identities shrink keys further, both exact for every game added:
/// - `* + * = 0` (Conway, ONAG ch. 12; `{*}` is misère-equal to 0): `*` atoms cancel in pairs,
///   and a component whose only option is `*` (after cancelling) is dropped like an empty one;
/// - replacing an option by an equal game gives an equal game, so options are compared after
///   these reductions.
///
/// A position with no move is a win for the player to move; a position whose atoms all have
/// the trees of nim heaps is decided by the misère Nim rule. The search stops at the first
/// losing option found, is iterative, and stores at most `max_states` positions. The same
/// atoms serve [`MisereSolver::genus`].
///
/// **Complexity**: O(components reachable x their options) to intern the parts, then
/// O(options x key length) per stored position, hashed with FxHash.
#[derive(Debug)]
pub struct MisereSolver<G: ImpartialGame + Ord> {
    /// Canonical component -> its atom, `None` when it is misère-equal to 0.
    atoms: FxHashMap<G, Option<Atom>>,
    /// Sorted, deduplicated option keys -> atom (the hash-consing table).
    trees: FxHashMap<Vec<Key>, Atom>,
    /// The option keys of each atom.
    atom_options: Vec<Vec<Key>>,
    /// For each atom whose tree is a nim heap's (options exactly 0, *1, ..., *(k-1)), k.
    nim_size: Vec<Option<u64>>,
    memo: FxHashMap<Key, bool>,
    /// Genus sequences of the positions whose genus was asked for (and of their followers).
    genera: FxHashMap<Key, GenusSequence>,
    budget: Budget,
    options_listed: u128,
}

/// The misère half of Conway's genus of a position X: `γk = G⁻(X + k·*2)` for every k >= 0,
/// where G⁻ is the misère Grundy value (1 without a move, else the mex of the options').
///
/// The sequence always ends alternating: `values` holds γ0, γ1, ... up to the point where the
/// rest repeats its last two entries, which is how Winning Ways writes a genus (`0^120`:
/// γ = 1, 2, 0, 2, 0, ...). At least two entries are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusSequence {
    values: Box<[u32]>,
}

impl GenusSequence {
    /// The nim heap `*g`: `0^120`, `1^031`, and `g^(g, g xor 2)` for g >= 2.
    pub fn nim_heap(g: u32) -> GenusSequence {
        let values: Box<[u32]> = match g {
            0 => Box::new([1, 2, 0]),
            1 => Box::new([0, 3, 1]),
            _ => Box::new([g, g ^ 2]),
        };
        GenusSequence { values }
    }

    /// γk, for any k (the tail alternates).
    pub fn get(&self, k: usize) -> u32 {
        let n = self.values.len();
        if k < n {
            self.values[k]
        } else {
            self.values[n - 2 + (k - (n - 2)) % 2]
        }
    }

    /// The misère Grundy value γ0.
    pub fn misere_value(&self) -> u32 {
        self.values[0]
    }

    /// γ0, γ1, ... as far as the genus notation writes them.
    pub fn shown(&self) -> &[u32] {
        &self.values
    }

    /// The genus with normal-play value `g` in Winning Ways' notation: `0^120`, `3^1431`;
    /// entries are separated by commas when one has two digits (`12^12,14`).
    pub fn notation(&self, g: u64) -> String {
        let wide = self.values.iter().any(|&v| v > 9);
        let parts: Vec<String> = self.values.iter().map(u32::to_string).collect();
        format!("{g}^{}", parts.join(if wide { "," } else { "" }))
    }

    /// The sequence of a position whose options have the sequences `options`.
    ///
    /// γ0 = mex of the options' γ0 (1 if there is none). For k >= 1, the options of
    /// `X + k·*2` are `X' + k·*2`, `X + (k-1)·*2` and `X + (k-1)·*2 + *`, and
    /// `G⁻(Y + *) = G⁻(Y) xor 1` for every Y (by induction: adding `*` swaps the mex between
    /// 2j and 2j+1), so `γk = mex({γk(X')} ∪ {γ(k-1), γ(k-1) xor 1})`.
    ///
    /// **Where the tail starts** (why computing to `p + 4` suffices): let every option's
    /// sequence alternate from index p on. Then for k > p, `γk = F_k(γ(k-1))` with
    /// `F_k(v) = mex(A_k ∪ {v, v xor 1})` and `A_k = A_(k+2)`. Each F takes two values only:
    /// m = mex A (when v is outside m's pair {m, m xor 1}) or m' = mex(A ∪ {m, m xor 1}).
    /// The composition T of the two alternating maps sends F's two values to themselves and
    /// never swaps them (a swap would need m_odd in m_even's pair and not, or the converse),
    /// so one step of T reaches a fixed point: `γ(k+2) = γk` for every k >= p + 3. We compute
    /// up to p + 4 and keep the shortest prefix after which the sequence alternates.
    fn from_options(options: &[&GenusSequence]) -> GenusSequence {
        let p = options
            .iter()
            .map(|o| o.values.len() - 2)
            .max()
            .unwrap_or(0);
        let top = p + 4;
        let mut values: Vec<u32> = Vec::with_capacity(top + 1);
        let mut seen = vec![false; options.len() + 3];
        for k in 0..=top {
            seen.iter_mut().for_each(|s| *s = false);
            let mut mark = |v: u32| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            options.iter().for_each(|o| mark(o.get(k)));
            if k > 0 {
                mark(values[k - 1]);
                mark(values[k - 1] ^ 1);
            }
            let mex = if k == 0 && options.is_empty() {
                1 // under misère play a position without a move has value 1
            } else {
                seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
            };
            values.push(mex);
        }
        let mut start = top - 2;
        while start > 0 && values[start - 1] == values[start + 1] {
            start -= 1;
        }
        values.truncate(start + 2);
        GenusSequence {
            values: values.into_boxed_slice(),
        }
    }
}

struct Frame {
    key: Key,
    children: Vec<Key>,
    next: usize,
}

/// A component being interned: its options, and how far they have been looked at.
struct Interning<G> {
    part: G,
    options: Vec<Vec<G>>,
    /// (option, part) before which every part is interned: the scan for the next missing
    /// part resumes here, so a component's options are looked at once in all.
    at: (usize, usize),
}

impl<G: ImpartialGame + Ord> MisereSolver<G> {
    /// A solver storing at most `max_states` positions (a [`Budget`], or a bare limit), stopped
    /// with [`GrundyError::Cancelled`] once the budget's flag is raised.
    pub fn new(budget: impl Into<Budget>) -> Self {
        let budget = budget.into();
        let star_options: Vec<Key> = vec![Box::new([])];
        MisereSolver {
            atoms: FxHashMap::default(),
            trees: FxHashMap::from_iter([(star_options.clone(), STAR)]),
            atom_options: vec![star_options],
            nim_size: vec![Some(1)],
            memo: FxHashMap::default(),
            genera: FxHashMap::default(),
            budget,
            options_listed: 0,
        }
    }

    /// The options of one part, parts with no moves left out; refused past the state limit.
    pub fn options_of(&self, part: &G) -> Result<Vec<Vec<G>>> {
        self.budget.check()?;
        if let Some(count) = part.option_count() {
            if count > self.budget.max_states() as u128 {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: format!("{part:?} has {count} options, too many to list"),
                });
            }
        }
        Ok(part
            .options()
            .into_iter()
            .map(|o| o.into_iter().filter(|p| !p.is_terminal()).collect())
            .collect())
    }

    /// [`MisereSolver::options_of`], counted against the work budget of the search (a few
    /// components with thousands of options each stop here, not after seconds).
    fn listed_options_of(&mut self, part: &G) -> Result<Vec<Vec<G>>> {
        let options = self.options_of(part)?;
        self.count_listed(options.iter().map(|o| o.len().max(1) as u128).sum())?;
        Ok(options)
    }

    /// Counts `listed` more options against the work budget ([`OPTIONS_PER_STATE`] per state
    /// the search may store); past it, a state-limit error.
    fn count_listed(&mut self, listed: u128) -> Result<()> {
        self.options_listed += listed;
        let budget = OPTIONS_PER_STATE * self.budget.max_states() as u128;
        if self.options_listed > budget {
            return Err(GrundyError::StateLimit {
                limit: self.budget.max_states(),
                what: format!("the misère search listed more than {budget} options"),
            });
        }
        Ok(())
    }

    /// The atom of every component reachable from `part` (itself included), computed bottom-up
    /// without recursion.
    fn intern(&mut self, part: &G) -> Result<Option<Atom>> {
        let part = part.canonical();
        if let Some(&atom) = self.atoms.get(&part) {
            return Ok(atom);
        }
        if let Some(bound) = part.reachable_bound() {
            if bound > self.budget.max_states() as u128 {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: format!(
                        "the misère search of {part:?} could need up to {bound} positions"
                    ),
                });
            }
        }
        let mut stack = vec![Interning {
            options: self.listed_options_of(&part)?,
            part: part.clone(),
            at: (0, 0),
        }];
        while let Some(top) = stack.last_mut() {
            let mut missing = None;
            while top.at.0 < top.options.len() {
                let option = &top.options[top.at.0];
                if top.at.1 == option.len() {
                    top.at = (top.at.0 + 1, 0);
                    continue;
                }
                let p = option[top.at.1].canonical();
                if !self.atoms.contains_key(&p) {
                    missing = Some(p);
                    break;
                }
                top.at.1 += 1;
            }
            if let Some(next) = missing {
                if stack.iter().any(|f| f.part == next) {
                    return Err(GrundyError::Cycle);
                }
                if self.atoms.len() + stack.len() >= self.budget.max_states() {
                    return Err(GrundyError::StateLimit {
                        limit: self.budget.max_states(),
                        what: "the misère search met more distinct components than it may store"
                            .into(),
                    });
                }
                stack.push(Interning {
                    options: self.listed_options_of(&next)?,
                    part: next,
                    at: (0, 0),
                });
                continue;
            }
            let top = stack.pop().expect("stack is not empty");
            let mut keys: Vec<Key> = top
                .options
                .iter()
                .map(|option| {
                    let atoms = option.iter().filter_map(|p| self.atoms[&p.canonical()]);
                    normalise(atoms.collect())
                })
                .collect();
            keys.sort_unstable();
            keys.dedup();
            let atom = self.atom_of_options(keys);
            self.atoms.insert(top.part, atom);
        }
        Ok(self.atoms[&part])
    }

    /// The atom whose options are `keys` (sorted, deduplicated), new if never seen; `None` for
    /// the games misère-equal to 0: no option at all, or `*` alone (`{*} = * + * = 0`).
    fn atom_of_options(&mut self, keys: Vec<Key>) -> Option<Atom> {
        if keys.is_empty() || (keys.len() == 1 && *keys[0] == [STAR]) {
            return None;
        }
        if let Some(&atom) = self.trees.get(&keys) {
            return Some(atom);
        }
        let atom = Atom::try_from(self.atom_options.len()).expect("fewer atoms than u32::MAX");
        // a nim heap *k: its options are 0 and one each of *1 .. *(k-1)
        let mut sizes: Vec<Option<u64>> = keys
            .iter()
            .map(|k| match **k {
                [] => Some(0),
                [a] => self.nim_size[a as usize],
                _ => None,
            })
            .collect();
        sizes.sort_unstable();
        let k = keys.len() as u64;
        let is_nim = sizes.iter().zip(0..k).all(|(s, i)| *s == Some(i));
        self.nim_size.push(is_nim.then_some(k));
        self.atom_options.push(keys.clone());
        self.trees.insert(keys, atom);
        Some(atom)
    }

    /// The key of the sum of `parts`.
    fn key_of(&mut self, parts: &[G]) -> Result<Key> {
        let mut atoms = Vec::with_capacity(parts.len());
        for part in parts.iter().flat_map(ImpartialGame::atoms) {
            if part.is_terminal() {
                continue;
            }
            if let Some(atom) = self.intern(&part)? {
                atoms.push(atom);
            }
        }
        Ok(normalise(atoms))
    }

    /// Every option of the position `key`, as keys.
    fn children(&mut self, key: &[Atom]) -> Result<Vec<Key>> {
        let mut children = Vec::new();
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // equal atoms have the same options
            }
            for option in &self.atom_options[key[i] as usize] {
                let mut child = Vec::with_capacity(key.len() + option.len());
                child.extend_from_slice(&key[..i]);
                child.extend_from_slice(&key[i + 1..]);
                child.extend_from_slice(option);
                children.push(normalise(child));
            }
        }
        self.budget.check()?;
        self.count_listed(children.len() as u128)?;
        Ok(children)
    }

    /// True if the player to move wins the sum of `parts` under misère play.
    pub fn mover_wins(&mut self, parts: Vec<G>) -> Result<bool> {
        let key = self.key_of(&parts)?;
        self.key_wins(key)
    }

    /// A search frame for `key`, with its options listed; a key already on the search path is
    /// a cycle (a game graph part), which misère search refuses.
    fn enter(&mut self, key: Key, on_stack: &mut FxHashSet<Key>) -> Result<Frame> {
        if !on_stack.insert(key.clone()) {
            return Err(GrundyError::Cycle);
        }
        let children = self.children(&key)?;
        Ok(Frame {
            key,
            children,
            next: 0,
        })
    }

    /// The misère genus sequence of the sum of `parts` (see [`GenusSequence`]), by search over
    /// every follower of the sum; at most `max_states` sequences are stored.
    pub fn genus(&mut self, parts: &[G]) -> Result<GenusSequence> {
        let key = self.key_of(parts)?;
        if let Some(known) = self.genera.get(&key) {
            return Ok(known.clone());
        }
        let mut on_stack = FxHashSet::default();
        let mut stack = vec![self.enter(key, &mut on_stack)?];
        while let Some(frame) = stack.last_mut() {
            while frame.next < frame.children.len()
                && self.genera.contains_key(&frame.children[frame.next])
            {
                frame.next += 1;
            }
            if frame.next < frame.children.len() {
                let child = frame.children[frame.next].clone();
                let next = self.enter(child, &mut on_stack)?;
                stack.push(next);
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            on_stack.remove(&frame.key);
            let options: Vec<&GenusSequence> =
                frame.children.iter().map(|c| &self.genera[c]).collect();
            let sequence = GenusSequence::from_options(&options);
            if self.genera.len() >= self.budget.max_states() {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: "the genus search filled its memo".into(),
                });
            }
            self.budget
                .room(&mut self.genera, || "the memo of genus sequences".into())?;
            self.genera.insert(frame.key, sequence.clone());
            if stack.is_empty() {
                return Ok(sequence);
            }
        }
        unreachable!("the root frame returns its sequence when popped")
    }

    /// The outcome of `key` if known without searching: stored, or a sum of atoms whose trees
    /// are nim heaps' (the misère Nim rule).
    fn known(&self, key: &[Atom]) -> Option<bool> {
        // the misère Nim rule, without collecting the heaps
        let (mut xor, mut big) = (0u64, false);
        for &a in key {
            match self.nim_size[a as usize] {
                Some(k) => {
                    xor ^= k;
                    big |= k >= 2;
                }
                None => return self.memo.get(key).copied(),
            }
        }
        // all heaps 0 or 1: the mover wins iff the number of 1s (their xor) is even
        Some(if big { xor != 0 } else { xor == 0 })
    }

    fn key_wins(&mut self, key: Key) -> Result<bool> {
        if let Some(known) = self.known(&key) {
            return Ok(known);
        }
        let mut on_stack = FxHashSet::default();
        let mut stack = vec![self.enter(key, &mut on_stack)?];
        while let Some(frame) = stack.last_mut() {
            let mut decided = if frame.children.is_empty() {
                Some(true) // no move: under misère play the player to move wins
            } else {
                None
            };
            let mut unknown_child = None;
            while decided.is_none() && frame.next < frame.children.len() {
                match self.known(&frame.children[frame.next]) {
                    Some(false) => decided = Some(true),
                    Some(true) => frame.next += 1,
                    None => {
                        unknown_child = Some(frame.children[frame.next].clone());
                        break;
                    }
                }
            }
            if let Some(child) = unknown_child {
                let next = self.enter(child, &mut on_stack)?;
                stack.push(next);
                continue;
            }
            let wins = decided.unwrap_or(false);
            let frame = stack.pop().expect("stack is not empty");
            if self.memo.len() >= self.budget.max_states() {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: "the misère search of the sum filled its memo".into(),
                });
            }
            on_stack.remove(&frame.key);
            self.budget
                .room(&mut self.memo, || "the memo of misère outcomes".into())?;
            self.memo.insert(frame.key, wins);
            if stack.is_empty() {
                return Ok(wins);
            }
        }
        unreachable!("the root frame returns its value when popped")
    }
}

/// Sorts a list of atoms and cancels `*` in pairs (`* + * = 0` in misère play).
fn normalise(mut atoms: Vec<Atom>) -> Key {
    atoms.sort_unstable();
    let stars = atoms.iter().take_while(|&&a| a == STAR).count();
    let drop = stars - stars % 2;
    atoms.drain(..drop);
    atoms.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A nim heap, or a heap from which one or two may be taken: two rule sets, one type.
    #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum Heap {
        Nim(u64),
        TakeOneOrTwo(u64),
    }

    impl ImpartialGame for Heap {
        fn options(&self) -> Vec<Vec<Heap>> {
            match *self {
                Heap::Nim(n) => (0..n).map(|m| vec![Heap::Nim(m)]).collect(),
                Heap::TakeOneOrTwo(n) => (1..=2.min(n))
                    .map(|t| vec![Heap::TakeOneOrTwo(n - t)])
                    .collect(),
            }
        }
    }

    #[test]
    fn isomorphic_components_share_an_atom_and_stars_cancel() {
        let mut solver = MisereSolver::new(1000);
        assert_eq!(solver.intern(&Heap::Nim(1)).unwrap(), Some(STAR));
        assert_eq!(solver.intern(&Heap::TakeOneOrTwo(1)).unwrap(), Some(STAR));
        // both heaps of 2 are {0, *}: one atom
        let a = solver.key_of(&[Heap::Nim(2)]).unwrap();
        let b = solver.key_of(&[Heap::TakeOneOrTwo(2)]).unwrap();
        assert_eq!(a, b);
        // nim 2 + * + *: the two stars cancel
        let key = solver
            .key_of(&[Heap::Nim(2), Heap::Nim(1), Heap::TakeOneOrTwo(1)])
            .unwrap();
        assert_eq!(key, a);
        // take-one-or-two 3 is {*2, *} (different from nim 3 = {0, *, *2})
        let c = solver.key_of(&[Heap::TakeOneOrTwo(3)]).unwrap();
        let d = solver.key_of(&[Heap::Nim(3)]).unwrap();
        assert_ne!(c, d);
        // atoms with a nim heap's tree are known as such; the others are searched
        assert_eq!(solver.nim_size[a[0] as usize], Some(2));
        assert_eq!(solver.nim_size[d[0] as usize], Some(3));
        assert_eq!(solver.nim_size[c[0] as usize], None);
        // misère Nim: *2 + *3 wins (xor 1, a heap >= 2); * + *2 + *3 loses (xor 0)
        assert!(solver
            .mover_wins(vec![Heap::TakeOneOrTwo(2), Heap::Nim(3)])
            .unwrap());
        assert!(!solver
            .mover_wins(vec![Heap::Nim(1), Heap::TakeOneOrTwo(2), Heap::Nim(3)])
            .unwrap());
        // {*2, *} + * is searched: it agrees with plain recursion over the game
        let searched = solver
            .mover_wins(vec![Heap::TakeOneOrTwo(3), Heap::Nim(1)])
            .unwrap();
        assert_eq!(
            searched,
            plain_misere_wins(&[Heap::TakeOneOrTwo(3), Heap::Nim(1)])
        );
    }

    /// Misère outcome by plain recursion over the whole position, no memo, no atoms.
    fn plain_misere_wins(parts: &[Heap]) -> bool {
        let mut any = false;
        for i in 0..parts.len() {
            for option in parts[i].options() {
                any = true;
                let mut next = parts.to_vec();
                next.remove(i);
                next.extend(option);
                if !plain_misere_wins(&next) {
                    return true;
                }
            }
        }
        !any
    }

    #[test]
    fn genus_of_nim_heaps() {
        let mut solver = MisereSolver::new(10_000);
        for g in 0..12 {
            let sequence = solver.genus(&[Heap::Nim(g)]).unwrap();
            assert_eq!(sequence, GenusSequence::nim_heap(g as u32), "*{g}");
        }
        assert_eq!(GenusSequence::nim_heap(0).notation(0), "0^120");
        assert_eq!(GenusSequence::nim_heap(3).notation(3), "3^31");
        assert_eq!(GenusSequence::nim_heap(12).notation(12), "12^12,14");
    }
}
