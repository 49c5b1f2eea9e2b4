//! The budget of a computation: how many states its tables and searches may store, and a flag
//! that stops it ([`Cancel`]). Every engine takes a [`Budget`] (or a bare state limit, which
//! converts into one that is never cancelled) and checks it wherever it stores a state, so a
//! front end can stop any computation from another thread: the server at a request's time
//! budget, the command line at `--time-limit` or Ctrl-C. Past either, the engine returns an
//! error value ([`GrundyError::StateLimit`], [`GrundyError::Cancelled`]); it never panics.
//!
//! ```
//! use grundy::budget::{Budget, Cancel};
//! use grundy::{GrundyError, SumSolver, Convention};
//!
//! let cancel = Cancel::new();
//! let budget = Budget::new(1_000_000).with_cancel(cancel.clone());
//! cancel.cancel(); // from any thread: a timer, a signal handler
//! let sum = grundy::parse_sum("fibnim 40").unwrap();
//! let err = SumSolver::new(budget, 10).analyse(&sum, Convention::Normal).unwrap_err();
//! assert_eq!(err, GrundyError::Cancelled);
//! ```

use crate::error::{GrundyError, Result};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared between a computation and whoever may stop it. Cloning shares the flag.
///
/// **Complexity**: [`Cancel::is_cancelled`] is one relaxed atomic load.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: every computation holding it stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// `Err(Cancelled)` once the flag is raised.
    #[inline]
    pub fn check(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(GrundyError::Cancelled)
        } else {
            Ok(())
        }
    }
}

/// A state limit and a cancellation flag: the one budget every engine runs under.
#[derive(Clone, Debug)]
pub struct Budget {
    max_states: usize,
    cancel: Cancel,
}

impl Budget {
    /// A budget of `max_states` stored states, never cancelled unless
    /// [`Budget::with_cancel`] gives it a flag.
    pub fn new(max_states: usize) -> Budget {
        Budget {
            max_states,
            cancel: Cancel::new(),
        }
    }

    /// The same budget, stopped by `cancel`.
    pub fn with_cancel(mut self, cancel: Cancel) -> Budget {
        self.cancel = cancel;
        self
    }

    /// The same flag, another state limit (a sub-search with a smaller table).
    pub fn with_max_states(&self, max_states: usize) -> Budget {
        Budget {
            max_states,
            cancel: self.cancel.clone(),
        }
    }

    /// The most states a table or search may store.
    #[inline]
    pub fn max_states(&self) -> usize {
        self.max_states
    }

    /// The cancellation flag.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// `Err(Cancelled)` once the flag is raised.
    #[inline]
    pub fn check(&self) -> Result<()> {
        self.cancel.check()
    }

    /// Admits one more stored state when `stored` are held: `Err(StateLimit)` (naming `what`)
    /// at the limit, `Err(Cancelled)` once the flag is raised.
    #[inline]
    pub fn admit(&self, stored: usize, what: impl FnOnce() -> String) -> Result<()> {
        if stored >= self.max_states {
            return Err(GrundyError::StateLimit {
                limit: self.max_states,
                what: what(),
            });
        }
        self.check()
    }
}

impl From<usize> for Budget {
    fn from(max_states: usize) -> Budget {
        Budget::new(max_states)
    }
}

impl From<&Budget> for Budget {
    fn from(budget: &Budget) -> Budget {
        budget.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admits_below_the_limit_and_stops_when_cancelled() {
        let cancel = Cancel::new();
        let budget = Budget::new(3).with_cancel(cancel.clone());
        assert!(budget.admit(2, || "t".into()).is_ok());
        assert!(matches!(
            budget.admit(3, || "t".into()),
            Err(GrundyError::StateLimit { limit: 3, .. })
        ));
        let smaller = budget.with_max_states(1);
        cancel.cancel();
        assert_eq!(budget.admit(0, || "t".into()), Err(GrundyError::Cancelled));
        assert_eq!(smaller.check(), Err(GrundyError::Cancelled));
        assert!(Budget::from(5).check().is_ok());
    }
}
