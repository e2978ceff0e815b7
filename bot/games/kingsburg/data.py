"""Kingsburg component data: the province sheet, the 18 advisors and the 25 enemy cards.

Numbers come from /work/shared/rules/data/kingsburg.yaml (base game). The enemy cards are taken from
a single public transcription and are marked unverified there (only the year I Goblins of strength
3 is confirmed by the rulebook); `EnemyCard.verified` says which. The renderer may import this
module: it holds facts only, no game state and no secrets.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.kingsburg.texts import count, joined
from bot.games.text import tx, tx_c

GOODS: tuple[str, str, str] = ("gold", "wood", "stone")
"""The three goods, in the canonical order used everywhere (tuples of counts follow it)."""

COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
"""Seat colours by seat index."""

ROMAN: tuple[str, ...] = ("I", "II", "III", "IV", "V")

BARBARIANS = "Barbarians"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)
GOBLINS = "Goblins"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)
ORCS = "Orcs"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)
ZOMBIES = "Zombies"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)
DEMONS = "Demons"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)
DRAGONS = "Dragons"  # i18n-exempt: an enemy type (data key; `enemy_name` says it)


@dataclass(frozen=True, slots=True)
class Building:
    """A building of the province sheet.

    `cost` is (gold, wood, stone); `battle` the flat combat bonus; `battle_vs` replaces it against
    one enemy type (e.g. the Barricade is +1 against Goblins only).
    """

    building_id: str
    name: str
    row: int
    column: int
    cost: tuple[int, int, int]
    vp: int
    battle: int
    battle_vs: tuple[tuple[str, int], ...]
    power: str

    def battle_bonus(self, enemy: str) -> int:
        """This building's combat bonus against an enemy type."""
        for kind, value in self.battle_vs:
            if kind == enemy:
                return value
        return self.battle


def _b(
    bid: str,
    name: str,
    row: int,
    col: int,
    cost: tuple[int, int, int],
    vp: int,
    battle: int,
    power: str,
    vs: tuple[tuple[str, int], ...] = (),
) -> Building:
    return Building(bid, name, row, col, cost, vp, battle, vs, power)


BUILDINGS: tuple[Building, ...] = (
    _b(
        "statue",
        tx_c("building", "Statue"),
        1,
        1,
        (2, 0, 0),
        3,
        0,
        tx("Once a season, after rolling: if all your dice (white too) match, reroll one."),
    ),
    _b(
        "chapel",
        tx_c("building", "Chapel"),
        1,
        2,
        (3, 0, 1),
        5,
        0,
        tx("Once a season, after rolling: if your dice total 7 or less, reroll them all."),
    ),
    _b(
        "church",
        tx_c("building", "Church"),
        1,
        3,
        (3, 1, 2),
        7,
        0,
        tx("+1 in battle against Demons."),
        ((DEMONS, 1),),
    ),
    _b(
        "cathedral",
        tx_c("building", "Cathedral"),
        1,
        4,
        (5, 0, 3),
        9,
        0,
        tx("Game end: +1 VP per 2 goods you hold."),
    ),
    _b(
        "inn",
        tx_c("building", "Inn"),
        2,
        1,
        (1, 1, 0),
        0,
        0,
        tx('End of every summer: take a "+2" token (it may pay the Town Hall at once).'),
    ),
    _b(
        "market",
        tx_c("building", "Market"),
        2,
        2,
        (2, 2, 0),
        1,
        0,
        tx("Once a season: one dice group may influence the advisor 1 above or below its total."),
    ),
    _b(
        "farms",
        tx_c("building", "Farms"),
        2,
        3,
        (2, 3, 1),
        2,
        -1,
        tx("Roll one extra white die every productive season; -1 in battle."),
    ),
    _b(
        "merchants-guild",
        tx_c("building", "Merchants' Guild"),
        2,
        4,
        (3, 1, 2),
        4,
        0,
        tx("Take 1 gold before each productive season's roll."),
    ),
    _b("guard-tower", tx_c("building", "Guard Tower"), 3, 1, (1, 0, 1), 1, 1, tx("+1 in battle.")),
    _b("blacksmith", tx_c("building", "Blacksmith"), 3, 2, (1, 2, 0), 2, 1, tx("+1 in battle.")),
    _b(
        "barracks",
        tx_c("building", "Barracks"),
        3,
        3,
        (2, 2, 1),
        4,
        0,
        tx("Recruit soldiers for 1 good each instead of 2."),
    ),
    _b(
        "wizards-guild",
        tx_c("building", "Wizards' Guild"),
        3,
        4,
        (3, 2, 2),
        6,
        2,
        tx("+2 in battle."),
    ),
    _b(
        "palisade",
        tx_c("building", "Palisade"),
        4,
        1,
        (0, 2, 0),
        0,
        1,
        tx("+1 in battle (+2 against Zombies)."),
        ((ZOMBIES, 2),),
    ),
    _b(
        "stables",
        tx_c("building", "Stables"),
        4,
        2,
        (1, 1, 1),
        2,
        0,
        tx("Once a season: one more soldier from the Sergeant (5), General (10) or King (18)."),
    ),
    _b(
        "stone-wall",
        tx_c("building", "Stone Wall"),
        4,
        3,
        (2, 0, 2),
        2,
        1,
        tx("+1 in battle; a tied battle is a win for you."),
    ),
    _b(
        "fortress",
        tx_c("building", "Fortress"),
        4,
        4,
        (3, 0, 2),
        4,
        1,
        tx("+1 in battle; +1 VP for every battle you win."),
    ),
    _b(
        "barricade",
        tx_c("building", "Barricade"),
        5,
        1,
        (0, 1, 0),
        0,
        0,
        tx("+1 in battle against Goblins."),
        ((GOBLINS, 1),),
    ),
    _b(
        "crane",
        tx_c("building", "Crane"),
        5,
        2,
        (0, 1, 1),
        1,
        0,
        tx("Once a season: a building in column III or IV costs 1 gold less."),
    ),
    _b(
        "town-hall",
        tx_c("building", "Town Hall"),
        5,
        3,
        (2, 1, 1),
        2,
        0,
        tx('End of each productive season: 1 VP for a "+2" token or a good.'),
    ),
    _b(
        "embassy",
        tx_c("building", "Embassy"),
        5,
        4,
        (2, 2, 2),
        4,
        0,
        tx("End of each productive season: +1 VP."),
    ),
)

BUILDING_BY_ID: dict[str, Building] = {b.building_id: b for b in BUILDINGS}
BUILDING_AT: dict[tuple[int, int], Building] = {(b.row, b.column): b for b in BUILDINGS}


def left_neighbours(building_id: str) -> tuple[str, ...]:
    """Ids of the buildings to the left in the same row (all must be owned before building)."""
    return _LEFT[building_id]


_LEFT: dict[str, tuple[str, ...]] = {
    b.building_id: tuple(BUILDING_AT[(b.row, c)].building_id for c in range(1, b.column))
    for b in BUILDINGS
}


def cost_for(building_id: str, has_crane: bool) -> tuple[int, int, int]:
    """The cost a player pays: the Crane takes 1 gold off buildings in columns III and IV."""
    b = BUILDING_BY_ID[building_id]
    gold, wood, stone = b.cost
    if has_crane and b.column >= 3:
        gold = max(0, gold - 1)
    return (gold, wood, stone)


class GiftKind:
    """How an advisor's gift is resolved (plain string constants kept in `Advisor.kind`)."""

    FIXED = "fixed"  # no choice: goods/vp/soldiers given as listed
    CHOICE = "choice"  # one of several fixed bundles (Merchant, Master Hunter, Swordsmith)
    ALCHEMIST = "alchemist"  # trade one good for the other two
    GOODS = "goods"  # N goods of the player's choice plus fixed extras
    SMUGGLER = "smuggler"  # pay 1 VP for 3 goods of choice


@dataclass(frozen=True, slots=True)
class Advisor:
    """One of the 18 advisors.

    `goods` are fixed goods (gold, wood, stone); `choices` the alternative bundles for the
    slash-advisors; `goods_of_choice` how many goods the player picks freely; `plus_two`, `vp`,
    `soldiers` fixed extras; `peek` True for the General and the Queen.
    """

    number: int
    name: str
    gift: str
    kind: str
    goods: tuple[int, int, int] = (0, 0, 0)
    choices: tuple[tuple[int, int, int], ...] = ()
    goods_of_choice: int = 0
    plus_two: int = 0
    vp: int = 0
    soldiers: int = 0
    peek: bool = False


ADVISORS: tuple[Advisor, ...] = (
    Advisor(1, tx_c("advisor", "Jester"), tx("1 VP"), GiftKind.FIXED, vp=1),
    Advisor(2, tx_c("advisor", "Squire"), tx("1 gold"), GiftKind.FIXED, goods=(1, 0, 0)),
    Advisor(3, tx_c("advisor", "Architect"), tx("1 wood"), GiftKind.FIXED, goods=(0, 1, 0)),
    Advisor(
        4,
        tx_c("advisor", "Merchant"),
        tx("1 wood or 1 gold"),
        GiftKind.CHOICE,
        choices=((1, 0, 0), (0, 1, 0)),
    ),
    Advisor(5, tx_c("advisor", "Sergeant"), tx("1 soldier"), GiftKind.FIXED, soldiers=1),
    Advisor(
        6, tx_c("advisor", "Alchemist"), tx("trade 1 good for the other 2"), GiftKind.ALCHEMIST
    ),
    Advisor(
        7,
        tx_c("advisor", "Astronomer"),
        tx('1 good of choice + a "+2" token'),
        GiftKind.GOODS,
        goods_of_choice=1,
        plus_two=1,
    ),
    Advisor(8, tx_c("advisor", "Treasurer"), tx("2 gold"), GiftKind.FIXED, goods=(2, 0, 0)),
    Advisor(
        9,
        tx_c("advisor", "Master Hunter"),
        tx("1 wood + 1 gold, or 1 wood + 1 stone"),
        GiftKind.CHOICE,
        choices=((1, 1, 0), (0, 1, 1)),
    ),
    Advisor(
        10,
        tx_c("advisor", "General"),
        tx("2 soldiers + peek at the enemy"),
        GiftKind.FIXED,
        soldiers=2,
        peek=True,
    ),
    Advisor(
        11,
        tx_c("advisor", "Swordsmith"),
        tx("1 stone + 1 wood, or 1 stone + 1 gold"),
        GiftKind.CHOICE,
        choices=((1, 0, 1), (0, 1, 1)),
    ),
    Advisor(
        12,
        tx_c("advisor", "Duchess"),
        tx('2 goods of choice + a "+2" token'),
        GiftKind.GOODS,
        goods_of_choice=2,
        plus_two=1,
    ),
    Advisor(13, tx_c("advisor", "Champion"), tx("3 stone"), GiftKind.FIXED, goods=(0, 0, 3)),
    Advisor(
        14,
        tx_c("advisor", "Smuggler"),
        tx("pay 1 VP for 3 goods of choice"),
        GiftKind.SMUGGLER,
        goods_of_choice=3,
    ),
    Advisor(
        15,
        tx_c("advisor", "Inventor"),
        tx("1 gold, 1 wood, 1 stone"),
        GiftKind.FIXED,
        goods=(1, 1, 1),
    ),
    Advisor(16, tx_c("advisor", "Wizard"), tx("4 gold"), GiftKind.FIXED, goods=(4, 0, 0)),
    Advisor(
        17,
        tx_c("advisor", "Queen"),
        tx("2 goods of choice + peek + 3 VP"),
        GiftKind.GOODS,
        goods_of_choice=2,
        vp=3,
        peek=True,
    ),
    Advisor(
        18,
        tx_c("advisor", "King"),
        tx("1 gold, 1 wood, 1 stone + 1 soldier"),
        GiftKind.FIXED,
        goods=(1, 1, 1),
        soldiers=1,
    ),
)

ADVISOR_BY_NUMBER: dict[int, Advisor] = {a.number: a for a in ADVISORS}

STABLES_SOLDIER_ADVISORS: frozenset[int] = frozenset({5, 10, 18})
"""Advisors that give one more soldier to a Stables owner."""


@dataclass(frozen=True, slots=True)
class EnemyCard:
    """An enemy card. `reward`/`penalty` are (key, amount) pairs; keys: gold, wood, stone,
    goods_of_choice, vp, buildings."""

    card_id: str
    year: int
    enemy: str
    strength: int
    reward: tuple[tuple[str, int], ...]
    penalty: tuple[tuple[str, int], ...]
    verified: bool


def _e(
    year: int, n: int, enemy: str, strength: int, reward: dict[str, int], penalty: dict[str, int]
) -> EnemyCard:
    cid = f"enemy-{ROMAN[year - 1]}-{enemy.lower()}-{n}"
    verified = (year, enemy, strength) == (1, GOBLINS, 3)
    return EnemyCard(
        cid, year, enemy, strength, tuple(reward.items()), tuple(penalty.items()), verified
    )


ENEMY_CARDS: tuple[EnemyCard, ...] = (
    _e(1, 1, BARBARIANS, 2, {"gold": 1}, {"goods_of_choice": 1, "buildings": 1}),
    _e(1, 2, GOBLINS, 2, {"wood": 1}, {"vp": 1, "wood": 1, "stone": 1, "buildings": 1}),
    _e(1, 3, GOBLINS, 3, {"stone": 1}, {"gold": 1, "buildings": 1}),
    _e(1, 4, ORCS, 3, {"gold": 1}, {"vp": 1, "goods_of_choice": 2}),
    _e(1, 5, ZOMBIES, 4, {"vp": 1}, {"vp": 2}),
    _e(2, 1, GOBLINS, 3, {"wood": 1}, {"vp": 1, "wood": 2, "stone": 2, "buildings": 1}),
    _e(2, 2, GOBLINS, 4, {"stone": 1}, {"gold": 2, "buildings": 1}),
    _e(2, 3, ORCS, 4, {"gold": 1}, {"goods_of_choice": 2, "buildings": 1}),
    _e(2, 4, BARBARIANS, 5, {"gold": 1}, {"vp": 1, "goods_of_choice": 2}),
    _e(2, 5, ZOMBIES, 5, {"vp": 1}, {"vp": 2}),
    _e(3, 1, GOBLINS, 4, {"wood": 1}, {"vp": 1, "wood": 3, "stone": 3, "buildings": 1}),
    _e(3, 2, GOBLINS, 5, {"stone": 1}, {"gold": 3, "buildings": 1}),
    _e(3, 3, ORCS, 5, {"gold": 1}, {"goods_of_choice": 2, "buildings": 1}),
    _e(3, 4, DEMONS, 6, {"vp": 1}, {"vp": 1, "gold": 2, "wood": 1, "stone": 1}),
    _e(3, 5, ZOMBIES, 6, {"vp": 1}, {"vp": 2}),
    _e(4, 1, GOBLINS, 5, {"wood": 1}, {"vp": 1, "wood": 4, "stone": 4, "buildings": 1}),
    _e(4, 2, GOBLINS, 6, {"stone": 1}, {"gold": 4, "buildings": 1}),
    _e(4, 3, DEMONS, 6, {"gold": 1}, {"goods_of_choice": 4, "buildings": 1}),
    _e(4, 4, ORCS, 7, {"goods_of_choice": 1}, {"goods_of_choice": 2, "buildings": 1}),
    _e(4, 5, ZOMBIES, 7, {"vp": 1}, {"vp": 2}),
    _e(5, 1, BARBARIANS, 7, {"vp": 1}, {"vp": 8}),
    _e(5, 2, BARBARIANS, 8, {"vp": 1}, {"buildings": 1}),
    _e(5, 3, DEMONS, 8, {"vp": 2}, {"vp": 2, "buildings": 1}),
    _e(5, 4, DEMONS, 9, {"vp": 2}, {"buildings": 1}),
    _e(5, 5, DRAGONS, 9, {"vp": 3}, {"vp": 5}),
)

ENEMY_BY_ID: dict[str, EnemyCard] = {c.card_id: c for c in ENEMY_CARDS}


def cards_of_year(year: int) -> tuple[EnemyCard, ...]:
    """The five cards whose back shows `year`."""
    return tuple(c for c in ENEMY_CARDS if c.year == year)


STRENGTH_RANGES: tuple[tuple[int, int], ...] = tuple(
    (min(c.strength for c in cards_of_year(y)), max(c.strength for c in cards_of_year(y)))
    for y in range(1, 6)
)
"""(min, max) enemy strength per year, as printed on the card backs (public)."""


_ITEM_WORDS = {
    "gold": "gold",
    "wood": "wood",
    "stone": "stone",
    "goods_of_choice": "goods_of_choice",
    "vp": "VP",
    "buildings": "building",
}


def describe_items(items: tuple[tuple[str, int], ...]) -> str:
    """A short sentence for a reward or penalty, e.g. "1 gold, 1 building"."""
    parts = [count(n, _ITEM_WORDS[k]) for k, n in items]
    return joined(parts) if parts else tx("nothing")


ENEMY_NAMES: dict[str, str] = {
    BARBARIANS: tx_c("enemy", "Barbarians"),
    GOBLINS: tx_c("enemy", "Goblins"),
    ORCS: tx_c("enemy", "Orcs"),
    ZOMBIES: tx_c("enemy", "Zombies"),
    DEMONS: tx_c("enemy", "Demons"),
    DRAGONS: tx_c("enemy", "Dragons"),
}
"""An enemy type (the data key on the cards, English) as players read it."""


def enemy_name(enemy: str) -> str:
    """An enemy type's name for players (GOBLINS); an unknown key as it is."""
    return ENEMY_NAMES.get(enemy, enemy)
