//! What the outcome search counts once per canonical form ([`FormFacts`]): its size (to decide
//! whether folding it into a sum stays cheap) and a hash of its structure (the part of a
//! sum's key that a valued part gives, the same in every arena).
//!
//! **Complexity**: each form is counted once; a size is counted up to a cap.

use crate::partizan::forms::{Forms, GameId};
use crate::partizan::hash::mix;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Per arena index, a form's size and structural hash, counted when first asked (0: not
/// yet).
#[derive(Default)]
pub(crate) struct FormFacts {
    sizes: Vec<u32>,
    hashes: Vec<u64>,
}

impl FormFacts {
    /// [`Forms::size_within`] `cap` of `g` (past it, `cap + 1`), memoised per form.
    pub(crate) fn size(&mut self, forms: &Forms, g: GameId, cap: usize) -> usize {
        let at = g.index();
        if let Some(&size) = self.sizes.get(at).filter(|&&s| s != 0) {
            return size as usize;
        }
        let size = forms.size_within(g, cap).unwrap_or(cap + 1);
        if self.sizes.len() <= at {
            self.sizes.resize(at + 1, 0);
        }
        self.sizes[at] = size as u32;
        size
    }

    /// A hash of the canonical form `g` from its structure alone (its numbers, ups and
    /// nimbers, and the hashes of its options, in any order): equal games, equal hashes, in
    /// every arena. Memoised; iterative, so a deep form cannot overflow the stack.
    pub(crate) fn hash(&mut self, forms: &mut Forms, g: GameId) -> u64 {
        if let Some(&h) = self.hashes.get(g.index()).filter(|&&h| h != 0) {
            return h;
        }
        let mut stack = vec![(g, false)];
        while let Some((g, expanded)) = stack.pop() {
            if self.hashes.len() <= g.index() {
                self.hashes.resize(g.index() + 1, 0);
            }
            if self.hashes[g.index()] != 0 {
                continue;
            }
            if let Some(nus) = forms.as_nus(g) {
                let mut h = FxHasher::default();
                (
                    nus.number.numerator(),
                    nus.number.exponent(),
                    nus.ups,
                    nus.nimber,
                )
                    .hash(&mut h);
                self.hashes[g.index()] = mix(h.finish() ^ 0x006e_7573) | 1;
                continue;
            }
            let (left, right) = forms.options(g);
            let known = |o: &GameId| self.hashes.get(o.index()).is_some_and(|&h| h != 0);
            if !expanded {
                stack.push((g, true));
                stack.extend(
                    left.iter()
                        .chain(right.iter())
                        .filter(|o| !known(o))
                        .map(|&o| (o, false)),
                );
                continue;
            }
            let side = |options: &[GameId], salt: u64| {
                options.iter().fold(salt, |acc, o| {
                    acc.wrapping_add(mix(self.hashes[o.index()] ^ salt))
                })
            };
            let h = mix(side(&left, 0x1ef7) ^ mix(side(&right, 0x5191)));
            self.hashes[g.index()] = h | 1;
        }
        self.hashes[g.index()]
    }
}
