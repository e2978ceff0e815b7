"""`/canaan trade bank` lists what the player may hand in with the rate it goes at, so nobody has to
work out their harbours: "ore: 4 for 1 (bank)", "wool: 2 for 1 (2:1 wool harbour)"; the value
sent stays the bare resource."""

from __future__ import annotations

import pytest

from bot.games.canaan.data import RESOURCES
from tests.cogs.harness import ALICE, BOB, CAROL, Harness, table_status
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import D, hand, position

pytestmark = pytest.mark.asyncio

WOOL_HARBOUR = next(v for v, kind in D.harbor_at.items() if kind == RESOURCES.index("wool"))


async def test_bank_trade_gives_are_labelled_with_their_rate(h: Harness) -> None:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game join", user=CAROL)
    await h.slash("game start", user=ALICE)
    status = await table_status(h)
    alice = next(s.seat for s in status.session.seats if s.user_id == ALICE.id)
    state = position(
        3,
        settlements={WOOL_HARBOUR: alice},
        hands={alice: hand(ore=4, wool=2, grain=1)},
        current=alice,
    )
    await seed_state(h, state)
    ex = await h.autocomplete("canaan trade", focused="give", how="bank", user=ALICE)
    labels = dict(zip(ex.choice_values, [c["name"] for c in ex.choices], strict=True))
    assert labels == {
        "ore": "ore: 4 for 1 (bank)",
        "wool": "wool: 2 for 1 (2:1 wool harbour)",
    }, labels
    played = await h.slash("canaan trade", how="bank", give="wool", receive="grain", user=ALICE)
    assert "trades 2 wool with the bank for 1 grain" in played.public_text, played.text
