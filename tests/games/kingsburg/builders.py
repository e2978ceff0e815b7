"""Crafted Kingsburg positions for scenario tests.

Seats in the rulebook examples: Ann = 0 (red), Brian = 1 (blue), Cindy = 2 (green),
David = 3 (yellow).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bot.games.kingsburg import ENGINE
from bot.games.kingsburg import data as D
from bot.games.kingsburg.rules import settle
from bot.games.kingsburg.state import Die, Group, Player, State, Step
from bot.games.protocol import Event, Seat, Transition, step
from bot.games.rejections import Rejection
from bot.games.rng import Rng

ANN, BRIAN, CINDY, DAVID = 0, 1, 2, 3


def player(
    gold: int = 0,
    wood: int = 0,
    stone: int = 0,
    *,
    vp: int = 0,
    buildings: Iterable[str] = (),
    dice: Sequence[int] = (),
    whites: Sequence[int] = (),
    plus_two: int = 0,
    soldiers: int = 0,
    **extra: object,
) -> Player:
    """A governor with goods, buildings and (optionally) this season's dice."""
    for b in buildings:
        assert b in D.BUILDING_BY_ID, b
    rolled = tuple(Die(v, False) for v in dice) + tuple(Die(v, True) for v in whites)
    p = Player(
        goods=(gold, wood, stone),
        vp=vp,
        buildings=frozenset(buildings),
        dice=rolled,
        plus_two=plus_two,
        soldiers=soldiers,
    )
    return replace(p, **extra)  # type: ignore[arg-type]


def deck(year1: str = "enemy-I-goblins-3") -> tuple[str, ...]:
    """An enemies deck with a chosen year-I card (the rest: each year's first card)."""
    return (year1, *(D.cards_of_year(y)[0].card_id for y in range(2, 6)))


def position(
    players: Sequence[Player],
    order: Sequence[int],
    *,
    step: Step,
    phase: int = 2,
    year: int = 1,
    queue: Sequence[int] | None = None,
    seed: int = 1,
    settle_now: bool = True,
    **fields: object,
) -> State:
    """A state at `step` of `phase`; by default the queue is the turn order. Automatic steps are
    then run (settle) unless settle_now=False."""
    s = State(
        n=len(players),
        year=year,
        phase=phase,
        step=step,
        players=tuple(players),
        turn_order=tuple(order),
        deck=deck(),
        rng=Rng(seed),
        queue=tuple(order if queue is None else queue),
    )
    s = replace(s, **fields)  # type: ignore[arg-type]
    return settle(s, []) if settle_now else s


def dummy(advisor: int, *values: int) -> Group:
    """A two-player dummy group."""
    return Group(advisor, -1, tuple(values))


def seed_for_die(value: int) -> int:
    """A seed whose first draw `randint(1, 6)` gives `value` (for the King's die)."""
    for seed in range(10_000):
        if Rng(seed).randint(1, 6)[0] == value:
            return seed
    raise AssertionError("no seed found")


def act(state: State, seat: int, text: str) -> Transition[State]:
    """Play notation; fail the test if it is refused."""
    action = ENGINE.parse_action(text, state, Seat(seat))
    assert not isinstance(action, Rejection), action
    result = step(ENGINE, state, Seat(seat), action)
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result


def refuse(state: State, seat: int, text: str) -> str:
    """Play notation that must be refused; returns the sentence."""
    action = ENGINE.parse_action(text, state, Seat(seat))
    if isinstance(action, Rejection):
        return action.message
    result = step(ENGINE, state, Seat(seat), action)
    assert isinstance(result, Rejection), f"{text!r} was accepted"
    return result.message


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Play several (seat, notation) moves; returns the final state and all events."""
    events: list[Event] = []
    for seat, text in moves:
        t = act(state, seat, text)
        events.extend(t.events)
        state = t.state
    return state, events


def texts(state: State, seat: int) -> list[str]:
    """The notation of every legal action of a seat."""
    return [ENGINE.format_action(a, state) for a in ENGINE.legal_actions(state, Seat(seat))]


def winter(players: Sequence[Player], card: str, die: int, year: int = 1) -> State:
    """Players about to recruit (phase 7) in `year`, facing `card`, with the King's die set to
    `die`; settled, so the battle has been fought unless someone must still recruit."""
    cards = list(deck())
    cards[year - 1] = card
    return position(
        players,
        order=list(range(len(players))),
        step=Step.RECRUIT,
        phase=7,
        year=year,
        queue=(),
        seed=seed_for_die(die),
        deck=tuple(cards),
    )


def year_start(players: Sequence[Player], year: int = 2, **fields: object) -> State:
    """The previous winter just ended: `settle` enters Aid from the King of `year`."""
    return position(
        players,
        order=list(range(len(players))),
        step=Step.BATTLE,
        phase=8,
        year=year - 1,
        queue=(),
        **fields,
    )


def influence_position(p0: Player, p1: Player | None = None, **fields: object) -> State:
    """Seat 0 then seat 1 place dice on the advisors (seat 1 by default rolled 6, 6, 6)."""
    return position([p0, p1 or player(dice=(6, 6, 6))], order=[0, 1], step=Step.INFLUENCE, **fields)
