"""A Canaan hand stays with its owner: after production the roller gets their new hand in the
reply only they see; the others are sent nothing (no direct message per hidden change) and see
theirs with the post's "My hand" button; the public post names only what was produced."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan.state import State
from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from tests.cogs.harness import ALICE, BOB, Harness
from tests.cogs.seeding import seed_state
from tests.games.canaan.positions import hand, position

pytestmark = pytest.mark.asyncio


def _both_produce() -> State:
    """Alice to roll, both players with a settlement on every corner they can reach; the
    first position seed whose roll is not a 7 and pays both of them."""
    for seed in range(1, 60):
        spots = {v: (0 if v % 2 else 1) for v in range(0, 54, 5)}
        s = position(
            2, settlements=spots, hands={0: hand(ore=1), 1: hand(wool=1)}, rolled=False, seed=seed
        )
        after = step_text(ENGINE, s, Seat(0), "roll")
        assert not isinstance(after, Rejection), after
        gained = [sum(p.hand) > 1 for p in after.state.players]
        if after.state.dice and sum(after.state.dice) != 7 and all(gained):
            return s
    raise AssertionError("no seed pays both players")


async def test_production_tells_each_hand_to_its_owner_only(h: Harness) -> None:
    await h.slash("game new", game="canaan", user=ALICE)
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)
    await seed_state(h, _both_produce())
    ex = await h.slash("canaan roll", user=ALICE)
    (post,) = ex.public
    assert "Production:" in post.text and "Your hand" not in post.text
    assert "Your hand now" in ex.ephemeral_text  # Alice's own, in the reply only she sees
    assert not ex.dms, "no direct message per hidden change"
    (mine,) = [cid for label, cid in post.buttons if label == "My hand"]
    bob = await h.click(mine, user=BOB)
    assert not bob.public and "Your view as blue" in bob.ephemeral_text
    assert any(name.endswith(".png") for name, _ in bob.files)
