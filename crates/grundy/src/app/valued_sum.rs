//! A partizan sum valued as one canonical form: its parts (impartial ones as their nimbers),
//! each part's form and the total ([`ValuedSum`]), and each player's moves with the value
//! they leave ([`sum_moves`]). What `grundy value`, the partizan answer of `solve` when the
//! value is in reach, and `grundy play` of a partizan game share.

use crate::app::parse::Term;
use crate::error::{excerpt, GrundyError, Result};
use crate::games::partizan::PartizanValues;
use crate::nimber::Convention;
use crate::partizan::GameId;
use crate::solve::analyse::SumAnalyser;
use crate::solve::game::ImpartialGame;

/// A partizan sum read and valued: its terms, the arena, each term's value and the total.
pub struct ValuedSum {
    /// The parts.
    pub terms: Vec<Term>,
    /// The tables and the arena.
    pub values: PartizanValues,
    /// Each part's canonical form.
    pub parts: Vec<GameId>,
    /// The sum's canonical form.
    pub total: GameId,
}

impl ValuedSum {
    /// Values `terms` with the tables and arena of `values` (kept from earlier sums: a game in
    /// play values each position with what the previous ones stored).
    pub fn new(terms: Vec<Term>, values: PartizanValues) -> Result<ValuedSum> {
        let zero = values.forms.zero();
        let mut sum = ValuedSum {
            terms: Vec::new(),
            values,
            parts: Vec::new(),
            total: zero,
        };
        sum.revalue(terms)?;
        Ok(sum)
    }

    /// Replaces the parts by `terms`, valued with the same tables and arena; on an error the
    /// sum is left as it was (the arena only grows, so its values stay valid).
    pub fn revalue(&mut self, terms: Vec<Term>) -> Result<()> {
        let mut analyser = SumAnalyser::new(self.values.forms.budget(), 0);
        let mut parts = Vec::with_capacity(terms.len());
        for term in &terms {
            parts.push(term_value(term, &mut self.values, &mut analyser)?);
        }
        self.total = self.values.forms.sum(parts.iter().copied())?;
        self.terms = terms;
        self.parts = parts;
        Ok(())
    }

    /// The position as grundy writes it (`0` for the empty sum).
    pub fn position(&self) -> String {
        if self.terms.is_empty() {
            "0".into()
        } else {
            Term::sum_to_string(&self.terms)
        }
    }
}

/// The canonical form of one part: a partizan part's value, or an impartial part's nimber.
pub(crate) fn term_value(
    term: &Term,
    values: &mut PartizanValues,
    analyser: &mut SumAnalyser<crate::games::Component>,
) -> Result<GameId> {
    match term {
        Term::Partizan(p) => values.value(p),
        Term::Impartial(c) => {
            let analysis = analyser.analyse(std::slice::from_ref(c), Convention::Normal)?;
            let Some(g) = analysis.grundy else {
                return Err(GrundyError::Unsupported(format!(
                    "'{}' has no finite Grundy value here (a loopy part, or one out of reach), so it cannot be a part of a partizan sum",
                    excerpt(&c.to_string())
                )));
            };
            let g = u32::try_from(g.0).map_err(|_| {
                GrundyError::Overflow(format!("the nimber *{} beyond 32 bits", g.0))
            })?;
            Ok(values.forms.nimber(g))
        }
    }
}

/// One move of a partizan sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove {
    /// The position it leaves, as an expression (`0` when nothing is left).
    pub to: String,
    /// That position's canonical form.
    pub value: GameId,
    /// Whether the player who made it wins from there (moving second: the value is `>= 0` for
    /// Left, `<= 0` for Right).
    pub wins: bool,
    /// The position it leaves as a board, when that is one part its game draws.
    pub board: Option<Vec<String>>,
}

/// The position as a board for the page: the rows of cells of its one part, when that part's
/// game draws one ([`crate::games::partizan::PartizanPart::cells`]).
pub fn board_of(terms: &[Term]) -> Option<Vec<String>> {
    match terms {
        [Term::Partizan(part)] => part.cells(),
        _ => None,
    }
}

/// The moves of a partizan sum for Left (`left`) or Right, each with the value it leaves
/// and whether it wins; only the winning ones when `only_winning`. At most `limit` are
/// listed (the flag says whether some were left out). A part with more moves than the state
/// budget (`*4000000000`, `nim 10^12`) is not listed at all and the flag is raised: its moves
/// are never enumerated.
///
/// **Complexity**: per move, the value of the part moved to and one sum with the other
/// parts' (prefix and suffix sums), then one comparison with 0.
pub fn sum_moves(
    sum: &mut ValuedSum,
    left: bool,
    only_winning: bool,
    limit: usize,
) -> Result<(Vec<SumMove>, bool)> {
    let mut out = Vec::new();
    let forms_zero = sum.values.forms.zero();
    // the sum of the other parts, for each part: prefix and suffix sums
    let n = sum.terms.len();
    let mut prefix = vec![forms_zero; n + 1];
    for i in 0..n {
        prefix[i + 1] = sum.values.forms.add(prefix[i], sum.parts[i])?;
    }
    let mut suffix = vec![forms_zero; n + 1];
    for i in (0..n).rev() {
        suffix[i] = sum.values.forms.add(suffix[i + 1], sum.parts[i])?;
    }
    let mut analyser = SumAnalyser::new(sum.values.forms.budget(), 0);
    let room = sum.values.forms.max_forms() as u128;
    let mut truncated = false;
    for i in 0..n {
        let Some(options) = term_options(&mut sum.values, &sum.terms[i], left, room)? else {
            truncated = true;
            continue;
        };
        let rest = sum.values.forms.add(prefix[i], suffix[i + 1])?;
        for option in options {
            let mut total = rest;
            for term in &option {
                let v = term_value(term, &mut sum.values, &mut analyser)?;
                total = sum.values.forms.add(total, v)?;
            }
            let zero = sum.values.forms.zero();
            let wins = if left {
                sum.values.forms.leq(zero, total)
            } else {
                sum.values.forms.leq(total, zero)
            };
            sum.values.forms.status()?;
            if wins || !only_winning {
                if out.len() == limit {
                    return Ok((out, true));
                }
                let mut terms = sum.terms.clone();
                terms.splice(i..=i, option);
                out.push(SumMove {
                    board: board_of(&terms),
                    to: if terms.is_empty() {
                        "0".to_string()
                    } else {
                        Term::sum_to_string(&terms)
                    },
                    value: total,
                    wins,
                });
            }
        }
    }
    Ok((out, truncated))
}

/// The moves of Left (`left`) or Right in one part of a sum: for each, the parts it leaves in
/// its place (one, or several where an impartial heap splits). `None` when the part has more
/// than `room` moves (`*4000000000`, `nim 10^12`): they are never enumerated.
pub(crate) fn term_options(
    values: &mut PartizanValues,
    term: &Term,
    left: bool,
    room: u128,
) -> Result<Option<Vec<Vec<Term>>>> {
    let count = match term {
        Term::Partizan(p) => values.move_count(p)?,
        Term::Impartial(c) => c.option_count(),
    };
    if count.is_some_and(|c| c > room) {
        return Ok(None);
    }
    Ok(Some(match term {
        Term::Partizan(p) => values
            .moves(p, left)?
            .into_iter()
            .map(|o| vec![Term::Partizan(o)])
            .collect(),
        Term::Impartial(c) => c
            .options()
            .into_iter()
            .map(|o| o.into_iter().map(Term::Impartial).collect())
            .collect(),
    }))
}

/// The winning moves of a partizan sum for one player moving first: the positions left (whole
/// sums) whose value that player wins moving second in (`>= 0` for Left, `<= 0` for Right).
pub fn winning_moves(sum: &mut ValuedSum, left: bool, limit: usize) -> Result<(Vec<String>, bool)> {
    let (moves, truncated) = sum_moves(sum, left, true, limit)?;
    Ok((moves.into_iter().map(|m| m.to).collect(), truncated))
}
