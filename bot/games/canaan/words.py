"""Names as players read them: seat colours, resources, development cards, and why cards are owed.
(The notation and the state keep their own keys; these are the words of the events and refusals.)"""

from __future__ import annotations

from bot.games.canaan.data import PRIEST_WORD, RESOURCE_WORDS, VP_CARDS, CanaanData, card_word
from bot.games.text import Text, tx, tx_c

_COLOUR_WORDS = (
    tx_c("colour", "red"),
    tx_c("colour", "blue"),
    tx_c("colour", "green"),
    tx_c("colour", "yellow"),
)
_CAPITALISED = (
    tx_c("colour", "Red"),
    tx_c("colour", "Blue"),
    tx_c("colour", "Green"),
    tx_c("colour", "Yellow"),
)


def colour(seat: int) -> Text:
    """The seat's colour name as players read it (the notation keeps `COLOURS`)."""
    return _COLOUR_WORDS[seat]


def colour_title(seat: int) -> Text:
    """The seat's colour name, capitalised to begin a sentence."""
    return _CAPITALISED[seat]


def resource(res: int) -> Text:
    """A resource's name as players read it."""
    return RESOURCE_WORDS[res]


def reason_words(d: CanaanData, reason: str) -> Text | str:
    """Why a discard, take or give is owed, as players read it (the state keeps the key:
    "a 7", "copper" or an event card's name)."""
    if reason == "a 7":
        return tx("a 7")
    if reason == "copper":
        return tx_c("reason", "copper")
    return card_word(reason)


def card_name(d: CanaanData, card: str) -> Text | str:
    """Display name of a development card id (as players read it; a server's own card name as
    its data file writes it, an unknown id as it is)."""
    if card == "priest":
        return PRIEST_WORD
    e = d.event(card)
    if e is not None:
        return card_word(e.name)
    name = _VP_NAMES.get(card)
    return card if name is None else card_word(name)


_VP_NAMES = dict(VP_CARDS)
