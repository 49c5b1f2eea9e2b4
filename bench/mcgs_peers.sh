#!/usr/bin/env bash
# Who wins seeded random sums of Clobber, Domineering and Toads-and-Frogs components (4-8
# components, 20-40 cells; bench/mcgs_sums.py), each player first: grundy's outcome search
# (`grundy solve --no-value --max-moves 0`, one process per sum, wall time with its start-up
# of a few milliseconds) against MCGS v1.5 (built from ../shared/peers/mcgs into a temporary
# folder; MIT, never copied; one process per sum, its own per-answer "Time (ms)", which leaves
# out its start-up of about 0.8 s and its 1.7 GB table), run twice: as it runs out of the box
# (no database), and with its database of every Clobber and Domineering board up to 3 x 4
# (built first; `gen_toads` has none). Prints
# per kind the answers, the disagreements, the sums a side did not answer within LIMIT seconds
# (not counted in its time), and the total times.
# Usage: bash bench/mcgs_peers.sh [COUNT_PER_KIND] [SEED] (defaults 20, 2026; LIMIT 60 s;
# CELLS="60 90" for the harder set of 60 to 90 cells in all).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page mcgs "$@"
count=${1:-20}
seed=${2:-2026}
limit=${LIMIT:-60}
# GRUNDY=path runs another build of grundy (before and after a change) without building
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "${GRUNDY:-target/release/grundy}" "$work/grundy"

build_mcgs "$work"

"$work/MCGS" --db-file-create "$work/db.bin" "[clobber] max_dims = 3,4; [domineering] max_dims = 3,4;" >/dev/null
# shellcheck disable=SC2086 # CELLS is two numbers
python3 bench/mcgs_sums.py "$count" "$seed" ${CELLS:-20 40} >"$work/sums.tsv"
LIMIT=$limit WORK=$work python3 - <<'EOF'
import os, subprocess, time, json, re
work = os.environ["WORK"]; limit = float(os.environ["LIMIT"])
sums = [line.rstrip("\n").split("\t") for line in open(f"{work}/sums.tsv")]

# MCGS: one process per sum (its start-up left out, its answers Black (Left) first, then White)
def mcgs(*flags):
    found, wall = [], 0.0
    for _, _, m in sums:
        t0 = time.time()
        try:
            out = subprocess.run([f"{work}/MCGS", *flags, m], capture_output=True, text=True,
                                 timeout=limit).stdout
        except subprocess.TimeoutExpired:
            out = ""
        wall += time.time() - t0
        pair = re.findall(r"Player: ([BW])\s+Got: (\w+)\s+Time \(ms\): ([0-9.]+)", out)
        found.append(pair if len(pair) == 2 else None)
    return found, wall

# grundy's start-up (counted in its times, unlike MCGS's): the mean of 20 runs on the sum 0
t0 = time.time()
for _ in range(20):
    subprocess.run([f"{work}/grundy", "solve", "--json", "--no-value", "0"], capture_output=True)
startup = (time.time() - t0) / 20

runs = {"MCGS": mcgs("--no-use-db"), "MCGS + db": mcgs("--db-file-load", f"{work}/db.bin")}
rows = {}
disagree = []
for i, (kind, expr, _) in enumerate(sums):
    r = rows.setdefault(kind, {"n": 0, "grundy": 0.0, "over": {}, "bad": 0})
    r["n"] += 1
    t0 = time.time()
    try:
        p = subprocess.run([f"{work}/grundy", "solve", "--json", "--no-value", "--max-moves", "0", expr],
                           capture_output=True, text=True, timeout=limit)
        g = json.loads(p.stdout)["outcome"] if p.returncode == 0 else None
    except subprocess.TimeoutExpired:
        g = None
    r["grundy"] += time.time() - t0
    if g is None:
        r["over"]["grundy"] = r["over"].get("grundy", 0) + 1
    ours = None if g is None else (g in "LN", g in "RN")
    bad = False
    for name, (answers, _) in runs.items():
        pair = answers[i]
        r.setdefault(name, 0.0)
        if pair is None:
            r["over"][name] = r["over"].get(name, 0) + 1
            continue
        theirs = tuple(a[1] == "Win" for a in pair)
        r[name] += sum(float(a[2]) for a in pair) / 1000
        if ours is not None and ours != theirs:
            bad = True
            disagree.append((expr, g, name, theirs))
    r["bad"] += bad

names = list(runs)
print("| sums | count | disagreements | not answered | grundy | " + " | ".join(names) + " | "
      + " | ".join(f"grundy / {n}" for n in names) + " |")
print("|---" * (5 + 2 * len(names)) + "|")
total = {"grundy": 0.0, **{n: 0.0 for n in names}}
for kind, r in rows.items():
    for n in total:
        total[n] += r[n]
    over = ", ".join(f"{n} {k}" for n, k in r["over"].items()) or "none"
    print(f"| {kind} | {r['n']} | {r['bad']} | {over} | {r['grundy']:.3f} s | "
          + " | ".join(f"{r[n]:.2f} s" for n in names) + " | "
          + " | ".join(f"{r['grundy'] / max(r[n], 1e-9):.3f}" for n in names) + " |")
print(f"\ntotal: grundy {total['grundy']:.3f} s (wall, one process per sum, each with a start-up of "
      f"{startup * 1000:.1f} ms); "
      + "; ".join(f"{n} {total[n]:.2f} s of search ({runs[n][1]:.1f} s wall with start-ups), "
                  f"ratio {total['grundy'] / max(total[n], 1e-9):.3f}" for n in names)
      + f"; disagreements: {len(disagree)}")
for expr, g, name, theirs in disagree:
    print(f"DISAGREE: {expr}: grundy {g}, {name} (Black first, White first) wins {theirs}")
EOF
