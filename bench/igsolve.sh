#!/usr/bin/env bash
# Nimbers of Cram and Chomp rectangles: grundy (`grundy value`, its default: the nimber search
# on one thread) against igsolve (Piotr Beling's solver of impartial games, installed here
# with `cargo install igsolve` into a temporary folder, built with the same compiler; its
# default options: for Cram the BrAspSet pruning, no endgame database (`--edb_segments 0`),
# a hash map for boards to 40 cells and a preallocated succinct table of 8 GB above). Whole
# processes, wall time, one run each alternated; prints per board both
# nimbers (they must agree), both times and the ratio, then the totals over the boards both
# finished within LIMIT seconds.
# Usage: bash bench/igsolve.sh [LIMIT] (default 60). GRUNDY=path times another build;
# IGSOLVE=path another igsolve; BOARDS="cram 4 5,chomp 8 10" other boards.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page igsolve "$@"
limit=${1:-60}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
grundy=${GRUNDY:-target/release/grundy}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${IGSOLVE:-}" ]; then
  cargo install --quiet --locked igsolve --root "$work/igsolve" >/dev/null 2>&1 ||
    cargo install --quiet igsolve --root "$work/igsolve" >/dev/null
  IGSOLVE=$work/igsolve/bin/igsolve
fi
boards=${BOARDS:-"cram 4 5,cram 4 6,cram 4 7,cram 4 8,cram 4 9,cram 4 10,cram 4 11,cram 5 5,cram 5 6,cram 5 7,cram 5 8,cram 5 9,cram 3 12,cram 3 16,cram 6 7,chomp 8 10,chomp 9 12,chomp 10 14"}
LIMIT=$limit GRUNDY_BIN=$grundy IGSOLVE=$IGSOLVE BOARDS=$boards python3 - <<'EOF'
import os, re, sys
sys.path.insert(0, "bench")
from timing import run_timed
limit = float(os.environ["LIMIT"])
grundy, igsolve = os.environ["GRUNDY_BIN"], os.environ["IGSOLVE"]

def timed(cmd):
    return run_timed(cmd, limit)

def ours(game, r, c):
    text = f"chomp {r} {c}" if game == "chomp" else "cram " + "/".join(["." * c] * r)
    out, t = timed([grundy, "value", "--json", text])
    if out is None:
        return None, None
    m = re.search(r'"canonical":"(0|\*(\d*))"', out)
    return (0 if m.group(1) == "0" else int(m.group(2) or 1)), t

def theirs(game, r, c):
    out, t = timed([igsolve, game, "--rows", str(r), "--cols", str(c)])
    if out is None:
        return None, None
    m = re.findall(r"(?:nimber|value)\D*(\d+)", out, re.I)
    return (int(m[-1]) if m else out.strip()), t

# a Markdown table (bench/page.py puts it on the benchmark page)
print("| board | grundy | igsolve | grundy time | igsolve time | ratio |")
print("|---|---|---|---|---|---|")
total_g = total_i = 0.0
for board in os.environ["BOARDS"].split(","):
    game, r, c = board.split()
    g, tg = ours(game, int(r), int(c))
    i, ti = theirs(game, int(r), int(c))
    show = lambda v, t: ("-", f"> {limit:.0f} s") if t is None else (str(v), f"{t:.2f} s")
    (gv, gt), (iv, it) = show(g, tg), show(i, ti)
    ratio = f"{tg / ti:.2f}" if tg is not None and ti is not None else "-"
    flag = "" if tg is None or ti is None or g == i else "  DISAGREE"
    print(f"| {board} | {gv} | {iv} | {gt} | {it} | {ratio}{flag} |")
    if tg is not None and ti is not None:
        total_g += tg; total_i += ti
print(f"| total (boards both finished) | | | {total_g:.2f} s | {total_i:.2f} s | **{total_g / max(total_i, 1e-9):.2f}** |")
EOF
