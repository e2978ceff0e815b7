"""`python -m bot arena GAME --players strong,heuristic --games N --seed S [--markdown]`.

Computer players play N whole games straight through the engine, the seats rotated one place
each game so every player sits in every seat equally often. Printed: each player's win rate
with a 95% Wilson interval (a shared win counts as a share), average score, the win rate per
seat (seat balance), the longest game in moves and each player's decision time (median, p95,
max). A game that reaches the move cap, or whose bot errs, is a failure and counts as a loss
for every seat. Games run in parallel worker processes (`--jobs`); decision times are the
processor time of the deciding process (on a shared machine, wall-clock time would mostly
measure the other work).

The results are kept as a list of finished-game records (`GameRecord`: players by seat,
scores, places) so a rating function can be applied to them.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field

from bot.cli.common import CliError, bot_seed, check_seat_count, engine_for
from bot.games.protocol import Seat, Transition, step

MOVE_CAP = 5000
"""Moves after which a game counts as a failure (no finished game of any engine comes near)."""


@dataclass(frozen=True)
class GameRecord:
    """One arena game: the player names by seat, scores and places by seat (1 = won; equal
    results share a place), the moves played, and whether it failed (cap or error)."""

    game: str
    seed: int
    players: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    failed: str = ""
    times: dict[str, list[float]] = field(default_factory=dict)


def play_game(game: str, players: Sequence[str], seed: int, cap: int = MOVE_CAP) -> GameRecord:
    """Play one game between the named bots (one per seat) and record it."""
    engine = engine_for(game)
    bots = [engine.bots[name]() for name in players]
    times: dict[str, list[float]] = {name: [] for name in players}
    state = engine.new_game(len(players), {}, seed)
    moves = 0
    failed = ""
    try:
        while engine.outcome(state) is None:
            if moves >= cap:
                failed = f"no end after {cap} moves"
                break
            seat = Seat(min(engine.to_act(state)))
            started = time.process_time()
            action = bots[seat].choose(state, seat, bot_seed(seed, moves))
            times[players[seat]].append(time.process_time() - started)
            result = step(engine, state, seat, action)
            if not isinstance(result, Transition):
                failed = f"{players[seat]} chose an illegal move: {result.message}"
                break
            state = result.state
            moves += 1
    except Exception as exc:  # a bot's bug is this game's failure, not the arena's
        failed = f"{type(exc).__name__}: {exc}"
    outcome = None if failed else engine.outcome(state)
    n = len(players)
    if outcome is None:
        return GameRecord(game, seed, tuple(players), (0,) * n, (n,) * n, (), moves, failed, times)
    scores = tuple(int(outcome.scores.get(Seat(i), 0)) for i in range(n))
    winners = tuple(sorted(int(w) for w in outcome.winners if 0 <= w < n))
    places = _places(scores, winners, outcome.lower_is_better)
    return GameRecord(game, seed, tuple(players), scores, places, winners, moves, "", times)


def _places(
    scores: Sequence[int], winners: Sequence[int], lower_is_better: bool
) -> tuple[int, ...]:
    """1 for the winners; the others ranked by score after them (equal scores share)."""
    sign = 1 if lower_is_better else -1
    rest = sorted({sign * s for i, s in enumerate(scores) if i not in winners})
    first = 1 + (1 if winners else 0)
    return tuple(1 if i in winners else first + rest.index(sign * s) for i, s in enumerate(scores))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `wins / n` ((0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = p + z * z / (2 * n)
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return max(0.0, (centre - margin) / denom), min(1.0, (centre + margin) / denom)


def seating(players: Sequence[str], index: int) -> tuple[str, ...]:
    """The players of game `index`: the list rotated `index` places (seat 0 moves on)."""
    k = index % len(players)
    return tuple(players[k:]) + tuple(players[:k])


def _job(args: tuple[str, tuple[str, ...], int, int]) -> GameRecord:
    return play_game(*args)


def run_games(
    game: str,
    players: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    cap: int = MOVE_CAP,
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play `games` games with the seats rotated; results in game order. `on_record` hears
    of each game as it is recorded (in game order)."""
    tasks = [(game, seating(players, i), seed * 1_000_003 + i, cap) for i in range(games)]
    records: list[GameRecord] = []
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else nullcontext() as pool:
        results = pool.map(_job, tasks) if pool is not None else map(_job, tasks)
        for record in results:
            records.append(record)
            if on_record is not None:
                on_record(record)
    return records


def progress_line(record: GameRecord) -> str:
    """One finished game, for the progress shown while an arena runs."""
    seats = ", ".join(
        f"{name} {score}{'*' if i in record.winners else ''}"
        for i, (name, score) in enumerate(zip(record.players, record.scores, strict=True))
    )
    end = f"FAILED: {record.failed}" if record.failed else f"{record.moves} moves"
    timing = "; ".join(f"{name} {_timing(ts)}" for name, ts in record.times.items())
    return f"seed {record.seed}: {seats} ({end}; {timing})"


@dataclass
class _Tally:
    seats: int = 0
    wins: float = 0.0
    score: float = 0.0
    times: list[float] = field(default_factory=list)


def summarise(records: Sequence[GameRecord], markdown: bool = False) -> str:
    """The arena's report: per player, per seat, game lengths and failures."""
    tallies: dict[str, _Tally] = {}
    seat_wins: dict[int, float] = {}
    for r in records:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        for i, name in enumerate(r.players):
            t = tallies.setdefault(name, _Tally())
            t.seats += 1
            t.score += r.scores[i]
            if i in r.winners:
                t.wins += share
                seat_wins[i] = seat_wins.get(i, 0.0) + share
        for name, ts in r.times.items():
            tallies.setdefault(name, _Tally()).times.extend(ts)
    n = len(records)
    failures = [r for r in records if r.failed]
    header = ("player", "win rate", "95% interval", "avg score", "decision CPU median/p95/max")
    rows = []
    for name, t in tallies.items():
        low, high = wilson(t.wins, t.seats)
        rows.append(
            (
                name,
                f"{t.wins / t.seats:.0%} ({t.wins:g}/{t.seats})" if t.seats else "-",
                f"{low:.0%}-{high:.0%}",
                f"{t.score / t.seats:.1f}" if t.seats else "-",
                _timing(t.times),
            )
        )
    seats = len(records[0].players) if records else 0
    balance = ", ".join(f"seat {i + 1} {seat_wins.get(i, 0.0) / n:.0%}" for i in range(seats))
    longest = max((r.moves for r in records), default=0)
    lines = []
    if markdown:
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "---|" * len(header))
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
    else:
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows, strict=True)]
        for row in (header, *rows):
            lines.append("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)))
    lines.append("")
    lines.append(f"games {n}; seat balance (wins by seat): {balance}")
    lines.append(f"longest game {longest} moves; failures {len(failures)}")
    lines.extend(f"  failed: seed {r.seed} {r.players}: {r.failed}" for r in failures[:5])
    return "\n".join(lines)


def _timing(times: list[float]) -> str:
    if not times:
        return "-"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.median(ordered):.3f}/{p95:.3f}/{ordered[-1]:.3f} s"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `arena` subcommand."""
    parser.add_argument(
        "game", help="game key, e.g. kingsburg; or all: every row of README's arena table"
    )
    parser.add_argument(
        "--players",
        default="strong,heuristic",
        help="comma-separated bot names, one per seat (default: strong,heuristic)",
    )
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games to play (default 20; with all, per two-player row, default 100)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--cap", type=int, default=MOVE_CAP, help="move cap per game")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument(
        "--large-games",
        type=int,
        default=60,
        help="with all: games per row at a game's largest player count (default 60; "
        "--games counts the two-player rows)",
    )
    parser.add_argument(
        "--only", default="", help="with all: comma-separated game keys (default: every game)"
    )


def run(args: argparse.Namespace) -> int:
    """Play the games and print the report; exit status 1 if any game failed."""
    if args.game == "all":
        if args.games is None:
            args.games = 100
        return _run_table(args)
    if args.games is None:
        args.games = 20
    engine = engine_for(args.game)
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    check_seat_count(engine.spec, len(players), f"--players named {len(players)}")
    unknown = [p for p in players if p not in engine.bots]
    if unknown:
        raise CliError(
            f"{engine.spec.display_name} has no bot {unknown[0]!r} "
            f"(bots: {', '.join(sorted(engine.bots))})."
        )
    if not 1 <= args.games <= 100_000:
        raise CliError("--games must be between 1 and 100000.")

    def show(record: GameRecord) -> None:
        print(progress_line(record), file=sys.stderr, flush=True)

    records = run_games(
        args.game, players, args.games, args.seed, max(1, args.jobs), args.cap, show
    )
    print(f"{engine.spec.display_name}, {len(players)} players: {', '.join(players)}")
    print(summarise(records, markdown=args.markdown))
    ratings = _ratings(records)
    if ratings:
        print(ratings)
    return 1 if any(r.failed for r in records) else 0


def _run_table(args: argparse.Namespace) -> int:
    """`arena all`: every row of README's table (strong against heuristic at two players and
    at each game's largest count), printed as the table; exit status 1 if any game failed."""
    from bot.cli.arena_table import markdown, play_table, rows_to_play

    only = [k.strip() for k in args.only.split(",") if k.strip()]
    known = {key for key, _ in rows_to_play()}
    if any(k not in known for k in only):
        bad = next(k for k in only if k not in known)
        raise CliError(f"--only names {bad!r}, which has no strong player to measure.")
    for count, flag in ((args.games, "--games"), (args.large_games, "--large-games")):
        if not 0 <= count <= 100_000:
            raise CliError(f"{flag} must be between 0 and 100000.")

    def show(record: GameRecord) -> None:
        print(progress_line(record), file=sys.stderr, flush=True)

    rows = play_table(args.games, args.large_games, args.seed, max(1, args.jobs), only, show)
    print(markdown(rows))
    return 1 if any(r.failures for r in rows) else 0


def _ratings(records: Sequence[GameRecord]) -> str:
    """The players' ratings after these games (openskill, as on a server's leaderboard)."""
    from bot.ratings.arena import arena_ratings

    return arena_ratings(records)
