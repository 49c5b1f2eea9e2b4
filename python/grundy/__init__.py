"""grundy: solve impartial combinatorial games exactly, from Python.

Every function returns the same object as the command line's ``--json`` (as a dict), and
raises ``ValueError`` with the command line's one-line message where it would exit with
status 2. The work is done in Rust, with the GIL released where Rust works alone (tables,
geography, game graphs), so Python threads help.

>>> import grundy
>>> grundy.solve("nim 3 4 5")["winning_moves"]
['nim 1 4 5']
>>> grundy.values(lambda n: [n - t for t in (1, 2) if t <= n], 6)
[0, 1, 2, 0, 1, 2, 0]
"""

import json as _json

from . import _grundy

__all__ = [
    "solve",
    "value",
    "partizan",
    "partizan_games",
    "table",
    "quotient",
    "geography",
    "graph",
    "values",
    "analyze",
]


def _untuple(x):
    """Tuples (cells, pairs, rows built natively as tuples) as lists, as in the JSON."""
    if isinstance(x, (tuple, list)):
        return [_untuple(y) for y in x]
    return x


def _lists(report, *keys):
    for key in keys:
        if report.get(key) is not None:
            report[key] = _untuple(report[key])
    return report


def _bytes(max_memory):
    """``max_memory=`` as the native module takes it: ``None``, or text such as ``"512M"``
    (an int is bytes)."""
    return None if max_memory is None else str(max_memory)


def solve(expr, *, misere=False, max_states=None, max_moves=None, max_memory=None):
    """Outcome, Grundy value and every winning move of a sum of games.

    ``expr`` is an expression of ``grundy solve`` (``"nim 3 4 5 + wythoff 3 5"``). The result
    is the object ``grundy solve --json [--misere] EXPR`` prints, whose ``kind`` says which
    answer the sum has. ``"impartial"`` (every part impartial, Cram included): ``position``,
    ``convention``, ``outcome`` (``"N"``, ``"P"`` or ``"D"``), ``grundy``, ``winning_moves``
    and, where they apply, ``value``, ``truncated``, ``escapes``, ``drawing_moves`` and
    ``note``. ``"partizan"`` (``"domineering ../.. + nim 1"``): ``outcome`` (``"L"``,
    ``"R"``, ``"N"`` or ``"P"``), ``left_winning_moves`` and ``right_winning_moves`` found by
    the outcome search, and ``value``: the canonical form, or ``None`` when it needs more
    than 200,000 positions (``value_reason`` then says so); ``truncated`` and
    ``truncated_reason`` when more winning moves may exist than are listed (on a big board,
    the first winning move of each player, named by the search that decides who wins, and
    the others found within ``grundy solve``'s default ``--move-positions``). ``"loopy"``
    (``"on + -1"``): ``left_first`` and ``right_first`` (``"win"``, ``"loss"`` or
    ``"draw"``), the value and each player's moves.

    ``max_memory`` bounds the memory the computation may hold (bytes, or ``"512M"``,
    ``"4G"``; by default half the machine's, or less under a control group's or an
    address-space limit): past it, ``MemoryError``. The other functions that compute take
    it too.
    """
    return _grundy.solve(expr, bool(misere), max_states, max_moves, _bytes(max_memory))


def value(expr, *, max_states=None, max_memory=None):
    """Canonical form, outcome and temperature theory of a sum with partizan parts.

    ``expr`` is an expression of ``grundy value``: partizan games (``"domineering ../.."``,
    ``"cutcake 2 3"``, ``"hackenbush LR GG"``, ``"toads TT.FF"``, ``"clobber xo/ox"``), values
    in CGSuite's notation (``"{1|-1}"``, ``"^*"``, ``"3/4"``) and impartial games (each its
    nimber). The result is what ``grundy value --json EXPR`` prints: ``position``,
    ``canonical``, ``outcome`` (``"L"``, ``"R"``, ``"N"``, ``"P"``), ``birthday``,
    ``left_stop``, ``right_stop``, ``mean``, ``temperature``, ``thermograph`` (``left`` and
    ``right`` walls as ``[t, v]`` corners), ``reduced`` and ``atomic_weight``; dyadic numbers
    are strings such as ``"5/4"``.

    >>> grundy.value("domineering ../..")["canonical"]
    '{1|-1}'

    A sum with a loopy part (``"on"``, ``"{0|pass}"``, ``"a{0|{1|a}}"``, ``"1 & 0"``,
    ``"backsliding TTT..FFF"``, ``"loopy FILE 2"``) returns the loopy report of
    ``grundy value --json``: ``value`` (a stopper's simplest form, or ``"S & T"``),
    ``left_first`` and ``right_first`` (``"win"``, ``"draw"`` or ``"loss"`` for the player
    who moves first), ``outcome`` (``None`` when a draw is involved), stops (``"over"``,
    ``"3/2under"``, ``"on"``...), ``mean`` and ``temperature`` where temperature theory
    applies, ``degree`` and moves.

    >>> grundy.value("backsliding TTT..FFF")["value"]
    '{on||0|-1/2} & {1/2|0||off}'
    >>> r = grundy.value("{pass|3/2}")
    >>> r["value"], r["left_stop"], r["mean"], r["temperature"], r["degree"]
    ('3/2under', '3/2under', '3/2', '0', 'over')
    """
    report = _grundy.value(str(expr), max_states, _bytes(max_memory))
    if "thermograph" not in report:
        return report
    return _walls_as_lists(report)


def partizan_games():
    """The partizan games of the catalog, each a dict: ``keyword``, ``usage``, ``summary``,
    ``examples`` (parts as grundy writes them), ``players`` (Left's and Right's pieces) and
    ``table`` (whether ``grundy table --rows R --cols C KEYWORD`` has a standard start).

    >>> any(g["keyword"] == "domineering" for g in partizan_games())
    True
    """
    return [_lists(g, "examples", "players") for g in _grundy.partizan_games()]


def _walls_as_lists(report):
    report["thermograph"] = _lists(report["thermograph"], "left", "right")
    return report


def partizan(start, left, right, *, max_states=10**6):
    """Canonical form and invariants of a partizan game given by its rules in Python.

    ``left(p)`` and ``right(p)`` yield the positions Left's and Right's moves from ``p`` lead
    to; positions are any hashable values, and the game must end (a position reachable from
    itself raises ``ValueError``). The positions reachable from ``start`` are explored here
    (each player's function called once per position; their exceptions pass through
    unchanged), then valued in Rust. Returns the dict of :func:`value`, with ``position`` the
    ``repr`` of ``start``. More than ``max_states`` positions raise ``ValueError``.

    >>> # a row of n coins: Left takes 1, Right takes 2 (each needs enough coins)
    >>> grundy.partizan(3, lambda n: [n - 1] if n >= 1 else [], lambda n: [n - 2] if n >= 2 else [])["canonical"]
    '3/4'
    """
    _, (lefts, rights) = _explore(start, (left, right), max_states)
    return _walls_as_lists(_grundy.partizan(repr(start), lefts, rights, int(max_states)))


def _explore(start, rules, max_states):
    """The positions reachable from ``start`` (``start`` first), and for each rule the lists of
    the indices each position's moves lead to; each rule called once per position, in order.
    More than ``max_states`` positions raise ``ValueError``."""
    index = {start: 0}
    positions = [start]
    moves = tuple([] for _ in rules)
    i = 0
    while i < len(positions):
        p = positions[i]
        for side, rule in enumerate(rules):
            targets = []
            for option in rule(p):
                j = index.get(option)
                if j is None:
                    if len(positions) >= max_states:
                        raise ValueError(
                            f"state limit reached: exploring the positions reachable from the "
                            f"start (limit {max_states}; raise max_states=)"
                        )
                    j = len(positions)
                    index[option] = j
                    positions.append(option)
                targets.append(j)
            moves[side].append(targets)
        i += 1
    return positions, moves


def table(family, *, to=99, until_period=None, misere=False, stats=False, max_memory=None):
    """Grundy values of heaps 0..``to`` of a one-heap family, and its period when proved.

    ``family`` is ``"octal 0.07"``, ``"hex 0.3F"``, ``"grundys"`` (Grundy's game),
    ``"subtract 1,3,4"`` or ``"bash 3"``; the result is what ``grundy table --json --to TO
    FAMILY`` prints; with ``misere=True`` also each heap's misère value and genus
    (``misere_values``, ``genus``, ``first_non_nim_genus``), as ``grundy table --json
    --misere`` prints; with ``stats=True`` the rare/common statistics (``stats``: ``largest``,
    ``largest_at``, ``rare_mask``, ``rare``, ``last_rare``), as ``--stats`` prints.
    """
    return _grundy.table(
        family, int(to), until_period, bool(misere), bool(stats), _bytes(max_memory)
    )


def quotient(code, *, heaps=12, max_order=1000, max_memory=None):
    """The misère quotient of the octal game ``code`` (``"0.75"``) restricted to heaps
    0..``heaps``: ``order``, ``generators``, ``relations``, ``p_portion``, ``pretending`` (each
    heap's element) and ``elements``, as ``grundy quotient --json`` prints. It is found from
    misère outcomes and proved; more than ``max_order`` elements raise ``ValueError``.

    >>> grundy.quotient("0.75")["p_portion"]
    ['a', 'b^2']
    """
    return _grundy.quotient(str(code), int(heaps), int(max_order), _bytes(max_memory))


def geography(text, *, grid=False, start=None, max_memory=None):
    """Who wins the token game on a graph or board from every start, by maximum matching.

    ``text`` is the content of a ``grundy geography`` file (a graph, or with ``grid=True`` a
    board); ``start`` is a vertex (``"3"``) or a cell (``"2,1"``) for the winner's strategy.
    The result is what ``grundy geography --json`` prints.
    """
    if isinstance(text, bytes):
        text = text.decode()
    report = _grundy.geography(
        text, bool(grid), None if start is None else str(start), _bytes(max_memory)
    )
    return _lists(report, "mover_wins", "from", "strategy")


def graph(moves, *, misere=False, grundy=True, start=None, max_memory=None):
    """Win/lose/draw, remoteness and generalized Grundy values of every position of a game
    graph (cycles allowed).

    ``moves`` maps each position name (a string) to the list of names its moves lead to; a
    name found only in lists is a position without moves. The result is what
    ``grundy graph --json --positions`` prints for the same game in JSON form (with
    ``--misere``, ``--no-grundy`` when ``grundy=False``, ``--from START``).
    """
    text = _json.dumps({"moves": moves})
    report = _grundy.graph(
        text,
        bool(misere),
        bool(grundy),
        None if start is None else str(start),
        _bytes(max_memory),
    )
    return _lists(report, "by_remoteness")


def values(moves, to):
    """Grundy values of heaps 0..``to`` of a heap game whose rule is a Python function.

    ``moves(n)`` yields, for each move from a heap of n, the heap it leaves (an int) or the
    heaps it leaves (a tuple of ints; ``()`` for nothing left). Every heap left must be smaller
    than n, else ``ValueError`` names n and the move. The mex and xor work is done in Rust.

    >>> grundy_game = lambda n: [(a, n - a) for a in range(1, n) if 2 * a != n]
    >>> values(grundy_game, 8)
    [0, 0, 0, 1, 0, 2, 1, 0, 2]
    """
    return _grundy.values(moves, int(to))


def analyze(start, moves, *, misere=False, max_states=10**6):
    """Solve a game given by its start and a move function; positions may repeat (cycles).

    ``moves(position)`` returns the positions one move leads to; positions are any hashable
    Python values. The reachable positions are explored from ``start`` (``moves`` is called
    once per position; its exceptions pass through unchanged, Ctrl-C interrupts), then the
    game-graph engines of ``grundy graph`` find the outcome.

    Returns ``{"outcome": "N"|"P"|"D", "grundy": int|None, "escapes": list|None,
    "winning_moves": [...], "positions": explored_count, "remoteness": int|None}``, plus
    ``"drawing_moves"`` for a draw. ``grundy`` is the generalized Grundy value when finite,
    ``escapes`` its escape set when it is infinite (both None under misère play). More than
    ``max_states`` positions raise ``ValueError``.
    """
    positions, (targets,) = _explore(start, (moves,), max_states)
    edges = [(i, j) for i, js in enumerate(targets) for j in js]
    outcome, remoteness, value, escapes, winning, drawing = _grundy.analyze_graph(
        len(positions), edges, bool(misere)
    )
    result = {
        "outcome": outcome,
        "grundy": value,
        "escapes": escapes,
        "winning_moves": [positions[j] for j in winning],
        "positions": len(positions),
        "remoteness": remoteness,
    }
    if outcome == "D":
        result["drawing_moves"] = [positions[j] for j in drawing]
    return result
