#!/usr/bin/env bash
# Partizan games side by side with cgt-py (the Python package of cgt-tools, from PyPI), in one
# run: the canonical form of the empty 5x5 and 4x6 Domineering boards (the same value checked
# by reading cgt-py's answer back into grundy), then grundy alone on every Domineering
# rectangle up to 6 x 6 and on a sum of 30 random Toads-and-Frogs and Hackenbush positions.
# Usage: bench/partizan.sh [runs]   (median of `runs`, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-3}"
VENV="${CGT_VENV:-target/bench-cgt-py}"
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q cgt-py==0.11.0 anywidget
fi
cargo build --release -q
"$VENV/bin/python" - "$RUNS" <<'PY'
import json, random, statistics, subprocess, sys, time
from cgt_py import Domineering
runs = int(sys.argv[1])
grundy = "target/release/grundy"

def timed(f):
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter(); out = f(); times.append(time.perf_counter() - t)
    return statistics.median(times), out

def value(expr, *flags):
    r = subprocess.run([grundy, "value", "--json", *flags, expr], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"grundy failed on {expr}: {r.stderr}")
    return json.loads(r.stdout)

print(f"{'board':<8} {'cgt-py s':>9} {'grundy s':>9} {'ratio':>7}  same value")
for rows, cols in [(5, 5), (4, 6)]:
    ours = "/".join(["." * cols] * rows)
    theirs = "|".join(["." * cols] * rows)
    t_cgt, form = timed(lambda: str(Domineering(theirs).canonical_form))
    if form.startswith("CanonicalForm('"):
        form = form[len("CanonicalForm('"):-2]
    t_us, report = timed(lambda: value(f"domineering {ours}"))
    back = value(form)["canonical"]
    same = back == report["canonical"]
    print(f"{rows}x{cols:<6} {t_cgt:9.3f} {t_us:9.3f} {t_us / t_cgt:7.3f}  {'yes' if same else 'NO'}")
    if not same:
        raise SystemExit("values differ")

t = time.perf_counter()
largest = None
for r in range(1, 7):
    for c in range(1, 7):
        rep = value("domineering " + "/".join(["." * c] * r))
        largest = (r, c, rep["canonical"])
print(f"every Domineering rectangle up to 6x6: {time.perf_counter() - t:.2f} s "
      f"(6x6 = {largest[2][:60]}{'...' if len(largest[2]) > 60 else ''})")

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
