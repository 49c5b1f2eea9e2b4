//! The judge's format of the board of LibreOJ 6033, then the matching on small boards.
#![no_main]
use grundy_contests::board_game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(board) = board_game::read(data) {
        if board.free_count() <= 4096 {
            let out = board_game::answer(&board, false);
            let count: usize = out.lines().next().unwrap().parse().unwrap();
            assert_eq!(out.lines().count(), count + 1);
        }
    }
});
