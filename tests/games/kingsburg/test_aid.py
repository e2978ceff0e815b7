"""Phase 1, Aid from the King: the fewest buildings are compared before the fewest goods, a full tie
gives each tied player a good and nobody the white die (in any year), and the white die is
rolled in spring only (with the Farms' one, two white dice)."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat
from tests.games.kingsburg.builders import (
    act,
    play,
    player,
    texts,
    year_start,
)


def test_aid_full_tie_in_a_later_year_gives_goods_and_no_white_die() -> None:
    """Tie for fewest buildings AND fewest goods: each tied player takes one good; nobody rolls
    the white die (not only in year I)."""
    s = year_start(
        [
            player(1, buildings={"statue"}),
            player(1, buildings={"inn"}),
            player(buildings={"inn", "statue"}),
        ]
    )
    assert s.year == 2 and s.step is Step.AID
    assert ENGINE.to_act(s) == {Seat(0), Seat(1)}
    assert texts(s, 0) == ["aid gold", "aid stone", "aid wood"]
    s, _ = play(s, (0, "aid stone"), (1, "aid wood"))
    assert s.players[0].goods == (1, 0, 1) and s.players[1].goods == (1, 1, 0)
    assert s.players[2].goods == (0, 0, 0)
    assert [len(p.dice) for p in s.players] == [3, 3, 3]
    assert not any(p.aid_white for p in s.players)


def test_aid_fewest_buildings_beats_fewest_goods() -> None:
    """Buildings are compared first: 1 building and 5 goods is aided over 2 buildings, 0 goods."""
    s = year_start([player(buildings={"inn", "statue"}), player(5, buildings={"inn"})])
    assert s.step is Step.REROLL or s.step is Step.INFLUENCE
    assert s.players[1].aid_white and not s.players[0].aid_white
    assert [sum(d.white for d in p.dice) for p in s.players] == [0, 1]


def test_aid_white_die_is_for_spring_only() -> None:
    """The aided player rolls 4 dice in spring, 3 in summer (returned at the end of spring)."""
    s = year_start([player(buildings={"inn", "statue"}), player(buildings={"inn"})])
    assert len(s.players[1].dice) == 4
    # Finish spring: both pass, nothing to build, no Town Hall.
    while s.phase == 2:
        seat = sorted(ENGINE.to_act(s))[0]
        s = act(s, seat, "pass" if s.step is Step.INFLUENCE else "done").state
    assert s.phase == 4
    assert [len(p.dice) for p in s.players] == [3, 3]
    assert not s.players[1].aid_white


def test_aid_white_die_and_farms_give_two_white_dice() -> None:
    """King's aid + Farms: two white dice in spring; both may join one coloured die."""
    farms = {"inn", "market", "farms"}
    s = year_start([player(buildings=farms), player(buildings=farms | {"statue"})])
    assert sum(d.white for d in s.players[0].dice) == 2
    assert sum(d.white for d in s.players[1].dice) == 1
