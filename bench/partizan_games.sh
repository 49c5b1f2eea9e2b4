#!/usr/bin/env bash
# Issue 35's speed rows, each position valued once by `grundy value` in a fresh process (wall
# time and peak memory by GNU time):
#  1. the fixed mid-game positions;
#  2. per game, the largest standard board valued within a minute: its standard start (as
#     `grundy table` starts it) on 1 x 1, 1 x 2, 2 x 2, 2 x 3, 3 x 3, ... (rows games: the
#     rows named below, longer and longer) until one takes a minute or more.
# Usage: bash bench/partizan_games.sh [--fixed|--largest] (both by default); about 25 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page partizan-games "$@"
cargo build --release --quiet
bin=$(mktemp -d)/grundy && cp target/release/grundy "$bin"
limit=${LIMIT:-60}
what=${1:-both}

# timed EXPR: prints "seconds megabytes", or nothing when it ran out of time or failed
stats_file=$(mktemp)
trap 'rm -f "$stats_file"' EXIT
# (or "over" when it ran out of time, "budget" when it stopped at the default state budget)
timed() {
  local rc=0
  /usr/bin/time -f '%e %M' -o "$stats_file" timeout "$limit" "$bin" value "$1" >/dev/null 2>&1 || rc=$?
  if ((rc == 0)); then
    read -r seconds kb < <(tail -1 "$stats_file")
    echo "$seconds $((kb / 1024))"
  elif ((rc == 124)); then
    echo over
  else
    echo budget
  fi
}
# why the next size was not reached
why() { [[ $1 == over ]] && echo " (next: over $limit s)" || echo " (next: past the default budget)"; }

if [[ $what != --largest ]]; then
  printf '| position | time | peak memory |\n|---|---|---|\n'
  for position in \
    'amazons x.../..../..../...o' \
    'konane ..ox/oxox/xoxo/oxox' \
    'clobber xoxo/oxox/xoxo/oxox' \
    'nogo ..../..../..../....' \
    'snort ..../..../..../....'; do
    stats=$(timed "$position")
    if [[ $stats == over || $stats == budget ]]; then
      printf '| `%s` | %s | - |\n' "$position" "$stats"
    else
      read -r seconds mb <<<"$stats"
      printf '| `%s` | %s s | %s MB |\n' "$position" "$seconds" "$mb"
    fi
  done
  echo
fi

[[ $what == --fixed ]] && exit 0

# board R C FILL: a board of FILL, then cells set by the game below
board() {
  local r=$1 c=$2 fill=$3 i j line out=()
  for ((i = 0; i < r; i++)); do
    line=""
    for ((j = 0; j < c; j++)); do line+=$(cell "$i" "$j" "$r" "$c" "$fill"); done
    out+=("$line")
  done
  (IFS=/; echo "${out[*]}")
}
cell() {
  local i=$1 j=$2 r=$3 c=$4 fill=$5
  case $fill in
    checker) (((i + j) % 2 == 0)) && echo -n x || echo -n o ;;
    konane) if ((i == 0 && j == 0)) || ((i == 0 && j == 1)) || ((c == 1 && i == 1)); then echo -n .
            elif (((i + j) % 2 == 0)); then echo -n x; else echo -n o; fi ;;
    amazons) if ((i == 0 && j == 0)); then echo -n x
             elif ((i == r - 1 && j == c - 1)); then echo -n o; else echo -n .; fi ;;
    fission) ((i == (r - 1) / 2 && j == (c - 1) / 2)) && echo -n x || echo -n . ;;
    *) echo -n . ;;
  esac
}
start() {
  local game=$1 r=$2 c=$3
  case $game in
    cutcake) echo "cutcake $r $c" ;;
    clobber | cannibal) echo "$game $(board "$r" "$c" checker)" ;;
    konane | amazons | fission) echo "$game $(board "$r" "$c" "$game")" ;;
    *) echo "$game $(board "$r" "$c" empty)" ;;
  esac
}
sizes=()
for n in $(seq 1 12); do sizes+=("$n $n" "$n $((n + 1))"); done

printf '| game (standard start) | largest within %s s | time | peak memory |\n|---|---|---|---|\n' "$limit"
shape=""
for game in domineering cutcake cram snort col clobber cannibal konane fission nogo amazons; do
  best="-" best_stats=""
  for size in "${sizes[@]}"; do
    read -r r c <<<"$size"
    stats=$(timed "$(start "$game" "$r" "$c")")
    [[ $stats == over || $stats == budget ]] && { best+=$(why "$stats"); break; }
    best="$r x $c" best_stats=$stats
  done
  read -r seconds mb <<<"$best_stats"
  printf "| %s%s | %s | %s s | %s MB |\n" "$game" "${shape:+ $shape}" "$best" "$seconds" "$mb"
done
# rows: Toppling Dominoes (xo)^k, Elephants and Rhinos x^k .^k o^k, Toads and Frogs T^k..F^k
row() {
  local game=$1 k=$2
  case $game in
    toppling) printf 'toppling %s' "$(printf 'xo%.0s' $(seq "$k"))" ;;
    elephants) printf 'elephants %s%s%s' "$(printf 'x%.0s' $(seq "$k"))" "$(printf '.%.0s' $(seq "$k"))" "$(printf 'o%.0s' $(seq "$k"))" ;;
    toads) printf 'toads %s..%s' "$(printf 'T%.0s' $(seq "$k"))" "$(printf 'F%.0s' $(seq "$k"))" ;;
  esac
}
for game in toppling elephants toads; do
  case $game in toppling) shape='(xo)^k' ;; elephants) shape='x^k .^k o^k' ;; toads) shape='T^k..F^k' ;; esac
  best="-" best_stats=""
  for k in 1 2 3 4 5 6 7 8 10 12 14 16 20 24 28 32 40 48 56 64 80 96 112 128 160 192 224 256; do
    expr=$(row "$game" "$k")
    stats=$(timed "$expr")
    [[ $stats == over || $stats == budget ]] && { best+=$(why "$stats"); break; }
    best="k = $k" best_stats=$stats
  done
  read -r seconds mb <<<"$best_stats"
  printf "| %s%s | %s | %s s | %s MB |\n" "$game" "${shape:+ $shape}" "$best" "$seconds" "$mb"
done
