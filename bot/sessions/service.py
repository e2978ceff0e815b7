"""`GameService`: lobbies, seats, turns and persistence for every game. No Discord here.

The Discord cogs and the local terminal table both drive games only through this class.

The class is one mixin per concern over `bot.sessions.core.ServiceCore` (construction, clock,
locks, state cache, loading, writing a move): `bot.sessions.lobby` (lobbies, seats, the host,
start, abandon), `bot.sessions.moves` (submit, preview), `bot.sessions.bots` (computer players),
`bot.sessions.timers` (turn limits, reminders), `bot.sessions.reading` (views, tokens, status,
history, listings) and `bot.sessions.asyncplay` (asynchronous play and its rules), itself one
mixin per part over `bot.sessions.asynccore` (the log, replaying it, caches): `bot.sessions.away`
(away, stand-ins), `bot.sessions.undo`, `bot.sessions.replays` (replays, finished games) and
`bot.sessions.turnclock`; `bot.sessions.dates` says and reads dates and durations.
This module documents the whole API and is where callers import it from.

Construction
------------
``GameService(store, *, clock=None, seed_source=None, engines=None, state_cache_size=1024)``

- ``store``: a `bot.storage.base.SessionStore`: ``await SqliteStore.open(path)`` or
  ``MemoryStore()``.
- ``clock``: ``() -> datetime`` (aware, UTC); default ``datetime.now(UTC)``.
- ``seed_source``: ``() -> int``, the game seed drawn at start; default a system-random 48-bit int.
- ``engines``: ``(game_key) -> Engine``; default `bot.games.get_engine`.
- ``state_cache_size``: how many parsed states (with their session records) are kept in memory,
  least recently used dropped first (`bot.sessions.cache.StateCache`); idle games cost nothing.

Places
------
Every lookup takes ``channel_id``: the id of the channel *or thread* where the command was used
(Discord's ``interaction.channel_id``, which inside a thread is the thread's own id). Each place
holds at most one open session (LOBBY or ACTIVE); a second game in one channel belongs in a thread.
``create_lobby`` takes the text channel as ``channel_id`` and, when used inside a thread, the thread
as ``thread_id`` (``SessionRecord.place_id`` is then the thread id).

Results
-------
Every operation returns either its result or a `bot.games.rejections.Rejection` carrying a specific
sentence for the user (show it ephemerally). Exceptions mean bugs or corrupt data:
`CorruptSessionError` (a stored snapshot that cannot be loaded) and ``KeyError`` for an engine that
disappeared from the registry are the only expected ones.

Lobby (all ``async``; each returns ``SessionRecord | Rejection``)
- ``create_lobby(game_key, *, guild_id, channel_id, host_id, host_name, options=None,
  thread_id=None, turn_timeout=None)``: validates options with ``engine.spec.validate_options``
  (a ValueError becomes a LOBBY rejection with its sentence); the host takes seat 0. Refused when
  the place already has a lobby or a game. ``turn_timeout`` (a ``timedelta``) sets a per-turn
  deadline for the whole game.
- ``join(channel_id, user_id, display_name)``: appends a seat; refused when full or already seated.
- ``leave(channel_id, user_id)``: removes the user's seat. If the host leaves, hosting passes to
  the next human in join order; if no human is left, the lobby is cancelled (status ABANDONED).
- ``add_bot(channel_id, user_id, bot_name)``: host only; ``bot_name`` is a key of ``engine.bots``.
- ``kick(channel_id, user_id, seat_index)``: host only; removes another seat (a bot or a human).
- ``start(channel_id, user_id) -> MoveResult | Rejection``: host only, player count within the
  spec; seats keep join order, the seed comes from ``seed_source``. If bots act first they play at
  once, so ``MoveResult.moves`` may already hold moves.

Play
- ``submit(channel_id, user_id, text, expected_version=None, *, session_id=None)
  -> MoveResult | Rejection``. Checks in order: a game exists (NO_ACTIVE_GAME), the user is seated
  (NOT_A_PLAYER), the game is active (NO_ACTIVE_GAME for a lobby, GAME_OVER when ended), the
  version is fresh (STALE), then the engine (parse + `step`). The move is persisted with a
  compare-and-swap, then every bot seat in ``to_act`` plays until a human must act or the game
  ends; each bot move is persisted the same way. ``session_id`` (from a button's custom_id) targets
  a session directly, which also lets a click on a finished game answer GAME_OVER.
  ``expected_seat`` / ``expected_token`` (keywords; from a per-seat button) replace the version
  check for simultaneous decisions: a click by another user is refused with "These buttons are
  for Ann.", and the click is STALE unless the seat is still awaited and has not moved since
  the token (``decision_token``: the ply, a public fact) was drawn, so another player's move in
  the same simultaneous step does not outdate it, while the seat's own move does.
- ``preview(channel_id, user_id, text) -> Preview | Rejection``: the same checks as ``submit``,
  then ``step`` on the current state; nothing is saved. ``Preview.session.version`` is the version
  a confirmation must pass to ``submit`` (a later change makes that confirmation STALE).
- ``run_bots(session_id) -> MoveResult | Rejection``: let pending bots act in one session;
  ``resume_bots() -> tuple[MoveResult, ...]`` does it for every active game where a bot may act
  (call at start-up; the store selects those games by index, so it stays fast with many games)
  and returns the results that applied moves.
- ``abandon(channel_id, user_id) -> AbandonResult | Rejection``: the host ends the session at
  once; any other seated human records a vote, and the game is abandoned when every seated human
  has voted.
- ``set_message_id(session_id, message_id)``: remember the message showing the board (does not
  change the version, so buttons on that message stay fresh).

Reading
- ``status(channel_id, *, session_id=None) -> GameStatus | Rejection``
- ``history(channel_id, limit=10, *, session_id=None) -> tuple[LogEntry, ...] | Rejection``:
  the last ``limit`` log entries, oldest first.
- ``list_open(guild_id=None) -> tuple[SessionRecord, ...]``
- ``latest(channel_id) -> SessionRecord | None``: the most recent session here, any status (for
  showing a finished game's result: pass its id as ``session_id`` to ``status``/``history``).
- ``load(session) -> State``: the engine state from the snapshot (cached by version, bounded).
- ``verify_replay(session_id) -> ReplayReport``: re-run the log from the seed and compare.
- ``overdue(now=None)`` / ``expire_overdue(now=None)``: ACTIVE sessions past their turn deadline;
  ``expire_overdue`` abandons them and returns the abandoned records.
- ``due_reminders(every, now=None) -> tuple[Reminder, ...]``: active games where the humans in
  ``to_act`` have waited ``every`` (a ``timedelta``) since the game last changed and since the
  last reminder; ``mark_reminded(session_id, now=None)`` records the reminder (no version bump).
- ``due_reminder_pages(every, now=None)``: the same a page at a time (async iterator), for the
  timers; ``mark_reminded_many(session_ids, now=None)`` records a page's reminders in one write;
  ``claim_reminders(page, every, now=None)`` marks and returns the ones still due, so that of
  several processes exactly one sends each reminder.

Helpers for presentation (plain methods, no I/O)
- ``now()``: the service clock.
- ``engine_for(session)``, ``seat_of(session, user_id) -> Seat | None``,
  ``users_to_ping(session, state) -> tuple[int, ...]`` (human seats in ``to_act``),
  ``view_for(session, state, user_id | None)`` (spectator view for None or a non-player),
  ``legal_notations(session, state, user_id) -> tuple[str, ...]`` (for autocomplete),
  ``decision_token(session, state, seat) -> str | None`` (the short per-seat token of the
  decision the seat faces now, from public facts only; None when the seat is not awaited).

Asynchronous play (`bot.sessions.asyncplay.AsyncPlayMixin`, rules in its docstring)
- ``go_away(user_id, until, reason, limits)``, ``come_back(user_id)``, ``end_due_absences(now)``,
  ``away_of(user_id)``, ``away_notes(session)``, ``vote_standin(channel_id, voter, away_user)``.
- ``request_undo(channel_id, user_id)``, ``vote_undo(session_id, user_id, undo_id, accept)``,
  ``pending_undo(session)``: undo with consent, rebuilt from the log without the undone moves.
- ``replay_frame(channel_id, index, session_id=None)``, ``finished_games(channel_id)``,
  ``turn_clock(session)``.

Concurrency: every change to a session runs under a per-session ``asyncio.Lock`` (which exists
only while held or awaited) and is written with compare-and-swap on ``SessionRecord.version``, so
a second process sharing the database also gets STALE instead of a lost update. A move on a game
this process last wrote is made on its cached record without reading it again; the move's
compare-and-set proves the record current, and a lost race or a refusal is retried once on a
fresh read, so the cache never decides an answer on its own.
"""

from __future__ import annotations

from bot.sessions.asyncplay import AsyncPlayMixin
from bot.sessions.bots import BOT_ANSWER_WAIT, BOT_LEASE, BotsMixin, bot_seed
from bot.sessions.core import STALE_MESSAGE
from bot.sessions.lobby import LobbyMixin
from bot.sessions.moves import MovesMixin
from bot.sessions.reading import DECISION_TOKEN_LENGTH, ReadingMixin
from bot.sessions.timers import TimersMixin


class GameService(LobbyMixin, MovesMixin, BotsMixin, TimersMixin, ReadingMixin, AsyncPlayMixin):
    """The application service for sessions. See the module docstring for the full API."""


# What callers import from here: the class and the constants its callers and tests use.
__all__ = [
    "BOT_ANSWER_WAIT",
    "BOT_LEASE",
    "DECISION_TOKEN_LENGTH",
    "STALE_MESSAGE",
    "GameService",
    "bot_seed",
]
