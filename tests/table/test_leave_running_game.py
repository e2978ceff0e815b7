"""`/game leave` in a running game: a private question first, then the seat passes to a computer
player (the path of `/game kick`) with a public line and the game goes on; the last human
leaving ends the game instead."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.sessions.service import GameService
from bot.storage.records import SessionStatus
from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB, CY

pytestmark = pytest.mark.asyncio


def public(replies: list[Reply]) -> Reply:
    return [r for r in replies if not r.ephemeral and r.only_for is None][-1]


async def _three(table: Table) -> None:
    await table.new(ALICE, "race", "target=30")
    await table.join(BOB)
    await table.join(CY)
    await table.start(ALICE)


async def test_leaving_asks_first_then_a_bot_takes_the_seat(
    table: Table, service: GameService
) -> None:
    """Bob's question changes nothing; his Leave button hands his seat to a bot, says so in
    public, and Alice and Cy play on."""
    await _three(table)
    [question] = await table.leave(BOB)
    assert question.ephemeral and "A computer player takes your seat" in question.text
    [button] = question.actions
    session = (await service.status(BOB.channel_id)).session
    assert session.seats[1].user_id == BOB.user_id
    [other] = await table.on_action(CY, button.action, button.args)
    assert other.ephemeral and "for the player who asked to leave" in other.text
    post = public(await table.on_action(BOB, button.action, button.args))
    assert "Bob left the game; a computer player takes the seat." in post.text
    after = (await service.status(BOB.channel_id)).session
    assert after.status is SessionStatus.ACTIVE
    assert after.seats[1].user_id is None and after.seats[1].is_bot
    assert after.host_user_id == ALICE.user_id
    [again] = await table.on_action(BOB, button.action, button.args)
    assert again.ephemeral  # the seat is no longer his
    seats = public(await table.status(ALICE)).text.splitlines()
    assert seats[1].startswith("2. Bob (greedy bot)") and "— greedy bot" not in seats[1]


async def test_the_host_leaving_hands_the_host_role_on(table: Table, service: GameService) -> None:
    await _three(table)
    await table.leave(ALICE, confirm=True)
    session = (await service.status(ALICE.channel_id)).session
    assert session.status is SessionStatus.ACTIVE and session.host_user_id == BOB.user_id


async def test_the_last_human_leaving_ends_the_game(table: Table, service: GameService) -> None:
    """Alice against a bot: the question says the game ends, and so it does, with a reason."""
    await table.new(ALICE, "race", "target=30")
    await table.add_bot(ALICE, "random")
    await table.start(ALICE)
    [question] = await table.leave(ALICE)
    assert "You are the last human player, so leaving ends this Race game" in question.text
    [ended] = await table.leave(ALICE, confirm=True)
    assert not ended.ephemeral and "no human player remains" in ended.text
    latest = await service.store.get_latest_in_place(ALICE.channel_id)
    assert latest is not None and latest.status is SessionStatus.ABANDONED


async def test_a_spectator_has_no_seat_to_leave(table: Table) -> None:
    await table.new(ALICE, "race", "target=30")
    await table.join(BOB)
    await table.start(ALICE)
    [refusal] = await table.leave(CY)
    assert refusal.ephemeral and "You hold no seat in this Race game" in refusal.text


async def test_no_leaving_a_paused_game(table: Table) -> None:
    await _three(table)
    await table.pause(replace(ALICE, moderator=True))
    [refusal] = await table.leave(BOB, confirm=True)
    assert refusal.ephemeral and "paused" in refusal.text
