"""A move after which any player looks at the enemy card (the General or the Queen, also through
an automatic gift that follows another player's gift, and also a look shown again to a player
who had already looked this year) is marked as revealing, so undo never takes it back."""

from __future__ import annotations

import random

from bot.games.kingsburg import ENGINE
from bot.games.protocol import Seat, step


def test_every_move_followed_by_a_peek_is_revealing() -> None:
    peeks = gifts_of_others = 0
    for seed in (20, 21):
        state = ENGINE.new_game(3, {}, seed)
        rng = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = min(ENGINE.to_act(state))
            action = rng.choice(ENGINE.legal_actions(state, seat))
            notation = ENGINE.format_action(action, state)
            result = step(ENGINE, state, seat, action)
            looked = [e for e in result.events if e.kind == "peek"]
            if looked:
                peeks += 1
                assert result.reveals, f"seed {seed}: {notation!r} shows a peek, not revealing"
                if notation.startswith("gift") and any(
                    e.visible_to != frozenset({Seat(seat)}) for e in looked
                ):
                    gifts_of_others += 1
            state = result.state
    assert peeks and gifts_of_others
