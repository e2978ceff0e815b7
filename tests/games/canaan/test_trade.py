"""Trading: only the player whose turn it is trades; the others answer (accept, decline, counter)
and never trade among themselves; maritime 4:1, 3:1 and 2:1 at harbours (a city counts as a
settlement there), 2:1 in the King's Blessing resource; trading comes after the roll."""

from __future__ import annotations

from bot.games.canaan import rules as R
from tests.games.canaan.positions import D, hand, legal, play, position, refused


def test_the_other_players_never_trade_among_themselves() -> None:
    s = position(4, hands={0: hand(wool=2), 1: hand(ore=2), 2: hand(grain=2), 3: hand(ore=1)})
    for seat in (1, 2, 3):
        assert "not your turn" in refused(s, seat, "offer 1 ore for 1 grain").lower()
        assert "not your turn" in refused(s, seat, "bank ore for grain").lower()
    s = play(s, 0, "offer 1 wool for 1 ore")
    s = play(s, 2, "counter 1 grain for 1 wool")
    # Blue may answer red, not green's counter; only red confirms a trade.
    assert "trade green" not in legal(s, 1) and not any(a.startswith("offer") for a in legal(s, 1))
    assert "Answer red's offer" in refused(s, 1, "trade green")
    s = play(s, 0, "trade green")
    assert s.players[0].hand == hand(wool=1, grain=1) and s.players[2].hand == hand(grain=1, wool=1)


def test_an_offer_to_one_player_is_answered_by_that_player_only() -> None:
    s = position(3, hands={0: hand(wool=2), 1: hand(ore=1), 2: hand(ore=1)})
    s = play(s, 0, "offer 1 wool for 1 ore to green")
    assert "accept" not in legal(s, 1) and "accept" in legal(s, 2)


def test_no_trading_before_the_roll() -> None:
    s = position(3, hands={0: hand(ore=4, wool=1), 1: hand(grain=1)}, rolled=False)
    assert "Roll first" in refused(s, 0, "bank ore for grain")
    assert "Roll first" in refused(s, 0, "offer 1 wool for 1 grain")


def test_maritime_four_to_one_needs_four_of_a_kind_and_the_bank_must_hold_the_card() -> None:
    s = position(3, hands={0: hand(ore=3, wool=1)})
    assert not any(a.startswith("bank") for a in legal(s, 0))
    s = position(3, hands={0: hand(ore=4)})
    s = R.evolve(s, bank=R.sub(s.bank, hand(grain=23)))
    assert "bank ore for grain" not in legal(s, 0) and "bank ore for wool" in legal(s, 0)
    assert "no grain left" in refused(s, 0, "bank ore for grain")


def test_a_city_on_a_stone_harbour_trades_two_stone_for_any_card() -> None:
    """'The white player has a city built on a stone port and may trade in two stone resources
    for any resource of his choice.'"""
    stone_port = next(v for v, k in D.harbor_at.items() if k == 2)
    s = position(3, cities={stone_port: 0}, hands={0: hand(stone=2, ore=2)})
    s = play(s, 0, "bank stone for wool")
    assert s.players[0].hand == hand(wool=1, ore=2)
    assert not any(a.startswith("bank ore") for a in legal(s, 0))  # 2:1 in stone only


def test_a_three_to_one_harbour_takes_three_identical_cards() -> None:
    generic = next(v for v, k in D.harbor_at.items() if k is None)
    s = position(3, settlements={generic: 0}, hands={0: hand(grain=3, ore=2)})
    assert "bank grain for ore" in legal(s, 0) and "bank ore for grain" not in legal(s, 0)
    s = play(s, 0, "bank grain for ore")
    assert s.players[0].hand == hand(ore=3)


def test_a_counter_offer_is_traded_on_its_own_terms() -> None:
    s = position(3, hands={0: hand(wool=3), 1: hand(ore=2)})
    s = play(s, 0, "offer 1 wool for 1 ore")
    s = play(s, 1, "counter 1 ore for 2 wool")
    s = play(s, 0, "trade blue")
    assert s.players[0].hand == hand(wool=1, ore=1) and s.players[1].hand == hand(ore=1, wool=2)
