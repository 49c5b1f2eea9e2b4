//! Misère quotients (Plambeck 2005; Plambeck & Siegel 2008) of the sums of heaps of one game.
//!
//! Two sums x and y of heaps are *indistinguishable* when `x + z` and `y + z` have the same
//! misère outcome for every sum z of the same heaps. The classes form a commutative monoid Q,
//! the misère quotient; the P-positions are the classes in a subset P of Q (the P-portion). A
//! finite quotient turns any sum, however many heaps it has, into a product of elements.
//!
//! ```
//! use grundy::games::Nim;
//! use grundy::solve::quotient::misere_quotient;
//! // Nim heaps 0, 1, 2: the tame quotient <a, b | a^2 = 1, b^3 = b>, 6 elements
//! let heaps: Vec<Nim> = (0..3).map(|n| Nim::new(vec![n])).collect();
//! let q = misere_quotient(&heaps, 100, 100_000).unwrap();
//! assert_eq!(q.order(), 6);
//! let p = q.presentation();
//! assert_eq!(p.relations, ["a^2 = 1", "b^3 = b"]);
//! assert_eq!(p.p_portion(&q), ["a", "b^2"]);
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::nimber::Outcome;
use crate::solve::game::ImpartialGame;
use crate::solve::misere::MisereSolver;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// An element of a quotient: its index (0 is the identity, the class of the empty sum).
pub type Element = u32;

/// The misère quotient of the sums of heaps `0..=N` of one game, with its proof checked.
///
/// Built by [`misere_quotient`]; see there for how it is found and why it is right.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    /// The element of each heap (the identity for a heap without a move).
    heap_elements: Vec<Element>,
    /// The heaps with a move, which generate the quotient.
    generators: Vec<usize>,
    /// `action[q * generators.len() + j]` = q times the element of heap `generators[j]`.
    action: Vec<Element>,
    /// True for the elements of the P-portion.
    p: Vec<bool>,
    /// A shortest sum of heaps (heap sizes) with each element.
    representatives: Vec<Vec<usize>>,
}

/// A presentation of a quotient: generators (heaps whose element the smaller heaps do not
/// give), relations between words in them, and the name of every element as a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Each generator's name and heap.
    pub generators: Vec<(String, usize)>,
    /// Relations `word = word`, the left side a least word that is not the chosen name of its
    /// element (graded, then fewest of the later generators).
    pub relations: Vec<String>,
    /// The name of each element (a word in the generators, `1` for the identity).
    pub names: Vec<String>,
}

impl Presentation {
    /// The names of the P-portion's elements, in the order of the elements' names.
    pub fn p_portion(&self, quotient: &MisereQuotient) -> Vec<String> {
        let mut names: Vec<(usize, &String)> = (0..quotient.order())
            .filter(|&q| quotient.is_p(q as Element))
            .map(|q| (q, &self.names[q]))
            .collect();
        names.sort_by_key(|&(q, name)| (self.rank(name), q));
        names.into_iter().map(|(_, n)| n.clone()).collect()
    }

    /// Names sort by length then alphabetically (`a` before `b^2` before `ab^2`).
    fn rank(&self, name: &str) -> (usize, String) {
        (name.len(), name.to_string())
    }
}

impl MisereQuotient {
    /// The number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// True if the sums with element `q` are P-positions (the player to move loses).
    pub fn is_p(&self, q: Element) -> bool {
        self.p[q as usize]
    }

    /// The largest heap covered.
    pub fn heaps(&self) -> usize {
        self.heap_elements.len() - 1
    }

    /// The element of heap `n` (`None` past the heaps covered).
    pub fn heap_element(&self, n: usize) -> Option<Element> {
        self.heap_elements.get(n).copied()
    }

    /// `q` times the element of heap `n` (n within the heaps covered).
    pub fn times_heap(&self, q: Element, n: usize) -> Element {
        match self.generators.binary_search(&n) {
            Ok(j) => self.action[q as usize * self.generators.len() + j],
            Err(_) => q, // a heap without a move is the identity
        }
    }

    /// `q` times the element of `count` heaps of `n`, in O(order) steps whatever `count` is
    /// (powers of an element are ultimately periodic).
    pub fn times_heaps(&self, q: Element, n: usize, count: u64) -> Element {
        let mut seen: FxHashMap<Element, u64> = FxHashMap::default();
        let mut orbit = Vec::new();
        let mut x = q;
        let mut i = 0u64;
        while i < count {
            if let Some(&start) = seen.get(&x) {
                let period = i - start;
                let k = start + (count - start) % period;
                return orbit[k as usize];
            }
            seen.insert(x, i);
            orbit.push(x);
            x = self.times_heap(x, n);
            i += 1;
        }
        x
    }

    /// The product of two elements.
    pub fn multiply(&self, q: Element, r: Element) -> Element {
        self.representatives[r as usize]
            .iter()
            .fold(q, |x, &n| self.times_heap(x, n))
    }

    /// A presentation: generators, relations, and a name for every element.
    pub fn presentation(&self) -> Presentation {
        // generators: heaps whose element the earlier generators do not reach
        let mut reached: FxHashSet<Element> = FxHashSet::from_iter([0]);
        let mut gens: Vec<(usize, Element)> = Vec::new();
        for (n, &e) in self.heap_elements.iter().enumerate() {
            if reached.contains(&e) {
                continue;
            }
            gens.push((n, e));
            let mut queue: Vec<Element> = reached.iter().copied().collect();
            while let Some(x) = queue.pop() {
                for &(_, g) in &gens {
                    let y = self.multiply(x, g);
                    if reached.insert(y) {
                        queue.push(y);
                    }
                }
            }
        }
        let letter = |i: usize| -> String {
            if i < 26 {
                char::from(b'a' + i as u8).to_string()
            } else {
                format!("x{i}")
            }
        };
        let word = |v: &[u32]| -> String {
            let parts: Vec<String> = v
                .iter()
                .enumerate()
                .filter(|&(_, &e)| e > 0)
                .map(|(i, &e)| {
                    if e == 1 {
                        letter(i)
                    } else {
                        format!("{}^{e}", letter(i))
                    }
                })
                .collect();
            if parts.is_empty() {
                "1".into()
            } else {
                parts.concat()
            }
        };
        // normal forms, degree by degree; ties: fewer of the last generators first
        let k = gens.len();
        let mut names: Vec<Option<String>> = vec![None; self.order()];
        let mut normal: FxHashMap<Vec<u32>, Element> = FxHashMap::default();
        let mut relations = Vec::new();
        let mut level: Vec<Vec<u32>> = vec![vec![0; k]];
        normal.insert(vec![0; k], 0);
        names[0] = Some("1".into());
        while !level.is_empty() {
            let mut next: Vec<Vec<u32>> = Vec::new();
            for v in &level {
                for j in 0..k {
                    let mut w = v.clone();
                    w[j] += 1;
                    next.push(w);
                }
            }
            next.sort_by(|a, b| a.iter().rev().cmp(b.iter().rev()));
            next.dedup();
            let mut found = Vec::new();
            for w in next {
                let (j, parent) = (0..k)
                    .filter(|&j| w[j] > 0)
                    .find_map(|j| {
                        let mut u = w.clone();
                        u[j] -= 1;
                        normal.get(&u).map(|&e| (j, e))
                    })
                    .expect("every word of the level has a parent in normal form");
                let e = self.multiply(parent, gens[j].1);
                if names[e as usize].is_none() {
                    names[e as usize] = Some(word(&w));
                    normal.insert(w.clone(), e);
                    found.push(w);
                } else {
                    let minimal = (0..k).filter(|&j| w[j] > 0).all(|j| {
                        let mut u = w.clone();
                        u[j] -= 1;
                        normal.contains_key(&u)
                    });
                    if minimal {
                        let name = names[e as usize].clone().unwrap_or_default();
                        relations.push(format!("{} = {name}", word(&w)));
                    }
                }
            }
            level = found;
        }
        Presentation {
            generators: gens
                .iter()
                .enumerate()
                .map(|(i, &(n, _))| (letter(i), n))
                .collect(),
            relations,
            names: names.into_iter().map(Option::unwrap_or_default).collect(),
        }
    }
}

/// A candidate quotient read off outcomes: classes of sums by their outcomes plus each test.
struct Candidate {
    action: Vec<Element>,
    p: Vec<bool>,
    representatives: Vec<Vec<usize>>,
}

/// The misère quotient of the sums of `heaps` (`heaps[n]` is the heap of size n, for n from 0
/// to N; the options of a heap must be sums of smaller heaps of the list).
///
/// **Method.** A candidate is read off misère outcomes (by [`MisereSolver`]): starting from
/// the empty sum, sums are added one heap at a time in breadth-first order and grouped by
/// their outcomes plus each test sum (the tests grow to every representative found, until the
/// grouping is stable). The candidate is then *proved*, whatever produced it:
/// 1. the action of each heap commutes with every other (so a sum's element is well defined);
/// 2. every sum x satisfies "Φ(x) in P iff x is a P-position", by induction on the game: x is
///    P iff no option is, and the elements of x's options depend only on Φ(x) and, for each
///    kind of heap present, Φ(x minus one such heap). These *profiles* are finite: all of
///    them reachable from the empty sum are enumerated and each is checked (heaps with the
///    same action are grouped; for a P profile no heap of a present group may have an option
///    into P, for an N profile some present group must have one from each of its heaps —
///    both necessary and sufficient, since swapping heaps within a group keeps the profile);
/// 3. distinct elements are distinguishable (Moore's partition refinement on the action).
///
/// Then Q with P is the quotient. A failed check adds the sums it met to the tests and
/// starts again.
///
/// **Limits**: more than `max_order` elements, or searches past `max_states` positions, are
/// refused with a state-limit error.
pub fn misere_quotient<G: ImpartialGame + Ord>(
    heaps: &[G],
    max_order: usize,
    max_states: impl Into<Budget>,
) -> Result<MisereQuotient> {
    misere_quotient_with_progress(heaps, max_order, max_states, |_| {})
}

/// [`misere_quotient`], telling `progress` each heap size as its quotient is started.
pub fn misere_quotient_with_progress<G: ImpartialGame + Ord>(
    heaps: &[G],
    max_order: usize,
    max_states: impl Into<Budget>,
    mut progress: impl FnMut(usize),
) -> Result<MisereQuotient> {
    let budget: Budget = max_states.into();
    if heaps.len() > usize::from(u16::MAX) {
        return Err(GrundyError::Overflow(format!(
            "misère quotients cover heaps below {}",
            u16::MAX
        )));
    }
    let index: FxHashMap<G, usize> = heaps
        .iter()
        .enumerate()
        .map(|(n, h)| (h.canonical(), n))
        .collect();
    let lister: MisereSolver<G> = MisereSolver::new(budget.clone());
    // the options of each heap, as sums of heaps with a move (heap sizes)
    let mut options: Vec<Vec<Vec<usize>>> = Vec::with_capacity(heaps.len());
    for (n, heap) in heaps.iter().enumerate() {
        let mut list = Vec::new();
        for option in lister.options_of(heap)? {
            let mut sum = Vec::new();
            for part in option.iter().flat_map(ImpartialGame::atoms) {
                if part.is_terminal() {
                    continue;
                }
                match index.get(&part.canonical()) {
                    Some(&m) if m < n => sum.push(m),
                    _ => {
                        return Err(GrundyError::Unsupported(format!(
                            "a move from heap {n} leaves {part:?}, which is not a smaller heap"
                        )))
                    }
                }
            }
            sum.sort_unstable();
            list.push(sum);
        }
        options.push(list);
    }
    // heap by heap: each quotient, once proved, answers the sums of smaller heaps exactly
    let mut search = HeapSearch::new(&options, budget.clone());
    let mut quotient: Option<MisereQuotient> = None;
    for n in 0..heaps.len() {
        progress(n);
        let generators: Vec<usize> = (0..=n).filter(|&m| !options[m].is_empty()).collect();
        let unchanged = quotient
            .as_ref()
            .is_some_and(|q| q.generators.len() == generators.len());
        if !unchanged {
            let below = quotient.take();
            quotient = Some(quotient_of(
                &generators,
                &options,
                &mut search,
                below.as_ref(),
                max_order,
                &budget,
            )?);
        }
    }
    let mut quotient = quotient.expect("there is at least heap 0");
    quotient.heap_elements = (0..heaps.len())
        .map(|n| quotient.times_heap(0, n))
        .collect();
    Ok(quotient)
}

/// The quotient of the sums of `generators` (the heaps with a move up to some size), found
/// and proved as [`misere_quotient`] says; `below` is the proved quotient of the smaller
/// heaps, which answers the outcomes of their sums.
fn quotient_of(
    generators: &[usize],
    options: &[Vec<Vec<usize>>],
    search: &mut HeapSearch,
    below: Option<&MisereQuotient>,
    max_order: usize,
    budget: &Budget,
) -> Result<MisereQuotient> {
    let largest = generators.last().copied().unwrap_or(0);
    let mut outcome = |sum: &[usize]| search.is_p(sum, below, largest);
    let generator_options: Vec<Vec<Vec<usize>>> =
        generators.iter().map(|&n| options[n].clone()).collect();
    // the proof step that failed last, and the size of its candidate
    let mut failed = ("no candidate was checked", 0);
    // the test sums start with a representative of every element of the quotient proved for
    // the smaller heaps: they are pairwise distinguishable, and a new heap may pretend to be a
    // sum that only they tell apart from another (0.31: heap 3 = {*2} acts as *2 + *2, not as
    // *, and only a test holding *2 + *2 shows it; the proof's witnesses never contain it)
    let mut tests: Vec<Vec<usize>> = vec![vec![]];
    if let Some(below) = below {
        tests.extend(
            below
                .representatives
                .iter()
                .filter(|r| !r.is_empty())
                .cloned(),
        );
    }
    for _round in 0..64 {
        let candidate = explore(generators, &tests, max_order, &mut outcome)?;
        let known: FxHashSet<&Vec<usize>> = tests.iter().collect();
        let fresh: Vec<Vec<usize>> = candidate
            .representatives
            .iter()
            .filter(|r| !known.contains(r))
            .cloned()
            .collect();
        if !fresh.is_empty() {
            tests.extend(fresh);
            continue;
        }
        let quotient = MisereQuotient {
            heap_elements: Vec::new(),
            generators: generators.to_vec(),
            action: candidate.action,
            p: candidate.p,
            representatives: candidate.representatives,
        };
        match prove(&quotient, &generator_options, budget)? {
            None => return Ok(quotient),
            Some((step, witnesses)) => {
                failed = (step, quotient.order());
                let known: FxHashSet<Vec<usize>> = tests.iter().cloned().collect();
                let fresh: Vec<Vec<usize>> = witnesses
                    .into_iter()
                    .filter(|w| !known.contains(w))
                    .collect();
                if fresh.is_empty() {
                    break;
                }
                tests.extend(fresh);
            }
        }
    }
    Err(GrundyError::Unsupported(format!(
        "the misère quotient of heaps up to {largest} could not be proved: for a candidate of {} \
         elements, {} and no new test sum tells its classes apart (please report this game)",
        failed.1, failed.0
    )))
}

/// Exact misère outcomes of sums of heaps (sorted heap sizes), by memoised search with early
/// cut-off; a sum of heaps all smaller than the largest heap being added is read off the
/// quotient already proved for them, so the search only walks sums holding a largest heap.
struct HeapSearch<'a> {
    options: &'a [Vec<Vec<usize>>],
    /// True for P-positions (a fact of the game: shared by every round).
    memo: FxHashMap<Box<[u16]>, bool>,
    budget: Budget,
}

struct SearchFrame {
    key: Box<[u16]>,
    /// The options whose outcome was not known when the frame was made.
    children: Vec<Box<[u16]>>,
    next: usize,
    /// An option already known to be P: the frame is N.
    decided: bool,
}

impl<'a> HeapSearch<'a> {
    fn new(options: &'a [Vec<Vec<usize>>], budget: Budget) -> Self {
        HeapSearch {
            options,
            memo: FxHashMap::default(),
            budget,
        }
    }

    /// The outcome read without searching, if it can be: the empty sum is N (no move: the
    /// player to move wins), a sum of heaps below `largest` is P iff its element in `below`
    /// is.
    fn known(&self, key: &[u16], below: Option<&MisereQuotient>, largest: usize) -> Option<bool> {
        if key.is_empty() {
            return Some(false);
        }
        if let Some(q) = below {
            if key.iter().all(|&h| (h as usize) < largest) {
                let e = key.iter().fold(0, |x, &h| q.times_heap(x, h as usize));
                return Some(q.is_p(e));
            }
        }
        self.memo.get(key).copied()
    }

    /// Every option of `key`: moves on its largest heaps first (they reach sums that `below`
    /// answers sooner).
    fn children(&self, key: &[u16]) -> Vec<Box<[u16]>> {
        let mut children = Vec::new();
        for i in (0..key.len()).rev() {
            if i + 1 < key.len() && key[i] == key[i + 1] {
                continue;
            }
            for option in &self.options[key[i] as usize] {
                let mut child: Vec<u16> = Vec::with_capacity(key.len() + option.len());
                child.extend_from_slice(&key[..i]);
                child.extend_from_slice(&key[i + 1..]);
                child.extend(option.iter().map(|&h| h as u16));
                child.sort_unstable();
                children.push(child.into_boxed_slice());
            }
        }
        children
    }

    /// A frame for `key`: its options are scanned once for one already known to be P (then
    /// no search is needed below it); the unknown ones are kept for the search.
    fn frame(
        &self,
        key: Box<[u16]>,
        below: Option<&MisereQuotient>,
        largest: usize,
    ) -> SearchFrame {
        let mut children = self.children(&key);
        let mut decided = false;
        children.retain(|c| match self.known(c, below, largest) {
            Some(true) => {
                decided = true;
                false
            }
            Some(false) => false,
            None => true,
        });
        SearchFrame {
            key,
            children,
            next: 0,
            decided,
        }
    }

    /// True if the sum of heaps `sum` is a misère P-position.
    fn is_p(
        &mut self,
        sum: &[usize],
        below: Option<&MisereQuotient>,
        largest: usize,
    ) -> Result<bool> {
        let mut key: Vec<u16> = sum
            .iter()
            .map(|&h| u16::try_from(h).map_err(|_| GrundyError::Overflow("heap size".into())))
            .collect::<Result<_>>()?;
        key.retain(|&h| !self.options[h as usize].is_empty());
        key.sort_unstable();
        let key = key.into_boxed_slice();
        if let Some(p) = self.known(&key, below, largest) {
            return Ok(p);
        }
        let mut stack = vec![self.frame(key, below, largest)];
        while let Some(frame) = stack.last_mut() {
            // the children left are the ones not known when the frame was made, N so far
            let mut has_p_option = frame.decided;
            let mut unknown = None;
            while !has_p_option && frame.next < frame.children.len() {
                match self.known(&frame.children[frame.next], below, largest) {
                    Some(true) => has_p_option = true,
                    Some(false) => frame.next += 1,
                    None => {
                        unknown = Some(frame.children[frame.next].clone());
                        break;
                    }
                }
            }
            if let Some(child) = unknown {
                let next = self.frame(child, below, largest);
                stack.push(next);
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            self.budget.check()?;
            if self.memo.len() >= self.budget.max_states() {
                return Err(GrundyError::StateLimit {
                    limit: self.budget.max_states(),
                    what: "the misère searches of the quotient filled their memo".into(),
                });
            }
            // only the empty sum has no move, and it is known: every frame had children
            let p = !has_p_option;
            self.budget.room(&mut self.memo, || {
                "the memo of the quotient's misère searches".into()
            })?;
            self.memo.insert(frame.key, p);
            if stack.is_empty() {
                return Ok(p);
            }
        }
        unreachable!("the root frame returns its outcome when popped")
    }
}

/// Groups sums by their outcomes plus each test, adding heaps breadth-first from the empty sum.
fn explore(
    generators: &[usize],
    tests: &[Vec<usize>],
    max_order: usize,
    outcome: &mut impl FnMut(&[usize]) -> Result<bool>,
) -> Result<Candidate> {
    let mut signature = |sum: &[usize]| -> Result<Vec<bool>> {
        tests
            .iter()
            .map(|t| {
                let mut s = sum.to_vec();
                s.extend_from_slice(t);
                s.sort_unstable();
                outcome(&s)
            })
            .collect()
    };
    let mut classes: FxHashMap<Vec<bool>, Element> = FxHashMap::default();
    let first = signature(&[])?;
    let mut p = vec![first[0]];
    classes.insert(first, 0);
    let mut representatives: Vec<Vec<usize>> = vec![vec![]];
    let mut action: Vec<Element> = Vec::new();
    let mut q = 0;
    while q < representatives.len() {
        for &n in generators {
            let mut sum = representatives[q].clone();
            sum.push(n);
            sum.sort_unstable();
            let s = signature(&sum)?;
            let next = classes.len() as Element;
            let class = *classes.entry(s.clone()).or_insert(next);
            if class == next {
                if representatives.len() >= max_order {
                    return Err(GrundyError::OrderLimit {
                        limit: max_order,
                        what: "the misère quotient has more elements".into(),
                    });
                }
                p.push(s[0]);
                representatives.push(sum);
            }
            action.push(class);
        }
        q += 1;
    }
    Ok(Candidate {
        action,
        p,
        representatives,
    })
}

/// Why a candidate quotient is not proved: the step that failed, and sums (heap sizes) whose
/// outcomes, added to the tests, let the next candidate tell its classes apart.
type Refutation = (&'static str, Vec<Vec<usize>>);

/// Checks the three conditions of [`misere_quotient`]; `None` when they hold, else the step
/// that failed with sums of heaps worth adding to the tests.
fn prove(
    quotient: &MisereQuotient,
    options: &[Vec<Vec<usize>>],
    budget: &Budget,
) -> Result<Option<Refutation>> {
    let max_states = budget.max_states();
    let k = quotient.generators.len();
    let order = quotient.order();
    let act = |q: Element, j: usize| quotient.action[q as usize * k + j];
    let reps = &quotient.representatives;
    // 1. the heaps' actions commute
    for q in 0..order as Element {
        for i in 0..k {
            for j in i + 1..k {
                if act(act(q, i), j) != act(act(q, j), i) {
                    let n = (quotient.generators[i], quotient.generators[j]);
                    let a = [reps[act(q, i) as usize].clone(), vec![n.1]].concat();
                    let b = [reps[act(q, j) as usize].clone(), vec![n.0]].concat();
                    // one of q + i, q + j was put in the wrong class: offer those sums too
                    let q_i = [reps[q as usize].clone(), vec![n.0]].concat();
                    let q_j = [reps[q as usize].clone(), vec![n.1]].concat();
                    let q_ij = [q_i.clone(), vec![n.1]].concat();
                    return Ok(Some((
                        "two heaps' actions do not commute",
                        [a, b, q_i, q_j, q_ij].into_iter().map(sorted).collect(),
                    )));
                }
            }
        }
    }
    // 2. the P-portion predicts every outcome: profiles reachable from the empty sum
    let group_of: Vec<usize> = {
        let mut columns: FxHashMap<Vec<Element>, usize> = FxHashMap::default();
        (0..k)
            .map(|j| {
                let column: Vec<Element> = (0..order as Element).map(|q| act(q, j)).collect();
                let next = columns.len();
                *columns.entry(column).or_insert(next)
            })
            .collect()
    };
    let groups = group_of.iter().max().map_or(0, |g| g + 1);
    let members: Vec<Vec<usize>> = (0..groups)
        .map(|g| (0..k).filter(|&j| group_of[j] == g).collect())
        .collect();
    let position = |j: usize| quotient.generators[j];
    let heap_index: FxHashMap<usize, usize> = (0..k).map(|j| (quotient.generators[j], j)).collect();
    let has_p_option = |entry: Element, j: usize| {
        options[j].iter().any(|sum| {
            let e = sum.iter().fold(entry, |x, n| act(x, heap_index[n]));
            quotient.is_p(e)
        })
    };
    if quotient.is_p(0) {
        return Ok(Some(("the empty sum is a P-position", vec![vec![]])));
    }
    // a profile: Φ(x), then (group, Φ(x minus one heap of the group)) for each group present;
    // each is stored once (shared by the index and the list), with the profile and heap it
    // was reached from, to rebuild a witness sum
    let mut profiles: Vec<(Rc<[u32]>, u32, u32)> = vec![(Rc::from([0u32]), u32::MAX, 0)];
    let mut index: FxHashMap<Rc<[u32]>, u32> = FxHashMap::default();
    index.insert(profiles[0].0.clone(), 0);
    let witness = |profiles: &[(Rc<[u32]>, u32, u32)], mut at: u32| -> Vec<usize> {
        let mut sum = Vec::new();
        while at != 0 {
            let (_, parent, heap) = &profiles[at as usize];
            sum.push(*heap as usize);
            at = *parent;
        }
        sorted(sum)
    };
    let mut cursor = 0;
    while cursor < profiles.len() {
        let profile = profiles[cursor].0.clone();
        let phi = profile[0];
        let entries: Vec<(usize, Element)> = profile[1..]
            .chunks(2)
            .map(|c| (c[0] as usize, c[1]))
            .collect();
        if !entries.is_empty() {
            let ok = if quotient.is_p(phi) {
                entries
                    .iter()
                    .all(|&(g, e)| members[g].iter().all(|&j| !has_p_option(e, j)))
            } else {
                entries
                    .iter()
                    .any(|&(g, e)| members[g].iter().all(|&j| has_p_option(e, j)))
            };
            if !ok {
                // every sum that swaps heaps within a group has this profile; the check fails
                // for one of them, not necessarily for the sum the profile was reached by:
                // swap in the members that break it, so the witness is a sum the candidate
                // gets wrong
                let mut w = witness(&profiles, cursor as u32);
                let group_at = |h: usize| group_of[heap_index[&h]];
                if quotient.is_p(phi) {
                    // a heap of a present group with a move into P: put one in
                    let breaking = entries.iter().find_map(|&(g, e)| {
                        members[g]
                            .iter()
                            .find(|&&j| has_p_option(e, j))
                            .map(|&j| (g, j))
                    });
                    if let Some((g, j)) = breaking {
                        if let Some(slot) = w.iter().position(|&h| group_at(h) == g) {
                            w[slot] = position(j);
                        }
                    }
                } else {
                    // in every present group, a member with no move into P: all heaps of the
                    // group become that member
                    for &(g, e) in &entries {
                        if let Some(&j) = members[g].iter().find(|&&j| !has_p_option(e, j)) {
                            for h in w.iter_mut() {
                                if group_at(*h) == g {
                                    *h = position(j);
                                }
                            }
                        }
                    }
                }
                let w = sorted(w);
                let mut out = vec![w.clone()];
                for i in 0..w.len() {
                    let mut v = w.clone();
                    v.remove(i);
                    out.push(v);
                }
                return Ok(Some(("the P-portion does not predict every outcome", out)));
            }
        }
        for (g, group) in members.iter().enumerate() {
            let j = group[0];
            let mut next: Vec<(usize, Element)> = entries
                .iter()
                .filter(|&&(h, _)| h != g)
                .map(|&(h, e)| (h, act(e, j)))
                .collect();
            next.push((g, phi));
            next.sort_unstable();
            let mut flat = vec![act(phi, j)];
            flat.extend(next.iter().flat_map(|&(h, e)| [h as u32, e]));
            let flat: Rc<[u32]> = Rc::from(flat);
            if !index.contains_key(&flat) {
                budget.check()?;
                if profiles.len() >= max_states {
                    return Err(GrundyError::StateLimit {
                        limit: max_states,
                        what: "proving the misère quotient met more profiles than it may store"
                            .into(),
                    });
                }
                index.insert(flat.clone(), profiles.len() as u32);
                profiles.push((flat, cursor as u32, position(j) as u32));
            }
        }
        cursor += 1;
    }
    // 3. distinct elements are distinguishable: Moore's refinement ends with singletons
    let mut class: Vec<usize> = (0..order).map(|q| usize::from(quotient.p[q])).collect();
    loop {
        let mut ids: FxHashMap<Vec<usize>, usize> = FxHashMap::default();
        let refined: Vec<usize> = (0..order)
            .map(|q| {
                let mut sig = vec![class[q]];
                sig.extend((0..k).map(|j| class[act(q as Element, j) as usize]));
                let next = ids.len();
                *ids.entry(sig).or_insert(next)
            })
            .collect();
        let before = class.iter().collect::<FxHashSet<_>>().len();
        class = refined;
        if ids.len() == before {
            break;
        }
    }
    if class.iter().collect::<FxHashSet<_>>().len() < order {
        return Ok(Some(("two elements cannot be told apart", reps.clone())));
    }
    Ok(None)
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

/// A misère sum of heaps of one game, answered through its quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientAnswer {
    /// N if the player to move wins.
    pub outcome: Outcome,
    /// Each winning move as (index of the part moved, the heaps it leaves), one per distinct
    /// heap size and result, in the order of the parts (two may still leave the same game
    /// when they differ by heaps without a move).
    pub winning_moves: Vec<(usize, Vec<u64>)>,
}

/// The element of the sum of `heaps` (sizes, each covered by `quotient`): O(distinct sizes x
/// order), however many heaps.
pub fn sum_element(quotient: &MisereQuotient, heaps: &[u64]) -> Element {
    let mut counts: std::collections::BTreeMap<u64, u64> = Default::default();
    for &h in heaps {
        *counts.entry(h).or_default() += 1;
    }
    counts
        .iter()
        .fold(0, |x, (&n, &c)| quotient.times_heaps(x, n as usize, c))
}

/// The outcome and winning moves of the misère sum of `heaps` (sizes) of the game whose
/// quotient (covering every size in `heaps`) is `quotient`; `options(n)` lists the results of
/// the moves from a heap of n (heaps left). Costs O(distinct sizes x order) to multiply, plus
/// O(order) per option examined: a sum of a million heaps takes milliseconds.
pub fn quotient_answer(
    quotient: &MisereQuotient,
    heaps: &[u64],
    options: impl Fn(u64) -> Vec<Vec<u64>>,
) -> QuotientAnswer {
    let mut counts: std::collections::BTreeMap<u64, u64> = Default::default();
    for &h in heaps {
        *counts.entry(h).or_default() += 1;
    }
    let product = |skip: Option<u64>| -> Element {
        counts.iter().fold(0, |x, (&n, &c)| {
            let c = if skip == Some(n) { c - 1 } else { c };
            quotient.times_heaps(x, n as usize, c)
        })
    };
    let whole = product(None);
    let outcome = if quotient.is_p(whole) {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        let mut done = std::collections::BTreeSet::new();
        for (i, &h) in heaps.iter().enumerate() {
            if !done.insert(h) {
                continue; // the same moves from an equal heap give the same positions
            }
            let rest = product(Some(h));
            for left in options(h) {
                let e = left
                    .iter()
                    .fold(rest, |x, &n| quotient.times_heap(x, n as usize));
                if quotient.is_p(e) {
                    winning_moves.push((i, left));
                }
            }
        }
    }
    QuotientAnswer {
        outcome,
        winning_moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap of the octal game 0.75: take 1 (leaving 0, 1 or 2 heaps), or take 2 (leaving 0
    /// or 2 heaps).
    #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    struct Heap075(u64);

    impl ImpartialGame for Heap075 {
        fn options(&self) -> Vec<Vec<Heap075>> {
            let n = self.0;
            let mut out = Vec::new();
            for (take, one) in [(1, true), (2, false)] {
                if n < take {
                    continue;
                }
                let rest = n - take;
                if rest == 0 {
                    out.push(vec![]);
                } else if one {
                    out.push(vec![Heap075(rest)]);
                }
                for a in 1..=rest / 2 {
                    out.push(vec![Heap075(a), Heap075(rest - a)]);
                }
            }
            out
        }
    }

    #[test]
    fn the_quotient_of_0_75_stays_of_order_8() {
        for n in [6u64, 10, 14] {
            let heaps: Vec<Heap075> = (0..=n).map(Heap075).collect();
            let q = misere_quotient(&heaps, 200, 1 << 20).unwrap();
            assert_eq!(q.order(), 8, "heaps up to {n}");
            let p = q.presentation();
            assert_eq!(p.p_portion(&q), ["a", "b^2"]);
            // powers of a heap's element are periodic: any power in O(order)
            let n = n as usize;
            let last = q.heap_element(n).unwrap();
            assert_eq!(q.times_heaps(0, n, 1_000_001), last);
            assert_eq!(q.times_heaps(0, n, 2), q.multiply(last, last));
            let one = q.heap_element(1).unwrap(); // a, with a^2 = 1
            assert_eq!(q.times_heaps(0, 1, 1_000_000), 0);
            assert_eq!(q.times_heaps(0, 1, 999_999), one);
        }
    }
}
