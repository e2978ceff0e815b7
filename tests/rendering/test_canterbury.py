"""Canterbury board images: fixed size per player count, upload limit, phone legibility, what
is drawn (markers by owner letter, last turn outlined) and real engine views."""

from __future__ import annotations

import random

import pytest

import rendering
from bot.games.canterbury import ENGINE
from bot.games.protocol import Seat, Transition, step
from rendering import canterbury
from rendering.base import DEFAULT, MAX_PNG_BYTES


def _played(players: int, plies: int, seed: int = 3):
    state = ENGINE.new_game(players, {}, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        if not ENGINE.to_act(state):
            break
        seat = Seat(state.current)
        result = step(ENGINE, state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        assert isinstance(result, Transition)
        state = result.state
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_size_per_player_count_and_small_png(players: int) -> None:
    sizes = set()
    for plies in (0, 40, 5000):
        view = ENGINE.view(_played(players, plies), None)
        image = canterbury.render(view)
        sizes.add(image.size)
        assert len(rendering.render_png("canterbury", view)) <= MAX_PNG_BYTES
    assert len(sizes) == 1
    layout = canterbury.compute_layout(players)
    assert sizes == {(layout.width, layout.height)}


def test_layout_sections_stack_inside_the_image() -> None:
    layout = canterbury.compute_layout(4)
    sections = [
        layout.header,
        layout.board,
        layout.track,
        layout.players,
        layout.supply,
        layout.scoring,
    ]
    for a, b in zip(sections, sections[1:], strict=False):
        assert a.y1 <= b.y0
    assert sections[-1].y1 <= layout.height and layout.height <= 2100


def test_marker_slots_show_owner_colour_and_the_last_turn_is_outlined() -> None:
    state = _played(3, 0)
    result = step(ENGINE, state, Seat(0), ENGINE.parse_action("full", state, Seat(0)))
    assert isinstance(result, Transition)
    state = result.state
    for text in ("build well C2", "build garden C2"):
        result = step(ENGINE, state, Seat(0), ENGINE.parse_action(text, state, Seat(0)))
        assert isinstance(result, Transition)
        state = result.state
    view = ENGINE.view(state, None)
    c2 = view.districts[7]
    assert c2.markers[:2] == ("blue", "blue") and c2.new_markers[:2] == (True, True)
    assert all(s.new for s in c2.structures)
    image = canterbury.render(view).convert("RGB")
    layout = canterbury.compute_layout(3)
    box = layout.districts[7]
    crop = image.crop((round(box.x0), round(box.y0), round(box.x1), round(box.y1)))
    colours = {c for _, c in crop.getcolors(100000) or []}
    blue = tuple(int(DEFAULT.seat_colour("blue")[i : i + 2], 16) for i in (1, 3, 5))
    highlight = tuple(int(DEFAULT.highlight[i : i + 2], 16) for i in (1, 3, 5))
    assert blue in colours and highlight in colours


def test_structures_pack_into_the_six_spaces() -> None:
    from bot.games.canterbury.view import StructureView

    def s(spaces: int) -> StructureView:
        return StructureView("x", "X", "X", spaces, "water", "blue", False)

    for combo in ([4, 2], [4, 1, 1], [2, 2, 2], [2, 1, 1, 1, 1], [1] * 6, [1, 2, 1, 2], [1, 4]):
        packed = canterbury.pack_spaces(tuple(s(n) for n in combo))
        assert len(packed) == len(combo)
        cells = [c for _, cs in packed for c in cs]
        assert len(cells) == len(set(cells)) == sum(combo)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("width", [480, 800, 1600])
def test_smallest_text_is_readable_at_phone_width(players: int, width: int) -> None:
    """Every text drawn (through the kit, which records sizes) is at least the kit's phone
    minimum: 11 px once the image is shown 400 px wide."""
    from rendering.base import min_text_px, record_text

    for plies in (0, 60, 5000):
        with record_text() as log:
            image = canterbury.render(
                ENGINE.view(_played(players, plies), None),
                size=width,
                names={Seat(0): "Bartholomew the First of Écully-sur-Saône"},
            )
        assert log
        smallest = min(log, key=lambda r: r.size)
        assert smallest.size >= min_text_px(image.width), smallest


def test_dispatch_knows_canterbury_and_names_are_drawn() -> None:
    assert "canterbury" in rendering.games()
    view = ENGINE.view(_played(4, 30), None)
    a = rendering.render("canterbury", view, names={Seat(0): "Ann"})
    b = rendering.render("canterbury", view, names={Seat(0): "Bob"})
    assert a.size == b.size and a.tobytes() != b.tobytes()
