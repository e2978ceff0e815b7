"""Stored English (end reasons, bot seat names) said in German through the cogs: a moderator's
end on a German server, and the finished-games picker of a German member."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, C1, MIA, Harness

pytestmark = pytest.mark.asyncio


async def test_a_moderators_end_and_the_finished_picker_in_german(h: Harness) -> None:
    h.guild_locale = "de"
    h.locale = "de"
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game add-bot", name="easy", user=ALICE)
    await h.slash("game start", user=ALICE)
    ex = await h.slash("game abandon", user=MIA)
    assert "Beendet von der Moderation, Mia." in ex.public_text, ex.public_text
    latest = await h.bot.service.latest(C1.id)
    assert latest is not None and latest.end_reason == "Ended by a moderator, Mia."
    ex = await h.autocomplete("game replay", focused="game", game="")
    [picked] = ex.choices
    assert picked["name"].endswith("Alice, Easy-Bot"), picked
    h.locale = "en-US"
    ex = await h.autocomplete("game replay", focused="game", game="")
    assert ex.choices[0]["name"].endswith("Alice, Easy bot")
