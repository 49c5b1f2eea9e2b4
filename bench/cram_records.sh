#!/usr/bin/env bash
# What a run of a given length reaches on the big Cram boards (the published table's and the
# open ones): each board is searched by `grundy solve --checkpoint` for at most SECONDS (a
# run stopped by its time limit saves its table, and the next run of the same board goes on
# from it), with the endgame database of regions to 14 cells (`db build --cells 14 cram`,
# built once into DIR). Prints per board the last progress line (positions listed, the
# round, the root's moves decided), the answer when the run finished, the wall time and the
# peak memory (GNU time).
# Usage: bash bench/cram_records.sh SECONDS BOARD... (BOARD as 6x7; default 600 5x13 6x11
# 7x10). THREADS (default 1), MAX_STATES (default 40000000), EVERY (seconds between saves,
# default 300), DIR (default records: the
# checkpoints, kept between runs), GRUNDY (another build).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page cram-records "$@"
secs=${1:-600}
shift || true
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(5x13 6x11 7x10)
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
grundy=${GRUNDY:-target/release/grundy}
dir=${DIR:-records}
mkdir -p "$dir"
[ -f "$dir/cram14.db" ] || "$grundy" db build --cells 14 cram "$dir/cram14.db" >/dev/null
for b in "${boards[@]}"; do
  rows=${b%x*} cols=${b#*x}
  row=$(printf '.%.0s' $(seq "$cols"))
  board=$(printf "$row/%.0s" $(seq "$rows") | sed 's|/$||')
  status=0
  /usr/bin/time -f "%e %M" -o "$dir/$b.time" "$grundy" solve --threads "${THREADS:-1}" \
    --max-states "${MAX_STATES:-40000000}" --db "$dir/cram14.db" --time-limit "$secs" \
    --checkpoint "$dir/$b.ck" --checkpoint-every "${EVERY:-300}" "cram $board" \
    >"$dir/$b.out" 2>"$dir/$b.err" || status=$?
  read -r wall kb < <(tail -1 "$dir/$b.time")
  progress=$(grep '^grundy: .*positions searched' "$dir/$b.err" | tail -1 | sed 's/^grundy: //')
  answer=$(awk '/^grundy:/ {print "*" $2; exit}' "$dir/$b.out")
  printf 'cram %-6s %8.0f s %7d MB  %s\n' "$b" "$wall" "$((kb / 1024))" \
    "$([ "$status" = 0 ] && echo "answer: $answer" || echo "$progress")"
done
