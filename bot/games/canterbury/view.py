"""What a player (or spectator) sees of a Canterbury game: everything is public.

The renderer and the table read only these frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.canterbury import rules
from bot.games.canterbury.board import DISTRICTS, NAMES, district_class
from bot.games.canterbury.data import SERVICE_NAMES, SERVICES, Size
from bot.games.canterbury.state import CATEGORIES, NEUTRAL, ROMAN, Phase, State, owner_name
from bot.games.protocol import Seat
from bot.games.text import tx, tx_n


@dataclass(frozen=True, slots=True)
class StructureView:
    """A structure token in a district."""

    id: str
    name: str
    abbreviation: str
    spaces: int
    service: str
    owner: str  # 'blue'... 'neutral' or 'roman'
    new: bool  # built in the last completed turn


@dataclass(frozen=True, slots=True)
class DistrictView:
    """One district."""

    name: str
    district_class: str
    structures: tuple[StructureView, ...]
    markers: tuple[str | None, ...]  # owner per service, water first
    new_markers: tuple[bool, ...]  # placed in the last completed turn
    covered: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player's public position."""

    seat: int
    colour: str
    rank: int
    gold: int
    score: int
    must_full_build: bool
    breakdown: tuple[tuple[str, int], ...]
    kings: tuple[int, ...]  # service markers per service (the King's Bonus Chart)
    neutral_build: bool | None  # two-player: side of the Neutral Builder token
    small_stack: tuple[str, ...]
    medium_stack: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SupplyView:
    """Tokens left of one structure type."""

    id: str
    name: str
    abbreviation: str
    size: str
    service: str
    cost: int
    city: int
    player: str  # '5' or '14/12/10' (central/inner/outer; '-' not in central)
    left: int


@dataclass(frozen=True, slots=True)
class CanterburyView:
    """The whole public picture."""

    viewer: Seat | None
    players: tuple[PlayerView, ...]
    districts: tuple[DistrictView, ...]
    city: int
    disks: int
    levy: int
    tax: int
    current: int | None
    phase: str
    turn_text: str  # what the current player has done so far this turn
    last_seat: int | None
    neutral_kings: tuple[int, ...] | None  # two-player
    supply: tuple[SupplyView, ...]
    scorings: int
    last_scoring: tuple[tuple[str, int, int], ...]  # (district, seat, points)
    last_scoring_number: int | None
    final_round: bool
    turns_left: int | None
    finished: bool
    result_text: str | None
    kings_awards: tuple[tuple[tuple[int, int], ...], ...]
    reconstructed: tuple[str, ...]


def turn_text(state: State) -> str:
    """A sentence about the turn in progress (empty before anything happened in it)."""
    t = state.turn
    parts: list[str] = []
    for sid, d in t.neutral:
        parts.append(
            tx(
                "Neutral Builder: {structure} in {district}",
                structure=rules._name(state, sid),
                district=NAMES[d],
            )
        )
    if t.action == "full":
        parts.append(tx("Full Build"))
    elif t.action == "tax":
        parts.append(tx("Tax & Build"))
    for sid, d in t.built:
        parts.append(
            tx("{structure} in {district}", structure=rules._name(state, sid), district=NAMES[d])
        )
    if state.phase is Phase.SPREAD:
        parts.append(
            tx_n(
                "{n} {service} marker left to place",
                "{n} {service} markers left to place",
                t.spread,
                service=SERVICE_NAMES[t.spread_service],
            )
        )
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = tx("{first}; {rest}", first=text, rest=part)
    return text


def build_view(state: State, seat: Seat | None, result_text: str | None) -> CanterburyView:
    """The CanterburyView of `state` (the same for everyone)."""
    last = state.last_turn
    last_builds = set()
    last_markers = set()
    if last is not None:
        last_builds = {(sid, d) for sid, d in last.built + last.neutral}
        last_markers = set(last.markers)
    counts = rules.marker_counts(state)
    districts = []
    for i in range(DISTRICTS):
        district = state.districts[i]
        structures = []
        for p in district.structures:
            s = rules.structure(state, p.structure)
            assert s is not None
            is_roman = p.owner == ROMAN
            structures.append(
                StructureView(
                    id=p.structure,
                    name=rules._name(state, p.structure),
                    abbreviation="Roman" if is_roman else s.abbreviation,  # i18n-exempt: board key
                    spaces=s.spaces,
                    service=SERVICES[s.service],
                    owner=owner_name(p.owner) or "",
                    new=(p.structure, i) in last_builds and p.turn == state.turn_number - 1,
                )
            )
        districts.append(
            DistrictView(
                name=NAMES[i],
                district_class=district_class(i),
                structures=tuple(structures),
                markers=tuple(owner_name(m) for m in district.markers),
                new_markers=tuple((i, k) in last_markers for k in range(6)),
                covered=rules.covered(state, i),
            )
        )
    players = tuple(
        PlayerView(
            seat=s,
            colour=rules.COLOURS[s],
            rank=s + 1,
            gold=p.gold,
            score=p.score,
            # A finished game has no next turn to bind.
            must_full_build=p.must_full_build and state.phase is not Phase.OVER,
            breakdown=tuple(zip(CATEGORIES, p.points, strict=True)),
            kings=tuple(counts[s]),
            neutral_build=p.neutral_build if state.two_player else None,
            small_stack=p.small_stack,
            medium_stack=p.medium_stack,
        )
        for s, p in enumerate(state.players)
    )
    supply = []
    for s in state.data.structures:
        if s.size is Size.LARGE:
            assert s.large_player is not None
            pts = "/".join("-" if v is None else str(v) for v in s.large_player)
        else:
            pts = str(s.player)
        supply.append(
            SupplyView(
                s.id,
                s.label,
                s.abbreviation,
                s.size.label,
                SERVICES[s.service],
                s.cost,
                s.city,
                pts,
                state.supply[s.index],
            )
        )
    levy = state.data.levy(state.city)
    scoring = state.last_scoring
    return CanterburyView(
        viewer=seat,
        players=players,
        districts=tuple(districts),
        city=state.city,
        disks=state.disks,
        levy=levy,
        tax=levy // 2,
        current=None if state.phase is Phase.OVER else state.current,
        phase=state.phase.value,
        turn_text=turn_text(state),
        last_seat=state.last_seat,
        neutral_kings=tuple(counts[NEUTRAL]) if state.two_player else None,
        supply=tuple(supply),
        scorings=state.scorings,
        last_scoring=()
        if scoring is None
        else tuple((NAMES[d], s, p) for d, s, p in scoring.awards),
        last_scoring_number=None if scoring is None else scoring.number,
        final_round=state.turns_left is not None,
        turns_left=state.turns_left,
        finished=state.phase is Phase.OVER,
        result_text=result_text,
        kings_awards=state.kings,
        reconstructed=state.data.reconstructed,
    )
