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
use std::cmp::Ordering;

/// A piecewise-linear function on [-1, ∞): on `[segments[i].t, segments[i+1].t)` it is
/// `v + slope · (t - segments[i].t)`; the last segment runs on forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    segments: Vec<Segment>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    t: Dyadic,
    v: Dyadic,
    slope: i64,
}

fn minus_one() -> Dyadic {
    Dyadic::from(-1)
}

/// `v + slope · dt`.
fn along(v: Dyadic, slope: i64, dt: Dyadic) -> Result<Dyadic> {
    let mut out = v;
    let step = if slope >= 0 { dt } else { dt.checked_neg()? };
    for _ in 0..slope.unsigned_abs() {
        out = out.checked_add(step)?;
    }
    Ok(out)
}

impl Wall {
    /// The constant function `v` (a mast from t = -1).
    pub fn constant(v: Dyadic) -> Wall {
        Wall {
            segments: vec![Segment {
                t: minus_one(),
                v,
                slope: 0,
            }],
        }
    }

    /// The value at temperature `t` (t >= -1).
    pub fn at(&self, t: Dyadic) -> Result<Dyadic> {
        let seg = self
            .segments
            .iter()
            .rev()
            .find(|s| s.t <= t)
            .unwrap_or(&self.segments[0]);
        along(seg.v, seg.slope, t.checked_sub(seg.t)?)
    }

    /// The corners `(t, value)`, from t = -1 to the last change of slope.
    pub fn corners(&self) -> Vec<(Dyadic, Dyadic)> {
        self.segments.iter().map(|s| (s.t, s.v)).collect()
    }

    /// The function plus `k · t`.
    fn tilt(&self, k: i64) -> Result<Wall> {
        let segments = self
            .segments
            .iter()
            .map(|s| {
                Ok(Segment {
                    t: s.t,
                    v: along(s.v, k, s.t)?,
                    slope: s.slope + k,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Wall { segments })
    }

    /// The pointwise maximum (`larger`) or minimum of two functions.
    fn extreme(&self, other: &Wall, larger: bool) -> Result<Wall> {
        let mut cuts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|s| s.t)
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let mut out: Vec<Segment> = Vec::new();
        let pick = |a: (Dyadic, i64), b: (Dyadic, i64)| -> (Dyadic, i64) {
            // the larger (or smaller) just after the cut: by value, then by slope
            let ord = a.0.cmp(&b.0).then(a.1.cmp(&b.1));
            if (ord != Ordering::Less) == larger {
                a
            } else {
                b
            }
        };
        for (i, &t) in cuts.iter().enumerate() {
            let (a, sa) = (self.at(t)?, self.slope_at(t));
            let (b, sb) = (other.at(t)?, other.slope_at(t));
            let (v, slope) = pick((a, sa), (b, sb));
            push(&mut out, Segment { t, v, slope })?;
            // a crossing strictly inside (t, next)
            if sa != sb {
                let diff = b.checked_sub(a)?; // where a + sa·d = b + sb·d: d = diff / (sa - sb)
                let d = divide(diff, sa - sb)?;
                let next = cuts.get(i + 1).copied();
                if d > Dyadic::ZERO && next.is_none_or(|n| t.checked_add(d).is_ok_and(|c| c < n)) {
                    let tc = t.checked_add(d)?;
                    let vc = along(a, sa, d)?;
                    let slope = if (sa > sb) == larger { sa } else { sb };
                    push(
                        &mut out,
                        Segment {
                            t: tc,
                            v: vc,
                            slope,
                        },
                    )?;
                }
            }
        }
        Ok(Wall { segments: out })
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        self.segments
            .iter()
            .rev()
            .find(|s| s.t <= t)
            .unwrap_or(&self.segments[0])
            .slope
    }

    /// The first t >= -1 where `self(t) <= other(t)`, if any (`self - other` never increases
    /// for the walls compared here).
    fn first_meeting(&self, other: &Wall) -> Result<Option<Dyadic>> {
        let mut cuts: Vec<Dyadic> = self.segments.iter().map(|s| s.t).collect();
        cuts.extend(other.segments.iter().map(|s| s.t));
        cuts.sort_unstable();
        cuts.dedup();
        for (i, &t) in cuts.iter().enumerate() {
            let gap = self.at(t)?.checked_sub(other.at(t)?)?;
            if gap <= Dyadic::ZERO {
                return Ok(Some(t));
            }
            let closing = other.slope_at(t) - self.slope_at(t); // how fast the gap shrinks
            if closing > 0 {
                let d = divide(gap, closing)?;
                let tc = t.checked_add(d)?;
                if cuts.get(i + 1).is_none_or(|&n| tc <= n) {
                    return Ok(Some(tc));
                }
            }
        }
        Ok(None)
    }

    /// The function up to `t` (excluded), then constant `v`.
    fn until(&self, t: Dyadic, v: Dyadic) -> Result<Wall> {
        let mut out: Vec<Segment> = self.segments.iter().copied().filter(|s| s.t < t).collect();
        push(&mut out, Segment { t, v, slope: 0 })?;
        Ok(Wall { segments: out })
    }
}

/// `x / k` for k = ±1, ±2, ±4 (the slopes of walls differ by at most 2).
fn divide(x: Dyadic, k: i64) -> Result<Dyadic> {
    let mut out = if k < 0 { x.checked_neg()? } else { x };
    let k = k.unsigned_abs();
    assert!(
        k.is_power_of_two(),
        "slopes of walls differ by a power of two"
    );
    for _ in 0..k.trailing_zeros() {
        out = out.half()?;
    }
    Ok(out)
}

/// Appends a segment, merging it with the last one when the line goes on unchanged.
fn push(out: &mut Vec<Segment>, seg: Segment) -> Result<()> {
    if let Some(last) = out.last() {
        if last.slope == seg.slope
            && along(last.v, last.slope, seg.t.checked_sub(last.t)?)? == seg.v
        {
            return Ok(());
        }
        if last.t == seg.t {
            out.pop();
        }
    }
    out.push(seg);
    Ok(())
}

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

/// A game's thermograph: its two walls, its temperature and its mean (the mast).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (values decrease as t grows, or stay).
    pub left: Wall,
    /// The right wall.
    pub right: Wall,
    /// Where the walls meet (-1 for integers).
    pub temperature: Dyadic,
    /// The mast's value.
    pub mean: Dyadic,
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
