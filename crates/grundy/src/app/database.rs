//! `grundy db build`: a database of the canonical forms of every small board of some partizan
//! games, and of the nimbers of every small component of some impartial games
//! ([`crate::partizan::database`] reads and writes the file,
//! [`crate::solve::nimber_endgame`] makes the impartial games' sections).

use crate::app::parse::{parse_terms, Term};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};
use crate::games::partizan::{PartizanEntry, PartizanValues, PARTIZAN_GAMES};
use crate::games::NoGraphs;
use crate::partizan::database::{write_database, DatabaseHeader, NimberSection};
use crate::solve::nimber_endgame::Endgame;
use crate::solve::nimber_search::ComponentGame;
use serde::Serialize;
use std::path::Path;

/// The most boards a database build writes (past it, fewer cells are asked for).
pub const MAX_BOARDS: u128 = 1 << 28;

/// What `grundy db build` did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DatabaseReport {
    /// The file written.
    pub path: String,
    /// Per game asked: its keyword, the boards written out and valued, and those its rules
    /// refuse (a NoGo board with a captured group).
    pub games: Vec<(String, u64, u64)>,
    /// Per impartial game asked: its keyword, the largest component held (cells, squares
    /// or vertices) and the components whose nimbers were written.
    pub nimbers: Vec<(String, u32, u64)>,
    /// The file's header: per game the positions stored (every region met, normalised).
    pub header: DatabaseHeader,
}

/// The games `db build` can enumerate (those with a board of cells, and the impartial games
/// with an endgame database), as a sentence.
fn buildable() -> String {
    PARTIZAN_GAMES
        .iter()
        .filter(|g| !g.syntax.cells.is_empty())
        .map(|g| g.syntax.keyword)
        .chain(IMPARTIAL.iter().map(|(name, _, _)| *name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The impartial games whose small components `db build` values: keyword, the largest
/// component a database may hold, and what a component is.
const IMPARTIAL: [(&str, u32, &str); 4] = [
    (
        "cram",
        crate::games::cram::MAX_ENDGAME_CELLS,
        "regions of at most {} cells",
    ),
    (
        "chomp",
        crate::games::chomp::MAX_ENDGAME_SQUARES,
        "diagrams of at most {} squares",
    ),
    (
        "nodekayles",
        crate::games::kayles::MAX_ENDGAME_VERTICES,
        "graphs of at most {} vertices",
    ),
    (
        "arckayles",
        crate::games::kayles::MAX_ENDGAME_VERTICES,
        "graphs of at most {} vertices",
    ),
];

/// The endgame database of impartial game `name` (one of [`IMPARTIAL`]): its components of
/// at most `size` and their nimbers, as a section of the file.
fn nimber_section(name: &str, size: u32, budget: &Budget) -> Result<(NimberSection, Vec<u8>)> {
    fn section<G: ComponentGame>(
        game: G,
        name: &str,
        size: u32,
        budget: &Budget,
    ) -> Result<(NimberSection, Vec<u8>)> {
        let db = Endgame::build(&game, size, budget)?.ok_or_else(|| {
            GrundyError::Unsupported(format!("db build: {name} lists no components"))
        })?;
        let bytes = db.write(&game);
        let section = NimberSection {
            game: name.to_string(),
            size,
            entries: db.len() as u64,
            bytes: bytes.len() as u64,
        };
        Ok((section, bytes))
    }
    match name {
        "cram" => section(crate::games::cram::Cram, name, size, budget),
        "chomp" => section(crate::games::chomp::Chomp::default(), name, size, budget),
        "nodekayles" => section(
            crate::games::kayles::NodeKayles::default(),
            name,
            size,
            budget,
        ),
        _ => section(
            crate::games::kayles::ArcKayles::default(),
            name,
            size,
            budget,
        ),
    }
}

/// The shapes (rows, columns) of the boards of at most `cells` cells of a game.
fn shapes(entry: &PartizanEntry, cells: usize) -> Vec<(usize, usize)> {
    if entry.syntax.one_row {
        (1..=cells).map(|c| (1, c)).collect()
    } else {
        (1..=cells)
            .flat_map(|r| (1..=cells / r).map(move |c| (r, c)))
            .collect()
    }
}

/// Values every board of at most `cells` cells of each game (every filling of every shape by
/// the characters of its cells) and writes each game's positions met on the way (normalised
/// regions, with their canonical forms, outcomes and temperatures) to `path`. `progress` is
/// called with the boards done and their total.
///
/// **Complexity**: `k^cells` boards per shape for `k` characters a cell may hold, each valued
/// by the value engine within `budget` (refused past [`MAX_BOARDS`] boards in all).
///
/// ```
/// use grundy::app::database::build_database;
/// use grundy::Budget;
///
/// let path = std::env::temp_dir().join(format!("grundy-doc-{}.db", std::process::id()));
/// let games = ["domineering".to_string()];
/// let report = build_database(&games, 6, &path, Budget::new(1 << 20), &mut |_, _| {}).unwrap();
/// // (game, boards valued, boards its rules refuse)
/// assert_eq!(report.games[0].0, "domineering");
/// assert!(report.games[0].1 > 0);
/// assert_eq!(report.games[0].2, 0);
/// std::fs::remove_file(&path).unwrap();
/// ```
pub fn build_database(
    games: &[String],
    cells: usize,
    path: &Path,
    budget: Budget,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<DatabaseReport> {
    let mut entries = Vec::new();
    let mut impartial = Vec::new();
    for name in games {
        if let Some(&(keyword, most, what)) = IMPARTIAL.iter().find(|(k, _, _)| k == name) {
            if cells > most as usize {
                return Err(GrundyError::Unsupported(format!(
                    "db build: a database of {keyword} holds {} (--cells {cells} asked)",
                    what.replace("{}", &most.to_string())
                )));
            }
            impartial.push(keyword);
            continue;
        }
        let entry = PARTIZAN_GAMES
            .iter()
            .find(|g| g.syntax.keyword == name && !g.syntax.cells.is_empty())
            .ok_or_else(|| {
                GrundyError::Unsupported(format!(
                    "db build: '{}' is not a game with a board of cells (the games: {})",
                    crate::error::excerpt(name),
                    buildable()
                ))
            })?;
        entries.push(entry);
    }
    let mut total: u128 = 0;
    for entry in &entries {
        let k = entry.syntax.cells.len() as u128;
        for (r, c) in shapes(entry, cells) {
            total = total.saturating_add(k.saturating_pow((r * c) as u32));
        }
    }
    if total > MAX_BOARDS {
        return Err(GrundyError::Unsupported(format!(
            "db build: {total} boards of at most {cells} cells, more than {MAX_BOARDS}: ask for fewer --cells"
        )));
    }
    let mut values = PartizanValues::new(budget.clone());
    let mut done = 0u64;
    let mut report = Vec::new();
    for entry in entries {
        let alphabet: Vec<char> = entry.syntax.cells.chars().collect();
        let (mut valued, mut refused) = (0u64, 0u64);
        for (rows, cols) in shapes(entry, cells) {
            let n = rows * cols;
            let mut digits = vec![0usize; n];
            loop {
                let mut text = String::with_capacity(entry.syntax.keyword.len() + n + rows + 1);
                text.push_str(entry.syntax.keyword);
                text.push(' ');
                for (i, &d) in digits.iter().enumerate() {
                    if i > 0 && i % cols == 0 {
                        text.push('/');
                    }
                    text.push(alphabet[d]);
                }
                match parse_terms(&text, budget.clone(), &NoGraphs::default()) {
                    Ok(terms) => {
                        for (term, _) in terms {
                            if let Term::Partizan(part) = term {
                                values.value(&part)?;
                            }
                        }
                        valued += 1;
                    }
                    Err(GrundyError::Cancelled) => return Err(GrundyError::Cancelled),
                    Err(_) => refused += 1,
                }
                done += 1;
                if done.is_multiple_of(1024) {
                    budget.check()?;
                    progress(done, total as u64);
                }
                // the next filling, as a number in base k
                let mut i = 0;
                while i < n && digits[i] + 1 == alphabet.len() {
                    digits[i] = 0;
                    i += 1;
                }
                if i == n {
                    break;
                }
                digits[i] += 1;
            }
        }
        report.push((entry.syntax.keyword.to_string(), valued, refused));
    }
    progress(done, total as u64);
    let mut sections = Vec::new();
    for name in impartial {
        sections.push(nimber_section(name, cells as u32, &budget)?);
    }
    let tables: Vec<_> = values
        .tables()
        .into_iter()
        .filter(|(_, entries)| !entries.is_empty())
        .collect();
    let nimbers = sections
        .iter()
        .map(|(s, _)| (s.game.clone(), s.size, s.entries))
        .collect();
    let header = write_database(path, cells, tables, &mut values.forms, sections)?;
    Ok(DatabaseReport {
        path: path.display().to_string(),
        games: report,
        nimbers,
        header,
    })
}
