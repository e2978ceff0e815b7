"""Kingsburg's words as translatable `Text`s: seat colours, goods, counts and lists.

The engine stays free of languages: it builds `bot.games.text.Text`s (English, remembering how
to say them again) and the table says them in the reader's language. A list is a `Text` whose
message id is only placeholders (`{p0}, {p1}`): it has no catalog entry and keeps its
punctuation in every language, while each part is said in the reader's language.
"""

from __future__ import annotations

from bot.games.text import Text, and_list, joined, or_list, tx_c, tx_n

__all__ = [
    "and_list",
    "cap_colour",
    "colour_name",
    "count",
    "good_count",
    "good_name",
    "joined",
    "or_list",
]

_COLOURS = (
    tx_c("colour", "red"),
    tx_c("colour", "blue"),
    tx_c("colour", "green"),
    tx_c("colour", "yellow"),
    tx_c("colour", "purple"),
)
_CAP_COLOURS = (
    tx_c("colour", "Red"),
    tx_c("colour", "Blue"),
    tx_c("colour", "Green"),
    tx_c("colour", "Yellow"),
    tx_c("colour", "Purple"),
)


def colour_name(seat: int) -> Text:
    """A seat's colour in the middle of a sentence ("red")."""
    return _COLOURS[seat]


def cap_colour(seat: int) -> Text:
    """A seat's colour at the start of a sentence ("Red")."""
    return _CAP_COLOURS[seat]


_GOOD_NAMES = {
    "gold": tx_c("good", "gold"),
    "wood": tx_c("good", "wood"),
    "stone": tx_c("good", "stone"),
}


def good_name(good: str) -> str:
    """A good's name ("gold", "Holz"); an unknown word as it is."""
    return _GOOD_NAMES.get(good, good)


def good_count(n: int, good: str) -> Text:
    """ "2 wood", "1 stone"."""
    if good == "gold":
        return tx_n("{n} gold", "{n} gold", n)
    if good == "wood":
        return tx_n("{n} wood", "{n} wood", n)
    return tx_n("{n} stone", "{n} stone", n)


def count(n: int, word: str) -> Text:
    """ "1 soldier", "2 goods", "3 buildings", "1 VP" (the words the engine counts)."""
    if word == "soldier":
        return tx_n("{n} soldier", "{n} soldiers", n)
    if word == "building":
        return tx_n("{n} building", "{n} buildings", n)
    if word == "VP":
        return tx_n("{n} VP", "{n} VP", n)
    if word == "goods_of_choice":
        return tx_n("{n} good of your choice", "{n} goods of your choice", n)
    if word in _GOOD_NAMES:
        return good_count(n, word)
    return tx_n("{n} good", "{n} goods", n)
