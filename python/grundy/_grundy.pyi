"""Type stubs of the native module (called by grundy/__init__.py; not a public API)."""

from typing import Any, Callable, Dict, List, Optional, Tuple

def solve(
    expr: str,
    misere: bool,
    max_states: Optional[int],
    max_moves: Optional[int],
    max_memory: Optional[str],
) -> Dict[str, Any]:
    """grundy solve --json, as a dict."""

def value(expr: str, max_states: Optional[int], max_memory: Optional[str]) -> Dict[str, Any]:
    """grundy value --json, as a dict."""

def partizan(position: str, left: List[List[int]], right: List[List[int]], max_states: int) -> Dict[str, Any]:
    """grundy value --json for position 0 of an explored partizan game."""

def table(
    family: str,
    to: int,
    until_period: Optional[int],
    misere: bool,
    stats: bool,
    max_memory: Optional[str],
) -> Dict[str, Any]:
    """grundy table --json --to TO, as a dict."""

def quotient(code: str, heaps: int, max_order: int, max_memory: Optional[str]) -> Dict[str, Any]:
    """grundy quotient --json, as a dict."""

def geography(
    text: str, grid: bool, start: Optional[str], max_memory: Optional[str]
) -> Dict[str, Any]:
    """grundy geography --json on a file's text, as a dict."""

def graph(
    text: str, misere: bool, with_grundy: bool, start: Optional[str], max_memory: Optional[str]
) -> Dict[str, Any]:
    """grundy graph --json --positions on a file's text, as a dict."""

def values(moves: Callable[[int], Any], to: int) -> List[int]:
    """Grundy values of a heap game given by a Python move function."""

def analyze_graph(
    n: int, edges: List[Tuple[int, int]], misere: bool
) -> Tuple[str, Optional[int], Optional[int], Optional[List[int]], List[int], List[int]]:
    """The engines on an explored graph: the start's outcome, remoteness, value, moves."""
