"""A Canaan move refused in the middle of a turn says why in words of that move, never the
catch-all "That move is not possible now": looking at a hand needs the event card, the King's
Blessing resource comes with the card, starting cards come once after setup; a card is named as
printed, and the plague never takes from its mover."""

from __future__ import annotations

import pytest

from tests.games.canaan.positions import hand, position, refused, spread


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("look blue", "`play gibeonite-trickery`"),
        ("bless grain", "chosen when you take the card"),
        ("start 5", "right after the starting settlements"),
    ],
)
def test_a_move_out_of_its_moment_says_when_it_comes(move: str, words: str) -> None:
    a, b, c = spread(3)
    s = position(3, settlements={a: 0, b: 1, c: 2}, hands={0: hand(ore=1), 1: hand(grain=2)})
    why = refused(s, 0, move)
    assert words in why, why
    assert why != "That move is not possible now."


def _red_with(*cards: str) -> object:
    from tests.games.canaan.positions import D, hexes, with_player

    corner = D.hexes[hexes("B")].corners[0]
    s = position(3, settlements={corner: 0}, hands={0: hand(ore=1)})
    return with_player(s, 0, dev=cards)


def test_a_card_not_held_is_named_as_printed() -> None:
    why = refused(_red_with("priest"), 0, "play gibeonite-trickery")
    assert why == "You hold no Gibeonite Trickery card.", why


def test_the_plague_never_takes_from_its_mover() -> None:
    why = refused(_red_with("priest"), 0, "play priest B from red")
    assert why == "You cannot take a card from yourself.", why
