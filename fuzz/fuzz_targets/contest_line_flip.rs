//! The judge's format of the boards of the line-flip game, then their values.
#![no_main]
use grundy_contests::line_flip;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(boards) = line_flip::read(data) {
        if let Ok(out) = line_flip::answer(&boards) {
            assert_eq!(out.lines().count(), boards.len());
        }
    }
});
