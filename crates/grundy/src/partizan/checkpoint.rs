//! Long outcome searches that survive and say how far they are: a checkpoint file holding the
//! transposition table (every result in it is proved, so a table saved at any moment is sound
//! to resume from) and the root questions answered so far, and progress reports.
//!
//! The file: a line `grundy search checkpoint 2`, a line of JSON (the version of grundy that
//! wrote it, the position, the answers so far), then the table as
//! [`crate::partizan::OutcomeSearch::write_table`] writes it. A checkpoint is read back only by
//! the same version (the table's keys hash the games' own types) and for the same position.

use crate::error::{GrundyError, Result};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The first line of a search checkpoint.
const MAGIC: &str = "grundy search checkpoint 3";

/// Where and how often a search saves its table (`grundy solve --checkpoint FILE
/// --checkpoint-every SECONDS`). A run finding the file resumes from it; the file is saved
/// once more when the search ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchCheckpoint {
    /// The file.
    pub path: PathBuf,
    /// The time between two saves.
    pub every: Duration,
}

/// The JSON line of a checkpoint.
#[derive(Serialize, Deserialize)]
struct Header {
    version: String,
    position: String,
    answered: Vec<String>,
}

fn file_error(path: &Path, problem: impl Into<String>) -> GrundyError {
    GrundyError::File {
        path: path.to_path_buf(),
        problem: problem.into(),
    }
}

/// Saves a checkpoint: the header, then the table written by `table` (written whole by
/// [`crate::save::write_whole`], so a run killed while saving leaves the last checkpoint
/// whole). Returns what `table` returns (the results written).
pub fn save(
    path: &Path,
    position: &str,
    answered: &[String],
    table: impl FnOnce(&mut dyn Write) -> std::io::Result<u64>,
) -> Result<u64> {
    let failed = |e: std::io::Error| file_error(path, format!("cannot write the checkpoint: {e}"));
    let header = Header {
        version: env!("CARGO_PKG_VERSION").into(),
        position: position.into(),
        answered: answered.to_vec(),
    };
    let json = serde_json::to_string(&header).expect("a header serialises");
    crate::save::write_whole(path, |out| {
        writeln!(out, "{MAGIC}\n{json}")?;
        table(out)
    })
    .map_err(failed)
}

/// Reads a checkpoint of `position` if the file exists (`None` when it does not): the answers
/// it records, after `table` has read its table. A file that is not a checkpoint, of another
/// version of grundy or of another position is an error naming the file.
pub fn resume(
    path: &Path,
    position: &str,
    table: impl FnOnce(&mut dyn std::io::Read) -> std::io::Result<u64>,
) -> Result<Option<(Vec<String>, u64)>> {
    crate::save::check_regular(path)
        .map_err(|e| file_error(path, format!("cannot use the checkpoint: {e}")))?;
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(file_error(path, format!("cannot read the checkpoint: {e}"))),
    };
    let not_ours =
        |what: &str| file_error(path, format!("not a search checkpoint of grundy ({what})"));
    let mut input = std::io::BufReader::new(file);
    let mut line = String::new();
    input
        .read_line(&mut line)
        .map_err(|_| not_ours("its first line is not text"))?;
    if line.trim_end() != MAGIC {
        return Err(not_ours(&format!("it does not start with '{MAGIC}'")));
    }
    line.clear();
    input
        .read_line(&mut line)
        .map_err(|_| not_ours("its second line is not text"))?;
    let header: Header =
        serde_json::from_str(line.trim_end()).map_err(|_| not_ours("its header is not JSON"))?;
    if header.version != env!("CARGO_PKG_VERSION") {
        return Err(file_error(
            path,
            format!(
                "a checkpoint of grundy {}, not of this version ({}): resume it with that version, or delete it",
                crate::error::excerpt(&header.version),
                env!("CARGO_PKG_VERSION")
            ),
        ));
    }
    if header.position != position {
        return Err(file_error(
            path,
            format!(
                "a checkpoint of {}, not of {}",
                crate::error::excerpt(&header.position),
                crate::error::excerpt(position)
            ),
        ));
    }
    let read =
        table(&mut input).map_err(|e| not_ours(&format!("its table is cut or damaged: {e}")))?;
    let mut rest = [0u8; 1];
    if std::io::Read::read(&mut input, &mut rest).unwrap_or(0) != 0 {
        return Err(not_ours("bytes after its table"));
    }
    Ok(Some((header.answered, read)))
}
