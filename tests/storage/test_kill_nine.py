"""Killed with SIGKILL in the middle of moves, the bot loses nothing it reported as played, and
every game in the file still replays exactly from its log (one transaction per move)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore

_PLAYER = """
import asyncio, random, sys
from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore

async def main(path):
    store = await SqliteStore.open(path)
    service = GameService(store, seed_source=lambda: 11, engines=get_engine)
    rng = random.Random(5)
    for channel in range(1, 5):
        await service.create_lobby(
            "cathedral", guild_id=1, channel_id=channel, host_id=channel * 10, host_name="a"
        )
        await service.join(channel, channel * 10 + 1, "b")
        await service.start(channel, channel * 10)
    while True:
        channel = rng.randrange(1, 5)
        status = await service.status(channel)
        seat = min(status.to_act)
        user = channel * 10 + seat
        move = rng.choice(service.legal_notations(status.session, status.state, user))
        result = await service.submit(channel, user, move)
        print(result.session.id, result.session.ply, flush=True)
        if result.finished:
            return

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.asyncio
async def test_sigkill_mid_game_loses_no_reported_move(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", _PLAYER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    reported: dict[int, int] = {}
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    while sum(reported.values()) < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        session_id, ply = map(int, line.split())
        reported[session_id] = ply
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert reported, "the player process made no move"
    store = await SqliteStore.open(path)
    try:
        service = GameService(store, engines=get_engine)
        for session in await store.list_open():
            assert session.ply >= reported.get(session.id, 0)
            assert len(await store.load_log(session.id)) == session.ply
            report = await service.verify_replay(session.id)
            assert report.matches, report
    finally:
        await store.close()
