//! `grundy._grundy`: the native half of the Python package. Each function converts its
//! arguments, calls the core crate with the GIL released where Rust works alone, and returns
//! what the command line's `--json` prints, as Python objects (pythonize; pairs and triples
//! come as tuples, which `grundy/__init__.py` turns into the lists `json.loads` would give).
//! Every library error becomes a `ValueError` with the command line's one-line message, here
//! and only here.

use grundy::app::geography::geography_report;
use grundy::app::graph::{graph_report, GraphOptions};
use grundy::app::quotient::{quotient_report, QuotientOptions};
use grundy::app::table::{table_report, Family, TableOptions};
use grundy::error::Setting;
use grundy::game_graph::{GameGraph, GraphOutcome, LoopyValue};
use grundy::nimber::MexSet;
use grundy::{Convention, GrundyError, SolveOptions};
use pyo3::exceptions::{PyMemoryError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

/// The system's allocator, counted, so that `max_memory=` knows what the process holds.
#[global_allocator]
static ALLOC: grundy::memory::Metered = grundy::memory::Metered;

/// The one place where library errors cross into Python, with each setting named as the
/// keyword argument that sets it: `MemoryError` past the memory budget or when the system
/// refuses memory, `ValueError` for everything else.
fn value_error(e: GrundyError) -> PyErr {
    let message = e.worded(|setting| match setting {
        Setting::From => "start=".into(),
        other => format!("{}=", other.name()),
    });
    match e {
        GrundyError::MemoryLimit { .. } | GrundyError::OutOfMemory { .. } => {
            PyMemoryError::new_err(message)
        }
        _ => PyValueError::new_err(message),
    }
}

/// The flag of one call: stopped past `max_memory` bytes (digits with K, M, G or T, as
/// `--max-memory`), or the default budget ([`grundy::memory::default_limit`]).
fn memory_flag(max_memory: Option<&str>) -> PyResult<grundy::Cancel> {
    let bytes = match max_memory {
        Some(text) => grundy::memory::parse_bytes(text)
            .map_err(|e| PyValueError::new_err(format!("{e} (max_memory=)")))?,
        None => grundy::memory::default_limit(),
    };
    Ok(grundy::Cancel::with_max_memory(bytes))
}

/// A library error of a call made under `cancel`: [`GrundyError::MemoryLimit`] when its
/// memory budget stopped it.
fn stopped(cancel: &grundy::Cancel) -> impl Fn(GrundyError) -> PyErr + '_ {
    move |e| match e {
        GrundyError::Cancelled => value_error(cancel.error()),
        e => value_error(e),
    }
}

/// A report as Python objects (dicts, lists, tuples, ints, strings, None), built directly
/// rather than through JSON text.
fn to_python<'py, T: serde::Serialize>(py: Python<'py>, report: &T) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, report).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `grundy solve --json [--misere] EXPR`, as a dict.
#[pyfunction]
#[pyo3(signature = (expr, misere, max_states, max_moves, max_memory))]
fn solve<'py>(
    py: Python<'py>,
    expr: &str,
    misere: bool,
    max_states: Option<usize>,
    max_moves: Option<usize>,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let defaults = SolveOptions::default();
    let options = SolveOptions {
        convention: Convention::from_misere(misere),
        max_states: max_states.unwrap_or(defaults.max_states),
        max_moves: max_moves.unwrap_or(defaults.max_moves),
        // the caller's own files: `graph FILE V` reads FILE
        graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
        cancel: cancel.clone(),
        ..SolveOptions::default()
    };
    // the library's one choice of analyser: impartial sums, or a sum with a partizan part
    let report = py
        .detach(|| grundy::solve(expr, &options))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// `grundy value --json EXPR`, as a dict.
#[pyfunction]
#[pyo3(signature = (expr, max_states, max_memory))]
fn value<'py>(
    py: Python<'py>,
    expr: &str,
    max_states: Option<usize>,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let defaults = grundy::app::value::ValueOptions::default();
    let options = grundy::app::value::ValueOptions {
        max_states: max_states.unwrap_or(defaults.max_states),
        // the caller's own files: `hackenbush FILE` and `graph FILE V` read FILE
        graphs: std::sync::Arc::new(grundy::app::FileGraphs::default()),
        cancel: cancel.clone(),
        ..defaults
    };
    // read once: a sum with a loopy part (on, {0|pass}, backsliding ROW...) has its own report
    let report = py
        .detach(|| grundy::app::value::value_answer(expr, &options))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// The partizan games of the catalog: keyword, usage, summary, examples, Left's and Right's
/// pieces, and whether `grundy table --rows --cols` has a standard start for it.
#[pyfunction]
fn partizan_games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &grundy::games::partizan::partizan_game_list())
}

/// The report of `grundy value` for position 0 of a partizan game explored in Python:
/// `left[v]` and `right[v]` are the positions each player's moves from `v` lead to.
#[pyfunction]
fn partizan<'py>(
    py: Python<'py>,
    position: String,
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    max_states: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let report = py
        .detach(|| grundy::app::value::explicit_report(position, &left, &right, max_states))
        .map_err(value_error)?;
    to_python(py, &report)
}

/// `grundy table --json --to TO [--until-period N] [--misere] [--stats] FAMILY`, as a dict.
#[pyfunction]
#[pyo3(signature = (family, to, until_period, misere, stats, max_memory))]
fn table<'py>(
    py: Python<'py>,
    family: &str,
    to: u64,
    until_period: Option<u64>,
    misere: bool,
    stats: bool,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let family = Family::parse(family).map_err(value_error)?;
    let options = TableOptions {
        to: Some(to),
        until_period,
        misere,
        stats,
        cancel: cancel.clone(),
        ..TableOptions::default()
    };
    let report = py
        .detach(|| table_report(&family, &options, |_| {}))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// `grundy quotient --json --heaps HEAPS [--max-order K] CODE`, as a dict.
#[pyfunction]
#[pyo3(signature = (code, heaps, max_order, max_memory))]
fn quotient<'py>(
    py: Python<'py>,
    code: &str,
    heaps: usize,
    max_order: usize,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let options = QuotientOptions {
        heaps,
        max_order,
        cancel: cancel.clone(),
        ..QuotientOptions::default()
    };
    let report = py
        .detach(|| quotient_report(code, &options, |_| {}))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// `grundy geography --json [--grid] [--from START]` on the text of a file.
#[pyfunction]
#[pyo3(signature = (text, grid, start, max_memory))]
fn geography<'py>(
    py: Python<'py>,
    text: &str,
    grid: bool,
    start: Option<&str>,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let report = py
        .detach(|| geography_report(text.as_bytes(), grid, start, &cancel))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// `grundy graph --json --positions [--misere] [--no-grundy] [--from START]` on the text of a
/// game-graph file (edge list or JSON).
#[pyfunction]
#[pyo3(signature = (text, misere, with_grundy, start, max_memory))]
fn graph<'py>(
    py: Python<'py>,
    text: &str,
    misere: bool,
    with_grundy: bool,
    start: Option<String>,
    max_memory: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let cancel = memory_flag(max_memory)?;
    let options = GraphOptions {
        convention: Convention::from_misere(misere),
        grundy: with_grundy && !misere,
        positions: true,
        from: start,
        cancel: cancel.clone(),
    };
    let report = py
        .detach(|| graph_report(text.as_bytes(), &options))
        .map_err(stopped(&cancel))?;
    to_python(py, &report)
}

/// Grundy values of heaps 0..=to of a heap game whose moves a Python function lists: each
/// move an int (the heap left) or a tuple of ints (the heaps left). The mex and xor are here;
/// exceptions of `moves` pass through unchanged; Ctrl-C is checked at every heap.
#[pyfunction]
fn values(py: Python<'_>, moves: &Bound<'_, PyAny>, to: u64) -> PyResult<Vec<u64>> {
    let mut table: Vec<u64> = Vec::with_capacity(to.saturating_add(1).min(1 << 24) as usize);
    let mut seen = MexSet::new();
    for n in 0..=to {
        py.check_signals()?;
        let listed = moves.call1((n,))?;
        for item in listed.try_iter()? {
            let item = item?;
            let value = if item.is_instance_of::<PyTuple>() {
                let mut x = 0u64;
                for part in item.cast::<PyTuple>()?.iter() {
                    x ^= table[heap_below(&part, n, &item)? as usize];
                }
                x
            } else {
                table[heap_below(&item, n, &item)? as usize]
            };
            seen.insert(value);
        }
        table.push(seen.take_mex());
    }
    Ok(table)
}

/// A heap left by a move from `n`: an int in `0..n`.
fn heap_below(part: &Bound<'_, PyAny>, n: u64, item: &Bound<'_, PyAny>) -> PyResult<u64> {
    if !part.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "heap {n}: move {} is not an int or a tuple of ints",
            item.repr()?
        )));
    }
    match part.extract::<i128>() {
        Ok(h) if (0..n as i128).contains(&h) => Ok(h as u64),
        _ => Err(PyValueError::new_err(format!(
            "heap {n}: move {} leaves a heap of {}, not smaller than {n}",
            item.repr()?,
            part.repr()?
        ))),
    }
}

/// What `analyze` needs of an explored game graph (positions 0..n, the start is 0): the
/// start's outcome letter (N, P, D), remoteness, γ or escape set, and the indices of the
/// options that win (lead to P) and that keep a draw.
type Analysis = (
    &'static str,
    Option<u32>,
    Option<u64>,
    Option<Vec<u64>>,
    Vec<u32>,
    Vec<u32>,
);

/// The game-graph engines on an explored graph: retrograde analysis and (normal play) γ.
#[pyfunction]
fn analyze_graph(
    py: Python<'_>,
    n: usize,
    edges: Vec<(u32, u32)>,
    misere: bool,
) -> PyResult<Analysis> {
    py.detach(|| {
        let graph = GameGraph::from_edges(n, &edges)?;
        let convention = Convention::from_misere(misere);
        let r = graph.retrograde(convention);
        let (grundy, escapes) = match (!misere).then(|| graph.loopy_grundy_after(&r)) {
            None => (None, None),
            Some(gamma) => match gamma.value(&graph, 0) {
                LoopyValue::Finite(g) => (Some(g.0), None),
                LoopyValue::Infinite(k) => (None, Some(k)),
            },
        };
        let letter = match r.outcome(0) {
            GraphOutcome::Win => "N",
            GraphOutcome::Lose => "P",
            GraphOutcome::Draw => "D",
        };
        let options = graph.options(0);
        let of = |o: GraphOutcome| -> Vec<u32> {
            options
                .iter()
                .copied()
                .filter(|&v| r.outcome(v) == o)
                .collect()
        };
        Ok((
            letter,
            r.remoteness(0),
            grundy,
            escapes,
            of(GraphOutcome::Lose),
            of(GraphOutcome::Draw),
        ))
    })
    .map_err(value_error)
}

/// The native module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(partizan, m)?)?;
    m.add_function(wrap_pyfunction!(partizan_games, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(geography, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(values, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_graph, m)?)?;
    Ok(())
}
