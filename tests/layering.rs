//! The module map of ARCHITECTURE.md, checked: every arrow points down. A file may name only
//! modules of its own layer or of the layers below (doc links included, so that the docs do not
//! send a reader upward either, except the lines that say which layer uses a module).

use std::fs;
use std::path::Path;

/// The layers, top down, and the top-level modules in each.
const LAYERS: [(&str, &[&str]); 5] = [
    ("front end", &["cli"]),
    ("application", &["app"]),
    ("catalog", &["games"]),
    ("engines", &["solve", "loopy", "graph", "scoring"]),
    (
        "primitives",
        &[
            "error",
            "nimber",
            "zeckendorf",
            "periodic",
            "modular",
            "memory",
            "input",
        ],
    ),
];

/// Within the engines, the order the arrows follow: `solve` may use `loopy` (loopy values in
/// sums), never the other way round.
const ENGINE_ORDER: [&str; 4] = ["solve", "loopy", "graph", "scoring"];

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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
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
            continue; // lib.rs and main.rs see everything
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
                        && layer == 3
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
