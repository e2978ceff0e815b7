"""The city of Canterbury: 25 districts on a 5x5 grid, named A1 (top left) to E5 (bottom right).

Columns are letters A-E, rows numbers 1-5; C3 is the Central District, the eight around it are
the Inner Districts, the sixteen on the edge the Outer Districts. Adjacency is orthogonal.
"""

from __future__ import annotations

SIZE = 5
DISTRICTS = SIZE * SIZE
SPACES = 6
CENTRAL = 12  # C3

NAMES: tuple[str, ...] = tuple(f"{'ABCDE'[i % SIZE]}{i // SIZE + 1}" for i in range(DISTRICTS))
_BY_NAME = {n: i for i, n in enumerate(NAMES)}


def district_index(text: str) -> int | None:
    """The index of a district name such as 'c3' or 'C3', or None."""
    return _BY_NAME.get(text.strip().upper())


def district_class(index: int) -> str:
    """'central', 'inner' or 'outer'."""
    row, col = divmod(index, SIZE)
    if index == CENTRAL:
        return "central"
    if 1 <= row <= 3 and 1 <= col <= 3:
        return "inner"
    return "outer"


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(DISTRICTS))
"""Orthogonal neighbours of each district, in index order."""
