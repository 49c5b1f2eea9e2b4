//! The distance-layer collecting game of "Tavas in Kansas" (Codeforces 536 D).
//!
//! Two players stand at two cities. A move: pick x >= 0 and collect every city not yet collected
//! within distance x of one's own city; it must collect at least one new city. Each city's value
//! goes to whoever collects it; when all are collected the game ends.
//!
//! ```
//! use grundy_contests::scoring::layer_game::{layer_game_result, LayerGameResult};
//! // two cities: Tavas's (value 3) at distance 0 from him, 1 from Nafas; Nafas's (value 5) the
//! // other way round. Tavas opens by taking everything within distance 1: both cities.
//! let r = layer_game_result(&[0, 1], &[1, 0], &[3, 5]);
//! assert_eq!(r, LayerGameResult::FirstWins);
//! ```

/// The result of optimal play, from the first player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerGameResult {
    /// The first player ends with the larger total.
    FirstWins,
    /// The second player ends with the larger total.
    SecondWins,
    /// Equal totals.
    Draw,
}

/// The first player's total minus the second's under optimal play, each player maximising
/// their own margin.
///
/// `first_distance[c]` and `second_distance[c]` are city c's distances from the two players'
/// cities, `value[c]` its value. Only the order of the distances matters, so they are replaced
/// by their ranks: `a` layers around the first player, `b` around the second. A state is
/// `(i, j)` (the first player has taken layers `< i`, the second `< j`) and whose turn it is; the
/// cities left are those in layers `>= i` and `>= j`. A move by the first player takes layers up
/// to some `i' > r`, where r is the first layer `>= i` still holding a city, gaining the value of
/// layers `[i, i')` (in columns `>= j`). With suffix sums `S(i, j)` and suffix maxima of
/// `-S(i', j) - g(i', j)` (g the second player's value), each state costs O(1).
///
/// **Complexity**: O(n log n + a b) time and O(a b) space for n cities (a, b <= n).
///
/// ```
/// use grundy_contests::scoring::layer_game::layer_game_margin;
/// // three cities on a path s - c - t, values 1, 5, 1; distances from s: 0 1 2, from t: 2 1 0.
/// // The first player takes everything at once (x = 2).
/// assert_eq!(layer_game_margin(&[0, 1, 2], &[2, 1, 0], &[1, 5, 1]), 7);
/// // With a negative far city, the first player stops at x = 1 and leaves it to the second.
/// assert_eq!(layer_game_margin(&[0, 1, 2], &[2, 1, 0], &[1, 5, -3]), 9);
/// ```
pub fn layer_game_margin(first_distance: &[u64], second_distance: &[u64], value: &[i64]) -> i64 {
    let n = value.len();
    assert!(
        first_distance.len() == n && second_distance.len() == n,
        "one distance per city"
    );
    let rank = |d: &[u64]| -> (Vec<usize>, usize) {
        let mut sorted = d.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        (
            d.iter()
                .map(|x| sorted.binary_search(x).expect("present"))
                .collect(),
            sorted.len(),
        )
    };
    let (ra, a) = rank(first_distance);
    let (rb, b) = rank(second_distance);
    let w = b + 1; // row width of the (a + 1) x (b + 1) tables
                   // suffix sums and counts: rows >= i, columns >= j
    let mut sum = vec![0i64; (a + 1) * w];
    let mut count = vec![0u32; (a + 1) * w];
    for c in 0..n {
        sum[ra[c] * w + rb[c]] += value[c];
        count[ra[c] * w + rb[c]] += 1;
    }
    for i in (0..a).rev() {
        for j in (0..b).rev() {
            let at = i * w + j;
            sum[at] += sum[at + w] + sum[at + 1] - sum[at + w + 1];
            count[at] += count[at + w] + count[at + 1] - count[at + w + 1];
        }
    }
    let row_has = |i: usize, j: usize| count[i * w + j] - count[(i + 1) * w + j] > 0;
    let col_has = |i: usize, j: usize| count[i * w + j] - count[i * w + j + 1] > 0;
    // f(i, j): the first player to move, g(i, j): the second; each is the mover's margin.
    // first_best[i * w + j] = max over i' >= i of (-S(i', j) - g(i', j)), row a + 1 a sentinel
    let mut first_best = vec![i64::MIN; (a + 2) * w];
    // second_best[j] = max over j' >= j of (-S(i, j') - f(i, j')) for the current row i
    let mut second_best = vec![i64::MIN; w + 1];
    let mut first_row_with_city = vec![a; w]; // per column j: least row >= i with a city at >= j
    let mut answer = 0;
    for i in (0..=a).rev() {
        let mut first_col_with_city = b; // least column >= j with a city in rows >= i
        for j in (0..=b).rev() {
            let at = i * w + j;
            if i < a && j < b {
                if row_has(i, j) {
                    first_row_with_city[j] = i;
                }
                if col_has(i, j) {
                    first_col_with_city = j;
                }
            }
            let (f, g) = if count[at] == 0 {
                (0, 0) // every city is collected: the game is over
            } else {
                let r = first_row_with_city[j];
                let c = first_col_with_city;
                (
                    sum[at] + first_best[(r + 1) * w + j],
                    sum[at] + second_best[c + 1],
                )
            };
            second_best[j] = second_best[j + 1].max(-sum[at] - f);
            first_best[at] = first_best[at + w].max(-sum[at] - g);
            if i == 0 && j == 0 {
                answer = f;
            }
        }
    }
    answer
}

/// Who wins [`layer_game_margin`]'s game.
pub fn layer_game_result(
    first_distance: &[u64],
    second_distance: &[u64],
    value: &[i64],
) -> LayerGameResult {
    match layer_game_margin(first_distance, second_distance, value).signum() {
        1 => LayerGameResult::FirstWins,
        -1 => LayerGameResult::SecondWins,
        _ => LayerGameResult::Draw,
    }
}
