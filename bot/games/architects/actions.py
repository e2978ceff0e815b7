"""Architects actions (one frozen dataclass per kind) and their notation.

A turn is one `place` (or `retrieve`/`pass` with no workers left), followed by the decisions the
location asks for, each a separate short action, so `legal_actions` stays small:

    place quarry | forest | silversmith | taxstand | storehouse | towncentre | guardhouse
    place mines clay | place mines gold
    place workshop plans | place workshop hire t3      (row t/b, column 1-4; Silver to skip is
                                                        placed for you on the left-most cards)
    place blackmarket a | place blackmarket c
    place blackmarket b plans | place blackmarket b hire b2
    place guildhall build well | place guildhall cathedral
    retrieve forest                                    (no workers left: take one back)
    pass                                               (no workers anywhere to take back)
  then, as the location asks:
    trade clay+wood->virtue | trade wood+stone+stone->marble    (King's Storehouse)
    capture forest red                                 (Town Centre, Armoury, Barracks, Fortress)
    prison | release | ransom silver | ransom debt | payoff   (Guardhouse)
    rescue                                             (Barracks: free yours from other boards)
    destroy                                            (Church, virtue above 14: an unpaid debt)
    release 2                                          (Gatekeeper at a reset: how many to free)
    pay 2 stone 2 wood                                 (when a cost can be paid in several ways)
    discard well                                       (Cathedral, hand limit, Library)
    keep well                                          (draft, Black Market plans)
    gain gold                                          (Clay Pit, Treasury)
    hire t3                                            (Tavern)
    dismiss 2                                          (over the apprentice limit)
    done                                               (stop taking actions here / decline)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.architects.board import (
    BUILDING_ALIASES,
    COLOUR_ALIASES,
    COLOURS,
    LARGE,
    LOCATION_ALIASES,
    RESOURCES,
    plain_word,
)
from bot.games.architects.cards import BUILDING_BY_SLUG
from bot.games.rejections import Rejection, malformed
from bot.games.text import tx

MAX_TEXT = 120
_TRADE_GOODS = (*RESOURCES, "silver")


@dataclass(frozen=True, slots=True)
class Place:
    """Place a worker at `location`; `detail` holds the choice made there."""

    location: str
    detail: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Retrieve:
    """No workers on the board: take one back from a large-circle location."""

    location: str


@dataclass(frozen=True, slots=True)
class Pass:
    """No workers anywhere to take back: the turn passes."""


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep a Building card (opening draft, Black Market plans)."""

    card: str


@dataclass(frozen=True, slots=True)
class Trade:
    """One King's Storehouse action: pay `pay` (one name per item), gain `gain`."""

    pay: tuple[str, ...]
    gain: str


@dataclass(frozen=True, slots=True)
class Capture:
    """Capture the whole group of `colour` at `location`."""

    location: str
    colour: str


@dataclass(frozen=True, slots=True)
class Guard:
    """A Guardhouse action (prison, release, ransom-silver, ransom-debt, payoff), the Barracks
    `rescue`, `destroy` (an unpaid debt, by the Church or virtue above 14) or `release-N` (a
    Gatekeeper at a Black Market Reset)."""

    kind: str


@dataclass(frozen=True, slots=True)
class Pay:
    """The goods chosen to pay a cost that allows a mix, as (good, count) in RESOURCES order."""

    goods: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a Building card from hand."""

    card: str


@dataclass(frozen=True, slots=True)
class Gain:
    """Choose the good a building offers."""

    good: str


@dataclass(frozen=True, slots=True)
class Hire:
    """Hire the face-up apprentice at `slot` (t1..t4, b1..b4) for free (Tavern)."""

    slot: str


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Discard your `index`-th apprentice (1-based) to respect the limit."""

    index: int


@dataclass(frozen=True, slots=True)
class Done:
    """Stop taking actions at this location, or decline an optional effect."""


Action = Place | Retrieve | Pass | Keep | Trade | Capture | Guard | Pay | Discard | Gain | Hire
Action = Action | Dismiss | Done

GUARD_KINDS = ("prison", "release", "ransom-silver", "ransom-debt", "payoff", "rescue", "destroy")
SLOTS = tuple(f"{r}{c}" for r in "tb" for c in range(1, 5))


def format_action(action: Action) -> str:
    """Canonical notation."""
    match action:
        case Place(location, detail):
            return " ".join(("place", location, *detail))
        case Retrieve(location):
            return f"retrieve {location}"
        case Pass():
            return "pass"
        case Keep(card):
            return f"keep {card}"
        case Trade(pay, gain):
            return f"trade {'+'.join(pay)}->{gain}"
        case Capture(location, colour):
            return f"capture {location} {colour}"
        case Guard(kind):
            return kind.replace("-", " ")
        case Pay(goods):
            return "pay " + " ".join(f"{n} {g}" for g, n in goods)
        case Discard(card):
            return f"discard {card}"
        case Gain(good):
            return f"gain {good}"
        case Hire(slot):
            return f"hire {slot}"
        case Dismiss(index):
            return f"dismiss {index}"
        case Done():
            return "done"
    raise TypeError(action)


def _card(word: str, verb: str) -> str | Rejection:
    slug = word.replace("'", "").replace(" ", "-")
    slug = BUILDING_ALIASES.get(plain_word(slug.replace("-", "")), slug)
    if slug not in BUILDING_BY_SLUG:
        return malformed(
            tx("There is no building called {name}.", name=repr(word)),
            tx("Write it like `{verb} well`.", verb=verb),
        )
    return slug


_PLACES = frozenset((*LARGE, "blackmarket", "guildhall"))
_SPELLINGS = {"towncenter": "towncentre", "centre": "towncentre", "center": "towncentre"}


def _joined_location(rest: list[str]) -> list[str]:
    """A location written in two words as the board prints it ("town centre", "black market",
    "tax stand", "guild hall") joined into its one-word name."""
    if len(rest) >= 2:
        joined = _SPELLINGS.get(rest[0] + rest[1], rest[0] + rest[1])
        joined = LOCATION_ALIASES.get(plain_word(joined), joined)
        if joined in _PLACES and rest[0] not in _PLACES and _place(rest[0]) not in _PLACES:
            return [joined, *rest[2:]]
    if rest:
        return [_place(rest[0]), *rest[1:]]
    return rest


def _place(word: str) -> str:
    """A location's notation key from a word typed in English or German ("steinbruch")."""
    return LOCATION_ALIASES.get(plain_word(word), word)


def parse_action(text: str) -> Action | Rejection:
    """Parse notation (case and spacing are free); legality is checked by the rules."""
    if len(text) > MAX_TEXT:
        return malformed(tx("That move is too long (at most {n} characters).", n=MAX_TEXT))
    words = re.sub(r"\s+", " ", text.strip().lower()).split(" ")
    head, rest = words[0], words[1:]
    if head in ("place", "capture", "retrieve") and rest:
        rest = _joined_location(rest)
    if head == "place" and rest:
        loc = rest[0].replace("'", "")
        aliases = {"town": "towncentre", "tax": "taxstand", "market": "blackmarket"}
        loc = aliases.get(loc, loc)
        if loc not in (*LARGE, "blackmarket", "guildhall"):
            return malformed(tx("There is no location called {name}.", name=repr(rest[0])))
        detail = tuple(rest[1:])
        if loc == "guildhall" and len(detail) >= 2 and detail[0] == "build":
            card = _card(" ".join(detail[1:]), "place guildhall build")  # i18n-exempt: notation
            if isinstance(card, Rejection):
                return card
            detail = ("build", card)
        if len(detail) > 3:
            return malformed(tx("Too many words after the location."))
        return Place(loc, detail)
    if head == "retrieve" and len(rest) == 1 and rest[0] in LARGE:
        return Retrieve(rest[0])
    if head in ("pass", "done") and not rest:
        return Pass() if head == "pass" else Done()
    if head in ("keep", "discard") and rest:
        card = _card(" ".join(rest), head)
        if isinstance(card, Rejection):
            return card
        return Keep(card) if head == "keep" else Discard(card)
    if head == "trade" and len(rest) == 1 and "->" in rest[0]:
        left, gain = rest[0].split("->", 1)
        pay = tuple(left.split("+"))
        if gain not in (*_TRADE_GOODS, "virtue") or any(p not in _TRADE_GOODS for p in pay):
            return malformed(
                tx("Cannot read the trade {trade}.", trade=repr(rest[0])),
                tx("Example: `trade clay+wood->virtue`."),
            )
        if len(pay) > 4:
            return malformed(tx("A trade pays at most 3 goods."))
        order = {g: i for i, g in enumerate(_TRADE_GOODS)}
        return Trade(tuple(sorted(pay, key=order.__getitem__)), gain)
    if head == "capture" and len(rest) == 2 and rest[0] in LARGE:
        colour = COLOUR_ALIASES.get(plain_word(rest[1]), rest[1])
        if colour not in (*COLOURS, "black"):
            return malformed(tx("There is no colour {colour}.", colour=repr(colour)))
        return Capture(rest[0], colour)
    if head in ("prison", "release", "payoff", "rescue", "destroy") and not rest:
        return Guard(head)
    if head == "release" and rest in (["1"], ["2"], ["3"], ["4"]):
        return Guard(f"release-{rest[0]}")
    if head == "ransom" and len(rest) == 1 and rest[0] in ("silver", "debt"):
        return Guard(f"ransom-{rest[0]}")
    if head == "pay" and rest and len(rest) % 2 == 0 and len(rest) <= 12:
        goods: dict[str, int] = {}
        for count, good in zip(rest[::2], rest[1::2], strict=True):
            # ASCII digits only: str.isdigit() also accepts superscripts that int() refuses.
            number = count.isascii() and count.isdigit() and len(count) <= 2
            if not number or good not in RESOURCES or good in goods:
                return malformed(tx("Write a payment like `pay 2 stone 2 wood`."))
            goods[good] = int(count)
        return Pay(tuple((g, goods[g]) for g in RESOURCES if goods.get(g)))
    if head == "gain" and len(rest) == 1 and rest[0] in _TRADE_GOODS:
        return Gain(rest[0])
    if head == "hire" and len(rest) == 1 and rest[0] in SLOTS:
        return Hire(rest[0])
    if head == "dismiss" and len(rest) == 1 and rest[0] in ("1", "2", "3", "4", "5", "6", "7"):
        return Dismiss(int(rest[0]))
    return malformed(
        tx("Cannot read {text}.", text=repr(text.strip()[:40])),
        tx(
            "Moves look like `place quarry`, `place mines gold`, `place guildhall build well`, "
            "`capture forest red`, `done`."
        ),
    )
