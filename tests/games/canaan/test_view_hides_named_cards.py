"""What the board shows of the last move: a discard names cards from a hand, so everyone but
its player reads only how many ("discard 4 cards"; the image's "Last:" line is public)."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan.state import Pending, evolve
from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from tests.games.canaan.positions import hand, position


def test_only_the_discarding_player_sees_what_was_discarded() -> None:
    s = position(3, hands={1: hand(grain=4, ore=4), 2: hand(wool=8)}, current=0)
    s = evolve(
        s,
        pending=(Pending(1, "discard", 4, "seven"), Pending(2, "discard", 4, "seven")),
        plague_due=True,
    )
    after = step_text(ENGINE, s, Seat(1), "discard 2 grain+2 ore")
    assert not isinstance(after, Rejection), after
    state = after.state
    assert ENGINE.view(state, Seat(1)).last_move == "discard 2 grain+2 ore"
    for viewer in (None, Seat(0), Seat(2)):
        assert ENGINE.view(state, viewer).last_move == "discard 4 cards"
