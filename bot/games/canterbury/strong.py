"""Canterbury's part in the search kit: nothing is hidden and nothing is left to chance, so the
model is `deterministic` (the search keeps each node's state), values positions (prosperity with
what the turn under way will add, the District Favor each seat would take at the scorings still
to come, the King's Bonus as it stands, gold left to spend) and searches the heuristic's
favourite steps, ranked district by district (the heuristic's own ranking recounts the whole
board's Favor for every legal build, which cost most of a decision)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.canterbury import rules
from bot.games.canterbury.actions import Build, Neutral, Spread
from bot.games.canterbury.board import NEIGHBOURS, district_class
from bot.games.canterbury.data import Size
from bot.games.canterbury.state import ROMAN, Phase, State
from bot.games.protocol import Seat
from bot.games.search.model import BaseModel, Budget, SearchBot

_WIDTH = 6
_FAV_NEXT = 1.0  # District Favor as it stands, at the next scoring
_FAV_LATER = 0.6  # ... and at each scoring after it (the board will change by then)
_KINGS = 0.8  # the King's Bonus as it stands
_GOLD = 0.8  # a gold in hand, in prosperity (it buys about a point when spent)


def _pending(state: State) -> float:
    """The prosperity the current player's turn so far will bring when it ends (structures,
    Breaking Ground, Enrichment are added only at the end of a turn)."""
    turn = state.turn
    if not turn.built:
        return 0.0
    points = 0
    for sid, d in turn.built:
        s = state.data.by_id(sid)
        if s is not None:
            points += s.player_points(district_class(d)) or 0
    for d in turn.broke:
        points += rules.services_present(state, d)
    return float(points + rules.ENRICHMENT * turn.enrichment)


def _awards(markers: Sequence[int | None], value: int, n: int) -> list[int]:
    """One district's District Favor per seat (`rules.favor_awards` for one district)."""
    out = [0] * n
    if not value:
        return out
    counts: dict[int, int] = {}
    for owner in markers:
        if owner is not None and owner != ROMAN:
            counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return out
    top = max(counts.values())
    firsts = [o for o, c in counts.items() if c == top]
    if len(firsts) > 1:
        for o in firsts:
            if o >= 0:
                out[o] += value // len(firsts)
        return out
    if firsts[0] >= 0:
        out[firsts[0]] += value
    rest = {o: c for o, c in counts.items() if o != firsts[0]}
    if rest:
        second = max(rest.values())
        seconds = [o for o, c in rest.items() if c == second]
        if len(seconds) == 1 and seconds[0] >= 0:
            out[seconds[0]] += value // 2
    return out


def _swing(before: list[int], after: list[int], seat: int) -> float:
    """The change of `seat`'s Favor minus the best change among the others."""
    mine = after[seat] - before[seat] if seat >= 0 else 0
    others = [a - b for i, (a, b) in enumerate(zip(after, before, strict=True)) if i != seat]
    return mine - (max(others) if others else 0)


def _favor_swing(
    state: State,
    seat: int,
    owner: int,
    service: int,
    targets: Sequence[int],
    home: int,
    spaces: int,
) -> tuple[float, int]:
    """(`seat`'s Favor swing, markers landed) when `owner` marks `service` in `targets` and
    `home` gains `spaces` covered spaces, judged on the districts that change only."""
    n = state.n
    swing = 0.0
    landed = 0
    for t in dict.fromkeys((home, *targets)):
        markers = state.districts[t].markers
        value = rules.covered(state, t)
        new_markers = markers
        if t in targets and markers[service] is None:
            new_markers = markers[:service] + (owner,) + markers[service + 1 :]
            landed += 1
        new_value = value + (spaces if t == home else 0)
        if new_markers is markers and new_value == value:
            continue
        swing += _swing(_awards(markers, value, n), _awards(new_markers, new_value, n), seat)
    return swing, landed


class CanterburyModel(BaseModel):
    """Evaluation and move order for Canterbury."""

    scale = 12.0
    deterministic = True
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.canterbury.engine import ENGINE

        self.engine = ENGINE

    def evaluate(self, state: State) -> Sequence[float]:
        """Per seat: prosperity (with what the turn under way will add), District Favor as it
        stands for the scorings still to come, the King's Bonus as it stands, and gold."""
        out = [float(p.score) + _GOLD * p.gold for p in state.players]
        if state.phase is not Phase.OVER:
            out[state.current] += _pending(state)
        left = max(0, 4 - state.scorings)
        if left:
            weight = _FAV_NEXT + _FAV_LATER * (left - 1)
            for _, seat, points in rules.favor_awards(state):
                if 0 <= seat < state.n:
                    out[seat] += weight * points
        for awards in rules.kings_awards(state):
            for seat, points in awards:
                if 0 <= seat < state.n:
                    out[seat] += _KINGS * points
        return out

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The heuristic's favourite steps (ending the turn always among them)."""
        return _ranked(state, seat, actions)


def _ranked(state: State, seat: int, actions: tuple[Any, ...]) -> list[Any]:
    """The heuristic's way of ranking steps (value per gold of a build: prosperity, bonuses,
    the District Favor swing and King's Bonus markers; the Neutral Builder and a large
    structure's markers where they swing Favor most), computed district by district. Ending
    the turn stays second."""
    if len(actions) <= _WIDTH:
        return list(actions)
    weight = float(4 - state.scorings)
    stops = []
    scored: list[tuple[float, int, Any]] = []
    for i, a in enumerate(actions):
        if isinstance(a, Build):
            s = state.data.by_id(a.structure)
            assert s is not None
            d = a.district
            value = float(s.player_points(district_class(d)) or 0)
            for sid in a.demolish:
                old = rules.structure(state, sid)
                if old is not None and old.service == s.service:
                    value += rules.ENRICHMENT
            # As the heuristic does, the district's covered spaces grow by the new structure's
            # without taking off the demolished ones: that favours upgrades, and played better
            # than the exact count.
            targets = (d, *NEIGHBOURS[d]) if s.size is Size.MEDIUM else (d,)
            swing, landed = _favor_swing(state, seat, seat, s.service, targets, d, s.spaces)
            if not state.districts[d].structures:
                value += rules.services_present(state, d) + (
                    1 if state.districts[d].markers[s.service] is None else 0
                )
            value += 0.5 * weight * swing + 0.4 * landed
            if s.size is Size.LARGE:
                value += 4.0
            key = value / (s.cost + 1) + 0.02 * value
        elif isinstance(a, Neutral):
            s = state.data.by_id(a.structure)
            assert s is not None
            d = a.district
            targets = (d, *NEIGHBOURS[d]) if s.size is Size.MEDIUM else (d,)
            key, _ = _favor_swing(state, seat, rules.NEUTRAL, s.service, targets, d, s.spaces)
        elif isinstance(a, Spread) and a.district is not None:
            service = state.turn.spread_service
            swing, _ = _favor_swing(state, seat, seat, service, (a.district,), a.district, 0)
            key = swing + 0.1 * rules.covered(state, a.district)
        else:
            stops.append(a)
            continue
        scored.append((-key, i, a))
    scored.sort(key=lambda x: (x[0], x[1]))
    ranked = [a for _, _, a in scored[: max(1, _WIDTH - len(stops))]]
    return [*ranked[:1], *stops, *ranked[1:]]


BUDGET = Budget(iterations=150, exploration=0.5, widen_base=2, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Canterbury player."""
    return SearchBot(CanterburyModel(), budget or BUDGET)
