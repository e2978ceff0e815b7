"""Nothing that decides a move is ever cut: the fullest positions of whole bot games (every
game at its largest player count, several seeds, the end included) are drawn with long names,
and no renderer had to cut a text with "…" (names alone may be shortened: `fit_name`).

Spies on each renderer module's `ellipsize` (see `cut_texts.spy_cuts`)."""

from __future__ import annotations

import functools
import importlib
from typing import Any

import pytest

import rendering
from bot.games import get_engine
from bot.games.protocol import Rejection, Seat, step
from tests.rendering.cut_texts import spy_cuts

LONG_NAMES = {Seat(i): f"Bartholomew the {i} of Écully-sur-Saône" for i in range(5)}
SEEDS = (1, 2, 3)
SAMPLES = 10
"""Positions drawn per game besides the last ones: evenly spread, the busiest of each stretch."""


@functools.cache
def whole_game(key: str, seed: int) -> tuple[Any, ...]:
    """Every state of one game between the engine's random bots at its largest player count."""
    engine = get_engine(key)
    bot = engine.bots["random"]()
    players = engine.spec.max_players
    state = engine.new_game(players, engine.spec.validate_options({}), seed)
    states = [state]
    ply = 0
    while engine.outcome(state) is None and ply < 20_000:
        seat = Seat(min(engine.to_act(state)))
        ply += 1
        result = step(engine, state, seat, bot.choose(state, seat, seed * 10_000 + ply))
        assert not isinstance(result, Rejection)
        state = result.state
        states.append(state)
    assert engine.outcome(state) is not None, f"{key} seed {seed} did not end"
    return tuple(states)


def _positions(states: tuple[Any, ...]) -> list[Any]:
    stride = max(1, len(states) // SAMPLES)
    return [*states[::stride], *states[-3:]]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("key", rendering.games())
def test_no_text_is_cut_in_a_whole_game(
    key: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = importlib.import_module(f"rendering.{key}")
    for cached in ("_fit", "_width"):  # memoised cuts would slip past the spy
        fn = getattr(module, cached, None)
        if hasattr(fn, "cache_clear"):
            fn.cache_clear()
    cut = spy_cuts(monkeypatch, module)
    engine = get_engine(key)
    players = engine.spec.max_players
    for i, state in enumerate(_positions(whole_game(key, seed))):
        viewer = Seat(i % players) if i % 2 else None
        rendering.render(key, engine.view(state, viewer), names=LONG_NAMES)
        if rendering.has_details(key):
            rendering.render_details(key, engine.view(state, viewer), names=LONG_NAMES)
    assert cut == [], f"{key} seed {seed}: cut {sorted(set(cut))[:5]}"
