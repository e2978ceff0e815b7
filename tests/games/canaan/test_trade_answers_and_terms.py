"""Domestic trade as the rulebook has it ("announce which resources you need and what you are
willing to give ... accept offers ... make counter proposals"): offers of several kinds, answers
that may change until the offerer confirms, the offerer's answer to a counter, and every
answer that lapses or is voided told to the table."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.protocol import Seat, Transition, may_act, step
from tests.games.canaan.positions import D, hand, legal, play, position, refused, with_player

OPENING = 0


def _events(s: R.State, seat: int, text: str) -> str:
    result = step(ENGINE, s, Seat(seat), ENGINE.parse_action(text, s, Seat(seat)))  # type: ignore[arg-type]
    assert isinstance(result, Transition), result
    return " ".join(e.text for e in result.events)


def test_an_acceptance_that_lapses_when_the_offerer_builds_is_announced() -> None:
    s = position(
        3, settlements={OPENING: 0}, hands={0: hand(wool=1, stone=1, lumber=1), 1: hand(ore=1)}
    )
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "accept")
    road = f"road {OPENING + 1}-{D.vertex_neighbours[OPENING][0] + 1}"
    text = _events(s, 0, road)
    assert "Red's offer closes" in text and "blue's acceptance lapses" in text


def test_a_mistaken_decline_can_be_changed_until_the_offerer_confirms() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1), 2: hand(ore=1)})
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "decline")
    # Blue is no longer awaited (nobody waits for them), but may still change the answer.
    assert Seat(1) not in R.to_act(s) and Seat(1) in may_act(ENGINE, s)
    assert "decline" not in legal(s, 1) and "accept" in legal(s, 1)
    assert "instead of declining" in _events(s, 1, "accept")
    s = play(play(s, 1, "accept"), 0, "trade blue")
    assert s.players[0].hand == hand(wool=1, ore=1) and s.players[1].hand == hand(wool=1)
    # Once the offer is gone, nothing is left to change.
    assert Seat(1) not in may_act(ENGINE, s) and legal(s, 1) == []


def test_an_acceptance_voided_by_a_steal_is_announced() -> None:
    hex_ = next(h for h in D.producing if D.hexes[h].number)
    corner = next(v for v in range(len(D.vertex_ids)) if hex_ in D.vertex_hexes[v])
    s = position(3, settlements={corner: 1}, hands={0: hand(wool=1), 1: hand(ore=1)})
    s = with_player(s, 0, dev=("priest",))
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "accept")
    text = _events(s, 0, f"play priest {D.hexes[hex_].label} from blue")
    assert "Blue's acceptance is void" in text and "blue may answer again" in text


def test_offers_name_several_kinds_up_to_three_cards_a_side() -> None:
    s = position(3, hands={0: hand(wool=2, grain=2), 1: hand(ore=2, stone=1)})
    assert "offer 1 grain+2 wool for 1 stone+1 ore" in legal(s, 0)
    s = play(s, 0, "offer 2 wool+1 grain for 1 ore+1 stone to blue")
    s = play(play(s, 1, "accept"), 0, "trade blue")
    assert s.players[0].hand == hand(grain=1, ore=1, stone=1)
    assert s.players[1].hand == hand(ore=1, wool=2, grain=1)
    s = position(3, hands={0: hand(wool=5)})
    assert "offer 3 wool for 1 grain+2 ore" in legal(s, 0)
    assert "1 to 3 cards" in refused(s, 0, "offer 4 wool for 1 ore")
    assert "both give and ask for wool" in refused(s, 0, "offer 2 wool for 1 ore+1 wool")


def test_the_offerer_may_answer_a_counter_and_the_counter_may_be_countered_again() -> None:
    s = position(3, hands={0: hand(wool=3, grain=1), 1: hand(ore=2)})
    s = play(s, 0, "offer 1 wool for 1 ore")
    s = play(s, 1, "counter 1 ore for 3 wool")
    assert "answers blue's counter" in _events(s, 0, "counter 2 wool for 1 ore to blue")
    s = play(s, 0, "counter 2 wool for 1 ore to blue")
    assert Seat(1) in R.to_act(s)  # blue is awaited again: the reply is theirs to answer
    s = play(s, 1, "counter 1 ore for 2 wool+1 grain")
    s = play(s, 0, "counter 1 grain+1 wool for 1 ore to blue")
    s = play(play(s, 1, "accept"), 0, "trade blue")
    assert s.players[0].hand == hand(wool=2, ore=1)
    assert s.players[1].hand == hand(ore=1, wool=1, grain=1)
    assert s.offers_made == 1  # answering a counter is not a new offer


def test_a_reply_that_repeats_the_counter_is_told_to_trade_instead() -> None:
    s = position(3, hands={0: hand(wool=3), 1: hand(ore=2)})
    s = play(play(s, 0, "offer 1 wool for 1 ore"), 1, "counter 1 ore for 2 wool")
    assert "trade blue" in refused(s, 0, "counter 2 wool for 1 ore to blue")
    assert "no counter" in refused(s, 0, "counter 1 wool for 1 ore to green")


def test_twelve_points_reached_in_another_turn_are_not_said_to_come_in_ones_own() -> None:
    s = position(3, current=2)
    s = R.evolve(s, longest=0)
    s = with_player(s, 0, vp_cards=("a",) * 10)
    assert R.vp(s, 0) == 12 and s.phase is R.TURN
    s = play(s, 2, "end")
    assert s.winner == 0 and "in their own turn" not in s.end_reason
    assert "another player's turn" in s.end_reason


def test_the_dice_show_no_roll_before_the_current_player_rolls() -> None:
    s = position(3, current=0)
    s = play(R.evolve(s, rolled=False), 0, "roll")
    rolled = s.dice
    assert ENGINE.view(s, None).dice == rolled and ENGINE.summary(s)["dice"] == list(rolled)
    if s.pending or s.plague_due:  # a 7: settle nothing here, the check is about the next turn
        s = R.evolve(s, pending=(), plague_due=False)
    s = play(s, 0, "end")
    assert s.dice == rolled  # kept in the state (saved games keep their dice) ...
    assert ENGINE.view(s, None).dice == () and ENGINE.summary(s)["dice"] == []  # ... not shown
