"""The controls under a public post tell nothing of a hand: everything a member can read of
them (labels, menu options, the facts a custom_id is built from) is the same whatever cards a
player holds, among all the hands of the card count everyone sees.

The position: Canaan, three players, a 7 rolled; Alice and Bob must each discard 4 of their 8
cards at once, so both get per-seat controls. Bob's hand is every one of the 495 hands of 8
cards in turn; nothing under the post may change with it.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

import pytest

from bot.games.canaan.state import State
from bot.games.protocol import Seat
from bot.games.rejections import Rejection
from bot.table.commands import Table
from tests.games.canaan.positions import hand, play, position, rigged, with_player

from .conftest import ALICE, BOB, CY
from .helpers import public

pytestmark = pytest.mark.asyncio

CARDS = 8


def _hands(total: int) -> list[tuple[int, int, int, int, int]]:
    """Every hand of `total` cards over the five resources."""
    out = []
    for combo in combinations_with_replacement(range(5), total):
        out.append(tuple(combo.count(r) for r in range(5)))
    return out


def _readable(table: Table, session: Any, state: State) -> tuple[Any, ...]:
    """Everything a member can read of the controls under the post for `state`: labels, menu
    options and every fact a custom_id is made of (cogs/_views.py)."""
    to_act = table.service.engine_for(session).to_act(state)
    choices = table._choices(session, state, to_act)
    buttons = tuple(
        (b.label, b.notation, b.session_id, b.version, b.seat, b.token, b.row)
        for b in choices.buttons
    )
    menus = tuple(
        (m.options, m.labels, m.placeholder, m.session_id, m.version, m.seat, m.token)
        for m in (*choices.menus, *([choices.menu] if choices.menu else []))
    )
    tokens = tuple(table.service.decision_token(session, state, Seat(s)) for s in range(3))
    return buttons, menus, choices.hint, tokens


async def test_no_control_under_a_discard_depends_on_the_hand(table: Table) -> None:
    assert public(await table.new(ALICE, "canaan"))
    assert public(await table.join(BOB))
    assert public(await table.join(CY))
    assert public(await table.start(ALICE))
    status = await table.service.status(ALICE.channel_id)
    assert not isinstance(status, Rejection)
    session = status.session
    start = position(3, hands={0: hand(ore=CARDS), 1: hand(wool=CARDS)}, rolled=False)
    seven = play(rigged(start, 7), 0, "roll")
    assert {p.seat for p in seven.pending} == {0, 1}
    seen = set()
    hands = _hands(CARDS)
    assert len(hands) == 495
    for cards in hands:
        state = with_player(seven, 1, hand=cards)
        seen.add(_readable(table, session, state))
    assert len(seen) == 1, f"the controls took {len(seen)} forms: they tell hands apart"
    ((buttons, menus, hint, tokens),) = seen
    # The position does offer per-seat controls (or a hint): the check is not vacuous.
    assert buttons or menus or hint
    assert tokens[0] == tokens[1] == format(session.ply, "x") and tokens[2] is None
