//! The trait every impartial game implements, so that the generic engines can solve it.
//!
//! ```
//! use grundy::{GrundySolver, ImpartialGame, Nimber};
//!
//! /// Kayles on a row of pins: knock down one pin or two adjacent ones, maybe splitting the row.
//! #[derive(Clone, Debug, PartialEq, Eq, Hash)]
//! struct Row(u64);
//!
//! impl ImpartialGame for Row {
//!     fn options(&self) -> Vec<Vec<Row>> {
//!         let n = self.0;
//!         let mut options = Vec::new();
//!         for take in 1..=2.min(n) {
//!             for left in 0..=(n - take) / 2 {
//!                 let parts = [left, n - take - left].into_iter().filter(|&k| k > 0);
//!                 options.push(parts.map(Row).collect());
//!             }
//!         }
//!         options
//!     }
//! }
//!
//! let mut solver = GrundySolver::new(10_000);
//! let values: Vec<u64> = (0..8).map(|n| solver.grundy(&Row(n)).unwrap().0).collect();
//! assert_eq!(values, vec![0, 1, 2, 3, 1, 4, 3, 2]); // Kayles: 0.77
//! ```

use crate::error::Result;
use crate::game_graph::LoopyValue;
use crate::nimber::{Nimber, Outcome};
use std::fmt::Debug;
use std::hash::Hash;

/// A position of a finite impartial game (both players have the same moves; every play ends).
///
/// Only [`options`](ImpartialGame::options) is required: the engines then find Grundy values by
/// memoised search (the Sprague-Grundy recursion `G(p) = mex{G(q)}`). A game that knows a closed
/// form overrides the `*_formula` methods so that search is needed only where no formula is known;
/// an override must agree with the search, and the tests of every catalog game check that it does.
///
/// An option is a list of positions: a move may leave several independent games (an octal game
/// splitting a heap, a cut rectangle), whose disjunctive sum is the option. An empty list is a
/// position with nothing left.
///
/// ```
/// use grundy::{ImpartialGame, GrundySolver, Nimber};
///
/// /// Take 1 or 2 from a heap.
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct TakeOneOrTwo(u64);
///
/// impl ImpartialGame for TakeOneOrTwo {
///     fn options(&self) -> Vec<Vec<Self>> {
///         (1..=2.min(self.0)).map(|t| vec![TakeOneOrTwo(self.0 - t)]).collect()
///     }
/// }
///
/// let mut solver = GrundySolver::new(1_000);
/// assert_eq!(solver.grundy(&TakeOneOrTwo(7)).unwrap(), Nimber(1));
/// ```
pub trait ImpartialGame: Clone + Eq + Hash + Debug {
    /// Every position reachable in one move, each as the list of parts it leaves.
    fn options(&self) -> Vec<Vec<Self>>;

    /// The number of options (or an upper bound of it, which must still be 0 exactly when there
    /// is no move) if it is cheap to know, so that engines refuse to list a position with more
    /// options than their state limit (a Nim heap of 10^18) instead of trying. `None` means
    /// "few enough to list".
    fn option_count(&self) -> Option<u128> {
        None
    }

    /// An upper bound of the number of positions reachable from this one (itself included), if
    /// cheap to know: a search that would need more than its state limit is refused at once
    /// instead of running until the memo fills. `None` means "unknown".
    fn reachable_bound(&self) -> Option<u128> {
        None
    }

    /// True if there is no move. The default asks [`option_count`](Self::option_count), or
    /// lists the options.
    fn is_terminal(&self) -> bool {
        match self.option_count() {
            Some(c) => c == 0,
            None => self.options().is_empty(),
        }
    }

    /// A closed-form Grundy value: `None` when the game has none, `Some(Err(..))` when it has one
    /// that could not be evaluated within its limits.
    fn grundy_formula(&self) -> Option<Result<Nimber>> {
        None
    }

    /// A closed-form normal-play outcome (for games whose P positions are known while their
    /// Grundy values are not). The default uses [`grundy_formula`](Self::grundy_formula).
    fn outcome_formula(&self) -> Option<Result<Outcome>> {
        self.grundy_formula().map(|g| g.map(Nimber::outcome))
    }

    /// A closed-form list of every option whose Grundy value is `target`, each as the parts it
    /// leaves, without duplicates. With `target = 0` these are the winning moves of the position
    /// alone. A game may stop once it has found more than `limit` (the caller then knows the
    /// list goes on); games whose lists are short ignore it. `None`: no formula for this
    /// target, the engines list and evaluate the options.
    fn moves_to_value_formula(
        &self,
        target: Nimber,
        limit: usize,
    ) -> Option<Result<Vec<Vec<Self>>>> {
        let _ = (target, limit);
        None
    }

    /// The generalized Sprague-Grundy value γ of a position of a game with cycles (a game-graph
    /// position), which may be ∞. `None`, the default, for a finite game, whose value is its
    /// Grundy value; [`crate::solve::smith`] adds the two kinds by Smith's rules.
    fn loopy_value(&self) -> Option<LoopyValue> {
        None
    }

    /// The memo key of this position: equal games must give equal canonical forms (for example
    /// heaps sorted). The default is the position itself.
    fn canonical(&self) -> Self {
        self.clone()
    }

    /// This position as a list of independent parts whose sum it is (a Nim position as its
    /// single heaps). Used to recognise equal positions written differently. The default is the
    /// position itself.
    fn atoms(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// If this position is exactly one Nim heap, its size. Misère engines use it to apply the
    /// misère Nim rule instead of searching.
    fn as_nim_heap(&self) -> Option<u64> {
        None
    }

    /// For one heap of a heap game (an octal game): its size. With [`ImpartialGame::with_heap`]
    /// it lets the sum analyser answer misère sums of many heaps of one game through their
    /// misère quotient. `None`, the default, for other games.
    fn heap(&self) -> Option<u64> {
        None
    }

    /// The heap of `size` of the same game (the same rules and shared tables), for a position
    /// whose [`ImpartialGame::heap`] is known.
    fn with_heap(&self, size: u64) -> Option<Self> {
        let _ = size;
        None
    }

    /// True when `self` and `other` are heaps of one game (equal `with_heap(0)`; games
    /// override it with a cheaper test).
    fn same_heap_game(&self, other: &Self) -> bool {
        self.with_heap(0)
            .is_some_and(|zero| other.with_heap(0).as_ref() == Some(&zero))
    }
}
