#!/usr/bin/env python3
"""Writes the seeded benchmark inputs of `grundy geography` and the matching examples.

Usage: python3 bench/gen.py DIR [--small]
"""
import random
import sys

def write_graph(path, n, edges):
    with open(path, "w") as f:
        f.write(f"{n} {len(edges)}\n")
        f.write("".join(f"{u} {v}\n" for u, v in edges))

def main():
    out = sys.argv[1]
    scale = 10 if "--small" in sys.argv else 1
    rng = random.Random(7)
    # random bipartite: 10^6 + 10^6 vertices, 3*10^6 edges (left 1..L, right L+1..2L)
    half = 1_000_000 // scale
    m = 3 * half
    edges = [(rng.randint(1, half), half + rng.randint(1, half)) for _ in range(m)]
    write_graph(f"{out}/bipartite.txt", 2 * half, edges)
    # random general graph: 10^6 vertices, 3*10^6 edges, no self-loops
    n = 1_000_000 // scale
    edges = []
    while len(edges) < 3 * n:
        u, v = rng.randint(1, n), rng.randint(1, n)
        if u != v:
            edges.append((u, v))
    write_graph(f"{out}/general.txt", n, edges)
    # layered ladder: 1000 layers of 1000, each vertex to 2 in the next layer
    layers, width = 1000 // (scale if scale > 1 else 1), 1000
    edges = []
    for l in range(layers - 1):
        for i in range(width):
            a = l * width + i + 1
            edges.append((a, (l + 1) * width + i + 1))
            edges.append((a, (l + 1) * width + (i + 1) % width + 1))
    write_graph(f"{out}/ladder.txt", layers * width, edges)
    # board 2000 x 2000, 20% blocked
    side = 2000 // (scale if scale > 1 else 1)
    with open(f"{out}/board.txt", "w") as f:
        f.write(f"{side} {side}\n")
        for _ in range(side):
            f.write("".join("#" if rng.random() < 0.2 else "." for _ in range(side)) + "\n")
    # hanafuda: 10^6 cards per hand, m = c = 10^4
    cards = 1_000_000 // scale
    with open(f"{out}/hanafuda.txt", "w") as f:
        f.write("10000 10000\n")
        for _ in range(2):
            f.write(f"{cards}\n")
            f.write("".join(f"{rng.randint(1, 10000)} {rng.randint(1, 10000)}\n" for _ in range(cards)))

main()
