//! The octal engine (plain and rare/common methods) against the plain recurrence written
//! again here, known values from the literature, and proved periods checked far beyond the
//! proof.

mod common;

use common::{octal_brute, random_octal_code, Rng};
use grundy::games::OctalCode;
use grundy::solve::octal::{octal_values, OctalMethod};

fn run(code: &str, to: usize, limit: usize, method: OctalMethod) -> grundy::solve::octal::OctalRun {
    octal_values(
        &code.parse::<OctalCode>().unwrap(),
        to,
        limit,
        method,
        usize::MAX,
        |_| {},
    )
    .unwrap()
}

#[test]
fn both_methods_agree_with_the_plain_recurrence() {
    let mut rng = Rng::new(51);
    let mut codes: Vec<String> = [
        "0.07", "0.77", "0.137", "0.16", "0.6", "0.165", "0.161", "4.07", "0.007", "0.4", "0.55",
        "0.26",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    codes.extend((0..40).map(|_| random_octal_code(&mut rng, 4)));
    for code in &codes {
        let want = octal_brute(code, 2500);
        for method in [OctalMethod::Naive, OctalMethod::Sparse, OctalMethod::Auto] {
            // compute to 2000 at least (no early stop before `to`)
            let got = run(code, 2000, 2000, method);
            assert_eq!(
                &got.values.values[..2001],
                &want[..2001],
                "{code} {method:?}"
            );
            // and every value implied by a proved period
            if let Some((pre, p)) = got.values.period {
                for n in 0..2500u64 {
                    assert_eq!(
                        got.values.get(n),
                        Some(want[n as usize]),
                        "{code}: G({n}) from period {p} after {pre}"
                    );
                }
            }
        }
    }
}

#[test]
fn literature_values_and_periods() {
    // (code, preperiod, period, first values)
    let known: [(&str, u64, u64, &[u64]); 3] = [
        (
            "0.77",
            71,
            12,
            &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7],
        ), // Kayles
        (
            "0.07",
            53,
            34,
            &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0],
        ), // Dawson's Kayles
        (
            "0.137",
            52,
            34,
            &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5],
        ), // Dawson's chess
    ];
    for (code, pre, p, first) in known {
        let got = run(code, 0, 20_000, OctalMethod::Auto);
        assert_eq!(&got.values.values[..first.len()], first, "{code}");
        assert_eq!(got.values.period, Some((pre, p)), "{code}");
    }
}

#[test]
fn dawsons_kayles_stops_by_itself_right_after_the_proof() {
    let got = run("0.07", 0, 1_000_000, OctalMethod::Auto);
    assert_eq!(got.values.period, Some((53, 34)));
    // the theorem needs n up to 2 * 53 + 2 * 34 + 2 = 176 at the latest (less from the least n0)
    assert!(
        got.values.values.len() <= 180,
        "computed {} values",
        got.values.values.len()
    );
}

#[test]
fn the_sparse_method_is_chosen_where_it_pays() {
    let got = run("0.6", 20_000, 20_000, OctalMethod::Auto);
    assert_eq!(got.method, OctalMethod::Sparse);
    assert_eq!(got.mask, Some(0b1_1110_1110));
    let got = run("0.007", 3000, 3000, OctalMethod::Auto);
    assert_eq!(got.method, OctalMethod::Naive);
}

#[test]
fn sparse_and_plain_agree_far_out() {
    let mut rng = Rng::new(52);
    let mut codes: Vec<String> = ["0.6", "0.165", "0.161", "0.26", "0.56", "4.6"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    codes.extend((0..4).map(|_| random_octal_code(&mut rng, 3)));
    for code in codes {
        let plain = run(&code, 15_000, 15_000, OctalMethod::Naive);
        let sparse = run(&code, 15_000, 15_000, OctalMethod::Sparse);
        let n = plain.values.values.len().min(sparse.values.values.len());
        assert_eq!(
            plain.values.values[..n],
            sparse.values.values[..n],
            "{code}"
        );
        assert_eq!(plain.values.period, sparse.values.period, "{code}");
    }
}

/// A table past a proved period stops computing at the proof and reads the rest off the
/// period; `compute_all` computes every value, and both agree with the plain recurrence.
#[test]
fn tables_stop_at_the_proof_unless_asked_to_compute_all() {
    use grundy::app::table::{table_report, Family, TableOptions};
    for (code, to) in [("0.07", 20_000u64), ("0.165", 20_000), ("0.137", 5_000)] {
        let family = Family::parse(&format!("octal {code}")).unwrap();
        let options = |compute_all| TableOptions {
            to: Some(to),
            until_period: None,
            method: OctalMethod::Auto,
            rows: None,
            cols: None,
            max_states: 1 << 24,
            compute_all,
            ..TableOptions::default()
        };
        let quick = table_report(&family, &options(false), |_| {}).unwrap();
        let full = table_report(&family, &options(true), |_| {}).unwrap();
        assert_eq!(quick.values, full.values, "octal {code}");
        assert!(
            quick.computed <= full.computed && full.computed > to,
            "octal {code}"
        );
        let brute = octal_brute(code, 3001);
        let shown = quick.values.unwrap();
        assert_eq!(&shown[..=3000], &brute[..], "octal {code}");
        assert!(quick.period.is_some(), "octal {code} has a proved period");
    }
}

/// A table that would not fit the machine's memory is refused before anything is allocated,
/// with the estimate, whatever --max-states allows.
#[test]
fn tables_beyond_the_memory_are_refused_with_the_estimate() {
    use grundy::app::table::{table_report, Family, TableOptions};
    if grundy::memory::machine_memory().is_none() {
        return;
    }
    let options = |to, rows, cols| TableOptions {
        to,
        until_period: None,
        method: OctalMethod::Auto,
        rows,
        cols,
        max_states: usize::MAX,
        compute_all: true,
        ..TableOptions::default()
    };
    let octal = Family::parse("octal 0.07").unwrap();
    let e = table_report(&octal, &options(Some(1 << 50), None, None), |_| {})
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("the table of octal 0.07 up to heap 1125899906842624 needs about"),
        "{e}"
    );
    let wythoff = Family::parse("wythoff").unwrap();
    let e = table_report(
        &wythoff,
        &options(None, Some(1 << 30), Some(1 << 30)),
        |_| {},
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("more than this machine's"), "{e}");
}
