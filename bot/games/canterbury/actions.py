"""Canterbury's engine actions and their notation.

A turn is played as a short sequence of actions by the same player (see rules.py for why):

    neutral well B3            two-player: where the Neutral Builder's structure goes
    neutral none               two-player, medium stack: build nothing, the unplaceable top
                               (or the discarded top and the unplaceable next) leaves the game
    levy | full | tax          the turn's action
    build church C2            a structure and its district (Full Build or Tax & Build)
    build guild_hall D4 demolish well+garden+chapel+merchant_stall
    spread A1                  one of a large structure's chosen districts; `spread done` stops
    end                        end a Full Build after one small or medium structure

`parse_turn` reads a whole turn written as one line (`build well C2 and garden C2`,
`tax guild_hall D4 demolish well spread A1 E5`) into these steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.canterbury.board import NAMES, district_index
from bot.games.canterbury.data import CanterburyData
from bot.games.canterbury.state import OLD_ROMAN_WELL
from bot.games.rejections import Rejection, malformed
from bot.games.text import tx

MAX_TEXT = 300
"""Longer input is refused before any parsing (a whole turn fits in far less)."""
MAX_DEMOLISH = 6


@dataclass(frozen=True, slots=True)
class Levy:
    """Levy Funds."""


@dataclass(frozen=True, slots=True)
class Choose:
    """Start a Full Build ('full') or a Tax & Build ('tax')."""

    action: str


@dataclass(frozen=True, slots=True)
class Build:
    """Build `structure` in `district`, first demolishing `demolish` (structure ids) there."""

    structure: str
    district: int
    demolish: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Spread:
    """Place a large structure's marker in `district` (None: choose no more districts)."""

    district: int | None


@dataclass(frozen=True, slots=True)
class End:
    """End a Full Build after one structure."""


@dataclass(frozen=True, slots=True)
class Neutral:
    """Two-player: the Neutral Builder builds `structure` (the top of a stack) in `district`."""

    structure: str
    district: int


@dataclass(frozen=True, slots=True)
class NeutralNone:
    """Two-player, medium stack: the Neutral Builder builds nothing this turn. Offered when the
    top medium structure fits nowhere (it leaves the game, the next one stays for later), or
    when the top fits but the next does not (discarding the top makes the next unplaceable:
    both leave). See `rules.neutral_none_losses`."""


Action = Levy | Choose | Build | Spread | End | Neutral | NeutralNone

_EXAMPLE = tx(
    "For example `levy`, `full`, `tax`, `build well B3`, "
    "`build guild_hall C4 demolish well+garden`, `spread A1`, `spread done` or `end`."
)


def format_action(action: Action) -> str:
    """Canonical notation of one action."""
    match action:
        case Levy():
            return "levy"
        case Choose(kind):
            return kind
        case Build(structure, district, demolish):
            text = f"build {structure} {NAMES[district]}"
            return text + (f" demolish {'+'.join(demolish)}" if demolish else "")
        case Spread(district):
            if district is None:
                return "spread done"  # i18n-exempt: notation
            return f"spread {NAMES[district]}"
        case End():
            return "end"
        case Neutral(structure, district):
            return f"neutral {structure} {NAMES[district]}"
        case NeutralNone():
            return "neutral none"  # i18n-exempt: notation
    raise TypeError(action)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def structure_keys(data: CanterburyData) -> dict[str, str]:
    """Every accepted spelling (ids and names, any case, without spaces) -> structure id."""
    keys: dict[str, str] = {}
    for s in data.structures:
        keys[_key(s.id)] = s.id
        keys[_key(s.name)] = s.id
    keys[_key(OLD_ROMAN_WELL)] = OLD_ROMAN_WELL
    keys["roman"] = OLD_ROMAN_WELL
    for s in data.structures:
        # The board's abbreviations ('MStl', 'GHal'), used by long Confirm buttons; never
        # shadowing an id or name.
        keys.setdefault(_key(s.abbreviation), s.id)
    return keys


def _structure(words: list[str], data: CanterburyData) -> tuple[str, int] | Rejection:
    """The structure named by the first 1-3 words (longest match) and how many words it took."""
    keys = structure_keys(data)
    for n in (3, 2, 1):
        if len(words) >= n and _key("".join(words[:n])) in keys:
            return keys[_key("".join(words[:n]))], n
    names = ", ".join(s.id for s in data.structures)
    shown = words[0] if words else ""
    return malformed(
        tx("{word} is not a structure.", word=repr(shown)), tx("Structures: {names}.", names=names)
    )


def split_unjoined(words: list[str], data: CanterburyData) -> list[list[str]]:
    """`well C2 garden C2` (two structures written without `and`) as [[well, C2], [garden, C2]]:
    a new build starts wherever a structure name followed by a district follows a complete one.
    Words that are not that are left in one group for `parse_action` to judge."""
    keys = structure_keys(data)
    groups: list[list[str]] = [[]]
    i = 0
    while i < len(words):
        if len(groups[-1]) >= 2:
            for n in (3, 2, 1):
                head = words[i : i + n]
                if (
                    len(head) == n
                    and i + n < len(words)
                    and _key("".join(head)) in keys
                    and district_index(words[i + n]) is not None
                ):
                    groups.append([])
                    break
        groups[-1].append(words[i])
        i += 1
    return groups


def _district(word: str) -> int | Rejection:
    index = district_index(word)
    if index is None:
        return malformed(
            tx(
                "{word} is not a district: columns are A-E and rows 1-5 (C3 is the centre).",
                word=repr(word[:12]),
            )
        )
    return index


def parse_action(text: str, data: CanterburyData) -> Action | Rejection:
    """Parse one action's notation (legality is checked by the rules)."""
    if len(text) > MAX_TEXT:
        return malformed(tx("That is too long for one move."), _EXAMPLE)
    words = text.replace(",", " ").split()
    if not words:
        return malformed(tx("Say what to do."), _EXAMPLE)
    head, rest = words[0].lower(), words[1:]
    if head in ("levy", "full", "tax") and not rest:
        return Levy() if head == "levy" else Choose(head)
    if head == "end" and not rest:
        return End()
    if head == "spread":
        if len(rest) != 1:
            return malformed(tx("Say one district to spread to, or `spread done`."), _EXAMPLE)
        if rest[0].lower() in ("done", "stop", "none"):
            return Spread(None)
        district = _district(rest[0])
        return district if isinstance(district, Rejection) else Spread(district)
    if head == "neutral" and len(rest) == 1 and rest[0].lower() in ("none", "nothing"):
        return NeutralNone()
    if head in ("build", "neutral"):
        return _parse_build(head, rest, data)
    return malformed(tx("I do not understand {text}.", text=repr(text.strip()[:40])), _EXAMPLE)


def _parse_build(head: str, rest: list[str], data: CanterburyData) -> Action | Rejection:
    found = _structure(rest, data)
    if isinstance(found, Rejection):
        return found
    structure, used = found
    rest = rest[used:]
    if not rest:
        shown = data.by_id(structure)
        return malformed(
            tx(
                "Say which district to build the {structure} in.",
                structure=structure if shown is None else shown.label,
            ),
            _EXAMPLE,
        )
    district = _district(rest[0])
    if isinstance(district, Rejection):
        return district
    rest = rest[1:]
    if head == "neutral":
        if rest:
            return malformed(tx("The Neutral Builder builds one structure; nothing follows it."))
        return Neutral(structure, district)
    demolish: list[str] = []
    if rest:
        if rest[0].lower() != "demolish" or len(rest) == 1:
            return malformed(
                tx(
                    "I do not understand {text} after the district.",
                    text=repr(" ".join(rest)[:40]),
                ),
                tx("Add `demolish well+garden` to demolish structures there first."),
            )
        parts = [p for p in "+".join(rest[1:]).split("+") if p]
        if len(parts) > MAX_DEMOLISH:
            return malformed(tx("A district holds at most 6 structures to demolish."))
        for part in parts:
            named = _structure([part], data)
            if isinstance(named, Rejection):
                return named
            demolish.append(named[0])
    return Build(structure, district, canonical_demolitions(demolish, data))


def canonical_demolitions(
    ids: list[str] | tuple[str, ...], data: CanterburyData
) -> tuple[str, ...]:
    """Demolitions in structure order (Old Roman Well first), so notation is unique."""

    def order(sid: str) -> int:
        s = data.by_id(sid)
        return -1 if s is None else s.index

    return tuple(sorted(ids, key=order))
