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
