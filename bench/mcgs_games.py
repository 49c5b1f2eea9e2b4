"""Seeded random positions of the catalog games MCGS also plays, for bench/mcgs_games.sh.

Usage: python3 bench/mcgs_games.py COUNT SEED > positions.tsv

Prints COUNT positions of each kind, a line each: the kind, grundy's expression, MCGS's
input (without the players asked). The kinds and their sizes:

- nogo-strip: NoGo on 1 x n, n from 1 to 27 (the sizes of the 1 x n studies MCGS's tests
  quote), up to half of the cells stones of either colour;
- nogo-board: NoGo on 2 x 2 to 5 x 5, up to a third of the cells stones;
- amazons: 3 x 3 to 5 x 6, one or two amazons a side, a tenth to half of the cells burnt;
- elephants: Elephants and Rhinos on strips of 4 to 40 cells, a fifth to 3/5 of them animals;
- fission: 2 x 2 to 6 x 6, stones on 5 to 25% of the cells, up to 15% blocked;
- toppling: Toppling Dominoes, rows of 1 to 40 dominoes (Left's and Right's alike, a sixth
  green).

The NoGo positions are made legal by emptying every group with no liberty (one pass: taking
stones away only adds liberties). The same COUNT and SEED give the same positions.
"""
import random
import sys


def breathing(rows, cols, cells):
    """The NoGo board `cells` (a list, row by row) with the stones of every group that has no
    liberty taken away."""
    seen = [False] * len(cells)
    dead = []
    for start, colour in enumerate(cells):
        if seen[start] or colour not in "xo":
            continue
        group, k, breathes = [start], 0, False
        seen[start] = True
        while k < len(group):
            r, c = divmod(group[k], cols)
            k += 1
            for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if 0 <= r2 < rows and 0 <= c2 < cols:
                    j = r2 * cols + c2
                    breathes |= cells[j] == "."
                    if cells[j] == colour and not seen[j]:
                        seen[j] = True
                        group.append(j)
        if not breathes:
            dead.extend(group)
    for i in dead:
        cells[i] = "."
    return cells


def rows_of(rows, cols, cells, sep):
    return sep.join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def mcgs_cells(text):
    """grundy's cells in MCGS's letters (X Left/Black, O Right/White)."""
    return text.replace("x", "X").replace("o", "O")


def nogo_strip(rng):
    n = rng.randint(1, 27)
    fill = rng.uniform(0.0, 0.5)
    cells = [rng.choice("xo") if rng.random() < fill else "." for _ in range(n)]
    text = "".join(breathing(1, n, cells))
    return f"nogo {text}", f"[nogo_1xn] {mcgs_cells(text)}"


def nogo_board(rng):
    rows, cols = rng.randint(2, 5), rng.randint(2, 5)
    fill = rng.uniform(0.0, 1 / 3)
    cells = [rng.choice("xo") if rng.random() < fill else "." for _ in range(rows * cols)]
    cells = breathing(rows, cols, cells)
    return (f"nogo {rows_of(rows, cols, cells, '/')}",
            f"[nogo] {mcgs_cells(rows_of(rows, cols, cells, '|'))}")


def amazons(rng):
    rows, cols = rng.randint(3, 5), rng.randint(3, 6)
    burnt = rng.uniform(0.1, 0.5)
    cells = ["#" if rng.random() < burnt else "." for _ in range(rows * cols)]
    free = list(range(rows * cols))
    rng.shuffle(free)
    for colour in "xo":
        for _ in range(rng.randint(1, 2)):
            cells[free.pop()] = colour
    return (f"amazons {rows_of(rows, cols, cells, '/')}",
            f"[amazons] {mcgs_cells(rows_of(rows, cols, cells, '|'))}")


def elephants(rng):
    n = rng.randint(4, 40)
    fill = rng.uniform(0.2, 0.6)
    text = "".join(rng.choice("xo") if rng.random() < fill else "." for _ in range(n))
    return f"elephants {text}", f"[elephants] {mcgs_cells(text)}"


def fission(rng):
    rows, cols = rng.randint(2, 6), rng.randint(2, 6)
    stones, blocked = rng.uniform(0.05, 0.25), rng.uniform(0.0, 0.15)
    cells = []
    for _ in range(rows * cols):
        u = rng.random()
        cells.append("x" if u < stones else "#" if u < stones + blocked else ".")
    return (f"fission {rows_of(rows, cols, cells, '/')}",
            f"[fission] {mcgs_cells(rows_of(rows, cols, cells, '|'))}")


def toppling(rng):
    n = rng.randint(1, 40)
    text = "".join(rng.choice("xxooog") for _ in range(n))
    # MCGS writes a green domino #
    return f"toppling {text}", f"[toppling_dominoes] {mcgs_cells(text).replace('g', '#')}"


KINDS = {
    "nogo-strip": nogo_strip,
    "nogo-board": nogo_board,
    "amazons": amazons,
    "elephants": elephants,
    "fission": fission,
    "toppling": toppling,
}


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    for kind, make in KINDS.items():
        # one stream per kind, so that a kind's positions do not depend on the others'
        rng = random.Random(f"{seed}-{kind}")
        for _ in range(count):
            ours, theirs = make(rng)
            print(f"{kind}\t{ours}\t{theirs}")


if __name__ == "__main__":
    main()
