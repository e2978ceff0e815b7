"""Two-player Canterbury in Discord: when the Neutral Builder's top medium structure fits
nowhere, the controls offer building nothing (naming what leaves the game) and
`/canterbury neutral structure:none` plays it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.games.canterbury import rules
from tests.cogs.harness import ALICE, BOB, Harness, table_status
from tests.cogs.seeding import seed_state
from tests.games.canterbury.positions import mark, place

pytestmark = pytest.mark.asyncio


async def _church_fits_nowhere(h: Harness) -> object:
    """The first player must place the Neutral Builder: the top of their medium stack, a
    Church, fits nowhere; the Garrison after it fits in C2. Returns that player."""
    await h.slash("game new", game="canterbury", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    state = (await table_status(h)).state
    state = mark(mark(state, "C2", "water", "red"), "C2", "food", "red")
    state = place(state, "C2", "church", "red")
    players = list(state.players)
    players[state.current] = replace(
        players[state.current],
        small_stack=(),
        medium_stack=("church", "garrison", "marketplace", "stage"),
        neutral_build=False,
    )
    state, _ = rules._start_turn(replace(state, players=tuple(players)))
    await seed_state(h, state)
    status = await table_status(h)
    return next(u for u in (ALICE, BOB) if status.session.seat_of(u.id).seat == state.current)


async def test_building_nothing_is_offered_and_played_by_slash_command(h: Harness) -> None:
    user = await _church_fits_nowhere(h)
    ex = await h.slash("game status", user=user)
    parts = [c for m in ex.messages for c in m.components]
    labels = [c.get("label") for c in parts if c.get("type") == 2]
    labels += [o["label"] for c in parts if c.get("type") == 3 for o in c["options"]]
    assert "Neutral Builder builds nothing (Church leaves the game)" in labels
    ex = await h.autocomplete("canterbury neutral", focused="structure", structure="", user=user)
    assert "none" in ex.choice_values and "garrison" in ex.choice_values
    ex = await h.slash("canterbury neutral", structure="none", user=user)
    assert ex.public, ex.ephemeral_text
    assert "played nothing for the Neutral Builder" in ex.public_text
    assert "The Neutral Builder builds nothing: its Church fits nowhere" in ex.public_text
    state = (await table_status(h)).state
    assert state.players[state.current].medium_stack == ("garrison", "marketplace", "stage")
