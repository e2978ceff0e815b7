"""End of the game: end-game building effects, then the rulebook's seven scoring lines (and the
automated opponent's own lines), then the winner (ties: virtue, then silver, then shared)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.architects import economy as E
from bot.games.architects.automa import DIFFICULTIES
from bot.games.architects.board import CATHEDRAL, VIRTUE_VP
from bot.games.architects.cards import APPRENTICE_BY_ID, BUILDING_BY_ID
from bot.games.architects.state import Player, State
from bot.games.text import tx

BUILDINGS = tx("Buildings")
CATHEDRAL_LINE = tx("Cathedral")
VIRTUE = tx("Virtue")
DEBTS = tx("Debts")
GOLD_AND_MARBLE = tx("Gold and Marble")
SILVER = tx("Silver")
PRISON = tx("Prison")
MARBLE = tx("Marble")
GUILDHALL_WORKERS = tx("Guildhall workers")
LINES = (BUILDINGS, CATHEDRAL_LINE, VIRTUE, DEBTS, GOLD_AND_MARBLE, SILVER, PRISON)
AUTOMA_LINES = (CATHEDRAL_LINE, VIRTUE, MARBLE, GUILDHALL_WORKERS, DEBTS, PRISON)
"""The score sheet's lines: the labels are also the message ids (say them with `tr(label)`, as
a stored breakdown holds them as plain English)."""


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final score: its lines, and the virtue/silver used for tie-breaks."""

    lines: dict[str, int]
    virtue: int
    silver: int

    @property
    def total(self) -> int:
        """Sum of the lines."""
        return sum(self.lines.values())


def _count(st: State, p: Player, what: str) -> int:
    therese = p.character == "therese"
    if what in ("gold", "marble"):
        return p.good("gold") + p.good("marble") if therese else p.good(what)
    if what == "paid_debts":
        return p.paid
    if what == "clay+wood+stone":
        return p.good("clay") + p.good("wood") + p.good("stone")
    if what == "buildings":
        return len(p.buildings)
    if what == "captured":
        return sum(p.captured.values())
    if what == "virtue":
        return p.virtue
    raise KeyError(what)


def _end_virtue(st: State, i: int, dungeon_first: bool) -> None:
    """End-game virtue effects of player i's buildings (Chapel, Castle, Gallery, Reservoir,
    Trading Post, Dungeon); the Dungeon's loss comes first or last."""
    p = st.players[i]
    gains = 0
    dungeon = 0
    for cid in p.buildings:
        b = BUILDING_BY_ID[cid]
        params = dict(b.params)
        if b.effect == "most_cathedral" and "virtue" in params and _most_cathedral(st, i):
            gains += params["virtue"]
        elif b.effect == "virtue_per":
            ((what, per),) = b.params
            gains += _count(st, p, what) // per
        elif b.effect == "dungeon":
            dungeon += params["virtue"]
    if dungeon and dungeon_first:
        E.change_virtue(st, i, -dungeon)
    if gains:
        E.change_virtue(st, i, gains)
    if dungeon and not dungeon_first:
        E.change_virtue(st, i, -dungeon)


def _most_cathedral(st: State, i: int) -> bool:
    mine = st.players[i].cathedral
    return all(mine > q.cathedral for j, q in enumerate(st.players) if j != i)


def _lines(st: State, i: int) -> dict[str, int]:
    p = st.players[i]
    buildings = 0
    penalty = 2
    for cid in p.buildings:
        b = BUILDING_BY_ID[cid]
        params = dict(b.params)
        buildings += b.vp
        if b.effect == "market":
            ((good, vp),) = b.params
            mine = p.good(good)
            if all(mine > q.good(good) for j, q in enumerate(st.players) if j != i):
                buildings += vp
        elif b.effect == "most_cathedral" and "vp" in params and _most_cathedral(st, i):
            buildings += params["vp"]
        elif b.effect == "vp_per":
            ((what, per),) = b.params
            buildings += _count(st, p, what) // per
        elif b.effect == "hut":
            ((skill, _),) = b.params
            buildings += sum(1 for a in p.apprentices if skill in APPRENTICE_BY_ID[a].skills)
        elif b.effect == "no_debts" and p.debts == 0:
            buildings += params["vp"]
        elif b.effect == "debt_penalty":
            penalty += params["vp"]
    return {
        BUILDINGS: buildings,
        CATHEDRAL_LINE: CATHEDRAL[p.cathedral - 1].vp if p.cathedral else 0,
        VIRTUE: VIRTUE_VP[p.virtue],
        DEBTS: -penalty * p.debts,
        GOLD_AND_MARBLE: p.good("gold") + p.good("marble"),
        SILVER: p.silver // 10,
        PRISON: -(p.prison // 2),
    }


def _automa_lines(st: State, i: int) -> dict[str, int]:
    p = st.players[i]
    assert st.automa is not None
    return {
        CATHEDRAL_LINE: CATHEDRAL[p.cathedral - 1].vp if p.cathedral else 0,
        VIRTUE: VIRTUE_VP[p.virtue],
        MARBLE: p.good("marble"),
        GUILDHALL_WORKERS: p.guild * DIFFICULTIES[st.automa.difficulty],
        DEBTS: -2 * p.debts,
        PRISON: -(p.prison // 2),
    }


def final_scores(st: State) -> list[Score]:
    """Every player's score (the automated opponent last). End-game virtue effects are applied to
    a copy; a Dungeon owner gets whichever order of its loss scores better (equal totals: the
    order that leaves more virtue, the first tie-break)."""
    out: list[Score] = []
    for i in range(st.total_players):
        if i == st.automa_index:
            lines = _automa_lines(st, i)
            p = st.players[i]
            out.append(Score(lines, p.virtue, p.silver))
            continue
        best: Score | None = None
        for dungeon_first in (False, True):
            work = st.clone()
            _end_virtue(work, i, dungeon_first)
            score = Score(_lines(work, i), work.players[i].virtue, work.players[i].silver)
            if best is None or (score.total, score.virtue) > (best.total, best.virtue):
                best = score
        assert best is not None
        out.append(best)
    return out


def winners(scores: list[Score]) -> list[int]:
    """Highest total; ties by virtue, then silver; still tied: all share."""
    keys = [(s.total, s.virtue, s.silver) for s in scores]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


def tie_break(scores: list[Score]) -> str:
    """The tie-break that decided the winners among those level on VP: "virtue", "silver", or
    "" when VP alone decided (or everyone level shares the victory)."""
    top = max(s.total for s in scores)
    level = [s for s in scores if s.total == top]
    if len({(s.virtue, s.silver) for s in level}) == 1:
        return ""
    most_virtue = max(s.virtue for s in level)
    if sum(1 for s in level if s.virtue == most_virtue) < len(level):
        return "virtue"
    return "silver"
