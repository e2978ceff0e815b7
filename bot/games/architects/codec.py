"""Versioned JSON form of the Architects state; a bad field raises CorruptStateError naming it."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from bot.games.architects.automa import parse_schemes
from bot.games.architects.state import Automa, Pending, Phase, Player, State
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
from bot.games.gamedata import DataError
from bot.games.protocol import canonical_json
from bot.games.rng import Rng
from bot.games.text import text_from_json, text_to_json

GAME = "architects"
VERSION = 1

_PLAYER_INTS = ("virtue", "silver", "debts", "paid", "supply", "prison", "guild", "cathedral")
_STATE_INT_LISTS = (
    "order",
    "apprentice_deck",
    "building_deck",
    "small_market",
    "large_market",
    "black_market",
    "rewards",
    "guildhall",
    "draft_choice",
)


def _player_to_dict(p: Player) -> dict[str, Any]:
    return {
        **{k: getattr(p, k) for k in _PLAYER_INTS},
        "goods": dict(sorted(p.goods.items())),
        "at": dict(sorted(p.at.items())),
        "captured": {str(k): v for k, v in sorted(p.captured.items())},
        "apprentices": list(p.apprentices),
        "buildings": list(p.buildings),
        "hand": list(p.hand),
        "character": p.character,
    }


def state_to_dict(st: State) -> dict[str, Any]:
    """JSON form (the Scheme data the game started with included)."""
    return {
        "game": GAME,
        "v": VERSION,
        "seats": st.seats,
        "rng": st.rng.to_dict(),
        "phase": st.phase.value,
        "players": [_player_to_dict(p) for p in st.players],
        "turn": st.turn,
        "pending": [{"kind": p.kind, "data": p.data} for p in st.pending],
        "rows": st.rows,
        "row_silver": st.row_silver,
        **{k: list(getattr(st, k)) for k in _STATE_INT_LISTS},
        "tax_stand": st.tax_stand,
        "reset_due": st.reset_due,
        "final_turns": st.final_turns,
        "draft_round": st.draft_round,
        "draft_packs": st.draft_packs,
        "automa": None
        if st.automa is None
        else {
            "difficulty": st.automa.difficulty,
            "draw": st.automa.draw,
            "discard": st.automa.discard,
            "future": st.automa.future,
            "last": st.automa.last,
        },
        "schemes": st.schemes,
        "schemes_fingerprint": st.schemes_fingerprint,
        "variable": st.variable,
        "passes": st.passes,
        "log": [text_to_json(entry) for entry in st.log],
    }


def log_from_json(value: Any, where: str) -> Any:
    """A stored log entry (`bot.games.text.text_to_json`) back as a `Text`; a plain string
    stays one (states saved before)."""
    said = text_from_json(value)
    if said is None:
        raise CorruptStateError(f"{where}: unreadable text")  # i18n-exempt: damaged state
    return said


@functools.lru_cache(maxsize=8)
def _schemes(text: str) -> dict[str, Any]:
    """The validated Scheme data of a stored game (every game of a server shares one deck, so
    loading a state validates it once, not at every move). Never changed by the engine."""
    return parse_schemes(json.loads(text), source="state.schemes")


def _ints(data: Mapping[str, Any], key: str, where: str) -> list[int]:
    values = require_list(data, key, where)
    for k, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int):
            raise CorruptStateError(
                f"{where}.{key}[{k}]: expected an integer, got {v!r}"  # i18n-exempt: damaged state
            )
    return list(values)


def _int_map(data: Mapping[str, Any], key: str, where: str) -> dict[str, int]:
    m = require_mapping(require(data, key, where), f"{where}.{key}")
    for k, v in m.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise CorruptStateError(
                f"{where}.{key}.{k}: expected an integer, got {v!r}"  # i18n-exempt: damaged state
            )
    return dict(m)


def _player(data: object, where: str) -> Player:
    d = require_mapping(data, where)
    p = Player(**{k: require_int(d, k, where) for k in _PLAYER_INTS})
    p.goods = _int_map(d, "goods", where)
    p.at = _int_map(d, "at", where)
    try:
        p.captured = {int(k): v for k, v in _int_map(d, "captured", where).items()}
    except ValueError:
        raise CorruptStateError(
            f"{where}.captured: keys must be player numbers"  # i18n-exempt: damaged state
        ) from None
    p.apprentices = _ints(d, "apprentices", where)
    p.buildings = _ints(d, "buildings", where)
    p.hand = _ints(d, "hand", where)
    p.character = require_str(d, "character", where)
    return p


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Parse the JSON form, raising CorruptStateError naming the bad field."""
    d = require_mapping(data, "state")
    check_header(d, GAME, VERSION)
    try:
        phase = Phase(require_str(d, "phase", "state"))
    except ValueError:
        raise CorruptStateError(
            "state.phase: unknown phase"  # i18n-exempt: damaged state
        ) from None
    players = [
        _player(p, f"state.players[{k}]") for k, p in enumerate(require_list(d, "players", "state"))
    ]
    pending = []
    for k, raw in enumerate(require_list(d, "pending", "state")):
        pd = require_mapping(raw, f"state.pending[{k}]")
        pending.append(
            Pending(
                require_str(pd, "kind", "state.pending"),
                dict(require_mapping(pd.get("data"), "data")),
            )
        )
    rows = [list(r) for r in require_list(d, "rows", "state")]
    silver = [list(r) for r in require_list(d, "row_silver", "state")]
    if len(rows) != 2 or len(silver) != 2 or any(len(r) != 4 for r in rows + silver):
        raise CorruptStateError(
            "state.rows: expected 2 rows of 4"  # i18n-exempt: damaged state
        )
    raw_automa = require(d, "automa", "state")
    automa = None
    if raw_automa is not None:
        a = require_mapping(raw_automa, "state.automa")
        automa = Automa(
            difficulty=require_str(a, "difficulty", "state.automa"),
            draw=_ints(a, "draw", "state.automa"),
            discard=_ints(a, "discard", "state.automa"),
            future=_ints(a, "future", "state.automa"),
            last=require_int(a, "last", "state.automa"),
        )
    try:
        schemes = _schemes(canonical_json(require(d, "schemes", "state")))
    except DataError as exc:
        raise CorruptStateError(str(exc)) from None
    st = State(
        seats=require_int(d, "seats", "state"),
        rng=Rng.from_dict(require(d, "rng", "state")),
        phase=phase,
        players=players,
        order=[],
        turn=require_int(d, "turn", "state"),
        pending=pending,
        rows=rows,
        row_silver=silver,
        tax_stand=require_int(d, "tax_stand", "state"),
        reset_due=require_bool(d, "reset_due", "state"),
        final_turns=require_int(d, "final_turns", "state"),
        draft_round=require_int(d, "draft_round", "state"),
        draft_packs=[list(p) for p in require_list(d, "draft_packs", "state")],
        automa=automa,
        schemes=schemes,
        schemes_fingerprint=require_str(d, "schemes_fingerprint", "state"),
        variable=require_bool(d, "variable", "state"),
        passes=require_int(d, "passes", "state"),
        log=[
            log_from_json(x, f"state.log[{k}]") if isinstance(x, Mapping) else str(x)
            for k, x in enumerate(require_list(d, "log", "state"))
        ],
    )
    for key in _STATE_INT_LISTS:
        setattr(st, key, _ints(d, key, "state"))
    if not 1 <= st.seats <= 5 or len(players) != st.seats + (automa is not None):
        raise CorruptStateError(
            "state.players: does not match the number of seats"  # i18n-exempt: damaged state
        )
    if not 0 <= st.turn < len(st.order) or len(st.draft_choice) != st.seats:
        raise CorruptStateError("state.turn: out of range")  # i18n-exempt: damaged state
    return st
