"""Canaan's speed next to catanatron's (the open engine for the game Canaan is licensed from).

The issue's target: Settlers of Canaan random 4-player games per second at least twice
catanatron's random 4-player games, both measured in the same run on the same machine.
catanatron is optional (`pip install -e '.[bench]'`); without it the comparison is skipped.
"""

from __future__ import annotations

import time
from typing import Any

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


def comparison_lines(seconds: float, max_games: int) -> list[str]:
    """The figures as printed lines (measured alternately, so load affects both alike)."""
    # Three alternating rounds each: a load spike on the shared machine then hits both engines
    # rather than one; each figure is the mean of its rounds.
    rounds = 3
    ours_rates: list[float] = []
    ours_ms: list[float] = []
    theirs_rates: list[float] = []
    for r in range(rounds):
        rate, ms_round = canaan_random_games(seconds / rounds, max_games, seed=1 + 1000 * r)
        ours_rates.append(rate)
        ours_ms.append(ms_round)
        other = catanatron_random_games(seconds / rounds, max_games, seed=1 + 1000 * r)
        if other is not None:
            theirs_rates.append(other)
    ours = sum(ours_rates) / rounds
    ms = sum(ours_ms) / rounds
    theirs = sum(theirs_rates) / rounds if theirs_rates else None
    lines = [
        f"  canaan random 4-player games/s: {ours:.1f} ({ms:.3f} ms per action)",
    ]
    if theirs is None:
        lines.append("  catanatron not installed (pip install -e '.[bench]'): comparison skipped")
    else:
        ratio = ours / theirs if theirs else 0.0
        verdict = "OK" if ratio >= 2 else "MISS"
        lines.append(
            f"  catanatron random 4-player games/s: {theirs:.1f}; "
            f"ratio {ratio:.2f} (target >= 2.00) {verdict}"
        )
    return lines
