"""The pieces of Cathedral: the one data module with every footprint (from
shared/rules/data/cathedral.yaml).

Cells are (row, col) with row 0 the top row and col 0 the left column, normalised so the smallest
row and col are 0. Orientations are quarter turns clockwise (seen from above) of the base shape;
mirroring is never allowed, which is why the Abbey and the Academy have one shape per colour
(dark's are mirror images of light's).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

Cells = tuple[tuple[int, int], ...]


class Colour(Enum):
    """The two sides. `index` is used for per-colour tuples in the state."""

    LIGHT = "light"
    DARK = "dark"

    @property
    def index(self) -> int:
        """0 for light, 1 for dark."""
        return 0 if self is Colour.LIGHT else 1

    @property
    def other(self) -> Colour:
        """The opposing colour."""
        return Colour.DARK if self is Colour.LIGHT else Colour.LIGHT

    @property
    def title(self) -> str:
        """'Light' or 'Dark', for the start of a sentence."""
        return self.value.capitalize()


COLOURS: tuple[Colour, Colour] = (Colour.LIGHT, Colour.DARK)


class Kind(Enum):
    """Every kind of piece; the value is its display name (and its notation name)."""

    TAVERN = "Tavern"
    STABLE = "Stable"
    INN = "Inn"
    BRIDGE = "Bridge"
    SQUARE = "Square"
    MANOR = "Manor"
    ABBEY = "Abbey"
    INFIRMARY = "Infirmary"
    CASTLE = "Castle"
    TOWER = "Tower"
    ACADEMY = "Academy"
    CATHEDRAL = "Cathedral"


@dataclass(frozen=True, slots=True)
class PieceDef:
    """One kind of piece: copies per colour, size and base shape per colour (rotation 0)."""

    kind: Kind
    count: int
    squares: int
    light_cells: Cells
    dark_cells: Cells

    @property
    def name(self) -> str:
        """Display name, e.g. 'Castle'."""
        return self.kind.value

    def cells(self, colour: Colour | None) -> Cells:
        """Base shape for `colour` (None: the neutral Cathedral)."""
        return self.dark_cells if colour is Colour.DARK else self.light_cells


def _same(kind: Kind, count: int, cells: Cells) -> PieceDef:
    return PieceDef(kind, count, len(cells), cells, cells)


# Copies per colour, in the order used for hands (small to large, as listed in the yaml).
BUILDINGS: tuple[PieceDef, ...] = (
    _same(Kind.TAVERN, 2, ((0, 0),)),
    _same(Kind.STABLE, 2, ((0, 0), (1, 0))),
    _same(Kind.INN, 2, ((0, 0), (0, 1), (1, 1))),
    _same(Kind.BRIDGE, 1, ((0, 0), (1, 0), (2, 0))),
    _same(Kind.SQUARE, 1, ((0, 0), (0, 1), (1, 0), (1, 1))),
    _same(Kind.MANOR, 1, ((0, 0), (0, 1), (0, 2), (1, 1))),
    PieceDef(
        Kind.ABBEY,
        1,
        4,
        light_cells=((0, 1), (0, 2), (1, 0), (1, 1)),  # S shape
        dark_cells=((0, 0), (0, 1), (1, 1), (1, 2)),  # Z shape (mirror image)
    ),
    _same(Kind.INFIRMARY, 1, ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))),
    _same(Kind.CASTLE, 1, ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2))),
    _same(Kind.TOWER, 1, ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2))),
    PieceDef(
        Kind.ACADEMY,
        1,
        5,
        light_cells=((0, 0), (0, 1), (1, 1), (1, 2), (2, 1)),
        dark_cells=((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),  # mirror image of light's
    ),
)

CATHEDRAL: PieceDef = _same(Kind.CATHEDRAL, 1, ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)))

PIECES: dict[Kind, PieceDef] = {p.kind: p for p in (*BUILDINGS, CATHEDRAL)}
BUILDING_KINDS: tuple[Kind, ...] = tuple(p.kind for p in BUILDINGS)
KIND_INDEX: dict[Kind, int] = {k: i for i, k in enumerate(BUILDING_KINDS)}

BUILDINGS_PER_COLOUR = sum(p.count for p in BUILDINGS)  # 14
SQUARES_PER_COLOUR = sum(p.count * p.squares for p in BUILDINGS)  # 47
BOARD_SIZE = 10

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)


def normalise(cells: Cells) -> Cells:
    """Shift cells so the smallest row and col are 0, sorted in reading order."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def rotate_cw(cells: Cells) -> Cells:
    """The shape turned a quarter clockwise (seen from above, rows growing downward)."""
    return normalise(tuple((c, -r) for r, c in cells))


@cache  # pure and called on every check and placement: compute each shape once
def oriented(kind: Kind, colour: Colour | None, rotation: int) -> Cells:
    """The shape of `kind` for `colour` turned `rotation` degrees clockwise, normalised."""
    cells = normalise(PIECES[kind].cells(colour))
    for _ in range(rotation // 90):
        cells = rotate_cw(cells)
    return cells


@cache
def distinct_rotations(kind: Kind, colour: Colour | None) -> tuple[int, ...]:
    """The rotations (degrees) giving distinct shapes, first occurrence only: Tavern (0,),
    Stable (0, 90), Castle (0, 90, 180, 270)."""
    seen: set[Cells] = set()
    out: list[int] = []
    for rot in ROTATIONS:
        shape = oriented(kind, colour, rot)
        if shape not in seen:
            seen.add(shape)
            out.append(rot)
    return tuple(out)


def equivalent_rotation(kind: Kind, colour: Colour | None, rotation: int) -> int:
    """The distinct rotation that gives the same shape as `rotation` (for friendly hints)."""
    shape = oriented(kind, colour, rotation)
    for rot in distinct_rotations(kind, colour):
        if oriented(kind, colour, rot) == shape:
            return rot
    return rotation  # unreachable: every shape is one of the distinct ones


def building_names() -> tuple[str, ...]:
    """All piece names, buildings first then the Cathedral."""
    return tuple(k.value for k in (*BUILDING_KINDS, Kind.CATHEDRAL))
