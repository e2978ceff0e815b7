"""The search kit's opt-in for models with nothing hidden and nothing left to chance
(`deterministic`: each tree node keeps its state instead of replaying the moves to it) changes
nothing but the work done: the same decision for the same seed, at positions of a real game."""

from __future__ import annotations

from bot.games.canterbury import ENGINE
from bot.games.canterbury.strong import CanterburyModel, strong_bot
from bot.games.protocol import Seat, Transition, step
from bot.games.search import search


class _Replaying(CanterburyModel):
    """The same model with the opt-in turned off."""

    deterministic = False


def test_kept_states_give_the_decisions_of_replayed_ones() -> None:
    assert CanterburyModel.deterministic
    budget = strong_bot().budget.scaled(40)
    heuristic = ENGINE.bots["heuristic"]()
    state = ENGINE.new_game(2, {}, 5)
    compared = 0
    for ply in range(60):
        seat = Seat(min(ENGINE.to_act(state)))
        if ply % 6 == 0 and len(ENGINE.legal_actions(state, seat)) > 1:
            kept = search(CanterburyModel(), state, seat, ply, budget)
            replayed = search(_Replaying(), state, seat, ply, budget)
            assert kept == replayed, ply
            compared += 1
        result = step(ENGINE, state, seat, heuristic.choose(state, seat, ply))
        assert isinstance(result, Transition)
        state = result.state
    assert compared >= 5
