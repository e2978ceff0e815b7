"""Architects of the West Kingdom rules: `apply` (one step of the game) and the end of a turn.
This is the module the engine and callers import; the rules themselves live by idea beside it,
and the names callers use are re-exported here (`__all__`):

- `opening`: the options, the new game and the opening draft;
- `legal`: who acts, the actions a player could try now, why one is refused, the legal actions;
- `places`: where workers are, placing a worker (why refused) and what each location gives;
- `guildhall`: constructing buildings and working on the Cathedral;
- `decisions`: answering the decisions a turn queues, captures and Guardhouse actions;
- `reset`: the Black Market Reset;
- `outcome`: the events a step says (`Outcome`), card draws and goods words.

Compound turns: a turn is a `place` action and then the short decisions its location asks for,
queued as `Pending` entries (see `candidates` in `legal`). Pending entries whose kind starts with
`auto-` need no decision and are run by `_settle`; a decision with exactly one possible answer
(one way to pay, one card to discard) is also taken automatically. When the queue is empty the
turn ends: the Black Market Reset if due, the hand limit, the next player (the automated
opponent plays its turns inside the same step)."""

from __future__ import annotations

from bot.games.architects import automa
from bot.games.architects import economy as E
from bot.games.architects.actions import Action, Done, Pass, Place, Retrieve
from bot.games.architects.board import HAND_LIMIT, LOCATION_NAMES
from bot.games.architects.decisions import _apply_pending, capture, guard
from bot.games.architects.guildhall import (
    advance_cathedral,
    build_problem,
    cathedral_cost_text,
    cathedral_problem,
    construct,
    occupy_guildhall,
    sorted_pay,
)
from bot.games.architects.legal import (
    _affords,
    _trades,
    actor,
    candidates,
    capture_cost,
    capture_limit,
    check,
    guard_problem,
    legal_actions,
    problem,
    to_act,
)
from bot.games.architects.opening import (
    _apply_draft,
    character_names,
    new_game,
    opponent_of,
    parse_characters,
)

# The label tests read `_goods` through this module.
from bot.games.architects.outcome import Outcome, card_names, draw
from bot.games.architects.outcome import _goods as _goods
from bot.games.architects.places import (
    _apply_place,
    black_market_cost,
    hire_cost,
    place_problem,
    workers_at_large,
    workers_elsewhere,
    workers_to_bring_home,
)
from bot.games.architects.reset import _finish_reset, black_market_reset
from bot.games.architects.state import Pending, Phase, State
from bot.games.protocol import Event, Seat
from bot.games.text import tx, tx_n

__all__ = [
    # this module's own
    "apply",
    "colour",
    # moved by idea into the modules beside this one
    "Outcome",
    "actor",
    "advance_cathedral",
    "black_market_cost",
    "black_market_reset",
    "build_problem",
    "candidates",
    "capture",
    "capture_cost",
    "capture_limit",
    "card_names",
    "cathedral_cost_text",
    "cathedral_problem",
    "character_names",
    "check",
    "construct",
    "draw",
    "guard",
    "guard_problem",
    "hire_cost",
    "legal_actions",
    "new_game",
    "occupy_guildhall",
    "opponent_of",
    "parse_characters",
    "place_problem",
    "problem",
    "sorted_pay",
    "to_act",
    "workers_at_large",
    "workers_elsewhere",
    "workers_to_bring_home",
]

colour = E.colour


# ------------------------------------------------------------------------------------ apply


def apply(st0: State, seat: Seat, action: Action) -> tuple[State, list[Event], bool]:
    """Apply a checked action to a copy of the state."""
    st = st0.clone()
    out = Outcome()
    if st.phase is Phase.DRAFT:
        _apply_draft(st, seat, action, out)
        return st, out.events, out.reveals
    known = {id(p) for p in st.pending}
    if not st.pending:
        st.passes = st.passes + 1 if isinstance(action, Pass) else 0
        if isinstance(action, Place):
            _apply_place(st, seat, action, out)
        elif isinstance(action, Retrieve):
            p = st.players[seat]
            p.at[action.location] -= 1
            p.supply += 1
            out.say(
                st,
                tx(
                    "{who} takes a worker back from the {location}.",
                    who=E.who(st, seat),
                    location=LOCATION_NAMES[action.location],
                ),
            )
        else:
            _pass(st, seat, out)
    else:
        _apply_pending(st, seat, action, out)
    _destroy_first(st, known)
    _settle(st, out)
    return st, out.events, out.reveals


def _destroy_first(st: State, known: set[int]) -> None:
    """Put the debt-destroy questions this step raised (virtue gained above 14) before every
    other decision still owed: "for each Virtue players gain above 14, they may destroy 1
    unpaid Debt" - when they gain it, not after the rest of the visit."""
    new = [p for p in st.pending if p.kind == "destroy" and id(p) not in known]
    if new:
        ids = {id(p) for p in new}
        st.pending[:] = new + [p for p in st.pending if id(p) not in ids]


def _pass(st: State, seat: int, out: Outcome) -> None:
    """A turn with no worker to place or take back. Reading: as the rulebook has the automated
    opponent do when it starts a turn without workers, the player spends the turn bringing
    home every worker held in Prison or on another player's board (not from the Guildhall or
    the Black Market); only with none there either does the turn pass with nothing done.
    Without it, players whose workers all sit in Prison or on others' boards could never act
    again, and the one player left could place and take back a worker forever."""
    p = st.players[seat]
    where = workers_elsewhere(st, seat)
    captured = 0
    for j, q in enumerate(st.players):
        if j != seat and q.captured.get(seat):
            captured += q.captured.pop(seat)
    home = p.prison + captured
    if not home:
        out.say(
            st,
            tx(
                "{who} has no worker to place or take back ({where}) and passes.",
                who=E.who(st, seat),
                where=where,
            ),
        )
        return
    p.supply += home
    p.prison = 0
    st.passes = 0  # a turn that brought workers home is not a pass that ends the game
    out.say(
        st,
        tx_n(
            "{who} has no worker to place or take back ({where}) and spends the turn bringing "
            "{n} worker home from Prison and other boards.",
            "{who} has no worker to place or take back ({where}) and spends the turn bringing "
            "{n} workers home from Prison and other boards.",
            home,
            who=E.who(st, seat),
            where=where,
        ),
    )


def _settle(st: State, out: Outcome) -> None:
    """Run automatic steps and single-answer decisions; end the turn when nothing is owed."""
    while st.phase is Phase.PLAY:
        i = actor(st)
        if st.pending:
            pend = st.pending[0]
            known = {id(p) for p in st.pending}
            if pend.kind == "auto-reset":
                st.pending.pop(0)
                _finish_reset(st, out)
                continue
            if pend.kind == "auto-build":
                st.pending.pop(0)
                construct(st, i, pend.data["card"], out)
                _destroy_first(st, known)
                continue
            if pend.kind == "auto-cathedral":
                st.pending.pop(0)
                advance_cathedral(st, i, out)
                _destroy_first(st, known)
                continue
            if pend.kind == "storehouse" and pend.data["left"] > 0:
                if not any(_affords(st.players[i], pay) for pay, _ in _trades(st.players[i])):
                    st.pending.pop(0)
                    continue
            legal = [a for a in candidates(st, i) if problem(st, i, a) is None]
            if pend.kind in ("pay", "discard", "keep", "hand", "dismiss") and len(legal) == 1:
                _apply_pending(st, i, legal[0], out)
                continue
            if not legal or legal == [Done()]:
                st.pending.pop(0)
                continue
            return
        if st.reset_due:
            black_market_reset(st, out)
            continue
        if i < st.seats and len(st.players[i].hand) > HAND_LIMIT:
            st.pending.append(Pending("hand"))
            continue
        _end_turn(st, out)
        if st.phase is Phase.PLAY and st.current == st.automa_index:
            # The opponent always plays (it takes all its workers back when it has none), so
            # the game goes on to a full Guildhall: its turn breaks any run of passes.
            st.passes = 0
            automa.take_turn(st, out)
            continue  # settle the automaton's reset, then end its turn
        return


def _end_turn(st: State, out: Outcome) -> None:
    if st.passes >= len(st.order):
        # Nobody has a worker to place or take back (all in Prison, the Guildhall, the Black
        # Market or on other boards): the game could never go on, so it ends here.
        st.phase = Phase.OVER
        out.say(st, tx("No one can place or take back a worker: the game ends."))
        return
    if st.final_turns > 0:
        st.final_turns -= 1
        if st.final_turns == 0:
            st.phase = Phase.OVER
            out.say(st, tx("The game is over."))
            return
    st.turn = (st.turn + 1) % len(st.order)
