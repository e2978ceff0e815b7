"""Lobby sentences name people rather than numbers and say who may act: a removed seat by its
player's name, a start by anyone but the host answered with who may start, and a bot's seat
said to be a bot once."""

from __future__ import annotations

import pytest

from bot.table.commands import Table

from .conftest import ALICE, BOB, CY

pytestmark = pytest.mark.asyncio


async def test_a_removed_seat_is_named(table: Table) -> None:
    await table.new(ALICE, "race")
    await table.join(BOB)
    [removed] = await table.kick(ALICE, 2)
    assert removed.text.startswith("Bob (seat 2) was removed from the lobby.")


async def test_only_the_host_starts_whoever_asks(table: Table) -> None:
    await table.new(ALICE, "race")
    await table.join(BOB)
    for caller in (BOB, CY):
        [refusal] = await table.start(caller)
        assert refusal.ephemeral and refusal.text.startswith("Only the host, Alice, can start")


async def test_a_bot_seat_is_called_a_bot_once(table: Table) -> None:
    """ "Random bot" needs no " — random bot" after it; the host tag stays."""
    await table.new(ALICE, "race")
    await table.add_bot(ALICE, "random")
    [lobby] = await table.status(ALICE)
    seats = dict(lobby.fields)["Seats (2, for 2 to 4 players)"]
    assert "1. Alice — host" in seats and "random bot" not in seats.replace("Random bot", "")


async def test_the_opening_line_takes_the_article_the_game_name_needs(table: Table) -> None:
    [opened] = await table.new(ALICE, "architects")
    assert "Alice opened an Architects of the West Kingdom table." in opened.text
    [busy] = await table.new(BOB, "canterbury")
    assert "already has an Architects of the West Kingdom lobby open" in busy.text
