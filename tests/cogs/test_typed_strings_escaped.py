"""Strings users type that the bot repeats in public posts show as typed: no bold, spoiler,
masked link or mention made of them (names are covered by test_servers)."""

from __future__ import annotations

import re

import pytest

from tests.cogs.harness import ALICE, BOB, Harness

pytestmark = pytest.mark.asyncio

TYPED = "**loud**||hidden||[click](https://e.vil)@everyone"
RAW = re.compile(r"(?<!\\)(\*\*loud|\|\|hidden|\[click\]|@everyone)")
"""The typed markup where no backslash precedes it."""


async def test_an_away_reason_is_escaped_in_the_away_post_and_the_status(h: Harness) -> None:
    """Bob's away reason appears in the public away post and in every status of his games."""
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    away = await h.slash("game away", until="5", reason=TYPED, user=BOB)
    status = await h.slash("game status", user=ALICE, public=True)
    for post in (away.public_text, status.public_text):
        assert "loud" in post and "hidden" in post
        assert not RAW.search(post), post


async def test_a_long_reason_is_cut_between_escapes(h: Harness) -> None:
    """A reason of 100 markdown characters is kept as 50 escaped ones (the stored length),
    never cut after a backslash that would escape the closing bracket."""
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    await h.slash("game away", until="5", reason="*" * 100, user=BOB)
    status = await h.slash("game status", user=ALICE, public=True)
    assert "(" + "\\*" * 50 + ")" in status.public_text
