//! The pruned nimber search (`grundy::solve::nimber_search`) against a plain mex search
//! written here from Cram's rules (every placement of a domino, either way, on the board's
//! empty cells; no decomposition, no symmetry), on random boards; each strategy (the set
//! pruning, aspiration, the unpruned mex) against the others; the literature's values.

mod common;

use common::{octal_brute, Rng};
use grundy::budget::{Budget, Cancel};
use grundy::error::GrundyError;
use grundy::games::board::Board;
use grundy::games::cram::{cram_regions, reduce_stars, Cram};
use grundy::solve::nimber_search::{ComponentGame, NimberSearch, Strategy};
use std::collections::HashMap;

/// Cram's nimber by the mex over every domino placement, memoised on the set of empty cells.
fn plain_cram(rows: usize, cols: usize, empty: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&empty) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let a = 1u64 << (r * cols + c);
            if empty & a == 0 {
                continue;
            }
            let mut partners = Vec::new();
            if c + 1 < cols {
                partners.push(a << 1);
            }
            if r + 1 < rows {
                partners.push(a << cols);
            }
            for b in partners {
                if empty & b != 0 {
                    seen.push(plain_cram(rows, cols, empty & !a & !b, memo));
                }
            }
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(empty, v);
    v
}

/// The board of `empty` cells on a `rows x cols` grid, as the library's components.
fn components(rows: usize, cols: usize, empty: u64) -> Vec<Board> {
    let board = Board {
        rows: rows as u8,
        cols: cols as u8,
        bits: empty as u128,
    };
    let mut parts = Vec::new();
    cram_regions(&board, board.bits, &mut parts);
    parts
}

/// A `rows x cols` board whose cells are each empty with probability `empty.0 / empty.1`.
fn random_board(rng: &mut Rng, rows: usize, cols: usize, empty: (u64, u64)) -> Board {
    let mut bits = 0u128;
    for i in 0..rows * cols {
        if rng.below(empty.1) < empty.0 {
            bits |= 1 << i;
        }
    }
    Board {
        rows: rows as u8,
        cols: cols as u8,
        bits,
    }
}

const STRATEGIES: [Strategy; 3] = [Strategy::Aspiration, Strategy::Set, Strategy::Plain];

#[test]
fn cram_nimbers_agree_with_the_plain_mex_on_random_boards() {
    let mut rng = Rng::new(52);
    let mut searches: Vec<_> = STRATEGIES
        .iter()
        .map(|&s| NimberSearch::new(&Cram, Budget::new(1 << 20)).with_strategy(s))
        .collect();
    let mut asker = NimberSearch::new(&Cram, Budget::new(1 << 20));
    let mut checked = 0;
    for _ in 0..600 {
        let rows = rng.range(1, 5) as usize;
        let cols = rng.range(1, 6) as usize;
        if rows * cols > 24 {
            continue;
        }
        // each cell empty with probability 3/4
        let mut empty = 0u64;
        for i in 0..rows * cols {
            if rng.below(4) != 0 {
                empty |= 1 << i;
            }
        }
        let mut memo = HashMap::new();
        let expected = plain_cram(rows, cols, empty, &mut memo);
        let parts = components(rows, cols, empty);
        for search in searches.iter_mut() {
            assert_eq!(
                u32::from(search.nimber_of(&parts).unwrap()),
                expected,
                "{rows} x {cols}, empty {empty:#b}"
            );
        }
        // who wins, asked as a set of one value, for 0 and for the nimber (a search of its
        // own, so that the plain one's table holds only what it found itself)
        assert!(asker.has_nimber(&parts, expected as u8).unwrap());
        assert_eq!(asker.has_nimber(&parts, 0).unwrap(), expected == 0);
        checked += 1;
    }
    assert!(checked > 400, "{checked} boards");
}

/// The star reduction (a cell's second pendant neighbour removed) keeps the plain nimber,
/// on random boards with many pendant cells (sparse boards).
#[test]
fn reduced_stars_keep_the_plain_nimber() {
    let mut rng = Rng::new(77);
    let mut reduced = 0;
    for _ in 0..1500 {
        let rows = rng.range(1, 6) as usize;
        let cols = rng.range(1, 6) as usize;
        let board = random_board(&mut rng, rows, cols, (3, 5));
        let empty = board.bits as u64;
        let less = reduce_stars(&board, board.bits, board.not_last_col());
        assert_eq!(less & !board.bits, 0, "only cells removed");
        if less != board.bits {
            reduced += 1;
        }
        let before = plain_cram(rows, cols, empty, &mut HashMap::new());
        let after = plain_cram(rows, cols, less as u64, &mut HashMap::new());
        assert_eq!(
            before, after,
            "{rows} x {cols}, {empty:#b} reduced to {less:#b}"
        );
    }
    assert!(reduced > 300, "{reduced} boards reduced");
}

/// Cram's options as the search lists them (a move that leaves one region filling the box is
/// normalised from the part's images; the cells next to the domino joined around it stand
/// for the region's search) against the regions found by a search of each option, on random
/// regions with holes: the same components, option by option.
#[test]
fn cram_options_agree_with_the_regions_of_each_move() {
    let mut rng = Rng::new(5252);
    let mut options = 0;
    for _ in 0..3000 {
        let rows = rng.range(1, 8) as usize;
        let cols = rng.range(1, 12) as usize;
        if rows * cols > 128 {
            continue;
        }
        let board = random_board(&mut rng, rows, cols, (8, 10));
        let mut parts = Vec::new();
        cram_regions(&board, board.bits, &mut parts);
        for part in parts {
            let (mut listed, mut ends) = (Vec::new(), Vec::new());
            Cram.options(&part, &mut listed, &mut ends);
            let mut got: Vec<Vec<Board>> = ends
                .iter()
                .scan(0, |start, &end| {
                    let mut option = listed[*start..end as usize].to_vec();
                    option.sort();
                    *start = end as usize;
                    Some(option)
                })
                .collect();
            let (h, w) = (part.rows as usize, part.cols as usize);
            let mut want = Vec::new();
            for r in 0..h {
                for c in 0..w {
                    let a = part.bit(r, c);
                    for (ok, b) in [(c + 1 < w, a << 1), (r + 1 < h, a << w)] {
                        if ok && part.bits & a != 0 && part.bits & b != 0 {
                            let mut option = Vec::new();
                            cram_regions(&part, part.bits & !a & !b, &mut option);
                            option.sort();
                            want.push(option);
                        }
                    }
                }
            }
            got.sort();
            want.sort();
            assert_eq!(got, want, "{part:?}");
            options += want.len();
        }
    }
    assert!(options > 20_000, "{options} options compared");
}

#[test]
fn symmetric_boards_agree_with_the_plain_mex() {
    // boards a half turn, a flip or a diagonal maps onto themselves: where no domino meets its
    // image the nimber is 0 without a search, and otherwise it must still be searched
    let mut rng = Rng::new(23);
    let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20));
    let mut zeros = 0;
    for case in 0..400 {
        let rows = rng.range(1, 4) as usize;
        let cols = if case % 4 == 3 {
            rows
        } else {
            rng.range(1, 5) as usize
        };
        let image = |r: usize, c: usize| match case % 4 {
            0 => (rows - 1 - r, cols - 1 - c),
            1 => (rows - 1 - r, c),
            2 => (r, cols - 1 - c),
            _ => (c, r),
        };
        let mut empty = 0u64;
        for r in 0..rows {
            for c in 0..cols {
                if rng.below(4) != 0 {
                    let (r2, c2) = image(r, c);
                    if (r2, c2) >= (r, c) {
                        empty |= 1 << (r * cols + c) | 1 << (r2 * cols + c2);
                    }
                }
            }
        }
        let mut memo = HashMap::new();
        let expected = plain_cram(rows, cols, empty, &mut memo);
        zeros += (expected == 0) as u32;
        let parts = components(rows, cols, empty);
        assert_eq!(
            u32::from(search.nimber_of(&parts).unwrap()),
            expected,
            "{rows} x {cols}, empty {empty:#b}"
        );
    }
    assert!(zeros > 50 && zeros < 390, "{zeros} zeros");
}

#[test]
fn fresh_searches_of_one_board_agree_whatever_was_asked_before() {
    // a fresh table each time: the pruned answers do not lean on values left by a plain search
    let mut rng = Rng::new(7);
    for _ in 0..60 {
        let (rows, cols) = (4, 5);
        let mut empty = 0u64;
        for i in 0..rows * cols {
            if rng.below(5) != 0 {
                empty |= 1 << i;
            }
        }
        let parts = components(rows, cols, empty);
        let mut memo = HashMap::new();
        let expected = plain_cram(rows, cols, empty, &mut memo);
        for strategy in STRATEGIES {
            let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20)).with_strategy(strategy);
            assert_eq!(u32::from(search.nimber_of(&parts).unwrap()), expected);
            let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20)).with_strategy(strategy);
            assert_eq!(search.has_nimber(&parts, 0).unwrap(), expected == 0);
        }
    }
}

#[test]
fn cram_boards_of_the_literature() {
    let mut search = NimberSearch::new(&Cram, Budget::new(1 << 22));
    let full = |rows: usize, cols: usize| components(rows, cols, (1u64 << (rows * cols)) - 1);
    // one row is Dawson's Kayles, the octal game 0.07 (a domino takes two adjacent cells),
    // up to the longest row a board holds (and its transpose, a column)
    let dawson = octal_brute("0.07", 129);
    for (n, &g) in dawson.iter().enumerate().skip(1) {
        for (rows, cols) in [(1, n), (n, 1)] {
            let board = Board {
                rows: rows as u8,
                cols: cols as u8,
                bits: u128::MAX >> (128 - n),
            };
            let mut parts = Vec::new();
            cram_regions(&board, board.bits, &mut parts);
            assert_eq!(
                u64::from(search.nimber_of(&parts).unwrap()),
                g,
                "{rows} x {cols}"
            );
        }
    }
    // even by even: the second player answers each move by its image through the centre (0);
    // even by odd: the first player takes the two centre cells, then does the same
    for (rows, cols) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (2, 8)] {
        assert_eq!(
            search.nimber_of(&full(rows, cols)).unwrap(),
            0,
            "{rows} x {cols}"
        );
    }
    for (rows, cols) in [(2, 3), (2, 5), (4, 3), (4, 5), (2, 7)] {
        assert_ne!(
            search.nimber_of(&full(rows, cols)).unwrap(),
            0,
            "{rows} x {cols}"
        );
    }
    // the published nimbers of Beling's table (P. Beling, M. Rogalski, On pruning search trees
    // of impartial games, Artificial Intelligence 283, 2020; Beling's table of Cram, 2023)
    for (rows, cols, nimber) in [(4, 5, 2), (4, 7, 3), (5, 5, 0), (5, 6, 2)] {
        assert_eq!(
            search.nimber_of(&full(rows, cols)).unwrap(),
            nimber,
            "{rows} x {cols}"
        );
    }
}

/// Larger boards of Beling's table, each with the time and the positions it takes (printed
/// with `--nocapture`: the figures `CHANGELOG.md` gives).
#[test]
#[ignore = "about 15 s"]
fn larger_cram_boards_of_the_published_table() {
    for (rows, cols, nimber) in [(4, 7, 3), (5, 6, 2), (5, 7, 1)] {
        let board = components(rows, cols, (1u64 << (rows * cols)) - 1);
        let mut search = NimberSearch::new(&Cram, Budget::new(100_000_000));
        let started = std::time::Instant::now();
        assert_eq!(search.nimber_of(&board).unwrap(), nimber, "{rows} x {cols}");
        eprintln!(
            "Cram {rows} x {cols}: {nimber} in {:.2} s, {} positions listed",
            started.elapsed().as_secs_f64(),
            search.stats().nodes
        );
    }
}

#[test]
fn a_raised_flag_stops_the_search() {
    let board = components(5, 7, (1u64 << 35) - 1);
    for threads in [1, 2] {
        let cancel = Cancel::new();
        cancel.cancel();
        let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20).with_cancel(cancel))
            .with_threads(threads);
        match search.nimber_of(&board) {
            Err(GrundyError::Cancelled) => {}
            other => panic!("expected a cancellation, got {other:?}"),
        }
        // raised while the threads search (5 x 8 takes seconds)
        let cancel = Cancel::new();
        let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20).with_cancel(cancel.clone()))
            .with_threads(threads);
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            cancel.cancel();
        });
        match search.nimber_of(&components(5, 8, (1u64 << 40) - 1)) {
            Err(GrundyError::Cancelled) => {}
            other => panic!("expected a cancellation, got {other:?}"),
        }
        raiser.join().unwrap();
        // the state budget bounds the positions listed
        let mut search = NimberSearch::new(&Cram, Budget::new(1000)).with_threads(threads);
        match search.nimber_of(&board) {
            Err(GrundyError::StateLimit { limit: 1000, .. }) => {}
            other => panic!("expected the state limit, got {other:?}"),
        }
    }
}

#[test]
fn threads_sharing_a_search_agree_with_one_thread_and_the_plain_mex() {
    // boards with a region of 20 cells or more (the threads share a question from there),
    // each asked of a fresh search so that the threads search it together from the root
    let mut rng = Rng::new(5252);
    let (mut checked, mut deferrals) = (0, 0);
    while checked < 120 {
        let (rows, cols) = [(4, 5), (5, 4), (3, 7), (2, 10), (2, 11)][rng.below(5) as usize];
        let board = random_board(&mut rng, rows, cols, (9, 10));
        let parts = components(rows, cols, board.bits as u64);
        if parts.iter().all(|p| p.bits.count_ones() < 20) {
            continue;
        }
        let mut memo = HashMap::new();
        let expected = plain_cram(rows, cols, board.bits as u64, &mut memo) as u8;
        for threads in [1, 2, 3] {
            let mut search = NimberSearch::new(&Cram, Budget::new(1 << 20)).with_threads(threads);
            assert_eq!(
                search.nimber_of(&parts).unwrap(),
                expected,
                "{threads} threads, {rows} x {cols}, empty {:#b}",
                board.bits
            );
            deferrals += search.stats().deferrals;
            for target in [0, expected, expected ^ 1] {
                let mut search =
                    NimberSearch::new(&Cram, Budget::new(1 << 20)).with_threads(threads);
                assert_eq!(
                    search.has_nimber(&parts, target).unwrap(),
                    target == expected,
                    "{threads} threads, nimber {target}?, {rows} x {cols}, empty {:#b}",
                    board.bits
                );
            }
        }
        checked += 1;
    }
    // the threads did split the work (an option another thread was in was put off)
    assert!(deferrals > 0);
}

/// A checkpoint read back holds every entry it was written with: a file lists the table's
/// entries in the order of their hashes, and read into a table that starts small they fell
/// into its first buckets and replaced each other (Cram 4 x 9 kept 15% of them). Then the
/// search resumed from it lists no position its first run valued.
#[test]
fn a_checkpoint_read_back_keeps_every_entry() {
    use grundy::partizan::checkpoint::SearchCheckpoint;
    let dir = std::env::temp_dir().join(format!("grundy-ck-entries-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = SearchCheckpoint {
        path: dir.join("cram.ck"),
        every: std::time::Duration::from_secs(3600),
    };
    let full = |rows, cols| {
        let b = Board::empty(rows, cols, 128).unwrap();
        b.least_image(b.full())
    };
    for threads in [1, 2] {
        let _ = std::fs::remove_file(&checkpoint.path);
        let mut first = NimberSearch::new(Cram, Budget::new(4_000_000)).with_threads(threads);
        first.checkpoint(checkpoint.clone(), "cram", None).unwrap();
        assert_eq!(first.nimber(full(4, 7)).unwrap(), 3);
        let stored = first.stats().stored;
        assert!(stored > 1_000, "{stored}");
        first.save().unwrap();
        let mut again = NimberSearch::new(Cram, Budget::new(4_000_000)).with_threads(threads);
        let read = again.checkpoint(checkpoint.clone(), "cram", None).unwrap();
        assert_eq!((read, again.stats().stored), (stored, stored));
        assert_eq!(again.nimber(full(4, 7)).unwrap(), 3);
        assert_eq!(again.stats().nodes, 0, "threads {threads}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
