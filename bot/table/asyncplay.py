"""Asynchronous play at the table: `/game away`, `/game back`, the stand-in bot vote, `/game undo`
with per-player Accept / Decline buttons, the private replay viewer, `/game finished`, the score
sheet on every result post and the away / turn-clock lines of status and board posts.

The rules live in `bot.sessions.asyncplay`; this module only words and draws them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from bot.games.protocol import Event
from bot.games.rejections import Rejection
from bot.i18n import N_, say, tr, tr_n
from bot.sessions import reasons
from bot.sessions.asyncplay import (
    AwayLimits,
    ReplayFrame,
    UndoOutcome,
    format_day,
    parse_until,
)
from bot.storage.asyncplay import UndoStatus
from bot.storage.records import SessionRecord, SessionStatus
from bot.table import registry
from bot.table.asyncnotes import LEAVE_ACTION, UNDO_NO, UNDO_YES, undo_answer_buttons
from bot.table.format import (
    COLOUR_INFO,
    PAUSED_SENTENCE,
    TEXT_MAX,
    clip,
    escape_within,
    join_names,
    quoted,
    refused,
)
from bot.table.play import PlayCommands
from bot.table.privatechoices import (
    DETAILS_ACTION,
    MINE_ACTION,
    PRIVATE_CHOICES_ACTION,
    RULES_ACTION,
)
from bot.table.refusals import said, seat_name, spoken
from bot.table.replies import ActionButton, Caller, ImageFile, Reply

log = logging.getLogger(__name__)

AWAY_REASON_CHARS = 100
"""The longest away reason kept (escaped), as the service keeps it."""

UNTIL_HELP = N_(
    "Say when you are back: a number of days (`/game away 5`), a date (`2026-12-03`) or a day "
    "and month (`3 Dec`)."
)

REPLAY_ACTION = "replay"
STANDIN_ACTION = "standin"


class AsyncPlayCommands(PlayCommands):
    """Away, back, stand-in votes, undo, replays, finished games and score sheets."""

    away_limits: AwayLimits = AwayLimits()
    """The limits on absences outside a server (14 days at a time, 21 in any 30)."""

    async def _away_limits(self, caller: Caller) -> AwayLimits:
        """The limits of the server where `/game away` is typed (`/game settings away_days`,
        `away_month_days`); the bot's defaults outside a server."""
        if not caller.guild_id:
            return self.away_limits
        conf = await self.conf(caller.guild_id)
        return AwayLimits(conf.away_days, conf.away_month_days)

    # ----------------------------------------------------------------- away

    async def away(self, caller: Caller, until: str, reason: str = "") -> list[Reply]:
        """`/game away until [reason]`: pause your turn limits and reminders in every game."""
        when = parse_until(until, self.service.now())
        if when is None:
            return refused(
                tr(
                    "I cannot read {typed} as a return date. {help}",
                    typed=quoted(until, 40),
                    help=tr(UNTIL_HELP),
                )
            )
        limits = await self._away_limits(caller)
        # Shown with the name in public posts: stored escaped, like names (see `escape_within`).
        reason = escape_within(reason, AWAY_REASON_CHARS)
        result = await self.service.go_away(caller.user_id, when, reason, limits)
        if isinstance(result, Rejection):
            return refused(said(result))
        here = await self.service.store.get_open_in_place(caller.channel_id)
        vote = (
            here is not None
            and here.status is SessionStatus.ACTIVE
            and here.seat_of(caller.user_id) is not None
            and any(u != caller.user_id for u in here.human_user_ids)
        )
        with await self.publicly(caller):
            player, day = caller.display_name, format_day(result.period.until_at)
            if result.period.reason:
                text = tr(
                    "{player} is away until {day} ({reason}).",
                    player=player,
                    day=day,
                    reason=result.period.reason,
                )
            else:
                text = tr("{player} is away until {day}.", player=player, day=day)
            if result.games:
                text += " " + tr_n(
                    "Their turn limits and reminders are paused in {n} game until they are back "
                    "(`/game back`).",
                    "Their turn limits and reminders are paused in {n} games until they are "
                    "back (`/game back`).",
                    len(result.games),
                )
            actions: tuple[ActionButton, ...] = ()
            if vote and here is not None:
                text += " " + tr(
                    "The other players may let a bot play for them meanwhile: every one of them "
                    "must press the button."
                )
                actions = (
                    ActionButton(
                        tr("Let a bot play for {player}", player=caller.display_name),
                        STANDIN_ACTION,
                        (here.id, caller.user_id),
                    ),
                )
            return [Reply(text=text, title=tr("Away"), actions=actions, colour=COLOUR_INFO)]

    async def back(self, caller: Caller) -> list[Reply]:
        """`/game back`: end your absence; turn limits restart with the time that was left."""
        result = await self.service.come_back(caller.user_id)
        if isinstance(result, Rejection):
            return refused(said(result))
        with await self.publicly(caller):
            text = tr("{player} is back.", player=caller.display_name)
            if result.games:
                text += " " + tr_n(
                    "Turn limits run again in {n} game.",
                    "Turn limits run again in {n} games.",
                    len(result.games),
                )
            return [Reply(text=text, title=tr("Back"), colour=COLOUR_INFO)]

    async def standin(self, caller: Caller, away_user_id: int) -> list[Reply]:
        """Vote for a bot to play the away player's seat in this channel's game."""
        paused = await self._paused_here(caller)
        if paused:
            return refused(spoken(paused))
        result = await self.service.vote_standin(caller.channel_id, caller.user_id, away_user_id)
        if isinstance(result, Rejection):
            return refused(said(result))
        status = await self.service.status(caller.channel_id)
        if isinstance(status, Rejection):
            return refused(said(status))
        session = status.session
        away = session.seat_of(away_user_id)
        with await self.publicly(caller):
            away_name = away.display_name if away else tr("the away player")
            if not result.granted:
                waiting = [s.display_name for s in session.seats if s.user_id in result.waiting_for]
                return [
                    Reply(
                        text=tr(
                            "{player} votes to let a bot play for {away}; still waiting for "
                            "{waiting}.",
                            player=caller.display_name,
                            away=away_name,
                            waiting=join_names(waiting),
                        ),
                        title=tr("Stand-in bot?"),
                        mentions=tuple(sorted(result.waiting_for)),
                        actions=(
                            ActionButton(
                                tr("Let a bot play for {player}", player=away_name),
                                STANDIN_ACTION,
                                (session.id, away_user_id),
                            ),
                        ),
                        colour=COLOUR_INFO,
                    )
                ]
            intro = tr(
                "Everyone agreed: a bot plays for {player} until they are back.", player=away_name
            )
            if result.moves is not None and result.moves.moves:
                title = tr("A bot plays for {player}", player=away_name)
                return await self._game_reply(caller, result.moves, title, intro, "standin")
            return [Reply(text=intro, title=tr("Stand-in bot"), colour=COLOUR_INFO)]

    # ----------------------------------------------------------------- undo

    async def undo(self, caller: Caller, answer: str | None = None) -> list[Reply]:
        """`/game undo`: ask the others to take back your last move; `/game undo accept` or
        `decline` answers the request waiting in this channel. Not in a paused game."""
        paused = await self._paused_here(caller)
        if paused:
            return refused(spoken(paused))
        if answer:
            word = answer.strip().lower()
            if word not in ("accept", "yes", "decline", "no"):
                return refused(
                    tr("Answer an undo with `/game undo accept` or `/game undo decline`.")
                )
            status = await self.service.status(caller.channel_id)
            if isinstance(status, Rejection):
                return refused(said(status))
            pending = await self.service.pending_undo(status.session)
            if pending is None:
                return refused(tr("Nobody has asked for an undo in this game."))
            return await self.undo_vote(
                caller, status.session.id, pending.id, word in ("accept", "yes")
            )
        window = (await self.conf(caller.guild_id)).undo_hours
        result = await self.service.request_undo(
            caller.channel_id, caller.user_id, time_limit=timedelta(hours=window)
        )
        if isinstance(result, Rejection):
            return refused(said(result))
        with await self.publicly(caller):
            return await self._undo_replies(caller, result)

    async def undo_vote(
        self, caller: Caller, session_id: int, undo_id: int, accept: bool
    ) -> list[Reply]:
        """Accept or decline an undo request (its buttons, or `/game undo accept|decline`)."""
        if await self.extras.paused(session_id):
            return refused(spoken(PAUSED_SENTENCE))
        result = await self.service.vote_undo(session_id, caller.user_id, undo_id, accept)
        if isinstance(result, Rejection):
            return refused(said(result))
        with await self.publicly(caller):
            return await self._undo_replies(caller, result)

    async def _undo_replies(self, caller: Caller, result: UndoOutcome) -> list[Reply]:
        """The public post of an undo request, answer or taking back (in the public language:
        the callers build it inside `publicly`)."""
        session = result.session
        asker = session.seat_of(result.request.user_id)
        asker_name = asker.display_name if asker else tr("A player")
        moves = [e for e in result.undone if e.user_id == result.request.user_id]
        what = (
            f"`{registry.public_move(session.game_key, moves[0].notation)}`"
            if moves
            else tr("their last move")
        )
        extra = len(result.undone) - len(moves)
        if extra:
            what = tr_n(
                "{move} (and {n} bot move after it)",
                "{move} (and {n} bot moves after it)",
                extra,
                move=what,
            )
        if result.applied and result.result is not None:
            if result.asked:
                intro = tr(
                    "{player}'s move {move} is taken back (everyone agreed).",
                    player=asker_name,
                    move=what,
                )
            else:
                intro = tr(
                    "{player}'s move {move} is taken back (no other player to ask).",
                    player=asker_name,
                    move=what,
                )
            return await self._game_reply(
                caller,
                result.result,
                tr("Undo: {player} takes back a move", player=asker_name),
                intro,
                f"move-{await self._played(session)}",
            )
        if result.request.status is UndoStatus.DECLINED:
            return [
                Reply(
                    text=tr(
                        "{player} declined to take back {asker}'s move {move}; the game goes on.",
                        player=caller.display_name,
                        asker=asker_name,
                        move=what,
                    ),
                    title=tr("Undo declined"),
                    colour=COLOUR_INFO,
                )
            ]
        waiting = [s for s in session.seats if s.user_id in result.waiting_for]
        span = result.request.expires_at - result.request.created_at
        hours = max(1, round(span.total_seconds() / 3600))
        asked = join_names([s.display_name for s in waiting])
        text = tr_n(
            "{player} asks to take back {move}. {asked}: accept or decline within {n} hour "
            "(`/game undo accept` / `decline` works too). Any move meanwhile cancels the request.",
            "{player} asks to take back {move}. {asked}: accept or decline within {n} hours "
            "(`/game undo accept` / `decline` works too). Any move meanwhile cancels the request.",
            hours,
            player=asker_name,
            move=what,
            asked=asked,
        )
        actions = undo_answer_buttons(session, result.request.id, waiting)
        return [
            Reply(
                text=clip(text, TEXT_MAX),
                title=tr("Undo?"),
                mentions=tuple(s.user_id for s in waiting if s.user_id is not None),
                actions=tuple(actions),
                colour=COLOUR_INFO,
            )
        ]

    # ----------------------------------------------------------------- replays

    async def finished(self, caller: Caller) -> list[Reply]:
        """`/game finished`: the games that ended in this channel, newest first."""
        games = await self.service.finished_games(caller.channel_id, 15)
        if not games:
            return [
                Reply(
                    text=tr("No game has ended in this channel yet."),
                    title=tr("Finished games"),
                    ephemeral=True,
                    colour=COLOUR_INFO,
                )
            ]
        lines = []
        for session in games:
            when = say(format_day(session.updated_at))
            players = join_names([seat_name(s) for s in session.seats])
            stored = (session.end_reason or "").strip()
            how = self._result_said(session) or (say(reasons.reworded(stored)) if stored else "")
            # The stored reason is English: "Abandoned by ..." says it already.
            if session.status is SessionStatus.ABANDONED and not stored.lower().startswith(
                "abandon"
            ):
                how = tr("abandoned: {reason}", reason=how) if how else tr("abandoned")
            game = say(self._game_name(session))
            lines.append(f"`#{session.id}` **{game}**, {when}: {players} — {clip(how, 160)}")
        lines.append(tr("Watch one again with `/game replay game:<number>`."))
        return [
            Reply(
                text=clip("\n".join(lines), TEXT_MAX),
                title=tr("Finished games here, newest first"),
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    def _result_said(self, session: SessionRecord) -> str:
        """A finished game's result in the current language: its outcome's reason worded again
        from its final state (the stored `end_reason` is the engine's English), or "" when there
        is none to tell (then the stored reason is shown)."""
        if session.status is not SessionStatus.FINISHED or session.state_json is None:
            return ""
        try:
            outcome = self.service.engine_for(session).outcome(self.service.load(session))
        except Exception:  # a damaged game still gets its line, with the stored reason
            log.exception("the result of session %s could not be read again", session.id)
            return ""
        return say(outcome.reason) if outcome is not None and outcome.reason else ""

    async def replay(
        self, caller: Caller, game: int | None = None, move: int | None = None
    ) -> list[Reply]:
        """`/game replay [game] [move]`: privately, the board after move N of a game of this
        channel (default: the game here, at its last move), with ⏮ ◀ ▶ ⏭ buttons. Only what
        everybody could see is shown."""
        frame = await self.service.replay_frame(caller.channel_id, move, session_id=game)
        if isinstance(frame, Rejection):
            return refused(said(frame))
        return [await self._replay_reply(frame)]

    async def _replay_reply(self, frame: ReplayFrame, *, edit: bool = False) -> Reply:
        session, n, total = frame.session, frame.index, frame.total
        engine = self.service.engine_for(session)
        name = engine.spec.display_name
        lines = []
        if frame.move is None:
            lines.append(tr("The start of the game."))
        else:
            who = self._seat_name(session, None, frame.move.seat)
            shown = registry.public_move(session.game_key, frame.move.notation)
            lines.append(f"**{who}**: `{shown}`")
            for raw in frame.move.events:
                public = Event.from_dict(raw).for_viewer(None)
                if public is not None and public.text:
                    lines.append(f"• {say(public.text)}")
        if frame.taken_back:
            taken = ", ".join(
                f"`{registry.public_move(session.game_key, e.notation)}` "
                f"({self._seat_name(session, None, e.seat)})"
                for e in frame.taken_back
            )
            lines.append(tr("Taken back after this position (undo): {moves}.", moves=taken))
        if frame.outcome is not None:
            outcome = self._outcome_text(session, frame.state, frame.outcome)
            lines.append(tr("Result: {outcome}", outcome=outcome))
        elif frame.end_reason and n == total:
            lines.append(tr("Ended: {reason}", reason=say(reasons.reworded(frame.end_reason))))
        title = tr(
            "Replay of {game} #{number}: move {move} of {moves}",
            game=name,
            number=session.id,
            move=n,
            moves=total,
        )
        image: ImageFile | None = await self._board(
            session, frame.state, f"replay-{session.id}-{n}", title
        )
        step = (
            ("\u23ee", 0),
            ("\u25c0", max(0, n - 1)),
            ("\u25b6", min(total, n + 1)),
            ("\u23ed", total),
        )
        # A step to where the viewer already is, or to where an earlier button already goes
        # (at the first two and last two moves), is left out: Discord refuses a message whose
        # buttons share a custom_id, and the custom_id is made of the target move.
        targets: dict[int, str] = {}
        for label, target in step:
            if target != n and target not in targets:
                targets[target] = label
        actions = tuple(
            ActionButton(label, REPLAY_ACTION, (session.id, target))
            for target, label in targets.items()
        )
        lines.append(tr("Jump to a move with `/game replay move:<number>`."))
        return Reply(
            text=clip("\n".join(lines), TEXT_MAX),
            title=title,
            image=image,
            ephemeral=True,
            actions=actions,
            edit=edit,
            colour=COLOUR_INFO,
        )

    # ----------------------------------------------------------------- buttons

    async def on_action(self, caller: Caller, action: str, args: Sequence[int]) -> list[Reply]:
        """Run a clicked `ActionButton` (see `bot.table.replies.ActionButton`). Every one
        names its game first; clicked in another channel or thread than the game's (a copied
        or forged custom_id), it is refused before anything runs. The rules pages name no game
        (their args are a game kind and a page) and may be turned anywhere."""
        if action == RULES_ACTION and len(args) == 2:
            pager: Any = self  # the Table mixes the reading commands in
            return pager.rules_page(args[0], args[1])
        if args:
            named = await self.service.store.get_session(args[0])
            if named is None or named.place_id != caller.channel_id:
                return refused(
                    tr("That button belongs to a game in another channel; nothing changed.")
                )
        if action == REPLAY_ACTION and len(args) == 2:
            frame = await self.service.replay_frame(caller.channel_id, args[1], session_id=args[0])
            if isinstance(frame, Rejection):
                return refused(said(frame))
            return [await self._replay_reply(frame, edit=True)]
        if action in (UNDO_YES, UNDO_NO) and len(args) == 3:
            session = await self.service.store.get_session(args[0])
            seat = self._seat_record(session, args[2]) if session is not None else None
            if seat is not None and seat.user_id != caller.user_id:
                return refused(tr("These buttons are for {player}.", player=seat.display_name))
            return await self.undo_vote(caller, args[0], args[1], action == UNDO_YES)
        if action == STANDIN_ACTION and len(args) == 2:
            return await self.standin(caller, args[1])
        if action == LEAVE_ACTION and len(args) == 2:
            table: Any = self  # the Table mixes the lobby commands in
            return await table.leave_game(caller, args[0], args[1])
        if action == PRIVATE_CHOICES_ACTION and len(args) == 2:
            return await self.private_choices(caller, args[0], args[1])
        if action == DETAILS_ACTION and len(args) == 1:
            shower: Any = self  # the Table mixes the details command in
            return await shower.details(caller)
        if action == MINE_ACTION and len(args) == 1:
            reader: Any = self  # the Table mixes the reading commands in
            return await reader.my_view(caller, args[0])
        return refused(tr("This button no longer does anything."))
