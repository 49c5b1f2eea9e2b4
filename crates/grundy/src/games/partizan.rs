//! The partizan games of the catalog: their keywords ([`PARTIZAN_GAMES`]), one sum part
//! type ([`PartizanPart`]) and [`PartizanValues`], which finds canonical forms of parts with one
//! arena of forms and one transposition table per game, and lists a part's moves.
//!
//! Each game's file declares its [`PartizanSyntax`] and its rules (a
//! [`crate::partizan::PartizanRules`]); adding a game is its file, a line in
//! [`PARTIZAN_GAMES`], a variant of [`PartizanPart`] and its arms below.

use crate::error::Result;
use crate::games::board::Board;
use crate::games::clobber::{self, Clobber, Stones};
use crate::games::cutcake::{self, Cutcake};
use crate::games::domineering::{self, Domineering};
use crate::games::hackenbush::{self, Hackenbush, HackenbushPicture, PicturePosition};
use crate::games::syntax::{ParseContext, Word};
use crate::games::toads::{self, Toads};
use crate::partizan::{Forms, GameId, PartizanRules, PartizanSearch};

/// One keyword of a partizan game and how its part is read.
#[derive(Clone, Copy, Debug)]
pub struct PartizanSyntax {
    /// The keyword (`domineering`).
    pub keyword: &'static str,
    /// How it is written, for help texts and messages.
    pub usage: &'static str,
    /// What it is, in a few words.
    pub summary: &'static str,
    /// Parts as grundy writes them: each must parse and print back unchanged.
    pub examples: &'static [&'static str],
    /// Reads the arguments (the words after the keyword).
    pub read: fn(Word, &[Word], &mut ParseContext) -> Result<PartizanPart>,
}

/// The partizan games, by keyword.
pub const PARTIZAN_GAMES: &[PartizanSyntax] = &[
    domineering::SYNTAX,
    cutcake::SYNTAX,
    hackenbush::SYNTAX,
    toads::SYNTAX,
    clobber::SYNTAX,
];

/// The syntax of the partizan game called `keyword`, if any.
pub fn partizan_syntax(keyword: &str) -> Option<&'static PartizanSyntax> {
    PARTIZAN_GAMES.iter().find(|g| g.keyword == keyword)
}

/// A partizan part of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PartizanPart {
    /// A Domineering board (its empty cells).
    Domineering(Board),
    /// Cutcake cakes (rows, columns).
    Cutcake(Vec<(u32, u32)>),
    /// Hackenbush stalks.
    Hackenbush(Vec<Box<[u8]>>),
    /// A Hackenbush picture read from a file, and the edges cut.
    Picture(PicturePosition),
    /// A Toads-and-Frogs strip.
    Toads(Box<[u8]>),
    /// A Clobber position.
    Clobber(Stones),
    /// A value in CGSuite's notation, as written (read when valued).
    Value(String),
}

impl std::fmt::Display for PartizanPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PartizanPart::Domineering(b) => f.write_str(&domineering::text(b)),
            PartizanPart::Cutcake(c) => f.write_str(&cutcake::text(c)),
            PartizanPart::Hackenbush(s) => f.write_str(&hackenbush::text(s)),
            PartizanPart::Picture(p) => f.write_str(&hackenbush::picture_text(p)),
            PartizanPart::Toads(r) => f.write_str(&toads::text(r)),
            PartizanPart::Clobber(s) => f.write_str(&clobber::text(s)),
            PartizanPart::Value(v) => f.write_str(v),
        }
    }
}

/// Canonical forms of partizan parts: one arena of forms, one table per game.
pub struct PartizanValues {
    /// The arena every value lives in.
    pub forms: Forms,
    domineering: PartizanSearch<Domineering>,
    cutcake: PartizanSearch<Cutcake>,
    hackenbush: PartizanSearch<Hackenbush>,
    pictures: PartizanSearch<HackenbushPicture>,
    toads: PartizanSearch<Toads>,
    clobber: PartizanSearch<Clobber>,
}

impl PartizanValues {
    /// Tables of at most `max_states` positions each, and an arena of at most `max_states`
    /// forms.
    /// `max_states` is a [`crate::budget::Budget`] (or a bare limit): its flag stops every table.
    pub fn new(max_states: impl Into<crate::budget::Budget>) -> Self {
        let budget: crate::budget::Budget = max_states.into();
        PartizanValues {
            forms: Forms::new(budget.clone()),
            domineering: PartizanSearch::new(Domineering, budget.clone()),
            cutcake: PartizanSearch::new(Cutcake, budget.clone()),
            hackenbush: PartizanSearch::new(Hackenbush, budget.clone()),
            pictures: PartizanSearch::new(HackenbushPicture, budget.clone()),
            toads: PartizanSearch::new(Toads, budget.clone()),
            clobber: PartizanSearch::new(Clobber, budget),
        }
    }

    /// How many positions the tables hold.
    pub fn states(&self) -> usize {
        self.domineering.states()
            + self.cutcake.states()
            + self.hackenbush.states()
            + self.pictures.states()
            + self.toads.states()
            + self.clobber.states()
    }

    /// The canonical form of a part.
    pub fn value(&mut self, part: &PartizanPart) -> Result<GameId> {
        let forms = &mut self.forms;
        match part {
            PartizanPart::Domineering(b) => self.domineering.value(forms, b),
            PartizanPart::Cutcake(c) => self.cutcake.value(forms, c),
            PartizanPart::Hackenbush(s) => self.hackenbush.value(forms, s),
            PartizanPart::Picture(p) => self.pictures.value(forms, &p.edges().into()),
            PartizanPart::Toads(r) => self.toads.value(forms, r),
            PartizanPart::Clobber(s) => self.clobber.value(forms, s),
            PartizanPart::Value(v) => forms.parse(v),
        }
    }

    /// How many moves [`PartizanValues::moves`] would list, when that is known without listing
    /// them: a value's number of canonical options (`*n` has n, without listing them); `None`
    /// for the games, whose moves are bounded by their boards.
    pub fn move_count(&mut self, part: &PartizanPart) -> Result<Option<u128>> {
        let PartizanPart::Value(v) = part else {
            return Ok(None);
        };
        let g = self.forms.parse(v)?;
        Ok(Some(match self.forms.as_nus(g) {
            Some(n) if n.ups == 0 => u128::from(n.nimber),
            Some(_) => 2,
            None => {
                let (l, r) = self.forms.options(g);
                l.len().max(r.len()) as u128
            }
        }))
    }

    /// The parts a move of Left (`left`) or Right leaves, as whole positions of the part's game
    /// (a value's moves are its canonical options).
    pub fn moves(&mut self, part: &PartizanPart, left: bool) -> Result<Vec<PartizanPart>> {
        fn all<R: PartizanRules>(
            rules: &R,
            p: &R::Position,
            left: bool,
            wrap: impl Fn(R::Position) -> PartizanPart,
        ) -> Vec<PartizanPart> {
            let mut out = Vec::new();
            rules.options(p, left, &mut out);
            out.into_iter().map(wrap).collect()
        }
        Ok(match part {
            PartizanPart::Domineering(b) => all(&Domineering, b, left, PartizanPart::Domineering),
            PartizanPart::Cutcake(cakes) => {
                // a move cuts one of the cakes
                let mut out = Vec::new();
                for (i, &cake) in cakes.iter().enumerate() {
                    let mut options = Vec::new();
                    Cutcake.options(&vec![cake], left, &mut options);
                    for o in options {
                        let mut next = cakes.clone();
                        next.splice(i..=i, o);
                        out.push(PartizanPart::Cutcake(next));
                    }
                }
                out
            }
            PartizanPart::Hackenbush(s) => all(&Hackenbush, s, left, PartizanPart::Hackenbush),
            PartizanPart::Picture(p) => {
                // cut one standing edge of the player's colour or green
                let mine = if left { b'L' } else { b'R' };
                let standing = p.standing();
                (0..p.picture.edges.len())
                    .filter(|&i| {
                        standing[i] && matches!(p.picture.edges[i].2, c if c == mine || c == b'G')
                    })
                    .map(|i| {
                        let mut next = p.clone();
                        next.cut.push(i as u32 + 1);
                        next.cut.sort_unstable();
                        PartizanPart::Picture(next)
                    })
                    .collect()
            }
            PartizanPart::Toads(r) => all(&Toads, r, left, PartizanPart::Toads),
            PartizanPart::Clobber(s) => all(&Clobber, s, left, PartizanPart::Clobber),
            PartizanPart::Value(v) => {
                let g = self.forms.parse(v)?;
                let (l, r) = self.forms.options(g);
                let side = if left { l } else { r };
                side.iter()
                    .map(|&o| PartizanPart::Value(self.forms.to_string(o)))
                    .collect()
            }
        })
    }
}
