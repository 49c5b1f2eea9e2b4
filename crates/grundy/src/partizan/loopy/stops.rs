//! Stops and temperature of stoppers.
//!
//! - **Stops** (Siegel, CGT VI.3; CGSuite's `LeftStop`, `RightStop`): L(G) = R(G) = G when G
//!   is a pseudonumber (a number x, `x over` = {x|pass}, `x under` = {pass|x}, `on`, `off`);
//!   otherwise L(G) = max R(G^L) and R(G) = min L(G^R), with `off` for Left without a move and
//!   `on` for Right without one. Alternating play from a stopper always ends, so the recursion
//!   is finite. The **strong** stops forget `over` and `under` (x over counts as x).
//! - **Temperature where it applies**: a stopper whose strong stops are one number x is x
//!   plus an infinitesimal (CGSuite's `IsNumberish`: `over`, `upon`, `3/2under`), of mean x
//!   and temperature 0. More generally, when every position of G that lies on a cycle is such
//!   a number-ish stopper, G lies between the short games G_low and G_high got by writing
//!   each number-ish loopy position x + ε as x - δ and x + δ (ε is infinitesimal, so
//!   -δ < ε < δ for every positive number δ, and options are monotone). Their thermographs
//!   tend to that of G*, where each such position is its number x, as δ goes to 0; so n·G
//!   lies within n·mean(G*) ± (temperature + 2δ) for every n and δ: G's mean is G*'s mean, and
//!   its temperature is G*'s (0 when G* is a number but G is not). Where some position on a
//!   cycle is not number-ish (`on`, a hot loop such as Backsliding Toads and Frogs'), the
//!   theory does not apply, and `None` says so.

use crate::error::Result;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::Forms;
use crate::partizan::loopy::graph::{LoopyGraph, Player};
use crate::partizan::loopy::sides::components;
use crate::partizan::loopy::stopper::{fill_forms, forms_of, Stopper};
use std::cmp::Ordering;
use std::fmt;

/// A stop of a stopper: a pseudonumber, ordered off < x under < x < x over < y under < ... <
/// on for numbers x < y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// Below every number: Left has no move, or can be made to pass in `off` for ever.
    Off,
    /// x under = {pass|x}: just below x.
    Under(Dyadic),
    /// A number.
    Number(Dyadic),
    /// x over = {x|pass}: just above x.
    Over(Dyadic),
    /// Above every number.
    On,
}

impl Stop {
    fn key(self) -> (u8, Dyadic, i8) {
        match self {
            Stop::Off => (0, Dyadic::ZERO, 0),
            Stop::Under(x) => (1, x, -1),
            Stop::Number(x) => (1, x, 0),
            Stop::Over(x) => (1, x, 1),
            Stop::On => (2, Dyadic::ZERO, 0),
        }
    }

    /// The strong stop: `x over` and `x under` as x (CGSuite's `StrongStop`).
    pub fn strong(self) -> Stop {
        match self {
            Stop::Under(x) | Stop::Over(x) => Stop::Number(x),
            s => s,
        }
    }

    /// The number x of x, `x over` or `x under`; `None` for `on` and `off`.
    pub fn number(self) -> Option<Dyadic> {
        match self {
            Stop::Under(x) | Stop::Number(x) | Stop::Over(x) => Some(x),
            Stop::On | Stop::Off => None,
        }
    }
}

impl Ord for Stop {
    fn cmp(&self, other: &Stop) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Stop {
    fn partial_cmp(&self, other: &Stop) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = |x: &Dyadic| {
            if *x == Dyadic::ZERO {
                String::new()
            } else {
                x.to_string()
            }
        };
        match self {
            Stop::Off => write!(f, "off"),
            Stop::Under(x) => write!(f, "{}under", prefix(x)),
            Stop::Number(x) => write!(f, "{x}"),
            Stop::Over(x) => write!(f, "{}over", prefix(x)),
            Stop::On => write!(f, "on"),
        }
    }
}

/// The mean and temperature of a stopper where temperature theory applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StopperTemperature {
    /// The mean value: n·G - n·mean stays bounded as n grows.
    pub mean: Dyadic,
    /// The temperature: 0 for a number plus a nonzero infinitesimal, negative only for a
    /// number.
    pub temperature: Dyadic,
}

impl Stopper {
    /// Left's and Right's stops (see the module's notes).
    ///
    /// **Complexity**: linear in the stopper's positions and moves.
    pub fn stops(&self, forms: &mut Forms) -> Result<(Stop, Stop)> {
        let table = self.stop_table(forms)?;
        Ok((table[0][0], table[0][1]))
    }

    /// The mean and temperature, when every position of the stopper on a cycle is a number
    /// plus an infinitesimal (see the module's notes); `None` otherwise.
    ///
    /// **Complexity**: linear in the positions, plus the thermograph of one short game of
    /// at most as many positions.
    pub fn temperature(&self, forms: &mut Forms) -> Result<Option<StopperTemperature>> {
        let g = self.graph();
        let n = g.len();
        let cyclic = g.cyclic();
        let form = forms_of(g, &cyclic, forms)?;
        let table = self.stop_table(forms)?;
        let mut on_cycle = vec![false; n];
        for component in components(g) {
            if component.len() > 1 {
                for v in component {
                    on_cycle[v as usize] = true;
                }
            }
        }
        for v in 0..n as u32 {
            if g.left(v).contains(&v) || g.right(v).contains(&v) {
                on_cycle[v as usize] = true;
            }
        }
        // G*: short positions as they are, number-ish loopy ones as their numbers
        let mut star = form.clone();
        for v in 0..n {
            if cyclic[v] {
                let (l, r) = (table[v][0].strong(), table[v][1].strong());
                if let (Stop::Number(x), true) = (l, l == r) {
                    star[v] = Some(forms.number(x)?);
                }
            }
        }
        // the rest by their options, unless a position on a cycle is not number-ish
        if !fill_forms(g, &mut star, &[0], &|v| on_cycle[v as usize], forms)? {
            return Ok(None);
        }
        let thermograph = forms.thermograph(star[0].expect("the root"))?;
        forms.status()?;
        let mut temperature = thermograph.temperature;
        if cyclic[0] && temperature < Dyadic::ZERO {
            temperature = Dyadic::ZERO; // a number plus a loopy infinitesimal
        }
        Ok(Some(StopperTemperature {
            mean: thermograph.mean,
            temperature,
        }))
    }

    /// Every position's stops, Left's and Right's.
    fn stop_table(&self, forms: &mut Forms) -> Result<Vec<[Stop; 2]>> {
        let g = self.graph();
        let cyclic = g.cyclic();
        let form = forms_of(g, &cyclic, forms)?;
        let n = g.len();
        let number: Vec<Option<Dyadic>> = (0..n)
            .map(|v| form[v].and_then(|f| forms.as_number(f)))
            .collect();
        Ok(stop_table(g, &number))
    }
}

/// The stops of every position of a stopper's graph, given the positions that are numbers.
fn stop_table(g: &LoopyGraph, number: &[Option<Dyadic>]) -> Vec<[Stop; 2]> {
    let n = g.len();
    let pseudonumber = |v: u32| -> Option<Stop> {
        if let Some(x) = number[v as usize] {
            return Some(Stop::Number(x));
        }
        match (g.left(v), g.right(v)) {
            ([x], [b]) if *b == v => number[*x as usize].map(Stop::Over),
            ([a], [x]) if *a == v => number[*x as usize].map(Stop::Under),
            _ => None,
        }
    };
    // memo[2v + p]: the stop of v with p to move (0 Left, 1 Right)
    let mut memo: Vec<Option<Stop>> = vec![None; 2 * n];
    for root in 0..2 * n {
        let mut stack = vec![(root, false)];
        while let Some((s, expanded)) = stack.pop() {
            if memo[s].is_some() {
                continue;
            }
            let (v, p) = ((s / 2) as u32, s % 2);
            if let Some(stop) = pseudonumber(v) {
                memo[s] = Some(stop);
                continue;
            }
            let player = if p == 0 { Player::Left } else { Player::Right };
            let opts = g.options(v, player);
            if opts.is_empty() {
                memo[s] = Some(if p == 0 { Stop::Off } else { Stop::On });
                continue;
            }
            let next = |w: u32| 2 * w as usize + (1 - p);
            if expanded {
                let values = opts.iter().map(|&w| memo[next(w)].expect("options first"));
                memo[s] = if p == 0 { values.max() } else { values.min() };
            } else {
                stack.push((s, true));
                for &w in opts {
                    if memo[next(w)].is_none() {
                        stack.push((next(w), false));
                    }
                }
            }
        }
    }
    (0..n)
        .map(|v| {
            [
                memo[2 * v].expect("every state"),
                memo[2 * v + 1].expect("every state"),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::partizan::loopy::{parse_loopy, value_of, SidedValue};

    fn stopper(forms: &mut Forms, text: &str) -> Stopper {
        let read = parse_loopy(forms, text).unwrap();
        match value_of(&read.graph, read.start, 64, &Budget::new(1_000_000)).unwrap() {
            SidedValue::Stopper(s) => s,
            SidedValue::Sided { .. } => panic!("{text} is a stopper"),
        }
    }

    #[test]
    fn stops_are_pseudonumbers() {
        let mut forms = Forms::new(100_000);
        let cases = [
            ("on", "on", "on"),
            ("off", "off", "off"),
            ("over", "over", "over"),
            ("under", "under", "under"),
            ("{pass|3/2}", "3/2under", "3/2under"),
            ("upon", "0", "0"),
            ("{2|over}", "2", "over"),
            ("{1over|-1}", "1over", "-1"),
            ("{on|0}", "on", "0"),
            ("{1|-1}", "1", "-1"),
        ];
        for (text, l, r) in cases {
            let s = stopper(&mut forms, text);
            let (ls, rs) = s.stops(&mut forms).unwrap();
            assert_eq!(
                (ls.to_string(), rs.to_string()),
                (l.into(), r.into()),
                "{text}"
            );
        }
        assert!(Stop::Under(Dyadic::ZERO) < Stop::Number(Dyadic::ZERO));
        assert!(Stop::Over(Dyadic::ZERO) < Stop::Under(Dyadic::integer(1).unwrap()));
        assert!(Stop::Off < Stop::Under(Dyadic::integer(-5).unwrap()));
    }

    #[test]
    fn degrees_of_loopiness() {
        // Winning Ways ch. 11: short games have degree 0, on has degree on, over degree over
        let mut forms = Forms::new(100_000);
        let b = Budget::new(1_000_000);
        for (text, degree) in [
            ("{1|-1}", "0"),
            ("on", "on"),
            ("over", "over"),
            ("under", "over"),
            ("{pass|3/2}", "over"),
        ] {
            let s = stopper(&mut forms, text);
            let d = s.degree(64, &b).unwrap();
            assert_eq!(d.to_text(&mut forms).unwrap(), degree, "{text}");
        }
    }

    #[test]
    fn temperature_where_it_applies() {
        let mut forms = Forms::new(100_000);
        let cases = [
            ("over", Some(("0", "0"))),
            ("upon", Some(("0", "0"))),
            ("{pass|3/2}", Some(("3/2", "0"))),
            ("{2|over}", Some(("1", "1"))),
            ("{3|{pass|-1}}", Some(("1", "2"))),
            ("{1|-1}", Some(("0", "1"))),
            ("1/2", Some(("1/2", "-1/2"))),
            ("on", None),
            ("{on|0}", None),
            ("{on||0|-1/2}", None),
        ];
        for (text, expected) in cases {
            let s = stopper(&mut forms, text);
            let t = s.temperature(&mut forms).unwrap();
            let got = t.map(|t| (t.mean.to_string(), t.temperature.to_string()));
            let expected = expected.map(|(m, t)| (m.to_string(), t.to_string()));
            assert_eq!(got, expected, "{text}");
        }
    }
}
