"""JSON form of a Cathedral state ({"game": "cathedral", "v": 1, ...}) and its strict parser.

Squares are written as names ("B3"), pieces by name, so stored games stay readable. Masks are
not stored: they are recomputed, and every invariant the rules rely on is checked on the way in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.cathedral.board import SQUARE_NAMES, bits, placement_mask, square_index
from bot.games.cathedral.pieces import (
    BUILDINGS,
    COLOURS,
    Colour,
    Kind,
    distinct_rotations,
)
from bot.games.cathedral.state import CathedralState, GameRecord, Phase, Placed, occupancy
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
from bot.games.protocol import JSON, Seat

GAME_KEY = "cathedral"
VERSION = 1
MAX_GAMES = 10

_KINDS = {k.value: k for k in Kind}
_COLOURS = {c.value: c for c in Colour}


def _owner_name(owner: Colour | None) -> str:
    return "cathedral" if owner is None else owner.value


def state_to_dict(state: CathedralState) -> dict[str, JSON]:
    """Plain-JSON form of the whole state."""
    data: dict[str, JSON] = {
        "game": GAME_KEY,
        "v": VERSION,
        "games": state.games,
        "game_number": state.game_number,
        "light_seat": int(state.light_seat),
        "phase": state.phase.value,
        "to_move": None if state.to_move is None else state.to_move.value,
        "pieces": [
            {
                "id": p.piece_id,
                "owner": _owner_name(p.owner),
                "name": p.kind.value,
                "rotation": p.rotation,
                "anchor": SQUARE_NAMES[p.square],
            }
            for p in state.pieces
        ],
        "hands": {
            c.value: {p.name: state.hands[c.index][i] for i, p in enumerate(BUILDINGS)}
            for c in COLOURS
        },
        "territory": {
            c.value: [SQUARE_NAMES[i] for i in bits(state.territory[c.index])] for c in COLOURS
        },
        "first_placed": {c.value: state.first_placed[c.index] for c in COLOURS},
        "cathedral_removed": state.cathedral_removed,
        "captured": [
            {"by": by.value, "piece": kind.value, "owner": _owner_name(owner)}
            for by, kind, owner in state.captured
        ],
        "spared": [
            {"by": by.value, "piece": kind.value, "owner": _owner_name(owner)}
            for by, kind, owner in state.spared
        ],
        "last_piece_id": state.last_piece_id,
        "next_piece_id": state.next_piece_id,
        "history": [
            {"game": r.number, "light_seat": int(r.light_seat), "unplaced": list(r.unplaced)}
            for r in state.history
        ],
        "seed": state.seed,
    }
    if state.previous is not None:
        # Written only when present, so saves without it look exactly as before.
        data["previous_game"] = state_to_dict(state.previous)
    if state.last_captured:
        # Also written only when set: the squares of what the last move captured.
        data["last_captured"] = [SQUARE_NAMES[i] for i in bits(state.last_captured)]
    return data


def _colour(value: object, where: str) -> Colour:
    if not isinstance(value, str) or value not in _COLOURS:
        raise CorruptStateError(
            f"{where}: expected 'light' or 'dark', got {value!r}"  # i18n-exempt: internal
        )
    return _COLOURS[value]


def _owner(value: object, where: str) -> Colour | None:
    if value == "cathedral":
        return None
    if not isinstance(value, str) or value not in _COLOURS:
        raise CorruptStateError(
            f"{where}: expected 'light', 'dark' or 'cathedral', got "  # i18n-exempt: internal
            f"{value!r}"
        )
    return _COLOURS[value]


def _kind(value: object, where: str) -> Kind:
    if not isinstance(value, str) or value not in _KINDS:
        raise CorruptStateError(f"{where}: unknown piece {value!r}")  # i18n-exempt: internal
    return _KINDS[value]


def _square(value: object, where: str) -> int:
    index = square_index(value) if isinstance(value, str) else None
    if index is None or SQUARE_NAMES[index] != value:
        raise CorruptStateError(
            f"{where}: {value!r} is not a square name like 'B3'"  # i18n-exempt: internal
        )
    return index


def _optional_int(d: Mapping[str, Any], key: str, where: str) -> int | None:
    if require(d, key, where) is None:
        return None
    return require_int(d, key, where)


def _pieces(d: Mapping[str, Any]) -> tuple[Placed, ...]:
    out: list[Placed] = []
    covered = 0
    seen_ids: set[int] = set()
    for i, raw in enumerate(require_list(d, "pieces", "state")):
        where = f"state.pieces[{i}]"
        p = require_mapping(raw, where)
        piece_id = require_int(p, "id", where)
        if piece_id in seen_ids or piece_id < 1:
            raise CorruptStateError(
                f"{where}.id: {piece_id} is not a fresh positive id"  # i18n-exempt: internal
            )
        seen_ids.add(piece_id)
        owner = _owner(require(p, "owner", where), f"{where}.owner")
        kind = _kind(require(p, "name", where), f"{where}.name")
        if (owner is None) != (kind is Kind.CATHEDRAL):
            raise CorruptStateError(
                f"{where}.owner: only the Cathedral is neutral"  # i18n-exempt: internal
            )
        rotation = require_int(p, "rotation", where)
        if rotation not in distinct_rotations(kind, owner):
            raise CorruptStateError(
                f"{where}.rotation: {rotation} is not allowed for "  # i18n-exempt: internal
                f"{kind.value}"
            )
        square = _square(require(p, "anchor", where), f"{where}.anchor")
        mask = placement_mask(kind, owner, rotation, square)
        if mask is None:
            raise CorruptStateError(
                f"{where}.anchor: the {kind.value} would leave the board"  # i18n-exempt: internal
            )
        if mask & covered:
            raise CorruptStateError(f"{where}: overlaps another piece")  # i18n-exempt: internal
        covered |= mask
        out.append(Placed(piece_id, owner, kind, rotation, square, mask))
    return tuple(out)


def _per_colour(d: Mapping[str, Any], key: str) -> dict[Colour, Any]:
    m = require_mapping(require(d, key, "state"), f"state.{key}")
    return {c: require(m, c.value, f"state.{key}") for c in COLOURS}


def _piece_events(
    d: Mapping[str, Any], key: str, verb: str
) -> tuple[tuple[Colour, Kind, Colour | None], ...]:
    """The `captured` or `spared` list: (colour, piece, owner) entries."""
    out = []
    for i, raw in enumerate(require_list(d, key, "state")):
        where = f"state.{key}[{i}]"
        m = require_mapping(raw, where)
        by = _colour(require(m, "by", where), f"{where}.by")
        kind = _kind(require(m, "piece", where), f"{where}.piece")
        owner = _owner(require(m, "owner", where), f"{where}.owner")
        if owner is by or (owner is None) != (kind is Kind.CATHEDRAL):
            raise CorruptStateError(
                f"{where}: {by.value} cannot {verb} that piece"  # i18n-exempt: internal
            )
        out.append((by, kind, owner))
    return tuple(out)


def state_from_dict(data: Mapping[str, JSON]) -> CathedralState:
    """Parse and validate the JSON form; raise CorruptStateError naming the bad field."""
    d = require_mapping(data, "state")
    check_header(d, GAME_KEY, VERSION)
    games = require_int(d, "games", "state")
    if not 1 <= games <= MAX_GAMES:
        raise CorruptStateError(
            f"state.games: {games} is not between 1 and {MAX_GAMES}"  # i18n-exempt: internal
        )
    game_number = require_int(d, "game_number", "state")
    if not 1 <= game_number <= games:
        raise CorruptStateError(
            f"state.game_number: {game_number} is not between 1 and "  # i18n-exempt: internal
            f"{games}"
        )
    light_seat = require_int(d, "light_seat", "state")
    if light_seat != (game_number - 1) % 2:
        raise CorruptStateError(
            f"state.light_seat: seat {light_seat} cannot be light in game "  # i18n-exempt: internal
            f"{game_number}"
        )
    phase_raw = require_str(d, "phase", "state")
    try:
        phase = Phase(phase_raw)
    except ValueError:
        raise CorruptStateError(
            f"state.phase: unknown phase {phase_raw!r}"  # i18n-exempt: internal
        ) from None
    to_move_raw = require(d, "to_move", "state")
    to_move = None if to_move_raw is None else _colour(to_move_raw, "state.to_move")
    if (phase is Phase.OVER) != (to_move is None):
        raise CorruptStateError(
            "state.to_move: must be null exactly when the phase is 'over'"  # i18n-exempt: internal
        )
    if phase is Phase.CATHEDRAL and to_move is not Colour.LIGHT:
        raise CorruptStateError(
            "state.to_move: light places the Cathedral"  # i18n-exempt: internal
        )

    pieces = _pieces(d)
    occupied = occupancy(pieces)

    hands_raw = _per_colour(d, "hands")
    hands: list[tuple[int, ...]] = []
    for c in COLOURS:
        where = f"state.hands.{c.value}"
        m = require_mapping(hands_raw[c], where)
        unknown = set(m) - {p.name for p in BUILDINGS}
        if unknown:
            raise CorruptStateError(
                f"{where}: unknown buildings {sorted(unknown)}"  # i18n-exempt: internal
            )
        counts = []
        for p in BUILDINGS:
            n = require_int(m, p.name, where)
            on_board = sum(1 for q in pieces if q.owner is c and q.kind is p.kind)
            if n < 0 or n + on_board != p.count:
                raise CorruptStateError(
                    f"{where}.{p.name}: {n} in hand and {on_board} on the "  # i18n-exempt: internal
                    "board, "
                    f"expected {p.count} in all"
                )
            counts.append(n)
        hands.append(tuple(counts))

    terr_raw = _per_colour(d, "territory")
    territory = [0, 0]
    for c in COLOURS:
        where = f"state.territory.{c.value}"
        if not isinstance(terr_raw[c], list):
            raise CorruptStateError(f"{where}: expected a list of squares")  # i18n-exempt: internal
        for j, name in enumerate(terr_raw[c]):
            territory[c.index] |= 1 << _square(name, f"{where}[{j}]")
        if territory[c.index] & (occupied[c.other.index] | occupied[2]):
            raise CorruptStateError(
                f"{where}: covers a square occupied by another piece"  # i18n-exempt: internal
            )
    if territory[0] & territory[1]:
        raise CorruptStateError(
            "state.territory: a square belongs to both colours"  # i18n-exempt: internal
        )

    first_map = require_mapping(require(d, "first_placed", "state"), "state.first_placed")
    first = [require_bool(first_map, c.value, "state.first_placed") for c in COLOURS]

    removed = require_bool(d, "cathedral_removed", "state")
    cathedral_down = any(p.kind is Kind.CATHEDRAL for p in pieces)
    if phase is Phase.CATHEDRAL and (pieces or removed):
        raise CorruptStateError(
            "state.pieces: no piece may be down before the Cathedral"  # i18n-exempt: internal
        )
    if phase is not Phase.CATHEDRAL and cathedral_down == removed:
        raise CorruptStateError(
            "state.cathedral_removed: the Cathedral must be either on "  # i18n-exempt: internal
            "the board or removed"
        )

    captured = _piece_events(d, "captured", "capture")
    # Saves from before optional captures have no "spared" list: nothing was ever spared there.
    spared = _piece_events(d, "spared", "spare") if "spared" in d else ()

    last_piece_id = _optional_int(d, "last_piece_id", "state")
    next_piece_id = require_int(d, "next_piece_id", "state")
    if any(p.piece_id >= next_piece_id for p in pieces):
        raise CorruptStateError(
            "state.next_piece_id: must be above every piece id"  # i18n-exempt: internal
        )

    history = []
    for i, raw in enumerate(require_list(d, "history", "state")):
        where = f"state.history[{i}]"
        m = require_mapping(raw, where)
        number = require_int(m, "game", where)
        seat = require_int(m, "light_seat", where)
        unplaced = require_list(m, "unplaced", where)
        if number != i + 1 or seat != i % 2:
            raise CorruptStateError(
                f"{where}: game {number} with light seat {seat} is out of "  # i18n-exempt: internal
                "order"
            )
        if len(unplaced) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 47 for v in unplaced
        ):
            raise CorruptStateError(
                f"{where}.unplaced: expected two scores between 0 and 47"  # i18n-exempt: internal
            )
        history.append(GameRecord(number, Seat(seat), (unplaced[0], unplaced[1])))
    expected = game_number if phase is Phase.OVER else game_number - 1
    if len(history) != expected:
        raise CorruptStateError(
            f"state.history: {len(history)} finished games recorded, "  # i18n-exempt: internal
            f"expected {expected}"
        )
    seed = require_int(d, "seed", "state")
    previous = _previous(d, games, game_number, tuple(history))
    last_captured = 0
    if "last_captured" in d:
        for i, name in enumerate(require_list(d, "last_captured", "state")):
            index = square_index(name) if isinstance(name, str) else None
            if index is None:
                raise CorruptStateError(f"state.last_captured[{i}]: not a square: {name!r}")
            last_captured |= 1 << index
        if last_captured & (occupied[0] | occupied[1] | occupied[2]):
            raise CorruptStateError(
                "state.last_captured: a captured square is still covered"  # i18n-exempt: internal
            )

    return CathedralState(
        games=games,
        game_number=game_number,
        light_seat=Seat(light_seat),
        phase=phase,
        to_move=to_move,
        pieces=pieces,
        hands=(hands[0], hands[1]),
        territory=(territory[0], territory[1]),
        first_placed=(first[0], first[1]),
        cathedral_removed=removed,
        captured=captured,
        spared=spared,
        last_piece_id=last_piece_id,
        next_piece_id=next_piece_id,
        history=tuple(history),
        seed=seed,
        occupied=occupied,
        previous=previous,
        last_captured=last_captured,
    )


def _previous(
    d: Mapping[str, Any], games: int, game_number: int, history: tuple[GameRecord, ...]
) -> CathedralState | None:
    """The stored final position of the previous game of a series; saves from before it was
    kept have no "previous_game" and load with None."""
    raw = d.get("previous_game")
    if raw is None:
        return None
    try:
        previous = state_from_dict(require_mapping(raw, "state.previous_game"))
    except CorruptStateError as exc:
        raise CorruptStateError(f"state.previous_game: {exc}") from None
    if (
        previous.phase is not Phase.OVER
        or previous.games != games
        or previous.game_number != game_number - 1
        or previous.previous is not None
        or previous.history != history[: previous.game_number]
    ):
        raise CorruptStateError(
            "state.previous_game: not the finished game "  # i18n-exempt: internal
            f"{game_number - 1} of this series"
        )
    return previous
