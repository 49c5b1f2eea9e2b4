//! Long runs in little memory: the rare/common method reading only the first heaps, a window
//! of recent heaps and the rare heaps, for the statistics of very deep tables (`grundy table
//! --stats --stream`).
//!
//! A split `(a, s - a)` of heap n (s = n - k) with a rare side a reads `G(s - a)`: a recent
//! heap when a is small (the rare heaps of the games studied at depth come early: Grundy's
//! game has none past 82860 up to 2^24, measured here), an early heap when a is close to s.
//! The pass that proves the candidate reads the first 2048 pairs `(a, s - a)`, again early
//! and recent heaps, and the scans after it read as far as they must. Every value the run reads is either held or
//! read back from a file of every value (2 bytes each, on disk, appended as computed, deleted
//! at the end): the rare scans that go past the window, and the rare options of a rare heap
//! far from both ends, read it. Memory stays O(window + rare heaps) at any depth.

use super::plain::mark_pairs;
use super::sparse::{best_mask, common, mark_rare_pairs, reaches, settle, PASS, ROUND};
use super::{best_mask_of, octal_values, width_of, Moves, OctalCode, OctalMethod, RareCommonStats};
use crate::budget::Budget;
use crate::error::{GrundyError, Result};

/// Heaps computed with every value kept before the stream starts, by default (the mask is
/// chosen on them).
pub const FULL_PHASE: usize = 1 << 16;

/// The least number of first and of recent heaps a stream keeps.
pub const MIN_KEEP: usize = 1 << 14;

/// The first and recent heaps a stream keeps by default (`grundy table --stream`): more than
/// the last rare heap of Grundy's game (82860), which keeps reads from disk rare there.
pub const DEFAULT_KEEP: usize = 1 << 17;

/// What a streaming run computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamRun {
    /// The statistics of `G(0..=to)`, as [`super::rare_common_stats`] gives them.
    pub stats: RareCommonStats,
    /// `G(to)`.
    pub last: u64,
    /// The mask the run ended with for its candidates (any mask gives the same values).
    pub mask: u32,
    /// The most values held at once (first heaps, window and rare heaps).
    pub held: usize,
    /// How many values were read back from the file of every value.
    pub read_back: u64,
}

/// The state of a stream after heap `n - 1`.
struct Stream {
    moves: Moves,
    mask: u32,
    /// `G(0..first.len())`
    first: Vec<u32>,
    /// `G(base..n)`
    recent: Vec<u32>,
    base: usize,
    keep: usize,
    rare_positions: Vec<u32>,
    rare_values: Vec<u32>,
    /// Heaps >= 1 of each value, and the last heap with each value (heap 0 included).
    histogram: Vec<usize>,
    last_at: Vec<u64>,
    max_value: u32,
    largest_at: u64,
    held: usize,
    reached: Vec<u8>,
    hit: Vec<u8>,
    targets: Vec<u32>,
    left: Vec<u32>,
    scanned: Vec<usize>,
    spill: Spill,
    /// Values read back from the spill file.
    read_back: u64,
}

/// Values per read of the spill file.
const SPILL_CHUNK: usize = 1 << 16;

/// Every value of a stream in a file, after a header line, 2 bytes each, little-endian:
/// appended through a buffer, read back by position. A temporary file is removed when the
/// stream ends; the caller's file ([`StreamFile`]) is kept, to resume from.
struct Spill {
    file: std::fs::File,
    path: std::path::PathBuf,
    /// The caller's file (kept at the end), else a temporary one (removed).
    kept: bool,
    /// Where the values start (after the header line).
    start: u64,
    /// A kept file is written at least this often.
    every: std::time::Duration,
    written_at: std::time::Instant,
    pending: Vec<u8>,
    low: Vec<u16>,
    high: Vec<u16>,
    bytes: Vec<u8>,
}

impl Spill {
    /// A temporary file, or the caller's file: created with its header line, or, when it holds
    /// values of `family` already, opened after them (a partly written last value dropped);
    /// with the number of values it holds.
    fn open(file: Option<&StreamFile<'_>>, family: &str) -> Result<(Spill, usize)> {
        use std::io::{Read, Seek, SeekFrom, Write};
        let (path, kept, every) = match file {
            Some(f) => (f.path.to_path_buf(), true, f.every),
            None => {
                let unique = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos());
                let name = format!("grundy-stream-{}-{unique}.values", std::process::id());
                (
                    std::env::temp_dir().join(name),
                    false,
                    std::time::Duration::MAX,
                )
            }
        };
        let failed = |e: std::io::Error| spill_error(&path, &e);
        if kept {
            crate::save::check_regular(&path).map_err(failed)?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true);
        if kept {
            options.create(true);
        } else {
            options.create_new(true);
        }
        let mut f = options.open(&path).map_err(failed)?;
        let header = format!("{STREAM_MAGIC} {family}\n");
        let length = f.metadata().map_err(failed)?.len();
        let mut head = vec![0u8; header.len().min(length as usize)];
        f.read_exact(&mut head).map_err(failed)?;
        // a run killed while writing the header left a part of it: started again
        let saved = if length < header.len() as u64 && header.as_bytes().starts_with(&head) {
            f.set_len(0).map_err(failed)?;
            f.seek(SeekFrom::Start(0)).map_err(failed)?;
            f.write_all(header.as_bytes()).map_err(failed)?;
            0
        } else {
            if head != header.as_bytes() {
                let shown = String::from_utf8_lossy(&head);
                let line = shown.lines().next().unwrap_or("");
                return Err(GrundyError::Unsupported(
                    match line.strip_prefix(STREAM_MAGIC) {
                        Some(other) => format!(
                            "{} holds the values of {}, not {family}",
                            path.display(),
                            crate::error::excerpt(other.trim())
                        ),
                        None => format!(
                            "{} is not a file of values of grundy table --stream (it does not \
                         start with '{STREAM_MAGIC}')",
                            path.display()
                        ),
                    },
                ));
            }
            let values = (length - header.len() as u64) / 2;
            f.set_len(header.len() as u64 + 2 * values)
                .map_err(failed)?;
            values as usize
        };
        f.seek(SeekFrom::End(0)).map_err(failed)?;
        let spill = Spill {
            file: f,
            path,
            kept,
            start: header.len() as u64,
            every,
            written_at: std::time::Instant::now(),
            pending: Vec::with_capacity(1 << 16),
            low: Vec::new(),
            high: Vec::new(),
            bytes: Vec::new(),
        };
        Ok((spill, saved))
    }

    fn push(&mut self, v: u32) -> Result<()> {
        let v = u16::try_from(v).map_err(|_| {
            GrundyError::Overflow(format!(
                "a value {v} in a stream (at most 65535 are stored)"
            ))
        })?;
        self.pending.extend_from_slice(&v.to_le_bytes());
        // (the clock is read every 2048 values, and only for a kept file)
        let due = || {
            self.kept
                && self.pending.len().is_multiple_of(4096)
                && self.written_at.elapsed() >= self.every
        };
        if self.pending.len() >= 1 << 16 || due() {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<()> {
        use std::io::Write;
        self.file
            .write_all(&self.pending)
            .map_err(|e| spill_error(&self.path, &e))?;
        self.pending.clear();
        self.written_at = std::time::Instant::now();
        Ok(())
    }

    /// `G(from..from + count)` into `out` (every one written before).
    fn read(&mut self, from: usize, count: usize, high: bool) -> Result<()> {
        self.flush()?;
        self.bytes.resize(2 * count, 0);
        read_at(&self.file, &mut self.bytes, self.start + 2 * from as u64)
            .map_err(|e| spill_error(&self.path, &e))?;
        let out = if high { &mut self.high } else { &mut self.low };
        out.clear();
        out.extend(
            self.bytes
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]])),
        );
        Ok(())
    }

    /// `G(x)`.
    fn value(&mut self, x: usize) -> Result<u32> {
        self.read(x, 1, false)?;
        Ok(u32::from(self.low[0]))
    }

    /// True if `G(a) xor G(s - a) == r` for some `a` in `from..=to`, read back in chunks.
    fn reaches(&mut self, s: usize, from: usize, to: usize, r: u32) -> Result<bool> {
        let Ok(r) = u16::try_from(r) else {
            return Ok(false);
        };
        let mut a = from;
        while a <= to {
            let end = (a + SPILL_CHUNK - 1).min(to);
            self.read(a, end - a + 1, false)?;
            self.read(s - end, end - a + 1, true)?;
            if reaches(&self.low, &self.high, r) {
                return Ok(true);
            }
            a = end + 1;
        }
        Ok(false)
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        if self.kept {
            let _ = self.flush();
        } else {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The first line of a stream's kept file of values: `grundy stream 1 FAMILY`, then the values
/// `G(0..)`, 2 bytes each, little-endian.
const STREAM_MAGIC: &str = "grundy stream 1";

/// The caller's file for a stream's values (`grundy table --stream --checkpoint FILE`): every
/// value is appended to it (at least every `every`), and a later run of the same family goes
/// on from the values it holds. Every value in it is final, so a run killed at any moment
/// leaves a file to resume from.
pub struct StreamFile<'a> {
    /// The file.
    pub path: &'a std::path::Path,
    /// The longest time between two writes.
    pub every: std::time::Duration,
}

#[cfg(unix)]
fn read_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(not(unix))]
fn read_at(file: &std::fs::File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let mut f = file;
    f.seek(SeekFrom::Start(offset))?;
    f.read_exact(buf)?;
    f.seek(SeekFrom::End(0)).map(|_| ())
}

fn spill_error(path: &std::path::Path, e: &std::io::Error) -> GrundyError {
    GrundyError::Unsupported(format!(
        "the stream's file of values {}: {e}",
        path.display()
    ))
}

impl Stream {
    fn n(&self) -> usize {
        self.base + self.recent.len()
    }

    /// `G(x)` if kept.
    fn get(&self, x: usize) -> Option<u32> {
        if x >= self.base {
            self.recent.get(x - self.base).copied()
        } else {
            self.first.get(x).copied()
        }
    }

    /// `G(x)`, held or read back from the spill file.
    fn value(&mut self, x: usize) -> Result<u32> {
        match self.get(x) {
            Some(v) => Ok(v),
            None => {
                self.read_back += 1;
                self.spill.value(x)
            }
        }
    }

    /// Records `G(n) = v`, appending it to the file of values.
    fn push(&mut self, v: u32) -> Result<()> {
        self.spill.push(v)?;
        self.record(v);
        Ok(())
    }

    /// Records `G(n) = v` in memory (a value the file holds already).
    fn record(&mut self, v: u32) {
        let n = self.n();
        if n > 0 {
            let i = v as usize;
            if self.histogram.len() <= i {
                self.histogram.resize(i + 1, 0);
                self.last_at.resize(i + 1, 0);
            }
            self.histogram[i] += 1;
        }
        if self.last_at.len() <= v as usize {
            self.last_at.resize(v as usize + 1, 0);
        }
        self.last_at[v as usize] = n as u64;
        let mask = self.mask_now();
        if v as usize >= width_of(self.max_value) {
            // the bit of the old width stays in the mask (see mask_now)
            self.mask = mask;
        }
        if v > self.max_value {
            // the first heap with the largest value
            self.max_value = v;
            self.largest_at = n as u64;
        }
        if n > 0 && !common(v, mask) {
            self.rare_positions.push(n as u32);
            self.rare_values.push(v);
        }
        if self.first.len() < self.keep && self.first.len() == n {
            self.first.push(v);
        }
        self.recent.push(v);
        if self.recent.len() >= 2 * self.keep {
            self.recent.drain(..self.keep);
            self.base += self.keep;
        }
        self.held = self
            .held
            .max(self.first.len() + self.recent.len() + self.rare_positions.len());
    }

    /// The mask for the next heap: the stored one with the bit of the width added. Every
    /// value so far is below the width, so none changes side; a first value at the width
    /// becomes common, found as a candidate from the rare side alone (the engine's mask choice
    /// at the next doubling does the same, and a rare value there would need every pair).
    fn mask_now(&self) -> u32 {
        self.mask | width_of(self.max_value) as u32
    }

    /// `G(n)` for the next heap n by the rare/common method, from the kept values only.
    fn next_value(&mut self) -> Result<u32> {
        let n = self.n();
        let width = width_of(self.max_value);
        let mask = self.mask_now();
        if self.reached.len() < 2 * width {
            self.reached.resize(2 * width, 0);
            self.hit.resize(2 * width, 0);
        }
        let top = width - 1;
        // the candidate: emptying moves, one-heap moves, splits with a rare side
        if self.moves.empty.contains(&n) {
            self.reached[0] = 1;
        }
        for i in 0..self.moves.one.len() {
            let k = self.moves.one[i];
            if k < n {
                let v = self.value(n - k)?;
                self.reached[v as usize] = 1;
            }
        }
        for i in 0..self.moves.split.len() {
            let k = self.moves.split[i];
            if k + 2 > n {
                continue;
            }
            let s = n - k;
            let count = self.rare_positions.partition_point(|&a| (a as usize) < s);
            // rare a up to s - base read the recent heaps; the others must read first heaps
            let cut = if s >= self.base {
                self.rare_positions[..count].partition_point(|&a| a as usize <= s - self.base)
            } else {
                0
            };
            let skip = self.moves.equal_part(s);
            // rare a whose partner s - a is neither a first nor a recent heap: read back
            let far = cut
                + self.rare_positions[cut..count]
                    .partition_point(|&a| s - a as usize >= self.first.len());
            for j in cut..far {
                let a = self.rare_positions[j] as usize;
                if Some(a) != skip {
                    let x = self.rare_values[j] ^ self.value(s - a)?;
                    self.reached[x as usize & top] = 1;
                }
            }
            let (p, v) = (&self.rare_positions, &self.rare_values);
            if s >= self.base {
                let (rp, rv) = (&p[..cut], &v[..cut]);
                mark_rare_pairs(
                    rp,
                    rv,
                    &self.recent,
                    s - self.base,
                    &mut self.reached,
                    top,
                    skip,
                );
            }
            let (fp, fv) = (&p[far..count], &v[far..count]);
            mark_rare_pairs(fp, fv, &self.first, s, &mut self.reached, top, skip);
        }
        self.targets.clear();
        let c = settle(&mut self.reached[..2 * width], mask, &mut self.targets);
        Ok(match self.first_unreached(n, width)? {
            Some(r) => r,
            None => c,
        })
    }

    /// The least target no split of heap n reaches (two common sides), as
    /// `sparse::first_unreached` finds it, reading only kept values.
    fn first_unreached(&mut self, n: usize, width: usize) -> Result<Option<u32>> {
        self.left.clear();
        self.left.extend_from_slice(&self.targets);
        if self.left.is_empty() {
            return Ok(None);
        }
        let mut budget = if self.left.len() <= 2 { 0 } else { PASS };
        self.scanned.clear();
        self.scanned.resize(self.moves.split.len(), 0);
        for (i, &k) in self.moves.split.iter().enumerate() {
            if k + 2 > n {
                continue;
            }
            let s = n - k;
            // the pass reads G(1..=end) and G(s - end..s): first and recent heaps
            let end = self
                .moves
                .half(s)
                .min(budget)
                .min(self.first.len().saturating_sub(1))
                .min(s.saturating_sub(self.base));
            let mut done = 0;
            while done < end && !self.left.is_empty() {
                let stop = (done + ROUND).min(end);
                mark_pairs(
                    &self.first[done + 1..=stop],
                    &self.recent[s - stop - self.base..s - done - self.base],
                    &mut self.hit[..width],
                );
                done = stop;
                let hit = &self.hit;
                self.left.retain(|&r| hit[r as usize] == 0);
            }
            self.hit[..width].fill(0);
            self.scanned[i] = done;
            budget -= done;
            if self.left.is_empty() || budget == 0 {
                break;
            }
        }
        for t in 0..self.left.len() {
            let r = self.left[t];
            if r as usize >= width {
                // every pair's xor is below the width
                return Ok(Some(r));
            }
            let mut found = false;
            // the pairs past the held ones: (s, first a, last a)
            let mut rest: Vec<(usize, usize, usize)> = Vec::new();
            for (i, &k) in self.moves.split.iter().enumerate() {
                if k + 2 > n {
                    continue;
                }
                let s = n - k;
                let (start, half) = (self.scanned[i] + 1, self.moves.half(s));
                if start > half {
                    continue;
                }
                // the pairs (a, s - a) with a a first heap and s - a a recent one
                let lim = half
                    .min(self.first.len() - 1)
                    .min(s.saturating_sub(self.base));
                if start <= lim {
                    let low = &self.first[start..=lim];
                    let high = &self.recent[s - lim - self.base..=s - start - self.base];
                    if reaches(low, high, r) {
                        found = true;
                        break;
                    }
                }
                if lim < half {
                    rest.push((s, lim.max(start - 1) + 1, half));
                }
            }
            // the pairs not held, read back from the file (rare: the held ones meet
            // nearly every target)
            for &(s, from, to) in &rest {
                if found {
                    break;
                }
                self.read_back += 2 * (to + 1 - from) as u64;
                found = self.spill.reaches(s, from, to, r)?;
            }
            rest.clear();
            if !found {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    fn stats(&self) -> RareCommonStats {
        let (mask, _) = best_mask(&self.histogram);
        let rare_values = || (0..self.last_at.len()).filter(move |&v| !common(v as u32, mask));
        // heap 0 (value 0, rare under every mask) is not in the histogram
        let heaps_of = |v: usize| self.histogram.get(v).copied().unwrap_or(0) as u64;
        let rare: u64 = 1 + rare_values().map(heaps_of).sum::<u64>();
        RareCommonStats {
            largest: self.max_value as u64,
            largest_at: self.largest_at,
            rare_mask: format!("{mask:x}"),
            rare,
            last_rare: rare_values()
                .filter(|&v| v == 0 || self.histogram.get(v).copied().unwrap_or(0) > 0)
                .map(|v| self.last_at[v])
                .max(),
        }
    }
}

/// The rare/common statistics of `G(0..=to)` for `code`, holding only the first `keep` heaps,
/// the last `keep` to `2 keep` and the rare heaps in memory (`keep` at least [`MIN_KEEP`]),
/// every value also appended to a temporary file (2 bytes a value) that the rare reads past
/// them use: the first `full` heaps ([`FULL_PHASE`] is a good choice) are computed by
/// [`octal_values`] (every value kept, every core), which chooses the mask; the stream goes on
/// from there on one core. The values are those of a run that keeps every value.
///
/// **Errors**: a code whose moves leave three heaps or that never splits (the stream is the
/// rare/common method's), a value above 65535, the temporary file failing (named), more heaps
/// held than the budget's state limit, and the budget's flag raised (checked every 1024 heaps).
///
/// **Complexity**: as the rare/common method (about O(r + t) per heap for r rare heaps and t
/// pairs scanned), in O(keep + r) memory and 2 bytes a heap on disk; the reads back are
/// counted in [`StreamRun::read_back`] (a larger `keep` makes them rarer).
pub fn octal_stats_streaming(
    code: &OctalCode,
    to: usize,
    keep: usize,
    full: usize,
    file: Option<StreamFile<'_>>,
    budget: &Budget,
    mut progress: impl FnMut(usize),
) -> Result<StreamRun> {
    let moves = Moves::of(code);
    if !moves.three.is_empty() || moves.split.is_empty() {
        return Err(GrundyError::Unsupported(format!(
            "--stream needs the rare/common method, for games whose moves split a heap in two: \
             not {}",
            code.family()
        )));
    }
    let keep = keep.max(MIN_KEEP);
    let full = to.min(full);
    let (spill, saved) = Spill::open(file.as_ref(), &code.family())?;
    // the first phase is bounded by `full`, not by the budget's limit on held heaps
    let run = octal_values(
        code,
        full,
        full,
        OctalMethod::Auto,
        budget.with_max_states(usize::MAX),
        &mut progress,
    )?;
    let values = &run.values.values;
    let mask = run.mask.unwrap_or_else(|| best_mask_of(values));
    let mut stream = Stream {
        moves,
        mask,
        first: Vec::new(),
        recent: Vec::new(),
        base: 0,
        keep,
        rare_positions: Vec::new(),
        rare_values: Vec::new(),
        histogram: Vec::new(),
        last_at: Vec::new(),
        max_value: 0,
        largest_at: 0,
        held: 0,
        reached: Vec::new(),
        hit: Vec::new(),
        targets: Vec::new(),
        left: Vec::new(),
        scanned: Vec::new(),
        spill,
        read_back: 0,
    };
    // the values of the file (checked against the first heaps), then the first heaps it lacks
    let replay = saved.min(to + 1);
    let mut at = 0;
    while at < replay {
        budget.check()?;
        let count = (replay - at).min(SPILL_CHUNK);
        stream.spill.read(at, count, false)?;
        for i in 0..count {
            let v = u32::from(stream.spill.low[i]);
            if values.get(at + i).is_some_and(|&w| w != u64::from(v)) {
                return Err(GrundyError::Unsupported(format!(
                    "{} says G({}) = {v}, but it is {}: the file was not written by this run",
                    stream.spill.path.display(),
                    at + i,
                    values[at + i]
                )));
            }
            stream.record(v);
        }
        at += count;
    }
    for &v in values.iter().take(to + 1).skip(replay) {
        let v = u32::try_from(v).map_err(|_| overflow(code))?;
        stream.push(v)?;
    }
    while stream.n() <= to {
        let v = stream.next_value()?;
        stream.push(v)?;
        let n = stream.n();
        if n.is_multiple_of(1 << 10) {
            budget.admit(stream.held, || {
                format!("the heaps a stream of {} holds", code.family())
            })?;
            if n.is_multiple_of(1 << 16) {
                progress(n);
            }
        }
    }
    progress(to + 1);
    // the last values reach the file now, or the run fails (not later, unseen, when dropped)
    stream.spill.flush()?;
    Ok(StreamRun {
        stats: stream.stats(),
        last: stream.get(to).map_or(0, u64::from),
        mask: stream.mask,
        held: stream.held,
        read_back: stream.read_back,
    })
}

fn overflow(code: &OctalCode) -> GrundyError {
    GrundyError::Overflow(format!("a Grundy value of {} above 2^32", code.family()))
}
