#!/usr/bin/env bash
# Issue 55's random positions: seeded random positions of NoGo (1 x n strips to 27 cells and
# boards to 5 x 5), Amazons, Elephants and Rhinos, Fission and Toppling Dominoes
# (bench/mcgs_games.py says the sizes), each asked who wins with each player first, of grundy
# (`grundy solve --no-value --max-moves 0`, one process per position, LIMIT seconds each) and
# of MCGS v1.5 (built from ../shared/peers/mcgs by bench/lib.sh; one process per position
# asking `{B, W}`; a question counts as answered by MCGS when its own search time, the sum of
# its two "Time (ms)", is within LIMIT, its start-up of about a second left out). Prints a
# Markdown table, a row per kind: the positions, the answers that agree, those grundy leaves
# past LIMIT that MCGS answers within it (the issue asks for none), those MCGS leaves past it,
# and the total times over the positions both answered; then each position grundy leaves
# unanswered. A disagreement fails the run.
# Usage: bash bench/mcgs_games.sh [COUNT_PER_KIND] [SEED] (defaults 30, 55; LIMIT 10 s).
# GRUNDY=path times another build; MCGS=path uses an MCGS built before.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page mcgs-games "$@"
count=${1:-30}
seed=${2:-55}
limit=${LIMIT:-10}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet --bin grundy
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "${GRUNDY:-target/release/grundy}" "$work/grundy"
build_mcgs "$work"
python3 bench/mcgs_games.py "$count" "$seed" >"$work/positions.tsv"
LIMIT=$limit WORK=$work python3 - <<'EOF'
import os, re, sys, json
sys.path.insert(0, "bench")
from timing import run_timed
work, limit = os.environ["WORK"], float(os.environ["LIMIT"])
positions = [line.rstrip("\n").split("\t") for line in open(f"{work}/positions.tsv")]

def ours(expr):
    """(Left first wins, Right first wins) and the wall time, or (None, None) past the limit."""
    out, t = run_timed([f"{work}/grundy", "solve", "--json", "--no-value", "--max-moves", "0", expr], limit)
    if out is None:
        return None, None
    c = json.loads(out)["outcome"]
    return (c in "LN", c in "RN"), t

def theirs(text):
    """MCGS's answers, its wall time and its own search time; None past the limit."""
    out, t = run_timed([f"{work}/MCGS", f"{text} {{B, W}}"], limit + 5)
    if out is None:
        return None, None, None
    answers = re.findall(r"Player: ([BW])\s+Got: (\w+)\s+Time \(ms\): ([0-9.]+)", out)
    if len(answers) != 2:
        # MCGS ran but gave no answer (its input refused): a fault of this script, not a
        # question past the limit
        raise SystemExit(f"MCGS gave no answer to {text}: {out[-300:]}")
    own = sum(float(ms) for _, _, ms in answers) / 1000
    if own > limit:
        return None, None, None
    got = {p: w for p, w, _ in answers}
    return (got["B"] == "Win", got["W"] == "Win"), t, own

rows, behind, bad = {}, [], 0
for kind, expr, text in positions:
    r = rows.setdefault(kind, dict(n=0, same=0, behind=0, over=0, tg=0.0, tm=0.0, ts=0.0))
    r["n"] += 1
    g, tg = ours(expr)
    m, tm, ts = theirs(text)
    if g is None and m is not None:
        r["behind"] += 1
        behind.append(f"{kind}: {expr} (MCGS {ts:.2f} s)")
    if m is None:
        r["over"] += 1
    if g is not None and m is not None:
        r["tg"] += tg; r["tm"] += tm; r["ts"] += ts
        if g == m:
            r["same"] += 1
        else:
            bad += 1
            print(f"DISAGREE {kind}: {expr}: grundy {g}, MCGS {m}", file=sys.stderr)

print(f"| kind | positions | same answers | grundy past {limit:.0f} s, MCGS within | MCGS past {limit:.0f} s | grundy time | MCGS time | MCGS search time | ratio to its time | ratio to its search |")
print("|---|---|---|---|---|---|---|---|---|---|")
total = dict(n=0, same=0, behind=0, over=0, tg=0.0, tm=0.0, ts=0.0)
for kind, r in list(rows.items()) + [("total", total)]:
    if kind != "total":
        for k in total:
            total[k] += r[k]
    print(f"| {kind} | {r['n']} | {r['same']} | {r['behind']} | {r['over']} | {r['tg']:.2f} s | "
          f"{r['tm']:.2f} s | {r['ts']:.2f} s | {r['tg'] / max(r['tm'], 1e-9):.2f} | {r['tg'] / max(r['ts'], 1e-3):.2f} |")
for line in behind:
    print(f"grundy past {limit:.0f} s: {line}")
if bad:
    raise SystemExit(f"{bad} disagreements")
EOF
