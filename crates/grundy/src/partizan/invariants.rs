//! Invariants of canonical forms beyond thermography: birthday, all-smallness, atomic
//! weight (Conway and Norton's atomic weight calculus; Siegel, CGT II.7) and the reduced
//! canonical form (Calistrat; Grossman and Siegel, "Reductions of partizan games", 2009).

use crate::error::Result;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId};

const RED_ZONE: usize = 64 * 1024;

/// The birthday of a number.
fn number_birthday(x: Dyadic) -> u64 {
    let whole = x.floor().unsigned_abs().min(x.ceil().unsigned_abs());
    if x.is_integer() {
        whole
    } else {
        whole + 1 + x.exponent() as u64
    }
}

/// The birthday of `x + ↑u *n` without listing its options: b(x) + b(↑u *n), since the
/// canonical options of `x + G` are x plus those of G, down to x itself. `*n` is born on day
/// n; for u >= 1, `↑u *n = {0 | ↑(u-1) *(n xor 1)}` walks down u - 1 days to
/// `↑ *m` (m = n xor ((u - 1) mod 2)), which is born on day 2 for m <= 1 (`↑ = {0|*}`,
/// `↑* = {0,*|0}`) and on day 1 + (m xor 1) otherwise (`↑*m = {0 | *(m xor 1)}`); negative u
/// mirrored. O(1).
pub(crate) fn nus_birthday(n: crate::partizan::forms::Nus) -> u64 {
    let x = number_birthday(n.number);
    let u = n.ups.unsigned_abs();
    let infinitesimal = if u == 0 {
        u64::from(n.nimber)
    } else {
        let m = u64::from(n.nimber) ^ ((u - 1) & 1);
        let bottom = if m <= 1 { 2 } else { 1 + (m ^ 1) };
        (u - 1) + bottom
    };
    x + infinitesimal
}
const GROWTH: usize = 4 * 1024 * 1024;

impl Forms {
    /// The birthday: the height of the canonical form's game tree (0 for 0; |n| for an
    /// integer; floor(|x|) + 1 + k for x = m/2^k). Memoised.
    pub fn birthday(&mut self, g: GameId) -> u64 {
        if let Some(n) = self.as_nus(g) {
            return nus_birthday(n);
        }
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let (left, right) = self.options(g);
        let b = stacker::maybe_grow(RED_ZONE, GROWTH, || {
            1 + left
                .iter()
                .chain(right.iter())
                .map(|&o| self.birthday(o))
                .max()
                .unwrap_or(0)
        });
        self.birthdays.insert(g, b);
        b
    }

    /// Whether `g` is all-small: every subposition with a move for one player has a move for
    /// the other (so `g` is infinitesimal). Memoised.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(n) = self.as_nus(g) {
            return n.number == Dyadic::ZERO;
        }
        if let Some(&known) = self.all_small.get(&g) {
            return known;
        }
        let (left, right) = self.options(g);
        let answer = stacker::maybe_grow(RED_ZONE, GROWTH, || {
            left.iter()
                .chain(right.iter())
                .all(|&o| self.is_all_small(o))
        });
        self.all_small.insert(g, answer);
        answer
    }

    /// The largest nimber `*n` written anywhere in `g`'s canonical form, and its birthday.
    fn nimber_bound(&mut self, g: GameId) -> u64 {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        let mut most = self.birthday(g);
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            if let Some(n) = self.as_nus(h) {
                most = most.max(n.nimber as u64 + 1);
                continue;
            }
            let (l, r) = self.options(h);
            stack.extend(l.iter().chain(r.iter()).copied());
        }
        most
    }

    /// The atomic weight of an all-small game (`None` otherwise), by the atomic weight
    /// calculus: with `G' = {aw(G^L) - 2 | aw(G^R) + 2}`, aw(G) = G' unless G' is an integer
    /// and G is comparable with a remote star *N; then, if G > *N, the largest integer n with
    /// n ◁ aw(G^R) + 2 for every G^R, and if G < *N the least integer n with
    /// n ▷ aw(G^L) - 2 for every G^L. `↑u *n` has atomic weight u.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<Option<GameId>> {
        if !self.is_all_small(g) {
            return Ok(None);
        }
        stacker::maybe_grow(RED_ZONE, GROWTH, || self.atomic_weight_of_all_small(g)).map(Some)
    }

    fn atomic_weight_of_all_small(&mut self, g: GameId) -> Result<GameId> {
        if let Some(n) = self.as_nus(g) {
            return self.number(Dyadic::integer(n.ups)?);
        }
        let (left, right) = self.options(g);
        let two = self.number(Dyadic::from(2))?;
        let minus_two = self.neg(two);
        let mut l = Vec::new();
        for &o in left.iter() {
            let aw = self.atomic_weight_of_all_small(o)?;
            l.push(self.add(aw, minus_two)?);
        }
        let mut r = Vec::new();
        for &o in right.iter() {
            let aw = self.atomic_weight_of_all_small(o)?;
            r.push(self.add(aw, two)?);
        }
        let candidate = self.make(l.clone(), r.clone())?;
        let Some(n) = self.as_number(candidate).filter(|x| x.is_integer()) else {
            return Ok(candidate);
        };
        let bound = self.nimber_bound(g);
        let remote = self.nimber(u32::try_from(bound.next_power_of_two().max(2)).map_err(
            |_| crate::error::GrundyError::Overflow("a remote star beyond 2^32".into()),
        )?);
        let above = self.leq(remote, g) && !self.leq(g, remote);
        let below = self.leq(g, remote) && !self.leq(remote, g);
        if above {
            // the largest integer not >= any aw(G^R) + 2: start at the candidate and climb
            let mut k = n.floor();
            loop {
                let next = self.number(Dyadic::integer(k + 1)?)?;
                if r.iter().all(|&x| !self.leq(x, next)) {
                    k += 1;
                } else {
                    break;
                }
            }
            while {
                let at = self.number(Dyadic::integer(k)?)?;
                r.iter().any(|&x| self.leq(x, at))
            } {
                k -= 1;
            }
            self.number(Dyadic::integer(k)?)
        } else if below {
            let mut k = n.floor();
            loop {
                let next = self.number(Dyadic::integer(k - 1)?)?;
                if l.iter().all(|&x| !self.leq(next, x)) {
                    k -= 1;
                } else {
                    break;
                }
            }
            while {
                let at = self.number(Dyadic::integer(k)?)?;
                l.iter().any(|&x| self.leq(at, x))
            } {
                k += 1;
            }
            self.number(Dyadic::integer(k)?)
        } else {
            Ok(candidate)
        }
    }

    /// `g >= h` modulo infinitesimals: the right stop of `g - h` is at least 0.
    pub fn geq_mod_infinitesimals(&mut self, g: GameId, h: GameId) -> Result<bool> {
        let d = self.sub(g, h)?;
        Ok(self.stops(d).1 >= Dyadic::ZERO)
    }

    /// The reduced canonical form: the simplest game equal to `g` modulo infinitesimals.
    /// Options are reduced, then Inf-dominated options deleted and Inf-reversible ones
    /// bypassed until neither applies; a game whose stops are equal is that number.
    /// Memoised.
    pub fn reduced(&mut self, g: GameId) -> Result<GameId> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&r) = self.reduced.get(&g) {
            return Ok(r);
        }
        let (ls, rs) = self.stops(g);
        let result = if ls == rs {
            self.number(ls)?
        } else {
            stacker::maybe_grow(RED_ZONE, GROWTH, || self.reduce_options(g))?
        };
        self.reduced.insert(g, result);
        Ok(result)
    }

    fn reduce_options(&mut self, g: GameId) -> Result<GameId> {
        let (left, right) = self.options(g);
        let mut l = left
            .iter()
            .map(|&o| self.reduced(o))
            .collect::<Result<Vec<_>>>()?;
        let mut r = right
            .iter()
            .map(|&o| self.reduced(o))
            .collect::<Result<Vec<_>>>()?;
        loop {
            l = self.inf_undominated(l, true)?;
            r = self.inf_undominated(r, false)?;
            let current = self.make(l.clone(), r.clone())?;
            let mut changed = false;
            'left: for i in 0..l.len() {
                let (_, lr) = self.options(l[i]);
                for &x in lr.iter() {
                    if self.geq_mod_infinitesimals(current, x)? {
                        let (xl, _) = self.options(x);
                        l.swap_remove(i);
                        for &y in xl.iter() {
                            l.push(self.reduced(y)?);
                        }
                        changed = true;
                        break 'left;
                    }
                }
            }
            if !changed {
                'right: for i in 0..r.len() {
                    let (rl, _) = self.options(r[i]);
                    for &x in rl.iter() {
                        if self.geq_mod_infinitesimals(x, current)? {
                            let (_, xr) = self.options(x);
                            r.swap_remove(i);
                            for &y in xr.iter() {
                                r.push(self.reduced(y)?);
                            }
                            changed = true;
                            break 'right;
                        }
                    }
                }
            }
            if !changed {
                return Ok(current);
            }
        }
    }

    /// The options not dominated modulo infinitesimals (one of each equivalent group).
    fn inf_undominated(&mut self, mut options: Vec<GameId>, left: bool) -> Result<Vec<GameId>> {
        options.sort_unstable();
        options.dedup();
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j || !keep[j] || !keep[i] {
                    continue;
                }
                let (a, b) = (options[i], options[j]);
                let dominated = if left {
                    self.geq_mod_infinitesimals(b, a)?
                } else {
                    self.geq_mod_infinitesimals(a, b)?
                };
                if dominated {
                    keep[i] = false;
                }
            }
        }
        Ok(options
            .into_iter()
            .zip(keep)
            .filter_map(|(o, k)| k.then_some(o))
            .collect())
    }
}
