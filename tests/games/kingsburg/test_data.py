"""The Kingsburg data module agrees with shared/rules/data/kingsburg.yaml."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.kingsburg import data
from tests.games.rulebook_data import rulebook_data


@pytest.fixture(scope="module")
def sheet() -> dict[str, Any]:
    return rulebook_data("kingsburg.yaml")


def test_buildings_match(sheet: dict[str, Any]) -> None:
    """Name, place on the sheet, cost, VP and battle bonuses of all 20 buildings."""
    ours = {b.name: b for b in data.BUILDINGS}
    assert len(ours) == len(sheet["buildings"]) == 20
    for entry in sheet["buildings"]:
        b = ours[entry["name"]]
        cost = entry["cost"]
        assert (b.row, b.column) == (entry["row"], entry["column"]), b.name
        assert b.cost == (cost["gold"], cost["wood"], cost["stone"]), b.name
        assert b.vp == entry["vp"], b.name
        assert b.battle == entry.get("battle", 0), b.name
        assert dict(b.battle_vs) == dict(entry.get("battle_vs") or {}), b.name


def test_advisors_match(sheet: dict[str, Any]) -> None:
    """The 18 advisors, by number and name."""
    ours = {a.number: a.name for a in data.ADVISORS}
    theirs = {a["number"]: a["name"] for a in sheet["advisors"]}
    assert ours == theirs and len(ours) == 18


def test_enemy_cards_match(sheet: dict[str, Any]) -> None:
    """All 25 enemy cards: year, enemy, strength, rewards and penalties (unverified values too)."""

    def key(year: int, enemy: str, strength: int, reward: dict, penalty: dict) -> tuple:
        return (year, enemy, strength, sorted(reward.items()), sorted(penalty.items()))

    ours = sorted(
        key(c.year, c.enemy, c.strength, dict(c.reward), dict(c.penalty)) for c in data.ENEMY_CARDS
    )
    theirs = sorted(
        key(c["year"], c["enemy"], c["strength"], c["reward"], c["penalty"])
        for c in sheet["enemy_cards"]
    )
    assert ours == theirs and len(ours) == 25
