"""An outcome settled by a tie-break names it (`Outcome.tie_break`), so the final post can say
why one of two players with equal scores won (Kingsburg here; Architects' has its own tests)."""

from __future__ import annotations

from bot.games.kingsburg import _tie_break_name
from bot.games.protocol import Outcome, Seat


def test_kingsburg_names_goods_then_buildings() -> None:
    best = (20, 5, 4)
    by_goods = {Seat(0): best, Seat(1): (20, 3, 6)}
    assert _tie_break_name(by_goods, frozenset({Seat(0)}), best) == "most goods"
    by_buildings = {Seat(0): best, Seat(1): (20, 5, 2)}
    assert _tie_break_name(by_buildings, frozenset({Seat(0)}), best) == "most buildings"
    clear = {Seat(0): best, Seat(1): (18, 9, 9)}
    assert _tie_break_name(clear, frozenset({Seat(0)}), best) == ""
    shared = {Seat(0): best, Seat(1): best}
    assert _tie_break_name(shared, frozenset({Seat(0), Seat(1)}), best) == ""


def test_the_field_is_optional_and_stored_only_when_set() -> None:
    plain = Outcome("completed", frozenset({Seat(0)}), {Seat(0): 3}, "Red wins.")
    assert plain.tie_break == "" and "tie_break" not in plain.to_dict()
    settled = Outcome("completed", frozenset(), {}, "", tie_break="most goods")
    assert settled.to_dict()["tie_break"] == "most goods"
