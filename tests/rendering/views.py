"""Hand-built Cathedral views for the renderer tests (no engine involved).

Shapes are the rotation-0 footprints from shared/rules/data/cathedral.yaml, row 0 at the top.
"""

from __future__ import annotations

import dataclasses
import random

from bot.games.cathedral.view import CathedralView, HandPiece, PlacedPiece
from bot.games.protocol import Seat

SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "Tavern": ((0, 0),),
    "Stable": ((0, 0), (1, 0)),
    "Inn": ((0, 0), (0, 1), (1, 1)),
    "Bridge": ((0, 0), (1, 0), (2, 0)),
    "Square": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "Manor": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "Infirmary": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "Castle": ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2)),
    "Tower": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    "Cathedral": ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)),
}
CHIRAL: dict[str, dict[str, tuple[tuple[int, int], ...]]] = {
    "Abbey": {"light": ((0, 1), (0, 2), (1, 0), (1, 1)), "dark": ((0, 0), (0, 1), (1, 1), (1, 2))},
    "Academy": {
        "light": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 1)),
        "dark": ((0, 1), (0, 2), (1, 0), (1, 1), (2, 1)),
    },
}
# Largest first, as the view promises; counts are per colour.
ROSTER: tuple[tuple[str, int], ...] = (
    ("Infirmary", 1),
    ("Castle", 1),
    ("Tower", 1),
    ("Academy", 1),
    ("Square", 1),
    ("Manor", 1),
    ("Abbey", 1),
    ("Inn", 2),
    ("Bridge", 1),
    ("Stable", 2),
    ("Tavern", 2),
)

ALICE, BOB = Seat(0), Seat(1)


def shape(name: str, colour: str) -> tuple[tuple[int, int], ...]:
    """Rotation-0 cells of a building for a colour."""
    return CHIRAL[name][colour] if name in CHIRAL else SHAPES[name]


def rotate(cells: tuple[tuple[int, int], ...], turns: int) -> tuple[tuple[int, int], ...]:
    """Quarter turns clockwise (seen from above), normalised to row/col 0."""
    for _ in range(turns % 4):
        height = max(r for r, _ in cells)
        cells = tuple((c, height - r) for r, c in cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def place(piece_id: int, owner: str, name: str, at: tuple[int, int], turns: int = 0) -> PlacedPiece:
    """A piece whose rotated footprint has its top-left bounding corner at `at`."""
    base = SHAPES["Cathedral"] if owner == "cathedral" else shape(name, owner)
    cells = tuple((r + at[0], c + at[1]) for r, c in rotate(base, turns))
    return PlacedPiece(piece_id, owner, name, cells)


def hand(colour: str, placed: list[str]) -> tuple[HandPiece, ...]:
    """The roster minus the named placed buildings (one copy each)."""
    remaining = {name: n for name, n in ROSTER}
    for name in placed:
        remaining[name] -= 1
    out = []
    for name, _ in ROSTER:
        cells = shape(name, colour)
        out.extend(HandPiece(name, len(cells), cells) for _ in range(remaining[name]))
    return tuple(out)


def _territory(cells: dict[tuple[int, int], str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cells.get((r, c), "") for c in range(10)) for r in range(10))


def _view(**kw: object) -> CathedralView:
    base: dict[str, object] = {
        "viewer": None,
        "size": 10,
        "pieces": (),
        "territory": _territory({}),
        "hands": {"light": hand("light", []), "dark": hand("dark", [])},
        "colour_of_seat": {ALICE: "light", BOB: "dark"},
        "to_move": "light",
        "last_piece_id": None,
        "captured": (),
        "scores": {"light": 47, "dark": 47},
        "game_number": 1,
        "games_in_series": 1,
        "series_totals": {},
        "cathedral_removed": False,
        "finished": False,
        "result_text": None,
    }
    base.update(kw)
    return CathedralView(**base)  # type: ignore[arg-type]


def _score(pieces: tuple[HandPiece, ...]) -> int:
    return sum(p.squares for p in pieces)


def opening() -> CathedralView:
    """Empty city: light is about to place the Cathedral (it heads light's hand)."""
    cathedral = HandPiece("Cathedral", 6, SHAPES["Cathedral"])
    return _view(hands={"light": (cathedral, *hand("light", [])), "dark": hand("dark", [])})


def midgame(viewer: Seat | None = None) -> CathedralView:
    """Both sides own a corner, dark has just placed its Square and earlier captured a light Inn."""
    pieces = (
        place(0, "cathedral", "Cathedral", (3, 4)),
        place(1, "dark", "Bridge", (0, 2)),
        place(2, "light", "Academy", (0, 5)),
        place(3, "dark", "Stable", (3, 0), turns=1),
        place(4, "light", "Bridge", (7, 7)),
        place(5, "dark", "Tavern", (3, 2)),
        place(6, "light", "Stable", (6, 8), turns=1),
        place(7, "dark", "Abbey", (3, 7)),
        place(8, "light", "Tavern", (6, 7)),
        place(9, "dark", "Infirmary", (6, 1)),
        place(10, "light", "Tower", (4, 1)),
        place(12, "dark", "Square", (8, 3)),
    )
    terr = {(r, c): "dark" for r in range(3) for c in range(2)}
    terr.update({(r, c): "light" for r in range(7, 10) for c in range(8, 10)})
    light = hand("light", ["Academy", "Bridge", "Stable", "Tavern", "Tower"])
    dark = hand("dark", ["Bridge", "Stable", "Tavern", "Abbey", "Infirmary", "Square"])
    return _view(
        viewer=viewer,
        pieces=pieces,
        territory=_territory(terr),
        hands={"light": light, "dark": dark},
        to_move="light",
        last_piece_id=12,
        captured=(("dark", "Inn", "light"),),
        scores={"light": _score(light), "dark": _score(dark)},
        move_number=12,
        last_move="Square D9 0",
        last_mover="dark",
    )


def capture_and_skip() -> CathedralView:
    """Midgame, but dark's Square has just captured a light Inn that stood on A9, A10, B10 and
    light is left with no legal placement, so dark moves again."""
    view = midgame()
    terr = [list(row) for row in view.territory]
    for r, c in ((8, 0), (9, 0), (9, 1)):
        terr[r][c] = "dark"
    return dataclasses.replace(
        view,
        territory=tuple(tuple(row) for row in terr),
        to_move="dark",
        skipped="light",
        last_captured=((8, 0), (9, 0), (9, 1)),
    )


def finished_series() -> CathedralView:
    """Game 2 of 2 is over: a packed board (deterministic greedy fill), dark wins the series."""
    rng = random.Random(7)
    occupied: dict[tuple[int, int], str] = {}
    pieces = [place(0, "cathedral", "Cathedral", (4, 3), turns=1)]
    occupied.update({cell: "cathedral" for cell in pieces[0].cells})
    placed: dict[str, list[str]] = {"light": [], "dark": []}
    squares = [(r, c) for r in range(10) for c in range(10)]
    pid = 1
    for name, count in ROSTER:
        for _ in range(count):
            for colour in ("dark", "light"):
                rng.shuffle(squares)
                done = False
                for turns in rng.sample(range(4), 4):
                    cells = rotate(shape(name, colour), turns)
                    for r0, c0 in squares:
                        spot = tuple((r + r0, c + c0) for r, c in cells)
                        if all(
                            0 <= r < 10 and 0 <= c < 10 and (r, c) not in occupied for r, c in spot
                        ):
                            pieces.append(PlacedPiece(pid, colour, name, spot))
                            occupied.update({cell: colour for cell in spot})
                            placed[colour].append(name)
                            pid += 1
                            done = True
                            break
                    if done:
                        break
    # Claim each empty square for the colour owning most of its orthogonal neighbours.
    terr: dict[tuple[int, int], str] = {}
    for r in range(10):
        for c in range(10):
            if (r, c) in occupied:
                continue
            steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
            around = [occupied.get((r + dr, c + dc)) for dr, dc in steps]
            votes = {k: around.count(k) for k in ("light", "dark")}
            if votes["light"] != votes["dark"]:
                terr[(r, c)] = max(votes, key=votes.__getitem__)
    light, dark = hand("light", placed["light"]), hand("dark", placed["dark"])
    sl, sd = _score(light), _score(dark)
    return _view(
        pieces=tuple(pieces),
        territory=_territory(terr),
        hands={"light": light, "dark": dark},
        colour_of_seat={ALICE: "dark", BOB: "light"},
        to_move=None,
        last_piece_id=pid - 1,
        captured=(("light", "Tavern", "dark"), ("dark", "Cathedral", "cathedral")),
        scores={"light": sl, "dark": sd},
        game_number=2,
        games_in_series=2,
        series_totals={ALICE: 4 + sd, BOB: 9 + sl},
        cathedral_removed=False,
        finished=True,
        result_text=(
            f"Dark (Alice) wins game 2 with {sd} squares left against {sl}. "
            f"Alice wins the series {4 + sd} to {9 + sl}."
        ),
    )
