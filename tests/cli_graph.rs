//! The built binary's `grundy graph` and graph parts of `grundy solve`: the JSON schema, stdin,
//! both formats, and errors (exit 2, one line on stderr, nothing on stdout).

mod common;

use common::run_grundy;

fn ok_json(args: &[&str], input: &[u8]) -> serde_json::Value {
    let (code, out, err) = run_grundy(args, input);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("one JSON object")
}

fn fails(args: &[&str], input: &[u8]) -> String {
    let (code, out, err) = run_grundy(args, input);
    assert_eq!(code, 2, "{args:?} should fail");
    assert!(out.is_empty(), "nothing on stdout");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    err
}

const GAME: &[u8] = b"# 1 -> 2 -> 3; 4 <-> 5, 4 -> 2\n5 5\n1 2\n2 3\n4 5\n5 4\n4 2\n";

#[test]
fn json_schema_of_grundy_graph() {
    let v = ok_json(
        &["graph", "--json", "--positions", "--from", "4", "-"],
        GAME,
    );
    assert_eq!(
        v,
        serde_json::json!({
            "vertices": 5, "edges": 5, "cyclic": true, "win": 1, "lose": 2, "draw": 2,
            "by_remoteness": [[0, 0, 1], [1, 1, 0], [2, 0, 1]],
            "infinite": 2, "max_grundy": 1,
            "table": [
                {"position": "1", "outcome": "L", "remoteness": 2, "grundy": 0, "escapes": null},
                {"position": "2", "outcome": "W", "remoteness": 1, "grundy": 1, "escapes": null},
                {"position": "3", "outcome": "L", "remoteness": 0, "grundy": 0, "escapes": null},
                {"position": "4", "outcome": "D", "remoteness": null, "grundy": null, "escapes": [1]},
                {"position": "5", "outcome": "D", "remoteness": null, "grundy": null, "escapes": []}
            ],
            "from": {"position": "4", "outcome": "D", "remoteness": null, "grundy": null, "escapes": [1],
                     "moves": [
                        {"to": "2", "result": "lose", "remoteness": 1, "grundy": 1, "escapes": null, "best": false},
                        {"to": "5", "result": "draw", "remoteness": null, "grundy": null, "escapes": [], "best": true}
                     ]}
        })
    );
    // --no-grundy and --misere leave the values null
    let v = ok_json(&["graph", "--json", "--no-grundy", "-"], GAME);
    assert_eq!(
        (v["infinite"].clone(), v["max_grundy"].clone()),
        (serde_json::Value::Null, serde_json::Value::Null)
    );
    assert!(v.get("table").is_none() && v.get("from").is_none());
    let v = ok_json(&["graph", "--json", "--misere", "--positions", "-"], GAME);
    // misère: 3 (no moves) wins, so 2 loses and 1 wins; 4 moves to 2 and wins, so 5 loses
    assert_eq!(
        (v["win"].clone(), v["lose"].clone(), v["draw"].clone()),
        (3.into(), 2.into(), 0.into())
    );
    assert_eq!(v["table"][0]["grundy"], serde_json::Value::Null);
}

#[test]
fn json_input_names_positions() {
    let text = br#"{"moves": {"start": ["mid", "start"], "mid": ["end"]}}"#;
    let v = ok_json(&["graph", "--json", "--from", "start", "-"], text);
    assert_eq!(v["vertices"], 3);
    assert_eq!(v["from"]["outcome"], "D");
    let moves = v["from"]["moves"].as_array().unwrap();
    // options in order of the positions' numbers: start (1) loops, mid (2) loses at once
    assert_eq!(moves[0]["to"], "start");
    assert_eq!(moves[0]["best"], true);
    assert_eq!(moves[1]["to"], "mid");
    assert_eq!(moves[1]["result"], "lose");
    let (_, text, _) = run_grundy(&["graph", "--positions", "-"], text);
    assert!(text.contains("inf{1}"), "{text}");
    assert!(
        text.contains("1 W (the player to move wins), 1 L (loses), 1 D (draw)"),
        "{text}"
    );
}

#[test]
fn bad_graphs_get_one_line() {
    let cases: [(&[&str], &[u8], &str); 8] = [
        (
            &["graph", "-"],
            b"3 2\n1 2\n",
            "line 2: the input ends after 1 of the 2 moves announced",
        ),
        (
            &["graph", "-"],
            b"3 1\n1 2\n2 3\n",
            "line 3: more than the 1 moves announced",
        ),
        (
            &["graph", "-"],
            b"3 1\n0 2\n",
            "line 2: position 0 is out of range 1..=3",
        ),
        (
            &["graph", "-"],
            b"3 1\n1 2.5\n",
            "line 2: expected a position v (a number in 1..=3), found '2.5'",
        ),
        (
            &["graph", "-"],
            b"x 1\n",
            "line 1: expected the number of positions n, found 'x'",
        ),
        (
            &["graph", "-"],
            b"{\"moves\": {\"a\": [\"b\", 3]}}",
            "moves.\"a\": invalid type: integer `3`",
        ),
        (
            &["graph", "--from", "9", "-"],
            b"2 1\n1 2\n",
            "no position '9' (positions are 1 to 2)",
        ),
        (
            &["graph", "nonexistent-file.txt"],
            b"",
            "cannot read nonexistent-file.txt",
        ),
    ];
    for (args, input, want) in cases {
        let err = fails(args, input);
        assert!(
            err.contains(want),
            "{args:?} on {:?}: {err}",
            String::from_utf8_lossy(input)
        );
    }
    // misère values are not defined
    let err = fails(&["solve", "--misere", "graph nonexistent-file.txt 1"], b"");
    assert!(err.contains("nonexistent-file.txt"), "{err}");
}

#[test]
fn solve_prints_draws_and_escapes() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.txt");
    std::fs::write(&path, GAME).unwrap();
    let p = path.display().to_string();
    let v = ok_json(&["solve", "--json", &format!("graph {p} 4 + nim 3")], b"");
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], serde_json::Value::Null);
    assert_eq!(v["escapes"], serde_json::json!([2]));
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(
        v["drawing_moves"],
        serde_json::json!([
            format!("graph {p} 5 + nim 3"),
            format!("graph {p} 4 + nim 2"),
            format!("graph {p} 4")
        ])
    );
    let v = ok_json(&["solve", "--json", &format!("graph {p} 4 + nim 1")], b"");
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!([format!("graph {p} 2 + nim 1")])
    );
    assert!(v.get("drawing_moves").is_none());
    // finite graph parts are Nim heaps: no escapes key, an ordinary value
    let v = ok_json(&["solve", "--json", &format!("graph {p} 2 + nim 1")], b"");
    assert_eq!(
        (v["outcome"].clone(), v["grundy"].clone()),
        ("P".into(), 0.into())
    );
    assert!(v.get("escapes").is_none());
    let err = fails(&["solve", "--misere", &format!("graph {p} 1")], b"");
    assert!(
        err.contains("misère sums with a game-graph part are not supported"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
