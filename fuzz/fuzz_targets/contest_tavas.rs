//! The judge's format of the cities and roads of Codeforces 536 D, then the layer game on small inputs.
#![no_main]
use grundy_contests::tavas;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(kansas) = tavas::read(data) {
        if kansas.values.len() <= 500 {
            assert!(matches!(
                tavas::answer(&kansas).as_str(),
                "Break a heart\n" | "Cry\n" | "Flowers\n"
            ));
        }
    }
});
