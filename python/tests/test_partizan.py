"""Partizan games from Python: grundy.value against the command line, grundy.partizan (rules
written in Python) against grundy.value, and cgt-py (cgt-tools on PyPI) as an independent
cross-check of Domineering canonical forms, stops, temperatures, birthdays and reduced forms."""

import json
import random
import subprocess

import pytest

import grundy
from test_grundy import GRUNDY, cli_error


def random_board(rng, rows, cols):
    return ["".join("#" if rng.random() < 0.2 else "." for _ in range(cols)) for _ in range(rows)]


def test_value_matches_the_command_line():
    rng = random.Random(20)
    for _ in range(20):
        board = "/".join(random_board(rng, rng.randint(1, 4), rng.randint(1, 4)))
        expr = f"domineering {board} + {rng.choice(['^', '*2', '-1/2', '{1|-1}'])} + nim 1"
        out = subprocess.run([GRUNDY, "value", "--json", expr], capture_output=True, check=True)
        assert grundy.value(expr) == json.loads(out.stdout)


def test_every_catalog_game_is_valued_and_solved_as_the_command_line_does():
    games = grundy.partizan_games()
    keywords = {g["keyword"] for g in games}
    assert {"domineering", "clobber", "snort", "col", "toppling", "elephants", "cannibal", "fission", "konane", "nogo", "amazons"} <= keywords
    for game in games:
        for example in game["examples"]:
            out = subprocess.run([GRUNDY, "value", "--json", example], capture_output=True, check=True)
            assert grundy.value(example) == json.loads(out.stdout), example
            out = subprocess.run([GRUNDY, "solve", "--json", example], capture_output=True, check=True)
            assert grundy.solve(example) == json.loads(out.stdout), example
        if game["table"]:
            out = subprocess.run(
                [GRUNDY, "table", "--json", "--rows", "2", "--cols", "2", game["keyword"]],
                capture_output=True,
                check=True,
            )
            assert json.loads(out.stdout)["family"] == game["keyword"]


def domineering_moves(board, vertical):
    rows = [list(r) for r in board]
    out = []
    for r in range(len(rows)):
        for c in range(len(rows[0])):
            r2, c2 = (r + 1, c) if vertical else (r, c + 1)
            if r2 < len(rows) and c2 < len(rows[0]) and rows[r][c] == "." and rows[r2][c2] == ".":
                new = [row[:] for row in rows]
                new[r][c] = new[r2][c2] = "#"
                out.append(tuple("".join(row) for row in new))
    return out


def test_partizan_rules_in_python_agree_with_the_catalog():
    rng = random.Random(7)
    for _ in range(25):
        board = tuple(random_board(rng, rng.randint(1, 4), rng.randint(1, 4)))
        ours = grundy.partizan(
            board, lambda b: domineering_moves(b, True), lambda b: domineering_moves(b, False)
        )
        expected = grundy.value("domineering " + "/".join(board))
        assert ours["position"] == repr(board)
        assert {k: v for k, v in ours.items() if k != "position"} == {
            k: v for k, v in expected.items() if k != "position"
        }
    # Toads and Frogs, written here from the rules
    def toads(row, left):
        me, them, d = ("T", "F", 1) if left else ("F", "T", -1)
        out = []
        for i, ch in enumerate(row):
            if ch != me:
                continue
            j = i + d
            if 0 <= j < len(row) and row[j] == ".":
                out.append(_moved(row, i, j, me))
            elif 0 <= j + d < len(row) and row[j] == them and row[j + d] == ".":
                out.append(_moved(row, i, j + d, me))
        return out

    for _ in range(25):
        row = "".join(rng.choice("TF..") for _ in range(rng.randint(2, 8)))
        ours = grundy.partizan(row, lambda r: toads(r, True), lambda r: toads(r, False))
        assert ours["canonical"] == grundy.value(f"toads {row}")["canonical"], row


def _moved(row, i, j, me):
    cells = list(row)
    cells[i], cells[j] = ".", me
    return "".join(cells)


def test_partizan_errors_and_limits():
    with pytest.raises(ValueError, match="does not end"):
        grundy.partizan(0, lambda p: [1 - p], lambda p: [])
    with pytest.raises(ValueError, match="max_states="):
        grundy.partizan(0, lambda n: [n + 1] if n < 100 else [], lambda n: [], max_states=10)
    with pytest.raises(ZeroDivisionError):
        grundy.partizan(0, lambda n: [1 / 0], lambda n: [])
    # a value error of grundy.value is the command line's one line
    for expr in ["domineering ../.", "{1|-1", "1/3", "clobber xo/o"]:
        with pytest.raises(ValueError) as e:
            grundy.value(expr)
        assert str(e.value) == cli_error(["value", expr])


def test_domineering_agrees_with_cgt_py():
    """cgt-py's canonical forms (read back by grundy), stops, temperatures, birthdays and
    reduced forms of random Domineering boards, and of every empty rectangle up to 4 x 4.
    python/test.sh installs cgt-py: its absence is a failure, not a skip."""
    import cgt_py

    rng = random.Random(2026)
    boards = [["." * c] * r for r in range(1, 5) for c in range(1, 5)]
    boards += [random_board(rng, rng.randint(1, 5), rng.randint(1, 5)) for _ in range(60)]
    for board in boards:
        theirs = cgt_py.Domineering("|".join(board)).canonical_form
        ours = grundy.value("domineering " + "/".join(board))
        form = str(theirs).removeprefix("CanonicalForm('").removesuffix("')")
        assert grundy.value(form)["canonical"] == ours["canonical"], board
        assert str(theirs.left_stop).split("'")[1] == ours["left_stop"], board
        assert str(theirs.right_stop).split("'")[1] == ours["right_stop"], board
        assert str(theirs.temperature).split("'")[1] == ours["temperature"], board
        assert theirs.birthday == ours["birthday"], board
        reduced = str(theirs.reduced).removeprefix("CanonicalForm('").removesuffix("')")
        assert grundy.value(reduced)["canonical"] == ours["reduced"], board
