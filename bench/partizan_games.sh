#!/usr/bin/env bash
# The fixed mid-game positions of issue 35, each valued once by `grundy value` in a fresh
# process: wall time and peak memory (GNU time). Usage: bash bench/partizan_games.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/grundy
printf '| position | time | peak memory |\n|---|---|---|\n'
for position in \
  'amazons x.../..../..../...o' \
  'konane xoxo/oxox/xoxo/oxox' \
  'clobber xoxo/oxox/xoxo/oxox' \
  'nogo ..../..../..../....' \
  'snort ..../..../..../....'; do
  stats=$( { /usr/bin/time -f '%e %M' "$bin" value "$position" >/dev/null; } 2>&1 | tail -1)
  read -r seconds kb <<<"$stats"
  printf '| `%s` | %s s | %s MB |\n' "$position" "$seconds" "$((kb / 1024))"
done
