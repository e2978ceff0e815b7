"""Architects of the West Kingdom: the main board's numbers (locations, tracks, Cathedral,
Guildhall, Black Market cards, reward cards, side-2 characters). Source: the rulebook and
`shared/rules/data/architects.yaml` (high confidence)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.text import tx, tx_c

RESOURCES = ("clay", "wood", "stone", "gold", "marble")
"""Goods a player holds besides silver, in display order."""

COLOURS = ("red", "blue", "yellow", "green", "purple")
LETTERS = ("R", "B", "Y", "G", "P")
AUTOMA_COLOUR = "black"
AUTOMA_LETTER = "K"

# Large-circle locations (capturable, a worker may be taken back from them), in board order.
LARGE = (
    "quarry",
    "forest",
    "mines",
    "silversmith",
    "storehouse",
    "workshop",
    "towncentre",
    "taxstand",
    "guardhouse",
)
LOCATION_NAMES = {
    "quarry": tx_c("location", "Quarry"),
    "forest": tx_c("location", "Forest"),
    "mines": tx_c("location", "Mines"),
    "silversmith": tx_c("location", "Silversmith"),
    "storehouse": tx_c("location", "King's Storehouse"),
    "workshop": tx_c("location", "Workshop"),
    "towncentre": tx_c("location", "Town Centre"),
    "taxstand": tx_c("location", "Tax Stand"),
    "guardhouse": tx_c("location", "Guardhouse"),
    "blackmarket": tx_c("location", "Black Market"),
    "guildhall": tx_c("location", "Guildhall"),
}

LOCATION_ALIASES = {
    # The German edition's names (Schwerkraft-Verlag), as the catalog says them, written
    # without spaces, capitals or umlauts; tests/games/architects check them against the catalog.
    "steinbruch": "quarry",
    "wald": "forest",
    "mine": "mines",
    "minen": "mines",
    "silberschmiede": "silversmith",
    "silberschmied": "silversmith",
    "koniglicheslager": "storehouse",
    "koeniglicheslager": "storehouse",
    "lager": "storehouse",
    "werkstatt": "workshop",
    "stadtzentrum": "towncentre",
    "steueramt": "taxstand",
    "steuerstand": "taxstand",
    "wachhaus": "guardhouse",
    "wache": "guardhouse",
    "schwarzmarkt": "blackmarket",
    "zunfthalle": "guildhall",
}
"""Location names players may type besides the English ones, by notation key."""

BUILDING_ALIASES = {
    # The German names the catalog gives the buildings, written as `plain_word` spells a name
    # typed without spaces or hyphens; tests/games/architects check them against the catalog.
    "aquadukt": "aqueduct",  # Aquädukt
    "waffenkammer": "armoury",  # Waffenkammer
    "kaserne": "barracks",  # Kaserne
    "wetthaus": "betting-house",  # Wetthaus
    "zimmermannshutte": "carpenters-hut",  # Zimmermannshütte
    "burg": "castle",  # Burg
    "kapelle": "chapel",  # Kapelle
    "kirche": "church",  # Kirche
    "lehmmarkt": "clay-market",  # Lehmmarkt
    "lehmgrube": "clay-pit",  # Lehmgrube
    "zeichenstube": "drafting-room",  # Zeichenstube
    "verlies": "dungeon",  # Verlies
    "manufaktur": "factory",  # Manufaktur
    "festung": "fortress",  # Festung
    "springbrunnen": "fountain",  # Springbrunnen
    "galerie": "gallery",  # Galerie
    "spielholle": "gamblers-den",  # Spielhölle
    "versteck": "hideout",  # Versteck
    "bergfried": "keep",  # Bergfried
    "bibliothek": "library",  # Bibliothek
    "leuchtturm": "lighthouse",  # Leuchtturm
    "holzfallerlager": "lumber-camp",  # Holzfällerlager
    "maurerhutte": "masons-hut",  # Maurerhütte
    "geldverleiher": "moneylender",  # Geldverleiher
    "denkmal": "monument",  # Denkmal
    "palast": "palace",  # Palast
    "wasserspeicher": "reservoir",  # Wasserspeicher
    "silbermarkt": "silver-market",  # Silbermarkt
    "schmiede": "smithy",  # Schmiede
    "kirchturm": "steeple",  # Kirchturm
    "steinmarkt": "stone-market",  # Steinmarkt
    "schenke": "tavern",  # Schenke
    "diebeshohle": "thieves-den",  # Diebeshöhle
    "dachdeckerhutte": "tilers-hut",  # Dachdeckerhütte
    "handelsposten": "trading-post",  # Handelsposten
    "schatzkammer": "treasury",  # Schatzkammer
    "universitat": "university",  # Universität
    "wachturm": "watchtower",  # Wachturm
    "brunnen": "well",  # Brunnen
    "holzmarkt": "wood-market",  # Holzmarkt
}
"""Building names players may type besides the English ones, by slug."""

COLOUR_ALIASES = {
    "rot": "red",
    "blau": "blue",
    "gelb": "yellow",
    "grun": "green",
    "gruen": "green",
    "lila": "purple",
    "schwarz": "black",
}
"""Colour names players may type besides the English ones (German)."""


def plain_word(word: str) -> str:
    """A typed word as the aliases spell it: lower case, no apostrophe, umlauts as plain
    vowels ("Königliches" -> "koniglicheslager" once joined)."""
    out = word.lower().replace("'", "").replace("’", "")
    return out.translate(str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"}))


START_VIRTUE = 7
WORKERS = 20
TAX_STAND_START = 4
HAND_LIMIT = 6
APPRENTICE_LIMIT = 5
VIRTUE_MAX = 14
BLACK_MARKET_CLOSED_AT = 10  # virtue >= this: no Black Market
CATHEDRAL_CLOSED_AT = 4  # virtue <= this: no Cathedral
VIRTUE_VP = (-9, -8, -7, -5, -3, -1, 0, 0, 0, 0, 1, 2, 3, 5, 7)  # index = virtue 0..14


def avoid_tax_icons(virtue: int) -> int:
    """How many Tax a player at `virtue` ignores on every taxed cost (2 at 0-1, 1 at 2-3)."""
    return 2 if virtue <= 1 else 1 if virtue <= 3 else 0


def guildhall_columns(players: int) -> int:
    """Columns of the Guildhall in use: 3 for 1-2 players, 4 for 3, 5 for 4, 6 for 5."""
    return {1: 3, 2: 3, 3: 4, 4: 5, 5: 6}[players]


def reset_positions(players: int) -> tuple[int, int]:
    """0-based fill positions of the left-most spaces of the bottom two Guildhall rows."""
    cols = guildhall_columns(players)
    return (2 * cols, 3 * cols)


@dataclass(frozen=True, slots=True)
class CathedralLevel:
    """One Cathedral level: its cost (`mix` = that many stone/wood in any mix), VP and spaces."""

    cost: tuple[tuple[str, int], ...]
    mix: int
    vp: int
    spaces: int


CATHEDRAL = (
    CathedralLevel((("gold", 1),), 0, 2, 3),
    CathedralLevel((), 4, 4, 3),
    CathedralLevel((("marble", 1),), 0, 7, 2),
    CathedralLevel((), 8, 12, 2),
    CathedralLevel((("gold", 2), ("marble", 2)), 0, 20, 1),
)
"""Levels 1..5 (index 0..4)."""

# Reward cards: 11 in the box; 2 per player + 1 in play (5 with the automated opponent).
REWARDS: tuple[tuple[tuple[str, int], ...], ...] = (
    (("virtue", 1), ("silver", 3)),
    (("virtue", 1), ("silver", 3)),
    (("virtue", 1), ("wood", 2)),
    (("virtue", 1), ("wood", 2)),
    (("virtue", 1), ("stone", 2)),
    (("virtue", 1), ("stone", 2)),
    (("virtue", 1), ("cards", 1)),
    (("virtue", 1), ("cards", 1)),
    (("virtue", 2),),
    (("virtue", 2),),
    (("virtue", 1), ("gold", 1)),
)

# Black Market cards: (small side for space A, large side for space C).
BLACK_MARKET: tuple[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]], ...] = (
    ((("marble", 1),), (("marble", 2), ("wood", 2))),
    ((("gold", 2),), (("marble", 1), ("gold", 1), ("stone", 1), ("wood", 1))),
    ((("marble", 1), ("stone", 1)), (("marble", 2), ("stone", 2))),
    ((("gold", 1), ("wood", 1)), (("gold", 1), ("stone", 1), ("wood", 2))),
    ((("marble", 1), ("wood", 1)), (("marble", 1), ("wood", 1), ("stone", 2))),
    ((("marble", 1),), (("marble", 2), ("stone", 2))),
    ((("gold", 2),), (("marble", 1), ("wood", 1), ("stone", 2))),
    ((("marble", 1), ("stone", 1)), (("gold", 1), ("stone", 1), ("wood", 2))),
    ((("gold", 1), ("wood", 1)), (("marble", 1), ("gold", 1), ("stone", 1), ("wood", 1))),
    ((("marble", 1), ("wood", 1)), (("marble", 2), ("wood", 2))),
)
# Printed under each pile, used while that pile is empty (the large pile starts empty).
BLACK_MARKET_PRINTED_A = (("marble", 1), ("gold", 1))
BLACK_MARKET_PRINTED_C = (("marble", 2), ("stone", 1), ("wood", 1))
BLACK_MARKET_COST = (1, 2, 3)  # silver for spaces A, B, C (not Tax)


@dataclass(frozen=True, slots=True)
class Character:
    """A side-2 player board: starting goods and a power."""

    key: str
    name: str
    prison: int
    silver: int
    virtue: int
    items: tuple[tuple[str, int], ...]
    debts: int
    extra_cards: int
    power: str


CHARACTERS = (
    Character(
        "ada",
        "Ada",  # i18n-exempt: a character's name
        0,
        0,
        11,
        (("gold", 1),),
        0,
        1,
        tx("ignores 1 Tax on every taxed cost"),
    ),
    Character(
        "caroline",
        "Caroline",  # i18n-exempt: a character's name
        8,
        10,
        3,
        (("marble", 1),),
        1,
        0,
        tx("draws 1 Building card each time she takes a Black Market action"),
    ),
    Character(
        "frederick",
        "Frederick",  # i18n-exempt: a character's name
        0,
        4,
        7,
        (("stone", 1),),
        0,
        0,
        tx("needs no Building card discard to advance the Cathedral"),
    ),
    Character(
        "rudolf",
        "Rudolf",  # i18n-exempt: a character's name
        0,
        3,
        9,
        (("wood", 1),),
        0,
        0,
        tx("pays 1 less Silver (not Tax) to hire at the Workshop and may keep 6 Apprentices"),
    ),
    Character(
        "therese",
        "Therese",  # i18n-exempt: a character's name
        4,
        5,
        5,
        (),
        0,
        1,
        tx("treats Marble and Gold as the same resource"),
    ),
)
CHARACTER_BY_KEY = {c.key: c for c in CHARACTERS}
