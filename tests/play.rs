//! Playing against the computer (`grundy::app::play`, `grundy play`): every move's value and
//! the computer's picks against exhaustive search, whole games against a random opponent, and
//! the terminal game driven through a pipe.

mod common;

use common::{parse, random_component, run_grundy, Brute, Rng};
use grundy::app::play::{MoveResult, PlayState, Session};
use grundy::game_graph::{GameGraph, GraphOutcome};
use grundy::graph::io::read_board;
use grundy::{Convention, Outcome, SolveOptions};
use std::collections::HashMap;

/// Play options: `convention`, `max_states`, no game graphs.
fn options(convention: Convention, max_states: usize) -> SolveOptions {
    SolveOptions {
        convention,
        max_states,
        ..SolveOptions::default()
    }
}

fn random_sum(rng: &mut Rng, misere: bool) -> String {
    let parts: Vec<String> = (0..rng.range(1, 3))
        .map(|_| random_component(rng, !misere))
        .collect();
    parts.join(" + ")
}

/// Every listed move against exhaustive search: the position it leaves is one of the sum's
/// options, and what it gives the mover is right; the list is complete; the outcome is right;
/// the computer's pick wins when a win exists.
fn check_state(state: &PlayState, misere: bool, brute: &mut Brute) {
    let here = parse(&state.position);
    let mover_wins = brute.mover_wins(&here, misere);
    assert_eq!(
        state.outcome == Outcome::N,
        mover_wins,
        "{}",
        state.position
    );
    let mut options = brute.sum_moves(&here);
    options.sort();
    options.dedup();
    let mut listed: Vec<_> = state.moves.iter().map(|m| parse(&m.to)).collect();
    listed.sort();
    assert_eq!(listed, options, "the moves of {}", state.position);
    for m in &state.moves {
        let expected = if brute.mover_wins(&parse(&m.to), misere) {
            MoveResult::Lose
        } else {
            MoveResult::Win
        };
        assert_eq!(m.result, expected, "{} -> {}", state.position, m.to);
    }
    assert_eq!(state.over, options.is_empty());
    if let Some(pick) = state.computer {
        assert_eq!(
            state.moves[pick].result == MoveResult::Win,
            mover_wins,
            "the pick from {}",
            state.position
        );
    } else {
        assert!(state.moves.is_empty());
    }
}

#[test]
fn sum_moves_and_picks_agree_with_exhaustive_search() {
    let mut rng = Rng::new(71);
    let mut brute = Brute::new();
    let mut seen = [0usize; 2];
    for round in 0..400 {
        let misere = round % 3 == 2;
        let expr = random_sum(&mut rng, misere);
        let convention = Convention::from_misere(misere);
        let mut session = Session::from_sum(&expr, &options(convention, 100_000)).unwrap();
        let state = session.state(10_000).unwrap();
        assert!(!state.truncated);
        check_state(&state, misere, &mut brute);
        seen[(state.outcome == Outcome::N) as usize] += 1;
    }
    assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
}

#[test]
fn the_computer_wins_every_game_it_starts_from_a_winning_position() {
    let mut rng = Rng::new(72);
    let mut brute = Brute::new();
    let mut games = 0;
    for round in 0..300 {
        let misere = round % 2 == 1;
        let expr = random_sum(&mut rng, misere);
        if !brute.mover_wins(&parse(&expr), misere) {
            continue;
        }
        games += 1;
        let mut session =
            Session::from_sum(&expr, &options(Convention::from_misere(misere), 100_000)).unwrap();
        let mut computer_to_move = true;
        loop {
            let state = session.state(10_000).unwrap();
            check_state(&state, misere, &mut brute);
            if state.over {
                // normal play: the player to move has lost; misère: has won
                let mover_won = misere;
                assert_eq!(mover_won, computer_to_move, "{expr}: the computer lost");
                break;
            }
            let index = if computer_to_move {
                state.computer.unwrap()
            } else {
                rng.range(0, state.moves.len() as u64 - 1) as usize
            };
            session.play(&state.moves[index].to).unwrap();
            computer_to_move = !computer_to_move;
        }
    }
    assert!(games > 100, "{games}");
}

#[test]
fn a_huge_heap_lists_its_winning_move_and_accepts_any_move_typed() {
    let mut session = Session::from_sum(
        "nim 1000000000000 + nim 5",
        &options(Convention::Normal, 1000),
    )
    .unwrap();
    let state = session.state(100).unwrap();
    assert!(state.truncated);
    assert_eq!(state.total_moves, 1_000_000_000_005);
    let pick = state.computer.unwrap();
    assert_eq!(state.moves[pick].to, "nim 5 + nim 5");
    assert_eq!(state.moves[pick].result, MoveResult::Win);
    // a move not listed, typed as the position it leads to
    session.play("nim 999999999999 + nim 5").unwrap();
    assert!(session.play("nim 7").is_err());
    assert_eq!(session.moves_played(), 1);
}

#[test]
fn a_board_in_play_is_drawn_and_so_is_each_move() {
    let opts = options(Convention::Normal, 100_000);
    // Cram: the board and each domino's board, the cells two moves fill
    let state = Session::from_sum("cram .../...", &opts)
        .unwrap()
        .state(100)
        .unwrap();
    assert_eq!(
        state.board,
        Some(vec!["...".to_string(), "...".to_string()])
    );
    assert_eq!(state.moves.len(), 7);
    for m in &state.moves {
        let board = m.board.as_ref().expect("each move drawn");
        let filled: usize = board.iter().map(|r| r.matches('#').count()).sum();
        assert_eq!(
            (filled, format!("cram {}", board.join("/"))),
            (2, m.to.clone())
        );
    }
    // the last domino leaves `0`, still drawn as the full board
    let state = Session::from_sum("cram ##./##.", &opts)
        .unwrap()
        .state(100)
        .unwrap();
    assert_eq!(state.moves.len(), 1);
    assert_eq!(state.moves[0].to, "0");
    assert_eq!(
        state.moves[0].board,
        Some(vec!["###".to_string(), "###".to_string()])
    );
    // Chomp: the poisoned square, the squares, and the diagram each move leaves
    let state = Session::from_sum("chomp 2 3", &opts)
        .unwrap()
        .state(100)
        .unwrap();
    assert_eq!(
        state.board,
        Some(vec!["x##".to_string(), "###".to_string()])
    );
    let to_32 = state.moves.iter().find(|m| m.to == "chomp 3,2").unwrap();
    assert_eq!(
        to_32.board,
        Some(vec!["x##".to_string(), "##.".to_string()])
    );
    assert_eq!(to_32.result, MoveResult::Win);
    // a sum of two parts, or a heap, is not one board
    for text in ["cram .../... + nim 1", "nim 3"] {
        let state = Session::from_sum(text, &opts).unwrap().state(100).unwrap();
        assert!(state.board.is_none() && state.moves.iter().all(|m| m.board.is_none()));
    }
}

/// Outcome and remoteness of every position straight from the definitions, level by level:
/// a position is lost in k when all its options are won (the slowest in k - 1; none: k = 0),
/// won in k when its fastest lost option is lost in k - 1; never settled: a draw.
fn brute_graph(adj: &[Vec<u32>]) -> Vec<(GraphOutcome, Option<u32>)> {
    let n = adj.len();
    let mut label: Vec<Option<(GraphOutcome, u32)>> = vec![None; n];
    for k in 0..=2 * n as u32 {
        let mut settled = Vec::new();
        for u in 0..n {
            if label[u].is_some() {
                continue;
            }
            let opts: Vec<Option<(GraphOutcome, u32)>> =
                adj[u].iter().map(|&v| label[v as usize]).collect();
            if k > 0 && opts.contains(&Some((GraphOutcome::Lose, k - 1))) {
                settled.push((u, GraphOutcome::Win));
            } else if opts
                .iter()
                .all(|o| matches!(o, Some((GraphOutcome::Win, _))))
            {
                settled.push((u, GraphOutcome::Lose));
            }
        }
        for (u, o) in settled {
            label[u] = Some((o, k));
        }
    }
    label
        .into_iter()
        .map(|l| match l {
            Some((o, r)) => (o, Some(r)),
            None => (GraphOutcome::Draw, None),
        })
        .collect()
}

#[test]
fn game_graph_sessions_win_fastest_and_keep_draws() {
    let mut rng = Rng::new(73);
    let mut wins = 0;
    for _ in 0..300 {
        let n = rng.range(1, 9) as u32;
        let mut edges = Vec::new();
        for u in 0..n {
            for _ in 0..rng.range(0, 3) {
                edges.push((u, rng.range(0, n as u64 - 1) as u32));
            }
        }
        let graph = GameGraph::from_edges(n as usize, &edges).unwrap();
        let adj: Vec<Vec<u32>> = (0..n).map(|u| graph.options(u).to_vec()).collect();
        let truth = brute_graph(&adj);
        for start in 0..n {
            let start_name = (start + 1).to_string();
            let mut session = Session::from_graph(
                graph.clone(),
                Some(&start_name),
                Convention::Normal,
                &grundy::Cancel::new(),
            )
            .unwrap();
            let state = session.state(100).unwrap();
            let (outcome, remoteness) = truth[start as usize];
            let expected = Outcome::from(outcome);
            assert_eq!((state.outcome, state.remoteness), (expected, remoteness));
            if outcome != GraphOutcome::Win {
                if outcome == GraphOutcome::Draw {
                    let pick = state.computer.unwrap();
                    assert_eq!(state.moves[pick].result, MoveResult::Draw);
                }
                continue;
            }
            // the computer, first from a win, ends the game in exactly `remoteness` moves or
            // fewer against any opponent, and wins
            wins += 1;
            let mut played = 0;
            let mut computer_to_move = true;
            loop {
                let state = session.state(100).unwrap();
                if state.over {
                    assert!(!computer_to_move, "the computer is stuck");
                    break;
                }
                let index = if computer_to_move {
                    let pick = state.computer.unwrap();
                    assert_eq!(state.moves[pick].result, MoveResult::Win);
                    pick
                } else {
                    rng.range(0, state.moves.len() as u64 - 1) as usize
                };
                session.play(&state.moves[index].to).unwrap();
                computer_to_move = !computer_to_move;
                played += 1;
                assert!(played <= remoteness.unwrap(), "slower than its remoteness");
            }
        }
    }
    assert!(wins > 100, "{wins}");
}

/// Undirected vertex geography by exhaustive search over the cells visited.
fn brute_board(
    adj: &[Vec<usize>],
    at: usize,
    visited: u64,
    memo: &mut HashMap<(usize, u64), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(at, visited)) {
        return w;
    }
    let wins = adj[at]
        .iter()
        .any(|&u| visited >> u & 1 == 0 && !brute_board(adj, u, visited | 1 << u, memo));
    memo.insert((at, visited), wins);
    wins
}

#[test]
fn board_sessions_agree_with_exhaustive_search_and_the_computer_wins() {
    let mut rng = Rng::new(74);
    let (mut games, mut won) = (0, 0);
    for _ in 0..120 {
        let (rows, cols) = (rng.range(1, 4) as usize, rng.range(2, 4) as usize);
        let text: String = (0..rows)
            .map(|_| {
                let row: String = (0..cols)
                    .map(|_| if rng.chance(20) { '#' } else { '.' })
                    .collect();
                row + "\n"
            })
            .collect();
        let board = read_board(format!("{rows} {cols}\n{text}").as_bytes()).unwrap();
        // the cells' graph from the text alone: cell (r, c) is vertex r (cols + 1) + c, the
        // library's numbering, and 4-neighbouring free cells are joined
        let cells: Vec<Vec<bool>> = text
            .lines()
            .map(|l| l.bytes().map(|b| b == b'.').collect())
            .collect();
        let free_cells: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| cells[r][c])
            .collect();
        if free_cells.is_empty() {
            continue;
        }
        let n = rows * (cols + 1);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(r, c) in &free_cells {
            let near = [
                (r.wrapping_sub(1), c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
                (r + 1, c),
            ];
            for (rr, cc) in near {
                if rr < rows && cc < cols && cells[rr][cc] {
                    adj[r * (cols + 1) + c].push(rr * (cols + 1) + cc);
                }
            }
        }
        let mut memo = HashMap::new();
        let (r, c) = free_cells[rng.range(0, free_cells.len() as u64 - 1) as usize];
        let start = r * (cols + 1) + c;
        let mut session = Session::from_board(board.clone(), r + 1, c + 1).unwrap();
        let mover_wins = brute_board(&adj, start, 1 << start, &mut memo);
        let mut computer_to_move = true;
        let mut path = vec![start];
        loop {
            let state = session.state(100).unwrap();
            let visited = path.iter().fold(0u64, |m, &v| m | 1 << v);
            let at = *path.last().unwrap();
            assert_eq!(
                state.outcome == Outcome::N,
                brute_board(&adj, at, visited, &mut memo)
            );
            for m in &state.moves {
                let (mr, mc) = grundy::app::play::parse_cell(&m.to).unwrap();
                let u = board.vertex(mr - 1, mc - 1).unwrap();
                let opponent_wins = brute_board(&adj, u, visited | 1 << u, &mut memo);
                let expected = if opponent_wins {
                    MoveResult::Lose
                } else {
                    MoveResult::Win
                };
                assert_eq!(m.result, expected);
            }
            if state.over {
                if mover_wins {
                    assert!(!computer_to_move, "the computer lost from a win");
                    won += 1;
                }
                break;
            }
            let index = if computer_to_move {
                state.computer.unwrap()
            } else {
                rng.range(0, state.moves.len() as u64 - 1) as usize
            };
            let to = state.moves[index].to.clone();
            let (mr, mc) = grundy::app::play::parse_cell(&to).unwrap();
            path.push(board.vertex(mr - 1, mc - 1).unwrap());
            session.play(&to).unwrap();
            computer_to_move = !computer_to_move;
        }
        games += 1;
    }
    assert!(games > 100 && won > 30, "{games} {won}");
}

/// Runs `grundy play ARGS` with `input` on stdin; returns (status, stdout, stderr).
fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    run_grundy(&all, input.as_bytes())
}

#[test]
fn the_terminal_game_plays_through_a_pipe() {
    // the computer moves first from a win and wins whatever we type
    let (code, out, _) = play(&["--first", "computer", "nim 1 2 4"], &"1\n".repeat(10));
    assert_eq!(code, 0);
    assert!(out.contains("Computer (wins): plays nim 1 2 3"), "{out}");
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");

    // a first position out of reach: one line, exit 2, nothing printed before it
    let (code, out, err) = play(
        &[
            "--misere",
            "--max-states",
            "100",
            "octal 0.07 20 + wythoff 6 9",
        ],
        "quit\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("grundy: state limit reached"), "{err}");

    // hint, a bad number, a position typed, undo, quit
    let (code, out, _) = play(&["nim 1 2"], "hint\n9\nnim 1 1\nundo\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("You win from here."), "{out}");
    assert!(out.contains("nim 1 1                        win"), "{out}");
    assert!(
        out.contains("No move 9: the moves are numbered 1 to 3."),
        "{out}"
    );
    assert!(out.contains("Computer (loses): plays nim 1"), "{out}");
    assert!(out.contains("Taken back."), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");

    // a long list is paged
    let (_, out, _) = play(&["nim 100"], "more\nquit\n");
    assert!(out.contains("... 80 more: type 'more'"), "{out}");
    assert!(out.contains(" 40) nim 60"), "{out}");
    assert!(!out.contains(" 41) "), "{out}");

    // the input ends: a quiet stop
    let (code, out, _) = play(&["wythoff 3 5"], "");
    assert_eq!(code, 0);
    assert!(out.contains("(input ended)"), "{out}");

    // errors before the game: one line, exit 2
    let (code, out, err) = play(&["nim x"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = play(&["--grid", "/no/such/board", "--from", "1,1"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("grundy: cannot read /no/such/board"),
        "{err}"
    );
}

/// A board whose canonical form is far too large (6 x 6 Domineering: minutes and a gigabyte)
/// is played at once by the outcome search: the first player's win and winning moves shown,
/// no values.
#[test]
fn a_board_too_large_to_value_is_played_by_search() {
    let board = "domineering ....../....../....../....../....../......";
    let (code, out, err) = play(&["--as", "left", board], "hint\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("too large to value: played by search"),
        "{out}"
    );
    assert!(out.contains("You win from here."), "{out}");
    let wins = out.lines().filter(|l| l.ends_with(" win")).count();
    assert!(wins >= 1, "{out}");
    assert!(!out.contains("(value"), "{out}");
}

/// The end of a partizan and of a loopy game in the terminal: the player without a move is
/// named and loses.
#[test]
fn partizan_and_loopy_games_end_when_a_player_has_no_move() {
    // {1|-1}: Left's vertical domino leaves Right no move
    let (code, out, err) = play(&["--as", "left", "domineering ../.."], "1\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": Right has no move. You win."), "{out}");
    // over = {0|pass}: Left moves to 0 and Right, to move there, has none
    let (code, out, err) = play(&["--as", "right", "--first", "left", "{0|pass}"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Position 0: Right has no move. The computer wins."),
        "{out}"
    );
}

#[test]
fn the_terminal_game_on_a_board_and_a_graph() {
    let dir = std::env::temp_dir().join(format!("grundy-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.txt");
    std::fs::write(&board, "3 3\n...\n.#.\n...\n").unwrap();
    // from a corner of the ring of 8 cells the mover wins; we take the first move each time
    let (code, out, _) = play(
        &["--grid", board.to_str().unwrap(), "--from", "1,1"],
        &"1\n".repeat(8),
    );
    assert_eq!(code, 0);
    assert!(out.trim_end().ends_with("You win."), "{out}");
    // the computer first, from the same corner: it wins
    let (_, out, _) = play(
        &[
            "--grid",
            board.to_str().unwrap(),
            "--from",
            "1,1",
            "--first",
            "computer",
        ],
        &"1\n".repeat(8),
    );
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");

    // a chain a -> b -> c: from a the mover loses in 2
    let graph = dir.join("graph.json");
    std::fs::write(&graph, r#"{"moves": {"a": ["b"], "b": ["c"], "c": []}}"#).unwrap();
    let (code, out, _) = play(
        &["--graph", graph.to_str().unwrap(), "--from", "a"],
        "hint\n1\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("You lose in 2 from here."), "{out}");
    assert!(out.contains("(remoteness 1)"), "{out}");
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Misère play of many heaps of one octal game: `play` answers through the same analyser as
/// `solve` (the misère quotient), so every sum `solve --misere` answers is played. Small sums
/// against exhaustive search (every move's result and the pick), larger ones against `solve`.
#[test]
fn play_misere_answers_what_solve_misere_answers() {
    use grundy::solve_expression;
    let mut rng = Rng::new(2424);
    let mut brute = Brute::new();
    let opts = options(Convention::Misere, 4_000_000);
    for _ in 0..25 {
        // six to eight heaps: the quotient answers at once, as in `solve`
        let code = common::random_octal_code(&mut rng, 2);
        let heaps: Vec<String> = (0..rng.range(6, 8))
            .map(|_| format!("octal {code} {}", rng.range(1, 4)))
            .collect();
        let expr = heaps.join(" + ");
        let mut session = Session::from_sum(&expr, &opts).unwrap();
        check_state(&session.state(10_000).unwrap(), true, &mut brute);
    }
    for (code, largest) in [("0.75", 16), ("0.77", 14), ("4.7", 10)] {
        let expr: Vec<String> = (1..=largest).map(|n| format!("octal {code} {n}")).collect();
        let expr = expr.join(" + ");
        let report = solve_expression(&expr, &opts).unwrap();
        let mut session = Session::from_sum(&expr, &opts).unwrap();
        let state = session.state(10_000).unwrap();
        assert_eq!(state.outcome, report.outcome, "{expr}");
        let mut winning: Vec<&str> = state
            .moves
            .iter()
            .filter(|m| m.result == MoveResult::Win)
            .map(|m| m.to.as_str())
            .collect();
        winning.sort_unstable();
        let mut want: Vec<&str> = report.winning_moves.iter().map(String::as_str).collect();
        want.sort_unstable();
        assert_eq!(winning, want, "{expr}");
        for m in state.moves.iter().step_by(7).take(10) {
            let after = solve_expression(&m.to, &opts).unwrap();
            assert_eq!(m.result, MoveResult::of_reaching(after.outcome), "{}", m.to);
        }
    }
}

/// One session for every kind of game (`grundy::app::session`): the kind chosen from the
/// text, and perfect play by both sides (the computer's pick each turn) ends as the first
/// turn's verdict says: the player to move at the start wins a won position, loses a lost one.
#[test]
fn one_session_plays_every_kind_of_game_to_its_verdict() {
    use grundy::app::session::{open_session, GameKind, SessionOptions};
    use grundy::app::value::ValueOptions;
    let options = |left_first: bool, misere: bool| SessionOptions {
        solve: grundy::SolveOptions {
            convention: grundy::Convention::from_misere(misere),
            ..grundy::SolveOptions::default()
        },
        value: ValueOptions::default(),
        left_first,
    };
    for (text, left_first, kind, first_wins) in [
        ("nim 1 2 + wythoff 1 2", true, "impartial", true),
        ("nim 1 1 + bash 2 4", true, "impartial", true),
        ("nim 2 2", true, "impartial", false),
        ("domineering ../..", true, "partizan", true),
        ("{1|-1} + hackenbush LR", false, "partizan", true),
        ("hackenbush L + clobber xo", false, "partizan", false),
        ("backsliding T.F", true, "loopy", false),
        ("backsliding .TF", false, "loopy", true),
    ] {
        let mut session = open_session(text, &options(left_first, false)).unwrap();
        let found = match session.kind() {
            GameKind::Impartial { .. } => "impartial",
            GameKind::Partizan { .. } => "partizan",
            GameKind::Loopy => "loopy",
        };
        assert_eq!(found, kind, "{text}");
        let start = session.turn(100).unwrap();
        assert_eq!(
            start.result,
            if first_wins {
                MoveResult::Win
            } else {
                MoveResult::Lose
            },
            "{text}"
        );
        assert_eq!(start.left_to_move.is_some(), kind != "impartial", "{text}");
        let mut plies = 0;
        loop {
            let turn = session.turn(100).unwrap();
            if turn.over {
                break;
            }
            let pick = turn.computer.expect("a pick");
            // the computer's pick keeps the mover's verdict
            assert_eq!(
                turn.moves[pick].result, turn.result,
                "{text}: {}",
                turn.position
            );
            session.play(&turn.moves[pick].to.clone()).unwrap();
            plies += 1;
            assert!(plies < 100, "{text}: no end");
        }
        assert_eq!(session.moves_played(), plies);
        // normal play: the player with no move loses, so the first player won iff the plies
        // are odd
        assert_eq!(plies % 2 == 1, first_wins, "{text}");
        // and every move taken back
        while session.undo().unwrap() {}
        assert_eq!(session.moves_played(), 0);
        assert_eq!(session.turn(100).unwrap().position, start.position);
    }
    // misère play of a partizan or loopy sum: refused in one line
    for text in ["domineering ../..", "backsliding T.F"] {
        let e = open_session(text, &options(true, true))
            .err()
            .expect("refused");
        assert!(e.to_string().contains("misère play"), "{e}");
    }
}
