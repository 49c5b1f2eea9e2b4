//! The judge's format of the sheets of ICPC Jiangxi 2020 J, then the table for small sheets.
#![no_main]
use grundy_contests::split_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(sheets) = split_game::read(data) {
        if sheets.iter().all(|&(_, long)| long <= 40) {
            let out = split_game::answer(&sheets).unwrap();
            assert_eq!(out.lines().count(), sheets.len());
        }
    }
});
