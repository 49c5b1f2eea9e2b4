//! The built `grundy` binary: output formats, large inputs, and errors (exit 2, one line on
//! stderr, nothing on stdout).

mod common;

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "--json"];
    all.extend_from_slice(args);
    json_of(&all)
}

/// The one JSON object a successful command prints.
fn json_of(args: &[&str]) -> serde_json::Value {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn json_has_exactly_the_documented_fields() {
    let v = json(&["nim 3 4 5 + wythoff 3 5"]);
    assert_eq!(
        v,
        serde_json::json!({
            "kind": "impartial",
            "position": "nim 3 4 5 + wythoff 3 5",
            "convention": "normal",
            "outcome": "N",
            "grundy": 2,
            "value": "*2",
            "winning_moves": ["nim 1 4 5 + wythoff 3 5", "nim 3 4 5 + wythoff 3 4", "nim 3 4 5 + wythoff 0 2"]
        })
    );
    let v = json(&["--misere", "nim 1 1 1"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], serde_json::Value::Null);
}

#[test]
fn unquoted_words_are_one_expression() {
    let v = json(&["nim", "1", "2", "+", "nim", "3"]);
    assert_eq!(v["position"], "nim 1 2 + nim 3");
    assert_eq!(v["outcome"], "P");
}

#[test]
fn large_positions_answer_exactly() {
    let v = json(&["wythoff 999999999999999999 1618033988749894847"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], serde_json::json!([]));

    // 10^18 = 679891637638612258 + 320108362361387742; its smallest Zeckendorf term wins
    let v = json(&["fibnim 1000000000000000000"]);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.len() < 100);
    for m in moves {
        let after = json(&[m.as_str().unwrap()]);
        assert_eq!(after["outcome"], "P", "{m}");
    }

    let v = json(&["nim 18446744073709551615 18446744073709551614 12345678901234567890"]);
    assert_eq!(
        v["grundy"],
        18446744073709551615u64 ^ 18446744073709551614 ^ 12345678901234567890
    );
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        assert_eq!(json(&[m.as_str().unwrap()])["grundy"], 0, "{m}");
    }
}

#[test]
fn human_output_names_the_outcome_and_the_moves() {
    let out = grundy(&["solve", "wythoff 3 5 + nim 2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("the player to move wins"), "{text}");
    assert!(
        text.contains("wythoff 3 5\n") || text.contains("wythoff 3 5 + 0"),
        "{text}"
    );
    assert!(text.contains("grundy:      2"), "{text}");
}

#[test]
fn max_moves_cuts_the_list() {
    let v = json(&["--max-moves", "2", "nim 8 9 10 11 12 13 14 15 1"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["truncated"], true);
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2() {
    let cases: &[&[&str]] = &[
        &["solve", ""],
        &["solve", "nim 3 +"],
        &["solve", "+ nim 3"],
        &["solve", "chess 1"],
        &["solve", "wythoff 1 2 3"],
        &["solve", "nim 18446744073709551616"],
        &["solve", "octal 0.18 4"],
        &["solve", "subtract 0,2 5"],
        &["solve", "moore 0 1 2"],
        &["solve", "--misere", "split 3 4"],
        &["solve", "--misere", "cutting 3 4"],
        &["solve", "--max-states", "ten", "nim 1"],
        &["solve"],
        &["frobnicate"],
    ];
    for args in cases {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{args:?}: {err}");
    }
    let out = grundy(&["solve", "nim 3 + foo 2"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("column 9"));
    // a NoGo board no play reaches (a group without a liberty), for every command that reads it
    for args in [
        &["solve", "nim 1 + nogo .#o/..#"][..],
        &["solve", "--no-value", "nogo .#o/..#"],
        &["value", "nogo xo/o."],
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("has no liberty"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    }
}

#[test]
fn a_search_past_its_limit_says_so() {
    let out = grundy(&["solve", "--max-states", "100", "fibnim 300 + nim 1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("--max-states"), "{err}");
}

fn geography(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("geography")
        .args(args)
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn geography_json_for_graphs_and_boards() {
    // a triangle 1-2-3 with a tail 3-4: not bipartite, maximum matching 2
    let out = geography(
        &["--json", "--from", "4"],
        "# a comment\n4 5\n1 2\n2 3\n3 1\n3 4\n2 1\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["vertices"], 4);
    assert_eq!(v["edges"], 4);
    assert_eq!(v["bipartite"], false);
    assert_eq!(v["max_matching"], 2);
    // {1, 2} and 4 can be missed (1-2 unmatched... a perfect matching covers all 4: 1-2, 3-4)
    assert_eq!(v["mover_wins"], serde_json::json!([1, 2, 3, 4]));
    assert_eq!(v["from"], 4);
    assert_eq!(v["mover_wins_from"], true);
    assert_eq!(v["strategy"], serde_json::json!([[1, 2], [3, 4]]));

    let out = geography(&["--json", "--grid", "--from", "2,1"], "2 2\n#.\n..\n");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["mover_wins"], serde_json::json!([[2, 2]]));
    assert_eq!(v["from"], serde_json::json!([2, 1]));
    assert_eq!(v["mover_wins_from"], false);
    assert_eq!(v["strategy"], serde_json::json!([[[1, 2], [2, 2]]]));
}

#[test]
fn geography_bad_input_names_the_line() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&[], "3 2\n1 2\n", "ends after 1 of the 2 edges"),
        (&[], "3 1\n1 2\n2 3\n", "line 3"),
        (&[], "3 1\n1 4\n", "line 2"),
        (&[], "3 1\n2 2\n", "line 2"),
        (&[], "3 x\n", "line 1"),
        (&["--grid"], "2 3\n...\n..\n", "line 3"),
        (&["--grid"], "2 2\n..\n.o\n", "line 3"),
        (&["--grid", "--from", "1,1"], "1 2\n#.\n", "blocked"),
        (&["--from", "9"], "2 1\n1 2\n", "no such vertex"),
    ];
    for (args, input, needle) in cases {
        let out = geography(args, input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{input:?}: {err}");
    }
    let out = grundy(&["geography", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn table_json_one_and_two_dimensional() {
    let out = grundy(&["table", "--json", "--to", "15", "octal", "0.77"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["family"], "octal 0.77");
    assert_eq!(v["to"], 15);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7])
    );
    assert_eq!(v["period"]["preperiod"], 71);
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["proved"], true);
    // a game whose period is not proved within the limit says so
    let out = grundy(&[
        "table",
        "--json",
        "--to",
        "50",
        "--until-period",
        "300",
        "octal",
        "0.6",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["period"], serde_json::Value::Null);
    let text = String::from_utf8(
        grundy(&[
            "table",
            "--to",
            "50",
            "--until-period",
            "300",
            "octal",
            "0.6",
        ])
        .stdout,
    )
    .unwrap();
    assert!(text.contains("no period proved up to 300"), "{text}");

    let out = grundy(&["table", "--json", "--rows", "3", "--cols", "4", "split"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rows"], 3);
    assert_eq!(v["cols"], 4);
    assert_eq!(v["table"].as_array().unwrap().len(), 3);
    assert_eq!(v["table"][0][0], 0); // 1 x 1: no cut
    assert_eq!(v["period"], serde_json::Value::Null);
}

#[test]
fn table_refuses_bad_families_and_options() {
    let cases: &[&[&str]] = &[
        &["table", "octal", "0.08"],
        &["table", "octal"],
        &["table", "chess"],
        &["table", "subtract", "0,1"],
        &["table", "bash", "0"],
        &["table", "--rows", "3", "--cols", "3", "octal", "0.07"],
        &["table", "--to", "5", "split"],
        &["table", "wythoff"],
        &["table", "--method", "sparse", "subtract", "1,2"],
        &["table", "--method", "fast", "octal", "0.07"],
        &["table", "--plot", "out.gif", "octal", "0.07"],
        &["table", "split", "3"],
    ];
    for args in cases {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn table_plots_svg_and_png() {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("octal.svg");
    let png = dir.join("split.png");
    assert!(
        grundy(&["table", "--plot", svg.to_str().unwrap(), "octal", "0.07"])
            .status
            .success()
    );
    assert!(grundy(&[
        "table",
        "--rows",
        "20",
        "--cols",
        "30",
        "--plot",
        png.to_str().unwrap(),
        "split"
    ])
    .status
    .success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg"));
    // a title naming the family and range, labelled axes, a legend naming the P positions and
    // the proved period
    for words in [
        "octal 0.07: G(n) for heaps n = 0 to 99",
        "heap n",
        "Grundy value G(n)",
        "P positions",
        "periodic from n = 53 with period 34",
    ] {
        assert!(text.contains(words), "the picture says '{words}'");
    }
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    let heat = dir.join("wythoff.svg");
    let args = ["table", "--rows", "8", "--cols", "9", "--plot"];
    let mut args = args.to_vec();
    args.extend([heat.to_str().unwrap(), "wythoff"]);
    assert!(grundy(&args).status.success());
    let text = std::fs::read_to_string(&heat).unwrap();
    for words in [
        "wythoff: G(a, b) for a = 0 to 7, b = 0 to 8",
        "heap a",
        "heap b",
        "value",
        "0 (black): P",
    ] {
        assert!(text.contains(words), "the heatmap says '{words}'");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_streamed_table_prints_the_statistics_of_every_heap_and_no_values() {
    let table = |extra: &[&str]| {
        let mut args = vec!["table", "grundys", "--stats", "--to", "400000", "--json"];
        args.extend_from_slice(extra);
        json_of(&args)
    };
    // (a window short of the last rare heap, 82860: some values are read back from disk)
    let streamed = table(&["--stream", "--window", "20000"]);
    let full = table(&[]);
    assert_eq!(streamed["stats"], full["stats"]);
    assert_eq!(streamed["stream"]["last_value"], full["values"][400_000]);
    assert!(streamed.get("values").is_none());
    assert!(streamed["stream"]["held"].as_u64().unwrap() < 62_000);
    assert!(streamed["stream"]["read_back"].as_u64().unwrap() > 0);
    // what a stream cannot do is refused with one line
    for (args, says) in [
        (
            &["table", "grundys", "--stream", "--to", "10"][..],
            "add --stats",
        ),
        (
            &["table", "hex", "0.3F", "--stats", "--stream"][..],
            "split a heap in two",
        ),
        (
            &["table", "bash", "3", "--stats", "--stream"][..],
            "take-and-break",
        ),
    ] {
        let out = grundy(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty() && err.lines().count() == 1, "{err}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn loopy_values_and_their_errors() {
    let v = json_of(&["value", "--json", "backsliding TTT..FFF"]);
    assert_eq!(v["value"], "{on||0|-1/2} & {1/2|0||off}");
    assert_eq!(v["left_first"], "draw");
    assert!(v["outcome"].is_null());
    let v = json(&["{0|pass} + -1/8"]);
    assert_eq!(v["outcome"], "R");
    assert_eq!(v["value"], "-1/8over");
    let out = grundy(&["value", "on + off"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("on & off") && text.contains("draws"),
        "{text}"
    );
    for args in [
        &["value", "a{0|b}"][..],
        &["value", "{0|pass"],
        &["solve", "loopy /nonexistent/file 1"],
        &["solve", "backsliding TX"],
        &["solve", "foxgeese g.g./..../f.../...."],
        &["solve", "--misere", "on"],
        &["value", "0 & 1"],
    ] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn plays_a_loopy_sum_until_quit() {
    let (code, text, err) = common::run_grundy(
        &["play", "--as", "right", "--first", "left", "on + off"],
        b"hint\n1\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("keeps the draw"), "{text}");
    assert!(text.contains("you draw from here"), "{text}");
    assert!(text.ends_with("Bye.\n"), "{text}");
}
