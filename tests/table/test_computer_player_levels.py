"""Computer players come in levels: a host seats `easy` or `strong`, a server's setting picks
the level of seats taken over, and the rules say what each level does."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, BOB, CHANNEL
from .helpers import public

pytestmark = pytest.mark.asyncio


async def test_a_host_seats_an_easy_or_a_strong_computer_player(
    table: Table, service: GameService
) -> None:
    assert public(await table.new(ALICE, "kingsburg", ""))
    assert public(await table.add_bot(ALICE, "easy"))
    assert public(await table.add_bot(ALICE, "Strong"))
    status = await service.status(CHANNEL)
    seats = status.session.seats  # type: ignore[union-attr]
    assert [(s.display_name, s.bot_name) for s in seats[1:]] == [
        ("Easy bot", "heuristic"),
        ("Strong bot", "strong"),
    ]
    [refused] = await table.add_bot(ALICE, "genius")
    assert refused.ephemeral
    assert "easy, strong" in refused.text


async def test_the_server_level_plays_a_seat_taken_over(table: Table, service: GameService) -> None:
    manager = replace(ALICE, manager=True)
    [bad] = await table.settings(manager, bot_level="grandmaster")
    assert bad.ephemeral and "easy or strong" in bad.text
    [saved] = await table.settings(manager, bot_level="strong")
    assert "strong: searches ahead" in dict(saved.fields)["Stand-ins and take-overs"]
    assert public(await table.new(ALICE, "cathedral", ""))
    assert public(await table.join(BOB))
    assert public(await table.start(ALICE))
    # Light (Alice) moves first, so the computer player taking Bob's seat does not move yet.
    assert await table.kick(ALICE, 2)
    status = await service.status(CHANNEL)
    bob = status.session.seats[1]  # type: ignore[union-attr]
    assert bob.bot_name == "strong" and bob.display_name == "Bob (strong bot)"


async def test_the_rules_say_what_each_level_does(table: Table) -> None:
    replies = await table.rules(ALICE, "canaan", paged=False)  # every page, as a terminal shows
    text = "\n".join(r.text for r in replies)
    assert "`easy`" in text and "`strong`" in text and "/game add-bot" in text
