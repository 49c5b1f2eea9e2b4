//! NoGo (MCGS's `nogo`): the players place stones, Left `x` and Right `o`, on empty cells
//! (`.`; `#` blocked), never so that afterwards some group of either colour has no liberty:
//! no capture and no suicide. A group is a set of stones of one colour joined orthogonally; its
//! liberties are the empty cells next to it. Written `nogo ../..`.
//!
//! A position splits into independent parts: its empty cells joined when next to each other
//! or liberties of one group, each with its groups (`independent_parts`); on a strip, where
//! unlike stones meet, a run of stones counting as one stone (`split_strip`).

use crate::error::Result;
use crate::games::cells::{CharBoard, Symmetry, STEPS};
use crate::games::partizan_game::{PartizanGame, PartizanSyntax};
use crate::games::syntax::{error, ParseContext, Word};
use crate::partizan::PartizanRules;

/// NoGo's value is kept by the board's eight symmetries and negated by swapping the colours.
const SYMMETRY: Symmetry = Symmetry {
    transpose_negates: false,
    swap_negates: true,
};

/// Pushes on `out` the independent pieces of a strip of cells (a region one cell wide, its
/// cells in order, no `#`), each normalised, those with an empty cell only. On a strip a
/// group is a run of stones of one colour, and its liberties are the cells at its two ends:
/// - a run is worth one stone (the same liberties, the same moves): runs are shortened to
///   one stone;
/// - where a stone of one colour stands next to one of the other, neither group's liberty
///   is on the other's side: no move on one side changes which moves are legal on the
///   other, and the strip is the sum of the two sides, each ending at that stone (the
///   other stone is to it as the strip's end is). This is the "XO split" of the 1 x n
///   studies (Shan; MCGS's `nogo_1xn`).
///
/// O(cells).
fn split_strip(cells: &[u8], out: &mut Vec<(CharBoard, bool)>) {
    let mut piece: Vec<u8> = Vec::with_capacity(cells.len());
    let mut push = |piece: &mut Vec<u8>| {
        if piece.contains(&b'.') {
            out.push(least_strip(piece));
        }
        piece.clear();
    };
    for &ch in cells {
        match (piece.last(), ch) {
            (Some(&last), b'x' | b'o') if last == ch => {}
            (Some(&last), b'x' | b'o') if last != b'.' => {
                push(&mut piece);
                piece.push(ch);
            }
            _ => piece.push(ch),
        }
    }
    push(&mut piece);
}

/// [`CharBoard::normalised`] of the strip `1 x n` of `cells` (no `#`) under NoGo's
/// symmetries, by the only four images a strip has: itself, reversed, and those two with the
/// colours swapped (negated). The first least in that order, as `normalised` finds it. O(n).
fn least_strip(cells: &[u8]) -> (CharBoard, bool) {
    let swap = |ch: u8| match ch {
        b'x' => b'o',
        b'o' => b'x',
        ch => ch,
    };
    let n = cells.len();
    // the image (reversed, swapped)'s cell i
    let glyph = |(reversed, swapped): (bool, bool), i: usize| {
        let ch = cells[if reversed { n - 1 - i } else { i }];
        if swapped {
            swap(ch)
        } else {
            ch
        }
    };
    let less = |a, b| {
        (0..n)
            .map(|i| glyph(a, i).cmp(&glyph(b, i)))
            .find(|o| o.is_ne())
            .is_some_and(|o| o.is_lt())
    };
    let mut best = (false, false);
    for image in [(false, true), (true, false), (true, true)] {
        if less(image, best) {
            best = image;
        }
    }
    let strip = CharBoard {
        rows: 1,
        cols: n as u8,
        cells: (0..n).map(|i| glyph(best, i)).collect(),
    };
    (strip, best.1)
}

/// The independent parts of a NoGo position: its empty cells, joined when next to each other
/// or liberties of one group, each set with the groups whose liberties it holds, as a board
/// of its own (its bounding box, every other cell `#`), in reading order of their first
/// cells.
///
/// A move on an empty cell changes the legality of a move elsewhere only through the cells
/// next to it and the groups it touches: so two empty cells neither next to each other nor
/// liberties of one group, nor joined by a chain of such, never affect each other's moves,
/// and the position is the sum of its parts. Every group has a liberty, so every stone lies
/// in one part; a part's empty cells' neighbours are in the part or blocked, so the part
/// alone has the same moves. Play only splits parts further (a stone joins the groups it
/// touches, which were in its part). On a strip this is the split where unlike stones meet.
///
/// **Complexity**: O(cells α(cells)).
fn independent_parts(board: &CharBoard) -> Vec<CharBoard> {
    let labels = part_labels(board);
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        if let Some(k) = *label {
            if k == parts.len() {
                parts.push(Vec::new());
            }
            parts[k].push(i);
        }
    }
    parts
        .iter()
        .map(|members| board.cut(members.iter().copied()))
        .collect()
}

/// Each cell's part in [`independent_parts`] (parts numbered from 0 in reading order of their
/// first cells), `None` for a blocked cell. O(cells α(cells)).
fn part_labels(board: &CharBoard) -> Vec<Option<usize>> {
    let n = board.cells.len();
    let (rows, cols) = (board.rows as usize, board.cols as usize);
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let neighbours = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        [
            (r > 0).then(|| i - cols),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    };
    // empty cells next to each other
    for i in 0..n {
        if board.cells[i] == b'.' {
            for j in neighbours(i) {
                if board.cells[j] == b'.' {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
    }
    // each group's liberties, joined; the group's stones go with them (a stone's part is
    // the root of its group's first liberty)
    const LEFT_OUT: usize = usize::MAX - 1;
    let mut part_of = vec![usize::MAX; n];
    let mut stack = Vec::new();
    let mut group = Vec::new();
    for start in 0..n {
        let colour = board.cells[start];
        if part_of[start] != usize::MAX || !matches!(colour, b'x' | b'o') {
            continue;
        }
        group.clear();
        part_of[start] = 0;
        stack.push(start);
        let mut first = None;
        while let Some(i) = stack.pop() {
            group.push(i);
            for j in neighbours(i) {
                match board.cells[j] {
                    b'.' => match first {
                        None => first = Some(j),
                        Some(f) => {
                            let (a, b) = (root(&mut parent, f), root(&mut parent, j));
                            parent[a] = b;
                        }
                    },
                    ch if ch == colour && part_of[j] == usize::MAX => {
                        part_of[j] = 0;
                        stack.push(j);
                    }
                    _ => {}
                }
            }
        }
        // (a position read or reached by legal moves has no group without a liberty; such a
        // group would touch no empty cell, so no move, and is left out)
        let liberty = first.unwrap_or(LEFT_OUT);
        for &i in &group {
            part_of[i] = liberty;
        }
    }
    // parts numbered in reading order of their first cells
    let mut labels = vec![None; n];
    let mut numbers: Vec<(usize, usize)> = Vec::new();
    for i in 0..n {
        let anchor = match board.cells[i] {
            b'.' => i,
            b'x' | b'o' if part_of[i] != LEFT_OUT => part_of[i],
            _ => continue,
        };
        let r = root(&mut parent, anchor);
        let k = match numbers.iter().find(|(root, _)| *root == r) {
            Some(&(_, k)) => k,
            None => {
                numbers.push((r, numbers.len()));
                numbers.len() - 1
            }
        };
        labels[i] = Some(k);
    }
    labels
}

/// The rules of NoGo; a position is the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoGo;

/// Whether every group of stones on `board` has a liberty. O(cells). (The rule as written,
/// which the tests check [`may_place`] against.)
#[cfg(test)]
fn every_group_breathes(board: &CharBoard) -> bool {
    breathless_group(board).is_none()
}

/// A cell (row, column) of the first group of stones on `board` with no liberty. O(cells).
fn breathless_group(board: &CharBoard) -> Option<(i64, i64)> {
    let n = board.cells.len();
    let cols = board.cols as i64;
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for start in 0..n {
        let colour = board.cells[start];
        if seen[start] || !matches!(colour, b'x' | b'o') {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut breathes = false;
        while let Some(i) = stack.pop() {
            let (r, c) = (i as i64 / cols, i as i64 % cols);
            for (dr, dc) in STEPS {
                match board.at(r + dr, c + dc) {
                    Some(b'.') => breathes = true,
                    Some(ch) if ch == colour => {
                        let j = ((r + dr) * cols + c + dc) as usize;
                        if !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                    _ => {}
                }
            }
        }
        if !breathes {
            return Some((start as i64 / cols, start as i64 % cols));
        }
    }
    None
}

/// Whether placing a stone of colour `me` on the empty cell `at` of `board`, a NoGo position
/// (every group has a liberty), leaves every group a liberty. Only the groups the stone
/// touches can lose their last liberty, the cell itself: so only the stone's own group
/// (joined with its neighbours of its colour) and the opponent's groups next to it are
/// walked. `stamp` marks the cells a walk has seen (one mark per walk, never cleared).
/// O(the cells of those groups).
fn may_place(board: &CharBoard, at: usize, me: u8, stamp: &mut Stamps) -> bool {
    let cols = board.cols as i64;
    let (r, c) = (at as i64 / cols, at as i64 % cols);
    if !group_breathes(board, at, at, me, stamp) {
        return false;
    }
    let other = if me == b'x' { b'o' } else { b'x' };
    STEPS.iter().all(|(dr, dc)| match board.at(r + dr, c + dc) {
        Some(ch) if ch == other => {
            group_breathes(board, ((r + dr) * cols + c + dc) as usize, at, me, stamp)
        }
        _ => true,
    })
}

/// Marks of the cells a walk has seen: a cell is seen when its mark is the walk's.
struct Stamps {
    marks: Vec<u32>,
    walk: u32,
    stack: Vec<usize>,
}

impl Stamps {
    fn new(cells: usize) -> Stamps {
        Stamps {
            marks: vec![0; cells],
            walk: 0,
            stack: Vec::new(),
        }
    }
}

/// Whether the group of the stone on `start` has a liberty once a stone of colour `me` stands
/// on the empty cell `placed`.
fn group_breathes(
    board: &CharBoard,
    start: usize,
    placed: usize,
    me: u8,
    stamp: &mut Stamps,
) -> bool {
    let cell = |i: usize| if i == placed { me } else { board.cells[i] };
    let cols = board.cols as i64;
    let colour = cell(start);
    stamp.walk += 1;
    let walk = stamp.walk;
    stamp.stack.clear();
    stamp.stack.push(start);
    stamp.marks[start] = walk;
    while let Some(i) = stamp.stack.pop() {
        let (r, c) = (i as i64 / cols, i as i64 % cols);
        for (dr, dc) in STEPS {
            if board.at(r + dr, c + dc).is_none() {
                continue;
            }
            let j = ((r + dr) * cols + c + dc) as usize;
            let ch = cell(j);
            if ch == b'.' {
                return true;
            }
            if ch == colour && stamp.marks[j] != walk {
                stamp.marks[j] = walk;
                stamp.stack.push(j);
            }
        }
    }
    false
}

impl PartizanRules for NoGo {
    type Position = CharBoard;

    /// Its unblocked cells.
    fn size(&self, board: &CharBoard) -> usize {
        board.cells.iter().filter(|&&ch| ch != b'#').count()
    }

    /// Its independent parts (`independent_parts`; on a strip, `split_strip`), each up to
    /// symmetry.
    fn split(&self, board: &CharBoard, out: &mut Vec<(CharBoard, bool)>) {
        if board.rows == 1 || board.cols == 1 {
            for region in board.regions(|ch| ch != b'#', false) {
                split_strip(&region.cells, out);
            }
            return;
        }
        for part in independent_parts(board) {
            if (part.rows == 1 || part.cols == 1) && !part.holds(b'#') {
                split_strip(&part.cells, out);
            } else {
                out.push(part.normalised(SYMMETRY));
            }
        }
    }

    /// The empty cells where a stone of the mover's leaves every group a liberty, by
    /// `may_place` (the groups next to the cell only).
    fn options(&self, board: &CharBoard, left: bool, out: &mut Vec<CharBoard>) {
        let me = if left { b'x' } else { b'o' };
        let mut stamp = Stamps::new(board.cells.len());
        for (r, c, ch) in board.each() {
            let at = (r * board.cols as i64 + c) as usize;
            if ch == b'.' && may_place(board, at, me, &mut stamp) {
                out.push(board.with(&[(r, c, me)]));
            }
        }
    }
}

impl PartizanGame for NoGo {
    type Rules = NoGo;
    type Part = CharBoard;

    const SYNTAX: PartizanSyntax = PartizanSyntax {
        keyword: "nogo",
        usage: "nogo BOARD",
        cells: "xo.#",
        one_row: false,
        summary: "NoGo: place a stone so that every group of either colour keeps a liberty: no capture, no suicide (x Left, o Right, . empty, # blocked)",
        examples: &["nogo ../..", "nogo x../..o"],
    };

    const PLAYERS: [&'static str; 2] = ["x stones", "o stones"];

    fn read(name: Word, args: &[Word], _: &mut ParseContext) -> Result<Option<CharBoard>> {
        let what = "'x' (Left), 'o' (Right), '.' (empty) or '#' (blocked)";
        let board = CharBoard::read(name, args, Self::SYNTAX.usage, "xo.#", what)?;
        // no move leaves a group without a liberty, so no NoGo position has one
        if let Some((r, c)) = breathless_group(&board) {
            let stones = if board.at(r, c) == Some(b'x') {
                'x'
            } else {
                'o'
            };
            return Err(error(
                args[0].column,
                format!(
                    "the group of {stones} stones at the board's row {}, column {} has no liberty (no empty cell next to it), which no NoGo position has",
                    r + 1,
                    c + 1
                ),
            ));
        }
        Ok(Some(board))
    }

    crate::games::cells::char_board_part!();

    /// The empty board.
    fn start(rows: u64, cols: u64) -> Option<Result<CharBoard>> {
        Some(CharBoard::filled(rows, cols, b'.'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    #[test]
    fn a_move_in_one_part_changes_no_moves_of_another() {
        // the claim independent_parts rests on, checked by the rule itself: after any legal
        // move, every empty cell of the other parts is legal for the same colours as
        // before, and the other parts are parts still, with the same cells
        let mut rng = Xorshift(0x7061_7274);
        let (mut split, mut moves) = (0, 0);
        let legal = |board: &CharBoard, at: usize, me: u8| {
            let cols = board.cols as usize;
            let (r, c) = ((at / cols) as i64, (at % cols) as i64);
            every_group_breathes(&board.with(&[(r, c, me)]))
        };
        // each part's cells
        let members = |labels: &[Option<usize>]| {
            let mut parts: Vec<Vec<usize>> = Vec::new();
            for (i, label) in labels.iter().enumerate() {
                if let Some(k) = *label {
                    parts.resize(parts.len().max(k + 1), Vec::new());
                    parts[k].push(i);
                }
            }
            parts
        };
        for _ in 0..6000 {
            let (rows, cols) = (2 + rng.below(3), 2 + rng.below(4));
            let mut board = CharBoard::filled(rows, cols, b'.').unwrap();
            for cell in board.cells.iter_mut() {
                *cell = b"xo..xo.#"[rng.below(8) as usize];
            }
            if !every_group_breathes(&board) {
                continue;
            }
            let labels = part_labels(&board);
            for (i, &ch) in board.cells.iter().enumerate() {
                assert_eq!(labels[i].is_some(), ch != b'#', "{board:?}");
            }
            let parts = members(&labels);
            split += (parts.len() > board.regions(|ch| ch != b'#', false).len()) as u32;
            let cols = cols as usize;
            for p in (0..board.cells.len()).filter(|&i| board.cells[i] == b'.') {
                for me in [b'x', b'o'] {
                    if !legal(&board, p, me) {
                        continue;
                    }
                    moves += 1;
                    let after = board.with(&[((p / cols) as i64, (p % cols) as i64, me)]);
                    let parts_after = members(&part_labels(&after));
                    for part in parts.iter().filter(|part| !part.contains(&p)) {
                        assert!(parts_after.contains(part), "{board:?}: {p} {me}");
                        for &q in part.iter().filter(|&&q| board.cells[q] == b'.') {
                            for them in [b'x', b'o'] {
                                assert_eq!(
                                    legal(&after, q, them),
                                    legal(&board, q, them),
                                    "{board:?}: {p} then {q}"
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(
            split > 200 && moves > 20_000,
            "{split} boards split further than their regions, {moves} moves"
        );
    }

    #[test]
    fn a_strips_least_image_is_the_boards_least_image() {
        let mut rng = Xorshift(0x5747_1e57);
        let mut negated = 0;
        for _ in 0..3000 {
            let n = 1 + rng.below(9) as usize;
            let cells: Vec<u8> = (0..n).map(|_| b"xo.."[rng.below(4) as usize]).collect();
            let board = CharBoard {
                rows: 1,
                cols: n as u8,
                cells: cells.as_slice().into(),
            };
            let (least, negative) = least_strip(&cells);
            let expected = board.normalised(SYMMETRY);
            negated += negative as u32;
            assert_eq!((least, negative), expected, "{board:?}");
        }
        assert!(negated > 500, "{negated} negated");
    }

    #[test]
    fn the_local_test_of_a_move_agrees_with_every_group_of_the_board() {
        let mut rng = Xorshift(0x6e6f_676f);
        let (mut legal, mut illegal) = (0, 0);
        for _ in 0..3000 {
            let rows = 1 + rng.below(4);
            let cols = 1 + rng.below(6);
            let mut board = CharBoard::filled(rows, cols, b'.').unwrap();
            for cell in board.cells.iter_mut() {
                *cell = b"xo..#"[rng.below(5) as usize];
            }
            if !every_group_breathes(&board) {
                continue;
            }
            let mut stamp = Stamps::new(board.cells.len());
            for (r, c, ch) in board.each() {
                if ch != b'.' {
                    continue;
                }
                for me in [b'x', b'o'] {
                    let at = (r * cols as i64 + c) as usize;
                    let whole = every_group_breathes(&board.with(&[(r, c, me)]));
                    assert_eq!(
                        may_place(&board, at, me, &mut stamp),
                        whole,
                        "{board:?} {r} {c}"
                    );
                    if whole {
                        legal += 1;
                    } else {
                        illegal += 1;
                    }
                }
            }
        }
        assert!(
            legal > 1000 && illegal > 1000,
            "{legal} legal, {illegal} illegal"
        );
    }
}
