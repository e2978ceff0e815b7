"""What asynchronous play adds to every status and board post: "Ann is away until 3 Dec", the
turn clock, and the score sheet after a move that ends the game (see `bot.table.asyncplay`)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import Any

from bot.games.protocol import Outcome, Seat
from bot.i18n import say, tr, tr_n
from bot.sessions.asyncplay import format_duration
from bot.sessions.models import MoveResult
from bot.storage.records import SessionRecord
from bot.table.base import TableBase
from bot.table.format import COLOUR_DONE, FIELD_MAX, clip
from bot.table.ratings import seat_changes
from bot.table.refusals import seat_name
from bot.table.replies import ActionButton, ImageFile, Reply

log = logging.getLogger(__name__)

UNDO_YES, UNDO_NO = "undo-yes", "undo-no"
"""`ActionButton` actions answering an undo request (args: session, request, seat)."""

LEAVE_ACTION = "leave"
"""`ActionButton` action confirming `/game leave` in a running game (args: session, seat)."""


def undo_answer_buttons(
    session: SessionRecord, request_id: int, waiting: list[Any]
) -> tuple[ActionButton, ...]:
    """Accept/Decline buttons, one row per seat still asked (at most 5 rows)."""
    actions: list[ActionButton] = []
    for row, seat in enumerate(waiting[:5]):
        args = (session.id, request_id, seat.seat)
        accept = tr("Accept ({player})", player=seat.display_name)
        decline = tr("Decline ({player})", player=seat.display_name)
        actions.append(ActionButton(accept, UNDO_YES, args, row))
        actions.append(ActionButton(decline, UNDO_NO, args, row))
    return tuple(actions)


class AsyncPlayNotes(TableBase):
    """Away and turn-clock fields, and the score sheet reply."""

    async def _away_fields(self, session: SessionRecord) -> list[tuple[str, str]]:
        notes = await self.service.away_notes(session)
        if not notes:
            return []
        return [(tr("Away"), clip(" ".join(say(note) for note in notes), FIELD_MAX))]

    async def _undo_fields(self, session: SessionRecord) -> list[tuple[str, str]]:
        """ "Undo asked" while a request waits for answers."""
        request = await self.service.pending_undo(session)
        if request is None:
            return []
        asker = session.seat_of(request.user_id)
        who = asker.display_name if asker else tr("A player")
        answered = [s.display_name for s in session.seats if s.user_id in request.votes]
        text = tr(
            "{player} asked to take back their last move (`/game undo accept` or `decline`).",
            player=who,
        )
        if answered:
            text += " " + tr("Accepted so far: {players}.", players=", ".join(answered))
        return [(tr("Undo asked"), clip(text, FIELD_MAX))]

    async def _undo_buttons(self, session: SessionRecord) -> tuple[ActionButton, ...]:
        """The pending undo request's Accept/Decline buttons for the players who must still
        answer it (present humans other than the asker who have not accepted), or ()."""
        request = await self.service.pending_undo(session)
        if request is None:
            return ()
        waiting = [
            s
            for s in session.seats
            if s.user_id is not None
            and s.user_id != request.user_id
            and not request.votes.get(s.user_id)
            and await self.service.away_of(s.user_id) is None
        ]
        return undo_answer_buttons(session, request.id, waiting)

    async def _clock_fields(self, session: SessionRecord) -> list[tuple[str, str]]:
        """ "Turn clock" for /game status: average time per turn and the current wait, per seat."""
        try:
            clocks = await self.service.turn_clock(session)
        except Exception:  # a clock is a nicety; never let it break /game status
            log.exception("turn clock of session %s failed", session.id)
            return []
        lines = []
        for clock in clocks:
            record = self._seat_record(session, clock.seat)
            if record is None or (clock.average is None and clock.waiting is None):
                continue
            parts = []
            if clock.average is not None:
                parts.append(
                    tr_n(
                        "{time} a turn on average ({n} turn)",
                        "{time} a turn on average ({n} turns)",
                        clock.turns,
                        time=format_duration(clock.average),
                    )
                )
            if clock.waiting is not None:
                parts.append(tr("waiting for {time}", time=format_duration(clock.waiting)))
            lines.append(f"{seat_name(record)}: {', '.join(parts)}")
        return [(tr("Turn clock"), clip("\n".join(lines), FIELD_MAX))] if lines else []

    # ----------------------------------------------------------------- score sheet

    async def _scoresheet_reply(
        self, session: SessionRecord, state: Any, outcome: Outcome
    ) -> Reply | None:
        """The score sheet image for a result post (None, logged, if drawing fails)."""
        engine = self.service.engine_for(session)
        names = [seat_name(r) for r in session.seats]
        sides = [engine.seat_label(state, Seat(r.seat)) for r in session.seats]
        try:
            from rendering import scoresheet

            sheet = scoresheet.sheet_from_outcome(engine.spec.display_name, outcome, names, sides)
            rated = await self.extras.rated_game(session.id)
            ratings = seat_changes(rated, len(names), len(sheet.players))
            sheet = dataclasses.replace(sheet, ratings=ratings)
            png = await asyncio.to_thread(scoresheet.render_png, sheet)
        except Exception:  # the result matters more than its picture
            log.exception("score sheet of session %s failed", session.id)
            return None
        return Reply(
            text=say(sheet.winner_line) + ".",
            title=tr("{game}: score sheet", game=engine.spec.display_name),
            image=ImageFile(f"{session.game_key}-scoresheet.png", png, tr("score sheet")),
            colour=COLOUR_DONE,
        )

    async def _result_extras(self, result: MoveResult) -> list[Reply]:
        """The score sheet after a move that ended the game."""
        if not result.finished or result.outcome is None:
            return []
        sheet = await self._scoresheet_reply(result.session, result.state, result.outcome)
        return [sheet] if sheet is not None else []
