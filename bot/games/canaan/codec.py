"""Versioned JSON codec for the Settlers of Canaan state.

Every game stores the map/event data it began with (and its fingerprint), so a server owner who
later replaces the data file never alters a running game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.canaan.data import data_for
from bot.games.canaan.state import Answer, Offer, Pending, Phase, Player, State
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
from bot.games.rng import Rng

GAME = "canaan"
VERSION = 1


def _hand(h: tuple[int, ...]) -> list[int]:
    return list(h)


def state_to_dict(s: State) -> dict[str, Any]:
    """JSON form of the whole state."""
    return {
        "game": GAME,
        "v": VERSION,
        "data": s.data.raw,
        "data_fingerprint": s.data.fingerprint,
        "players": [
            {
                "hand": _hand(p.hand),
                "dev": list(p.dev),
                "new": list(p.new),
                "priests": p.priests,
                "vp_cards": list(p.vp_cards),
                "stones": p.stones,
                "start": p.start,
            }
            for p in s.players
        ],
        "buildings": list(s.buildings),
        "roads": list(s.roads),
        "bank": _hand(s.bank),
        "deck": list(s.deck),
        "rng": s.rng.to_dict(),
        "phase": s.phase.value,
        "first_player": s.first_player,
        "first_rolls": [list(r) for r in s.first_rolls],
        "setup_order": list(s.setup_order),
        "setup_index": s.setup_index,
        "setup_vertex": s.setup_vertex,
        "current": s.current,
        "turn": s.turn,
        "rolled": s.rolled,
        "dice": list(s.dice),
        "built": s.built,
        "dev_played": s.dev_played,
        "offers_made": s.offers_made,
        "offer": None
        if s.offer is None
        else {
            "give": _hand(s.offer.give),
            "get": _hand(s.offer.get),
            "to": s.offer.to,
            "answers": [
                {"kind": a.kind, "give": _hand(a.give), "get": _hand(a.get)}
                for a in s.offer.answers
            ],
        },
        "pending": [
            {"seat": p.seat, "kind": p.kind, "count": p.count, "reason": p.reason}
            for p in s.pending
        ],
        "plague": s.plague,
        "plague_due": s.plague_due,
        "free_roads": s.free_roads,
        "free_settlements": s.free_settlements,
        "discount": s.discount,
        "look_stage": s.look_stage,
        "look_victim": s.look_victim,
        "look_count": s.look_count,
        "blessing_due": s.blessing_due,
        "jerusalem": list(s.jerusalem),
        "longest": s.longest,
        "road_lengths": list(s.road_lengths),
        "most_priests": s.most_priests,
        "blessing": s.blessing,
        "blessing_res": s.blessing_res,
        "play_on": s.play_on,
        "winner": s.winner,
        "end_reason": s.end_reason,
        "last_seat": s.last_seat,
        "last_move": s.last_move,
        "last_marks": list(s.last_marks),
    }


def _ints(d: Mapping[str, Any], key: str, where: str, length: int | None = None) -> tuple[int, ...]:
    items = require_list(d, key, where)
    if length is not None and len(items) != length:
        raise CorruptStateError(
            f"{where}.{key}: expected {length} entries, "  # i18n-exempt: damaged save
            f"got {len(items)}"
        )
    out = []
    for i, v in enumerate(items):
        if isinstance(v, bool) or not isinstance(v, int):
            raise CorruptStateError(
                f"{where}.{key}[{i}]: expected an integer, got {v!r}"  # i18n-exempt: damaged save
            )
        out.append(v)
    return tuple(out)


def _hand_of(d: Mapping[str, Any], key: str, where: str) -> tuple[int, int, int, int, int]:
    h = _ints(d, key, where, 5)
    if min(h) < 0:
        raise CorruptStateError(
            f"{where}.{key}: card counts must not be negative"  # i18n-exempt: damaged save
        )
    return (h[0], h[1], h[2], h[3], h[4])


def _strs(d: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    items = require_list(d, key, where)
    if not all(isinstance(x, str) for x in items):
        raise CorruptStateError(
            f"{where}.{key}: expected a list of strings"  # i18n-exempt: damaged save
        )
    return tuple(items)


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Parse the JSON form; CorruptStateError names the bad field."""
    d = require_mapping(data, "state")
    check_header(d, GAME, VERSION)
    raw = require(d, "data", "state")
    fp = require_str(d, "data_fingerprint", "state")
    if fingerprint(raw) != fp:
        raise CorruptStateError(
            "state.data: does not match its fingerprint"  # i18n-exempt: damaged save
        )
    try:
        board = data_for(raw)
    except DataError as exc:
        raise CorruptStateError(f"state.data: {exc}") from None
    players = []
    for i, raw_p in enumerate(require_list(d, "players", "state")):
        w = f"state.players[{i}]"
        pm = require_mapping(raw_p, w)
        players.append(
            Player(
                hand=_hand_of(pm, "hand", w),
                dev=_strs(pm, "dev", w),
                new=_strs(pm, "new", w),
                priests=require_int(pm, "priests", w),
                vp_cards=_strs(pm, "vp_cards", w),
                stones=require_int(pm, "stones", w),
                start=require_int(pm, "start", w),
            )
        )
    if not 2 <= len(players) <= 4:
        raise CorruptStateError(
            "state.players: expected 2 to 4 players"  # i18n-exempt: damaged save
        )
    try:
        phase = Phase(require_str(d, "phase", "state"))
    except ValueError:
        raise CorruptStateError(
            "state.phase: unknown phase"  # i18n-exempt: damaged save
        ) from None
    offer = None
    raw_offer = require(d, "offer", "state")
    if raw_offer is not None:
        om = require_mapping(raw_offer, "state.offer")
        answers = []
        for i, ra in enumerate(require_list(om, "answers", "state.offer")):
            w = f"state.offer.answers[{i}]"
            am = require_mapping(ra, w)
            answers.append(
                Answer(require_str(am, "kind", w), _hand_of(am, "give", w), _hand_of(am, "get", w))
            )
        to = require(om, "to", "state.offer")
        if to is not None and (isinstance(to, bool) or not isinstance(to, int)):
            raise CorruptStateError(
                "state.offer.to: expected a seat or null"  # i18n-exempt: damaged save
            )
        offer = Offer(
            _hand_of(om, "give", "state.offer"),
            _hand_of(om, "get", "state.offer"),
            to,
            tuple(answers),
        )
    pending = []
    for i, rp in enumerate(require_list(d, "pending", "state")):
        w = f"state.pending[{i}]"
        pm = require_mapping(rp, w)
        pending.append(
            Pending(
                require_int(pm, "seat", w),
                require_str(pm, "kind", w),
                require_int(pm, "count", w),
                require_str(pm, "reason", w),
            )
        )
    rounds = tuple(
        tuple(int(x) for x in r)
        for r in require_list(d, "first_rolls", "state")
        if isinstance(r, list)
    )
    return State(
        data=board,
        players=tuple(players),
        buildings=_ints(d, "buildings", "state", len(board.vertex_ids)),
        roads=_ints(d, "roads", "state", len(board.edges)),
        bank=_hand_of(d, "bank", "state"),
        deck=_strs(d, "deck", "state"),
        rng=Rng.from_dict(require(d, "rng", "state")),
        phase=phase,
        first_player=require_int(d, "first_player", "state"),
        first_rolls=rounds,
        setup_order=_ints(d, "setup_order", "state"),
        setup_index=require_int(d, "setup_index", "state"),
        setup_vertex=require_int(d, "setup_vertex", "state"),
        current=require_int(d, "current", "state"),
        turn=require_int(d, "turn", "state"),
        rolled=require_bool(d, "rolled", "state"),
        dice=_ints(d, "dice", "state"),
        built=require_bool(d, "built", "state"),
        dev_played=require_bool(d, "dev_played", "state"),
        offers_made=require_int(d, "offers_made", "state"),
        offer=offer,
        pending=tuple(pending),
        plague=require_int(d, "plague", "state"),
        plague_due=require_bool(d, "plague_due", "state"),
        free_roads=require_int(d, "free_roads", "state"),
        free_settlements=require_int(d, "free_settlements", "state"),
        discount=require_bool(d, "discount", "state"),
        look_stage=require_int(d, "look_stage", "state"),
        look_victim=require_int(d, "look_victim", "state"),
        look_count=require_int(d, "look_count", "state"),
        blessing_due=require_bool(d, "blessing_due", "state"),
        jerusalem=_ints(d, "jerusalem", "state"),
        longest=require_int(d, "longest", "state"),
        road_lengths=_ints(d, "road_lengths", "state"),
        most_priests=require_int(d, "most_priests", "state"),
        blessing=require_int(d, "blessing", "state"),
        blessing_res=require_int(d, "blessing_res", "state"),
        play_on=require_bool(d, "play_on", "state"),
        winner=require_int(d, "winner", "state"),
        end_reason=require_str(d, "end_reason", "state"),
        last_seat=require_int(d, "last_seat", "state"),
        last_move=require_str(d, "last_move", "state"),
        last_marks=_strs(d, "last_marks", "state"),
    )
