#!/usr/bin/env python3
"""grundy's octal engine against Beling's ogsolve (crates.io), on the same machine in one run.

Usage: python3 bench/ogsolve.py OGSOLVE_BINARY [--quick]
1. Agreement: for many codes, `ogsolve -p -n N` and `grundy table --json --to N` print the same
   values (N = 100000, or 20000 with --quick).
2. Speed: wall times (the least of two runs) of ogsolve's naive, rc and rc2 methods and of
   grundy (auto) on one thread (RAYON_NUM_THREADS=1) and on every core, and the ratios
   grundy / best ogsolve method (below 1.0 means grundy is faster).
"""
import json, os, subprocess, sys, time

OG = sys.argv[1]
QUICK = "--quick" in sys.argv
GRUNDY = "target/release/grundy"

def og_values(code, n):
    out = subprocess.run([OG, "-m", "rc2", "-p", "-n", str(n), code], capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.strip().startswith("nimbers:"))
    return [int(x) for x in line.split(":", 1)[1].split()]

def grundy_values(code, n):
    out = subprocess.run([GRUNDY, "table", "--json", "--to", str(n), "--until-period", str(n), "octal", code],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["values"]

def wall(cmd, threads=None, runs=2):
    env = dict(os.environ)
    if threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True, env=env)
        best = min(best, time.perf_counter() - start)
    return best

n = 20_000 if QUICK else 100_000
codes = ["0.07", "0.77", "0.137", "0.007", "0.16", "0.6", "0.165", "4.07", "0.161", "0.26", "0.56", "0.34", "0.27", "0.4"]
bad = 0
for code in codes:
    a, b = og_values(code, n), grundy_values(code, n)
    same = a == b[: len(a)] and len(a) == n + 1
    bad += not same
    print(f"agree {code:7} up to {n}: {'yes' if same else 'NO'}")
print()
rows = [("0.6", 1 << 20), ("0.165", 200_000), ("0.161", 200_000), ("0.007", 100_000)]
if QUICK:
    rows = [(c, m // 8) for c, m in rows]
# a Markdown table (bench/page.py puts it on the benchmark page)
print("| code, heaps | ogsolve naive | ogsolve rc | ogsolve rc2 | grundy, 1 thread | grundy, all cores | 1 thread / best | all cores / best |")
print("|---|---|---|---|---|---|---|---|")
for code, m in rows:
    # the naive method is quadratic: skipped where it would take minutes (2^20 heaps)
    methods = ("naive", "rc", "rc2") if m <= 200_000 else ("rc", "rc2")
    og = {meth: wall([OG, "-m", meth, "-n", str(m), code]) for meth in methods}
    cmd = [GRUNDY, "table", "--json", "--to", str(m), "--until-period", str(m), "--compute-all", "octal", code]
    one, every = wall(cmd, threads=1), wall(cmd)
    best = min(og.values())
    naive = f"{og['naive']:.2f} s" if "naive" in og else "-"
    print(f"| {code} to {m} | {naive} | {og['rc']:.2f} s | {og['rc2']:.2f} s | {one:.2f} s | {every:.2f} s | {one / best:.2f} | {every / best:.2f} |")
sys.exit(1 if bad else 0)
