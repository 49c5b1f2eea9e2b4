//! Values of partizan positions by search: the canonical form of a position is
//! `{values of Left's options | values of Right's options}` ([`Forms::make`]), each option the
//! sum of the parts it splits into. Parts are normalised by the rules (symmetric positions
//! share one entry; a part may stand for the negative of a stored one) and stored in a
//! transposition table bounded by a state limit.

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::database::DatabaseView;
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU16, Ordering};

/// The rules of a partizan game, for [`PartizanSearch`].
///
/// Every partizan game of the catalog implements it (Domineering, Clobber, ...); a game of
/// your own needs only its options, how a position splits into independent parts, and a size.
///
/// ```
/// use grundy::partizan::{Forms, PartizanRules, PartizanSearch};
///
/// /// A pile of chips: Left takes one chip, Right takes two.
/// struct Chips;
///
/// impl PartizanRules for Chips {
///     type Position = u32;
///     fn split(&self, n: &u32, out: &mut Vec<(u32, bool)>) {
///         if *n > 0 {
///             out.push((*n, false));
///         }
///     }
///     fn options(&self, n: &u32, left: bool, out: &mut Vec<u32>) {
///         let take = if left { 1 } else { 2 };
///         if *n >= take {
///             out.push(n - take);
///         }
///     }
///     fn size(&self, n: &u32) -> usize {
///         *n as usize
///     }
/// }
///
/// let mut forms = Forms::new(10_000);
/// let mut search = PartizanSearch::new(Chips, 10_000);
/// let one = search.value(&mut forms, &1).unwrap();
/// let two = search.value(&mut forms, &2).unwrap();
/// assert_eq!(forms.to_string(one), "1"); // {0 | }
/// assert_eq!(forms.to_string(two), "{1|0}"); // a switch: whoever moves gains
/// ```
pub trait PartizanRules {
    /// A position (or a part of one).
    type Position: Clone + Eq + Hash;

    /// Splits `position` into independent parts, each normalised, pushed on `out` with `true`
    /// when the part's value is the negative of the normalised part's (Domineering's
    /// transposed boards). Parts without moves may be left out.
    fn split(&self, position: &Self::Position, out: &mut Vec<(Self::Position, bool)>);

    /// Left's options (`left`) or Right's of a normalised part, pushed on `out`.
    fn options(&self, part: &Self::Position, left: bool, out: &mut Vec<Self::Position>);

    /// The value of a normalised part when the rules know it is an integer without a search
    /// (Domineering once one player has no move); such parts are not stored.
    fn integer(&self, _part: &Self::Position) -> Option<i64> {
        None
    }

    /// How many moves Left (`left`) or Right has in a normalised part (what the outcome
    /// search orders its moves by).
    fn move_count(&self, part: &Self::Position, left: bool) -> usize {
        let mut out = Vec::new();
        self.options(part, left, &mut out);
        out.len()
    }

    /// Bounds on the moves of a normalised part, when the rules know them (see
    /// [`MoveBounds`]). The outcome search decides a sum whose parts all have bounds by them
    /// where it can.
    fn move_bounds(&self, _part: &Self::Position) -> Option<MoveBounds> {
        None
    }

    /// How big a normalised part is (its empty cells, stones or edges): the outcome search
    /// values a part by its canonical form only below a size it learns per game.
    fn size(&self, part: &Self::Position) -> usize;
}

/// Bounds on the moves Left (index 0) and Right (index 1) can make in a part, whatever the
/// opponent does (Bullock's safe moves for Domineering, with boxes and contested moves
/// besides). [`BoundTotals`] sums them over a sum's parts and decides who wins by them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveBounds {
    /// Moves the opponent can never take away, that leave one another (and the boxes and
    /// contested moves) playable.
    pub safe: [u32; 2],
    /// Boxes: places, disjoint from the rest, where the player who moves first takes two
    /// moves (four cells the opponent could use), and where one move of the opponent takes
    /// both away and touches nothing else of the player's, or takes one of them together with
    /// a linked move and leaves the other lone (a box open on one side).
    pub boxes: [u32; 2],
    /// Contested moves one move of the opponent may take away together with another: further
    /// moves, disjoint from one another and from the safe ones and the boxes, on cells the
    /// opponent could use (one of the two may be a cell she cannot).
    pub linked: [u32; 2],
    /// Contested moves no move of the opponent takes away together with another.
    pub lone: [u32; 2],
    /// How many of the contested moves cover only one cell the opponent could use.
    pub half: [u32; 2],
    /// How many of the linked moves cover only one cell the opponent could use (the rest of
    /// `half` are lone).
    pub half_linked: [u32; 2],
    /// Spread moves: contested moves none of which are linked (fewer of them, all lone), the
    /// other way a player may take them.
    pub spread: [u32; 2],
    /// How many of the spread moves cover only one cell the opponent could use.
    pub half_spread: [u32; 2],
    /// Options: safe moves that can be played one cell aside instead, onto a cell the
    /// opponent could use that nothing else of the player's needs or touches across (one
    /// move of the opponent's takes away at most one of them).
    pub options: [u32; 2],
    /// How many of the options also leave cells beside that cell of no use to the opponent.
    pub heavy_options: [u32; 2],
    /// The most moves the player can still make.
    pub most: [u32; 2],
    /// The cells the player could still cover (a move of hers covers two of them, and so
    /// does each contested move of the opponent's).
    pub usable: [u32; 2],
}

/// [`MoveBounds`] summed over the parts of a sum, with an integer beside them as free moves
/// of its owner.
///
/// The race they decide. A player takes her boxes first, then her linked moves, then her
/// lone ones, then her safe ones (some of them played a cell aside, as options), while each
/// move of the opponent takes away at most one box, two linked moves, one lone one, one
/// option, or a box's move and a linked one (the box's other move left lone): what she
/// surely takes that way against the opponent's best is [`claims`] (two moves per box, one
/// per contested move), with her safe and free moves. Or she takes her spread moves instead
/// of the contested ones (all lone), whichever way is better. Her opponent makes at most
/// `most` moves, and at most half her usable cells less those the player surely takes (two
/// per move taken, one for the contested moves whose other cell is one the opponent cannot
/// use, and those of the options), plus her free moves: [`claimed_weight`] bounds the
/// player's moves and the cells they take at once. The player to move wins when her sure
/// moves outnumber the opponent's most (she always has a reply), and loses when the
/// opponent's sure moves as second player reach her most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoundTotals {
    /// Per player: safe moves.
    pub safe: [i64; 2],
    /// Per player: boxes.
    pub boxes: [i64; 2],
    /// Per player: linked contested moves.
    pub linked: [i64; 2],
    /// Per player: lone contested moves.
    pub lone: [i64; 2],
    /// Per player: contested moves with one usable cell of the opponent's.
    pub half: [i64; 2],
    /// Per player: linked moves with one usable cell of the opponent's.
    pub half_linked: [i64; 2],
    /// Per player: spread moves, and those with one usable cell of the opponent's.
    pub spread: [[i64; 2]; 2],
    /// Per player: options, and those that take two or more of the opponent's cells.
    pub options: [[i64; 2]; 2],
    /// Per player: the most moves on the parts.
    pub most: [i64; 2],
    /// Per player: the usable cells.
    pub usable: [i64; 2],
    /// Per player: the free moves (the integer beside the parts).
    pub free: [i64; 2],
}

/// The most boxes, linked and lone moves [`claims`] tells apart (more count as this many:
/// fewer places to take never give more moves).
const CLAIMS_CAP: usize = 63;

/// The table of [`claims`] with every count up to its cap (the weighted race with a move's
/// weight, none of half moves and of options).
fn claims_table() -> WeightTable {
    let cap = CLAIMS_CAP;
    WeightTable::new([cap, cap, 0, cap, 0, 0, 0], [2, 1, 0, 1, 0, 0, 0])
}

/// The moves a player surely takes from `boxes` boxes, `linked` and `lone` contested moves,
/// moving first or not, taking boxes, then linked, then lone moves, while each move of her
/// opponent takes away one box, two linked moves, one lone move, or a box's move and a
/// linked one, the box's other move then lone: the opponent's best answer, found in a table
/// of every case up to 63 of each, each case worked out when first asked.
pub fn claims(boxes: i64, linked: i64, lone: i64, first: bool) -> i64 {
    static TABLE: std::sync::OnceLock<WeightTable> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(claims_table);
    i64::from(table.get([boxes, linked, 0, lone, 0, 0, 0], first))
}

/// The caps of [`claimed_weight`]'s table, per count (more count as this many: fewer places
/// to take never give more).
const WEIGHT_CAPS: [usize; 7] = [5, 15, 4, 5, 4, 5, 4];

/// The least, over the opponent's answers, of twice the moves a player surely takes from
/// `counts` plus the opponent's usable cells they take from her: the race of [`claims`]
/// with weights. The counts: boxes (8: two moves, four cells), linked moves covering two
/// usable cells of the opponent's and one (4 and 3), lone moves covering two and one (4 and
/// 3), and options covering one cell and two or more (1 and 2: a safe move played one cell
/// aside, onto a cell of the opponent's, and the cells beside it only that one made usable;
/// the move itself is counted among the safe ones). The player takes a box, else a linked
/// move, else a lone one, those covering two cells first, else an option, the heavier
/// first; the opponent takes away a box, two linked moves, one lone one, one option, or a
/// box's move with a linked one (the box's other move then lone, covering two cells usable
/// at the start). What the opponent can make is at most half her usable cells less this,
/// less twice the player's moves: one bound on both at once, where [`claims`] and a count of
/// the cells bound each alone, for the opponent's worst answer to each. Looked up in a table
/// of every case up to 5 boxes, 15 linked moves covering two cells and 4 or 5 of each other
/// count, each case worked out when first asked.
pub fn claimed_weight(counts: [i64; 7], first: bool) -> i64 {
    static TABLE: std::sync::OnceLock<WeightTable> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| WeightTable::new(WEIGHT_CAPS, WEIGHTS));
    i64::from(table.get(counts, first))
}

/// What the player's taking one of each count is worth in [`claimed_weight`]: twice its
/// moves plus the opponent's cells it covers.
const WEIGHTS: [u16; 7] = [8, 4, 3, 4, 3, 1, 2];

/// The race of [`claims`] and [`claimed_weight`], each count taken with its weight, for
/// every count up to its caps, each player to move. Each case is worked out when first
/// asked, from the cases its moves lead to (fewer of some count, so the recursion is at most
/// the sum of the caps deep), and kept: a process that decides a small board asks a few
/// hundred cases, where filling the whole table (432,000 cases) took it 4 ms. Threads share
/// the table: two that work out the same case store the same value.
struct WeightTable {
    caps: [usize; 7],
    dims: [usize; 7],
    /// The index step of each count (boxes the most significant).
    stride: [usize; 7],
    weights: [u16; 7],
    /// Per case and player to move (first, then second): the value plus one, 0 while not
    /// yet worked out (so that the table comes zeroed from the system, page by page).
    values: Vec<AtomicU16>,
}

impl WeightTable {
    /// An empty table: O(1) time, its memory taken from the system as cases are worked out.
    fn new(caps: [usize; 7], weights: [u16; 7]) -> WeightTable {
        let dims = caps.map(|c| c + 1);
        let states: usize = dims.iter().product();
        // boxes are the most significant digit: every case a move leads to has a lower
        // index (the box's move taken with a linked one adds a lone move but removes a box)
        let mut stride = [1usize; 7];
        for k in (0..6).rev() {
            stride[k] = stride[k + 1] * dims[k + 1];
        }
        WeightTable {
            caps,
            dims,
            stride,
            weights,
            values: bytemuck::zeroed_vec(states * 2),
        }
    }

    /// The race's value in case `state`, the player moving first (`second` false) or not.
    fn value(&self, state: usize, second: bool) -> u16 {
        let slot = state * 2 + usize::from(second);
        match self.values[slot].load(Ordering::Relaxed) {
            0 => {
                self.work_out(state);
                self.values[slot].load(Ordering::Relaxed) - 1
            }
            v => v - 1,
        }
    }

    /// Works out case `state` from the cases its moves lead to (worked out first if need be).
    fn work_out(&self, state: usize) {
        let (stride, caps) = (&self.stride, &self.caps);
        let c: [usize; 7] = std::array::from_fn(|k| state / stride[k] % self.dims[k]);
        // the player takes one
        // (boxes, linked, lone, those covering two cells first; the heavier options first)
        let take = [0, 1, 2, 3, 4, 6, 5]
            .into_iter()
            .find(|&k| c[k] > 0)
            .map_or(0, |k| self.weights[k] + self.value(state - stride[k], true));
        // the opponent takes some away, or plays elsewhere
        let mut away = take;
        let mut after = |less: usize| away = away.min(self.value(state - less, false));
        for k in [0, 3, 4, 5, 6] {
            if c[k] > 0 {
                after(stride[k]);
            }
        }
        for (x, y) in [(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)] {
            if c[1] >= x && c[2] >= y {
                after(x * stride[1] + y * stride[2]);
            }
        }
        for k in [1, 2] {
            if c[0] > 0 && c[k] > 0 {
                // one box and one linked move fewer, one lone move more (within the cap)
                let more = if c[3] < caps[3] { stride[3] } else { 0 };
                after(stride[0] + stride[k] - more);
            }
        }
        self.values[state * 2].store(take + 1, Ordering::Relaxed);
        self.values[state * 2 + 1].store(away + 1, Ordering::Relaxed);
    }

    /// The race's value from `counts` (each within its cap: fewer places to take never give
    /// more), the player moving first or not.
    fn get(&self, counts: [i64; 7], first: bool) -> u16 {
        // (max and min: `clamp` checks its bounds' order at each call)
        let mut index = 0;
        for ((&count, &cap), &stride) in counts.iter().zip(&self.caps).zip(&self.stride) {
            index += count.max(0).min(cap as i64) as usize * stride;
        }
        self.value(index, !first)
    }
}

impl BoundTotals {
    /// Adds a part's bounds (the players swapped when the part is `negated`).
    pub fn add(&mut self, b: &MoveBounds, negated: bool) {
        for player in 0..2 {
            let own = player ^ usize::from(negated);
            self.safe[player] += i64::from(b.safe[own]);
            self.boxes[player] += i64::from(b.boxes[own]);
            self.linked[player] += i64::from(b.linked[own]);
            self.lone[player] += i64::from(b.lone[own]);
            self.half[player] += i64::from(b.half[own]);
            self.half_linked[player] += i64::from(b.half_linked[own]);
            self.options[player][0] += i64::from(b.options[own]);
            self.options[player][1] += i64::from(b.heavy_options[own]);
            self.spread[player][0] += i64::from(b.spread[own]);
            self.spread[player][1] += i64::from(b.half_spread[own]);
            self.most[player] += i64::from(b.most[own]);
            self.usable[player] += i64::from(b.usable[own]);
        }
    }

    /// Adds the integer `n`: `n` free moves of Left's when positive, `-n` of Right's when
    /// negative.
    pub fn add_integer(&mut self, n: i64) {
        self.free[usize::from(n < 0)] += n.unsigned_abs().min(1 << 40) as i64;
    }

    /// Whether how far `player`, moving first or second, is from surely outlasting her
    /// opponent (the opponent's most moves less her own sure moves, the least by
    /// [`Self::shortfalls`]' two ways) is below `bound`: the second way is worked out only
    /// when the first is not (most positions a search decides are decided by the first).
    fn shortfall_below(&self, player: usize, first: bool, bound: i64) -> bool {
        self.way_shortfall(player, first, false) < bound
            || self.way_shortfall(player, first, true) < bound
    }

    /// How far `player` is from surely outlasting her opponent by each way of taking the
    /// contested moves.
    fn shortfalls(&self, player: usize, first: bool) -> [i64; 2] {
        [false, true].map(|spread| self.way_shortfall(player, first, spread))
    }

    /// [`Self::shortfalls`]' way taking the contested moves as they are, or as spread moves (all
    /// lone) when `spread`.
    fn way_shortfall(&self, player: usize, first: bool, spread: bool) -> i64 {
        let (p, them) = (player, 1 - player);
        let [options, heavy] = self.options[p];
        // the counts of [`claimed_weight`]
        let c = if spread {
            let [spread, half_spread] = self.spread[p];
            [
                self.boxes[p],
                0,
                0,
                spread - half_spread,
                half_spread,
                options - heavy,
                heavy,
            ]
        } else {
            let half_lone = self.half[p] - self.half_linked[p];
            [
                self.boxes[p],
                self.linked[p] - self.half_linked[p],
                self.half_linked[p],
                self.lone[p] - half_lone,
                half_lone,
                options - heavy,
                heavy,
            ]
        };
        let taken = claims(c[0], c[1] + c[2], c[3] + c[4], first);
        let half = c[2] + c[4];
        let sure = self.safe[p] + self.free[p];
        let moves = sure + taken;
        let cells = 2 * taken - taken.min(half);
        let most = self.most[them].min((self.usable[them] - cells) / 2) + self.free[them];
        // the opponent's most moves by the cells left her, less the player's, at once
        let weight = claimed_weight(c, first);
        let by_weight = (self.usable[them] - weight).div_euclid(2) + self.free[them] - sure;
        (most - moves).min(by_weight)
    }

    /// Whether the player to move (Left when `left`) wins (`Some(true)`), loses, or the bounds
    /// cannot tell: [`Self::surely_wins`], then [`Self::surely_loses`].
    pub fn decide(&self, left: bool) -> Option<bool> {
        if self.surely_wins(left) {
            Some(true)
        } else if self.surely_loses(left) {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the bounds prove that the player to move (Left when `left`) wins: her sure
    /// moves outlast her opponent's most. Reads only the mover's counts and her opponent's
    /// `most`, `usable` and `free`, so that a search may fill in the opponent's other counts
    /// only when this fails.
    pub fn surely_wins(&self, left: bool) -> bool {
        self.shortfall_below(usize::from(!left), true, 0)
    }

    /// Whether the bounds prove that the player to move (Left when `left`) loses: her
    /// opponent's sure moves, moving second, outlast hers.
    pub fn surely_loses(&self, left: bool) -> bool {
        self.shortfall_below(usize::from(left), false, 1)
    }

    /// How far the player who just moved (Left when `left`) is from a sure win with her
    /// opponent to move: the opponent's most moves less her own sure moves as second player
    /// (lower is better for her; what the searches order moves by).
    pub fn deficit(&self, left: bool) -> i64 {
        self.shortfalls(usize::from(!left), false)[1]
    }
}

/// The key a database files a normalised position under: its 128-bit hash.
pub fn position_key<P: std::hash::Hash>(position: &P) -> u128 {
    crate::partizan::hash::hash128(position, 0xdb)
}

/// How many moves a partizan search may list per part its table may store (a Domineering
/// position has dozens; a Cutcake rectangle 7 x k has k + 5, so a long one with a small table
/// stops here rather than after seconds of listing).
pub const OPTIONS_PER_PART: u128 = 64;

/// How many moves [`PartizanSearch::value`]'s checks of reach
/// ([`PartizanSearch::check_reach`]) list at most, per part the budget allows...
pub const REACH_WORK: u128 = 6;

/// ... and per move the search has listed so far: a check costs at most a few times the
/// work done before it.
pub const REACH_WORK_PER_LISTED: u128 = 4;

/// The moves over which [`PartizanSearch::check_reach`] measures the rate of new parts.
const REACH_WINDOW: u128 = 1 << 16;

/// What [`PartizanSearch::check_reach`]'s [`GrundyError::StateLimit`] says ran out.
pub const REACH_FAILURE: &str =
    "the positions a partizan game reaches, counted before they are valued";

/// The fractions of the budget (1 / n) at which [`PartizanSearch::value`] checks, once each,
/// whether the position it values is in reach ([`PartizanSearch::check_reach`]): late enough
/// that a value well within the budget is never checked, early enough that one far beyond
/// it fails in a fraction of the time its table takes to fill.
pub const REACH_CHECKS: [usize; 2] = [16, 4];

/// A memoised search for the canonical forms of positions of one game.
pub struct PartizanSearch<R: PartizanRules> {
    /// The rules.
    pub rules: R,
    table: FxHashMap<R::Position, GameId>,
    budget: Budget,
    /// Options listed so far: the work budget, [`OPTIONS_PER_PART`] per part the table may
    /// store, stops a search whose parts have thousands of moves long before the table fills.
    options_listed: u128,
    /// Vectors to reuse (the search allocates none per position once warm).
    parts: Vec<Vec<(R::Position, bool)>>,
    moves: Vec<Vec<R::Position>>,
    /// While [`PartizanSearch::value_within`] runs: the table size it may not pass.
    cap: Option<usize>,
    /// The databases positions are looked up in before they are searched (`--db`, and the
    /// root's values one search hands to others), in turn.
    databases: Vec<DatabaseView>,
    /// The position [`PartizanSearch::value`] was asked for, while it is valued.
    root: Option<R::Position>,
    /// How many of [`REACH_CHECKS`] the table has passed.
    checks: usize,
}

impl<R: PartizanRules> PartizanSearch<R> {
    /// A search that stores at most `max_states` parts (past it, [`GrundyError::StateLimit`]).
    /// `max_states` is a [`Budget`] (or a bare limit): once its flag is raised the search
    /// stops with [`GrundyError::Cancelled`].
    pub fn new(rules: R, max_states: impl Into<Budget>) -> Self {
        PartizanSearch {
            rules,
            table: FxHashMap::default(),
            budget: max_states.into(),
            options_listed: 0,
            parts: Vec::new(),
            moves: Vec::new(),
            cap: None,
            databases: Vec::new(),
            root: None,
            checks: 0,
        }
    }

    /// Looks positions up in `view` (a database's section of this game) before searching
    /// them, after the databases given before.
    pub fn use_database(&mut self, view: DatabaseView) {
        self.databases.push(view);
    }

    /// The positions the table holds, each by its key (the 128-bit hash a database files it
    /// under), and their canonical forms.
    pub fn entries(&self) -> impl Iterator<Item = (u128, GameId)> + '_ {
        self.table.iter().map(|(p, &v)| (position_key(p), v))
    }

    /// The canonical form of a normalised part if it needs at most `max_new` parts stored
    /// besides those already in the table (`Ok(None)` past that, or when the table is full:
    /// the parts stored on the way stay, they are values). The outcome search values small
    /// regions this way.
    pub fn value_within(
        &mut self,
        forms: &mut Forms,
        part: &R::Position,
        max_new: usize,
    ) -> Result<Option<GameId>> {
        self.cap = Some(self.table.len().saturating_add(max_new));
        let v = self.part_value(forms, part);
        self.cap = None;
        match v {
            Ok(v) => Ok(Some(v)),
            // the cap, or the table or its work budget full: not valued
            Err(GrundyError::StateLimit { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Fails with [`GrundyError::StateLimit`] ([`REACH_FAILURE`]) when valuing `position`
    /// certainly needs more parts stored than the budget allows (the depth-first search, which
    /// admits a part before its options and stores it after them, would fail once its table is
    /// full, or end a few parts past the budget); `Ok(())` when that is not known after
    /// listing `work` moves, or when the rate at which new parts come shows that it will not
    /// be.
    ///
    /// Rests on this: the value of a part is made from the values of all its options, so
    /// every part reachable from `position` that is neither an integer
    /// ([`PartizanRules::integer`]) nor stored already is stored by the depth-first search.
    /// Here they are counted breadth first, as they are reached: near the root nearly every
    /// option is a new part, so a board far out of reach is known to be after listing a few
    /// times the budget's moves, where the depth-first search first fills its table with
    /// small positions (the empty 8 x 8 Domineering board: 200,000 parts in some 3 seconds).
    /// Not checked when a database is in use (its positions are stored, not searched).
    ///
    /// **Complexity**: O(`work`) moves listed and normalised, and a set of the parts reached
    /// (at most the budget's count, its memory within the budget's).
    pub fn check_reach(&mut self, position: &R::Position, work: u128) -> Result<()> {
        if !self.databases.is_empty() {
            return Ok(());
        }
        let limit = self.budget.max_states();
        let what = || REACH_FAILURE.to_string();
        let mut seen: rustc_hash::FxHashSet<R::Position> = Default::default();
        let mut queue: Vec<R::Position> = Vec::new();
        let mut parts = Vec::new();
        let mut moves = Vec::new();
        let mut listed = 0u128;
        // a part reached: counted if new, and the error once the count passes the budget
        let reach = |part: R::Position,
                     seen: &mut rustc_hash::FxHashSet<R::Position>,
                     queue: &mut Vec<R::Position>|
         -> Result<()> {
            if self.table.contains_key(&part) || self.rules.integer(&part).is_some() {
                return Ok(());
            }
            self.budget.room(seen, what)?;
            self.budget.room(queue, what)?;
            if seen.insert(part.clone()) {
                queue.push(part);
            }
            if self.table.len().saturating_add(seen.len()) > limit {
                return Err(GrundyError::StateLimit {
                    limit,
                    what: what(),
                });
            }
            Ok(())
        };
        self.rules.split(position, &mut parts);
        for (part, _) in parts.drain(..) {
            reach(part, &mut seen, &mut queue)?;
        }
        let mut next = 0;
        let (mut window_end, mut window_seen) = (REACH_WINDOW, seen.len());
        while next < queue.len() && listed < work {
            if listed >= window_end {
                // new parts come more slowly as the search goes on (unevenly: a level of
                // the breadth-first order may end with a slow stretch): at four times this
                // window's rate, the rest of the work would not find enough of them
                let rate = (seen.len() - window_seen) as u128;
                let more = rate.saturating_mul(work - listed) / REACH_WINDOW * 4;
                let needed = limit
                    .saturating_add(1)
                    .saturating_sub(self.table.len().saturating_add(seen.len()));
                if more < needed as u128 {
                    return Ok(());
                }
                (window_end, window_seen) = (listed + REACH_WINDOW, seen.len());
            }
            // a count may list millions of moves: it stops with the search (a time limit, a
            // server moving the question to another worker)
            self.budget.check()?;
            let part = queue[next].clone();
            next += 1;
            for left in [true, false] {
                moves.clear();
                self.rules.options(&part, left, &mut moves);
                listed += moves.len() as u128;
                for option in moves.drain(..) {
                    self.rules.split(&option, &mut parts);
                    for (p, _) in parts.drain(..) {
                        reach(p, &mut seen, &mut queue)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// How many parts are stored.
    pub fn states(&self) -> usize {
        self.table.len()
    }

    /// The canonical form of `position`: the sum of its parts' values.
    ///
    /// **Complexity**: one canonicalisation per distinct part reached (up to symmetry), each
    /// a sum per option and the comparisons of [`Forms::make`].
    ///
    /// When the table first holds 1/16 and then 1/4 of the budget's parts
    /// ([`REACH_CHECKS`]), the search checks whether `position` is in reach at all
    /// ([`PartizanSearch::check_reach`]: then the parts stored, whose own options all are,
    /// are not listed again), and fails at once if it is not.
    pub fn value(&mut self, forms: &mut Forms, position: &R::Position) -> Result<GameId> {
        let outermost = self.root.is_none();
        if outermost {
            self.root = Some(position.clone());
        }
        let value = self.sum_value(forms, position);
        if outermost {
            self.root = None;
        }
        value
    }

    /// The value of a position within a search ([`PartizanSearch::value`] without its root).
    fn sum_value(&mut self, forms: &mut Forms, position: &R::Position) -> Result<GameId> {
        let mut parts = self.parts.pop().unwrap_or_default();
        self.rules.split(position, &mut parts);
        let total = self.sum_of_parts(forms, &parts);
        parts.clear();
        self.parts.push(parts);
        total
    }

    fn sum_of_parts(&mut self, forms: &mut Forms, parts: &[(R::Position, bool)]) -> Result<GameId> {
        let mut total = forms.zero();
        let mut integer = 0i64;
        for (part, negated) in parts {
            let sign = if *negated { -1 } else { 1 };
            if let Some(n) = self.rules.integer(part) {
                integer = n
                    .checked_mul(sign)
                    .and_then(|n| integer.checked_add(n))
                    .ok_or_else(|| {
                        GrundyError::Overflow("an integer part of a partizan sum".into())
                    })?;
                continue;
            }
            let v = self.part_value(forms, part)?;
            let v = if *negated { forms.neg(v) } else { v };
            total = forms.add(total, v)?;
        }
        if integer != 0 {
            let n = forms.number(Dyadic::integer(integer)?)?;
            total = forms.add(total, n)?;
        }
        Ok(total)
    }

    /// The value of one normalised part.
    pub fn part_value(&mut self, forms: &mut Forms, part: &R::Position) -> Result<GameId> {
        if let Some(&v) = self.table.get(part) {
            return Ok(v);
        }
        if let Some(n) = self.rules.integer(part) {
            return forms.number(Dyadic::integer(n)?);
        }
        if !self.databases.is_empty() {
            let key = position_key(part);
            for db in &mut self.databases {
                if let Some(v) = db.value(key, forms)? {
                    self.table.insert(part.clone(), v);
                    return Ok(v);
                }
            }
        }
        if self.cap.is_some_and(|cap| self.table.len() >= cap) {
            return Err(GrundyError::StateLimit {
                limit: self.table.len(),
                what: "a part valued within a cap".into(),
            });
        }
        self.budget.admit(self.table.len(), || {
            "the positions of a partizan game".into()
        })?;
        self.budget.room(&mut self.table, || {
            "the positions of a partizan game".into()
        })?;
        let v = stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            let mut moves = self.moves.pop().unwrap_or_default();
            let mut sides = [Vec::new(), Vec::new()];
            // the scratch vector goes back to the pool whether or not an option fails
            let mut outcome = Ok(());
            'sides: for (side, left) in sides.iter_mut().zip([true, false]) {
                moves.clear();
                self.rules.options(part, left, &mut moves);
                self.options_listed += moves.len() as u128;
                let work = OPTIONS_PER_PART * self.budget.max_states() as u128;
                if self.options_listed > work {
                    outcome = Err(GrundyError::StateLimit {
                        limit: self.budget.max_states(),
                        what: format!("the search listed more than {work} moves"),
                    });
                    break 'sides;
                }
                for option in &moves {
                    match self.sum_value(forms, option) {
                        Ok(v) => side.push(v),
                        Err(e) => {
                            outcome = Err(e);
                            break 'sides;
                        }
                    }
                }
            }
            moves.clear();
            self.moves.push(moves);
            outcome?;
            let [l, r] = sides;
            forms.make(l, r)
        })?;
        self.table.insert(part.clone(), v);
        if let Some(&share) = REACH_CHECKS.get(self.checks) {
            if self.table.len() >= self.budget.max_states() / share && self.cap.is_none() {
                self.checks += 1;
                if let Some(root) = self.root.take() {
                    let work = REACH_WORK
                        .saturating_mul(self.budget.max_states() as u128)
                        .min(REACH_WORK_PER_LISTED.saturating_mul(self.options_listed));
                    let reach = self.check_reach(&root, work);
                    self.root = Some(root);
                    reach?;
                }
            }
        }
        Ok(v)
    }
}

/// The canonical forms of the positions `0..n` of a game given explicitly: `left[v]` and
/// `right[v]` list the positions Left's and Right's moves from `v` lead to. The game must end
/// (no position reachable from itself): a cycle is an error naming a position on it.
///
/// **Complexity**: one [`Forms::make`] per position, in the order of an iterative depth-first
/// search (no recursion, however deep the game), O(n + moves) besides.
pub fn explicit_values(
    forms: &mut Forms,
    n: usize,
    left: &[Vec<u32>],
    right: &[Vec<u32>],
) -> Result<Vec<GameId>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; n];
    let mut value = vec![forms.zero(); n];
    let option = |v: usize, k: usize| {
        let l = &left[v];
        if k < l.len() {
            Some(l[k] as usize)
        } else {
            right[v].get(k - l.len()).map(|&o| o as usize)
        }
    };
    for root in 0..n {
        if state[root] != NEW {
            continue;
        }
        // (position, how many of its options have been pushed)
        let mut stack = vec![(root, 0usize)];
        state[root] = OPEN;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(o) = option(v, *next) {
                *next += 1;
                if o >= n {
                    return Err(GrundyError::Unsupported(format!(
                        "position {v} has a move to {o}, beyond the {n} positions"
                    )));
                }
                match state[o] {
                    NEW => {
                        state[o] = OPEN;
                        stack.push((o, 0));
                    }
                    OPEN => {
                        return Err(GrundyError::Unsupported(format!(
                            "the game does not end: position {o} can be reached from itself"
                        )))
                    }
                    _ => {}
                }
                continue;
            }
            let l = left[v].iter().map(|&o| value[o as usize]).collect();
            let r = right[v].iter().map(|&o| value[o as usize]).collect();
            value[v] = forms.make(l, r)?;
            state[v] = DONE;
            stack.pop();
        }
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The race [`claims`] tables, played out by plain recursion: the player takes a box, else
    /// a linked move, else a lone one; the opponent takes away whatever leaves her least
    /// (a box, two linked moves, one lone move, a box's move with a linked move (its other
    /// move left lone), or nothing).
    fn race(boxes: i64, linked: i64, lone: i64, player: bool) -> i64 {
        if player {
            if boxes > 0 {
                2 + race(boxes - 1, linked, lone, false)
            } else if linked > 0 {
                1 + race(0, linked - 1, lone, false)
            } else if lone > 0 {
                1 + race(0, 0, lone - 1, false)
            } else {
                0
            }
        } else {
            let mut answers = vec![race(boxes, linked, lone, true)];
            if boxes > 0 {
                answers.push(race(boxes - 1, linked, lone, true));
            }
            if linked > 0 {
                answers.push(race(boxes, linked - linked.min(2), lone, true));
            }
            if lone > 0 {
                answers.push(race(boxes, linked, lone - 1, true));
            }
            if boxes > 0 && linked > 0 {
                answers.push(race(boxes - 1, linked - 1, lone + 1, true));
            }
            answers.into_iter().min().expect("one answer")
        }
    }

    /// The race of [`claimed_weight`] played out by plain recursion: counts are boxes, linked
    /// moves covering two and one of the opponent's cells, lone ones covering two and one,
    /// options taking one cell and two.
    fn weighted_race(c: [i64; 7], player: bool) -> i64 {
        thread_local! {
            static MEMO: std::cell::RefCell<std::collections::HashMap<([i64; 7], bool), i64>> =
                Default::default();
        }
        if let Some(v) = MEMO.with(|m| m.borrow().get(&(c, player)).copied()) {
            return v;
        }
        let v = weighted_race_unmemoised(c, player);
        MEMO.with(|m| m.borrow_mut().insert((c, player), v));
        v
    }

    fn weighted_race_unmemoised(c: [i64; 7], player: bool) -> i64 {
        if player {
            // the player's order: boxes, linked, lone, the heavier options first
            let order = [(0, 8), (1, 4), (2, 3), (3, 4), (4, 3), (6, 2), (5, 1)];
            match order.into_iter().find(|&(k, _)| c[k] > 0) {
                Some((k, w)) => {
                    let mut d = c;
                    d[k] -= 1;
                    w + weighted_race(d, false)
                }
                None => 0,
            }
        } else {
            let mut answers = vec![weighted_race(c, true)];
            let mut try_away = |changes: &[(usize, i64)]| {
                let mut d = c;
                for &(k, n) in changes {
                    d[k] += n;
                }
                if d.iter().all(|&n| n >= 0) {
                    answers.push(weighted_race(d, true));
                }
            };
            for k in [0, 3, 4, 5, 6] {
                try_away(&[(k, -1)]);
            }
            for (x, y) in [(1, 0), (0, 1), (2, 0), (1, 1), (0, 2)] {
                try_away(&[(1, -x), (2, -y)]);
            }
            try_away(&[(0, -1), (1, -1), (3, 1)]);
            try_away(&[(0, -1), (2, -1), (3, 1)]);
            answers.into_iter().min().expect("one answer")
        }
    }

    #[test]
    fn claimed_weights_are_the_race_played_out() {
        // the full table too, which sums of small parts never reach
        let full = WeightTable::new(WEIGHT_CAPS, WEIGHTS);
        let full_states: usize = full.dims.iter().product();
        for state in (0..full_states).rev() {
            full.value(state, true);
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..3000 {
            let mut c = [0i64; 7];
            for (k, n) in c.iter_mut().enumerate() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *n = (seed % if k == 1 { 6 } else { 3 }) as i64;
            }
            for first in [true, false] {
                assert_eq!(
                    claimed_weight(c, first),
                    weighted_race(c, first),
                    "{c:?} first {first}"
                );
                assert_eq!(i64::from(full.get(c, first)), weighted_race(c, first));
                // never less than the unweighted race allows
                let taken = claims(c[0], c[1] + c[2], c[3] + c[4], first);
                assert!(claimed_weight(c, first) >= 3 * taken);
            }
        }
    }

    #[test]
    fn claims_are_the_race_played_out() {
        for boxes in 0..5 {
            for linked in 0..7 {
                for lone in 0..7 {
                    for first in [true, false] {
                        assert_eq!(
                            claims(boxes, linked, lone, first),
                            race(boxes, linked, lone, first),
                            "{boxes} boxes, {linked} linked, {lone} lone, first {first}"
                        );
                    }
                }
            }
        }
        // past the table's cap, counts count as the cap: a box each move, moving first
        assert_eq!(claims(200, 0, 0, true), 2 * 32);
    }

    #[test]
    fn a_table_worked_out_on_demand_is_the_table_filled_in_order() {
        // every case of the claims' table up to 15 of each, asked in a scrambled order of a
        // fresh table, against the table filled in index order
        let (scrambled, in_order) = (claims_table(), claims_table());
        let dims = in_order.dims;
        let states: usize = dims.iter().product();
        for state in 0..states {
            in_order.value(state, false);
        }
        let mut seed = 0x243f_6a88_85a3_08d3u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let counts = [seed % 16, seed >> 8 & 15, 0, seed >> 16 & 15, 0, 0, 0].map(|n| n as i64);
            for first in [true, false] {
                assert_eq!(
                    scrambled.get(counts, first),
                    in_order.get(counts, first),
                    "{counts:?}"
                );
            }
        }
    }
}
