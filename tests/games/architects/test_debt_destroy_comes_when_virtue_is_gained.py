"""'For each Virtue players gain above 14, they may destroy 1 unpaid Debt': the question comes
as the virtue is gained, before the rest of the visit (another Storehouse trade), not after."""

from __future__ import annotations

from bot.games.protocol import Seat

from .positions import ENGINE, blank, give, play, to_turn

YELLOW = 2


def test_the_destroy_question_comes_before_the_rest_of_the_storehouse_visit() -> None:
    st = to_turn(blank(3), YELLOW)
    y = st.players[YELLOW]
    y.virtue, y.debts = 14, 2
    give(y, clay=4)
    st.players[YELLOW].at["storehouse"] = 1  # a second worker there: two trades
    st = play(st, YELLOW, "place storehouse")
    st = play(st, YELLOW, "trade clay+clay->virtue")
    assert st.pending[0].kind == "destroy"
    legal = {ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, Seat(YELLOW))}
    assert legal == {"destroy", "done"}
    st = play(st, YELLOW, "destroy")
    assert st.players[YELLOW].debts == 1
    # The visit goes on: the second trade is still Yellow's to make.
    legal = {ENGINE.format_action(a, st) for a in ENGINE.legal_actions(st, Seat(YELLOW))}
    assert "trade clay+clay->virtue" in legal
