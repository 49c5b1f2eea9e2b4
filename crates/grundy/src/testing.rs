//! Helpers of the library's unit tests (compiled for tests only).

/// A seeded xorshift generator (Marsaglia's 13/7/17 triple): the small random cases of the
/// unit tests, the same on every run.
pub(crate) struct Xorshift(pub u64);

impl Xorshift {
    /// The next value below `k` (`k > 0`).
    pub fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }
}

/// Asks a game's own search of a region (a fresh one from `solver` each time) whether the
/// player to move wins the region, and its negative, beside `integer`, each player first, and
/// checks every answer against `expected(integer, left)`, the region's own minimax (-B + n
/// with Left to move is B - n with Right to move). `what` names the case in a failure.
pub(crate) fn check_region_solver<S: crate::partizan::RegionSolver>(
    mut solver: impl FnMut() -> S,
    integer: i32,
    mut expected: impl FnMut(i32, bool) -> bool,
    what: &dyn Fn() -> String,
) {
    for left in [true, false] {
        for negated in [false, true] {
            let mut ticks = 0;
            let wins = solver()
                .wins(negated, i64::from(integer), left, &mut |n| {
                    ticks += n;
                    Ok(())
                })
                .expect("small searches finish");
            let (integer, left) = if negated {
                (-integer, !left)
            } else {
                (integer, left)
            };
            assert_eq!(
                wins,
                expected(integer, left),
                "{} integer {integer} left {left}",
                what()
            );
            assert!(ticks >= 1, "{}: the search never reported", what());
        }
    }
}
