//! Moore's Nim_k: take at least one object in all, from up to k heaps.
//!
//! ```
//! use grundy::games::Moore;
//! // Nim_2 with heaps 1 2 3: in binary, some column sum is not a multiple of k + 1 = 3
//! assert!(!Moore::new(2, vec![1, 2, 3]).is_p());
//! assert!(Moore::new(2, vec![1, 1, 1]).is_p());
//! ```

use crate::error::{GrundyError, Result};
use crate::games::syntax::{error, numbers, GameSyntax, Misere};
use crate::nimber::{Nimber, Outcome};
use crate::solve::game::ImpartialGame;
use std::collections::HashSet;
use std::fmt;

/// The most P-position moves listed from one Moore position before giving up.
const MAX_LISTED: usize = 100_000;
/// The most search steps spent listing them.
const MAX_STEPS: usize = 10_000_000;

/// A position of Moore's Nim_k: heaps, and a move reduces between 1 and k of them.
///
/// **Theorem** (Moore 1910): the position is P iff for every bit position the number of heaps
/// with that bit set is divisible by `k + 1` (O(64 n) to test). Grundy values have no known
/// closed form beyond k = 1 (Nim) and a single heap; they are searched. The winning moves are
/// listed without enumerating the moves: a search over the bits, high to low, chooses the new
/// bits of the heaps so that every bit count is divisible by k + 1, each changed heap gets
/// smaller, and at most k heaps change (dead ends are remembered).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Moore {
    /// How many heaps one move may reduce (at least 1).
    pub k: u64,
    /// The heap sizes, in the order given.
    pub heaps: Vec<u64>,
}

impl Moore {
    /// Moore's Nim_k on these heaps; `k` must be at least 1.
    pub fn new(k: u64, heaps: Vec<u64>) -> Moore {
        assert!(k >= 1, "Moore's Nim needs k >= 1");
        Moore { k, heaps }
    }

    /// The position with the given heaps, empty heaps dropped (none left: nothing).
    fn with_heaps(&self, heaps: Vec<u64>) -> Vec<Moore> {
        let heaps: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        if heaps.is_empty() {
            vec![]
        } else {
            vec![Moore { k: self.k, heaps }]
        }
    }

    /// True if this is a P position (Moore's theorem).
    pub fn is_p(&self) -> bool {
        (0..64).all(|bit| {
            let count = self.heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
            count.is_multiple_of(self.k.saturating_add(1))
        })
    }

    /// Every move to a P position, as the new heap vectors (in heap order, zeros kept).
    fn p_moves(&self) -> Result<Vec<Vec<u64>>> {
        let mut search = PMoveSearch {
            heaps: &self.heaps,
            modulus: self.k.saturating_add(1),
            max_less: self.k.min(self.heaps.len() as u64) as usize,
            current: vec![0; self.heaps.len()],
            dead: HashSet::new(),
            found: Vec::new(),
            steps: 0,
        };
        let mut less = vec![false; self.heaps.len()];
        search.run(63, &mut less, 0)?;
        Ok(search.found)
    }
}

struct PMoveSearch<'a> {
    heaps: &'a [u64],
    modulus: u64,
    max_less: usize,
    current: Vec<u64>,
    dead: HashSet<(i32, Vec<bool>)>,
    found: Vec<Vec<u64>>,
    steps: usize,
}

impl PMoveSearch<'_> {
    /// Chooses bit `bit` and below of every heap. `less[i]`: heap i is already below its old
    /// size. Returns whether any P position was found. Recursion depth is at most 64.
    /// Counts one step of the search: past [`MAX_STEPS`] (or [`MAX_LISTED`] moves found), a
    /// state-limit error.
    fn step(&mut self) -> Result<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS || self.found.len() > MAX_LISTED {
            return Err(GrundyError::StateLimit {
                limit: MAX_LISTED,
                what: "listing the winning moves of Moore's Nim took too many steps".into(),
            });
        }
        Ok(())
    }

    fn run(&mut self, bit: i32, less: &mut Vec<bool>, n_less: usize) -> Result<bool> {
        self.step()?;
        if bit < 0 {
            if n_less == 0 {
                return Ok(false); // nothing was taken
            }
            self.found.push(self.current.clone());
            return Ok(true);
        }
        if self.dead.contains(&(bit, less.clone())) {
            return Ok(false);
        }
        let b = bit as u32;
        let tight_ones: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| !less[i] && self.heaps[i] >> b & 1 == 1)
            .collect();
        let free: Vec<usize> = (0..self.heaps.len()).filter(|&i| less[i]).collect();
        let mut any = false;
        // `drop`: tight heaps with this bit set that take 0 here (and become smaller).
        for drop in subsets_up_to(&tight_ones, self.max_less - n_less) {
            self.step()?;
            let ones_kept = (tight_ones.len() - drop.len()) as u64;
            let need = ((self.modulus - ones_kept % self.modulus) % self.modulus) as usize;
            if need > free.len() {
                continue;
            }
            for set in subsets_of_size(&free, need) {
                self.step()?;
                for (i, current) in self.current.iter_mut().enumerate() {
                    let one = if less[i] {
                        set.contains(&i)
                    } else {
                        self.heaps[i] >> b & 1 == 1 && !drop.contains(&i)
                    };
                    if one {
                        *current |= 1 << b;
                    } else {
                        *current &= !(1 << b);
                    }
                }
                for &i in &drop {
                    less[i] = true;
                }
                any |= self.run(bit - 1, less, n_less + drop.len())?;
                for &i in &drop {
                    less[i] = false;
                }
            }
        }
        if !any {
            self.dead.insert((bit, less.clone()));
        }
        Ok(any)
    }
}

/// Every subset of `items` with at most `max` elements, smallest first, one at a time (there
/// may be astronomically many: the caller counts them against its steps).
fn subsets_up_to(items: &[usize], max: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    (0..=max.min(items.len())).flat_map(move |size| subsets_of_size(items, size))
}

/// Every subset of `items` with exactly `size` elements, in lexicographic order of positions,
/// one at a time.
fn subsets_of_size(items: &[usize], size: usize) -> impl Iterator<Item = Vec<usize>> + '_ {
    let n = items.len();
    let mut idx: Option<Vec<usize>> = (size <= n).then(|| (0..size).collect());
    std::iter::from_fn(move || {
        let current = idx.as_mut()?;
        let subset = current.iter().map(|&i| items[i]).collect();
        // advance the combination, or end after this one
        match (0..size).rev().find(|&p| current[p] != p + n - size) {
            Some(pos) => {
                current[pos] += 1;
                for q in pos + 1..size {
                    current[q] = current[q - 1] + 1;
                }
            }
            None => idx = None,
        }
        Some(subset)
    })
}

impl ImpartialGame for Moore {
    fn options(&self) -> Vec<Vec<Self>> {
        let changeable: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.heaps[i] > 0)
            .collect();
        let max = self.k.min(changeable.len() as u64) as usize;
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for size in 1..=max {
            for set in subsets_of_size(&changeable, size) {
                // odometer over the new sizes of the heaps in `set`, each below its old size
                let mut heaps = self.heaps.clone();
                for &i in &set {
                    heaps[i] = 0;
                }
                loop {
                    let option = self.with_heaps(heaps.clone());
                    let key: Vec<Moore> = option.iter().map(|m| m.canonical()).collect();
                    if seen.insert(key) {
                        out.push(option);
                    }
                    let Some(&i) = set.iter().find(|&&i| heaps[i] + 1 < self.heaps[i]) else {
                        break;
                    };
                    heaps[i] += 1;
                    for &j in set.iter().take_while(|&&j| j != i) {
                        heaps[j] = 0;
                    }
                }
            }
        }
        out
    }

    /// The sum over sets of at most k heaps of the product of their sizes (elementary symmetric
    /// polynomials), an upper bound of the distinct options; saturating.
    fn option_count(&self) -> Option<u128> {
        let max = self.k.min(self.heaps.len() as u64) as usize;
        let mut e = vec![0u128; max + 1];
        e[0] = 1;
        for &h in &self.heaps {
            for j in (1..=max).rev() {
                e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h as u128));
            }
        }
        Some(e[1..].iter().fold(0u128, |a, &b| a.saturating_add(b)))
    }

    /// Every heap vector below this one: the product of (heap + 1), saturating.
    fn reachable_bound(&self) -> Option<u128> {
        Some(
            self.heaps
                .iter()
                .fold(1u128, |p, &h| p.saturating_mul(h as u128 + 1)),
        )
    }

    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        let nonzero: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        // Nim_1 is Nim; a single heap is a Nim heap.
        (self.k == 1 || nonzero.len() <= 1).then(|| Ok(nonzero.iter().map(|&h| Nimber(h)).sum()))
    }

    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        Some(Ok(Outcome::from_mover_wins(!self.is_p())))
    }

    fn moves_to_value_formula(
        &self,
        target: Nimber,
        _limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        if !target.is_zero() && self.grundy_formula().is_none() {
            return None;
        }
        if !target.is_zero() {
            // Nim: one heap changes, to heap xor G xor target
            let g: Nimber = self.heaps.iter().map(|&h| Nimber(h)).sum();
            let change = (g + target).0;
            let mut out = Vec::new();
            for (i, &h) in self.heaps.iter().enumerate() {
                if h ^ change < h && !self.heaps[..i].contains(&h) {
                    let mut heaps = self.heaps.clone();
                    heaps[i] = h ^ change;
                    out.push(self.with_heaps(heaps));
                }
            }
            return Some(Ok(out));
        }
        Some(self.p_moves().map(|list| {
            let mut seen = HashSet::new();
            list.into_iter()
                .map(|heaps| self.with_heaps(heaps))
                .filter(|option| {
                    seen.insert(option.iter().map(|m| m.canonical()).collect::<Vec<_>>())
                })
                .collect()
        }))
    }

    fn canonical(&self) -> Self {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        Moore { k: self.k, heaps }
    }

    fn as_nim_heap(&self) -> Option<u64> {
        match self.canonical().heaps.as_slice() {
            [] => Some(0),
            [h] => Some(*h),
            _ => None,
        }
    }
}

impl fmt::Display for Moore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moore {}", self.k)?;
        self.heaps.iter().try_for_each(|h| write!(f, " {h}"))
    }
}

/// `moore K A1 A2 ...`
pub const SYNTAX: GameSyntax = GameSyntax {
    keyword: "moore",
    usage: "moore K A1 A2 ...",
    summary: "Moore's Nim_K: take from up to K heaps at once",
    misere: Misere::Played,
    examples: &["moore 2 1 2 3"],
    read: |name, args, _| {
        let v = numbers(name, args, 2, usize::MAX, "K, then the heap sizes")?;
        if v[0] == 0 {
            return Err(error(
                args[0].column,
                "moore: K must be at least 1 (heaps changed per move)",
            ));
        }
        Ok(Moore::new(v[0], v[1..].to_vec()).into())
    },
};
