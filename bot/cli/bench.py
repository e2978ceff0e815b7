"""`python -m bot bench [--game cathedral] [--quick]`: speed figures next to their targets.

Per game, once with its fewest players and again with its most when those differ (Cathedral: 2;
Kingsburg: 2 and 5, since five seats mean bigger boards and more moves per round):
- random full games per second, straight through the engine (random bots on every seat);
- render time p50/p95 and PNG size of mid-game and end-game boards;
- move latency p50/p95 through the whole path (Table -> GameService -> SQLite commit -> render ->
  PNG bytes) with 200 games in progress in one database file in a temp dir;
- moves per second through the service without rendering;
- the process's peak memory (resource.getrusage).

It ends with every figure again as a markdown table (game, players, value, target, OK/MISS) to
paste into the README. `--quick` runs a tiny version (a smoke test of every figure, numbers not
meaningful).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.cli.common import RenderPng, bot_seed, engine_for, load_renderer
from bot.games import get_engine
from bot.games.protocol import Seat, step
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table
from bot.table.engines import AnyEngine
from bot.table.replies import Caller

# Targets from the brief. Random-games-per-second is a Cathedral target only.
RENDER_P95_MS = 60.0
PNG_MAX_KB = 300.0
MOVE_P95_MS = 120.0
SERVICE_MOVES_PER_S = 300.0
RANDOM_GAMES_PER_S = {"cathedral": 50.0}


@dataclass(frozen=True, slots=True)
class Plan:
    """How much work each measurement does."""

    random_seconds: float
    random_max_games: int
    render_samples: int
    sessions: int
    path_moves: int
    service_moves: int


FULL = Plan(
    random_seconds=3.0,
    random_max_games=2000,
    render_samples=12,
    sessions=200,
    path_moves=200,
    service_moves=1000,
)
QUICK = Plan(
    random_seconds=0.2,
    random_max_games=20,
    render_samples=2,
    sessions=4,
    path_moves=6,
    service_moves=20,
)


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured number with its optional target (`at_most` or at least)."""

    name: str
    value: float
    unit: str
    target: float | None = None
    at_most: bool = True

    @property
    def verdict(self) -> str:
        """OK / MISS against the target, or '' without one."""
        if self.target is None:
            return ""
        ok = self.value <= self.target if self.at_most else self.value >= self.target
        return "OK" if ok else "MISS"

    def line(self) -> str:
        """The printed row."""
        value = f"{self.value:,.1f} {self.unit}".strip()
        if self.target is None:
            target = "-"
        else:
            sign = "<=" if self.at_most else ">="
            target = f"{sign} {self.target:,.0f} {self.unit}".strip()
        return f"  {self.name:<44} {value:>14}   target {target:<14} {self.verdict}".rstrip()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `bench` subcommand."""
    parser.add_argument("--game", default=None, help="one game key (default: every game)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, as a smoke test")
    parser.add_argument("--seed", type=int, default=1, help="seed for games and choices")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def _random_game(engine: AnyEngine, seed: int, seats: int) -> list[Any]:
    """Play one random game through `step`; return every state from start to end."""
    bot = engine.bots["random"]()
    state = engine.new_game(seats, engine.spec.validate_options({}), seed)
    states = [state]
    ply = 0
    while engine.outcome(state) is None:
        acting = engine.to_act(state)
        if not acting:
            raise RuntimeError(f"{engine.spec.key}: nobody may act but the game is not over")
        seat = Seat(min(acting))
        ply += 1
        result = step(engine, state, seat, bot.choose(state, seat, bot_seed(seed, ply)))
        if isinstance(result, Rejection):
            raise RuntimeError(f"{engine.spec.key}: the random bot's move was refused: {result}")
        state = result.state
        states.append(state)
    return states


def bench_random_games(
    engine: AnyEngine, plan: Plan, seed: int, seats: int
) -> tuple[Figure, list[Any]]:
    """Random games per second; also returns a few finished games' state lists for rendering."""
    kept: list[list[Any]] = []
    games = 0
    start = time.perf_counter()
    while games < plan.random_max_games and (
        games == 0 or time.perf_counter() - start < plan.random_seconds
    ):
        states = _random_game(engine, seed + games, seats)
        if len(kept) < plan.render_samples:
            kept.append(states)
        games += 1
    elapsed = time.perf_counter() - start
    # The target is for the 2-player game; other seat counts are reported without one.
    target = RANDOM_GAMES_PER_S.get(engine.spec.key) if seats == 2 else None
    figure = Figure("random games/s (engine only)", games / elapsed, "", target, at_most=False)
    while len(kept) < plan.render_samples:
        kept.append(_random_game(engine, seed + 10_000 + len(kept), seats))
    return figure, kept


def bench_render(engine: AnyEngine, games: list[list[Any]], render_png: RenderPng) -> list[Figure]:
    """Render p50/p95 and the largest PNG for mid-game and end-game boards."""
    figures: list[Figure] = []
    for label, pick in (("mid-game", lambda s: s[len(s) // 2]), ("end-game", lambda s: s[-1])):
        times: list[float] = []
        sizes: list[int] = []
        render_png(engine.spec.key, engine.view(pick(games[0]), None))  # warm fonts and caches
        for states in games:
            view = engine.view(pick(states), None)
            start = time.perf_counter()
            png = render_png(engine.spec.key, view)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
        figures.append(Figure(f"render p50, {label}", percentile(times, 50), "ms"))
        figures.append(Figure(f"render p95, {label}", percentile(times, 95), "ms", RENDER_P95_MS))
        figures.append(Figure(f"PNG size max, {label}", max(sizes) / 1024, "KB", PNG_MAX_KB))
    return figures


class _Harness:
    """`plan.sessions` all-human games of `seats` players in progress in one SQLite file, each in
    its own channel."""

    def __init__(self, engine: AnyEngine, service: GameService, seed: int, seats: int) -> None:
        self.engine = engine
        self.service = service
        self.rng = random.Random(seed)
        self.channels: list[int] = []
        self.next_channel = 1000
        self.seats = seats

    def callers(self, channel: int) -> list[Caller]:
        return [Caller(1, channel, channel * 10 + i, f"player{i}") for i in range(self.seats)]

    async def open_game(self) -> int:
        """Create, fill and start one session; returns its channel."""
        channel = self.next_channel
        self.next_channel += 1
        host, *others = self.callers(channel)
        created = await self.service.create_lobby(
            self.engine.spec.key,
            guild_id=1,
            channel_id=channel,
            host_id=host.user_id,
            host_name=host.display_name,
        )
        assert not isinstance(created, Rejection), created
        for caller in others:
            joined = await self.service.join(channel, caller.user_id, caller.display_name)
            assert not isinstance(joined, Rejection), joined
        started = await self.service.start(channel, host.user_id)
        assert not isinstance(started, Rejection), started
        return channel

    async def fill(self, count: int) -> None:
        for _ in range(count):
            self.channels.append(await self.open_game())

    async def pick_move(self) -> tuple[int, Caller, str]:
        """A random open game and a random legal move of a seat that may act (not timed)."""
        index = self.rng.randrange(len(self.channels))
        channel = self.channels[index]
        status = await self.service.status(channel)
        assert not isinstance(status, Rejection), status
        seat = Seat(min(status.to_act))
        caller = self.callers(channel)[seat]
        legal = self.service.legal_notations(status.session, status.state, caller.user_id)
        return index, caller, self.rng.choice(legal)

    async def after(self, index: int, finished: bool) -> None:
        """Keep the number of games in progress constant: replace a finished one."""
        if finished:
            self.channels[index] = await self.open_game()


async def _bench_service(
    engine: AnyEngine,
    plan: Plan,
    seed: int,
    render_png: RenderPng | None,
    folder: Path,
    seats: int,
) -> list[Figure]:
    store = await SqliteStore.open(folder / "bench.db")
    seeds = iter(range(seed, seed + 1_000_000))
    try:
        service = GameService(store, seed_source=lambda: next(seeds), engines=get_engine)
        harness = _Harness(engine, service, seed, seats)
        await harness.fill(plan.sessions)
        table = Table(service, render_png, engines=get_engine)
        # Whole path: Table.move = submit + SQLite commit + render (worker thread) + PNG bytes.
        latencies: list[float] = []
        for _ in range(plan.path_moves if render_png is not None else 0):
            index, caller, notation = await harness.pick_move()
            start = time.perf_counter()
            replies = await table.move(caller, notation)
            latencies.append((time.perf_counter() - start) * 1000)
            public = [r for r in replies if not r.ephemeral and r.only_for is None]
            if not public or public[0].image is None:
                raise RuntimeError(f"move {notation!r} produced no board: {replies}")
            # A finished game is no longer open in its channel.
            await harness.after(
                index, isinstance(await service.status(caller.channel_id), Rejection)
            )
        # Service only: submit + commit, no rendering.
        spent = 0.0
        for _ in range(plan.service_moves):
            index, caller, notation = await harness.pick_move()
            start = time.perf_counter()
            result = await service.submit(caller.channel_id, caller.user_id, notation)
            spent += time.perf_counter() - start
            if isinstance(result, Rejection):
                raise RuntimeError(f"move {notation!r} was refused: {result}")
            await harness.after(index, result.finished)
        open_now = len(await service.list_open())
    finally:
        await store.close()
    where = f"{open_now} games open"
    figures = []
    if latencies:
        figures = [
            Figure(f"move p50, whole path ({where})", percentile(latencies, 50), "ms"),
            Figure(f"move p95, whole path ({where})", percentile(latencies, 95), "ms", MOVE_P95_MS),
        ]
    return [
        *figures,
        Figure(
            "moves/s through the service, no rendering",
            plan.service_moves / spent if spent else 0.0,
            "",
            SERVICE_MOVES_PER_S,
            at_most=False,
        ),
    ]


def peak_memory_mb() -> float:
    """Peak resident memory of this process in MB (ru_maxrss is KB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _games(selected: str | None) -> list[str]:
    if selected is not None:
        return [engine_for(selected).spec.key]
    try:
        from bot.games import registry

        return sorted(registry())
    except Exception:  # an incomplete engine package: bench what can be loaded
        return ["cathedral"]


def seat_counts(engine: AnyEngine) -> list[int]:
    """The player counts to bench: the fewest and, when different, the most."""
    spec = engine.spec
    return sorted({spec.min_players, spec.max_players})


@dataclass(frozen=True, slots=True)
class Row:
    """One figure of the summary: which game and how many players it was measured with."""

    game: str
    players: str
    figure: Figure


def markdown_table(rows: Sequence[Row]) -> list[str]:
    """The figures as a markdown table, one row per figure, to paste into the README."""
    lines = [
        "| Game | Players | Figure | Value | Target | Result |",
        "|---|---:|---|---:|---:|---|",
    ]
    for row in rows:
        fig = row.figure
        value = f"{fig.value:,.1f} {fig.unit}".strip()
        if fig.target is None:
            target = "-"
        else:
            sign = "<=" if fig.at_most else ">="
            target = f"{sign} {fig.target:,.0f} {fig.unit}".strip()
        cells = (row.game, row.players, fig.name, value, target, fig.verdict or "-")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def bench_game(
    key: str,
    plan: Plan,
    seed: int,
    render_png: RenderPng | None,
    emit: Callable[[str], None],
    seats: int | None = None,
) -> list[Figure]:
    """Every figure for one game with `seats` players (default: its fewest), printed as they
    come."""
    engine = engine_for(key)
    seats = engine.spec.min_players if seats is None else seats
    emit(f"== {engine.spec.display_name} ({key}), {seats} players ==")
    figures: list[Figure] = []
    figure, games = bench_random_games(engine, plan, seed, seats)
    figures.append(figure)
    emit(figure.line())
    renderer: RenderPng | None = render_png
    if renderer is not None:
        try:
            renderer(key, engine.view(games[0][0], None))
        except KeyError:
            emit("  (no renderer for this game yet: render and whole-path figures skipped)")
            renderer = None
    if renderer is not None:
        for figure in bench_render(engine, games, renderer):
            figures.append(figure)
            emit(figure.line())
    with tempfile.TemporaryDirectory(prefix="guildhall-bench-") as tmp:
        measured = asyncio.run(_bench_service(engine, plan, seed, renderer, Path(tmp), seats))
        for figure in measured:
            figures.append(figure)
            emit(figure.line())
    return figures


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """Run the benchmark and print every figure; exit status 0 even on a MISS (it is a report)."""
    plan = QUICK if args.quick else FULL
    started = time.perf_counter()
    games = _games(args.game)  # an unknown --game is refused before any output
    renderer = render_png if render_png is not None else load_renderer()

    def emit(line: str) -> None:
        print(line, flush=True)

    emit(
        f"Guildhall bench ({'quick' if args.quick else 'full'}): "
        f"{plan.sessions} games in progress for the whole-path figures"
    )
    rows: list[Row] = []
    for key in games:
        engine = engine_for(key)
        for seats in seat_counts(engine):
            for figure in bench_game(key, plan, args.seed, renderer, emit, seats):
                rows.append(Row(engine.spec.display_name, str(seats), figure))
    if "canaan" in games:  # the comparison with catanatron (optional '.[bench]' extra)
        from bot.cli.bench_catan import comparison_lines

        emit("== Settlers of Canaan vs catanatron (random 4-player games) ==")
        for line in comparison_lines(plan.random_seconds, plan.random_max_games):
            emit(line)
    memory = Figure("peak memory (process)", peak_memory_mb(), "MB")
    rows.append(Row("all", "-", memory))
    misses = sum(row.figure.verdict == "MISS" for row in rows)
    emit("== process ==")
    emit(memory.line())
    emit(f"  total time {time.perf_counter() - started:.1f} s; {misses} target(s) missed")
    emit("")
    emit(f"Summary ({'quick run, numbers not meaningful' if args.quick else 'full run'}):")
    emit("")
    for line in markdown_table(rows):
        emit(line)
    return 0
