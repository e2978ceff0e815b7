"""The heuristic bot plays from what its seat may know: its own hand and the public board.

At positions of real bot games, the other players' hands are replaced by different hands of
the same sizes (sizes are public); wherever that leaves the bot's legal moves unchanged, its
choice must not change either.
"""

from __future__ import annotations

import random

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.state import TURN, State, evolve, with_player
from bot.games.protocol import Seat, Transition, step


def _scrambled(s: State, seat: int, rnd: random.Random) -> State:
    players = list(s.players)
    for i, p in enumerate(players):
        if i == seat or not p.cards:
            continue
        counts = [0] * 5
        for _ in range(p.cards):
            counts[rnd.randrange(5)] += 1
        players[i] = with_player(p, hand=tuple(counts))
    return evolve(s, players=tuple(players))


def test_the_heuristic_bot_ignores_what_other_hands_hold() -> None:
    bot = ENGINE.bots["heuristic"]()
    rnd = random.Random(4)
    compared = 0
    for seed in (2, 9):
        s = ENGINE.new_game(4, {}, seed)
        ply = 0
        while ENGINE.outcome(s) is None and ply < 900:
            seat = Seat(min(ENGINE.to_act(s)))
            ply += 1
            choice = bot.choose(s, seat, ply)
            # A hand looked at (Gibeonite Trickery) is known to the looker: skip those moments.
            if s.phase is TURN and s.look_stage == 0:
                other = _scrambled(s, seat, rnd)
                if R.legal_actions(other, seat) == R.legal_actions(s, seat):
                    assert bot.choose(other, seat, ply) == choice, (seed, ply, choice)
                    compared += 1
            result = step(ENGINE, s, seat, choice)
            assert isinstance(result, Transition)
            s = result.state
    assert compared > 300


def test_caravan_names_a_resource_without_looking_at_other_hands() -> None:
    from tests.games.canaan.positions import hand, position

    bot = ENGINE.bots["heuristic"]()
    base = position(3, hands={0: hand(ore=1)}, current=0)
    base = evolve(base, players=(with_player(base.players[0], dev=("caravan",)), *base.players[1:]))
    named = set()
    for other in (hand(wool=5), hand(grain=5), hand(lumber=3, stone=2)):
        s = evolve(
            base,
            players=(base.players[0], with_player(base.players[1], hand=other), base.players[2]),
        )
        choice = bot.choose(s, Seat(0), 1)
        if getattr(choice, "card", "") == "caravan":
            named.add(choice.cards)  # type: ignore[union-attr]
    assert len(named) == 1, named  # the same resource whatever the others hold
