"""`/kingsburg peek`: the enemy card a player looked at, repeated privately in words; a clear
sentence when there is nothing to show (no look this year, no hidden information, a spectator)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.games.protocol import Seat, canonical_json
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.records import SessionPatch
from bot.table.commands import Table

from .conftest import ALICE, BOB, CHANNEL, CY
from .helpers import one_refusal, start_game

pytestmark = pytest.mark.asyncio


async def test_peek_without_a_look_says_so(table: Table) -> None:
    await start_game(table, "kingsburg")
    [reply] = await table.peek(ALICE)
    assert reply.ephemeral
    assert reply.text == (
        "You have not looked at the next enemy this year (the General and the Queen let you)."
    )
    # The text command reaches the same answer.
    [typed] = await table.run_line(ALICE, "/kingsburg peek")
    assert typed.text == reply.text


async def test_peek_repeats_the_enemy_in_words(table: Table, service: GameService) -> None:
    await start_game(table, "kingsburg")
    status = await service.status(CHANNEL)
    assert not isinstance(status, Rejection)
    engine = service.engine_for(status.session)
    looked = dataclasses.replace(status.state, peeked=frozenset({0}))
    await service.store.update(
        status.session.id,
        status.session.version,
        SessionPatch(state_json=canonical_json(engine.state_to_dict(looked))),
        service.now(),
    )
    card = engine.view(looked, Seat(0)).peeked_enemy
    assert card is not None
    [mine] = await table.peek(ALICE)
    assert mine.ephemeral and mine.image is not None
    assert f"{card.enemy}, strength {card.strength}" in mine.text
    assert card.reward in mine.text and card.penalty in mine.text
    # Bob did not look: his answer has no card in it.
    [his] = await table.peek(BOB)
    assert card.enemy not in his.text and "have not looked" in his.text
    # /game status's private reply says the same in words.
    private = [r for r in await table.status(ALICE) if r.ephemeral]
    assert len(private) == 1 and f"strength {card.strength}" in private[0].text


async def test_peek_refuses_spectators_and_games_without_secrets(
    table: Table,
) -> None:

    await start_game(table, "cathedral")
    assert "no hidden information" in one_refusal(await table.peek(ALICE)).text
    assert "not playing in this game" in one_refusal(await table.peek(CY)).text
