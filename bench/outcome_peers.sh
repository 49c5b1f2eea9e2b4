#!/usr/bin/env bash
# Who wins each empty Domineering rectangle, and with which move, moving first as Vertical
# (Left) and as Horizontal (Right): grundy's outcome search (`grundy solve --max-moves 1`, a
# winning move for each player, as Obsequi gives one; MOVES=0 for who wins only; also
# `grundy table --outcomes`, one process for the whole table) against Obsequi (Nathan
# Bullock's solver, built from ../shared/peers/obsequi into a temporary folder; GPL, never
# copied), whose answer is the winner and a winning move. Prints both answers, checks they
# agree (and that grundy names a move for the winner), and the total times.
# Then the largest rectangles on one thread, and the positions the largest takes.
# Usage: bash bench/outcome_peers.sh [MAX_SIDE [MIN_SIDE]] (default 7 and 2; each run limited
# to LIMIT s, 120).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page obsequi "$@"
max=${1:-7}
min=${2:-2}
moves=${MOVES:-1}
limit=${LIMIT:-120}
peers=${PEERS:-../shared/peers}
# GRUNDY=path runs another build of grundy (before and after a change) without building
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
bin=${GRUNDY:-target/release/grundy}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$peers/obsequi" "$work/obsequi"
make -C "$work/obsequi" >/dev/null 2>&1
obsequi=$work/obsequi/Obsequi

now() { date +%s.%N; }
board() { local r=$1 c=$2 row; row=$(printf '.%.0s' $(seq "$c")); printf "$row|%.0s" $(seq "$r") | sed 's/|$//'; }

printf '| board | first | grundy | grundy time | Obsequi | Obsequi time |\n|---|---|---|---|---|---|\n'
total_g=0 total_o=0 disagree=0
for ((r = min; r <= max; r++)); do
  for ((c = min; c <= max; c++)); do
    for first in V H; do
      # grundy: who wins moving first (Left = V, Right = H)
      t0=$(now)
      out=$(timeout "$limit" "$bin" solve --json --no-value --max-moves "$moves" "domineering $(board "$r" "$c")" || true)
      t1=$(now)
      g=$(python3 -c 'import json,sys
d=json.loads(sys.stdin.read() or "null")
if d is None: print("-"); sys.exit()
o=d["outcome"]; first=sys.argv[1]
win={"V":o in ("L","N"),"H":o in ("R","N")}[first]
listed=d[{"V":"left_winning_moves","H":"right_winning_moves"}[first]]
# with moves asked for, the winner is given a winning move
if sys.argv[2] != "0" and win and len(listed) != 1: print("no-move"); sys.exit()
print(first if win else ("H" if first=="V" else "V"))' "$first" "$moves" <<<"$out")
      # Obsequi answers for the player moving first only; the solve above answers both,
      # so its time is counted once per rectangle (on the V line)
      t2=$(now)
      o=$(echo "solve rows $r cols $c $first" | timeout "$limit" "$obsequi" 2>/dev/null | sed -n 's/.*winner \([VH]\).*/\1/p' || true)
      t3=$(now)
      gt=$(python3 -c "print(f'{$t1-$t0:.3f}')")
      ot=$(python3 -c "print(f'{$t3-$t2:.3f}')")
      if [[ $first == V ]]; then total_g=$(python3 -c "print($total_g+$t1-$t0)"); fi
      total_o=$(python3 -c "print($total_o+$t3-$t2)")
      [[ $g != "$o" ]] && disagree=$((disagree + 1))
      printf '| %d x %d | %s | %s wins | %s s | %s wins | %s s |\n' "$r" "$c" "$first" "$g" "$gt" "${o:--}" "$ot"
    done
  done
done
printf '\ntotal (grundy --max-moves %s): grundy %.2f s, Obsequi %.2f s (ratio %.2f); disagreements: %d\n' \
  "$moves" "$total_g" "$total_o" "$(python3 -c "print($total_g/max($total_o,1e-9))")" "$disagree"
t0=$(now)
"$bin" table --outcomes --rows "$max" --cols "$max" domineering >/dev/null
t1=$(now)
printf 'grundy table --outcomes --rows %d --cols %d domineering (one process, shared table): %.2f s\n' \
  "$max" "$max" "$(python3 -c "print($t1-$t0)")"
# the largest rectangles on one thread (whole processes, both players first), and the
# positions searched (the last progress line of a checkpointed run, one thread, saved
# every second: within a second of the end)
for size in "$((max - 1)) $((max - 1))" "$((max - 1)) $max" "$max $max"; do
  read -r r c <<<"$size"
  t0=$(now)
  "$bin" solve --threads 1 --no-value --max-moves 0 "domineering $(board "$r" "$c")" >/dev/null
  t1=$(now)
  printf 'grundy solve --threads 1, %d x %d: %.2f s\n' "$r" "$c" "$(python3 -c "print($t1-$t0)")"
done
ck=$work/largest.ck
"$bin" solve --no-value --max-moves 0 --checkpoint "$ck" --checkpoint-every 1 \
  "domineering $(board "$max" "$max")" 2>&1 >/dev/null | tail -1
