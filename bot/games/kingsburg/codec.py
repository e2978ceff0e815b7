"""JSON form of the Kingsburg state (schema version 1), validated field by field on load."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
from bot.games.kingsburg import data as D
from bot.games.kingsburg.state import (
    DUMMY,
    Battle,
    BattleEffect,
    Die,
    GiftDue,
    Group,
    Player,
    State,
    Step,
    WinterChoice,
)
from bot.games.rng import Rng
from bot.games.text import Text, text_from_json, text_to_json

GAME = "kingsburg"
VERSION = 1


def _goods(d: Mapping[str, Any], key: str, where: str) -> tuple[int, int, int]:
    raw = require_list(d, key, where)
    if len(raw) != 3 or not all(
        isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in raw
    ):
        raise CorruptStateError(
            f"{where}.{key}: expected three non-negative integers"  # i18n-exempt: damaged save
        )
    return (raw[0], raw[1], raw[2])


def _opt_bool(d: Mapping[str, Any], key: str, where: str) -> bool:
    """A flag that older saves lack (False then)."""
    return require_bool(d, key, where) if key in d else False


def _opt_int(d: Mapping[str, Any], key: str, where: str) -> int | None:
    v = require(d, key, where)
    if v is None:
        return None
    return require_int(d, key, where)


def _int_list(d: Mapping[str, Any], key: str, where: str) -> tuple[int, ...]:
    raw = require_list(d, key, where)
    for x in raw:
        if isinstance(x, bool) or not isinstance(x, int):
            raise CorruptStateError(
                f"{where}.{key}: expected integers, got {x!r}"  # i18n-exempt: damaged save
            )
    return tuple(raw)


def _battle_effects(b: Mapping[str, Any], where: str) -> tuple[BattleEffect, ...]:
    """A battle's per-seat effects; absent in games saved before they were recorded."""
    if "effects" not in b:
        return ()
    out: list[BattleEffect] = []
    for j, raw in enumerate(require_list(b, "effects", where)):
        e = require_mapping(raw, f"{where}.effects[{j}]")
        goods = _int_list(e, "goods", f"{where}.effects[{j}]")
        if len(goods) != 3:
            raise CorruptStateError(
                f"{where}.effects[{j}].goods: expected three integers"  # i18n-exempt: damaged save
            )
        destroyed = tuple(str(x) for x in require_list(e, "destroyed", f"{where}.effects[{j}]"))
        for bid in destroyed:
            if bid not in D.BUILDING_BY_ID:
                raise CorruptStateError(
                    f"{where}.effects[{j}].destroyed: unknown {bid!r}"  # i18n-exempt: damaged save
                )
        out.append(
            BattleEffect(
                (goods[0], goods[1], goods[2]),
                require_int(e, "vp", f"{where}.effects[{j}]"),
                destroyed,
                require_int(e, "choosing", f"{where}.effects[{j}]"),
            )
        )
    return tuple(out)


def _player_to(p: Player) -> dict[str, Any]:
    return {
        "goods": list(p.goods),
        "plus_two": p.plus_two,
        "soldiers": p.soldiers,
        "vp": p.vp,
        "buildings": sorted(p.buildings),
        "dice": [[d.value, d.white, d.placed_on] for d in p.dice],
        "aid_white": p.aid_white,
        "passed": p.passed,
        "statue_used": p.statue_used,
        "chapel_used": p.chapel_used,
        "market_used": p.market_used,
        "townhall_used": p.townhall_used,
        "stables_used": p.stables_used,
        "crane_used": p.crane_used,
        "builds": p.builds,
        "combat": p.combat,
        "result": p.result,
        "vp_from": [[k, v] for k, v in p.vp_from],
    }


def _player_from(raw: object, where: str) -> Player:
    d = require_mapping(raw, where)
    buildings = require_list(d, "buildings", where)
    for b in buildings:
        if b not in D.BUILDING_BY_ID:
            raise CorruptStateError(
                f"{where}.buildings: unknown building {b!r}"  # i18n-exempt: damaged save
            )
    dice: list[Die] = []
    for i, raw_die in enumerate(require_list(d, "dice", where)):
        if (
            not isinstance(raw_die, list)
            or len(raw_die) != 3
            or not isinstance(raw_die[1], bool)
            or not isinstance(raw_die[0], int)
            or not 1 <= raw_die[0] <= 6
            or not isinstance(raw_die[2], int)
            or not 0 <= raw_die[2] <= 18
        ):
            raise CorruptStateError(
                f"{where}.dice[{i}]: "  # i18n-exempt: damaged save
                "expected [value 1-6, white, advisor 0-18]"
            )
        dice.append(Die(raw_die[0], raw_die[1], raw_die[2]))
    result = require(d, "result", where)
    if result not in (None, "won", "tied", "lost"):
        raise CorruptStateError(
            f"{where}.result: unknown battle result {result!r}"  # i18n-exempt: damaged save
        )
    # A score may be negative (designer's clarifications); the counts below may not.
    counts = {k: require_int(d, k, where) for k in ("plus_two", "soldiers", "vp", "builds")}
    for k, v in counts.items():
        if v < 0 and k != "vp":
            raise CorruptStateError(
                f"{where}.{k} must not be negative"  # i18n-exempt: damaged save
            )
    return Player(
        goods=_goods(d, "goods", where),
        plus_two=counts["plus_two"],
        soldiers=counts["soldiers"],
        vp=counts["vp"],
        buildings=frozenset(buildings),
        dice=tuple(dice),
        aid_white=require_bool(d, "aid_white", where),
        passed=require_bool(d, "passed", where),
        statue_used=require_bool(d, "statue_used", where),
        chapel_used=require_bool(d, "chapel_used", where),
        market_used=require_bool(d, "market_used", where),
        townhall_used=require_bool(d, "townhall_used", where),
        # Absent in games saved before the once-a-season Stables and Crane: not used yet.
        stables_used=_opt_bool(d, "stables_used", where),
        crane_used=_opt_bool(d, "crane_used", where),
        builds=counts["builds"],
        combat=_opt_int(d, "combat", where),
        result=result,
        vp_from=_vp_from(d.get("vp_from", []), f"{where}.vp_from"),
    )


def _vp_from(raw: object, where: str) -> tuple[tuple[str, int], ...]:
    """VP by source; absent in games saved before sources were kept (then their VP are "Other")."""
    if not isinstance(raw, list):
        raise CorruptStateError(
            f"{where}: expected a list of [source, points] pairs"  # i18n-exempt: damaged save
        )
    out: list[tuple[str, int]] = []
    for i, pair in enumerate(raw):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not isinstance(pair[0], str)
            or not isinstance(pair[1], int)
            or isinstance(pair[1], bool)
        ):
            raise CorruptStateError(
                f"{where}[{i}]: expected [source, points]"  # i18n-exempt: damaged save
            )
        out.append((pair[0], pair[1]))
    return tuple(out)


def _text_to(value: Any) -> Any:
    """A recent event's sentence as data (`bot.games.text.text_to_json`: a `Text` keeps its
    message id and parameters, so a board shows it again in the reader's language)."""
    return text_to_json(value if isinstance(value, Text | int | str) else str(value))


def _text_from(raw: Any) -> Any:
    """The inverse of `_text_to` (a sentence saved as plain text stays plain text)."""
    said = text_from_json(raw)
    if said is None:
        raise CorruptStateError(
            "state.recent: a sentence without its text"  # i18n-exempt: damaged save
        )
    return said


def state_to_dict(s: State) -> dict[str, Any]:
    """JSON form with "game" and "v" keys."""
    return {
        "game": GAME,
        "v": VERSION,
        "n": s.n,
        "year": s.year,
        "phase": s.phase,
        "step": s.step.value,
        "players": [_player_to(p) for p in s.players],
        "turn_order": list(s.turn_order),
        "deck": list(s.deck),
        "rng": s.rng.to_dict(),
        "revealed": s.revealed,
        "peeked": sorted(s.peeked),
        "envoy": s.envoy,
        "court": [
            {
                "advisor": g.advisor,
                "owner": g.owner,
                "values": list(g.values),
                "whites": g.whites,
                "plus_two": g.plus_two,
                "shift": g.shift,
                "envoy": g.envoy,
            }
            for g in s.court
        ],
        "dummy_rolls": [list(r) for r in s.dummy_rolls],
        "dummy_aside": s.dummy_aside,
        "queue": list(s.queue),
        "aid_pending": sorted(s.aid_pending),
        "gifts": [[g.advisor, g.seat] for g in s.gifts],
        "choices": [[c.seat, c.gain, c.count] for c in s.choices],
        "kings_die": s.kings_die,
        "battles": [
            {
                "year": b.year,
                "card_id": b.card_id,
                "kings_die": b.kings_die,
                "combat": list(b.combat),
                "results": list(b.results),
                "effects": [
                    {
                        "goods": list(e.goods),
                        "vp": e.vp,
                        "destroyed": list(e.destroyed),
                        "choosing": e.choosing,
                    }
                    for e in b.effects
                ],
            }
            for b in s.battles
        ],
        "recent": [_text_to(x) for x in s.recent],
    }


def state_from_dict(data: Mapping[str, Any]) -> State:
    """Parse and validate; raises CorruptStateError naming the bad field."""
    d = require_mapping(data, "state")
    check_header(d, GAME, VERSION)
    n = require_int(d, "n", "state")
    if not 2 <= n <= 5:
        raise CorruptStateError(
            "state.n: Kingsburg has 2 to 5 players"  # i18n-exempt: damaged save
        )

    def seat_ok(x: object, where: str) -> int:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n:
            raise CorruptStateError(
                f"{where}: {x!r} is not a seat"  # i18n-exempt: damaged save
            )
        return x

    year = require_int(d, "year", "state")
    phase = require_int(d, "phase", "state")
    if not 1 <= year <= 5 or not 1 <= phase <= 8:
        raise CorruptStateError(
            "state.year/phase out of range"  # i18n-exempt: damaged save
        )
    step_text = require_str(d, "step", "state")
    try:
        step = Step(step_text)
    except ValueError:
        raise CorruptStateError(
            f"state.step: unknown step {step_text!r}"  # i18n-exempt: damaged save
        ) from None
    players = tuple(
        _player_from(p, f"state.players[{i}]")
        for i, p in enumerate(require_list(d, "players", "state"))
    )
    if len(players) != n:
        raise CorruptStateError(
            "state.players: one entry per seat expected"  # i18n-exempt: damaged save
        )
    order = tuple(seat_ok(x, "state.turn_order") for x in require_list(d, "turn_order", "state"))
    if sorted(order) != list(range(n)):
        raise CorruptStateError(
            "state.turn_order: must list every seat once"  # i18n-exempt: damaged save
        )
    deck = tuple(require_list(d, "deck", "state"))
    if len(deck) != 5 or any(
        c not in D.ENEMY_BY_ID or D.ENEMY_BY_ID[c].year != y + 1 for y, c in enumerate(deck)
    ):
        raise CorruptStateError(
            "state.deck: expected one known enemy card id "  # i18n-exempt: damaged save
            "per year, in order"
        )
    envoy = require(d, "envoy", "state")
    if envoy is not None:
        seat_ok(envoy, "state.envoy")
    court: list[Group] = []
    for i, raw in enumerate(require_list(d, "court", "state")):
        g = require_mapping(raw, f"state.court[{i}]")
        owner = require_int(g, "owner", f"state.court[{i}]")
        if owner != DUMMY:
            seat_ok(owner, f"state.court[{i}].owner")
        adv = require_int(g, "advisor", f"state.court[{i}]")
        if not 1 <= adv <= 18:
            raise CorruptStateError(
                f"state.court[{i}].advisor out of range"  # i18n-exempt: damaged save
            )
        court.append(
            Group(
                advisor=adv,
                owner=owner,
                values=_int_list(g, "values", f"state.court[{i}]"),
                whites=require_int(g, "whites", f"state.court[{i}]"),
                plus_two=require_bool(g, "plus_two", f"state.court[{i}]"),
                shift=require_int(g, "shift", f"state.court[{i}]"),
                envoy=require_bool(g, "envoy", f"state.court[{i}]"),
            )
        )
    dummy_rolls: list[tuple[int, ...]] = []
    for i, r in enumerate(require_list(d, "dummy_rolls", "state")):
        if not isinstance(r, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in r
        ):
            raise CorruptStateError(
                f"state.dummy_rolls[{i}]: expected die values 1-6"  # i18n-exempt: damaged save
            )
        dummy_rolls.append(tuple(r))
    gifts: list[GiftDue] = []
    for i, raw in enumerate(require_list(d, "gifts", "state")):
        if (
            not isinstance(raw, list)
            or len(raw) != 2
            or not isinstance(raw[0], int)
            or not 1 <= raw[0] <= 18
        ):
            raise CorruptStateError(
                f"state.gifts[{i}]: expected [advisor, seat]"  # i18n-exempt: damaged save
            )
        gifts.append(GiftDue(raw[0], seat_ok(raw[1], f"state.gifts[{i}]")))
    choices: list[WinterChoice] = []
    for i, raw in enumerate(require_list(d, "choices", "state")):
        if (
            not isinstance(raw, list)
            or len(raw) != 3
            or not isinstance(raw[1], bool)
            or not isinstance(raw[2], int)
        ):
            raise CorruptStateError(
                f"state.choices[{i}]: expected [seat, gain, count]"  # i18n-exempt: damaged save
            )
        choices.append(WinterChoice(seat_ok(raw[0], f"state.choices[{i}]"), raw[1], raw[2]))
    battles: list[Battle] = []
    for i, raw in enumerate(require_list(d, "battles", "state")):
        b = require_mapping(raw, f"state.battles[{i}]")
        cid = require_str(b, "card_id", f"state.battles[{i}]")
        if cid not in D.ENEMY_BY_ID:
            raise CorruptStateError(
                f"state.battles[{i}].card_id: unknown card {cid!r}"  # i18n-exempt: damaged save
            )
        results = tuple(str(r) for r in require_list(b, "results", f"state.battles[{i}]"))
        effects = _battle_effects(b, f"state.battles[{i}]")
        battles.append(
            Battle(
                year=require_int(b, "year", f"state.battles[{i}]"),
                card_id=cid,
                kings_die=require_int(b, "kings_die", f"state.battles[{i}]"),
                combat=_int_list(b, "combat", f"state.battles[{i}]"),
                results=results,
                effects=effects,
            )
        )
    return State(
        n=n,
        year=year,
        phase=phase,
        step=step,
        players=players,
        turn_order=order,
        deck=deck,
        rng=Rng.from_dict(require(d, "rng", "state")),
        revealed=require_int(d, "revealed", "state"),
        peeked=frozenset(seat_ok(x, "state.peeked") for x in require_list(d, "peeked", "state")),
        envoy=envoy,
        court=tuple(court),
        dummy_rolls=tuple(dummy_rolls),
        dummy_aside=_opt_int(d, "dummy_aside", "state"),
        queue=tuple(seat_ok(x, "state.queue") for x in require_list(d, "queue", "state")),
        aid_pending=frozenset(
            seat_ok(x, "state.aid_pending") for x in require_list(d, "aid_pending", "state")
        ),
        gifts=tuple(gifts),
        choices=tuple(choices),
        kings_die=_opt_int(d, "kings_die", "state"),
        battles=tuple(battles),
        recent=tuple(_text_from(x) for x in require_list(d, "recent", "state")),
    )
