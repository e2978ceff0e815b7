"""`details(caller)`: the on-demand details image of the game here, privately.

The public board is phone-shaped (at most 1:2.5), so per-player detail that does not fit it (a
whole hand, every apprentice and building, a building legend) is drawn on demand by the game's
renderer (`render_details` in `rendering/<game>.py`) and sent to the caller alone, drawn from
the caller's own view: their own hidden holdings, no one else's. Front ends call it from
`/game details` and from a "Details" button on a turn post:

    replies = await table.details(caller)   # one ephemeral Reply (image, or a sentence)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot.games.rejections import Rejection
from bot.i18n import N_, tr
from bot.table.base import TableBase
from bot.table.format import COLOUR_INFO, refused
from bot.table.refusals import said
from bot.table.replies import Caller, ImageFile, Reply

log = logging.getLogger(__name__)

RenderDetails = Callable[..., "bytes | None"]
"""`render_details_png(game_key, view, *, names=...)` -> PNG bytes, or None when the game's
board already shows everything (see `rendering.render_details_png`)."""

NO_DETAILS = N_("The {game} board already shows everything; there is no details image.")
NOT_STARTED = N_("The {game} game here has not started yet: there are no details to show.")
DETAILS_FAILED = N_("The details image could not be drawn just now; please try again.")


def load_render_details() -> RenderDetails:
    from rendering import render_details_png

    return render_details_png


class DetailsCommands(TableBase):
    """The details image (`details`)."""

    render_details: RenderDetails | None = None
    """Set to replace the renderer (tests); loaded from `rendering` on first use otherwise."""

    async def details(self, caller: Caller) -> list[Reply]:
        """Privately, the caller's details image of the game here: what the phone-shaped board
        leaves out (Kingsburg: every province sheet and the buildings legend; Architects: every
        apprentice and building, and the caller's own hand). A player sees their own hidden
        cards only; a spectator sees the public details. Always exactly one ephemeral reply:
        the image, or a sentence saying why there is none."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return refused(said(found))
        session, state = found.session, found.state
        engine = self.service.engine_for(session)
        game = engine.spec.display_name
        if state is None:
            return refused(tr(NOT_STARTED, game=game))
        seat = self.service.seat_of(session, caller.user_id)
        view: Any = engine.view(state, seat)
        render = self.render_details or load_render_details()
        try:
            png = await asyncio.to_thread(
                render, session.game_key, view, names=self._names(session)
            )
        except KeyError:  # no renderer at all for this game
            png = None
        except Exception:
            log.exception("details image of session %s failed", session.id)
            return refused(tr(DETAILS_FAILED))
        if png is None:
            return refused(tr(NO_DETAILS, game=game))
        who = tr("your view") if seat is not None else tr("a spectator's view")
        image = ImageFile(
            filename=f"{session.game_key}-details.png",
            png=png,
            description=tr("{game} details, {view}", game=game, view=who),
        )
        text = tr(
            "Details of the {game} game ({view}): what the phone-sized board leaves out.",
            game=game,
            view=who,
        )
        return [
            Reply(
                text=text,
                title=tr("Only you can see this"),
                image=image,
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]
