//! Memory as the work needs it, within a budget: under an address-space limit (as container
//! and batch systems set it) and a state budget far beyond it, a small question takes little
//! memory, a heavy one stops at the memory budget with one line (503 on the server), and
//! nothing aborts: the server answers every request and the next one.
#![cfg(target_os = "linux")]

mod common;

use common::server::{cycle_graph, grundy, limit_address_space, Server};
use std::process::Command;

/// The address-space limit of the tests: 2 GiB.
const LIMIT: u64 = 2 << 30;

/// A state budget of 10^8 positions: tables sized by it alone would take gigabytes.
const STATES: &str = "100000000";

/// Held by the tests of heavy questions, one at a time: each needs both cores to reach the
/// memory budget within its time budget.
static HEAVY: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn board(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("/")
}

/// `grundy ARGS` under an address-space limit of `bytes`: (exit status, stdout, stderr); a
/// signal (an abort) is a test failure.
fn limited(bytes: u64, args: &[&str]) -> (i32, String, String) {
    limited_with(bytes, args, b"")
}

/// [`limited`] with `input` on stdin.
fn limited_with(bytes: u64, args: &[&str], input: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut command = Command::new(grundy());
    command
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    limit_address_space(&mut command, bytes);
    let mut child = command.spawn().unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().unwrap_or_else(|| {
        panic!(
            "{args:?} was ended by a signal ({:?}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_small_question_takes_little_memory_whatever_the_state_budget() {
    // a 2 x 2 board and two edges: once a 4 GiB table, now a few kilobytes (256 MiB of
    // address space hold the program, its threads and its tables)
    for args in [
        vec![
            "solve",
            "--max-states",
            STATES,
            "domineering ../.. + hackenbush LR",
        ],
        vec![
            "solve",
            "--max-states",
            STATES,
            "--no-value",
            "clobber xo/ox",
        ],
        vec!["value", "--max-states", STATES, "domineering .../..."],
        vec!["solve", "--max-states", STATES, "nim 3 4 5"],
    ] {
        let (code, out, err) = limited(256 << 20, &args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(!out.is_empty());
    }
    let graph = cycle_graph(1000);
    let (code, out, err) = limited_with(256 << 20, &["graph", "-"], graph.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("draw"), "{out}");
}

#[test]
fn heavy_questions_stop_at_the_memory_budget_with_one_line() {
    let _one_at_a_time = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    // misère Cram and misère impartial Domineering: the misère search stores every position
    // (in normal play the nimber search keeps to a table the budget sizes)
    let cram = format!("cram {}", board(5, 7));
    // (NoGo 1 x 20 is decided within the budget since strips split; 1 x 30 is not)
    let nogo = format!("nogo {}", ".".repeat(30));
    let impartial = format!("impartial domineering {}", board(5, 7));
    // under 1 GiB of address space the default budget is half of it: each stops there
    let answers: Vec<(i32, String, String)> = std::thread::scope(|s| {
        let runs: Vec<_> = [&cram, &nogo, &impartial]
            .map(|expr| {
                s.spawn(move || {
                    let mut args = vec!["solve", "--max-states", STATES, "--time-limit", "60"];
                    if !expr.starts_with("nogo") {
                        args.push("--misere");
                    }
                    args.push(expr);
                    limited(1 << 30, &args)
                })
            })
            .into_iter()
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    // (at most half the address space: less where the machine or its control group has less)
    let at_most_half = |err: &str| {
        err.split("(limit ")
            .nth(1)
            .and_then(|rest| rest.split(';').next())
            .is_some_and(|limit| {
                limit.ends_with(" MiB")
                    && limit
                        .trim_end_matches(" MiB")
                        .parse::<f64>()
                        .is_ok_and(|m| m <= 512.0)
            })
    };
    for (expr, (code, out, err)) in [&cram, &nogo, &impartial].iter().zip(&answers) {
        assert_eq!((*code, out.as_str()), (2, ""), "{expr}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("grundy: memory limit reached: ")
                && err.contains("raise --max-memory)")
                && at_most_half(err),
            "{expr}: {err}"
        );
    }
    // a game graph announcing more than the budget holds is refused before it is read
    let (code, out, err) = limited_with(1 << 30, &["graph", "-"], b"100000000 100000000\n1 2\n");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("memory limit reached") && err.contains("raise --max-memory"),
        "{err}"
    );
    // a budget given on the command line is kept to, and named
    let (code, _, err) = limited(
        LIMIT,
        &[
            "solve",
            "--misere",
            "--max-memory",
            "64M",
            "--max-states",
            STATES,
            &cram,
        ],
    );
    assert_eq!(code, 2);
    assert!(err.contains("(limit 64 MiB; raise --max-memory)"), "{err}");
    let (code, _, err) = limited(LIMIT, &["solve", "--max-memory", "lots", "nim 1"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected bytes such as 512M or 4G"), "{err}");
}

#[test]
fn the_server_under_an_address_space_limit_answers_every_request_and_stays_up() {
    let _one_at_a_time = HEAVY.lock().unwrap_or_else(|e| e.into_inner());
    let mut server = Server::start_limited(
        LIMIT,
        &[
            "--max-states",
            STATES,
            // a bound on a hang, not a measure: the heavy questions below reach the memory
            // budget in about 20 s on a quiet machine of 2 cores, later on a busy one
            "--time-limit",
            "60",
            "--workers",
            "4",
        ],
    );
    let small = |server: &Server| {
        for (method, target, body) in [
            (
                "POST",
                "/api/solve",
                &br#"{"position": "domineering ../.. + hackenbush LR"}"#[..],
            ),
            ("GET", "/api/solve?position=nim%203%204%205", b""),
            ("GET", "/api/value?position=domineering%20...%2F...", b""),
            ("POST", "/api/graph?positions=true", b"3 2\n1 2\n2 3\n"),
            ("POST", "/api/geography", b"3 2\n1 2\n2 3\n"),
        ] {
            let (status, body) = server.request(method, target, body);
            assert_eq!(status, 200, "{target}: {body}");
        }
    };
    small(&server);
    // heavy questions at once: partizan, impartial, and a game graph of half a million moves
    // (a body under the 8 MiB limit)
    let graph = cycle_graph(500_000);
    let heavy: Vec<(&str, String, Vec<u8>)> = vec![
        (
            "POST",
            "/api/solve".into(),
            format!(r#"{{"position": "cram {}", "misere": true}}"#, board(5, 7)).into_bytes(),
        ),
        (
            "POST",
            "/api/solve".into(),
            format!(r#"{{"position": "nogo {}"}}"#, ".".repeat(30)).into_bytes(),
        ),
        (
            "POST",
            "/api/solve".into(),
            format!(
                r#"{{"position": "impartial domineering {}", "misere": true}}"#,
                board(5, 7)
            )
            .into_bytes(),
        ),
        ("POST", "/api/graph".into(), graph.into_bytes()),
    ];
    let answers: Vec<(u16, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = heavy
            .iter()
            .map(|(method, target, body)| {
                let server = &server;
                s.spawn(move || server.request(method, target, body))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for ((_, target, _), (status, body)) in heavy.iter().zip(&answers) {
        assert!(
            matches!(status, 200 | 400 | 503),
            "{target}: {status} {}",
            &body[..body.len().min(200)]
        );
    }
    assert!(
        answers
            .iter()
            .any(|(status, body)| *status == 503 && body.contains("memory limit reached")),
        "no heavy question reached the memory budget: {:?}",
        answers
            .iter()
            .map(|(status, body)| (status, &body[..body.len().min(200)]))
            .collect::<Vec<_>>()
    );
    assert!(server.running(), "the server went down");
    small(&server);
}
