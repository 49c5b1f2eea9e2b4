"""Type stubs of the grundy package (the docstrings are in __init__.py)."""

from typing import Any, Callable, Dict, Hashable, Iterable, List, Optional, Tuple, TypeVar, Union

P = TypeVar("P", bound=Hashable)

def solve(
    expr: str,
    *,
    misere: bool = False,
    max_states: Optional[int] = None,
    max_moves: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """Outcome, Grundy value and every winning move of a sum of games (= grundy solve --json)."""

def value(
    expr: str,
    *,
    max_states: Optional[int] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """Canonical form, outcome and temperature theory of a partizan sum (= grundy value --json)."""

def partizan(
    start: P,
    left: Callable[[P], Iterable[P]],
    right: Callable[[P], Iterable[P]],
    *,
    max_states: int = 10**6,
) -> Dict[str, Any]:
    """Canonical form and invariants of a partizan game given by Python rules (= grundy value --json)."""

def table(
    family: str,
    *,
    to: int = 99,
    until_period: Optional[int] = None,
    misere: bool = False,
    stats: bool = False,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """Grundy values of a one-heap family and its proved period (= grundy table --json --to TO)."""

def quotient(
    code: str,
    *,
    heaps: int = 12,
    max_order: int = 1000,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """The misère quotient of an octal game on heaps 0..heaps (= grundy quotient --json)."""

def geography(
    text: Union[str, bytes],
    *,
    grid: bool = False,
    start: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """Who wins the token game from every start (= grundy geography --json on that file text)."""

def graph(
    moves: Dict[str, List[str]],
    *,
    misere: bool = False,
    grundy: bool = True,
    start: Optional[str] = None,
    max_memory: Optional[Union[int, str]] = None,
) -> Dict[str, Any]:
    """W/L/D, remoteness and generalized Grundy values (= grundy graph --json --positions)."""

def values(moves: Callable[[int], Iterable[Union[int, Tuple[int, ...]]]], to: int) -> List[int]:
    """Grundy values of heaps 0..to of a heap game whose moves a Python function lists."""

def analyze(
    start: P,
    moves: Callable[[P], Iterable[P]],
    *,
    misere: bool = False,
    max_states: int = 10**6,
) -> Dict[str, Any]:
    """Outcome, value and winning (or drawing) moves of a user-defined game, cycles allowed."""
