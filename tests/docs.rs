//! Every shell session of the README and of the guide (`docs/`) is run and must print what it
//! shows.
//!
//! A shell session is a fenced block whose info string is empty, `sh`, `console` or `bash` and
//! which holds lines starting with `$ `: each such line is a command (run by `sh -c`, so pipes
//! and `printf ... |` work), and the lines after it, up to the next command or the end of the
//! block, are what it prints on standard output. A command that fails shows its one line of
//! standard error followed by `(exit status N)` on the same line. A line that is only `...`
//! stands for any number of lines, and `...` inside a line for any part of it. Blocks marked
//! `text` (and any other info string) are illustrations and are not run; blocks without a `$ `
//! line (install steps) are not sessions.
//!
//! The README's sessions run in `docs/`, the guide's in the folder of their page; each file's
//! sessions run in a fresh copy of that folder, so that a session may write files. The test
//! also checks that every subcommand and every game of the catalog appears in some session.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of a shell session and what it must print.
#[derive(Debug)]
struct Example {
    /// The file and the line of the command, for messages.
    file: PathBuf,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The info strings of fenced blocks that are shell sessions when they hold a `$ ` line.
const SHELL: [&str; 4] = ["", "sh", "console", "bash"];

/// The shell sessions of a Markdown text.
fn sessions(file: &Path, text: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let trimmed = line.trim_start();
        let Some(fence_rest) = trimmed.strip_prefix("```") else {
            continue;
        };
        let indent = line.len() - trimmed.len();
        let ticks = 3 + fence_rest.bytes().take_while(|&b| b == b'`').count();
        let info = trimmed[ticks..].trim();
        let mut block = Vec::new();
        let mut closed = false;
        for (m, body) in lines.by_ref() {
            let t = body.trim_start();
            if t.starts_with(&"`".repeat(ticks)) && t.trim_end().bytes().all(|b| b == b'`') {
                closed = true;
                break;
            }
            // strip the fence's indentation (blocks inside list items)
            let strip = body.len() - t.len();
            block.push((m, body[strip.min(indent)..].to_string()));
        }
        if !closed {
            return Err(format!(
                "{}:{}: a fenced block is never closed",
                file.display(),
                n + 1
            ));
        }
        if !SHELL.contains(&info) || !block.iter().any(|(_, l)| l.starts_with("$ ")) {
            continue;
        }
        let first = out.len();
        for (m, l) in block {
            if let Some(command) = l.strip_prefix("$ ") {
                out.push(Example {
                    file: file.to_path_buf(),
                    line: m + 1,
                    command: command.to_string(),
                    expected: Vec::new(),
                });
            } else {
                let in_block = out.len() > first;
                match out.last_mut() {
                    Some(e) if in_block => e.expected.push(l),
                    _ => {
                        return Err(format!(
                            "{}:{}: a shell session shows output before its first `$ ` command",
                            file.display(),
                            m + 1
                        ))
                    }
                }
            }
        }
    }
    // a blank line that ends a block's last output is layout, not output
    for e in &mut out {
        while e.expected.last().is_some_and(|l| l.trim().is_empty()) {
            e.expected.pop();
        }
    }
    Ok(out)
}

/// Whether `line` matches `pattern`, where each `...` of the pattern stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || line.len() < first.len() + last.len() || !line.ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the lines of `actual` match the `expected` lines, a line `...` standing for any
/// number of lines.
fn lines_match(expected: &[String], actual: &[String]) -> bool {
    // matched[j]: the first i expected lines match the first j actual lines
    let mut matched = vec![false; actual.len() + 1];
    matched[0] = true;
    for pattern in expected {
        let mut next = vec![false; actual.len() + 1];
        if pattern.trim() == "..." {
            let mut any = false;
            for j in 0..=actual.len() {
                any |= matched[j];
                next[j] = any;
            }
        } else {
            for j in 1..=actual.len() {
                next[j] = matched[j - 1] && line_matches(pattern, &actual[j - 1]);
            }
        }
        matched = next;
    }
    matched[actual.len()]
}

/// The same line with the space before a trailing `(exit status N)` made one space.
fn normalise(line: &str) -> String {
    let line = line.trim_end();
    match line.rfind("(exit status ") {
        Some(i) if line.ends_with(')') => {
            format!("{} {}", line[..i].trim_end(), &line[i..])
        }
        _ => line.to_string(),
    }
}

/// Runs one command in `dir` and returns what it printed, as the examples show it.
fn run(example: &Example, dir: &Path, path_var: &str) -> Vec<String> {
    let out = Command::new("timeout")
        .args(["120", "sh", "-c", &example.command])
        .current_dir(dir)
        .env("PATH", path_var)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs");
    let mut lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(normalise)
        .collect();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut err: Vec<String> = stderr.lines().map(str::to_string).collect();
        let code = out.status.code().unwrap_or(-1);
        match err.last_mut() {
            Some(last) => last.push_str(&format!(" (exit status {code})")),
            None => err.push(format!("(exit status {code})")),
        }
        lines.extend(err);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Copies a folder (files and subfolders, no symbolic links) into `to`.
fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let kind = entry.file_type().unwrap();
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            if entry.file_name() != "book" {
                copy_folder(&entry.path(), &target);
            }
        } else if kind.is_file() {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The Markdown pages of the guide.
fn guide_pages(root: &Path) -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages
}

#[test]
fn every_shell_session_of_the_readme_and_the_guide_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let path_var = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut files = vec![root.join("README.md")];
    files.extend(guide_pages(root));

    let scratch = std::env::temp_dir().join(format!("grundy-docs-{}", std::process::id()));
    let mut all = Vec::new();
    let mut failures = Vec::new();
    std::thread::scope(|s| {
        let handles: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(k, file)| {
                let (scratch, path_var) = (&scratch, &path_var);
                s.spawn(move || {
                    let text = fs::read_to_string(file).unwrap();
                    let examples = sessions(file.strip_prefix(root).unwrap(), &text)?;
                    // the README runs in docs/, a page of the guide in its own folder
                    let folder = root.join("docs");
                    let dir = scratch.join(k.to_string());
                    copy_folder(&folder, &dir);
                    let mut failed = Vec::new();
                    for e in &examples {
                        let actual = run(e, &dir, path_var);
                        let expected: Vec<String> =
                            e.expected.iter().map(|l| normalise(l)).collect();
                        if !lines_match(&expected, &actual) {
                            failed.push(format!(
                                "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{}\n",
                                e.file.display(),
                                e.line,
                                e.command,
                                expected.join("\n"),
                                actual.join("\n")
                            ));
                        }
                    }
                    Ok::<_, String>((examples, failed))
                })
            })
            .collect();
        for h in handles {
            match h.join().unwrap() {
                Ok((examples, failed)) => {
                    all.extend(examples);
                    failures.extend(failed);
                }
                Err(e) => failures.push(e),
            }
        }
    });
    let _ = fs::remove_dir_all(&scratch);
    assert!(
        failures.is_empty(),
        "{} of {} examples print something else:\n\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );

    // every subcommand and every game of the catalog is shown at work
    let words: BTreeSet<&str> = all
        .iter()
        .flat_map(|e| {
            e.command
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
        })
        .collect();
    let subcommands = [
        "solve",
        "value",
        "table",
        "quotient",
        "geography",
        "graph",
        "play",
        "db",
        "serve",
    ];
    let mut missing: Vec<&str> = subcommands
        .iter()
        .copied()
        .filter(|s| {
            !all.iter()
                .any(|e| e.command.contains(&format!("grundy {s}")))
        })
        .collect();
    missing.extend(
        grundy::games::GAMES
            .iter()
            .map(|g| g.keyword)
            .filter(|k| *k != "0" && !words.contains(k)),
    );
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "no example runs these subcommands or games: {missing:?}"
    );
}

#[test]
fn the_session_reader_and_the_matching_follow_the_rules() {
    let text = "text\n```\n$ grundy a\none\n...\nend\n\n```\n```text\n$ not run\n```\n  ```sh\n  $ grundy b | head\n  x...z\n  ```\n```sh\ncargo test\n```\n";
    let examples = sessions(Path::new("t.md"), text).unwrap();
    assert_eq!(examples.len(), 2);
    assert_eq!(examples[0].command, "grundy a");
    assert_eq!(examples[0].expected, ["one", "...", "end"]);
    assert_eq!(examples[0].line, 3);
    assert_eq!(examples[1].command, "grundy b | head");
    assert_eq!(examples[1].expected, ["x...z"]);
    assert!(sessions(Path::new("t.md"), "```\nout\n$ grundy\n```\n").is_err());
    // output at the start of a later block belongs to no command of that block
    assert!(sessions(
        Path::new("t.md"),
        "```\n$ grundy a\n```\n```\nout\n$ grundy b\n```\n"
    )
    .is_err());
    assert!(sessions(Path::new("t.md"), "```\n$ grundy\n").is_err());

    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(lines_match(&lines("one\n...\nend"), &lines("one\nend")));
    assert!(lines_match(
        &lines("one\n...\nend"),
        &lines("one\na\nb\nend")
    ));
    assert!(!lines_match(&lines("one\n...\nend"), &lines("one\na\nb")));
    assert!(!lines_match(&lines("one\nend"), &lines("one\na\nend")));
    assert!(lines_match(&lines("a...c"), &lines("abbbc")));
    assert!(!lines_match(&lines("a...c"), &lines("abbb")));
    assert!(!lines_match(&lines("ab...ba"), &lines("aba")));
    assert!(lines_match(&lines("x ... y ... z"), &lines("x 1 y 2 z")));
    assert_eq!(
        normalise("grundy: bad        (exit status 2)"),
        "grundy: bad (exit status 2)"
    );
}
