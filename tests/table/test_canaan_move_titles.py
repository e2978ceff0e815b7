"""Canaan's public move titles and history name a played card by its name, not its key ("Ann
played Gibeonite Trickery", not "played play gibeonite-trickery"), and a discard stays a count."""

from __future__ import annotations

import pytest

from bot.table.canaan import public_words


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("play gibeonite-trickery", "Gibeonite Trickery"),
        ("play korahs-rebellion", "Korah's Rebellion"),
        ("play priest O from blue", "Priest (plague to O, a card from blue)"),
        ("play priest O", "Priest (plague to O)"),
        ("play prophet C from red", "Prophet (plague to C, a card from red)"),
        ("play caravan grain", "Caravan (grain)"),
        ("play ten-commandments", "Ten Commandments"),
        ("play someone-elses-card", "Someone Elses Card"),
        ("discard 2 ore+2 wool", "discard 4 cards"),
        ("road 12-17", "road 12-17"),
    ],
)
def test_public_words(notation: str, words: str) -> None:
    assert public_words(notation) == words
