//! Nothing lost: every subcommand's output to a full device is an error (one line, exit 2),
//! a closed pipe is not; files written whole survive a kill at any moment and resume to the
//! same answer; files that are not regular files are never replaced.

mod common;

use common::{run_grundy, Rng};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A folder of its own for a test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("grundy-reliability-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every subcommand, with its input on stdin: a case for each kind of output.
fn every_subcommand(dir: &Path) -> Vec<(Vec<String>, &'static [u8])> {
    let db = dir.join("small.db").display().to_string();
    let build = ["db", "build", "--cells", "4", "domineering", &db];
    let info = ["db", "info", &db];
    let cases: Vec<(&[&str], &'static [u8])> = vec![
        (&["solve", "nim 1 2"], b""),
        (&["solve", "--json", "nim 1 2"], b""),
        (
            &["solve", "--json", "domineering ../.. + hackenbush LR"],
            b"",
        ),
        (&["value", "domineering ../.."], b""),
        (&["value", "--json", "{1|-1} + on"], b""),
        (&["table", "octal", "0.07", "--to", "100000"], b""),
        (&["table", "--json", "octal", "0.07", "--to", "1000"], b""),
        (&["table", "--rows", "2", "--cols", "3", "domineering"], b""),
        (&["quotient", "0.75"], b""),
        (&["quotient", "--json", "0.75"], b""),
        (&["graph", "--json", "-"], b"3 2\n1 2\n2 3\n"),
        (&["graph", "-"], b"3 2\n1 2\n2 3\n"),
        (&["geography", "-"], b"3 2\n1 2\n2 3\n"),
        (&["geography", "--json", "--grid", "-"], b"2 2\n..\n..\n"),
        (&["play", "nim 1 2"], b"1\n"),
        (&["play", "domineering ../.."], b"1\n"),
        (&["play", "on + {0|pass}"], b"1\nquit\n"),
        (&build, b""),
        (&info, b""),
        (&["serve", "--port", "0"], b""),
        (&["completions", "bash"], b""),
        (&["man"], b""),
        (&["--help"], b""),
        (&["help", "solve"], b""),
        (&["--version"], b""),
    ];
    cases
        .into_iter()
        .map(|(args, input)| (args.iter().map(|s| s.to_string()).collect(), input))
        .collect()
}

/// Runs `grundy args` with `input` on stdin and stdout sent to `stdout`; returns the exit
/// status and stderr. Gives up (and fails) after a minute.
fn run_into(args: &[String], input: &[u8], stdout: Stdio) -> (i32, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let t = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
            return (status.code().unwrap_or(-1), err);
        }
        if t.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} still runs after a minute");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_subcommand_writing_to_a_full_device_fails_with_one_line() {
    let dir = scratch("full");
    for (args, input) in every_subcommand(&dir) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let (code, err) = run_into(&args, input, Stdio::from(full));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("grundy: cannot write standard output: ")
                && err.contains("No space left on device"),
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_closed_pipe_ends_every_subcommand_quietly() {
    let dir = scratch("pipe");
    for (args, input) in every_subcommand(&dir) {
        if args[0] == "serve" {
            continue; // it prints its address, then serves on
        }
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // the reader goes away before anything is read
        drop(child.stdout.take());
        let _ = child.stdin.take().unwrap().write_all(input);
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn files_that_fail_to_be_written_are_errors() {
    let dir = scratch("files");
    // pictures are plain writes (so that /dev/stdout works): through a link to a full device
    for (name, args) in [
        ("t.svg", vec!["table", "octal", "0.07", "--to", "100"]),
        ("t.png", vec!["table", "octal", "0.07", "--to", "100"]),
        (
            "d.svg",
            vec!["table", "--rows", "2", "--cols", "2", "domineering"],
        ),
        ("v.svg", vec!["value", "{1|-1}"]),
    ] {
        let link = dir.join(name);
        std::os::unix::fs::symlink("/dev/full", &link).unwrap();
        let mut all = args.clone();
        let shown = link.display().to_string();
        all.extend(["--plot", &shown]);
        let (code, out, err) = run_grundy(&all, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{all:?}: {err}");
        assert!(
            err.contains("cannot write the picture: No space left"),
            "{err}"
        );
    }
    // files written whole refuse a target that is not a regular file, before reading it as a
    // checkpoint (a device is not read for ever) and before writing
    for args in [
        vec![
            "table",
            "octal",
            "0.07",
            "--to",
            "100",
            "--checkpoint",
            "/dev/zero",
        ],
        vec!["solve", "--checkpoint", "/dev/zero", "domineering ../.."],
        vec![
            "table",
            "--stats",
            "--stream",
            "--to",
            "1000",
            "--checkpoint",
            "/dev/zero",
            "grundys",
        ],
        vec!["db", "build", "--cells", "4", "domineering", "/dev/null"],
    ] {
        let (code, out, err) = run_grundy(&args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(
            err.contains("a character device, not a regular file"),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_saved_file_behind_a_link_is_replaced_through_it() {
    let dir = scratch("link");
    let real = dir.join("real.db");
    let link = dir.join("link.db");
    std::fs::write(&real, b"old").unwrap();
    std::os::unix::fs::symlink("real.db", &link).unwrap();
    let shown = link.display().to_string();
    let (code, _, err) = run_grundy(&["db", "build", "--cells", "4", "domineering", &shown], b"");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let (code, info, err) = run_grundy(&["db", "info", &real.display().to_string()], b"");
    assert_eq!(code, 0, "{err}");
    assert!(info.contains("domineering"), "{info}");
    // a FIFO is refused, and left a FIFO
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let shown = fifo.display().to_string();
    let (code, _, err) = run_grundy(&["db", "build", "--cells", "4", "domineering", &shown], b"");
    assert_eq!(code, 2);
    assert!(err.contains("is a FIFO, not a regular file"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `args` again and again, each run but the last killed at a seeded moment within
/// `window` (so that kills land before, between and during saves), then once to the end.
/// Returns the last run's stdout; the folder holds no temporary file afterwards.
/// `between` checks what each killed run left.
fn kill_and_resume(
    args: &[String],
    dir: &Path,
    window: Duration,
    kills: usize,
    seed: u64,
    between: &dyn Fn(),
) -> String {
    let mut rng = Rng::new(seed);
    for _ in 0..kills {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let at = Duration::from_micros(rng.below(window.as_micros() as u64));
        std::thread::sleep(at);
        let _ = child.kill();
        child.wait().unwrap();
        between();
    }
    let all: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = run_grundy(&all, b"");
    assert_eq!(code, 0, "{args:?} after {kills} kills: {err}");
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".grundy-tmp"))
        .collect();
    assert!(left.is_empty(), "temporaries left behind: {left:?}");
    out
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// `base` then `--checkpoint FILE --checkpoint-every EVERY` then `last`.
fn checkpointed(base: &[&str], file: &str, every: &str, last: &str) -> Vec<String> {
    let mut all = strings(base);
    all.extend(strings(&[
        "--checkpoint",
        file,
        "--checkpoint-every",
        every,
        last,
    ]));
    all
}

/// The kills land where the runs write their files, here: the table saves whole every time it
/// can in its first 0.3 s, the stream appends for 1.7 s, the search saves whole about a
/// hundred times in 1 s (a build that wrote the file in place instead of through a
/// temporary left a cut file after about half of such kills, and failed this test), the
/// database is written once, at the end of 0.5 s.
#[test]
fn runs_killed_at_seeded_moments_resume_to_the_same_answer() {
    let dir = scratch("kills");
    let path = |name: &str| dir.join(name).display().to_string();
    // a table saved whole every time it can (kills land in the middle of saves)
    let table = [
        "table",
        "--json",
        "--stats",
        "--compute-all",
        "--to",
        "200000",
    ];
    let (code, straight, _) = run_grundy(&[&table[..], &["grundys"]].concat(), b"");
    assert_eq!(code, 0);
    let ck = path("grundys.ck");
    for seed in 0..3 {
        let _ = std::fs::remove_file(&ck);
        let args = checkpointed(&table, &ck, "0", "grundys");
        let out = kill_and_resume(&args, &dir, Duration::from_millis(300), 3, seed, &|| {});
        assert_eq!(out, straight, "seed {seed}");
    }
    // a stream appended to (a kill may cut a value, or the header, anywhere)
    let stream = [
        "table", "--json", "--stats", "--stream", "--window", "20000", "--to", "300000",
    ];
    let (code, straight, _) = run_grundy(&[&stream[..], &["grundys"]].concat(), b"");
    assert_eq!(code, 0);
    let values = path("grundys.values");
    for seed in 10..13 {
        let _ = std::fs::remove_file(&values);
        let args = checkpointed(&stream, &values, "0", "grundys");
        let out = kill_and_resume(&args, &dir, Duration::from_millis(1500), 3, seed, &|| {});
        let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
        assert_eq!(json(&out)["stats"], json(&straight)["stats"], "seed {seed}");
    }
    // a partizan search's table, saved whole as often as the search looks at its watch
    let board = format!("domineering {}", ["........"; 6].join("/"));
    let solve = ["solve", "--json", "--no-value", "--max-moves", "0"];
    let (code, straight, _) = run_grundy(&[&solve[..], &[&board]].concat(), b"");
    assert_eq!(code, 0);
    let search = path("search.ck");
    for seed in 20..23 {
        let _ = std::fs::remove_file(&search);
        let args = checkpointed(&solve, &search, "0", &board);
        let out = kill_and_resume(&args, &dir, Duration::from_millis(1000), 3, seed, &|| {});
        assert_eq!(out, straight, "seed {seed}");
    }
    // a database: the old one whole, or the new one
    let db = path("games.db");
    let build = strings(&[
        "db",
        "build",
        "--cells",
        "11",
        "domineering",
        "clobber",
        &db,
    ]);
    let whole = || {
        if Path::new(&db).exists() {
            let (code, info, err) = run_grundy(&["db", "info", &db], b"");
            assert_eq!(code, 0, "{err}");
            assert!(info.contains("clobber"), "{info}");
        }
    };
    for seed in 30..33 {
        let out = kill_and_resume(&build, &dir, Duration::from_millis(500), 3, seed, &whole);
        assert!(out.contains("canonical forms"), "{out}");
        whole();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint that cannot be written (its folder is missing) stops a search on threads
/// with one line and exit status 2: the threads do not search on without saving.
#[test]
fn a_checkpoint_that_cannot_be_saved_stops_the_threads_with_one_line() {
    let dir = scratch("unsaved");
    let path = dir.join("missing").join("8x8.ck").display().to_string();
    let board = format!("domineering {}", ["........"; 8].join("/"));
    let (code, out, err) = run_grundy(
        &[
            "solve",
            "--no-value",
            "--max-moves",
            "0",
            "--threads",
            "2",
            "--checkpoint",
            &path,
            "--checkpoint-every",
            "0.05",
            &board,
        ],
        b"",
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.contains("cannot write the checkpoint") && last.contains(&path),
        "{err}"
    );
    assert!(err.lines().all(|l| l.starts_with("grundy: ")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
