"""The opening: a new game (the first player by dice, the shuffled deck), the placement of the
starting settlements and roads, and each player's choice of the settlement that gives the
starting cards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import BANK_PER_RESOURCE, PRIESTS, VP_CARDS, CanaanData, hand_words
from bot.games.canaan.effects import _ev, _gain, _private, _set_player
from bot.games.canaan.state import EMPTY, TURN, Player, State, evolve
from bot.games.canaan.words import colour_title
from bot.games.protocol import Event
from bot.games.rng import Rng
from bot.games.text import tx


def new_game(seats: int, seed: int, data: CanaanData) -> State:
    """Roll for the first player (ties re-roll), shuffle the development cards, and begin the
    placement of starting settlements."""
    rng = Rng(seed, scheme=2)  # the cheap derivation (saved games keep the scheme they began with)
    contenders = list(range(seats))
    rounds: list[tuple[int, ...]] = []
    while True:
        totals = [0] * seats
        for s in contenders:
            dice, rng = rng.dice(2)
            totals[s] = sum(dice)
        rounds.append(tuple(totals))
        best = max(totals[s] for s in contenders)
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            break
    first = contenders[0]
    deck_cards = ["priest"] * PRIESTS
    for e in data.events:
        deck_cards += [e.key] * e.copies
    deck_cards += [k for k, _ in VP_CARDS]
    deck, rng = rng.shuffled(deck_cards)
    clockwise = [(first + i) % seats for i in range(seats)]
    if seats == 2:
        a, b = clockwise
        order = (a, b, b, a, a, b)
    else:
        order = (*clockwise, *reversed(clockwise))
    return State(
        data=data,
        players=tuple(Player() for _ in range(seats)),
        buildings=(EMPTY,) * len(data.vertex_ids),
        roads=(EMPTY,) * len(data.edges),
        bank=(BANK_PER_RESOURCE,) * 5,  # type: ignore[arg-type]
        deck=deck,
        rng=rng,
        first_player=first,
        first_rolls=tuple(rounds),
        setup_order=order,
        current=first,
        road_lengths=(0,) * seats,
    )


def _setup_settlements(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Settlement, B.settlement_spots(s, seat, setup=True))


def _setup_roads(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Road, B.road_spots(s, seat, s.setup_vertex))


def _start_options(s: State, seat: int) -> Iterator[A.Action]:
    d = s.data
    for v, b in enumerate(s.buildings):
        if b != seat:
            continue
        if any(d.hexes[h].terrain == "copper" for h in d.vertex_hexes[v]):
            yield from (A.Start(v, r) for r in range(5) if s.bank[r] > 0)
        else:
            yield A.Start(v)


def _apply_start(s: State, seat: int, a: A.Start) -> tuple[State, list[Event], bool]:
    d = s.data
    gain = [0] * 5
    for h in d.vertex_hexes[a.vertex]:
        t = d.hexes[h]
        if t.resource is not None and t.number is not None:
            gain[t.resource] += 1
    if a.copper >= 0:
        gain[a.copper] += 1
    cards = (gain[0], gain[1], gain[2], gain[3], gain[4])
    s = _gain(s, seat, cards)
    s = _set_player(s, seat, start=a.vertex)
    events = [
        _private(
            "start",
            tx(
                "You take {hand} for your settlement at {v}.",
                hand=hand_words(cards),
                v=a.vertex + 1,
            ),
            {seat},
            tx(
                "{player} takes {n} starting cards for the settlement at {v}.",
                player=colour_title(seat),
                n=sum(cards),
                v=a.vertex + 1,
            ),
        )
    ]
    if all(p.start >= 0 for p in s.players):
        s = evolve(s, phase=TURN, current=s.first_player, turn=1)
        events.append(
            _ev("turn", tx("{player} begins (highest roll).", player=colour_title(s.first_player)))
        )
    return s, events, False
