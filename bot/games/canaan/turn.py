"""Who acts: the seats awaited now, the players who may still answer an open offer, and what the
current player owes before anything else (`current_mode`)."""

from __future__ import annotations

from bot.games.canaan.state import COLOURS, OVER, SETUP, TURN, State
from bot.games.protocol import Seat

_TO_ACT: list[tuple[object, frozenset[Seat]]] = [(None, frozenset())]
"""The last `to_act` answer by state identity (runners, `step` and `legal_groups` each ask for
the same state; states are immutable and the entry holds the state, so a match is exact)."""


def to_act(s: State) -> frozenset[Seat]:
    """Seats awaited now."""
    last = _TO_ACT[0]
    if last[0] is s:
        return last[1]
    seats = _to_act(s)
    if type(s) is State:
        _TO_ACT[0] = (s, seats)
    return seats


def _to_act(s: State) -> frozenset[Seat]:
    phase = s.phase
    if phase is TURN:
        if s.pending:
            mask = 0
            for p in s.pending:
                mask |= 1 << p.seat
            return _SEATS[mask]
        # As at a real table, an open offer never holds the turn: the players it may still
        # hear from act out of turn, while the current player goes on (bank trades, builds,
        # the end).
        o = s.offer
        if o is None:
            return _ALONE[s.current]
        current, to = s.current, o.to
        mask = 1 << current
        for i, a in enumerate(o.answers):
            if i != current and (not a.kind or a.kind == "reply") and (to is None or to == i):
                mask |= 1 << i
        return _SEATS[mask]
    if phase is OVER:
        return frozenset()
    if phase is SETUP:
        return _ALONE[s.setup_order[s.setup_index]]
    return frozenset(Seat(i) for i, p in enumerate(s.players) if p.start < 0)


_TURN = TURN
_SEATS = tuple(
    frozenset(Seat(i) for i in range(len(COLOURS)) if mask >> i & 1)
    for mask in range(1 << len(COLOURS))
)
"""Every set of seats by bit mask, built once: who acts is asked of every position."""
_ALONE = tuple(_SEATS[1 << i] for i in range(len(COLOURS)))
"""{seat} for each seat: most positions await the current player alone."""


def awaiting_answers(s: State) -> list[int]:
    """Seats whose answer the open offer awaits: no answer yet, or the offerer's reply to their
    counter to answer."""
    o = s.offer
    if o is None:
        return []
    return [
        i
        for i, a in enumerate(o.answers)
        if i != s.current and a.kind in ("", "reply") and (o.to is None or o.to == i)
    ]


def answerers(s: State) -> list[int]:
    """Seats that may answer the open offer, or change their answer, until the offerer confirms
    a trade (a mistaken decline is not final)."""
    o = s.offer
    if o is None or s.pending or s.phase is not TURN:
        return []
    return [i for i in range(len(o.answers)) if i != s.current and (o.to is None or o.to == i)]


def may_act(s: State) -> frozenset[Seat]:
    """Seats that may move now: those awaited (`to_act`), and while an offer is open every
    player it is addressed to (to change an answer). Only `to_act` is waited for."""
    seats = to_act(s)
    if s.offer is None or s.pending or s.phase is not TURN:
        return seats
    mask = 0
    for i in seats:
        mask |= 1 << i
    for i in answerers(s):
        mask |= 1 << i
    return _SEATS[mask]


def current_mode(s: State) -> str:
    """What the current player owes: blessing, plague, free-road, free-settlement, look,
    take-look, pre-roll or main."""
    if s.blessing_due:
        return "blessing"
    if s.plague_due:
        return "plague"
    if s.free_roads:
        return "free-road"
    if s.free_settlements:
        return "free-settlement"
    if s.look_stage == 1:
        return "look"
    if s.look_stage == 2:
        return "take-look"
    return "main" if s.rolled else "pre-roll"
