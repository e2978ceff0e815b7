"""Production: one card per settlement and two per city on every hex with the number rolled,
copper cards of the owner's choice, nothing from the plague's hex, and the finite bank of 23
per resource (a bank that cannot pay everyone a resource pays nobody; one receiver takes what is
left; copper choices take from what is left)."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.state import Phase
from bot.games.protocol import Seat
from tests.games.canaan.positions import D, hand, hexes, legal, play, position, rigged

COPPER = next(h for h, t in enumerate(D.hexes) if t.terrain == "copper")


def test_each_building_on_the_hex_produces_settlement_one_city_two() -> None:
    fields12 = D.hexes[hexes("I")].corners  # the only 12
    s = position(
        3,
        settlements={fields12[0]: 1},
        cities={fields12[2]: 1, fields12[4]: 2},
        rolled=False,
    )
    s = play(rigged(s, 12), 0, "roll")
    assert s.players[1].hand == hand(grain=3) and s.players[2].hand == hand(grain=2)
    assert s.players[0].hand == hand() and s.bank[1] == 23 - 5


def test_both_hexes_of_a_number_produce() -> None:
    eights = [h for h, t in enumerate(D.hexes) if t.number == 8]
    assert len(eights) == 2
    a, b = (D.hexes[h].corners[0] for h in eights)
    s = position(3, settlements={a: 1, b: 2}, rolled=False)
    s = play(rigged(s, 8), 0, "roll")
    assert s.players[1].cards == 1 and s.players[2].cards == 1


def test_a_seven_produces_nothing() -> None:
    everywhere = {D.hexes[h].corners[3]: 1 for h in range(len(D.hexes)) if h % 3 == 0}
    s = position(3, settlements=everywhere, rolled=False)
    s = play(rigged(s, 7), 0, "roll")
    assert all(p.hand == hand() for p in s.players) and s.bank == (23,) * 5


def test_the_plagues_hex_produces_nothing_the_other_hex_of_that_number_does() -> None:
    eights = [h for h, t in enumerate(D.hexes) if t.number == 8]
    a, b = (D.hexes[h].corners[0] for h in eights)
    s = R.evolve(position(3, settlements={a: 1, b: 2}, rolled=False), plague=eights[0])
    s = play(rigged(s, 8), 0, "roll")
    assert s.players[1].cards == 0 and s.players[2].cards == 1


def test_copper_each_settlement_one_each_city_two_cards_of_choice_which_may_differ() -> None:
    corners = D.hexes[COPPER].corners
    s = position(3, settlements={corners[0]: 1}, cities={corners[3]: 2}, rolled=False)
    s = play(rigged(s, D.hexes[COPPER].number or 0), 0, "roll")
    # Hills 3 shares the number: its owners (nobody here) are paid first.
    assert R.to_act(s) == {Seat(1), Seat(2)}  # both choose, privately, in any order
    assert "take 2 ore" in legal(s, 2) and "take 1 lumber+1 wool" in legal(s, 2)
    s = play(s, 2, "take 1 lumber+1 wool")
    s = play(s, 1, "take 1 ore")
    assert s.players[1].hand == hand(ore=1) and s.players[2].hand == hand(lumber=1, wool=1)
    assert R.to_act(s) == {Seat(0)}


def test_copper_choices_take_only_what_the_bank_still_holds() -> None:
    corners = D.hexes[COPPER].corners
    s = position(3, settlements={corners[0]: 1}, cities={corners[3]: 2}, rolled=False)
    s = R.evolve(s, bank=hand(ore=2))
    s = play(rigged(s, D.hexes[COPPER].number or 0), 0, "roll")
    s = play(s, 2, "take 2 ore")
    assert not s.pending and s.players[1].hand == hand()  # nothing left to choose from


def test_a_short_bank_pays_nobody_that_resource_when_several_are_owed_but_others_in_full() -> None:
    eights = [h for h, t in enumerate(D.hexes) if t.number == 8]  # hills (stone), mountains (ore)
    hills, mountains = sorted(eights, key=lambda h: D.hexes[h].terrain != "hills")
    h_corners, m_corners = D.hexes[hills].corners, D.hexes[mountains].corners
    s = position(3, settlements={h_corners[0]: 1, h_corners[3]: 2, m_corners[0]: 1}, rolled=False)
    s = R.evolve(s, bank=hand(stone=1, ore=5))
    t = play(rigged(s, 8), 0, "roll")
    assert t.players[1].hand == hand(ore=1) and t.players[2].hand == hand()
    assert t.bank == hand(stone=1, ore=4)


def test_the_game_starts_with_the_full_bank_of_23_of_each_resource() -> None:
    s = ENGINE.new_game(4, {}, 1)
    assert s.bank == (23,) * 5 and s.phase is Phase.SETUP
