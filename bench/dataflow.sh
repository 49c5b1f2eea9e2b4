#!/usr/bin/env bash
# The dataflow engine on the game-graph benchmark (bench/gen_game_graph.py: 2*10^6 positions,
# about 9.5*10^6 moves): wall time and peak memory (GNU time) of
#   - the local engine (`--no-grundy`),
#   - one process with 2 dataflow workers,
#   - one process with 1 worker, and 2 processes of 1 worker each on loopback (peak of each),
# all checked to print the same JSON; then the ratios the README quotes.
# Usage: bash bench/dataflow.sh [POSITIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page dataflow "$@"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
cargo build --release --quiet --bin grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 bench/gen_game_graph.py "$dir/g.txt" "$@"
g=target/release/grundy

# the least of three runs: "seconds peakKB"
best() {
  local t m bt=999999 bm=0
  for _ in 1 2 3; do
    read -r t m < <( { /usr/bin/time -f "%e %M" "$@" >"$dir/out.json"; } 2>&1 | tail -1)
    if awk "BEGIN{exit !($t < $bt)}"; then bt=$t; bm=$m; fi
  done
  echo "$bt $bm"
}
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

read -r local_t local_m < <(best "$g" graph --json --no-grundy "$dir/g.txt")
cp "$dir/out.json" "$dir/local.json"
read -r w2_t w2_m < <(best "$g" graph --json --no-grundy --engine dataflow --workers 2 "$dir/g.txt")
cmp -s "$dir/out.json" "$dir/local.json" || { echo "dataflow (2 workers) differs from local"; exit 1; }
read -r w1_t w1_m < <(best "$g" graph --json --no-grundy --engine dataflow --workers 1 "$dir/g.txt")

# two processes on loopback, one worker each: peak memory of each
printf '127.0.0.1:%s\n127.0.0.1:%s\n' "$(port)" "$(port)" > "$dir/hosts"
/usr/bin/time -f "%e %M" -o "$dir/p1.time" "$g" graph --json --no-grundy --engine dataflow \
  --workers 1 --hosts "$dir/hosts" --process 1 "$dir/g.txt" >/dev/null &
/usr/bin/time -f "%e %M" -o "$dir/p0.time" "$g" graph --json --no-grundy --engine dataflow \
  --workers 1 --hosts "$dir/hosts" --process 0 "$dir/g.txt" >"$dir/out.json"
wait
cmp -s "$dir/out.json" "$dir/local.json" || { echo "the 2-process cluster differs from local"; exit 1; }
read -r p0_t p0_m < "$dir/p0.time"
read -r p1_t p1_m < "$dir/p1.time"

printf '%-44s %8s %10s\n' run seconds "peak MB"
printf '%-44s %8s %10d\n' "local engine --no-grundy" "$local_t" $((local_m / 1024))
printf '%-44s %8s %10d\n' "dataflow, 1 process, 2 workers" "$w2_t" $((w2_m / 1024))
printf '%-44s %8s %10d\n' "dataflow, 1 process, 1 worker" "$w1_t" $((w1_m / 1024))
printf '%-44s %8s %10d\n' "dataflow, 2 processes x 1 worker: process 0" "$p0_t" $((p0_m / 1024))
printf '%-44s %8s %10d\n' "dataflow, 2 processes x 1 worker: process 1" "$p1_t" $((p1_m / 1024))
awk -v l="$local_t" -v w2="$w2_t" -v w1m="$w1_m" -v p0="$p0_m" -v p1="$p1_m" 'BEGIN {
  m = (p0 > p1) ? p0 : p1
  printf "2 workers / local time: %.2f;  peak of each of 2 processes / 1 process: %.2f\n", w2 / l, m / w1m }'
