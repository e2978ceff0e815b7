"""Where a structure may stand: the board read as structures and markers (spaces covered and
taken, services present, reach), the `Board` facts one Build enumeration reads once, the
allowed sets of demolitions, and the sentence saying why a structure cannot stand somewhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from bot.games.canterbury.actions import canonical_demolitions
from bot.games.canterbury.board import CENTRAL, DISTRICTS, NAMES, NEIGHBOURS, SPACES, district_class
from bot.games.canterbury.data import SERVICE_NAMES, Size, Structure
from bot.games.canterbury.state import OLD_ROMAN_WELL, Placed, State
from bot.games.canterbury.words import _joined
from bot.games.text import tx


def structure(state: State, sid: str) -> Structure | None:
    """The structure type of an id; the Old Roman Well counts as the small water structure."""
    if sid == OLD_ROMAN_WELL:
        return state.data.of(Size.SMALL, 0)
    return state.data.by_id(sid)


def _spaces_of(state: State, placed: Placed) -> int:
    s = structure(state, placed.structure)
    return 0 if s is None else s.spaces


def covered(state: State, district: int) -> int:
    """Building spaces covered in a district (the Old Roman Well does not count for Favor)."""
    return sum(
        _spaces_of(state, p)
        for p in state.districts[district].structures
        if p.structure != OLD_ROMAN_WELL
    )


def occupied(state: State, district: int) -> int:
    """Building spaces taken in a district (the Old Roman Well takes one)."""
    return sum(_spaces_of(state, p) for p in state.districts[district].structures)


def services_present(state: State, district: int) -> int:
    """How many services have a marker in the district."""
    return sum(1 for m in state.districts[district].markers if m is not None)


def reachable(state: State, district: int) -> bool:
    """A district holding structures, or orthogonally adjacent to one that does."""
    if state.districts[district].structures:
        return True
    return any(state.districts[n].structures for n in NEIGHBOURS[district])


def _has_same(state: State, district: int, s: Structure) -> bool:
    for p in state.districts[district].structures:
        if p.structure == s.id or (
            p.structure == OLD_ROMAN_WELL and s.size is Size.SMALL and s.service == 0
        ):
            return True
    return False


def _ladder_ok(state: State, district: int, service: int) -> bool:
    markers = state.districts[district].markers
    return all(markers[i] is not None for i in range(service))


@dataclass(frozen=True, slots=True)
class Board:
    """Facts about the board read once per enumeration: structures standing at the start of
    this Build action (not the player's own of this turn; demolition conditions are judged on
    them), by service: where mediums stand and whether a large stands anywhere; and the
    spaces taken and structure types per district."""

    large_services: frozenset[int]
    medium_at: tuple[frozenset[int], ...]  # services of mediums standing in each district
    taken: tuple[int, ...]
    kinds: tuple[tuple[tuple[str, Structure], ...], ...]  # (id, type) per district
    reach: tuple[bool, ...]
    fresh: tuple[frozenset[str], ...] = ()  # the player's own structures of this turn, per district

    @staticmethod
    def of(state: State, seat: int) -> Board:
        """Read the board of `state` for `seat`'s Build action."""
        large: set[int] = set()
        medium_at: list[set[int]] = [set() for _ in range(DISTRICTS)]
        taken = []
        kinds = []
        fresh: list[frozenset[str]] = []
        for d, district in enumerate(state.districts):
            here = []
            new_here: set[str] = set()
            for p in district.structures:
                s = structure(state, p.structure)
                assert s is not None
                here.append((p.structure, s))
                if p.owner == seat and p.turn == state.turn_number:
                    new_here.add(p.structure)
                    continue
                if s.size is Size.LARGE:
                    large.add(s.service)
                elif s.size is Size.MEDIUM:
                    medium_at[d].add(s.service)
            kinds.append(tuple(here))
            fresh.append(frozenset(new_here))
            taken.append(sum(s.spaces for _, s in here))
        has = [bool(k) for k in kinds]
        reach = tuple(has[d] or any(has[n] for n in NEIGHBOURS[d]) for d in range(DISTRICTS))
        return Board(
            frozenset(large),
            tuple(frozenset(m) for m in medium_at),
            tuple(taken),
            tuple(kinds),
            reach,
            tuple(fresh),
        )

    def may_demolish_to_fit(self, district: int, old: Structure) -> bool:
        """The rulebook's conditions for demolishing `old` other than as an upgrade."""
        if old.size is Size.LARGE:
            return False
        if old.service in self.large_services:
            return True
        return old.size is Size.SMALL and any(
            old.service in self.medium_at[n] for n in NEIGHBOURS[district]
        )


def demolition_sets(
    state: State, seat: int, district: int, new: Structure, board: Board | None = None
) -> list[tuple[str, ...]]:
    """Every allowed set of demolitions for building `new` in `district` ([()] when it fits
    as is and nothing may be upgraded; [] when it cannot be made to fit).

    A structure may go only if smaller than `new`, and either (upgrade) it provides the same
    service, or (making room) a same-service medium stands orthogonally adjacent (small only)
    or a same-service large stands anywhere; room-making demolitions must all be needed.
    Demolition happens at the start of the Build action, so a structure the player built
    earlier this turn is never demolished."""
    board = board or Board.of(state, seat)
    free = SPACES - board.taken[district]
    upgrades: list[tuple[str, int]] = []
    fitters: list[tuple[str, int]] = []
    fresh = board.fresh[district] if board.fresh else frozenset()
    for sid, old in board.kinds[district]:
        if old.spaces >= new.spaces or sid in fresh:
            continue
        if old.service == new.service:
            upgrades.append((sid, old.spaces))
        elif free < new.spaces and board.may_demolish_to_fit(district, old):
            fitters.append((sid, old.spaces))
    if not upgrades:
        if free >= new.spaces:
            return [()]
        if not fitters:
            return []
    out: list[tuple[str, ...]] = []
    for u_count in range(len(upgrades) + 1):
        for ups in combinations(upgrades, u_count):
            room = free + sum(sp for _, sp in ups)
            if room >= new.spaces:
                out.append(tuple(sid for sid, _ in ups))
                continue
            for f_count in range(1, len(fitters) + 1):
                for fits in combinations(fitters, f_count):
                    total = room + sum(sp for _, sp in fits)
                    if total < new.spaces:
                        continue
                    if all(total - sp < new.spaces for _, sp in fits):
                        out.append(tuple(sid for sid, _ in ups + fits))
    return [canonical_demolitions(list(ids), state.data) for ids in out]


def _placeable(state: State, board: Board, s: Structure, district: int) -> bool:
    """`placement_problem(...) is None`, fast (no sentence built)."""
    if not board.reach[district]:
        return False
    small_water = s.size is Size.SMALL and s.service == 0
    for sid, _ in board.kinds[district]:
        if sid == s.id or (small_water and sid == OLD_ROMAN_WELL):
            return False
    if s.large_player is not None and district == CENTRAL and s.large_player[0] is None:
        return False
    markers = state.districts[district].markers
    return all(markers[i] is not None for i in range(s.service))


def placement_problem(state: State, s: Structure, district: int) -> str | None:
    """Why `s` cannot stand in `district` (ignoring space and gold), or None."""
    name = NAMES[district]
    if not reachable(state, district):
        return tx(
            "{district} neither holds a structure nor borders a district that does.",
            district=name,
        )
    if _has_same(state, district, s):
        return tx("{district} already has a {structure}.", district=name, structure=s.label)
    if s.size is Size.LARGE and s.player_points(district_class(district)) is None:
        return tx("The {structure} cannot be built in the Central District.", structure=s.label)
    if not _ladder_ok(state, district, s.service):
        missing = [
            SERVICE_NAMES[i]
            for i in range(s.service)
            if state.districts[district].markers[i] is None
        ]
        return tx(
            "{district} lacks {services}: a {service} structure needs every service before it "
            "there.",
            district=name,
            services=_joined(missing),
            service=SERVICE_NAMES[s.service],
        )
    return None
