#!/usr/bin/env bash
# Who wins the empty NoGo board, moving first as Left and as Right: `grundy solve --no-value
# --max-moves 0`, one process per board, with its time and peak memory (GNU time). The
# published answers: every 1 x n strip from 1 x 3 to 1 x 39 is a first-player win (Du and
# Müller, CG 2024, and Du et al. before them), 4 x 4 a second-player win and 5 x 5 a
# first-player win (Cazenave 2021).
# Usage: bash bench/nogo_records.sh [ROWSxCOLS...] (default 1x24 1x26 4x4 5x5). THREADS
# (default 2) and MAX_STATES (default the command's own) are passed on; GRUNDY runs another
# build. A board not decided (a limit reached) shows grundy's message as its outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page nogo-records "$@"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=(1x24 1x26 4x4 5x5)
threads=${THREADS:-2}
limits=()
[ -z "${MAX_STATES:-}" ] || limits=(--max-states "$MAX_STATES")
[ -n "${GRUNDY:-}" ] || cargo build --release --quiet
bin=${GRUNDY:-target/release/grundy}
empty() {
  local rows=$1 cols=$2 r c out=""
  for ((r = 0; r < rows; r++)); do
    [ "$r" -gt 0 ] && out+="/"
    for ((c = 0; c < cols; c++)); do out+="."; done
  done
  printf '%s' "$out"
}
printf '| board | outcome | time | peak memory |\n|---|---|---|---|\n'
for b in "${boards[@]}"; do
  rows=${b%x*} cols=${b#*x}
  log=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$log" "$bin" solve --json --no-value --max-moves 0 \
    --threads "$threads" "${limits[@]}" "nogo $(empty "$rows" "$cols")" \
    >"$log.json" 2>"$log.err" || true
  python3 - "$log.json" "$log.err" >"$log.out" <<'EOF'
import json, sys
try:
    print(json.load(open(sys.argv[1]))["outcome"], end="")
except ValueError:
    print("not decided: " + open(sys.argv[2]).read().strip().splitlines()[-1], end="")
EOF
  read -r secs kb <"$log"
  printf '| %s x %s | %s | %s s | %d MB |\n' "$rows" "$cols" "$(cat "$log.out")" "$secs" $((kb / 1024))
  rm -f "$log" "$log.out" "$log.json" "$log.err"
done
