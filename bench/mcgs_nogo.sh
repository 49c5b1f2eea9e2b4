#!/usr/bin/env bash
# Issue 55's NoGo row: who wins the empty NoGo strip 1 x n, each player first, for n from MIN
# to MAX: grundy (`grundy solve --no-value --max-moves 0 'nogo ...'`, one process per strip,
# wall time, both players answered by one process) against MCGS v1.5 (built from
# ../shared/peers/mcgs by bench/lib.sh; one process per strip asking `{B, W}`, wall time,
# its start-up included, as grundy's is; and its own search time, the sum of the two answers'
# "Time (ms)", which leaves out its start-up of about a second, most of it its table). Prints
# a Markdown table, a row per strip (both answers, the times, the ratio to MCGS's wall time
# and to its own search time), then the totals over the strips both answered within LIMIT
# seconds.
# Usage: bash bench/mcgs_nogo.sh [MIN] [MAX] (defaults 12, 22; LIMIT 60 s). GRUNDY=path times
# another build.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page mcgs-nogo "$@"
min=${1:-12}
max=${2:-22}
limit=${LIMIT:-60}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet --bin grundy
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "${GRUNDY:-target/release/grundy}" "$work/grundy"
build_mcgs "$work"
MIN=$min MAX=$max LIMIT=$limit WORK=$work python3 - <<'EOF'
import os, re, sys
sys.path.insert(0, "bench")
from timing import run_timed
work, limit = os.environ["WORK"], float(os.environ["LIMIT"])

def timed(cmd):
    return run_timed(cmd, limit)

def ours(n):
    # the outcome class: L, R, N or P; who wins moving first as Left, as Right
    out, t = timed([f"{work}/grundy", "solve", "--no-value", "--max-moves", "0", "nogo " + "." * n])
    if out is None:
        return None, None
    c = re.search(r"outcome:\s+([LRNP])", out).group(1)
    return (c in "LN", c in "RN"), t

def theirs(n):
    out, t = timed([f"{work}/MCGS", f"[nogo_1xn] {'.' * n} {{B, W}}"])
    if out is None:
        return None, None
    answers = re.findall(r"Player: ([BW])\s+Got: (\w+)\s+Time \(ms\): ([0-9.]+)", out)
    got = {p: w for p, w, _ in answers}
    own = sum(float(ms) for _, _, ms in answers) / 1000
    return (got["B"] == "Win", got["W"] == "Win"), (t, own)

def show(w):
    return "-" if w is None else ("win" if w[0] else "loss") + " / " + ("win" if w[1] else "loss")

print("| strip | grundy (Left first / Right first) | MCGS | grundy time | MCGS time | MCGS search time | ratio to its time | ratio to its search |")
print("|---|---|---|---|---|---|---|---|")
tg = tm = ts = 0.0
bad = 0
for n in range(int(os.environ["MIN"]), int(os.environ["MAX"]) + 1):
    g, t1 = ours(n)
    m, times = theirs(n)
    t2, own = times if times else (None, None)
    both = t1 is not None and t2 is not None
    if both:
        tg += t1; tm += t2; ts += own
        bad += g != m
    s1 = f"{t1:.2f} s" if t1 is not None else f"> {limit:.0f} s"
    s2 = f"{t2:.2f} s" if t2 is not None else f"> {limit:.0f} s"
    s3 = f"{own:.2f} s" if own is not None else "-"
    ratio = f"{t1 / t2:.2f}" if both else "-"
    ratio_own = f"{t1 / max(own, 1e-3):.2f}" if both else "-"
    flag = "" if not both or g == m else " DISAGREE"
    print(f"| 1 x {n} | {show(g)} | {show(m)} | {s1} | {s2} | {s3} | {ratio} | {ratio_own}{flag} |", flush=True)
print(f"| total (strips both answered) | | | {tg:.2f} s | {tm:.2f} s | {ts:.2f} s | **{tg / max(tm, 1e-9):.2f}** | **{tg / max(ts, 1e-3):.2f}** |")
if bad:
    raise SystemExit(f"{bad} disagreements")
EOF
