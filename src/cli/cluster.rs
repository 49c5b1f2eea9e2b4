//! The options of the dataflow engines (`graph --engine dataflow`, `solve --engine dataflow`):
//! worker threads, a cluster's host file and this process's index in it.

#[cfg(feature = "dataflow")]
use grundy::workers::{Cluster, DataflowConfig};
#[cfg(feature = "dataflow")]
use std::path::Path;
use std::path::PathBuf;

/// The options of `--engine dataflow`, the same for every command that has it.
#[derive(Debug, clap::Args)]
pub struct ClusterArgs {
    /// Dataflow: worker threads in this process (default: the number of cores).
    #[arg(long, value_name = "W")]
    pub workers: Option<usize>,
    /// Dataflow: a cluster's host file, one host:port per line (needs --process).
    #[arg(long, value_name = "FILE", requires = "process")]
    pub hosts: Option<PathBuf>,
    /// Dataflow: this process's index in the host file (0 prints the answer).
    #[arg(long, value_name = "I", requires = "hosts")]
    pub process: Option<usize>,
    /// Dataflow: seconds to wait for the other processes of the host file.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub connect_timeout: f64,
}

impl ClusterArgs {
    /// Refuses the dataflow options when the local engine runs.
    pub fn local_only(&self) -> Result<(), String> {
        if self.workers.is_some() || self.hosts.is_some() {
            return Err("--workers and --hosts are options of --engine dataflow".into());
        }
        Ok(())
    }

    /// The layout of the workers (see [`config`]).
    #[cfg(feature = "dataflow")]
    pub fn config(&self) -> Result<DataflowConfig, String> {
        config(
            self.workers,
            self.hosts.as_deref(),
            self.process,
            self.connect_timeout,
        )
    }
}

/// The layout of the workers: `workers` threads here (default: the cores), and with a host
/// file, this process (`process`) among those it lists, waiting `connect_timeout` seconds for
/// the others.
#[cfg(feature = "dataflow")]
fn config(
    workers: Option<usize>,
    hosts: Option<&Path>,
    process: Option<usize>,
    connect_timeout: f64,
) -> Result<DataflowConfig, String> {
    let cluster = match (hosts, process) {
        (Some(path), Some(process)) => Some(Cluster {
            addresses: read_host_file(path)?,
            process,
        }),
        _ => None,
    };
    if let (Some(c), Some(path)) = (&cluster, hosts) {
        if c.process >= c.addresses.len() {
            return Err(format!(
                "--process {} is out of range: {} lists {} processes (0 to {})",
                c.process,
                path.display(),
                c.addresses.len(),
                c.addresses.len() - 1
            ));
        }
    }
    if !(connect_timeout > 0.0 && connect_timeout.is_finite()) {
        return Err(format!(
            "--connect-timeout must be a positive number of seconds, found {connect_timeout}"
        ));
    }
    let workers =
        workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if workers == 0 {
        return Err("--workers must be at least 1".into());
    }
    Ok(DataflowConfig {
        workers,
        cluster,
        connect_timeout: Some(std::time::Duration::from_secs_f64(connect_timeout)),
    })
}

#[cfg(feature = "dataflow")]
/// Standard output sent to /dev/null while a cluster runs (timely prints notes on its
/// connections there), given back to process 0 to print the answer.
pub struct QuietStdout(Option<rustix::fd::OwnedFd>);

#[cfg(feature = "dataflow")]
impl QuietStdout {
    /// Silences standard output when `config` is a cluster.
    pub fn new(config: &DataflowConfig) -> Result<QuietStdout, String> {
        if config.cluster.is_none() {
            return Ok(QuietStdout(None));
        }
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let saved = rustix::io::dup(std::io::stdout()).map_err(|e| e.to_string())?;
        let null = std::fs::File::create("/dev/null").map_err(|e| e.to_string())?;
        rustix::stdio::dup2_stdout(&null).map_err(|e| e.to_string())?;
        Ok(QuietStdout(Some(saved)))
    }

    /// Gives standard output back if this is process 0 (the others keep printing nothing).
    pub fn restore(&self, process: Option<usize>) -> Result<(), String> {
        if let (Some(saved), Some(0)) = (&self.0, process) {
            use std::io::Write;
            let _ = std::io::stdout().flush();
            rustix::stdio::dup2_stdout(saved).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// A host file: one `host:port` per line; blank lines and `#` lines are skipped.
#[cfg(feature = "dataflow")]
fn read_host_file(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the host file {}: {e}", path.display()))?;
    let mut hosts = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let port = line
            .rsplit_once(':')
            .map(|(host, port)| (host, port.parse::<u16>()));
        match port {
            Some((host, Ok(_))) if !host.is_empty() && !line.contains(char::is_whitespace) => {
                hosts.push(line.to_string())
            }
            _ => {
                return Err(format!(
                    "{} line {}: expected host:port, found '{line}'",
                    path.display(),
                    i + 1
                ))
            }
        }
    }
    if hosts.is_empty() {
        return Err(format!(
            "the host file {} lists no host:port",
            path.display()
        ));
    }
    Ok(hosts)
}
