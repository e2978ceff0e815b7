"""`/game settings undo_hours` through the real command tree: Discord keeps the value within 1 to
720 hours, a manager's change is saved, and the next undo request says it."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, BOB, MIA, Harness

pytestmark = pytest.mark.asyncio


async def test_a_manager_sets_the_undo_window_and_requests_use_it(h: Harness) -> None:
    saved = await h.slash("game settings", undo_hours=6, user=MIA)
    assert "answered within 6 hours" in saved.ephemeral_text
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    await h.slash("cathedral move", notation="Cathedral C1 0", user=ALICE)
    asked = await h.slash("game undo", user=ALICE)
    assert "accept or decline within 6 hours" in asked.public_text
