"""`python -m bot bench --scale N [--game G] [--quick] [--markdown]`: the bot with N games.

N games of one game (default Cathedral; one in ten with a bot in its last seat) are created
through the service in one database file, then:
- move latency p50 and moves/s through the service (no rendering) with 200 games in one file and
  with N in another, the two taking turns at the moves so that load elsewhere on the machine falls
  on both alike, and the change between them (target: within 20%);
- start-up: opening the store (migrations checked) and `resume_bots`, to ready;
- one reminder pass (`due_reminder_pages`, each page marked by one `mark_reminded_many`, as the
  table does) with none due and with every game due, each with the longest the event loop was
  held at a time (wall clock: every pause of the loop counts, the pass's own work, a garbage
  collection in any thread, the store's thread holding the GIL) and the most CPU the loop's own
  thread spent in one such gap (the rest of a long gap is waiting: the store's thread holding
  the GIL, often for a collection of the older objects, or other processes on the machine). The
  services that filled the file are dropped first, so the heap is the measured bot's own;
- memory the service holds after start-up and both passes (traced), per game, with the cached
  states against their bound and the session locks left;
- database bytes per game and per move.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sqlite3
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.cli.bench import Harness
from bot.cli.benchkit import Figure, LoopWatch, Row, machine_line, markdown_table, percentile
from bot.cli.common import engine_for
from bot.games import get_engine
from bot.heap import settle_heap
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.engines import AnyEngine

BASE_GAMES = 200
START_UP_MS = 2000.0
REMINDER_NONE_MS = 20.0
LOOP_BLOCK_MS = 20.0
DRIFT_PCT = 20.0
ROUNDS = 5
"""Turns the 200-game and the N-game files take at the moves measured on each."""
BOT_EVERY = 10
"""One game in this many has a bot in its last seat (so resuming bots has games to look at)."""


class _Clock:
    """The service clock, moved by hand: "every game due" is a jump of two hours."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _db_bytes(path: Path) -> int:
    """The database's size in pages (WAL included), read through a second connection."""
    raw = sqlite3.connect(path)
    try:
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
        size = raw.execute("PRAGMA page_size").fetchone()[0]
        free = raw.execute("PRAGMA freelist_count").fetchone()[0]
    finally:
        raw.close()
    return int((pages - free) * size)


async def _pass(service: GameService, now: datetime) -> int:
    """One reminder pass as the table runs it; returns how many games were reminded."""
    count = 0
    async for page in service.due_reminder_pages(timedelta(hours=1), now):
        await service.mark_reminded_many([reminder.session.id for reminder in page], now)
        count += len(page)
    return count


async def _reminder_pass(
    service: GameService, now: datetime, again: datetime
) -> tuple[float, int, LoopWatch]:
    """(milliseconds, games reminded, the watch of the event loop).

    Timed on its own at `now`; then the same pass at `again` (as many games due) runs under a
    `LoopWatch`, whose constant wake-ups would slow the timed pass down.
    """
    start = time.perf_counter()
    count = await _pass(service, now)
    took = (time.perf_counter() - start) * 1000
    async with LoopWatch() as watch:
        await _pass(service, again)
    return took, count, watch


async def _scale(
    engine: AnyEngine, n: int, moves: int, seed: int, folder: Path, emit: Callable[[str], None]
) -> list[Figure]:
    path = folder / "scale.db"
    clock = _Clock()
    seeds = iter(range(seed, seed + 10_000_000))
    seats = engine.spec.min_players
    base = BASE_GAMES if n >= 2 * BASE_GAMES else max(1, n // 2)
    small_store = await SqliteStore.open(folder / "base.db")
    store = await SqliteStore.open(path)
    try:
        harnesses = []
        for each in (small_store, store):
            service = GameService(
                each, clock=clock, seed_source=lambda: next(seeds), engines=get_engine
            )
            harnesses.append(Harness(engine, service, seed, seats, bot_every=BOT_EVERY))
        small, big = harnesses
        await small.fill(base)
        emit(f"  {base} games in one file; creating {n} in another ...")
        step = max(1000, n // 10)
        for done in range(0, n, step):
            await big.fill(min(step, n - done))
            emit(f"    {min(done + step, n)} games")
        # The two sizes take turns, a slice of moves at a time, so that a change of load on the
        # machine falls on both alike.
        before = _db_bytes(path)
        lat_base, lat_n = [], []
        spent_base = spent_n = 0.0
        for _ in range(ROUNDS):
            for harness, latencies in ((small, lat_base), (big, lat_n)):
                _, taken = await harness.service_moves(moves // ROUNDS)
                latencies.extend(taken)
        spent_base, spent_n = sum(lat_base) / 1000, sum(lat_n) / 1000
        rate_base = len(lat_base) / spent_base if spent_base else 0.0
        rate_n = len(lat_n) / spent_n if spent_n else 0.0
        after = _db_bytes(path)
        games_open = len(big.channels)
        moves = len(lat_n)
    finally:
        await small_store.close()
        await store.close()

    # The filling services (and their caches of parsed states) are done with: drop them, so the
    # heap that the passes below run in is the measured bot's own. A full collection of the
    # garbage now, or else a pass pays for it: the event-loop figures count every pause, and a
    # collection of the older objects stops every thread (it may run on the store's thread,
    # which then holds the GIL while the loop waits) for as long as the heap is large.
    del harnesses, small, big
    gc.collect()

    # Start-up: a fresh store and service on the file, ready once bots have been resumed.
    start = time.perf_counter()
    store = await SqliteStore.open(path)
    service = GameService(store, clock=clock, engines=get_engine)
    resumed = await service.resume_bots()
    settle_heap()  # as the bot does once ready (bot/app.py)
    start_up = time.perf_counter() - start
    try:
        hour = timedelta(hours=1)
        none_ms, none_count, none_hold = await _reminder_pass(
            service, clock.now, clock.now + hour / 2
        )
        all_ms, all_count, all_hold = await _reminder_pass(
            service, clock.now + 2 * hour, clock.now + 4 * hour
        )
    finally:
        await store.close()

    # Memory held: the same start-up and passes again, traced.
    tracemalloc.start()
    try:
        baseline = tracemalloc.get_traced_memory()[0]
        store = await SqliteStore.open(path)
        service = GameService(store, clock=clock, engines=get_engine)
        await service.resume_bots()
        await _pass(service, clock.now + timedelta(hours=8))
        held = tracemalloc.get_traced_memory()[0] - baseline
        cached, bound, locks = service.cached_states, service.state_cache_size, service.live_locks
        await store.close()
    finally:
        tracemalloc.stop()

    def drift(at_n: float, at_base: float) -> float:
        return abs(at_n - at_base) / at_base * 100 if at_base else 0.0

    p50_base, p50_n = percentile(lat_base, 50), percentile(lat_n, 50)
    return [
        Figure(f"service move p50, {base} games", p50_base, "ms"),
        Figure(f"service move p50, {games_open} games", p50_n, "ms"),
        Figure(
            f"service move p50 change, {base} -> {games_open}",
            drift(p50_n, p50_base),
            "%",
            DRIFT_PCT,
        ),
        Figure(f"moves/s, service, {base} games", rate_base, ""),
        Figure(f"moves/s, service, {games_open} games", rate_n, ""),
        Figure(f"moves/s change, {base} -> {games_open}", drift(rate_n, rate_base), "%", DRIFT_PCT),
        Figure(
            f"start-up to ready, bots resumed ({len(resumed)} moved)",
            start_up * 1000,
            "ms",
            START_UP_MS,
        ),
        Figure(f"reminder pass, none due ({none_count} reminded)", none_ms, "ms", REMINDER_NONE_MS),
        Figure("event loop held at most, that pass", none_hold.max_ms, "ms", LOOP_BLOCK_MS),
        Figure("  of which the loop's own work at most", none_hold.max_cpu_ms, "ms"),
        Figure(f"reminder pass, all due ({all_count} reminded)", all_ms, "ms"),
        Figure("event loop held at most, that pass", all_hold.max_ms, "ms", LOOP_BLOCK_MS),
        Figure("  of which the loop's own work at most", all_hold.max_cpu_ms, "ms"),
        Figure("memory held after start-up and a pass, per game", held / n, "B", digits=0),
        Figure(f"states cached after that (bound {bound})", cached, "", bound, digits=0),
        Figure("session locks left after that", locks, "", 0, digits=0),
        Figure("database bytes per game", before / n, "B", digits=0),
        Figure("database bytes per move", (after - before) / moves, "B", digits=0),
    ]


def run(args: argparse.Namespace) -> int:
    """`bench --scale N`: print the scale figures (see the module docstring)."""
    n = args.scale
    if n < 1:
        print("bench --scale needs at least 1 game.", file=sys.stderr)
        return 2
    engine = engine_for(args.game or "cathedral")
    judged = not args.quick
    moves = 50 if args.quick else 1000
    out = sys.stderr if args.markdown else sys.stdout

    def emit(text: str) -> None:
        print(text, file=out, flush=True)

    seats = engine.spec.min_players
    emit(
        f"Guildhall bench --scale {n} ({'quick, no verdicts' if args.quick else 'full'}): "
        f"{engine.spec.display_name}, {seats} players, one game in {BOT_EVERY} with a bot"
    )
    with tempfile.TemporaryDirectory(prefix="guildhall-scale-") as tmp:
        figures = asyncio.run(_scale(engine, n, moves, args.seed, Path(tmp), emit))
    for figure in figures:
        emit(figure.line(judged))
    rows = [Row(engine.spec.display_name, str(seats), f) for f in figures]
    if judged:
        misses = sum(f.verdict == "MISS" for f in figures)
        emit(f"  {misses} target(s) missed")
    emit("")
    for line in [f"Measured on {machine_line()}.", "", *markdown_table(rows, judged)]:
        print(line, flush=True)
    return 0
