"""Ending games early: `/game abandon`."""

from __future__ import annotations

import logging

from bot.games.rejections import Rejection
from bot.i18n import say, tr
from bot.sessions import reasons
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
        with await self.publicly(caller):
            return [self._abandon_reply(caller, result)]

    def _abandon_reply(self, caller: Caller, result: AbandonResult) -> Reply:
        """The public post of an abandon (said in the current language: the server's)."""
        session = result.session
        name = self._game_name(session)
        if result.abandoned:
            # Stored in English (`bot.sessions.reasons`): said again in the reader's language.
            text = say(reasons.reworded(session.end_reason)) or tr(
                "The {game} game was abandoned.", game=name
            )
            return Reply(text=text, title=tr("{game} abandoned", game=name), colour=COLOUR_DONE)
        waiting = [s.display_name for s in session.seats if s.user_id in result.waiting_for]
        text = tr(
            "{player} votes to abandon this {game} game. It ends when everyone agrees: still "
            "waiting for {players} (`/game abandon`).",
            player=caller.display_name,
            game=name,
            players=join_names(waiting),
        )
        return Reply(
            text=text,
            title=tr("Abandon?"),
            mentions=tuple(sorted(result.waiting_for)),
            colour=COLOUR_INFO,
        )
