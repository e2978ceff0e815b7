"""Piece data: shapes match the component yaml, counts add up, Abbey and Academy are chiral
(mirror images between the colours, in the data and on the board)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.cathedral.board import SQUARE_NAMES, placement_mask
from bot.games.cathedral.pieces import (
    BUILDINGS,
    BUILDINGS_PER_COLOUR,
    CATHEDRAL,
    PIECES,
    SQUARES_PER_COLOUR,
    Colour,
    Kind,
    distinct_rotations,
    normalise,
    oriented,
)
from bot.games.cathedral.state import CathedralState
from tests.games.cathedral.builders import (
    play,
    position,
)
from tests.games.rulebook_data import rulebook_data


def _mirror(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return normalise(tuple((r, -c) for r, c in cells))


def test_totals() -> None:
    """14 buildings and 47 squares per colour; with the Cathedral's 6 they fill the board."""
    assert BUILDINGS_PER_COLOUR == 14
    assert SQUARES_PER_COLOUR == 47
    assert CATHEDRAL.squares == 6
    assert 2 * SQUARES_PER_COLOUR + CATHEDRAL.squares == 100


def test_distinct_rotations() -> None:
    """Only distinct orientations are offered."""
    expected = {
        Kind.TAVERN: (0,),
        Kind.STABLE: (0, 90),
        Kind.INN: (0, 90, 180, 270),
        Kind.BRIDGE: (0, 90),
        Kind.SQUARE: (0,),
        Kind.MANOR: (0, 90, 180, 270),
        Kind.ABBEY: (0, 90),
        Kind.INFIRMARY: (0,),
        Kind.CASTLE: (0, 90, 180, 270),
        Kind.TOWER: (0, 90, 180, 270),
        Kind.ACADEMY: (0, 90, 180, 270),
        Kind.CATHEDRAL: (0, 90, 180, 270),
    }
    for kind, rotations in expected.items():
        for colour in Colour:
            assert distinct_rotations(kind, colour) == rotations, kind


@pytest.mark.parametrize("kind", [Kind.ABBEY, Kind.ACADEMY])
def test_chiral_pieces_are_mirror_images_between_colours(kind: Kind) -> None:
    """Light's and dark's Abbey/Academy differ, no rotation turns one into the other, and each
    is the mirror image of the other."""
    light = {oriented(kind, Colour.LIGHT, r) for r in (0, 90, 180, 270)}
    dark = {oriented(kind, Colour.DARK, r) for r in (0, 90, 180, 270)}
    assert not light & dark
    assert {_mirror(c) for c in light} == dark
    # The same notation covers different squares for the two colours.
    assert placement_mask(kind, Colour.LIGHT, 0, 44) != placement_mask(kind, Colour.DARK, 0, 44)


def test_non_chiral_pieces_are_the_same_for_both_colours() -> None:
    """Every other building has one shape for both colours."""
    for piece in BUILDINGS:
        if piece.kind not in (Kind.ABBEY, Kind.ACADEMY):
            assert piece.light_cells == piece.dark_cells


def test_shapes_match_component_data() -> None:
    """Counts, sizes and every listed orientation agree with shared/rules/data/cathedral.yaml."""
    data = rulebook_data("cathedral.yaml")
    entries = [*data["pieces"], {**data["cathedral"], "count_per_colour": 1}]
    for entry in entries:
        kind = Kind(entry["name"])
        piece = PIECES[kind]
        assert piece.count == entry["count_per_colour"]
        assert piece.squares == len(entry.get("cells") or entry["light"]["cells"])
        for colour in Colour:
            block = entry.get(colour.value, entry)
            listed = block.get("orientations") or [block["cells"]]
            ours = [
                tuple(map(tuple, oriented(kind, colour, r)))
                for r in distinct_rotations(kind, colour)
            ]
            assert ours == [tuple(sorted(map(tuple, cells))) for cells in listed], (kind, colour)


def _shape_played(state: CathedralState, colour: Colour, text: str) -> frozenset[tuple[int, int]]:
    """The squares `text` covers when `colour` plays it, shifted to the origin."""
    turn = replace(state, to_move=colour)
    after = play(turn, colour.value, text).state
    mask = after.occupied[colour.index] & ~state.occupied[colour.index]
    cells = [divmod(i, 10) for i in range(100) if mask >> i & 1]
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def test_dark_chiral_pieces_cover_mirrored_squares_in_play() -> None:
    """Played through the engine, dark's Abbey and Academy (every turn) are mirror images of
    light's and never coincide with any of light's turns."""
    state = position([("cathedral", "Cathedral H1 0"), ("dark", "Tavern J10")], to_move="light")
    lit = play(state, "light", "Abbey B8 0").state.occupied[0]
    drk = play(replace(state, to_move=Colour.DARK), "dark", "Abbey A8 0").state.occupied[1]
    drk &= ~state.occupied[1]
    assert {SQUARE_NAMES[i] for i in range(100) if lit >> i & 1} == {"B8", "C8", "A9", "B9"}
    assert {SQUARE_NAMES[i] for i in range(100) if drk >> i & 1} == {"A8", "B8", "B9", "C9"}
    for kind in ("Abbey", "Academy"):
        rotations = (0, 90) if kind == "Abbey" else (0, 90, 180, 270)
        light = {_shape_played(state, Colour.LIGHT, f"{kind} E5 {r}") for r in rotations}
        dark = {_shape_played(state, Colour.DARK, f"{kind} E5 {r}") for r in rotations}
        assert len(light) == len(dark) == len(rotations)
        assert not light & dark, kind
        width = {s: max(c for _, c in s) for s in light}
        assert {frozenset((r, width[s] - c) for r, c in s) for s in light} == dark, kind
