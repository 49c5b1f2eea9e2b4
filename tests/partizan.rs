//! Partizan games against plain searches written here from the definitions: game trees
//! compared by Conway's recursive rule, outcomes by playing the tree out, and each game's
//! moves generated afresh from its rules on unsplit, unnormalised positions.

mod common;

use grundy::app::partizan_solve::solve_partizan;
use grundy::app::value::{value_expression, ValueOptions};
use grundy::partizan::{Dyadic, Forms, GameId, PartizanOutcome};
use std::collections::HashMap;
use std::rc::Rc;

/// A game tree written out in full: `{left | right}`.
#[derive(Debug)]
struct Tree {
    left: Vec<Rc<Tree>>,
    right: Vec<Rc<Tree>>,
}

/// Conway's definition, plain recursion: G <= H iff no G^L >= H and no H^R <= G.
fn leq(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| leq(h, gl)) && !h.right.iter().any(|hr| leq(hr, g))
}

fn equal(g: &Tree, h: &Tree) -> bool {
    leq(g, h) && leq(h, g)
}

/// The sum tree, by the definition.
fn sum(g: &Rc<Tree>, h: &Rc<Tree>) -> Rc<Tree> {
    let mut left: Vec<Rc<Tree>> = g.left.iter().map(|l| sum(l, h)).collect();
    left.extend(h.left.iter().map(|l| sum(g, l)));
    let mut right: Vec<Rc<Tree>> = g.right.iter().map(|r| sum(r, h)).collect();
    right.extend(h.right.iter().map(|r| sum(g, r)));
    Rc::new(Tree { left, right })
}

/// Whether the player to move wins, playing the tree out.
fn mover_wins(g: &Tree, left_to_move: bool) -> bool {
    let options = if left_to_move { &g.left } else { &g.right };
    options.iter().any(|o| !mover_wins(o, !left_to_move))
}

/// The canonical form's game tree, expanded from the arena.
fn expand(forms: &mut Forms, g: GameId) -> Rc<Tree> {
    let (l, r) = forms.options(g);
    Rc::new(Tree {
        left: l.iter().map(|&o| expand(forms, o)).collect(),
        right: r.iter().map(|&o| expand(forms, o)).collect(),
    })
}

/// A seeded generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random game of depth at most `depth`, as a tree and as a form of `forms` (built with
/// `make` from its options' forms). With `all_small`, every node has moves for both or none.
fn random_game(
    rng: &mut Rng,
    forms: &mut Forms,
    depth: u32,
    all_small: bool,
) -> (Rc<Tree>, GameId) {
    let leaf = depth == 0 || rng.below(4) == 0;
    let (mut nl, mut nr) = if leaf {
        (0, 0)
    } else {
        (rng.below(3), rng.below(3))
    };
    if all_small && (nl == 0) != (nr == 0) {
        nl = nl.max(1);
        nr = nr.max(1);
    }
    let side = |n: u64, rng: &mut Rng, forms: &mut Forms| {
        (0..n)
            .map(|_| random_game(rng, forms, depth.saturating_sub(1), all_small))
            .collect::<Vec<_>>()
    };
    let l = side(nl, rng, forms);
    let r = side(nr, rng, forms);
    let tree = Rc::new(Tree {
        left: l.iter().map(|x| x.0.clone()).collect(),
        right: r.iter().map(|x| x.0.clone()).collect(),
    });
    let id = forms
        .make(
            l.iter().map(|x| x.1).collect(),
            r.iter().map(|x| x.1).collect(),
        )
        .unwrap();
    (tree, id)
}

#[test]
fn canonical_forms_equal_their_games_and_equal_games_share_one() {
    let mut rng = Rng(0x5eed_1234);
    let mut forms = Forms::new(1 << 20);
    let games: Vec<(Rc<Tree>, GameId)> = (0..150)
        .map(|_| random_game(&mut rng, &mut forms, 3, false))
        .collect();
    let mut checked_pairs = 0;
    for (tree, id) in &games {
        let canonical = expand(&mut forms, *id);
        assert!(equal(tree, &canonical), "{}", forms.to_string(*id));
        // the outcome class, against playing the tree out
        let expected = match (mover_wins(tree, true), mover_wins(tree, false)) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        };
        assert_eq!(forms.outcome(*id), expected);
        // printed and read back: the same form
        let text = forms.to_string(*id);
        assert_eq!(forms.parse(&text).unwrap(), *id, "{text}");
    }
    for (a, (ta, ia)) in games.iter().enumerate().take(60) {
        for (tb, ib) in games.iter().skip(a).take(40) {
            assert_eq!(forms.leq(*ia, *ib), leq(ta, tb));
            assert_eq!(ia == ib, equal(ta, tb));
            let expected = match (leq(ta, tb), leq(tb, ta)) {
                (true, true) => Some(std::cmp::Ordering::Equal),
                (true, false) => Some(std::cmp::Ordering::Less),
                (false, true) => Some(std::cmp::Ordering::Greater),
                (false, false) => None,
            };
            assert_eq!(forms.compare(*ia, *ib), expected);
            assert_eq!(forms.confused(*ia, *ib), expected.is_none());
            checked_pairs += 1;
        }
    }
    assert!(checked_pairs > 1000);
}

#[test]
fn sums_negatives_and_means_obey_the_laws() {
    let mut rng = Rng(0xabcdef);
    let mut forms = Forms::new(1 << 20);
    let zero = forms.zero();
    for _ in 0..80 {
        let (ta, a) = random_game(&mut rng, &mut forms, 2, false);
        let (tb, b) = random_game(&mut rng, &mut forms, 2, false);
        let (_, c) = random_game(&mut rng, &mut forms, 2, false);
        let ab = forms.add(a, b).unwrap();
        // the sum's canonical form is the sum by the definition
        assert!(equal(&sum(&ta, &tb), &expand(&mut forms, ab)));
        assert_eq!(ab, forms.add(b, a).unwrap());
        let ab_c = forms.add(ab, c).unwrap();
        let bc = forms.add(b, c).unwrap();
        assert_eq!(ab_c, forms.add(a, bc).unwrap());
        assert_eq!(forms.sub(a, a).unwrap(), zero);
        // means add; temperatures of a sum are at most the larger one
        let (ma, mb, mab) = (
            forms.mean(a).unwrap(),
            forms.mean(b).unwrap(),
            forms.mean(ab).unwrap(),
        );
        assert_eq!(ma.checked_add(mb).unwrap(), mab);
        let (t_a, t_b, t_ab) = (
            forms.temperature(a).unwrap(),
            forms.temperature(b).unwrap(),
            forms.temperature(ab).unwrap(),
        );
        assert!(
            t_ab <= t_a.max(t_b),
            "{} {}",
            forms.to_string(a),
            forms.to_string(b)
        );
        // the walls at temperature 0 are the stops
        let th = forms.thermograph(a).unwrap();
        let (ls, rs) = forms.stops(a);
        if t_a >= Dyadic::ZERO {
            assert_eq!(
                th.left.at(Dyadic::ZERO).unwrap(),
                ls,
                "{}",
                forms.to_string(a)
            );
            assert_eq!(th.right.at(Dyadic::ZERO).unwrap(), rs);
        }
        // the reduced form: equal modulo infinitesimals, idempotent, blind to ^
        let r = forms.reduced(a).unwrap();
        assert!(forms.geq_mod_infinitesimals(a, r).unwrap());
        assert!(forms.geq_mod_infinitesimals(r, a).unwrap());
        assert_eq!(forms.reduced(r).unwrap(), r);
        let up = forms.parse("^").unwrap();
        let a_up = forms.add(a, up).unwrap();
        assert_eq!(forms.reduced(a_up).unwrap(), r);
    }
}

#[test]
fn atomic_weights_of_all_small_games_add() {
    let mut rng = Rng(0x77aa);
    let mut forms = Forms::new(1 << 20);
    let mut checked = 0;
    for _ in 0..120 {
        let (_, a) = random_game(&mut rng, &mut forms, 3, true);
        let (_, b) = random_game(&mut rng, &mut forms, 3, true);
        assert!(forms.is_all_small(a));
        let ab = forms.add(a, b).unwrap();
        let (wa, wb, wab) = (
            forms.atomic_weight(a).unwrap().unwrap(),
            forms.atomic_weight(b).unwrap().unwrap(),
            forms.atomic_weight(ab).unwrap().unwrap(),
        );
        let total = forms.add(wa, wb).unwrap();
        assert_eq!(
            total,
            wab,
            "aw({}) + aw({})",
            forms.to_string(a),
            forms.to_string(b)
        );
        checked += 1;
    }
    assert_eq!(checked, 120);
    for (text, aw) in [
        ("^", "1"),
        ("^2*", "2"),
        ("*5", "0"),
        ("v3", "-3"),
        ("^*", "1"),
    ] {
        let g = forms.parse(text).unwrap();
        let w = forms.atomic_weight(g).unwrap().unwrap();
        assert_eq!(forms.to_string(w), aw, "{text}");
    }
    let one = forms.parse("1").unwrap();
    assert_eq!(forms.atomic_weight(one).unwrap(), None);
}

/// The canonical form of a position by a plain search with the moves written here: no split
/// into regions, no symmetry, memoised on the whole position.
fn plain_value<P: Clone + Eq + std::hash::Hash>(
    forms: &mut Forms,
    memo: &mut HashMap<P, GameId>,
    p: &P,
    moves: &dyn Fn(&P, bool) -> Vec<P>,
) -> GameId {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let l: Vec<GameId> = moves(p, true)
        .iter()
        .map(|o| plain_value(forms, memo, o, moves))
        .collect();
    let r: Vec<GameId> = moves(p, false)
        .iter()
        .map(|o| plain_value(forms, memo, o, moves))
        .collect();
    let v = forms.make(l, r).unwrap();
    memo.insert(p.clone(), v);
    v
}

/// Grid moves: cells as a vector of chars.
type Grid = (usize, Vec<u8>);

fn domineering_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let rows = cells.len() / cols;
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..*cols {
            let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
            if r2 < rows
                && c2 < *cols
                && cells[r * cols + c] == b'.'
                && cells[r2 * cols + c2] == b'.'
            {
                let mut next = cells.clone();
                next[r * cols + c] = b'#';
                next[r2 * cols + c2] = b'#';
                out.push((*cols, next));
            }
        }
    }
    out
}

fn clobber_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let rows = cells.len() / cols;
    let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..*cols as i64 {
            if cells[(r * *cols as i64 + c) as usize] != me {
                continue;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < 0 || c2 < 0 || r2 >= rows as i64 || c2 >= *cols as i64 {
                    continue;
                }
                let j = (r2 * *cols as i64 + c2) as usize;
                if cells[j] == them {
                    let mut next = cells.clone();
                    next[(r * *cols as i64 + c) as usize] = b'.';
                    next[j] = me;
                    out.push((*cols, next));
                }
            }
        }
    }
    out
}

/// Snort (`snort`) or Col: a stone of the mover on an empty cell with no orthogonal
/// neighbour of the opponent's colour (Snort) or of the mover's (Col).
fn placement_moves(g: &Grid, left: bool, snort: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let (cols, rows) = (*cols as i64, (cells.len() / cols) as i64);
    let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let barred_by = if snort { them } else { me };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if cells[(r * cols + c) as usize] != b'.' {
                continue;
            }
            let touches = [(0, 1), (0, -1), (1, 0), (-1, 0)].iter().any(|(dr, dc)| {
                let (r2, c2) = (r + dr, c + dc);
                (0..rows).contains(&r2)
                    && (0..cols).contains(&c2)
                    && cells[(r2 * cols + c2) as usize] == barred_by
            });
            if !touches {
                let mut next = cells.clone();
                next[(r * cols + c) as usize] = me;
                out.push((cols as usize, next));
            }
        }
    }
    out
}

/// Cannibal Clobber: the mover's stone onto an adjacent stone of either colour.
fn cannibal_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let (cols, rows) = (*cols as i64, (cells.len() / cols) as i64);
    let me = if left { b'x' } else { b'o' };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if cells[(r * cols + c) as usize] != me {
                continue;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if (0..rows).contains(&r2)
                    && (0..cols).contains(&c2)
                    && cells[(r2 * cols + c2) as usize] != b'.'
                {
                    let mut next = cells.clone();
                    next[(r * cols + c) as usize] = b'.';
                    next[(r2 * cols + c2) as usize] = me;
                    out.push((cols as usize, next));
                }
            }
        }
    }
    out
}

/// Fission: a stone with both cells above and below (Left) or beside (Right) empty splits
/// into them.
fn fission_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let (cols, rows) = (*cols as i64, (cells.len() / cols) as i64);
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    let empty = |r: i64, c: i64| {
        (0..rows).contains(&r) && (0..cols).contains(&c) && cells[(r * cols + c) as usize] == b'.'
    };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if cells[(r * cols + c) as usize] == b'x'
                && empty(r - dr, c - dc)
                && empty(r + dr, c + dc)
            {
                let mut next = cells.clone();
                next[(r * cols + c) as usize] = b'.';
                next[((r - dr) * cols + c - dc) as usize] = b'x';
                next[((r + dr) * cols + c + dc) as usize] = b'x';
                out.push((cols as usize, next));
            }
        }
    }
    out
}

/// Konane: the mover's stone jumps over an adjacent opponent's stone into the empty cell
/// beyond, and on in the same line, each length a move.
fn konane_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let (cols, rows) = (*cols as i64, (cells.len() / cols) as i64);
    let (me, them) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let at = |cells: &Vec<u8>, r: i64, c: i64| {
        ((0..rows).contains(&r) && (0..cols).contains(&c)).then(|| cells[(r * cols + c) as usize])
    };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if cells[(r * cols + c) as usize] != me {
                continue;
            }
            for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut board = cells.clone();
                let (mut r0, mut c0) = (r, c);
                while at(&board, r0 + dr, c0 + dc) == Some(them)
                    && at(&board, r0 + 2 * dr, c0 + 2 * dc) == Some(b'.')
                {
                    board[(r0 * cols + c0) as usize] = b'.';
                    board[((r0 + dr) * cols + c0 + dc) as usize] = b'.';
                    r0 += 2 * dr;
                    c0 += 2 * dc;
                    board[(r0 * cols + c0) as usize] = me;
                    out.push((cols as usize, board.clone()));
                }
            }
        }
    }
    out
}

/// NoGo: a stone on an empty cell after which every group (stones of one colour joined
/// orthogonally) still touches an empty cell.
fn nogo_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let cols = *cols;
    let me = if left { b'x' } else { b'o' };
    // legal when no group is emptied for want of a liberty
    let legal = |b: &Vec<u8>| {
        let mut breathing = b.clone();
        common::nogo_breathing(cols, &mut breathing);
        &breathing == b
    };
    (0..cells.len())
        .filter(|&i| cells[i] == b'.')
        .map(|i| {
            let mut next = cells.clone();
            next[i] = me;
            next
        })
        .filter(|b| legal(b))
        .map(|b| (cols, b))
        .collect()
}

#[test]
fn nogo_strips_split_at_unlike_stones_are_valued_as_the_whole_strip() {
    // NoGo on a strip (a row, or a column) splits where unlike stones meet and counts a run
    // of stones as one: the values must be those of the whole strip by the rules
    let mut rng = Rng(0x6e6f_6731);
    let mut forms = Forms::new(1 << 22);
    let mut memo = HashMap::new();
    let (mut split, mut runs) = (0, 0);
    for _ in 0..600 {
        let len = 1 + rng.below(11) as usize;
        let mut cells: Vec<u8> = (0..len)
            .map(|_| b"xo...xo.#o"[rng.below(10) as usize])
            .collect();
        // half the strips of four cells or more with unlike stones side by side, each free
        if len >= 4 && rng.below(2) == 0 {
            let at = rng.below(len as u64 - 3) as usize;
            let pair: &[u8] = if rng.below(2) == 0 { b".xo." } else { b".ox." };
            cells[at..at + 4].copy_from_slice(pair);
        }
        common::nogo_breathing(len, &mut cells);
        split += cells.windows(2).any(|w| w == b"xo" || w == b"ox") as u32;
        runs += cells.windows(2).any(|w| w == b"xx" || w == b"oo") as u32;
        let row = (len, cells.clone());
        let v = plain_value(&mut forms, &mut memo, &row, &nogo_moves);
        let expected = forms.to_string(v);
        assert_eq!(value_of(&format!("nogo {}", grid_text(&row))), expected);
        // the same strip standing as a column
        let column = (1, cells);
        assert_eq!(value_of(&format!("nogo {}", grid_text(&column))), expected);
    }
    assert!(split > 150 && runs > 100, "{split} split, {runs} with runs");
}

#[test]
fn nogo_boards_split_into_independent_parts_are_valued_as_the_whole_board() {
    // a NoGo board is the sum of its parts (empty cells joined when next to each other or
    // liberties of one group): its value must be the whole board's by the rules
    let mut rng = Rng(0x6e6f_6732);
    let mut forms = Forms::new(1 << 22);
    let mut memo = HashMap::new();
    let mut walls = 0;
    for _ in 0..150 {
        let (rows, cols) = (2 + rng.below(2) as usize, 2 + rng.below(3) as usize);
        let mut cells: Vec<u8> = (0..rows * cols)
            .map(|_| b"xo..xo.#"[rng.below(8) as usize])
            .collect();
        common::nogo_breathing(cols, &mut cells);
        // in half, a column of stones of alternating colours (what is left of it after the
        // breathless groups are emptied), whose groups' liberties lie on one side or both
        if rng.below(2) == 0 {
            let c = rng.below(cols as u64) as usize;
            for r in 0..rows {
                cells[r * cols + c] = if r % 2 == 0 { b'x' } else { b'o' };
            }
            common::nogo_breathing(cols, &mut cells);
            walls += 1;
        }
        let grid = (cols, cells);
        let v = plain_value(&mut forms, &mut memo, &grid, &nogo_moves);
        let expected = forms.to_string(v);
        assert_eq!(
            value_of(&format!("nogo {}", grid_text(&grid))),
            expected,
            "{}",
            grid_text(&grid)
        );
    }
    assert!(walls > 50, "{walls} columns of stones");
}

/// Amazons: the mover's amazon moves like a queen through empty cells, then shoots an arrow
/// like a queen from where it landed; the arrow's cell becomes `#`.
fn amazons_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (cols, cells) = g;
    let (cols, rows) = (*cols as i64, (cells.len() / cols) as i64);
    let me = if left { b'x' } else { b'o' };
    let lines = |b: &Vec<u8>, r: i64, c: i64| {
        let mut out = Vec::new();
        for dr in -1..=1 {
            for dc in -1..=1 {
                if (dr, dc) == (0, 0) {
                    continue;
                }
                let (mut r2, mut c2) = (r + dr, c + dc);
                while (0..rows).contains(&r2)
                    && (0..cols).contains(&c2)
                    && b[(r2 * cols + c2) as usize] == b'.'
                {
                    out.push((r2, c2));
                    r2 += dr;
                    c2 += dc;
                }
            }
        }
        out
    };
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if cells[(r * cols + c) as usize] != me {
                continue;
            }
            for (r2, c2) in lines(cells, r, c) {
                let mut moved = cells.clone();
                moved[(r * cols + c) as usize] = b'.';
                moved[(r2 * cols + c2) as usize] = me;
                for (r3, c3) in lines(&moved, r2, c2) {
                    let mut shot = moved.clone();
                    shot[(r3 * cols + c3) as usize] = b'#';
                    out.push((cols as usize, shot));
                }
            }
        }
    }
    out
}

/// Toppling Dominoes: the mover's domino or a green one falls left or right, with every
/// domino on that side.
fn toppling_moves(row: &[u8], left: bool) -> Vec<Vec<u8>> {
    let mine = if left { b'x' } else { b'o' };
    let mut out = Vec::new();
    for i in 0..row.len() {
        if row[i] == mine || row[i] == b'g' {
            out.push(row[i + 1..].to_vec());
            out.push(row[..i].to_vec());
        }
    }
    out
}

/// Elephants and Rhinos: an elephant one step right, a rhino one step left, into an empty cell.
fn elephants_moves(row: &[u8], left: bool) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for i in 0..row.len() {
        let target = if left && row[i] == b'x' {
            Some(i + 1)
        } else if !left && row[i] == b'o' && i > 0 {
            Some(i - 1)
        } else {
            None
        };
        if let Some(j) = target.filter(|&j| row.get(j) == Some(&b'.')) {
            let mut next = row.to_vec();
            next.swap(i, j);
            out.push(next);
        }
    }
    out
}

fn toads_moves(row: &[u8], left: bool) -> Vec<Vec<u8>> {
    let n = row.len() as i64;
    let (me, them, d) = if left {
        (b'T', b'F', 1)
    } else {
        (b'F', b'T', -1)
    };
    let mut out = Vec::new();
    for i in 0..n {
        if row[i as usize] != me {
            continue;
        }
        let at = |k: i64| (0..n).contains(&k).then(|| row[k as usize]);
        let target = match at(i + d) {
            Some(b'.') => Some(i + d),
            Some(c) if c == them && at(i + 2 * d) == Some(b'.') => Some(i + 2 * d),
            _ => None,
        };
        if let Some(j) = target {
            let mut next = row.to_vec();
            next[i as usize] = b'.';
            next[j as usize] = me;
            out.push(next);
        }
    }
    out
}

fn grid_text(g: &Grid) -> String {
    g.1.chunks(g.0)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn value_of(expr: &str) -> String {
    let options = ValueOptions {
        graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
        ..ValueOptions::default()
    };
    value_expression(expr, &options)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
        .canonical
}

#[test]
fn every_game_agrees_with_a_plain_search_of_its_rules() {
    let mut rng = Rng(0x1234_5678);
    let mut checked = 0;
    for _ in 0..60 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(4) as usize;
        // Domineering with random filled cells
        let cells: Vec<u8> = (0..rows * cols)
            .map(|_| if rng.below(4) == 0 { b'#' } else { b'.' })
            .collect();
        let grid = (cols, cells);
        let mut forms = Forms::new(1 << 20);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &domineering_moves);
        let expected = forms.to_string(v);
        assert_eq!(
            value_of(&format!("domineering {}", grid_text(&grid))),
            expected
        );
        // Clobber
        let cells: Vec<u8> = (0..rows * cols)
            .map(|_| [b'x', b'o', b'.'][rng.below(3) as usize])
            .collect();
        let grid = (cols, cells);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &clobber_moves);
        let expected = forms.to_string(v);
        assert_eq!(value_of(&format!("clobber {}", grid_text(&grid))), expected);
        // Snort and Col on at most 3 x 3 cells
        let (r3, c3) = (rows.min(3), cols.min(3));
        let cells: Vec<u8> = (0..r3 * c3)
            .map(|_| [b'.', b'.', b'.', b'x', b'o', b'#'][rng.below(6) as usize])
            .collect();
        let grid = (c3, cells);
        for (game, snort) in [("snort", true), ("col", false)] {
            let moves = |g: &Grid, l: bool| placement_moves(g, l, snort);
            let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &moves);
            let expected = forms.to_string(v);
            assert_eq!(value_of(&format!("{game} {}", grid_text(&grid))), expected);
        }
        // Cram: Domineering's moves, both ways for both players
        let cells: Vec<u8> = (0..r3 * c3)
            .map(|_| if rng.below(4) == 0 { b'#' } else { b'.' })
            .collect();
        let grid = (c3, cells);
        let cram = |g: &Grid, _: bool| {
            let mut both = domineering_moves(g, true);
            both.extend(domineering_moves(g, false));
            both
        };
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &cram);
        assert_eq!(
            value_of(&format!("cram {}", grid_text(&grid))),
            forms.to_string(v)
        );
        // Cannibal Clobber and Fission
        let cells: Vec<u8> = (0..rows * cols)
            .map(|_| [b'x', b'o', b'.'][rng.below(3) as usize])
            .collect();
        let grid = (cols, cells);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &cannibal_moves);
        assert_eq!(
            value_of(&format!("cannibal {}", grid_text(&grid))),
            forms.to_string(v)
        );
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &konane_moves);
        assert_eq!(
            value_of(&format!("konane {}", grid_text(&grid))),
            forms.to_string(v)
        );
        // NoGo and Amazons on at most 3 x 3 cells (Amazons: at most two amazons a side)
        let cells: Vec<u8> = (0..r3 * c3)
            .map(|_| [b'.', b'.', b'.', b'x', b'o', b'#'][rng.below(6) as usize])
            .collect();
        let mut cells = cells;
        common::nogo_breathing(c3, &mut cells);
        let grid = (c3, cells);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &nogo_moves);
        assert_eq!(
            value_of(&format!("nogo {}", grid_text(&grid))),
            forms.to_string(v)
        );
        let mut cells: Vec<u8> = (0..r3 * c3)
            .map(|_| [b'.', b'.', b'.', b'#'][rng.below(4) as usize])
            .collect();
        for (k, amazon) in [b'x', b'o', b'x'].into_iter().enumerate() {
            if k < 2 || rng.below(2) == 0 {
                let at = rng.below(cells.len() as u64) as usize;
                cells[at] = amazon;
            }
        }
        let grid = (c3, cells);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &amazons_moves);
        assert_eq!(
            value_of(&format!("amazons {}", grid_text(&grid))),
            forms.to_string(v)
        );
        let cells: Vec<u8> = (0..rows * cols)
            .map(|_| [b'x', b'.', b'.', b'#'][rng.below(4) as usize])
            .collect();
        let grid = (cols, cells);
        let v = plain_value(&mut forms, &mut HashMap::new(), &grid, &fission_moves);
        assert_eq!(
            value_of(&format!("fission {}", grid_text(&grid))),
            forms.to_string(v)
        );
        // Toppling Dominoes and Elephants and Rhinos
        let len = 1 + rng.below(7) as usize;
        let row: Vec<u8> = (0..len)
            .map(|_| [b'x', b'o', b'g'][rng.below(3) as usize])
            .collect();
        let v = plain_value(&mut forms, &mut HashMap::new(), &row, &|r: &Vec<u8>, l| {
            toppling_moves(r, l)
        });
        let text = format!("toppling {}", String::from_utf8_lossy(&row));
        assert_eq!(value_of(&text), forms.to_string(v), "{text}");
        let row: Vec<u8> = (0..len)
            .map(|_| [b'x', b'o', b'.', b'.'][rng.below(4) as usize])
            .collect();
        let v = plain_value(&mut forms, &mut HashMap::new(), &row, &|r: &Vec<u8>, l| {
            elephants_moves(r, l)
        });
        let text = format!("elephants {}", String::from_utf8_lossy(&row));
        assert_eq!(value_of(&text), forms.to_string(v), "{text}");
        // Toads and Frogs
        let len = 1 + rng.below(7) as usize;
        let row: Vec<u8> = (0..len)
            .map(|_| [b'T', b'F', b'.'][rng.below(3) as usize])
            .collect();
        let v = plain_value(&mut forms, &mut HashMap::new(), &row, &|r: &Vec<u8>, l| {
            toads_moves(r, l)
        });
        let expected = forms.to_string(v);
        assert_eq!(
            value_of(&format!("toads {}", String::from_utf8_lossy(&row))),
            expected
        );
        // Hackenbush stalks: cut edge i of stalk k, everything above goes
        let stalks: Vec<Vec<u8>> = (0..1 + rng.below(3))
            .map(|_| {
                (0..1 + rng.below(4))
                    .map(|_| [b'L', b'R', b'G'][rng.below(3) as usize])
                    .collect()
            })
            .collect();
        let moves = |s: &Vec<Vec<u8>>, left: bool| -> Vec<Vec<Vec<u8>>> {
            let mine = if left { b'L' } else { b'R' };
            let mut out = Vec::new();
            for k in 0..s.len() {
                for i in 0..s[k].len() {
                    if s[k][i] == mine || s[k][i] == b'G' {
                        let mut next = s.clone();
                        next[k].truncate(i);
                        out.push(next);
                    }
                }
            }
            out
        };
        let v = plain_value(&mut forms, &mut HashMap::new(), &stalks, &moves);
        let expected = forms.to_string(v);
        let words: Vec<String> = stalks
            .iter()
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .collect();
        assert_eq!(
            value_of(&format!("hackenbush {}", words.join(" "))),
            expected
        );
        checked += 1;
    }
    // Cutcake, every cake up to 5 x 5
    let mut forms = Forms::new(1 << 20);
    let cake_moves = |c: &Vec<(u32, u32)>, left: bool| -> Vec<Vec<(u32, u32)>> {
        let mut out = Vec::new();
        for (k, &(r, w)) in c.iter().enumerate() {
            let cuts: Vec<((u32, u32), (u32, u32))> = if left {
                (1..w).map(|a| ((r, a), (r, w - a))).collect()
            } else {
                (1..r).map(|a| ((a, w), (r - a, w))).collect()
            };
            for (x, y) in cuts {
                let mut next = c.clone();
                next.remove(k);
                next.push(x);
                next.push(y);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    };
    for r in 1..=5u32 {
        for c in 1..=5u32 {
            let v = plain_value(&mut forms, &mut HashMap::new(), &vec![(r, c)], &cake_moves);
            let expected = forms.to_string(v);
            assert_eq!(value_of(&format!("cutcake {r} {c}")), expected);
        }
    }
    assert_eq!(checked, 60);
}

/// A board cut in two by a wall that no move crosses is the sum of its two sides: the region
/// splitting of the board games (Amazons and Fission across a column of `#`, Cannibal Clobber
/// across a column of empty cells, NoGo across `#`, Elephants and Rhinos between a rhino and
/// an elephant walking apart) checked on random sides.
#[test]
fn boards_cut_by_a_wall_are_the_sums_of_their_sides() {
    let mut rng = Rng(0x5eed_0035);
    let side = |rng: &mut Rng, rows: usize, alphabet: &[u8]| -> Vec<String> {
        (0..rows)
            .map(|_| {
                (0..1 + rng.below(2))
                    .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize] as char)
                    .collect::<String>()
            })
            .collect()
    };
    for _ in 0..40 {
        let rows = 1 + rng.below(2) as usize;
        for (game, alphabet, wall) in [
            ("amazons", &b"x.o..#"[..], '#'),
            ("fission", &b"x..#"[..], '#'),
            ("cannibal", &b"xo."[..], '.'),
            ("nogo", &b"xo..#"[..], '#'),
        ] {
            let mut a = side(&mut rng, rows, alphabet);
            let mut b = side(&mut rng, rows, alphabet);
            // every row of a side as long as its first
            for s in [&mut a, &mut b] {
                let w = s[0].len();
                for row in s.iter_mut() {
                    row.truncate(w);
                    while row.len() < w {
                        row.push('.');
                    }
                }
            }
            if game == "nogo" {
                for s in [&mut a, &mut b] {
                    *s = common::nogo_breathing_text(&s.join("/"))
                        .split('/')
                        .map(str::to_string)
                        .collect();
                }
            }
            let joined: Vec<String> = a
                .iter()
                .zip(&b)
                .map(|(x, y)| format!("{x}{wall}{y}"))
                .collect();
            let whole = format!("{game} {}", joined.join("/"));
            let sum = format!("{game} {} + {game} {}", a.join("/"), b.join("/"));
            assert_eq!(value_of(&whole), value_of(&sum), "{whole}");
        }
        let row = |rng: &mut Rng| -> String {
            (0..1 + rng.below(5))
                .map(|_| [b'x', b'o', b'.', b'.'][rng.below(4) as usize] as char)
                .collect()
        };
        let (a, b) = (row(&mut rng), row(&mut rng));
        let whole = format!("elephants {a}o..x{b}");
        let sum = format!("elephants {a}o + elephants x{b}");
        assert_eq!(value_of(&whole), value_of(&sum), "{whole}");
    }
}

/// The Grundy value by mex over the union of both players' moves, written here.
fn union_grundy<P: Clone + Eq + std::hash::Hash>(
    memo: &mut HashMap<P, u64>,
    p: &P,
    moves: &dyn Fn(&P, bool) -> Vec<P>,
) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let mut seen: Vec<u64> = Vec::new();
    for left in [true, false] {
        for o in moves(p, left) {
            let g = union_grundy(memo, &o, moves);
            seen.push(g);
        }
    }
    let g = (0..).find(|g| !seen.contains(g)).unwrap();
    memo.insert(p.clone(), g);
    g
}

#[test]
fn impartial_variants_are_nimbers_of_both_players_moves() {
    let mut rng = Rng(0x1a4b);
    for _ in 0..40 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(3) as usize;
        let board: Vec<u8> = (0..rows * cols)
            .map(|_| if rng.below(4) == 0 { b'#' } else { b'.' })
            .collect();
        let stones: Vec<u8> = (0..rows * cols)
            .map(|_| [b'x', b'o', b'.'][rng.below(3) as usize])
            .collect();
        for (text, g) in [
            (
                format!(
                    "impartial domineering {}",
                    grid_text(&(cols, board.clone()))
                ),
                union_grundy(
                    &mut HashMap::new(),
                    &(cols, board.clone()),
                    &domineering_moves,
                ),
            ),
            (
                format!("impartial clobber {}", grid_text(&(cols, stones.clone()))),
                union_grundy(&mut HashMap::new(), &(cols, stones.clone()), &clobber_moves),
            ),
        ] {
            let r = grundy::solve_expression(&text, &grundy::SolveOptions::default()).unwrap();
            assert_eq!(r.grundy, Some(g), "{text}");
            // with a nim heap of the same value: a P position
            let sum = format!("{text} + nim {g}");
            let r = grundy::solve_expression(&sum, &grundy::SolveOptions::default()).unwrap();
            assert_eq!(r.grundy, Some(0), "{sum}");
        }
    }
    // Cram is Domineering played impartially: the same nimbers
    for board in ["../..", ".../...", "..../....", "..#/...", "...../....."] {
        assert_eq!(
            value_of(&format!("cram {board}")),
            value_of(&format!("impartial domineering {board}")),
            "{board}"
        );
    }
}

/// `solve` answers a sum of Cram boards and heaps as impartial, with or without the value
/// attempt: the nimber by mex over both players' moves (written here), and the winning moves
/// are exactly the options of nimber 0 (a board or heap with no move left is not written).
#[test]
fn cram_answers_solve_as_an_impartial_sum() {
    let mut rng = Rng(0xc4a3);
    for _ in 0..40 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(4) as usize;
        let board: Vec<u8> = (0..rows * cols)
            .map(|_| if rng.below(4) == 0 { b'#' } else { b'.' })
            .collect();
        let grid = (cols, board);
        let mut memo = HashMap::new();
        let g = union_grundy(&mut memo, &grid, &domineering_moves);
        let heap = 1 + rng.below(3);
        let text = format!("cram {} + nim {heap}", grid_text(&grid));
        // a position as the impartial answer writes it: the parts with a move
        let written = |grid: &Grid, heap: u64| {
            let mut parts = Vec::new();
            if !domineering_moves(grid, true).is_empty()
                || !domineering_moves(grid, false).is_empty()
            {
                parts.push(format!("cram {}", grid_text(grid)));
            }
            if heap > 0 {
                parts.push(format!("nim {heap}"));
            }
            if parts.is_empty() {
                "0".to_string()
            } else {
                parts.join(" + ")
            }
        };
        let mut want: Vec<String> = Vec::new();
        for left in [true, false] {
            for o in domineering_moves(&grid, left) {
                let w = written(&o, heap);
                if union_grundy(&mut memo, &o, &domineering_moves) == heap && !want.contains(&w) {
                    want.push(w);
                }
            }
        }
        // taking the heap down to g (the board stays as written; a heap of 0 is not)
        want.extend((0..heap).filter(|&h| h == g).map(|h| match h {
            0 => format!("cram {}", grid_text(&grid)),
            h => format!("cram {} + nim {h}", grid_text(&grid)),
        }));
        want.sort();
        for value_states in [Some(grundy::app::solve::DEFAULT_VALUE_STATES), None] {
            let options = grundy::SolveOptions {
                value_states,
                ..grundy::SolveOptions::default()
            };
            let report = grundy::solve(&text, &options).unwrap();
            let r = report
                .impartial()
                .unwrap_or_else(|| panic!("{text}: impartial"));
            assert_eq!(r.grundy, Some(g ^ heap), "{text}");
            assert_eq!(r.outcome == grundy::Outcome::N, g != heap, "{text}");
            let mut got = r.winning_moves.clone();
            got.sort();
            assert_eq!(got, want, "{text}");
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(json["kind"], "impartial");
            assert!(json.get("left_winning_moves").is_none(), "{json}");
        }
    }
}

#[test]
fn textbook_values() {
    for (expr, value) in [
        // Domineering (CGSuite and cgt-tools agree on these)
        ("domineering ./.", "1"),
        ("domineering ..", "-1"),
        ("domineering ../..", "{1|-1}"),
        ("domineering .../...", "{2|-1/2}"),
        ("domineering ..../....", "{2|0||0}"),
        ("domineering ...../...../...../...../.....", "0"),
        ("domineering ......", "-3"),
        ("domineering #../.../...", "{3/2|-3/2}"),
        // Hackenbush: blue-red stalks are numbers, green stalks nimbers
        ("hackenbush LR", "1/2"),
        ("hackenbush LLR", "3/2"),
        ("hackenbush RL", "-1/2"),
        ("hackenbush LRR", "1/4"),
        ("hackenbush GGG", "*3"),
        ("hackenbush GG G", "*3"),
        ("hackenbush LR LR RL", "1/2"),
        // Cutcake: a 1 x n strip is n - 1 cuts for Left; n x 1 for Right
        ("cutcake 1 5", "4"),
        ("cutcake 5 1", "-4"),
        ("cutcake 2 2", "0"),
        ("cutcake 2 4", "1"),
        // Toads and Frogs: T.F is {.TF | TF.} = {{ | FT.} | {.FT | }} = {{|1} | {|0}} = {0|0}
        ("toads T.F", "*"),
        ("toads TTT", "0"),
        // Snort and Col (Winning Ways ch. 2): a lone cell is * in both; two cells side by
        // side are {1|-1} in Snort (a stone bars its neighbour to the opponent only) and 0 in
        // Col (to the mover only: {-1|1} = 0); MCGS's and CGSuite's `|` between rows
        ("snort .", "*"),
        ("col .", "*"),
        ("snort ..", "{1|-1}"),
        ("col ..", "0"),
        ("snort x.", "1"),
        ("col x.", "-1"),
        ("col .|.", "0"),
        // Cram (Winning Ways ch. 23): the 2 x 2 board is 0 (the second player answers by
        // symmetry), a lone domino's room *
        ("cram ../..", "0"),
        ("cram ..", "*"),
        // Toppling Dominoes (Lessons in Play): a green row of n dominoes is *n; xo is *
        ("toppling ggg", "*3"),
        ("toppling xo", "*"),
        ("toppling x", "1"),
        // Elephants and Rhinos: one elephant with k empty cells ahead is k; facing across one
        // empty cell, whoever moves first takes it: *
        ("elephants x..", "2"),
        ("elephants x.o", "*"),
        // Cannibal Clobber: two own stones give Left one move; Fission: a stone with room
        // only sideways is one move for Right
        ("cannibal xx", "1"),
        // Konane: one jump for Left; x.o has none for either
        ("konane xo.", "1"),
        ("konane x.o", "0"),
        // NoGo: a 1 x 1 board has no legal stone (it would have no liberty); on 1 x 2 the
        // first stone ends the game; Amazons: one amazon with one cell to go and back to shoot
        ("nogo .", "0"),
        ("nogo ..", "*"),
        ("amazons x.", "1"),
        ("amazons x.o", "*"),
        ("fission .x.", "-1"),
        // sums with impartial parts: their nimbers
        ("nim 3 + *3", "0"),
        ("domineering ../.. + nim 1", "{1*|-1*}"),
        ("^ + v", "0"),
    ] {
        assert_eq!(value_of(expr), value, "{expr}");
    }
}

#[test]
fn winning_moves_are_those_the_value_says() {
    let options = ValueOptions::default();
    let r = solve_partizan("domineering .../... + hackenbush LR", &options).unwrap();
    assert_eq!(r.outcome, PartizanOutcome::N);
    // each listed move leaves a position its player wins moving second
    for m in &r.left_winning_moves {
        let v = value_expression(m, &options).unwrap();
        assert!(
            matches!(v.outcome, PartizanOutcome::L | PartizanOutcome::P),
            "{m}"
        );
    }
    for m in &r.right_winning_moves {
        let v = value_expression(m, &options).unwrap();
        assert!(
            matches!(v.outcome, PartizanOutcome::R | PartizanOutcome::P),
            "{m}"
        );
    }
    assert!(!r.left_winning_moves.is_empty() && !r.right_winning_moves.is_empty());
    // a zero game: nobody moving first wins
    let p = solve_partizan("domineering ...../...../...../...../.....", &options).unwrap();
    assert_eq!(p.outcome, PartizanOutcome::P);
    assert!(p.left_winning_moves.is_empty() && p.right_winning_moves.is_empty());
}

/// Every game of the catalog reaches every front end with no front end naming it: its
/// examples are valued, solved and played from the command line and the library, its usage
/// is in the help, its pieces in the play texts, its board (if it draws one) in the page's
/// state, and a game with a standard start is tabulated.
#[test]
fn every_catalog_game_reaches_every_front_end() {
    use grundy::app::partizan_play::PartizanPlay;
    use grundy::games::partizan::PARTIZAN_GAMES;
    let (_, help, _) = common::run_grundy(&["value", "--help"], b"");
    let (_, table_help, _) = common::run_grundy(&["table", "--help"], b"");
    for game in PARTIZAN_GAMES {
        let syntax = game.syntax;
        assert!(help.contains(syntax.usage), "{}", syntax.usage);
        for example in syntax.examples {
            for command in ["value", "solve"] {
                let (code, out, err) = common::run_grundy(&[command, "--json", example], b"");
                assert_eq!(code, 0, "{command} {example}: {err}");
                assert!(out.contains(example), "{command} {example}: {out}");
            }
            let mut play = PartizanPlay::new(example, true, &ValueOptions::default()).unwrap();
            assert!(play.players()[0].contains(game.players[0]), "{example}");
            let state = play.state().unwrap();
            let part =
                grundy::app::parse::parse_terms(example, 1000, &grundy::games::NoGraphs::default())
                    .unwrap();
            let drawn = matches!(
                &part[0].0,
                grundy::app::parse::Term::Partizan(p) if p.cells().is_some()
            );
            assert_eq!(state.board.is_some(), drawn, "{example}");
            if drawn {
                // each move's board differs from the position's: the page finds it by a click
                assert!(state
                    .moves
                    .iter()
                    .all(|m| m.board.as_ref() != state.board.as_ref()));
            }
        }
        if game.has_start() {
            assert!(table_help.contains(syntax.keyword), "{}", syntax.keyword);
            let (code, out, err) = common::run_grundy(
                &[
                    "table",
                    "--json",
                    "--rows",
                    "2",
                    "--cols",
                    "2",
                    syntax.keyword,
                ],
                b"",
            );
            assert_eq!(code, 0, "{}: {err}", syntax.keyword);
            assert!(
                out.contains(&format!("\"family\":\"{}\"", syntax.keyword)),
                "{out}"
            );
        }
    }
    // the games with a standard start: tabulated from the catalog alone
    let started: Vec<&str> = PARTIZAN_GAMES
        .iter()
        .filter(|g| g.has_start())
        .map(|g| g.syntax.keyword)
        .collect();
    assert_eq!(
        started,
        [
            "domineering",
            "cutcake",
            "clobber",
            "snort",
            "col",
            "cannibal",
            "fission",
            "konane",
            "nogo",
            "amazons",
        ]
    );
}

/// The laws of sums on positions of every catalog game (its examples and the positions one
/// move away): G + (-G) = 0, sums commute and associate, and the value of a written sum is
/// the sum of its parts' values.
#[test]
fn sums_of_every_catalog_game_obey_the_laws() {
    use grundy::games::partizan::{PartizanValues, PARTIZAN_GAMES};
    let mut values = PartizanValues::new(1 << 20);
    let mut positions: Vec<(String, GameId)> = Vec::new();
    for game in PARTIZAN_GAMES {
        for example in game.syntax.examples {
            let terms =
                grundy::app::parse::parse_terms(example, 1000, &grundy::games::NoGraphs::default())
                    .unwrap();
            let grundy::app::parse::Term::Partizan(part) = &terms[0].0 else {
                panic!("{example}")
            };
            let mut parts = vec![part.clone()];
            for left in [true, false] {
                parts.extend(values.moves(part, left).unwrap().into_iter().take(3));
            }
            for p in parts {
                let v = values.value(&p).unwrap();
                positions.push((p.to_string(), v));
            }
        }
    }
    assert!(positions.len() > 40, "{}", positions.len());
    let forms = &mut values.forms;
    let zero = forms.zero();
    let n = positions.len();
    for (i, (a, ga)) in positions.iter().enumerate() {
        let minus = forms.neg(*ga);
        assert_eq!(forms.add(*ga, minus).unwrap(), zero, "{a}");
        let (b, gb) = &positions[(i * 7 + 3) % n];
        let (c, gc) = &positions[(i * 13 + 5) % n];
        let ab = forms.add(*ga, *gb).unwrap();
        assert_eq!(ab, forms.add(*gb, *ga).unwrap(), "{a} + {b}");
        let left = forms.add(ab, *gc).unwrap();
        let bc = forms.add(*gb, *gc).unwrap();
        assert_eq!(left, forms.add(*ga, bc).unwrap(), "{a} + {b} + {c}");
        if a != "0" && b != "0" && i % 4 == 0 {
            assert_eq!(
                value_of(&format!("{a} + {b}")),
                forms.to_string(ab),
                "{a} + {b}"
            );
        }
    }
}

#[test]
fn bad_partizan_input_gets_one_line_and_exit_2() {
    for (args, needle) in [
        (vec!["value", "domineering ../."], "ragged"),
        (
            vec!["value", "domineering ../.x"],
            "unknown board character",
        ),
        (vec!["value", "{1|-1"], "unbalanced"),
        (vec!["value", "1/3"], "power of two"),
        (vec!["value", "99999999999999999999"], "beyond the range"),
        (vec!["solve", "--misere", "domineering ../.."], "misère"),
        (vec!["value", "clobber xo/o"], "ragged"),
        (vec!["value", "toads TXF"], "T (toads)"),
        (vec!["value", "hackenbush LB"], "L (blue)"),
        (vec!["value", "{1|2|3}"], "ambiguous"),
        (vec!["value", "snort ../."], "ragged"),
        (vec!["value", "col x.z"], "unknown board character"),
        (vec!["value", "snort .. ."], "takes one board"),
        (
            vec!["table", "--rows", "12", "--cols", "12", "snort"],
            "1 to 128 cells",
        ),
        (
            vec![
                "value",
                "--max-states",
                "100",
                "domineering ..../..../..../....",
            ],
            "--max-states",
        ),
    ] {
        let (code, out, err) = common::run_grundy(&args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    // and the good ones print what the library says
    let (code, out, _) = common::run_grundy(&["value", "--json", "domineering ../.."], b"");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["canonical"], "{1|-1}");
    assert_eq!(v["thermograph"]["left"][0], serde_json::json!(["-1", "2"]));
    let (_, out, _) = common::run_grundy(&["solve", "--json", "nim 1 2"], b"");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "*3");
}

/// What stands of a Hackenbush picture after `cut` is cut from `standing` (indices of edges):
/// every edge no longer joined to the ground falls. From the definition, by relaxation.
fn after_cut(edges: &[(u32, u32, u8)], standing: &[usize], cut: Option<usize>) -> Vec<usize> {
    let rest: Vec<usize> = standing
        .iter()
        .copied()
        .filter(|&e| Some(e) != cut)
        .collect();
    let mut grounded = vec![0u32];
    loop {
        let before = grounded.len();
        for &e in &rest {
            let (u, v, _) = edges[e];
            if grounded.contains(&u) && !grounded.contains(&v) {
                grounded.push(v);
            } else if grounded.contains(&v) && !grounded.contains(&u) {
                grounded.push(u);
            }
        }
        if grounded.len() == before {
            break;
        }
    }
    rest.into_iter()
        .filter(|&e| grounded.contains(&edges[e].0))
        .collect()
}

/// A picture's moves: cut one standing edge of the player's colour or green.
fn picture_moves(edges: &[(u32, u32, u8)], standing: &[usize], left: bool) -> Vec<Vec<usize>> {
    let mine = if left { b'L' } else { b'R' };
    standing
        .iter()
        .filter(|&&e| edges[e].2 == mine || edges[e].2 == b'G')
        .map(|&e| after_cut(edges, standing, Some(e)))
        .collect()
}

#[test]
fn hackenbush_pictures_agree_with_a_plain_search() {
    let dir = std::env::temp_dir().join(format!("grundy-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(77);
    for case in 0..60 {
        let n = 2 + rng.below(4) as u32;
        let m = 1 + rng.below(7) as usize;
        let edges: Vec<(u32, u32, u8)> = (0..m)
            .map(|_| {
                (
                    rng.below(n as u64) as u32,
                    rng.below(n as u64) as u32,
                    [b'L', b'R', b'G'][rng.below(3) as usize],
                )
            })
            .collect();
        let mut text = format!("{n} {m}\n");
        for (u, v, c) in &edges {
            text += &format!("{u} {v} {}\n", *c as char);
        }
        let path = dir.join(format!("p{case}.txt"));
        std::fs::write(&path, &text).unwrap();
        let name = path.to_str().unwrap();
        let mut forms = Forms::new(1 << 20);
        let moves = |s: &Vec<usize>, left: bool| picture_moves(&edges, s, left);
        let start = after_cut(&edges, &(0..m).collect::<Vec<_>>(), None);
        let expected = plain_value(&mut forms, &mut HashMap::new(), &start, &moves);
        assert_eq!(
            value_of(&format!("hackenbush {name}")),
            forms.to_string(expected),
            "{text}"
        );
        // the position after cutting one standing edge, written as grundy writes it
        if let Some(&e) = start.get(rng.below(start.len().max(1) as u64) as usize) {
            let after = after_cut(&edges, &start, Some(e));
            let expected = plain_value(&mut forms, &mut HashMap::new(), &after, &moves);
            assert_eq!(
                value_of(&format!("hackenbush {name} cut {}", e + 1)),
                forms.to_string(expected),
                "{text} cut {}",
                e + 1
            );
        }
    }
    // stalks drawn as pictures have the stalks' values
    for stalk in ["LR", "LRR", "GLG", "RRLGL", "GGG"] {
        let mut text = format!("{} {}\n", stalk.len() + 1, stalk.len());
        for (i, c) in stalk.chars().enumerate() {
            text += &format!("{i} {} {c}\n", i + 1);
        }
        let path = dir.join(format!("{stalk}.txt"));
        std::fs::write(&path, text).unwrap();
        assert_eq!(
            value_of(&format!("hackenbush {}", path.to_str().unwrap())),
            value_of(&format!("hackenbush {stalk}"))
        );
    }
    // errors name the line, or the column of the edge number
    let bad = dir.join("bad.txt");
    for (text, args, needle) in [
        ("2 1\n0 2 L\n", "", "line 2: vertex 2 is out of range"),
        ("2 1\n0 1 B\n", "", "line 2: colour 'B'"),
        ("2 2\n0 1 L\n", "", "ends after 1 of the 2 edges"),
        ("2 1\n0 1 L\n", " cut 2", "1..=1"),
        ("2 1\n0 1 L\n", " cut 1,1", "cut twice"),
    ] {
        std::fs::write(&bad, text).unwrap();
        let expr = format!("hackenbush {}{args}", bad.to_str().unwrap());
        let (code, out, err) = common::run_grundy(&["value", &expr], b"");
        assert_eq!((code, out.as_str()), (2, ""), "{expr}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{expr}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rectangle_tables_agree_with_grundy_value() {
    for (game, rows, cols) in [("domineering", 3, 4), ("cutcake", 4, 5)] {
        let (code, out, err) = common::run_grundy(
            &[
                "table",
                "--json",
                "--rows",
                &rows.to_string(),
                "--cols",
                &cols.to_string(),
                game,
            ],
            b"",
        );
        assert_eq!(code, 0, "{err}");
        let t: serde_json::Value = serde_json::from_str(&out).unwrap();
        for r in 1..=rows {
            for c in 1..=cols {
                let expr = match game {
                    "domineering" => format!("domineering {}", vec![".".repeat(c); r].join("/")),
                    _ => format!("cutcake {r} {c}"),
                };
                let v = value_expression(&expr, &ValueOptions::default()).unwrap();
                assert_eq!(t["values"][r - 1][c - 1], v.canonical.as_str(), "{expr}");
                assert_eq!(t["outcomes"][r - 1][c - 1], v.outcome.letter(), "{expr}");
            }
        }
    }
    // Winning Ways' Cutcake: an integer everywhere, 0 on the square cakes of side 2 and 3
    let t = grundy::app::table::partizan::partizan_table(
        grundy::app::table::partizan::table_game("cutcake").unwrap(),
        3,
        3,
        1 << 20,
        |_| {},
    )
    .unwrap();
    assert_eq!(t.values[1][1].as_deref(), Some("0"));
    assert_eq!(t.values[0][3 - 1].as_deref(), Some("2"));
    // past the state limit: the larger rectangles have no value, and the report says so
    let t = grundy::app::table::partizan::partizan_table(
        grundy::app::table::partizan::table_game("domineering").unwrap(),
        4,
        4,
        50,
        |_| {},
    )
    .unwrap();
    assert!(t.stopped.as_deref().unwrap().contains("state limit"));
    assert_eq!(t.values[0][0].as_deref(), Some("0"));
    assert_eq!(t.values[3][3], None);
    // wrong flags for a partizan table: one line, exit 2
    for args in [
        vec![
            "table",
            "--rows",
            "3",
            "--cols",
            "3",
            "--misere",
            "domineering",
        ],
        vec!["table", "--to", "3", "domineering"],
        vec!["table", "--rows", "3", "cutcake"],
        vec!["table", "--rows", "12", "--cols", "12", "domineering"],
    ] {
        let (code, out, err) = common::run_grundy(&args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn thermographs_and_tables_are_drawn() {
    let dir = std::env::temp_dir().join(format!("grundy-partizan-plots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("thermograph.svg");
    let (code, _, err) = common::run_grundy(
        &[
            "value",
            "--plot",
            svg.to_str().unwrap(),
            "domineering .../.../..#",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg") && text.contains("Thermograph"));
    assert!(text.contains("left wall") && text.contains("mast"));
    let png = dir.join("table.png");
    let (code, _, err) = common::run_grundy(
        &[
            "table",
            "--rows",
            "3",
            "--cols",
            "3",
            "--plot",
            png.to_str().unwrap(),
            "domineering",
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_computer_plays_partizan_games_perfectly() {
    use grundy::app::partizan_play::PartizanPlay;
    let mut rng = Rng(2026);
    for case in 0..40 {
        let expr = match case % 3 {
            0 => {
                let rows = 1 + rng.below(3) as usize;
                let cols = 1 + rng.below(4) as usize;
                let cells: Vec<String> = (0..rows)
                    .map(|_| {
                        (0..cols)
                            .map(|_| if rng.below(5) == 0 { '#' } else { '.' })
                            .collect()
                    })
                    .collect();
                format!("domineering {}", cells.join("/"))
            }
            1 => format!(
                "toads {}",
                (0..6)
                    .map(|_| ['T', 'F', '.', '.'][rng.below(4) as usize])
                    .collect::<String>()
            ),
            _ => format!(
                "clobber xoxo/{}",
                ["oxox", "o..x", "xxoo"][rng.below(3) as usize]
            ),
        };
        let left_first = rng.below(2) == 0;
        let mut game = PartizanPlay::new(&expr, left_first, &ValueOptions::default()).unwrap();
        let start = game.state().unwrap();
        // the side that wins moving now, or else the other one, plays the computer's moves
        let winner_left = if start.mover_wins {
            left_first
        } else {
            !left_first
        };
        loop {
            let state = game.state().unwrap();
            if state.moves.is_empty() {
                // the player to move has lost
                assert_eq!(game.left_to_move(), !winner_left, "{expr}");
                break;
            }
            let pick = if game.left_to_move() == winner_left {
                let pick = state.computer.unwrap();
                assert!(state.moves[pick].wins, "{expr}: {}", state.position);
                pick
            } else {
                assert!(state.moves.iter().all(|m| !m.wins), "{expr}");
                rng.below(state.moves.len() as u64) as usize
            };
            game.play(&state.moves[pick].to.clone()).unwrap();
        }
        // take every move back: the start again
        while game.undo().unwrap() {}
        assert_eq!(game.position(), start.position);
        assert_eq!(game.left_to_move(), left_first);
    }
    // the command line: you as Right against Left moving first on 2 x 2, a lost game
    let (code, out, err) = common::run_grundy(
        &[
            "play",
            "--as",
            "right",
            "--first",
            "left",
            "domineering ../..",
        ],
        b"1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Computer (Left, wins)"), "{out}");
    assert!(out.trim_end().ends_with("The computer wins."), "{out}");
    // you as Left moving first on 2 x 3: the middle column wins, and hint says so
    let (_, out, _) = common::run_grundy(&["play", "domineering .../..."], b"hint\n2\n1\n");
    assert!(
        out.contains("domineering .#./.#.") && out.contains("win (value 2)"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("You win."), "{out}");
    // a move that is not one, then errors of the command
    let (_, out, _) =
        common::run_grundy(&["play", "domineering ../.."], b"domineering ##/..\nquit\n");
    assert!(out.contains("is not a move of Left"), "{out}");
    for args in [
        vec!["play", "--misere", "domineering ../.."],
        vec!["play", "--first", "left", "nim 3"],
    ] {
        let (code, out, err) = common::run_grundy(&args, b"");
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Boards of one row of 128 cells: the region and move masks shift by the row's length, 128,
/// which `u128 <<` refuses (a panic with overflow checks, a wrong mask without: found by the
/// fuzz target `partizan_parts`). Each row is checked against its column, the same game.
#[test]
fn boards_of_one_row_of_128_cells() {
    let row = ".".repeat(128);
    let column = vec!["."; 128].join("/");
    assert_eq!(value_of(&format!("domineering {row}")), "-64");
    assert_eq!(value_of(&format!("domineering {column}")), "64");
    let row = format!("xo{}ox", ".".repeat(124));
    let column = row.chars().map(String::from).collect::<Vec<_>>().join("/");
    assert_eq!(value_of(&format!("clobber {row}")), "0");
    assert_eq!(value_of(&format!("clobber {column}")), "0");
    let row = format!("xo.{}", ".".repeat(125));
    assert_eq!(value_of(&format!("clobber {row}")), "*");
}

/// The early failure of the value engine ([`grundy::partizan::PartizanSearch::check_reach`]):
/// on random Domineering and Clobber boards, with budgets below and above the parts the
/// board's value stores, the check fails only when the value needs more than the budget (the
/// parts an unlimited search stores), so a value within the budget is never refused early,
/// and the value found within a budget is the unlimited one.
#[test]
fn a_value_is_refused_early_only_when_it_needs_more_than_its_budget() {
    use grundy::games::partizan::PartizanValues;
    use grundy::partizan::search::REACH_FAILURE;
    let mut rng = Rng(0xC0FF_EE11);
    let (mut refused_early, mut refused_late, mut valued) = (0, 0, 0);
    for i in 0..160 {
        let rows = 2 + rng.below(3) as usize;
        let cols = 2 + rng.below(4) as usize;
        let text = if i % 2 == 0 {
            let cells: Vec<u8> = (0..rows * cols)
                .map(|_| if rng.below(6) == 0 { b'#' } else { b'.' })
                .collect();
            format!("domineering {}", grid_text(&(cols, cells)))
        } else {
            let cells: Vec<u8> = (0..rows.min(4) * cols.min(4))
                .map(|_| [b'x', b'o', b'x', b'o', b'.'][rng.below(5) as usize])
                .collect();
            format!("clobber {}", grid_text(&(cols.min(4), cells)))
        };
        let terms =
            grundy::app::parse::parse_terms(&text, 1000, &grundy::games::NoGraphs::default())
                .unwrap();
        let grundy::app::parse::Term::Partizan(part) = &terms[0].0 else {
            panic!("{text}")
        };
        let mut unlimited = PartizanValues::new(1 << 24);
        let v = unlimited.value(part).unwrap();
        let expected = unlimited.forms.to_string(v);
        let needed = unlimited.states();
        for _ in 0..4 {
            let budget = 1 + rng.below(2 * needed as u64 + 2) as usize;
            let mut values = PartizanValues::new(budget);
            match values.value(part) {
                Ok(v) => {
                    assert_eq!(values.forms.to_string(v), expected, "{text}");
                    // the search admits a part before its options, and stores it after them:
                    // the parts on its stack may take it past the budget
                    assert!(
                        needed <= budget + rows * cols,
                        "{text}: {needed} parts in {budget}"
                    );
                    valued += 1;
                }
                Err(grundy::error::GrundyError::StateLimit { what, .. })
                    if what == REACH_FAILURE =>
                {
                    assert!(
                        needed > budget,
                        "{text}: refused early, but needs {needed} of {budget}"
                    );
                    refused_early += 1;
                }
                Err(e) => {
                    // the table full, or the arena of forms (which may hold more forms than
                    // the table holds parts)
                    assert!(
                        matches!(e, grundy::error::GrundyError::StateLimit { .. }),
                        "{text}: {e}"
                    );
                    refused_late += 1;
                }
            }
        }
    }
    assert!(
        refused_early > 50 && valued > 100 && refused_late > 0,
        "{refused_early} {valued} {refused_late}"
    );
}
