"""A game model's `search_actions` (the short list the search tries below the root) holds only
legal actions, in every position of whole games; Settlers of Canaan's is exactly the legal
actions but the bargaining ones."""

from __future__ import annotations

import pytest

from bot.games import registry
from bot.games.canaan import actions as A
from bot.games.protocol import Seat, step

WITH_OWN_LIST = [
    key
    for key, engine in sorted(registry().items())
    if getattr(engine.bots["strong"]().model, "search_actions", None) is not None
]


def test_canaan_lists_its_own_search_actions() -> None:
    assert "canaan" in WITH_OWN_LIST


@pytest.mark.parametrize("key", WITH_OWN_LIST)
@pytest.mark.parametrize("players", [2, 4])
def test_search_actions_are_legal_actions(key: str, players: int) -> None:
    engine = registry()[key]
    model = engine.bots["strong"]().model
    bots = [engine.bots["heuristic"]() for _ in range(players)]
    state = engine.new_game(players, {}, 5)
    bargains = (A.MakeOffer, A.Counter, A.Reply)
    for ply in range(400):
        if engine.outcome(state) is not None:
            break
        for seat in sorted(engine.to_act(state)):
            legal = engine.legal_actions(state, seat)
            own = model.search_actions(state, seat)
            assert len(set(own)) == len(own)
            assert set(own) <= set(legal), (ply, set(own) - set(legal))
            if key == "canaan":
                assert set(own) == {a for a in legal if not isinstance(a, bargains)}
        seat = Seat(min(engine.to_act(state)))
        state = step(engine, state, seat, bots[seat].choose(state, seat, ply)).state
