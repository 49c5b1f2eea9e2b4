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
    pub fn new(max_states: usize) -> Self {
        PartizanValues {
            forms: Forms::new(max_states),
            domineering: PartizanSearch::new(Domineering, max_states),
            cutcake: PartizanSearch::new(Cutcake, max_states),
            hackenbush: PartizanSearch::new(Hackenbush, max_states),
            pictures: PartizanSearch::new(HackenbushPicture, max_states),
            toads: PartizanSearch::new(Toads, max_states),
            clobber: PartizanSearch::new(Clobber, max_states),
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
