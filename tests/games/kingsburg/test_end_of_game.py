"""The end of the game: ties on VP broken by goods, then buildings, then shared, and the result
sentence says which; the Cathedral's 1 VP per 2 goods rounds down and is announced even at zero."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.rules import settle
from bot.games.kingsburg.state import State, Step
from bot.games.protocol import Event, Seat
from tests.games.kingsburg.builders import (
    player,
    position,
)


def test_tie_break_goods_then_buildings_then_shared() -> None:
    """Equal VP and goods: more buildings wins."""
    s = position(
        [
            player(1, 1, buildings={"inn", "statue"}, vp=10),
            player(2, buildings={"inn"}, vp=10),
            player(1, vp=10),
        ],
        order=[0, 1, 2],
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
    )
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(0)}


def test_cathedral_rounds_down() -> None:
    """1 VP per 2 goods: 7 goods give 3 VP."""
    cath = {"statue", "chapel", "church", "cathedral"}
    s = position(
        [player(3, 3, 1, buildings=cath, vp=10), player()],
        order=[0, 1],
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
    )
    assert s.players[0].vp == 13


def _final(players: list, **kw: object) -> tuple[State, list[Event]]:
    s = position(
        players,
        order=list(range(len(players))),
        step=Step.BATTLE,
        phase=8,
        year=5,
        queue=(),
        settle_now=False,
        **kw,
    )
    ev: list[Event] = []
    return settle(s, ev), ev


def test_result_says_what_broke_a_tie_on_vp() -> None:
    """Equal VP: the sentence names the goods (or buildings) that decided, or the shared win."""
    s, _ = _final([player(0, 0, 0, vp=32), player(1, 1, 0, vp=32)])
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == {Seat(1)}
    assert (
        out.reason
        == "Blue wins with 32 VP after five years (tie on VP broken by goods: 2 against 0)."
    )
    s, _ = _final([player(1, 0, 0, vp=5, buildings={"statue"}), player(0, 1, 0, vp=5)])
    assert ENGINE.outcome(s).reason.endswith(
        # "the number of": the score sheet's Buildings row is VP from buildings, not a count.
        "(tie on VP and goods broken by the number of buildings: 1 against 0)."
    )
    s, _ = _final([player(1, 0, 0, vp=5), player(0, 1, 0, vp=5)])
    assert ENGINE.outcome(s).reason == (
        "Red and blue share the victory with 5 VP after five years"
        " (tied on VP, goods and buildings: 1 good and 0 buildings each)."
    )
    both = {"statue"}
    s, _ = _final([player(1, 0, 0, vp=5, buildings=both), player(0, 1, 0, vp=5, buildings=both)])
    assert ENGINE.outcome(s).reason.endswith(
        "(tied on VP, goods and buildings: 1 good and 1 building each)."
    )
    s, _ = _final([player(vp=9), player(vp=4)])
    assert ENGINE.outcome(s).reason == "Red wins with 9 VP after five years."


def test_cathedral_bonus_is_announced_even_when_it_is_zero() -> None:
    """An owner with fewer than 2 goods is told the Cathedral gives nothing; with goods, the
    bonus line names them."""
    cath = {"statue", "chapel", "church", "cathedral"}
    s, ev = _final([player(1, 0, 0, buildings=cath, vp=10), player(3, 1, 1, buildings=cath)])
    texts = [e.text for e in ev]
    assert "Red gains no VP from the Cathedral (1 good; 1 VP per 2)." in texts
    assert "Blue gains 2 VP (Cathedral: 5 goods)." in texts
    assert s.players[0].vp == 10 and s.players[1].vp == 2
