"""A refusal that quotes what the user typed shows it as typed: no bold, spoiler, link or mention
made of it, and no message the bot sends on a refusal pings anyone."""

from __future__ import annotations

import re

import pytest

from tests.cogs.harness import ALICE, BOB, Exchange, Harness

pytestmark = pytest.mark.asyncio

TYPED = "**loud**||hidden||[click](https://e.vil)@everyone<@100000000000000002>"
RAW = re.compile(r"(?<!\\)(\*\*loud|\|\|hidden|\[click\]|@everyone|<@1)")
"""The typed markup where no backslash precedes it."""


def assert_quiet_echo(ex: Exchange) -> None:
    """The refusal is private, quotes the typed text escaped, and pings nobody."""
    assert ex.ephemeral and not ex.public
    text = ex.ephemeral_text
    assert "loud" in text and "hidden" in text, text
    assert not RAW.search(text), text
    for sent in ex.ephemeral:
        assert sent.pinged_ids == []
        allowed = sent.payload.get("allowed_mentions")
        assert allowed is not None and not allowed.get("parse"), allowed


async def test_an_unknown_game_name_is_echoed_escaped(h: Harness) -> None:
    assert_quiet_echo(await h.slash("game new", game=TYPED, user=ALICE))


async def test_bad_options_are_echoed_escaped(h: Harness) -> None:
    assert_quiet_echo(await h.slash("game new", game="cathedral", options=TYPED, user=ALICE))


async def test_a_refused_move_echoes_the_typed_notation_escaped(h: Harness) -> None:
    """The engine's sentence names the unknown building as typed; the table escapes it."""
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    ex = await h.slash("cathedral move", notation=f"{TYPED} B3 0", user=ALICE)
    assert_quiet_echo(ex)


async def test_an_unreadable_return_date_is_echoed_escaped(h: Harness) -> None:
    assert_quiet_echo(await h.slash("game away", until=TYPED[:40], user=ALICE))


async def test_an_unknown_bot_name_is_echoed_escaped(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    assert_quiet_echo(await h.slash("game add-bot", name=TYPED, user=ALICE))


async def test_the_sentences_own_code_spans_are_left_as_written() -> None:
    """Escaping covers the prose, not the commands the sentence suggests in code spans."""
    from bot.table.format import escape_echo

    sentence = "No building called '**x**'; try `Castle B3 90` or `/game help`."
    assert escape_echo(sentence, "**x**") == (
        "No building called '\\*\\*x\\*\\*'; try `Castle B3 90` or `/game help`."
    )
    assert escape_echo(sentence, "plain words") == sentence
