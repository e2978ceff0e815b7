"""`python -m bot arena all`: every row of README's arena table, one command.

For each game: `strong` against one `heuristic` (two players), and one `strong` among
`heuristic`s at the game's largest player count, seats rotated as in any arena run. Each row
states its target (issue 20) and whether it was met: two players, strong wins at least 70% with
the 95% interval's lower end at least 60%; the largest count, at least twice a fair share; in
every row a decision's processor time at most 0.5 s at the median and 1.5 s at worst, and no
failed game."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.cli.arena import GameRecord, run_games, wilson
from bot.cli.common import engine_for
from bot.games import registry

STRONG, BASELINE = "strong", "heuristic"
MEDIAN_LIMIT, WORST_LIMIT = 0.5, 1.5
TWO_PLAYER_RATE, TWO_PLAYER_LOW = 0.70, 0.60


@dataclass(frozen=True)
class Row:
    """One line of the table: a game at one player count, and how `strong` did."""

    game: str
    players: int
    games: int
    wins: float
    low: float
    high: float
    median: float
    p95: float
    worst: float
    failures: int

    @property
    def target(self) -> float:
        """The win rate the row asks for: 70% with two players, else twice a fair share."""
        return TWO_PLAYER_RATE if self.players == 2 else 2.0 / self.players

    @property
    def met(self) -> bool:
        """Whether strength, decision time and failures all meet the targets."""
        rate = self.wins / self.games if self.games else 0.0
        strength = rate >= self.target - 1e-9
        if self.players == 2:
            strength = strength and self.low >= TWO_PLAYER_LOW - 1e-9
        timing = self.median <= MEDIAN_LIMIT and self.worst <= WORST_LIMIT
        return strength and timing and not self.failures


def row_of(game: str, players: int, records: Sequence[GameRecord]) -> Row:
    """The row of one game and player count from its arena records (`strong` in each)."""
    wins = 0.0
    times: list[float] = []
    for r in records:
        if STRONG in r.players and r.players.index(STRONG) in r.winners:
            wins += 1.0 / len(r.winners)
        times.extend(r.times.get(STRONG, ()))
    ordered = sorted(times) or [0.0]
    low, high = wilson(wins, len(records))
    return Row(
        game,
        players,
        len(records),
        wins,
        low,
        high,
        statistics.median(ordered),
        ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        ordered[-1],
        sum(1 for r in records if r.failed),
    )


def markdown(rows: Sequence[Row]) -> str:
    """README's table."""
    lines = [
        "| game | players | games | strong wins | 95% interval | target | "
        "strong decision CPU median / p95 / max | failures | met? |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        rate = r.wins / r.games if r.games else 0.0
        target = f"≥ {r.target:.0%}" + (f", low ≥ {TWO_PLAYER_LOW:.0%}" if r.players == 2 else "")
        lines.append(
            f"| {r.game} | {r.players} | {r.games} | {rate:.0%} ({r.wins:g}) | "
            f"{r.low:.0%}–{r.high:.0%} | {target} | "
            f"{r.median:.2f} / {r.p95:.2f} / {r.worst:.2f} s | {r.failures} | "
            f"{'yes' if r.met else '**no**'} |"
        )
    return "\n".join(lines)


def rows_to_play(only: Sequence[str] = ()) -> list[tuple[str, int]]:
    """(game key, player count) of every row: two players and the largest count."""
    out = []
    for key, engine in sorted(registry().items()):
        if only and key not in only:
            continue
        if STRONG not in engine.bots:
            continue
        counts = sorted({2, engine.spec.max_players})
        out.extend((key, n) for n in counts if engine.spec.min_players <= n)
    return out


def play_table(
    two_player_games: int,
    larger_games: int,
    seed: int,
    jobs: int,
    only: Sequence[str] = (),
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[Row]:
    """Play every row and return the table's rows."""
    rows = []
    for key, n in rows_to_play(only):
        games = two_player_games if n == 2 else larger_games
        if games <= 0:
            continue
        players = [STRONG] + [BASELINE] * (n - 1)
        records = run_games(key, players, games, seed, jobs, on_record=on_record)
        rows.append(row_of(engine_for(key).spec.display_name, n, records))
    return rows
