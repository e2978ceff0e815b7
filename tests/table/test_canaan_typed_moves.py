"""Canaan moves typed as a player reads them: the words on a button (`trade red`) and a bank trade
written without `bank` play exactly that move, and a post whose moves are too many for buttons
names the command that makes them (during setup, `/canaan build settlement`)."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.protocol import Seat, Transition, canonical_json, step
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.records import SessionPatch
from bot.table.canaan import TABLE
from bot.table.commands import Table
from tests.games.canaan.positions import hand, position

from .conftest import ALICE, BOB, CHANNEL, CY
from .helpers import public


async def _canaan_at(service: GameService, table: Table, state: object) -> None:
    """Alice (red), Bob (blue) and Cy (green) at a Canaan game whose state is `state`."""
    await table.new(ALICE, "canaan")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)
    found = await service.status(CHANNEL)
    assert not isinstance(found, Rejection)
    data = service.engine_for(found.session).state_to_dict(state)
    await service.store.update(
        found.session.id,
        found.session.version,
        SessionPatch(state_json=canonical_json(data)),
        service.now(),
    )


def _blue_accepted() -> object:
    """Alice (red) offered 1 lumber for 1 grain and Bob (blue) accepted."""
    s = position(3, hands={0: hand(lumber=2, ore=1), 1: hand(grain=2), 2: hand(wool=1)})
    for seat, text in ((0, "offer 1 lumber for 1 grain"), (1, "accept")):
        action = A.parse_action(text, ENGINE.data)
        moved = step(ENGINE, s, Seat(seat), action)
        assert isinstance(moved, Transition), moved
        s = moved.state
    return s


def test_trade_notation_reads_a_colour_as_the_confirmation_and_a_resource_as_the_bank() -> None:
    trade = TABLE.subcommands["trade"]
    assert trade.notation("red") == "trade red"
    assert trade.notation("bank", "ore", "wool") == "bank ore for wool"
    assert trade.notation("4 ore for wool") == "bank 4 ore for wool"
    assert trade.notation("ore", "wool") == "bank ore wool"


@pytest.mark.asyncio
async def test_typing_the_trade_buttons_words_confirms_that_trade(
    service: GameService, table: Table
) -> None:
    await _canaan_at(service, table, _blue_accepted())
    replies = await table.run_line(ALICE, "trade blue")
    assert public(replies), [r.text for r in replies]
    found = await service.status(CHANNEL)
    assert not isinstance(found, Rejection)
    assert found.state.players[0].hand == hand(lumber=1, grain=1, ore=1)
    assert found.state.players[1].hand == hand(lumber=1, grain=1)


@pytest.mark.asyncio
async def test_a_setup_post_names_build_settlement_not_roll_or_buy(table: Table) -> None:
    await table.new(ALICE, "canaan")
    await table.join(BOB)
    await table.join(CY)
    [begun, *_] = await table.start(ALICE)
    assert "`/canaan build settlement`" in begun.text, begun.text
    assert "/canaan roll" not in begun.text and "/canaan buy" not in begun.text


def test_the_hint_after_a_seven_names_the_plague_command() -> None:
    from bot.games.canaan.state import evolve
    from bot.table.canaan import move_hint

    s = evolve(position(3, hands={0: hand(lumber=1)}), plague_due=True)
    hint = move_hint(s, 0)
    assert "`/canaan plague`" in hint and "build" not in hint, hint


def test_the_private_choices_hint_names_take_too() -> None:
    """After Gibeonite Trickery's look the awaited move is a private `take`: the line under the
    post names it among the private choices."""
    assert "`/canaan take`" in TABLE.private_hint and "takes" in TABLE.private_hint


def test_a_copper_start_button_says_which_card_it_takes() -> None:
    from bot.table.canaan import _quick_label

    assert _quick_label("start 42 copper ore") == "Start 42 (copper: ore)"
    assert _quick_label("start 31") == "Start 31"
    assert _quick_label("trade red") == "Trade red"


def test_start_and_trade_buttons_say_what_they_give() -> None:
    """'Start 3 / Start 11' say which cards each gives; a Trade button repeats its terms."""
    from bot.table.canaan import _quick_label, start_yield

    s = ENGINE.new_game(3, {}, 1)
    assert _quick_label("start 31", s) == f"Start 31: {start_yield(s, '31')}"
    assert ": 1 " in _quick_label("start 31", s)
    assert _quick_label("start 42 copper ore", s).endswith("(ore from copper)")
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1)})
    s = step(ENGINE, s, Seat(0), A.MakeOffer(hand(wool=1), hand(ore=1))).state  # type: ignore[union-attr]
    s = step(ENGINE, s, Seat(1), A.Accept()).state  # type: ignore[union-attr]
    assert _quick_label("trade blue", s) == "Trade blue: you give 1 wool, get 1 ore"
