"""`python -m bot db copy`: a generated SQLite database of 1,000 games moves to PostgreSQL with
every count equal and every replay equal to its snapshot; a rerun skips what is there and picks
up a game that moved on; a snapshot that no longer matches its log is reported."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cli.bench import Harness
from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.copy import copy_database
from bot.storage.extras import extras_for
from bot.storage.postgres import PostgresStore
from bot.storage.records import NewSession, SeatRecord
from bot.storage.sqlite import SqliteStore

pytestmark = pytest.mark.asyncio
GAMES, PLAYED = 1000, 10  # PLAYED games are played for real, then cloned up to GAMES


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def generated_database(path: Path) -> None:
    """PLAYED Cathedral games with real moves, a few of each side table's rows, then every game
    cloned (new ids and channels, the same seed, seats and log) up to GAMES games."""
    store = await SqliteStore.open(path)
    seeds = iter(range(1, 1_000_000))
    service = GameService(store, clock=Clock(), seed_source=lambda: next(seeds), engines=get_engine)
    harness = Harness(get_engine("cathedral"), service, seed=3, seats=2)
    await harness.fill(PLAYED)
    await harness.service_moves(40)
    extras = extras_for(store)
    await extras.set_guild_settings(1, {"reminder_hours": 6.0})
    await extras.set_notify(10000, True)
    await extras.set_meta("commands:1:global", "abc")
    await extras.set_paused(1, 10000)
    when = datetime(2024, 5, 2, tzinfo=UTC)
    await store.add_away(10000, when, when + timedelta(days=2), "holiday")
    await store.close()
    conn = sqlite3.connect(path)
    with conn:
        top = conn.execute("SELECT max(id), max(channel_id) FROM sessions").fetchone()
        cols = [r[1] for r in conn.execute("PRAGMA table_info(sessions)")]
        picked = ", ".join(
            "id + :shift" if c == "id" else "channel_id + :place" if c == "channel_id" else c
            for c in cols
        )
        for copy in range(1, GAMES // PLAYED):
            shift = {"shift": copy * top[0], "place": copy * top[1]}
            conn.execute(
                f"INSERT INTO sessions ({', '.join(cols)}) SELECT {picked} FROM sessions "
                f"WHERE id <= {top[0]}",
                shift,
            )
            for table in ("seats", "actions"):
                tcols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
                tpicked = ", ".join(
                    "session_id + :shift" if c == "session_id" else c for c in tcols
                )
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(tcols)}) SELECT {tpicked} FROM {table} "
                    f"WHERE session_id <= {top[0]}",
                    shift,
                )
    conn.close()


async def test_a_thousand_games_copy_verify_and_rerun(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.db"
    await generated_database(path)
    games = sqlite3.connect(path).execute("SELECT count(*) FROM sessions").fetchone()[0]
    assert games == GAMES

    # The command line as typed (in a thread: it runs its own event loop).
    argv = ["db", "copy", "--to", pg_url, "--from", str(path), "--batch", "300"]
    assert await asyncio.to_thread(main, argv) == 0
    out = capsys.readouterr().out
    assert f"copy verified: {GAMES} games copied, 0 already there, {GAMES} replays checked" in out

    store = await PostgresStore.open(pg_url)
    try:
        # A rerun copies nothing again.
        again = await copy_database(path, store, batch=300)
        assert (again.copied, again.skipped, again.ok) == (0, GAMES, True)
        assert again.rows["actions"][0] == again.rows["actions"][1] > GAMES
        assert again.rows["away_periods"] == (1, 1)
        assert await extras_for(store).meta("commands:1:global") == "abc"
        # A game whose snapshot no longer matches its log (changed since the copy) is copied
        # again on the next run, and the check names it.
        conn = sqlite3.connect(path)
        with conn:
            (damaged,) = conn.execute(
                "SELECT id FROM sessions ORDER BY ply DESC LIMIT 1"
            ).fetchone()
            conn.execute(
                "DELETE FROM actions WHERE session_id = ? AND ply = "
                "(SELECT max(ply) FROM actions WHERE session_id = ?)",
                (damaged, damaged),
            )
            conn.execute(
                "UPDATE sessions SET version = version + 1, ply = ply - 1 WHERE id = ?", (damaged,)
            )
        conn.close()
        third = await copy_database(path, store, batch=300)
        assert (third.copied, third.skipped) == (1, GAMES - 1)
        assert not third.ok
        assert third.counts_match
        assert [m.split(":")[0] for m in third.replay_mismatches] == [f"game {damaged}"]

        # Ids go on after the copied ones.
        made = await store.create_session(
            NewSession("cathedral", 1, 1, None, SeatRecord(0, "New", user_id=1), {}),
            datetime(2024, 6, 1, tzinfo=UTC),
        )
        assert made.id > games
    finally:
        await store.close()
