"""Listing the legal actions: by kind (`Groups`, each kind listed only when asked for), all of them
in notation order, or a bounded set when a discard, take or give has too many ways to list."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from bot.games.canaan import actions as A
from bot.games.canaan.building import _cities, _roads, _settlements, _stone_options, city_cost
from bot.games.canaan.cards import _card_plays, _looks, _take_looks
from bot.games.canaan.data import COSTS, PIECES, Hand
from bot.games.canaan.hands import count_sub_hands, covers, sub_hands
from bot.games.canaan.opening import _setup_roads, _setup_settlements, _start_options
from bot.games.canaan.production import _plague_moves
from bot.games.canaan.state import CITY, OVER, SETUP, START, Pending, State
from bot.games.canaan.trading import (
    MAX_OFFERS_PER_TURN,
    _accept,
    _bank_trades,
    _counters,
    _decline,
    _offers,
    _replies,
    _trades,
    asked,
)
from bot.games.canaan.turn import _TO_ACT, answerers, current_mode, to_act
from bot.games.canaan.victory import _blessings


def legal_actions(s: State, seat: int) -> tuple[A.Action, ...]:
    """Every legal action of `seat`, sorted by notation."""
    acts = list(_legal(s, seat))
    d = s.data
    keyed = sorted((A.format_action(a, d), a) for a in acts)
    return tuple(a for _, a in keyed)


Options = Callable[[State, int], Iterable[A.Action]]
"""Lists one kind's legal actions of a seat: a module-level function of (state, seat), so that
naming the legal kinds of a position allocates no closures (it runs once per move)."""


class Groups:
    """The legal actions of one seat in one position, by action class, each kind listed only
    when asked for (and then remembered): `check` and the random bot look at one kind instead of
    every action. `kinds[i]` is an action class; `options(i)` its legal actions."""

    __slots__ = ("s", "seat", "kinds", "_lists", "_done")

    def __init__(self, s: State, seat: int, kinds: list[type], lists: list[Options]) -> None:
        self.s = s
        self.seat = seat
        self.kinds = kinds
        self._lists = lists
        self._done: dict[int, tuple[A.Action, ...]] = {}

    def index(self, kind: type) -> int:
        """Where `kind` is in `kinds` (-1 when it is not legal now)."""
        kinds = self.kinds
        return kinds.index(kind) if kind in kinds else -1

    def listed(self, kind: type) -> tuple[A.Action, ...] | None:
        """The legal actions of `kind` if they were listed already, else None."""
        return self._done.get(self.index(kind))

    def options(self, i: int) -> tuple[A.Action, ...]:
        """The legal actions of kind `kinds[i]`."""
        done = self._done.get(i)
        if done is None:
            done = self._done[i] = tuple(self._lists[i](self.s, self.seat))
        return done


_LAST: list[tuple[object, int, Groups | None]] = [(None, -1, None)]
"""The last full `legal_groups` answer: (state, seat, groups). A bot lists a state's moves and
`step` then checks one of them on the same state object; states are immutable, and the entry
holds the state itself, so an identity match can never be a different position."""


def legal_groups(s: State, seat: int, only: type | None = None) -> Groups:
    """The legal actions of `seat` by kind (see `Groups`). With `only`, kinds other than that
    one may be left out."""
    last = _LAST[0]  # one read of one tuple: safe if bots run in several threads
    if last[0] is s and last[1] == seat and last[2] is not None:
        return last[2]
    kinds: list[type] = []
    lists: list[Options] = []
    _legal_groups(s, seat, only, kinds, lists)
    groups = Groups(s, seat, kinds, lists)
    if only is None and type(s) is State:
        _LAST[0] = (s, seat, groups)
    return groups


def _legal_groups(
    s: State, seat: int, only: type | None, kinds: list[type], lists: list[Options]
) -> None:
    last = _TO_ACT[0]  # `to_act`'s remembered answer, read here without the call
    if s.phase is OVER:
        return
    if seat not in (last[1] if last[0] is s else to_act(s)):
        if s.offer is not None and seat in answerers(s):
            _answer_groups(s, seat, kinds, lists)  # changing an answer given already
        return
    if s.phase is SETUP:
        if s.setup_vertex < 0:
            kinds.append(A.Settlement)
            lists.append(_setup_settlements)
        else:
            kinds.append(A.Road)
            lists.append(_setup_roads)
        return
    if s.phase is START:
        kinds.append(A.Start)
        lists.append(_start_options)
        return
    if s.pending:
        pend = next(x for x in s.pending if x.seat == seat)
        kinds.append(_PENDING_KIND[pend.kind])
        lists.append(_pending_options)
        return
    if seat != s.current:
        _answer_groups(s, seat, kinds, lists)
        return
    if s.blessing_due or s.plague_due or s.free_roads or s.free_settlements or s.look_stage:
        kind, options = _MODE_GROUP[current_mode(s)]
        kinds.append(kind)
        lists.append(options)
        return
    p = s.players[seat]
    if p.dev:
        kinds.append(A.Play)
        lists.append(_card_plays)
    if not s.rolled:
        kinds.append(A.Roll)
        lists.append(_roll)
        return
    kinds.append(A.End)
    lists.append(_end)
    if only is A.End or only is A.Play:
        return  # `is_legal` needs only that group: skip the costlier checks below
    if s.offer is not None:
        kinds += (A.Withdraw, A.Trade)
        lists += (_withdraw, _trades)
        if any(a.kind == "counter" for a in s.offer.answers):
            kinds.append(A.Reply)
            lists.append(_replies)
    hand = p.hand
    afford = _AFFORD.get(hand)
    if afford is None:
        afford = _affordable(hand)
    # A stock is counted only when the hand could pay for that piece (it rarely can).
    if afford & _ROAD_BIT and s.roads.count(seat) < PIECES["road"]:
        kinds.append(A.Road)
        lists.append(_roads)
    if afford & _SETTLEMENT_BIT and s.buildings.count(seat) < PIECES["settlement"]:
        kinds.append(A.Settlement)
        lists.append(_settlements)
    city = afford & _CITY_BIT if not s.discount else covers(hand, city_cost(s))
    if city and s.buildings.count(CITY + seat) < PIECES["city"]:
        kinds.append(A.City)
        lists.append(_cities)
    if afford & _CARD_BIT and s.deck:
        kinds.append(A.Buy)
        lists.append(_buy)
    if afford & _STONE_BIT:
        kinds.append(A.Stone)
        lists.append(_stone_options)
    if not s.built:
        kinds.append(A.BankTrade)
        lists.append(_bank_trades)
        if s.offers_made < MAX_OFFERS_PER_TURN and p.cards:
            kinds.append(A.MakeOffer)
            lists.append(_offers)


_ROAD_BIT, _SETTLEMENT_BIT, _CITY_BIT, _CARD_BIT, _STONE_BIT = 1, 2, 4, 8, 16
_PRICES = (
    (_ROAD_BIT, COSTS["road"]),
    (_SETTLEMENT_BIT, COSTS["settlement"]),
    (_CITY_BIT, COSTS["city"]),
    (_CARD_BIT, COSTS["development card"]),  # i18n-exempt: a data key
    (_STONE_BIT, COSTS["stone"]),
)
_AFFORD: dict[Hand, int] = {}
"""Which of the five prices a hand covers, as bits, by hand: hands recur all game long, and
every move of the current player asks this of theirs."""


def _affordable(hand: Hand) -> int:
    bits = 0
    for bit, price in _PRICES:
        if covers(hand, price):
            bits |= bit
    if len(_AFFORD) >= 65536:
        _AFFORD.clear()  # bounded: at most a few MB, rebuilt from the hands seen next
    _AFFORD[hand] = bits
    return bits


_ROLL, _END, _WITHDRAW, _BUY = (A.Roll(),), (A.End(),), (A.Withdraw(),), (A.Buy(),)


def _roll(s: State, seat: int) -> Iterable[A.Action]:
    return _ROLL


def _end(s: State, seat: int) -> Iterable[A.Action]:
    return _END


def _withdraw(s: State, seat: int) -> Iterable[A.Action]:
    return _WITHDRAW


def _buy(s: State, seat: int) -> Iterable[A.Action]:
    return _BUY


_PENDING_KIND = {"discard": A.Discard, "take": A.Take, "give": A.Give}


def _legal(s: State, seat: int) -> Iterator[A.Action]:
    groups = legal_groups(s, seat)
    for i in range(len(groups.kinds)):
        yield from groups.options(i)


def _answer_groups(s: State, seat: int, kinds: list[type], lists: list[Options]) -> None:
    o = s.offer
    if o is None or seat not in answerers(s):
        return
    hand = s.players[seat].hand
    ans = o.answers[seat]
    if ans.kind != "decline":
        kinds.append(A.Decline)
        lists.append(_decline)
    if ans.kind != "accept" and covers(hand, asked(o, ans)[0]):
        kinds.append(A.Accept)
        lists.append(_accept)
    if any(hand):
        kinds.append(A.Counter)
        lists.append(_counters)


def _pending_options(s: State, seat: int) -> list[A.Action]:
    pend = next(x for x in s.pending if x.seat == seat)
    return _card_actions(pend.kind, sub_hands(_pending_source(s, pend), pend.count))


def _pending_source(s: State, pend: Pending) -> Hand:
    """The cards a pending choice is made from: the bank for a take, else the seat's hand."""
    return s.bank if pend.kind == "take" else s.players[pend.seat].hand


def _card_actions(kind: str, hands: Iterable[Hand]) -> list[A.Action]:
    made = _CARD_ACTIONS[kind]
    cls = _PENDING_KIND[kind]
    out: list[A.Action] = []
    for h in hands:
        action = made.get(h)
        if action is None:
            if len(made) >= 20_000:
                made.clear()  # bounded; rebuilt from the hands seen next
            action = made[h] = cls(h)
        out.append(action)
    return out


def _pending_of(s: State, seat: int) -> Pending | None:
    return next((x for x in s.pending if x.seat == seat), None)


def _card_choice(s: State, seat: int) -> tuple[Pending, int] | None:
    """The discard, take or give `seat` owes now, with how many ways it has; None if none."""
    pend = _pending_of(s, seat) if s.phase not in (SETUP, START) else None
    if pend is None or seat not in to_act(s):
        return None
    return pend, count_sub_hands(_pending_source(s, pend), pend.count)


def more_legal_actions_than(s: State, seat: int, limit: int) -> bool:
    """True when `seat` has more than `limit` legal actions; a discard, take or give is
    counted, not listed."""
    owed = _card_choice(s, seat)
    if owed is not None:
        return owed[1] > limit
    return len(legal_actions(s, seat)) > limit


def some_legal_actions(s: State, seat: int, limit: int) -> tuple[A.Action, ...]:
    """`legal_actions`, except that a discard, take or give with more than `limit` ways lists
    `limit` of them (the share of each resource nearest an even split first, then in notation
    order): menus and autocomplete offer a bounded set, and any other such move typed is still
    checked (`is_legal` tests it directly)."""
    owed = _card_choice(s, seat)
    if owed is None or owed[1] <= limit:
        return legal_actions(s, seat)
    pend = owed[0]
    cards = _pending_source(s, pend)
    hands = dict.fromkeys([_even_share(cards, pend.count)])
    for h in sub_hands(cards, pend.count):
        if len(hands) >= limit:
            break
        hands[h] = None
    acts = _card_actions(pend.kind, hands)
    keyed = sorted((A.format_action(a, s.data), a) for a in acts)
    return tuple(a for _, a in keyed)


def _even_share(cards: Hand, size: int) -> Hand:
    """`size` cards taken from `cards` in proportion to each resource (largest first)."""
    total = sum(cards)
    share = [c * size // total for c in cards]
    for r in sorted(range(5), key=lambda r: -cards[r]):
        if sum(share) < size and share[r] < cards[r]:
            share[r] += 1
    while sum(share) < size:  # rounding left more than one short: fill where cards remain
        r = next(r for r in range(5) if share[r] < cards[r])
        share[r] += 1
    return (share[0], share[1], share[2], share[3], share[4])


_CARD_ACTIONS: dict[str, dict[Hand, A.Action]] = {"discard": {}, "take": {}, "give": {}}
"""Discard / Take / Give actions by hand, made once: a 7 lists every way to discard half a
hand (often hundreds), and an action is an immutable value, so one object serves every game."""


_MODE_GROUP: dict[str, tuple[type, Options]] = {
    "blessing": (A.Bless, _blessings),
    "plague": (A.Plague, _plague_moves),
    "free-road": (A.Road, _roads),
    "free-settlement": (A.Settlement, _settlements),
    "look": (A.Look, _looks),
    "take-look": (A.Take, _take_looks),
}
