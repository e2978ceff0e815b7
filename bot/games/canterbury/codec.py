"""JSON form of a Canterbury state ({"game": "canterbury", "v": 2, ...}) and its strict parser.

The state carries the component data it was started with (and its fingerprint), so a server
owner changing the data file never alters a running game. Since v2 the data is written as one
string, its canonical JSON text (`data_json`), encoded once per fingerprint: re-encoding the
same few kilobytes of numbers on every saved move was most of the cost of a save, and the
fingerprint of that text is a plain hash of it. v1 states (`data` as a mapping) still load.
Districts are written by name, structures by id, owners as 'blue'/'red'/'green'/'yellow',
'neutral' or 'roman'.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from bot.games.canterbury.board import DISTRICTS, NAMES, district_index
from bot.games.canterbury.data import CanterburyData, load_data
from bot.games.canterbury.state import (
    CATEGORIES,
    COLOURS,
    NEUTRAL,
    OLD_ROMAN_WELL,
    ROMAN,
    District,
    Phase,
    Placed,
    Player,
    Scoring,
    State,
    Turn,
    owner_name,
)
from bot.games.codec import (
    CorruptStateError,
    check_header,
    require,
    require_bool,
    require_int,
    require_list,
    require_mapping,
    require_str,
)
from bot.games.gamedata import DataError, fingerprint
from bot.games.protocol import JSON, canonical_json

GAME_KEY = "canterbury"
VERSION = 2
_READABLE = (1, 2)

_TEXT_CACHE: dict[str, str] = {}


def data_text(data: CanterburyData) -> str:
    """The canonical JSON text of a game's data, encoded once per fingerprint."""
    found = _TEXT_CACHE.get(data.fingerprint)
    if found is None:
        if len(_TEXT_CACHE) >= _DATA_CACHE_MAX:
            _TEXT_CACHE.pop(next(iter(_TEXT_CACHE)))
        found = _TEXT_CACHE[data.fingerprint] = canonical_json(data.raw)
    return found


def _owner(value: object, where: str, players: int) -> int:
    if value == "neutral" and players == 2:
        return NEUTRAL
    if value == "roman":
        return ROMAN
    if isinstance(value, str) and value in COLOURS[:players]:
        return COLOURS.index(value)
    raise CorruptStateError(
        f"{where}: {value!r} is not a marker owner in this game"  # i18n-exempt: internal
    )


def _turn_to_dict(turn: Turn) -> dict[str, JSON]:
    return {
        "action": turn.action,
        "built": [[s, NAMES[d]] for s, d in turn.built],
        "neutral": [[s, NAMES[d]] for s, d in turn.neutral],
        "broke": [NAMES[d] for d in turn.broke],
        "enrichment": turn.enrichment,
        "spread": turn.spread,
        "spread_service": turn.spread_service,
        "spread_home": NAMES[turn.spread_home],
        "demolished": [[s, NAMES[d]] for s, d in turn.demolished],
        "markers": [[NAMES[d], service] for d, service in turn.markers],
        "gold_before": turn.gold_before,
        "city_before": turn.city_before,
    }


def state_to_dict(state: State) -> dict[str, JSON]:
    """Plain-JSON form of the whole state."""
    return {
        "game": GAME_KEY,
        "v": VERSION,
        "data_json": data_text(state.data),
        "data_fingerprint": state.data.fingerprint,
        "seed": state.seed,
        "players": [
            {
                "gold": p.gold,
                "points": dict(zip(CATEGORIES, p.points, strict=True)),
                "must_full_build": p.must_full_build,
                "neutral_build": p.neutral_build,
                "small_stack": list(p.small_stack),
                "medium_stack": list(p.medium_stack),
            }
            for p in state.players
        ],
        "districts": {
            NAMES[i]: {
                "structures": [
                    [p.structure, owner_name(p.owner), p.turn] for p in district.structures
                ],
                "markers": [owner_name(m) for m in district.markers],
            }
            for i, district in enumerate(state.districts)
            if district.structures or any(m is not None for m in district.markers)
        },
        "supply": {s.id: state.supply[s.index] for s in state.data.structures},
        "city": state.city,
        "current": state.current,
        "phase": state.phase.value,
        "turn": _turn_to_dict(state.turn),
        "turn_number": state.turn_number,
        "scorings": state.scorings,
        "turns_left": state.turns_left,
        "last_turn": None if state.last_turn is None else _turn_to_dict(state.last_turn),
        "last_seat": state.last_seat,
        "last_scoring": None
        if state.last_scoring is None
        else {
            "number": state.last_scoring.number,
            "awards": [[NAMES[d], s, p] for d, s, p in state.last_scoring.awards],
            "coins": list(state.last_scoring.coins),
        },
        "kings": [[[s, p] for s, p in service] for service in state.kings],
    }


def _int(d: Mapping[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    v = require_int(d, key, where)
    if not lo <= v <= hi:
        raise CorruptStateError(
            f"{where}.{key}: {v} is not between {lo} and {hi}"  # i18n-exempt: internal
        )
    return v


def _district_name(value: object, where: str) -> int:
    index = district_index(value) if isinstance(value, str) else None
    if index is None or NAMES[index] != value:
        raise CorruptStateError(
            f"{where}: {value!r} is not a district name like 'C3'"  # i18n-exempt: internal
        )
    return index


def _sid(value: object, where: str, data: CanterburyData) -> str:
    if not isinstance(value, str) or (value != OLD_ROMAN_WELL and data.by_id(value) is None):
        raise CorruptStateError(f"{where}: unknown structure {value!r}")  # i18n-exempt: internal
    return value


def _pairs(raw: object, where: str, data: CanterburyData) -> tuple[tuple[str, int], ...]:
    if not isinstance(raw, list):
        raise CorruptStateError(f"{where}: expected a list")
    out = []
    for i, item in enumerate(raw):
        if not isinstance(item, list) or len(item) != 2:
            raise CorruptStateError(
                f"{where}[{i}]: expected [structure, district]"  # i18n-exempt: internal
            )
        out.append((_sid(item[0], f"{where}[{i}]", data), _district_name(item[1], f"{where}[{i}]")))
    return tuple(out)


def _turn_from(raw: object, where: str, data: CanterburyData) -> Turn:
    t = require_mapping(raw, where)
    action = require(t, "action", where)
    if action not in (None, "levy", "full", "tax"):
        raise CorruptStateError(
            f"{where}.action: unknown action {action!r}"  # i18n-exempt: internal
        )
    markers = []
    for i, m in enumerate(require_list(t, "markers", where)):
        if not isinstance(m, list) or len(m) != 2 or m[1] not in range(6):
            raise CorruptStateError(
                f"{where}.markers[{i}]: expected [district, service]"  # i18n-exempt: internal
            )
        markers.append((_district_name(m[0], f"{where}.markers[{i}]"), m[1]))
    return Turn(
        action=action,
        built=_pairs(require(t, "built", where), f"{where}.built", data),
        neutral=_pairs(require(t, "neutral", where), f"{where}.neutral", data),
        broke=tuple(_district_name(x, f"{where}.broke") for x in require_list(t, "broke", where)),
        enrichment=_int(t, "enrichment", where, 0, 12),
        spread=_int(t, "spread", where, 0, 5),
        spread_service=_int(t, "spread_service", where, 0, 5),
        spread_home=_district_name(require(t, "spread_home", where), f"{where}.spread_home"),
        demolished=_pairs(require(t, "demolished", where), f"{where}.demolished", data),
        markers=tuple(markers),
        gold_before=_int(t, "gold_before", where, 0, 10**6),
        # Absent from turns saved before the Neutral Builder moved the city at once.
        city_before=None if t.get("city_before") is None else _int(t, "city_before", where, 1, 301),
    )


_DATA_CACHE: dict[str, CanterburyData] = {}
_DATA_CACHE_MAX = 16


def _data_of(d: Mapping[str, Any], version: int) -> CanterburyData:
    """The recorded data of a v1 (`data` mapping) or v2 (`data_json` text) state."""
    recorded = require_str(d, "data_fingerprint", "state")
    if version == 1:
        return _data(require(d, "data", "state"), recorded)
    text = require_str(d, "data_json", "state")
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    if key != recorded:
        raise CorruptStateError(
            "state.data_fingerprint: does not match state.data_json"  # i18n-exempt: internal
        )
    found = _DATA_CACHE.get(key)
    if found is not None:
        return found
    try:
        raw = json.loads(text)
    except ValueError:
        raise CorruptStateError("state.data_json: not JSON text") from None  # i18n-exempt: internal
    if canonical_json(raw) != text:
        raise CorruptStateError("state.data_json: not in canonical form")  # i18n-exempt: internal
    return _data(raw, recorded)


def _data(raw: object, recorded: str) -> CanterburyData:
    """The game's recorded component data, validated once per distinct content (every load of
    a running game carries the same few kilobytes; validating them each time is most of the
    cost of a load)."""
    try:
        key = fingerprint(raw)
    except (TypeError, ValueError):
        raise CorruptStateError(
            "state.data: not plain JSON data"  # i18n-exempt: internal
        ) from None
    if key != recorded:
        raise CorruptStateError(
            "state.data_fingerprint: does not match state.data"  # i18n-exempt: internal
        )
    found = _DATA_CACHE.get(key)
    if found is None:
        try:
            found = load_data(raw, source="state.data")
        except DataError as exc:
            raise CorruptStateError(str(exc)) from None
        if len(_DATA_CACHE) >= _DATA_CACHE_MAX:
            _DATA_CACHE.pop(next(iter(_DATA_CACHE)))
        _DATA_CACHE[key] = found
    return found


def state_from_dict(data: Mapping[str, JSON]) -> State:
    """Parse and validate the JSON form; raise CorruptStateError naming the bad field."""
    d = require_mapping(data, "state")
    v = d.get("v")
    version = v if isinstance(v, int) and v in _READABLE else VERSION
    check_header(d, GAME_KEY, version)
    game_data = _data_of(d, version)
    players_raw = require_list(d, "players", "state")
    n = len(players_raw)
    if not 2 <= n <= 4:
        raise CorruptStateError(
            f"state.players: {n} players; Canterbury takes 2 to 4"  # i18n-exempt: internal
        )
    players = []
    for i, raw in enumerate(players_raw):
        where = f"state.players[{i}]"
        p = require_mapping(raw, where)
        pts_raw = require_mapping(require(p, "points", where), f"{where}.points")
        points = tuple(_int(pts_raw, c, f"{where}.points", 0, 10**6) for c in CATEGORIES)
        stacks = []
        for key in ("small_stack", "medium_stack"):
            stack = require_list(p, key, where)
            if len(stack) > 6:
                raise CorruptStateError(
                    f"{where}.{key}: more than 6 structures"  # i18n-exempt: internal
                )
            stacks.append(tuple(_sid(x, f"{where}.{key}", game_data) for x in stack))
        players.append(
            Player(
                gold=_int(p, "gold", where, 0, 10**6),
                points=points,
                must_full_build=require_bool(p, "must_full_build", where),
                neutral_build=require_bool(p, "neutral_build", where),
                small_stack=stacks[0],
                medium_stack=stacks[1],
            )
        )
    dist_raw = require_mapping(require(d, "districts", "state"), "state.districts")
    districts = [District() for _ in range(DISTRICTS)]
    for name, raw in dist_raw.items():
        index = _district_name(name, "state.districts")
        where = f"state.districts.{name}"
        m = require_mapping(raw, where)
        structures = []
        for j, item in enumerate(require_list(m, "structures", where)):
            if not isinstance(item, list) or len(item) != 3 or not isinstance(item[2], int):
                raise CorruptStateError(
                    f"{where}.structures[{j}]: expected [id, owner, turn]"  # i18n-exempt: internal
                )
            structures.append(
                Placed(
                    _sid(item[0], f"{where}.structures[{j}]", game_data),
                    _owner(item[1], f"{where}.structures[{j}]", n),
                    item[2],
                )
            )
        markers_raw = require_list(m, "markers", where)
        if len(markers_raw) != 6:
            raise CorruptStateError(f"{where}.markers: expected 6 slots")  # i18n-exempt: internal
        markers = tuple(
            None if x is None else _owner(x, f"{where}.markers[{k}]", n)
            for k, x in enumerate(markers_raw)
        )
        districts[index] = District(tuple(structures), markers)
    supply_raw = require_mapping(require(d, "supply", "state"), "state.supply")
    supply = tuple(
        _int(supply_raw, s.id, "state.supply", 0, s.tokens) for s in game_data.structures
    )
    phase_raw = require_str(d, "phase", "state")
    try:
        phase = Phase(phase_raw)
    except ValueError:
        raise CorruptStateError(
            f"state.phase: unknown phase {phase_raw!r}"  # i18n-exempt: internal
        ) from None
    last_raw = require(d, "last_turn", "state")
    scoring_raw = require(d, "last_scoring", "state")
    last_scoring = None
    if scoring_raw is not None:
        sm = require_mapping(scoring_raw, "state.last_scoring")
        awards = []
        for i, a in enumerate(require_list(sm, "awards", "state.last_scoring")):
            if not isinstance(a, list) or len(a) != 3 or a[1] not in range(n):
                raise CorruptStateError(
                    f"state.last_scoring.awards[{i}]: bad award"  # i18n-exempt: internal
                )
            awards.append((_district_name(a[0], "state.last_scoring"), a[1], int(a[2])))
        coins = require_list(sm, "coins", "state.last_scoring")
        if len(coins) != n or not all(isinstance(c, int) for c in coins):
            raise CorruptStateError(
                "state.last_scoring.coins: one number per player"  # i18n-exempt: internal
            )
        last_scoring = Scoring(
            _int(sm, "number", "state.last_scoring", 1, 4), tuple(awards), tuple(coins)
        )
    kings = []
    for i, service in enumerate(require_list(d, "kings", "state")):
        if not isinstance(service, list):
            raise CorruptStateError(f"state.kings[{i}]: expected a list")
        kings.append(tuple((int(a[0]), int(a[1])) for a in service))
    turns_left_raw = require(d, "turns_left", "state")
    last_seat_raw = require(d, "last_seat", "state")
    state = State(
        data=game_data,
        players=tuple(players),
        districts=tuple(districts),
        supply=supply,
        city=_int(d, "city", "state", 1, 301),
        current=_int(d, "current", "state", 0, n - 1),
        phase=phase,
        turn=_turn_from(require(d, "turn", "state"), "state.turn", game_data),
        turn_number=_int(d, "turn_number", "state", 1, 10**6),
        scorings=_int(d, "scorings", "state", 0, 4),
        turns_left=None if turns_left_raw is None else _int(d, "turns_left", "state", 0, 8),
        last_turn=None if last_raw is None else _turn_from(last_raw, "state.last_turn", game_data),
        last_seat=None if last_seat_raw is None else _int(d, "last_seat", "state", 0, n - 1),
        last_scoring=last_scoring,
        kings=tuple(kings),
        seed=require_int(d, "seed", "state"),
    )
    if state.phase is Phase.OVER and state.scorings == 0:
        raise CorruptStateError(
            "state.scorings: a finished game has had its final scoring"  # i18n-exempt: internal
        )
    return state
