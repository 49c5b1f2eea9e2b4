#!/usr/bin/env bash
# Partizan games side by side with cgt-py (the Python package of cgt-tools, from PyPI), in one
# run: the canonical form of the empty 5x5 and 4x6 Domineering boards (the same value checked
# by reading cgt-py's answer back into grundy), then grundy alone on the table of every
# Domineering rectangle up to 5 x 6 and to 6 x 6 (past the default state limit: said, and run
# with a larger one), and on a sum of 30 random Toads-and-Frogs and Hackenbush positions.
# Each run of either program is a fresh process: cgt-py keeps its tables for the life of the
# process, so a second call in the same one would time a cache lookup.
# Usage: bench/partizan.sh [runs]   (median of `runs`, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page cgt-py "$@"
RUNS="${1:-3}"
VENV="${CGT_VENV:-target/bench-cgt-py}"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q cgt-py==0.11.0 anywidget
fi
cargo build --release -q
"$VENV/bin/python" - "$RUNS" <<'PY'
import json, random, statistics, subprocess, sys, time
runs = int(sys.argv[1])
grundy = "target/release/grundy"

def timed(f):
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter(); out = f(); times.append(time.perf_counter() - t)
    return statistics.median(times), out

def cgt_py(board):
    """cgt-py's canonical form of a board, in a fresh interpreter."""
    code = f"from cgt_py import Domineering; print(Domineering({board!r}).canonical_form)"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return r.stdout.strip().removeprefix("CanonicalForm('").removesuffix("')")

def value(expr, *flags):
    r = subprocess.run([grundy, "value", "--json", *flags, expr], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"grundy failed on {expr}: {r.stderr}")
    return json.loads(r.stdout)

# a Markdown table (bench/page.py puts it on the benchmark page)
print("| canonical form of the empty board | cgt-py | `grundy value --json` | ratio | same value |")
print("|---|---|---|---|---|")
for rows, cols in [(5, 5), (4, 6)]:
    ours = "/".join(["." * cols] * rows)
    theirs = "|".join(["." * cols] * rows)
    t_start, _ = timed(lambda: subprocess.run([sys.executable, "-c", "import cgt_py"], check=True))
    t_cgt, form = timed(lambda: cgt_py(theirs))
    t_cgt -= t_start  # the interpreter's start and import, not cgt-py's work
    t_us, report = timed(lambda: value(f"domineering {ours}"))
    back = value(form)["canonical"]
    same = back == report["canonical"]
    print(f"| Domineering {rows} x {cols} | {t_cgt:.3f} s | {t_us:.3f} s | {t_us / t_cgt:.3f} | {'yes' if same else 'NO'} |")
    if not same:
        raise SystemExit("values differ")

def table(rows, cols, *flags):
    r = subprocess.run([grundy, "table", "--json", "--rows", str(rows), "--cols", str(cols), *flags,
                        "domineering"], capture_output=True, text=True, check=True)
    return json.loads(r.stdout)

for rows, cols, flags in [(5, 6, []), (6, 6, []), (6, 6, ["--max-states", "6000000"])]:
    t = time.perf_counter()
    rep = table(rows, cols, *flags)
    took = time.perf_counter() - t
    last = rep["values"][-1][-1]
    shown = "past the state limit" if last is None else (last[:50] + ("..." if len(last) > 50 else ""))
    print(f"table of every Domineering rectangle up to {rows}x{cols} {' '.join(flags)}: {took:.2f} s "
          f"({rows}x{cols} = {shown})")
    if rep.get("stopped"):
        print(f"  {rep['stopped']}")

random.seed(20)
parts = []
for i in range(30):
    if i % 2:
        parts.append("toads " + "".join(random.choice("TTF..") for _ in range(random.randint(4, 9))))
    else:
        parts.append("hackenbush " + " ".join("".join(random.choice("LRG") for _ in range(random.randint(1, 6))) for _ in range(2)))
expr = " + ".join(parts)
t_sum, rep = timed(lambda: value(expr))
print(f"sum of 30 random Toads-and-Frogs and Hackenbush positions: {t_sum:.3f} s "
      f"(canonical form of {len(rep['canonical'])} characters)")
PY
