//! The module map of ARCHITECTURE.md, checked: every arrow points down. Across crates the
//! compiler checks it (the command line, the Python binding and the contest solutions depend
//! on the library, never the other way, and the library's manifest names none of their
//! dependencies: checked here too); within the library, a file may name only modules of its
//! own layer or of the layers below (doc links included, so that the docs do not send a reader
//! upward either, except the lines that say which layer uses a module).

use std::fs;
use std::path::Path;

/// The layers, top down, and the top-level modules in each.
const LAYERS: [(&str, &[&str]); 4] = [
    ("application", &["app"]),
    ("catalog", &["games"]),
    ("engines", &["solve", "loopy", "graph", "partizan"]),
    (
        "primitives",
        &[
            "error",
            "nimber",
            "zeckendorf",
            "periodic",
            "memory",
            "save",
            "input",
            "testing",
        ],
    ),
];

/// The layer of the engines in [`LAYERS`].
const ENGINES: usize = 2;

/// Within the engines, the order the arrows follow: `solve` may use `loopy` (loopy values in
/// sums), never the other way round.
const ENGINE_ORDER: [&str; 4] = ["solve", "loopy", "graph", "partizan"];

/// The library's source folder.
fn library_src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/grundy/src")
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, mods)| mods.contains(&module))
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_arrow_points_down() {
    let src = library_src();
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut checked = 0;
    let mut wrong = Vec::new();
    for path in &all {
        let rel = path.strip_prefix(&src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_str()
            .unwrap();
        let top = top.trim_end_matches(".rs");
        let Some(own) = layer_of(top) else {
            continue; // lib.rs sees everything
        };
        checked += 1;
        let text = fs::read_to_string(path).unwrap();
        for (i, line) in text.lines().enumerate() {
            // "used from above by" lines describe who uses a module: not an arrow
            if line.contains("from above") {
                continue;
            }
            for (at, _) in line.match_indices("crate::") {
                let used: String = line[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let Some(layer) = layer_of(&used) else {
                    continue;
                };
                let upward = layer < own
                    || (layer == own
                        && layer == ENGINES
                        && ENGINE_ORDER.iter().position(|m| *m == used)
                            < ENGINE_ORDER.iter().position(|m| *m == top));
                if upward {
                    wrong.push(format!("{}:{}: {} uses {used}", rel.display(), i + 1, top));
                }
            }
        }
    }
    assert!(checked > 50, "only {checked} files checked");
    assert!(
        wrong.is_empty(),
        "arrows pointing up:\n{}",
        wrong.join("\n")
    );
}

/// Where the library (everything but the command line) touches the file system, and why. A new
/// place must be added here with its reason: the server's threat model (README) rests on
/// this list, since no route hands any of these a name from a request.
const FILE_ACCESS: [(&str, &str); 8] = [
    (
        "app/files.rs",
        "FileGraphs: `graph FILE V` on the command line and in Python, never the server",
    ),
    (
        "loopy/dataflow.rs",
        "the file of `grundy graph --engine dataflow FILE` (command line)",
    ),
    (
        "app/plot.rs",
        "writes the picture of `grundy table --plot FILE`",
    ),
    (
        "memory.rs",
        "reads /proc/meminfo, /proc/self/cgroup and the cgroup's memory.max (never quoted)",
    ),
    (
        "save.rs",
        "writes the files the callers above name whole (a temporary beside each, renamed over it): no name of its own",
    ),
    (
        "partizan/database.rs",
        "the database of `grundy db build FILE` and `--db FILE` (command line; the server and Python never set a database)",
    ),
    (
        "app/search_progress.rs",
        "the --checkpoint FILE of `grundy solve` on a partizan sum (command line; the server and Python never set SolveOptions::checkpoint)",
    ),
    (
        "solve/octal/stream.rs",
        "the file of every value of `grundy table --stats --stream`: a temporary one named by the library, or the --checkpoint FILE of the command line (the server never streams)",
    ),
];

#[test]
fn the_library_touches_files_only_where_listed() {
    let src = library_src();
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut found = std::collections::BTreeSet::new();
    let mut unlisted = Vec::new();
    for path in &all {
        let rel = path
            .strip_prefix(&src)
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        let text = fs::read_to_string(path).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue; // doc tests may write temporary files
            }
            let touches = [
                "std::fs",
                "fs::File",
                "File::open",
                "File::create",
                "OpenOptions",
                "Backend::new(",
                "use std::fs",
                "read_dir",
            ]
            .iter()
            .any(|p| line.contains(p));
            if touches {
                if FILE_ACCESS.iter().any(|(f, _)| *f == rel) {
                    found.insert(rel.clone());
                } else {
                    unlisted.push(format!("{rel}:{}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "file access outside FILE_ACCESS (add it there with its reason, and to the threat model):\n{}",
        unlisted.join("\n")
    );
    let listed: std::collections::BTreeSet<String> =
        FILE_ACCESS.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(found, listed, "a listed place no longer touches files");
}

/// The library compiles no front end: its manifest names no command-line, server or progress
/// crate, and plotting and dataflow are optional features, off by default.
#[test]
fn the_library_depends_on_no_front_end() {
    let manifest =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/grundy/Cargo.toml"))
            .unwrap();
    let (dependencies, rest) = manifest
        .split_once("[dependencies]")
        .unwrap()
        .1
        .split_once("[features]")
        .unwrap();
    for front_end in ["clap", "axum", "tokio", "indicatif", "pyo3", "rustix"] {
        assert!(
            !dependencies
                .lines()
                .any(|l| l.trim_start().starts_with(front_end)),
            "the library depends on {front_end}"
        );
    }
    for optional in ["plotters", "timely"] {
        let line = dependencies
            .lines()
            .find(|l| l.starts_with(optional))
            .unwrap();
        assert!(line.contains("optional = true"), "{line}");
    }
    assert!(
        rest.contains("default = []"),
        "the library has default features"
    );
}
