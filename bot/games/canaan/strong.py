"""Settlers of Canaan's part in the search kit.

What a seat cannot see: the other hands (their sizes are public, and so is the bank, so the
cards they hold between them are known as a whole - only who holds which is not), the other
players' unplayed development cards and the order of the deck, and the dice to come. Each
sample deals the unseen resources and cards out again by the public counts and re-seeds the
dice.

The search branches on the deciding seat's own moves only: the other seats are expected to
move as the heuristic player would (an opponent model), and a playout finishes the turn under
way with the heuristic's moves, so every leaf is valued between two turns. The seat's own moves
searched are the heuristic's choice, offers its plan suggests (`_asks`) and the plain moves (no
other trade offers: hundreds are legal, listed without them by `_plain_moves`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.bots import PIPS, HeuristicBot
from bot.games.canaan.data import BANK_PER_RESOURCE, COSTS
from bot.games.canaan.state import CITY, EMPTY, TURN, State, evolve, with_player
from bot.games.canaan.view import confirmable
from bot.games.protocol import Seat
from bot.games.rng import Rng
from bot.games.search.model import BaseModel, Budget, Draws, SearchBot

_HEURISTIC = HeuristicBot()
_WIDTH = 6
_BARGAINS = (A.MakeOffer, A.Counter, A.Reply)
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


def _kinds_produced(s: State) -> list[int]:
    """Per seat, how many of the five resources its buildings touch (copper counts as any one
    missing kind): a seat that produces every kind never has to trade at the bank's rates."""
    d = s.data
    kinds: list[set[int]] = [set() for _ in s.players]
    copper = [0] * len(s.players)
    for v, b in enumerate(s.buildings):
        if b == EMPTY:
            continue
        for h in d.vertex_hexes[v]:
            t = d.hexes[h]
            if t.number is None:
                continue
            if t.resource is not None:
                kinds[b % CITY].add(t.resource)
            elif t.terrain == "copper":
                copper[b % CITY] = 1
    return [min(5, len(k) + c) for k, c in zip(kinds, copper, strict=True)]


def _toward(s: State, seat: int) -> int:
    """How many cards in `seat`'s hand its next build needs: a city while it has a settlement
    to raise, else a settlement while it has somewhere to put one (the heuristic's plan)."""
    hand = s.players[seat].hand
    if B.pieces_left(s, seat, "city") and seat in s.buildings:
        cost = R.city_cost(s)
    elif B.pieces_left(s, seat, "settlement") and B.settlement_spots(s, seat, setup=False):
        cost = COSTS["settlement"]
    else:
        return 0
    return sum(min(h, c) for h, c in zip(hand, cost, strict=True))


_KEYS: list[tuple[Any, dict[A.Action, str]]] = [(None, {})]
"""The notation of actions on one board (the data object, and its actions' texts): sorting
the search's moves as the engine does, without formatting each one again. One tuple, read and
replaced whole: bots of games on other boards may search in other threads."""


def _plain_moves(s: State, seat: int) -> tuple[A.Action, ...]:
    """`seat`'s legal actions but the bargaining ones, in the engine's (notation) order."""
    groups = R.legal_groups(s, seat)
    out: list[A.Action] = []
    for i, kind in enumerate(groups.kinds):
        if kind not in _BARGAINS:
            out.extend(groups.options(i))
    d = s.data
    board, keys = _KEYS[0]
    if board is not d:
        keys = {}
        _KEYS[0] = (d, keys)
    for a in out:
        if a not in keys:
            keys[a] = A.format_action(a, d)
    out.sort(key=keys.__getitem__)
    return tuple(out)


class _Legal:
    """A seat's legal actions as the heuristic reads them (it iterates over them and asks
    whether an offer it has in mind is among them) without listing the hundreds of offers:
    iteration gives the plain moves, membership asks the rules."""

    __slots__ = ("s", "seat", "plain", "members")

    def __init__(self, s: State, seat: int, plain: tuple[A.Action, ...]) -> None:
        self.s, self.seat, self.plain = s, seat, plain
        self.members = set(plain)

    def __iter__(self) -> Any:
        return iter(self.plain)

    def __len__(self) -> int:
        return len(self.plain)

    def __contains__(self, a: object) -> bool:
        if a in self.members:
            return True
        return isinstance(a, _BARGAINS) and R.check(self.s, self.seat, a) is None


def _heuristic_choice(s: State, seat: int) -> A.Action:
    """What the heuristic player would do here (its `choose`), without listing every offer."""
    plain = _plain_moves(s, seat)
    bargains = any(k in _BARGAINS for k in R.legal_groups(s, seat).kinds)
    if len(plain) == 1 and not bargains:
        return plain[0]
    legal = _Legal(s, seat, plain)
    pick = _HEURISTIC._pick(s, seat, legal)  # type: ignore[arg-type]
    if pick is not None and pick in legal:
        return pick
    return A.End() if A.End() in legal.members else plain[0]


def _asks(s: State, seat: int) -> list[A.Action]:
    """Offers worth making now: one card another seat's next build needs, for up to three
    cards this seat's next build needs that the other holds beyond its own plan (read from
    the sampled hands: their sizes are public, the sample deals the rest). A player who
    values cards by its own plan, as the heuristic does, accepts such an offer; one who
    declines costs the asker nothing but the offer."""
    if (
        s.phase is not TURN
        or s.current != seat
        or not s.rolled
        or s.offer is not None
        or s.pending
        or s.offers_made >= R.MAX_OFFERS_PER_TURN
    ):
        return []
    hand = s.players[seat].hand
    mine = _HEURISTIC._target(s, seat)
    need = [max(0, t - h) for h, t in zip(hand, mine, strict=True)]
    if not any(need):
        return []
    out: list[tuple[int, A.Action]] = []
    others = [i for i in range(len(s.players)) if i != seat]
    for j in others:
        theirs = s.players[j].hand
        target = _HEURISTIC._target(s, j)
        spare = [max(0, h - t) for h, t in zip(theirs, target, strict=True)]
        wanted = [max(0, t - h) for h, t in zip(theirs, target, strict=True)]
        get = [0] * 5
        for r in sorted(range(5), key=lambda r: -need[r]):
            get[r] = min(need[r], spare[r], R.MAX_SIDE - sum(get))
        if not sum(get):
            continue
        gives = [r for r in range(5) if wanted[r] and hand[r] > mine[r] and not get[r]]
        if not gives:
            continue
        r = max(gives, key=lambda r: (hand[r] - mine[r], -r))
        offer = A.MakeOffer(R.one(r), tuple(get), -1 if len(s.players) == 2 else j)  # type: ignore[arg-type]
        if R.check(s, seat, offer) is None:
            out.append((sum(get), offer))
    out.sort(key=lambda x: -x[0])
    return [a for _, a in out[:2]]


class CanaanModel(BaseModel):
    """Evaluation and move order for Settlers of Canaan."""

    scale = 1.5
    playout_depth = 12
    opponents_follow_policy = True

    def __init__(self) -> None:
        from bot.games.canaan import ENGINE

        self.engine = ENGINE

    def determinise(self, state: Any, seat: Seat, draws: Draws) -> Any:
        """See `determinise`."""
        return determinise(state, seat, draws)

    def evaluate(self, s: State) -> Sequence[float]:
        """Per seat: VP; production by pips and by how many of the five resources it reaches
        (a seat without one must buy it at the bank's rates); cards in hand, more for those
        its next build needs (not past seven); development cards; Jerusalem stones and priests
        toward their special cards."""
        prod = _production(s)
        breadth = _kinds_produced(s)
        out = []
        for i, p in enumerate(s.players):
            v = R.vp(s, i) + 0.06 * prod[i] + 0.25 * breadth[i]
            v += 0.12 * min(p.cards, 7) - 0.1 * max(0, p.cards - 7) + 0.06 * _toward(s, i)
            v += 0.15 * len(p.dev) + 0.15 * p.stones + 0.1 * p.priests
            out.append(v)
        return out

    def search_actions(self, state: Any, seat: Seat) -> tuple[Any, ...]:
        """The legal actions but trade offers, counters and replies (hundreds of them, and
        they matter only to the one who makes them), in the engine's order."""
        return _plain_moves(state, seat)

    def root_candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """The deciding seat's moves: the heuristic's choice, the asks (`_asks`), then the
        plain moves."""
        first = _heuristic_choice(state, seat)
        asks = [a for a in _asks(state, seat) if a != first]
        rest = [a for a in actions if a != first and not isinstance(a, _BARGAINS)]
        return [first, *asks, *rest[: _WIDTH - 1]]

    def candidates(self, state: Any, seat: Seat, actions: tuple[Any, ...]) -> Sequence[Any]:
        """Below the root: the same, except that a seat answering an offer is expected to
        answer as the heuristic player would (its only candidate)."""
        first = _heuristic_choice(state, seat)
        if state.offer is not None and seat != state.current:
            return [first]
        asks = [a for a in _asks(state, seat) if a != first]
        rest = [a for a in actions if a != first and not isinstance(a, _BARGAINS)]
        return [first, *asks, *rest[: _WIDTH - 1]]

    def playout_action(self, state: Any, seat: Seat, actions: tuple[Any, ...], draws: Draws) -> Any:
        """The heuristic's move."""
        return _heuristic_choice(state, seat)

    def playout_done(self, start: State, s: State) -> bool:
        """A playout finishes the turn under way with the heuristic's moves and stops when the
        next turn begins (at once if the leaf is a turn's start): every leaf is then valued
        between two turns. Valued mid-turn, a move that keeps the turn going (a card bought, a
        road) looked better than ending it, whose subtree reaches the opponents' builds
        sooner."""
        return s.phase is not TURN or not start.rolled or s.current != start.current


BUDGET = Budget(
    iterations=300,
    exploration=0.3,
    widen_base=2,
    widen_rate=0.7,
    # With three or four players no search: the arena measured this search weaker than the
    # heuristic at four (13 of 60 games against a fair 15, and the lower rating), so the
    # strong level plays the heuristic's moves there until a tuned evaluation exists.
    by_seats=((3, 0), (4, 0)),
)


def strong_bot(budget: Budget | None = None) -> SearchBot:
    """The `strong` Settlers of Canaan player."""
    return SearchBot(CanaanModel(), budget or BUDGET)
