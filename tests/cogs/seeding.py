"""Put a crafted engine state into the game of a channel, for cog tests of rare situations.

The state is written through the store's ordinary `update` (a compare-and-swap on the version),
so the service reads it back exactly as it would after a restart. The action log is left as it
was: these games are for exercising commands, not for replay checks.
"""

from __future__ import annotations

from typing import Any

from bot.games.protocol import canonical_json
from bot.games.rejections import Rejection
from bot.storage.records import SessionPatch
from tests.cogs.harness import C1, Channel, Harness


async def seed_state(h: Harness, state: Any, channel: Channel = C1) -> None:
    """Replace the state of the game in progress in `channel` with `state`."""
    service = h.bot.service
    status = await service.status(channel.id)
    assert not isinstance(status, Rejection), status
    session = status.session
    data = service.engine_for(session).state_to_dict(state)
    await service.store.update(
        session.id, session.version, SessionPatch(state_json=canonical_json(data)), service.now()
    )
