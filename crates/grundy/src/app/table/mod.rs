//! Tabulating a family of positions: what `grundy table` computes. Every family is read by
//! [`Family::parse`]: the impartial ones get their Grundy values and proved periods here
//! ([`table_report`]), the partizan games with a standard start on rectangles their canonical
//! forms or outcomes in [`partizan`].
//!
//! The octal engine is [`crate::solve::octal`]; pictures of tables are drawn by `app::plot`
//! (feature `plot`).
//!
//! ```
//! use grundy::app::table::{table_report, Family, TableOptions};
//! let family = Family::parse("subtract 1,2").unwrap();
//! let options = TableOptions { to: Some(9), ..TableOptions::default() };
//! let report = table_report(&family, &options, |_| {}).unwrap();
//! assert_eq!(report.values.unwrap(), vec![0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
//! ```

pub mod partizan;

use crate::app::parse::parse_sum;
use crate::budget::{Budget, Cancel};
use crate::error::{excerpt, GrundyError, Result, Setting};
use crate::games::partizan::{PartizanEntry, PARTIZAN_GAMES};
use crate::games::Component;
use crate::games::{CutRule, OctalCode, RectangleTable, SubtractionSet, WythoffTable};
use crate::memory::check_fits;
use crate::solve::misere::{GenusSequence, MisereSolver};
use crate::solve::octal::period::arithmetic_period;
use crate::solve::octal::{
    octal_stats_streaming, octal_values_resumed, rare_common_stats, Checkpoint, OctalMethod,
    RareCommonStats, StreamFile, FULL_PHASE, MIN_KEEP,
};
use serde::Serialize;

/// Memory per heap of a one-heap table (the values, the engine's marks and rare positions,
/// generously) and per cell of a two-dimensional one: what `--to`, `--until-period` and
/// `--rows`/`--cols` are checked against before anything is allocated.
const BYTES_PER_HEAP: u128 = 16;
const BYTES_PER_CELL: u128 = 8;

/// A family of positions to tabulate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Family {
    /// `octal CODE`: heaps 0, 1, 2, ...
    Octal(OctalCode),
    /// `subtract S` (or `bash M`, kept as written): heaps 0, 1, 2, ...
    Subtract(SubtractionSet, bool),
    /// `wythoff`: heap pairs, rows and columns from 0.
    Wythoff,
    /// `split` or `cutting`: rectangles, rows and columns from 1.
    Rectangle(CutRule),
    /// A partizan game of the catalog with a standard start on rectangles (`domineering`,
    /// `cutcake`, `clobber`...), by its keyword: tabulated by [`partizan`].
    Partizan(&'static str),
    /// An impartial game of the catalog with a standard start on rectangles (`cram`,
    /// `chomp`), by its keyword: the nimbers of its starts, by the nimber search.
    Board(&'static str),
}

impl Family {
    /// Reads a family: `octal CODE`, `subtract S`, `bash M`, `wythoff`, `split`, `cutting`,
    /// or the keyword of a partizan game with a standard start on rectangles. Errors name the
    /// word at fault.
    ///
    /// ```
    /// use grundy::app::table::Family;
    /// assert!(Family::parse("octal 0.07").is_ok());
    /// assert!(Family::parse("octal 0.08").is_err());
    /// assert!(Family::parse("split").unwrap().is_two_dimensional());
    /// assert_eq!(Family::parse("domineering").unwrap(), Family::Partizan("domineering"));
    /// ```
    pub fn parse(text: &str) -> Result<Family> {
        if let Some(game) = partizan::table_game(text) {
            return Ok(Family::Partizan(game.syntax.keyword));
        }
        if let [keyword] = text.split_whitespace().collect::<Vec<_>>().as_slice() {
            if let Some(start) = crate::games::board_start(keyword) {
                return Ok(Family::Board(start.keyword));
            }
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        // the family as one line, whatever white space it was written with
        let shown = excerpt(&words.join(" "));
        let bad =
            |message: String| GrundyError::Unsupported(format!("family '{shown}': {message}"));
        let one = |what: &str| -> Result<&str> {
            match words.as_slice() {
                [_, arg] => Ok(arg),
                _ => Err(bad(format!(
                    "expected '{} {what}'",
                    excerpt(words.first().unwrap_or(&""))
                ))),
            }
        };
        let none = || -> Result<()> {
            if words.len() == 1 {
                Ok(())
            } else {
                Err(bad(format!("'{}' takes no argument", excerpt(words[0]))))
            }
        };
        match words.first().copied() {
            Some("octal") => Ok(Family::Octal(one("CODE")?.parse().map_err(bad)?)),
            Some("hex") => Ok(Family::Octal(
                OctalCode::parse_hex(one("CODE")?).map_err(bad)?,
            )),
            Some("grundys") => none().map(|_| Family::Octal(OctalCode::grundys())),
            Some("subtract") => {
                let sum = crate::app::parse::parse_sum(&format!("subtract {} 0", one("S")?))
                    .map_err(|e| bad(e.to_string()))?;
                match sum.first() {
                    Some(crate::games::Component::Subtraction(s)) => {
                        Ok(Family::Subtract(s.rules.set().clone(), false))
                    }
                    _ => Err(bad(
                        "expected a subtraction set such as 1,3,4 or 1..5".into()
                    )),
                }
            }
            Some("bash") => {
                let m: u64 = one("M")?
                    .parse()
                    .map_err(|_| bad("M must be a number".into()))?;
                SubtractionSet::bash(m)
                    .map(|s| Family::Subtract(s, true))
                    .ok_or_else(|| bad("M must be at least 1".into()))
            }
            Some("wythoff") => none().map(|_| Family::Wythoff),
            Some("split") => none().map(|_| Family::Rectangle(CutRule::Split)),
            Some("cutting") => none().map(|_| Family::Rectangle(CutRule::Cutting)),
            Some(other) => Err(bad(format!(
                "unknown family '{}' (expected {})",
                excerpt(other),
                family_names()
            ))),
            None => Err(bad(format!("empty: expected {}", family_names()))),
        }
    }

    /// True for the families tabulated over two indices (`wythoff`, `split`, `cutting`, the
    /// partizan games).
    pub fn is_two_dimensional(&self) -> bool {
        matches!(
            self,
            Family::Wythoff | Family::Rectangle(_) | Family::Partizan(_) | Family::Board(_)
        )
    }

    /// The partizan game's catalog entry, for [`Family::Partizan`].
    pub fn partizan(&self) -> Option<&'static PartizanEntry> {
        match self {
            Family::Partizan(keyword) => partizan::table_game(keyword),
            _ => None,
        }
    }

    /// The family as grundy writes it.
    pub fn name(&self) -> String {
        match self {
            Family::Octal(code) => code.family(),
            Family::Subtract(set, true) => format!("bash {}", set.as_bash().unwrap_or(0)),
            Family::Subtract(set, false) => format!("subtract {set}"),
            Family::Wythoff => "wythoff".into(),
            Family::Rectangle(rule) => rule.name().into(),
            Family::Partizan(keyword) | Family::Board(keyword) => (*keyword).into(),
        }
    }
}

/// The families [`Family::parse`] reads, for its errors.
fn family_names() -> String {
    let mut names: Vec<&str> = vec![
        "octal CODE",
        "hex CODE",
        "grundys",
        "subtract S",
        "bash M",
        "wythoff",
        "split",
        "cutting",
    ];
    names.extend(crate::games::BOARD_STARTS.iter().map(|s| s.keyword));
    names.extend(
        PARTIZAN_GAMES
            .iter()
            .filter(|g| g.has_start())
            .map(|g| g.syntax.keyword),
    );
    names.join(", ")
}

/// How far and how to tabulate.
#[derive(Clone, Debug)]
pub struct TableOptions {
    /// 1-D: the last heap shown (default: where the period is proved, or 99).
    pub to: Option<u64>,
    /// 1-D: keep computing until a period is proved or this heap (default: max(to, 10000)).
    pub until_period: Option<u64>,
    /// 1-D octal: the method.
    pub method: OctalMethod,
    /// 2-D: rows and columns.
    pub rows: Option<u64>,
    /// 2-D: columns.
    pub cols: Option<u64>,
    /// The most values stored.
    pub max_states: usize,
    /// 1-D octal: compute every value up to `to` even where a proved period already gives it
    /// (to check the period, or to time the engine); otherwise computing stops at the proof.
    pub compute_all: bool,
    /// 1-D: also the misère values and Conway's genus of each heap (see [`MisereTable`]).
    pub misere: bool,
    /// With `misere`: the most positions the genus search may store.
    pub misere_max_states: usize,
    /// 1-D: add the rare/common statistics of the values shown.
    pub stats: bool,
    /// Raised to stop the computation (a time limit, an interrupt): it then fails with
    /// [`GrundyError::Cancelled`].
    pub cancel: Cancel,
}

impl TableOptions {
    /// The budget of the table: [`TableOptions::max_states`] values, stopped by the flag.
    pub fn budget(&self) -> Budget {
        Budget::new(self.max_states).with_cancel(self.cancel.clone())
    }

    /// The budget of the misère columns' search.
    fn misere_budget(&self) -> Budget {
        Budget::new(self.misere_max_states).with_cancel(self.cancel.clone())
    }
}

/// The most values a table stores by default (2^28: a table is a flat array of small values,
/// so it may hold far more than a search's memo).
pub const DEFAULT_TABLE_STATES: usize = 1 << 28;

impl Default for TableOptions {
    /// What `grundy table FAMILY` does with no options (and Python's `table`): automatic
    /// method, [`DEFAULT_TABLE_STATES`] values, the default search limit for misère columns.
    fn default() -> Self {
        TableOptions {
            to: None,
            until_period: None,
            method: OctalMethod::Auto,
            rows: None,
            cols: None,
            max_states: DEFAULT_TABLE_STATES,
            compute_all: false,
            misere: false,
            misere_max_states: crate::solve::DEFAULT_MAX_STATES,
            stats: false,
            cancel: Cancel::new(),
        }
    }
}

/// A period: `G(n + p) = G(n) + s` for every `n >= n0` (s, the saltus, is 0 for an ordinary
/// period and positive for an arithmetic one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The least n0.
    pub preperiod: u64,
    /// The least p.
    pub period: u64,
    /// The saltus s: 0 for an ordinary period.
    pub saltus: u64,
    /// True when a theorem proves it (then it gives every value past those computed); false
    /// for an arithmetic period observed on the values computed.
    pub proved: bool,
    /// The theorem and the values it rests on, or "observed, not proved" and the range.
    pub reason: String,
}

/// A table, in the shape of `grundy table --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// The family, normalised.
    pub family: String,
    /// 1-D: the last heap shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<u64>,
    /// 1-D: `G(0..=to)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u64>>,
    /// 2-D: rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<u64>,
    /// 2-D: columns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cols: Option<u64>,
    /// 2-D: the values, `null` where a rectangle is not a position of the game (`cutting`
    /// with a side of 1: cutting off a 1x1 is an immediate win).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<Vec<Option<u64>>>>,
    /// The period, when proved.
    pub period: Option<PeriodReport>,
    /// 1-D with `stats`: the largest value and where, the rare/common mask, the rare heaps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stats: Option<RareCommonStats>,
    /// 1-D with `misere`: misère values and genus, beside `values`.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub misere: Option<MisereTable>,
    /// A streamed run (`--stream`): what it held instead of every value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream: Option<StreamReport>,
    /// 1-D: how many heaps were computed (may exceed `to` to prove the period, or stay below it
    /// once a period is proved).
    #[serde(skip)]
    pub computed: u64,
    /// 1-D octal: the method used.
    #[serde(skip)]
    pub method: Option<OctalMethod>,
}

/// What a streamed table held (`grundy table --stats --stream`): the statistics come from
/// every heap, but only a window of them was kept at a time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StreamReport {
    /// The first and the recent heaps kept (at least this many of each).
    pub window: u64,
    /// The most values held at once (first heaps, recent heaps, rare heaps).
    pub held: u64,
    /// `G(to)`, the last value computed.
    pub last_value: u64,
    /// Values read back from the file of every value (the rare scans past the window).
    pub read_back: u64,
}

/// `grundy table --stats --stream`: the rare/common statistics of `G(0..=to)` for a
/// take-and-break family whose moves split a heap in two (octal codes, Grundy's game), holding
/// the first and the last `window` heaps and the rare heaps in memory instead of every value,
/// the others on disk: in `file` if given (kept, and resumed from when it holds values of the
/// family already), else in a temporary file ([`octal_stats_streaming`]); the report has
/// `stats` and `stream`, no values and no period.
///
/// **Errors**: another family, a code whose moves leave three heaps, a value above 65535, the
/// temporary file of every value failing, more heaps held than the budget's state limit, the
/// budget's flag raised.
pub fn stream_stats_report(
    family: &Family,
    to: u64,
    window: usize,
    file: Option<StreamFile<'_>>,
    budget: &Budget,
    progress: impl FnMut(usize),
) -> Result<TableReport> {
    let Family::Octal(code) = family else {
        return Err(GrundyError::Unsupported(format!(
            "a streamed table is for take-and-break games (octal, hex, grundys), not {}",
            family.name()
        )));
    };
    let last =
        usize::try_from(to).map_err(|_| GrundyError::Overflow(format!("the last heap {to}")))?;
    let run = octal_stats_streaming(code, last, window, FULL_PHASE, file, budget, progress)?;
    Ok(TableReport {
        family: family.name(),
        to: Some(to),
        values: None,
        rows: None,
        cols: None,
        table: None,
        period: None,
        stats: Some(run.stats),
        misere: None,
        stream: Some(StreamReport {
            window: window.max(MIN_KEEP) as u64,
            held: run.held as u64,
            last_value: run.last,
            read_back: run.read_back,
        }),
        computed: to + 1,
        method: Some(OctalMethod::Sparse),
    })
}

/// The misère side of a one-heap table (`grundy table --misere`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereTable {
    /// `G⁻(n)` for the heaps computed: 1 for a heap with no move, else the mex of its options'.
    pub misere_values: Vec<u64>,
    /// Conway's genus of each heap in Winning Ways' notation (`0^120`, `3^1431`).
    pub genus: Vec<String>,
    /// The first heap whose genus is not that of the nim heap of its value, if any among the
    /// heaps computed: below it every heap plays like a nim heap in misère sums of *2s.
    pub first_non_nim_genus: Option<u64>,
    /// Why the misère columns stop before `to` (the search reached its state limit), if so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_stopped: Option<String>,
}

/// Misère values and genus of heaps 0..=to of a one-heap family whose normal values are
/// `values`, by the genus search of [`MisereSolver::genus`] over every follower (sums of heaps
/// included), sharing one memo across heaps; stops at the first heap past `max_states`.
fn misere_table(family: &Family, values: &[u64], budget: Budget) -> Result<MisereTable> {
    let mut solver: MisereSolver<Component> = MisereSolver::new(budget);
    let mut table = MisereTable {
        misere_values: Vec::new(),
        genus: Vec::new(),
        first_non_nim_genus: None,
        misere_stopped: None,
    };
    for (n, &g) in values.iter().enumerate() {
        let heap = parse_sum(&format!("{} {n}", family.name()))?;
        let sequence = match solver.genus(&heap) {
            Ok(s) => s,
            Err(e @ GrundyError::StateLimit { .. }) => {
                table.misere_stopped = Some(format!(
                    "misère values and genus stop at heap {}: heap {n}: {e}",
                    n as i64 - 1
                ));
                break;
            }
            Err(e) => return Err(e),
        };
        let nim_like = u32::try_from(g).is_ok_and(|g| sequence == GenusSequence::nim_heap(g));
        if !nim_like && table.first_non_nim_genus.is_none() {
            table.first_non_nim_genus = Some(n as u64);
        }
        table.misere_values.push(u64::from(sequence.misere_value()));
        table.genus.push(sequence.notation(g));
    }
    Ok(table)
}

/// Tabulates `family`; `progress` is told how many values are done (for a progress bar).
///
/// Octal games run the engine of [`crate::solve::octal::octal_values`]; subtraction games
/// [`SubtractionSet::values_within`] (the period is proved by a repeated window of max(S) values);
/// `split` and `cutting` [`RectangleTable`] (anti-diagonals in parallel); `wythoff`
/// [`WythoffTable`]. Inconsistent options are refused.
pub fn table_report(
    family: &Family,
    options: &TableOptions,
    progress: impl FnMut(usize),
) -> Result<TableReport> {
    table_report_resumed(family, options, &[], progress, None)
}

/// [`table_report`] for a take-and-break family (`octal`, `hex`, `grundys`) that resumes from
/// the values `start = G(0..k)` of an earlier run and saves its values to `checkpoint` now and
/// then (`grundy table --checkpoint`); the table is the same as an uninterrupted run's. Other
/// families refuse a start or a checkpoint.
pub fn table_report_resumed(
    family: &Family,
    options: &TableOptions,
    start: &[u32],
    progress: impl FnMut(usize),
    checkpoint: Option<Checkpoint<'_>>,
) -> Result<TableReport> {
    if let Family::Partizan(keyword) = family {
        return Err(GrundyError::Unsupported(format!(
            "{keyword} is a partizan game: its table is of canonical forms (partizan::partizan_table), not Grundy values"
        )));
    }
    if (!start.is_empty() || checkpoint.is_some()) && !matches!(family, Family::Octal(_)) {
        return Err(GrundyError::Unsupported(format!(
            "checkpoints are for take-and-break tables (octal, hex, grundys), not {}",
            family.name()
        )));
    }
    let refuse = |setting: Setting, message: &str| {
        Err(GrundyError::Setting {
            setting,
            message: message.to_string(),
        })
    };
    if family.is_two_dimensional() {
        if options.misere {
            return refuse(Setting::Misere, &format!(
                "misère tables are for one-heap families (octal, subtract, bash); {}",
                match family {
                    Family::Rectangle(_) => "split and cutting end by their own rules, so misère play has no meaning for them",
                    _ => "misère wythoff positions are solved one by one",
                }
            ));
        }
        if options.stats {
            return refuse(
                Setting::Stats,
                "rare/common statistics are for one-heap families (octal, hex, grundys, subtract, bash)",
            );
        }
        if let Some(setting) = [
            (options.to.is_some(), Setting::To),
            (options.until_period.is_some(), Setting::UntilPeriod),
        ]
        .into_iter()
        .find_map(|(given, s)| given.then_some(s))
        {
            return refuse(
                setting,
                "a last heap is for one-heap families; this one takes rows and columns",
            );
        }
        let (Some(rows), Some(cols)) = (options.rows, options.cols) else {
            let missing = if options.rows.is_none() {
                Setting::Rows
            } else {
                Setting::Cols
            };
            return refuse(
                missing,
                &format!(
                    "'{}' is tabulated over two indices: give rows and columns",
                    family.name()
                ),
            );
        };
        let cells = rows as u128 * cols as u128;
        check_fits(
            &format!("the {} table of {rows} x {cols}", family.name()),
            cells * BYTES_PER_CELL,
        )?;
        return two_dimensional(family, rows, cols, &options.budget());
    }
    if options.rows.is_some() || options.cols.is_some() {
        let setting = if options.rows.is_some() {
            Setting::Rows
        } else {
            Setting::Cols
        };
        return refuse(
            setting,
            "rows and columns are for wythoff, split and cutting; this family takes a last heap",
        );
    }
    if options.method != OctalMethod::Auto && !matches!(family, Family::Octal(_)) {
        return refuse(Setting::Method, "a method is chosen for octal games only");
    }
    if options.misere && options.compute_all {
        return refuse(
            Setting::ComputeAll,
            "misère columns and computing every value do not go together",
        );
    }
    let to = options.to.unwrap_or(99);
    let limit = options.until_period.unwrap_or(to.max(10_000)).max(to);
    check_fits(
        &format!("the table of {} up to heap {limit}", family.name()),
        (limit as u128 + 1) * BYTES_PER_HEAP,
    )?;
    let limit = usize::try_from(limit)
        .map_err(|_| GrundyError::Overflow(format!("the last heap {limit}")))?;
    let (values, period, reason, method) = match family {
        Family::Octal(code) => {
            // stop as soon as a period is proved, even below `to`: the proved period gives
            // the values past it (a table to 10^6 of a game periodic from heap 53 is instant)
            let run = octal_values_resumed(
                code,
                start,
                if options.compute_all { to as usize } else { 0 },
                limit,
                options.method,
                options.budget(),
                progress,
                checkpoint,
            )?;
            let computed = run.values.values.len();
            let saltus = run.values.saltus;
            let reason = run.values.period.map(|(pre, p)| {
                if saltus > 0 {
                    return format!(
                        "arithmetic-periodicity test for a code whose moves leave three heaps (proved in grundy's period.rs): G(n + {p}) = G(n) + {saltus} checked for every n from {pre} up to {} (values computed up to heap {}); past them no option has the value claimed (nim-sum parity, low bits or size, checked on parts reduced below {}) and every smaller value is reached by a heap of that value beside a heap of value 0 or two heaps of equal value (checked on every residue)",
                        computed - 1 - p as usize,
                        computed - 1,
                        pre + p
                    );
                }
                format!(
                    "Guy-Smith theorem for a code of length {}{}: G(n + {p}) = G(n) checked for every n from {} up to {} (values computed up to heap {})",
                    code.len(),
                    if code.max_parts() == 3 {
                        " whose moves leave up to three heaps (checked to 3 n0 + 2p + t)"
                    } else {
                        ""
                    },
                    pre.max(1),
                    computed - 1 - p as usize,
                    computed - 1
                )
            });
            let (method, period) = (run.method, run.values.period);
            (run.values, period, reason, Some(method))
        }
        Family::Subtract(set, _) => {
            let values = set.values_within(
                limit.saturating_add(1).min(options.max_states),
                u128::MAX,
                &options.cancel,
            )?;
            let reason = values.period.map(|(pre, p)| {
                format!(
                    "the window of the last max(S) = {} values repeats: the values from {} on repeat with period {p}, and each value depends only on the window before it",
                    set.max(),
                    pre
                )
            });
            let period = values.period;
            (values, period, reason, None)
        }
        _ => unreachable!("two-dimensional families return above"),
    };
    let shown: Vec<u64> = (0..=to)
        .map(|n| values.get(n))
        .collect::<Option<Vec<u64>>>()
        .ok_or_else(|| GrundyError::StateLimit {
            limit,
            what: format!(
                "the values of {} up to {to} (computed {})",
                family.name(),
                values.values.len()
            ),
        })?;
    let misere = if options.misere {
        Some(misere_table(family, &shown, options.misere_budget())?)
    } else {
        None
    };
    let stats = options.stats.then(|| rare_common_stats(&shown));
    // no period proved: an arithmetic one observed on every value computed, if any
    let observed = if period.is_none() {
        arithmetic_period(&values.values, 64).map(|(preperiod, p, saltus)| PeriodReport {
            preperiod,
            period: p,
            saltus,
            proved: false,
            reason: format!(
                "observed, not proved: G(n + {p}) = G(n) + {saltus} for every n from {preperiod} up to {} (values computed up to heap {}); no theorem was applied",
                values.values.len() as u64 - 1 - p,
                values.values.len() - 1
            ),
        })
    } else {
        None
    };
    Ok(TableReport {
        family: family.name(),
        to: Some(to),
        stats,
        misere,
        stream: None,
        values: Some(shown),
        rows: None,
        cols: None,
        table: None,
        period: period
            .zip(reason)
            .map(|((preperiod, period), reason)| PeriodReport {
                preperiod,
                period,
                saltus: values.saltus,
                proved: true,
                reason,
            })
            .or(observed),
        computed: values.values.len() as u64,
        method,
    })
}

/// The nimbers of the starts of an impartial board game (`cram`, `chomp`) on every rectangle
/// up to `rows x cols`, by one nimber search (the larger boards reuse the smaller ones'
/// components); `null` for a rectangle the game has no start on, or past the state limit
/// (and every larger one, in reading order, after it).
fn board_table(
    keyword: &str,
    rows: u64,
    cols: u64,
    budget: &Budget,
) -> Result<Vec<Vec<Option<u64>>>> {
    use crate::games::syntax::ParseContext;
    use crate::solve::game::ImpartialGame;
    let start = crate::games::board_start(keyword).expect("a family of the catalog");
    let graphs = crate::games::NoGraphs::default();
    let mut context = ParseContext::new(budget.clone(), &graphs);
    let mut out = Vec::new();
    let mut stopped = false;
    for x in 1..=rows {
        let mut row = Vec::new();
        for y in 1..=cols {
            let value = match (start.text)(x, y) {
                Err(_) => None,
                Ok(_) if stopped => None,
                Ok(text) => {
                    let words: Vec<crate::games::syntax::Word> = text
                        .split_whitespace()
                        .map(|text| crate::games::syntax::Word { text, column: 1 })
                        .collect();
                    let game = crate::games::syntax(words[0].text).expect("a game of the catalog");
                    let part = (game.read)(words[0], &words[1..], &mut context)?;
                    match part.grundy_formula().expect("a searched game") {
                        Ok(g) => Some(g.0),
                        Err(GrundyError::StateLimit { .. }) => {
                            stopped = true;
                            None
                        }
                        Err(e) => return Err(e),
                    }
                }
            };
            row.push(value);
        }
        out.push(row);
    }
    Ok(out)
}

fn two_dimensional(family: &Family, rows: u64, cols: u64, budget: &Budget) -> Result<TableReport> {
    let fit = |x: u64| usize::try_from(x).map_err(|_| GrundyError::Overflow("table size".into()));
    let (r, c) = (fit(rows)?, fit(cols)?);
    let table: Vec<Vec<Option<u64>>> = match family {
        Family::Wythoff => {
            let t = WythoffTable::compute(r, c, budget)?;
            (0..rows)
                .map(|x| (0..cols).map(|y| t.get(x, y).map(u64::from)).collect())
                .collect()
        }
        Family::Rectangle(rule) => {
            let (small, large) = (r.min(c), r.max(c));
            let t = RectangleTable::compute(*rule, small, large, budget)?;
            let least = if *rule == CutRule::Cutting { 2 } else { 1 };
            (1..=rows)
                .map(|x| {
                    (1..=cols)
                        .map(|y| {
                            (x >= least && y >= least)
                                .then(|| t.get(x, y).map(u64::from))
                                .flatten()
                        })
                        .collect()
                })
                .collect()
        }
        Family::Board(keyword) => board_table(keyword, rows, cols, budget)?,
        _ => unreachable!("one-dimensional families are handled by table_report"),
    };
    Ok(TableReport {
        family: family.name(),
        to: None,
        values: None,
        rows: Some(rows),
        cols: Some(cols),
        table: Some(table),
        period: None,
        misere: None,
        stats: None,
        stream: None,
        computed: rows * cols,
        method: None,
    })
}
