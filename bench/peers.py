#!/usr/bin/env python3
"""Runs grundy and the public peers on the same inputs and prints the times side by side.

Usage: python3 bench/peers.py DIR   (DIR holds the files of bench/gen.py; grundy built in
target/release). Every time is end to end (reading the file included), one run each, on this
machine; the ratio column is peer time / grundy time. Then igraph's matching call alone (its
read and graph build left out) on the bipartite graph and the board, beside grundy's whole
time: issue 25's goal is grundy at most 0.4 of it on the bipartite graph.
"""
import subprocess, sys, time
import numpy as np

D = sys.argv[1]
TIMEOUT = 120

def run(cmd, stdin=None):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=TIMEOUT, check=True)
    except subprocess.TimeoutExpired:
        return None, None
    return time.perf_counter() - start, out.stdout

def read_edges(path):
    with open(path, "rb") as f:
        n, m = map(int, f.readline().split())
        data = np.fromstring(f.read(), dtype=np.int64, sep=" ") if m else np.zeros(0, np.int64)
    return n, data.reshape(-1, 2) - 1

def board_edges(path):
    with open(path) as f:
        r, c = map(int, f.readline().split())
        grid = np.array([list(f.readline().strip()) for _ in range(r)]) == "."
    ids = -np.ones((r, c), np.int64)
    ids[grid] = np.arange(grid.sum())
    right = grid[:, :-1] & grid[:, 1:]
    down = grid[:-1, :] & grid[1:, :]
    e = np.concatenate([np.stack([ids[:, :-1][right], ids[:, 1:][right]], 1),
                        np.stack([ids[:-1, :][down], ids[1:, :][down]], 1)])
    rows, cols = np.nonzero(grid)
    return int(grid.sum()), e, ((rows + cols) % 2).astype(bool)

def timed(f):
    start = time.perf_counter()
    try:
        size = f()
    except Exception as exc:  # a peer that fails is reported, not fatal
        return None, str(exc)
    return time.perf_counter() - start, size

# igraph's maximum_bipartite_matching call alone (file read and graph built before), by input
MATCHING_ALONE = {}

def igraph_bipartite(load, key):
    import igraph
    def go():
        n, e, types = load()
        g = igraph.Graph(n=n, edges=e.tolist())
        types = types.tolist()
        start = time.perf_counter()
        size = len(g.maximum_bipartite_matching(types=types))
        MATCHING_ALONE[key] = time.perf_counter() - start
        return size
    return go

def scipy_hk(load):
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import maximum_bipartite_matching
    def go():
        n, e, types = load()
        left = np.nonzero(~types)[0]; right = np.nonzero(types)[0]
        li = -np.ones(n, np.int64); li[left] = np.arange(len(left))
        ri = -np.ones(n, np.int64); ri[right] = np.arange(len(right))
        a = np.where(types[e[:, 0]], e[:, 1], e[:, 0]); b = np.where(types[e[:, 0]], e[:, 0], e[:, 1])
        mat = csr_matrix((np.ones(len(e), np.int8), (li[a], ri[b])), shape=(len(left), len(right)))
        mat.sum_duplicates()
        return int((maximum_bipartite_matching(mat, perm_type="column") >= 0).sum())
    return go

def sides_of_graph(path):
    def load():
        n, e = read_edges(path)
        types = np.zeros(n, bool)
        types[n // 2:] = True  # bench/gen.py: left 1..n/2, right n/2+1..n
        return n, e, types
    return load

def ladder_sides(path, width=1000):
    def load():
        n, e = read_edges(path)
        return n, e, ((np.arange(n) // width) % 2).astype(bool)
    return load

def lemon(path):
    return run(["bench/lemon_matching", path])

rows = []
def grundy(args):
    t, out = run(["target/release/grundy", "geography", "--json"] + args)
    return t

def add(name, ours, peers):
    rows.append((name, ours, peers))

t = grundy([f"{D}/bipartite.txt"])
add("random bipartite 1e6+1e6, 3e6 edges", t, [
    ("igraph push-relabel", timed(igraph_bipartite(sides_of_graph(f"{D}/bipartite.txt"), "bipartite"))[0]),
    ("scipy Hopcroft-Karp", timed(scipy_hk(sides_of_graph(f"{D}/bipartite.txt")))[0]),
])
t = grundy(["--grid", f"{D}/board.txt"])
add("board 2000 x 2000, 20% blocked", t, [
    ("igraph push-relabel", timed(igraph_bipartite(lambda: board_edges(f"{D}/board.txt"), "board"))[0]),
    ("scipy Hopcroft-Karp", timed(scipy_hk(lambda: board_edges(f"{D}/board.txt")))[0]),
])
t = grundy([f"{D}/general.txt"])
lt, _ = lemon(f"{D}/general.txt")
add("random general 1e6, 3e6 edges", t, [("LEMON MaxMatching", lt)])
t = grundy([f"{D}/ladder.txt"])
add("ladder 1000 layers x 1000", t, [
    ("scipy Hopcroft-Karp", timed(scipy_hk(ladder_sides(f"{D}/ladder.txt")))[0]),
])
with open(f"{D}/hanafuda.txt", "rb") as f:
    t, _ = run(["target/release/examples/hanafuda"], stdin=f)
add("hanafuda, 1e6 cards per hand", t, [])

# a Markdown table (bench/page.py puts it on the benchmark page)
print("| workload | grundy | peers (peer / grundy) |")
print("|---|---|---|")
for name, ours, peers in rows:
    cells = []
    for peer, pt in peers:
        if pt is None:
            cells.append(f"{peer} > {TIMEOUT} s or failed")
        else:
            cells.append(f"{peer} {pt:.2f} s ({pt / ours:.1f}x)")
    print(f"| {name} | {ours:.2f} s | " + ", ".join(cells) + " |")
bipartite, board = rows[0][1], rows[1][1]
for key, ours in [("bipartite", bipartite), ("board", board)]:
    if key in MATCHING_ALONE:
        alone = MATCHING_ALONE[key]
        print(f"{key}: igraph's matching alone {alone:.2f} s (its file read and graph build left "
              f"out); grundy end to end / igraph's matching alone = {ours / alone:.2f}")
