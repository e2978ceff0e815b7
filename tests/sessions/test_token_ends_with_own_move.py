"""A per-seat decision token names one decision of that seat: once the seat has moved, a second
click with the same token is stale, even where the seat is the one to act again with the same
choices (a Canaan offerer whose offer everyone declined and who withdrew it)."""

from __future__ import annotations

import pytest

from bot.games.canaan.state import evolve
from bot.games.protocol import Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import MoveResult
from bot.sessions.service import GameService
from bot.storage.base import SessionStore
from tests.games.canaan.positions import hand, position
from tests.sessions.conftest import ALICE, BOB, CHANNEL, CY, GUILD, FakeClock, ok
from tests.sessions.test_bot_waits_for_answers import seed

pytestmark = pytest.mark.asyncio


async def test_an_offerers_token_is_spent_by_its_own_offer(
    store: SessionStore, clock: FakeClock
) -> None:
    service = GameService(store, clock=clock, seed_source=lambda: 7)
    ok(
        await service.create_lobby(
            "canaan", guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice"
        )
    )
    ok(await service.join(CHANNEL, BOB, "Bob"))
    ok(await service.join(CHANNEL, CY, "Cy"))
    sid = ok(await service.start(CHANNEL, ALICE)).session.id
    rolled = position(
        3,
        hands={0: hand(lumber=3, grain=1), 1: hand(grain=2), 2: hand(grain=2)},
        current=0,
    )
    await seed(service, sid, evolve(rolled, offers_made=0))
    status = ok(await service.status(CHANNEL))
    token = service.decision_token(status.session, status.state, Seat(0))
    assert token is not None
    first = await service.submit(
        CHANNEL,
        ALICE,
        "offer 1 lumber for 1 grain",
        expected_seat=0,
        expected_token=token,
    )
    assert isinstance(first, MoveResult), first
    # Both others decline and Alice withdraws: her choices are what they were before.
    ok(await service.submit(CHANNEL, BOB, "decline"))
    ok(await service.submit(CHANNEL, CY, "decline"))
    ok(await service.submit(CHANNEL, ALICE, "withdraw"))
    after = ok(await service.status(CHANNEL))
    assert after.to_act == {Seat(0)} and after.state.offer is None
    assert service.legal_notations(after.session, after.state, ALICE) == (
        service.legal_notations(status.session, status.state, ALICE)
    )
    again = await service.submit(
        CHANNEL, ALICE, "offer 1 lumber for 1 grain", expected_seat=0, expected_token=token
    )
    assert isinstance(again, Rejection) and again.code is RejectionCode.STALE, again
