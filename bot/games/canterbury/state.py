"""The immutable Canterbury state.

Seats are 0-based; seat 0 holds Rank 1 (the Saxon Prince) and ranks go clockwise. Marker owners
are seats, or `NEUTRAL` (the two-player Neutral Builder) or `ROMAN` (the purple marker of the Old
Roman Well, which belongs to nobody). A turn is played as several engine actions (see rules.py);
`Turn` holds what the current player has done so far in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from bot.games.canterbury.board import DISTRICTS
from bot.games.canterbury.data import CanterburyData, city_disks
from bot.games.text import Text, tx_c

NEUTRAL = -2
"""Owner id of the Neutral Builder (two-player Expert Variant)."""
ROMAN = -1
"""Owner id of the Old Roman Well and its purple water marker."""
OLD_ROMAN_WELL = "old_roman_well"

CATEGORIES = (
    "Structures",  # i18n-exempt: data key (players read CATEGORY_NAMES)
    "District Favor",  # i18n-exempt: data key
    "Breaking Ground",  # i18n-exempt: data key
    "Enrichment",  # i18n-exempt: data key
    "King's Bonus",  # i18n-exempt: data key
    "Leftover Gold",  # i18n-exempt: data key
)
"""Score categories, in the order the breakdown lists them (keys of the stored points)."""

CATEGORY_NAMES: dict[str, Text] = dict(
    zip(
        CATEGORIES,
        (
            tx_c("score category", "Structures"),
            tx_c("score category", "District Favor"),
            tx_c("score category", "Breaking Ground"),
            tx_c("score category", "Enrichment"),
            tx_c("score category", "King's Bonus"),
            tx_c("score category", "Leftover Gold"),
        ),
        strict=True,
    )
)
"""The score categories as players read them (the score sheet's rows)."""


class Phase(Enum):
    """What the player to act is asked for."""

    NEUTRAL = "neutral"  # two-player: place the Neutral Builder's structure
    CHOOSE = "choose"  # Levy Funds, Full Build or Tax & Build
    BUILD = "build"  # a structure (with its demolitions) or, after one, end the turn
    SPREAD = "spread"  # a large structure's chosen districts, one at a time
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Placed:
    """A structure token in a district: structure id, who built it, the turn it was built."""

    structure: str
    owner: int
    turn: int


@dataclass(frozen=True, slots=True)
class District:
    """One district: its structures and its six service markers (owner or None each)."""

    structures: tuple[Placed, ...] = ()
    markers: tuple[int | None, ...] = (None,) * 6


@dataclass(frozen=True, slots=True)
class Player:
    """One Saxon Lord. `points` holds prosperity per CATEGORIES entry; the Neutral Builder stacks
    (two-player) are structure ids, top first; `neutral_build` is the side showing."""

    gold: int
    points: tuple[int, ...] = (0,) * len(CATEGORIES)
    must_full_build: bool = True
    neutral_build: bool = True
    small_stack: tuple[str, ...] = ()
    medium_stack: tuple[str, ...] = ()

    @property
    def score(self) -> int:
        """Total prosperity so far."""
        return sum(self.points)

    def add(self, category: str, amount: int) -> Player:
        """This player with `amount` more prosperity in `category`."""
        i = CATEGORIES.index(category)
        points = self.points[:i] + (self.points[i] + amount,) + self.points[i + 1 :]
        return replace(self, points=points)


@dataclass(frozen=True, slots=True)
class Turn:
    """The current turn so far.

    action: 'full', 'tax' or None (not chosen yet). built: (structure, district) the player built.
    neutral: (structure, district) the Neutral Builder built, if any. broke: districts where the
    player broke ground. enrichment: upgrade demolitions. spread: districts still to choose for a
    large structure's markers (0 = none), its service and home district. demolished: (structure,
    district) removed this turn. markers: (district, service) markers placed this turn.
    """

    action: str | None = None
    built: tuple[tuple[str, int], ...] = ()
    neutral: tuple[tuple[str, int], ...] = ()
    broke: tuple[int, ...] = ()
    enrichment: int = 0
    spread: int = 0
    spread_service: int = 0
    spread_home: int = 0
    demolished: tuple[tuple[str, int], ...] = ()
    markers: tuple[tuple[int, int], ...] = ()
    gold_before: int = 0
    # The city when the turn began (District Favor is scored at the end of a turn for every mark
    # passed since); None in turns saved before the Neutral Builder moved the city at once.
    city_before: int | None = None


@dataclass(frozen=True, slots=True)
class Scoring:
    """One District Favor scoring: its number (1-4) and points per (district, owner)."""

    number: int
    awards: tuple[tuple[int, int, int], ...]  # (district, seat, points)
    coins: tuple[int, ...]  # gold from the Rank Tokens, per seat


@dataclass(frozen=True, slots=True)
class State:
    """A Canterbury game. `city` is the City Prosperity (1..301); a City Disk goes under the
    marker each time it passes 100, 200, 300 (so 100 itself has none yet)."""

    data: CanterburyData
    players: tuple[Player, ...]
    districts: tuple[District, ...]
    supply: tuple[int, ...]
    city: int
    current: int
    phase: Phase
    turn: Turn
    turn_number: int
    scorings: int
    turns_left: int | None
    last_turn: Turn | None
    last_seat: int | None
    last_scoring: Scoring | None
    kings: tuple[tuple[tuple[int, int], ...], ...] = field(default=())  # final: (seat, pts)/service
    seed: int = 0

    @property
    def n(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def two_player(self) -> bool:
        """True when the Neutral Builder variant is in play."""
        return len(self.players) == 2

    @property
    def disks(self) -> int:
        """City Disks beneath the City Marker."""
        return city_disks(self.city)


COLOURS = ("blue", "red", "green", "yellow")
"""Seat colours by seat index (the cube colours)."""

COLOUR_NAMES: tuple[Text, ...] = (
    tx_c("colour", "blue"),
    tx_c("colour", "red"),
    tx_c("colour", "green"),
    tx_c("colour", "yellow"),
)
"""The seat colours as players read them in a sentence."""

COLOUR_TITLES: tuple[Text, ...] = (
    tx_c("colour", "Blue"),
    tx_c("colour", "Red"),
    tx_c("colour", "Green"),
    tx_c("colour", "Yellow"),
)
"""The seat colours starting a sentence."""


def owner_name(owner: int | None) -> str | None:
    """A marker owner as text: 'blue', 'red', 'green', 'yellow', 'neutral', 'roman' (None: no
    marker)."""
    if owner is None:
        return None
    if owner == NEUTRAL:
        return "neutral"
    if owner == ROMAN:
        return "roman"
    return COLOURS[owner]


def empty_districts() -> tuple[District, ...]:
    """The 25 districts without structures or markers."""
    return tuple(District() for _ in range(DISTRICTS))
