"""A coarse speed guard: random games through step() stay far above the 50 games/s target.

The threshold here is deliberately loose (10 games/s) so a busy CI box does not flake; the
measured rate on a 2-core box is about 330 games/s."""

from __future__ import annotations

import random
import time

from bot.games.cathedral import ENGINE
from bot.games.protocol import Transition, step


def test_random_games_are_fast() -> None:
    """25 random games (legal_actions + step per move) finish in well under 2.5 s."""
    started = time.perf_counter()
    for seed in range(25):
        rng = random.Random(seed)
        state = ENGINE.new_game(2, {}, seed)
        while ENGINE.outcome(state) is None:
            (seat,) = ENGINE.to_act(state)
            result = step(ENGINE, state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
            assert isinstance(result, Transition)
            state = result.state
    assert time.perf_counter() - started < 2.5
