//! `grundy graph --engine dataflow` against the local engine: random graphs (cyclic and acyclic,
//! self-loops, repeated moves, positions without moves) with 1, 2 and 3 worker threads, and
//! real clusters of 2 and 3 processes of the built binary on loopback.
#![cfg(feature = "dataflow")]

mod common;

use common::{run_grundy, Rng};
use grundy::app::graph::{dataflow_graph_report, graph_report, GraphOptions};
use grundy::game_graph::dataflow::{DataflowConfig, Source};
use grundy::Convention;
use std::process::{Command, Stdio};

/// A random game graph as an edge list: `n` positions, cyclic or not, with self-loops and
/// repeats now and then.
fn random_graph(rng: &mut Rng, n: u64, acyclic: bool) -> String {
    let mut moves = Vec::new();
    for u in 1..=n {
        for _ in 0..rng.range(0, 3) {
            let v = if acyclic {
                if u == n {
                    continue;
                }
                rng.range(u + 1, n)
            } else {
                rng.range(1, n)
            };
            moves.push((u, v));
            if rng.chance(5) {
                moves.push((u, v)); // a repeated move
            }
        }
    }
    let mut text = format!("# random\n{n} {}\n", moves.len());
    for (u, v) in moves {
        text.push_str(&format!("{u} {v}\n"));
    }
    text
}

#[test]
fn dataflow_with_1_2_3_workers_equals_the_local_engine() {
    let mut rng = Rng::new(91);
    let mut seen_draw = 0;
    for round in 0..150 {
        let n = rng.range(1, 40);
        let text = random_graph(&mut rng, n, round % 3 == 0);
        let convention = Convention::from_misere(round % 4 == 3);
        let from = rng.range(1, n).to_string();
        let options = GraphOptions {
            convention,
            grundy: false,
            positions: true,
            from: Some(from),
            ..GraphOptions::default()
        };
        let local = graph_report(text.as_bytes(), &options).unwrap();
        seen_draw += usize::from(local.draw > 0);
        for workers in 1..=3 {
            let config = DataflowConfig {
                workers,
                cluster: None,
                connect_timeout: None,
            };
            let dataflow =
                dataflow_graph_report(Source::bytes(text.clone().into_bytes()), &options, &config)
                    .unwrap()
                    .unwrap();
            assert_eq!(dataflow, local, "{workers} workers on\n{text}");
        }
        // without labels gathered: the totals alone
        let summary = GraphOptions {
            positions: false,
            from: None,
            ..options.clone()
        };
        let config = DataflowConfig {
            workers: 2,
            cluster: None,
            connect_timeout: None,
        };
        let dataflow =
            dataflow_graph_report(Source::bytes(text.clone().into_bytes()), &summary, &config)
                .unwrap()
                .unwrap();
        assert_eq!(dataflow, graph_report(text.as_bytes(), &summary).unwrap());
    }
    assert!(seen_draw > 20, "{seen_draw}");
}

#[test]
fn json_graphs_and_long_chains() {
    let text = r#"{"moves": {"a": ["b", "a"], "b": ["c"], "d": ["d", "a"]}}"#;
    let options = GraphOptions {
        grundy: false,
        positions: true,
        from: Some("d".into()),
        ..GraphOptions::default()
    };
    let config = DataflowConfig {
        workers: 3,
        cluster: None,
        connect_timeout: None,
    };
    let dataflow = dataflow_graph_report(Source::bytes(text.into()), &options, &config).unwrap();
    assert_eq!(
        dataflow,
        Some(graph_report(text.as_bytes(), &options).unwrap())
    );
    // a chain of 100000 positions: 100000 rounds, remoteness up to 99999
    let n = 100_000;
    let mut chain = format!("{n} {}\n", n - 1);
    for u in 1..n {
        chain.push_str(&format!("{u} {}\n", u + 1));
    }
    let options = GraphOptions {
        grundy: false,
        ..GraphOptions::default()
    };
    let dataflow = dataflow_graph_report(Source::bytes(chain.clone().into()), &options, &config)
        .unwrap()
        .unwrap();
    assert_eq!(dataflow.by_remoteness.len(), n as usize);
    assert_eq!(dataflow, graph_report(chain.as_bytes(), &options).unwrap());
}

/// Ports free now on loopback (bound then released).
fn free_ports(k: usize) -> Vec<u16> {
    let listeners: Vec<std::net::TcpListener> = (0..k)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().unwrap().port())
        .collect()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `grundy COMMAND ARGS` as `processes` processes of a cluster; returns each one's
/// (status, stdout, stderr), process 0 first.
fn cluster(
    command: &str,
    processes: usize,
    args: &[&str],
    dir: &std::path::Path,
) -> Vec<(i32, String, String)> {
    let hosts = dir.join(format!("hosts-{processes}.txt"));
    let lines: Vec<String> = free_ports(processes)
        .into_iter()
        .map(|p| format!("127.0.0.1:{p}"))
        .collect();
    std::fs::write(&hosts, lines.join("\n") + "\n").unwrap();
    let children: Vec<_> = (0..processes)
        .rev() // the last first: it waits for the others
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_grundy"))
                .arg(command)
                .args(args)
                .args(["--engine", "dataflow", "--workers", "1"])
                .arg("--hosts")
                .arg(&hosts)
                .args(["--process", &i.to_string()])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outs: Vec<(i32, String, String)> = children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            (
                out.status.code().unwrap_or(-1),
                String::from_utf8(out.stdout).unwrap(),
                String::from_utf8(out.stderr).unwrap(),
            )
        })
        .collect();
    outs.reverse();
    outs
}

#[test]
fn clusters_of_2_and_3_processes_on_loopback_equal_the_local_engine() {
    let dir = temp_dir("cluster");
    let mut rng = Rng::new(92);
    let graph = dir.join("graph.txt");
    std::fs::write(&graph, random_graph(&mut rng, 300, false)).unwrap();
    let path = graph.to_str().unwrap();
    let args = ["--json", "--no-grundy", "--positions", "--from", "7", path];
    let local = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("graph")
        .args(args)
        .output()
        .unwrap();
    let local = String::from_utf8(local.stdout).unwrap();
    assert!(local.contains("\"draw\":"), "{local}");
    for processes in [2, 3] {
        let outs = cluster("graph", processes, &args, &dir);
        assert_eq!(
            outs[0],
            (0, local.clone(), String::new()),
            "{processes} processes"
        );
        for (i, out) in outs.iter().enumerate().skip(1) {
            assert_eq!(out, &(0, String::new(), String::new()), "process {i}");
        }
    }
    // misère, text output
    let args = ["--misere", path];
    let local = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("graph")
        .args(args)
        .output()
        .unwrap();
    let outs = cluster("graph", 2, &args, &dir);
    assert_eq!(outs[0].1, String::from_utf8(local.stdout).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `grundy ARGS`: (status, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    run_grundy(args, b"")
}

#[test]
fn bad_clusters_fail_with_one_line_and_exit_2() {
    let dir = temp_dir("bad-cluster");
    let graph = dir.join("g.txt");
    std::fs::write(&graph, "2 1\n1 2\n").unwrap();
    let g = graph.to_str().unwrap();
    let hosts = dir.join("hosts.txt");
    let [p0, p1] = free_ports(2)[..] else {
        unreachable!()
    };
    std::fs::write(&hosts, format!("127.0.0.1:{p0}\n127.0.0.1:{p1}\n")).unwrap();
    let h = hosts.to_str().unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "127.0.0.1:1\n# fine\nlocalhost\n").unwrap();
    let b = bad.to_str().unwrap();
    let df = ["graph", "--engine", "dataflow", "--no-grundy"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--hosts", "/no/such/hosts", "--process", "0", g],
            "cannot read the host file",
        ),
        (
            vec!["--hosts", b, "--process", "0", g],
            "line 3: expected host:port, found 'localhost'",
        ),
        (
            vec!["--hosts", h, "--process", "2", g],
            "--process 2 is out of range",
        ),
        (
            vec!["--hosts", h, "--process", "1", "--connect-timeout", "1", g],
            "could not reach",
        ),
    ];
    for (extra, expected) in &cases {
        let mut args: Vec<&str> = df.to_vec();
        args.extend(extra);
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let (code, _, err) = run(&["graph", "--engine", "dataflow", g]);
    assert_eq!(code, 2);
    assert!(err.contains("add --no-grundy"), "{err}");
    // a port in use
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    std::fs::write(&hosts, format!("127.0.0.1:{port}\n127.0.0.1:{p1}\n")).unwrap();
    let (code, _, err) = run(&[
        "graph",
        "--engine",
        "dataflow",
        "--no-grundy",
        "--hosts",
        h,
        "--process",
        "0",
        g,
    ]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot listen on"), "{err}");
    // --workers without the dataflow engine
    let (code, _, err) = run(&["graph", "--workers", "2", g]);
    assert_eq!(code, 2);
    assert!(err.contains("--engine dataflow"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A random sum with a partizan part: small boards of Domineering, Clobber and Toads and
/// Frogs, values in notation and a nim heap.
fn random_partizan_sum(rng: &mut Rng) -> String {
    let mut parts = Vec::new();
    for _ in 0..rng.range(1, 3) {
        let (rows, cols) = (rng.range(1, 3), rng.range(1, 4));
        parts.push(match rng.below(5) {
            0 => format!("domineering {}", rng.board(b"...#", rows, cols)),
            1 => format!("clobber {}", rng.board(b"xo.", rows, cols)),
            2 => format!("toads {}", rng.board(b"TF..", 1, rows * cols + 2)),
            3 => ["{1|-1}", "^*", "1/2", "-2", "{3|*}"][rng.below(5) as usize].to_string(),
            _ => format!("nim {}", rng.range(1, 4)),
        });
    }
    if !parts.iter().any(|p| !p.starts_with("nim")) {
        parts.push("domineering ../..".into());
    }
    parts.join(" + ")
}

#[test]
fn solve_on_1_2_3_dataflow_workers_equals_the_local_search() {
    use grundy::app::partizan_dataflow::dataflow_solve;
    use grundy::app::solve::{solve, SolveOptions};
    let mut rng = Rng::new(93);
    for _ in 0..60 {
        let text = random_partizan_sum(&mut rng);
        let options = SolveOptions {
            threads: 1,
            ..SolveOptions::default()
        };
        let local = solve(&text, &options).unwrap();
        for workers in 1..=3 {
            let config = DataflowConfig {
                workers,
                cluster: None,
                connect_timeout: None,
            };
            let dataflow = dataflow_solve(&text, &options, &config).unwrap().unwrap();
            assert_eq!(dataflow, local, "{workers} workers on {text}");
        }
    }
}

#[test]
fn solve_on_2_processes_on_loopback_equals_one_process() {
    let dir = temp_dir("solve-cluster");
    let args = [
        "--json",
        "--no-value",
        "domineering ....../....../....../....../...... + clobber xoxo/oxox + toads TT..FF",
    ];
    let (code, local, err) = run(&["solve", args[0], args[1], args[2]]);
    assert_eq!(code, 0, "{err}");
    assert!(local.contains("\"left_winning_moves\""), "{local}");
    let outs = cluster("solve", 2, &args, &dir);
    assert_eq!(outs[0], (0, local, String::new()));
    assert_eq!(outs[1], (0, String::new(), String::new()));
    // an impartial sum has no moves to share out: one line
    let (code, out, err) = run(&["solve", "--engine", "dataflow", "nim 1 2"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("--engine local"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With a checkpoint, each dataflow worker keeps its own file (its table and the subproblems
/// it answered): a run again reads the answers back instead of searching (an answer changed
/// in a file shows in the report), and a stopped run goes on to the same answer.
#[test]
fn dataflow_workers_resume_from_their_checkpoints() {
    let dir = temp_dir("solve-ck");
    let path = dir.join("job.ck").display().to_string();
    let position = "domineering ....../....../....../....../...... + clobber xoxo/oxox";
    let base = ["solve", "--json", "--no-value", "--max-moves", "50"];
    let (code, local, err) = run(&[&base[..], &[position]].concat());
    assert_eq!(code, 0, "{err}");
    let df = [
        "--engine",
        "dataflow",
        "--workers",
        "2",
        "--checkpoint",
        &path,
        "--checkpoint-every",
        "0.05",
        position,
    ];
    let all = [&base[..], &df[..]].concat();
    // stopped at once, then on to the end; run again, the answers are read back
    let stopped = [&base[..], &["--time-limit", "0.1"], &df[..]].concat();
    let (code, _, err) = run(&stopped);
    assert!(code == 0 || err.contains("time limit"), "{err}");
    for _ in 0..2 {
        let (code, out, err) = run(&all);
        assert_eq!((code, out.as_str()), (0, local.as_str()), "{err}");
    }
    let files: Vec<String> = (0..2).map(|i| format!("{path}.worker-{i}")).collect();
    let mut answered = 0;
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        answered += text.matches("subproblem ").count();
    }
    let local_json: serde_json::Value = serde_json::from_str(&local).unwrap();
    let moves = |side: &str| local_json[side].as_array().map_or(0, Vec::len);
    assert!(
        answered >= moves("left_winning_moves") + moves("right_winning_moves"),
        "{answered}"
    );
    // worker 0 answered subproblem 0 (Left's first move); said to win, the report lists it
    let bytes = std::fs::read(&files[0]).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let flipped = if text.contains("\"subproblem 0: loss\"") {
        ("\"subproblem 0: loss\"", "\"subproblem 0: win\"")
    } else {
        ("\"subproblem 0: win\"", "\"subproblem 0: loss\"")
    };
    let header_end = bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0;
    let header = String::from_utf8(bytes[..header_end].to_vec()).unwrap();
    assert!(header.contains(flipped.0), "{header}");
    let mut changed = header.replacen(flipped.0, flipped.1, 1).into_bytes();
    changed.extend_from_slice(&bytes[header_end..]);
    std::fs::write(&files[0], changed).unwrap();
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    assert_ne!(out, local, "the answer read back was not used");
    std::fs::remove_dir_all(&dir).unwrap();
}
