"""The advisors' gifts: fixed gifts exactly as listed, gifts with a choice, the Stables' extra
soldiers, the Swordsmith's two bundles, gifts given from advisor 1 to 18 whatever the order of
placement, and the Queen's look at the enemy kept private."""

from __future__ import annotations

import pytest

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg.state import Group, Step
from bot.games.protocol import Seat
from tests.games.kingsburg.builders import (
    deck,
    play,
    player,
    position,
    refuse,
    texts,
)


def _gifts(p0, court, p1=None, **fields):
    return position(
        [p0, p1 or player()], order=[0, 1], step=Step.INFLUENCE, queue=(), court=court, **fields
    )


@pytest.mark.parametrize(
    ("advisor", "goods", "vp", "soldiers", "plus_two"),
    [
        (1, (0, 0, 0), 1, 0, 0),
        (2, (1, 0, 0), 0, 0, 0),
        (3, (0, 1, 0), 0, 0, 0),
        (5, (0, 0, 0), 0, 1, 0),
        (8, (2, 0, 0), 0, 0, 0),
        (10, (0, 0, 0), 0, 2, 0),
        (13, (0, 0, 3), 0, 0, 0),
        (15, (1, 1, 1), 0, 0, 0),
        (16, (4, 0, 0), 0, 0, 0),
        (18, (1, 1, 1), 0, 1, 0),
    ],
)
def test_fixed_advisor_gifts(advisor, goods, vp, soldiers, plus_two) -> None:
    """Advisors without a choice give exactly what the rulebook lists."""
    s = _gifts(player(), (Group(advisor, 0, (advisor,)),))
    p = s.players[0]
    assert (p.goods, p.vp, p.soldiers, p.plus_two) == (goods, vp, soldiers, plus_two)
    assert s.step is Step.BUILD or s.phase == 4


@pytest.mark.parametrize(("advisor", "soldiers"), [(5, 2), (10, 3), (18, 2)])
def test_stables_bonus_for_sergeant_general_king(advisor: int, soldiers: int) -> None:
    """Stables: Sergeant 2, General 3, King 2 soldiers."""
    s = _gifts(player(buildings={"palisade", "stables"}), (Group(advisor, 0, (6,)),))
    assert s.players[0].soldiers == soldiers


@pytest.mark.parametrize(
    ("advisor", "choice", "goods", "plus_two", "vp"),
    [
        (4, "gift wood", (0, 1, 0), 0, 0),
        (7, "gift stone", (0, 0, 1), 1, 0),
        (9, "gift wood+stone", (0, 1, 1), 0, 0),
        (11, "gift gold+stone", (1, 0, 1), 0, 0),
        (12, "gift gold+wood", (1, 1, 0), 1, 0),
        (17, "gift stone+stone", (0, 0, 2), 0, 3),
    ],
)
def test_advisor_gifts_with_a_choice(advisor, choice, goods, plus_two, vp) -> None:
    """Merchant, Astronomer, Master Hunter, Swordsmith, Duchess and Queen."""
    s = _gifts(player(), (Group(advisor, 0, (6,)),))
    assert ENGINE.to_act(s) == {Seat(0)}
    s, _ = play(s, (0, choice))
    p = s.players[0]
    assert (p.goods, p.plus_two, p.vp) == (goods, plus_two, vp)


def test_swordsmith_refuses_a_bundle_it_does_not_give() -> None:
    """Stone+wood or stone+gold only."""
    s = _gifts(player(), (Group(11, 0, (6, 5)),))
    assert texts(s, 0) == ["gift gold+stone", "gift wood+stone"]
    assert refuse(s, 0, "gift gold+wood") == (
        "The Swordsmith gives 1 stone + 1 wood, or 1 stone + 1 gold: "
        "say `gift gold+stone` or `gift wood+stone`."
    )


def test_gifts_are_given_from_advisor_1_to_18() -> None:
    """Placed 14, 6, 8, 1 but resolved 1, 6, 8, 14: the Jester's VP lets the Smuggler be paid;
    the Alchemist (6) comes before the Treasurer's gold (8), so it has nothing to trade."""
    court = (Group(14, 0, (6, 6, 2)), Group(6, 0, (6,)), Group(8, 0, (5, 3)), Group(1, 0, (1,)))
    s = _gifts(player(), court)
    # Jester +1 VP; Alchemist: nothing to trade; Treasurer +2 gold; then the Smuggler asks.
    assert s.players[0].vp == 1 and s.players[0].goods == (2, 0, 0)
    assert ENGINE.to_act(s) == {Seat(0)}
    assert "skip" in texts(s, 0)


def test_queen_peek_is_private_and_spectators_see_nothing() -> None:
    """Queen: 2 goods, 3 VP and a secret look at this year's card."""
    s = _gifts(player(), (Group(17, 0, (6, 6, 5)),))
    s, events = play(s, (0, "gift gold+wood"))
    card = deck()[0]
    assert s.peeked == {0}
    assert ENGINE.view(s, Seat(0)).peeked_enemy.card_id == card
    for viewer in (Seat(1), None):
        v = ENGINE.view(s, viewer)
        assert v.peeked_enemy is None and card not in repr(v)
        assert card in ENGINE.hidden_from(s, viewer)
    for e in events:
        if e.visible_to is None:
            assert card not in e.text and card not in repr(e.data)
    assert all(card not in t for t in s.recent)
    assert all(card not in repr(v) for v in ENGINE.summary(s).values())
    # Next years' cards stay hidden even from the peeker.
    assert set(deck()[1:]) <= ENGINE.hidden_from(s, Seat(0))
