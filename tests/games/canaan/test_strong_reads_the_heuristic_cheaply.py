"""The strong Settlers of Canaan player asks its heuristic (and its own policy, `plan.PlanBot`)
for a move without listing every trade offer: the answer is the bot's own, in every position
of whole games at two, three and four players, and its plain moves are the legal actions but
the bargaining ones in the engine's order."""

from __future__ import annotations

import pytest

from bot.games.canaan import ENGINE
from bot.games.canaan import actions as A
from bot.games.canaan.bots import HeuristicBot, RandomBot
from bot.games.canaan.plan import PlanBot
from bot.games.canaan.strong import _heuristic_choice, _plain_moves
from bot.games.protocol import Seat, step

BARGAINS = (A.MakeOffer, A.Counter, A.Reply)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_the_heuristic_choice_is_the_heuristic_players(players: int, seed: int) -> None:
    heuristic, plan, random = HeuristicBot(), PlanBot(), RandomBot()
    state = ENGINE.new_game(players, {}, seed)
    compared = 0
    for ply in range(1500):
        if ENGINE.outcome(state) is not None:
            break
        for seat in sorted(ENGINE.to_act(state)):
            legal = ENGINE.legal_actions(state, seat)
            assert _plain_moves(state, seat) == tuple(
                a for a in legal if not isinstance(a, BARGAINS)
            )
            assert _heuristic_choice(state, seat) == heuristic.choose(state, seat, 0)
            assert _heuristic_choice(state, seat, plan) == plan.choose(state, seat, 0)
            compared += 1
        seat = Seat(min(ENGINE.to_act(state)))
        # Half the moves random, so offers, counters and odd hands come up as well.
        bot = random if ply % 2 else (heuristic, plan)[ply // 2 % 2]
        state = step(ENGINE, state, seat, bot.choose(state, seat, ply)).state
    assert compared > 300
