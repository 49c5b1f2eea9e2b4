//! Every reader of grundy's own formats on random bytes and on near-valid inputs (valid ones
//! with a few bytes changed, cut or repeated): an answer or one error line, never a panic.

use grundy::app::geography::geography_report;
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::app::table::Family;
use grundy::SolveOptions;
use proptest::prelude::*;

/// Valid inputs of each reader, the seeds of the near-valid ones.
const EXPRESSIONS: [&str; 6] = [
    "nim 3 4 5 + wythoff 3 5",
    "octal 0.07 20 + subtract 1,3,4 9",
    "fibnim 10 3 + staircase 1 2",
    "split 3 4 + bash 2 7",
    "flip ox/x. r1 + moore 2 1 2",
    "cutting 2 3 + 0",
];
const GRAPHS: [&str; 3] = ["3 3\n1 2\n2 3\n3 1\n", "# c\n4 2\n1 2\n3 4\n", "2 0\n"];
const BOARDS: [&str; 2] = ["2 3\n.#.\n...\n", "1 1\n.\n"];
const GAME_GRAPHS: [&str; 3] = [
    "5 5\n1 2\n2 3\n4 5\n5 4\n4 2\n",
    "{\"moves\": {\"a\": [\"b\", \"a\"], \"b\": [\"c\"]}}",
    "# c\r\n2 1\r\n1 1\r\n",
];
/// The judges' samples of the contest formats.
const HANAFUDA: [&str; 2] = [
    include_str!("../crates/contests/tests/samples/hanafuda/sample-1.in"),
    include_str!("../crates/contests/tests/samples/hanafuda/sample-2.in"),
];
const BOARD_GAME: [&str; 2] = [
    include_str!("../crates/contests/tests/samples/board_game/sample-1.in"),
    include_str!("../crates/contests/tests/samples/board_game/sample-2.in"),
];
const SHEETS: [&str; 2] = [
    include_str!("../crates/contests/tests/samples/split_game/sample-1.in"),
    include_str!("../crates/contests/tests/samples/cutting_game/sample-1.in"),
];
const GAME_ON_SUM: [&str; 1] = [include_str!(
    "../crates/contests/tests/samples/game_on_sum/sample-1.in"
)];
const TAVAS: [&str; 3] = [
    include_str!("../crates/contests/tests/samples/tavas/sample-1.in"),
    include_str!("../crates/contests/tests/samples/tavas/sample-2.in"),
    include_str!("../crates/contests/tests/samples/tavas/sample-3.in"),
];
const LINE_FLIP: [&str; 1] = [include_str!(
    "../crates/contests/tests/samples/line_flip/sample-1.in"
)];
const FAMILIES: [&str; 5] = ["octal 0.07", "subtract 1,3,4", "bash 3", "wythoff", "split"];

/// Small options, so that whatever parses is cheap to solve.
fn small() -> SolveOptions {
    SolveOptions {
        max_states: 20_000,
        max_moves: 50,
        ..SolveOptions::default()
    }
}

/// A valid input with up to four edits: a byte replaced, inserted, removed, or the input cut.
fn near(seeds: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (
        0..seeds.len(),
        proptest::collection::vec((0usize..64, any::<u8>(), 0u8..4), 0..4),
    )
        .prop_map(move |(i, edits)| {
            let mut bytes = seeds[i].as_bytes().to_vec();
            for (at, byte, kind) in edits {
                let at = at % (bytes.len() + 1);
                match kind {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 => bytes.insert(at, byte),
                    2 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.truncate(at),
                }
            }
            bytes
        })
}

/// Errors are one line.
fn one_line<T>(result: grundy::Result<T>) {
    if let Err(e) = result {
        assert!(!e.to_string().contains('\n'), "{e}");
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn expressions(bytes in prop_oneof![proptest::collection::vec(any::<u8>(), 0..40), near(&EXPRESSIONS)]) {
        one_line(grundy::solve_expression(&text(&bytes), &small()));
    }

    #[test]
    fn geography_files(bytes in prop_oneof![proptest::collection::vec(any::<u8>(), 0..40), near(&GRAPHS), near(&BOARDS)]) {
        one_line(geography_report(&bytes, false, Some("1"), &grundy::Cancel::new()));
        one_line(geography_report(&bytes, true, Some("1,1"), &grundy::Cancel::new()));
    }

    #[test]
    fn game_graph_files(bytes in prop_oneof![proptest::collection::vec(any::<u8>(), 0..40), near(&GAME_GRAPHS)]) {
        // headers announcing millions of positions are legal: keep the cases small
        let header_ok = text(&bytes).split_whitespace().all(|w| w.len() < 6);
        if header_ok {
            let options = GraphOptions { positions: true, from: Some("1".into()), ..GraphOptions::default() };
            one_line(graph_report(&bytes[..], &options));
        }
    }

    #[test]
    fn contest_formats(bytes in prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..40),
        near(&HANAFUDA), near(&BOARD_GAME), near(&SHEETS), near(&GAME_ON_SUM), near(&TAVAS),
        near(&LINE_FLIP),
    ]) {
        use grundy_contests::*;
        // numbers of more than 3 digits could ask for big tables or long sums: readers only
        let small_numbers = text(&bytes).split_whitespace().all(|w| w.len() <= 3);
        one_line(hanafuda::read(&bytes));
        one_line(tavas::read(&bytes));
        one_line(line_flip::read(&bytes));
        one_line(board_game::read(&bytes));
        one_line(split_game::read(&bytes));
        one_line(cutting_game::read(&bytes));
        one_line(game_on_sum::read(&bytes));
        if small_numbers {
            one_line(hanafuda::solve(&bytes));
            one_line(tavas::solve(&bytes));
            one_line(line_flip::solve(&bytes));
            one_line(board_game::solve(&bytes, true));
            one_line(split_game::solve(&bytes));
            one_line(cutting_game::solve(&bytes));
            one_line(game_on_sum::solve(&bytes));
        }
    }

    #[test]
    fn table_families(bytes in prop_oneof![proptest::collection::vec(any::<u8>(), 0..20), near(&FAMILIES)]) {
        one_line(Family::parse(&text(&bytes)));
    }
}

/// Regression: a family written over several lines was echoed with its line breaks, so the
/// error took several lines.
#[test]
fn family_errors_are_one_line_whatever_the_white_space() {
    let e = Family::parse("foo\n0.07\r\n").unwrap_err().to_string();
    assert_eq!(
        e,
        "family 'foo 0.07': unknown family 'foo' (expected octal CODE, hex CODE, grundys, subtract S, bash M, wythoff, split, cutting, cram, chomp, domineering, cutcake, clobber, snort, col, cannibal, fission, konane, nogo, amazons)"
    );
}

/// Regression: a used-lines list of `flip` starting with a character of several bytes split
/// inside it and panicked.
#[test]
fn flip_used_lines_starting_with_a_multibyte_character() {
    let e = grundy::parse_sum("flip ox/x. é1").unwrap_err().to_string();
    assert!(e.contains("'é1' is not a line"), "{e}");
}
