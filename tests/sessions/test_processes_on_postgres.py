"""Real bot processes (`tests/sessions/process_worker.py`) on one PostgreSQL database: moves from
three processes at once on the same games apply exactly once per version; every due reminder is
sent by exactly one of three; a process killed with SIGKILL loses no acknowledged move, and the
bot replies it owed are played by another process (at its next timer round)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.cli.bench import Harness
from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.postgres import PostgresStore

pytestmark = pytest.mark.asyncio
ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 90  # every process must be done within this (the machine may be busy)


async def open_games(
    url: str, count: int, *, bots: bool, clock=None
) -> tuple[list[int], dict[int, int]]:
    """`count` 2-seat Cathedral games (a bot in the second seat with `bots`); their channels and
    each game's ply once started."""
    store = await PostgresStore.open(url)
    seeds = iter(range(11, 1_000_000))
    service = GameService(
        store,
        engines=get_engine,
        seed_source=lambda: next(seeds),
        **({"clock": clock} if clock else {}),
    )
    harness = Harness(get_engine("cathedral"), service, seed=5, seats=2, bot_every=1 if bots else 0)
    await harness.fill(count)
    plies = {s.id: s.ply for s in await store.list_open()}
    await store.close()
    return harness.channels, plies


def ack(line: str) -> tuple[str, str, str]:
    """("move <id> <ply> <notation>") -> (id, ply, notation); the notation may hold spaces."""
    _, sid, ply, notation = line.split(" ", 3)
    return sid, ply, notation


async def spawn(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.sessions.process_worker",
        *args,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def finish(process: asyncio.subprocess.Process) -> list[str]:
    out, err = await asyncio.wait_for(process.communicate(), WAIT_S)
    assert process.returncode == 0, err.decode()[-2000:]
    return out.decode().splitlines()


async def test_three_processes_moving_the_same_games_apply_each_version_once(pg_url: str) -> None:
    channels, started = await open_games(pg_url, 6, bots=False)
    workers = [
        await spawn("moves", pg_url, str(seed), "20", *map(str, channels)) for seed in (1, 2, 3)
    ]
    lines = [line for w in workers for line in await finish(w)]
    acked = [ack(line) for line in lines if line.startswith("move ")]
    assert len(acked) > 20
    # No version was acknowledged twice (a ply is one version of the game).
    assert len({(sid, ply) for sid, ply, _ in acked}) == len(acked)
    store = await PostgresStore.open(pg_url)
    try:
        service = GameService(store, engines=get_engine)
        logged = set()
        for sid, first_ply in started.items():
            log = await store.load_log(sid)
            assert [e.ply for e in log] == list(range(1, len(log) + 1))  # contiguous
            logged |= {(str(sid), str(e.ply), e.notation) for e in log if e.ply > first_ply}
            assert (await service.verify_replay(sid)).matches
        # Every acknowledged move is in the log, and nothing is in the log unacknowledged.
        assert logged == set(acked)
    finally:
        await store.close()


async def test_every_due_reminder_is_sent_by_exactly_one_of_three_processes(
    pg_url: str, tmp_path: Path
) -> None:
    long_ago = datetime.now(UTC) - timedelta(hours=10)
    channels, started = await open_games(pg_url, 40, bots=False, clock=lambda: long_ago)
    go = tmp_path / "go"
    workers = [await spawn("remind", pg_url, str(go), "1") for _ in range(3)]
    await asyncio.sleep(0.5)  # let them start; they all wait for the same signal
    go.touch()
    per_worker = [[line for line in await finish(w) if line.startswith("remind ")] for w in workers]
    sent = Counter(int(line.split()[1]) for lines in per_worker for line in lines)
    assert set(sent) == set(started)
    assert set(sent.values()) == {1}


async def test_a_killed_process_loses_no_move_and_another_plays_the_bots_it_owed(
    pg_url: str,
) -> None:
    channels, _ = await open_games(pg_url, 6, bots=True)
    doomed = await spawn("humans-then-hang", pg_url, *map(str, channels))
    acked: list[tuple[str, str, str]] = []
    assert doomed.stdout is not None
    while True:
        line = (await asyncio.wait_for(doomed.stdout.readline(), WAIT_S)).decode().strip()
        if line == "hanging" or not line:
            break
        acked.append(ack(line))
    os.kill(doomed.pid, signal.SIGKILL)
    await asyncio.wait_for(doomed.wait(), WAIT_S)
    assert doomed.returncode == -signal.SIGKILL
    assert len(acked) == len(channels)

    store = await PostgresStore.open(pg_url)
    try:
        service = GameService(store, engines=get_engine)
        owed = set(await service.awaiting_bots())
        assert len(owed) == len(channels)  # each game waits on the bot's reply
        for sid, ply, notation in acked:
            (entry,) = await store.load_log(int(sid), after_ply=int(ply) - 1, limit=1)
            assert entry.notation == notation
        heir = await spawn("resume", pg_url)
        played = {int(line.split()[1]) for line in await finish(heir) if line.startswith("bot ")}
        assert played == owed
        assert await service.awaiting_bots() == ()
        for sid in owed:
            assert (await service.verify_replay(sid)).matches
    finally:
        await store.close()
