//! The judge's format of the sheets of POJ 2311, then the table for small sheets.
#![no_main]
use grundy_contests::cutting_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(sheets) = cutting_game::read(data) {
        if sheets.iter().all(|&(_, long)| long <= 40) {
            let out = cutting_game::answer(&sheets).unwrap();
            assert_eq!(out.lines().count(), sheets.len());
        }
    }
});
