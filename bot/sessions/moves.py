"""`GameService`'s moves: `submit` (checks, the engine's step, compare-and-swap, a retry on a
fresh read after a lost race) and `preview`, with the refusals they give and the check of a
per-seat button's decision token. See `bot.sessions.service` for the API.
"""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Seat, Transition, step_text
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions.core import AnyEngine, ServiceCore, _join_names, _stale
from bot.sessions.models import AppliedMove, MoveResult, Preview
from bot.storage.records import SessionRecord, SessionStatus, StaleVersionError

TOKEN_MOVES_MAX = 256
"""A per-seat button drawn more moves ago than this is outdated (bounds the log read)."""

FRESH_RETRIES = 6
"""Tries of a move on a fresh read after losing a compare-and-set to another writer: each loss
means someone else's move was saved in between, so a few suffice even with several processes."""


class MovesMixin(ServiceCore):
    """Playing and previewing moves; see the module docstring."""

    async def submit(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        expected_version: int | None = None,
        *,
        session_id: int | None = None,
        expected_seat: int | None = None,
        expected_token: str | None = None,
        bots: bool = True,
    ) -> MoveResult | Rejection:
        """Play `text` for `user_id`'s seat, persist it, then let bots reply. See module docs.

        `bots=False`: return as soon as the move is saved; the caller runs `run_bots` after
        acknowledging it (so a failure there never hides that the move was saved)."""
        args = (user_id, text, expected_version, expected_seat, expected_token, bots)
        result = await self._submit(channel_id, session_id, args, trust_cache=True)
        # Lost to another writer (another process, with several on one database): try again on
        # a fresh read, until the move itself conflicts (the engine or the token refuses it on
        # the new position) or the bound is reached.
        for _ in range(FRESH_RETRIES):
            if not isinstance(result, _LostRace):
                break
            result = await self._submit(channel_id, session_id, args, trust_cache=False)
        answer = _stale() if isinstance(result, _LostRace) else result
        if self.on_submit is not None:
            if isinstance(answer, MoveResult):
                game = answer.session.game_key
            else:
                known = self._cache.record(channel_id, session_id)
                game = "unknown" if known is None else known.game_key
            self.on_submit(game, answer)
        return answer

    async def _submit(
        self,
        channel_id: int,
        session_id: int | None,
        args: tuple[int, str, int | None, int | None, str | None, bool],
        *,
        trust_cache: bool,
    ) -> MoveResult | Rejection | _LostRace:
        """One try of `submit`.

        Trusting, the move is made on the session record this process last wrote or read (or
        else on the one just found), without reading it again when the session's lock is free:
        the compare-and-set of the move proves the record was current. Anything else (a lost
        race, a refusal that a fresher record might not give) answers `_LostRace`, and `submit`
        tries again, reading the session under its lock.
        """
        found: SessionRecord | Rejection | None = None
        if trust_cache:
            found = self._cache.record(channel_id, session_id)
            if found is not None:
                found = self._here(found, channel_id)
                if isinstance(found, Rejection):
                    return found
        if found is None:
            found = await self._find(channel_id, session_id)
            if isinstance(found, Rejection):
                return found
        lock = self._lock(found.id)
        trusted = trust_cache and not lock.locked()
        async with lock:
            # Whoever held the lock may have moved the game on: read it again under the lock.
            session = found if trusted else await self.store.get_session(found.id)
            if session is None:  # pragma: no cover - sessions are never deleted
                return _stale()
            result = await self._submit_locked(session, *args)
        if trusted and isinstance(result, Rejection):
            return _LostRace()
        return result

    async def _submit_locked(
        self,
        session: SessionRecord,
        user_id: int,
        text: str,
        expected_version: int | None,
        expected_seat: int | None,
        expected_token: str | None,
        bots: bool,
    ) -> MoveResult | Rejection | _LostRace:
        """`submit`'s checks and move on `session`, under its lock."""
        seat_record = session.seat_of(user_id)
        if expected_seat is not None and (seat_record is None or seat_record.seat != expected_seat):
            return self._not_your_buttons(session, expected_seat)
        if seat_record is None:
            return self._not_a_player(session)
        if session.status is SessionStatus.LOBBY:
            return self._not_started(session)
        if not session.status.is_open:
            return self._ended_rejection(session)
        if expected_version is not None and expected_version != session.version:
            return _stale()
        engine = self.engine_for(session)
        state = self.load(session)
        seat = Seat(seat_record.seat)
        if expected_token is not None and await self._token_outdated(
            session, state, seat, expected_token
        ):
            return _stale()
        steps = self._steps(session, engine, state, seat, text)
        if isinstance(steps, Rejection):
            return steps
        moves: list[AppliedMove] = []
        for notation, result in steps:
            try:
                session, applied = await self._persist(
                    engine, session, seat_record, notation, result.state, result.events
                )
            except StaleVersionError:
                # Retrying is safe only while nothing of this call is saved.
                return _stale() if moves else _LostRace()
            moves.append(applied)
        final = steps[-1][1].state
        if not bots:
            return self._saved_result(engine, session, final, tuple(moves))
        return await self._bots_then_result(engine, session, final, tuple(moves))

    def _saved_result(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        applied: tuple[AppliedMove, ...],
    ) -> MoveResult:
        """The result of saved moves, bots not run."""
        return MoveResult(
            session=session,
            state=state,
            moves=applied,
            to_act=engine.to_act(state),
            finished=session.status is SessionStatus.FINISHED,
            outcome=engine.outcome(state),
        )

    async def preview(self, channel_id: int, user_id: int, text: str) -> Preview | Rejection:
        """What `text` would do for `user_id`'s seat now, computed with `step` and never saved.

        The same checks as `submit` (seated, active, the engine's sentence for a refused move), so
        a preview is offered only for a move that would be accepted at `Preview.session.version`.
        """
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        session = found
        seat_record = session.seat_of(user_id)
        if seat_record is None:
            return self._not_a_player(session)
        if session.status is SessionStatus.LOBBY:
            return self._not_started(session)
        engine = self.engine_for(session)
        state = self.load(session)
        seat = Seat(seat_record.seat)
        steps = self._steps(session, engine, state, seat, text)
        if isinstance(steps, Rejection):
            return steps
        return Preview(
            session=session,
            seat=seat,
            notation=_turn_notation(engine, [notation for notation, _ in steps]),
            before=state,
            after=steps[-1][1].state,
            events=tuple(e for _, result in steps for e in result.events),
            reveals=any(result.reveals for _, result in steps),
        )

    def _not_your_buttons(self, session: SessionRecord, seat: int) -> Rejection:
        owner = next((s.display_name for s in session.seats if s.seat == seat), None)
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx("These buttons are for {player}.", player=owner)
            if owner
            else tx("These buttons are for another player."),
        )

    def _not_a_player(self, session: SessionRecord) -> Rejection:
        return Rejection(
            RejectionCode.NOT_A_PLAYER,
            tx("You are not playing in this {game} game.", game=self._game_name(session)),
            tx("You can watch with /game status."),
        )

    def _step(
        self, session: SessionRecord, engine: AnyEngine, state: Any, seat: Seat, text: str
    ) -> Transition[Any] | Rejection:
        """`step_text`, with the engine's bare NOT_YOUR_TURN replaced by who is awaited."""
        result = step_text(engine, state, seat, text)
        if isinstance(result, Rejection) and result.code is RejectionCode.NOT_YOUR_TURN:
            return self._not_your_turn(session, engine, state)
        return result

    def _steps(
        self, session: SessionRecord, engine: AnyEngine, state: Any, seat: Seat, text: str
    ) -> list[tuple[str, Transition[Any]]] | Rejection:
        """`text` stepped, as (canonical notation, transition) per engine action. One action,
        except for an engine with `split_turn` (Canterbury) given a whole turn in one line:
        then each of its steps, all accepted or none, each saved as its own move."""
        split = getattr(engine, "split_turn", None)
        texts = split(text, state, seat) if split is not None else None
        if isinstance(texts, Rejection):
            if texts.code is RejectionCode.NOT_YOUR_TURN:
                return self._not_your_turn(session, engine, state)
            return texts
        out: list[tuple[str, Transition[Any]]] = []
        for part in texts or [text]:
            result = self._step(session, engine, state, seat, part)
            if isinstance(result, Rejection):
                return result
            out.append((_canonical_notation(engine, state, seat, part), result))
            state = result.state
        return out

    def _not_your_turn(self, session: SessionRecord, engine: AnyEngine, state: Any) -> Rejection:
        waiting = [s.display_name for s in session.seats if Seat(s.seat) in engine.to_act(state)]
        if not waiting:
            return Rejection(RejectionCode.NOT_YOUR_TURN, tx("It is not your turn."))
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx("It is not your turn: waiting for {players}.", players=_join_names(waiting)),
        )

    async def _token_outdated(
        self, session: SessionRecord, state: Any, seat: Seat, token: str
    ) -> bool:
        """True unless `token` (a `decision_token`) names a decision `seat` still faces: the
        seat is awaited and made no move since the token's ply (read from the log, at most
        `TOKEN_MOVES_MAX` moves back; an older token is outdated)."""
        if seat not in self.engine_for(session).to_act(state):
            return True
        try:
            drawn_at = int(token, 16)
        except ValueError:
            return True
        if not 0 <= drawn_at <= session.ply or session.ply - drawn_at > TOKEN_MOVES_MAX:
            return True
        if drawn_at == session.ply:
            return False
        since = await self.store.load_log(session.id, after_ply=drawn_at, limit=TOKEN_MOVES_MAX)
        return any(e.seat == seat for e in since)


def _canonical_notation(engine: AnyEngine, state: Any, seat: Seat, text: str) -> str:
    """The engine's own spelling of an accepted move ("d4" for " D4 "), for a tidy log.

    `parse_action(format_action(a)) == a` is part of the engine protocol, so the log replays the
    same; `verify_replay` checks it.
    """
    parsed = engine.parse_action(text, state, seat)
    if isinstance(parsed, Rejection):  # pragma: no cover - step_text accepted this very text
        return text.strip()
    return engine.format_action(parsed, state)


def _turn_notation(engine: AnyEngine, notations: list[str]) -> str:
    """One line for several steps of a turn (the engine's short form when it has one)."""
    if len(notations) == 1:
        return notations[0]
    short = getattr(engine, "turn_notation", None)
    return short(notations) if short is not None else "; ".join(notations)


class _LostRace:
    """`_submit_locked`'s answer when its compare-and-set lost to another writer."""
