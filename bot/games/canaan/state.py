"""The immutable Settlers of Canaan state.

Hands are 5-tuples in `data.RESOURCES` order (lumber, grain, stone, ore, wool). Seats are 0-based
and sit clockwise. Board occupancy is kept in flat tuples indexed by intersection and path so a
move copies little. Chance lives only in `State.rng`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from bot.games.canaan.data import CanaanData, Hand
from bot.games.rng import Rng

ZERO: Hand = (0, 0, 0, 0, 0)
EMPTY = -1
CITY = 10
"""`buildings[v]` is EMPTY, a seat (settlement) or CITY + seat (city)."""
BLACK = -1
"""A black stone in `State.jerusalem`."""
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")


class Phase(Enum):
    """Where the game is."""

    SETUP = "setup"  # placing starting settlements and roads
    START = "start"  # each player chooses the settlement that gives starting cards
    TURN = "turn"
    OVER = "over"


SETUP, START, TURN, OVER = Phase.SETUP, Phase.START, Phase.TURN, Phase.OVER
"""The phases as plain module names: an Enum member looked up through its class costs several
times a global read, and the rules ask for the phase in every move."""


@dataclass(frozen=True)
class Player:
    """One tribe: its hidden hand and development cards, and its public counters.

    dev: unplayed development cards (sorted ids); new: those bought this turn (sorted, a subset of
    dev); priests: priests played; vp_cards: victory point cards played; stones: own stones in
    Jerusalem; start: the intersection chosen for the starting cards (-1 before the choice).
    """

    hand: Hand = ZERO
    dev: tuple[str, ...] = ()
    new: tuple[str, ...] = ()
    priests: int = 0
    vp_cards: tuple[str, ...] = ()
    stones: int = 0
    start: int = -1

    @property
    def cards(self) -> int:
        """Resource cards in hand."""
        return sum(self.hand)


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision owed by one seat while the turn waits (several seats may owe one at once).

    kind: "discard" (on a 7), "take" (from the bank: copper, an event) or "give" (to the player
    of an event card); count: how many cards; reason: shown to the player ("copper", "event").
    """

    seat: int
    kind: str
    count: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Answer:
    """One seat's answer to the open offer: "" (none yet), "accept", "decline" or "counter";
    for a counter, what the answering seat would give and get instead."""

    kind: str = ""
    give: Hand = ZERO
    get: Hand = ZERO


@dataclass(frozen=True, slots=True)
class Offer:
    """The current player's open offer: they give `give` and get `get`; `to` is the one seat it
    is addressed to, or None for everyone. `answers[seat]` per seat."""

    give: Hand
    get: Hand
    to: int | None
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class State:
    """The whole game."""

    data: CanaanData = field(compare=False, repr=False)
    players: tuple[Player, ...]
    buildings: tuple[int, ...]
    roads: tuple[int, ...]
    bank: Hand
    deck: tuple[str, ...]
    rng: Rng
    phase: Phase = Phase.SETUP
    first_player: int = 0
    first_rolls: tuple[
        tuple[int, ...], ...
    ] = ()  # one tuple of totals per roll-off round (0: not rolling)
    setup_order: tuple[int, ...] = ()
    setup_index: int = 0
    setup_vertex: int = -1  # the settlement just placed, awaiting its road (-1: none)
    current: int = 0
    turn: int = 0
    rolled: bool = False
    dice: tuple[int, ...] = ()
    built: bool = False  # built or bought this turn: trading is over (roll, trade, build)
    dev_played: bool = False
    offers_made: int = 0
    offer: Offer | None = None
    pending: tuple[Pending, ...] = ()
    plague: int = -1  # hex index, -1 beside the board
    plague_due: bool = False  # the roller of a 7 must move the plague
    free_roads: int = 0
    free_settlements: int = 0
    discount: bool = False  # Improvements: the next city this turn costs less
    look_stage: int = 0  # look_and_take: 1 choose a victim, 2 take from `look_victim`
    look_victim: int = -1
    look_count: int = 0
    blessing_due: bool = False  # the new King's Blessing holder chooses the kept resource
    jerusalem: tuple[int, ...] = ()  # stones in building order: seat or BLACK
    longest: int = -1  # holder of Longest Road, -1 in the bank
    road_lengths: tuple[int, ...] = ()
    most_priests: int = -1
    blessing: int = -1
    blessing_res: int = -1
    play_on: bool = False  # Jerusalem finished with a tie: play on until a turn ends with a leader
    winner: int = -1
    end_reason: str = ""
    last_seat: int = -1
    last_move: str = ""
    last_marks: tuple[str, ...] = ()  # "v12", "e30", "h4", "j": what the last move touched


_FIELDS = tuple(State.__dataclass_fields__)

# A State keeps its fields in an instance dict (no __slots__): copying a position is then one
# C-level dict copy instead of 46 attribute copies, and a move copies the state at least once.
_new = object.__new__
_set = object.__setattr__
_get = object.__getattribute__


class Draft:
    """A mutable copy of a State used inside one move: the rules write `s = evolve(s, ...)`
    throughout, and on a Draft that is an in-place update, so a move copies the state once
    instead of once per change. It has the same layout as a State (an instance dict), so
    `freeze` turns it into one without a copy."""


_PLAYER_FIELDS = frozenset(Player.__dataclass_fields__)


def with_player(p: Player, **changes: object) -> Player:
    """`dataclasses.replace` for a Player: one dict copy (a Player, like a State, keeps its
    fields in an instance dict; every move that touches a hand copies one)."""
    if not _PLAYER_FIELDS.issuperset(changes):
        raise TypeError(f"Player has no field {sorted(changes.keys() - _PLAYER_FIELDS)[0]!r}")
    fields = _get(p, "__dict__").copy()
    fields.update(changes)
    new = _new(Player)
    _set(new, "__dict__", fields)
    return new


def with_hand(p: Player, hand: Hand) -> Player:
    """`with_player(p, hand=hand)` without the keyword handling: production and trades change
    only hands, several per move."""
    fields = _get(p, "__dict__").copy()
    fields["hand"] = hand
    new = _new(Player)
    _set(new, "__dict__", fields)
    return new


def draft(s: State) -> State:
    """A mutable working copy of `s` (typed as State for the rules' sake)."""
    d = _new(Draft)
    d.__dict__ = _get(s, "__dict__").copy()
    return d  # type: ignore[return-value]


def freeze(s: State) -> State:
    """The immutable State for a Draft (a State is returned as it is)."""
    if type(s) is State:
        return s
    # Draft and State have the same layout, so the draft becomes the State itself instead of
    # being copied once more; from then on `evolve` copies it like any State (nothing else
    # holds a Draft: `rules.transition` drafts and freezes within one move).
    s.__class__ = State
    return s


def evolve(s: State, **changes: object) -> State:
    """`dataclasses.replace` for State; on a Draft, an in-place update. Only State's own field
    names may be changed (checked on a State; the rules' drafts pass known names)."""
    if not _FIELD_SET.issuperset(changes):
        wrong = sorted(changes.keys() - _FIELD_SET)[0]
        raise AttributeError(f"State has no field {wrong!r}")  # i18n-exempt: internal error
    if type(s) is Draft:
        s.__dict__.update(changes)
        return s
    fields = _get(s, "__dict__").copy()
    fields.update(changes)
    new = _new(State)
    _set(new, "__dict__", fields)
    return new


_FIELD_SET = frozenset(_FIELDS)
