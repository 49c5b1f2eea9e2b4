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
    ("engines", &["solve", "game_graph", "graph", "partizan"]),
    (
        "primitives",
        &[
            "error",
            "nimber",
            "zeckendorf",
            "periodic",
            "memory",
            "save",
            "budget",
            "input",
            "testing",
            "workers",
        ],
    ),
];

/// The layer of the engines in [`LAYERS`].
const ENGINES: usize = 2;

/// Within the engines, the order the arrows follow: `solve` may use `game_graph` (loopy values in
/// sums), never the other way round.
const ENGINE_ORDER: [&str; 4] = ["solve", "game_graph", "graph", "partizan"];

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
                    // a name the root re-exports (`crate::GrundyError`): the file should
                    // name the module the item lives in
                    if used.starts_with(|c: char| c.is_ascii_uppercase()) {
                        wrong.push(format!(
                            "{}:{}: {} names crate::{used} through the root",
                            rel.display(),
                            i + 1,
                            top
                        ));
                    }
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
/// place must be added here with its reason: the server's threat model (`docs/web.md`) rests on
/// this list, since no route hands any of these a name from a request.
const FILE_ACCESS: [(&str, &str); 8] = [
    (
        "app/files.rs",
        "FileGraphs: `graph FILE V` on the command line and in Python, never the server",
    ),
    (
        "game_graph/dataflow.rs",
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
        "partizan/checkpoint.rs",
        "the --checkpoint FILE of `grundy solve` on a partizan sum or a cram or chomp board or a kayles graph (command line; the server and Python never set SolveOptions::checkpoint)",
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

/// A crate's files and the module path of each (`partizan/outcome.rs` is `partizan::outcome`,
/// `partizan/mod.rs` is `partizan`, the root file is the empty path).
struct Tree {
    root: std::path::PathBuf,
    files: Vec<(Vec<String>, std::path::PathBuf, String)>,
}

impl Tree {
    fn read(root: &Path, root_file: &str) -> Tree {
        let mut all = Vec::new();
        files(root, &mut all);
        all.sort();
        let files = all
            .into_iter()
            .map(|path| {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .to_string();
                let mut module: Vec<String> = rel
                    .trim_end_matches(".rs")
                    .split('/')
                    .map(str::to_string)
                    .collect();
                if module.last().is_some_and(|m| m == "mod" || m == root_file) {
                    module.pop();
                }
                let text = fs::read_to_string(&path).unwrap();
                (module, path, text)
            })
            .collect();
        Tree {
            root: root.to_path_buf(),
            files,
        }
    }

    fn file_of(&self, module: &[String]) -> Option<usize> {
        self.files.iter().position(|(m, _, _)| m == module)
    }

    fn name(&self, file: usize) -> String {
        let path = &self.files[file].1;
        path.strip_prefix(&self.root).unwrap().display().to_string()
    }

    /// The file an absolute path (`partizan::outcome::mix`) names: the deepest module file on
    /// it, followed through a `pub use` of that module when the next name is re-exported.
    fn resolve(&self, path: &[String], depth: usize) -> Option<usize> {
        let mut at = 0;
        while at < path.len() && self.file_of(&path[..=at]).is_some() {
            at += 1;
        }
        let file = self.file_of(&path[..at])?;
        if at < path.len() && depth < 8 {
            let name = &path[at];
            for used in uses(&self.files[file].2, true) {
                if used.last() == Some(name) {
                    let absolute = absolute(&self.files[file].0, true, &used);
                    if let Some(target) = absolute.and_then(|a| self.resolve(&a, depth + 1)) {
                        return Some(target);
                    }
                }
            }
        }
        Some(file)
    }

    /// Every file each file takes a name from (`use` lines and paths in the code; comments,
    /// and a module's re-exports of its own children, are not arrows).
    fn arrows(&self) -> Vec<std::collections::BTreeSet<usize>> {
        let mut arrows = vec![std::collections::BTreeSet::new(); self.files.len()];
        for (from, (module, path, text)) in self.files.iter().enumerate() {
            let is_dir_module = path.ends_with("mod.rs") || module.is_empty();
            let mut paths = uses(text, false);
            paths.extend(inline_paths(text));
            for used in paths {
                let Some(absolute) = absolute(module, is_dir_module, &used) else {
                    continue;
                };
                if let Some(to) = self.resolve(&absolute, 0) {
                    if to != from {
                        arrows[from].insert(to);
                    }
                }
            }
        }
        arrows
    }
}

/// Strips comments (line and doc comments) from Rust source, keeping line breaks.
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) if !l[..at].contains('"') => &l[..at],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths of a file's `use` declarations, each expanded from its braces; with
/// `reexports_only`, only those of `pub use` (the names a module passes on).
fn uses(text: &str, reexports_only: bool) -> Vec<Vec<String>> {
    let code = code_only(text);
    let mut out = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("use ") {
        let before = &rest[..at];
        let starts_item = before
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || c == '{' || c == ';' || c == ')');
        let tail = &rest[at + 4..];
        let Some(end) = tail.find(';') else { break };
        let public = before.trim_end().ends_with("pub") || before.trim_end().ends_with(')');
        if starts_item && (!reexports_only || public) {
            let tree: String = tail[..end].chars().filter(|c| !c.is_whitespace()).collect();
            expand(&tree, &mut Vec::new(), &mut out);
        }
        rest = &tail[end..];
    }
    out
}

/// Expands a use tree (`a::{b::c,d as e,f::{g}}`) into its paths, prefixed by `prefix`.
fn expand(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let (head, group) = match tree.find('{') {
        Some(open) if tree.ends_with('}') => (&tree[..open], Some(&tree[open + 1..tree.len() - 1])),
        _ => (tree, None),
    };
    let len = prefix.len();
    for segment in head.split("::").filter(|s| !s.is_empty()) {
        let name = segment.split("as").next().unwrap_or(segment);
        prefix.push(name.to_string());
    }
    match group {
        None => out.push(prefix.clone()),
        Some(group) => {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&group[start..i], prefix, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            if start < group.len() {
                expand(&group[start..], prefix, out);
            }
        }
    }
    prefix.truncate(len);
}

/// Paths written in the code outside `use` lines: `crate::a::b`, `super::x`.
fn inline_paths(text: &str) -> Vec<Vec<String>> {
    let code = code_only(text);
    let mut out = Vec::new();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            out.push(
                path.split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
            );
        }
    }
    out
}

/// A path as written in the module `module` made absolute from the crate's root (`None` for
/// another crate's path).
fn absolute(module: &[String], is_dir_module: bool, path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            // `super` of a file module is its folder's module; of a folder module, the one above
            if !is_dir_module || rest[0] == "super" {
                base.pop();
            }
            if rest[0] == "self" && !is_dir_module {
                base = module.to_vec();
            }
            rest = &rest[1..];
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The circles of a graph (its strongly connected components of two files or more), by
/// Tarjan's algorithm.
fn circles(arrows: &[std::collections::BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        arrows: &'a [std::collections::BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in s.arrows[v].iter() {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let n = arrows.len();
    let mut s = State {
        arrows,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

fn no_circles_in(root: &Path, root_file: &str, least_arrows: usize) {
    let tree = Tree::read(root, root_file);
    let arrows = tree.arrows();
    let total: usize = arrows.iter().map(|a| a.len()).sum();
    assert!(
        total >= least_arrows,
        "only {total} arrows read under {}",
        root.display()
    );
    let found: Vec<String> = circles(&arrows)
        .into_iter()
        .map(|c| {
            let mut lines = Vec::new();
            for &a in &c {
                for &b in &arrows[a] {
                    if c.contains(&b) {
                        lines.push(format!("  {} -> {}", tree.name(a), tree.name(b)));
                    }
                }
            }
            lines.join("\n")
        })
        .collect();
    assert!(
        found.is_empty(),
        "circles between files:\n{}",
        found.join("\n\n")
    );
}

/// No two files of the library take names from each other, directly or around a longer
/// circle (`use` lines and paths in the code, re-exports followed to the file that defines
/// the name).
#[test]
fn no_circle_between_the_librarys_files() {
    no_circles_in(&library_src(), "lib", 300);
}

/// The same for the command line's files.
#[test]
fn no_circle_between_the_command_lines_files() {
    no_circles_in(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        "main",
        20,
    );
}

/// The reader of imports, on a known file shape.
#[test]
fn the_import_reader_expands_use_trees() {
    let found = uses(
        "pub use crate::a::{b::{c, d as e}, f};\nuse super::g; // use crate::z;\n",
        false,
    );
    let want: Vec<Vec<String>> = [
        &["crate", "a", "b", "c"][..],
        &["crate", "a", "b", "d"],
        &["crate", "a", "f"],
        &["super", "g"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(found, want);
    let module = vec!["x".to_string(), "y".to_string()];
    assert_eq!(
        absolute(&module, false, &["super".into(), "z".into()]),
        Some(vec!["x".to_string(), "z".to_string()])
    );
    assert_eq!(
        absolute(&module, true, &["super".into(), "z".into()]),
        Some(vec!["x".to_string(), "z".to_string()])
    );
    let arrows = vec![
        [1].into_iter().collect(),
        [2].into_iter().collect(),
        [0].into_iter().collect(),
        [0].into_iter().collect(),
    ];
    assert_eq!(circles(&arrows), vec![vec![0, 1, 2]]);
}
