"""Architects options are checked when they are given, with a specific sentence, not only when
the game starts (where they used to end in the generic error): an unknown or repeated character
and characters without the variable setup when the lobby opens, the automated opponent against a
third player when that player would join, a solo game without the opponent at the start."""

from __future__ import annotations

import pytest

from bot.table.commands import Table

from .conftest import ALICE, BOB, CY
from .helpers import one_refusal, public

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ("setup=variable characters=ada+nobody", "There is no character 'nobody'"),
        ("setup=variable characters=ada+ada", "Each character can be used by one player only."),
        ("characters=ada+rudolf", "Characters are side-2 boards: name them with `setup=variable`"),
    ],
)
async def test_bad_characters_are_refused_when_the_lobby_opens(
    table: Table, options: str, sentence: str
) -> None:
    refusal = one_refusal(await table.new(ALICE, "architects", options))
    assert sentence in refusal.text
    assert await table.service.store.get_open_in_place(ALICE.channel_id) is None


async def test_the_opponent_keeps_a_third_player_out(table: Table) -> None:
    assert public(await table.new(ALICE, "architects", "opponent=helena"))
    assert public(await table.join(BOB))
    refusal = one_refusal(await table.join(CY))
    assert "full (2 of 2 seats)" in refusal.text
    assert "the automated opponent plays solo or against 2 players only" in refusal.text
    refusal = one_refusal(await table.add_bot(ALICE, "heuristic"))
    assert "the automated opponent plays solo or against 2 players only" in refusal.text
    assert public(await table.start(ALICE))


async def test_a_solo_game_without_the_opponent_is_refused_at_the_start(table: Table) -> None:
    assert public(await table.new(ALICE, "architects", "opponent=none"))
    refusal = one_refusal(await table.start(ALICE))
    assert "A solo game needs the automated opponent (Constantine or Helena)." in refusal.text
    assert public(await table.join(BOB))
    assert public(await table.start(ALICE))


async def test_named_characters_set_the_number_of_seats(table: Table) -> None:
    assert public(await table.new(ALICE, "architects", "setup=variable characters=ada+rudolf"))
    assert public(await table.join(BOB))
    refusal = one_refusal(await table.join(CY))
    assert "2 characters are named, one per player" in refusal.text
    assert public(await table.start(ALICE))
