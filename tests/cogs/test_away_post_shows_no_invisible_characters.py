"""The public away post (and any post naming a member) carries no control characters or
bidirectional overrides from what was typed or from a member's name: an RTL override would turn
the rest of the post around, a NUL cuts it short in some clients."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.table.format import printable
from tests.cogs.harness import ALICE, BOB, Harness

INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


@pytest.mark.asyncio
async def test_the_away_post_strips_rtl_overrides_and_nul(h: Harness) -> None:
    ex = await h.slash(
        "game away", until="3 days", reason="on\u202eholiday\x00 \u2066back\u2069 soon", user=ALICE
    )
    (post,) = ex.public
    assert "onholiday back soon" in post.text
    assert not INVISIBLE.search(post.text)


@pytest.mark.asyncio
async def test_a_name_with_an_override_is_posted_without_it(h: Harness) -> None:
    sly = replace(BOB, name="Bob\u202e\x00")
    await h.slash("game new", game="cathedral", user=ALICE)
    ex = await h.slash("game join", user=sly)
    (post,) = ex.public
    assert "Bob joined" in post.text and not INVISIBLE.search(post.text)


def test_printable_keeps_emoji_joiners_and_ordinary_text() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert printable(f"Ann {family} \u00e9t\u00e9") == f"Ann {family} \u00e9t\u00e9"
    assert printable("a\u202eb\x00c\u2067d") == "abcd"
