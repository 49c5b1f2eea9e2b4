//! The judge's format of the hands of LibreOJ 536, then the hub flow.
#![no_main]
use grundy_contests::hanafuda;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(hands) = hanafuda::read(data) {
        let out = hanafuda::answer(&hands);
        assert_eq!(out.lines().count(), hands.alice.len());
    }
});
