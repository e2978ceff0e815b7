"""The `strong` computer player of every game: legal moves to the end of a game against the
heuristic one, and the same decision for the same seed (a small search budget: this checks
behaviour, not strength; the arena measures strength)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import registry
from bot.games.protocol import Seat, Transition, step
from bot.games.search.model import SearchBot

ITERATIONS = 6
GAMES = [(key, engine.spec.min_players) for key, engine in sorted(registry().items())]


def _strong(engine: Any) -> SearchBot:
    bot = engine.bots["strong"]()
    assert isinstance(bot, SearchBot)
    bot.budget = bot.budget.scaled(ITERATIONS)
    return bot


@pytest.mark.parametrize(("key", "players"), GAMES)
def test_strong_player_finishes_a_game_with_legal_moves(key: str, players: int) -> None:
    engine = registry()[key]
    seats = max(players, 2)
    bots = [_strong(engine), *(engine.bots["heuristic"]() for _ in range(seats - 1))]
    state = engine.new_game(seats, {}, 3)
    checked = 0
    for ply in range(3000):
        if engine.outcome(state) is not None:
            break
        seat = Seat(min(engine.to_act(state)))
        action = bots[seat].choose(state, seat, ply)
        if seat == 0 and checked < 3 and len(engine.legal_actions(state, seat)) > 1:
            assert bots[0].choose(state, seat, ply) == action  # same seed, same decision
            checked += 1
        result = step(engine, state, seat, action)
        assert isinstance(result, Transition), (key, ply, result)
        state = result.state
    assert engine.outcome(state) is not None
    assert checked
