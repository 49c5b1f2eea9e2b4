#!/usr/bin/env bash
# The partizan moonshots as resumable jobs: who wins each board moving first as each player
# (`grundy solve --no-value --max-moves 0`), searched for at most SECONDS a run with a
# checkpoint (a run stopped by its time limit saves its table, and the next run of the same
# board goes on from it; `--checkpoint-every` EVERY seconds in between). Prints per board the
# wall time, peak memory (GNU time), the positions this run searched and their rate, the
# table's results, and the answer when the run finished.
# Usage: bash bench/partizan_records.sh SECONDS GAME:ROWSxCOLS...
#   GAME is domineering (the empty board) or clobber (the checkerboard, x in the corner).
#   Default: 600 domineering:10x10.
# THREADS (default 2), MAX_STATES (default 100000000: 3.2 GB), EVERY (default 300), DIR
# (default records: the checkpoints, kept between runs), GRUNDY (another build), PROCESSES
# (with PROCESSES=N, N processes of one dataflow worker each on loopback share the root's
# moves, `--engine dataflow`; each keeps a file per worker and prints its own rate).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page partizan-records "$@"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
secs=${1:-600}
shift || true
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(domineering:10x10)
if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet
fi
grundy=${GRUNDY:-target/release/grundy}
dir=${DIR:-records}
mkdir -p "$dir"
board() {
  local game=$1 rows=$2 cols=$3 r c out=""
  for ((r = 0; r < rows; r++)); do
    [ "$r" -gt 0 ] && out+="/"
    for ((c = 0; c < cols; c++)); do
      if [ "$game" = domineering ]; then
        out+="."
      elif (((r + c) % 2 == 0)); then out+="x"; else out+="o"; fi
    done
  done
  printf '%s %s' "$game" "$out"
}
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# the rate of a run: positions searched (the last progress line of each process) per second
report() {
  local name=$1 status=$2 wall=$3 kb=$4 nodes=$5 line=$6
  local rate
  rate=$(awk -v n="$nodes" -v w="$wall" 'BEGIN { printf "%.2f", (w > 0 ? n / w / 1e6 : 0) }')
  if [ "$status" = 0 ]; then
    printf '%-24s %8.0f s %7d MB  %14s positions  %s M/s  answer: %s\n' "$name" "$wall" \
      "$((kb / 1024))" "$nodes" "$rate" "$line"
  else
    printf '%-24s %8.0f s %7d MB  %14s positions  %s M/s  stopped: %s\n' "$name" "$wall" \
      "$((kb / 1024))" "$nodes" "$rate" "$line"
  fi
}
last_nodes() { grep -ho '^grundy: [0-9]* positions searched' "$@" | awk '{ n = $2 } END { print (n == "" ? 0 : n) }'; }
for job in "${jobs[@]}"; do
  game=${job%%:*} size=${job#*:}
  rows=${size%x*} cols=${size#*x}
  position=$(board "$game" "$rows" "$cols")
  name="$game-$size"
  args=(solve --no-value --max-moves 0 --max-states "${MAX_STATES:-100000000}"
    --time-limit "$secs" --checkpoint-every "${EVERY:-300}")
  if [ -z "${PROCESSES:-}" ]; then
    status=0
    /usr/bin/time -f "%e %M" -o "$dir/$name.time" "$grundy" "${args[@]}" \
      --threads "${THREADS:-2}" --checkpoint "$dir/$name.ck" "$position" \
      >"$dir/$name.out" 2>"$dir/$name.err" || status=$?
    read -r wall kb < <(tail -1 "$dir/$name.time")
    nodes=$(last_nodes "$dir/$name.err")
    if [ "$status" = 0 ]; then
      line=$(grep '^outcome:' "$dir/$name.out" | sed 's/^outcome: *//')
    else
      line=$(grep -v 'positions searched' "$dir/$name.err" | tail -1 | sed 's/^grundy: //')
    fi
    report "$name" "$status" "$wall" "$kb" "$nodes" "$line"
  else
    hosts="$dir/$name.hosts"
    : >"$hosts"
    for ((p = 0; p < PROCESSES; p++)); do echo "127.0.0.1:$(port)" >>"$hosts"; done
    pids=()
    for ((p = PROCESSES - 1; p >= 0; p--)); do
      /usr/bin/time -f "%e %M" -o "$dir/$name.p$p.time" "$grundy" "${args[@]}" \
        --engine dataflow --workers 1 --hosts "$hosts" --process "$p" \
        --checkpoint "$dir/$name.df.ck" "$position" \
        >"$dir/$name.p$p.out" 2>"$dir/$name.p$p.err" &
      pids+=($!)
    done
    status=0
    for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
    wall=0 kb=0
    for ((p = 0; p < PROCESSES; p++)); do
      read -r w k < <(tail -1 "$dir/$name.p$p.time")
      wall=$(awk -v a="$wall" -v b="$w" 'BEGIN { print (b > a ? b : a) }')
      kb=$((kb + k))
    done
    nodes=0
    for ((p = 0; p < PROCESSES; p++)); do
      nodes=$((nodes + $(last_nodes "$dir/$name.p$p.err")))
    done
    if [ "$status" = 0 ]; then
      line=$(grep '^outcome:' "$dir/$name.p0.out" | sed 's/^outcome: *//')
    else
      line=$(grep -vh 'positions searched' "$dir"/$name.p*.err | tail -1 | sed 's/^grundy: //')
    fi
    report "$name x$PROCESSES processes" "$status" "$wall" "$kb" "$nodes" "$line"
  fi
done
