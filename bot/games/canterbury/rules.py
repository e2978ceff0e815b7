"""Canterbury's rules: setup and `apply` with its dispatch to the `_apply_<kind>` handlers. This
is the module the engine and callers import; the rules themselves live by idea beside it, and the
names callers use are re-exported here (`__all__`):

- `words`: marker owners and structures as players read them, and the pieces of sentences;
- `placement`: where a structure may stand, the board facts, demolitions and why not;
- `effects`: the small state changes (players, districts, markers, placing, the City Marker);
- `neutral`: the two-player Neutral Builder's options and steps;
- `legal`: who acts and the legal actions of each phase;
- `checks`: why a step is refused;
- `building`: levy, the action choice, building and a large structure's spread;
- `turn`: the start and the end of a turn;
- `scoring`: District Favor, King's Bonuses, the final scoring and the winners.

Why a turn is several actions: a whole turn combines an action choice, up to two structures with
their districts, the demolitions that make room, and a large structure's five chosen districts
anywhere. Listed as single actions these multiply (two structures x 25 districts each x
demolition sets x C(24, 5) = 42,504 choices of five districts) into millions. As a sequence of
steps by the same player (`full`, then `build X D`, then `spread D` up to five times, then `end`)
each step offers at most a few hundred actions, and the player is still the one to act until the
turn is complete. `parse_turn` still accepts a whole turn in one line for people who type.

Everything here is pure; chance never enters Canterbury (the seed only names the game).
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
from bot.games.canterbury.board import CENTRAL
from bot.games.canterbury.building import _apply_build, _apply_choose, _apply_levy, _apply_spread
from bot.games.canterbury.checks import check
from bot.games.canterbury.data import CanterburyData, Size
from bot.games.canterbury.effects import CITY_MAX, SCORING_MARKS

# The bots, the view, the table and the tests read five private helpers through this module
# (`rules._mark`, `rules._place`, `rules._finish`, `rules._who`, `rules._name`; `_start_turn`
# is new_game's own): the `x as x` imports re-export them.
from bot.games.canterbury.effects import _mark as _mark
from bot.games.canterbury.effects import _place as _place
from bot.games.canterbury.legal import (
    build_options,
    choose_options,
    legal_actions,
    spread_options,
    to_act,
)
from bot.games.canterbury.neutral import (
    _apply_neutral,
    _apply_neutral_none,
    neutral_none_losses,
    neutral_options,
)
from bot.games.canterbury.placement import (
    Board,
    covered,
    demolition_sets,
    occupied,
    placement_problem,
    reachable,
    services_present,
    structure,
)
from bot.games.canterbury.scoring import _finish as _finish
from bot.games.canterbury.scoring import (
    breakdown,
    district_favor,
    favor_awards,
    kings_awards,
    marker_counts,
    ranking,
    winners,
)
from bot.games.canterbury.state import (
    CATEGORIES,
    CATEGORY_NAMES,
    COLOUR_NAMES,
    COLOURS,
    NEUTRAL,
    OLD_ROMAN_WELL,
    ROMAN,
    District,
    Phase,
    Placed,
    Player,
    State,
    Turn,
    empty_districts,
)
from bot.games.canterbury.turn import ENRICHMENT, _end_turn, _start_turn
from bot.games.canterbury.words import NEUTRAL_NAME, colour
from bot.games.canterbury.words import _name as _name
from bot.games.canterbury.words import _who as _who
from bot.games.protocol import Event, Seat

__all__ = [
    # this module's own
    "START_GOLD",
    "apply",
    "new_game",
    # moved by idea into the modules beside this one
    "CITY_MAX",
    "ENRICHMENT",
    "NEUTRAL_NAME",
    "SCORING_MARKS",
    "Board",
    "breakdown",
    "build_options",
    "check",
    "choose_options",
    "colour",
    "covered",
    "demolition_sets",
    "district_favor",
    "favor_awards",
    "kings_awards",
    "legal_actions",
    "marker_counts",
    "neutral_none_losses",
    "neutral_options",
    "occupied",
    "placement_problem",
    "ranking",
    "reachable",
    "services_present",
    "spread_options",
    "structure",
    "to_act",
    "winners",
    # read through this module by the engine, the view, the table and the tests
    "CATEGORIES",
    "CATEGORY_NAMES",
    "COLOUR_NAMES",
    "COLOURS",
    "NEUTRAL",
    "Action",
    "Levy",
    "Neutral",
    "NeutralNone",
    "State",
    "format_action",
]

START_GOLD = 6


# --------------------------------------------------------------------------------- setup


def new_game(players: int, seed: int, data: CanterburyData) -> State:
    """A fresh game: the Old Roman Well in C3 with its purple water marker, 6 gold each, the
    City Marker on 1, everyone's first turn a Full Build; two players get Neutral Builder
    stacks (one small and one medium of each service each, taken from the supply)."""
    districts = list(empty_districts())
    districts[CENTRAL] = District(
        structures=(Placed(OLD_ROMAN_WELL, ROMAN, 0),), markers=(ROMAN,) + (None,) * 5
    )
    supply = [s.tokens for s in data.structures]
    small = tuple(data.of(Size.SMALL, i).id for i in range(6))
    medium = tuple(data.of(Size.MEDIUM, i).id for i in range(6))
    two = players == 2
    if two:
        for sid in small + medium:
            s = data.by_id(sid)
            assert s is not None
            supply[s.index] = max(0, supply[s.index] - 2)
    roster = tuple(
        Player(
            gold=START_GOLD,
            small_stack=small if two else (),
            medium_stack=medium if two else (),
        )
        for _ in range(players)
    )
    state = State(
        data=data,
        players=roster,
        districts=tuple(districts),
        supply=tuple(supply),
        city=1,
        current=0,
        phase=Phase.CHOOSE,
        turn=Turn(),
        turn_number=1,
        scorings=0,
        turns_left=None,
        last_turn=None,
        last_seat=None,
        last_scoring=None,
        seed=seed,
    )
    state, _ = _start_turn(state)
    return state


# --------------------------------------------------------------------------------- apply


def apply(state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
    """Apply a checked action; returns the new state and its events."""
    events: list[Event] = []
    match action:
        case Neutral():
            state = _apply_neutral(state, action, events)
        case NeutralNone():
            state = _apply_neutral_none(state, events)
        case Levy():
            state = _apply_levy(state, events)
        case Choose():
            state = _apply_choose(state, action, events)
        case Build():
            state = _apply_build(state, action, events)
        case Spread():
            state = _apply_spread(state, action, events)
        case End():
            state = _end_turn(state, events)
    return state, events
