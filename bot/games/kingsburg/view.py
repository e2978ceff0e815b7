"""What a viewer sees of a Kingsburg game: everything public plus the viewer's own secret peek.

The renderer draws only these types. Static facts (building costs and grid positions, advisor
gifts, card texts) live in `bot.games.kingsburg.data`, which the renderer may import as well.

Conventions used throughout:
- seats are 0-based ints (`Seat`); colours are "red", "blue", "green", "yellow", "purple";
- goods are always ordered gold, wood, stone;
- province sheet rows 1..5 (top to bottom) and columns 1..4 (left to right, printed I..IV);
- advisors are numbered 1..18.

Stability promise: fields are only ever appended at the end of a class, with defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.protocol import Seat
from bot.games.text import tx

PHASE_NAMES: tuple[str, ...] = (
    tx("Aid from the King"),
    tx("Spring"),
    tx("The King's Reward"),
    tx("Summer"),
    tx("The King's Envoy"),
    tx("Autumn"),
    tx("Recruit Soldiers"),
    tx("Winter - The Battle"),
)
"""Phase names by phase number - 1 (the calendar track)."""

STEP_NAMES: dict[str, str] = {
    "aid": tx("Choose a good from the King"),
    "roll": tx("Roll dice"),
    "reroll": tx("Statue / Chapel rerolls"),
    "influence": tx("Influence the King's advisors"),
    "gifts": tx("Receive help from the advisors"),
    "build": tx("Construct buildings"),
    "townhall": tx("End of season: Town Hall"),
    "reward": tx("The King's Reward"),
    "envoy": tx("The King's Envoy"),
    "recruit": tx("Recruit soldiers"),
    "battle": tx("Winter battle"),
    "over": tx("Game over"),
}
"""Human names for `KingsburgView.step` values."""


@dataclass(frozen=True, slots=True)
class DieView:
    """One die of a seat this season.

    `colour` is the seat's colour, or "white" for a white die (King's aid or Farms).
    `placed_on` is the advisor number the die sits on, or None while it is still unplaced.
    """

    value: int
    colour: str
    white: bool
    placed_on: int | None


@dataclass(frozen=True, slots=True)
class BuiltBuilding:
    """A building a seat owns: id as in `data.BUILDINGS`, display name and sheet position."""

    building_id: str
    name: str
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """One governor.

    `turn_position` is 1 for the first player on the Turn Order Chart.
    `dice` are this season's rolled dice (public once rolled), white dice included; empty outside
    productive seasons or before the roll. `unplaced` are their values still not on an advisor.
    `white_dice` counts white dice this seat rolls this season (King's aid in spring, Farms).
    `aid_white_die` is True when the King's aid granted this seat the extra spring die this year.
    `passed` is True once the seat passed in the influence step.
    `statue_used` / `chapel_used` / `market_used` / `townhall_used`: once-per-season powers spent.
    `builds_this_season` is 0, 1 or 2 (2 only with the King's Envoy).
    `combat_value` is this winter's total (None before the battle), `battle_result` is
    "won", "tied" or "lost" (None before the battle).
    """

    seat: Seat
    colour: str
    turn_position: int
    gold: int
    wood: int
    stone: int
    plus_two: int
    soldiers: int
    vp: int
    buildings: tuple[BuiltBuilding, ...]
    has_envoy: bool
    dice: tuple[DieView, ...]
    unplaced: tuple[int, ...]
    white_dice: int
    aid_white_die: bool
    passed: bool
    statue_used: bool
    chapel_used: bool
    market_used: bool
    townhall_used: bool
    builds_this_season: int
    combat_value: int | None
    battle_result: str | None


@dataclass(frozen=True, slots=True)
class DiceGroupView:
    """A dice group on an advisor.

    `owner` is the seat, or None for the two-player dummy dice; `owner_label` is the colour or
    "dummy". `values` lists every die of the group; `whites` how many of them are white.
    `plus_two` is True when a "+2" token was added; `market_shift` is -1, 0 or +1 (Market used).
    `via_envoy` is True when the King's Envoy allowed this second group on the advisor.
    """

    owner: Seat | None
    owner_label: str
    values: tuple[int, ...]
    whites: int
    plus_two: bool
    market_shift: int
    via_envoy: bool


@dataclass(frozen=True, slots=True)
class AdvisorView:
    """One space of the King's court with the groups on it this season (placement order)."""

    number: int
    name: str
    gift: str
    groups: tuple[DiceGroupView, ...]


@dataclass(frozen=True, slots=True)
class EnemyCardView:
    """A revealed (or privately peeked) enemy card.

    `card_id` is unique per card (e.g. "enemy-III-goblins-2"); `enemy` is the type name
    (Goblins, Orcs, ...); `reward` and `penalty` are short sentences; `reward_items` and
    `penalty_items` the same as (key, amount) pairs with keys gold/wood/stone/goods_of_choice/vp/
    buildings. `verified` is False for cards taken from an unverified transcription.
    """

    card_id: str
    year: int
    enemy: str
    strength: int
    reward: str
    penalty: str
    reward_items: tuple[tuple[str, int], ...]
    penalty_items: tuple[tuple[str, int], ...]
    verified: bool


@dataclass(frozen=True, slots=True)
class BattleEffectView:
    """What one seat gained or lost in a winter.

    `goods` is the net change (gold, wood, stone), `vp` the net VP change (rewards, the strongest
    defender's bonus, the Fortress, penalties), `destroyed` the names of the buildings the enemy
    destroyed, `choosing` goods of choice still being chosen (+ to gain, - to give up).
    `text` says it all in a few words, e.g. "+1 stone, +2 VP" or "-1 gold, Crane destroyed"
    ("nothing" when nothing changed).
    """

    seat: Seat
    goods: tuple[int, int, int]
    vp: int
    destroyed: tuple[str, ...]
    choosing: int
    text: str


@dataclass(frozen=True, slots=True)
class BattleRecord:
    """A finished winter: the card, the King's die and each seat's combat value and result.

    `effects` (by seat) says what each seat gained or lost; empty for games saved before the
    engine recorded it.
    """

    year: int
    enemy: EnemyCardView
    kings_die: int
    combat: tuple[tuple[Seat, int], ...]
    results: tuple[tuple[Seat, str], ...]
    effects: tuple[BattleEffectView, ...] = ()


@dataclass(frozen=True, slots=True)
class PendingChoice:
    """A decision somebody still owes: the seat and a sentence describing it."""

    seat: Seat
    text: str


@dataclass(frozen=True, slots=True)
class KingsburgView:
    """The position as `viewer` (None: a spectator) may see it.

    `phase` is 1..8 (`phase_name` from PHASE_NAMES); `step` is a key of STEP_NAMES.
    `seats` is indexed by seat; `turn_order` lists seats first to last.
    `court` has the 18 advisors in order 1..18. `dummy_dice` are the two-player dummy dice rolled
    this season as (values of the three, values of the two); `dummy_set_aside` is a die value put
    aside when both dummy totals matched and the two dice were identical (else None).
    `enemy` is this year's enemy once revealed in winter; `past_battles` the finished winters.
    `strength_ranges` are the printed card backs: (min, max) strength for years I..V.
    `peeked_enemy` is this year's enemy card if (and only if) the viewer looked at it this year
    through the General or the Queen; None for everybody else.
    `kings_die` is this winter's reinforcement die once rolled.
    `to_act` are the seats awaited now; `pending` describes their choices.
    `last_events` are the texts of the most recent public events (for captions).
    `last_battle` is the most recent winter (this year's once revealed, else last year's; None
    before the first winter): its card, King's die and every seat's result and effects, so a
    player who was away can see what happened.
    """

    viewer: Seat | None
    players: int
    year: int
    phase: int
    phase_name: str
    step: str
    step_name: str
    seats: tuple[SeatView, ...]
    turn_order: tuple[Seat, ...]
    envoy_holder: Seat | None
    court: tuple[AdvisorView, ...]
    dummy_dice: tuple[tuple[int, ...], ...]
    dummy_set_aside: int | None
    enemy: EnemyCardView | None
    past_battles: tuple[BattleRecord, ...]
    strength_ranges: tuple[tuple[int, int], ...]
    peeked_enemy: EnemyCardView | None
    kings_die: int | None
    to_act: frozenset[Seat]
    pending: tuple[PendingChoice, ...]
    finished: bool
    winners: frozenset[Seat]
    result_text: str | None
    last_events: tuple[str, ...] = ()
    last_battle: BattleRecord | None = None
