//! Short partizan games in canonical form, interned in one arena ([`Forms`]): each distinct
//! canonical form is stored once and named by a [`GameId`], so two games are equal exactly when
//! their ids are. Comparison, sums and negation are memoised, as in CGSuite's table of game
//! ids.
//!
//! A form is either a number plus ups plus a nimber ([`Nus`], the common values, stored with
//! no options) or a list of Left and Right options, themselves canonical. [`Forms::make`]
//! builds the canonical form of `{L | R}` from canonical options: it deletes dominated
//! options, bypasses reversible ones (Conway, ONAG ch. 10; Siegel, CGT II.2) and recognises
//! numbers (the simplicity theorem) and number + ups + star.
//!
//! The recursions here (comparison, sums) go as deep as the games' birthdays; they run on a
//! stack that grows on the heap when needed (`stacker`), so a deep game cannot overflow it.
//!
//! ```
//! use grundy::partizan::Forms;
//! let mut forms = Forms::new(1_000_000);
//! let one = forms.number(1.into()).unwrap();
//! let minus_one = forms.neg(one);
//! let switch = forms.make(vec![one], vec![minus_one]).unwrap(); // {1 | -1}
//! assert_eq!(forms.to_string(switch), "{1|-1}");
//! let twice = forms.add(switch, switch).unwrap();
//! assert_eq!(forms.to_string(twice), "0"); // ±1 + ±1 = 0
//! let up = forms.parse("{0|*}").unwrap();
//! assert_eq!(forms.to_string(up), "^");
//! ```

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::dyadic::Dyadic;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::sync::Arc;

/// The name of a canonical form in a [`Forms`] arena. Equal ids, equal games; different ids,
/// different games (of the same arena).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

impl GameId {
    /// The position of the form in its arena.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A number plus a multiple of up plus a nimber: `x + ↑·ups + *nimber`. Every number, nimber
/// and up multiple, and their sums, are of this shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative: down).
    pub ups: i64,
    /// The nimber part.
    pub nimber: u32,
}

impl Nus {
    /// The number `x`.
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// True when it is a number (no ups, no star).
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }
}

/// Left's and Right's options.
pub type Options = (Arc<[GameId]>, Arc<[GameId]>);

/// One stored form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Nus(Nus),
    Moves {
        left: Arc<[GameId]>,
        right: Arc<[GameId]>,
    },
}

/// Which side of a comparison an unstored form `{L | R}` is on (see [`Forms::make`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Side {
    /// `x <= G`
    Below,
    /// `G <= x`
    Above,
}

/// The arena of canonical forms, with memoised comparison, sums and negation.
///
/// **Complexity**: each form is built once; comparing two forms costs at most the product of
/// their numbers of subpositions once, then O(1) (memoised); a sum of forms with a and b
/// subpositions builds at most a·b forms.
pub struct Forms {
    nodes: Vec<Node>,
    index: FxHashMap<Node, GameId>,
    /// Comparisons, in a lossy direct-mapped cache (as CGSuite's operation tables): an evicted
    /// answer is recomputed, and memory stays bounded however many pairs are compared.
    leq_cache: Vec<LeqEntry>,
    add_memo: FxHashMap<(GameId, GameId), GameId>,
    neg_memo: FxHashMap<GameId, GameId>,
    options_memo: FxHashMap<GameId, Options>,
    /// Left and right stops of each form, by id (computed when the form is interned).
    stops: Vec<(Dyadic, Dyadic)>,
    pub(crate) thermographs: FxHashMap<GameId, Arc<crate::partizan::wall::Thermograph>>,
    pub(crate) cooled: FxHashMap<(GameId, Dyadic), GameId>,
    pub(crate) reduced: FxHashMap<GameId, GameId>,
    pub(crate) birthdays: FxHashMap<GameId, u64>,
    pub(crate) all_small: FxHashMap<GameId, bool>,
    rendered: FxHashMap<GameId, Rendered>,
    max_forms: usize,
    budget: Budget,
    /// The first limit hit or the cancellation seen by an operation that cannot return an
    /// error (a comparison, the options of a form): from then on the arena stores no new form
    /// (its operations answer with zero where a new form was due) and every fallible
    /// operation, and [`Forms::status`], returns this error.
    fault: Option<GrundyError>,
    /// Comparisons and option scans done so far: the work budget ([`WORK_PER_FORM`] per form
    /// stored, at least [`FREE_FORMS`] and at most the arena's limit of forms), which stops a
    /// form whose canonicalisation would take minutes on few forms (`{^*625|||3}` bypasses
    /// hundreds of reversible options, each round comparing every pair again; `{1|0} + *5000`
    /// compares thousands of sums with nimbers of thousands of options).
    work: u64,
    /// Whether thermographs of number-up-star forms come from small stand-ins (always, but in
    /// the test that checks the stand-ins against the options).
    pub(crate) stand_ins: bool,
}

/// One slot of the comparison cache: `g <= h` is `answer` (an empty slot has `g == h`, a
/// pair never stored).
#[derive(Clone, Copy, Default)]
struct LeqEntry {
    g: u32,
    h: u32,
    answer: bool,
}

/// The comparison cache starts with 2^16 slots and grows with the arena up to 2^24 (about 200
/// MB).
const LEQ_CACHE_MIN_BITS: u32 = 16;
const LEQ_CACHE_MAX_BITS: u32 = 24;

/// The slot of the pair (g, h) in a cache of `len` (a power of two) slots.
fn leq_slot(g: GameId, h: GameId, len: usize) -> usize {
    let key = (u64::from(g.0) << 32 | u64::from(h.0)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (key >> 32) as usize & (len - 1)
}

/// How many comparisons and option scans the arena may do per form it stores (about 40 ms of
/// work per thousand forms here): a search that stores forms as it goes earns its work, and
/// a small text that makes few forms compare without end is stopped.
pub const WORK_PER_FORM: u64 = 1024;

/// The forms whose work every arena may spend before it stores them (about a second's work
/// here, at [`WORK_PER_FORM`] each).
pub const FREE_FORMS: u64 = 1 << 15;

/// How much stack a recursion step may use before the stack grows, and by how much it grows.
const RED_ZONE: usize = 64 * 1024;
const STACK_GROWTH: usize = 4 * 1024 * 1024;

impl Forms {
    /// An arena that stores at most `max_forms` forms (past it, [`GrundyError::StateLimit`]):
    /// a [`Budget`], or a bare limit; once the budget's flag is raised, its operations stop
    /// with [`GrundyError::Cancelled`].
    pub fn new(max_forms: impl Into<Budget>) -> Forms {
        let budget: Budget = max_forms.into();
        let max_forms = budget.max_states();
        let mut forms = Forms {
            nodes: Vec::new(),
            index: FxHashMap::default(),
            leq_cache: vec![LeqEntry::default(); 1 << LEQ_CACHE_MIN_BITS],
            add_memo: FxHashMap::default(),
            neg_memo: FxHashMap::default(),
            options_memo: FxHashMap::default(),
            stops: Vec::new(),
            thermographs: FxHashMap::default(),
            cooled: FxHashMap::default(),
            reduced: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            all_small: FxHashMap::default(),
            rendered: FxHashMap::default(),
            max_forms: max_forms.max(16),
            budget,
            fault: None,
            work: 0,
            stand_ins: true,
        };
        forms.intern(Node::Nus(Nus::number(Dyadic::ZERO)));
        forms
    }

    /// How many forms are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when only zero is stored.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The most forms this arena stores.
    pub fn max_forms(&self) -> usize {
        self.max_forms
    }

    /// The form of options `left` and `right` stored as it is, with no comparison: for a
    /// form known to be canonical and not number-up-star (read back from a database this
    /// process made, [`crate::partizan::database::Database::in_memory`]); [`Forms::make`]
    /// otherwise. Failures are the arena's ([`Forms::status`]).
    pub(crate) fn make_canonical(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        self.intern(Node::Moves {
            left: sorted(left).into(),
            right: sorted(right).into(),
        })
    }

    fn intern(&mut self, node: Node) -> GameId {
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        if self.fault.is_some() {
            return GameId(0);
        }
        if self.nodes.len() >= self.max_forms {
            self.fail(GrundyError::StateLimit {
                limit: self.max_forms,
                what: "the canonical forms of a partizan game".into(),
            });
            return GameId(0);
        }
        if self.budget.cancel().is_cancelled() {
            self.fail(self.budget.cancel().error());
            return GameId(0);
        }
        // the arena's tables grow within the memory limit, or the arena faults
        let what = || "the canonical forms of a partizan game".to_string();
        let grown = self
            .budget
            .room(&mut self.nodes, what)
            .and_then(|()| self.budget.room(&mut self.stops, what))
            .and_then(|()| self.budget.room(&mut self.index, what));
        if let Err(e) = grown {
            self.fail(e);
            return GameId(0);
        }
        let id = GameId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 forms"));
        let stops = match &node {
            Node::Nus(n) => (n.number, n.number),
            // LS = max over Left options of their right stops, RS = min over Right options of
            // their left stops; a canonical form that is not number-up-star has both sides
            Node::Moves { left, right } => (
                left.iter()
                    .map(|l| self.stops[l.index()].1)
                    .max()
                    .expect("a Left option"),
                right
                    .iter()
                    .map(|r| self.stops[r.index()].0)
                    .min()
                    .expect("a Right option"),
            ),
        };
        self.stops.push(stops);
        self.nodes.push(node.clone());
        if self.nodes.len() * 4 > self.leq_cache.len()
            && self.leq_cache.len() < 1 << LEQ_CACHE_MAX_BITS
        {
            // a bigger cache for a bigger arena (the old answers are dropped: it is lossy),
            // when the memory limit and the system allow it (else the smaller one stays)
            let len = self.leq_cache.len() * 4;
            let bytes = (len * std::mem::size_of::<LeqEntry>()) as u64;
            let mut bigger = Vec::new();
            if self.budget.cancel().fits(bytes) && bigger.try_reserve_exact(len).is_ok() {
                bigger.resize(len, LeqEntry::default());
                self.leq_cache = bigger;
            }
        }
        self.index.insert(node, id);
        id
    }

    /// Counts `steps` of work; past the work budget, a fault: [`GrundyError::StateLimit`] when
    /// the arena's limit of forms bounds the budget (a larger limit gives more), else
    /// [`GrundyError::TooLarge`] (few forms stored, too many comparisons among them).
    #[inline]
    fn spend(&mut self, steps: u64) {
        self.work += steps;
        let limit = self.max_forms as u64;
        let earned = (self.nodes.len() as u64).max(FREE_FORMS);
        let allowed = WORK_PER_FORM.saturating_mul(earned.min(limit));
        if self.work > allowed && self.fault.is_none() {
            let what = format!(
                "the comparisons of canonical forms (more than {allowed} steps for {} forms)",
                self.nodes.len()
            );
            self.fail(if earned >= limit {
                GrundyError::StateLimit {
                    limit: self.max_forms,
                    what,
                }
            } else {
                GrundyError::TooLarge {
                    what,
                    needed: 0,
                    limit: self.max_forms,
                }
            });
        }
    }

    /// Records the first fault (see the field `fault`).
    fn fail(&mut self, e: GrundyError) {
        if self.fault.is_none() {
            self.fault = Some(e);
        }
    }

    /// `Ok` unless an operation of this arena hit its state limit or saw its budget cancelled;
    /// then that error. The comparisons, [`Forms::options`], [`Forms::neg`] and the other
    /// operations that return no `Result` may have answered wrongly after such a fault: a
    /// caller that used them checks this before trusting its answer.
    pub fn status(&self) -> Result<()> {
        match &self.fault {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// The budget this arena runs under.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    fn check_limit(&self) -> Result<()> {
        self.status()?;
        self.budget.check()?;
        if self.nodes.len() >= self.max_forms {
            return Err(GrundyError::StateLimit {
                limit: self.max_forms,
                what: "the canonical forms of a partizan game".into(),
            });
        }
        Ok(())
    }

    /// Zero, `{ | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The form `x + ↑·ups + *nimber`.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        self.intern(Node::Nus(nus))
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> Result<GameId> {
        Ok(self.nus(Nus::number(x)))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u32) -> GameId {
        self.nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: n,
        })
    }

    /// The number-up-star form of `g`, if it has one.
    pub fn as_nus(&self, g: GameId) -> Option<Nus> {
        match &self.nodes[g.index()] {
            Node::Nus(n) => Some(*n),
            Node::Moves { .. } => None,
        }
    }

    /// The nimber `*n` that `g` is, if it is one (`0` is `*0`): the canonical form of every
    /// impartial game.
    ///
    /// ```
    /// use grundy::partizan::Forms;
    /// let mut forms = Forms::new(1000);
    /// let (star3, zero, up_star) = (forms.nimber(3), forms.zero(), forms.parse("^*").unwrap());
    /// let half = forms.parse("1/2").unwrap();
    /// assert_eq!(forms.as_nimber(star3), Some(3));
    /// assert_eq!(forms.as_nimber(zero), Some(0));
    /// assert_eq!(forms.as_nimber(up_star), None);
    /// assert_eq!(forms.as_nimber(half), None);
    /// ```
    pub fn as_nimber(&self, g: GameId) -> Option<u32> {
        self.as_nus(g)
            .filter(|n| n.ups == 0 && n.number.numerator() == 0)
            .map(|n| n.nimber)
    }

    /// The number `g` is equal to, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| n.number)
    }

    /// How many distinct forms `g` is built from: itself and, recursively, its options' (a
    /// number plus ups and a nimber counts as one), or `None` past `cap`. A measure of what
    /// sums with `g` cost.
    ///
    /// **Complexity**: O(cap) steps at most; iterative.
    pub fn size_within(&self, g: GameId, cap: usize) -> Option<usize> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            if seen.len() > cap {
                return None;
            }
            if let Node::Moves { left, right } = &self.nodes[g.index()] {
                stack.extend(left.iter().chain(right.iter()).copied());
            }
        }
        Some(seen.len())
    }

    /// The canonical Left and Right options of `g`.
    pub fn options(&mut self, g: GameId) -> Options {
        match &self.nodes[g.index()] {
            Node::Moves { left, right } => (left.clone(), right.clone()),
            Node::Nus(nus) => {
                let nus = *nus;
                if let Some(options) = self.options_memo.get(&g) {
                    return options.clone();
                }
                let (left, right) = self.nus_options(nus);
                let options: Options = (left.into(), right.into());
                self.options_memo.insert(g, options.clone());
                options
            }
        }
    }

    /// The canonical options of `x + ↑·u + *n`: a number's neighbours of least denominator;
    /// `*n = {*0, ..., *(n-1) | same}`; `↑* = {0, * | 0}`; for u >= 1 otherwise,
    /// `↑u *n = {0 | ↑(u-1) *(n xor 1)}`; negatives mirrored; all shifted by x.
    fn nus_options(&mut self, nus: Nus) -> (Vec<GameId>, Vec<GameId>) {
        let Nus {
            number: x,
            ups: u,
            nimber: n,
        } = nus;
        let at = |ups: i64, nimber: u32| Nus {
            number: x,
            ups,
            nimber,
        };
        if u == 0 && n == 0 {
            let (l, r) = x.options();
            let l = l.map(|l| self.nus(Nus::number(l))).into_iter().collect();
            let r = r.map(|r| self.nus(Nus::number(r))).into_iter().collect();
            return (l, r);
        }
        if u == 0 {
            let room = self.max_forms.saturating_sub(self.nodes.len());
            if n as usize > room {
                // *n lists n options: refused past the budget (a fault), answered by a stand-in
                self.fail(GrundyError::StateLimit {
                    limit: self.max_forms,
                    what: format!("the {n} options of {}", nus_text(nus)),
                });
                let base = self.nus(at(0, 0));
                return (vec![base], vec![base]);
            }
            let all: Vec<GameId> = (0..n).map(|i| self.nus(at(0, i))).collect();
            return (all.clone(), all);
        }
        let base = self.nus(at(0, 0));
        if u.abs() == 1 && n == 1 {
            let star = self.nus(at(0, 1));
            return if u > 0 {
                (vec![base, star], vec![base])
            } else {
                (vec![base], vec![base, star])
            };
        }
        let inner = self.nus(at(u - u.signum(), n ^ 1));
        if u > 0 {
            (vec![base], vec![inner])
        } else {
            (vec![inner], vec![base])
        }
    }

    /// Whether `x + ↑·u + *n` is at most `y + ↑·v + *m`: numbers first, then
    /// `↑k *j >= 0` iff k >= 2, or k = 1 and j != 1, or k = j = 0.
    fn nus_leq(a: Nus, b: Nus) -> bool {
        match a.number.cmp(&b.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => {
                let k = b.ups as i128 - a.ups as i128;
                let j = a.nimber ^ b.nimber;
                k >= 2 || (k == 1 && j != 1) || (k == 0 && j == 0)
            }
        }
    }

    /// `g <= h`: Left, moving second in `h - g`, wins. Memoised.
    ///
    /// **Complexity**: at most one evaluation per pair of subpositions of g and h.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            return Forms::nus_leq(a, b);
        }
        let slot = leq_slot(g, h, self.leq_cache.len());
        let entry = self.leq_cache[slot];
        if entry.g == g.0 && entry.h == h.0 {
            return entry.answer;
        }
        // the stops decide many comparisons at once: RS(g) > LS(h) refutes g <= h
        let (lg, rg) = self.stops(g);
        let (lh, rh) = self.stops(h);
        let answer = if rg > lh {
            false
        } else if rh > lg {
            true // RS(h - g) >= RS(h) - LS(g) > 0
        } else {
            stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.leq_search(g, h))
        };
        let slot = leq_slot(g, h, self.leq_cache.len()); // the cache may have grown
        self.leq_cache[slot] = LeqEntry {
            g: g.0,
            h: h.0,
            answer,
        };
        answer
    }

    fn leq_search(&mut self, g: GameId, h: GameId) -> bool {
        self.spend(1);
        if self.fault.is_some() {
            return false;
        }
        if self.budget.cancel().is_cancelled() {
            self.fail(self.budget.cancel().error());
            return false;
        }
        let g_number = self.as_number(g).is_some();
        let h_number = self.as_number(h).is_some();
        // number avoidance: against a number, the other side's moves are enough
        if !h_number {
            let (_, right) = self.options(h);
            if right.iter().any(|&r| self.leq(r, g)) {
                return false;
            }
        } else if g_number {
            unreachable!("two numbers are compared as number-up-star forms")
        }
        if !g_number {
            let (left, _) = self.options(g);
            if left.iter().any(|&l| self.leq(h, l)) {
                return false;
            }
        }
        true
    }

    /// Left and right stops (Siegel, CGT II.3): a number's stops are itself; otherwise
    /// LS = max over Left options of their right stops, RS = min over Right options of their
    /// left stops. Computed once, when the form is interned: O(1).
    pub fn stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        self.stops[g.index()]
    }

    /// How `g` compares with `h`: `Some(Less)`, `Some(Equal)`, `Some(Greater)`, or `None` when
    /// they are confused (`g || h`: neither `g <= h` nor `h <= g`). Equal games have the same
    /// canonical form, hence the same id: `Equal` is `g == h`.
    ///
    /// **Complexity**: two comparisons ([`Forms::leq`]).
    pub fn compare(&mut self, g: GameId, h: GameId) -> Option<Ordering> {
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Some(Ordering::Equal),
            (true, false) => Some(Ordering::Less),
            (false, true) => Some(Ordering::Greater),
            (false, false) => None,
        }
    }

    /// Whether `g` and `h` are confused (`g || h`): the first player wins `g - h`.
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        self.compare(g, h).is_none()
    }

    /// The negative `-g = {-g^R | -g^L}`. Memoised.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g) {
            return self.nus(Nus {
                number: n.number.checked_neg().expect("numbers stay within range"),
                ups: -n.ups,
                nimber: n.nimber,
            });
        }
        if let Some(&known) = self.neg_memo.get(&g) {
            return known;
        }
        let (left, right) = self.options(g);
        let negated = stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || {
            let l: Vec<GameId> = right.iter().map(|&r| self.neg(r)).collect();
            let r: Vec<GameId> = left.iter().map(|&l| self.neg(l)).collect();
            (l, r)
        });
        // the negative of a canonical form is canonical: store it as it is
        let id = self.intern(Node::Moves {
            left: sorted(negated.0).into(),
            right: sorted(negated.1).into(),
        });
        self.neg_memo.insert(g, id);
        self.neg_memo.insert(id, g);
        id
    }

    /// The canonical form of the sum `g + h`. Memoised; number-up-star forms add directly,
    /// and a number shifts the other form's options (number translation).
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            let ups = a
                .ups
                .checked_add(b.ups)
                .ok_or_else(|| GrundyError::Overflow("a multiple of up beyond 64 bits".into()))?;
            return Ok(self.nus(Nus {
                number: a.number.checked_add(b.number)?,
                ups,
                nimber: a.nimber ^ b.nimber,
            }));
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.add_memo.get(&key) {
            return Ok(known);
        }
        let sum = stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.add_options(g, h))?;
        self.add_memo.insert(key, sum);
        Ok(sum)
    }

    fn add_options(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        let (gl, gr) = self.options(g);
        let (hl, hr) = self.options(h);
        let g_number = self.as_number(g).is_some();
        let h_number = self.as_number(h).is_some();
        let mut left = Vec::with_capacity(gl.len() + hl.len());
        let mut right = Vec::with_capacity(gr.len() + hr.len());
        // a number's own moves are never needed when the other part is not a number
        if !g_number {
            for &l in gl.iter() {
                left.push(self.add(l, h)?);
            }
            for &r in gr.iter() {
                right.push(self.add(r, h)?);
            }
        }
        if !h_number {
            for &l in hl.iter() {
                left.push(self.add(g, l)?);
            }
            for &r in hr.iter() {
                right.push(self.add(g, r)?);
            }
        }
        self.make(left, right)
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        let minus = self.neg(h);
        self.add(g, minus)
    }

    /// The sum of many forms (zero for none).
    pub fn sum(&mut self, parts: impl IntoIterator<Item = GameId>) -> Result<GameId> {
        let mut total = self.zero();
        for p in parts {
            total = self.add(total, p)?;
        }
        Ok(total)
    }

    /// The canonical form of `{left | right}`, whose options are canonical forms: dominated
    /// options deleted, reversible options bypassed, until neither applies; then numbers and
    /// number-up-star forms recognised.
    ///
    /// **Complexity**: O((|L| + |R|)²) comparisons per round, and a round per bypass.
    pub fn make(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> Result<GameId> {
        loop {
            self.check_limit()?;
            left = self.maximal(left, true);
            right = self.maximal(right, false);
            if let Some(id) = self.simple_form(&left, &right) {
                return Ok(id);
            }
            let mut changed = false;
            // Left option l is reversible when some l^R <= G: replace it by l^R's Left options
            let mut memo = FxHashMap::default();
            for i in 0..left.len() {
                let (_, l_right) = self.options(left[i]);
                let mut through = None;
                for &lr in l_right.iter() {
                    if self.form_compare(lr, Side::Below, &left, &right, &mut memo) == Some(false) {
                        // lr <= G is false
                        continue;
                    }
                    through = Some(lr);
                    break;
                }
                if let Some(lr) = through {
                    let (lrl, _) = self.options(lr);
                    left.swap_remove(i);
                    left.extend(lrl.iter().copied());
                    changed = true;
                    break;
                }
            }
            if !changed {
                for i in 0..right.len() {
                    let (r_left, _) = self.options(right[i]);
                    let mut through = None;
                    for &rl in r_left.iter() {
                        if self.form_compare(rl, Side::Above, &left, &right, &mut memo)
                            == Some(false)
                        {
                            continue;
                        }
                        through = Some(rl);
                        break;
                    }
                    if let Some(rl) = through {
                        let (_, rlr) = self.options(rl);
                        right.swap_remove(i);
                        right.extend(rlr.iter().copied());
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if let Some(id) = self.simple_form(&left, &right) {
            return Ok(id);
        }
        self.check_limit()?;
        Ok(self.intern(Node::Moves {
            left: sorted(left).into(),
            right: sorted(right).into(),
        }))
    }

    /// Compares `x` with the unstored form `G = {left | right}`: with `Side::Below`, whether
    /// `x <= G`; with `Side::Above`, whether `G <= x`. Returns `Some(answer)`; memoised per
    /// call of [`Forms::make`] in `memo`.
    fn form_compare(
        &mut self,
        x: GameId,
        side: Side,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FxHashMap<(GameId, Side), bool>,
    ) -> Option<bool> {
        if let Some(&known) = memo.get(&(x, side)) {
            return Some(known);
        }
        self.spend(1);
        if self.fault.is_some() {
            return Some(false);
        }
        let answer = stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || match side {
            // x <= G iff no G^R <= x and no x^L >= G
            Side::Below => {
                if right.iter().any(|&r| self.leq(r, x)) {
                    return false;
                }
                let (xl, _) = self.options(x);
                !xl.iter()
                    .any(|&l| self.form_compare(l, Side::Above, left, right, memo) == Some(true))
            }
            // G <= x iff no G^L >= x and no x^R <= G
            Side::Above => {
                if left.iter().any(|&l| self.leq(x, l)) {
                    return false;
                }
                let (_, xr) = self.options(x);
                !xr.iter()
                    .any(|&r| self.form_compare(r, Side::Below, left, right, memo) == Some(true))
            }
        });
        memo.insert((x, side), answer);
        Some(answer)
    }

    /// Keeps the undominated options: for Left the maximal ones, for Right the minimal ones
    /// (duplicates once), in increasing order of id.
    ///
    /// The options are taken best stops first (for Left, the highest right stop, then the
    /// highest left stop; for Right the mirror), each compared with the ones kept so far: one
    /// that a kept option dominates is dropped at once, and one kept drops the kept options it
    /// dominates. Equal forms have one id, so domination between distinct ids is strict and
    /// the set kept is the unique set of undominated options whatever the order; the order
    /// only makes the common case cheap (`{1|0} + *n`: every option but `1*n` is dominated by
    /// it, found first).
    ///
    /// **Complexity**: O(n k) comparisons for n options and k kept, O(n²) at worst.
    fn maximal(&mut self, mut options: Vec<GameId>, left: bool) -> Vec<GameId> {
        options.sort_unstable();
        options.dedup();
        if options.len() < 2 {
            return options;
        }
        // best first: for Left the largest stops, for Right the smallest
        let stops = &self.stops;
        options.sort_by(|&a, &b| {
            let ((la, ra), (lb, rb)) = (stops[a.index()], stops[b.index()]);
            if left {
                (rb, lb, a).cmp(&(ra, la, b))
            } else {
                (la, ra, a).cmp(&(lb, rb, b))
            }
        });
        let mut kept: Vec<GameId> = Vec::new();
        for &o in &options {
            if self.budget.cancel().is_cancelled() {
                self.fail(GrundyError::Cancelled);
            }
            self.spend(kept.len() as u64 + 1);
            if self.fault.is_some() {
                // the answer is discarded: the arena's status reports the fault
                kept.push(o);
                continue;
            }
            // o is dominated by a kept option: for Left o <= k, for Right k <= o
            let dominated = kept
                .iter()
                .any(|&k| if left { self.leq(o, k) } else { self.leq(k, o) });
            if dominated {
                continue;
            }
            kept.retain(|&k| !(if left { self.leq(k, o) } else { self.leq(o, k) }));
            kept.push(o);
        }
        kept.sort_unstable();
        kept
    }

    /// The form when it is a number or number-up-star, recognised from its (undominated)
    /// options; `None` otherwise. A form whose options are all numbers is never reversible.
    fn simple_form(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let nus_l: Vec<Nus> = left.iter().filter_map(|&g| self.as_nus(g)).collect();
        let nus_r: Vec<Nus> = right.iter().filter_map(|&g| self.as_nus(g)).collect();
        if nus_l.len() != left.len() || nus_r.len() != right.len() {
            return None;
        }
        let all_numbers = nus_l.iter().chain(&nus_r).all(|n| n.is_number());
        if all_numbers && left.len() <= 1 && right.len() <= 1 {
            let low = nus_l.first().map(|n| n.number);
            let high = nus_r.first().map(|n| n.number);
            if let Some(x) = Dyadic::simplest_between(low, high) {
                return Some(self.nus(Nus::number(x)));
            }
        }
        // number-up-star shapes, all options at one number x
        let x = nus_l.first().or(nus_r.first())?.number;
        if nus_l.iter().chain(&nus_r).any(|n| n.number != x) {
            return None;
        }
        let shape = |v: &[Nus]| -> Vec<(i64, u32)> {
            let mut s: Vec<(i64, u32)> = v.iter().map(|n| (n.ups, n.nimber)).collect();
            s.sort_unstable();
            s
        };
        let (l, r) = (shape(&nus_l), shape(&nus_r));
        let found = |ups: i64, nimber: u32| {
            Some(Nus {
                number: x,
                ups,
                nimber,
            })
        };
        let nus = if l == r && l.iter().enumerate().all(|(i, &s)| s == (0, i as u32)) {
            found(0, l.len() as u32) // x + *n
        } else if l == [(0, 0), (0, 1)] && r == [(0, 0)] {
            found(1, 1)
        } else if l == [(0, 0)] && r == [(0, 0), (0, 1)] {
            found(-1, 1)
        } else if l == [(0, 0)] && r.len() == 1 && r[0].0 >= 0 && r[0] != (0, 0) {
            found(r[0].0 + 1, r[0].1 ^ 1)
        } else if r == [(0, 0)] && l.len() == 1 && l[0].0 <= 0 && l[0] != (0, 0) {
            found(l[0].0 - 1, l[0].1 ^ 1)
        } else {
            None
        };
        nus.map(|n| self.nus(n))
    }

    /// The outcome class of `g`: positive (L: Left wins), negative (R), zero (P: the player to
    /// move loses) or fuzzy (N: the player to move wins).
    pub fn outcome(&mut self, g: GameId) -> PartizanOutcome {
        let zero = self.zero();
        match (self.leq(zero, g), self.leq(g, zero)) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        }
    }

    /// The form in CGSuite's notation: numbers `3/4`, `-2`; `*`, `*3`; `^`, `v`, `^2`, `v3`;
    /// sums of those `1/2^*`; otherwise `{L1,L2|R1,R2}`, a lone compound option on a side
    /// written without braces and more bars (`{2||1|0}` is `{2|{1|0}}`).
    pub fn to_string(&mut self, g: GameId) -> String {
        let text = self.render(g).text.to_string();
        // the texts of subforms are kept only while one form is written (they may be large)
        self.rendered.clear();
        text
    }

    /// The text of a form, with its number of bars (0 for a number-up-star form) and whether
    /// a comma stands directly inside its outer braces; memoised per form while one text is
    /// written, so a subform shared many times in a large form is rendered once.
    fn render(&mut self, g: GameId) -> Rendered {
        if let Some(n) = self.as_nus(g) {
            return Rendered {
                text: nus_text(n).into(),
                bars: 0,
                comma: false,
            };
        }
        if let Some(r) = self.rendered.get(&g) {
            return r.clone();
        }
        let rendered = stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || {
            let (left, right) = self.options(g);
            let mut side = |options: &[GameId], left_side: bool| -> (String, usize, bool) {
                let mut keys: Vec<(i32, Dyadic, Rendered)> = options
                    .iter()
                    .map(|&o| {
                        let (number, rank) = match self.as_nus(o) {
                            Some(n) => (n.number, 0),
                            None => (self.stops(o).0, 1),
                        };
                        (rank, number, self.render(o))
                    })
                    .collect();
                // number-up-star options first, larger values first for Left, smaller for Right
                keys.sort_by(|a, b| {
                    a.0.cmp(&b.0)
                        .then(if left_side {
                            b.1.cmp(&a.1)
                        } else {
                            a.1.cmp(&b.1)
                        })
                        .then(a.2.text.cmp(&b.2.text))
                });
                // a lone option written with bars, if it has one option a side (no comma)
                if keys.len() == 1 && keys[0].2.bars > 0 && !keys[0].2.comma {
                    let r = &keys[0].2;
                    return (r.text[1..r.text.len() - 1].to_string(), r.bars, false);
                }
                let mut text = String::with_capacity(keys.iter().map(|k| k.2.text.len() + 1).sum());
                for (i, k) in keys.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    text.push_str(&k.2.text);
                }
                (text, 0, keys.len() > 1)
            };
            let (l, lb, lc) = side(&left, true);
            let (r, rb, rc) = side(&right, false);
            let bars = lb.max(rb) + 1;
            let mut text = String::with_capacity(l.len() + r.len() + bars + 2);
            text.push('{');
            text.push_str(&l);
            for _ in 0..bars {
                text.push('|');
            }
            text.push_str(&r);
            text.push('}');
            Rendered {
                text: text.into(),
                bars,
                comma: lc || rc,
            }
        });
        self.rendered.insert(g, rendered.clone());
        rendered
    }
}

/// A form written in CGSuite's notation, with what writing its parent needs.
#[derive(Clone)]
struct Rendered {
    text: Arc<str>,
    /// Its number of bars (0 for a number-up-star form).
    bars: usize,
    /// Whether a comma stands directly inside its outer braces.
    comma: bool,
}

/// Sorted ids (the stored order of options).
fn sorted(mut v: Vec<GameId>) -> Vec<GameId> {
    v.sort_unstable();
    v
}

/// `x + ↑·u + *n` in CGSuite's notation.
pub fn nus_text(n: Nus) -> String {
    let mut s = String::new();
    if n.number != Dyadic::ZERO || (n.ups == 0 && n.nimber == 0) {
        s += &n.number.to_string();
    }
    match n.ups {
        0 => {}
        1 => s.push('^'),
        -1 => s.push('v'),
        u if u > 0 => s += &format!("^{u}"),
        u => s += &format!("v{}", u.unsigned_abs()),
    }
    match n.nimber {
        0 => {}
        1 => s.push('*'),
        m => s += &format!("*{m}"),
    }
    s
}

/// The four outcome classes of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum PartizanOutcome {
    /// Left wins, whoever moves first (G > 0).
    L,
    /// Right wins, whoever moves first (G < 0).
    R,
    /// The player to move wins (G confused with 0).
    N,
    /// The player to move loses (G = 0).
    P,
}

impl PartizanOutcome {
    /// The class from who wins moving first: Left (`left_first`) and Right (`right_first`).
    pub fn from_first(left_first: bool, right_first: bool) -> PartizanOutcome {
        match (left_first, right_first) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        }
    }

    /// One letter.
    pub fn letter(self) -> &'static str {
        match self {
            PartizanOutcome::L => "L",
            PartizanOutcome::R => "R",
            PartizanOutcome::N => "N",
            PartizanOutcome::P => "P",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_switches() {
        let mut f = Forms::new(1000);
        let zero = f.zero();
        let one = f.number(1.into()).unwrap();
        let half = f.make(vec![zero], vec![one]).unwrap();
        assert_eq!(f.to_string(half), "1/2");
        assert_eq!(f.add(half, half).unwrap(), one);
        let star = f.make(vec![zero], vec![zero]).unwrap();
        assert_eq!(f.to_string(star), "*");
        assert_eq!(f.add(star, star).unwrap(), zero);
        let up = f.make(vec![zero], vec![star]).unwrap();
        assert_eq!(f.to_string(up), "^");
        let up_star = f.add(up, star).unwrap();
        assert_eq!(f.to_string(up_star), "^*");
        assert_eq!(f.outcome(up_star), PartizanOutcome::N);
        assert_eq!(f.outcome(up), PartizanOutcome::L);
        let m1 = f.neg(one);
        let pm = f.make(vec![one], vec![m1]).unwrap();
        assert_eq!(f.to_string(pm), "{1|-1}");
        assert_eq!(f.outcome(pm), PartizanOutcome::N);
        // {1 | {0 | -1}}
        let inner = f.make(vec![zero], vec![m1]).unwrap();
        let g = f.make(vec![one], vec![inner]).unwrap();
        assert_eq!(f.to_string(g), "{1||0|-1}");
    }
}
