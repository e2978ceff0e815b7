"""Buildings: the row order, the Crane's discount (columns III and IV only), printed VP when built,
the Embassy's point in the season it is built, the Town Hall once a season, the Inn's token at
the end of summer, and the King's reward for the most buildings."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import data as D
from bot.games.kingsburg.state import Step
from tests.games.kingsburg.builders import (
    play,
    player,
    position,
    texts,
)

ROW1 = ("statue", "chapel", "church", "cathedral")


ROW2 = ("inn", "market", "farms", "merchants-guild")


ROW3 = ("guard-tower", "blacksmith", "barracks", "wizards-guild")


ROW4 = ("palisade", "stables", "stone-wall", "fortress")


ROW5 = ("barricade", "crane", "town-hall", "embassy")


def _build(p0, p1=None, **fields):
    """Seat 0 builds first; seat 1 (by default able to build the Barricade) keeps the season
    open so the end-of-season effects do not blur the check."""
    return position([p0, p1 or player(0, 1)], order=[0, 1], step=Step.BUILD, **fields)


def test_row_order_for_every_row() -> None:
    """Each building needs every building to its left in its row."""
    rich = player(20, 20, 20)
    for row in (ROW1, ROW2, ROW3, ROW4, ROW5):
        s = _build(rich)
        assert texts(s, 0).count(f"build {row[0]}") == 1
        for b in row[1:]:
            assert f"build {b}" not in texts(s, 0)
    s = _build(player(20, 20, 20, buildings={"barricade", "crane"}))
    assert "build town-hall" in texts(s, 0) and "build embassy" not in texts(s, 0)


@pytest.mark.parametrize("bid", [b.building_id for b in D.BUILDINGS])
def test_crane_discount_only_in_columns_three_and_four(bid: str) -> None:
    """With the Crane, one gold less for columns III and IV; columns I and II pay full price."""
    b = D.BUILDING_BY_ID[bid]
    left = set(D.left_neighbours(bid))
    exact = player(*b.cost, buildings=left | {"barricade", "crane"})
    if b.column >= 3:
        cheaper = (b.cost[0] - 1, b.cost[1], b.cost[2])
        s = _build(player(*cheaper, buildings=left | {"barricade", "crane"}))
        s, _ = play(s, (0, f"build {bid}"))
        assert bid in s.players[0].buildings and s.players[0].goods == (0, 0, 0)
    elif bid not in ("barricade", "crane") and b.cost[0] > 0:
        short = (b.cost[0] - 1, b.cost[1], b.cost[2])
        s = _build(player(*short, buildings=left | {"barricade", "crane"}))
        assert f"build {bid}" not in texts(s, 0)
    s = _build(exact)
    if not exact.has(bid):
        assert f"build {bid}" in texts(s, 0)


def test_build_gives_the_building_vp() -> None:
    """Every building scores its printed VP when built and costs its printed goods; the Town
    Hall and the Embassy, which need the Crane to their left, cost 1 gold less (column III, IV)."""
    for b in D.BUILDINGS:
        left = set(D.left_neighbours(b.building_id))
        s = _build(player(*b.cost, buildings=left))
        s, _ = play(s, (0, f"build {b.building_id}"))
        assert s.players[0].vp == b.vp, b.name
        discounted = b.building_id in ("town-hall", "embassy")
        assert ("crane" in left) == discounted, b.name
        assert s.players[0].goods == ((1, 0, 0) if discounted else (0, 0, 0)), b.name
        assert s.step is Step.BUILD


def test_embassy_scores_in_the_season_it_is_built() -> None:
    """Built in autumn: +4 (printed) +1 (end of that season)."""
    owned = {"barricade", "crane", "town-hall"}
    s = _build(player(2, 2, 2, buildings=owned), phase=6)
    s, _ = play(s, (0, "build embassy"))
    assert s.players[0].vp == 4
    s, _ = play(s, (1, "done"))
    assert s.players[0].vp == 4 + 1
    assert s.step is Step.TOWNHALL  # the Town Hall comes after the Embassy point


def test_town_hall_trade_is_once_per_season() -> None:
    """After one trade the seat is not asked again this season."""
    owned = {"barricade", "crane", "town-hall"}
    s = position(
        [player(3, 3, 3, buildings=owned, plus_two=2), player(buildings={"inn"})],
        order=[0, 1],
        step=Step.BUILD,
        phase=6,
        queue=(),
    )
    assert s.step is Step.TOWNHALL
    assert texts(s, 0) == [
        "skip",
        "townhall gold",
        "townhall plus2",
        "townhall stone",
        "townhall wood",
    ]
    s, _ = play(s, (0, "townhall plus2"))
    assert s.players[0].vp == 1 and s.players[0].plus_two == 1
    assert s.step is not Step.TOWNHALL


def test_inn_gives_a_token_only_at_the_end_of_summer() -> None:
    """Spring and autumn: no Inn token."""
    for phase, tokens in ((2, 0), (4, 1), (6, 0)):
        s = position(
            [player(buildings={"inn"}), player(buildings={"inn"})],
            order=[0, 1],
            step=Step.BUILD,
            phase=phase,
            queue=(),
        )
        assert s.players[0].plus_two == tokens, phase


def test_kings_reward_goes_to_every_player_with_the_most_buildings() -> None:
    """Phase 3: most buildings, ties all rewarded."""
    s = position(
        [
            player(buildings={"inn", "statue"}),
            player(buildings={"inn"}),
            player(buildings={"palisade", "barricade"}),
        ],
        order=[0, 1, 2],
        step=Step.BUILD,
        phase=2,
        queue=(),
    )
    assert s.phase == 4
    assert [p.vp for p in s.players] == [1, 0, 1]
