"""Settlers of Canaan: the rulebook's numbers and the replaceable map/event data with its geometry.

The rulebook gives the costs, pieces, cards and scores (constants here). The printed map and the
effects of most event cards are unknown; they come from a data file (`canaan.yaml` in this package
by default, replaceable by a server owner) parsed by `parse_data` into a `CanaanData`, which also
precomputes the board's geometry (intersections, paths and their neighbours) once.

Numbering shown to players: intersections 1..N and hexes A..S in reading order (north to south,
then west to east); a path is named by its two intersections, "12-17".
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.games.gamedata import DataError, Reader, fingerprint, load_yaml
from bot.games.text import Text, joined, tx, tx_c, tx_n

RESOURCES: tuple[str, ...] = ("lumber", "grain", "stone", "ore", "wool")
"""Resource order used in every hand tuple."""
R_INDEX = {name: i for i, name in enumerate(RESOURCES)}
LUMBER, GRAIN, STONE, ORE, WOOL = range(5)
RESOURCE_WORDS: tuple[Text, ...] = (
    tx_c("resource", "lumber"),
    tx_c("resource", "grain"),
    tx_c("resource", "stone"),
    tx_c("resource", "ore"),
    tx_c("resource", "wool"),
)
"""The resources as players read them (the notation keeps `RESOURCES`)."""

TERRAIN_RESOURCE: dict[str, int | None] = {
    "forest": LUMBER,
    "fields": GRAIN,
    "hills": STONE,
    "mountains": ORE,
    "pasture": WOOL,
    "copper": None,  # a card of the owner's choice
}
WATER = "sea_of_galilee"
TERRAINS = (*TERRAIN_RESOURCE, WATER)
TERRAIN_WORDS: dict[str, Text] = {
    "forest": tx_c("terrain", "forest"),
    "fields": tx_c("terrain", "fields"),
    "hills": tx_c("terrain", "hills"),
    "mountains": tx_c("terrain", "mountains"),
    "pasture": tx_c("terrain", "pasture"),
    "copper": tx_c("terrain", "copper"),
    WATER: tx_c("terrain", "sea of galilee"),
}
"""The terrains as players read them (the data file keeps its keys)."""

Hand = tuple[int, int, int, int, int]


def cost(**kw: int) -> Hand:
    """A resource vector from keyword counts: cost(ore=3, grain=2)."""
    v = [0] * 5
    for k, n in kw.items():
        v[R_INDEX[k]] = n
    return (v[0], v[1], v[2], v[3], v[4])


COSTS: dict[str, Hand] = {
    "road": cost(stone=1, lumber=1),
    "settlement": cost(stone=1, lumber=1, wool=1, grain=1),
    "city": cost(ore=3, grain=2),
    "development card": cost(ore=1, wool=1, grain=1),  # i18n-exempt: a data key
    "stone": cost(stone=1, ore=1),
}
BANK_PER_RESOURCE = 23
PIECES = {"road": 15, "settlement": 5, "city": 4, "stone": 20}
PRIESTS = 20
EVENT_CARDS = 11
EVENT_NAMES: tuple[str, ...] = (
    "Plentiful Lands",  # i18n-exempt: a data key
    "New Trade Route",  # i18n-exempt: a data key
    "Caravan",  # i18n-exempt: a data key
    "Korah's Rebellion",
    "Improvements",  # i18n-exempt: a data key
    "Bountiful Harvest",  # i18n-exempt: a data key
    "Gibeonite Trickery",  # i18n-exempt: a data key
    "Deborah's Song",
    "Prophet",  # i18n-exempt: a data key
    "Caleb's Blessing",
)
"""The event cards the rulebook names (ten names for eleven cards)."""
PRIEST_WORD = tx_c("card", "Priest")
CARD_WORDS: dict[str, Text] = {
    str(word): word
    for word in (
        PRIEST_WORD,
        tx_c("card", "Plentiful Lands"),
        tx_c("card", "New Trade Route"),
        tx_c("card", "Caravan"),
        tx_c("card", "Korah's Rebellion"),
        tx_c("card", "Improvements"),
        tx_c("card", "Bountiful Harvest"),
        tx_c("card", "Gibeonite Trickery"),
        tx_c("card", "Deborah's Song"),
        tx_c("card", "Prophet"),
        tx_c("card", "Caleb's Blessing"),
        tx_c("card", "Ten Commandments"),
        tx_c("card", "City of Refuge"),
        tx_c("card", "Divine Guidance"),
        tx_c("card", "Ladder to Heaven"),
    )
}
"""The rulebook's card names as players read them; a server's own card names stay as written."""
JERUSALEM_BLOCKS = 28
JERUSALEM_INTERSECTIONS = 11
VP_CARDS: tuple[tuple[str, str], ...] = (
    ("ten-commandments", "Ten Commandments"),  # i18n-exempt: a data key
    ("city-of-refuge", "City of Refuge"),  # i18n-exempt: a data key
    ("divine-guidance", "Divine Guidance"),  # i18n-exempt: a data key
    ("ladder-to-heaven", "Ladder to Heaven"),  # i18n-exempt: a data key
)
VP_TO_WIN = 12
LONGEST_ROAD_MIN = 5
MOST_PRIESTS_MIN = 3
SPECIAL_VP = 2
HAND_LIMIT = 7  # more than this many cards on a 7: discard half, rounded down

EFFECT_KINDS = (
    "everyone_takes",
    "take_from_bank",
    "free_roads",
    "monopoly",
    "each_opponent_gives",
    "discounted_city",
    "harvest",
    "look_and_take",
    "move_plague",
    "free_settlement",
)


def slug(name: str) -> str:
    """ "Deborah's Song" -> "deborahs-song"."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


@dataclass(frozen=True, slots=True)
class EventCard:
    """One event card kind: its name, slug, copies, effect kind and parameters."""

    name: str
    key: str
    copies: int
    kind: str
    count: int = 0
    city_cost: Hand = (0, 0, 0, 0, 0)
    terrain: str = ""
    per_settlement: int = 0
    per_city: int = 0
    reconstruction: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class HexTile:
    """A hex: label letter, axial position, terrain, number (None for water), centre in units."""

    label: str
    q: int
    r: int
    terrain: str
    number: int | None
    resource: int | None  # None for copper and water
    center: tuple[float, float]
    corners: tuple[int, ...]  # vertex indices N, NE, SE, S, SW, NW

    @property
    def producing(self) -> bool:
        """A numbered land hex (the plague may go only on these)."""
        return self.terrain != WATER and self.number is not None


@dataclass(frozen=True, eq=False, slots=True)
class CanaanData:
    """The parsed data plus the derived board geometry. Indices are 0-based internally."""

    raw: Any
    fingerprint: str
    reconstruction: bool
    hexes: tuple[HexTile, ...]
    vertex_ids: tuple[str, ...]  # "N(q,r)" per vertex index
    vertex_xy: tuple[tuple[float, float], ...]
    vertex_hexes: tuple[tuple[int, ...], ...]  # land hex indices touching each vertex
    vertex_neighbours: tuple[tuple[int, ...], ...]
    vertex_edges: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]  # (a, b) vertex indices, a < b
    edge_index: dict[tuple[int, int], int]
    harbor_at: dict[int, int | None]  # vertex -> resource index for 2:1, None for 3:1
    harbors: tuple[tuple[str, str, int | None, tuple[int, int]], ...]  # id, at, trade, vertices
    jerusalem: frozenset[int]
    jerusalem_order: tuple[int, ...]
    blocks: int
    events: tuple[EventCard, ...]
    by_number: dict[int, tuple[tuple[int, int | None, tuple[int, ...]], ...]]
    hex_by_label: dict[str, int]
    producing: tuple[int, ...] = ()  # numbered land hexes (the plague's destinations)
    setup_spots: tuple[int, ...] = ()  # intersections off Jerusalem touching a numbered hex

    def event(self, key: str) -> EventCard | None:
        """The event card kind with this slug."""
        for e in self.events:
            if e.key == key:
                return e
        return None

    def vertex_label(self, v: int) -> str:
        """1-based intersection number as text."""
        return str(v + 1)

    def edge_label(self, e: int) -> str:
        """ "12-17"."""
        a, b = self.edges[e]
        return f"{a + 1}-{b + 1}"


_VERTEX_RE = re.compile(r"^\s*([NS])\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*$")
_SQ3 = math.sqrt(3)


def _corner_keys(q: int, r: int) -> tuple[tuple[str, int, int], ...]:
    # Corners N, NE, SE, S, SW, NW of hex (q, r) in the N/S naming of the data file.
    return (
        ("N", q, r),
        ("S", q + 1, r - 1),
        ("N", q, r + 1),
        ("S", q, r),
        ("N", q - 1, r + 1),
        ("S", q, r - 1),
    )


def _corner_xy(q: int, r: int) -> tuple[tuple[float, float], ...]:
    x, y = _SQ3 * (q + r / 2), 1.5 * r
    h = _SQ3 / 2
    return (
        (x, y - 1),
        (x + h, y - 0.5),
        (x + h, y + 0.5),
        (x, y + 1),
        (x - h, y + 0.5),
        (x - h, y - 0.5),
    )


def _key_text(key: tuple[str, int, int]) -> str:
    return f"{key[0]}({key[1]},{key[2]})"


def parse_data(raw: Any, source: str = "canaan data") -> CanaanData:  # i18n-exempt: a file name
    """Validate `raw` (the mapping read from a data file) and build the board; DataError names
    the exact field of any bad value."""
    top = Reader(raw, source=source)
    top.only_keys(("status", "hexes", "harbors", "jerusalem", "events"))
    status = top.str("status", choices=("reconstruction", "printed"))

    # Hexes.
    seen: set[tuple[int, int]] = set()
    tiles_raw: list[tuple[int, int, str, int | None]] = []
    for h in top.at("hexes").items(minimum=1):
        h.only_keys(("q", "r", "terrain", "number"))
        q, r = h.int("q", minimum=-10, maximum=10), h.int("r", minimum=-10, maximum=10)
        if (q, r) in seen:
            raise h.fail(f"hex ({q}, {r}) is listed twice.")  # i18n-exempt: startup error
        seen.add((q, r))
        terrain = h.str("terrain", choices=TERRAINS)
        num_reader = h.at("number")
        number: int | None
        if terrain == WATER:
            if num_reader.raw is not None:
                raise num_reader.fail(
                    "the Sea of Galilee has no number; "  # i18n-exempt: startup error
                    "write null."  # i18n-exempt: startup error
                )
            number = None
        else:
            number = num_reader.as_int(minimum=2, maximum=12)
            if number == 7:
                raise num_reader.fail(
                    "no hex carries a 7 "  # i18n-exempt: startup error
                    "(a 7 activates the plague)."  # i18n-exempt: startup error
                )
        tiles_raw.append((q, r, terrain, number))
    if len(tiles_raw) > 60:
        raise top.at("hexes").fail("at most 60 hexes.")  # i18n-exempt: startup error
    if sum(1 for t in tiles_raw if t[2] == "copper") != 1:
        raise top.at("hexes").fail(
            "the board has exactly one copper hex."  # i18n-exempt: startup error
        )

    # Vertices: corners of land hexes, numbered in reading order.
    land = [t for t in tiles_raw if t[2] != WATER]
    corner_of: dict[tuple[str, int, int], tuple[float, float]] = {}
    for q, r, _, _ in land:
        for key, xy in zip(_corner_keys(q, r), _corner_xy(q, r), strict=True):
            corner_of[key] = xy
    order = sorted(corner_of, key=lambda k: (round(corner_of[k][1], 3), round(corner_of[k][0], 3)))
    vindex = {k: i for i, k in enumerate(order)}
    # Hexes in reading order, lettered.
    tiles_sorted = sorted(tiles_raw, key=lambda t: (t[1], t[0]))
    hexes: list[HexTile] = []
    for i, (q, r, terrain, number) in enumerate(tiles_sorted):
        label = chr(ord("A") + i) if i < 26 else f"Z{i}"
        corners = tuple(vindex.get(k, -1) for k in _corner_keys(q, r))
        center = (_SQ3 * (q + r / 2), 1.5 * r)
        res = TERRAIN_RESOURCE.get(terrain)
        hexes.append(HexTile(label, q, r, terrain, number, res, center, corners))
    nv = len(order)
    vhex: list[list[int]] = [[] for _ in range(nv)]
    edge_set: set[tuple[int, int]] = set()
    for hi, t in enumerate(hexes):
        if t.terrain == WATER:
            continue
        for c in t.corners:
            vhex[c].append(hi)
        for j in range(6):
            a, b = t.corners[j], t.corners[(j + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))
    edges = tuple(sorted(edge_set))
    edge_index = {e: i for i, e in enumerate(edges)}
    vn: list[list[int]] = [[] for _ in range(nv)]
    ve: list[list[int]] = [[] for _ in range(nv)]
    for i, (a, b) in enumerate(edges):
        vn[a].append(b)
        vn[b].append(a)
        ve[a].append(i)
        ve[b].append(i)

    def vertex(reader: Reader) -> int:
        text = reader.as_str()
        m = _VERTEX_RE.match(text)
        if not m:
            raise reader.fail(
                "expected an intersection like 'N(0,-2)' or "  # i18n-exempt: startup error
                "'S(1,1)', "  # i18n-exempt: startup error
                f"got {text!r}."  # i18n-exempt: startup error
            )
        key = (m.group(1), int(m.group(2)), int(m.group(3)))
        if key not in vindex:
            raise reader.fail(
                f"{text} is not a corner of any land hex."  # i18n-exempt: startup error
            )
        return vindex[key]

    # Harbours.
    harbor_at: dict[int, int | None] = {}
    harbors = []
    for h in top.at("harbors").items():
        h.only_keys(("id", "at", "trade", "intersections"))
        hid = h.str("id")
        at = h.str("at", choices=("great_sea", "sea_of_galilee"))
        trade = h.str("trade", choices=(*RESOURCES, "any"))
        pair = h.at("intersections").items(length=2)
        a, b = vertex(pair[0]), vertex(pair[1])
        if b not in vn[a]:
            raise h.at("intersections").fail(
                "the two intersections must be "  # i18n-exempt: startup error
                "the ends of one path."  # i18n-exempt: startup error
            )
        for v, rd in ((a, pair[0]), (b, pair[1])):
            if v in harbor_at:
                raise rd.fail(
                    "this intersection already has a harbour."  # i18n-exempt: startup error
                )
            harbor_at[v] = None if trade == "any" else R_INDEX[trade]
        harbors.append((hid, at, None if trade == "any" else R_INDEX[trade], (a, b)))

    # Jerusalem.
    jr = top.at("jerusalem")
    jr.only_keys(("blocks", "intersections"))
    # The rulebook's numbers: Jerusalem is "formed by twenty-eight building blocks" and "there
    # are eleven such intersections"; only which intersections they are is unknown.
    blocks = jr.int("blocks", minimum=1, maximum=200)
    if blocks != JERUSALEM_BLOCKS:
        raise jr.fail(
            f"the rulebook's Jerusalem has {JERUSALEM_BLOCKS} "  # i18n-exempt: startup error
            f"blocks, not {blocks}.",  # i18n-exempt: startup error
            "blocks",
        )
    jorder: list[int] = []
    for item in jr.at("intersections").items(length=JERUSALEM_INTERSECTIONS):
        v = vertex(item)
        if v in jorder:
            raise item.fail("listed twice.")  # i18n-exempt: startup error
        jorder.append(v)

    # Events.
    events: list[EventCard] = []
    names: set[str] = set()
    for e in top.at("events").items(minimum=1):
        e.only_keys(("name", "copies", "status", "effect"))
        name = e.str("name")
        key = slug(name)
        if not key or key in names or key == "priest" or key in dict(VP_CARDS):
            raise e.fail(
                f"the card name {name!r} is empty or used twice.",  # i18n-exempt: startup error
                "name",
            )
        names.add(key)
        copies = e.int("copies", minimum=1, maximum=10)
        st = e.str("status", choices=("rulebook", "reconstruction", "printed"))
        eff = e.at("effect")
        kind = eff.str("kind", choices=EFFECT_KINDS)
        card = EventCard(name, key, copies, kind, reconstruction=st == "reconstruction")
        if kind in (
            "everyone_takes",
            "take_from_bank",
            "free_roads",
            "each_opponent_gives",
            "look_and_take",
            "free_settlement",
        ):
            eff.only_keys(("kind", "count"))
            card = _replace(card, count=eff.int("count", minimum=1, maximum=5))
        elif kind == "discounted_city":
            eff.only_keys(("kind", "cost"))
            c = eff.at("cost")
            c.only_keys(RESOURCES)
            vec = [0] * 5
            for rname, val in c.entries():
                vec[R_INDEX[rname]] = val.as_int(minimum=0, maximum=5)
            card = _replace(card, city_cost=(vec[0], vec[1], vec[2], vec[3], vec[4]))
        elif kind == "harvest":
            eff.only_keys(("kind", "terrain", "settlement", "city"))
            card = _replace(
                card,
                terrain=eff.str(
                    "terrain", choices=tuple(t for t in TERRAIN_RESOURCE if t != "copper")
                ),
                per_settlement=eff.int("settlement", minimum=0, maximum=5),
                per_city=eff.int("city", minimum=0, maximum=5),
            )
        else:
            eff.only_keys(("kind",))
        if name == "Deborah's Song" and (kind, card.count) != ("everyone_takes", 1):
            # The one effect the rulebook gives: "every player in the game is allowed to select
            # one resource of their choice from the bank".
            raise eff.fail(
                "the rulebook gives Deborah's Song: "  # i18n-exempt: startup error
                "{kind: everyone_takes, count: 1}."  # i18n-exempt: startup error
            )
        events.append(_replace(card, text=effect_text(card)))
    unnamed = sorted(set(EVENT_NAMES) - {e.name for e in events})
    if unnamed or len(events) != len(EVENT_NAMES):
        extra = sorted({e.name for e in events} - set(EVENT_NAMES))
        raise top.at("events").fail(
            "the rulebook names ten event cards: "  # i18n-exempt: startup error
            + ", ".join(EVENT_NAMES)
            + (f"; missing {', '.join(unnamed)}" if unnamed else "")
            + (
                f"; not in the rulebook: {', '.join(extra)}"  # i18n-exempt: startup error
                if extra
                else ""
            )
            + "."
        )
    copies_total = sum(e.copies for e in events)
    if copies_total != EVENT_CARDS:
        raise top.at("events").fail(
            f"the rulebook has {EVENT_CARDS} event cards; "  # i18n-exempt: startup error
            f"these copies add up to {copies_total}."  # i18n-exempt: startup error
        )

    by_number: dict[int, list[tuple[int, int | None, tuple[int, ...]]]] = {}
    for hi, t in enumerate(hexes):
        if t.producing:
            by_number.setdefault(t.number or 0, []).append((hi, t.resource, t.corners))
    return CanaanData(
        raw=raw,
        fingerprint=fingerprint(raw),
        reconstruction=status == "reconstruction" or any(e.reconstruction for e in events),
        hexes=tuple(hexes),
        vertex_ids=tuple(_key_text(k) for k in order),
        vertex_xy=tuple(corner_of[k] for k in order),
        vertex_hexes=tuple(tuple(x) for x in vhex),
        vertex_neighbours=tuple(tuple(sorted(x)) for x in vn),
        vertex_edges=tuple(tuple(sorted(x)) for x in ve),
        edges=edges,
        edge_index=edge_index,
        harbor_at=harbor_at,
        harbors=tuple(harbors),
        jerusalem=frozenset(jorder),
        jerusalem_order=tuple(jorder),
        blocks=blocks,
        events=tuple(events),
        by_number={k: tuple(v) for k, v in by_number.items()},
        hex_by_label={t.label: i for i, t in enumerate(hexes)},
        producing=tuple(i for i, t in enumerate(hexes) if t.producing),
        setup_spots=tuple(
            v
            for v in range(len(order))
            if v not in jorder and any(hexes[h].producing for h in vhex[v])
        ),
    )


def _replace(card: EventCard, **kw: Any) -> EventCard:
    from dataclasses import replace

    return replace(card, **kw)


def effect_text(card: EventCard) -> Text:
    """One sentence for an event card's effect."""
    k, n = card.kind, card.count
    if k == "everyone_takes":
        return tx_n(
            "every player, you included, takes {n} resource of their choice from the bank",
            "every player, you included, takes {n} resources of their choice from the bank",
            n,
        )
    if k == "take_from_bank":
        return tx_n(
            "take {n} resource of your choice from the bank",
            "take {n} resources of your choice from the bank",
            n,
        )
    if k == "free_roads":
        return tx_n("place {n} road free", "place {n} roads free", n)
    if k == "monopoly":
        return tx("name a resource: every other player gives you all their cards of it")
    if k == "each_opponent_gives":
        return tx_n(
            "every other player gives you {n} resource card of their choice",
            "every other player gives you {n} resource cards of their choice",
            n,
        )
    if k == "discounted_city":
        return tx(
            "this turn one settlement may become a city for {cost}",
            cost=hand_words(card.city_cost),
        )
    if k == "harvest":
        res = RESOURCE_WORDS[TERRAIN_RESOURCE[card.terrain] or 0]
        return tx(
            "take {settlement} {resource} per settlement and {city} per city touching a "
            "{terrain} hex without the plague (once per building)",
            settlement=card.per_settlement,
            resource=res,
            city=card.per_city,
            terrain=TERRAIN_WORDS.get(card.terrain, card.terrain),
        )
    if k == "look_and_take":
        return tx_n(
            "look at one opponent's hand and take {n} card of your choice",
            "look at one opponent's hand and take {n} cards of your choice",
            n,
        )
    if k == "move_plague":
        return tx("move the plague and steal as a priest does (does not count as a priest)")
    return tx_n(
        "place {n} settlement free (distance rule, touching your road)",
        "place {n} settlements free (distance rule, touching your road)",
        n,
    )


def hand_text(hand: Hand | tuple[int, ...]) -> str:
    """ "2 ore+1 wool" (canonical resource order); "nothing" when empty. Notation: the words
    players type (`hand_words` is the same hand as players read it)."""
    # Remembered by hand: every production, trade and offer names hands, and hands recur.
    key = hand if type(hand) is tuple else tuple(hand)
    text = _HAND_TEXTS.get(key)
    if text is None:
        if len(_HAND_TEXTS) >= 65_536:
            _HAND_TEXTS.clear()  # bounded; rebuilt from the hands named next
        text = _HAND_TEXTS[key] = _hand_text(key)
    return text


_HAND_TEXTS: dict[tuple[int, ...], str] = {}


def _hand_text(hand: tuple[int, ...]) -> str:
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(hand) if n]
    return "+".join(parts) if parts else "nothing"  # i18n-exempt: notation (the words typed)


def hand_words(hand: Hand | tuple[int, ...]) -> Text:
    """A hand as players read it: "2 ore+1 wool" in the reader's language; "nothing"."""
    key = hand if type(hand) is tuple else tuple(hand)
    text = _HAND_WORDS.get(key)
    if text is None:
        if len(_HAND_WORDS) >= 65_536:
            _HAND_WORDS.clear()  # bounded; rebuilt from the hands named next
        parts = [_cards_of(n, i) for i, n in enumerate(key) if n]
        text = _HAND_WORDS[key] = joined(parts, "+") if parts else tx("nothing")
    return text


_HAND_WORDS: dict[tuple[int, ...], Text] = {}
_CARDS_OF: dict[tuple[int, int], Text] = {}


def _cards_of(n: int, res: int) -> Text:
    """ "2 ore" as players read it (remembered: hands are made of few such parts)."""
    text = _CARDS_OF.get((n, res))
    if text is None:
        text = tx("{n} {resource}", n=n, resource=RESOURCE_WORDS[res])
        if len(_CARDS_OF) < 4096:
            _CARDS_OF[(n, res)] = text
    return text


def terrain_word(terrain: str) -> Text | str:
    """A terrain as players read it (a key the data file may add later: as written)."""
    return TERRAIN_WORDS.get(terrain, terrain)


def card_word(name: str) -> Text | str:
    """A card name as players read it (a server's own card: as its data file writes it)."""
    return CARD_WORDS.get(name, name)


DEFAULT_PATH = Path(__file__).with_name("canaan.yaml")


@functools.lru_cache(maxsize=1)
def default_raw() -> Any:
    """The shipped data file's mapping."""
    return load_yaml(DEFAULT_PATH.read_text(encoding="utf-8"), source=DEFAULT_PATH.name)


_CACHE: dict[str, CanaanData] = {}


def data_for(raw: Any) -> CanaanData:
    """Parsed data, cached by fingerprint (saved games share one board object)."""
    fp = fingerprint(raw)
    hit = _CACHE.get(fp)
    if hit is None:
        hit = parse_data(raw)
        if len(_CACHE) > 16:
            _CACHE.clear()
        _CACHE[fp] = hit
    return hit


def default_data() -> CanaanData:
    """The shipped reconstruction."""
    return data_for(default_raw())


__all__ = ["DataError", "CanaanData", "parse_data", "data_for", "default_data"]
