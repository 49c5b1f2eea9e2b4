//! The endgame databases of the nimber search (`grundy::solve::nimber_endgame`): every
//! entry against a plain mex search written here from each game's rules (Cram's dominoes,
//! Node and Arc Kayles on a graph, Chomp's squares), the lists complete, the bytes read back,
//! the search with a database against the plain mex, the database built on first use, and
//! `grundy db build` / `--db` through the command line.

mod common;

use common::{run_grundy, Rng};
use grundy::budget::Budget;
use grundy::games::board::Board;
use grundy::games::chomp::Chomp;
use grundy::games::cram::{cram_regions, Cram};
use grundy::games::kayles::{ArcKayles, NodeKayles};
use grundy::solve::nimber_endgame::Endgame;
use grundy::solve::nimber_search::{ComponentGame, NimberSearch, ENDGAME_AFTER};
use std::collections::HashMap;
use std::sync::Arc;

/// The mex of a set of values.
fn mex(seen: &[u32]) -> u32 {
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// Cram's nimber by the mex over every domino on the `empty` cells of a `rows x cols` grid.
fn plain_cram(cols: usize, cells: usize, empty: u128, memo: &mut HashMap<u128, u32>) -> u32 {
    if let Some(&v) = memo.get(&empty) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..cells {
        let a = 1u128 << i;
        if empty & a == 0 {
            continue;
        }
        let right = (i % cols + 1 < cols).then_some(a << 1);
        let down = (i + cols < cells).then_some(a << cols);
        for b in [right, down].into_iter().flatten() {
            if empty & b != 0 {
                seen.push(plain_cram(cols, cells, empty & !a & !b, memo));
            }
        }
    }
    let v = mex(&seen);
    memo.insert(empty, v);
    v
}

/// Node Kayles (`arc` false) or Arc Kayles on the vertices `alive` of `adj`, by the mex.
fn plain_kayles(adj: &[u64], arc: bool, alive: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut seen = Vec::new();
    for v in (0..adj.len()).filter(|&v| alive >> v & 1 == 1) {
        if arc {
            for w in (v + 1..adj.len()).filter(|&w| alive >> w & 1 == 1 && adj[v] >> w & 1 == 1) {
                seen.push(plain_kayles(adj, arc, alive & !(1 << v) & !(1 << w), memo));
            }
        } else {
            seen.push(plain_kayles(adj, arc, alive & !(1 << v) & !adj[v], memo));
        }
    }
    let v = mex(&seen);
    memo.insert(alive, v);
    v
}

/// Chomp's nimber by the mex over every square but the poisoned one (row lengths).
fn plain_chomp(rows: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows.len() {
        for c in usize::from(r == 0)..rows[r] as usize {
            let next: Vec<u8> = rows
                .iter()
                .enumerate()
                .map(|(i, &len)| if i >= r { len.min(c as u8) } else { len })
                .filter(|&len| len > 0)
                .collect();
            seen.push(plain_chomp(&next, memo));
        }
    }
    let v = mex(&seen);
    memo.insert(rows.to_vec(), v);
    v
}

#[test]
fn every_cram_entry_is_the_plain_nimber_and_every_small_region_is_held() {
    let db = Endgame::build(&Cram, 10, &Budget::new(1 << 22))
        .unwrap()
        .unwrap();
    // the free polyominoes of 2 to 10 cells are 6,472; with their surplus pendant cells
    // removed (the same games), 4,606 regions are left
    assert_eq!(db.len(), 4606);
    for (board, v) in db.iter() {
        assert!(board.bits.count_ones() <= 10);
        let cells = board.rows as usize * board.cols as usize;
        let mut memo = HashMap::new();
        assert_eq!(
            u32::from(v),
            plain_cram(board.cols as usize, cells, board.bits, &mut memo),
            "{board:?}"
        );
    }
    // every region of at most 10 cells of random boards, normalised as the search does, is
    // held
    let mut rng = Rng::new(1052);
    let mut seen = 0;
    for _ in 0..2000 {
        let (rows, cols) = (rng.range(1, 7) as u8, rng.range(1, 7) as u8);
        let mut bits = 0u128;
        for i in 0..rows as usize * cols as usize {
            if rng.chance(55) {
                bits |= 1 << i;
            }
        }
        let mut parts = Vec::new();
        cram_regions(&Board { rows, cols, bits }, bits, &mut parts);
        for part in parts.iter().filter(|p| p.bits.count_ones() <= 10) {
            assert!(db.get(part).is_some(), "{part:?} missing");
            seen += 1;
        }
    }
    assert!(seen > 1000, "{seen} regions");
}

#[test]
fn every_kayles_entry_is_the_plain_nimber_and_every_small_graph_is_held() {
    fn check<const ARC: bool>(game: grundy::games::kayles::Kayles<ARC>) {
        let db = Endgame::build(&game, 7, &Budget::new(1 << 22))
            .unwrap()
            .unwrap();
        // the connected graphs of 1 to 7 vertices are 996 up to isomorphism (Arc Kayles
        // leaves out the lone vertex); a relabelling may key two isomorphic ones apart
        let least = if ARC { 995 } else { 996 };
        assert!(db.len() >= least && db.len() < least + 50, "{}", db.len());
        for (adj, v) in db.iter() {
            let n = adj.len();
            let mut memo = HashMap::new();
            let all = (1u64 << n) - 1;
            assert_eq!(
                u32::from(v),
                plain_kayles(adj, ARC, all, &mut memo),
                "{adj:?}"
            );
        }
        // the components an option of a random graph of 8 vertices leaves are held
        let mut rng = Rng::new(if ARC { 7 } else { 8 });
        for _ in 0..300 {
            let mut adj = vec![0u64; 8];
            for u in 0..8 {
                for w in u + 1..8 {
                    if rng.chance(35) {
                        adj[u] |= 1 << w;
                        adj[w] |= 1 << u;
                    }
                }
            }
            let (mut parts, mut ends) = (Vec::new(), Vec::new());
            game.options(&Arc::from(adj), &mut parts, &mut ends);
            for part in parts.iter().filter(|p| p.len() <= 7) {
                assert!(db.get(part).is_some(), "{part:?} missing");
            }
        }
    }
    check(NodeKayles::default());
    check(ArcKayles::default());
}

#[test]
fn every_chomp_entry_is_the_plain_nimber() {
    let db = Endgame::build(&Chomp::default(), 12, &Budget::new(1 << 22))
        .unwrap()
        .unwrap();
    // the diagrams of 2 to 12 squares: the partitions of 2 to 12
    assert_eq!(db.len(), 270);
    for (shape, v) in db.iter() {
        let rows: Vec<u8> = shape.0.iter().copied().take_while(|&l| l > 0).collect();
        let mut memo = HashMap::new();
        assert_eq!(u32::from(v), plain_chomp(&rows, &mut memo), "{rows:?}");
    }
}

#[test]
fn a_database_reads_back_as_written_and_a_cut_one_is_refused() {
    let db = Endgame::build(&Cram, 9, &Budget::new(1 << 22))
        .unwrap()
        .unwrap();
    let bytes = db.write(&Cram);
    // the same database is the same bytes
    assert_eq!(
        bytes,
        Endgame::build(&Cram, 9, &Budget::new(1 << 22))
            .unwrap()
            .unwrap()
            .write(&Cram)
    );
    let back = Endgame::read(&Cram, 9, &bytes).unwrap();
    assert_eq!(back.len(), db.len());
    for (part, v) in db.iter() {
        assert_eq!(back.get(part), Some(v));
    }
    assert!(Endgame::read(&Cram, 9, &bytes[..bytes.len() - 1]).is_none());
    // a database claiming smaller components than it holds
    assert!(Endgame::read(&Cram, 8, &bytes).is_none());
    let graphs = Endgame::build(&NodeKayles::default(), 6, &Budget::new(1 << 20))
        .unwrap()
        .unwrap();
    let back = Endgame::read(
        &NodeKayles::default(),
        6,
        &graphs.write(&NodeKayles::default()),
    )
    .unwrap();
    assert_eq!(back.len(), graphs.len());
    // too small a budget is an error, never an abort
    assert!(Endgame::build(&Cram, 10, &Budget::new(100)).is_err());
}

/// A `rows x cols` board, each cell empty with probability 9/10.
fn random_parts(rng: &mut Rng, rows: u8, cols: u8) -> (Vec<Board>, u128) {
    let mut bits = 0u128;
    for i in 0..rows as usize * cols as usize {
        if rng.below(10) != 0 {
            bits |= 1 << i;
        }
    }
    let mut parts = Vec::new();
    cram_regions(&Board { rows, cols, bits }, bits, &mut parts);
    (parts, bits)
}

#[test]
fn searches_looking_up_a_database_agree_with_the_plain_mex() {
    let db = Arc::new(
        Endgame::build(&Cram, 10, &Budget::new(1 << 22))
            .unwrap()
            .unwrap(),
    );
    let mut rng = Rng::new(4052);
    for _ in 0..80 {
        let (rows, cols) = [(4, 5), (3, 6), (5, 4), (2, 9)][rng.below(4) as usize];
        let (parts, bits) = random_parts(&mut rng, rows, cols);
        let mut memo = HashMap::new();
        let cells = rows as usize * cols as usize;
        let expected = plain_cram(cols as usize, cells, bits, &mut memo) as u8;
        for threads in [1, 2] {
            let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20))
                .with_threads(threads)
                .with_endgame(db.clone());
            assert_eq!(search.nimber_of(&parts).unwrap(), expected, "{bits:#b}");
            let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20))
                .with_threads(threads)
                .with_endgame(db.clone());
            assert!(search.has_nimber(&parts, expected).unwrap());
        }
    }
}

#[test]
fn a_long_search_builds_its_database_on_first_use() {
    // Cram 5 x 7 (*1) lists more than ENDGAME_AFTER positions: the search builds Cram's
    // database of regions of at most 12 cells and looks them up from then on
    let board = Board {
        rows: 5,
        cols: 7,
        bits: (1u128 << 35) - 1,
    };
    let mut search = NimberSearch::new(Cram, Budget::new(1 << 22)).with_threads(1);
    assert_eq!(search.nimber(board).unwrap(), 1);
    assert!(search.stats().nodes > ENDGAME_AFTER);
    let db = search.endgame().expect("built");
    assert_eq!(db.size(), 12);
    assert_eq!(db.len(), 61001);
    // a later search in the process finds it built
    let mut again = NimberSearch::new(Cram, Budget::new(1 << 22));
    let small = Board {
        rows: 4,
        cols: 4,
        bits: (1 << 16) - 1,
    };
    assert_eq!(again.nimber(small).unwrap(), 0);
    assert!(again.endgame().is_some());
}

#[test]
fn db_build_writes_impartial_sections_that_solve_value_and_play_read() {
    let dir = std::env::temp_dir().join(format!("grundy-endgame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("small.db");
    let f = file.to_str().unwrap();
    let (code, out, err) = run_grundy(
        &[
            "db",
            "build",
            "--cells",
            "7",
            "domineering",
            "cram",
            "nodekayles",
            f,
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("cram") && out.contains("nimbers of components of at most 7"));
    let (code, out, _) = run_grundy(&["db", "info", f], b"");
    assert_eq!(code, 0);
    assert!(out.contains("domineering"), "{out}");
    assert!(out.contains("nodekayles"), "{out}");
    let (code, json, _) = run_grundy(&["db", "info", "--json", f], b"");
    assert_eq!(code, 0);
    assert!(json.contains("\"nimbers\""), "{json}");
    // the same answers with the database as without
    for text in [
        "cram ...../...../....#/.....",
        "nodekayles 1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-1,2-6 + cram ..../..#.",
        "domineering ../.. + cram .../...",
    ] {
        for command in ["solve", "value"] {
            let (c1, plain, e1) = run_grundy(&[command, "--json", text], b"");
            let (c2, with, e2) = run_grundy(&[command, "--json", "--db", f, text], b"");
            assert_eq!((c1, c2), (0, 0), "{e1} {e2}");
            assert_eq!(plain, with, "{command} {text}");
        }
    }
    let (code, _, err) = run_grundy(
        &["play", "--db", f, "--first", "computer", "cram ..../...."],
        b"q\n",
    );
    assert!(code == 0, "{err}");
    // too many cells for a game: one line, exit 2
    let (code, _, err) = run_grundy(&["db", "build", "--cells", "17", "cram", f], b"");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("regions of at most 16 cells"), "{err}");
    // a cut file: one line, exit 2
    let bytes = std::fs::read(&file).unwrap();
    let cut = dir.join("cut.db");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    let (code, _, err) = run_grundy(&["solve", "--db", cut.to_str().unwrap(), "cram ../.."], b"");
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
