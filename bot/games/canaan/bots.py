"""Settlers of Canaan computer players.

'random': picks an action kind at random (roll, road, offer, end, ...), then one action of that
kind, so that a turn's hundreds of possible offers do not drown out ending the turn.
'heuristic': places by pips and resource diversity, builds toward the next VP (city, settlement,
Jerusalem stone, development card), trades with the bank and makes offers for what its next build
lacks, answers offers that help it, discards its surplus and sends the plague to the leader.

Both are pure: the choice depends only on the state, the seat and the seed, and they look only at
public information plus their own hand.
"""

from __future__ import annotations

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.data import COSTS, RESOURCES, Hand
from bot.games.canaan.state import CITY, EMPTY, State
from bot.games.protocol import Seat

_CARD_COST = COSTS["development card"]  # i18n-exempt: a data key
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


_MASK = (1 << 64) - 1
_LCG_A, _LCG_C = 6364136223846793005, 1442695040888963407


class Draws:
    """Seeded draws for the random bot: the seed is mixed once (SplitMix64's finaliser), then
    each draw is one step of a 64-bit linear congruential generator whose high 32 bits pick the
    value. A bot seeds once per move and draws two or three times, and seeding
    `random.Random` costs more than the rest of a random move, which the benchmark measures."""

    __slots__ = ("x",)

    def __init__(self, seed: int) -> None:
        z = (seed * 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        self.x = z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """0 <= k < n, for n below 2**32 (high bits times n: the multiply-shift reduction)."""
        self.x = x = (self.x * _LCG_A + _LCG_C) & _MASK
        return ((x >> 32) * n) >> 32


class RandomBot:
    """A random action kind, then a random action of that kind."""

    def choose(self, state: State, seat: Seat, seed: int) -> A.Action:
        """One legal action, chosen with the seed."""
        # Only the chosen kind's actions are listed (an engine-speed choice: offers alone can
        # number hundreds); a kind that turns out empty is dropped and another one drawn.
        groups = R.legal_groups(state, seat)
        kinds = groups.kinds
        if A.Reply in kinds:
            # The random bot never answers a counter with other terms (it confirms or goes
            # on): its draws stay those of the games recorded before replies existed.
            kinds = [k for k in kinds if k is not A.Reply]
        # `Draws(seed)` and its first draw written out: one of these runs for every move of a
        # benchmarked game, and the calls cost more than the arithmetic.
        z = (seed * 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        x = ((z ^ (z >> 31)) * _LCG_A + _LCG_C) & _MASK
        n = len(kinds)
        if n == 1 and kinds[0] is not A.MakeOffer and kinds[0] is not A.Counter:
            # The common case, one kind owed (a roll, a discard, the plague...): one draw.
            options = groups.options(groups.index(kinds[0]))
            if options:
                return options[((x >> 32) * len(options)) >> 32]
        rnd = Draws(0)
        rnd.x = x
        left = list(range(n))
        i = left[((x >> 32) * n) >> 32]
        while True:
            cls = kinds[i]
            if cls is A.MakeOffer or cls is A.Counter:
                # Hundreds of offers are legal; draw one directly instead of listing them.
                return _random_offer(state, seat, rnd, counter=cls is A.Counter)
            options = groups.options(groups.index(cls))
            if options:
                return options[rnd.randrange(len(options))]
            left.remove(i)
            if not left:
                raise ValueError("no legal action")  # i18n-exempt: internal error
            i = left[rnd.randrange(len(left))]


_SINGLE = tuple(tuple(R.one(r, n) for n in range(R.MAX_OFFER + 1)) for r in range(5))
"""`R.one(r, n)` for every resource and offer size, made once (offers are drawn often)."""


def _random_offer(s: State, seat: int, rnd: Draws, *, counter: bool) -> A.Action:
    """A uniformly drawn offer (or counter) shape: one held kind for one other kind, 1-3 each,
    and (3-4 players) addressed to everyone or to one other seat."""
    hand = s.players[seat].hand
    held = [r for r in range(5) if hand[r]]
    while True:
        g = held[rnd.randrange(len(held))]
        r = rnd.randrange(4)
        if r >= g:
            r += 1  # one of the four other kinds
        give = _SINGLE[g][1 + rnd.randrange(min(R.MAX_OFFER, hand[g]))]
        get = _SINGLE[r][1 + rnd.randrange(R.MAX_OFFER)]
        if counter:
            o = s.offer
            if o is not None and give == o.get and get == o.give:
                continue
            return A.Counter(give, get)
        n = len(s.players)
        if n <= 2:
            return A.MakeOffer(give, get, -1)
        to = rnd.randrange(n)  # the seat itself stands for "everyone"
        return A.MakeOffer(give, get, -1 if to == seat else to)


def vertex_value(s: State, v: int, seat: int) -> float:
    """How good intersection `v` is for `seat`: pips, plus new resources and harbours."""
    d = s.data
    have = set()
    for u, b in enumerate(s.buildings):
        if b != EMPTY and b % CITY == seat:
            for h in d.vertex_hexes[u]:
                have.add(d.hexes[h].terrain)
    score = 0.0
    for h in d.vertex_hexes[v]:
        t = d.hexes[h]
        if t.number is None:
            continue
        pips = PIPS.get(t.number, 0) * (0.3 if h == s.plague else 1.0)
        score += pips * (1.3 if t.terrain == "copper" else 1.0)
        if t.terrain not in have:
            score += 1.5
            have.add(t.terrain)
    if v in d.harbor_at:
        score += 1.0
    if v in d.jerusalem:
        score += 2.0
    return score


def resource_pips(s: State, seat: int, *, others: bool = False) -> list[float]:
    """Pips per resource of `seat`'s buildings, or with `others` of every other seat's (a city
    counts twice, the plague's hex and copper not at all): what a seat is likely to hold, read
    from the board alone."""
    d = s.data
    out = [0.0] * 5
    for v, b in enumerate(s.buildings):
        if b == EMPTY or (b % CITY == seat) == others:
            continue
        weight = 2 if b >= CITY else 1
        for h in d.vertex_hexes[v]:
            t = d.hexes[h]
            if t.resource is not None and t.number is not None and h != s.plague:
                out[t.resource] += weight * PIPS.get(t.number, 0)
    return out


def _need(hand: Hand, target: Hand) -> Hand:
    return tuple(max(0, t - h) for h, t in zip(hand, target, strict=True))  # type: ignore[return-value]


class HeuristicBot:
    """Builds toward the next VP and trades for what it lacks."""

    def choose(self, state: State, seat: Seat, seed: int) -> A.Action:
        """A sensible legal action."""
        s = state
        actions = R.legal_actions(s, seat)
        if len(actions) == 1:
            return actions[0]
        pick = self._pick(s, seat, actions)
        if pick is not None and pick in actions:
            return pick
        return actions[0] if not any(isinstance(a, A.End) for a in actions) else A.End()

    # ---------------------------------------------------------------- helpers

    def _target(self, s: State, seat: int) -> Hand:
        """What the next build costs: city, settlement, stone or card, in that order of VP."""
        p = s.players[seat]
        if B.pieces_left(s, seat, "city") and seat in s.buildings:
            return R.city_cost(s)
        if B.pieces_left(s, seat, "settlement") and B.settlement_spots(s, seat, setup=False):
            return COSTS["settlement"]
        if any(isinstance(a, A.Stone) for a in R._stone_options(s, seat)) or (
            B.own_jerusalem_building(s, seat) and p.stones < 20
        ):
            return COSTS["stone"]
        return _CARD_COST

    def _surplus(self, s: State, seat: int) -> list[int]:
        hand = s.players[seat].hand
        target = self._target(s, seat)
        return sorted(range(5), key=lambda r: -(hand[r] - target[r]))

    # ---------------------------------------------------------------- decisions

    def _pick(self, s: State, seat: int, actions: tuple[A.Action, ...]) -> A.Action | None:
        kinds = {type(a) for a in actions}
        hand = s.players[seat].hand
        if A.Start in kinds:
            return max(
                (a for a in actions if isinstance(a, A.Start)),
                key=lambda a: (len(s.data.vertex_hexes[a.vertex]), -a.copper),
            )
        if A.Discard in kinds:
            return self._give_away(s, seat, [a for a in actions if isinstance(a, A.Discard)])
        if A.Give in kinds:
            return self._give_away(s, seat, [a for a in actions if isinstance(a, A.Give)])
        if A.Take in kinds:
            need = _need(hand, self._target(s, seat))
            return max(
                (a for a in actions if isinstance(a, A.Take)),
                key=lambda a: (
                    sum(min(c, n) for c, n in zip(a.cards, need, strict=True)) * 10 - max(a.cards)
                ),
            )
        if A.Bless in kinds:
            return A.Bless(max(range(5), key=lambda r: (hand[r], -r)))
        if A.Look in kinds:
            return max(
                (a for a in actions if isinstance(a, A.Look)), key=lambda a: s.players[a.seat].cards
            )
        if A.Plague in kinds:
            return self._plague(s, seat, [a for a in actions if isinstance(a, A.Plague)])
        if kinds & {A.Accept, A.Decline, A.Counter}:
            return self._answer(s, seat, actions)
        if all(isinstance(a, A.Settlement) for a in actions):
            return max(actions, key=lambda a: (vertex_value(s, a.vertex, seat), -a.vertex))  # type: ignore[union-attr]
        if all(isinstance(a, A.Road) for a in actions):
            return self._road(s, seat, actions)  # type: ignore[arg-type]
        # Own turn.
        for a in actions:
            if isinstance(a, A.Play) and a.card in R.VP_CARD_IDS:
                return a
        play = self._card(s, seat, actions)
        if play is not None:
            return play
        if A.Roll in kinds:
            return A.Roll()
        if s.offer is not None:
            # Its own offer, answered (or the wait for answers is over): confirm the answer it
            # likes best, else withdraw the offer, then go on with the turn.
            trade = self._confirm(s, seat, [a for a in actions if isinstance(a, A.Trade)])
            if trade is not None:
                return trade
            if A.Withdraw in kinds:
                return A.Withdraw()
        return self._build_or_trade(s, seat, actions)

    def _confirm(self, s: State, seat: int, trades: list[A.Trade]) -> A.Trade | None:
        """The confirmable answer worth the most: an acceptance is its own terms; a counter
        must bring more of what the next build lacks than it takes of it."""
        o = s.offer
        if o is None or not trades:
            return None
        hand, target = s.players[seat].hand, self._target(s, seat)
        need = _need(hand, target)

        def gain(t: A.Trade) -> int:
            ans = o.answers[t.seat]
            give, get = (o.give, o.get) if ans.kind == "accept" else (ans.get, ans.give)
            gets = sum(min(c, n) for c, n in zip(get, need, strict=True))
            after = _need(R.sub(hand, give), target)
            loses = sum(max(0, b - a) for a, b in zip(need, after, strict=True))
            bonus = 1 if ans.kind == "accept" else 0
            return (gets - loses) * 2 + bonus

        best = max(trades, key=lambda t: (gain(t), -t.seat))
        return best if gain(best) > 0 else None

    def _give_away(self, s: State, seat: int, options: list) -> A.Action:
        hand = s.players[seat].hand
        target = self._target(s, seat)
        keep = [min(h, t) for h, t in zip(hand, target, strict=True)]

        def cost(a: A.Discard | A.Give) -> tuple[int, int]:
            # Prefer giving cards beyond the next build; then from the biggest piles.
            hurt = sum(max(0, c - (h - k)) for c, h, k in zip(a.cards, hand, keep, strict=True))
            spread = sum((h - c) ** 2 for c, h in zip(a.cards, hand, strict=True))
            return hurt, spread

        return min(options, key=cost)

    def _plague(self, s: State, seat: int, options: list[A.Plague]) -> A.Action:
        leader = max(
            (i for i in range(len(s.players)) if i != seat),
            key=lambda i: (R.vp(s, i), s.players[i].cards),
        )

        def score(a: A.Plague) -> float:
            touching = B.touching_seats(s, a.hex)
            t = s.data.hexes[a.hex]
            value = PIPS.get(t.number or 0, 0) * (len(touching - {seat}) - 3 * (seat in touching))
            if a.victim >= 0:
                value += 3 + (2 if a.victim == leader else 0)
            return value

        return max(options, key=lambda a: (score(a), -a.hex, -a.victim))

    def _answer(self, s: State, seat: int, actions: tuple[A.Action, ...]) -> A.Action:
        o = s.offer
        hand = s.players[seat].hand
        if o is None:
            return A.Decline()
        need = _need(hand, self._target(s, seat))
        gets_needed = sum(min(c, n) for c, n in zip(o.give, need, strict=True))
        after = R.sub(hand, o.get)
        loses_needed = sum(
            max(0, n2 - n1)
            for n1, n2 in zip(need, _need(after, self._target(s, seat)), strict=True)
        )
        if A.Accept() in actions and gets_needed > loses_needed and R.vp(s, s.current) < 10:
            return A.Accept()
        # Counter: one card of what the offerer asked for (so the offer's maker may want it),
        # from beyond this bot's own next build, for one card this bot needs - never asking for
        # the very resource the offerer is short of.
        asked = max(range(5), key=lambda r: o.get[r])
        wanted = [r for r in range(5) if need[r] and r != asked and o.give[r] == 0]
        spare = hand[asked] > self._target(s, seat)[asked]
        if wanted and spare and R.vp(s, s.current) < 10:
            counter = A.Counter(R.one(asked), R.one(wanted[0]))
            if counter in actions:
                return counter
        return A.Decline()

    def _road(self, s: State, seat: int, actions: tuple[A.Road, ...]) -> A.Action:
        d = s.data

        def score(a: A.Road) -> float:
            best = 0.0
            for v in d.edges[a.edge]:
                if B.distance_ok(s, v) and (
                    s.phase.value == "setup" or v not in d.jerusalem or True
                ):
                    best = max(best, vertex_value(s, v, seat))
                for w in d.vertex_neighbours[v]:
                    if B.distance_ok(s, w):
                        best = max(best, 0.7 * vertex_value(s, w, seat))
            return best

        return max(actions, key=lambda a: (score(a), -a.edge))

    def _card(self, s: State, seat: int, actions: tuple[A.Action, ...]) -> A.Action | None:
        plays = [a for a in actions if isinstance(a, A.Play)]
        if not plays:
            return None
        # Priests: clear the plague off an own hex, or take the lead in priests.
        mine = s.plague >= 0 and seat in B.touching_seats(s, s.plague)
        plague_plays = [a for a in plays if a.hex >= 0]
        if plague_plays and (mine or s.players[seat].priests >= 2 or not s.rolled):
            moves = [A.Plague(a.hex, a.victim) for a in plague_plays]
            best = self._plague(s, seat, moves)
            assert isinstance(best, A.Plague)
            for a in plague_plays:
                if (a.hex, a.victim) == (best.hex, best.victim):
                    return a
        if not s.rolled:
            return None
        need = _need(s.players[seat].hand, self._target(s, seat))
        for a in plays:
            if a.hex >= 0:
                continue
            event = s.data.event(a.card)
            if event is None:
                continue
            if event.kind == "take_from_bank":
                best = max(
                    (x for x in plays if x.card == a.card),
                    key=lambda x: sum(min(c, n) for c, n in zip(x.cards, need, strict=True)),
                )
                return best
            if event.kind == "monopoly":
                # Hands are hidden: name what the next build lacks most, else what the other
                # players' buildings produce most (public: their pieces and the numbers).
                supply = resource_pips(s, seat, others=True)
                r = max(range(5), key=lambda r: (need[r], supply[r], -r))
                return A.Play(a.card, cards=R.one(r))
            if event.kind == "discounted_city" and any(b == seat for b in s.buildings):
                return a
            if event.kind in (
                "free_roads",
                "free_settlement",
                "everyone_takes",
                "each_opponent_gives",
                "harvest",
                "look_and_take",
            ):
                return a
        return None

    def _build_or_trade(self, s: State, seat: int, actions: tuple[A.Action, ...]) -> A.Action:
        hand = s.players[seat].hand
        by_kind: dict[type, list[A.Action]] = {}
        for a in actions:
            by_kind.setdefault(type(a), []).append(a)
        if A.City in by_kind:
            return max(by_kind[A.City], key=lambda a: vertex_value(s, a.vertex, seat))  # type: ignore[attr-defined]
        if A.Settlement in by_kind:
            return max(by_kind[A.Settlement], key=lambda a: vertex_value(s, a.vertex, seat))  # type: ignore[attr-defined]
        target = self._target(s, seat)
        need = _need(hand, target)
        if A.Stone in by_kind and (
            target == COSTS["stone"]
            or s.players[seat].stones < max(p.stones for p in s.players) + 1
        ):
            return by_kind[A.Stone][0]
        if not s.built and any(need):
            # Bank trade: give a surplus resource at its rate for a needed one.
            for a in by_kind.get(A.BankTrade, []):
                assert isinstance(a, A.BankTrade)
                rate = B.trade_rate(s, seat, a.give)
                if need[a.get] and hand[a.give] - rate >= target[a.give]:
                    return a
            if s.offer is None and s.offers_made < 1 and sum(need) <= 2:
                spare = [r for r in self._surplus(s, seat) if hand[r] > target[r]]
                wanted = [r for r in range(5) if need[r]]
                if spare and wanted:
                    offer = A.MakeOffer(R.one(spare[0]), R.one(wanted[0]))
                    if offer in actions:
                        return offer
        if A.Buy in by_kind and (target in (_CARD_COST,) or sum(hand) > 7):
            return A.Buy()
        if (
            A.Road in by_kind
            and (not B.settlement_spots(s, seat, setup=False) or sum(hand) > 7)
            and B.pieces_left(s, seat, "road") > 3
        ):
            return self._road(s, seat, tuple(by_kind[A.Road]))  # type: ignore[arg-type]
        if A.Stone in by_kind and sum(hand) > 6:
            return by_kind[A.Stone][0]
        if A.Buy in by_kind and sum(hand) > 7:
            return A.Buy()
        return A.End()


__all__ = ["HeuristicBot", "RandomBot", "RESOURCES"]
