#!/usr/bin/env python3
"""Times ogdoad's LoopyGraph win/lose/draw classification on an edge-list game graph.

Prints the seconds to read the file into adjacency lists (plain Python) and the seconds of
LoopyGraph(adjacency) + outcomes(), then the W/L/D counts to compare with grundy's.
Usage: python3 bench/ogdoad_loopy.py FILE
"""
import sys
import time

from ogdoad import LoopyGraph


def main():
    t = time.perf_counter()
    with open(sys.argv[1]) as f:
        lines = (line for line in f if line.strip() and not line.startswith("#"))
        n, m = map(int, next(lines).split())
        adj = [[] for _ in range(n)]
        for line in lines:
            u, v = line.split()
            adj[int(u) - 1].append(int(v) - 1)
    read = time.perf_counter() - t
    t = time.perf_counter()
    outcomes = LoopyGraph(adj).outcomes()
    solve = time.perf_counter() - t
    counts = {}
    for o in outcomes:
        counts[str(o)] = counts.get(str(o), 0) + 1
    print(f"ogdoad read {read:.2f} s, LoopyGraph + outcomes {solve:.2f} s, {counts}")


if __name__ == "__main__":
    main()
