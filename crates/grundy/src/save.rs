//! Files written whole: the checkpoints of `table` and `solve`, and the databases of
//! `db build`. A file is written to a temporary file beside it, synced, renamed over it and
//! its folder synced, so that whoever reads the file (a resumed run, a `--db`) finds either
//! the old content or the new one, whole, even after a kill or a crash at any moment.
//!
//! - The temporary's name is unique (`.NAME.PID.N.grundy-tmp`): two runs writing the same
//!   file never write the same temporary. It is removed on every path that returns, and the
//!   temporaries of runs that were killed (their process gone) are removed by the next save.
//! - A symbolic link is written through: the file it points to is replaced, the link stays.
//! - A target that is not a regular file (a device, a FIFO, a socket, a folder) is refused
//!   before anything is written: a rename would replace it by a regular file.
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("grundy-save-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("values");
//! grundy::save::write_whole(&path, |out| out.write_all(b"3 1 4\n")).unwrap();
//! assert_eq!(std::fs::read(&path).unwrap(), b"3 1 4\n");
//! // a failed write leaves the old content, and no temporary behind
//! let failed = grundy::save::write_whole(&path, |out| -> std::io::Result<()> {
//!     out.write_all(b"half")?;
//!     Err(std::io::Error::other("the computation failed"))
//! });
//! assert!(failed.is_err());
//! assert_eq!(std::fs::read(&path).unwrap(), b"3 1 4\n");
//! assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The end of every temporary's name.
const SUFFIX: &str = ".grundy-tmp";

/// Symbolic links followed before giving up (as the system's own limit, `ELOOP`).
const MAX_LINKS: usize = 40;

/// How many [`write_whole`] calls are under way in this process.
static WRITING: AtomicU64 = AtomicU64::new(0);

/// Counts a [`write_whole`] call done when dropped (returned, failed or unwound).
struct Writing;

impl Drop for Writing {
    fn drop(&mut self) {
        WRITING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a file is being written whole ([`write_whole`]) in this process: a front end that
/// ends a stopped process waits for it (a search's last checkpoint, saved when it is stopped,
/// may take many seconds for a big table), so that no work is lost.
pub fn writing() -> bool {
    WRITING.load(Ordering::SeqCst) > 0
}

/// Writes `path` whole through `write` (given a buffered writer), as the module says: the
/// old content stays until the new one is complete and on disk. Returns what `write`
/// returns.
///
/// **Errors**: what `write` returns; a target that is not a regular file (`InvalidInput`,
/// saying what it is); any failure to create, write, sync or rename the temporary, or to
/// sync the folder. The temporary is removed on every error.
///
/// **Cost**: the writes, two syncs (the file and its folder) and a scan of the folder for
/// temporaries of killed runs of the same file.
pub fn write_whole<T>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<T>,
) -> io::Result<T> {
    WRITING.fetch_add(1, Ordering::SeqCst);
    let _writing = Writing;
    let target = resolve(path)?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?
        .to_string_lossy()
        .into_owned();
    remove_abandoned(&folder, &name);
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let temporary = Temporary(folder.join(format!(
        ".{name}.{}.{}{SUFFIX}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )));
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temporary.0)?;
    // the new file keeps the old one's permissions
    if let Ok(old) = std::fs::metadata(&target) {
        let _ = file.set_permissions(old.permissions());
    }
    let mut out = io::BufWriter::new(file);
    let value = write(&mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(&temporary.0, &target)?;
    std::mem::forget(temporary);
    sync_folder(&folder)?;
    Ok(value)
}

/// `Ok` when [`write_whole`] may write `path`: it does not exist yet, or is a regular file
/// (through symbolic links). A file that is read back before it is written whole (a
/// checkpoint) is checked first, so that a device such as `/dev/zero` is never read as one.
///
/// **Errors**: `InvalidInput`, saying what the file is, when it is not a regular file.
pub fn check_regular(path: &Path) -> io::Result<()> {
    resolve(path).map(|_| ())
}

/// The file `path` names: symbolic links followed (a link to a file not yet made gives that
/// file); an error if it exists and is not a regular file.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match std::fs::symlink_metadata(&current) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            let points_to = std::fs::read_link(&current)?;
            current = match current.parent() {
                Some(folder) if points_to.is_relative() => folder.join(points_to),
                _ => points_to,
            };
            continue;
        }
        if kind.is_file() {
            return Ok(current);
        }
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is {}, not a regular file (grundy writes this file whole, through a \
                 temporary file renamed over it)",
                current.display(),
                kind_of(&kind)
            ),
        ));
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}: too many symbolic links", path.display()),
    ))
}

/// What a file that is not a regular file is, in words.
fn kind_of(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// A temporary file, removed when dropped (every path but the successful rename, which
/// forgets it).
struct Temporary(PathBuf);

impl Drop for Temporary {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Removes the temporaries of `name` in `folder` left by runs that were killed: those whose
/// process no longer runs (known where `/proc` lists processes; elsewhere none is removed).
fn remove_abandoned(folder: &Path, name: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|f| f.strip_suffix(SUFFIX))
        else {
            continue;
        };
        let Some((pid, n)) = rest.split_once('.') else {
            continue;
        };
        let (Ok(pid), Ok(_)) = (pid.parse::<u32>(), n.parse::<u64>()) else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Syncs a folder, so that a rename in it survives a crash. Systems and file systems that
/// cannot sync a folder (opening one fails, or syncing it is refused as invalid) are left
/// as they are.
fn sync_folder(folder: &Path) -> io::Result<()> {
    let Ok(handle) = std::fs::File::open(folder) else {
        return Ok(());
    };
    match handle.sync_all() {
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "grundy-save-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A front end waits for a file being written whole before ending a stopped process:
    /// `writing` says so while the write runs, a failed one too.
    #[test]
    fn a_file_being_written_whole_is_known_to_the_process() {
        let dir = scratch("writing");
        let file = dir.join("f");
        write_whole(&file, |out| {
            assert!(writing());
            out.write_all(b"x")
        })
        .unwrap();
        let failed = write_whole(&file, |_| -> io::Result<()> {
            assert!(writing());
            Err(io::Error::other("refused"))
        });
        assert!(failed.is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_are_written_through_and_special_files_refused() {
        let dir = scratch("links");
        let real = dir.join("real");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.join("link");
        std::os::unix::fs::symlink("real", &link).unwrap();
        write_whole(&link, |out| out.write_all(b"new")).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // a link to a file not yet made makes it
        let dangling = dir.join("dangling");
        std::os::unix::fs::symlink("later", &dangling).unwrap();
        write_whole(&dangling, |out| out.write_all(b"made")).unwrap();
        assert_eq!(std::fs::read(dir.join("later")).unwrap(), b"made");
        // a device, a folder and a loop of links are refused; nothing is left behind
        for (path, says) in [
            (PathBuf::from("/dev/null"), "a character device"),
            (dir.clone(), "a folder"),
        ] {
            let e = write_whole(&path, |out| out.write_all(b"x")).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        }
        std::os::unix::fs::symlink("loop", dir.join("loop")).unwrap();
        assert!(write_whole(&dir.join("loop"), |out| out.write_all(b"x")).is_err());
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["dangling", "later", "link", "loop", "real"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporaries_of_killed_runs_are_removed_and_others_kept() {
        let dir = scratch("abandoned");
        let path = dir.join("table");
        // a process id no process has (above the kernel's largest, 2^22)
        let dead = dir.join(format!(".table.{}.0{SUFFIX}", 1u32 << 23));
        let live = dir.join(format!(".table.{}.9{SUFFIX}", std::process::id()));
        let other = dir.join(format!(".other.{}.0{SUFFIX}", 1u32 << 23));
        for p in [&dead, &live, &other] {
            std::fs::write(p, b"partial").unwrap();
        }
        write_whole(&path, |out| out.write_all(b"whole")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(dead.exists(), !Path::new("/proc/self").exists());
        assert!(live.exists() && other.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
