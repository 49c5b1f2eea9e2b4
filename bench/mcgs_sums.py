#!/usr/bin/env python3
"""Seeded random sums of Clobber, Domineering and Toads-and-Frogs components, the kind of input
MCGS is built for: 4 to 8 components, 20 to 40 cells in all.

Prints one sum per line: `KIND<TAB>grundy expression<TAB>MCGS input`. Usage:
`python3 bench/mcgs_sums.py [COUNT_PER_KIND] [SEED] [MIN_CELLS MAX_CELLS]` (defaults 20, 2026,
20 40). Larger sums (`60 90`: 4 to 8 components of 8 to 20 cells) are the harder set the
search's own heuristics are measured on (bench/outcome_sums.sh, and against MCGS with
`CELLS="60 90" bash bench/mcgs_peers.sh`).
Conventions shared by both programs: Left is Black (`x` in grundy, `X` in MCGS), takes
vertical dominoes and moves the toads (`T`, MCGS's `X`) rightwards.
"""
import random
import sys


def grid(rng, cells, fill):
    """A random grid of about `cells` cells, rows joined by `|`, each cell drawn by `fill`."""
    rows = rng.randint(1, min(3, cells))
    cols = max(1, round(cells / rows))
    return "|".join("".join(fill(rng) for _ in range(cols)) for _ in range(rows)), rows * cols


def clobber(rng, cells):
    return grid(rng, cells, lambda r: r.choices("xo.", weights=(45, 45, 10))[0])


def domineering(rng, cells):
    return grid(rng, cells, lambda r: r.choices(".#", weights=(85, 15))[0])


def toads(rng, cells):
    row = "".join(rng.choices("TF.", weights=(30, 30, 40))[0] for _ in range(cells))
    return row, cells


KINDS = {
    # kind: (maker, grundy name, MCGS section, grundy -> MCGS characters)
    "clobber": (clobber, "clobber", "clobber", str.maketrans("xo", "XO")),
    "domineering": (domineering, "domineering", "domineering", str.maketrans("", "")),
    "toads": (toads, "toads", "gen_toads", str.maketrans("TF", "XO")),
}


def one_sum(rng, kind, low=20, high=40):
    """A sum of 4 to 8 components of `kind` (or of all three kinds for `mixed`), `low` to
    `high` cells in all."""
    while True:
        count = rng.randint(4, 8)
        total = rng.randint(low, high)
        sizes = [max(2, total // count + rng.randint(-2, 2)) for _ in range(count)]
        parts = []
        cells = 0
        for size in sizes:
            k = rng.choice(list(KINDS)) if kind == "mixed" else kind
            make, name, section, table = KINDS[k]
            board, n = make(rng, size)
            cells += n
            parts.append((k, name, section, board, board.translate(table)))
        if low <= cells <= high:
            break
    expr = " + ".join(f"{name} {board}" for _, name, _, board, _ in parts)
    mcgs = []
    for k, _, section, _, theirs in sorted(parts, key=lambda p: p[0]):
        token = f"1,1,1,0:{theirs}" if k == "toads" else theirs
        mcgs.append(f"[{section}] {token}")
    return expr, " ".join(mcgs) + " {B, W}"


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    low = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    high = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    rng = random.Random(seed)
    for kind in ("clobber", "domineering", "toads", "mixed"):
        for _ in range(count):
            expr, mcgs = one_sum(rng, kind, low, high)
            print(f"{kind}\t{expr}\t{mcgs}")


if __name__ == "__main__":
    main()
