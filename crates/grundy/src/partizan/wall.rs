//! Thermographs as data: the walls, piecewise-linear functions of the temperature t >= -1 with
//! dyadic corners, and the [`Thermograph`] of a game (its two walls, temperature and mean).
//! How a form's thermograph is built from its options is in `partizan::thermograph`.

use crate::error::Result;
use crate::partizan::dyadic::Dyadic;
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

pub(crate) fn minus_one() -> Dyadic {
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
    pub(crate) fn tilt(&self, k: i64) -> Result<Wall> {
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
    pub(crate) fn extreme(&self, other: &Wall, larger: bool) -> Result<Wall> {
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
    pub(crate) fn first_meeting(&self, other: &Wall) -> Result<Option<Dyadic>> {
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
    pub(crate) fn until(&self, t: Dyadic, v: Dyadic) -> Result<Wall> {
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
