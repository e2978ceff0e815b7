"""`python -m bot bench [--game G] [--quick] [--markdown] [--scale N] [--store postgresql]`: speed
next to its targets.

Table-driven over the game registry: every engine in `bot.games.registry()` is measured, once with
its fewest players and again with its most when those differ, so a new game appears here as soon
as it is registered (see README, "Benchmark"). Per game and player count:
- random full games per second, straight through the engine (its "random" bot on every seat);
- render time p50/p95 and PNG size of mid-game and end-game boards, next to the PNG floor (the
  same final images encoded again with the same settings);
- move latency p50/p95 through the whole path (Table -> GameService -> SQLite commit -> render ->
  PNG bytes) with 200 games in progress in one database file, each next to its floor measured in
  the same run for the same moves: a bare commit of the same snapshot and log row with the same
  pragmas (`benchkit.CommitFloor`) plus the encoding of the same final image (`png_floor_ms`);
- moves per second through the service without rendering, in a quiet window and again in a busy
  one (a background process spinning on one core), and the bare commit rate for comparison;
- the process's peak memory.

`--scale N` measures the bot with N games instead (`bot.cli.bench_scale`). `--quick` is a smoke
run: every figure is printed, with its target but without a verdict (the numbers mean nothing).
`--markdown` prints progress to stderr and only the README table (with the machine line) to
stdout, so regenerating the README's table is one command.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import random
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.cli.benchkit import (
    CommitFloor,
    Figure,
    Row,
    Spinner,
    machine_line,
    markdown_table,
    percentile,
    png_floor_ms,
)
from bot.cli.common import RenderPng, bot_seed, engine_for, load_renderer
from bot.games import get_engine
from bot.games.protocol import Seat, step
from bot.games.rejections import Rejection
from bot.sessions.service import GameService
from bot.storage.base import SessionStore
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table
from bot.table.engines import AnyEngine
from bot.table.replies import Caller

__all__ = ["Figure", "Plan", "Row", "add_arguments", "markdown_table", "percentile", "run"]

# Targets (issue 7). Random-games-per-second is an engine target of some games only: a game adds
# its line here if it has one.
RENDER_P95_MS = 30.0
PNG_MAX_KB = 300.0
PATH_P50_FLOOR_X = 3.0
PATH_P95_FLOOR_X = 4.0
SERVICE_MOVES_PER_S = 1000.0
RANDOM_GAMES_PER_S = {"cathedral": 50.0}


@dataclass(frozen=True, slots=True)
class Plan:
    """How much work each measurement does."""

    random_seconds: float
    random_max_games: int
    compare_seconds: float
    render_samples: int
    sessions: int
    path_moves: int
    service_moves: int


FULL = Plan(
    random_seconds=3.0,
    random_max_games=2000,
    compare_seconds=30.0,
    render_samples=40,
    sessions=200,
    path_moves=200,
    service_moves=1000,
)
QUICK = Plan(
    random_seconds=0.2,
    random_max_games=20,
    compare_seconds=0.4,
    render_samples=2,
    sessions=4,
    path_moves=6,
    service_moves=20,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `bench` subcommand."""
    parser.add_argument("--game", default=None, help="one game key (default: every game)")
    parser.add_argument("--quick", action="store_true", help="a tiny run, as a smoke test")
    parser.add_argument("--seed", type=int, default=1, help="seed for games and choices")
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="print only the README table on stdout (progress goes to stderr)",
    )
    parser.add_argument(
        "--store",
        choices=("sqlite", "postgresql"),
        default="sqlite",
        help="postgresql: the same figures on PostgreSQL (DATABASE_URL, or a throwaway server) "
        "and moves/s with 1, 2 and 4 processes",
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=None,
        metavar="N",
        help="measure start-up, reminders, memory and storage with N games instead",
    )


def _bot_name(engine: AnyEngine) -> str:
    """The bot that plays random games: 'random' when the game has one, else its first bot."""
    if "random" in engine.bots:
        return "random"
    if not engine.bots:
        raise RuntimeError(f"{engine.spec.key}: the engine has no bots to play the bench's games")
    return sorted(engine.bots)[0]


def _random_game(engine: AnyEngine, seed: int, seats: int) -> list[Any]:
    """Play one random game through `step`; return every state from start to end."""
    bot = engine.bots[_bot_name(engine)]()
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
            raise RuntimeError(f"{engine.spec.key}: the bot's move was refused: {result}")
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
    """Render p50/p95 (next to the PNG floor of the same images) and the largest PNG, for
    mid-game and end-game boards."""
    figures: list[Figure] = []
    for label, pick in (("mid-game", lambda s: s[len(s) // 2]), ("end-game", lambda s: s[-1])):
        times: list[float] = []
        floors: list[float] = []
        sizes: list[int] = []
        render_png(engine.spec.key, engine.view(pick(games[0]), None))  # warm fonts and caches
        for states in games:
            view = engine.view(pick(states), None)
            start = time.perf_counter()
            png = render_png(engine.spec.key, view)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(png))
            floors.append(_png_floor(png))
        figures.append(
            Figure(f"render p50, {label}", percentile(times, 50), "ms", floor=_p(floors, 50))
        )
        figures.append(
            Figure(
                f"render p95, {label}",
                percentile(times, 95),
                "ms",
                RENDER_P95_MS,
                floor=_p(floors, 95),
            )
        )
        figures.append(Figure(f"PNG size max, {label}", max(sizes) / 1024, "KB", PNG_MAX_KB))
    return figures


def _png_floor(png: bytes) -> float:
    """The PNG floor of one image, or NaN when `png` is not a real PNG (a stand-in renderer)."""
    try:
        return png_floor_ms(png)
    except Exception:  # noqa: BLE001 - a test's fake renderer returns bytes that are no PNG
        return float("nan")


def _p(values: Sequence[float], q: float) -> float | None:
    """The percentile of the values that are numbers, or None when there are none."""
    real = [v for v in values if v == v]
    return percentile(real, q) if real else None


class Harness:
    """`plan.sessions` all-human games of `seats` players in progress in one SQLite file, each in
    its own channel."""

    def __init__(
        self,
        engine: AnyEngine,
        service: GameService,
        seed: int,
        seats: int,
        bot_every: int = 0,
    ) -> None:
        self.engine = engine
        self.service = service
        self.rng = random.Random(seed)
        self.channels: list[int] = []
        self.next_channel = 1000
        self.seats = seats
        self.bot_every = bot_every
        self.cpu_seconds = 0.0

    def callers(self, channel: int) -> list[Caller]:
        return [Caller(1, channel, channel * 10 + i, f"player{i}") for i in range(self.seats)]

    async def open_game(self) -> int:
        """Create, fill and start one session; returns its channel. With `bot_every`, one game
        in that many has a bot in its last seat."""
        channel = self.next_channel
        self.next_channel += 1
        host, *others = self.callers(channel)
        with_bot = bool(self.bot_every) and self.seats > 1 and channel % self.bot_every == 0
        created = await self.service.create_lobby(
            self.engine.spec.key,
            guild_id=1,
            channel_id=channel,
            host_id=host.user_id,
            host_name=host.display_name,
        )
        assert not isinstance(created, Rejection), created
        for caller in others[:-1] if with_bot else others:
            joined = await self.service.join(channel, caller.user_id, caller.display_name)
            assert not isinstance(joined, Rejection), joined
        if with_bot:
            bot = await self.service.add_bot(channel, host.user_id, _bot_name(self.engine))
            assert not isinstance(bot, Rejection), bot
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

    async def service_moves(self, count: int) -> tuple[float, list[float]]:
        """Play `count` random moves through `submit` alone; (moves per second, latencies ms).
        The process CPU time they took (both threads) is added to `cpu_seconds`."""
        spent = 0.0
        latencies: list[float] = []
        for _ in range(count):
            index, caller, notation = await self.pick_move()
            start, cpu = time.perf_counter(), time.process_time()
            result = await self.service.submit(caller.channel_id, caller.user_id, notation)
            took = time.perf_counter() - start
            self.cpu_seconds += time.process_time() - cpu
            spent += took
            latencies.append(took * 1000)
            if isinstance(result, Rejection):
                raise RuntimeError(f"move {notation!r} was refused: {result}")
            await self.after(index, result.finished)
        return (count / spent if spent else 0.0), latencies


async def _whole_path(
    harness: Harness, table: Table, store: SessionStore, floor: Any, moves: int
) -> tuple[list[float], list[float]]:
    """`moves` moves through `Table.move`; per move its latency and its floor (ms). `floor` is a
    `CommitFloor` (SQLite) or one whose `commit_ms` is awaited (PostgreSQL)."""
    service = harness.service
    latencies: list[float] = []
    floors: list[float] = []
    for _ in range(moves):
        index, caller, notation = await harness.pick_move()
        start = time.perf_counter()
        replies = await table.move(caller, notation)
        latencies.append((time.perf_counter() - start) * 1000)
        public = [r for r in replies if not r.ephemeral and r.only_for is None]
        if not public or public[0].image is None:
            raise RuntimeError(f"move {notation!r} produced no board: {replies}")
        # The floor of this very move: its snapshot and log row, its final image.
        session = await service.latest(caller.channel_id)
        assert session is not None and session.state_json is not None
        (entry,) = await store.last_log(session.id, 1)
        commit = floor.commit_ms(session.state_json, entry.notation, entry.events)
        if inspect.isawaitable(commit):
            commit = await commit
        floors.append(commit + _png_floor(public[0].image.png))
        # A finished game is no longer open in its channel.
        await harness.after(index, not session.status.is_open)
    return latencies, floors


async def _bench_service(
    engine: AnyEngine,
    plan: Plan,
    seed: int,
    render_png: RenderPng | None,
    folder: Path,
    seats: int,
) -> list[Figure]:
    store = await SqliteStore.open(folder / "bench.db")
    floor = CommitFloor(folder)
    seeds = iter(range(seed, seed + 1_000_000))
    try:
        service = GameService(store, seed_source=lambda: next(seeds), engines=get_engine)
        harness = Harness(engine, service, seed, seats)
        await harness.fill(plan.sessions)
        latencies: list[float] = []
        floors: list[float] = []
        if render_png is not None:
            table = Table(service, render_png, engines=get_engine)
            latencies, floors = await _whole_path(harness, table, store, floor, plan.path_moves)
        quiet, _ = await harness.service_moves(plan.service_moves)
        by_cpu = plan.service_moves / harness.cpu_seconds if harness.cpu_seconds else 0.0
        with Spinner():
            busy, _ = await harness.service_moves(plan.service_moves)
        bare = [floor.commit_ms('{"v":1}', "x", ()) for _ in range(50)]
        open_now = len(await service.list_open())
    finally:
        floor.close()
        await store.close()
    where = f"{open_now} games open"
    figures = []
    if latencies:
        figures = [
            Figure(
                f"move p{q}, whole path ({where})",
                percentile(latencies, q),
                "ms",
                target,
                floor=_p(floors, q),
                per_floor=True,
            )
            for q, target in ((50, PATH_P50_FLOOR_X), (95, PATH_P95_FLOOR_X))
        ]
    rate = 1000 / percentile(bare, 50) if bare and percentile(bare, 50) > 0 else 0.0
    return [
        *figures,
        Figure(
            "moves/s, service without rendering, quiet",
            quiet,
            "",
            SERVICE_MOVES_PER_S,
            at_most=False,
        ),
        Figure(
            "moves/s, service without rendering, busy",
            busy,
            "",
            SERVICE_MOVES_PER_S,
            at_most=False,
        ),
        Figure("moves/s, service, by its CPU time alone", by_cpu, ""),
        Figure("bare commits/s (the floor of the above)", rate, ""),
    ]


def peak_memory_mb() -> float:
    """Peak resident memory of this process in MB (ru_maxrss is KB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def games_to_bench(selected: str | None) -> list[str]:
    """The game keys to measure: `selected`, or every registered engine."""
    if selected is not None:
        return [engine_for(selected).spec.key]
    from bot.games import registry

    return sorted(registry())


def seat_counts(engine: AnyEngine) -> list[int]:
    """The player counts to bench: the fewest and, when different, the most."""
    spec = engine.spec
    return sorted({spec.min_players, spec.max_players})


def bench_game(
    key: str,
    plan: Plan,
    seed: int,
    render_png: RenderPng | None,
    emit: Callable[[Figure | str], None],
    seats: int | None = None,
) -> list[Figure]:
    """Every figure for one game with `seats` players (default: its fewest), emitted as they
    come."""
    engine = engine_for(key)
    seats = engine.spec.min_players if seats is None else seats
    emit(f"== {engine.spec.display_name} ({key}), {seats} players ==")
    figures: list[Figure] = []

    def add(figure: Figure) -> None:
        figures.append(figure)
        emit(figure)

    figure, games = bench_random_games(engine, plan, seed, seats)
    add(figure)
    renderer: RenderPng | None = render_png
    if renderer is not None:
        try:
            renderer(key, engine.view(games[0][0], None))
        except KeyError:
            emit("  (no renderer for this game yet: render and whole-path figures skipped)")
            renderer = None
    if renderer is not None:
        for figure in bench_render(engine, games, renderer):
            add(figure)
    with tempfile.TemporaryDirectory(prefix="guildhall-bench-") as tmp:
        for figure in asyncio.run(_bench_service(engine, plan, seed, renderer, Path(tmp), seats)):
            add(figure)
    return figures


def run(args: argparse.Namespace, render_png: RenderPng | None = None) -> int:
    """Run the benchmark and print every figure; exit status 0 even on a MISS (it is a report)."""
    if args.scale is not None:
        from bot.cli import bench_scale

        return bench_scale.run(args)
    if args.store == "postgresql":
        from bot.cli import bench_pg

        return bench_pg.run(args, render_png)
    plan = QUICK if args.quick else FULL
    judged = not args.quick
    started = time.perf_counter()
    games = games_to_bench(args.game)  # an unknown --game is refused before any output
    renderer = render_png if render_png is not None else load_renderer()
    out = sys.stderr if args.markdown else sys.stdout

    def emit(item: Figure | str) -> None:
        text = item.line(judged) if isinstance(item, Figure) else item
        print(text, file=out, flush=True)

    emit(
        f"Guildhall bench ({'quick, no verdicts' if args.quick else 'full'}): "
        f"{plan.sessions} games in progress for the whole-path figures"
    )
    rows: list[Row] = []
    for key in games:
        engine = engine_for(key)
        for seats in seat_counts(engine):
            try:
                figures = bench_game(key, plan, args.seed, renderer, emit, seats)
            except Exception as exc:  # noqa: BLE001 - one broken game must not hide the others
                emit(f"  ERROR: {engine.spec.display_name} with {seats} players: {exc!r}")
                continue
            rows.extend(Row(engine.spec.display_name, str(seats), f) for f in figures)
    if "canaan" in games:  # the comparison with catanatron (optional '.[bench]' extra)
        from bot.cli.bench_catan import comparison

        emit("== Settlers of Canaan vs catanatron (random 4-player games) ==")
        lines, compared = comparison(plan.compare_seconds, plan.random_max_games)
        for line in lines:
            emit(line)
        name = get_engine("canaan").spec.display_name
        rows.extend(Row(name, "4", f) for f in compared)
    memory = Figure("peak memory (process)", peak_memory_mb(), "MB")
    rows.append(Row("all", "-", memory))
    misses = sum(row.figure.verdict == "MISS" for row in rows) if judged else 0
    emit("== process ==")
    emit(memory)
    verdicts = f"{misses} target(s) missed" if judged else "no verdicts in a quick run"
    emit(f"  total time {time.perf_counter() - started:.1f} s; {verdicts}")
    emit("")
    emit(f"Summary ({'quick run, numbers not meaningful' if args.quick else 'full run'}):")
    emit("")
    table = [f"Measured on {machine_line()}.", "", *markdown_table(rows, judged)]
    for line in table:
        print(line, flush=True)
    return 0
