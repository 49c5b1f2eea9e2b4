//! Brute force, written from the games' rules alone (Winning Ways; Siegel, *Combinatorial
//! Game Theory*), independent of the library: the
//! reference every closed form and engine of grundy is checked against.
//!
//! Positions are [`Game`] atoms; a position of a sum is a sorted list of its non-terminal atoms.
//! Values come from the plain mex recursion, outcomes of sums from exhaustive game-tree search.
//! Inputs here are small, so plain recursion is fine.
#![allow(dead_code, clippy::needless_range_loop)]

pub mod flow;
pub mod server;

use std::collections::HashMap;

/// A seeded SplitMix64 generator: the same cases on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// A board of `rows` x `cols` cells drawn from `alphabet`, rows joined by `/`.
    pub fn board(&mut self, alphabet: &[u8], rows: u64, cols: u64) -> String {
        (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| alphabet[self.below(alphabet.len() as u64) as usize] as char)
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Empties every group of stones (`x` or `o`, joined orthogonally) of a board of `cols`
/// columns that has no liberty (no empty cell `.` next to it): what is left is a NoGo position
/// (every group breathes; emptying cells only gives the others liberties).
pub fn nogo_breathing(cols: usize, cells: &mut [u8]) {
    let rows = cells.len() / cols;
    let mut dead = Vec::new();
    let mut seen = vec![false; cells.len()];
    for start in 0..cells.len() {
        if seen[start] || !matches!(cells[start], b'x' | b'o') {
            continue;
        }
        let (mut group, mut k, mut breathes) = (vec![start], 0, false);
        seen[start] = true;
        while k < group.len() {
            let (r, c) = (group[k] / cols, group[k] % cols);
            k += 1;
            let steps = [(r > 0, r.wrapping_sub(1), c), (r + 1 < rows, r + 1, c)];
            let sides = [(c > 0, r, c.wrapping_sub(1)), (c + 1 < cols, r, c + 1)];
            for (inside, r2, c2) in steps.into_iter().chain(sides) {
                if !inside {
                    continue;
                }
                let j = r2 * cols + c2;
                breathes |= cells[j] == b'.';
                if cells[j] == cells[start] && !seen[j] {
                    seen[j] = true;
                    group.push(j);
                }
            }
        }
        if !breathes {
            dead.extend(group);
        }
    }
    for i in dead {
        cells[i] = b'.';
    }
}

/// [`nogo_breathing`] on a board written as rows joined by `/`.
pub fn nogo_breathing_text(board: &str) -> String {
    let cols = board.split('/').next().map_or(0, str::len);
    let mut cells: Vec<u8> = board.bytes().filter(|&b| b != b'/').collect();
    nogo_breathing(cols, &mut cells);
    cells
        .chunks(cols)
        .map(|row| String::from_utf8(row.to_vec()).expect("ascii"))
        .collect::<Vec<_>>()
        .join("/")
}

/// One atom of a position, as the rules describe it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// One Nim heap.
    Nim(u64),
    /// Moore's Nim_k: k, heaps (sorted, no zeros).
    Moore(u64, Vec<u64>),
    /// Subtraction game: the set (sorted), the heap.
    Subtract(Vec<u64>, u64),
    /// Fibonacci Nim: heap, most that may be taken now (at most the heap).
    Fib(u64, u64),
    /// Wythoff's game (heaps sorted).
    Wythoff(u64, u64),
    /// Staircase Nim: coins on steps 1, 2, ... (no trailing zeros).
    Staircase(Vec<u64>),
    /// Octal game: digits d0, d1, ..., the heap.
    Octal(Vec<u8>, u64),
    /// Split rectangle (sides sorted), as the restricted normal-play game: no cut leaves a 1x1.
    Split(u64, u64),
    /// Cutting rectangle (sides sorted), restricted: every piece keeps both sides >= 2.
    Cutting(u64, u64),
    /// Line-flip board: rows of cells (b'o', b'x', b'.'), and the lines used (rows, then cols).
    Flip(Vec<Vec<u8>>, Vec<bool>),
}

/// True if flipping some of the unused lines can make every coin heads (tried exhaustively).
fn flip_all_heads_possible(rows: &[Vec<u8>], used: &[bool]) -> bool {
    let (h, w) = (rows.len(), rows[0].len());
    let free: Vec<usize> = (0..h + w).filter(|&i| !used[i]).collect();
    (0u32..1 << free.len()).any(|mask| {
        let flipped = |line: usize| {
            free.iter()
                .position(|&f| f == line)
                .is_some_and(|k| mask >> k & 1 == 1)
        };
        (0..h).all(|r| {
            (0..w).all(|c| match rows[r][c] {
                b'.' => true,
                cell => (cell == b'x') != (flipped(r) == flipped(h + c)),
            })
        })
    })
}

impl Game {
    /// The same atom in its normal form.
    pub fn normal(self) -> Game {
        match self {
            Game::Moore(k, mut heaps) => {
                heaps.retain(|&h| h > 0);
                heaps.sort_unstable();
                Game::Moore(k, heaps)
            }
            Game::Fib(n, l) => Game::Fib(n, l.min(n)),
            Game::Wythoff(a, b) => Game::Wythoff(a.min(b), a.max(b)),
            Game::Staircase(mut steps) => {
                while steps.last() == Some(&0) {
                    steps.pop();
                }
                Game::Staircase(steps)
            }
            Game::Split(r, c) => Game::Split(r.min(c), r.max(c)),
            Game::Cutting(r, c) => Game::Cutting(r.min(c), r.max(c)),
            g => g,
        }
    }

    /// Every move, each as the atoms it leaves (not yet normalised).
    pub fn moves(&self) -> Vec<Vec<Game>> {
        let mut out = Vec::new();
        match self {
            Game::Nim(n) => {
                for x in 0..*n {
                    out.push(vec![Game::Nim(x)]);
                }
            }
            Game::Moore(k, heaps) => {
                // every choice of new sizes (each <= old), at least one and at most k smaller
                let mut new = heaps.clone();
                moore_moves(*k, heaps, 0, 0, &mut new, &mut out);
            }
            Game::Subtract(set, n) => {
                for &s in set {
                    if s <= *n {
                        out.push(vec![Game::Subtract(set.clone(), n - s)]);
                    }
                }
            }
            Game::Fib(n, l) => {
                for t in 1..=*l {
                    out.push(vec![Game::Fib(n - t, 2 * t)]);
                }
            }
            Game::Wythoff(a, b) => {
                for x in 0..*a {
                    out.push(vec![Game::Wythoff(x, *b)]);
                }
                for y in 0..*b {
                    out.push(vec![Game::Wythoff(*a, y)]);
                }
                for t in 1..=*a.min(b) {
                    out.push(vec![Game::Wythoff(a - t, b - t)]);
                }
            }
            Game::Staircase(steps) => {
                for i in 0..steps.len() {
                    for t in 1..=steps[i] {
                        let mut s = steps.clone();
                        s[i] -= t;
                        if i > 0 {
                            s[i - 1] += t;
                        }
                        out.push(vec![Game::Staircase(s)]);
                    }
                }
            }
            Game::Octal(code, n) => {
                for (k, &d) in code.iter().enumerate() {
                    let k = k as u64;
                    if k > *n {
                        break;
                    }
                    let rest = n - k;
                    if d & 1 != 0 && k > 0 && rest == 0 {
                        out.push(vec![]);
                    }
                    if d & 2 != 0 && k > 0 && rest > 0 {
                        out.push(vec![Game::Octal(code.clone(), rest)]);
                    }
                    if d & 4 != 0 {
                        for a in 1..rest {
                            if a <= rest - a {
                                out.push(vec![
                                    Game::Octal(code.clone(), a),
                                    Game::Octal(code.clone(), rest - a),
                                ]);
                            }
                        }
                    }
                }
            }
            Game::Flip(rows, used) => {
                let (h, w) = (rows.len(), rows[0].len());
                let possible = flip_all_heads_possible(rows, used);
                for line in 0..h + w {
                    if used[line] {
                        continue;
                    }
                    let mut next = rows.clone();
                    for r in 0..h {
                        for c in 0..w {
                            if r == line || h + c == line {
                                next[r][c] = match next[r][c] {
                                    b'o' => b'x',
                                    b'x' => b'o',
                                    x => x,
                                };
                            }
                        }
                    }
                    let mut now_used = used.clone();
                    now_used[line] = true;
                    if !possible || flip_all_heads_possible(&next, &now_used) {
                        out.push(vec![Game::Flip(next, now_used)]);
                    }
                }
            }
            Game::Split(r, c) | Game::Cutting(r, c) => {
                let split = matches!(self, Game::Split(..));
                let ok = |p: (u64, u64), q: (u64, u64)| {
                    if split {
                        p != (1, 1) && q != (1, 1)
                    } else {
                        p.0 >= 2 && p.1 >= 2 && q.0 >= 2 && q.1 >= 2
                    }
                };
                let make = |(x, y): (u64, u64)| {
                    if split {
                        Game::Split(x, y)
                    } else {
                        Game::Cutting(x, y)
                    }
                };
                for i in 1..*r {
                    let (p, q) = ((i, *c), (r - i, *c));
                    if ok(p, q) {
                        out.push(vec![make(p), make(q)]);
                    }
                }
                for j in 1..*c {
                    let (p, q) = ((*r, j), (*r, c - j));
                    if ok(p, q) {
                        out.push(vec![make(p), make(q)]);
                    }
                }
            }
        }
        out
    }

    pub fn is_terminal(&self) -> bool {
        self.moves().is_empty()
    }
}

fn moore_moves(
    k: u64,
    old: &[u64],
    i: usize,
    changed: u64,
    new: &mut Vec<u64>,
    out: &mut Vec<Vec<Game>>,
) {
    if i == old.len() {
        if changed > 0 {
            out.push(vec![Game::Moore(k, new.clone())]);
        }
        return;
    }
    new[i] = old[i];
    moore_moves(k, old, i + 1, changed, new, out);
    if changed < k {
        for x in 0..old[i] {
            new[i] = x;
            moore_moves(k, old, i + 1, changed + 1, new, out);
        }
    }
    new[i] = old[i];
}

/// The normal form of a position: normal atoms, terminal ones dropped, sorted.
pub fn normalise(atoms: Vec<Game>) -> Vec<Game> {
    let mut out: Vec<Game> = atoms
        .into_iter()
        .map(Game::normal)
        .filter(|g| !g.is_terminal())
        .collect();
    out.sort();
    out
}

/// Memoised brute force.
#[derive(Default)]
pub struct Brute {
    grundy: HashMap<Game, u64>,
    normal: HashMap<Vec<Game>, bool>,
    misere: HashMap<Vec<Game>, bool>,
}

impl Brute {
    pub fn new() -> Brute {
        Brute::default()
    }

    /// `mex{ xor of the values of the atoms left }` over every move.
    pub fn grundy(&mut self, g: &Game) -> u64 {
        let g = g.clone().normal();
        if let Some(&v) = self.grundy.get(&g) {
            return v;
        }
        let mut seen = Vec::new();
        for option in g.moves() {
            let v = option.iter().fold(0, |x, part| x ^ self.grundy(part));
            seen.push(v);
        }
        let mut m = 0;
        while seen.contains(&m) {
            m += 1;
        }
        self.grundy.insert(g, m);
        m
    }

    /// Every move of a sum, each as the normalised position it leaves.
    pub fn sum_moves(&self, position: &[Game]) -> Vec<Vec<Game>> {
        let mut out = Vec::new();
        for i in 0..position.len() {
            for option in position[i].moves() {
                let mut next: Vec<Game> = position[..i].to_vec();
                next.extend_from_slice(&position[i + 1..]);
                next.extend(option);
                out.push(normalise(next));
            }
        }
        out
    }

    /// True if the player to move wins the sum, by exhaustive search (misère: who cannot move
    /// wins).
    pub fn mover_wins(&mut self, position: &[Game], misere: bool) -> bool {
        let position = normalise(position.to_vec());
        let memo = if misere { &self.misere } else { &self.normal };
        if let Some(&w) = memo.get(&position) {
            return w;
        }
        let moves = self.sum_moves(&position);
        let wins = if moves.is_empty() {
            misere
        } else {
            moves.iter().any(|next| !self.mover_wins(next, misere))
        };
        let memo = if misere {
            &mut self.misere
        } else {
            &mut self.normal
        };
        memo.insert(position, wins);
        wins
    }

    /// Every move of the sum to a position the mover then loses, as normalised positions
    /// (without duplicates, sorted).
    pub fn winning_moves(&mut self, position: &[Game], misere: bool) -> Vec<Vec<Game>> {
        let position = normalise(position.to_vec());
        let mut out: Vec<Vec<Game>> = self
            .sum_moves(&position)
            .into_iter()
            .filter(|next| !self.mover_wins(next, misere))
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

fn num(word: &str) -> u64 {
    word.parse()
        .unwrap_or_else(|_| panic!("not a number: {word}"))
}

fn set(word: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for item in word.split(',') {
        match item.split_once("..") {
            Some((lo, hi)) => out.extend(num(lo)..=num(hi)),
            None => out.push(num(item)),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Reads an expression as grundy prints it into brute-force atoms (normalised).
pub fn parse(expr: &str) -> Vec<Game> {
    let mut atoms = Vec::new();
    for component in expr.split('+') {
        let words: Vec<&str> = component.split_whitespace().collect();
        let nums = |from: usize| words[from..].iter().map(|w| num(w)).collect::<Vec<u64>>();
        match words[0] {
            "0" => {}
            "nim" => atoms.extend(nums(1).into_iter().map(Game::Nim)),
            "moore" => atoms.push(Game::Moore(num(words[1]), nums(2))),
            "subtract" => atoms.push(Game::Subtract(set(words[1]), num(words[2]))),
            "bash" => atoms.push(Game::Subtract((1..=num(words[1])).collect(), num(words[2]))),
            "fibnim" => {
                let n = num(words[1]);
                let l = words.get(2).map_or(n.saturating_sub(1), |w| num(w));
                atoms.push(Game::Fib(n, l));
            }
            "wythoff" => atoms.push(Game::Wythoff(num(words[1]), num(words[2]))),
            "staircase" => atoms.push(Game::Staircase(nums(1))),
            "octal" => {
                let (head, tail) = words[1].split_once('.').unwrap();
                let mut code = vec![num(head) as u8];
                code.extend(tail.bytes().map(|b| b - b'0'));
                while code.len() > 1 && code.last() == Some(&0) {
                    code.pop();
                }
                atoms.push(Game::Octal(code, num(words[2])));
            }
            "split" => atoms.push(Game::Split(num(words[1]), num(words[2]))),
            "cutting" => atoms.push(Game::Cutting(num(words[1]), num(words[2]))),
            "flip" => {
                let rows: Vec<Vec<u8>> = words[1].split('/').map(|r| r.bytes().collect()).collect();
                let (h, w) = (rows.len(), rows[0].len());
                let mut used = vec![false; h + w];
                if let Some(list) = words.get(2) {
                    for item in list.split(',') {
                        let k = num(&item[1..]) as usize - 1;
                        used[if item.starts_with('r') { k } else { h + k }] = true;
                    }
                }
                atoms.push(Game::Flip(rows, used));
            }
            other => panic!("unknown game {other}"),
        }
    }
    normalise(atoms)
}

/// A random line-flip board of at most `h x w` cells, as an expression (some lines used).
pub fn random_flip(rng: &mut Rng, h: u64, w: u64) -> String {
    let (h, w) = (rng.range(1, h), rng.range(1, w));
    let rows: Vec<String> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| ['o', 'x', '.'][rng.range(0, 2) as usize])
                .collect()
        })
        .collect();
    let mut used: Vec<String> = Vec::new();
    for r in 1..=h {
        if rng.chance(15) {
            used.push(format!("r{r}"));
        }
    }
    for c in 1..=w {
        if rng.chance(15) {
            used.push(format!("c{c}"));
        }
    }
    let used = if used.is_empty() {
        String::new()
    } else {
        format!(" {}", used.join(","))
    };
    format!("flip {}{used}", rows.join("/"))
}

/// A random small component, as an expression; `rectangles` allows split and cutting.
pub fn random_component(rng: &mut Rng, rectangles: bool) -> String {
    if rng.chance(8) {
        return random_flip(rng, 2, 3);
    }
    let kinds = if rectangles { 11 } else { 9 };
    match rng.range(0, kinds - 1) {
        0 => {
            let heaps: Vec<String> = (0..rng.range(1, 2))
                .map(|_| rng.range(0, 4).to_string())
                .collect();
            format!("nim {}", heaps.join(" "))
        }
        1 => {
            let heaps: Vec<String> = (0..rng.range(1, 3))
                .map(|_| rng.range(0, 3).to_string())
                .collect();
            format!("moore {} {}", rng.range(1, 2), heaps.join(" "))
        }
        2 => {
            let mut s: Vec<u64> = (1..=4).filter(|_| rng.chance(50)).collect();
            if s.is_empty() {
                s.push(rng.range(1, 4));
            }
            let s: Vec<String> = s.iter().map(u64::to_string).collect();
            format!("subtract {} {}", s.join(","), rng.range(0, 8))
        }
        3 => format!("bash {} {}", rng.range(1, 3), rng.range(0, 8)),
        4 => {
            let n = rng.range(0, 8);
            if rng.chance(50) {
                format!("fibnim {n}")
            } else {
                format!("fibnim {n} {}", rng.range(0, n))
            }
        }
        5 => format!("wythoff {} {}", rng.range(0, 4), rng.range(0, 4)),
        6 => {
            let steps: Vec<String> = (0..rng.range(1, 3))
                .map(|_| rng.range(0, 2).to_string())
                .collect();
            format!("staircase {}", steps.join(" "))
        }
        7 => format!("octal {} {}", random_octal_code(rng, 3), rng.range(0, 7)),
        8 => "0".to_string(),
        9 => format!("split {} {}", rng.range(1, 4), rng.range(1, 4)),
        _ => format!("cutting {} {}", rng.range(2, 5), rng.range(2, 5)),
    }
}

/// A random octal code with `len` digits after the point (`0.` or `4.` before it).
pub fn random_octal_code(rng: &mut Rng, len: u64) -> String {
    let head = if rng.chance(20) { "4" } else { "0" };
    let digits: String = (0..rng.range(1, len))
        .map(|_| char::from(b'0' + rng.range(0, 7) as u8))
        .collect();
    format!("{head}.{digits}")
}

/// Who wins a set of rectangles under the ORIGINAL rules, by search over the whole position:
/// `loses_on_1x1` is the split rule (cutting off a 1x1 loses at once), else the cutting rule
/// (cutting off a 1x1 wins at once).
pub fn original_rule_mover_wins(
    pieces: Vec<(u64, u64)>,
    loses_on_1x1: bool,
    memo: &mut std::collections::HashMap<Vec<(u64, u64)>, bool>,
) -> bool {
    let mut key: Vec<(u64, u64)> = pieces.iter().map(|&(r, c)| (r.min(c), r.max(c))).collect();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..key.len() {
        let (r, c) = key[i];
        let cuts = (1..r)
            .map(|a| ((a, c), (r - a, c)))
            .chain((1..c).map(|b| ((r, b), (r, c - b))));
        for (p, q) in cuts {
            let makes_1x1 = p == (1, 1) || q == (1, 1);
            if makes_1x1 {
                if loses_on_1x1 {
                    continue; // the mover would lose at once
                }
                wins = true; // the mover wins at once
                break 'search;
            }
            let mut next = key.clone();
            next.remove(i);
            next.push(p);
            next.push(q);
            if !original_rule_mover_wins(next, loses_on_1x1, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// Octal values `G(0..len)` by the plain mex recurrence over the code's digits.
pub fn octal_brute(code: &str, len: usize) -> Vec<u64> {
    let (head, tail) = code.split_once('.').unwrap();
    let mut digits = vec![head.parse::<u8>().unwrap()];
    digits.extend(tail.bytes().map(|b| b - b'0'));
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = std::collections::HashSet::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && k > 0 && rest == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && k > 0 && rest > 0 {
                seen.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen.insert(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Runs the built `grundy` with `args` and `stdin`; returns (exit status, stdout, stderr).
pub fn run_grundy(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // the binary built for the command line's tests; other packages' tests share this module
    // without running it (there, `grundy` from the PATH)
    let binary = option_env!("CARGO_BIN_EXE_grundy").unwrap_or("grundy");
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // a program may stop before reading all its input: a closed pipe is fine
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
