"""Canterbury's component numbers: one validated data object built from a plain mapping.

The rulebook states the board, services, actions and bonuses but not the printed numbers
(structure costs and prosperity, token counts, the Treasury Bar, the Rank Token coins, the King's
Bonus chart). They live in `canterbury.yaml` beside this module: our reconstructions by default,
replaceable by a server owner's file (`GAME_DATA_CANTERBURY`). `load_data(raw)` validates a file
completely with `gamedata.Reader`, so a bad file is refused with the exact field path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

from bot.games.gamedata import DataError, Reader, fingerprint, load_yaml
from bot.games.text import Text, tx_c

__all__ = [
    "SERVICES",
    "CanterburyData",
    "DataError",
    "Size",
    "Structure",
    "default_data",
    "default_raw",
    "load_data",
]

SERVICES = ("water", "food", "religion", "defense", "commerce", "culture")
"""The six services, most basic first: the ladder a district climbs (and marker slot order)."""

SERVICE_NAMES: tuple[Text, ...] = (
    tx_c("service", "water"),
    tx_c("service", "food"),
    tx_c("service", "religion"),
    tx_c("service", "defense"),
    tx_c("service", "commerce"),
    tx_c("service", "culture"),
)
"""The services as players read them (in a sentence), in `SERVICES` order."""

STRUCTURE_NAMES: dict[str, Text] = {
    "well": tx_c("structure", "Well"),
    "garden": tx_c("structure", "Garden"),
    "chapel": tx_c("structure", "Chapel"),
    "watchtower": tx_c("structure", "Watchtower"),
    "merchant_stall": tx_c("structure", "Merchant Stall"),
    "pageant_wagon": tx_c("structure", "Pageant Wagon"),
    "fountain": tx_c("structure", "Fountain"),
    "farm": tx_c("structure", "Farm"),
    "church": tx_c("structure", "Church"),
    "garrison": tx_c("structure", "Garrison"),
    "marketplace": tx_c("structure", "Marketplace"),
    "stage": tx_c("structure", "Stage"),
    "water_works": tx_c("structure", "Great Water Works"),
    "granary": tx_c("structure", "Great Granary"),
    "cathedral": tx_c("structure", "Cathedral"),
    "castle": tx_c("structure", "Castle"),
    "guild_hall": tx_c("structure", "Guild Hall"),
    "theatre": tx_c("structure", "Great Theatre"),
    "old_roman_well": tx_c("structure", "Old Roman Well"),
}
"""The structures' printed names as players read them, by id. A data file that renames a
structure keeps its own name (in every language)."""

SIZE_NAMES: dict[str, Text] = {
    "small": tx_c("structure size", "small"),
    "medium": tx_c("structure size", "medium"),
    "large": tx_c("structure size", "large"),
}


def structure_label(structure_id: str, name: str) -> str:
    """The name players read for a structure: the translatable printed name when the data
    gives the usual one, else the data's own name."""
    known = STRUCTURE_NAMES.get(structure_id)
    return known if known is not None and known == name else name


DISTRICT_CLASSES = ("central", "inner", "outer")
MAX_TOKENS = 60
MAX_NUMBER = 999


class Size(Enum):
    """A structure's size; the value is how many building spaces it covers."""

    SMALL = 1
    MEDIUM = 2
    LARGE = 4

    @property
    def label(self) -> str:
        """'small', 'medium' or 'large'."""
        return self.name.lower()

    @property
    def shown(self) -> Text:
        """'small', 'medium' or 'large' as players read it."""
        return SIZE_NAMES[self.label]


_SIZES = {s.label: s for s in Size}


@dataclass(frozen=True, slots=True)
class Structure:
    """One structure type as printed on its token and the Structure Sideboard.

    `player` is the Player Prosperity Number for small and medium structures; large structures
    use `large_player` by district class (None for central = the printed dash: not buildable in
    the Central District)."""

    index: int
    id: str
    name: str
    size: Size
    service: int
    tokens: int
    cost: int
    city: int
    player: int
    large_player: tuple[int | None, int, int] | None = None

    @property
    def spaces(self) -> int:
        """Building spaces covered."""
        return self.size.value

    def player_points(self, district_class: str) -> int | None:
        """Player prosperity for building it in a district of this class (None: forbidden)."""
        if self.large_player is None:
            return self.player
        return self.large_player[DISTRICT_CLASSES.index(district_class)]

    @property
    def abbreviation(self) -> str:
        """Up to 4 letters for the board image ('Well', 'MkSt', 'GdHl')."""
        return _ABBREVIATIONS.get(self.id) or self.name.split()[-1][:4]

    @property
    def label(self) -> str:
        """The name players read (see `structure_label`)."""
        return structure_label(self.id, self.name)


def abbreviate(word: str) -> str:
    """A notation word with structure ids (also `a+b` demolition lists) written as their
    abbreviations; other words unchanged."""
    return "+".join(
        "Roman"  # i18n-exempt: board abbreviation and notation key
        if part == "old_roman_well"
        else _ABBREVIATIONS.get(part, part)
        for part in word.split("+")
    )


_ABBREVIATIONS = {
    "well": "Well",  # i18n-exempt: board abbreviation and notation key
    "garden": "Gard",  # i18n-exempt: board abbreviation and notation key
    "chapel": "Chap",  # i18n-exempt: board abbreviation and notation key
    "watchtower": "Wtch",  # i18n-exempt: board abbreviation and notation key
    "merchant_stall": "MStl",
    "pageant_wagon": "PWag",
    "fountain": "Fntn",  # i18n-exempt: board abbreviation and notation key
    "farm": "Farm",  # i18n-exempt: board abbreviation and notation key
    "church": "Chur",  # i18n-exempt: board abbreviation and notation key
    "garrison": "Garr",  # i18n-exempt: board abbreviation and notation key
    "marketplace": "Mrkt",  # i18n-exempt: board abbreviation and notation key
    "stage": "Stage",  # i18n-exempt: board abbreviation and notation key
    "water_works": "WtrW",
    "granary": "Gran",  # i18n-exempt: board abbreviation and notation key
    "cathedral": "Cath",  # i18n-exempt: board abbreviation and notation key
    "castle": "Cstl",  # i18n-exempt: board abbreviation and notation key
    "guild_hall": "GHal",
    "theatre": "Thea",  # i18n-exempt: board abbreviation and notation key
}


@dataclass(frozen=True, slots=True)
class CanterburyData:
    """Every replaceable number, validated. `raw` is the mapping it came from (recorded in each
    game's state) and `fingerprint` its short id."""

    structures: tuple[Structure, ...]
    treasury_bar: tuple[int, ...]  # 100 entries, gold per track space
    rank_coins: tuple[tuple[int, int, int], ...]  # per rank 1..4
    kings_gold: tuple[int, ...]
    kings_blue: tuple[int, ...]
    reconstructed: tuple[str, ...]
    raw: Any
    fingerprint: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CanterburyData) and other.fingerprint == self.fingerprint

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def by_id(self, structure_id: str) -> Structure | None:
        """The structure with this id, or None."""
        return _index(self).get(structure_id)

    def of(self, size: Size, service: int) -> Structure:
        """The structure of this size providing this service."""
        for s in self.structures:
            if s.size is size and s.service == service:
                return s
        raise KeyError((size, service))

    def kings_points(self, count: int) -> tuple[int, int]:
        """(gold, blue) numbers beneath a King's Bonus marker at `count`."""
        gold = self.kings_gold[min(count, len(self.kings_gold) - 1)]
        blue = self.kings_blue[min(count, len(self.kings_blue) - 1)]
        return gold, blue

    def levy(self, city: int) -> int:
        """Gold from Levy Funds with the city at `city` (Treasury Bar + 10 per City Disk)."""
        return self.treasury_bar[city % 100] + 10 * city_disks(city)


def city_disks(city: int) -> int:
    """City Disks beneath the City Marker at `city`: one each time it passes 100, 200 and 300
    (the rulebook's "exceeds"/"passes": on 100 itself, the "0" space, there is none yet)."""
    return min(max(city - 1, 0) // 100, 3)


_INDEX_CACHE: dict[str, dict[str, Structure]] = {}


def _index(data: CanterburyData) -> dict[str, Structure]:
    found = _INDEX_CACHE.get(data.fingerprint)
    if found is None:
        found = {s.id: s for s in data.structures}
        _INDEX_CACHE[data.fingerprint] = found
    return found


def load_data(
    raw: Any,
    *,
    source: str = "canterbury data",  # i18n-exempt: a file's name in data-file errors
) -> CanterburyData:
    """Validate a whole data mapping; raise DataError naming the first bad field.

    The mapping is first normalised to its JSON form (YAML's number keys become text), so the
    copy recorded in a game's state and its fingerprint survive a save and load unchanged."""
    try:
        raw = json.loads(json.dumps(raw, sort_keys=True))
    except (TypeError, ValueError) as exc:
        raise DataError(
            f"{source}, top level: holds a "  # i18n-exempt: data-file error
            f"value that is not plain data ({exc})."
        ) from None
    top = Reader(raw, source=source)
    top.only_keys(["reconstructed", "structures", "treasury_bar", "rank_coins", "kings_bonus"])
    reconstructed: tuple[str, ...] = ()
    if top.has("reconstructed"):
        reconstructed = tuple(r.as_str() for r in top.at("reconstructed").items())
    structures = _structures(top.at("structures"))
    bar = _bar(top.at("treasury_bar"))
    coins = _coins(top.at("rank_coins"))
    kings = top.at("kings_bonus")
    kings.only_keys(["gold", "blue"])
    gold = tuple(r.as_int(minimum=0, maximum=MAX_NUMBER) for r in kings.at("gold").items(minimum=1))
    blue = tuple(r.as_int(minimum=0, maximum=MAX_NUMBER) for r in kings.at("blue").items(minimum=1))
    return CanterburyData(
        structures=structures,
        treasury_bar=bar,
        rank_coins=coins,
        kings_gold=gold,
        kings_blue=blue,
        reconstructed=reconstructed,
        raw=raw,
        fingerprint=fingerprint(raw),
    )


def _structures(reader: Reader) -> tuple[Structure, ...]:
    items = reader.items(length=18)
    out: list[Structure] = []
    seen_ids: set[str] = set()
    seen_kinds: dict[tuple[Size, int], str] = {}
    for i, item in enumerate(items):
        item.only_keys(["id", "name", "size", "service", "tokens", "cost", "city", "player"])
        sid = item.str("id")
        if not sid.replace("_", "").isalnum() or not sid.islower() or not sid[0].isalpha():
            raise item.fail(
                "expected lower-case letters, "  # i18n-exempt: data-file error
                "digits and '_', like merchant_stall.",
                "id",
            )
        if sid in seen_ids or sid == "old_roman_well":
            raise item.fail(
                f"{sid!r} is used twice or reserved.",  # i18n-exempt: data-file error
                "id",
            )
        seen_ids.add(sid)
        name = item.str("name")
        if len(name) > 40:
            raise item.fail(
                "expected at most 40 characters.",  # i18n-exempt: data-file error
                "name",
            )
        size = _SIZES[item.str("size", choices=list(_SIZES))]
        service = SERVICES.index(item.str("service", choices=SERVICES))
        if (size, service) in seen_kinds:
            raise item.fail(
                f"a {size.label} "  # i18n-exempt: data-file error
                f"{SERVICES[service]} structure is already given "
                f"({seen_kinds[(size, service)]}); give exactly one of each size per service.",
                "service",
            )
        seen_kinds[(size, service)] = sid
        large_player = None
        if size is Size.LARGE:
            p = item.at("player")
            p.only_keys(DISTRICT_CLASSES)
            central_raw = p.at("central")
            central = (
                None
                if central_raw.raw is None
                else central_raw.as_int(minimum=0, maximum=MAX_NUMBER)
            )
            large_player = (
                central,
                p.int("inner", minimum=0, maximum=MAX_NUMBER),
                p.int("outer", minimum=0, maximum=MAX_NUMBER),
            )
            player = 0
        else:
            player = item.int("player", minimum=0, maximum=MAX_NUMBER)
        out.append(
            Structure(
                index=i,
                id=sid,
                name=name,
                size=size,
                service=service,
                tokens=item.int(
                    "tokens", minimum=1 if size is Size.LARGE else 3, maximum=MAX_TOKENS
                ),
                cost=item.int("cost", minimum=1, maximum=MAX_NUMBER),
                city=item.int("city", minimum=0, maximum=MAX_NUMBER),
                player=player,
                large_player=large_player,
            )
        )
    return tuple(out)


def _bar(reader: Reader) -> tuple[int, ...]:
    spaces: list[int] = []
    for band in reader.items(minimum=1):
        band.only_keys(["from", "to", "gold"])
        start = band.int("from", minimum=0, maximum=99)
        if start != len(spaces):
            raise band.fail(
                f"expected the band to start at space {len(spaces)}.",  # i18n-exempt: data file
                "from",
            )
        end = band.int("to", minimum=start, maximum=99)
        gold = band.int("gold", minimum=0, maximum=MAX_NUMBER)
        spaces.extend([gold] * (end - start + 1))
    if len(spaces) != 100:
        raise reader.fail(
            "the bands must cover spaces 0 to 99; "  # i18n-exempt: data-file error
            f"they stop at {len(spaces) - 1}."
        )
    return tuple(spaces)


def _coins(reader: Reader) -> tuple[tuple[int, int, int], ...]:
    reader.only_keys(["1", "2", "3", "4"])
    out = []
    for rank in ("1", "2", "3", "4"):
        values = reader.at(rank).items(length=3)
        a, b, c = (v.as_int(minimum=0, maximum=MAX_NUMBER) for v in values)
        out.append((a, b, c))
    return tuple(out)


@cache
def default_raw() -> Mapping[str, Any]:
    """The shipped data file as a plain mapping (our reconstructions)."""
    text = resources.files(__package__).joinpath("canterbury.yaml").read_text(encoding="utf-8")
    return load_yaml(text, source="canterbury.yaml")


@cache
def default_data() -> CanterburyData:
    """The shipped numbers, validated."""
    return load_data(default_raw(), source="canterbury.yaml")
