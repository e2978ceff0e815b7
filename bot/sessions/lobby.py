"""`GameService`'s lobbies and seats: opening a lobby, joining, leaving, seating and removing
computer players, the host's powers, starting the game, and abandoning a lobby or game (the
host at once, the others by vote). See `bot.sessions.service` for the API.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from datetime import timedelta

from bot.games.protocol import GameSpec, canonical_json, seat_limit, setup_problem
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions import botnames, levels, reasons
from bot.sessions.core import ServiceCore, _schema_v, _seat_numbers, _stale
from bot.sessions.models import AbandonResult, MoveResult
from bot.storage.records import (
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
)

LEAVE_STARTED_HINT = tx(
    "A seat cannot be left once the game is under way: to stop, use /game abandon "
    "(the host ends the game at once; other players vote, and it ends when all agree)."
)
"""Said to a player who tries to leave a game that has started."""


class LobbyMixin(ServiceCore):
    """Lobbies, seats, the host, starting and abandoning; see the module docstring."""

    async def create_lobby(
        self,
        game_key: str,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: Mapping[str, object] | None = None,
        thread_id: int | None = None,
        turn_timeout: timedelta | None = None,
    ) -> SessionRecord | Rejection:
        """Open a lobby for `game_key` with the host seated. See the module docstring."""
        try:
            engine = self._engines(game_key)
        except KeyError as exc:
            return Rejection(RejectionCode.LOBBY, _sentence(exc))
        try:
            validated = engine.spec.validate_options(dict(options or {}))
        except ValueError as exc:
            return Rejection(RejectionCode.LOBBY, _sentence(exc))
        problem = setup_problem(engine, validated, None)
        if problem is not None:
            return Rejection(RejectionCode.LOBBY, problem)
        if turn_timeout is not None and turn_timeout.total_seconds() < 1:
            return Rejection(
                RejectionCode.LOBBY, tx("The turn time limit must be at least a second.")
            )
        place = thread_id if thread_id is not None else channel_id
        existing = await self.store.get_open_in_place(place)
        if existing is not None:
            return self._busy(existing)
        new = NewSession(
            game_key=engine.spec.key,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            host=SeatRecord(seat=0, display_name=host_name, user_id=host_id),
            options=validated,
            turn_timeout_s=None if turn_timeout is None else int(turn_timeout.total_seconds()),
        )
        try:
            return await self.store.create_session(new, self._now())
        except PlaceBusyError:
            # Lost a race with another /game new in the same place.
            existing = await self.store.get_open_in_place(place)
            if existing is None:
                return _stale()
            return self._busy(existing)

    def _busy(self, existing: SessionRecord) -> Rejection:
        try:
            name: str = self.engine_for(existing).spec.display_name
        except KeyError:
            name = existing.game_key
        # One sentence per English article, so each language words "a"/"an" its own way.
        an = str(name)[:1].lower() in "aeiou"  # i18n-exempt: vowels, not a text
        if existing.status is SessionStatus.LOBBY:
            if an:
                busy = tx(
                    "This channel already has an {game} lobby open: join it, or /game abandon "
                    "it first, or start yours in a thread.",
                    game=name,
                )
            else:
                busy = tx(
                    "This channel already has a {game} lobby open: join it, or /game abandon "
                    "it first, or start yours in a thread.",
                    game=name,
                )
            return Rejection(RejectionCode.LOBBY, busy)
        if an:
            busy = tx(
                "This channel already has an {game} game in progress: finish it or /game "
                "abandon it first, or start it in a thread.",
                game=name,
            )
        else:
            busy = tx(
                "This channel already has a {game} game in progress: finish it or /game "
                "abandon it first, or start it in a thread.",
                game=name,
            )
        return Rejection(RejectionCode.LOBBY, busy)

    async def _lobby_for(
        self, channel_id: int, started_hint: str | None = None
    ) -> SessionRecord | Rejection:
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        if found.status is not SessionStatus.LOBBY:
            return Rejection(
                RejectionCode.LOBBY,
                tx("The {game} game here has already started.", game=self._game_name(found)),
                started_hint,
            )
        return found

    @contextlib.asynccontextmanager
    async def _locked_lobby(
        self, channel_id: int, started_hint: str | None = None
    ) -> AsyncIterator[SessionRecord | Rejection]:
        """The lobby here, re-read under its session lock (or the Rejection saying why not).

        The first read only finds which lock to take; whoever held it may have changed the lobby,
        so the body always sees the record as it is once the lock is ours.
        """
        found = await self._lobby_for(channel_id, started_hint)
        if isinstance(found, Rejection):
            yield found
            return
        async with self._lock(found.id):
            yield await self._lobby_for(channel_id, started_hint)

    def _full(self, session: SessionRecord, spec: GameSpec) -> Rejection | None:
        limit = seat_limit(self.engine_for(session), session.options)
        if limit is not None and limit[0] < spec.max_players:
            if len(session.seats) < limit[0]:
                return None
            return Rejection(
                RejectionCode.LOBBY,
                tx(
                    "This {game} game is full ({seated} of {limit} seats): with the options "
                    "chosen, {why}.",
                    game=spec.display_name,
                    seated=len(session.seats),
                    limit=limit[0],
                    why=limit[1],
                ),
            )
        if len(session.seats) < spec.max_players:
            return None
        return Rejection(
            RejectionCode.LOBBY,
            tx(
                "This {game} game is full ({seated} of {limit} seats).",
                game=spec.display_name,
                seated=len(session.seats),
                limit=spec.max_players,
            ),
        )

    async def join(
        self, channel_id: int, user_id: int, display_name: str
    ) -> SessionRecord | Rejection:
        """Take the next free seat in the lobby of this channel."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            spec = self.engine_for(session).spec
            if session.seat_of(user_id) is not None:
                return Rejection(RejectionCode.LOBBY, tx("You are already in this lobby."))
            full = self._full(session, spec)
            if full is not None:
                return full
            seat = SeatRecord(seat=len(session.seats), display_name=display_name, user_id=user_id)
            try:
                return await self.store.add_seat(session.id, session.version, seat, self._now())
            except StaleVersionError:
                return _stale()

    async def add_bot(
        self, channel_id: int, user_id: int, bot_name: str
    ) -> SessionRecord | Rejection:
        """Host only: seat a computer player: `bot_name` is a level (`easy`, `strong`, see
        `levels`) or a key of `engine.bots`."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            engine = self.engine_for(session)
            spec = engine.spec
            if user_id != session.host_user_id:
                return self._host_only(session, "add")
            key = levels.bot_name(bot_name, engine.bots)
            if key is None:
                names = ", ".join(levels.choices(engine.bots)) or tx("none")
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} has no bot called {bot} (bots: {names}).",
                        game=spec.display_name,
                        bot=repr(bot_name),
                        names=names,
                    ),
                )
            full = self._full(session, spec)
            if full is not None:
                return full
            name = botnames.seated(bot_name, {s.display_name for s in session.seats})
            seat = SeatRecord(seat=len(session.seats), display_name=name, bot_name=key)
            try:
                return await self.store.add_seat(session.id, session.version, seat, self._now())
            except StaleVersionError:
                return _stale()

    def _host_only(self, session: SessionRecord, what: str) -> Rejection:
        """`what`: "add", "kick", "start" or "cancel"."""
        host = session.seat_of(session.host_user_id)
        who = host.display_name if host is not None else tx("the host")
        if what == "add":
            sentence = tx("Only the host, {host}, can add bots.", host=who)
        elif what == "kick":
            sentence = tx("Only the host, {host}, can remove players.", host=who)
        elif what == "start":
            sentence = tx("Only the host, {host}, can start the game.", host=who)
        else:
            sentence = tx("Only the host, {host}, can cancel the lobby.", host=who)
        return Rejection(RejectionCode.LOBBY, sentence)

    async def leave(self, channel_id: int, user_id: int) -> SessionRecord | Rejection:
        """Leave the lobby. A leaving host hands over to the next human or cancels the lobby."""
        async with self._locked_lobby(channel_id, LEAVE_STARTED_HINT) as session:
            if isinstance(session, Rejection):
                return session
            seat = session.seat_of(user_id)
            if seat is None:
                return Rejection(RejectionCode.NOT_A_PLAYER, tx("You are not in this lobby."))
            now = self._now()
            try:
                if user_id == session.host_user_id:
                    heirs = [s for s in session.seats if s.user_id not in (None, user_id)]
                    if not heirs:
                        host_name = seat.display_name
                        ended = await self.store.update(
                            session.id,
                            session.version,
                            SessionPatch(
                                status=SessionStatus.ABANDONED,
                                end_reason=reasons.host_left(host_name),
                            ),
                            now,
                        )
                        self._forget(ended)
                        return ended
                    heir_id = heirs[0].user_id
                    assert heir_id is not None
                    session = await self.store.update(
                        session.id, session.version, SessionPatch(host_user_id=heir_id), now
                    )
                return await self.store.remove_seat(session.id, session.version, seat.seat, now)
            except StaleVersionError:
                return _stale()

    async def kick(
        self, channel_id: int, user_id: int, seat_index: int
    ) -> SessionRecord | Rejection:
        """Host only: remove another seat (a bot or a human) from the lobby."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            if user_id != session.host_user_id:
                return self._host_only(session, "kick")
            if not 0 <= seat_index < len(session.seats):
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "There is no seat {seat}; the lobby has {seats}.",
                        seat=seat_index + 1,
                        seats=len(session.seats),
                    ),
                )
            if session.seats[seat_index].user_id == user_id:
                return Rejection(
                    RejectionCode.LOBBY, tx("You cannot remove yourself; use /game leave instead.")
                )
            try:
                return await self.store.remove_seat(
                    session.id, session.version, seat_index, self._now()
                )
            except StaleVersionError:
                return _stale()

    async def start(self, channel_id: int, user_id: int) -> MoveResult | Rejection:
        """Host only: deal the game in join order and let bots that act first play."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            if user_id != session.host_user_id:
                # Whether seated or not, what the caller needs to know is who may start.
                return self._host_only(session, "start")
            engine = self.engine_for(session)
            spec = engine.spec
            count = len(session.seats)
            if count < spec.min_players:
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} needs at least {least} players; {seated} seated so far.",
                        game=spec.display_name,
                        least=spec.min_players,
                        seated=count,
                    ),
                    tx("Invite someone to /game join, or add a bot with /game add-bot."),
                )
            if count > spec.max_players:
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} takes at most {most} players; {seated} are seated.",
                        game=spec.display_name,
                        most=spec.max_players,
                        seated=count,
                    ),
                )
            problem = setup_problem(engine, session.options, count)
            if problem is not None:
                return Rejection(RejectionCode.LOBBY, problem)
            seed = self._seed_source()
            try:
                state = engine.new_game(count, dict(session.options), seed)
            except ValueError as exc:  # an engine's own setup sentence
                return Rejection(RejectionCode.LOBBY, _sentence(exc))
            data = engine.state_to_dict(state)
            now = self._now()
            try:
                session = await self.store.update(
                    session.id,
                    session.version,
                    SessionPatch(
                        status=SessionStatus.ACTIVE,
                        seed=seed,
                        state_json=canonical_json(data),
                        schema_v=_schema_v(data),
                        turn_deadline=self._deadline(session, now),
                        to_act=_seat_numbers(engine.to_act(state)),
                    ),
                    now,
                )
            except StaleVersionError:
                return _stale()
            self._cache.put(session, state)
            await self.store.mark_started(session.id, now)  # type: ignore[attr-defined]
            return await self._bots_then_result(engine, session, state, ())

    async def abandon(self, channel_id: int, user_id: int) -> AbandonResult | Rejection:
        """Host: end the session now. Others: vote; it ends when every seated human has voted."""
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        async with self._lock(found.id):
            session = await self.store.get_session(found.id)
            if session is None or not session.status.is_open:
                return Rejection(
                    RejectionCode.NO_ACTIVE_GAME, tx("There is no game in this channel right now.")
                )
            seat = session.seat_of(user_id)
            if seat is None:
                return Rejection(
                    RejectionCode.NOT_A_PLAYER,
                    tx(
                        "Only players of this {game} game can abandon it.",
                        game=self._game_name(session),
                    ),
                )
            humans = frozenset(session.human_user_ids)
            votes = session.abandon_votes | {user_id}
            now = self._now()
            if user_id == session.host_user_id or votes >= humans:
                reason = (
                    reasons.abandoned_by_host(seat.display_name)
                    if user_id == session.host_user_id
                    else reasons.abandoned_by_vote()
                )
                patch = SessionPatch(
                    status=SessionStatus.ABANDONED,
                    abandon_votes=votes,
                    turn_deadline=None,
                    end_reason=reason,
                )
            elif session.status is SessionStatus.LOBBY:
                return self._host_only(session, "cancel")
            else:
                patch = SessionPatch(abandon_votes=votes)
            try:
                updated = await self.store.update(session.id, session.version, patch, now)
            except StaleVersionError:
                return _stale()
            self._forget(updated)
            abandoned = updated.status is SessionStatus.ABANDONED
            return AbandonResult(
                session=updated,
                abandoned=abandoned,
                votes=votes,
                waiting_for=frozenset() if abandoned else humans - votes,
            )


def _sentence(exc: Exception) -> str:
    """The sentence an exception carries, kept a `Text` when an engine worded it as one (so the
    table says it in the reader's language); a KeyError's message without its quotes."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)
