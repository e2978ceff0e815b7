"""A Canaan move refused in the middle of a turn says why in words of that move, never the
catch-all "That move is not possible now": looking at a hand needs the event card, the King's
Blessing resource comes with the card, starting cards come once after setup."""

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
