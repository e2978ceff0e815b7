"""The immutable Kingsburg state.

Goods are (gold, wood, stone) tuples. Seats are 0-based ints; the two-player dummy dice use owner
-1. Chance lives only in `State.rng`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from bot.games.rng import Rng

DUMMY = -1
"""Owner id of the two-player dummy dice groups."""


class Step(Enum):
    """Where the game waits (or which automatic step it is in). Values match view.STEP_NAMES."""

    AID = "aid"
    ROLL = "roll"
    REROLL = "reroll"
    INFLUENCE = "influence"
    GIFTS = "gifts"
    BUILD = "build"
    TOWNHALL = "townhall"
    REWARD = "reward"
    ENVOY = "envoy"
    RECRUIT = "recruit"
    BATTLE = "battle"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Die:
    """One rolled die: value, white or coloured, and the advisor it sits on (0: unplaced)."""

    value: int
    white: bool
    placed_on: int = 0


@dataclass(frozen=True, slots=True)
class Player:
    """One governor.

    goods: (gold, wood, stone); plus_two: "+2" tokens; soldiers: the Soldiers Chart; vp: score.
    buildings: owned building ids. dice: this season's dice (empty outside productive seasons).
    aid_white: the King's aid white die for this year's spring. passed: passed in influence.
    *_used: once-per-season powers spent (every building's power works at most once a season,
    by the designer's clarifications). builds: buildings constructed this season.
    combat / result: this year's battle (None before the battle).
    vp_from: where the VP came from, by score sheet category (see `scoring`).
    """

    goods: tuple[int, int, int] = (0, 0, 0)
    plus_two: int = 0
    soldiers: int = 0
    vp: int = 0
    buildings: frozenset[str] = frozenset()
    dice: tuple[Die, ...] = ()
    aid_white: bool = False
    passed: bool = False
    statue_used: bool = False
    chapel_used: bool = False
    market_used: bool = False
    townhall_used: bool = False
    stables_used: bool = False
    crane_used: bool = False
    builds: int = 0
    combat: int | None = None
    result: str | None = None
    vp_from: tuple[tuple[str, int], ...] = ()
    """VP by score sheet source (`scoring.credit`), summing to `vp`."""

    def has(self, building_id: str) -> bool:
        """True if this player owns the building."""
        return building_id in self.buildings

    @property
    def crane_discount(self) -> bool:
        """True while the Crane still takes 1 gold off a column III/IV building this season."""
        return "crane" in self.buildings and not self.crane_used

    @property
    def total_goods(self) -> int:
        """Gold + wood + stone."""
        return sum(self.goods)

    def with_goods(self, delta: tuple[int, int, int]) -> Player:
        """Add (or with negative numbers remove) goods; never below zero."""
        g = tuple(max(0, a + b) for a, b in zip(self.goods, delta, strict=True))
        return replace(self, goods=(g[0], g[1], g[2]))


@dataclass(frozen=True, slots=True)
class Group:
    """A dice group on an advisor. owner -1 is the two-player dummy."""

    advisor: int
    owner: int
    values: tuple[int, ...]
    whites: int = 0
    plus_two: bool = False
    shift: int = 0
    envoy: bool = False


@dataclass(frozen=True, slots=True)
class GiftDue:
    """An advisor's gift still to be given to `seat` (resolved in advisor order)."""

    advisor: int
    seat: int


@dataclass(frozen=True, slots=True)
class WinterChoice:
    """After the battle: `seat` gains (gain=True) or loses `count` goods of its choice."""

    seat: int
    gain: bool
    count: int


@dataclass(frozen=True, slots=True)
class BattleEffect:
    """What one seat gained (+) or lost (-) in a winter: net goods (gold, wood, stone), net VP,
    the buildings the enemy destroyed, and goods of choice still to be chosen (+ gain, - lose)."""

    goods: tuple[int, int, int] = (0, 0, 0)
    vp: int = 0
    destroyed: tuple[str, ...] = ()
    choosing: int = 0


@dataclass(frozen=True, slots=True)
class Battle:
    """A fought winter: card, King's die, combat value and result ("won"/"tied"/"lost") per seat,
    and what each seat gained or lost (`effects`, by seat; empty in games saved before it)."""

    year: int
    card_id: str
    kings_die: int
    combat: tuple[int, ...]
    results: tuple[str, ...]
    effects: tuple[BattleEffect, ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """The whole game.

    n: number of seats. year 1..5, phase 1..8, step: see Step.
    players: by seat. turn_order: seats, first player first.
    deck: the five enemy card ids drawn at setup, index year-1 (secret until revealed).
    revealed: how many of them have been turned face up (== year once winter came).
    peeked: seats that looked at this year's enemy (General / Queen) this year.
    envoy: seat holding the King's Envoy, or None.
    court: dice groups on the advisors this season, in placement order.
    dummy_rolls / dummy_aside: the two-player dummy dice of this season.
    queue: seats still to act, in order, in sequential steps (head acts).
    aid_pending: seats still choosing their good from the King (simultaneous).
    gifts: advisor gifts still to give (head first). choices: winter goods choices (head first).
    kings_die: this winter's die. battles: finished winters. recent: last apply's public texts.
    """

    n: int
    year: int
    phase: int
    step: Step
    players: tuple[Player, ...]
    turn_order: tuple[int, ...]
    deck: tuple[str, ...]
    rng: Rng
    revealed: int = 0
    peeked: frozenset[int] = frozenset()
    envoy: int | None = None
    court: tuple[Group, ...] = ()
    dummy_rolls: tuple[tuple[int, ...], ...] = ()
    dummy_aside: int | None = None
    queue: tuple[int, ...] = ()
    aid_pending: frozenset[int] = frozenset()
    gifts: tuple[GiftDue, ...] = ()
    choices: tuple[WinterChoice, ...] = ()
    kings_die: int | None = None
    battles: tuple[Battle, ...] = ()
    recent: tuple[str, ...] = ()

    def groups_on(self, advisor: int) -> tuple[Group, ...]:
        """The groups on one advisor."""
        return tuple(g for g in self.court if g.advisor == advisor)

    def with_player(self, seat: int, player: Player) -> State:
        """A copy with one player replaced."""
        ps = list(self.players)
        ps[seat] = player
        return replace(self, players=tuple(ps))
