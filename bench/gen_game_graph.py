#!/usr/bin/env python3
"""Writes the seeded benchmark game graph of `grundy graph` (edge-list format).

2*10^6 positions; 5% have no move, the others 1 to 9 moves to positions chosen uniformly at
random (so about 9*10^6 moves, cycles everywhere). Same seed, same file.

Usage: python3 bench/gen_game_graph.py FILE [POSITIONS]
"""
import random
import sys


def main():
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000_000
    rng = random.Random(10)
    lines = []
    m = 0
    for u in range(1, n + 1):
        if rng.random() < 0.05:
            continue
        for _ in range(rng.randint(1, 9)):
            lines.append(f"{u} {rng.randint(1, n)}\n")
            m += 1
    with open(path, "w") as f:
        f.write(f"# seeded random game graph: {n} positions, {m} moves\n{n} {m}\n")
        f.write("".join(lines))


if __name__ == "__main__":
    main()
