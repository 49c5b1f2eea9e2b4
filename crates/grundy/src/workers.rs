//! Timely dataflow's workers, started the same way by every engine that shares its work
//! among them (the retrograde analysis of game graphs, the root split of the outcome search):
//! threads of one process, or the processes of a cluster given by a host file, each running
//! one program. [`execute`] waits a bounded time for the other processes and turns every
//! failure into one error.

use crate::error::{GrundyError, Result};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// How the workers are laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataflowConfig {
    /// Worker threads in this process.
    pub workers: usize,
    /// Several processes: every process's `host:port`, and this one's index.
    pub cluster: Option<Cluster>,
    /// How long to wait for the other processes before giving up (default 30 s).
    pub connect_timeout: Option<Duration>,
}

/// The processes of a cluster (timely's host file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// `host:port` of every process, in order.
    pub addresses: Vec<String>,
    /// This process's index in `addresses`.
    pub process: usize,
}

/// Runs `work` on every worker of `config` (threads of this process, or the processes of a
/// cluster, waiting at most `config.connect_timeout` for the others to start) and returns what
/// the first worker of this process returns: the answer in process 0, `None` elsewhere.
pub fn execute<T: Send + 'static>(
    config: &DataflowConfig,
    work: impl Fn(&mut timely::worker::Worker) -> Result<Option<T>> + Send + Sync + 'static,
) -> Result<Option<T>> {
    let workers = config.workers.max(1);
    let timely_config = match &config.cluster {
        None => timely::Config::process(workers),
        Some(cluster) => {
            if cluster.process >= cluster.addresses.len() {
                return Err(GrundyError::Unsupported(format!(
                    "process {} is out of range: the host file lists {} processes (0 to {})",
                    cluster.process,
                    cluster.addresses.len(),
                    cluster.addresses.len().saturating_sub(1)
                )));
            }
            // a port that cannot be listened on fails now, with its reason
            let own = &cluster.addresses[cluster.process];
            std::net::TcpListener::bind(own)
                .map_err(|e| GrundyError::Unsupported(format!("cannot listen on {own}: {e}")))?;
            timely::Config {
                communication: timely::CommunicationConfig::Cluster {
                    threads: workers,
                    process: cluster.process,
                    addresses: cluster.addresses.clone(),
                    report: false,
                    zerocopy: false,
                    log_fn: Arc::new(|_| None),
                },
                worker: timely::WorkerConfig::default(),
            }
        }
    };
    // timely retries its connections forever: wait for the workers to start within a bound
    let (started_tx, started_rx) = mpsc::channel::<()>();
    let started_tx = std::sync::Mutex::new(started_tx);
    let (done_tx, done_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let result = timely::execute(timely_config, move |worker| {
            let _ = started_tx.lock().map(|tx| tx.send(()));
            work(worker)
        })
        .map_err(|e| GrundyError::Unsupported(format!("cannot start the workers: {e}")))
        .and_then(|guards| {
            let mut first = None;
            for result in guards.join() {
                let result = result
                    .map_err(|e| GrundyError::Unsupported(format!("a worker failed: {e}")))??;
                first.get_or_insert(result);
            }
            Ok(first.flatten())
        });
        let _ = done_tx.send(result);
    });
    let timeout = config.connect_timeout.unwrap_or(Duration::from_secs(30));
    if let Some(cluster) = &config.cluster {
        if started_rx.recv_timeout(timeout).is_ok() {
            return done_rx.recv().map_err(|_| {
                GrundyError::Unsupported("the workers stopped without an answer".into())
            })?;
        }
        // the workers may have failed at once (done_rx then holds why)
        if let Ok(result) = done_rx.try_recv() {
            return result;
        }
        return Err(GrundyError::Unsupported(format!(
            "process {} could not reach the other processes of the host file ({}) within {} s",
            cluster.process,
            cluster.addresses.join(", "),
            timeout.as_secs_f64()
        )));
    }
    done_rx
        .recv()
        .map_err(|_| GrundyError::Unsupported("the workers stopped without an answer".into()))?
}
