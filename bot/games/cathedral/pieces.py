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

from bot.games.text import Text, tx_c

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

    @property
    def label(self) -> Text:
        """'light' or 'dark' in the reader's language (a sentence's placeholder)."""
        return tx_c("colour", "light") if self is Colour.LIGHT else tx_c("colour", "dark")

    @property
    def title_label(self) -> Text:
        """'Light' or 'Dark' in the reader's language, for the start of a sentence."""
        return tx_c("colour", "Light") if self is Colour.LIGHT else tx_c("colour", "Dark")


COLOURS: tuple[Colour, Colour] = (Colour.LIGHT, Colour.DARK)


class Kind(Enum):
    """Every kind of piece; the value is its notation name (English, as players type it); the
    name players read is `piece_name(kind)`."""

    TAVERN = "Tavern"  # i18n-exempt: notation name
    STABLE = "Stable"  # i18n-exempt: notation name
    INN = "Inn"  # i18n-exempt: notation name
    BRIDGE = "Bridge"  # i18n-exempt: notation name
    SQUARE = "Square"  # i18n-exempt: notation name
    MANOR = "Manor"  # i18n-exempt: notation name
    ABBEY = "Abbey"  # i18n-exempt: notation name
    INFIRMARY = "Infirmary"  # i18n-exempt: notation name
    CASTLE = "Castle"  # i18n-exempt: notation name
    TOWER = "Tower"  # i18n-exempt: notation name
    ACADEMY = "Academy"  # i18n-exempt: notation name
    CATHEDRAL = "Cathedral"  # i18n-exempt: notation name


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
        """Notation name, e.g. 'Castle'."""
        return self.kind.value

    @property
    def display(self) -> Text:
        """The name players read, in their language (see `piece_name`)."""
        return piece_name(self.kind)

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


PIECE_NAMES: dict[Kind, Text] = {
    Kind.TAVERN: tx_c("piece", "Tavern"),
    Kind.STABLE: tx_c("piece", "Stable"),
    Kind.INN: tx_c("piece", "Inn"),
    Kind.BRIDGE: tx_c("piece", "Bridge"),
    Kind.SQUARE: tx_c("piece", "Square"),
    Kind.MANOR: tx_c("piece", "Manor"),
    Kind.ABBEY: tx_c("piece", "Abbey"),
    Kind.INFIRMARY: tx_c("piece", "Infirmary"),
    Kind.CASTLE: tx_c("piece", "Castle"),
    Kind.TOWER: tx_c("piece", "Tower"),
    Kind.ACADEMY: tx_c("piece", "Academy"),
    Kind.CATHEDRAL: tx_c("piece", "Cathedral"),
}
"""The name of each piece as players read it (the German edition's in German); notation keeps
the English `Kind` value, and the table accepts either name where players type one."""


def piece_name(kind: Kind) -> Text:
    """The readable name of `kind` (English text that says itself in the reader's language)."""
    return PIECE_NAMES[kind]


def building_names() -> tuple[str, ...]:
    """All piece names, buildings first then the Cathedral."""
    return tuple(k.value for k in (*BUILDING_KINDS, Kind.CATHEDRAL))
