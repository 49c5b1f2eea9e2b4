//! CGSuite's notation (`{1|-1}`, `^*3`, `1/2v`, `*4000000000`) read into an arena of forms with
//! a small budget, then every invariant of the form (`grundy value`'s): an answer or one error
//! line, never a panic, never a run past the budget (libFuzzer's -timeout catches a slow
//! input).
#![no_main]
use grundy::partizan::Forms;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut forms = Forms::new(2_000);
    let g = match forms.parse(text) {
        Ok(g) => g,
        Err(e) => {
            assert!(!e.to_string().contains('\n'));
            return;
        }
    };
    let _ = forms.birthday(g);
    let _ = forms.outcome(g);
    let _ = forms.to_string(g);
    for result in [
        forms.thermograph(g).map(|_| ()),
        forms.reduced(g).map(|_| ()),
        forms.atomic_weight(g).map(|_| ()),
        forms.status(),
    ] {
        if let Err(e) = result {
            assert!(!e.to_string().contains('\n'));
        }
    }
});
