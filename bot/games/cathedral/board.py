"""Board geometry as bitmasks: square names, placement masks and 8-connected flood fill.

The board is a 100-bit int; bit `row * 10 + col` is the square in that row and column (row 0 is
rank 1 at the top, col 0 is file A on the left). Every (piece, colour, rotation, anchor) placement
is precomputed once at import, so legality is one AND and a flood fill is a handful of shifts.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bot.games.cathedral.pieces import (
    BOARD_SIZE,
    BUILDING_KINDS,
    Cells,
    Colour,
    Kind,
    distinct_rotations,
    oriented,
)

N = BOARD_SIZE
FULL = (1 << (N * N)) - 1
FILES = "ABCDEFGHIJ"

# Columns masks used to stop shifts from wrapping around the board edge.
_COL0 = sum(1 << (r * N) for r in range(N))
NOT_LEFT = FULL & ~_COL0  # every square except file A
NOT_RIGHT = FULL & ~(_COL0 << (N - 1))  # every square except file J


def square_name(index: int) -> str:
    """'A1' for index 0 (top-left), 'J10' for index 99 (bottom-right)."""
    row, col = divmod(index, N)
    return f"{FILES[col]}{row + 1}"


def square_index(name: str) -> int | None:
    """The index of a square name like 'b3' (case-insensitive), or None if it is not a square."""
    text = name.strip().upper()
    # ASCII digits only: str.isdigit() also accepts superscripts that int() refuses.
    if (
        not 2 <= len(text) <= 3
        or text[0] not in FILES
        or not all("0" <= ch <= "9" for ch in text[1:])
    ):
        return None
    rank = int(text[1:])
    if not 1 <= rank <= N or text[1] == "0":
        return None
    return (rank - 1) * N + FILES.index(text[0])


SQUARE_NAMES: tuple[str, ...] = tuple(square_name(i) for i in range(N * N))


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cells: Cells) -> int:
    """A mask from (row, col) cells that must lie on the board."""
    m = 0
    for r, c in cells:
        m |= 1 << (r * N + c)
    return m


def cells_of(mask: int) -> Cells:
    """(row, col) cells of a mask, in reading order."""
    return tuple(divmod(i, N) for i in bits(mask))


def dilate(m: int) -> int:
    """`m` plus its 8 neighbours (kings' moves), clipped to the board."""
    horiz = m | ((m << 1) & NOT_LEFT) | ((m >> 1) & NOT_RIGHT)
    return (horiz | (horiz << N) | (horiz >> N)) & FULL


def flood(seed: int, within: int) -> int:
    """The 8-connected component of `within` containing the squares of `seed` (a subset)."""
    comp = seed
    while True:
        grown = dilate(comp) & within
        if grown == comp:
            return comp
        comp = grown


def placed_cells(kind: Kind, colour: Colour | None, rotation: int, anchor: int) -> Cells | None:
    """Board cells of a piece whose anchor (topmost, then leftmost, cell) is at `anchor`, or None
    if part of it would lie off the board. The anchor row/col may run off the edge."""
    shape = oriented(kind, colour, rotation)
    ar, ac = divmod(anchor, N)
    r0, c0 = shape[0]  # normalised shapes are sorted in reading order: the first cell is the anchor
    cells = tuple((ar + r - r0, ac + c - c0) for r, c in shape)
    if all(0 <= r < N and 0 <= c < N for r, c in cells):
        return cells
    return None


@dataclass(frozen=True, slots=True)
class Candidate:
    """One on-board placement of a kind of piece: rotation, anchor square and its mask."""

    kind: Kind
    rotation: int
    square: int
    mask: int
    text: str  # notation, e.g. "Castle B3 90"


def _format(kind: Kind, square: int, rotation: int) -> str:
    return f"{kind.value} {SQUARE_NAMES[square]} {rotation}"


def _build_tables(
    colour: Colour | None, kinds: tuple[Kind, ...]
) -> dict[Kind, tuple[Candidate, ...]]:
    table: dict[Kind, tuple[Candidate, ...]] = {}
    for kind in kinds:
        found: list[Candidate] = []
        for rot in distinct_rotations(kind, colour):
            for sq in range(N * N):
                cells = placed_cells(kind, colour, rot, sq)
                if cells is not None:
                    found.append(Candidate(kind, rot, sq, mask_of(cells), _format(kind, sq, rot)))
        # Sorted by notation text, so legal_actions can filter these lists and stay sorted.
        table[kind] = tuple(sorted(found, key=lambda c: c.text))
    return table


# CANDIDATES[colour][kind]: every on-board placement of that colour's building, sorted by text.
CANDIDATES: dict[Colour, dict[Kind, tuple[Candidate, ...]]] = {
    colour: _build_tables(colour, BUILDING_KINDS) for colour in Colour
}
CATHEDRAL_CANDIDATES: tuple[Candidate, ...] = _build_tables(None, (Kind.CATHEDRAL,))[Kind.CATHEDRAL]

# Kinds in the order their notation sorts ("Abbey" < "Academy" < ... < "Tower"); no name is a
# prefix of another, so sorting by name and then by the rest equals sorting the whole text.
KINDS_BY_NAME: tuple[Kind, ...] = tuple(sorted(BUILDING_KINDS, key=lambda k: k.value))

# Fast lookup from (kind, rotation, anchor) to the mask, per owner (None: the Cathedral).
_LOOKUP: dict[tuple[Colour | None, Kind, int, int], int] = {
    (colour, c.kind, c.rotation, c.square): c.mask
    for colour in Colour
    for cands in CANDIDATES[colour].values()
    for c in cands
}
_LOOKUP.update({(None, c.kind, c.rotation, c.square): c.mask for c in CATHEDRAL_CANDIDATES})


def placement_mask(kind: Kind, colour: Colour | None, rotation: int, anchor: int) -> int | None:
    """The mask of a placement, or None if the rotation is not distinct or it leaves the board."""
    owner = None if kind is Kind.CATHEDRAL else colour
    return _LOOKUP.get((owner, kind, rotation, anchor))
