//! What users of a well-kept command-line tool expect: completions, a man page, `--version`,
//! `help SUBCOMMAND`, exit statuses, and a closed pipe ending quietly.

use std::io::Read;
use std::process::{Command, Stdio};

fn grundy(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs")
}

const SUBCOMMANDS: [&str; 6] = ["solve", "table", "geography", "graph", "completions", "man"];

#[test]
fn completions_for_every_shell_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = grundy(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
        assert!(
            script.contains("no-grundy"),
            "{shell}: flags of subcommands"
        );
    }
    // the bash script is valid bash
    let script = grundy(&["completions", "bash"]).stdout;
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(bash.stdin.as_mut().unwrap(), &script).unwrap();
    assert!(bash.wait().unwrap().success());
    let out = grundy(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn man_page_version_and_help() {
    let page = String::from_utf8(grundy(&["man"]).stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH grundy 1"),
        "{page}"
    );
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "man page lacks {sub}");
    }
    let version = grundy(&["--version"]);
    assert!(version.status.success());
    assert_eq!(
        String::from_utf8(version.stdout).unwrap().trim(),
        format!("grundy {}", env!("CARGO_PKG_VERSION"))
    );
    for sub in ["solve", "table", "geography", "graph"] {
        let help = grundy(&["help", sub]);
        assert!(help.status.success(), "help {sub}");
        assert!(String::from_utf8(help.stdout)
            .unwrap()
            .contains("Usage: grundy"));
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    // `grundy table ... | head -c 10`: the reader goes away after a few bytes
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "--to", "200000", "octal 0.07"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 10];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "stderr: {err}");
    assert!(err.is_empty(), "nothing on stderr: {err}");
}
