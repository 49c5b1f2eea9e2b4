//! The server soaked: 16 clients at once for a while (`GRUNDY_SOAK_SECONDS`, 10 by default;
//! `bench/soak.sh` runs a minute), light questions mixed with heavy ones (big boards, long
//! searches, game-graph uploads) under a time budget of 2 s and a memory budget: no 5xx
//! other than 503, no crash, the resident memory under the budget throughout, and the light
//! questions answered while the workers are busy (their p50 and p99 printed).
#![cfg(all(feature = "serve", target_os = "linux"))]

mod common;

use common::server::{cycle_graph, encode, Server};
use common::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The server's memory budget.
const BUDGET: u64 = 1 << 30;

fn board(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("/")
}

/// The resident memory of process `pid` in bytes.
fn resident(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// The `percent`-th percentile of sorted `xs` (nearest rank).
fn percentile(xs: &[Duration], percent: usize) -> Duration {
    xs[((xs.len() * percent).div_ceil(100)).clamp(1, xs.len()) - 1]
}

#[test]
#[ignore = "a soak of several seconds under load: run by .ci/run and bench/soak.sh"]
fn sixteen_clients_mixing_light_and_heavy_questions() {
    let seconds: u64 = std::env::var("GRUNDY_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let mut server = Server::start(&[
        "--time-limit",
        "2",
        "--max-memory",
        &BUDGET.to_string(),
        "--max-states",
        "100000000",
    ]);
    let light: Vec<(&str, String, Vec<u8>)> = vec![
        (
            "GET",
            "/api/solve?position=nim%203%204%205%20%2B%20wythoff%203%205".into(),
            vec![],
        ),
        (
            "POST",
            "/api/solve".into(),
            br#"{"position": "domineering ../.. + hackenbush LR"}"#.to_vec(),
        ),
        (
            "GET",
            format!("/api/value?position={}", encode("domineering .../...")),
            vec![],
        ),
        (
            "GET",
            format!("/api/play?position={}", encode("octal 0.07 20 + nim 3")),
            vec![],
        ),
        (
            "POST",
            "/api/graph?positions=true".into(),
            b"4 4\n1 2\n2 3\n3 1\n3 4\n".to_vec(),
        ),
        (
            "GET",
            format!("/api/solve?position={}", encode("clobber xox/oxo")),
            vec![],
        ),
    ];
    let chain = cycle_graph(300_000);
    let heavy: Vec<(&str, String, Vec<u8>)> = vec![
        (
            "GET",
            format!(
                "/api/solve?position={}",
                encode(&format!("domineering {}", board(8, 8)))
            ),
            vec![],
        ),
        (
            "GET",
            format!(
                "/api/solve?position={}",
                encode(&format!("cram {}", board(5, 7)))
            ),
            vec![],
        ),
        (
            "GET",
            format!(
                "/api/solve?position={}",
                encode(&format!("nogo {}", ".".repeat(20)))
            ),
            vec![],
        ),
        (
            "GET",
            format!(
                "/api/value?position={}",
                encode(&format!("domineering {}", board(6, 6)))
            ),
            vec![],
        ),
        (
            "POST",
            "/api/graph?positions=true".into(),
            chain.into_bytes(),
        ),
    ];
    let stop = AtomicBool::new(false);
    let peak = AtomicU64::new(0);
    let pid = server.id();
    let started = Instant::now();
    let answers: Vec<(bool, u16, Duration, String)> = std::thread::scope(|s| {
        s.spawn(|| {
            while !stop.load(Ordering::Relaxed) {
                if let Some(r) = resident(pid) {
                    peak.fetch_max(r, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let clients: Vec<_> = (0..16u64)
            .map(|c| {
                let (server, light, heavy) = (&server, &light, &heavy);
                s.spawn(move || {
                    let mut rng = Rng::new(c);
                    let mut seen = Vec::new();
                    while started.elapsed() < Duration::from_secs(seconds) {
                        // a quarter of the clients ask heavy questions, one in two times
                        let is_heavy = c % 4 == 0 && rng.chance(50);
                        let set = if is_heavy { heavy } else { light };
                        let (method, target, body) = &set[rng.below(set.len() as u64) as usize];
                        let t = Instant::now();
                        let (status, answer) = server.request(method, target, body);
                        let head = answer.chars().take(160).collect();
                        seen.push((is_heavy, status, t.elapsed(), head));
                    }
                    seen
                })
            })
            .collect();
        let all = clients
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        stop.store(true, Ordering::Relaxed);
        all
    });
    assert!(server.running(), "the server went down");
    let mut light_times: Vec<Duration> = Vec::new();
    let (mut heavy_count, mut heavy_503) = (0, 0);
    for (is_heavy, status, time, head) in &answers {
        assert!(
            matches!(status, 200 | 400 | 503),
            "{status} (heavy: {is_heavy}): {head}"
        );
        if *is_heavy {
            heavy_count += 1;
            heavy_503 += usize::from(*status == 503);
        } else {
            assert_eq!(*status, 200, "a light question: {head}");
            light_times.push(*time);
        }
    }
    light_times.sort();
    let peak = peak.load(Ordering::Relaxed);
    println!(
        "soak of {seconds} s, 16 clients: {} light questions (p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms), \
         {heavy_count} heavy ({heavy_503} answered 503), resident memory at most {} MiB of a budget of {} MiB",
        light_times.len(),
        percentile(&light_times, 50).as_secs_f64() * 1e3,
        percentile(&light_times, 99).as_secs_f64() * 1e3,
        light_times.last().unwrap().as_secs_f64() * 1e3,
        peak >> 20,
        BUDGET >> 20
    );
    assert!(
        light_times.len() > 100,
        "only {} light questions",
        light_times.len()
    );
    assert!(heavy_count > 5, "only {heavy_count} heavy questions");
    assert!(
        peak < BUDGET,
        "resident memory {peak} over the budget {BUDGET}"
    );
    // and the next question is answered
    assert_eq!(server.get("/api/solve?position=nim%201%202").0, 200);
}
