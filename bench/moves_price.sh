#!/usr/bin/env bash
# What a winning move costs over who wins, on every empty Domineering rectangle from
# MIN_SIDE x MIN_SIDE to MAX_SIDE x MAX_SIDE (rows and columns both in range): per rectangle,
# the best of RUNS runs of `grundy solve --no-value --max-moves 0` (who wins) and of
# `--max-moves 1` (who wins, and a winning move for each player), and their ratio; then the
# totals. Rectangles decided in under 0.05 s are listed but their ratio is startup noise.
# Usage: bash bench/moves_price.sh [MAX_SIDE [MIN_SIDE]] (default 8 and 2; RUNS=3; each run
# limited to LIMIT s, 600; GRUNDY=path times another build without building).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page moves-price "$@"
max=${1:-8}
min=${2:-2}
runs=${RUNS:-3}
limit=${LIMIT:-600}
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
bin=${GRUNDY:-target/release/grundy}
times=$(mktemp)
trap 'rm -f "$times"' EXIT

board() { local r=$1 c=$2 row; row=$(printf '.%.0s' $(seq "$c")); printf "$row/%.0s" $(seq "$r") | sed 's|/$||'; }
# the best of $runs wall times of one command, in seconds
best() {
  local best="" t
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f %e -o "$times" timeout "$limit" "$bin" "$@" >/dev/null 2>&1 || true
    t=$(tail -1 "$times")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  echo "$best"
}

printf '| board | who wins | and a move each | ratio |\n|---|---|---|---|\n'
total0=0 total1=0 worst=0 worst_board=""
for ((r = min; r <= max; r++)); do
  for ((c = min; c <= max; c++)); do
    pos="domineering $(board "$r" "$c")"
    t0=$(best solve --no-value --max-moves 0 "$pos")
    t1=$(best solve --no-value --max-moves 1 "$pos")
    ratio=$(awk -v a="$t1" -v b="$t0" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '| %d x %d | %s s | %s s | %s |\n' "$r" "$c" "$t0" "$t1" "$ratio"
    total0=$(awk -v a="$total0" -v b="$t0" 'BEGIN { print a + b }')
    total1=$(awk -v a="$total1" -v b="$t1" 'BEGIN { print a + b }')
    if awk -v b="$t0" -v x="$ratio" -v w="$worst" 'BEGIN { exit !(b >= 0.05 && x > w) }'; then
      worst=$ratio worst_board="$r x $c"
    fi
  done
done
printf '\ntotal: who wins %s s, and a move each %s s, ratio %s\n' "$total0" "$total1" \
  "$(awk -v a="$total1" -v b="$total0" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')"
printf 'largest ratio among rectangles of at least 0.05 s: %s (%s)\n' "$worst" "$worst_board"
