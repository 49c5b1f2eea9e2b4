//! Endgame databases of the nimber search: the nimber of every component of a game up to a
//! size, computed once, bottom up, and then only read (by every thread, without locks).
//!
//! A database is built on first use, in memory, for the games that name a size
//! ([`ComponentGame::endgame`]: Cram's regions of at most 12 cells, the connected graphs of
//! at most 7 vertices for Node Kayles and 8 for Arc Kayles), and kept for the process (a
//! server builds it once); or built bigger by `grundy db build` and read from the file with
//! `--db` ([`Endgame::write`], [`Endgame::read`]).
//! [`crate::solve::nimber_search::NimberSearch`] looks a component up here before its table
//! when the component is small enough.
//!
//! The build lists the components ([`ComponentGame::components_up_to`]: for Cram the
//! polyominoes of at most n cells, grown a cell at a time), smallest first, and takes each
//! one's nimber as the mex of its options' (the XOR of their components', all smaller and
//! so already known: Sprague-Grundy). A component an option leaves that the list missed (an
//! isomorphic graph labelled another way) is valued the same way on the spot, so the
//! database holds a true nimber for every key, whatever the list.

use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::partizan::database::Database;
use crate::solve::component::ComponentGame;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// The nimbers of every component of one game up to a size.
#[derive(Clone, Debug)]
pub struct Endgame<P> {
    /// The largest component held (by [`ComponentGame::size`]).
    size: u32,
    nimbers: FxHashMap<P, u8>,
}

impl<P: Clone + Eq + std::hash::Hash + Send + Sync> Endgame<P> {
    /// The database of `game`'s components of at most `size` (by [`ComponentGame::size`]);
    /// `None` when the game cannot list its components.
    ///
    /// **Errors**: more entries than the budget's states, or its memory; a cancellation.
    ///
    /// **Complexity**: one listing of options per component held (and per component an
    /// option leaves that the list missed).
    pub fn build<G: ComponentGame<Part = P>>(
        game: &G,
        size: u32,
        budget: &Budget,
    ) -> Result<Option<Endgame<P>>> {
        let mut list = Vec::new();
        if !game.components_up_to(size, budget, &mut list)? {
            return Ok(None);
        }
        // by size: a component's options are smaller, so each size is valued from the sizes
        // below it, its components in parallel
        let mut levels: std::collections::BTreeMap<u32, Vec<P>> = Default::default();
        for part in list {
            levels.entry(game.size(&part)).or_default().push(part);
        }
        let mut nimbers: FxHashMap<P, u8> = FxHashMap::default();
        for (_, level) in levels {
            budget.check()?;
            budget.admit(nimbers.len() + level.len().saturating_sub(1), || {
                "the endgame database".into()
            })?;
            let values: Vec<Result<u8>> = level
                .par_iter()
                .map_init(Builder::default, |builder, part| {
                    builder.value(game, &nimbers, budget, part)
                })
                .collect();
            let more = level.len();
            let bytes = (more * std::mem::size_of::<(P, u8)>()) as u64 * 2;
            budget
                .cancel()
                .room(bytes, || "the endgame database".to_string())?;
            nimbers
                .try_reserve(more)
                .map_err(|_| GrundyError::OutOfMemory {
                    what: "the endgame database".into(),
                    bytes,
                })?;
            for (part, v) in level.into_iter().zip(values) {
                nimbers.insert(part, v?);
            }
        }
        Ok(Some(Endgame { size, nimbers }))
    }

    /// The largest component held.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// How many components it holds.
    pub fn len(&self) -> usize {
        self.nimbers.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.nimbers.is_empty()
    }

    /// The components held and their nimbers, in no order.
    pub fn iter(&self) -> impl Iterator<Item = (&P, u8)> + '_ {
        self.nimbers.iter().map(|(p, &v)| (p, v))
    }

    /// The nimber of `part`, if held. O(1).
    #[inline]
    pub fn get(&self, part: &P) -> Option<u8> {
        self.nimbers.get(part).copied()
    }

    /// Its entries as bytes: per component, the length of its bytes (one byte), the bytes
    /// ([`ComponentGame::encode`]) and its nimber, in an order fixed by the bytes (so that the
    /// same database is the same file). The components a game does not write are left out.
    pub fn write<G: ComponentGame<Part = P>>(&self, game: &G) -> Vec<u8> {
        let mut entries: Vec<(Vec<u8>, u8)> = self
            .nimbers
            .iter()
            .filter_map(|(part, &v)| {
                let mut bytes = Vec::new();
                (game.encode(part, &mut bytes) && bytes.len() <= 255).then_some((bytes, v))
            })
            .collect();
        entries.sort_unstable();
        let mut out = Vec::new();
        for (bytes, v) in entries {
            out.push(bytes.len() as u8);
            out.extend_from_slice(&bytes);
            out.push(v);
        }
        out
    }

    /// The database [`Endgame::write`] wrote as `bytes`, holding components up to `size`:
    /// `None` when the bytes are not such entries of `game` (a damaged file).
    pub fn read<G: ComponentGame<Part = P>>(
        game: &G,
        size: u32,
        mut bytes: &[u8],
    ) -> Option<Endgame<P>> {
        let mut nimbers = FxHashMap::default();
        while let [len, rest @ ..] = bytes {
            let len = usize::from(*len);
            let (part, rest) = (rest.get(..len)?, rest.get(len..)?);
            let (&v, rest) = rest.split_first()?;
            let part = game.decode(part)?;
            if game.size(&part) > size {
                return None;
            }
            nimbers.insert(part, v);
            bytes = rest;
        }
        Some(Endgame { size, nimbers })
    }
}

/// One thread's part of a build: the arenas of the options, and the nimbers of the
/// components the list missed.
struct Builder<P> {
    parts: Vec<P>,
    ends: Vec<u32>,
    missed: FxHashMap<P, u8>,
    listed: u64,
}

impl<P> Default for Builder<P> {
    fn default() -> Self {
        Builder {
            parts: Vec::new(),
            ends: Vec::new(),
            missed: FxHashMap::default(),
            listed: 0,
        }
    }
}

impl<P: Clone + Eq + std::hash::Hash> Builder<P> {
    /// The nimber of `part`: held, known by a theorem, or the mex of its options' (where
    /// `nimbers`, the smaller components, lacks one, it is valued the same way and kept
    /// apart: the recursion goes as deep as the component is big).
    fn value<G: ComponentGame<Part = P>>(
        &mut self,
        game: &G,
        nimbers: &FxHashMap<P, u8>,
        budget: &Budget,
        part: &P,
    ) -> Result<u8> {
        if let Some(v) = nimbers.get(part).or_else(|| self.missed.get(part)) {
            return Ok(*v);
        }
        if let Some(v) = game.known(part) {
            return Ok(v);
        }
        self.listed += 1;
        if self.listed.is_multiple_of(4096) {
            budget.check()?;
        }
        let (first_part, first_end) = (self.parts.len(), self.ends.len());
        game.options(part, &mut self.parts, &mut self.ends);
        let mut seen = [0u64; 4];
        let mut start = first_part;
        let mut result = Ok(());
        for i in first_end..self.ends.len() {
            let end = self.ends[i] as usize;
            let mut x = 0u8;
            for j in start..end {
                if nimbers.get(&self.parts[j]).is_none() {
                    self.missed_value(game, nimbers, budget, j, &mut result);
                }
                let c = &self.parts[j];
                x ^= nimbers
                    .get(c)
                    .or_else(|| self.missed.get(c))
                    .copied()
                    .unwrap_or(0);
            }
            seen[x as usize / 64] |= 1 << (x % 64);
            start = end;
        }
        self.parts.truncate(first_part);
        self.ends.truncate(first_end);
        result?;
        let mex = (0..256)
            .find(|&v| seen[v / 64] >> (v % 64) & 1 == 0)
            .ok_or_else(|| {
                GrundyError::Unsupported("an endgame component with more than 255 options".into())
            })?;
        Ok(mex as u8)
    }

    /// Values the component at `parts[j]` that the smaller sizes lack, into `missed` (an
    /// error into `result`).
    fn missed_value<G: ComponentGame<Part = P>>(
        &mut self,
        game: &G,
        nimbers: &FxHashMap<P, u8>,
        budget: &Budget,
        j: usize,
        result: &mut Result<()>,
    ) {
        if result.is_err() || self.missed.contains_key(&self.parts[j]) {
            return;
        }
        let c = self.parts[j].clone();
        match self.value(game, nimbers, budget, &c) {
            Ok(v) => {
                self.missed.insert(c, v);
            }
            Err(e) => *result = Err(e),
        }
    }
}

/// The databases built on first use in this process: per game name and size, one
/// `Endgame` of the game's components.
type Built = Vec<(&'static str, u32, Arc<dyn Any + Send + Sync>)>;

static BUILT: Mutex<Built> = Mutex::new(Vec::new());

/// The endgame database that `game` asks for ([`ComponentGame::endgame`]) if this process
/// has built it.
pub fn already_built<G: ComponentGame>(game: &G) -> Option<Arc<Endgame<G::Part>>> {
    let (name, size) = game.endgame().filter(|&(_, size)| size > 0)?;
    find_built(&BUILT.lock().unwrap_or_else(|e| e.into_inner()), name, size)
}

/// The database of `name` and `size` among those built, as the game's.
fn find_built<P: 'static + Send + Sync>(
    built: &Built,
    name: &str,
    size: u32,
) -> Option<Arc<Endgame<P>>> {
    let (_, _, db) = built.iter().find(|(n, s, _)| *n == name && *s == size)?;
    Arc::clone(db).downcast::<Endgame<P>>().ok()
}

/// The endgame database that `game` asks for ([`ComponentGame::endgame`]), built the first
/// time in this process and shared after that; `None` when the game asks for none, or when
/// it does not fit `budget` (a quarter of its states: the search then goes without).
///
/// **Errors**: a cancellation while it is built.
pub fn built_on_first_use<G: ComponentGame>(
    game: &G,
    budget: &Budget,
) -> Result<Option<Arc<Endgame<G::Part>>>> {
    let Some((name, size)) = game.endgame().filter(|&(_, size)| size > 0) else {
        return Ok(None);
    };
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = find_built(&built, name, size) {
        return Ok(Some(db));
    }
    let small = Budget::new(budget.max_states() / 4).with_cancel(budget.cancel().clone());
    match Endgame::build(game, size, &small) {
        Ok(Some(db)) => {
            let db = Arc::new(db);
            built.push((name, size, db.clone()));
            Ok(Some(db))
        }
        Ok(None) => Ok(None),
        Err(GrundyError::Cancelled) => Err(GrundyError::Cancelled),
        // too big for this budget: the search goes without it
        Err(_) => Ok(None),
    }
}

/// The databases read from files in this process: per file and game, one `Endgame`.
type Read = Vec<(std::path::PathBuf, &'static str, Arc<dyn Any + Send + Sync>)>;

static READ: Mutex<Read> = Mutex::new(Vec::new());

/// The endgame database of `game` in the database file `db` (`grundy db build`, `--db`), if
/// the file has one for the game: read once per process and file, and shared after that.
///
/// **Errors**: a section that is not the game's components (a damaged file).
pub fn from_database<G: ComponentGame>(
    game: &G,
    db: &Database,
) -> Result<Option<Arc<Endgame<G::Part>>>> {
    let Some((name, _)) = game.endgame() else {
        return Ok(None);
    };
    let Some((size, bytes)) = db.nimbers(name) else {
        return Ok(None);
    };
    let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, e)) = read.iter().find(|(p, n, _)| p == db.path() && *n == name) {
        return Ok(Arc::clone(e).downcast::<Endgame<G::Part>>().ok());
    }
    let endgame = Endgame::read(game, size, bytes).ok_or_else(|| GrundyError::File {
        path: db.path().to_path_buf(),
        problem: format!("the database is damaged (its nimbers of {name})"),
    })?;
    let endgame = Arc::new(endgame);
    read.push((db.path().to_path_buf(), name, endgame.clone()));
    Ok(Some(endgame))
}
