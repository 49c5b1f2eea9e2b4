//! A database of canonical forms of small positions, written once (`grundy db build`) and
//! read memory-mapped by later runs (`--db FILE`): the value engine and the outcome search
//! look a normalised part up before searching it.
//!
//! The file: a line `grundy db 1`, a line of JSON (the version of grundy that wrote it, the
//! largest board in cells, per game its name and entries, the forms), then, little-endian:
//! the offset of each form's record (u64); the records (a number-up-star `0`: numerator i64,
//! exponent u32, ups i64, nimber u32; or a form with options `1`: counts u32 u32 and the
//! options' indices u32, each smaller than the form's own; then its outcome letter and its
//! temperature, a flag u8, numerator i64, exponent u32); then per game its entries sorted by
//! key (key u128 as low and high u64, form u32, 4 bytes of padding). A key is the 128-bit
//! hash of a normalised position of the game's rules, so a database is read back only by the
//! version that wrote it. After the entries, the impartial games' endgame databases: per
//! game its bytes (the header's `nimbers`: [`NimberSection`]).
//!
//! Every read is checked against the file's length: a cut or damaged file is an error, never
//! a panic.

use crate::error::{GrundyError, Result};
use crate::partizan::dyadic::Dyadic;
use crate::partizan::forms::{Forms, GameId, Nus};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The first line of a database file.
const MAGIC: &str = "grundy db 1";
/// The bytes of an entry: key (16), form (4), padding (4).
const ENTRY: usize = 24;

/// What the JSON line of a database says.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct DatabaseHeader {
    /// The version of grundy that wrote it.
    pub version: String,
    /// The largest board valued, in cells.
    pub cells: usize,
    /// Per game (the field of the catalog's values, `domineering`): how many positions.
    pub games: Vec<(String, u64)>,
    /// How many canonical forms the positions' values need.
    pub forms: u64,
    /// The bytes of the forms' records.
    pub form_bytes: u64,
    /// The impartial games' endgame databases, after the partizan games' entries.
    #[serde(default)]
    pub nimbers: Vec<NimberSection>,
}

/// The nimbers of one impartial game's small components in a database file: per component
/// its length, its bytes and its nimber (the impartial search's endgame database writes and
/// reads them; this file only keeps them apart).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct NimberSection {
    /// The game (`cram`, `chomp`, `nodekayles`, `arckayles`).
    pub game: String,
    /// The largest component held (cells, squares or vertices).
    pub size: u32,
    /// How many components.
    pub entries: u64,
    /// The bytes of the section.
    pub bytes: u64,
}

/// The bytes of a database: a file mapped, or made in memory ([`Database::in_memory`]).
enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(bytes) => bytes,
        }
    }
}

/// A database: a file, memory-mapped, or one made in memory.
pub struct Database {
    path: PathBuf,
    map: Bytes,
    /// Whether its forms are canonical for sure (made in memory by this process), and are
    /// stored in an arena as they are.
    trusted: bool,
    header: DatabaseHeader,
    /// Where the forms' offsets start.
    offsets: usize,
    /// Where the forms' records start.
    records: usize,
    /// Per game: where its entries start.
    sections: Vec<usize>,
    /// Per impartial game of `header.nimbers`: where its section starts.
    nimber_sections: Vec<usize>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("path", &self.path)
            .field("header", &self.header)
            .finish()
    }
}

/// What the database holds of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The index of its canonical form in the file.
    pub form: u32,
}

impl Database {
    /// Opens and maps a database: a missing file, a file that is not a database, one written
    /// by another version of grundy, or one whose length does not match its header is an
    /// error naming the file.
    #[allow(unsafe_code)]
    pub fn open(path: &Path) -> Result<Database> {
        let failed = |problem: String| GrundyError::File {
            path: path.to_path_buf(),
            problem,
        };
        let file = std::fs::File::open(path)
            .map_err(|e| failed(format!("cannot read the database: {e}")))?;
        // SAFETY: the map is read only and lives as long as `Database`. A file truncated by
        // another process while mapped could fault on access (the one risk of any file
        // mapping, as for MCGS's and CGSuite's databases); a file changed in place gives
        // wrong bytes, which every read checks against the length, never past it.
        let map = unsafe { memmap2::Mmap::map(&file) }
            .map_err(|e| failed(format!("cannot map the database: {e}")))?;
        Database::from_bytes(path, Bytes::Mapped(map))
    }

    /// A database of the positions `games` (per game, by the name of its field in the
    /// catalog's values, the keys of its positions and their canonical forms in `forms`) held
    /// in memory, without outcomes and temperatures: what one search hands to others (the
    /// threads of `grundy solve` find the root's parts valued once). `name` stands for the
    /// file in errors.
    pub fn in_memory(
        name: &str,
        games: Vec<(String, Vec<(u128, GameId)>)>,
        forms: &mut Forms,
    ) -> Result<Database> {
        let mut bytes = Vec::new();
        encode(&mut bytes, 0, games, forms, false, Vec::new())
            .expect("writing to memory does not fail");
        let mut db = Database::from_bytes(Path::new(name), Bytes::Owned(bytes))?;
        db.trusted = true;
        Ok(db)
    }

    /// Reads the header of `map` and checks its sizes (`path` names it in errors).
    fn from_bytes(path: &Path, map: Bytes) -> Result<Database> {
        let failed = |problem: String| GrundyError::File {
            path: path.to_path_buf(),
            problem,
        };
        let not_ours = |what: &str| failed(format!("not a database of grundy ({what})"));
        let line_end = |from: usize| {
            map.get(from..)
                .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
                .map(|i| from + i)
        };
        let first = line_end(0).ok_or_else(|| not_ours("no first line"))?;
        if &map[..first] != MAGIC.as_bytes() {
            return Err(not_ours(&format!("it does not start with '{MAGIC}'")));
        }
        let second = line_end(first + 1).ok_or_else(|| not_ours("no header line"))?;
        let header: DatabaseHeader = serde_json::from_slice(&map[first + 1..second])
            .map_err(|_| not_ours("its header is not grundy's JSON"))?;
        if header.version != env!("CARGO_PKG_VERSION") {
            return Err(failed(format!(
                "a database of grundy {}, not of this version ({}): build it again with grundy db build",
                crate::error::excerpt(&header.version),
                env!("CARGO_PKG_VERSION")
            )));
        }
        let offsets = second + 1;
        let sizes = || -> Option<(usize, Vec<usize>, Vec<usize>, usize)> {
            let records =
                offsets.checked_add(usize::try_from(header.forms).ok()?.checked_mul(8)?)?;
            let mut at = records.checked_add(usize::try_from(header.form_bytes).ok()?)?;
            let mut sections = Vec::new();
            for (_, entries) in &header.games {
                sections.push(at);
                at = at.checked_add(usize::try_from(*entries).ok()?.checked_mul(ENTRY)?)?;
            }
            let mut nimber_sections = Vec::new();
            for section in &header.nimbers {
                nimber_sections.push(at);
                at = at.checked_add(usize::try_from(section.bytes).ok()?)?;
            }
            Some((records, sections, nimber_sections, at))
        };
        let (records, sections, nimber_sections, end) =
            sizes().ok_or_else(|| not_ours("its sizes overflow"))?;
        if end != map.len() {
            return Err(not_ours(&format!(
                "its header announces {end} bytes, the file has {}",
                map.len()
            )));
        }
        Ok(Database {
            path: path.to_path_buf(),
            map,
            trusted: false,
            header,
            offsets,
            records,
            sections,
            nimber_sections,
        })
    }

    /// The endgame database of impartial `game` in the file, if it has one: the largest
    /// component it holds and its bytes (as [`NimberSection`] says).
    pub fn nimbers(&self, game: &str) -> Option<(u32, &[u8])> {
        let i = self.header.nimbers.iter().position(|s| s.game == game)?;
        let section = &self.header.nimbers[i];
        let at = self.nimber_sections[i];
        let bytes = self.map.get(at..at + section.bytes as usize)?;
        Some((section.size, bytes))
    }

    /// The file (or the name of a database made in memory).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The header: version, cells, games and their counts.
    pub fn header(&self) -> &DatabaseHeader {
        &self.header
    }

    /// The index of a game's entries (by the name of its field in the catalog's values).
    pub fn section(&self, game: &str) -> Option<usize> {
        self.header.games.iter().position(|(name, _)| name == game)
    }

    fn corrupt(&self, what: &str) -> GrundyError {
        GrundyError::File {
            path: self.path.clone(),
            problem: format!("the database is damaged ({what})"),
        }
    }

    fn bytes(&self, at: usize, len: usize) -> Result<&[u8]> {
        at.checked_add(len)
            .and_then(|end| self.map.get(at..end))
            .ok_or_else(|| self.corrupt("a record runs past the end"))
    }

    fn u32_at(&self, at: usize) -> Result<u32> {
        Ok(u32::from_le_bytes(
            self.bytes(at, 4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64_at(&self, at: usize) -> Result<u64> {
        Ok(u64::from_le_bytes(
            self.bytes(at, 8)?.try_into().expect("8 bytes"),
        ))
    }

    /// The entry of the position whose key is `key` in section `section`: a binary search,
    /// O(log n) reads of the map.
    pub fn lookup(&self, section: usize, key: u128) -> Result<Option<Known>> {
        let (Some(&base), Some((_, count))) =
            (self.sections.get(section), self.header.games.get(section))
        else {
            return Ok(None);
        };
        let (mut lo, mut hi) = (0u64, *count);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let at = base + mid as usize * ENTRY;
            let k = self.u64_at(at)? as u128 | (self.u64_at(at + 8)? as u128) << 64;
            match k.cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    return Ok(Some(Known {
                        form: self.u32_at(at + 16)?,
                    }))
                }
            }
        }
        Ok(None)
    }

    /// Where form `index`'s record starts.
    fn record(&self, index: u32) -> Result<usize> {
        if u64::from(index) >= self.header.forms {
            return Err(self.corrupt("a form index past the forms"));
        }
        let offset = self.u64_at(self.offsets + index as usize * 8)?;
        if offset >= self.header.form_bytes {
            return Err(self.corrupt("a form's offset past the records"));
        }
        Ok(self.records + offset as usize)
    }

    /// The canonical form `index` of the file, made in `forms` (`memo` maps the file's forms
    /// already made in this arena). Iterative: options before the forms that use them.
    pub fn form(
        &self,
        index: u32,
        forms: &mut Forms,
        memo: &mut FxHashMap<u32, GameId>,
    ) -> Result<GameId> {
        let mut stack = vec![index];
        while let Some(&i) = stack.last() {
            if memo.contains_key(&i) {
                stack.pop();
                continue;
            }
            let at = self.record(i)?;
            let g = match self.bytes(at, 1)?[0] {
                0 => {
                    let number = Dyadic::new(self.u64_at(at + 1)? as i64, self.u32_at(at + 9)?)
                        .map_err(|_| self.corrupt("a number out of range"))?;
                    forms.nus(Nus {
                        number,
                        ups: self.u64_at(at + 13)? as i64,
                        nimber: self.u32_at(at + 21)?,
                    })
                }
                1 => {
                    let (nl, nr) = (self.u32_at(at + 1)? as usize, self.u32_at(at + 5)? as usize);
                    let mut options = Vec::with_capacity(nl + nr);
                    let mut missing = false;
                    for k in 0..nl + nr {
                        let o = self.u32_at(at + 9 + 4 * k)?;
                        if o >= i {
                            return Err(self.corrupt("an option after its form"));
                        }
                        match memo.get(&o) {
                            Some(&g) => options.push(g),
                            None => {
                                missing = true;
                                stack.push(o);
                            }
                        }
                    }
                    if missing {
                        continue;
                    }
                    let right = options.split_off(nl);
                    if self.trusted {
                        let g = forms.make_canonical(options, right);
                        forms.status()?;
                        g
                    } else {
                        forms.make(options, right)?
                    }
                }
                _ => return Err(self.corrupt("a form of unknown kind")),
            };
            memo.insert(i, g);
            stack.pop();
        }
        Ok(memo[&index])
    }
}

/// Writes a database: per game (its name) the keys of its positions and their canonical forms
/// in `forms`, with every form they need, its outcome and temperature. Written whole
/// ([`crate::save::write_whole`]). Returns the header written.
pub fn write_database(
    path: &Path,
    cells: usize,
    games: Vec<(String, Vec<(u128, GameId)>)>,
    forms: &mut Forms,
    nimbers: Vec<(NimberSection, Vec<u8>)>,
) -> Result<DatabaseHeader> {
    let failed = |e: std::io::Error| GrundyError::File {
        path: path.to_path_buf(),
        problem: format!("cannot write the database: {e}"),
    };
    crate::save::write_whole(path, |out| encode(out, cells, games, forms, true, nimbers))
        .map_err(failed)
}

/// Writes a database to `out` (the format of the module's head); with `thermal`, each form's
/// outcome and temperature, otherwise `?` and no temperature (a database made for one run).
fn encode(
    out: &mut dyn Write,
    cells: usize,
    games: Vec<(String, Vec<(u128, GameId)>)>,
    forms: &mut Forms,
    thermal: bool,
    nimbers: Vec<(NimberSection, Vec<u8>)>,
) -> std::io::Result<DatabaseHeader> {
    // each game's entries in order of keys, once each (the header counts them)
    let games: Vec<(String, Vec<(u128, GameId)>)> = games
        .into_iter()
        .map(|(name, mut entries)| {
            entries.sort_unstable_by_key(|&(key, _)| key);
            entries.dedup_by_key(|e| e.0);
            (name, entries)
        })
        .collect();
    // the forms in an order where options come first (iterative post-order)
    let mut index: FxHashMap<GameId, u32> = FxHashMap::default();
    let mut order: Vec<GameId> = Vec::new();
    for (_, entries) in &games {
        for &(_, root) in entries {
            let mut stack = vec![(root, false)];
            while let Some((g, expanded)) = stack.pop() {
                if index.contains_key(&g) {
                    continue;
                }
                if forms.as_nus(g).is_some() || expanded {
                    index.insert(g, order.len() as u32);
                    order.push(g);
                    continue;
                }
                stack.push((g, true));
                let (l, r) = forms.options(g);
                stack.extend(l.iter().chain(r.iter()).map(|&o| (o, false)));
            }
        }
    }
    let mut records: Vec<u8> = Vec::new();
    let mut offsets: Vec<u64> = Vec::with_capacity(order.len());
    for &g in &order {
        offsets.push(records.len() as u64);
        match forms.as_nus(g) {
            Some(nus) => {
                records.push(0);
                records.extend(nus.number.numerator().to_le_bytes());
                records.extend(nus.number.exponent().to_le_bytes());
                records.extend(nus.ups.to_le_bytes());
                records.extend(nus.nimber.to_le_bytes());
            }
            None => {
                let (l, r) = forms.options(g);
                records.push(1);
                records.extend((l.len() as u32).to_le_bytes());
                records.extend((r.len() as u32).to_le_bytes());
                for o in l.iter().chain(r.iter()) {
                    records.extend(index[o].to_le_bytes());
                }
            }
        }
        if !thermal {
            records.push(b'?');
            records.extend([0u8; 13]);
            continue;
        }
        records.push(forms.outcome(g).letter().as_bytes()[0]);
        match forms.temperature(g) {
            Ok(t) => {
                records.push(1);
                records.extend(t.numerator().to_le_bytes());
                records.extend(t.exponent().to_le_bytes());
            }
            Err(_) => records.extend([0u8; 13]),
        }
    }
    let header = DatabaseHeader {
        version: env!("CARGO_PKG_VERSION").into(),
        cells,
        games: games
            .iter()
            .map(|(name, entries)| (name.clone(), entries.len() as u64))
            .collect(),
        forms: order.len() as u64,
        form_bytes: records.len() as u64,
        nimbers: nimbers.iter().map(|(section, _)| section.clone()).collect(),
    };
    let json = serde_json::to_string(&header).expect("a header serialises");
    writeln!(out, "{MAGIC}\n{json}")?;
    for o in offsets {
        out.write_all(&o.to_le_bytes())?;
    }
    out.write_all(&records)?;
    for (_, entries) in games {
        for (key, g) in entries {
            out.write_all(&(key as u64).to_le_bytes())?;
            out.write_all(&((key >> 64) as u64).to_le_bytes())?;
            out.write_all(&index[&g].to_le_bytes())?;
            out.write_all(&[0u8; 4])?;
        }
    }
    for (_, bytes) in nimbers {
        out.write_all(&bytes)?;
    }
    Ok(header)
}

/// A game's view of a database, as its [`crate::partizan::PartizanSearch`] looks positions up:
/// the section and the forms already made in the search's arena.
#[derive(Debug)]
pub struct DatabaseView {
    db: std::sync::Arc<Database>,
    section: usize,
    memo: FxHashMap<u32, GameId>,
}

impl DatabaseView {
    /// The view of `game`'s section, if the database has one.
    pub fn new(db: &std::sync::Arc<Database>, game: &str) -> Option<DatabaseView> {
        Some(DatabaseView {
            db: std::sync::Arc::clone(db),
            section: db.section(game)?,
            memo: FxHashMap::default(),
        })
    }

    /// The canonical form of the position whose key is `key`, made in `forms`, if known.
    pub fn value(&mut self, key: u128, forms: &mut Forms) -> Result<Option<GameId>> {
        match self.db.lookup(self.section, key)? {
            Some(known) => Ok(Some(self.db.form(known.form, forms, &mut self.memo)?)),
            None => Ok(None),
        }
    }
}
