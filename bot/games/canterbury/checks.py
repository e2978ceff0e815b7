"""Why a Canterbury step is refused: `check` accepts exactly what `legal_actions` lists and
otherwise says why in one sentence (a wrong phase, a bound Full Build, a structure too dear,
out of reach or without room, demolitions the rules do not allow, a Neutral Builder
structure that is not the top of the stack).
"""

from __future__ import annotations

from bot.games.canterbury.actions import (
    Action,
    Build,
    Choose,
    End,
    Levy,
    Neutral,
    NeutralNone,
    Spread,
    format_action,
)
from bot.games.canterbury.board import NAMES
from bot.games.canterbury.data import SERVICE_NAMES, Size
from bot.games.canterbury.legal import _build_stage, choose_options, spread_options
from bot.games.canterbury.neutral import neutral_none_losses, neutral_options
from bot.games.canterbury.placement import demolition_sets, placement_problem
from bot.games.canterbury.state import Phase, State
from bot.games.canterbury.words import _either
from bot.games.protocol import Seat
from bot.games.rejections import Rejection, illegal
from bot.games.text import tx


def check(state: State, seat: Seat, action: Action) -> Rejection | None:
    """None if legal, else a sentence saying why not."""
    phase = state.phase
    if phase is Phase.NEUTRAL:
        if isinstance(action, NeutralNone):
            if neutral_none_losses(state):
                return None
            return illegal(
                tx(
                    "The Neutral Builder must build: `neutral none` is only for a medium "
                    "structure that fits nowhere (the top, or the next one when you would "
                    "discard the top)."
                )
            )
        if not isinstance(action, Neutral):
            return illegal(
                tx(
                    "First place the Neutral Builder's structure: {options}.",
                    options=_neutral_hint(state),
                )
            )
        if action not in neutral_options(state):
            return illegal(_neutral_problem(state, action))
        return None
    if isinstance(action, Neutral | NeutralNone):
        return illegal(tx("The Neutral Builder only builds at the start of a two-player turn."))
    if phase is Phase.CHOOSE:
        if not isinstance(action, Levy | Choose):
            return illegal(tx("Choose your action first: `levy`, `full` or `tax`."))
        if action in choose_options(state):
            return None
        player = state.players[state.current]
        if player.must_full_build and (isinstance(action, Levy) or action == Choose("tax")):
            if state.turn_number <= state.n:
                return illegal(
                    tx("You must make a Full Build this turn (this is your first turn).")
                )
            return illegal(tx("You must make a Full Build this turn (you levied funds)."))
        return illegal(
            tx("You cannot build anything you can afford right now; levy funds instead.")
        )
    if phase is Phase.SPREAD:
        if not isinstance(action, Spread):
            return illegal(
                tx(
                    "Choose where the {service} markers go first (`spread D` or `spread done`).",
                    service=SERVICE_NAMES[state.turn.spread_service],
                )
            )
        if action.district is not None and action.district not in spread_options(state):
            return illegal(
                tx(
                    "{district} already has {service} or is the structure's own district.",
                    district=NAMES[action.district],
                    service=SERVICE_NAMES[state.turn.spread_service],
                )
            )
        return None
    # BUILD
    if isinstance(action, End):
        return None if state.turn.built else illegal(tx("Build at least one structure first."))
    if not isinstance(action, Build):
        return illegal(tx("Build a structure (`build church C2`) or `end` your turn."))
    return _build_problem(state, action)


def _build_problem(state: State, action: Build) -> Rejection | None:
    s = state.data.by_id(action.structure)
    if s is None:
        return illegal(tx("The Old Roman Well is never built."))
    gold, large_ok = _build_stage(state)
    if state.turn.built and state.turn.action == "tax":
        return illegal(tx("Tax & Build builds exactly one structure."))
    if s.size is Size.LARGE and not large_ok:
        return illegal(tx("A large structure must be the only structure of the turn."))
    if state.supply[s.index] <= 0:
        return illegal(tx("No {structure} is left in the supply.", structure=s.label))
    if s.cost > gold:
        return illegal(
            tx(
                "The {structure} costs {cost} gold; you have {gold}.",
                structure=s.label,
                cost=s.cost,
                gold=gold,
            )
        )
    problem = placement_problem(state, s, action.district)
    if problem:
        return illegal(problem)
    allowed = demolition_sets(state, state.current, action.district, s)
    if action.demolish in allowed:
        return None
    name = NAMES[action.district]
    if not allowed:
        return illegal(
            tx(
                "The {structure} does not fit in {district}, even with demolitions.",
                structure=s.label,
                district=name,
            )
        )
    if () not in allowed and not action.demolish:
        sets = _either(["+".join(a) for a in allowed[:3]])
        return illegal(
            tx(
                "The {structure} needs room in {district}: demolish {sets}.",
                structure=s.label,
                district=name,
                sets=sets,
            )
        )
    return illegal(
        tx(
            "You cannot demolish {demolish} for the {structure} in {district}: only smaller "
            "structures being upgraded (same service), or needed room where a same-service "
            "medium is adjacent (small) or a same-service large stands anywhere.",
            demolish="+".join(action.demolish) or tx("nothing"),
            structure=s.label,
            district=name,
        )
    )


def _neutral_hint(state: State) -> str:
    options: list[Action] = list(neutral_options(state))
    if neutral_none_losses(state):
        options.append(NeutralNone())
    if not options:
        return tx("nothing")
    return ", ".join(sorted({format_action(o) for o in options}))[:200]


def _neutral_problem(state: State, action: Neutral) -> str:
    player = state.players[state.current]
    tops = player.small_stack[:1] or player.medium_stack[:2]
    if action.structure not in tops:
        return tx(
            "The Neutral Builder builds the top of your stack: {options}.",
            options=_either(list(tops)),
        )
    s = state.data.by_id(action.structure)
    assert s is not None
    problem = placement_problem(state, s, action.district)
    return problem or tx(
        "The {structure} does not fit in {district}.",
        structure=s.label,
        district=NAMES[action.district],
    )
