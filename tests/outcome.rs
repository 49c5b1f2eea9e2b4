//! The outcome search (`grundy solve` on partizan sums) against the canonical forms of the
//! value engine: on thousands of random positions and sums of every catalog game, who wins
//! moving first as Left and as Right, and each player's winning moves, must be those the
//! canonical form says (the value engine is itself checked against plain searches written in
//! `tests/partizan.rs`).

use grundy::app::parse::{parse_terms, Term};
use grundy::app::partizan_solve::solve_partizan;
use grundy::app::partizan_solve::{solve_by_search, PartizanSolveOptions, TermSearch};
use grundy::app::report::PartizanReport;
use grundy::app::solve::{solve, SolveOptions, SolveReport};
use grundy::app::value::ValueOptions;
use grundy::budget::{Budget, Cancel};
use grundy::partizan::{OutcomeOptions, PartizanOutcome};
use grundy::GrundyError;
use std::process::Command;

mod common;

use common::Rng;

/// Values in notation the random sums hold.
const VALUES: [&str; 11] = [
    "*",
    "*2",
    "^",
    "v*",
    "{1|-1}",
    "1/2",
    "-1",
    "{2|0||-1}",
    "{0|-3}",
    "{1|*}",
    "^^*",
];

/// One of `items`, at random.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

/// A random board of `alphabet`, at most `max_rows x max_cols`.
fn board(rng: &mut Rng, alphabet: &[u8], max_rows: u64, max_cols: u64) -> String {
    let rows = 1 + rng.below(max_rows);
    let cols = 1 + rng.below(max_cols);
    rng.board(alphabet, rows, cols)
}

/// A random position of a random catalog game (or an impartial part or a value), small
/// enough for its canonical form.
fn part(rng: &mut Rng) -> String {
    match rng.below(17) {
        0 => format!("domineering {}", board(rng, b"...#", 4, 4)),
        1 => format!("clobber {}", board(rng, b"xo.", 3, 4)),
        2 => format!("cannibal {}", board(rng, b"xo.", 3, 3)),
        3 => format!("konane {}", board(rng, b"xo.", 3, 4)),
        4 => format!("snort {}", board(rng, b"xo...#", 3, 3)),
        5 => format!("col {}", board(rng, b"xo...#", 3, 3)),
        6 => format!("cram {}", board(rng, b"...#", 3, 4)),
        7 => format!("fission {}", board(rng, b"x..#", 3, 4)),
        8 => format!(
            "nogo {}",
            common::nogo_breathing_text(&if rng.below(2) == 0 {
                // strips, split where unlike stones meet
                board(rng, b"xo..", 1, 9)
            } else {
                board(rng, b"xo...#", 2, 3)
            })
        ),
        9 => {
            let mut b: Vec<u8> = board(rng, b"....#", 3, 3).into_bytes();
            let cells: Vec<usize> = (0..b.len()).filter(|&i| b[i] != b'/').collect();
            for amazon in [b'x', b'o'] {
                b[cells[rng.below(cells.len() as u64) as usize]] = amazon;
            }
            format!("amazons {}", String::from_utf8(b).unwrap())
        }
        10 => format!("toppling {}", board(rng, b"xog", 1, 7)),
        11 => format!("elephants {}", board(rng, b"xo..", 1, 8)),
        12 => format!("toads {}", board(rng, b"TF..", 1, 8)),
        13 => format!("cutcake {} {}", 1 + rng.below(5), 1 + rng.below(5)),
        14 => format!(
            "hackenbush {} {}",
            board(rng, b"LRG", 1, 4),
            board(rng, b"LRG", 1, 3)
        ),
        15 => pick(rng, &VALUES[..9]).to_string(),
        _ => pick(rng, &["nim 3", "nim 1 2", "wythoff 2 3", "octal 0.07 5"]).to_string(),
    }
}

fn terms(text: &str) -> Vec<Term> {
    parse_terms(text, 1 << 20, &grundy::games::NoGraphs::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .into_iter()
        .map(|t| t.0)
        .collect()
}

/// The search's winning moves are the value engine's, for each player.
fn same_winning_moves(searched: &PartizanReport, valued: &PartizanReport, text: &str) {
    assert_eq!(
        searched.left_winning_moves, valued.left_winning_moves,
        "{text}"
    );
    assert_eq!(
        searched.right_winning_moves, valued.right_winning_moves,
        "{text}"
    );
}

/// The options of a search by `solve` with a budget of 65,536 positions, no value.
fn search_options(
    search: OutcomeOptions,
    max_moves: usize,
    threads: usize,
) -> PartizanSolveOptions {
    PartizanSolveOptions {
        budget: Budget::new(1 << 16),
        max_moves,
        value_states: None,
        search,
        checkpoint: None,
        progress: None,
        database: None,
        threads,
        move_positions: None,
    }
}

#[test]
fn the_search_agrees_with_the_canonical_forms_on_random_sums_of_every_game() {
    let mut rng = Rng::new(0x0c0f_fee5);
    let (mut checked, mut by_stops) = (0, 0);
    for round in 0..4000 {
        let n = 1 + rng.below(if round % 3 == 0 { 3 } else { 1 });
        let text = (0..n)
            .map(|_| part(&mut rng))
            .collect::<Vec<_>>()
            .join(" + ");
        let terms = terms(&text);
        if !terms.iter().any(|t| matches!(t, Term::Partizan(_))) {
            continue;
        }
        // the value engine: canonical form, outcome and winning moves
        let valued = solve_partizan(&text, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        // the search, with and without valuing small regions on the way, the root's parts and
        // the regions met often, and folding only numbers, small values or all
        let value_size = [0, 4, 8, 64][rng.below(4) as usize];
        let root_value_states = [0, 1 << 12][rng.below(2) as usize];
        let fold_work = [1, 16, 1 << 12][rng.below(3) as usize];
        // every third sum: who wins alone (each player's most promising move split into the
        // opponent's replies on threads)
        let max_moves = if round % 3 == 1 { 0 } else { 1000 };
        let search = OutcomeOptions {
            value_size,
            value_states: 1 << 12,
            root_value_states,
            fold_work,
            table_entries: None,
        };
        let options = search_options(search, max_moves, 1 + rng.below(3) as usize);
        let (searched, stats) =
            solve_by_search(terms, &options).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(
            searched.outcome, valued.outcome,
            "{text} (value {:?})",
            valued.value
        );
        if max_moves > 0 {
            same_winning_moves(&searched, &valued, &text);
        }
        assert_eq!(searched.value, None);
        checked += 1;
        by_stops += stats.by_stops;
    }
    assert!(checked > 3300, "{checked}");
    // valued parts past the fold cap were met, and their sums decided by stops
    assert!(by_stops > 100, "{by_stops}");
}

#[test]
fn domineering_boards_beside_integers_agree_with_the_canonical_forms() {
    // a board alone beside an integer goes to Domineering's own bitboard search
    // (games::domineering_outcome); beside a value that is not an integer, to the search of
    // sums: both must give the canonical form's outcome and winning moves
    let mut rng = Rng::new(0xd0e1);
    let mut solver_ran = 0;
    for round in 0..1200 {
        let board = board(&mut rng, b"....#", 5, 5);
        let beside = match round % 4 {
            0 => String::new(),
            1 => format!(" + {}", rng.below(5) as i64 - 2),
            2 => format!(
                " + domineering {}",
                pick(&mut rng, &[".", "./.", "..", "./././.", "...."])
            ),
            _ => format!(" + {}", pick(&mut rng, &VALUES)),
        };
        let text = format!("domineering {board}{beside}");
        let valued = solve_partizan(&text, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        // who wins alone (on threads: each player's most promising move split into the
        // opponent's replies), or with every winning move
        let max_moves = if round % 2 == 0 { 0 } else { 1000 };
        let threads = 1 + rng.below(3) as usize;
        let options = search_options(OutcomeOptions::default(), max_moves, threads);
        let (searched, stats) =
            solve_by_search(terms(&text), &options).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(searched.outcome, valued.outcome, "{text}");
        if max_moves > 0 {
            same_winning_moves(&searched, &valued, &text);
        }
        // the board's own search ran and stored what it proved
        solver_ran += usize::from(stats.results > 0);
    }
    assert!(solver_ran > 150, "{solver_ran}");
}

#[test]
fn threads_that_search_a_board_together_agree_with_the_canonical_forms() {
    // a board beside an integer, not valued at the root, no move listed: every thread asks
    // both questions of the root and Domineering's (Clobber's) own search splits the work
    let mut rng = Rng::new(0x70_6e7e);
    let mut solver_ran = 0;
    for round in 0..300 {
        let (rows, cols) = (3 + rng.below(2), 3 + rng.below(3));
        let board = if round % 2 == 0 {
            format!("domineering {}", rng.board(b"....#", rows, cols))
        } else {
            format!("clobber {}", rng.board(b"xxooo.", rows, cols.min(4)))
        };
        let text = format!("{board} + {}", rng.below(5) as i64 - 2);
        let valued = solve_partizan(&text, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let search = OutcomeOptions {
            value_size: 0,
            root_value_states: 0,
            ..OutcomeOptions::default()
        };
        let options = search_options(search, 0, 2);
        let (searched, stats) =
            solve_by_search(terms(&text), &options).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(searched.outcome, valued.outcome, "{text}");
        solver_ran += usize::from(stats.results > 0);
    }
    assert!(solver_ran > 100, "{solver_ran}");
}

#[test]
fn the_winning_move_named_by_a_boards_own_search_wins_and_is_the_same_on_any_thread_count() {
    // a Domineering or Clobber board beside an integer, moves listed: each player's first
    // winning move is named by the board's own search (at the outcome's cost), and the
    // others found by a search of their own cut at a count of positions
    let mut rng = Rng::new(0x6e_a3ed);
    let (mut named, mut cut) = (0, 0);
    for round in 0..300 {
        let (rows, cols) = (3 + rng.below(2), 3 + rng.below(3));
        let board = if round % 2 == 0 {
            format!("domineering {}", rng.board(b"....#", rows, cols))
        } else {
            format!("clobber {}", rng.board(b"xxooo.", rows, cols.min(4)))
        };
        let text = match rng.below(3) {
            0 => board,
            _ => format!("{board} + {}", rng.below(5) as i64 - 2),
        };
        let valued = solve_partizan(&text, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let search = OutcomeOptions {
            value_size: 0,
            root_value_states: 0,
            ..OutcomeOptions::default()
        };
        // one winning move each, on one thread and on two: the same move, and a winning one
        let mut firsts = Vec::new();
        for threads in [1, 2] {
            let options = search_options(search, 1, threads);
            let (searched, _) =
                solve_by_search(terms(&text), &options).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(searched.outcome, valued.outcome, "{text}");
            for (list, all) in [
                (&searched.left_winning_moves, &valued.left_winning_moves),
                (&searched.right_winning_moves, &valued.right_winning_moves),
            ] {
                assert_eq!(list.len(), all.len().min(1), "{text}");
                assert!(list.iter().all(|m| all.contains(m)), "{text}: {list:?}");
            }
            // a list cut says why (the search of sums, without a board's own search, may
            // find that the one winning move is all)
            let listed =
                !searched.left_winning_moves.is_empty() || !searched.right_winning_moves.is_empty();
            assert!(listed || !searched.truncated, "{text}");
            assert_eq!(
                searched.truncated_reason.is_some(),
                searched.truncated,
                "{text}"
            );
            firsts.push(searched);
        }
        assert_eq!(firsts[0], firsts[1], "{text}");
        named += usize::from(!firsts[0].left_winning_moves.is_empty());
        // every winning move, past the named one within a count of positions: the same
        // lists on one thread and two, each a part of the value engine's, in their order
        let effort = [Some(0), Some(300), None][round % 3];
        let mut lists = Vec::new();
        for threads in [1, 2] {
            let options = PartizanSolveOptions {
                move_positions: effort,
                ..search_options(search, 1000, threads)
            };
            let (searched, _) =
                solve_by_search(terms(&text), &options).unwrap_or_else(|e| panic!("{text}: {e}"));
            for (list, all) in [
                (&searched.left_winning_moves, &valued.left_winning_moves),
                (&searched.right_winning_moves, &valued.right_winning_moves),
            ] {
                let in_order: Vec<&String> = all.iter().filter(|m| list.contains(m)).collect();
                assert_eq!(list.iter().collect::<Vec<_>>(), in_order, "{text}");
                assert_eq!(list.is_empty(), all.is_empty(), "{text}");
                if effort.is_none() {
                    assert_eq!(list, all, "{text}");
                }
            }
            if effort.is_none() {
                assert!(!searched.truncated, "{text}");
            }
            lists.push(searched);
        }
        assert_eq!(lists[0], lists[1], "{text}");
        cut += usize::from(lists[0].truncated);
    }
    assert!(named > 80 && cut > 30, "{named} {cut}");
}

/// A sum of one board with its own search (past the size the search of sums hands to it) and
/// an integer: the outcome and each player's first winning move named by the board's own
/// search, on one thread and two, against the value engine's. Returns the moves named.
fn own_search_agrees_with_the_canonical_form(text: &str) -> usize {
    let valued =
        solve_partizan(text, &ValueOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
    let search = OutcomeOptions {
        value_size: 0,
        root_value_states: 0,
        ..OutcomeOptions::default()
    };
    let mut firsts = Vec::new();
    for threads in [1, 2] {
        let options = search_options(search, 1, threads);
        let (searched, stats) =
            solve_by_search(terms(text), &options).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(searched.outcome, valued.outcome, "{text}");
        assert!(
            stats.results > 0,
            "{text}: the board's own search did not run"
        );
        for (list, all) in [
            (&searched.left_winning_moves, &valued.left_winning_moves),
            (&searched.right_winning_moves, &valued.right_winning_moves),
        ] {
            assert_eq!(list.len(), all.len().min(1), "{text}");
            assert!(list.iter().all(|m| all.contains(m)), "{text}: {list:?}");
        }
        firsts.push(searched);
    }
    assert_eq!(firsts[0], firsts[1], "{text}");
    firsts[0].left_winning_moves.len() + firsts[0].right_winning_moves.len()
}

#[test]
fn amazons_boards_searched_by_their_own_search_agree_with_the_canonical_forms() {
    // boards of 13 unburnt cells beside an integer
    let mut rng = Rng::new(0xa3a_2025);
    let mut named = 0;
    for _ in 0..16 {
        let mut cells = [b'.'; 14];
        for ch in [b'#', b'x', b'o'] {
            let free: Vec<usize> = (0..14).filter(|&i| cells[i] == b'.').collect();
            cells[free[rng.below(free.len() as u64) as usize]] = ch;
        }
        let board = String::from_utf8([&cells[..7], b"/", &cells[7..]].concat()).unwrap();
        let text = format!("amazons {board} + {}", rng.below(5) as i64 - 2);
        named += own_search_agrees_with_the_canonical_form(&text);
    }
    assert!(named > 8, "{named}");
}

#[test]
fn nogo_boards_searched_by_their_own_search_agree_with_the_canonical_forms() {
    // strips of 14 to 17 cells holding at most one stone (a blocked cell or unlike stones side
    // by side would split them into parts too small for the board's own search), and a board
    // of 2 x 7 with one stone (13 empty cells: its value takes seconds), beside an integer
    let mut rng = Rng::new(0x0090_2026);
    let mut named = 0;
    for round in 0..13 {
        let (len, board) = if round < 12 {
            let len = 14 + rng.below(4) as usize;
            (len, vec![b'.'; len])
        } else {
            (14, vec![b'.'; 14])
        };
        let mut cells = board;
        if round == 12 || rng.below(3) > 0 {
            cells[rng.below(len as u64) as usize] = if rng.below(2) == 0 { b'x' } else { b'o' };
        }
        let cells = String::from_utf8(cells).unwrap();
        let board = if round == 12 {
            format!("{}/{}", &cells[..7], &cells[7..])
        } else {
            cells
        };
        let text = format!(
            "nogo {} + {}",
            common::nogo_breathing_text(&board),
            rng.below(5) as i64 - 2
        );
        named += own_search_agrees_with_the_canonical_form(&text);
    }
    assert!(named > 6, "{named}");
}

#[test]
fn boards_of_one_row_of_64_cells_are_searched_as_their_short_copies_are_valued() {
    // the games' own searches hold boards of up to 64 cells in a word: a row of 64 (shifts
    // by a whole row) decides as the same stones on a short row, valued by the value engine
    let pad = |n: usize, ch: char| ch.to_string().repeat(n);
    for (long, short) in [
        (
            format!("clobber xoxoxoxoxo{}", pad(54, '.')),
            "clobber xoxoxoxoxo".to_string(),
        ),
        (
            format!("clobber oxxoxoxoox{}", pad(54, '.')),
            "clobber oxxoxoxoox".to_string(),
        ),
        (
            format!("amazons x.o{}{}", pad(11, '.'), pad(50, '#')),
            format!("amazons x.o{}", pad(11, '.')),
        ),
        (
            format!("amazons {}x..o{}", pad(50, '#'), pad(10, '.')),
            format!("amazons x..o{}", pad(10, '.')),
        ),
    ] {
        let valued = solve_partizan(&short, &ValueOptions::default())
            .unwrap_or_else(|e| panic!("{short}: {e}"));
        let options = search_options(OutcomeOptions::default(), 0, 2);
        let (searched, stats) =
            solve_by_search(terms(&long), &options).unwrap_or_else(|e| panic!("{long}: {e}"));
        assert_eq!(searched.outcome, valued.outcome, "{long}");
        assert!(
            stats.results > 0,
            "{long}: the board's own search did not run"
        );
    }
}

#[test]
fn a_table_too_small_for_the_search_still_gives_the_right_answers() {
    // a transposition table of 4 entries: results are replaced all the time, never wrong
    let mut rng = Rng::new(0x7ab1e);
    for _ in 0..100 {
        let text = format!("{} + {}", part(&mut rng), part(&mut rng));
        let terms = terms(&text);
        if !terms.iter().any(|t| matches!(t, Term::Partizan(_))) {
            continue;
        }
        let valued = solve_partizan(&text, &ValueOptions::default()).unwrap();
        let options = OutcomeOptions {
            table_entries: Some(4),
            ..OutcomeOptions::default()
        };
        let mut search = TermSearch::new(Budget::new(1 << 20), options);
        let left = search.wins(&terms, true).unwrap();
        let right = search.wins(&terms, false).unwrap();
        assert_eq!(
            PartizanOutcome::from_first(left, right),
            valued.outcome,
            "{text}"
        );
    }
}

#[test]
fn a_table_read_back_by_a_fresh_search_gives_the_right_answers() {
    // each search starts from the table the one before saved, in a fresh arena where the same
    // canonical forms get other ids: keys hash the forms' structure, so the results stay true
    let mut rng = Rng::new(0x5a7ed);
    let mut saved: Vec<u8> = Vec::new();
    let mut read_back = 0;
    for _ in 0..300 {
        // a few regions met again and again, beside values the arenas number differently
        let text = format!(
            "domineering {} + {} + {}",
            pick(
                &mut rng,
                &["../../..", ".../...", ".../.../..#", "..../...."]
            ),
            pick(&mut rng, &VALUES),
            part(&mut rng)
        );
        let terms = terms(&text);
        let valued = solve_partizan(&text, &ValueOptions::default()).unwrap();
        let mut search = TermSearch::new(Budget::new(1 << 16), OutcomeOptions::default());
        // forms made first, so that the sum's values get other ids than in the last arena
        for _ in 0..rng.below(6) {
            let shift = pick(
                &mut rng,
                &["{1|-1}", "^*", "{3|*}", "1/4", "*5", "{0||0|-2}"],
            );
            search.search.rules.forms.parse(shift).unwrap();
        }
        if !saved.is_empty() {
            read_back += search.search.read_table(&mut saved.as_slice()).unwrap();
        }
        let left = search.wins(&terms, true).unwrap();
        let right = search.wins(&terms, false).unwrap();
        assert_eq!(
            PartizanOutcome::from_first(left, right),
            valued.outcome,
            "{text}"
        );
        saved.clear();
        search.search.write_table(&mut saved).unwrap();
    }
    assert!(read_back > 1000, "only {read_back} results read back");
}

#[test]
fn a_killed_search_resumes_from_its_checkpoint_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("grundy-search-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("search.ck");
    let path = file.display().to_string();
    let board = "domineering ......./......./......./......./......./......#";
    let args = ["solve", "--json", "--no-value", "--max-moves", "0", board];
    let (code, straight, err) = common::run_grundy(&args, b"");
    assert_eq!(code, 0, "{err}");
    let with_checkpoint = |every: &'static str| {
        let mut a: Vec<&str> = args[..5].to_vec();
        a.extend(["--checkpoint", &path, "--checkpoint-every", every, board]);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    // started, killed once a checkpoint is written, then run again to the end
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(with_checkpoint("0.1"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = std::time::Instant::now();
    while !file.exists() && t.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(file.exists(), "no checkpoint written");
    let resumed_args = with_checkpoint("0.1");
    let resumed_args: Vec<&str> = resumed_args.iter().map(String::as_str).collect();
    let (code, resumed, err) = common::run_grundy(&resumed_args, b"");
    assert_eq!(code, 0, "{err}");
    assert_eq!(resumed, straight);
    assert!(err.contains("resumed with"), "{err}");
    assert!(err.contains("positions searched, table"), "{err}");
    // the finished run saved its whole table: asked again, the answer is read back at once
    let (code, again, err) = common::run_grundy(&resumed_args, b"");
    assert_eq!((code, again.as_str()), (0, straight.as_str()), "{err}");
    assert!(
        err.contains("Left first: win; Right first: win; resumed with"),
        "{err}"
    );
    // a checkpoint of another position, of another version, or not a checkpoint: one line,
    // exit 2, nothing printed
    let saved = std::fs::read(&file).unwrap();
    let other_version = String::from_utf8_lossy(&saved)
        .replacen(env!("CARGO_PKG_VERSION"), "0.0.1", 1)
        .into_bytes();
    let cut = saved[..saved.len() - 5].to_vec();
    for (contents, position, needle) in [
        (None, "domineering ../..", "a checkpoint of domineering"),
        (
            Some(b"hello\n".to_vec()),
            board,
            "not a search checkpoint of grundy",
        ),
        (
            Some(other_version),
            board,
            "a checkpoint of grundy 0.0.1, not of this version",
        ),
        (Some(cut), board, "its table is cut or damaged"),
    ] {
        if let Some(bytes) = contents {
            std::fs::write(&file, bytes).unwrap();
        }
        let (code, out, err) = common::run_grundy(&["solve", "--checkpoint", &path, position], b"");
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle) && err.contains(&path), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn known_outcomes_of_domineering_rectangles() {
    // Breuker, Uiterwijk and van den Herik (2000) and Lachmann, Moore and Rapaport (2002):
    // the empty 5 x 5 board is a second-player win (its value is 0); 6 x 6 and 4 x 4 are
    // first-player wins; 2 x 2 is N (value {1|-1}... as ±1); on 1 x n only Right (horizontal)
    // moves: R.
    for (board, letter) in [
        (".....|.....|.....|.....|.....", "P"),
        ("....|....|....|....", "N"),
        ("......|......|......|......|......|......", "N"),
        ("..|..", "N"),
        ("....", "R"),
        (".|.|.|.", "L"),
    ] {
        let options = SolveOptions {
            value_states: None,
            max_moves: 0,
            ..SolveOptions::default()
        };
        let SolveReport::Partizan(r) = solve(&format!("domineering {board}"), &options).unwrap()
        else {
            panic!("partizan");
        };
        assert_eq!(r.outcome.letter(), letter, "{board}");
        assert_eq!(r.value, None);
        assert!(r.value_reason.unwrap().contains("--no-value"));
    }
}

#[test]
fn the_search_stops_when_cancelled() {
    let cancel = Cancel::new();
    let budget = Budget::new(1 << 20).with_cancel(cancel.clone());
    let mut search = TermSearch::new(budget, OutcomeOptions::default());
    let terms = terms(
        "domineering ........|........|........|........|........|........|........|........",
    );
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(200));
        cancel.cancel();
    });
    assert_eq!(search.wins(&terms, true), Err(GrundyError::Cancelled));
    stopper.join().unwrap();
}

#[test]
fn solve_reports_the_value_within_its_budget_and_says_why_not_past_it() {
    let bin = env!("CARGO_BIN_EXE_grundy");
    let run = |args: &[&str]| {
        let out = Command::new(bin).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let r = run(&["solve", "--json", "domineering ../.. + nim 1"]);
    assert_eq!(r["value"], "{1*|-1*}");
    assert!(r.get("value_reason").is_none());
    let r = run(&[
        "solve",
        "--json",
        "--value-states",
        "3",
        "domineering ...|...|...",
    ]);
    assert_eq!(r["value"], serde_json::Value::Null);
    assert!(
        r["value_reason"]
            .as_str()
            .unwrap()
            .contains("--value-states"),
        "{r}"
    );
    assert_eq!(r["outcome"], "N");
    let r = run(&["solve", "--json", "--no-value", "clobber xox"]);
    assert_eq!(r["value"], serde_json::Value::Null);
    assert_eq!(
        r["left_winning_moves"],
        serde_json::json!(["clobber .xx", "clobber xx."])
    );
}

/// `grundy play` on a game too large to value plays by search: forced here on random sums
/// of every game (a value budget of one position), its states must be those of the play by
/// canonical forms: the same moves, the same winning ones, the same outcome; the computer
/// takes a winning move when there is one; and a move played leads on to the same state.
#[test]
fn play_by_search_agrees_with_play_by_canonical_forms() {
    use grundy::app::partizan_play::PartizanPlay;
    use std::collections::BTreeMap;
    let mut rng = Rng::new(0x91a5);
    let options = ValueOptions::default();
    let mut searched = 0;
    for case in 0..300 {
        let n = 1 + rng.below(2);
        let text: Vec<String> = (0..n).map(|_| part(&mut rng)).collect();
        let text = text.join(" + ");
        for left in [true, false] {
            let mut by_forms = PartizanPlay::new(&text, left, &options).unwrap();
            let mut by_search = PartizanPlay::with_value_states(&text, left, &options, 1).unwrap();
            if !by_search.by_search() {
                continue;
            }
            assert!(!by_forms.by_search(), "{text}");
            searched += 1;
            for step in 0..2 {
                let (a, b) = (by_forms.state().unwrap(), by_search.state().unwrap());
                let moves = |s: &grundy::app::partizan_play::PartizanPlayState| {
                    s.moves
                        .iter()
                        .map(|m| (m.to.clone(), m.wins))
                        .collect::<BTreeMap<_, _>>()
                };
                assert_eq!(moves(&a), moves(&b), "case {case} step {step}: {text}");
                assert_eq!(
                    (a.position.as_str(), a.outcome, a.mover_wins, &a.board),
                    (b.position.as_str(), b.outcome, b.mover_wins, &b.board),
                    "case {case} step {step}: {text}"
                );
                let Some(pick) = b.computer else { break };
                assert_eq!(b.moves[pick].wins, b.mover_wins, "case {case}: {text}");
                let to = b.moves[pick].to.clone();
                by_forms.play(&to).unwrap();
                by_search.play(&to).unwrap();
            }
        }
    }
    assert!(searched > 200, "{searched}");
}

/// A board Clobber's own search answers, saved by a checkpoint: a finished run's answer is
/// read back at once, without a position searched.
#[test]
fn a_clobber_search_is_read_back_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("grundy-clobber-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("clobber.ck").display().to_string();
    let board = "clobber xoxox/oxoxo/xoxox/oxoxo";
    let args = [
        "solve",
        "--json",
        "--no-value",
        "--max-moves",
        "0",
        "--checkpoint",
        &path,
        board,
    ];
    let (code, first, err) = common::run_grundy(&args, b"");
    assert_eq!(code, 0, "{err}");
    assert!(first.contains(r#""outcome":"N""#), "{first}");
    let (code, again, err) = common::run_grundy(&args, b"");
    assert_eq!((code, again.as_str()), (0, first.as_str()), "{err}");
    assert!(err.contains("grundy: 0 positions searched"), "{err}");
    assert!(err.contains("resumed with"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search on two threads saves the table they share while they search: stopped by a time
/// limit and run again, it resumes to the answer of one thread; a finished run's file
/// answers at once, on two threads or one (the games' own searches' results serve both).
#[test]
fn a_search_on_threads_resumes_from_its_checkpoint_to_the_same_answer() {
    let dir = std::env::temp_dir().join(format!("grundy-threads-ck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("8x8.ck").display().to_string();
    let board = format!("domineering {}", ["........"; 8].join("/"));
    let base = ["solve", "--json", "--no-value", "--max-moves", "1"];
    let with = |extra: &[&str]| -> Vec<String> {
        base.iter()
            .chain(extra)
            .map(|s| s.to_string())
            .chain([board.clone()])
            .collect()
    };
    let run = |args: &[String]| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        common::run_grundy(&args, b"")
    };
    let (code, straight, err) = run(&with(&["--threads", "1"]));
    assert_eq!(code, 0, "{err}");
    let ck = ["--checkpoint", &path, "--checkpoint-every", "0.05"];
    // stopped after a moment (or done by then, on a fast machine)
    let stopped = with(&[&ck[..], &["--threads", "2", "--time-limit", "0.4"]].concat());
    let (code, out, err) = run(&stopped);
    assert!(std::path::Path::new(&path).exists(), "no checkpoint: {err}");
    if code != 0 {
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("time limit"), "{err}");
        assert!(err.contains("checkpoint saved"), "{err}");
    }
    let (code, resumed, err) = run(&with(&[&ck[..], &["--threads", "2"]].concat()));
    assert_eq!((code, resumed.as_str()), (0, straight.as_str()), "{err}");
    assert!(err.contains("resumed with"), "{err}");
    // finished: both answers are in the file's header and its table
    for threads in ["2", "1"] {
        let (code, again, err) = run(&with(&[&ck[..], &["--threads", threads]].concat()));
        assert_eq!((code, again.as_str()), (0, straight.as_str()), "{err}");
        assert!(err.contains("Left first: win; Right first: win"), "{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
