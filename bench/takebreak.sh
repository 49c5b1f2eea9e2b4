#!/usr/bin/env bash
# Take-and-break tables side by side with tczajka's sparse-space analyser (github
# tczajka/octal-games, old/src, MIT; ../shared/peers/tczajka), built here with g++ into a
# temporary folder: Grundy's game and 0.6 to 2^21 heaps, every value computed, with the
# rare/common statistics. The analyser prints a line per power of two and runs on to 2^28, so
# its time is taken when its 2^21 line appears (then it is stopped); grundy runs
# `table --stats --compute-all --to 2^21-1`. The statistics are compared, then the ratios
# printed. Usage: bench/takebreak.sh [runs]   (the least of `runs` wall times, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page takebreak "$@"
RUNS="${1:-3}"
PEER_SRC="${TCZAJKA_SRC:-../shared/peers/tczajka}"
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
g++ -O2 -std=c++11 -pthread -I "$PEER_SRC" "$PEER_SRC/analyze_exec.cc" "$PEER_SRC/game.cc" \
  "$PEER_SRC/game_util.cc" "$PEER_SRC/hadamard.cc" -o "$BUILD/analyze"
cargo build --release -q
python3 - "$BUILD/analyze" "$RUNS" <<'PY'
import json, re, subprocess, sys, time
analyze, runs = sys.argv[1], int(sys.argv[2])
K = 21

def peer(game):
    """Seconds until the analyser prints its 2^K line, and that line's statistics."""
    t = time.perf_counter()
    p = subprocess.Popen([analyze, game], stdout=subprocess.PIPE, text=True)
    for line in p.stdout:
        if line.startswith(f"n=2^{K} "):
            took = time.perf_counter() - t
            p.kill(); p.wait()
            m = re.search(r"largest G\[(\d+)\]=(\d+) rare_mask=(\w+) num_rare=(\d+) last_rare=(\d+)", line)
            at, largest, mask, rare, last = m.groups()
            return took, (int(largest), int(at), mask, int(rare), int(last))
    raise SystemExit(f"the analyser stopped before 2^{K} on {game}")

def ours(family):
    t = time.perf_counter()
    r = subprocess.run(["target/release/grundy", "table", "--json", "--stats", "--compute-all",
                        "--to", str(2**K - 1), family], capture_output=True, text=True, check=True)
    took = time.perf_counter() - t
    s = json.loads(r.stdout)["stats"]
    return took, (s["largest"], s["largest_at"], s["rare_mask"], s["rare"], s["last_rare"])

# a Markdown table (bench/page.py puts it on the benchmark page)
print("| game to 2^21 heaps | analyser | grundy | ratio | statistics (largest, at, mask, rare, last rare) |")
print("|---|---|---|---|---|")
for game, family in [("grundy", "grundys"), ("0.6", "octal 0.6")]:
    t_peer, s_peer = min(peer(game) for _ in range(runs))
    t_us, s_us = min(ours(family) for _ in range(runs))
    same = s_peer == s_us
    print(f"| {family} | {t_peer:.2f} s | {t_us:.2f} s | {t_us / t_peer:.3f} | {', '.join(map(str, s_us))} {'(the same)' if same else '(DIFFERENT: ' + str(s_peer) + ')'} |")
    if not same:
        raise SystemExit("statistics differ")
PY
