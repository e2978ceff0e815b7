"""One post per turn: which message shows the game's current turn, and when a new one is due.

A turn's steps edit the turn's own post in place (text and board); a new post, and the only ping,
comes when the turn passes to someone else. Phases where several players act at once are one
post, edited as they act, pinging those awaited once (when it is posted). Bots' moves fold into
the post that follows them.

The record (stored per game in `Extras.turn_post`, so a restart edits the same message):

    {"channel": id, "message": id or null, "awaited": [seats], "lines": [what happened]}

`awaited` is who the post still waits for. A command's result stays on the same post when
every seat that moved and every seat now awaited was awaited by it (the same player's next step,
or another of the players of a simultaneous phase); anything else (a seat that was not awaited
moved, e.g. a bot, or someone new is awaited) is a new turn. The front end fills `message` in
once the post is sent (`turn_posted`); until then the next result makes a new post.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.sessions.models import MoveResult
from bot.table.base import TableBase
from bot.table.replies import TurnPost

__all__ = ["LINES_KEPT", "TurnPlan", "TurnPosts"]

LINES_KEPT = 14
"""How many lines of the turn's earlier steps an edited post keeps (the newest)."""


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """What the next public game reply is: an edit of `post.edit` (with the turn's `earlier`
    lines above the new ones) or a new post."""

    post: TurnPost
    earlier: tuple[str, ...] = ()

    @property
    def is_edit(self) -> bool:
        """True when the reply edits the turn's post instead of posting anew."""
        return self.post.edit is not None


class TurnPosts(TableBase):
    """Decides edit-or-post for each public game reply and remembers the turn's post."""

    async def _turn_plan(
        self, result: MoveResult, lines: Sequence[str], *, in_turn: bool
    ) -> TurnPlan:
        """Plan the reply announcing `result` (whose move lines are `lines`) and store the
        record it leaves. `in_turn`: a move (or bots' moves) that may continue the current
        post; starts, undos, stand-ins and take-overs always post anew."""
        session = result.session
        previous = await self.extras.turn_post(session.id)
        awaited = sorted(int(s) for s in result.to_act)
        same = (
            in_turn
            and previous is not None
            and previous.get("message") is not None
            and previous.get("channel") == session.place_id
            and not result.finished
            and _goes_on(set(previous.get("awaited") or ()), set(awaited), result)
        )
        if same:
            assert previous is not None
            earlier = tuple(previous.get("lines") or ())[-LINES_KEPT:]
            message = int(previous["message"])
            record = {
                "channel": session.place_id,
                "message": message,
                "awaited": awaited,
                "lines": [*earlier, *lines][-LINES_KEPT:],
            }
            await self.extras.set_turn_post(session.id, record)
            return TurnPlan(TurnPost(session.id, session.place_id, edit=message), earlier)
        retire = None
        if previous is not None and previous.get("channel") == session.place_id:
            retire = previous.get("message")
        record = {
            "channel": session.place_id,
            "message": None,
            "awaited": awaited,
            "lines": list(lines)[-LINES_KEPT:],
        }
        await self.extras.set_turn_post(session.id, None if result.finished else record)
        return TurnPlan(TurnPost(session.id, session.place_id, retire=retire))

    async def turn_posted(self, session_id: int, message_id: int) -> None:
        """The front end posted the game's new turn post as `message_id`: later steps of the
        turn edit it."""
        record = await self.extras.turn_post(session_id)
        if record is not None and record.get("message") is None:
            await self.extras.set_turn_post(session_id, dict(record, message=message_id))

    @staticmethod
    def _not_the_mover(mentions: dict[Any, int], movers: Iterable[int | None]) -> dict[Any, int]:
        """The pings of a new post without whoever just acted (they are here already)."""
        acting = {m for m in movers if m is not None}
        return {seat: uid for seat, uid in mentions.items() if uid not in acting}


def _goes_on(before: set[int], now: set[int], result: MoveResult) -> bool:
    """Whether `result` continues the post that awaited `before` (seats) now that `now` are
    awaited: only seats it awaited moved, and no one new is awaited; and either the movers go on
    (the same player's next step, an offer's maker after the answers) or everyone who left
    the awaited set left by moving (players of a simultaneous phase acting one by one). A
    player whose turn ends hands it on: that is a new post even to someone already awaited
    (who was answering an offer, say)."""
    moved = {int(m.seat) for m in result.moves}
    if not now or not moved <= before or not now <= before:
        return False
    return bool(moved & now) or (before - now) <= moved
