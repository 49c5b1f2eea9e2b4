#!/usr/bin/env bash
# How far grundy goes on this machine, each run timed alone with its peak memory (GNU time):
# Grundy's game to 2^24 heaps (every value computed, with the statistics; then streamed, holding
# a window of heaps, and 0.6 streamed to 2^24), hex 0.3F to 10000
# heaps (three-heap splits, plain recurrence), and the largest Domineering boards within a
# minute. Usage: bench/depth.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page depth "$@"
cargo build --release -q
G=target/release/grundy
run() {
  local what="$1"; shift
  /usr/bin/time -f "%e %M" -o /tmp/grundy-depth-time "$G" "$@" > /dev/null
  read -r secs kb < /tmp/grundy-depth-time
  printf '%-44s %8.2f s %8d MB\n' "$what" "$secs" "$((kb / 1024))"
}
board() { local r=$1 c=$2 row; row=$(printf '.%.0s' $(seq "$c")); printf "$row/%.0s" $(seq "$r") | sed 's|/$||'; }
run "grundys to 2^24, --stats --compute-all" table --json --stats --compute-all --to 16777215 grundys
run "grundys to 2^24, --stats --stream" table --json --stats --stream --to 16777215 grundys
run "0.6 to 2^24, --stats --stream" table --json --stats --stream --to 16777215 octal 0.6
run "hex 0.3F to 10000 heaps" table --json --to 10000 --compute-all 'hex 0.3F'
for b in 5x6 4x8 3x12; do
  run "domineering ${b} (empty), grundy value" value --json "domineering $(board "${b%x*}" "${b#*x}")"
done
rm -f /tmp/grundy-depth-time
