"""The installed grundy package against the command line's JSON and against plain-Python brute
force (mex loops, a retrograde analysis written here)."""

import json
import os
import random
import subprocess
import threading
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]


def cli_binary():
    """The built command line: $GRUNDY_BIN, else target/{release,debug}/grundy, else built."""
    if os.environ.get("GRUNDY_BIN"):
        return os.environ["GRUNDY_BIN"]
    for kind in ("release", "debug"):
        path = ROOT / "target" / kind / "grundy"
        if path.exists():
            return str(path)
    subprocess.run(["cargo", "build", "--bin", "grundy"], cwd=ROOT, check=True)
    return str(ROOT / "target" / "debug" / "grundy")


GRUNDY = cli_binary()


def cli(args, stdin=None):
    out = subprocess.run([GRUNDY, *args], input=stdin, capture_output=True)
    return out.returncode, out.stdout, out.stderr.decode()


def cli_json(args, stdin=None):
    code, out, err = cli(args, stdin)
    assert code == 0, err
    return json.loads(out)


def cli_error(args, stdin=None):
    code, out, err = cli(args, stdin)
    assert code == 2 and out == b""
    return err.strip().removeprefix("grundy: ")


# --- the same objects as the command line -------------------------------------------------


def random_expression(rng):
    parts = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["nim", "wythoff", "octal", "subtract", "bash", "staircase"])
        if kind == "nim":
            parts.append("nim " + " ".join(str(rng.randint(0, 20)) for _ in range(rng.randint(1, 3))))
        elif kind == "wythoff":
            parts.append(f"wythoff {rng.randint(0, 30)} {rng.randint(0, 30)}")
        elif kind == "octal":
            parts.append(f"octal {rng.choice(['0.07', '0.77', '4.07', '0.137'])} {rng.randint(0, 40)}")
        elif kind == "subtract":
            parts.append(f"subtract 1,3,4 {rng.randint(0, 100)}")
        elif kind == "bash":
            parts.append(f"bash {rng.randint(1, 5)} {rng.randint(0, 50)}")
        else:
            parts.append("staircase " + " ".join(str(rng.randint(0, 5)) for _ in range(3)))
    return " + ".join(parts)


def small_misere_expression(rng):
    # misère sums are searched whole: keep them small
    parts = ["nim " + " ".join(str(rng.randint(0, 6)) for _ in range(rng.randint(1, 3)))]
    if rng.random() < 0.5:
        parts.append(f"octal 0.07 {rng.randint(0, 8)}")
    if rng.random() < 0.5:
        parts.append(f"wythoff {rng.randint(0, 3)} {rng.randint(0, 3)}")
    return " + ".join(parts)


def test_solve_matches_the_command_line():
    rng = random.Random(1)
    for _ in range(40):
        expr = random_expression(rng)
        assert grundy.solve(expr) == cli_json(["solve", "--json", expr]), expr
        expr = small_misere_expression(rng)
        assert grundy.solve(expr, misere=True) == cli_json(["solve", "--json", "--misere", expr]), expr
    assert grundy.solve("nim 1 2 3 4 5 6", max_moves=1) == cli_json(
        ["solve", "--json", "--max-moves", "1", "nim 1 2 3 4 5 6"]
    )


def test_table_matches_the_command_line():
    for family, to in [("octal 0.07", 99), ("octal 0.6", 300), ("subtract 1,3,4", 40), ("bash 3", 12)]:
        assert grundy.table(family, to=to) == cli_json(["table", "--json", "--to", str(to), family])
    assert grundy.table("octal 0.07", to=10, until_period=100) == cli_json(
        ["table", "--json", "--to", "10", "--until-period", "100", "octal 0.07"]
    )
    # the take-and-break families beyond octal, with the rare/common statistics
    for family in ["grundys", "hex 0.3F", "hex 0.B1"]:
        assert grundy.table(family, to=200, until_period=400, stats=True) == cli_json(
            ["table", "--json", "--stats", "--to", "200", "--until-period", "400", family]
        )
    expr = "grundys 20 + hex 0.3F 9"
    assert grundy.solve(expr) == cli_json(["solve", "--json", expr])
    assert grundy.solve(expr, misere=True) == cli_json(["solve", "--json", "--misere", expr])


def random_graph_text(rng, n, m):
    lines = [f"{n} {m}"] + [f"{rng.randint(1, n)} {rng.randint(1, n)}" for _ in range(m)]
    return "\n".join(lines) + "\n"


def test_geography_matches_the_command_line():
    rng = random.Random(2)
    for _ in range(20):
        n = rng.randint(2, 12)
        edges = {tuple(sorted(rng.sample(range(1, n + 1), 2))) for _ in range(rng.randint(0, 2 * n))}
        text = f"{n} {len(edges)}\n" + "".join(f"{u} {v}\n" for u, v in edges)
        start = str(rng.randint(1, n))
        assert grundy.geography(text, start=start) == cli_json(
            ["geography", "--json", "--from", start, "-"], text.encode()
        )
    board = "3 4\n..#.\n....\n#...\n"
    assert grundy.geography(board, grid=True, start="2,1") == cli_json(
        ["geography", "--json", "--grid", "--from", "2,1", "-"], board.encode()
    )


def test_graph_matches_the_command_line():
    rng = random.Random(3)
    for _ in range(30):
        n = rng.randint(1, 10)
        moves = {}
        for u in range(n):
            if rng.random() < 0.8:
                moves[f"p{u}"] = [f"p{rng.randrange(n)}" for _ in range(rng.randint(0, 3))]
        if not moves:
            moves["p0"] = []
        start = next(iter(moves))
        text = json.dumps({"moves": moves}).encode()
        for misere, values in [(False, True), (False, False), (True, False)]:
            args = ["graph", "--json", "--positions", "--from", start, "-"]
            args += ["--misere"] if misere else []
            args += [] if values else ["--no-grundy"]
            assert grundy.graph(moves, misere=misere, grundy=values, start=start) == cli_json(args, text)


# --- values against plain Python ---------------------------------------------------------


def mex_loop(moves, to):
    """The loop a user would write: G(n) = mex of the xor of the parts' values."""
    g = []
    for n in range(to + 1):
        seen = set()
        for move in moves(n):
            parts = move if isinstance(move, tuple) else (move,)
            x = 0
            for p in parts:
                x ^= g[p]
            seen.add(x)
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def subtraction(s):
    return lambda n: [n - t for t in s if t <= n]


def grundys_game(n):
    return [(a, n - a) for a in range(1, n) if 2 * a != n]


def kayles(n):
    # take 1 or 2 adjacent pins from a row: the parts left on either side
    return [(a, n - t - a) for t in (1, 2) for a in range(0, n - t + 1)]


def test_values_match_a_python_mex_loop():
    rng = random.Random(4)
    for _ in range(10):
        s = sorted(rng.sample(range(1, 10), rng.randint(1, 4)))
        assert grundy.values(subtraction(s), 200) == mex_loop(subtraction(s), 200)
    assert grundy.values(grundys_game, 300) == mex_loop(grundys_game, 300)
    assert grundy.values(kayles, 200) == mex_loop(kayles, 200)
    # Kayles is octal 0.77: the library's table agrees
    assert grundy.values(kayles, 200) == grundy.table("octal 0.77", to=200)["values"]
    # a move that leaves nothing at all
    assert grundy.values(lambda n: [()] if n else [], 3) == [0, 1, 1, 1]


def test_values_errors():
    with pytest.raises(ValueError, match=r"heap 3: move \(1, 3\) leaves a heap of 3, not smaller than 3"):
        grundy.values(lambda n: [(1, n)] if n == 3 else [], 5)
    with pytest.raises(ValueError, match="heap 2: move -1 leaves a heap of -1"):
        grundy.values(lambda n: [-1] if n == 2 else [], 5)
    with pytest.raises(TypeError, match="not an int or a tuple of ints"):
        grundy.values(lambda n: ["x"] if n else [], 2)

    class Boom(Exception):
        pass

    def explode(n):
        if n == 4:
            raise Boom("exploded at 4")
        return []

    with pytest.raises(Boom, match="exploded at 4"):
        grundy.values(explode, 10)


# --- analyze against a plain-Python retrograde ----------------------------------------------


def python_retrograde(start, moves, misere=False):
    """Outcome (N/P/D) of every reachable position by iterating the definitions to a fixpoint."""
    seen = {start: None}
    order = [start]
    i = 0
    while i < len(order):
        for q in moves(order[i]):
            if q not in seen:
                seen[q] = None
                order.append(q)
        i += 1
    options = {p: list(moves(p)) for p in order}
    result = {p: ("N" if misere else "P") for p in order if not options[p]}
    changed = True
    while changed:
        changed = False
        for p in order:
            if p in result or not options[p]:
                continue
            if any(result.get(q) == "P" for q in options[p]):
                result[p] = "N"
                changed = True
            elif all(result.get(q) == "N" for q in options[p]):
                result[p] = "P"
                changed = True
    return {p: result.get(p, "D") for p in order}, options


def test_analyze_matches_a_python_retrograde_on_cyclic_graphs():
    rng = random.Random(5)
    kinds = {"N": 0, "P": 0, "D": 0}
    for _ in range(200):
        n = rng.randint(1, 9)
        adj = {u: [rng.randrange(n) for _ in range(rng.randint(0, 3))] for u in range(n)}
        moves = lambda p: adj[p]
        for misere in (False, True):
            want, options = python_retrograde(0, moves, misere)
            got = grundy.analyze(0, moves, misere=misere)
            assert got["outcome"] == want[0], (adj, misere)
            assert got["positions"] == len(want)
            winning = sorted({q for q in options[0] if want[q] == "P"})
            assert sorted(set(got["winning_moves"])) == winning
            if want[0] == "D":
                assert sorted(set(got["drawing_moves"])) == sorted({q for q in options[0] if want[q] == "D"})
            else:
                assert "drawing_moves" not in got
            if misere:
                assert got["grundy"] is None and got["escapes"] is None
            else:
                assert (got["grundy"] == 0) == (want[0] == "P")
            kinds[want[0]] += 1
    assert all(count > 10 for count in kinds.values()), kinds


def test_analyze_nim_with_tuple_positions():
    def nim_moves(heaps):
        return [
            tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:]))
            for i, h in enumerate(heaps)
            for k in range(h)
        ]

    rng = random.Random(6)
    for _ in range(30):
        heaps = tuple(sorted(rng.randint(0, 5) for _ in range(3)))
        got = grundy.analyze(heaps, nim_moves)
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        assert got["grundy"] == x
        assert got["outcome"] == ("N" if x else "P")
        want = sorted({m for m in nim_moves(heaps) if m[0] ^ m[1] ^ m[2] == 0})
        assert sorted(set(got["winning_moves"])) == want
        assert got["remoteness"] is not None


def test_analyze_limits_and_exceptions():
    with pytest.raises(ValueError, match=r"state limit reached.*limit 10; raise max_states=\)"):
        grundy.analyze(0, lambda n: [n + 1], max_states=10)

    def bad(p):
        raise KeyError(p)

    with pytest.raises(KeyError):
        grundy.analyze("x", bad)


# --- errors: the command line's messages -------------------------------------------------


def test_errors_are_value_errors_with_the_command_lines_message():
    for expr in ["nim 3 +", "wythoff 1", "octal 0.08 5", "foo 2"]:
        with pytest.raises(ValueError) as e:
            grundy.solve(expr)
        assert str(e.value) == cli_error(["solve", expr])
    with pytest.raises(ValueError) as e:
        grundy.table("octal 0.9")
    assert str(e.value) == cli_error(["table", "octal 0.9"])
    with pytest.raises(ValueError) as e:
        grundy.geography("3 1\n1 4\n")
    assert str(e.value) == cli_error(["geography", "-"], b"3 1\n1 4\n")
    with pytest.raises(ValueError) as e:
        grundy.graph({"a": ["b"]}, start="zz")
    assert str(e.value) == cli_error(["graph", "--from", "zz", "-"], b'{"moves": {"a": ["b"]}}')
    with pytest.raises(ValueError) as e:
        grundy.graph({"a": [1]})
    assert "invalid type: integer" in str(e.value)
    with pytest.raises(ValueError) as e:
        grundy.table("subtract 0", misere=True)
    assert str(e.value) == cli_error(["table", "--misere", "subtract 0"])


def test_quotients_are_the_cli_quotients():
    for code, heaps in [("0.75", 20), ("0.77", 12), ("0.07", 10), ("4.7", 8)]:
        assert grundy.quotient(code, heaps=heaps) == cli_json(
            ["quotient", "--json", "--heaps", str(heaps), code]
        ), code
    assert grundy.quotient("0.75")["order"] == 8
    with pytest.raises(ValueError) as e:
        grundy.quotient("0.77", max_order=3)
    # the same message, the limit named as Python sets it
    cli = cli_error(["quotient", "--max-order", "3", "0.77"])
    assert "raise --max-order" in cli
    assert str(e.value) == cli.replace("--max-order", "max_order=")


def test_misere_tables_are_the_cli_tables():
    for family in ["octal 0.07", "octal 0.77", "subtract 1,3,4", "bash 2"]:
        assert grundy.table(family, to=30, misere=True) == cli_json(
            ["table", "--json", "--misere", "--to", "30", family]
        ), family


def test_threads_run_in_parallel_without_errors():
    results = [None] * 4

    def work(i):
        results[i] = grundy.table("octal 0.6", to=3000)["values"][-1]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and results[0] is not None


def test_solve_of_a_partizan_sum_matches_the_command_line():
    # one analyser choice, in the library: the same answer as `grundy solve --json`
    for expr in ["domineering ../.. + nim 1", "{1|-1} + *3", "*4000000000", "^1000000000 + nim 3"]:
        assert grundy.solve(expr) == cli_json(["solve", "--json", expr]), expr
    report = grundy.solve("domineering ../..")
    assert report["outcome"] == "N" and report["value"] == "{1|-1}"
    # refused at once, in one line naming the setting as Python spells it
    for expr, words in [
        ("hex 0.28 1000000000012345", "no proved period"),
        ("domineering ../.. + *4000000000", "state limit"),
    ]:
        with pytest.raises(ValueError) as e:
            grundy.solve(expr)
        assert words in str(e.value) and "max_states=" in str(e.value), str(e.value)


def test_loopy_values_match_the_command_line():
    for expr in ["backsliding TTT..FFF", "{0|pass} + -1/8", "on + off", "a{{|a}|}", "upon + *"]:
        assert grundy.value(expr) == cli_json(["value", "--json", expr])
    report = grundy.value("on + off")
    assert report["left_first"] == "draw" and report["outcome"] is None
    # stops as pseudonumbers, temperature where it applies (Siegel CGT VI), the degree
    report = grundy.value("{3|{pass|-1}}")
    assert (report["left_stop"], report["right_stop"]) == ("3", "-1under")
    assert (report["mean"], report["temperature"]) == ("1", "2")
    assert grundy.value("{pass|3/2}")["degree"] == "over"
    assert grundy.value("backsliding TTT..FFF")["temperature"] is None
    with pytest.raises(ValueError) as e:
        grundy.value("a{0|b}")
    assert str(e.value) == cli_error(["value", "a{0|b}"])


def test_a_memory_budget_stops_a_heavy_question_with_memory_error():
    board = "/".join(["......."] * 5)
    # a heavy question past a small budget (misère Cram: the misère search stores every
    # position): MemoryError naming the keyword, then the same process answers the next one
    for call in [
        lambda: grundy.solve("cram " + board, misere=True, max_states=10**8, max_memory="64M"),
        lambda: grundy.value("domineering " + "/".join(["......"] * 6), max_memory=64 << 20),
    ]:
        with pytest.raises(MemoryError) as e:
            call()
        assert "memory limit reached" in str(e.value) and "max_memory=" in str(e.value)
    assert grundy.solve("nim 1 2", max_memory="1G")["outcome"] == "N"
    assert grundy.table("octal 0.07", to=20, max_memory=1 << 30)["values"][20] == 3
    with pytest.raises(ValueError) as e:
        grundy.solve("nim 1", max_memory="lots")
    assert "max_memory=" in str(e.value)


def test_impartial_boards_and_graphs_answer_as_the_command_line_does():
    # Cram, Chomp, Node Kayles and Arc Kayles: nimbers by the pruned search, in sums
    for expr in [
        "cram ..../..../....",
        "chomp 4 5 + nim 3",
        "chomp 3,2,2",
        "nodekayles 1-2,2-3,3-4,4-5,x",
        "arckayles a-b,b-c,c-a + cram ../..",
        "impartial domineering .../...",
    ]:
        assert grundy.solve(expr) == cli_json(["solve", "--json", expr]), expr
        assert grundy.value(expr) == cli_json(["value", "--json", expr]), expr
    assert grundy.solve("chomp 2,1")["grundy"] == 0
    assert grundy.solve("nodekayles 1-2,3-4,5")["winning_moves"][0] == "nodekayles 3-4,5"
    with pytest.raises(ValueError) as e:
        grundy.solve("nodekayles 1-1")
    assert str(e.value) == cli_error(["solve", "nodekayles 1-1"])
