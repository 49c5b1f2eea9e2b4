#!/usr/bin/env bash
# The game-graph benchmark of `grundy graph`: builds grundy and the C retrograde peer
# (bench/retrograde.c), writes the seeded graph (bench/gen_game_graph.py: 2*10^6 positions,
# about 9.5*10^6 moves), checks that both give the same W/L/D counts, then prints wall time and
# peak memory (GNU time) of each, the ratios, and ogdoad's LoopyGraph time (installed from PyPI).
# Usage: bash bench/game_graph.sh [POSITIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page game-graph "$@"
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }
pip install --quiet --root-user-action=ignore ogdoad
cargo build --release --quiet --bin grundy
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cc -O2 -o "$dir/retrograde" bench/retrograde.c
python3 bench/gen_game_graph.py "$dir/g.txt" "$@"
grundy=target/release/grundy

# same answers
want=$("$dir/retrograde" "$dir/g.txt" | head -1)
got=$("$grundy" graph --json --no-grundy "$dir/g.txt" | python3 -c 'import json,sys; r=json.load(sys.stdin); print("win %d lose %d draw %d" % (r["win"], r["lose"], r["draw"]))')
[ "$want" = "$got" ] || { echo "disagree: C '$want', grundy '$got'"; exit 1; }
echo "both: $got"

# the least of three runs: seconds and peak KB
best() {
  local t m bt=999999 bm=0
  for _ in 1 2 3; do
    read -r t m < <( { /usr/bin/time -f "%e %M" "$@" >/dev/null; } 2>&1 | tail -1)
    if awk "BEGIN{exit !($t < $bt)}"; then bt=$t; bm=$m; fi
  done
  echo "$bt $bm"
}
read -r c_t c_m < <(best "$dir/retrograde" "$dir/g.txt")
read -r ng_t ng_m < <(best "$grundy" graph --json --no-grundy "$dir/g.txt")
read -r full_t full_m < <(best "$grundy" graph --json "$dir/g.txt")
# a Markdown table (bench/page.py puts it on the benchmark page)
echo "| program | time | peak memory | time / C | memory / C |"
echo "|---|---|---|---|---|"
row() { # NAME SECONDS KB
  awk -v n="$1" -v t="$2" -v m="$3" -v c="$c_t" -v cm="$c_m" \
    'BEGIN { printf "| %s | %s s | %d MB | %.2f | %.2f |\n", n, t, m / 1024, t / c, m / cm }'
}
row "C retrograde (the peer)" "$c_t" "$c_m"
row "\`grundy graph --no-grundy --json\`" "$ng_t" "$ng_m"
row "\`grundy graph --json\` (with γ)" "$full_t" "$full_m"
python3 bench/ogdoad_loopy.py "$dir/g.txt"
