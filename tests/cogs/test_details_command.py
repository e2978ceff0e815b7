"""`/game details` through the real command tree: one ephemeral message with the details image
for the caller alone, nothing public; a clear sentence where the board already shows all."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, BOB, Harness

pytestmark = pytest.mark.asyncio


async def test_details_answers_privately_with_an_image(h: Harness) -> None:
    await h.slash("game new", game="kingsburg", user=ALICE)
    await h.slash("game join", user=BOB)
    assert (await h.slash("game start", user=ALICE)).public
    ex = await h.slash("game details", user=BOB)
    assert not ex.public
    assert ex.ephemeral and ex.files
    assert ex.files[0][0] == "kingsburg-details.png"
    assert ex.files[0][1].startswith(b"\x89PNG")


async def test_details_of_a_game_whose_board_shows_everything(h: Harness) -> None:
    await h.slash("game new", game="cathedral", user=ALICE)
    await h.slash("game join", user=BOB)
    assert (await h.slash("game start", user=ALICE)).public
    ex = await h.slash("game details", user=ALICE)
    assert not ex.public and not ex.files
    assert "already shows everything" in ex.ephemeral_text
