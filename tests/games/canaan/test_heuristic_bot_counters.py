"""The heuristic bot answers an offer with a counter its maker may take: one card of what the
offer asks for, spared beyond the bot's own next build, for one card the bot needs - never a
counter asking for the very resource the offerer is short of (the old counters did, so bots'
offers almost never ended in a trade)."""

from __future__ import annotations

from bot.games.canaan import actions as A
from bot.games.canaan import rules as R
from bot.games.canaan.bots import HeuristicBot
from bot.games.protocol import Seat
from tests.games.canaan.positions import hand, play, position, spread


def _red_offers_lumber_for_grain(blue: tuple, green: tuple, red: tuple = hand(lumber=2)) -> object:
    """Red offers 1 lumber for 1 grain; each player has a settlement (their next build is a
    city: 3 ore + 2 grain)."""
    a, b, c = spread(3)
    s = position(
        3,
        settlements={a: 0, b: 1, c: 2},
        hands={0: red, 1: blue, 2: green},
    )
    return play(s, 0, "offer 1 lumber for 1 grain")


def test_a_counter_gives_what_the_offer_asks_for_and_asks_for_what_the_bot_needs() -> None:
    s = _red_offers_lumber_for_grain(hand(grain=4), hand(grain=1, wool=2))
    answer = HeuristicBot().choose(s, Seat(1), 1)
    assert answer == A.Counter(R.one(1), R.one(3)), answer  # 1 grain for 1 ore


def test_no_counter_asks_for_the_resource_the_offerer_wants() -> None:
    """Green holds no grain beyond its own city: it declines rather than ask red for grain."""
    s = _red_offers_lumber_for_grain(hand(grain=4), hand(grain=1, wool=2))
    answer = HeuristicBot().choose(s, Seat(2), 1)
    assert answer == A.Decline(), answer


def test_the_offerer_bot_confirms_such_a_counter_when_it_spares_what_is_asked() -> None:
    """Red, holding ore beyond its city, takes blue's 1 grain for 1 ore: the trade happens."""
    s = _red_offers_lumber_for_grain(
        hand(grain=4), hand(grain=1, wool=2), red=hand(lumber=2, ore=4)
    )
    s = play(s, 1, "counter 1 grain for 1 ore")
    assert HeuristicBot().choose(s, Seat(0), 1) == A.Trade(1)
