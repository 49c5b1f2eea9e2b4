//! Values of partizan positions by search: the canonical form of a position is
//! `{values of Left's options | values of Right's options}` ([`Forms::make`]), each option the
//! sum of the parts it splits into. Parts are normalised by the rules (symmetric positions
//! share one entry; a part may stand for the negative of a stored one) and stored in a
//! transposition table bounded by a state limit.

use crate::error::{GrundyError, Result};
use crate::partizan::forms::{Forms, GameId};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The rules of a partizan game, for [`PartizanSearch`].
pub trait PartizanRules {
    /// A position (or a part of one).
    type Position: Clone + Eq + Hash;

    /// Splits `position` into independent parts, each normalised, pushed on `out` with `true`
    /// when the part's value is the negative of the normalised part's (Domineering's
    /// transposed boards). Parts without moves may be left out.
    fn split(&self, position: &Self::Position, out: &mut Vec<(Self::Position, bool)>);

    /// Left's options (`left`) or Right's of a normalised part, pushed on `out`.
    fn options(&self, part: &Self::Position, left: bool, out: &mut Vec<Self::Position>);
}

/// A memoised search for the canonical forms of positions of one game.
pub struct PartizanSearch<R: PartizanRules> {
    /// The rules.
    pub rules: R,
    table: FxHashMap<R::Position, GameId>,
    max_states: usize,
}

impl<R: PartizanRules> PartizanSearch<R> {
    /// A search that stores at most `max_states` parts (past it, [`GrundyError::StateLimit`]).
    pub fn new(rules: R, max_states: usize) -> Self {
        PartizanSearch {
            rules,
            table: FxHashMap::default(),
            max_states,
        }
    }

    /// How many parts are stored.
    pub fn states(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of `position`: the sum of its parts' values.
    ///
    /// **Complexity**: one canonicalisation per distinct part reached (up to symmetry), each
    /// a sum per option and the comparisons of [`Forms::make`].
    pub fn value(&mut self, forms: &mut Forms, position: &R::Position) -> Result<GameId> {
        let mut parts = Vec::new();
        self.rules.split(position, &mut parts);
        let mut total = forms.zero();
        for (part, negated) in parts {
            let v = self.part_value(forms, &part)?;
            let v = if negated { forms.neg(v) } else { v };
            total = forms.add(total, v)?;
        }
        Ok(total)
    }

    /// The value of one normalised part.
    pub fn part_value(&mut self, forms: &mut Forms, part: &R::Position) -> Result<GameId> {
        if let Some(&v) = self.table.get(part) {
            return Ok(v);
        }
        if self.table.len() >= self.max_states {
            return Err(GrundyError::StateLimit {
                limit: self.max_states,
                what: "the positions of a partizan game".into(),
            });
        }
        let v = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            let mut moves = Vec::new();
            let mut sides = [Vec::new(), Vec::new()];
            for (side, left) in sides.iter_mut().zip([true, false]) {
                moves.clear();
                self.rules.options(part, left, &mut moves);
                for option in &moves {
                    side.push(self.value(forms, option)?);
                }
            }
            let [l, r] = sides;
            forms.make(l, r)
        })?;
        self.table.insert(part.clone(), v);
        Ok(v)
    }
}
