//! `grundy db build` and `--db`: the canonical forms read back from a database are those the
//! value engine computes (on random positions larger than the database's boards, whose small
//! regions are looked up), the search and the value engine really use it, and a missing,
//! foreign, damaged or old file is one line.

use grundy::app::database::build_database;
use grundy::app::solve::{solve, SolveOptions, SolveReport};
use grundy::app::value::{value_expression, ValueOptions};
use grundy::budget::Budget;
use grundy::partizan::database::Database;
use std::path::PathBuf;
use std::sync::Arc;

mod common;

use common::Rng;

/// A folder of this test process's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-db-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn values_read_back_from_a_database_are_the_value_engines() {
    let dir = scratch("values");
    let file = dir.join("small.db");
    let games = ["domineering", "clobber", "toads", "konane", "snort"].map(String::from);
    let report = build_database(&games, 6, &file, Budget::new(1 << 22), &mut |_, _| {}).unwrap();
    assert_eq!(report.games.len(), 5);
    let db = Arc::new(Database::open(&file).unwrap());
    assert_eq!(db.header().cells, 6);
    assert!(
        db.header().games.iter().all(|(_, n)| *n > 0),
        "{:?}",
        db.header()
    );
    let with_db = ValueOptions {
        database: Some(Arc::clone(&db)),
        ..ValueOptions::default()
    };
    let mut rng = Rng::new(0xdb);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
        let text = match rng.below(5) {
            0 => format!("domineering {}", rng.board(b"...#", rows, cols)),
            1 => format!("clobber {}", rng.board(b"xo.", rows, cols)),
            2 => format!("toads {}", rng.board(b"TF..", 1, rows * cols)),
            3 => format!("konane {}", rng.board(b"xo.", rows, cols)),
            _ => format!("snort {}", rng.board(b"xo...#", rows, cols.min(3))),
        };
        let plain = value_expression(&text, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let read = value_expression(&text, &with_db).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read.canonical, plain.canonical, "{text}");
        assert_eq!(read.outcome, plain.outcome, "{text}");
        // the outcome search values regions through the same tables
        let options = SolveOptions {
            database: Some(Arc::clone(&db)),
            value_states: None,
            ..SolveOptions::default()
        };
        let SolveReport::Partizan(searched) = solve(&text, &options).unwrap() else {
            panic!("{text}: partizan")
        };
        assert_eq!(searched.outcome, plain.outcome, "{text}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_position_in_the_database_is_read_not_searched() {
    let dir = scratch("read");
    let file = dir.join("clobber.db");
    build_database(
        &["clobber".into()],
        8,
        &file,
        Budget::new(1 << 22),
        &mut |_, _| {},
    )
    .unwrap();
    // a table of 2 positions cannot search the 2 x 4 checkerboard, but can read it
    let text = "clobber xoxo/oxox";
    let tiny = ValueOptions {
        max_states: 2,
        ..ValueOptions::default()
    };
    assert!(value_expression(text, &tiny).is_err());
    let read = value_expression(
        text,
        &ValueOptions {
            database: Some(Arc::new(Database::open(&file).unwrap())),
            ..tiny
        },
    )
    .unwrap();
    assert_eq!(read.canonical, "*");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_databases_are_one_line() {
    let dir = scratch("bad");
    let file = dir.join("d.db");
    let path = file.display().to_string();
    let (code, out, err) =
        common::run_grundy(&["db", "build", "--cells", "4", "domineering", &path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("domineering"), "{out}");
    let (code, out, err) = common::run_grundy(&["db", "info", &path], b"");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("boards of at most 4 cells"), "{out}");
    let (code, out, _) =
        common::run_grundy(&["value", "--db", &path, "domineering .../.../..."], b"");
    assert_eq!(code, 0);
    assert!(out.contains("canonical:"), "{out}");
    let saved = std::fs::read(&file).unwrap();
    let other_version = String::from_utf8_lossy(&saved)
        .replacen(env!("CARGO_PKG_VERSION"), "0.0.1", 1)
        .into_bytes();
    let cut = saved[..saved.len() - 7].to_vec();
    let missing = dir.join("none.db").display().to_string();
    for (contents, file_arg, needle) in [
        (None, missing.as_str(), "cannot read the database"),
        (
            Some(b"hello\n".to_vec()),
            path.as_str(),
            "not a database of grundy",
        ),
        (
            Some(other_version),
            path.as_str(),
            "a database of grundy 0.0.1, not of this version",
        ),
        (Some(cut), path.as_str(), "bytes"),
    ] {
        if let Some(bytes) = contents {
            std::fs::write(&file, bytes).unwrap();
        }
        for command in ["solve", "value", "play"] {
            let (code, out, err) =
                common::run_grundy(&[command, "--db", file_arg, "domineering ../.."], b"");
            assert_eq!((code, out.as_str()), (2, ""), "{command}: {err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains(needle) && err.contains(file_arg),
                "{command}: {err}"
            );
        }
    }
    // a game without a board of cells, or too many boards: one line
    for (args, needle) in [
        (
            vec!["db", "build", "cutcake", &path],
            "not a game with a board of cells",
        ),
        (
            vec!["db", "build", "--cells", "40", "clobber", &path],
            "ask for fewer --cells",
        ),
    ] {
        let (code, out, err) = common::run_grundy(&args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains(needle), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_database_made_in_memory_hands_one_search_the_values_of_another() {
    use grundy::app::parse::{parse_terms, Term};
    use grundy::app::partizan_solve::TermSearch;
    use grundy::partizan::OutcomeOptions;
    let mut rng = Rng::new(0x005e_eddb);
    let mut valued = 0;
    for _ in 0..60 {
        let text = (0..2 + rng.below(2))
            .map(|_| match rng.below(3) {
                0 => format!("domineering {}", rng.board(b"...#", 3, 3)),
                1 => format!("clobber {}", rng.board(b"xo.", 2, 4)),
                _ => format!("toads {}", rng.board(b"TF..", 1, 9)),
            })
            .collect::<Vec<_>>()
            .join(" + ");
        let terms: Vec<Term> = parse_terms(&text, 1 << 20, &grundy::games::NoGraphs::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .into_iter()
            .map(|t| t.0)
            .collect();
        // the root's parts valued by one search, written into a database in memory
        let mut first = TermSearch::new(Budget::new(1 << 20), OutcomeOptions::default());
        let a = first.root_sum(&terms).unwrap();
        let tables = first.search.rules.tables();
        let db = Arc::new(
            Database::in_memory("(the test's values)", tables, &mut first.search.rules.forms)
                .unwrap(),
        );
        // a search that values nothing itself finds them there, the same forms
        let lookups_only = OutcomeOptions {
            value_size: 0,
            root_value_states: 0,
            ..OutcomeOptions::default()
        };
        let mut second = TermSearch::new(Budget::new(1 << 20), lookups_only);
        second.search.rules.use_database(&db);
        let b = second.sum(&terms).unwrap();
        assert_eq!(a.parts.len(), b.parts.len(), "{text}");
        let (fa, fb) = (
            &mut first.search.rules.forms,
            &mut second.search.rules.forms,
        );
        assert_eq!(fa.to_string(a.known), fb.to_string(b.known), "{text}");
        let texts = |forms: &mut grundy::partizan::Forms, values: &[grundy::partizan::GameId]| {
            let mut t: Vec<String> = values.iter().map(|&v| forms.to_string(v)).collect();
            t.sort();
            t
        };
        assert_eq!(texts(fa, &a.values), texts(fb, &b.values), "{text}");
        valued += second.search.stats().valued;
    }
    assert!(valued > 60, "{valued}");
}
