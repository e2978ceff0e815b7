"""Canterbury computer players.

'random' plays a uniformly random legal step. 'heuristic' values each structure by what it
brings per gold: its player prosperity, Breaking Ground, Enrichment, the District Favor swing of
its markers (own lead gained, opponents' leads taken) and King's Bonus standing; it levies when
nothing good is affordable, places the Neutral Builder where it hurts the opponent most, and
spreads a large structure's markers where they swing Favor. Both are pure and seeded.
"""

from __future__ import annotations

from bot.games.canterbury import rules
from bot.games.canterbury.actions import (
    Action,
    Build,
    Choose,
    End,
    Levy,
    Neutral,
    NeutralNone,
    Spread,
)
from bot.games.canterbury.board import district_class
from bot.games.canterbury.data import Size
from bot.games.canterbury.state import Phase, State
from bot.games.protocol import Seat
from bot.games.rng import Rng

MAX_EVALUATED = 80
"""The heuristic looks at no more than this many builds per step (a seeded sample beyond)."""


class RandomBot:
    """A uniformly random legal step."""

    def choose(self, state: State, seat: Seat, seed: int) -> Action:
        """One legal action, chosen with the seed."""
        choice, _ = Rng(seed).choice(rules.legal_actions(state, seat))
        return choice


def _favor(state: State, seat: int) -> float:
    """Own District Favor now minus the best opponent's."""
    totals = [0] * state.n
    for _, s, p in rules.favor_awards(state):
        totals[s] += p
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - (max(others) if others else 0)


def _weight(state: State) -> float:
    """District Favor scorings still to come (the final one included)."""
    return float(4 - state.scorings)


def _build_value(state: State, seat: int, action: Build, base_favor: float) -> float:
    s = state.data.by_id(action.structure)
    assert s is not None
    d = action.district
    value = float(s.player_points(district_class(d)) or 0)
    was_empty = not state.districts[d].structures
    upgrades = sum(
        1
        for sid in action.demolish
        if (old := rules.structure(state, sid)) is not None and old.service == s.service
    )
    value += rules.ENRICHMENT * upgrades
    after, landed = rules._place(state, s, d, seat)
    if was_empty:
        value += rules.services_present(after, d)
    value += 0.5 * _weight(state) * (_favor(after, seat) - base_favor)
    value += 0.4 * len(landed)  # King's Bonus standing
    if s.size is Size.LARGE:
        value += 4.0  # five markers anywhere
    return value


class HeuristicBot:
    """Greedy on prosperity, Favor swing and bonuses per gold spent."""

    def choose(self, state: State, seat: Seat, seed: int) -> Action:
        """The best-valued legal step (ties broken by the seed)."""
        actions = rules.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        rng = Rng(seed)
        if state.phase is Phase.CHOOSE:
            return self._choose_action(state, seat, actions)
        if state.phase is Phase.NEUTRAL:
            return self._neutral(state, seat, actions)
        if state.phase is Phase.SPREAD:
            return self._spread(state, seat, actions)
        builds = [a for a in actions if isinstance(a, Build)]
        if len(builds) > MAX_EVALUATED:
            picked, rng = rng.shuffled(builds)
            builds = list(picked[:MAX_EVALUATED])
        base = _favor(state, seat)
        best: tuple[float, Action] | None = None
        for b in builds:
            s = state.data.by_id(b.structure)
            assert s is not None
            value = _build_value(state, seat, b, base)
            key = value / (s.cost + 1) + 0.02 * value
            if best is None or key > best[0]:
                best = (key, b)
        if End() in actions and (best is None or best[0] < 0.8):
            return End()
        assert best is not None
        return best[1]

    def _choose_action(self, state: State, seat: int, actions: tuple[Action, ...]) -> Action:
        player = state.players[seat]
        full = Choose("full") in actions
        if Levy() not in actions:
            return Choose("full") if full else actions[0]
        final = state.turns_left is not None and state.turns_left < state.n
        if final and Choose("tax") in actions:
            return Choose("tax")
        if full and player.gold >= 9:
            return Choose("full")
        if Choose("tax") in actions and player.gold >= 6 and state.scorings >= 2:
            return Choose("tax")
        return Levy()

    def _neutral(self, state: State, seat: int, actions: tuple[Action, ...]) -> Action:
        best: tuple[float, Action] | None = None
        for a in actions:
            if isinstance(a, NeutralNone):
                value = _favor(state, seat)  # nothing built: the board stays as it is
            else:
                assert isinstance(a, Neutral)
                s = state.data.by_id(a.structure)
                assert s is not None
                after, _ = rules._place(state, s, a.district, rules.NEUTRAL)
                value = _favor(after, seat)
            if best is None or value > best[0]:
                best = (value, a)
        assert best is not None
        return best[1]

    def _spread(self, state: State, seat: int, actions: tuple[Action, ...]) -> Action:
        service = state.turn.spread_service
        best: tuple[float, Action] = (-1e9, Spread(None))
        base = _favor(state, seat)
        for a in actions:
            if not isinstance(a, Spread) or a.district is None:
                continue
            after, _ = rules._mark(state, a.district, service, seat)
            value = _favor(after, seat) - base + 0.1 * rules.covered(state, a.district)
            if value > best[0]:
                best = (value, a)
        return best[1]


def suggestions(state: State, seat: Seat, limit: int) -> list[Action]:
    """At most `limit` of `seat`'s legal steps, the heuristic's favourites first (for a menu
    when there are more steps than it holds): ending or stopping always stays in the list."""
    actions = rules.legal_actions(state, seat)
    if len(actions) <= limit:
        return list(actions)
    keep = [a for a in actions if isinstance(a, End | NeutralNone) or a == Spread(None)]
    base = _favor(state, seat)
    scored: list[tuple[float, str, Action]] = []
    for a in actions:
        if a in keep:
            continue
        if isinstance(a, Build):
            s = state.data.by_id(a.structure)
            assert s is not None
            value = _build_value(state, seat, a, base)
            key = value / (s.cost + 1) + 0.02 * value
        elif isinstance(a, Neutral):
            s = state.data.by_id(a.structure)
            assert s is not None
            after, _ = rules._place(state, s, a.district, rules.NEUTRAL)
            key = _favor(after, seat)
        else:
            key = 0.0
        scored.append((-key, rules.format_action(a), a))
    scored.sort(key=lambda t: (t[0], t[1]))
    return keep + [a for _, _, a in scored[: max(0, limit - len(keep))]]


__all__ = ["End", "HeuristicBot", "RandomBot", "suggestions"]
