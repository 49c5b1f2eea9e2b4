//! Thermographs and cooling (Conway, ONAG ch. 9; Siegel, CGT II.5), exact: the walls are
//! piecewise-linear functions of the temperature t >= -1 with dyadic corners.
//!
//! The left wall of `G = {G^L | G^R}` is `max over G^L of (right wall of G^L)(t) - t`, the right
//! wall `min over G^R of (left wall of G^R)(t) + t`, up to the first temperature T where they
//! meet; above T both are the mast at the mean m(G). Integers are masts from t = -1 (the
//! convention of CGSuite and cgt-tools: an integer's temperature is -1, that of m/2^k is
//! -1/2^k).

use crate::error::Result;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId, Nus};
use crate::partizan::wall::{minus_one, Thermograph, Wall};

/// A number-up-star form with the same thermograph as `x + ↑u *n` and at most three ups and
/// three stars: the walls of these forms are decided by the last two days of the walk
/// `↑u *n -> ↑(u-1) *(n xor 1) -> ...` and by whether n is 0, 1 or more, so u >= 2 is kept
/// by its parity (2 or 3) and n >= 2 by its parity (2 or 3). Checked against the thermographs
/// built from the options for every u, n up to 12 (the tests below).
fn thermal_stand_in(n: Nus) -> Nus {
    let u = n.ups.unsigned_abs();
    let ups = if u >= 2 { 2 + (u & 1) } else { u } as i64 * n.ups.signum();
    let nimber = if n.nimber >= 2 {
        2 + (n.nimber & 1)
    } else {
        n.nimber
    };
    Nus {
        number: n.number,
        ups,
        nimber,
    }
}

impl Forms {
    /// The thermograph of `g`, built from its options' thermographs. Memoised per form.
    ///
    /// **Complexity**: one merge of walls per option, each linear in the walls' corners.
    pub fn thermograph(&mut self, g: GameId) -> Result<std::sync::Arc<Thermograph>> {
        if let Some(t) = self.thermographs.get(&g) {
            return Ok(t.clone());
        }
        let thermograph =
            stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || self.build_thermograph(g))?;
        let thermograph = std::sync::Arc::new(thermograph);
        self.thermographs.insert(g, thermograph.clone());
        Ok(thermograph)
    }

    fn build_thermograph(&mut self, g: GameId) -> Result<Thermograph> {
        self.status()?;
        if let Some(n) = self.as_nus(g).filter(|_| self.stand_ins) {
            let small = thermal_stand_in(n);
            if small != n {
                // the same thermograph from a form of a few options (no listing of *n's n
                // options, no walk down ↑u's u days)
                let stand_in = self.nus(small);
                return Ok((*self.thermograph(stand_in)?).clone());
            }
        }
        if let Some(x) = self.as_number(g) {
            if x.is_integer() {
                return Ok(Thermograph {
                    left: Wall::constant(x),
                    right: Wall::constant(x),
                    temperature: minus_one(),
                    mean: x,
                });
            }
        }
        let (left, right) = self.options(g);
        let mut lw: Option<Wall> = None;
        for &l in left.iter() {
            let w = self.thermograph(l)?.right.tilt(-1)?;
            lw = Some(match lw {
                None => w,
                Some(prev) => prev.extreme(&w, true)?,
            });
        }
        let mut rw: Option<Wall> = None;
        for &r in right.iter() {
            let w = self.thermograph(r)?.left.tilt(1)?;
            rw = Some(match rw {
                None => w,
                Some(prev) => prev.extreme(&w, false)?,
            });
        }
        let (lw, rw) = (
            lw.expect("non-integers have Left options"),
            rw.expect("non-integers have Right options"),
        );
        let t = lw.first_meeting(&rw)?.unwrap_or(minus_one());
        let mean = lw.at(t)?;
        Ok(Thermograph {
            left: lw.until(t, mean)?,
            right: rw.until(t, mean)?,
            temperature: t,
            mean,
        })
    }

    /// The temperature of `g`.
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.temperature)
    }

    /// The mean value of `g` (additive: m(G + H) = m(G) + m(H)).
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic> {
        Ok(self.thermograph(g)?.mean)
    }

    /// `g` cooled by `t`: `G_t = {G^L_t - t | G^R_t + t}`, except that above the temperature
    /// it is the mean (numbers are not cooled). Memoised.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId> {
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&c) = self.cooled.get(&(g, t)) {
            return Ok(c);
        }
        let th = self.thermograph(g)?;
        let cooled = if t > th.temperature {
            self.number(th.mean)?
        } else {
            let (left, right) = self.options(g);
            let shift = self.number(t)?;
            let minus = self.neg(shift);
            let mut l = Vec::with_capacity(left.len());
            for &o in left.iter() {
                let c = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || self.cool(o, t))?;
                l.push(self.add(c, minus)?);
            }
            let mut r = Vec::with_capacity(right.len());
            for &o in right.iter() {
                let c = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || self.cool(o, t))?;
                r.push(self.add(c, shift)?);
            }
            self.make(l, r)?
        };
        self.cooled.insert((g, t), cooled);
        Ok(cooled)
    }
}

#[cfg(test)]
mod stand_in_tests {
    use super::*;
    use crate::partizan::invariants::nus_birthday;

    /// The birthday by the definition: 1 + the largest birthday of an option, 0 for `{ | }`.
    fn birthday_by_options(forms: &mut Forms, g: GameId) -> u64 {
        let (l, r) = forms.options(g);
        l.iter()
            .chain(r.iter())
            .map(|&o| 1 + birthday_by_options(forms, o))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn number_up_star_closed_forms_match_the_options() {
        let numbers = [
            Dyadic::ZERO,
            Dyadic::from(3),
            Dyadic::from(-2),
            Dyadic::new(1, 1).unwrap(),
            Dyadic::new(-5, 2).unwrap(),
        ];
        for x in numbers {
            for ups in -12i64..=12 {
                for nimber in 0u32..=12 {
                    let n = Nus {
                        number: x,
                        ups,
                        nimber,
                    };
                    let mut exact = Forms::new(1_000_000);
                    exact.stand_ins = false;
                    let g = exact.nus(n);
                    let by_options = exact.thermograph(g).unwrap();
                    let mut quick = Forms::new(1_000_000);
                    let h = quick.nus(n);
                    assert_eq!(*quick.thermograph(h).unwrap(), *by_options, "{n:?}");
                    assert_eq!(
                        nus_birthday(n),
                        birthday_by_options(&mut exact, g),
                        "birthday of {n:?}"
                    );
                }
            }
        }
    }
}
