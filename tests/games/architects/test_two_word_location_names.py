"""Locations typed as the board prints them, in two words: `place town centre` is
`place towncentre` (also "town center", "black market", "tax stand", "guild hall")."""

from __future__ import annotations

from bot.games.architects.actions import Capture, Place, parse_action

from .positions import blank, play


def test_two_word_locations_read_as_their_one_word_names() -> None:
    assert parse_action("place town centre") == Place("towncentre")
    assert parse_action("place Town Center") == Place("towncentre")
    assert parse_action("place black market c") == Place("blackmarket", ("c",))
    assert parse_action("place tax stand") == Place("taxstand")
    assert parse_action("place guild hall cathedral") == Place("guildhall", ("cathedral",))
    assert parse_action("capture town centre red") == Capture("towncentre", "red")


def test_place_town_centre_is_played() -> None:
    st = blank(3)
    st.players[0].silver = 3
    st = play(st, 0, "place town centre")
    assert st.players[0].at.get("towncentre") == 1
