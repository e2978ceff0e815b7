"""Canterbury's scoring: District Favor (with the Rank Token coins), the King's Bonus chart,
the final scoring, and the ranking, winners and breakdown of a finished game.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.canterbury.board import DISTRICTS, NAMES
from bot.games.canterbury.data import SERVICE_NAMES
from bot.games.canterbury.placement import covered
from bot.games.canterbury.state import (
    CATEGORIES,
    CATEGORY_NAMES,
    NEUTRAL,
    ROMAN,
    Phase,
    Scoring,
    State,
    Turn,
)
from bot.games.canterbury.words import _chain, _who
from bot.games.protocol import Event, Seat
from bot.games.text import Text, tx


def favor_awards(state: State) -> list[tuple[int, int, int]]:
    """District Favor now: (district, seat, points) for every award to a player.

    Most markers in a district takes the covered spaces (Old Roman Well excluded); a single
    second place takes half (rounded down) unless the first is alone in the district; a tie for
    first splits the primary (rounded down) and kills the secondary; a tie for second kills it.
    The Neutral Builder competes but its awards are dropped."""
    awards = []
    for d in range(DISTRICTS):
        value = covered(state, d)
        if not value:
            continue
        counts: dict[int, int] = {}
        for owner in state.districts[d].markers:
            if owner is not None and owner != ROMAN:
                counts[owner] = counts.get(owner, 0) + 1
        if not counts:
            continue
        top = max(counts.values())
        firsts = [o for o, c in counts.items() if c == top]
        if len(firsts) > 1:
            share = value // len(firsts)
            awards.extend((d, o, share) for o in firsts if o >= 0 and share)
            continue
        if firsts[0] >= 0:
            awards.append((d, firsts[0], value))
        rest = {o: c for o, c in counts.items() if o != firsts[0]}
        if not rest:
            continue
        second = max(rest.values())
        seconds = [o for o, c in rest.items() if c == second]
        if len(seconds) == 1 and seconds[0] >= 0 and value // 2:
            awards.append((d, seconds[0], value // 2))
    return awards


def district_favor(state: State, events: list[Event]) -> State:
    """Score District Favor (and, at the first three scorings, the Rank Token coins)."""
    number = state.scorings + 1
    awards = favor_awards(state)
    players = list(state.players)
    for _, seat, pts in awards:
        players[seat] = players[seat].add("District Favor", pts)  # i18n-exempt: data key
    coins = [0] * state.n
    if number <= 3:
        for seat in range(state.n):
            coins[seat] = state.data.rank_coins[seat][number - 1]
            players[seat] = replace(players[seat], gold=players[seat].gold + coins[seat])
    totals = [sum(p for _, s, p in awards if s == seat) for seat in range(state.n)]

    def part(seat: int) -> Text:
        places = [f"{NAMES[d]} {p}" for d, s, p in awards if s == seat]
        if places:
            return tx(
                "{who} +{points} ({places})",
                who=_who(seat),
                points=totals[seat],
                places=", ".join(places),
            )
        return tx("{who} +{points}", who=_who(seat), points=totals[seat])

    parts = _chain([part(s) for s in range(state.n)], "; ")
    if number <= 3:
        paid = _chain(
            [tx("{who} {gold}", who=_who(s), gold=coins[s]) for s in range(state.n)], ", "
        )
        text = tx(
            "District Favor scoring {number}: {parts}. Rank Token coins (gold): {paid}.",
            number=number,
            parts=parts,
            paid=paid,
        )
    else:
        text = tx("District Favor scoring {number}: {parts}.", number=number, parts=parts)
    events.append(
        Event(
            "district_favor",
            text,
            {"scoring": number, "awards": [list(a) for a in awards], "coins": coins},
        )
    )
    return replace(
        state,
        players=tuple(players),
        scorings=number,
        last_scoring=Scoring(number, tuple(awards), tuple(coins)),
    )


def marker_counts(state: State) -> dict[int, list[int]]:
    """Service markers on the board per owner (seats and the Neutral Builder), per service:
    the King's Bonus Chart."""
    counts: dict[int, list[int]] = {s: [0] * 6 for s in range(state.n)}
    if state.two_player:
        counts[NEUTRAL] = [0] * 6
    for district in state.districts:
        for service, owner in enumerate(district.markers):
            if owner is not None and owner != ROMAN:
                counts[owner][service] += 1
    return counts


def kings_awards(state: State) -> list[list[tuple[int, int]]]:
    """King's Bonus per service, in order: [(seat, points), ...] for each service."""
    counts = marker_counts(state)
    out: list[list[tuple[int, int]]] = []
    for service in range(6):
        per = {o: c[service] for o, c in counts.items() if c[service] > 0}
        awards: list[tuple[int, int]] = []
        if per:
            top = max(per.values())
            firsts = [o for o, c in per.items() if c == top]
            gold, blue = state.data.kings_points(top)
            if len(firsts) > 1:
                share = (gold + blue) // len(firsts)
                awards.extend((o, share) for o in sorted(firsts) if o >= 0)
            else:
                if firsts[0] >= 0:
                    awards.append((firsts[0], gold))
                rest = {o: c for o, c in per.items() if o != firsts[0]}
                if rest:
                    second = max(rest.values())
                    seconds = [o for o, c in rest.items() if c == second]
                    if len(seconds) == 1 and seconds[0] >= 0:
                        awards.append((seconds[0], state.data.kings_points(second)[1]))
        out.append(awards)
    return out


def _finish(state: State, events: list[Event]) -> State:
    """Final scoring: District Favor a fourth time, King's Bonuses, 1 point per 3 gold."""
    state = district_favor(state, events)
    kings = kings_awards(state)
    players = list(state.players)
    for service, awards in enumerate(kings):
        for seat, pts in awards:
            players[seat] = players[seat].add("King's Bonus", pts)  # i18n-exempt: data key
        # A place worth nothing (a second place of one marker, a split rounded down to 0) is
        # left out of the sentence: "Red +0" reads like a mistake.
        scored = [(s, p) for s, p in awards if p > 0]
        if scored:
            text = _chain([tx("{who} +{points}", who=_who(s), points=p) for s, p in scored], ", ")
            events.append(
                Event(
                    "kings_bonus",
                    tx(
                        "King's Bonus for {service}: {awards}.",
                        service=SERVICE_NAMES[service],
                        awards=text,
                    ),
                )
            )
    for seat, p in enumerate(players):
        players[seat] = p.add("Leftover Gold", p.gold // 3)  # i18n-exempt: data key
    for seat, p in enumerate(players):
        parts = _chain(
            [
                tx("{category} {points}", category=CATEGORY_NAMES[c], points=v)
                for c, v in zip(CATEGORIES, p.points, strict=True)
                if v
            ],
            ", ",
        )
        events.append(
            Event(
                "final_score",
                tx(
                    "{who}: {points} prosperity ({parts}).",
                    who=_who(seat),
                    points=p.score,
                    parts=parts or tx("nothing"),
                ),
                {"seat": seat, "score": p.score},
            )
        )
    return replace(
        state,
        players=tuple(players),
        phase=Phase.OVER,
        kings=tuple(tuple(a) for a in kings),
        turn=Turn(),
    )


def ranking(state: State) -> list[int]:
    """Seats best first: most prosperity, then least gold left."""
    return sorted(range(state.n), key=lambda s: (-state.players[s].score, state.players[s].gold, s))


def winners(state: State) -> frozenset[Seat]:
    """Highest total; ties to the least gold left; still tied: shared."""
    best = min((-p.score, p.gold) for p in state.players)
    return frozenset(Seat(s) for s, p in enumerate(state.players) if (-p.score, p.gold) == best)


def breakdown(state: State, seat: int) -> dict[str, int]:
    """Prosperity by scoring category (sums to the score); the keys are the categories as
    players read them (English text that says itself in the reader's language)."""
    return {
        CATEGORY_NAMES[c]: v for c, v in zip(CATEGORIES, state.players[seat].points, strict=True)
    }
