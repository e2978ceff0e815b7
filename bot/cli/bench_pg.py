"""`python -m bot bench --store postgresql [--game G] [--quick]`: the bench on PostgreSQL.

The server is DATABASE_URL's when set (use a database of its own: the bench adds games), else a
throwaway one started from the machine's binaries with fsync on and synchronous_commit off: the
same trade as the SQLite store's WAL with synchronous=NORMAL (a crashed process loses nothing;
a power cut may lose the last commits). For one game (default Cathedral, its fewest players):
- move latency p50/p95 through the whole path (Table -> GameService -> PostgreSQL -> render ->
  PNG), each next to its floor: a bare commit of the same snapshot and log row over the same
  pool in one statement, plus the encoding of the same final image;
- moves/s through the service without rendering, one process, and the bare commit rate;
- moves/s with 1, 2 and 4 processes against the one server (each process its own games, all
  moving at once for the same seconds), with the share of the machine's CPU the server used
  (the throwaway server only: its processes' CPU time over wall time and cores).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.cli.bench import (
    PATH_P50_FLOOR_X,
    PATH_P95_FLOOR_X,
    QUICK,
    SERVICE_MOVES_PER_S,
    Harness,
    Plan,
    _p,
    _whole_path,
)
from bot.cli.benchkit import Figure, machine_line, percentile
from bot.cli.common import RenderPng, engine_for, load_renderer
from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.postgres import PostgresStore
from bot.table.commands import Table

PROCESS_COUNTS = (1, 2, 4)
BRIEF = Plan(
    random_seconds=0.0,
    random_max_games=0,
    compare_seconds=0.0,
    render_samples=0,
    sessions=60,
    path_moves=60,
    service_moves=300,
)
PROCESS_SECONDS = 4.0
PROCESS_GAMES = 30


class PgCommitFloor:
    """A bare commit of one snapshot and one log row over the store's pool: one statement, no
    service, no CAS, no seats read back. What a move's write costs at the least here."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self._ply = 0

    async def setup(self) -> None:
        await self._store._execute(
            "DROP TABLE IF EXISTS bench_floor_log; DROP TABLE IF EXISTS bench_floor_snapshot; "
            "CREATE TABLE bench_floor_snapshot (id bigint PRIMARY KEY, state text); "
            "CREATE TABLE bench_floor_log (session_id bigint, ply integer, seat integer, "
            "user_id bigint, notation text, events text, created_at timestamptz, "
            "PRIMARY KEY (session_id, ply)); INSERT INTO bench_floor_snapshot VALUES (1, '{}')"
        )

    async def commit_ms(self, state_json: str, notation: str, events: Sequence[Any]) -> float:
        """Milliseconds to write `state_json` and one log row in one transaction."""
        self._ply += 1
        events_json = json.dumps(list(events), sort_keys=True, separators=(",", ":"))
        start = time.perf_counter()
        await self._store._execute(
            "WITH u AS (UPDATE bench_floor_snapshot SET state = $1 WHERE id = 1) "
            "INSERT INTO bench_floor_log VALUES (1, $2, 0, 1, $3, $4, $5)",
            state_json,
            self._ply,
            notation,
            events_json,
            datetime.now(UTC),
        )
        return (time.perf_counter() - start) * 1000

    async def close(self) -> None:
        await self._store._execute("DROP TABLE bench_floor_log; DROP TABLE bench_floor_snapshot")


async def _one_process(
    url: str, engine_key: str, plan: Plan, seed: int, render_png: RenderPng | None
) -> list[Figure]:
    engine = engine_for(engine_key)
    store = await PostgresStore.open(url)
    floor = PgCommitFloor(store)
    await floor.setup()
    seeds = iter(range(seed, seed + 1_000_000))
    try:
        service = GameService(store, seed_source=lambda: next(seeds), engines=get_engine)
        harness = Harness(engine, service, seed, engine.spec.min_players)
        harness.next_channel = 10_000_000 + seed * 100_000  # clear of any earlier run's
        await harness.fill(plan.sessions)
        figures: list[Figure] = []
        if render_png is not None:
            table = Table(service, render_png, engines=get_engine)
            latencies, floors = await _whole_path(harness, table, store, floor, plan.path_moves)
            figures += [
                Figure(
                    f"move p{q}, whole path (PostgreSQL)",
                    percentile(latencies, q),
                    "ms",
                    target,
                    floor=_p(floors, q),
                    per_floor=True,
                )
                for q, target in ((50, PATH_P50_FLOOR_X), (95, PATH_P95_FLOOR_X))
            ]
        rate, _ = await harness.service_moves(plan.service_moves)
        bare = [await floor.commit_ms('{"v":1}', "x", ()) for _ in range(50)]
    finally:
        await floor.close()
        await store.close()
    bare_rate = 1000 / percentile(bare, 50) if percentile(bare, 50) > 0 else 0.0
    return [
        *figures,
        Figure(
            "moves/s, service without rendering, 1 process",
            rate,
            "",
            SERVICE_MOVES_PER_S,
            at_most=False,
        ),
        Figure("bare commits/s (the floor of the above)", bare_rate, ""),
    ]


def _server_cpu_seconds(server: Any) -> float | None:
    """CPU seconds used so far by the throwaway server's processes (None: not ours to see)."""
    if server is None:
        return None
    pid_file = server.folder / "data" / "postmaster.pid"
    try:
        master = int(pid_file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(entry.name), int(fields[1])
        if pid == master:  # its own time and that of the backends it has reaped
            total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        elif ppid == master:
            total += int(fields[11]) + int(fields[12])
    return total / tick


def _several_processes(
    url: str,
    engine_key: str,
    seed: int,
    server: Any,
    emit: Callable[[str], None],
    seconds: float = PROCESS_SECONDS,
    games: int = PROCESS_GAMES,
) -> list[Figure]:
    figures: list[Figure] = []
    for count in PROCESS_COUNTS:
        with tempfile.TemporaryDirectory(prefix="guildhall-bench-go-") as tmp:
            go = Path(tmp) / "go"
            workers = [
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "bot.cli.bench_pg",
                        url,
                        engine_key,
                        str(seed * 1000 + count * 10 + k),
                        str(go),
                        str(seconds),
                        str(games),
                    ],
                    stdout=subprocess.PIPE,
                    text=True,
                )
                for k in range(count)
            ]
            for worker in workers:  # each has opened its games
                assert worker.stdout is not None
                if worker.stdout.readline().strip() != "ready":
                    raise RuntimeError("a bench process failed to start")
            cpu_before = _server_cpu_seconds(server)
            began = time.perf_counter()
            go.touch()
            moves = 0
            for worker in workers:
                out, _ = worker.communicate(timeout=seconds * 20 + 60)
                moves += int(out.split()[0])
            wall = time.perf_counter() - began
            cpu_after = _server_cpu_seconds(server)
        share = ""
        if cpu_before is not None and cpu_after is not None:
            used = (cpu_after - cpu_before) / (wall * (os.cpu_count() or 1))
            share = f", server {100 * used:.0f}% of the machine's CPU"
        figure = Figure(f"moves/s, service, {count} process(es){share}", moves / wall, "")
        emit(figure.line(False))
        figures.append(figure)
    return figures


async def _worker(
    url: str, engine_key: str, seed: int, go: Path, seconds: float, games: int
) -> None:
    """One of the several processes: open `games` games, say ready, move for `seconds` once
    `go` exists, print the number of moves."""
    engine = engine_for(engine_key)
    store = await PostgresStore.open(url, min_size=1, max_size=2)
    seeds = iter(range(seed, seed + 1_000_000))
    try:
        service = GameService(store, seed_source=lambda: next(seeds), engines=get_engine)
        harness = Harness(engine, service, seed, engine.spec.min_players)
        harness.next_channel = 20_000_000 + seed * 100_000
        await harness.fill(games)
        print("ready", flush=True)
        while not go.exists():
            await asyncio.sleep(0.005)
        moves = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            await harness.service_moves(10)
            moves += 10
        print(moves, flush=True)
    finally:
        await store.close()


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """`bench --store postgresql`: print every figure (a report: exit 0)."""
    from bot.settings import load_settings
    from bot.storage.pg_server import NoServerError, ThrowawayServer

    plan = QUICK if args.quick else BRIEF
    engine_key = engine_for(args.game or "cathedral").spec.key
    url = load_settings().database_url.reveal()
    server = None
    if not url:
        try:
            server = ThrowawayServer.start(durable=True, commit_wait=False)
        except NoServerError as exc:
            print(f"error: no DATABASE_URL and {exc}", file=sys.stderr)
            return 2
        url = server.url()
    renderer = render_png if render_png is not None else load_renderer()
    where = (
        "a throwaway server: fsync on, synchronous_commit off, as SQLite's WAL with "
        "synchronous=NORMAL: safe from a crashed process, not from a power cut"
        if server is not None
        else "DATABASE_URL"
    )
    print(f"Guildhall bench on PostgreSQL ({where}), {engine_key}; {machine_line()}", flush=True)
    try:
        for figure in asyncio.run(_one_process(url, engine_key, plan, args.seed, renderer)):
            print(figure.line(not args.quick), flush=True)
        if args.quick:
            _several_processes(url, engine_key, args.seed, server, print, 0.3, 3)
        else:
            _several_processes(url, engine_key, args.seed, server, print)
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":  # a bench worker process (see `_several_processes`)
    url_, key_, seed_, go_, seconds_, games_ = sys.argv[1:7]
    asyncio.run(_worker(url_, key_, int(seed_), Path(go_), float(seconds_), int(games_)))
