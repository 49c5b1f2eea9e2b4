//! The graph format of `grundy geography`, then the matching engines on what it accepts.
#![no_main]
use grundy::app::geography::geography_report;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // headers may announce millions of vertices: keep within the fuzzer's memory
    if data.split(|b| b.is_ascii_whitespace()).any(|w| w.len() > 6) {
        return;
    }
    if let Err(e) = geography_report(data, false, Some("1"), &grundy::Cancel::new()) {
        assert!(!e.to_string().contains('\n'));
    }
});
