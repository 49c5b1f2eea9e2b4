//! Stopping a computation from outside: `--time-limit SECONDS` on the long-running
//! subcommands, and Ctrl-C. Both raise one [`Cancel`] flag that the library's engines check
//! wherever they check their state budget, so the computation returns
//! [`GrundyError::Cancelled`] and the command prints one line (exit status 2 for a time
//! limit, 130 for Ctrl-C). A computation that does not reach such a check within a second
//! (a phase with none) is ended by a watchdog with the same line and status.

use grundy::{Cancel, GrundyError};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

static CANCEL: OnceLock<Cancel> = OnceLock::new();
static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static TIME_LIMIT: OnceLock<f64> = OnceLock::new();

/// How long a stopped computation has to return before the watchdog ends the process.
const GRACE: Duration = Duration::from_secs(1);

/// The flag every engine of this process runs under.
pub fn cancel() -> Cancel {
    CANCEL.get_or_init(Cancel::new).clone()
}

/// Gives the flag a memory limit (`--max-memory`, or the default): past it the flag is
/// raised and the computation stops with one line. Called once, before anything runs.
pub fn limit_memory(bytes: u64) {
    let _ = CANCEL.set(Cancel::with_max_memory(bytes));
}

/// Ctrl-C raises the flag (then the watchdog): for the commands that compute and exit, not
/// for `serve` (which stops gracefully on its own) nor `play` (which reads the terminal).
pub fn on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        cancel().cancel();
        watchdog();
    });
}

/// Starts the clock of `--time-limit`: past it the flag is raised. Refuses a limit that is
/// not a positive number of seconds.
pub fn arm(limit: Option<f64>) -> Result<(), String> {
    let Some(seconds) = limit else {
        return Ok(());
    };
    if !(seconds > 0.0 && seconds.is_finite() && seconds < 1e9) {
        return Err(format!(
            "--time-limit must be a positive number of seconds, found {seconds}"
        ));
    }
    let _ = TIME_LIMIT.set(seconds);
    let flag = cancel();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs_f64(seconds));
        flag.cancel();
        watchdog();
    });
    Ok(())
}

/// Waits [`GRACE`], then ends the process with the stop's line if it is still running, once
/// no file is being written whole (a checkpoint saved on the way out: `grundy::save::writing`).
fn watchdog() {
    std::thread::spawn(|| {
        std::thread::sleep(GRACE);
        while grundy::save::writing() {
            std::thread::sleep(Duration::from_millis(50));
        }
        super::say(&reason());
        std::process::exit(status());
    });
}

/// Why the computation stopped, in one line.
pub fn reason() -> String {
    if INTERRUPTED.load(Ordering::SeqCst) {
        "interrupted".into()
    } else if let Some(seconds) = TIME_LIMIT.get() {
        format!("the time limit of {seconds} s ran out (raise --time-limit)")
    } else {
        GrundyError::Cancelled.to_string()
    }
}

/// The exit status of a stopped command: 130 after Ctrl-C (as shells report SIGINT), else 2.
pub fn status() -> i32 {
    if INTERRUPTED.load(Ordering::SeqCst) {
        130
    } else {
        2
    }
}
