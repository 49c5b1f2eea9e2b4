//! The judge's format of the games of Codeforces 1628 D2, then their values when the work is small.
#![no_main]
use grundy_contests::game_on_sum;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(queries) = game_on_sum::read(data) {
        if queries.iter().map(|q| q.m).sum::<usize>() <= 100_000 {
            let out = game_on_sum::answer(&queries);
            assert_eq!(out.lines().count(), queries.len());
        }
    }
});
