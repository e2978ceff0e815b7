"""Whether a game's stored snapshot equals a replay of its log (the service's `verify_replay`
and `db copy`'s check of every copied game)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.protocol import LoggedMove, Seat, canonical_json, replay
from bot.sessions.models import ReplayReport, first_difference
from bot.storage.records import LogEntry, SessionRecord


def replay_check(
    engine_for: Callable[[SessionRecord], Any],
    session: SessionRecord,
    entries: Sequence[LogEntry],
) -> ReplayReport:
    """Re-run `entries` (the log without undone plies) from the seed and compare the result with
    the snapshot (canonical JSON). A lobby matches when its log is empty."""
    if session.seed is None or session.state_json is None:
        return ReplayReport(session.id, len(entries), matches=not entries)
    engine = engine_for(session)
    moves = [LoggedMove(Seat(e.seat), e.notation) for e in entries]
    try:
        replayed = replay(engine, len(session.seats), dict(session.options), session.seed, moves)
    except ValueError as exc:
        return ReplayReport(session.id, len(entries), matches=False, difference=str(exc))
    snapshot = json.loads(session.state_json)
    replayed_json = canonical_json(engine.state_to_dict(replayed))
    if replayed_json == canonical_json(snapshot):
        return ReplayReport(session.id, len(entries), matches=True)
    return ReplayReport(
        session.id,
        len(entries),
        matches=False,
        difference=first_difference(snapshot, json.loads(replayed_json)),
    )
