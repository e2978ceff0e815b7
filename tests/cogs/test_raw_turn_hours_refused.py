"""A raw interaction need not respect the ranges Discord enforces: `turn_hours` of 1e12, NaN,
infinity or below the minimum gets a specific sentence (never the generic error) and opens
nothing; the server setting of the same name is refused the same way."""

from __future__ import annotations

import math

import pytest

from cogs._errors import GENERIC_SENTENCE
from tests.cogs.harness import ALICE, MIA, Harness

pytestmark = pytest.mark.asyncio

BAD = [1e12, math.nan, math.inf, -math.inf, -5.0, 0.0]


@pytest.mark.parametrize("hours", BAD)
async def test_game_new_refuses_absurd_turn_hours(h: Harness, hours: float) -> None:
    ex = await h.slash("game new", game="cathedral", turn_hours=hours, user=ALICE)
    assert not ex.public
    assert "`turn_hours` takes a number of hours from 0.1 to 8784" in ex.ephemeral_text
    assert GENERIC_SENTENCE not in ex.text
    assert await h.bot.service.list_open() == ()


@pytest.mark.parametrize("hours", [1e12, math.nan, math.inf])
async def test_settings_refuse_absurd_turn_hours(h: Harness, hours: float) -> None:
    ex = await h.slash("game settings", turn_hours=hours, user=MIA)
    assert "The turn limit takes hours" in ex.ephemeral_text
    assert GENERIC_SENTENCE not in ex.text
