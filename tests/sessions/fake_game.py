"""A tiny game satisfying the Engine protocol, so session tests do not depend on real engines.

"Race": 2-4 players race to `target` points (default 10).
- TURN phase (starting with seat `first`, an option): the seat in `current` either `roll`s a die
  (adds 1-6) or `play`s its hidden card (adds the card's value, then draws a new hidden card).
  Then the next seat is current.
- After every full round, a READY phase: every seat must say `ready`, simultaneously, in any order.
- The first seat to reach `target` wins at once.
Hidden information: each seat's card ("gem<value>"), visible only in its own view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.games.codec import (
    CorruptStateError,
    check_header,
    require_int,
    require_list,
    require_mapping,
    require_str,
)
from bot.games.protocol import Event, GameSpec, OptionSpec, Outcome, Seat, Transition
from bot.games.rejections import Rejection, illegal, malformed
from bot.games.rng import Rng

GAME = "race"
SCHEMA = 1


@dataclass(frozen=True, slots=True)
class RaceState:
    """players: seat count; scores/cards per seat; phase 'turn' or 'ready'; current: seat whose
    turn it is in 'turn'; ready: seats that said ready; rng: chance; target: points to win."""

    players: int
    scores: tuple[int, ...]
    cards: tuple[int, ...]
    phase: str
    current: int
    ready: frozenset[int]
    rng: Rng
    target: int
    turns: int
    first: int = 0


@dataclass(frozen=True, slots=True)
class RaceView:
    """What one viewer sees."""

    scores: tuple[int, ...]
    my_card: str | None
    phase: str
    current: int


class RandomBot:
    """Picks uniformly among legal actions."""

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        actions = ENGINE.legal_actions(state, seat)
        return random.Random(seed).choice(actions)


class GreedyBot:
    """Plays its card when it is worth 4 or more, else rolls."""

    def choose(self, state: Any, seat: Seat, seed: int) -> Any:
        if state.phase == "ready":
            return "ready"
        return "play" if state.cards[seat] >= 4 else "roll"


class RaceEngine:
    """The Engine implementation. Actions are the strings 'roll', 'play' and 'ready'."""

    rules_summary = "Race to the target: roll a die or play your hidden card."

    def __init__(self, bots: Mapping[str, Callable[[], Any]] | None = None) -> None:
        self.spec = GameSpec(
            key=GAME,
            display_name="Race",
            min_players=2,
            max_players=4,
            has_hidden_information=True,
            has_chance=True,
            options=(
                OptionSpec("target", int, 10, "Points needed to win.", minimum=5, maximum=30),
                OptionSpec("first", int, 0, "The seat that moves first.", minimum=0, maximum=3),
            ),
        )
        self.bots: Mapping[str, Callable[[], Any]] = (
            bots if bots is not None else {"random": RandomBot, "greedy": GreedyBot}
        )

    def new_game(self, seats: int, options: Mapping[str, object], seed: int) -> RaceState:
        rng = Rng(seed)
        cards = []
        for _ in range(seats):
            card, rng = rng.randint(1, 6)
            cards.append(card)
        target = options.get("target", 10)
        first = options.get("first", 0)
        assert isinstance(target, int) and isinstance(first, int)
        return RaceState(
            players=seats,
            scores=(0,) * seats,
            cards=tuple(cards),
            phase="turn",
            current=first % seats,
            ready=frozenset(),
            rng=rng,
            target=target,
            turns=0,
            first=first % seats,
        )

    def to_act(self, state: RaceState) -> frozenset[Seat]:
        if self.outcome(state) is not None:
            return frozenset()
        if state.phase == "ready":
            return frozenset(Seat(s) for s in range(state.players) if s not in state.ready)
        return frozenset({Seat(state.current)})

    def legal_actions(self, state: RaceState, seat: Seat) -> tuple[str, ...]:
        if seat not in self.to_act(state):
            return ()
        return ("ready",) if state.phase == "ready" else ("play", "roll")

    def check(self, state: RaceState, seat: Seat, action: str) -> Rejection | None:
        if state.phase == "ready" and action != "ready":
            return illegal("Everyone must say ready before the next round.")
        if state.phase == "turn" and action == "ready":
            return illegal("It is not time to say ready: roll or play your card.")
        return None

    def apply(self, state: RaceState, seat: Seat, action: str) -> Transition[RaceState]:
        if action == "ready":
            ready = state.ready | {seat}
            if len(ready) == state.players:
                new = replace(state, phase="turn", ready=frozenset())
            else:
                new = replace(state, ready=ready)
            return Transition(new, (Event("ready", f"Seat {seat} is ready."),))
        scores = list(state.scores)
        cards = list(state.cards)
        rng = state.rng
        events: list[Event] = []
        if action == "roll":
            value, rng = rng.randint(1, 6)
            scores[seat] += value
            events.append(Event("roll", f"Seat {seat} rolled {value}.", {"value": value}))
        else:
            scores[seat] += cards[seat]
            events.append(Event("play", f"Seat {seat} played gem{cards[seat]}."))
            card, rng = rng.randint(1, 6)
            cards[seat] = card
            events.append(
                Event(
                    "draw",
                    f"You drew gem{card}.",
                    {"card": card},
                    visible_to=frozenset({seat}),
                    public_text=f"Seat {seat} drew a card.",
                )
            )
        nxt = (state.current + 1) % state.players
        phase = "ready" if nxt == state.first else "turn"
        new = replace(
            state,
            scores=tuple(scores),
            cards=tuple(cards),
            rng=rng,
            current=nxt,
            phase=phase,
            turns=state.turns + 1,
        )
        return Transition(new, tuple(events), reveals=True)  # a die or a new card

    def outcome(self, state: RaceState) -> Outcome | None:
        winners = frozenset(Seat(s) for s, v in enumerate(state.scores) if v >= state.target)
        if not winners:
            return None
        scores = {Seat(s): v for s, v in enumerate(state.scores)}
        return Outcome("target", winners, scores, f"Seat {min(winners)} reached {state.target}.")

    def view(self, state: RaceState, seat: Seat | None) -> RaceView:
        card = None if seat is None else f"gem{state.cards[seat]}"
        return RaceView(state.scores, card, state.phase, state.current)

    def hidden_from(self, state: RaceState, seat: Seat | None) -> frozenset[str]:
        own = None if seat is None else state.cards[seat]
        return frozenset(f"gem{c}" for c in state.cards if c != own)

    def parse_action(self, text: str, state: RaceState, seat: Seat) -> str | Rejection:
        word = text.strip().lower()
        if word not in ("roll", "play", "ready"):
            return malformed(f"I don't know the move {text!r}; try roll, play or ready.")
        return word

    def format_action(self, action: str, state: RaceState) -> str:
        return action

    def state_to_dict(self, state: RaceState) -> dict[str, Any]:
        return {
            "game": GAME,
            "v": SCHEMA,
            "players": state.players,
            "scores": list(state.scores),
            "cards": list(state.cards),
            "phase": state.phase,
            "current": state.current,
            "ready": sorted(state.ready),
            "rng": state.rng.to_dict(),
            "target": state.target,
            "turns": state.turns,
            "first": state.first,
        }

    def state_from_dict(self, data: Mapping[str, Any]) -> RaceState:
        d = require_mapping(data, "state")
        check_header(d, GAME, SCHEMA)
        players = require_int(d, "players", "state")
        scores = require_list(d, "scores", "state")
        cards = require_list(d, "cards", "state")
        if len(scores) != players or len(cards) != players:
            raise CorruptStateError("state.scores/cards: one entry per player expected")
        phase = require_str(d, "phase", "state")
        if phase not in ("turn", "ready"):
            raise CorruptStateError(f"state.phase: unknown phase {phase!r}")
        return RaceState(
            players=players,
            scores=tuple(int(s) for s in scores),
            cards=tuple(int(c) for c in cards),
            phase=phase,
            current=require_int(d, "current", "state"),
            ready=frozenset(int(s) for s in require_list(d, "ready", "state")),
            rng=Rng.from_dict(d.get("rng")),
            target=require_int(d, "target", "state"),
            turns=require_int(d, "turns", "state"),
            first=require_int(d, "first", "state"),
        )

    def summary(self, state: RaceState) -> dict[str, Any]:
        return {"scores": list(state.scores), "phase": state.phase}

    def seat_label(self, state: RaceState, seat: Seat) -> str:
        return f"runner {seat + 1}"


ENGINE = RaceEngine()


def engines(key: str) -> RaceEngine:
    """An engine lookup for `GameService(engines=...)` that knows only the fake game."""
    if key.strip().lower() == GAME:
        return ENGINE
    raise KeyError(f"No game called {key!r}. Games: {GAME}.")
