"""Canterbury's words: marker owners as players read them (a seat's colour, the Neutral
Builder, the Old Roman Well), structure names, and the pieces of event and refusal sentences:
lists joined with "and", "or" or commas, an indefinite article, what a structure's markers
did.
"""

from __future__ import annotations

from bot.games.canterbury.board import NAMES
from bot.games.canterbury.data import SERVICE_NAMES, STRUCTURE_NAMES
from bot.games.canterbury.state import (
    COLOUR_NAMES,
    COLOUR_TITLES,
    NEUTRAL,
    OLD_ROMAN_WELL,
    ROMAN,
    State,
)
from bot.games.text import Text, tx, tx_n

NEUTRAL_NAME = tx("the Neutral Builder")


def colour(owner: int) -> str:
    """A marker owner's name: a seat's colour, the Neutral Builder or the Old Roman Well."""
    if owner == NEUTRAL:
        return NEUTRAL_NAME
    if owner == ROMAN:
        return tx("the Old Roman Well")
    return COLOUR_NAMES[owner]


def _who(owner: int) -> str:
    """`colour(owner)` starting a sentence ("Blue", "The Neutral Builder")."""
    if owner == NEUTRAL:
        return tx("The Neutral Builder")
    if owner == ROMAN:
        return tx("The Old Roman Well")
    return COLOUR_TITLES[owner]


def _name(state: State, sid: str) -> str:
    if sid == OLD_ROMAN_WELL:
        return STRUCTURE_NAMES[OLD_ROMAN_WELL]
    s = state.data.by_id(sid)
    return s.label if s else sid


def _listed(items: list[str]) -> str:
    """'A1', 'A1 and B2', 'A1, B2 and C3'."""
    if len(items) == 1:
        return items[0]
    return tx("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def _joined(items: list[str]) -> str:
    """'water', 'water, food' (each said in the reader's language)."""
    if len(items) == 1:
        return items[0]
    return tx("{some}, {last}", some=_joined(items[:-1]), last=items[-1])


def _either(items: list[str]) -> str:
    """'a', 'a or b', 'a or b or c'."""
    if len(items) == 1:
        return items[0]
    return tx("{some} or {last}", some=_either(items[:-1]), last=items[-1])


def _chain(items: list[Text], separator: str) -> str:
    """`items` joined by `separator` ("; " or ", "), each said in the reader's language ("" for
    none)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = _chain(items[:-1], separator)
    if separator == "; ":
        return tx("{first}; {rest}", first=head, rest=items[-1])
    return tx("{first}, {rest}", first=head, rest=items[-1])


def _a(name: str) -> str:
    """`name` with its indefinite article."""
    if name[:1].lower() in "aeiou":
        return tx("an {structure}", structure=name)
    return tx("a {structure}", structure=name)


def _markers_text(service: int, landed: list[int], home: int) -> str:
    """What a structure's markers did, for its event sentence."""
    what = SERVICE_NAMES[service]
    if not landed:
        return tx(
            " ({district} already had {service}, so no new marker)",
            district=NAMES[home],
            service=what,
        )
    return tx_n(
        "; {service} marker in {districts}",
        "; {service} markers in {districts}",
        len(landed),
        service=what,
        districts=_listed([NAMES[t] for t in landed]),
    )
