"""Canterbury's rules: setup, legal actions, checks, effects and scoring.

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

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import combinations

from bot.games.canterbury.actions import (
    Action,
    Build,
    Choose,
    End,
    Levy,
    Neutral,
    NeutralNone,
    Spread,
    canonical_demolitions,
    format_action,
)
from bot.games.canterbury.board import (
    CENTRAL,
    DISTRICTS,
    NAMES,
    NEIGHBOURS,
    SPACES,
    district_class,
)
from bot.games.canterbury.data import (
    SERVICE_NAMES,
    STRUCTURE_NAMES,
    CanterburyData,
    Size,
    Structure,
)
from bot.games.canterbury.state import (
    CATEGORIES,
    CATEGORY_NAMES,
    COLOUR_NAMES,
    COLOUR_TITLES,
    COLOURS,  # noqa: F401 - read as rules.COLOURS by the engine and the view
    NEUTRAL,
    OLD_ROMAN_WELL,
    ROMAN,
    District,
    Phase,
    Placed,
    Player,
    Scoring,
    State,
    Turn,
    empty_districts,
)
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, illegal
from bot.games.text import Text, tx, tx_n

START_GOLD = 6
ENRICHMENT = 3
SCORING_MARKS = (100, 200, 300)
CITY_MAX = 301
NEUTRAL_NAME = tx("the Neutral Builder")


def colour(owner: int) -> str:
    """A marker owner's name: a seat's colour, the Neutral Builder or the Old Roman Well."""
    if owner == NEUTRAL:
        return NEUTRAL_NAME
    if owner == ROMAN:
        return tx("the Old Roman Well")
    return COLOUR_NAMES[owner]


def _who(owner: int) -> str:
    """`colour(owner)` starting a sentence ("Blue", "The Neutral Builder")."""
    if owner == NEUTRAL:
        return tx("The Neutral Builder")
    if owner == ROMAN:
        return tx("The Old Roman Well")
    return COLOUR_TITLES[owner]


def _listed(items: list[str]) -> str:
    """'A1', 'A1 and B2', 'A1, B2 and C3'."""
    if len(items) == 1:
        return items[0]
    return tx("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def _a(name: str) -> str:
    """`name` with its indefinite article."""
    if name[:1].lower() in "aeiou":
        return tx("an {structure}", structure=name)
    return tx("a {structure}", structure=name)


def _markers_text(service: int, landed: list[int], home: int) -> str:
    """What a structure's markers did, for its event sentence."""
    what = SERVICE_NAMES[service]
    if not landed:
        return tx(
            " ({district} already had {service}, so no new marker)",
            district=NAMES[home],
            service=what,
        )
    return tx_n(
        "; {service} marker in {districts}",
        "; {service} markers in {districts}",
        len(landed),
        service=what,
        districts=_listed([NAMES[t] for t in landed]),
    )


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


# --------------------------------------------------------------------------------- queries


def to_act(state: State) -> frozenset[Seat]:
    """The current player, or nobody once the game is over."""
    return frozenset() if state.phase is Phase.OVER else frozenset({Seat(state.current)})


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


def _joined(items: list[str]) -> str:
    """'water', 'water, food' (each said in the reader's language)."""
    if len(items) == 1:
        return items[0]
    return tx("{some}, {last}", some=_joined(items[:-1]), last=items[-1])


def _build_stage(state: State) -> tuple[int, bool]:
    """(gold available, large allowed) for the next structure of this turn."""
    gold = state.players[state.current].gold
    large_ok = not state.turn.built
    return gold, large_ok


def build_options(state: State, gold: int, large_ok: bool) -> Iterator[Build]:
    """Every Build the current player could make with `gold` (unsorted)."""
    seat = state.current
    board = Board.of(state, seat)
    for s in state.data.structures:
        if state.supply[s.index] <= 0 or s.cost > gold:
            continue
        if s.size is Size.LARGE and not large_ok:
            continue
        for d in range(DISTRICTS):
            if not _placeable(state, board, s, d):
                continue
            for demolish in demolition_sets(state, seat, d, s, board):
                yield Build(s.id, d, demolish)


def _any(it: Iterator[object]) -> bool:
    return next(it, None) is not None


def _neutral_fits(state: State, sid: str) -> list[int]:
    """The districts where the Neutral Builder's `sid` may stand (normal placement, no
    demolition)."""
    s = state.data.by_id(sid)
    if s is None:
        return []
    return [
        d
        for d in range(DISTRICTS)
        if placement_problem(state, s, d) is None and SPACES - occupied(state, d) >= s.spaces
    ]


def neutral_options(state: State) -> list[Neutral]:
    """Two-player: where the Neutral Builder may build the top of the current player's stack
    (from the medium stack also the next one, discarding the top)."""
    player = state.players[state.current]
    if player.small_stack:
        candidates = [player.small_stack[0]]
    else:
        candidates = list(player.medium_stack[:2])
    return [Neutral(sid, d) for sid in candidates for d in _neutral_fits(state, sid)]


def neutral_none_losses(state: State) -> tuple[str, ...]:
    """Two-player, building from the medium stack: what leaves the game if the Neutral Builder
    builds nothing (`neutral none`), or () when that is not a choice.

    The rulebook: an unplaceable structure is removed from play, and from the medium stack the
    player may discard the top and build the next instead. So when the top fits nowhere the
    player may let it go and build nothing (keeping the next for a later turn) rather than
    discard it and build the next; and when the top fits but the next fits nowhere, discarding
    the top builds nothing and both leave. When neither fits anywhere the top simply leaves
    (no choice, `_start_turn`)."""
    player = state.players[state.current]
    if player.small_stack or not player.medium_stack:
        return ()
    top, rest = player.medium_stack[0], player.medium_stack[1:2]
    if not _neutral_fits(state, top):
        return (top,) if rest and _neutral_fits(state, rest[0]) else ()
    if rest and not _neutral_fits(state, rest[0]):
        return (top, rest[0])
    return ()


def choose_options(state: State) -> list[Action]:
    """Levy / Full Build / Tax & Build as allowed now. A player bound to Full Build (first
    round, after a levy) who cannot build anything may levy or tax instead."""
    player = state.players[state.current]
    full = _any(build_options(state, player.gold, True))
    out: list[Action] = []
    if full:
        out.append(Choose("full"))
    if not (player.must_full_build and full):
        out.append(Levy())
        tax = state.data.levy(state.city) // 2
        if _any(build_options(state, player.gold + tax, True)):
            out.append(Choose("tax"))
    return out


def legal_actions(state: State, seat: Seat) -> tuple[Action, ...]:
    """Every legal action of `seat`, sorted by notation."""
    if state.phase is Phase.OVER or seat != state.current:
        return ()
    actions: list[Action]
    if state.phase is Phase.NEUTRAL:
        actions = list(neutral_options(state))
        if neutral_none_losses(state):
            actions.append(NeutralNone())
    elif state.phase is Phase.CHOOSE:
        actions = choose_options(state)
    elif state.phase is Phase.BUILD:
        gold, large_ok = _build_stage(state)
        actions = list(build_options(state, gold, large_ok))
        if state.turn.built:
            actions.append(End())
    else:
        actions = [Spread(d) for d in spread_options(state)]
        actions.append(Spread(None))
    return tuple(sorted(set(actions), key=format_action))


def spread_options(state: State) -> list[int]:
    """Districts where a large structure's marker would land (service not yet provided)."""
    service = state.turn.spread_service
    home = state.turn.spread_home
    return [
        d for d in range(DISTRICTS) if d != home and state.districts[d].markers[service] is None
    ]


# --------------------------------------------------------------------------------- check


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


def _either(items: list[str]) -> str:
    """'a', 'a or b', 'a or b or c'."""
    if len(items) == 1:
        return items[0]
    return tx("{some} or {last}", some=_either(items[:-1]), last=items[-1])


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


def _set_player(state: State, seat: int, player: Player) -> State:
    players = state.players[:seat] + (player,) + state.players[seat + 1 :]
    return replace(state, players=players)


def _set_district(state: State, d: int, district: District) -> State:
    return replace(state, districts=state.districts[:d] + (district,) + state.districts[d + 1 :])


def _mark(state: State, d: int, service: int, owner: int) -> tuple[State, bool]:
    district = state.districts[d]
    if district.markers[service] is not None:
        return state, False
    markers = district.markers[:service] + (owner,) + district.markers[service + 1 :]
    state = _set_district(state, d, replace(district, markers=markers))
    return state, True


def _place(state: State, s: Structure, d: int, owner: int) -> tuple[State, list[int]]:
    """Put `s` in `d` and its markers (own district; medium: and neighbours). Returns the
    districts that received a marker."""
    district = state.districts[d]
    placed = Placed(s.id, owner, state.turn_number)
    state = _set_district(state, d, replace(district, structures=district.structures + (placed,)))
    targets = [d] + (list(NEIGHBOURS[d]) if s.size is Size.MEDIUM else [])
    landed = []
    for t in targets:
        state, ok = _mark(state, t, s.service, owner)
        if ok:
            landed.append(t)
    supply = list(state.supply)
    supply[s.index] -= 1
    return replace(state, supply=tuple(supply)), landed


def _apply_neutral(state: State, action: Neutral, events: list[Event]) -> State:
    s = state.data.by_id(action.structure)
    assert s is not None
    player = state.players[state.current]
    if player.small_stack:
        player = replace(player, small_stack=player.small_stack[1:])
        discarded = None
    else:
        discarded = player.medium_stack[0] if player.medium_stack[0] != s.id else None
        skip = 2 if discarded else 1
        player = replace(player, medium_stack=player.medium_stack[skip:])
    state = _set_player(state, state.current, player)
    # Stack tokens were taken out of the supply at setup; _place takes one more off, so give
    # it back first.
    supply = list(state.supply)
    supply[s.index] += 1
    state = replace(state, supply=tuple(supply))
    state, landed = _place(state, s, action.district, NEUTRAL)
    turn = replace(
        state.turn,
        neutral=state.turn.neutral + ((s.id, action.district),),
        markers=state.turn.markers + tuple((t, s.service) for t in landed),
    )
    markers = _markers_text(s.service, landed, action.district)
    if discarded:
        text = tx(
            "The Neutral Builder discards the {discarded} and builds {structure} in "
            "{district}{markers}.",
            discarded=_name(state, discarded),
            structure=_a(s.label),
            district=NAMES[action.district],
            markers=markers,
        )
    else:
        text = tx(
            "The Neutral Builder builds {structure} in {district}{markers}.",
            structure=_a(s.label),
            district=NAMES[action.district],
            markers=markers,
        )
    events.append(Event("neutral", text, {"structure": s.id, "district": action.district}))
    # "Finally, move the City Marker forward" is one of the Neutral Builder's immediate steps:
    # a Levy or a Tax this turn is paid from the new position (District Favor waits for the end
    # of the turn, like every other scoring).
    state = _advance_city(replace(state, turn=turn, phase=Phase.CHOOSE), s.city, events)
    return state


def _advance_city(state: State, gain: int, events: list[Event]) -> State:
    """Move the City Marker `gain` forward: past 300 it locks on 301 for the rest of the game."""
    if not gain or state.city >= CITY_MAX:
        return state
    old = state.city
    new = CITY_MAX if old + gain > SCORING_MARKS[-1] else old + gain
    events.append(
        Event("city", tx("The city advances to {space}.", space=new), {"from": old, "to": new})
    )
    return replace(state, city=new)


def _apply_neutral_none(state: State, events: list[Event]) -> State:
    lost = neutral_none_losses(state)
    player = state.players[state.current]
    state = _set_player(
        state, state.current, replace(player, medium_stack=player.medium_stack[len(lost) :])
    )
    names = [_name(state, sid) for sid in lost]
    if len(lost) == 1:
        text = tx(
            "The Neutral Builder builds nothing: its {structure} fits nowhere and leaves the game.",
            structure=names[0],
        )
    else:
        text = tx(
            "The Neutral Builder builds nothing: the {structure} is discarded and the {next} "
            "after it fits nowhere; both leave the game.",
            structure=names[0],
            next=names[1],
        )
    events.append(Event("neutral", text, {"lost": list(lost)}))
    return replace(state, phase=Phase.CHOOSE)


def _apply_levy(state: State, events: list[Event]) -> State:
    gain = state.data.levy(state.city)
    player = state.players[state.current]
    state = _set_player(state, state.current, replace(player, gold=player.gold + gain))
    state = replace(state, turn=replace(state.turn, action="levy"))
    # The game's last turn binds no next turn.
    if state.turns_left == 1:
        text = tx("{who} levies funds: +{gold} gold.", who=_who(state.current), gold=gain)
    else:
        text = tx(
            "{who} levies funds: +{gold} gold. Their next turn is a Full Build.",
            who=_who(state.current),
            gold=gain,
        )
    events.append(Event("levy", text, {"gold": gain}))
    return _end_turn(state, events)


def _apply_choose(state: State, action: Choose, events: list[Event]) -> State:
    player = state.players[state.current]
    if action.action == "tax":
        gain = state.data.levy(state.city) // 2
        state = _set_player(state, state.current, replace(player, gold=player.gold + gain))
        events.append(
            Event(
                "tax",
                tx(
                    "{who} chooses Tax & Build and collects {gold} gold.",
                    who=_who(state.current),
                    gold=gain,
                ),
                {"gold": gain},
            )
        )
    else:
        events.append(Event("full", tx("{who} chooses Full Build.", who=_who(state.current))))
    return replace(state, phase=Phase.BUILD, turn=replace(state.turn, action=action.action))


def _apply_build(state: State, action: Build, events: list[Event]) -> State:
    s = state.data.by_id(action.structure)
    assert s is not None
    seat = state.current
    d = action.district
    player = state.players[seat]
    state = _set_player(state, seat, replace(player, gold=player.gold - s.cost))
    turn = state.turn
    upgrades = 0
    was_empty = not state.districts[d].structures
    if action.demolish:
        district = state.districts[d]
        remaining = list(district.structures)
        for sid in action.demolish:
            victim = next(p for p in remaining if p.structure == sid)
            remaining.remove(victim)
            old = structure(state, sid)
            if old is not None and old.service == s.service:
                upgrades += 1
        state = _set_district(state, d, replace(district, structures=tuple(remaining)))
        turn = replace(turn, demolished=turn.demolished + tuple((x, d) for x in action.demolish))
    broke = turn.broke
    if was_empty and d not in broke:
        broke = broke + (d,)
    state, landed = _place(state, s, d, seat)
    turn = replace(
        turn,
        built=turn.built + ((s.id, d),),
        broke=broke,
        enrichment=turn.enrichment + upgrades,
        markers=turn.markers + tuple((t, s.service) for t in landed),
    )
    state = replace(state, turn=turn)
    where = {
        "who": _who(seat),
        "structure": _a(s.label),
        "district": NAMES[d],
        "cost": s.cost,
        "markers": _markers_text(s.service, landed, d),
    }
    if action.demolish:
        names = [_name(state, x) for x in action.demolish]
        text = tx(
            "{who} builds {structure} in {district} for {cost} gold, demolishing the "
            "{demolished}{markers}.",
            demolished=_listed(names),
            **where,
        )
    else:
        text = tx("{who} builds {structure} in {district} for {cost} gold{markers}.", **where)
    events.append(
        Event(
            "build",
            text,
            {"structure": s.id, "district": d, "demolished": list(action.demolish)},
        )
    )
    if s.size is Size.LARGE:
        turn = replace(turn, spread_service=s.service, spread_home=d)
        choices = len(spread_options(replace(state, turn=turn)))
        if choices:
            turn = replace(turn, spread=min(5, choices), spread_service=s.service, spread_home=d)
            return replace(state, turn=turn, phase=Phase.SPREAD)
        return _end_turn(state, events)
    if turn.action == "tax" or len(turn.built) == 2:
        return _end_turn(state, events)
    gold, _ = _build_stage(state)
    if not _any(build_options(state, gold, False)):
        return _end_turn(state, events)
    return replace(state, phase=Phase.BUILD)


def _name(state: State, sid: str) -> str:
    if sid == OLD_ROMAN_WELL:
        return STRUCTURE_NAMES[OLD_ROMAN_WELL]
    s = state.data.by_id(sid)
    return s.label if s else sid


def _apply_spread(state: State, action: Spread, events: list[Event]) -> State:
    turn = state.turn
    what = SERVICE_NAMES[turn.spread_service]
    if action.district is None:
        events.append(
            Event(
                "spread",
                tx(
                    "{who} places no more {service} markers.", who=_who(state.current), service=what
                ),
            )
        )
        return _end_turn(state, events)
    state, _ = _mark(state, action.district, turn.spread_service, state.current)
    events.append(
        Event(
            "spread",
            tx(
                "{who} places {a_service} marker in {district}.",
                who=_who(state.current),
                a_service=_a(what),
                district=NAMES[action.district],
            ),
            {"district": action.district},
        )
    )
    turn = replace(
        turn,
        spread=turn.spread - 1,
        markers=turn.markers + ((action.district, turn.spread_service),),
    )
    state = replace(state, turn=turn)
    if turn.spread == 0 or not spread_options(state):
        return _end_turn(state, events)
    return state


# --------------------------------------------------------------------------------- turn flow


def _start_turn(state: State) -> tuple[State, list[Event]]:
    """Begin the current player's turn: a stalled city ends the game; in two-player games the
    Neutral Builder token flips and may build."""
    events: list[Event] = []
    seat = state.current
    player = state.players[seat]
    state = replace(
        state, turn=Turn(gold_before=player.gold, city_before=state.city), phase=Phase.CHOOSE
    )
    if not _city_can_grow(state):
        events.append(
            Event("stalled", tx("No structure left in the supply fits anywhere: the game ends."))
        )
        return _finish(state, events), events
    if not state.two_player:
        return state, events
    flipped = not player.neutral_build
    player = replace(player, neutral_build=flipped)
    state = _set_player(state, seat, player)
    if not flipped or not (player.small_stack or player.medium_stack):
        return state, events
    if neutral_options(state):
        events.append(Event("neutral", _neutral_offer(state, seat)))
        return replace(state, phase=Phase.NEUTRAL), events
    top_small = bool(player.small_stack)
    gone = player.small_stack[0] if top_small else player.medium_stack[0]
    if top_small:
        player = replace(player, small_stack=player.small_stack[1:])
    else:
        player = replace(player, medium_stack=player.medium_stack[1:])
    state = _set_player(state, seat, player)
    events.append(
        Event(
            "neutral",
            tx(
                "The Neutral Builder's {structure} fits nowhere and leaves the game.",
                structure=_name(state, gone),
            ),
            {"structure": gone},
        )
    )
    return state, events


def _neutral_offer(state: State, seat: int) -> str:
    """The sentence announcing a Neutral Builder build and the choices it leaves `seat`."""
    player = state.players[seat]
    fits = {a.structure for a in neutral_options(state)}
    top = (player.small_stack or player.medium_stack)[0]
    nxt = player.medium_stack[1] if not player.small_stack and player.medium_stack[1:] else None
    who = _who(seat)
    name = _name(state, top)
    if nxt is None:
        return tx(
            "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
            "Neutral Builder, free.",
            who=who,
            structure=name,
        )
    other = _name(state, nxt)
    if top not in fits:
        return tx(
            "{who}'s Neutral Builder token flips to Build: the {structure} fits nowhere, so "
            "{who} lets it leave the game and builds nothing (`neutral none`), or discards it "
            "and places the {next}.",
            who=who,
            structure=name,
            next=other,
        )
    if nxt not in fits:
        return tx(
            "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
            "Neutral Builder, free, or discards it (the {next} after it fits nowhere, so nothing "
            "is built: `neutral none`).",
            who=who,
            structure=name,
            next=other,
        )
    return tx(
        "{who}'s Neutral Builder token flips to Build: {who} places the {structure} for the "
        "Neutral Builder, free, or discards it and places the {next}.",
        who=who,
        structure=name,
        next=other,
    )


def _city_can_grow(state: State) -> bool:
    """True while some structure in the supply can still be placed somewhere (any gold)."""
    board = Board.of(state, state.current)
    for s in state.data.structures:
        if state.supply[s.index] <= 0:
            continue
        for d in range(DISTRICTS):
            if _placeable(state, board, s, d) and demolition_sets(
                state, state.current, d, s, board
            ):
                return True
    return False


def _end_turn(state: State, events: list[Event]) -> State:
    seat = state.current
    turn = state.turn
    player = state.players[seat]
    gained = 0
    for sid, d in turn.built:
        s = state.data.by_id(sid)
        assert s is not None
        pts = s.player_points(district_class(d)) or 0
        player = player.add("Structures", pts)  # i18n-exempt: data key
        gained += pts
    if gained:
        events.append(
            Event(
                "prosperity",
                tx(
                    "{who} gains {points} prosperity for what was built.",
                    who=_who(seat),
                    points=gained,
                ),
                {"points": gained},
            )
        )
    for d in turn.broke:
        pts = services_present(state, d)
        player = player.add("Breaking Ground", pts)  # i18n-exempt: data key
        if pts:
            events.append(
                Event(
                    "breaking_ground",
                    tx_n(
                        "{who} breaks ground in {district}: +{n} prosperity ({n} service there).",
                        "{who} breaks ground in {district}: +{n} prosperity ({n} services there).",
                        pts,
                        who=_who(seat),
                        district=NAMES[d],
                    ),
                    {"district": d, "points": pts},
                )
            )
    if turn.enrichment:
        pts = ENRICHMENT * turn.enrichment
        player = player.add("Enrichment", pts)  # i18n-exempt: data key
        n = turn.enrichment
        events.append(
            Event(
                "enrichment",
                tx_n(
                    "{who} earns the Enrichment bonus: +{points} prosperity ({n} upgrade).",
                    "{who} earns the Enrichment bonus: +{points} prosperity ({n} upgrades).",
                    n,
                    who=_who(seat),
                    points=pts,
                ),
            )
        )
    player = replace(player, must_full_build=turn.action == "levy")
    state = _set_player(state, seat, player)

    # The Neutral Builder moved the city when it built (a turn saved before that rule has no
    # `city_before`: its Neutral Builder structure still moves the city now).
    moved_now = turn.built if turn.city_before is not None else turn.built + turn.neutral
    start = state.city if turn.city_before is None else turn.city_before
    city_gain = 0
    for sid, _ in moved_now:
        s = state.data.by_id(sid)
        assert s is not None
        city_gain += s.city
    ending_round_known = state.turns_left is not None
    state = _advance_city(state, city_gain, events)
    # District Favor when the city *exceeds* a mark ("exceeds 100", "passes the 100, 200, or
    # 300 mark"): landing on 100 exactly scores nothing yet.
    for mark in SCORING_MARKS:
        if start <= mark < state.city and state.scorings < len(SCORING_MARKS):
            state = district_favor(state, events)
            if state.scorings == 3:
                # Finish the round (to the highest rank), then one final round.
                state = replace(state, turns_left=(state.n - 1 - seat) + state.n)
    state = replace(state, last_turn=turn, last_seat=seat)
    if ending_round_known:
        assert state.turns_left is not None
        state = replace(state, turns_left=state.turns_left - 1)
    if state.turns_left == 0:
        return _finish(state, events)
    state = replace(state, current=(seat + 1) % state.n, turn_number=state.turn_number + 1)
    state, more = _start_turn(state)
    events.extend(more)
    return state


# --------------------------------------------------------------------------------- scoring


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


def _chain(items: list[Text], separator: str) -> str:
    """`items` joined by `separator` ("; " or ", "), each said in the reader's language ("" for
    none)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    head = _chain(items[:-1], separator)
    if separator == "; ":
        return tx("{first}; {rest}", first=head, rest=items[-1])
    return tx("{first}, {rest}", first=head, rest=items[-1])
