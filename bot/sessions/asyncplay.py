"""Asynchronous play on top of `GameService`: away mode, undo with consent, replays, finished
games and the turn clock. Mixed into `GameService`; nothing here knows any game.

Rules chosen for the edge cases (also in the README):

- **Away** is per user, across every game they sit in. While away, the turn limit of a game that
  awaits them does not run out and they get no reminders; on return (``back`` or the announced
  date passing) the limit restarts with the time that was left when they left, or with a full
  turn if the game moved on to a new turn of theirs meanwhile. An absence is at most
  ``AwayLimits.max_days`` long and a user is away at most ``AwayLimits.month_days`` days in any
  30 days (announced days count until the user comes back). Going away while sitting in a lobby
  is allowed: the lobby is unaffected; if it starts meanwhile, the absence applies to the game.
- **Stand-in**: every other present human of a game may vote for a bot to play an away seat; once
  all did, a computer player (the server's level: easy or strong) plays that seat until the
  player comes back.
- **Undo** takes back the asker's last move (and any bot moves after it). It is refused when a
  move since (the asker's included) revealed something (``Transition.reveals``) or another human
  moved since. In a simultaneous step this means: you can take back your choice while nobody
  else has chosen since. Every other present (not away) human must accept within the time limit;
  a decline ends it (the same move may be asked for again after ``UNDO_ASK_AGAIN_AFTER``); any
  move in the meantime makes it lapse. With no one to ask it applies at
  once. The state is rebuilt by replaying the log without the undone moves; they stay in the log,
  marked undone.
- **Replay** shows the game as it stands (undone moves are left out, and listed where they were
  taken back), from the public (spectator) view only, for running, finished and abandoned games;
  an abandoned game ends at its last move with the reason it was abandoned.

Each part is a mixin over `bot.sessions.asynccore.AsyncPlayCore` (the service, the caches, the log
with undone moves marked, replaying it): `bot.sessions.away` (away mode, stand-ins),
`bot.sessions.undo` (undo with consent), `bot.sessions.replays` (replays, finished games) and
`bot.sessions.turnclock` (the turn clock); `bot.sessions.dates` says and reads dates and lengths
of time. `AsyncPlayMixin` combines them; this module is where callers import them from.
"""

from __future__ import annotations

from bot.sessions.away import AwayLimits, AwayMixin, AwayResult, StandInResult
from bot.sessions.dates import format_day, format_duration, parse_until
from bot.sessions.replays import ReplayFrame, ReplaysMixin
from bot.sessions.turnclock import SeatClock, TurnClockMixin
from bot.sessions.undo import UNDO_TIME_LIMIT, UndoMixin, UndoOutcome


class AsyncPlayMixin(AwayMixin, UndoMixin, ReplaysMixin, TurnClockMixin):
    """Away mode, undo, replays and the turn clock; see the module docstring."""


__all__ = [
    "UNDO_TIME_LIMIT",
    "AsyncPlayMixin",
    "AwayLimits",
    "AwayResult",
    "ReplayFrame",
    "SeatClock",
    "StandInResult",
    "UndoOutcome",
    "format_day",
    "format_duration",
    "parse_until",
]
