"""Phase 7, recruiting: every distinct payment is offered, and `recruit N` without goods is
accepted when only one payment fits or refused with a payment the player can make."""

from __future__ import annotations

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import Step
from bot.games.protocol import Seat, Transition, step
from tests.games.kingsburg.builders import (
    player,
    position,
    refuse,
    texts,
)


def test_recruit_options_are_every_distinct_payment() -> None:
    """All goods combinations are listed, for autocomplete: 2 goods per soldier."""
    s = position([player(2, 1, 1), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    assert texts(s, 0) == [
        "recruit 1 gold+gold",
        "recruit 1 gold+stone",
        "recruit 1 gold+wood",
        "recruit 1 wood+stone",
        "recruit 2 gold+gold+wood+stone",
        "skip",
    ]


def test_recruit_without_goods_names_a_legal_example() -> None:
    """`recruit 3` (no goods named) is refused with a payment the player can actually make."""
    s = position([player(3, 2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    message = refuse(s, 0, "recruit 3")
    example = message.split("`")[1]
    assert example.startswith("recruit 3 ")
    assert example in texts(s, 0), message
    too_many = refuse(s, 0, "recruit 4")
    assert "at most 3" in too_many, too_many
    assert too_many.split("`")[1] in texts(s, 0)


def test_recruit_without_goods_is_accepted_when_only_one_payment_fits() -> None:
    """With only gold, `recruit 2` can mean nothing but four gold."""
    s = position([player(5), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    action = ENGINE.parse_action("recruit 2", s, Seat(0))
    assert ENGINE.format_action(action, s) == "recruit 2 gold+gold+gold+gold"
    result = step(ENGINE, s, Seat(0), action)
    assert isinstance(result, Transition)
    recruited = [e for e in result.events if e.kind == "soldiers" and e.data.get("seat") == 0]
    assert recruited[0].data["n"] == 2
    assert result.state.players[0].goods[0] == 1
    # Ambiguous payments are left for `check` to explain.
    s2 = position([player(2, 2), player()], order=[0, 1], step=Step.RECRUIT, phase=7, queue=(0,))
    assert ENGINE.parse_action("recruit 1", s2, Seat(0)).payment == (0, 0, 0)
    assert ENGINE.format_action(ENGINE.parse_action("recruit 2", s2, Seat(0)), s2) == (
        "recruit 2 gold+gold+wood+wood"
    )
