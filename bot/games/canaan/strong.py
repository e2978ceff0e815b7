"""Settlers of Canaan's part in the search kit.

What a seat cannot see: the other hands (their sizes are public, and so is the bank, so the
cards they hold between them are known as a whole - only who holds which is not), the other
players' unplayed development cards and the order of the deck, and the dice to come. Each
sample deals the unseen resources and cards out again by the public counts and re-seeds the
dice. Below the root the search tries the heuristic's choice and the plain moves (no trade
offers: hundreds are legal and they only matter to the one who makes them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.canaan import actions as A
from bot.games.canaan import rules as R
from bot.games.canaan.bots import PIPS, HeuristicBot
from bot.games.canaan.data import BANK_PER_RESOURCE
from bot.games.canaan.state import CITY, EMPTY, TURN, State, evolve, with_player
from bot.games.canaan.view import confirmable
from bot.games.protocol import Seat
from bot.games.rng import Rng
from bot.games.search.model import BaseModel, Budget, Draws, SearchBot

_HEURISTIC = HeuristicBot()
_WIDTH = 6
_BARGAINS = (A.MakeOffer, A.Counter)
_DEALS = 20  # deals tried for one consistent with the public status of an open offer


def determinise(s: State, seat: Seat, draws: Draws) -> State:
    """`s` with the others' hands and development cards dealt again from what `seat` cannot
    see, the deck reshuffled and the dice re-seeded.

    An open offer tells something about hands, publicly: its maker and every seat that accepted
    or countered held the cards named, and the status line says which answers can still be
    confirmed. Those cards are dealt to their holders first, and a deal that would change which
    answers are confirmable is dealt again (a few times at most)."""
    known = {seat}
    if s.phase is TURN and s.look_stage == 2 and s.current == seat and s.look_victim >= 0:
        known.add(s.look_victim)  # a hand looked at (Gibeonite Trickery) is known to the looker
    unseen = [BANK_PER_RESOURCE - s.bank[r] for r in range(5)]
    for i in known:
        for r in range(5):
            unseen[r] -= s.players[i].hand[r]
    held = {i: [0] * 5 for i in range(len(s.players)) if i not in known}
    if s.offer is not None:
        shown_by = [(s.current, s.offer.give)]
        for i, ans in enumerate(s.offer.answers):
            if ans.kind == "accept":
                shown_by.append((i, s.offer.get))
            elif ans.kind == "counter":
                shown_by += [(i, ans.give), (s.current, ans.get)]
        for i, shown in shown_by:
            if i not in held:
                continue
            room = s.players[i].cards - sum(held[i])
            for r in range(5):
                take = max(0, min(shown[r] - held[i][r], unseen[r], room))
                held[i][r] += take
                unseen[r] -= take
                room -= take
    answered = confirmable(s) if s.offer is not None else None
    cards = [c for i, p in enumerate(s.players) if i not in known for c in p.dev]
    cards = draws.shuffled(sorted(cards) + sorted(s.deck))
    players = list(s.players)
    for i, p in enumerate(s.players):
        if i not in known:
            dev = tuple(sorted(cards[: len(p.dev)]))
            cards = cards[len(p.dev) :]
            players[i] = with_player(p, dev=dev, new=dev[: len(p.new)])
    pool = [r for r in range(5) for _ in range(max(0, unseen[r]))]
    for _ in range(_DEALS):
        rest = draws.shuffled(pool)
        for i in held:
            hand = list(held[i])
            n = players[i].cards - sum(hand)
            for r in rest[:n]:
                hand[r] += 1
            rest = rest[n:]
            players[i] = with_player(players[i], hand=tuple(hand))
        out = evolve(s, players=tuple(players))
        if answered is None or confirmable(out) == answered:
            break
    return evolve(out, deck=tuple(cards), rng=Rng(draws.seed(), 0, s.rng.scheme))


def _production(s: State) -> list[float]:
    """Pips per seat of its buildings (a city counts twice, the plague's hex not at all)."""
    d = s.data
    out = [0.0] * len(s.players)
    for v, b in enumerate(s.buildings):
        if b == EMPTY:
            continue
        weight = 2 if b >= CITY else 1
        for h in d.vertex_hexes[v]:
            t = d.hexes[h]
            if t.number is not None and h != s.plague:
                out[b % CITY] += weight * PIPS.get(t.number, 0)
    return out


class CanaanModel(BaseModel):
    """Evaluation and move order for Settlers of Canaan."""

    scale = 2.0
    playout_depth = 0

    def __init__(self) -> None:
        from bot.games.canaan import ENGINE

        self.engine = ENGINE

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """See `determinise`."""
        return determinise(state, seat, draws)

    def evaluate(self, s: State) -> Sequence[float]:
        """Per seat: VP, plus production, cards in hand (not past seven) and development cards."""
        prod = _production(s)
        out = []
        for i, p in enumerate(s.players):
            v = R.vp(s, i) + 0.06 * prod[i] + 0.12 * min(p.cards, 7) - 0.1 * max(0, p.cards - 7)
            v += 0.35 * len(p.dev) + 0.15 * p.stones + 0.1 * p.priests
            out.append(v)
        return out

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The heuristic's choice, then the plain moves (offers only as the heuristic's)."""
        first = _HEURISTIC.choose(state, seat, 0)
        rest = [a for a in actions if a != first and not isinstance(a, _BARGAINS)]
        return [first, *rest[: _WIDTH - 1]]

    def playout_action(self, state: Any, seat: Seat, actions: tuple[Any, ...], draws: Draws) -> Any:
        """The heuristic's move."""
        return _HEURISTIC.choose(state, seat, 0)


BUDGET = Budget(iterations=200, exploration=0.5, widen_base=2, widen_rate=0.7)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Settlers of Canaan player."""
    return SearchBot(CanaanModel(), budget or BUDGET)
