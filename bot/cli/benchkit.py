"""The bench's measuring tools: figures with targets and floors, the physical floors themselves
(a bare SQLite commit, a bare PNG encoding), a busy-machine spinner and an event-loop watcher.

Kept apart from `bot.cli.bench` (what is measured per game) and `bot.cli.bench_scale` (the bot
with many games) so both print and judge figures the same way.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import platform
import sqlite3
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.storage.sqlite import CONNECTION_PRAGMAS, FILE_PRAGMAS


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured number with its optional target.

    `target` bounds `value` (at most, or at least when `at_most` is False). A figure with a
    `floor` (the same work done bare, in the same unit) is also shown as a multiple of it, and
    when `per_floor` is set its target is that multiple ("<= 3x floor") rather than the value.
    """

    name: str
    value: float
    unit: str
    target: float | None = None
    at_most: bool = True
    floor: float | None = None
    per_floor: bool = False
    digits: int = 1

    @property
    def ratio(self) -> float | None:
        """The value as a multiple of its floor, or None without one."""
        if self.floor is None or self.floor <= 0:
            return None
        return self.value / self.floor

    @property
    def verdict(self) -> str:
        """OK / MISS against the target, or '' without one."""
        if self.target is None:
            return ""
        judged = self.ratio if self.per_floor else self.value
        if judged is None:
            return ""
        ok = judged <= self.target if self.at_most else judged >= self.target
        return "OK" if ok else "MISS"

    def value_text(self) -> str:
        """'22.7 ms', '1,034.2', '44.5 KB' (`digits` decimals; 0 for counts)."""
        return f"{self.value:,.{self.digits}f} {self.unit}".strip()

    def floor_text(self) -> str:
        """'5.5x floor 4.1 ms', or '' without a floor."""
        ratio = self.ratio
        if ratio is None or self.floor is None:
            return ""
        return f"{ratio:.1f}x floor {self.floor:,.{self.digits}f} {self.unit}".strip()

    def target_text(self) -> str:
        """'<= 30 ms', '>= 1,000', '<= 3x floor', or '-'."""
        if self.target is None:
            return "-"
        sign = "<=" if self.at_most else ">="
        if self.per_floor:
            return f"{sign} {self.target:g}x floor"
        return f"{sign} {self.target:,.0f} {self.unit}".strip()

    def line(self, judged: bool = True) -> str:
        """The printed row; without `judged` (a smoke run) no OK/MISS is given."""
        verdict = self.verdict if judged else ""
        return (
            f"  {self.name:<46} {self.value_text():>12} {self.floor_text():<22} "
            f"target {self.target_text():<14} {verdict}"
        ).rstrip()


@dataclass(frozen=True, slots=True)
class Row:
    """One figure of the summary: which game and how many players it was measured with."""

    game: str
    players: str
    figure: Figure


MARKDOWN_HEADER = (
    "| Game | Players | Figure | Value | Floor | Target | Result |",
    "|---|---:|---|---:|---:|---:|---|",
)


def markdown_table(rows: Sequence[Row], judged: bool = True) -> list[str]:
    """The figures as a markdown table, one row per figure, as the README shows them.
    Without `judged` (a smoke run) the Result column says '-' throughout."""
    lines = list(MARKDOWN_HEADER)
    for row in rows:
        fig = row.figure
        verdict = fig.verdict if judged else ""
        cells = (
            row.game,
            row.players,
            fig.name,
            fig.value_text(),
            fig.floor_text() or "-",
            fig.target_text(),
            verdict or "-",
        )
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def machine_line() -> str:
    """Where and when figures were measured: CPU, cores, Python, SQLite, date."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for text in info:
                if text.startswith("model name"):
                    cpu = text.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"SQLite {sqlite3.sqlite_version}, {datetime.now(UTC):%Y-%m-%d}"
    )


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


# --------------------------------------------------------------------------- floors


class CommitFloor:
    """A bare commit of one snapshot and one log row: the store's own tables and pragmas, no
    service, no thread hop, no CAS bookkeeping. What a move's write costs at the least."""

    def __init__(self, folder: Path) -> None:
        self._conn = sqlite3.connect(folder / "floor.db", isolation_level=None)
        for pragma in (*CONNECTION_PRAGMAS, *FILE_PRAGMAS):
            self._conn.execute(pragma)
        self._conn.execute("CREATE TABLE snapshot (id INTEGER PRIMARY KEY, state TEXT)")
        self._conn.execute(
            "CREATE TABLE log (session_id INTEGER, ply INTEGER, seat INTEGER, user_id INTEGER, "
            "notation TEXT, events TEXT, created_at TEXT, PRIMARY KEY (session_id, ply)) "
            "WITHOUT ROWID"
        )
        self._conn.execute("INSERT INTO snapshot VALUES (1, '{}')")
        self._ply = 0

    def commit_ms(self, state_json: str, notation: str, events: Sequence[Any]) -> float:
        """Milliseconds to write `state_json` and one log row in one transaction."""
        self._ply += 1
        events_json = json.dumps(list(events), sort_keys=True, separators=(",", ":"))
        stamp = datetime.now(UTC).isoformat(timespec="microseconds")
        start = time.perf_counter()
        self._conn.execute("BEGIN IMMEDIATE")
        self._conn.execute("UPDATE snapshot SET state = ? WHERE id = 1", (state_json,))
        self._conn.execute(
            "INSERT INTO log VALUES (1, ?, 0, 1, ?, ?, ?)",
            (self._ply, notation, events_json, stamp),
        )
        self._conn.execute("COMMIT")
        return (time.perf_counter() - start) * 1000

    def close(self) -> None:
        """Close the floor database."""
        self._conn.close()


def png_floor_ms(png: bytes) -> float:
    """Milliseconds to encode the very image `png` holds again, as boards are encoded: the
    renderer kit's own `to_png_bytes` on the decoded image (a paletted board goes straight to
    zlib with the kit's settings, so the floor follows them when they change)."""
    from PIL import Image

    from rendering.base import to_png_bytes

    image = Image.open(io.BytesIO(png))
    image.load()
    start = time.perf_counter()
    to_png_bytes(image)
    return (time.perf_counter() - start) * 1000


# --------------------------------------------------------------------------- load and the loop


class Spinner:
    """A background process that keeps one core busy (`with Spinner(): ...`): the "busy window"
    in which a figure is measured a second time."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Spinner:
        self._proc = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        time.sleep(0.05)  # let it get going
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait()


class LoopWatch:
    """How long the event loop went, at most, without running this watcher: how long anything
    else held the loop at a time (`max_ms`, wall clock), and the most CPU time the loop's own
    thread spent in one such gap (`max_cpu_ms`): a long gap with little CPU is the loop thread
    waiting (another thread holding the GIL, or the machine busy elsewhere), not work on it.
    Use as `async with LoopWatch() as watch:`."""

    def __init__(self) -> None:
        self.max_ms = 0.0
        self.max_cpu_ms = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        last, last_cpu = time.perf_counter(), time.thread_time()
        while True:
            await asyncio.sleep(0)
            now, cpu = time.perf_counter(), time.thread_time()
            self.max_ms = max(self.max_ms, (now - last) * 1000)
            self.max_cpu_ms = max(self.max_cpu_ms, (cpu - last_cpu) * 1000)
            last, last_cpu = now, cpu

    async def __aenter__(self) -> LoopWatch:
        self._task = asyncio.create_task(self._tick())
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._task is not None
        self._task.cancel()
        try:
            await self._task
        except asyncio.CancelledError:
            pass
