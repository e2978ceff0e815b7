"""Development cards: the deck of 35 (20 priests, 11 events, 4 victory point cards) drawn from
the top; one card played per turn at any time of it, even before the roll, never the turn it
was bought; victory point cards any number, also the turn they were bought; a priest moves the
plague (never where it is) and takes a card, and stays face up."""

from __future__ import annotations

from collections import Counter

from bot.games.canaan import ENGINE
from bot.games.canaan import rules as R
from bot.games.canaan.data import VP_CARDS
from tests.games.canaan.positions import (
    D,
    hand,
    hexes,
    legal,
    play,
    position,
    refused,
    rigged,
    with_player,
)

CARD = hand(ore=1, wool=1, grain=1)


def test_the_deck_holds_20_priests_11_events_and_4_victory_point_cards() -> None:
    for seed in (1, 2):
        deck = ENGINE.new_game(4, {}, seed).deck
        counts = Counter(deck)
        assert len(deck) == 35 and counts["priest"] == 20
        assert sum(counts[e.key] for e in D.events) == 11
        assert {k for k, _ in VP_CARDS} <= set(deck) and sum(counts[k] for k, _ in VP_CARDS) == 4
    assert ENGINE.new_game(4, {}, 1).deck != ENGINE.new_game(4, {}, 2).deck  # shuffled


def test_buying_takes_the_top_card_for_ore_wool_grain_and_an_empty_deck_sells_nothing() -> None:
    s = position(3, hands={0: hand(ore=2, wool=2, grain=2)})
    top = s.deck[0]
    s = play(s, 0, "buy")
    assert s.players[0].dev == (top,) and s.players[0].new == (top,)
    assert s.players[0].hand == CARD and len(s.deck) == 34
    empty = R.evolve(s, deck=())
    assert "buy" not in legal(empty, 0)
    assert "all gone" in refused(empty, 0, "buy")


def test_one_card_a_turn_even_an_event_after_a_priest_and_the_next_turn_again() -> None:
    s = with_player(position(3, rolled=False), 0, dev=("priest", "plentiful-lands"))
    s = play(s, 0, "play priest B")  # before the roll
    assert "one per turn" in refused(s, 0, "play plentiful-lands 2 ore")
    s = play(rigged(s, 6), 0, "roll")
    assert "one per turn" in refused(s, 0, "play plentiful-lands 2 ore")
    s = play(s, 0, "end")
    s = R.evolve(s, current=0)  # red's next turn
    assert "play plentiful-lands 2 ore" in legal(s, 0)


def test_a_card_bought_this_turn_waits_for_the_next_turn() -> None:
    s = position(3, hands={0: CARD})
    s = R.evolve(s, deck=("priest", *s.deck[1:]))
    s = play(s, 0, "buy")
    assert not any(a.startswith("play priest") for a in legal(s, 0))
    assert "turn you bought it" in refused(s, 0, "play priest B")
    s = play(s, 0, "end")
    s = R.evolve(s, current=0, rolled=False)
    assert any(a.startswith("play priest") for a in legal(s, 0))


def test_victory_point_cards_any_number_the_turn_bought_and_besides_another_card() -> None:
    s = with_player(
        position(3, hands={0: CARD}, rolled=False),
        0,
        dev=("priest", "city-of-refuge"),
    )
    s = play(s, 0, "play priest B")
    s = play(s, 0, "play city-of-refuge")  # a played card does not stop a VP card
    s = play(rigged(R.evolve(s, deck=("ladder-to-heaven", *s.deck)), 6), 0, "roll")
    s = play(s, 0, "buy")
    s = play(s, 0, "play ladder-to-heaven")  # bought this very turn
    assert R.vp(s, 0) == 2 and s.players[0].vp_cards == ("city-of-refuge", "ladder-to-heaven")


def test_a_priest_must_move_the_plague_elsewhere_and_take_a_card_and_stays_face_up() -> None:
    corner = D.hexes[hexes("A")].corners[0]
    s = position(3, settlements={corner: 1}, hands={1: hand(wool=2)})
    s = with_player(R.evolve(s, plague=hexes("B")), 0, dev=("priest",))
    plays = [a for a in legal(s, 0) if a.startswith("play priest")]
    assert "play priest A from blue" in plays and "play priest A" not in plays
    assert not any(a.startswith("play priest B") for a in plays)
    assert "Name whom you take a card from" in refused(s, 0, "play priest A")
    s = play(s, 0, "play priest A from blue")
    assert s.plague == hexes("A") and s.players[0].hand == hand(wool=1)
    assert s.players[0].priests == 1 and s.players[0].dev == ()
    assert ENGINE.view(s, None).seats[0].priests == 1  # face up for everyone
