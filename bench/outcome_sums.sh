#!/usr/bin/env bash
# grundy's outcome search alone on seeded random sums (bench/mcgs_sums.py): per kind, the time
# of the sums answered and how many were not answered within LIMIT seconds, then each sum's
# outcome letter (? unanswered) to compare builds or with `grundy value`. One process per sum,
# `solve --no-value --max-moves 0 --threads THREADS`.
# Usage: bash bench/outcome_sums.sh [COUNT_PER_KIND] [SEED] [MIN_CELLS MAX_CELLS]
# (defaults 8, 11, 60 90: the harder set of the README; LIMIT 20 s, THREADS 1; GRUNDY=path to
# time another build).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page outcome-sums "$@"
count=${1:-8}
seed=${2:-11}
low=${3:-60}
high=${4:-90}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
  GRUNDY=target/release/grundy
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/mcgs_sums.py "$count" "$seed" "$low" "$high" >"$work/sums.tsv"
GRUNDY=$GRUNDY SUMS=$work/sums.tsv LIMIT=${LIMIT:-20} THREADS=${THREADS:-1} python3 - <<'PY'
import os, subprocess, time
limit = float(os.environ["LIMIT"])
spent, missed, letters = {}, {}, []
for line in open(os.environ["SUMS"]):
    kind, expr, _ = line.rstrip("\n").split("\t")
    spent.setdefault(kind, 0.0)
    t0 = time.time()
    try:
        run = subprocess.run([os.environ["GRUNDY"], "solve", "--no-value", "--max-moves", "0",
                              "--threads", os.environ["THREADS"], expr],
                             capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        missed[kind] = missed.get(kind, 0) + 1
        letters.append("?")
        continue
    spent[kind] += time.time() - t0
    found = [l.split()[1] for l in run.stdout.splitlines() if l.startswith("outcome:")]
    if run.returncode != 0 or not found:
        raise SystemExit(f"grundy failed on {expr}: {run.stderr.strip()}")
    letters.append(found[0][0])
for kind in spent:
    print(f"{kind:12} {spent[kind]:8.2f} s answered, {missed.get(kind, 0)} not within {limit:g} s")
print(f"total        {sum(spent.values()):8.2f} s, {sum(missed.values())} not answered")
print("outcomes:", "".join(letters))
PY
