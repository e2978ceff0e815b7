"""`/game leave` in a running game through the real command tree: a private question with a
Leave button that survives a restart (its custom_id holds the game and seat), then a public post
and a bot in the seat."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB

pytestmark = pytest.mark.asyncio


async def test_leave_button_hands_the_seat_to_a_bot_after_a_restart(start_bot: StartBot) -> None:
    h = await start_bot()
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    asked = await h.slash("game leave", user=BOB)
    assert not asked.public and "A computer player takes your seat" in asked.ephemeral_text
    [(label, custom_id)] = [b for b in asked.buttons if b[1].startswith("gh:a:leave:")]
    assert label == "Leave the game"
    await h.close()
    h = await start_bot()
    left = await h.click(custom_id, user=BOB)
    assert "Bob left the game; a computer player takes the seat." in left.public_text
    status = await h.slash("game status", user=ALICE, public=True)
    assert "heuristic bot" in status.public_text
