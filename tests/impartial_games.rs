//! Chomp, Node Kayles and Arc Kayles (and Cram through `solve`) against a plain mex search
//! written here from their rules (no decomposition, no normal form, no pruning), on random
//! positions in sums with a Nim heap: the nimber, the outcome and the exact list of winning
//! moves that `solve` reports; misère play against a plain misère search; the texts after a
//! move; the literature (Node Kayles on paths is octal 0.137; two-rowed Chomp); bad input;
//! `table` against `solve`.

mod common;

use common::{octal_brute, run_grundy, Rng};
use grundy::{solve, Convention, SolveOptions};
use std::collections::{BTreeSet, HashMap};

/// Chomp by mex over every square but the poisoned one; a position is its row lengths.
fn chomp_plain(rows: &[u16], memo: &mut HashMap<Vec<u16>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let seen: BTreeSet<u64> = chomp_moves(rows)
        .iter()
        .map(|o| chomp_plain(o, memo))
        .collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(rows.to_vec(), v);
    v
}

fn chomp_moves(rows: &[u16]) -> Vec<Vec<u16>> {
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if r == 0 && c == 0 {
                continue;
            }
            let next: Vec<u16> = rows
                .iter()
                .enumerate()
                .map(|(i, &len)| if i >= r { len.min(c) } else { len })
                .filter(|&len| len > 0)
                .collect();
            out.push(next);
        }
    }
    out
}

fn chomp_text(rows: &[u16]) -> String {
    if rows.iter().all(|&r| r == rows[0]) {
        format!("chomp {} {}", rows.len(), rows[0])
    } else {
        let l: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        format!("chomp {}", l.join(","))
    }
}

/// A graph game by mex; a position is its set of vertices left (with the fixed edges).
struct Kayles {
    n: usize,
    adj: Vec<u64>,
    edges: Vec<(usize, usize)>,
    arc: bool,
}

impl Kayles {
    fn moves(&self, alive: u64) -> Vec<u64> {
        if self.arc {
            self.edges
                .iter()
                .filter(|&&(u, v)| alive >> u & 1 == 1 && alive >> v & 1 == 1)
                .map(|&(u, v)| alive & !(1 << u) & !(1 << v))
                .collect()
        } else {
            (0..self.n)
                .filter(|&v| alive >> v & 1 == 1)
                .map(|v| alive & !(1 << v) & !self.adj[v])
                .collect()
        }
    }

    fn grundy(&self, alive: u64, memo: &mut HashMap<u64, u64>) -> u64 {
        if let Some(&v) = memo.get(&alive) {
            return v;
        }
        let seen: BTreeSet<u64> = self
            .moves(alive)
            .into_iter()
            .map(|o| self.grundy(o, memo))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(alive, v);
        v
    }

    /// Misère: the player who cannot move wins. True when the player to move wins.
    fn misere_wins(&self, alive: u64, heap: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        if let Some(&w) = memo.get(&(alive, heap)) {
            return w;
        }
        let mut options: Vec<(u64, u64)> =
            self.moves(alive).into_iter().map(|o| (o, heap)).collect();
        options.extend((0..heap).map(|h| (alive, h)));
        let w = options.is_empty() || options.iter().any(|&(a, h)| !self.misere_wins(a, h, memo));
        memo.insert((alive, heap), w);
        w
    }
}

/// A random simple graph on `n` vertices, written in the syntax (edges in a random order,
/// some edges repeated, isolated vertices written alone).
fn random_graph(rng: &mut Rng, n: usize, percent: u64) -> (Kayles, Kayles, String) {
    let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let mut adj = vec![0u64; n];
    let mut edges = Vec::new();
    let mut items = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if rng.chance(percent) {
                adj[u] |= 1 << v;
                adj[v] |= 1 << u;
                edges.push((u, v));
                items.push(format!("{}-{}", names[u], names[v]));
                if rng.chance(10) {
                    items.push(format!("{}-{}", names[v], names[u]));
                }
            }
        }
    }
    for v in 0..n {
        if adj[v] == 0 {
            items.push(names[v].clone());
        }
    }
    let text = items.join(",");
    let node = Kayles {
        n,
        adj: adj.clone(),
        edges: edges.clone(),
        arc: false,
    };
    let arc = Kayles {
        n,
        adj,
        edges,
        arc: true,
    };
    (node, arc, text)
}

fn impartial(text: &str, convention: Convention) -> grundy::app::report::ImpartialReport {
    let options = SolveOptions {
        convention,
        ..SolveOptions::default()
    };
    let report = solve(text, &options).unwrap_or_else(|e| panic!("{text}: {e}"));
    report
        .impartial()
        .unwrap_or_else(|| panic!("{text}: impartial"))
        .clone()
}

fn sum_text(part: Option<String>, heap: u64) -> String {
    let mut parts: Vec<String> = part.into_iter().collect();
    if heap > 0 {
        parts.push(format!("nim {heap}"));
    }
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    }
}

#[test]
fn chomp_against_the_plain_mex_in_sums_with_a_heap() {
    let mut rng = Rng::new(0xc40);
    let mut memo = HashMap::new();
    for _ in 0..300 {
        let k = 1 + rng.below(4) as usize;
        let mut rows: Vec<u16> = (0..k).map(|_| 1 + rng.below(5) as u16).collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        let heap = 1 + rng.below(5);
        let g = chomp_plain(&rows, &mut memo);
        let text = format!("{} + nim {heap}", chomp_text(&rows));
        let r = impartial(&text, Convention::Normal);
        assert_eq!(r.grundy, Some(g ^ heap), "{text}");
        let part = |rows: &[u16]| (rows != [1]).then(|| chomp_text(rows));
        let mut want: BTreeSet<String> = chomp_moves(&rows)
            .iter()
            .filter(|o| chomp_plain(o, &mut memo) == heap)
            .map(|o| sum_text(part(o), heap))
            .collect();
        // a move in the heap leaves the Chomp position as written
        want.extend(
            (0..heap)
                .filter(|&h| h == g)
                .map(|h| sum_text(Some(chomp_text(&rows)), h)),
        );
        let got: BTreeSet<String> = r.winning_moves.iter().cloned().collect();
        assert_eq!(got, want, "{text}");
        assert!(!r.truncated);
    }
}

/// Every diagram of the 5 x 6 box (462 of them) and a random sample of 7 x 8's: Chomp's table
/// of a box (built when a position is asked about) and the search without it, against the
/// plain mex, and through both orientations of each diagram.
#[test]
fn chomp_table_and_search_agree_with_the_plain_mex() {
    use grundy::games::chomp::{Chomp, Shape};
    use grundy::solve::nimber_search::NimberSearch;
    let shape = |rows: &[u16]| {
        let mut s = [0u8; 32];
        for (s, &r) in s.iter_mut().zip(rows) {
            *s = r as u8;
        }
        Shape(s)
    };
    let transpose = |rows: &[u16]| -> Vec<u16> {
        (0..rows[0])
            .map(|c| rows.iter().filter(|&&len| len > c).count() as u16)
            .collect()
    };
    let mut memo = HashMap::new();
    let budget = || grundy::Budget::new(1 << 20);
    let mut tabled = NimberSearch::new(Chomp::default(), budget());
    let mut searched = NimberSearch::new(Chomp::without_table(), budget());
    let mut check = |rows: &[u16]| {
        if rows == [1] {
            return;
        }
        let want = chomp_plain(rows, &mut memo) as u8;
        for rows in [rows.to_vec(), transpose(rows)] {
            assert_eq!(tabled.nimber(shape(&rows)).unwrap(), want, "{rows:?}");
            assert_eq!(searched.nimber(shape(&rows)).unwrap(), want, "{rows:?}");
        }
    };
    // the box first, so that the table holds the diagrams after it
    let mut all = Vec::new();
    let mut rows = [6u16; 5];
    loop {
        let trimmed: Vec<u16> = rows.iter().copied().filter(|&r| r > 0).collect();
        if !trimmed.is_empty() {
            all.push(trimmed);
        }
        // the next diagram: lower the last row that can be lowered, raise the rows after it
        let Some(i) = (0..5).rev().find(|&i| rows[i] > 0) else {
            break;
        };
        rows[i] -= 1;
        for j in i + 1..5 {
            rows[j] = rows[i];
        }
    }
    assert_eq!(
        all.len(),
        461,
        "the diagrams of the 5 x 6 box but the empty one"
    );
    for rows in &all {
        check(rows);
    }
    let mut rng = Rng::new(0xd3);
    check(&[8; 7]);
    for _ in 0..40 {
        let mut rows: Vec<u16> = (0..7).map(|_| rng.below(9) as u16).collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        rows.retain(|&r| r > 0);
        if !rows.is_empty() {
            check(&rows);
        }
    }
}

#[test]
fn node_and_arc_kayles_against_the_plain_mex() {
    let mut rng = Rng::new(0x4a7);
    for round in 0..300 {
        let n = 1 + rng.below(9) as usize;
        let percent = 20 + rng.below(50);
        let (node, arc, edges) = random_graph(&mut rng, n, percent);
        let heap = 1 + rng.below(3);
        for (game, keyword) in [(&node, "nodekayles"), (&arc, "arckayles")] {
            let mut memo = HashMap::new();
            let all = (1u64 << n) - 1;
            let g = game.grundy(all, &mut memo);
            let text = format!("{keyword} {edges} + nim {heap}");
            let r = impartial(&text, Convention::Normal);
            assert_eq!(r.grundy, Some(g ^ heap), "{text}");
            // the winning moves: one per position of the right value that a move leaves (two
            // twin vertices leave the same; a graph with no move left is written as nothing),
            // each read back to nimber 0 (the texts themselves are checked below)
            let winning = game
                .moves(all)
                .into_iter()
                .filter(|&o| game.grundy(o, &mut memo) == heap)
                .map(|o| {
                    if game.moves(o).is_empty() {
                        u64::MAX
                    } else {
                        o
                    }
                })
                .collect::<BTreeSet<u64>>()
                .len()
                + usize::from(heap > g);
            assert_eq!(
                r.winning_moves.len(),
                winning,
                "{text}: {:?}",
                r.winning_moves
            );
            for m in &r.winning_moves {
                assert_eq!(
                    impartial(m, Convention::Normal).grundy,
                    Some(0),
                    "{text} -> {m}"
                );
            }
            assert_eq!(r.winning_moves.is_empty(), g == heap, "{text}");
            if round % 3 == 0 && n <= 7 {
                let mut memo = HashMap::new();
                let r = impartial(&text, Convention::Misere);
                let wins = game.misere_wins(all, heap, &mut memo);
                assert_eq!(r.outcome == grundy::Outcome::N, wins, "misère {text}");
            }
        }
    }
}

#[test]
fn node_kayles_on_paths_is_octal_0137_and_cycles_and_stars_agree() {
    let values = octal_brute("0.137", 31);
    for (n, &value) in values.iter().enumerate().skip(1) {
        let edges: Vec<String> = (1..n).map(|i| format!("{i}-{}", i + 1)).collect();
        let text = if n == 1 {
            "nodekayles 1".to_string()
        } else {
            format!("nodekayles {}", edges.join(","))
        };
        assert_eq!(
            impartial(&text, Convention::Normal).grundy,
            Some(value),
            "{text}"
        );
    }
    // a cycle of n: every first move leaves a path of n - 3
    for n in 4..=20 {
        let mut edges: Vec<String> = (1..n).map(|i| format!("{i}-{}", i + 1)).collect();
        edges.push(format!("{n}-1"));
        let text = format!("nodekayles {}", edges.join(","));
        let g = u64::from(values[n - 3] == 0);
        assert_eq!(
            impartial(&text, Convention::Normal).grundy,
            Some(g),
            "{text}"
        );
    }
    // a star: the centre takes everything, a leaf leaves k - 1 lone leaves
    for k in 1..=12u64 {
        let edges: Vec<String> = (1..=k).map(|i| format!("c-{i}")).collect();
        let text = format!("nodekayles {}", edges.join(","));
        let leaf = (k - 1) % 2;
        let g = (0..).find(|&v| v != 0 && v != leaf).unwrap();
        assert_eq!(
            impartial(&text, Convention::Normal).grundy,
            Some(g),
            "{text}"
        );
    }
}

#[test]
fn two_rowed_chomp_and_rectangles() {
    for a in 2..=30u16 {
        let text = chomp_text(&[a, a - 1]);
        assert_eq!(
            impartial(&text, Convention::Normal).grundy,
            Some(0),
            "{text}"
        );
        let text = chomp_text(
            &vec![2; a as usize - 1]
                .into_iter()
                .chain([1])
                .collect::<Vec<_>>(),
        );
        assert_eq!(
            impartial(&text, Convention::Normal).grundy,
            Some(0),
            "{text}"
        );
    }
    // strategy stealing: every rectangle but the poisoned square alone is a first-player win
    for r in 1..=6 {
        for c in 1..=6 {
            let g = impartial(&format!("chomp {r} {c}"), Convention::Normal).grundy;
            assert_eq!(g == Some(0), r * c == 1, "chomp {r} {c}");
        }
    }
    // a single row or column of n is a heap of n - 1
    assert_eq!(impartial("chomp 1 9", Convention::Normal).grundy, Some(8));
    assert_eq!(impartial("chomp 40 1", Convention::Normal).grundy, Some(39));
}

#[test]
fn positions_after_a_move_keep_the_names_and_the_order() {
    let r = impartial("nodekayles 1-2,3-4,5", Convention::Normal);
    assert!(
        r.winning_moves.contains(&"nodekayles 3-4,5".to_string()),
        "{:?}",
        r.winning_moves
    );
    // taking 3 of a path 1-2-3 leaves 1 alone, written where it first appears
    let r = impartial("nodekayles 1-2,2-3,4-5 + nim 1", Convention::Normal);
    let options: Vec<String> = r.winning_moves.clone();
    for m in &options {
        assert!(!m.contains("3-"), "{m}");
    }
    let (code, out, _) = run_grundy(&["solve", "nodekayles a-b,b-c,c-a,d,e"], b"");
    assert_eq!(code, 0);
    assert!(out.contains("nodekayles d,e\n"), "{out}");
    assert!(out.contains("nodekayles a-b,b-c,c-a,e\n"), "{out}");
    // a repeated edge counts once, and is written once
    let r = impartial("arckayles x-y,y-x,y-z", Convention::Normal);
    assert_eq!(r.position, "arckayles x-y,y-z");
    assert_eq!(r.grundy, Some(1));
    assert_eq!(
        impartial("nodekayles 1-2 + chomp 2,2", Convention::Normal).grundy,
        Some(1 ^ 2)
    );
}

#[test]
fn bad_positions_are_one_line_and_exit_2() {
    for (text, says) in [
        ("nodekayles 1-1", "loop"),
        ("nodekayles 1-", "not a vertex name"),
        ("nodekayles a-b-c", "not an edge"),
        ("arckayles a-b c-d", "takes one graph"),
        ("nodekayles", "takes one graph"),
        ("nodekayles é-a", "not a vertex name"),
        ("chomp 2,3", "never grow"),
        ("chomp 0 4", "rectangle of 1 to 256 squares"),
        ("chomp 17 17", "rectangle of 1 to 256 squares"),
        ("chomp 3,,1", "non-negative decimal"),
        ("chomp 1 2 3", "takes a rectangle"),
        ("cram ../.x", "'.' (empty) or '#' (filled)"),
    ] {
        let (code, out, err) = run_grundy(&["solve", text], b"");
        assert_eq!(code, 2, "{text}: {out}");
        assert_eq!(err.lines().count(), 1, "{text}: {err}");
        assert!(err.contains(says), "{text}: {err}");
    }
    // 64 vertices, the most: a star (its centre the last vertex of the relabelled
    // component); Arc Kayles takes the centre and a leaf, Node Kayles the centre (all) or a
    // leaf (leaving 62 lone leaves, of even count)
    let star: Vec<String> = (1..64).map(|i| format!("c-{i}")).collect();
    let star = star.join(",");
    assert_eq!(
        impartial(&format!("arckayles {star}"), Convention::Normal).grundy,
        Some(1)
    );
    assert_eq!(
        impartial(&format!("nodekayles {star}"), Convention::Normal).grundy,
        Some(1)
    );
    let many: Vec<String> = (0..65).map(|i| format!("v{i}")).collect();
    let (code, _, err) = run_grundy(&["solve", &format!("nodekayles {}", many.join(","))], b"");
    assert_eq!(code, 2);
    assert!(err.contains("at most 64 vertices"), "{err}");
}

#[test]
fn board_tables_agree_with_solve() {
    for game in ["cram", "chomp"] {
        let (code, out, err) = run_grundy(
            &["table", "--json", "--rows", "4", "--cols", "5", game],
            b"",
        );
        assert_eq!(code, 0, "{err}");
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        for r in 1..=4usize {
            for c in 1..=5usize {
                let text = match game {
                    "cram" => format!("cram {}", vec![".".repeat(c); r].join("/")),
                    _ => format!("chomp {r} {c}"),
                };
                let want = impartial(&text, Convention::Normal).grundy;
                assert_eq!(json["table"][r - 1][c - 1].as_u64(), want, "{text}");
            }
        }
    }
}

#[test]
fn a_stopped_nimber_search_resumes_from_its_checkpoint_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("grundy-nimber-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cram.ck");
    let path = file.display().to_string();
    let board = "cram ......./......./......./......./.......";
    let (code, straight, err) = run_grundy(&["solve", "--json", board], b"");
    assert_eq!(code, 0, "{err}");
    assert!(straight.contains("\"grundy\":1"), "{straight}");
    // stopped by its time limit after a few saves: the tables saved once more as it stops
    let every = ["--checkpoint", &path, "--checkpoint-every", "0.05"];
    let mut stopped = vec!["solve", "--json", "--time-limit", "0.3"];
    stopped.extend(every);
    stopped.push(board);
    let (code, out, err) = run_grundy(&stopped, b"");
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("checkpoint saved") && err.contains("time limit"),
        "{err}"
    );
    // resumed: the same answer, from the results read back
    let mut resumed = vec!["solve", "--json"];
    resumed.extend(every);
    resumed.push(board);
    let (code, again, err) = run_grundy(&resumed, b"");
    assert_eq!((code, again.as_str()), (0, straight.as_str()), "{err}");
    let read_back = |err: &str| -> u64 {
        let at = err.find("resumed with ").expect("a resumed line") + "resumed with ".len();
        err[at..].split(' ').next().unwrap().parse().unwrap()
    };
    assert!(read_back(&err) > 1000, "{err}");
    // the table of a game's components serves its other positions
    let (code, smaller, err) = run_grundy(
        &[
            "solve",
            "--json",
            "--checkpoint",
            &path,
            "cram ......#/......./......./......./.......",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let (_, plain, _) = run_grundy(
        &[
            "solve",
            "--json",
            "cram ......#/......./......./......./.......",
        ],
        b"",
    );
    assert_eq!(smaller, plain);
    assert!(read_back(&err) > 1000, "{err}");
    // another game's checkpoint, a sum without a board, a file that cannot be written: one
    // line, exit 2, nothing printed
    let unwritable = dir
        .join("no-such-folder")
        .join("x.ck")
        .display()
        .to_string();
    for (path, position, needle) in [
        (
            path.as_str(),
            "chomp 3 4",
            "a checkpoint of the nimbers of cram, not of the nimbers of chomp",
        ),
        (
            path.as_str(),
            "nim 3 + wythoff 2 3",
            "the nimber search of a cram or chomp board or a nodekayles or arckayles graph",
        ),
        (
            unwritable.as_str(),
            "cram ..../....",
            "cannot write the checkpoint",
        ),
    ] {
        let (code, out, err) = run_grundy(&["solve", "--checkpoint", path, position], b"");
        assert_eq!((code, out.as_str()), (2, ""), "{position}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_kayles_search_saves_its_tables_and_resumes_to_the_same_answer() {
    // Node Kayles on a 4 x 5 grid graph: the search's components (connected graphs) are
    // written to the checkpoint and read back by the next run
    let dir = std::env::temp_dir().join(format!("grundy-kayles-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kayles.ck").display().to_string();
    let mut edges = Vec::new();
    for r in 0..4 {
        for c in 0..5 {
            let v = format!("v{r}_{c}");
            if c + 1 < 5 {
                edges.push(format!("{v}-v{r}_{}", c + 1));
            }
            if r + 1 < 4 {
                edges.push(format!("{v}-v{}_{c}", r + 1));
            }
        }
    }
    let graph = format!("nodekayles {}", edges.join(","));
    let (code, straight, err) = run_grundy(&["solve", "--json", &graph], b"");
    assert_eq!(code, 0, "{err}");
    let first = ["solve", "--json", "--checkpoint", &path, &graph];
    let (code, once, err) = run_grundy(&first, b"");
    assert_eq!((code, once.as_str()), (0, straight.as_str()), "{err}");
    assert!(err.contains("checkpoint saved"), "{err}");
    let (code, again, err) = run_grundy(&first, b"");
    assert_eq!((code, again.as_str()), (0, straight.as_str()), "{err}");
    assert!(err.contains("resumed with "), "{err}");
    // another game's position with this file: one line, exit 2
    let (code, _, err) = run_grundy(
        &["solve", "--checkpoint", &path, "arckayles a-b,b-c,c-d"],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpointed_nimber_search_is_not_limited_by_the_positions_it_lists() {
    // 1000 states: the search alone stops at 8,000 positions listed (its nimber unknown);
    // with a checkpoint it lists what it needs (its table still within the 1000) and answers
    let dir = std::env::temp_dir().join(format!("grundy-uncapped-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cram.ck").display().to_string();
    let board = "cram ....../....../....../....../......";
    let (code, out, err) = run_grundy(&["solve", "--json", "--max-states", "1000", board], b"");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("state limit") && !out.contains("\"grundy\":2"),
        "{out}"
    );
    let (code, out, err) = run_grundy(
        &[
            "solve",
            "--json",
            "--max-states",
            "1000",
            "--checkpoint",
            &path,
            board,
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"grundy\":2"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
