#!/usr/bin/env bash
# Issue 37's speed rows: the values of Backsliding Toads and Frogs rows up to 12 cells and of
# Fox and Geese boards up to the standard 8 x 8 start, each by `grundy value` in a fresh
# process (wall time and peak memory by GNU time), one line per position:
#   position | value | seconds | MB
# Usage: bash bench/loopy.sh [--rows|--boards] (both by default); about 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page loopy "$@"
cargo build --release --quiet
bin=$(mktemp -d)/grundy && cp target/release/grundy "$bin"
what=${1:-both}
stats=$(mktemp)
out=$(mktemp)
trap 'rm -f "$stats" "$out"' EXIT

row() {
  /usr/bin/time -f '%e %M' -o "$stats" "$bin" value --max-states 300000000 "$1" >"$out" 2>&1 || true
  local value
  value=$(grep -m1 '^value:' "$out" | sed 's/^value: *//')
  read -r seconds kb < <(tail -1 "$stats")
  value=${value:-$(head -1 "$out")}
  echo "| \`$1\` | \`${value//|/\\|}\` | $seconds | $((kb / 1024)) |"
}

echo "| position | value | s | MB |"
echo "|---|---|---|---|"
if [[ $what != --boards ]]; then
  for r in T.F TT..FF TTT..FFF TTTT..FFFF TTTTT..FFFFF TTT...FFF TTTT...FFFF TTTTT...FFFF \
    T.T.T.F.F.F TTT.TT..FF.F; do
    row "backsliding $r"
  done
fi
if [[ $what != --rows ]]; then
  for b in .g.g/..../..../f... .g.g.g.g/......../......../f....... \
    .g.g.g.g/......../......../......../......../f....... \
    .g.g.g.g/......../......../......../......../......../......../f....... \
    .g.g.g.g/......../......../......../......../......../......../....f...; do
    row "foxgeese $b"
  done
fi
