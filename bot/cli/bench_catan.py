"""Canaan's speed next to catanatron's (the open engine for the game Canaan is licensed from).

The issue's target: Settlers of Canaan random 4-player games per second at least twice
catanatron's random 4-player games, both measured in the same run on the same machine. Game
lengths vary from seed to seed, so the comparison runs longer than the other random-game
figures (`Plan.compare_seconds`) and alternates the engines over six rounds.
catanatron is optional (`pip install -e '.[bench]'`); without it the comparison is skipped.
"""

from __future__ import annotations

import time
from typing import Any

from bot.cli.benchkit import Figure
from bot.cli.common import bot_seed
from bot.games import get_engine
from bot.games.protocol import step


def canaan_random_games(seconds: float, max_games: int, seed: int = 1) -> tuple[float, float]:
    """(games per second, milliseconds per action) of random 4-player Canaan games."""
    engine: Any = get_engine("canaan")
    bot = engine.bots["random"]()
    games = actions = 0
    start = time.perf_counter()
    while games < max_games and (games == 0 or time.perf_counter() - start < seconds):
        state = engine.new_game(4, {}, seed + games)
        ply = 0
        while engine.outcome(state) is None:
            seat = min(engine.to_act(state))  # a Seat already
            ply += 1
            # Each game its own bot draws (seeded by the game's seed): games of one round
            # sharing the draws of each ply would make the round's mean length less random.
            choice = bot.choose(state, seat, bot_seed(seed + games, ply))
            state = step(engine, state, seat, choice).state
        actions += ply
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, 1000 * elapsed / max(1, actions)


def catanatron_random_games(seconds: float, max_games: int, seed: int = 1) -> float | None:
    """catanatron's random 4-player games per second, or None when it is not installed."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-not-found]
    except ImportError:
        return None
    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    games = 0
    start = time.perf_counter()
    while games < max_games and (games == 0 or time.perf_counter() - start < seconds):
        Game([RandomPlayer(c) for c in colours], seed=seed + games).play()
        games += 1
    return games / (time.perf_counter() - start)


ROUNDS = 6
"""Alternating rounds per engine: a load spike on the shared machine then falls on both."""
TARGET_RATIO = 2.0


def comparison(seconds: float, max_games: int) -> tuple[list[str], list[Figure]]:
    """Canaan's random 4-player games against catanatron's, measured alternately for `seconds`
    in all: the printed lines and the figures for the table (the ratio judged against 2x)."""
    ours_rates: list[float] = []
    ours_ms: list[float] = []
    theirs_rates: list[float] = []
    share = seconds / (2 * ROUNDS)
    for r in range(ROUNDS):
        rate, ms_round = canaan_random_games(share, max_games, seed=1 + 1000 * r)
        ours_rates.append(rate)
        ours_ms.append(ms_round)
        other = catanatron_random_games(share, max_games, seed=1 + 1000 * r)
        if other is not None:
            theirs_rates.append(other)
    ours = sum(ours_rates) / ROUNDS
    ms = sum(ours_ms) / ROUNDS
    figures = [
        Figure("random 4-player games/s, the comparison's rounds", ours, ""),
        Figure("ms per action, random 4-player games", ms, "ms", digits=3),
    ]
    lines = [f"  canaan random 4-player games/s: {ours:.1f} ({ms:.3f} ms per action)"]
    if not theirs_rates:
        lines.append("  catanatron not installed (pip install -e '.[bench]'): comparison skipped")
        return lines, figures
    theirs = sum(theirs_rates) / ROUNDS
    ratio = ours / theirs if theirs else 0.0
    judged = Figure(
        "random 4-player games/s against catanatron's (same run)",
        ratio,
        "x",
        TARGET_RATIO,
        at_most=False,
        digits=2,
    )
    figures += [Figure("catanatron random 4-player games/s, same rounds", theirs, ""), judged]
    lines.append(
        f"  catanatron random 4-player games/s: {theirs:.1f}; "
        f"ratio {ratio:.2f} (target >= {TARGET_RATIO:.2f}) {judged.verdict}"
    )
    return lines, figures
