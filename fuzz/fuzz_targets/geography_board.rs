//! The board format of `grundy geography --grid`, then the matching engines on what it accepts.
#![no_main]
use grundy::app::geography::geography_report;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.split(|b| b.is_ascii_whitespace()).any(|w| w.len() > 6) {
        return;
    }
    if let Err(e) = geography_report(data, true, Some("1,1"), &grundy::Cancel::new()) {
        assert!(!e.to_string().contains('\n'));
    }
});
