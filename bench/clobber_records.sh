#!/usr/bin/env bash
# Who wins the Clobber checkerboard (x in the top left corner), moving first as Left and as
# Right: `grundy solve --no-value --max-moves 0`, one process per board, with its time and
# peak memory. Clobber's own search (games/clobber_outcome.rs) does the work.
# Usage: bash bench/clobber_records.sh [ROWSxCOLS...] (default 4x5 4x6 5x5). THREADS (default
# 1) and MAX_STATES (default 4000000, the command's own) are passed on; GRUNDY runs another build. 5x6 wants a larger
# table: THREADS=2 MAX_STATES=50000000 bash bench/clobber_records.sh 5x6 (about nine minutes;
# a table of a gigabyte or more sits in huge pages whose zeroing costs a few seconds even
# for a small board).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page clobber-records "$@"
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(4x5 4x6 5x5)
threads=${THREADS:-1}
states=${MAX_STATES:-4000000}
[ -n "${GRUNDY:-}" ] || cargo build --release --quiet
bin=${GRUNDY:-target/release/grundy}
checkerboard() {
  local rows=$1 cols=$2 r c out=""
  for ((r = 0; r < rows; r++)); do
    [ "$r" -gt 0 ] && out+="/"
    for ((c = 0; c < cols; c++)); do
      if (((r + c) % 2 == 0)); then out+="x"; else out+="o"; fi
    done
  done
  printf '%s' "$out"
}
printf '| board | outcome | time | peak memory |\n|---|---|---|---|\n'
for b in "${boards[@]}"; do
  rows=${b%x*} cols=${b#*x}
  log=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$log" "$bin" solve --json --no-value --max-moves 0 \
    --threads "$threads" --max-states "$states" "clobber $(checkerboard "$rows" "$cols")" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["outcome"], end="")' >"$log.out"
  read -r secs kb <"$log"
  printf '| %s x %s | %s | %s s | %d MB |\n' "$rows" "$cols" "$(cat "$log.out")" "$secs" $((kb / 1024))
  rm -f "$log" "$log.out"
done
