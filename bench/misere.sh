#!/usr/bin/env bash
# The three misère sums of issue 14, timed with the build before the issue (commit 475011e,
# whole-sum search over component lists) and with this checkout (compact keys, interned game
# trees, * + * = 0), in one run; outcomes and winning moves must be identical.
# Also: a sum of a million heaps of 0.75, answered through its misère quotient.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page misere "$@"
BEFORE=475011e
old=target/bench-before-misere
if [ ! -x "$old/release/grundy" ]; then
    rm -rf target/before-misere-src
    git worktree add -f target/before-misere-src "$BEFORE" >/dev/null 2>&1 || true
    (cd target/before-misere-src && cargo build --release --quiet --target-dir "../../$old")
    git worktree remove --force target/before-misere-src >/dev/null 2>&1 || true
fi
cargo build --release --quiet
new=target/release/grundy
sums=(
    'octal 0.77 12 + octal 0.77 13 + octal 0.77 14 + octal 0.77 15'
    'octal 0.07 20 + octal 0.77 15 + wythoff 6 9'
    'subtract 1,3,4 24 + wythoff 37 2 + wythoff 21 17'
)
seconds() { /usr/bin/time -f "%e" "$@" 2>&1 >/dev/null | tail -1; }
total_old=0; total_new=0
for s in "${sums[@]}"; do
    diff <("$old/release/grundy" solve --misere --json "$s") <("$new" solve --misere --json "$s") >/dev/null \
        || { echo "DIFFERENT ANSWERS for $s"; exit 1; }
    a=$(seconds "$old/release/grundy" solve --misere "$s")
    b=$(seconds "$new" solve --misere "$s")
    printf '%-55s before %6.2f s   now %6.2f s   ratio %.3f\n' "$s" "$a" "$b" "$(echo "$b / $a" | bc -l)"
    total_old=$(echo "$total_old + $a" | bc -l); total_new=$(echo "$total_new + $b" | bc -l)
done
printf 'total: before %.2f s, now %.2f s, ratio %.3f (goal <= 0.1)\n' "$total_old" "$total_new" "$(echo "$total_new / $total_old" | bc -l)"
python3 -c "print(' + '.join(['octal 0.75 9'] * 1000000 + ['octal 0.75 2']))" > target/million.txt
printf 'a million heaps of 0.75 through its quotient (parse, solve, print 4 moves): %s s\n' \
    "$(seconds "$new" solve --misere - < target/million.txt)"
