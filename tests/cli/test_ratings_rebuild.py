"""`python -m bot ratings rebuild`: the stored ratings of games rated one by one equal the
rebuild (so `--check` passes); a rating changed behind its back is found and rewritten."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.ratings.skill import rate_game
from bot.storage.extras import extras_for
from bot.storage.sqlite import SqliteStore
from tests.ratings.random_results import random_results


async def _rate(path: Path, count: int) -> None:
    store = await SqliteStore.open(path)
    try:
        extras = extras_for(store)
        now = datetime(2026, 11, 28, tzinfo=UTC)
        for result in random_results(count, seed=21):
            await extras.record_game(result.session_id, result, rate_game, now)
    finally:
        await store.close()


def test_rebuild_checks_and_repairs_the_stored_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    asyncio.run(_rate(db, 60))
    assert main(["ratings", "rebuild", "--db", str(db), "--check"]) == 0
    assert "60 rated games" in capsys.readouterr().out
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE ratings SET mu = mu + 1 WHERE rowid = 1")
    assert main(["ratings", "rebuild", "--db", str(db), "--check"]) == 1
    assert "1 stored ratings differ from the rebuild" in capsys.readouterr().out
    assert main(["ratings", "rebuild", "--db", str(db)]) == 0
    assert "rewritten" in capsys.readouterr().out
    assert main(["ratings", "rebuild", "--db", str(db), "--check"]) == 0


def test_rebuild_without_a_database_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ratings", "rebuild", "--db", str(tmp_path / "none.db")]) == 2
    assert "There is no database at" in capsys.readouterr().err
