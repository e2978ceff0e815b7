"""Help that fits: `/game help` in a game's channel is that game on one screen; `/game rules`
opens with a one-screen summary and pages the rest with buttons, readings and data last."""

from __future__ import annotations

import pytest

from bot.table.rulespages import PAGE_MAX
from tests.cogs.harness import ALICE, BOB, Harness, rules_pages

pytestmark = pytest.mark.asyncio


async def test_help_in_a_games_channel_is_that_game_on_one_screen(h: Harness) -> None:
    everything = await h.slash("game help")
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    ex = await h.slash("game help", user=BOB)
    (page,) = ex.messages
    assert page.ephemeral and not ex.public
    assert len(page.text) <= 2000 and page.text.count("\n") <= 30  # one screen
    assert len(page.text) < len(everything.text)
    assert "/kingsburg aid" in page.text and "/game status" in page.text
    assert "/cathedral" not in page.text and "/game settings" not in page.text


async def test_rules_open_with_a_summary_and_page_the_rest(h: Harness) -> None:
    pages = await rules_pages(h, "canaan")
    first, current = pages[0], pages[-1]
    assert first.ephemeral and len(first.embeds[0]["description"]) <= PAGE_MAX
    assert "Rules notes" not in first.text  # the readings come last
    assert [label for label, _ in first.buttons] == ["Page 2 \u25b6"]
    assert all(len(p.embeds[0]["description"]) <= PAGE_MAX for p in pages)
    seen = [p.text for p in pages]
    notes = next(i for i, text in enumerate(seen) if "Rules notes" in text)
    rules = next(i for i, text in enumerate(seen) if "**Notation**" in text)
    assert 0 < rules <= notes, "the readings come after the rules"
    assert current.buttons and "\u25c0" in current.buttons[0][0]
