#!/usr/bin/env bash
# Times every contest example on a maximal input (generated here, seeded) and prints one line
# per example. Usage: bash bench/examples.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh && bench_page contest-examples "$@"
cargo build --release --examples --quiet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
random.seed(1)
with open(f"{d}/split_game.in", "w") as f:
    f.writelines(f"{n} {m}\n" for n in range(1, 151) for m in range(1, 151) if n * m > 1)
with open(f"{d}/cutting_game.in", "w") as f:
    f.writelines(f"{w} {h}\n" for w in range(2, 201) for h in range(2, 201))
with open(f"{d}/game_on_sum.in", "w") as f:
    f.write("100000\n")
    f.writelines(f"10 {random.randint(1, 10)} {random.randint(0, 10**9 + 6)}\n" for _ in range(100000))
n, m = 2000, 100000
with open(f"{d}/tavas.in", "w") as f:
    f.write(f"{n} {m}\n1 2\n")
    f.write(" ".join(str(random.randint(-10**9, 10**9)) for _ in range(n)) + "\n")
    for v in range(2, n + 1):
        f.write(f"{random.randint(1, v - 1)} {v} {random.randint(0, 10**9)}\n")
    for _ in range(m - (n - 1)):
        f.write(f"{random.randint(1, n)} {random.randint(1, n)} {random.randint(0, 10**9)}\n")
with open(f"{d}/line_flip.in", "w") as f:
    f.write("4\n")
    for _ in range(4):
        f.write("1000 1000\n")
        rf = [random.randint(0, 1) for _ in range(1000)]
        cf = [random.randint(0, 1) for _ in range(1000)]
        for r in range(1000):
            f.write("".join("." if random.random() < 0.3 else ("x" if rf[r] ^ cf[c] else "o")
                            for c in range(1000)) + "\n")
PY
for name in split_game cutting_game game_on_sum tavas line_flip; do
  best=""
  for _ in 1 2 3; do
    start=$(date +%s.%N)
    target/release/examples/$name < "$dir/$name.in" > /dev/null
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  printf '%-14s %6.3f s  (best of 3, %s bytes of input)\n' "$name" "$best" "$(wc -c < "$dir/$name.in")"
done
