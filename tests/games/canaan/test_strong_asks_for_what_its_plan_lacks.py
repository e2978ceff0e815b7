"""The strong Settlers of Canaan player's asks (`plan.asks`): offers of one card another seat's plan
lacks for cards its own plan lacks and the other holds beyond its plan. Each is legal, and a
player who values cards by its plan (the heuristic) accepts it."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.canaan import rules as R
from bot.games.canaan.bots import HeuristicBot
from bot.games.canaan.plan import PlanBot, asks
from bot.games.protocol import Seat, Transition, step


def test_asks_are_legal_and_the_heuristic_accepts_them() -> None:
    heuristic = HeuristicBot()
    checked = 0
    for seed in (12, 13, 14):
        state = ENGINE.new_game(2, {}, seed)
        for ply in range(400):
            if ENGINE.outcome(state) is not None:
                break
            seat = Seat(min(ENGINE.to_act(state)))
            others = {j: p.hand for j, p in enumerate(state.players) if j != seat}
            for ask in asks(state, seat, others, PlanBot()._target(state, seat)):
                assert isinstance(ask, A.MakeOffer) and sum(ask.give) == 1
                assert sum(ask.get) >= 1
                asked = step(ENGINE, state, seat, ask)
                assert isinstance(asked, Transition), asked
                other = Seat(1 - seat)
                assert other in ENGINE.to_act(asked.state)  # asked to answer
                if R.vp(state, seat) < 10:  # the heuristic never trades with a player about to win
                    assert heuristic.choose(asked.state, other, 0) == A.Accept()
                    checked += 1
            state = step(ENGINE, state, seat, heuristic.choose(state, seat, ply)).state
    assert checked
