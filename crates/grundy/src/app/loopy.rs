//! Sums with a loopy partizan part (`grundy value` and `grundy solve` on `on + 1/2`,
//! `backsliding TT..FF`, `loopy FILE 3`, `{0|pass}`): who wins with each player moving first
//! (win, loss or draw) by retrograde analysis of the sum's positions, each player's winning
//! (or else drawing) moves, and the value: the simplest form of a stopper, or the sides
//! `S & T` found by sidling ([`crate::partizan::loopy`]). Short parts (partizan games, values,
//! impartial games as nimbers) join the sum as their canonical form.
//!
//! ```
//! use grundy::app::loopy::{loopy_report, LoopyOptions};
//! use grundy::partizan::loopy::Play;
//! let r = loopy_report("on + off", &LoopyOptions::default()).unwrap().unwrap();
//! assert_eq!(r.value.as_deref(), Some("on & off")); // dud
//! assert_eq!((r.left_first, r.right_first), (Play::Draw, Play::Draw));
//! let r = loopy_report("over + -1/64", &LoopyOptions::default()).unwrap().unwrap();
//! assert_eq!(r.outcome.map(|o| o.letter()), Some("R"));
//! assert!(loopy_report("nim 3", &LoopyOptions::default()).unwrap().is_none());
//! ```

use crate::app::parse::{read_sum, short_terms, SumPart, Term};
pub use crate::app::report::{LoopyMove, LoopyReport};
use crate::app::valued_sum::ValuedSum;
use crate::budget::{Budget, Cancel};
use crate::error::{GrundyError, Result};
use crate::games::loopy::ExploredPart;
use crate::games::partizan::PartizanValues;
use crate::games::{GraphSource, NoGraphs};
use crate::partizan::loopy::{
    value_of, LoopyGraph, Play, Player, SidedValue, Stopper, SumGraph, DEFAULT_SIDLING_ROUNDS,
};
use crate::partizan::{Forms, GameId, PartizanOutcome};
use crate::solve::DEFAULT_MAX_STATES;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// How to answer a loopy sum.
#[derive(Clone, Debug)]
pub struct LoopyOptions {
    /// The most positions of the sum, of each part, and of the tables of comparisons.
    pub max_states: usize,
    /// The most moves listed per player.
    pub max_moves: usize,
    /// The most rounds of sidling for each side.
    pub sidling_rounds: usize,
    /// Where `loopy FILE` reads its file.
    pub graphs: Arc<dyn GraphSource>,
    /// Raised to stop the computation.
    pub cancel: Cancel,
    /// Whether to find the value (simplest form or sides), besides who wins.
    pub with_value: bool,
}

impl Default for LoopyOptions {
    fn default() -> Self {
        LoopyOptions {
            max_states: DEFAULT_MAX_STATES,
            max_moves: 1000,
            sidling_rounds: DEFAULT_SIDLING_ROUNDS,
            graphs: Arc::new(NoGraphs::default()),
            cancel: Cancel::new(),
            with_value: true,
        }
    }
}

impl LoopyOptions {
    fn budget(&self) -> Budget {
        Budget::new(self.max_states).with_cancel(self.cancel.clone())
    }
}

/// The most positions of a stopper's simplest form whose degree a report works out (G - G
/// has up to the square of them).
pub const DEGREE_MAX_POSITIONS: usize = 256;

/// The report of an expression with a loopy part; `None` when it has none.
pub fn loopy_report(text: &str, options: &LoopyOptions) -> Result<Option<LoopyReport>> {
    let parts = read_sum(text, options.budget(), &*options.graphs)?;
    if short_terms(&parts).is_some() {
        return Ok(None);
    }
    let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
    report_of(&parts, options).map(Some)
}

/// A part explored, with how to write each of its positions.
struct Part {
    explored: ExploredPart,
    /// The written form of each position, filled as needed (values are written by value).
    texts: FxHashMap<u32, String>,
    /// For the short parts' total, the canonical form of each position.
    forms: Option<Vec<GameId>>,
}

/// A sum with a loopy part, built: its parts explored (the short parts valued together as
/// one canonical form, in the arena of every form) and how to write their positions.
pub(crate) struct LoopySum {
    terms: Vec<SumPart>,
    valued: ValuedSum,
    parts: Vec<Part>,
}

impl LoopySum {
    /// Explores every part; `S & T` parts are checked (S >= T).
    pub(crate) fn new(terms: &[SumPart], options: &LoopyOptions) -> Result<LoopySum> {
        let budget = options.budget();
        let short: Vec<Term> = terms
            .iter()
            .filter_map(|t| match t {
                SumPart::Short(t) => Some(t.clone()),
                SumPart::Loopy(_) => None,
            })
            .collect();
        let mut valued = ValuedSum::new(short.clone(), PartizanValues::new(budget.clone()))?;
        let forms = &mut valued.values.forms;
        let mut parts: Vec<Part> = Vec::new();
        for term in terms {
            if let SumPart::Loopy(p) = term {
                let explored = p.explore(forms, &budget)?;
                if let Some(off) = explored.offside {
                    // S & T is a value only if S >= T
                    let rounds = options.sidling_rounds;
                    let on = value_of(&explored.graph, explored.start, rounds, &budget)?;
                    let off = value_of(&explored.graph, off, rounds, &budget)?;
                    if !off.offside().le(on.onside(), &budget)? {
                        return Err(GrundyError::Unsupported(format!(
                            "'{p}': the onside must be at least the offside (S & T with S >= T)"
                        )));
                    }
                }
                parts.push(Part {
                    explored,
                    texts: FxHashMap::default(),
                    forms: None,
                });
            }
        }
        if !short.is_empty() {
            let mut graph = LoopyGraph::new();
            let mut grafted = Default::default();
            let start = graph.graft_form(forms, valued.total, &mut grafted)?;
            let mut of = vec![valued.total; graph.len()];
            for (&g, &v) in &grafted {
                of[v as usize] = g;
            }
            parts.push(Part {
                explored: ExploredPart {
                    graph,
                    start,
                    offside: None,
                    texts: None,
                },
                texts: FxHashMap::default(),
                forms: Some(of),
            });
        }
        Ok(LoopySum {
            terms: terms.to_vec(),
            valued,
            parts,
        })
    }

    /// `Ok` unless the arena of forms hit its limit (its answers are then not to be trusted).
    pub(crate) fn forms_status(&self) -> Result<()> {
        self.valued.values.forms.status()
    }

    /// Whether some part is given by its sides (`S & T`): not a game that can be played.
    pub(crate) fn sided(&self) -> bool {
        self.parts.iter().any(|p| p.explored.offside.is_some())
    }

    /// The sum at `tuple` as a board (rows of cells as the game writes them), when it is one
    /// part of a game played on a board (Backsliding Toads and Frogs, Fox and Geese).
    pub(crate) fn board(
        &mut self,
        tuple: &[u32],
        options: &LoopyOptions,
    ) -> Result<Option<Vec<String>>> {
        let keyword = match self.terms.as_slice() {
            [SumPart::Loopy(part)] => match part.board_keyword() {
                Some(keyword) => format!("{keyword} "),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let forms = &mut self.valued.values.forms;
        let text = position_text(&mut self.parts[0], tuple[0], forms, options)?;
        Ok(text
            .strip_prefix(keyword.as_str())
            .map(|cells| cells.split('/').map(str::to_string).collect()))
    }

    /// The product graph of the parts from their starts (their onsides, or with `offsides`
    /// their offsides).
    pub(crate) fn graph(&self, offsides: bool, budget: &Budget) -> Result<SumGraph> {
        let graphs: Vec<&LoopyGraph> = self.parts.iter().map(|p| &p.explored.graph).collect();
        let starts: Vec<u32> = self
            .parts
            .iter()
            .map(|p| match (offsides, p.explored.offside) {
                (true, Some(off)) => off,
                _ => p.explored.start,
            })
            .collect();
        LoopyGraph::sum(&graphs, &starts, budget)
    }

    /// The sum at `tuple` (a position of each part) as an expression.
    pub(crate) fn text(&mut self, tuple: &[u32], options: &LoopyOptions) -> Result<String> {
        let forms = &mut self.valued.values.forms;
        let mut texts = Vec::with_capacity(tuple.len());
        // the loopy parts first (in the order of the terms), then the short parts' total
        let mut k = 0;
        for term in &self.terms {
            if let SumPart::Loopy(_) = term {
                texts.push(position_text(&mut self.parts[k], tuple[k], forms, options)?);
                k += 1;
            }
        }
        if k < self.parts.len() {
            let t = position_text(&mut self.parts[k], tuple[k], forms, options)?;
            if t != "0" {
                texts.push(t);
            }
        }
        Ok(if texts.is_empty() {
            "0".into()
        } else {
            texts.join(" + ")
        })
    }
}

/// The report of a sum of loopy terms.
pub fn report_of(terms: &[SumPart], options: &LoopyOptions) -> Result<LoopyReport> {
    let budget = options.budget();
    let position = terms
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut built = LoopySum::new(terms, options)?;
    let sided = built.sided();
    let on_sum = built.graph(false, &budget)?;
    // the offsides' sum, only when some part is given by its sides
    let off_sum = if sided {
        Some(built.graph(true, &budget)?)
    } else {
        None
    };
    let on_outcomes = on_sum.graph.outcomes();
    let off_outcomes = match &off_sum {
        Some(off) => off.graph.outcomes(),
        None => on_outcomes.clone(),
    };
    // Left wins G + X when she wins its offside version, survives it when she survives the
    // onside version; and the mirror for Right
    let left_first = match (off_outcomes[0][0], on_outcomes[0][0]) {
        (Play::Win, _) => Play::Win,
        (_, Play::Loss) => Play::Loss,
        _ => Play::Draw,
    };
    let right_first = match (on_outcomes[0][1], off_outcomes[0][1]) {
        (Play::Win, _) => Play::Win,
        (_, Play::Loss) => Play::Loss,
        _ => Play::Draw,
    };
    let outcome = match (left_first, right_first) {
        (Play::Win, Play::Loss) => Some(PartizanOutcome::L),
        (Play::Loss, Play::Win) => Some(PartizanOutcome::R),
        (Play::Win, Play::Win) => Some(PartizanOutcome::N),
        (Play::Loss, Play::Loss) => Some(PartizanOutcome::P),
        _ => None,
    };
    // the value
    let value = if !options.with_value {
        Err(GrundyError::Unsupported("not asked for".into()))
    } else if sided {
        value_of(&on_sum.graph, 0, options.sidling_rounds, &budget).and_then(|on| {
            let off_sum = off_sum.as_ref().expect("a sided sum");
            let off = value_of(&off_sum.graph, 0, options.sidling_rounds, &budget)?;
            Ok(SidedValue::from_sides(
                on.onside().clone(),
                off.offside().clone(),
            ))
        })
    } else {
        value_of(&on_sum.graph, 0, options.sidling_rounds, &budget)
    };
    let (value, value_reason) = match value {
        Ok(v) => (Some(v), None),
        Err(GrundyError::Cancelled) => return Err(GrundyError::Cancelled),
        Err(e @ (GrundyError::Unsupported(_) | GrundyError::StateLimit { .. })) => {
            (None, Some(e.to_string()))
        }
        Err(e) => return Err(e),
    };
    let board = built.board(on_sum.tuple(0), options)?;
    let forms = &mut built.valued.values.forms;
    let text = |s: &Stopper, forms: &mut Forms| s.to_text(forms);
    let mut report = LoopyReport {
        position,
        convention: "normal",
        value: None,
        value_reason,
        stopper: !sided && on_sum.graph.stoppers()[0],
        onside: None,
        offside: None,
        left_first,
        right_first,
        outcome,
        left_stop: None,
        right_stop: None,
        mean: None,
        temperature: None,
        degree: None,
        positions: on_sum.graph.len() + off_sum.as_ref().map_or(0, |s| s.graph.len()),
        left_moves: Vec::new(),
        right_moves: Vec::new(),
        truncated: sided,
        board,
    };
    match &value {
        Some(SidedValue::Stopper(s)) => {
            report.value = Some(text(s, forms)?);
            let (l, r) = s.stops(forms)?;
            report.left_stop = Some(l.to_string());
            report.right_stop = Some(r.to_string());
            if let Some(t) = s.temperature(forms)? {
                report.mean = Some(t.mean.to_string());
                report.temperature = Some(t.temperature.to_string());
            }
            // G - G has up to the square of G's positions: only for small simplest forms
            report.degree = match s.graph().len() <= DEGREE_MAX_POSITIONS {
                false => None,
                true => match s.degree(options.sidling_rounds, &budget) {
                    Ok(d) => Some(d.to_text(forms)?),
                    Err(GrundyError::Cancelled) => return Err(GrundyError::Cancelled),
                    Err(_) => None,
                },
            };
        }
        Some(SidedValue::Sided { onside, offside }) => {
            let (on, off) = (text(onside, forms)?, text(offside, forms)?);
            report.value = Some(format!("{on} & {off}"));
            report.onside = Some(on);
            report.offside = Some(off);
        }
        None => {}
    }
    if !sided {
        for player in [Player::Left, Player::Right] {
            let (moves, cut) = moves_of(&on_sum, &on_outcomes, player, &mut built, options)?;
            report.truncated |= cut;
            match player {
                Player::Left => report.left_moves = moves,
                Player::Right => report.right_moves = moves,
            }
        }
    }
    // the arena of forms answers wrongly past its limit, and says so here
    built.valued.values.forms.status()?;
    Ok(report)
}

/// The winning moves of `player` from the sum (its drawing moves if none wins), written as
/// sums; and whether some were left out.
fn moves_of(
    sum: &SumGraph,
    outcomes: &[[Play; 2]],
    player: Player,
    built: &mut LoopySum,
    options: &LoopyOptions,
) -> Result<(Vec<LoopyMove>, bool)> {
    let next = player.other().index();
    let mut wins = Vec::new();
    let mut draws = Vec::new();
    for &w in sum.graph.options(0, player) {
        match outcomes[w as usize][next] {
            Play::Loss => wins.push(w),
            Play::Draw => draws.push(w),
            Play::Win => {}
        }
    }
    let (chosen, result) = if wins.is_empty() {
        (draws, Play::Draw)
    } else {
        (wins, Play::Win)
    };
    let cut = chosen.len() > options.max_moves;
    let mut moves = Vec::new();
    for &w in chosen.iter().take(options.max_moves) {
        options.cancel.check()?;
        moves.push(LoopyMove {
            position: built.text(sum.tuple(w), options)?,
            result,
        });
    }
    Ok((moves, cut))
}

/// How position `v` of a part is written: by the game, or by its value.
fn position_text(
    part: &mut Part,
    v: u32,
    forms: &mut Forms,
    options: &LoopyOptions,
) -> Result<String> {
    if let Some(t) = part.texts.get(&v) {
        return Ok(t.clone());
    }
    if let Some(name) = &part.explored.texts {
        return Ok(name(v));
    }
    if let Some(of) = &part.forms {
        return Ok(forms.to_string(of[v as usize]));
    }
    let budget = options.budget();
    let text = match value_of(&part.explored.graph, v, options.sidling_rounds, &budget) {
        Ok(SidedValue::Stopper(s)) => s.to_text(forms)?,
        Ok(SidedValue::Sided { onside, offside }) => {
            format!("{} & {}", onside.to_text(forms)?, offside.to_text(forms)?)
        }
        Err(GrundyError::Cancelled) => return Err(GrundyError::Cancelled),
        Err(_) => format!("(position {} of the part)", v + 1),
    };
    part.texts.insert(v, text.clone());
    Ok(text)
}
