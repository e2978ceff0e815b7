"""Canaan's map and text use the same resource words (the rulebook's: lumber, grain, stone,
ore, wool; never the terrain names pasture, fields, mountains...), the key says what copper
yields, and a settlement keeps its intersection number beside it (a city is built on it by
number) while a city is drawn apart (white rim)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.games import get_engine
from bot.games.canaan.board import vertex_text
from bot.games.canaan.data import RESOURCES, TERRAIN_RESOURCE
from rendering import base, canaan
from tests.rendering.test_canaan_words_on_the_board import _drawn_texts

ENGINE = get_engine("canaan")
TERRAIN_NAMES = [t for t, res in TERRAIN_RESOURCE.items() if res is not None]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_intersections_are_described_with_the_maps_words(players: int) -> None:
    data = ENGINE.view(ENGINE.new_game(players, {}, 1), None).data
    for v in range(len(data.vertex_xy)):
        text = vertex_text(data, v)
        assert not any(name in text for name in TERRAIN_NAMES), text
    described = " ".join(vertex_text(data, v) for v in range(len(data.vertex_xy)))
    assert all(word in described for word in RESOURCES)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_key_says_what_copper_yields(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    view = ENGINE.view(ENGINE.new_game(players, {}, 1), None)
    assert any(t.terrain == "copper" for t in view.data.hexes)
    seen = _drawn_texts(monkeypatch)
    canaan.render(view)
    drawn = [t for t, _, _ in seen]
    assert canaan.COPPER_NOTE in drawn or "copper: any" in drawn


def _with_building(view: Any, vertex: int, occupant: int) -> Any:
    buildings = list(view.buildings)
    buildings[vertex] = occupant
    return dataclasses.replace(view, buildings=tuple(buildings))


def test_a_settlement_keeps_its_number_and_a_city_has_a_white_rim(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = ENGINE.view(ENGINE.new_game(3, {}, 1), None)
    vertex = 20  # intersection "21"
    seen = _drawn_texts(monkeypatch)
    canaan.render(_with_building(view, vertex, 1))  # a settlement of seat 1
    assert "21" in [t for t, _, _ in seen]
    seen.clear()
    outlines: list[Any] = []
    original = base.KitDraw.polygon

    def polygon(self: Any, xy: Any, *args: Any, **kwargs: Any) -> Any:
        outlines.append(kwargs.get("outline"))
        return original(self, xy, *args, **kwargs)

    monkeypatch.setattr(base.KitDraw, "polygon", polygon)
    canaan.render(_with_building(view, vertex, 11))  # a city of seat 1
    assert "21" not in [t for t, _, _ in seen]
    assert "#ffffff" in outlines


@pytest.mark.parametrize("players", [2, 3, 4])
def test_lake_harbour_labels_sit_by_their_own_shore(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Sea of Galilee's harbour labels are not stacked in its middle: each is drawn by its
    own path (nearer its path than any other lake harbour's), and none touches another."""
    view = ENGINE.view(ENGINE.new_game(players, {}, 1), None)
    lake = [h for h in view.data.harbors if h[1] == "sea_of_galilee"]
    assert lake
    drawn: list[tuple[Any, Any]] = []
    original = canaan._shore_label

    def spy(c: Any, box: Any, trade: Any, f: Any) -> None:
        drawn.append((box, c))
        original(c, box, trade, f)

    monkeypatch.setattr(canaan, "_shore_label", spy)
    monkeypatch.setattr(base, "_LAYERS", type(base._LAYERS)())  # paint the land afresh
    canaan.render(view)
    assert len(drawn) == len(lake)
    boxes = [box for box, _ in drawn]
    assert not any(canaan._overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])
    c = drawn[0][1]
    middles = []
    for _, _, _, (a, b) in lake:
        (x1, y1), (x2, y2) = view.data.vertex_xy[a], view.data.vertex_xy[b]
        middles.append(c.px((x1 + x2) / 2, (y1 + y2) / 2))
    for k, box in enumerate(boxes):
        cx, cy = box.center
        dist = [(mx - cx) ** 2 + (my - cy) ** 2 for mx, my in middles]
        assert dist.index(min(dist)) == k
