"""Builders for Canaan test positions: a game past setup with pieces and hands placed directly."""

from __future__ import annotations

from bot.games.canaan import ENGINE
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.data import RESOURCES, Hand
from bot.games.canaan.state import CITY, EMPTY, Phase, State, evolve
from bot.games.protocol import Seat, Transition, step
from bot.games.rng import Rng

D = ENGINE.data


def v(ident: str) -> int:
    """Intersection index from the data file's name, e.g. "S(-1,-1)"."""
    return D.vertex_ids.index(ident)


def e(a: int, b: int) -> int:
    """Path index between two intersection indices."""
    return D.edge_index[(min(a, b), max(a, b))]


def hexes(label: str) -> int:
    """Hex index by letter."""
    return D.hex_by_label[label]


def line(length: int, avoid: set[int] | None = None, start: int | None = None) -> list[int]:
    """The intersections of a simple line of `length` paths (length+1 intersections) that
    avoids `avoid`, from `start` when given, else from the first intersection that allows one."""
    avoid = avoid or set()

    def dfs(path: list[int]) -> list[int] | None:
        if len(path) == length + 1:
            return path
        for n in D.vertex_neighbours[path[-1]]:
            if n not in path and n not in avoid:
                found = dfs([*path, n])
                if found:
                    return found
        return None

    for first in [start] if start is not None else range(len(D.vertex_ids)):
        if first not in avoid:
            found = dfs([first])
            if found:
                return found
    raise AssertionError("no such line on this map")


def spread(n: int, avoid: set[int] | None = None) -> list[int]:
    """n intersections, none in or next to `avoid`, no two of them neighbours (the distance
    rule holds between them)."""
    taken = set(avoid or ())
    chosen: list[int] = []
    for x in range(len(D.vertex_ids)):
        if x in taken or any(x in D.vertex_neighbours[c] for c in taken):
            continue
        chosen.append(x)
        taken.add(x)
        if len(chosen) == n:
            return chosen
    raise AssertionError("map too small")


def hand(**kw: int) -> Hand:
    """A hand from keyword counts."""
    return tuple(kw.get(r, 0) for r in RESOURCES)  # type: ignore[return-value]


def position(
    players: int = 4,
    *,
    settlements: dict[int, int] | None = None,
    cities: dict[int, int] | None = None,
    roads: dict[int, int] | None = None,
    hands: dict[int, Hand] | None = None,
    current: int = 0,
    rolled: bool = True,
    seed: int = 1,
) -> State:
    """A game in its turn phase with the given pieces (vertex/edge -> seat) and hands; the bank
    holds the rest of each resource."""
    s = ENGINE.new_game(players, {}, seed)
    b = [EMPTY] * len(D.vertex_ids)
    for vert, seat in (settlements or {}).items():
        b[vert] = seat
    for vert, seat in (cities or {}).items():
        b[vert] = CITY + seat
    r = [EMPTY] * len(D.edges)
    for edge, seat in (roads or {}).items():
        r[edge] = seat
    ps = list(s.players)
    bank = [23] * 5
    for seat, h in (hands or {}).items():
        ps[seat] = _with(ps[seat], hand=h)
        for i in range(5):
            bank[i] -= h[i]
    s = evolve(
        s,
        buildings=tuple(b),
        roads=tuple(r),
        players=tuple(_with(p, start=0) for p in ps),
        bank=tuple(bank),
        phase=Phase.TURN,
        current=current,
        turn=1,
        rolled=rolled,
        road_lengths=(0,) * players,
    )
    # The engine keeps road lengths incrementally: a position starts with them walked.
    return evolve(s, road_lengths=tuple(B.longest_road(s, i) for i in range(players)))


def _with(p, **kw):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(p, **kw)


def with_player(s: State, seat: int, **kw: object) -> State:
    """Change one player's record."""
    ps = list(s.players)
    ps[seat] = _with(ps[seat], **kw)
    return evolve(s, players=tuple(ps))


def rigged(s: State, total: int) -> State:
    """The same state with its dice counter moved so that the next roll totals `total`."""
    for counter in range(10_000):
        dice, _ = Rng(s.rng.seed, counter, s.rng.scheme).dice(2)
        if sum(dice) == total:
            return evolve(s, rng=Rng(s.rng.seed, counter, s.rng.scheme))
    raise AssertionError("no such roll")


def play(s: State, seat: int, text: str) -> State:
    """Apply notation for `seat`; the move must be accepted."""
    result = step(ENGINE, s, Seat(seat), ENGINE.parse_action(text, s, Seat(seat)))  # type: ignore[arg-type]
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result.state


def refused(s: State, seat: int, text: str) -> str:
    """The rejection sentence for notation that must be refused."""
    parsed = ENGINE.parse_action(text, s, Seat(seat))
    if not isinstance(parsed, Transition) and hasattr(parsed, "message"):
        return parsed.message  # type: ignore[union-attr]
    result = step(ENGINE, s, Seat(seat), parsed)
    assert not isinstance(result, Transition), f"{text!r} was accepted"
    return result.message


def legal(s: State, seat: int) -> list[str]:
    """Legal notations of `seat`."""
    return [ENGINE.format_action(a, s) for a in R.legal_actions(s, seat)]
