"""Ending games early: `/game abandon`."""

from __future__ import annotations

import logging

from bot.games.rejections import Rejection
from bot.sessions.models import AbandonResult
from bot.table.format import (
    COLOUR_DONE,
    COLOUR_INFO,
    join_names,
    refused,
)
from bot.table.replies import Caller, Reply
from bot.table.servers import ServerCommands

log = logging.getLogger(__name__)


class EndingCommands(ServerCommands):
    """Ending a game early: the host at once, the other players by a vote of all."""

    async def abandon(self, caller: Caller) -> list[Reply]:
        """Host or a moderator: end the game now. Other players: vote (all must agree)."""
        here = await self._open_here(caller)
        if here is not None and caller.moderator and caller.user_id != here.host_user_id:
            return await self._moderator_end(caller, here)
        result = await self.service.abandon(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return refused(result)
        return [self._abandon_reply(caller, result)]

    def _abandon_reply(self, caller: Caller, result: AbandonResult) -> Reply:
        session = result.session
        name = self.service.engine_for(session).spec.display_name
        if result.abandoned:
            text = session.end_reason or f"The {name} game was abandoned."
            return Reply(text=text, title=f"{name} abandoned", colour=COLOUR_DONE)
        waiting = [s.display_name for s in session.seats if s.user_id in result.waiting_for]
        text = (
            f"{caller.display_name} votes to abandon this {name} game. It ends when everyone "
            f"agrees: still waiting for {join_names(waiting)} (`/game abandon`)."
        )
        return Reply(
            text=text,
            title="Abandon?",
            mentions=tuple(sorted(result.waiting_for)),
            colour=COLOUR_INFO,
        )
