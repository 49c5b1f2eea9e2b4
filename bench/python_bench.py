#!/usr/bin/env python3
"""Times the Python package: `values` for Grundy's game against the memoised mex loop a user
would write, and `table('octal 0.07', to=10**6)` (and `octal 0.6`, whose values have no proved
period, to 2*10^5) from Python against the command line.
Usage (with grundy installed): python3 bench/python_bench.py PATH_TO_GRUNDY_BINARY
"""
import functools
import json
import subprocess
import sys
import time

import grundy


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def grundys_game(n):
    return [(a, n - a) for a in range(1, n) if 2 * a != n]


def plain_python(to):
    @functools.lru_cache(maxsize=None)
    def g(n):
        seen = {g(a) ^ g(b) for a, b in grundys_game(n)}
        m = 0
        while m in seen:
            m += 1
        return m

    sys.setrecursionlimit(10_000)
    return [g(n) for n in range(to + 1)]


def main():
    binary = sys.argv[1]
    to = 2000
    t_py, want = best(lambda: plain_python(to), runs=1)
    t_rs, got = best(lambda: grundy.values(grundys_game, to))
    assert got == want
    print(f"values, Grundy's game to {to}: plain Python {t_py:.2f} s, grundy.values {t_rs:.2f} s "
          f"({t_py / t_rs:.1f}x faster)")
    n = 10**6
    t_lib, report = best(lambda: grundy.table("octal 0.07", to=n), runs=10)
    t_cli, out = best(lambda: subprocess.run(
        [binary, "table", "--json", "--to", str(n), "octal 0.07"], capture_output=True, check=True
    ).stdout, runs=10)
    assert json.loads(out) == report
    print(f"table('octal 0.07', to=10**6): Python {t_lib:.3f} s, command line {t_cli:.3f} s "
          f"(overhead {100 * (t_lib / t_cli - 1):+.1f}%)")
    # the same with every value computed (no period shortcut): the engine's time dominates
    t_lib, report = best(lambda: grundy.table("octal 0.6", to=2 * 10**5), runs=1)
    t_cli, out = best(lambda: subprocess.run(
        [binary, "table", "--json", "--to", str(2 * 10**5), "octal 0.6"], capture_output=True, check=True
    ).stdout, runs=1)
    assert json.loads(out) == report
    print(f"table('octal 0.6', to=2*10**5) (no period): Python {t_lib:.3f} s, command line "
          f"{t_cli:.3f} s (overhead {100 * (t_lib / t_cli - 1):+.1f}%)")


if __name__ == "__main__":
    main()
