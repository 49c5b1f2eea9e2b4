//! `grundy serve`: the web page and its JSON API (axum on tokio). The page's HTML, JavaScript
//! and CSS are compiled into the binary; nothing is fetched from the network.
//!
//! Every computation runs on tokio's blocking pool behind a semaphore (at most `--workers` at
//! once, and at most four waiting requests per worker), with one library `Budget`: the state
//! budget `--max-states` and a cancellation flag raised at the time budget `--time-limit`. A
//! request that waits or runs past its time gets 503 at once, its computation stops at its
//! next check of the flag and frees its worker, and the server keeps serving the others. A
//! body is read only once a worker is held.
//!
//! The server opens no file. Expressions are parsed with a source of game graphs that holds
//! only what the request carries: nothing for a URL (a `graph` part is refused), the JSON
//! body's `graphs` for `POST /api/solve` and `POST /api/play`. Error bodies quote at most a
//! short, escaped excerpt of what the caller sent. The threat model is in the guide
//! (`docs/web.md`).

use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use grundy::app::geography::geography_report;
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::app::loopy::report_of;
use grundy::app::parse::{read_sum, short_terms, SumPart};
use grundy::app::partizan_play::value_with_moves_of;
use grundy::app::play::{board_path, board_state, parse_cell, Session};
use grundy::app::session::{open_session, PlayStateOf, SessionOptions};
use grundy::app::value::{loopy_options, ValueOptions};
use grundy::error::excerpt;
use grundy::game_graph::read_game_graph;
use grundy::games::{GraphTexts, NoGraphs};
use grundy::graph::io::read_board;
use grundy::{solve, Budget, Cancel, Convention, GrundyError, SolveOptions};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tokio::time::{timeout_at, Instant};

/// The largest request body accepted (413 past it).
pub const MAX_BODY: usize = 8 << 20;
/// Moves listed per position in the play API (the winning ones always among them).
const PLAY_LISTED: usize = 500;

/// Serve the web page and the JSON API on one port.
///
/// Routes: `/` (the page), `GET /api/solve?position=EXPR&misere=BOOL` (= `grundy solve
/// --json`; a `graph` part is refused: the server reads no files), `POST /api/solve` with
/// `{"position": EXPR, "misere": BOOL, "graphs": {NAME: TEXT}}` (the same, `graph NAME V`
/// parts from the body), `POST /api/geography?grid=BOOL&from=V` and `POST
/// /api/graph?positions=BOOL&from=V` with the file as the body (= `grundy geography --json`,
/// `grundy graph --json`), and the play API: `GET /api/play?position=EXPR&misere=BOOL&to_move=left|right`
/// and `POST /api/play` (the body as for `POST /api/solve`), any sum through the session of its
/// kind (`GET /api/play/partizan` is the same with `to_move` required), `POST
/// /api/play/graph?at=V&misere=BOOL`,
/// `POST /api/play/board?path=R,C;R,C...` (every move with what it gives the mover, and the
/// perfect opponent's pick; first the key `kind`, as in solve's answers, which says which keys
/// follow). Errors: 400 with `{"error": ...}` (the command line's message),
/// 404, 413 past 8 MiB, 503 past a budget.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port (0: any free port; the address is printed on the first line).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
    /// State budget of every request (as `--max-states` of `grundy solve`).
    #[arg(long, value_name = "N", default_value_t = SolveOptions::default().max_states)]
    max_states: usize,
    /// Time budget of every request, in seconds (waiting for a worker included).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    time_limit: f64,
    /// Computations at once in the main lane (default: twice the number of cores); the
    /// quick lane, where every request starts, has half as many.
    #[arg(long, value_name = "N")]
    workers: Option<usize>,
    /// The most memory the server may hold for all its requests together, in bytes (K, M,
    /// G, T: 512M, 4G); default: half the machine's memory, or less under a control group's
    /// or an address-space limit. A request that would take the server past it gets 503.
    #[arg(long, value_name = "BYTES", value_parser = super::parse_memory)]
    max_memory: Option<u64>,
}

#[derive(Clone)]
struct AppState {
    /// The main lane's workers.
    permits: Arc<Semaphore>,
    /// The quick lane's workers (every request starts there, for [`QUICK`] at most).
    quick: Arc<Semaphore>,
    /// Requests waiting for a worker; past `max_waiting`, 503 at once.
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    max_states: usize,
    /// The memory of all requests together, in bytes.
    max_memory: u64,
    /// The bytes each computation's tables may take when made: a quarter of its share of
    /// the memory (the memory over the workers of both lanes).
    table_share: u64,
    time_limit: Duration,
}

/// Requests that may wait for a worker, per worker.
const WAITING_PER_WORKER: usize = 4;

/// Starts the server and serves until Ctrl-C.
pub fn run(args: &Args) -> Result<String, String> {
    if !(args.time_limit > 0.0 && args.time_limit.is_finite()) {
        return Err(format!(
            "--time-limit must be a positive number of seconds, found {}",
            args.time_limit
        ));
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let workers = args.workers.unwrap_or(2 * cores).max(1);
    let quick = (workers / 2).max(1);
    let max_memory = args
        .max_memory
        .unwrap_or_else(grundy::memory::default_limit);
    let state = AppState {
        permits: Arc::new(Semaphore::new(workers)),
        quick: Arc::new(Semaphore::new(quick)),
        waiting: Arc::new(AtomicUsize::new(0)),
        max_waiting: WAITING_PER_WORKER * workers,
        max_states: args.max_states,
        max_memory,
        table_share: max_memory / (workers + quick) as u64 / 4,
        time_limit: Duration::from_secs_f64(args.time_limit),
    };
    grundy::memory::set_limit(max_memory);
    keep_little();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let address = format!("{}:{}", args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(&address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        {
            // the address is the one thing printed: a failure to print it is an error (a
            // closed pipe is not: the reader took what it wanted and the server serves on)
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let printed = writeln!(out, "grundy serve: listening on http://{local}/")
                .and_then(|()| out.flush());
            if let Err(e) = printed {
                super::written(e, "standard output")?;
            }
        }
        axum::serve(listener, router(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })?;
    Ok(String::new())
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/solve", get(solve_get).post(solve_posted))
        .route("/api/geography", post(geography))
        .route("/api/graph", post(graph))
        .route("/api/play", get(play_sum).post(play_posted))
        .route("/api/play/graph", post(play_graph))
        .route("/api/play/board", post(play_board))
        .route("/api/value", get(value))
        .route("/api/play/partizan", get(play_partizan))
        .route("/api/partizan/games", get(partizan_games))
        .route("/api/loopy/games", get(loopy_games))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

/// `GET /api/partizan/games`: the partizan catalog (keyword, usage, summary, examples,
/// players, whether `table` has a standard start), from which the page lists its examples.
async fn partizan_games() -> Response {
    axum::Json(grundy::games::partizan::partizan_game_list()).into_response()
}

async fn loopy_games() -> Response {
    axum::Json(grundy::games::loopy::LOOPY_GAMES).into_response()
}

const INDEX_HTML: &str = include_str!("web/index.html");
const APP_JS: &str = include_str!("web/app.js");
const STYLE_CSS: &str = include_str!("web/style.css");

async fn page() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        INDEX_HTML,
    )
        .into_response()
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE_CSS,
    )
        .into_response()
}

/// An error answer: `{"error": message}` with its status; the message on one line, as the
/// command line prints it.
struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct ErrorBody {
            error: String,
        }
        let error = self.1.replace(['\n', '\r'], " ");
        let body = serde_json::to_string(&ErrorBody { error }).expect("a string serialises");
        (self.0, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

fn error(status: StatusCode, message: impl Into<String>) -> ApiError {
    ApiError(status, message.into())
}

async fn not_found(method: Method, uri: Uri) -> Response {
    error(
        StatusCode::NOT_FOUND,
        format!("no route {method} {}", excerpt(uri.path())),
    )
    .into_response()
}

type Params = Query<HashMap<String, String>>;

/// A boolean parameter: absent is false; `true`/`false` (or 1/0); anything else is an error.
fn flag(params: &HashMap<String, String>, name: &str) -> Result<bool, ApiError> {
    match params.get(name).map(String::as_str) {
        None | Some("false") | Some("0") => Ok(false),
        Some("true") | Some("1") | Some("") => Ok(true),
        Some(other) => Err(error(
            StatusCode::BAD_REQUEST,
            format!("{name} must be true or false, found '{}'", excerpt(other)),
        )),
    }
}

fn required<'a>(params: &'a HashMap<String, String>, name: &str) -> Result<&'a str, ApiError> {
    params.get(name).map(String::as_str).ok_or_else(|| {
        error(
            StatusCode::BAD_REQUEST,
            format!("the parameter '{name}' is missing"),
        )
    })
}

/// Reads a request body of at most [`MAX_BODY`] bytes (413 past it), once a worker is held.
async fn read_body(body: Body) -> Result<Bytes, ApiError> {
    axum::body::to_bytes(body, MAX_BODY).await.map_err(|e| {
        let too_large = std::error::Error::source(&e)
            .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
        if too_large {
            error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the body is over the limit of {} MiB", MAX_BODY >> 20),
            )
        } else {
            error(StatusCode::BAD_REQUEST, "the body could not be read")
        }
    })
}

/// Refuses an edge list whose header announces more positions than the state budget, before
/// the reader reserves room for them.
fn check_header(bytes: &[u8], max_states: usize) -> Result<(), ApiError> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    if let Some(n) = first
        .and_then(|l| l.split_whitespace().next())
        .and_then(|w| w.parse::<u64>().ok())
    {
        if n > max_states as u64 {
            return Err(error(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the file announces {n} positions, over the state budget of {max_states}"),
            ));
        }
    }
    Ok(())
}

/// Why a job failed: the library's error, or a refusal worded by the route (bad JSON).
enum Failure {
    Grundy(GrundyError),
    Api(ApiError),
}

impl From<GrundyError> for Failure {
    fn from(e: GrundyError) -> Self {
        Failure::Grundy(e)
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        Failure::Api(e)
    }
}

/// How much work a request may do in the quick lane before it moves to a worker of its own.
const QUICK: Duration = Duration::from_millis(20);

/// Waits for a permit of `lane` until `deadline`, counted among the waiting requests (past
/// `max_waiting` of them, 503 at once).
async fn permit_of(
    state: &AppState,
    lane: &Arc<Semaphore>,
    deadline: Instant,
) -> Result<tokio::sync::OwnedSemaphorePermit, Response> {
    let seconds = state.time_limit.as_secs_f64();
    if state.waiting.fetch_add(1, Ordering::SeqCst) >= state.max_waiting {
        state.waiting.fetch_sub(1, Ordering::SeqCst);
        return Err(error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: too many requests are waiting for a worker",
        )
        .into_response());
    }
    let permit = timeout_at(deadline, lane.clone().acquire_owned()).await;
    state.waiting.fetch_sub(1, Ordering::SeqCst);
    match permit {
        Ok(Ok(permit)) => Ok(permit),
        _ => Err(error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is busy: no worker was free within the time budget of {seconds} s"),
        )
        .into_response()),
    }
}

/// Gives the memory the process freed back to the system. glibc keeps freed memory in its
/// arenas for the next allocations of the same thread; after a long computation that is
/// hundreds of megabytes the server's resident memory would keep (and the next request
/// would find in another arena), so the main lane's workers return it when they are done.
fn give_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists, under its locks
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Has glibc's allocator keep little of what is freed: large blocks (from 256 KiB: tables)
/// always in mappings of their own, given back when freed (by default the threshold rises
/// to the largest block freed, up to 32 MiB, and such blocks then stay in the arenas), and
/// at most one arena per core for the threads (each keeps what its threads freed).
fn keep_little() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // SAFETY: mallopt sets the allocator's parameters; called before the workers start
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 256 << 10);
            libc::mallopt(libc::M_ARENA_MAX, cores as libc::c_int);
        }
    }
}

/// How one run of a job ended.
enum Attempt {
    /// With this answer (the job's, or 503 past the request's deadline).
    Answered(Response),
    /// Stopped at the quick lane's deadline, before the request's: to be run again.
    TooLong,
}

/// Runs `job` once on the blocking pool, holding `permit`, under a fresh budget whose flag is
/// raised at `until` (the computation stops at its next check of the flag, freeing its
/// worker) and at the server's memory limit.
async fn attempt<T, F>(
    state: &AppState,
    job: &Arc<F>,
    bytes: &Bytes,
    permit: tokio::sync::OwnedSemaphorePermit,
    until: Instant,
    last: bool,
) -> Attempt
where
    T: Serialize + Send + 'static,
    F: Fn(Bytes, Budget) -> Result<T, Failure> + Send + Sync + 'static,
{
    let seconds = state.time_limit.as_secs_f64();
    let cancel = Cancel::with_max_memory(state.max_memory).tables_within(state.table_share);
    let budget = Budget::new(state.max_states)
        .with_cancel(cancel.clone())
        .with_threads(1);
    let (job, bytes) = (Arc::clone(job), bytes.clone());
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let answer = job(bytes, budget);
        // a long computation's tables are gone: their memory back to the system
        if last {
            give_back();
        }
        answer
    });
    let out_of_time = || {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the time budget of {seconds} s ran out"),
        )
    };
    let answer = match timeout_at(until, task).await {
        Err(_) => {
            // the computation stops at its next check of the flag, freeing its worker
            cancel.cancel();
            if !last {
                return Attempt::TooLong;
            }
            out_of_time()
        }
        // a panic's message is not for the client (it may quote anything)
        Ok(Err(_)) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the computation failed (an internal error)",
        ),
        Ok(Ok(Err(Failure::Api(e)))) => e,
        Ok(Ok(Err(Failure::Grundy(GrundyError::Cancelled)))) if !cancel.memory_exceeded() => {
            out_of_time()
        }
        Ok(Ok(Err(Failure::Grundy(GrundyError::Cancelled)))) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            cancel
                .error()
                .worded(|setting| format!("{} of grundy serve", super::flag(setting))),
        ),
        Ok(Ok(Err(Failure::Grundy(
            e @ (GrundyError::StateLimit { .. }
            | GrundyError::OrderLimit { .. }
            | GrundyError::TooLarge { .. }
            | GrundyError::MemoryLimit { .. }
            | GrundyError::OutOfMemory { .. }),
        )))) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            e.worded(|setting| format!("{} of grundy serve", super::flag(setting))),
        ),
        // the page's requests mirror the command line's options: name them as flags
        Ok(Ok(Err(Failure::Grundy(e)))) => error(StatusCode::BAD_REQUEST, super::message(e)),
        Ok(Ok(Ok(report))) => match serde_json::to_string(&report) {
            Ok(json) => {
                return Attempt::Answered(
                    (
                        StatusCode::OK,
                        [(header::CONTENT_TYPE, "application/json")],
                        json,
                    )
                        .into_response(),
                )
            }
            Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        },
    };
    Attempt::Answered(answer.into_response())
}

/// Runs `job` within the time budget, with the request's body (read only once a worker is
/// held; empty for a GET) and a [`Budget`] (the state limit, and a flag raised at the
/// deadline and at the server's memory limit). Every request is first run in the quick lane
/// (`--workers` / 2 workers of their own, at least one) for at most [`QUICK`]; one that
/// needs more is stopped there and run again by a worker of the main lane (`--workers`), so
/// that questions answered in milliseconds never wait behind long ones. A request that finds
/// `max_waiting` others waiting gets 503 at once. The result as JSON; an error as 400 (503
/// for a limit, the memory or the time budget).
async fn compute<T, F>(state: &AppState, body: Option<Body>, job: F) -> Response
where
    T: Serialize + Send + 'static,
    F: Fn(Bytes, Budget) -> Result<T, Failure> + Send + Sync + 'static,
{
    let deadline = Instant::now() + state.time_limit;
    let seconds = state.time_limit.as_secs_f64();
    let quick = match permit_of(state, &state.quick, deadline).await {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    let bytes = match body {
        None => Bytes::new(),
        Some(body) => match timeout_at(deadline, read_body(body)).await {
            Ok(Ok(bytes)) => bytes,
            Ok(Err(e)) => return e.into_response(),
            Err(_) => {
                return error(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("the time budget of {seconds} s ran out while reading the body"),
                )
                .into_response()
            }
        },
    };
    let job = Arc::new(job);
    let until = deadline.min(Instant::now() + QUICK);
    let last = until == deadline;
    if let Attempt::Answered(answer) = attempt(state, &job, &bytes, quick, until, last).await {
        return answer;
    }
    let permit = match permit_of(state, &state.permits, deadline).await {
        Ok(permit) => permit,
        Err(busy) => return busy,
    };
    match attempt(state, &job, &bytes, permit, deadline, true).await {
        Attempt::Answered(answer) => answer,
        Attempt::TooLong => unreachable!("the last attempt answers"),
    }
}

/// Why a `graph` part of an expression in a URL is refused.
const NO_FILES: &str = "the server reads no files: send the game graph with the expression, \
    POST {\"position\": EXPR, \"graphs\": {\"NAME\": \"n m ...\"}} to this route";

/// A position sent in a URL: no game graphs (a `graph` part is refused with [`NO_FILES`]).
fn url_options(params: &HashMap<String, String>) -> Result<(String, SolveOptions), ApiError> {
    let position = required(params, "position")?.to_string();
    let defaults = SolveOptions::default();
    // `max_moves=0&value=false`: who wins only, as `solve --max-moves 0 --no-value` (the page
    // asks this beside the value, which may be out of reach)
    let max_moves = match params.get("max_moves") {
        None => defaults.max_moves,
        Some(n) => n.parse::<usize>().map_err(|_| {
            error(
                StatusCode::BAD_REQUEST,
                format!("max_moves must be a count of moves, found '{}'", excerpt(n)),
            )
        })?,
    };
    let with_value = params.get("value").is_none() || flag(params, "value")?;
    let options = SolveOptions {
        convention: Convention::from_misere(flag(params, "misere")?),
        graphs: Arc::new(NoGraphs::new(NO_FILES)),
        max_moves,
        value_states: defaults.value_states.filter(|_| with_value),
        ..defaults
    };
    Ok((position, options))
}

/// The body of `POST /api/solve` and `POST /api/play`: a position with the game graphs its
/// `graph NAME V` parts name.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionBody {
    position: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    graphs: HashMap<String, String>,
}

/// A position sent in a JSON body, with its graphs (each edge-list header checked against
/// the state budget before anything is read).
fn body_options(bytes: &[u8], max_states: usize) -> Result<(String, SolveOptions), ApiError> {
    let request: PositionBody = serde_json::from_slice(bytes).map_err(|e| {
        // serde's own words may quote the body at length: say where, and what is expected
        let what = match e.classify() {
            serde_json::error::Category::Data => "a value of the wrong kind or an unknown key",
            _ => "not JSON",
        };
        error(
            StatusCode::BAD_REQUEST,
            format!(
                "the body is {what} at line {} column {}: expected {{\"position\": EXPR, \
                 \"misere\": BOOL, \"graphs\": {{NAME: TEXT}}}} (misere and graphs optional)",
                e.line(),
                e.column()
            ),
        )
    })?;
    for text in request.graphs.values() {
        check_header(text.as_bytes(), max_states)?;
    }
    let options = SolveOptions {
        convention: Convention::from_misere(request.misere),
        graphs: Arc::new(GraphTexts::new(request.graphs)),
        ..SolveOptions::default()
    };
    Ok((request.position, options))
}

/// The options of a request under its budget.
fn budgeted(options: SolveOptions, budget: &Budget) -> SolveOptions {
    SolveOptions {
        max_states: budget.max_states(),
        cancel: budget.cancel().clone(),
        // a request runs on its worker of the pool: one thread
        threads: 1,
        ..options
    }
}

async fn solve_get(
    State(state): State<AppState>,
    Query(params): Params,
) -> Result<Response, ApiError> {
    let (position, options) = url_options(&params)?;
    Ok(compute(&state, None, move |_, budget| {
        Ok(solve(&position, &budgeted(options.clone(), &budget))?)
    })
    .await)
}

async fn solve_posted(State(state): State<AppState>, body: Body) -> Response {
    compute(&state, Some(body), move |bytes, budget| {
        let (position, options) = body_options(&bytes, budget.max_states())?;
        Ok(solve(&position, &budgeted(options.clone(), &budget))?)
    })
    .await
}

async fn geography(
    State(state): State<AppState>,
    Query(params): Params,
    body: Body,
) -> Result<Response, ApiError> {
    let grid = flag(&params, "grid")?;
    let from = params.get("from").cloned();
    Ok(compute(&state, Some(body), move |bytes, budget| {
        if !grid {
            check_header(&bytes, budget.max_states())?;
        }
        budget.check()?;
        Ok(geography_report(
            &bytes,
            grid,
            from.as_deref(),
            budget.cancel(),
        )?)
    })
    .await)
}

async fn graph(
    State(state): State<AppState>,
    Query(params): Params,
    body: Body,
) -> Result<Response, ApiError> {
    let options = GraphOptions {
        positions: flag(&params, "positions")?,
        from: params.get("from").cloned(),
        ..GraphOptions::default()
    };
    Ok(compute(&state, Some(body), move |bytes, budget| {
        check_header(&bytes, budget.max_states())?;
        budget.check()?;
        let options = GraphOptions {
            cancel: budget.cancel().clone(),
            ..options.clone()
        };
        Ok(graph_report(&bytes[..], &options)?)
    })
    .await)
}

async fn play_sum(
    State(state): State<AppState>,
    Query(params): Params,
) -> Result<Response, ApiError> {
    let (position, options) = url_options(&params)?;
    let left_first = to_move(&params, true)?;
    Ok(compute(&state, None, move |_, budget| {
        Ok(play_any(&position, options.clone(), left_first, &budget)?)
    })
    .await)
}

async fn play_posted(State(state): State<AppState>, body: Body) -> Response {
    compute(&state, Some(body), move |bytes, budget| {
        let (position, options) = body_options(&bytes, budget.max_states())?;
        Ok(play_any(&position, options, true, &budget)?)
    })
    .await
}

/// The state of any sum in play, through the one session of its kind
/// ([`grundy::app::session::open_session`]): an impartial sum's moves (misère play as asked),
/// or a partizan or loopy game's for the player to move (Left when `left_first`).
fn play_any(
    position: &str,
    options: SolveOptions,
    left_first: bool,
    budget: &Budget,
) -> grundy::Result<PlayStateOf> {
    let solve = budgeted(options, budget);
    let value = ValueOptions {
        graphs: solve.graphs.clone(),
        ..value_options(budget)
    };
    let session = SessionOptions {
        solve,
        value,
        left_first,
    };
    open_session(position, &session)?.play_state(PLAY_LISTED)
}

/// The `to_move` parameter (`left` or `right`), or `default` (true: Left) when absent.
fn to_move(params: &HashMap<String, String>, default: bool) -> Result<bool, ApiError> {
    match params.get("to_move").map(String::as_str) {
        None => Ok(default),
        Some("left") => Ok(true),
        Some("right") => Ok(false),
        Some(other) => Err(error(
            StatusCode::BAD_REQUEST,
            format!("to_move must be left or right, found '{}'", excerpt(other)),
        )),
    }
}

async fn play_graph(
    State(state): State<AppState>,
    Query(params): Params,
    body: Body,
) -> Result<Response, ApiError> {
    let at = params.get("at").cloned();
    let convention = Convention::from_misere(flag(&params, "misere")?);
    Ok(compute(&state, Some(body), move |bytes, budget| {
        check_header(&bytes, budget.max_states())?;
        budget.check()?;
        let graph = read_game_graph(&bytes[..])?;
        let mut session = Session::from_graph(graph, at.as_deref(), convention, budget.cancel())?;
        Ok(PlayStateOf::Impartial(session.state(PLAY_LISTED)?))
    })
    .await)
}

async fn play_board(
    State(state): State<AppState>,
    Query(params): Params,
    body: Body,
) -> Result<Response, ApiError> {
    let path = required(&params, "path")?.to_string();
    Ok(compute(&state, Some(body), move |bytes, budget| {
        let board = read_board(&bytes)?;
        if board.rows() * board.cols() > budget.max_states() {
            return Err(GrundyError::StateLimit {
                limit: budget.max_states(),
                what: format!("a board of {} x {} cells", board.rows(), board.cols()),
            }
            .into());
        }
        let cells = path
            .split(';')
            .filter(|c| !c.trim().is_empty())
            .map(parse_cell)
            .collect::<Result<Vec<_>, _>>()?;
        let path = board_path(&board, &cells)?;
        Ok(PlayStateOf::Impartial(board_state(&board, &path)?))
    })
    .await)
}

/// Partizan expressions come in URLs only: no files, no graphs.
fn value_options(budget: &Budget) -> ValueOptions {
    ValueOptions {
        max_states: budget.max_states(),
        cancel: budget.cancel().clone(),
        graphs: Arc::new(NoGraphs::new(NO_FILES)),
        // a request runs on its worker of the pool: one thread
        threads: 1,
        ..ValueOptions::default()
    }
}

/// `GET /api/value?position=EXPR`: the report of `grundy value --json`, with each player's
/// moves (`left_moves`, `right_moves`: `{to, value, wins}`); for a sum with a loopy part, the
/// loopy report of `grundy value --json` (moves `{position, result}`).
async fn value(State(state): State<AppState>, Query(params): Params) -> Result<Response, ApiError> {
    let position = required(&params, "position")?.to_string();
    Ok(compute(&state, None, move |_, budget| {
        // a sum with a loopy part answers with its own report (value or sides, win, loss
        // or draw for each player moving first, moves)
        let options = value_options(&budget);
        let parts = read_sum(&position, budget.clone(), &*options.graphs)?;
        let answer = match short_terms(&parts) {
            Some(terms) => serde_json::to_value(value_with_moves_of(terms, &options)?),
            None => {
                let parts: Vec<SumPart> = parts.into_iter().map(|(p, _)| p).collect();
                serde_json::to_value(report_of(&parts, &loopy_options(&options))?)
            }
        };
        Ok(answer.expect("a report serialises"))
    })
    .await)
}

/// `GET /api/play/partizan?position=EXPR&to_move=left|right`: the moves of the player to
/// move, what each gives, and the computer's perfect choice; for a sum with a loopy part,
/// the state of `grundy play` on it (`result` win, draw or loss for the mover and each move).
async fn play_partizan(
    State(state): State<AppState>,
    Query(params): Params,
) -> Result<Response, ApiError> {
    let position = required(&params, "position")?.to_string();
    required(&params, "to_move")?;
    let left = to_move(&params, true)?;
    Ok(compute(&state, None, move |_, budget| {
        let options = SolveOptions {
            graphs: Arc::new(NoGraphs::new(NO_FILES)),
            ..SolveOptions::default()
        };
        Ok(play_any(&position, options, left, &budget)?)
    })
    .await)
}
