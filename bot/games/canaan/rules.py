"""Settlers of Canaan rules: new game, who acts, legal actions, and applying them.

`legal_actions` is the single source of truth: `check` accepts exactly what it lists and explains
anything else in one sentence (`explain`). Applying goes through one `_apply_<kind>` per action
kind; each returns the new state and its events.

Rule readings (also in the /game rules text):
- Bank shortage: when the bank cannot pay every player a resource, nobody receives it, unless only
  one player is owed it, who takes what is left (the Catan rule). Copper and event choices take
  from what the bank holds at the moment of choosing.
- Roll, trade, build in that order: after building or buying, no more trades this turn.
- Only played victory point cards count; a seat reaching 12 VP outside its turn wins at the start
  of its next turn (or during it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from math import comb
from typing import Any

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import (
    BANK_PER_RESOURCE,
    COSTS,
    HAND_LIMIT,
    LONGEST_ROAD_MIN,
    MOST_PRIESTS_MIN,
    PIECES,
    PRIEST_WORD,
    PRIESTS,
    RESOURCE_WORDS,
    SPECIAL_VP,
    TERRAIN_RESOURCE,
    VP_CARDS,
    VP_TO_WIN,
    CanaanData,
    Hand,
    card_word,
    hand_words,
    terrain_word,
)
from bot.games.canaan.state import (
    BLACK,
    CITY,
    COLOURS,
    EMPTY,
    OVER,
    SETUP,
    START,
    TURN,
    Answer,
    Offer,
    Pending,
    Player,
    State,
    draft,
    evolve,
    freeze,
    with_hand,
    with_player,
)
from bot.games.protocol import JSON, Event, Seat, Transition, make_event
from bot.games.rejections import Rejection, illegal
from bot.games.rng import Rng
from bot.games.text import Text, and_list, joined, tx, tx_c, tx_n

VP_CARD_IDS = frozenset(k for k, _ in VP_CARDS)
LONGEST_ROAD = tx_c("special", "Longest Road")
MOST_PRIESTS = tx_c("special", "Most Priests")
KINGS_BLESSING = tx_c("special", "King's Blessing")
"""The special cards' names as players read them."""
MAX_OFFER = 3  # cards of one kind drawn by the random bot's offers (a subset of MAX_SIDE's)
MAX_SIDE = 3
"""Cards (of any kinds) on each side of an offer, counter or reply: with any mix of kinds a turn
lists up to 1,170 pairs of sides (times the players it may be addressed to), and every offer
of one kind (1-3 a side) stays legal as before."""
MAX_OFFERS_PER_TURN = 3


_COLOUR_WORDS = (
    tx_c("colour", "red"),
    tx_c("colour", "blue"),
    tx_c("colour", "green"),
    tx_c("colour", "yellow"),
)
_CAPITALISED = (
    tx_c("colour", "Red"),
    tx_c("colour", "Blue"),
    tx_c("colour", "Green"),
    tx_c("colour", "Yellow"),
)


def colour(seat: int) -> Text:
    """The seat's colour name as players read it (the notation keeps `COLOURS`)."""
    return _COLOUR_WORDS[seat]


def colour_title(seat: int) -> Text:
    """The seat's colour name, capitalised to begin a sentence."""
    return _CAPITALISED[seat]


def resource(res: int) -> Text:
    """A resource's name as players read it."""
    return RESOURCE_WORDS[res]


def reason_words(d: CanaanData, reason: str) -> Text | str:
    """Why a discard, take or give is owed, as players read it (the state keeps the key:
    "a 7", "copper" or an event card's name)."""
    if reason == "a 7":
        return tx("a 7")
    if reason == "copper":
        return tx_c("reason", "copper")
    return card_word(reason)


# ------------------------------------------------------------------------------------ hands


def add(a: Hand, b: Hand) -> Hand:
    """a + b."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def sub(a: Hand, b: Hand) -> Hand:
    """a - b (callers make sure it stays >= 0)."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def covers(a: Hand, b: Hand) -> bool:
    """a holds at least b."""
    return a[0] >= b[0] and a[1] >= b[1] and a[2] >= b[2] and a[3] >= b[3] and a[4] >= b[4]


def one(res: int, n: int = 1) -> Hand:
    """n cards of one resource."""
    v = [0, 0, 0, 0, 0]
    v[res] = n
    return (v[0], v[1], v[2], v[3], v[4])


def sub_hands(limit: Hand, size: int) -> Iterator[Hand]:
    """Every hand of exactly `size` cards within `limit` (bounded: at most a few thousand)."""
    l0, l1, l2, l3, l4 = limit
    for a in range(min(l0, size) + 1):
        for b in range(min(l1, size - a) + 1):
            for c in range(min(l2, size - a - b) + 1):
                for d in range(min(l3, size - a - b - c) + 1):
                    e = size - a - b - c - d
                    if e <= l4:
                        yield (a, b, c, d, e)


# ------------------------------------------------------------------------------------ setup


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


# ------------------------------------------------------------------------------------ scores


def vp(s: State, seat: int) -> int:
    """Public victory points: settlements 1, cities 2, special cards 2, played VP cards 1."""
    b = s.buildings
    specials = (s.longest == seat) + (s.most_priests == seat) + (s.blessing == seat)
    return (
        b.count(seat)
        + 2 * b.count(CITY + seat)
        + SPECIAL_VP * specials
        + len(s.players[seat].vp_cards)
    )


def breakdown(s: State, seat: int) -> dict[str, int]:
    """VP by scoring category (sums to `vp`)."""
    st, ci, _ = B.count_pieces(s, seat)
    return {
        tx_c("score", "Settlements"): st,
        tx_c("score", "Cities"): 2 * ci,
        LONGEST_ROAD: SPECIAL_VP if s.longest == seat else 0,
        MOST_PRIESTS: SPECIAL_VP if s.most_priests == seat else 0,
        KINGS_BLESSING: SPECIAL_VP if s.blessing == seat else 0,
        tx_c("score", "Victory point cards"): len(s.players[seat].vp_cards),
    }


# ------------------------------------------------------------------------------------ who acts


_TO_ACT: list[tuple[object, frozenset[Seat]]] = [(None, frozenset())]
"""The last `to_act` answer by state identity (runners, `step` and `legal_groups` each ask for
the same state; states are immutable and the entry holds the state, so a match is exact)."""


def to_act(s: State) -> frozenset[Seat]:
    """Seats awaited now."""
    last = _TO_ACT[0]
    if last[0] is s:
        return last[1]
    seats = _to_act(s)
    if type(s) is State:
        _TO_ACT[0] = (s, seats)
    return seats


def _to_act(s: State) -> frozenset[Seat]:
    phase = s.phase
    if phase is TURN:
        if s.pending:
            mask = 0
            for p in s.pending:
                mask |= 1 << p.seat
            return _SEATS[mask]
        # As at a real table, an open offer never holds the turn: the players it may still
        # hear from act out of turn, while the current player goes on (bank trades, builds,
        # the end).
        o = s.offer
        if o is None:
            return _ALONE[s.current]
        current, to = s.current, o.to
        mask = 1 << current
        for i, a in enumerate(o.answers):
            if i != current and (not a.kind or a.kind == "reply") and (to is None or to == i):
                mask |= 1 << i
        return _SEATS[mask]
    if phase is OVER:
        return frozenset()
    if phase is SETUP:
        return _ALONE[s.setup_order[s.setup_index]]
    return frozenset(Seat(i) for i, p in enumerate(s.players) if p.start < 0)


_TURN = TURN
_SEATS = tuple(
    frozenset(Seat(i) for i in range(len(COLOURS)) if mask >> i & 1)
    for mask in range(1 << len(COLOURS))
)
"""Every set of seats by bit mask, built once: who acts is asked of every position."""
_ALONE = tuple(_SEATS[1 << i] for i in range(len(COLOURS)))
"""{seat} for each seat: most positions await the current player alone."""


def awaiting_answers(s: State) -> list[int]:
    """Seats whose answer the open offer awaits: no answer yet, or the offerer's reply to their
    counter to answer."""
    o = s.offer
    if o is None:
        return []
    return [
        i
        for i, a in enumerate(o.answers)
        if i != s.current and a.kind in ("", "reply") and (o.to is None or o.to == i)
    ]


def answerers(s: State) -> list[int]:
    """Seats that may answer the open offer, or change their answer, until the offerer confirms
    a trade (a mistaken decline is not final)."""
    o = s.offer
    if o is None or s.pending or s.phase is not TURN:
        return []
    return [i for i in range(len(o.answers)) if i != s.current and (o.to is None or o.to == i)]


def may_act(s: State) -> frozenset[Seat]:
    """Seats that may move now: those awaited (`to_act`), and while an offer is open every
    player it is addressed to (to change an answer). Only `to_act` is waited for."""
    seats = to_act(s)
    if s.offer is None or s.pending or s.phase is not TURN:
        return seats
    mask = 0
    for i in seats:
        mask |= 1 << i
    for i in answerers(s):
        mask |= 1 << i
    return _SEATS[mask]


def terms(o: Offer, a: Answer) -> tuple[Hand, Hand]:
    """What the answering seat gives and gets under its answer `a` (a counter's terms, an
    accepted reply's, else the offer's own)."""
    if any(a.give) and a.kind != "decline":
        return a.give, a.get
    return o.get, o.give


def asked(o: Offer, a: Answer) -> tuple[Hand, Hand]:
    """The terms an `accept` from the seat with answer `a` takes (what it gives and gets): the
    offerer's reply to its counter, else the offer's own."""
    if a.kind == "reply":
        return a.give, a.get
    return o.get, o.give


def _counter_ok(o: Offer, ans: Answer, give: Hand, get: Hand) -> bool:
    """A counter must differ from accepting (`asked`) and from the counter already given."""
    if (give, get) == asked(o, ans):
        return False
    return ans.kind != "counter" or (give, get) != (ans.give, ans.get)


def current_mode(s: State) -> str:
    """What the current player owes: blessing, plague, free-road, free-settlement, look,
    take-look, pre-roll or main."""
    if s.blessing_due:
        return "blessing"
    if s.plague_due:
        return "plague"
    if s.free_roads:
        return "free-road"
    if s.free_settlements:
        return "free-settlement"
    if s.look_stage == 1:
        return "look"
    if s.look_stage == 2:
        return "take-look"
    return "main" if s.rolled else "pre-roll"


# ------------------------------------------------------------------------------------ legal


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


def _setup_settlements(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Settlement, B.settlement_spots(s, seat, setup=True))


def _setup_roads(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Road, B.road_spots(s, seat, s.setup_vertex))


def _roads(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Road, B.road_spots(s, seat))


def _settlements(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Settlement, B.settlement_spots(s, seat, setup=False))


def _cities(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.City, B.positions(s.buildings, seat))


def _blessings(s: State, seat: int) -> Iterable[A.Action]:
    return (A.Bless(r) for r in range(5) if s.bank[r] > 0)


def _looks(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Look, _look_targets(s, seat))


def _take_looks(s: State, seat: int) -> Iterable[A.Action]:
    victim = s.players[s.look_victim]
    return map(A.Take, sub_hands(victim.hand, min(s.look_count, victim.cards)))


_ROLL, _END, _WITHDRAW, _BUY = (A.Roll(),), (A.End(),), (A.Withdraw(),), (A.Buy(),)


def _roll(s: State, seat: int) -> Iterable[A.Action]:
    return _ROLL


def _end(s: State, seat: int) -> Iterable[A.Action]:
    return _END


def _withdraw(s: State, seat: int) -> Iterable[A.Action]:
    return _WITHDRAW


def _buy(s: State, seat: int) -> Iterable[A.Action]:
    return _BUY


def _trades(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Trade, _confirmable(s))


_PENDING_KIND = {"discard": A.Discard, "take": A.Take, "give": A.Give}


def _legal(s: State, seat: int) -> Iterator[A.Action]:
    groups = legal_groups(s, seat)
    for i in range(len(groups.kinds)):
        yield from groups.options(i)


def _plague_moves(s: State, seat: int) -> list[A.Action]:
    victims = _victims_by_hex(s, seat)
    plague = s.plague
    out: list[A.Action] = []
    for h in s.data.producing:
        if h == plague:
            continue
        row = _plague_row(h)
        out.append(row[0])
        seats = victims.get(h)
        if seats:
            out += [row[1 + v] for v in seats]
    return out


_PLAGUES: list[tuple[A.Plague, ...]] = []
"""Plague actions by hex: (no victim, victim 0, 1, 2, 3), made once: a 7 lists every hex with
every victim (dozens of values), and an action is an immutable value, so the same objects
serve every game."""


def _plague_row(h: int) -> tuple[A.Plague, ...]:
    while len(_PLAGUES) <= h:
        k = len(_PLAGUES)
        _PLAGUES.append(tuple(A.Plague(k, v) for v in range(-1, len(COLOURS))))
    return _PLAGUES[h]


def _victims_by_hex(s: State, seat: int) -> dict[int, list[int]]:
    """`_victims` of every hex at once: one pass over the buildings instead of one per hex."""
    vertex_hexes = s.data.vertex_hexes
    b = s.buildings
    by_hex: dict[int, list[int]] = {}
    for owner, p in enumerate(s.players):  # in seat order, so each hex's list comes sorted
        if owner == seat or not any(p.hand):
            continue
        for v in B.positions(b, owner) + B.positions(b, CITY + owner):
            for h in vertex_hexes[v]:
                seats = by_hex.setdefault(h, [])
                if not seats or seats[-1] != owner:
                    seats.append(owner)
    return by_hex


def _bank_trades(s: State, seat: int) -> Iterator[A.Action]:
    hand = s.players[seat].hand
    if max(hand) < 2:
        return
    rates = B.trade_rates(s, seat)
    for g in range(5):
        if hand[g] >= 2 and hand[g] >= rates[g]:
            for r in range(5):
                if r != g and s.bank[r] > 0:
                    yield A.BankTrade(g, r)


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


_DECLINE, _ACCEPT = (A.Decline(),), (A.Accept(),)


def _decline(s: State, seat: int) -> Iterable[A.Action]:
    return _DECLINE


def _accept(s: State, seat: int) -> Iterable[A.Action]:
    return _ACCEPT


def city_cost(s: State) -> Hand:
    """What a city costs the current player now (Improvements may lower it)."""
    if s.discount:
        for e in s.data.events:
            if e.kind == "discounted_city":
                return e.city_cost
    return COSTS["city"]


def _start_options(s: State, seat: int) -> Iterator[A.Action]:
    d = s.data
    for v, b in enumerate(s.buildings):
        if b != seat:
            continue
        if any(d.hexes[h].terrain == "copper" for h in d.vertex_hexes[v]):
            yield from (A.Start(v, r) for r in range(5) if s.bank[r] > 0)
        else:
            yield A.Start(v)


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


def count_sub_hands(limit: Hand, size: int) -> int:
    """How many hands of exactly `size` cards lie within `limit` (what `sub_hands` would list),
    counted by inclusion-exclusion instead of listed: a player holding 110 cards who must
    discard 55 has tens of thousands of ways."""
    total = 0
    for mask in range(32):
        left, sign = size, 1
        for r in range(5):
            if mask >> r & 1:
                left -= limit[r] + 1
                sign = -sign
        if left >= 0:
            total += sign * comb(left + 4, 4)
    return total


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


def _sides() -> tuple[Hand, ...]:
    """Every side of an offer: 1 to MAX_SIDE cards of any kinds."""
    return tuple(h for n in range(1, MAX_SIDE + 1) for h in sub_hands((n,) * 5, n))


_SIDES = _sides()
_OTHER_SIDES = {
    g: tuple(r for r in _SIDES if all(not (a and b) for a, b in zip(g, r, strict=True)))
    for g in _SIDES
}
"""For each side given, the sides that may be asked for it (no kind on both sides)."""
_MADE: dict[tuple[type, int], dict[Hand, tuple[A.Action, ...]]] = {}
"""Offer, counter and reply actions by (class, addressee) and side given, made once: a turn may
list thousands, and an action is an immutable value, so one object serves every game."""


def _made(cls: type, to: int, give: Hand) -> tuple[A.Action, ...]:
    by_give = _MADE.setdefault((cls, to), {})
    made = by_give.get(give)
    if made is None:
        gets = _OTHER_SIDES[give]
        if cls is A.Counter:
            made = tuple(A.Counter(give, r) for r in gets)
        elif cls is A.Reply:
            made = tuple(A.Reply(give, r, to) for r in gets)
        else:
            made = tuple(A.MakeOffer(give, r, to) for r in gets)
        by_give[give] = made
    return made


def _gives(hand: Hand) -> Iterator[Hand]:
    return (g for g in _SIDES if covers(hand, g))


def _counters(s: State, seat: int) -> Iterator[A.Action]:
    o = s.offer
    assert o is not None
    ans = o.answers[seat]
    for give in _gives(s.players[seat].hand):
        for a in _made(A.Counter, -1, give):
            if _counter_ok(o, ans, give, a.get):  # type: ignore[attr-defined]
                yield a


def _offers(s: State, seat: int) -> Iterator[A.Action]:
    others = [i for i in range(len(s.players)) if i != seat] if len(s.players) > 2 else []
    for give in _gives(s.players[seat].hand):
        yield from _made(A.MakeOffer, -1, give)
        for i in others:
            yield from _made(A.MakeOffer, i, give)


def _replies(s: State, seat: int) -> Iterator[A.Action]:
    o = s.offer
    assert o is not None
    hand = s.players[seat].hand
    for i, ans in enumerate(o.answers):
        if ans.kind != "counter":
            continue
        for give in _gives(hand):
            for a in _made(A.Reply, i, give):
                if (give, a.get) != (ans.get, ans.give):  # type: ignore[attr-defined]
                    yield a


def _confirmable(s: State) -> list[int]:
    """Seats whose answer the current player can confirm now (both hands still allow it)."""
    o = s.offer
    if o is None:
        return []
    me = s.players[s.current].hand
    out = []
    for i, a in enumerate(o.answers):
        if a.kind == "accept" or a.kind == "counter":
            give, get = terms(o, a)
            if covers(s.players[i].hand, give) and covers(me, get):
                out.append(i)
    return out


def _plague_hexes(s: State) -> list[int]:
    return [h for h in s.data.producing if h != s.plague]


def _victims(s: State, h: int, seat: int) -> list[int]:
    """Seats touching hex `h` (not `seat`) holding at least one card."""
    return _victims_by_hex(s, seat).get(h, [])


def _look_targets(s: State, seat: int) -> list[int]:
    return [i for i, p in enumerate(s.players) if i != seat and p.cards > 0]


def playable_cards(s: State, seat: int) -> list[str]:
    """Card ids `seat` may play now (one non-VP card per turn, not one bought this turn; VP
    cards any time in the turn)."""
    p = s.players[seat]
    out = []
    for card in sorted(set(p.dev)):
        if card in VP_CARD_IDS:
            out.append(card)
        elif not s.dev_played and p.dev.count(card) > p.new.count(card):
            out.append(card)
    return out


def _card_plays(s: State, seat: int) -> Iterator[A.Action]:
    for card in playable_cards(s, seat):
        if card in VP_CARD_IDS:
            yield A.Play(card)
            continue
        event = s.data.event(card)
        if card == "priest" or (event is not None and event.kind == "move_plague"):
            by_hex = _victims_by_hex(s, seat)
            for h in _plague_hexes(s):
                victims = by_hex.get(h, [])
                if victims:
                    yield from (A.Play(card, h, v) for v in victims)
                else:
                    yield A.Play(card, h)
            continue
        assert event is not None
        if event.kind == "monopoly":
            yield from (A.Play(card, cards=one(r)) for r in range(5))
        elif event.kind == "take_from_bank":
            n = min(event.count, sum(s.bank))
            yield from (A.Play(card, cards=h) for h in sub_hands(s.bank, n))
        else:
            yield A.Play(card)


def _stone_options(s: State, seat: int) -> Iterator[A.Action]:
    if len(s.jerusalem) >= s.data.blocks or B.pieces_left(s, seat, "stone") <= 0:
        return
    hand = s.players[seat].hand
    if not covers(hand, COSTS["stone"]):
        return
    if B.own_jerusalem_building(s, seat):
        yield A.Stone()
        return
    rest = sub(hand, COSTS["stone"])
    b = s.buildings
    if all(b[v] == EMPTY or b[v] % CITY == seat for v in s.data.jerusalem):
        return  # nobody else has built at Jerusalem: no route to walk
    for o in sorted(B.route_owners(s, seat)):
        yield from (A.Stone(o, r) for r in range(5) if rest[r] > 0)


_MODE_GROUP: dict[str, tuple[type, Options]] = {
    "blessing": (A.Bless, _blessings),
    "plague": (A.Plague, _plague_moves),
    "free-road": (A.Road, _roads),
    "free-settlement": (A.Settlement, _settlements),
    "look": (A.Look, _looks),
    "take-look": (A.Take, _take_looks),
}


# ------------------------------------------------------------------------------------ check


def check(s: State, seat: int, action: A.Action) -> Rejection | None:
    """None if `action` is legal for `seat`, else a Rejection with a specific sentence."""
    last = _LAST[0]
    if last[0] is s and last[1] == seat and last[2] is not None:
        # A bot just listed this position's moves and drew `action` from them: the kind's
        # remembered list holds that very object, so the first scan finds it by identity.
        listed = last[2].listed(type(action))
        if listed is not None and action in listed:
            return None
    if is_legal(s, seat, action):
        return None
    return illegal(explain(s, seat, action))


def _legal_set(s: State, seat: int) -> set[A.Action]:
    return set(_legal(s, seat))


def is_legal(s: State, seat: int, action: A.Action) -> bool:
    """True if `action` is legal: only the group of its own kind is computed."""
    cls = type(action)
    groups = legal_groups(s, seat, cls)
    if cls not in groups.kinds:
        return False
    if cls is A.MakeOffer:
        return _offer_ok(s, seat, action.give, action.get, action.to)  # type: ignore[attr-defined]
    if cls is A.Counter:
        o = s.offer
        if o is None or not _offer_ok(s, seat, action.give, action.get, -1):  # type: ignore[attr-defined]
            return False
        return _counter_ok(o, o.answers[seat], action.give, action.get)  # type: ignore[attr-defined]
    if cls is A.Reply:
        o = s.offer
        to = action.to  # type: ignore[attr-defined]
        if o is None or not 0 <= to < len(o.answers) or o.answers[to].kind != "counter":
            return False
        ans = o.answers[to]
        return (action.give, action.get) != (ans.get, ans.give) and _offer_ok(  # type: ignore[attr-defined]
            s,
            seat,
            action.give,
            action.get,
            -1,  # type: ignore[attr-defined]
        )
    pend = _pending_of(s, seat) if s.pending else None
    if pend is not None and cls is _PENDING_KIND[pend.kind]:
        # Tested directly: the ways to discard half of a big hand run to tens of thousands.
        cards: Hand = action.cards  # type: ignore[attr-defined]
        return (
            sum(cards) == pend.count and min(cards) >= 0 and covers(_pending_source(s, pend), cards)
        )
    # A tuple scan: the action usually is one of these very objects (a bot drew it from this
    # remembered group), so identity matches before any field comparison.
    return action in groups.options(groups.kinds.index(cls))


def _offer_ok(s: State, seat: int, give: Hand, get: Hand, to: int) -> bool:
    """The shape `_offers` and `_counters` list, tested directly (they list hundreds)."""
    hand = s.players[seat].hand
    if not 1 <= sum(give) <= MAX_SIDE or not 1 <= sum(get) <= MAX_SIDE:
        return False
    if not covers(hand, give) or any(a and b for a, b in zip(give, get, strict=True)):
        return False
    if to < 0:
        return True
    return to != seat and to < len(s.players) and len(s.players) > 2


def explain(s: State, seat: int, a: A.Action) -> Text:
    """Why `a` is not legal for `seat` now, in one sentence."""
    d = s.data
    p = s.players[seat]
    if s.phase is SETUP:
        if s.setup_vertex < 0:
            if not isinstance(a, A.Settlement):
                return tx("Place a starting settlement first: `settlement <intersection>`.")
            v = a.vertex
            if v in d.jerusalem:
                return tx(
                    "No starting settlement may stand on one of Jerusalem's eleven intersections."
                )
            if s.buildings[v] != EMPTY:
                return tx("Intersection {v} is taken.", v=v + 1)
            return tx("Intersection {v} is next to a settlement (distance rule).", v=v + 1)
        if not isinstance(a, A.Road):
            return tx(
                "Place the road of the settlement at {v}: `road <path>`.", v=s.setup_vertex + 1
            )
        return tx(
            "The road must touch your new settlement at {v} on a free path.", v=s.setup_vertex + 1
        )
    if s.phase is START:
        if not isinstance(a, A.Start):
            return tx(
                "Choose the settlement that gives your starting cards: `start <intersection>`."
            )
        if s.buildings[a.vertex] != seat:
            return tx("You have no settlement at {v}.", v=a.vertex + 1)
        return (
            tx("This settlement touches the copper hex: add the card you take, e.g. `copper ore`.")
            if a.copper < 0
            else tx(
                "This settlement does not touch the copper hex; write just `start <intersection>`."
            )
        )
    if s.pending:
        pend = next((x for x in s.pending if x.seat == seat), None)
        if pend is None:
            return tx("Wait: others are deciding first.")
        return _explain_pending(s, pend, a)
    if seat != s.current:
        return _explain_answer(s, seat, a)
    mode = current_mode(s)
    if mode == "blessing":
        return (
            tx("Choose the resource kept under King's Blessing first: `bless grain`.")
            if not isinstance(a, A.Bless)
            else tx("The bank has none of that resource.")
        )
    if mode == "plague":
        if not isinstance(a, A.Plague):
            return tx("Move the plague first: `plague <hex>` or `plague <hex> from <colour>`.")
        return _explain_plague(s, seat, a.hex, a.victim, optional=True)
    if mode == "free-road":
        if not isinstance(a, A.Road):
            return tx_n(
                "Place your free road first: `road <path>`.",
                "Place your free roads first: `road <path>`.",
                s.free_roads,
            )
        return _explain_road(s, seat, a.edge, free=True)
    if mode == "free-settlement":
        if not isinstance(a, A.Settlement):
            return tx("Place your free settlement first: `settlement <intersection>`.")
        return _explain_settlement(s, seat, a.vertex, free=True)
    if mode == "look":
        return tx("Choose whose hand to look at: `look <colour>` (a player holding cards).")
    if mode == "take-look":
        return tx_n(
            "Take {n} card from {victim}'s hand: `take <card>` (only cards they hold).",
            "Take {n} cards from {victim}'s hand: `take <card>` (only cards they hold).",
            s.look_count,
            victim=colour(s.look_victim),
        )
    if isinstance(a, A.Play):
        return _explain_play(s, seat, a)
    if isinstance(a, A.Accept | A.Decline | A.Counter):
        if s.offer is None:
            return tx("There is no open offer to answer.")
        return tx("Only the other players answer your offer.")
    if mode == "pre-roll":
        if isinstance(a, A.Roll | A.Play):
            return tx("You cannot do that now.")
        return tx("Roll first (`roll`); before rolling you may only play a development card.")
    match a:
        case A.Roll():
            return tx("You have already rolled this turn.")
        case A.Road(edge=e):
            if not covers(p.hand, COSTS["road"]):
                return tx(
                    "A road costs {cost}; you have {hand}.",
                    cost=hand_words(COSTS["road"]),
                    hand=hand_words(p.hand),
                )
            return _explain_road(s, seat, e, free=False)
        case A.Settlement(vertex=v):
            if not covers(p.hand, COSTS["settlement"]):
                return tx(
                    "A settlement costs {cost}; you have {hand}.",
                    cost=hand_words(COSTS["settlement"]),
                    hand=hand_words(p.hand),
                )
            return _explain_settlement(s, seat, v, free=False)
        case A.City(vertex=v):
            if s.buildings[v] != seat:
                return tx("You have no settlement at {v} to upgrade.", v=v + 1)
            if B.pieces_left(s, seat, "city") <= 0:
                return tx("You have no city left in stock.")
            return tx(
                "A city costs {cost}; you have {hand}.",
                cost=hand_words(city_cost(s)),
                hand=hand_words(p.hand),
            )
        case A.Buy():
            if not s.deck:
                return tx("The development cards are all gone.")
            return tx(
                "A development card costs {cost}; you have {hand}.",
                cost=hand_words(COSTS["development card"]),
                hand=hand_words(p.hand),
            )
        case A.Stone():
            return _explain_stone(s, seat, a)
        case A.BankTrade(give=g, get=r):
            if s.built:
                return tx(
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if g == r:
                return tx("Trade one resource for a different one.")
            if s.bank[r] == 0:
                return tx("The bank has no {resource} left.", resource=resource(r))
            rate = B.trade_rate(s, seat, g)
            return tx(
                "You trade {resource} at {rate}:1 and hold {held}.",
                resource=resource(g),
                rate=rate,
                held=p.hand[g],
            )
        case A.MakeOffer(give=g, get=r, to=to):
            if s.built:
                return tx(
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if s.offers_made >= MAX_OFFERS_PER_TURN:
                return tx("You have made {n} offers this turn, the limit.", n=MAX_OFFERS_PER_TURN)
            if to == seat or to >= len(s.players):
                return tx("Offer to another player at this table.")
            return _explain_shape("offer", p.hand, g, r)
        case A.Trade(seat=i):
            if s.offer is None:
                return tx("You have no open offer.")
            ans = s.offer.answers[i] if i < len(s.offer.answers) else Answer()
            if ans.kind not in ("accept", "counter"):
                return tx(
                    "{player} has not accepted or countered your offer.", player=colour_title(i)
                )
            return tx("You no longer hold the cards for that trade.")
        case A.Withdraw():
            return tx("You have no open offer.")
        case A.End():
            return tx("You cannot end the turn now.")
        case A.Accept() | A.Decline() | A.Counter():
            return tx("Only the other players answer your offer.")
        case A.Reply(give=g, get=r, to=to):
            if s.offer is None:
                return tx("You have no open offer.")
            if not 0 <= to < len(s.offer.answers) or s.offer.answers[to].kind != "counter":
                if to < len(COLOURS):
                    return tx(
                        "{player} has no counter to answer: your own new terms are a new `offer`.",
                        player=colour_title(to),
                    )
                return tx(
                    "That player has no counter to answer: your own new terms are a new `offer`."
                )
            ans = s.offer.answers[to]
            if (g, r) == (ans.get, ans.give):
                return tx(
                    "Those are {player}'s own terms: `trade {key}` to take them.",
                    player=colour(to),
                    key=COLOURS[to],
                )
            return _explain_shape("reply", p.hand, g, r)
        case A.Plague():
            return tx("The plague moves after your 7 or with a priest: `play priest <hex>`.")
        case A.Discard() | A.Give() | A.Take():
            return tx("Nobody asks you for cards now (discards follow a 7, gives an event card).")
        case A.Look():
            card = next((e.key for e in d.events if e.kind == "look_and_take"), "")
            return tx(
                "You look at a hand only when an event card lets you: `play {card}`.", card=card
            )
        case A.Bless():
            return tx(
                "The King's Blessing resource is chosen when you take the card "
                "(for the most own stones in Jerusalem)."
            )
        case A.Start():
            return tx("Starting cards are chosen once, right after the starting settlements.")
    return tx("That move is not possible now.")


def _explain_pending(s: State, pend: Pending, a: A.Action) -> Text:
    n = pend.count
    why = reason_words(s.data, pend.reason)
    if pend.kind == "discard":
        if not isinstance(a, A.Discard):
            return tx(
                "Discard {n} cards first (you hold more than {limit}): `discard 2 ore+2 wool`.",
                n=n,
                limit=HAND_LIMIT,
            )
        if sum(a.cards) != n:
            return tx("Discard exactly {n} cards, not {given}.", n=n, given=sum(a.cards))
        return tx(
            "You hold {hand}; discard only cards you hold.",
            hand=hand_words(s.players[pend.seat].hand),
        )
    if pend.kind == "take":
        if not isinstance(a, A.Take):
            return tx_n(
                "Take {n} card from the bank first ({why}): `take 1 ore`.",
                "Take {n} cards from the bank first ({why}): `take 1 ore`.",
                n,
                why=why,
            )
        if sum(a.cards) != n:
            return tx_n("Take exactly {n} card.", "Take exactly {n} cards.", n)
        return tx("The bank holds {hand}.", hand=hand_words(s.bank))
    if not isinstance(a, A.Give):
        return tx_n(
            "Give {n} card to {player} first ({why}): `give 1 ore`.",
            "Give {n} cards to {player} first ({why}): `give 1 ore`.",
            n,
            player=colour(s.current),
            why=why,
        )
    if sum(a.cards) != n:
        return tx_n("Give exactly {n} card.", "Give exactly {n} cards.", n)
    return tx(
        "You hold {hand}; give only cards you hold.", hand=hand_words(s.players[pend.seat].hand)
    )


def _explain_shape(what: str, hand: Hand, give: Hand, get: Hand) -> Text:
    """Why the sides of an offer, counter or reply (`what`) are refused."""
    if not 1 <= sum(give) <= MAX_SIDE or not 1 <= sum(get) <= MAX_SIDE:
        if what == "offer":
            return tx("Each side of an offer has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
        if what == "counter":
            return tx("Each side of a counter has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
        return tx("Each side of a reply has 1 to {n} cards (of any kinds).", n=MAX_SIDE)
    both = [resource(i) for i in range(5) if give[i] and get[i]]
    if both:
        if what == "offer":
            return tx("An offer cannot both give and ask for {resource}.", resource=both[0])
        if what == "counter":
            return tx("A counter cannot both give and ask for {resource}.", resource=both[0])
        return tx("A reply cannot both give and ask for {resource}.", resource=both[0])
    return tx("You do not hold {hand}.", hand=hand_words(give))


def _explain_answer(s: State, seat: int, a: A.Action) -> Text:
    o = s.offer
    if o is None or seat not in answerers(s):
        return tx("It is not your turn.")
    hand = s.players[seat].hand
    ans = o.answers[seat]
    give, _ = asked(o, ans)
    if isinstance(a, A.Accept):
        if ans.kind == "accept":
            return tx("You have accepted already; the offerer confirms the trade or not.")
        return tx(
            "To accept you must give {give}; you hold {hand}.",
            give=hand_words(give),
            hand=hand_words(hand),
        )
    if isinstance(a, A.Decline):
        return tx("You have declined already; `accept` or `counter` to change your answer.")
    if isinstance(a, A.Counter):
        if (a.give, a.get) == asked(o, ans):
            return tx("Those are the terms asked of you: `accept` them instead.")
        if ans.kind == "counter" and (a.give, a.get) == (ans.give, ans.get):
            return tx("That is your counter already.")
        return _explain_shape("counter", hand, a.give, a.get)
    if isinstance(a, A.Reply):
        return tx(
            "Only the player whose turn it is answers a counter with `counter ... to <colour>`."
        )
    return tx(
        "Answer {player}'s offer: `accept`, `decline` or `counter 1 ore for 2 wool`.",
        player=colour(s.current),
    )


def _explain_road(s: State, seat: int, e: int, free: bool) -> Text:
    if s.roads[e] != EMPTY:
        return tx("Path {path} already has a road.", path=s.data.edge_label(e))
    if B.pieces_left(s, seat, "road") <= 0:
        return tx("You have no road left in stock.")
    return tx(
        "Path {path} does not connect to your road, settlement or city (an opponent's building "
        "blocks a road).",
        path=s.data.edge_label(e),
    )


def _explain_settlement(s: State, seat: int, v: int, free: bool) -> Text:
    if B.pieces_left(s, seat, "settlement") <= 0:
        return tx("You have no settlement left in stock.")
    if s.buildings[v] != EMPTY:
        return tx("Intersection {v} is taken.", v=v + 1)
    if not B.distance_ok(s, v):
        return tx("Intersection {v} is next to a settlement or city (distance rule).", v=v + 1)
    return tx("Intersection {v} does not touch one of your roads.", v=v + 1)


def _explain_plague(s: State, seat: int, h: int, victim: int, optional: bool) -> Text:
    t = s.data.hexes[h]
    if not t.producing:
        return tx("The plague goes only on a numbered land hex.")
    if h == s.plague:
        return tx("The plague must move to a different hex.")
    victims = _victims(s, h, seat)
    if victim == seat:
        return tx("You cannot take a card from yourself.")
    if victim >= 0 and victim not in victims:
        return (
            tx(
                "{player} has no card and building at hex {hex}.",
                player=colour_title(victim),
                hex=t.label,
            )
            if victim < len(s.players)
            else tx("No such player.")
        )
    if victim < 0 and victims and not optional:
        return tx(
            "Name whom you take a card from: {players}.",
            players=joined([colour(v) for v in victims], ", "),
        )
    return tx("That plague move is not possible.")


def _explain_play(s: State, seat: int, a: A.Play) -> Text:
    p = s.players[seat]
    if a.card not in p.dev:
        return tx("You hold no {card} card.", card=card_name(s.data, a.card))
    if a.card not in VP_CARD_IDS:
        if s.dev_played:
            return tx("You have already played a development card this turn (one per turn).")
        if p.dev.count(a.card) <= p.new.count(a.card):
            return tx("You cannot play a development card on the turn you bought it.")
    event = s.data.event(a.card)
    if a.card == "priest" or (event is not None and event.kind == "move_plague"):
        if a.hex < 0:
            return tx("Say where the plague goes: `play {card} C from red`.", card=a.card)
        return _explain_plague(s, seat, a.hex, a.victim, optional=False)
    if event is not None and event.kind == "take_from_bank":
        n = min(event.count, sum(s.bank))
        return tx(
            "Name {n} cards the bank holds ({bank}), e.g. `play {card} 1 ore+1 wool`.",
            n=n,
            bank=hand_words(s.bank),
            card=a.card,
        )
    if event is not None and event.kind == "monopoly":
        return tx("Name one resource: `play {card} ore`.", card=a.card)
    return tx("You cannot play that card now.")


def _explain_stone(s: State, seat: int, a: A.Stone) -> Text:
    p = s.players[seat]
    if len(s.jerusalem) >= s.data.blocks:
        return tx("Jerusalem is complete.")
    if B.pieces_left(s, seat, "stone") <= 0:
        return tx("You have no building stone left.")
    if not covers(p.hand, COSTS["stone"]):
        return tx(
            "A stone costs {cost}; you have {hand}.",
            cost=hand_words(COSTS["stone"]),
            hand=hand_words(p.hand),
        )
    own = B.own_jerusalem_building(s, seat)
    if a.via < 0:
        if not own:
            owners = sorted(B.route_owners(s, seat))
            if owners:
                return tx(
                    "You have no building at Jerusalem; build via {players}: "
                    "`stone via {key} pay ore`.",
                    players=joined([colour(o) for o in owners], ", "),
                    key=COLOURS[owners[0]],
                )
            return tx(
                "You need a settlement or city on one of Jerusalem's "
                "intersections, or a trade route to another player's."
            )
        return tx("You cannot build a stone now.")
    if own:
        return tx("You have your own building at Jerusalem: build with `stone`, no fee.")
    if a.via not in B.route_owners(s, seat):
        if a.via < len(s.players):
            return tx(
                "No trade route leads from your buildings to a building of {player} at Jerusalem.",
                player=colour(a.via),
            )
        return tx(
            "No trade route leads from your buildings to a building of that player at Jerusalem."
        )
    return tx(
        "After the stone's cost you have no {resource} left to pay the fee.",
        resource=resource(a.pay),
    )


# ------------------------------------------------------------------------------------ apply

Result = tuple[State, list[Event]]


def transition(s: State, seat: int, a: A.Action) -> Transition[State]:
    """Apply a checked action (the engine's `apply`; use protocol.step)."""
    cls = type(a)
    new, events, reveals = _HANDLERS[cls](draft(s), seat, a)
    if new.phase is TURN:
        if new.offer is not None:
            new, lapsed = _refresh_offer(new)
            if lapsed:
                events += lapsed
        if cls not in _NO_VP_CHANGE:
            new, more = _check_win(new, cls is A.End)
            events += more
    # `new` is this move's Draft: plain attribute writes (see state.Draft). In full: the view
    # shows the cards of a discard, gift or take to its player only.
    new.last_seat = seat  # type: ignore[misc]
    new.last_move = A.format_action(a, s.data)  # type: ignore[misc]
    mark = _MARKS.get(cls)
    new.last_marks = () if mark is None else mark(a)  # type: ignore[misc]
    return Transition(freeze(new), tuple(events), reveals)


_NO_VP_CHANGE = frozenset(
    {A.Decline, A.Accept, A.Counter, A.Reply, A.MakeOffer, A.Withdraw, A.Trade, A.BankTrade, A.Roll}
)
"""Action kinds that move only cards between hands and the bank (a roll: production, or a 7's
black stone, which ends a game only through the Jerusalem check), never a building, a special
card or the current player: after them nobody's VP differs, so the win check is skipped (it ran
after the move that last changed VP)."""


def _marks(a: A.Action, s: State) -> tuple[str, ...]:
    mark = _MARKS.get(type(a))
    return () if mark is None else mark(a)


def _hex_mark(a: A.Plague | A.Play) -> tuple[str, ...]:
    return (f"h{a.hex}",) if a.hex >= 0 else ()


_MARKS: dict[type, Callable[[Any], tuple[str, ...]]] = {
    A.Road: lambda a: (f"e{a.edge}",),
    A.Settlement: lambda a: (f"v{a.vertex}",),
    A.City: lambda a: (f"v{a.vertex}",),
    A.Start: lambda a: (f"v{a.vertex}",),
    A.Plague: _hex_mark,
    A.Play: _hex_mark,
    A.Stone: lambda a: ("j",),
}
"""What the last move touched, for the image's highlight, by action class."""


_SAID: dict[object, Text] = {}
"""Sentences of frequent events by what they say (a roll by seat and dice, an offer by seat and
action...): said once, then the same immutable Text serves every game (whole random games make
thousands of events)."""


def _remember(key: object, text: Text) -> Text:
    if len(_SAID) >= 50_000:
        _SAID.clear()  # bounded; rebuilt from the events said next
    _SAID[key] = text
    return text


def _got_words(seat: int, got: Hand) -> Text:
    """ "red 1 ore+2 wool": one seat's production."""
    key = ("got", seat, got)
    said = _SAID.get(key)
    if said is None:
        said = _remember(
            key, tx("{player} {hand}", player=_COLOUR_WORDS[seat], hand=hand_words(got))
        )
    return said


def _hand_now(hand: Hand) -> Text:
    """A receiver's private line after production."""
    key = ("hand", hand)
    said = _SAID.get(key)
    if said is None:
        said = _remember(key, tx("Your hand now: {hand}.", hand=hand_words(hand)))
    return said


_ENDS = tuple(tx("{player} ends the turn.", player=c) for c in _CAPITALISED)
_WITHDRAWS = tuple(tx("{player} withdraws the offer.", player=c) for c in _CAPITALISED)
_DECLINES = tuple(tx("{player} declines.", player=c) for c in _CAPITALISED)


def _ev(kind: str, text: str, **data: JSON) -> Event:
    return make_event(kind, text, data)


def _private(kind: str, text: str, seats: set[int], public: str | None) -> Event:
    who = _ALONE[next(iter(seats))] if len(seats) == 1 else frozenset(Seat(i) for i in seats)
    return make_event(kind, text, {}, who, public)


def _set_player(s: State, seat: int, **kw: object) -> State:
    players = list(s.players)
    players[seat] = with_player(players[seat], **kw)
    return evolve(s, players=tuple(players))


def _set_hands(s: State, hands: dict[int, Hand], bank: Hand | None = None) -> State:
    """The state with these seats' hands (and the bank) replaced: one copy of the players."""
    players = list(s.players)
    for seat, hand in hands.items():
        players[seat] = with_hand(players[seat], hand)
    if bank is None:
        return evolve(s, players=tuple(players))
    return evolve(s, players=tuple(players), bank=bank)


def _pay(s: State, seat: int, price: Hand) -> State:
    return _set_hands(s, {seat: sub(s.players[seat].hand, price)}, add(s.bank, price))


def _gain(s: State, seat: int, cards: Hand) -> State:
    return _set_hands(s, {seat: add(s.players[seat].hand, cards)}, sub(s.bank, cards))


def _move_cards(s: State, src: int, dst: int, cards: Hand) -> State:
    p = s.players
    return _set_hands(s, {src: sub(p[src].hand, cards), dst: add(p[dst].hand, cards)})


def _build_vertex(s: State, v: int, value: int) -> State:
    b = list(s.buildings)
    b[v] = value
    return evolve(s, buildings=tuple(b))


def _apply_settlement(s: State, seat: int, a: A.Settlement) -> tuple[State, list[Event], bool]:
    v = a.vertex
    events = []
    if s.phase is SETUP:
        s = evolve(_build_vertex(s, v, seat), setup_vertex=v)
        events.append(
            _ev(
                "settlement",
                tx(
                    "{player} places a settlement at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                ),
            )
        )
        return s, events, False
    free = s.free_settlements > 0
    if free:
        s = evolve(s, free_settlements=s.free_settlements - 1)
    else:
        s = evolve(_pay(s, seat, COSTS["settlement"]), built=True)
    s = _build_vertex(s, v, seat)
    if s.free_settlements and not B.settlement_spots(s, seat, setup=False):
        s = evolve(s, free_settlements=0)
    events.append(
        _ev(
            "settlement",
            (
                tx(
                    "{player} builds a settlement free at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                )
                if free
                else tx(
                    "{player} builds a settlement at {place}.",
                    player=colour_title(seat),
                    place=B.vertex_text(s.data, v),
                )
            ),
        )
    )
    touching = {s.roads[e] for e in s.data.vertex_edges[v]} - {EMPTY, seat}
    s, more = _award_roads(s, touching)
    return s, events + more, False


def _apply_road(s: State, seat: int, a: A.Road) -> tuple[State, list[Event], bool]:
    roads = list(s.roads)
    roads[a.edge] = seat
    label = s.data.edge_label(a.edge)
    if s.phase is SETUP:
        s = evolve(s, roads=tuple(roads), setup_vertex=-1, setup_index=s.setup_index + 1)
        s, _ = _award_roads(s, (seat,))  # lengths are kept from the first road (never 5 yet)
        events = [
            _ev(
                "road",
                tx("{player} places a road at {path}.", player=colour_title(seat), path=label),
            )
        ]
        if s.setup_index >= len(s.setup_order):
            s = evolve(s, phase=START)
            events.append(
                _ev("start", tx("Each player now chooses one settlement for the starting cards."))
            )
        return s, events, False
    free = s.free_roads > 0
    if free:
        s = evolve(s, roads=tuple(roads), free_roads=s.free_roads - 1)
        if s.free_roads and (not B.road_spots(s, seat) or B.pieces_left(s, seat, "road") <= 0):
            s = evolve(s, free_roads=0)
    else:
        s = evolve(_pay(s, seat, COSTS["road"]), roads=tuple(roads), built=True)
    events = [
        _ev(
            "road",
            tx("{player} builds a road free at {path}.", player=colour_title(seat), path=label)
            if free
            else tx("{player} builds a road at {path}.", player=colour_title(seat), path=label),
        )
    ]
    s, more = _award_roads(s, (seat,))
    return s, events + more, False


def _apply_city(s: State, seat: int, a: A.City) -> tuple[State, list[Event], bool]:
    price = city_cost(s)
    s = evolve(_pay(s, seat, price), built=True, discount=False)
    s = _build_vertex(s, a.vertex, CITY + seat)
    return (
        s,
        [
            _ev(
                "city",
                tx("{player} upgrades {v} to a city.", player=colour_title(seat), v=a.vertex + 1),
            )
        ],
        False,
    )


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


def _apply_roll(s: State, seat: int, a: A.Roll) -> tuple[State, list[Event], bool]:
    dice, rng = s.rng.dice(2)
    total = dice[0] + dice[1]
    s = evolve(s, rng=rng, dice=dice, rolled=True)
    key = ("roll", seat, dice)
    said = _SAID.get(key)
    if said is None:
        said = _remember(
            key,
            tx(
                "{player} rolls {a}+{b} = {total}.",
                player=colour_title(seat),
                a=dice[0],
                b=dice[1],
                total=total,
            ),
        )
    events = [_ev("roll", said, dice=list(dice))]
    if total == 7:
        s, more = _seven(s, seat)
    else:
        s, more = _produce(s, total)
    return s, events + more, True


def _seven(s: State, seat: int) -> Result:
    events = []
    if len(s.jerusalem) < s.data.blocks:
        s = evolve(s, jerusalem=(*s.jerusalem, BLACK))
        events.append(
            _ev(
                "black",
                tx(
                    "The plague is active: a black stone is added to Jerusalem ({n}/{blocks}).",
                    n=len(s.jerusalem),
                    blocks=s.data.blocks,
                ),
            )
        )
        s, more = _jerusalem_check(s)
        events += more
        if s.phase is OVER:
            return s, events
    pend = tuple(
        Pending(i, "discard", p.cards // 2, "a 7")
        for i, p in enumerate(s.players)
        if p.cards > HAND_LIMIT
    )
    if pend:
        names = joined([tx("{player} ({n})", player=colour(x.seat), n=x.count) for x in pend], ", ")
        events.append(_ev("discard-due", tx("Discarding half their cards: {names}.", names=names)))
    return evolve(s, pending=pend, plague_due=True), events


def _cards(n: int) -> Text:
    """'1 card', '2 cards'."""
    return tx_n("{n} card", "{n} cards", n)


def _produce(s: State, number: int) -> Result:
    d = s.data
    b = s.buildings
    plague = s.plague
    owed: dict[int, list[int]] = {}  # seat -> cards owed per resource (only seats owed any)
    totals = [0, 0, 0, 0, 0]
    copper: dict[int, int] = {}
    for h, res, corners in d.by_number.get(number, ()):
        if h == plague:
            continue
        for v in corners:
            occ = b[v]
            if occ == EMPTY:
                continue
            seat, n = (occ - CITY, 2) if occ >= CITY else (occ, 1)
            if res is None:
                copper[seat] = copper.get(seat, 0) + n
                continue
            totals[res] += n
            if seat in owed:
                owed[seat][res] += n
            else:
                row = owed[seat] = [0, 0, 0, 0, 0]
                row[res] = n
    events: list[Event] = []
    short: list[Event] = []
    if owed:
        s, events, short = _pay_production(s, owed, totals)
    if not events and not copper:
        # Players look for why their number paid nothing: the plague's hex is named (worked
        # out only here, off the production loop).
        plagued = plague >= 0 and d.hexes[plague].number == number
        if plagued:
            if number in (8, 11):
                text = tx(
                    "Nothing is produced on an {number} (the plague is on {hex}).",
                    number=number,
                    hex=d.hexes[plague].label,
                )
            else:
                text = tx(
                    "Nothing is produced on a {number} (the plague is on {hex}).",
                    number=number,
                    hex=d.hexes[plague].label,
                )
        elif number in (8, 11):
            text = tx("Nothing is produced on an {number}.", number=number)
        else:
            text = tx("Nothing is produced on a {number}.", number=number)
        events.append(_ev("production", text))
    events += short
    if not copper:
        return (s if not s.pending else evolve(s, pending=())), events
    left = sum(s.bank)
    pend = tuple(
        Pending(i, "take", min(n, left), "copper") for i, n in sorted(copper.items()) if left
    )
    if pend:
        choices = [tx("{player} chooses {n}", player=colour(x.seat), n=x.count) for x in pend]
        events.append(
            _ev("copper", tx("Copper produces: {choices}.", choices=joined(choices, ", ")))
        )
    return evolve(s, pending=pend), events


def _pay_production(
    s: State, owed: dict[int, list[int]], totals: list[int]
) -> tuple[State, list[Event], list[Event]]:
    """Pay what each seat is owed (`totals`: per resource, all seats) from the finite bank (see
    the shortage reading above): (state, production events, shortage events)."""
    bank = s.bank
    if (
        totals[0] <= bank[0]
        and totals[1] <= bank[1]
        and totals[2] <= bank[2]
        and totals[3] <= bank[3]
        and totals[4] <= bank[4]
    ):
        # The usual case: the bank pays everyone in full.
        s, events = _pay_in_full(s, owed, totals)
        return s, events, []
    bank = list(bank)
    paid = {seat: [0, 0, 0, 0, 0] for seat in owed}
    short = []
    for r in range(5):
        takers = [seat for seat, row in owed.items() if row[r]]
        if not takers:
            continue
        total = sum(owed[seat][r] for seat in takers)
        if total <= bank[r]:
            for seat in takers:
                paid[seat][r] = owed[seat][r]
            bank[r] -= total
        elif len(takers) == 1:
            paid[takers[0]][r] = bank[r]
            short.append(
                tx(
                    "the bank had only {n} {resource} for {player}",
                    n=bank[r],
                    resource=resource(r),
                    player=colour(takers[0]),
                )
            )
            bank[r] = 0
        else:
            short.append(
                tx(
                    "the bank cannot pay everyone {resource}, so nobody receives it",
                    resource=resource(r),
                )
            )
    s, events = _pay_in_full(
        evolve(s, bank=(bank[0], bank[1], bank[2], bank[3], bank[4])), paid, [0, 0, 0, 0, 0]
    )
    if short:
        return s, events, [_ev("shortage", tx("Bank short: {why}.", why=joined(short, "; ")))]
    return s, events, []


def _pay_in_full(s: State, paid: dict[int, list[int]], totals: list[int]) -> Result:
    """Give each seat its row of `paid` and take `totals` from the bank, with the public
    production line and each receiver's private line."""
    players = list(s.players)
    rows: list[tuple[int, Hand]] = []
    private = []
    for seat in sorted(paid):
        g0, g1, g2, g3, g4 = paid[seat]
        if not (g0 or g1 or g2 or g3 or g4):
            continue  # only the receivers' records are copied
        before = players[seat]
        h = before.hand
        after = (h[0] + g0, h[1] + g1, h[2] + g2, h[3] + g3, h[4] + g4)
        players[seat] = with_hand(before, after)
        rows.append((seat, (g0, g1, g2, g3, g4)))
        # Each receiver also gets a private line with the hand it now holds.
        text = _hand_now(after)
        private.append(make_event("hand", text, {}, _ALONE[seat]))
    if not rows:
        return s, []
    b = s.bank
    bank = (
        b[0] - totals[0],
        b[1] - totals[1],
        b[2] - totals[2],
        b[3] - totals[3],
        b[4] - totals[4],
    )
    s = evolve(s, players=tuple(players), bank=bank)
    key = ("production", *rows)
    said = _SAID.get(key)
    if said is None:
        got = [_got_words(seat, cards) for seat, cards in rows]
        said = _remember(key, tx("Production: {got}.", got=joined(got, "; ")))
    return s, [_ev("production", said), *private]


def _apply_discard(s: State, seat: int, a: A.Discard) -> tuple[State, list[Event], bool]:
    s = _pay(s, seat, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "discard",
            tx("You discard {hand}.", hand=hand_words(a.cards)),
            {seat},
            tx("{player} discards {n} cards.", player=colour_title(seat), n=sum(a.cards)),
        )
    ]
    return s, events, True


def _apply_take(s: State, seat: int, a: A.Take) -> tuple[State, list[Event], bool]:
    if s.look_stage == 2 and not s.pending:
        victim = s.look_victim
        s = _move_cards(s, victim, seat, a.cards)
        s = evolve(s, look_stage=0, look_victim=-1, look_count=0)
        events = [
            _private(
                "take",
                tx(
                    "{player} takes {hand} from {victim}.",
                    player=colour_title(seat),
                    hand=hand_words(a.cards),
                    victim=colour(victim),
                ),
                {seat, victim},
                tx(
                    "{player} takes {cards} from {victim}.",
                    player=colour_title(seat),
                    cards=_cards(sum(a.cards)),
                    victim=colour(victim),
                ),
            )
        ]
        return s, events, False
    pend = next(x for x in s.pending if x.seat == seat)
    s = _gain(s, seat, a.cards)
    s = _drop_pending(s, seat)
    # Later choosers take from what is left.
    left = sum(s.bank)
    s = evolve(
        s,
        pending=tuple(
            replace(x, count=min(x.count, left)) for x in s.pending if x.kind != "take" or left > 0
        ),
    )
    return (
        s,
        [
            _ev(
                "take",
                tx(
                    "{player} takes {hand} ({why}).",
                    player=colour_title(seat),
                    hand=hand_words(a.cards),
                    why=reason_words(s.data, pend.reason),
                ),
            )
        ],
        False,
    )


def _apply_give(s: State, seat: int, a: A.Give) -> tuple[State, list[Event], bool]:
    pend = next(x for x in s.pending if x.seat == seat)
    s = _move_cards(s, seat, s.current, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "give",
            tx(
                "{player} gives {hand} to {receiver} ({why}).",
                player=colour_title(seat),
                hand=hand_words(a.cards),
                receiver=colour(s.current),
                why=reason_words(s.data, pend.reason),
            ),
            {seat, s.current},
            tx(
                "{player} gives {cards} to {receiver} ({why}).",
                player=colour_title(seat),
                cards=_cards(sum(a.cards)),
                receiver=colour(s.current),
                why=reason_words(s.data, pend.reason),
            ),
        )
    ]
    return s, events, True


def _drop_pending(s: State, seat: int) -> State:
    return evolve(s, pending=tuple(x for x in s.pending if x.seat != seat))


def _steal(s: State, thief: int, victim: int) -> Result:
    vp = s.players[victim]
    cards = [r for r in range(5) for _ in range(vp.hand[r])]
    if not cards:
        return s, []
    res, rng = s.rng.choice(cards)
    s = evolve(s, rng=rng)
    s = _move_cards(s, victim, thief, one(res))
    return s, [
        _private(
            "steal",
            tx(
                "{player} takes 1 {resource} from {victim}.",
                player=colour_title(thief),
                resource=resource(res),
                victim=colour(victim),
            ),
            {thief, victim},
            tx(
                "{player} takes a random card from {victim}.",
                player=colour_title(thief),
                victim=colour(victim),
            ),
        )
    ]


def _move_plague(s: State, seat: int, h: int, victim: int, card: Text | str | None) -> Result:
    """Move the plague to hex `h` (stealing from `victim` unless -1); `card`: the card played
    for it (None after a 7)."""
    t = s.data.hexes[h]
    s = evolve(s, plague=h)
    if card is None:
        text = tx(
            "{player} moves the plague to {hex} ({terrain} {number}).",
            player=colour_title(seat),
            hex=t.label,
            terrain=terrain_word(t.terrain),
            number=t.number,
        )
    else:
        text = tx(
            "{player} moves the plague to {hex} ({terrain} {number}) ({card}).",
            player=colour_title(seat),
            hex=t.label,
            terrain=terrain_word(t.terrain),
            number=t.number,
            card=card,
        )
    events = [_ev("plague", text)]
    if victim >= 0:
        s, more = _steal(s, seat, victim)
        events += more
    return s, events


def _apply_plague(s: State, seat: int, a: A.Plague) -> tuple[State, list[Event], bool]:
    s = evolve(s, plague_due=False)
    s, events = _move_plague(s, seat, a.hex, a.victim, None)
    return s, events, a.victim >= 0


def _apply_buy(s: State, seat: int, a: A.Buy) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["development card"]), built=True)  # i18n-exempt: a data key
    card, deck = s.deck[0], s.deck[1:]
    p = s.players[seat]
    s = _set_player(s, seat, dev=tuple(sorted((*p.dev, card))), new=tuple(sorted((*p.new, card))))
    s = evolve(s, deck=deck)
    name = card_name(s.data, card)
    return (
        s,
        [
            _private(
                "buy",
                tx(
                    "{player} buys a development card: {card}.",
                    player=colour_title(seat),
                    card=name,
                ),
                {seat},
                tx(
                    "{player} buys a development card ({n} left).",
                    player=colour_title(seat),
                    n=len(deck),
                ),
            )
        ],
        True,
    )


def card_name(d: CanaanData, card: str) -> Text | str:
    """Display name of a development card id (as players read it; a server's own card name as
    its data file writes it, an unknown id as it is)."""
    if card == "priest":
        return PRIEST_WORD
    e = d.event(card)
    if e is not None:
        return card_word(e.name)
    name = _VP_NAMES.get(card)
    return card if name is None else card_word(name)


_VP_NAMES = dict(VP_CARDS)


def _apply_stone(s: State, seat: int, a: A.Stone) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["stone"]), built=True)
    events = []
    if a.via >= 0:
        s = _move_cards(s, seat, a.via, one(a.pay))
        events.append(
            _ev(
                "fee",
                tx(
                    "{player} pays {owner} 1 {resource} to build through their building at "
                    "Jerusalem.",
                    player=colour_title(seat),
                    owner=colour(a.via),
                    resource=resource(a.pay),
                ),
            )
        )
    p = s.players[seat]
    s = _set_player(s, seat, stones=p.stones + 1)
    s = evolve(s, jerusalem=(*s.jerusalem, seat))
    events.append(
        _ev(
            "stone",
            tx(
                "{player} adds a stone to Jerusalem ({n}/{blocks}).",
                player=colour_title(seat),
                n=len(s.jerusalem),
                blocks=s.data.blocks,
            ),
        )
    )
    s, more = _award_blessing(s)
    events += more
    s, more = _jerusalem_check(s)
    return s, events + more, False


def _apply_play(s: State, seat: int, a: A.Play) -> tuple[State, list[Event], bool]:
    d = s.data
    p = s.players[seat]
    dev = list(p.dev)
    dev.remove(a.card)
    new = list(p.new)
    if a.card in VP_CARD_IDS:
        if a.card in new:
            new.remove(a.card)
        s = _set_player(s, seat, dev=tuple(dev), new=tuple(new), vp_cards=(*p.vp_cards, a.card))
        return (
            s,
            [
                _ev(
                    "vp-card",
                    tx(
                        "{player} plays {card}: +1 VP.",
                        player=colour_title(seat),
                        card=card_name(d, a.card),
                    ),
                )
            ],
            True,
        )
    s = _set_player(s, seat, dev=tuple(dev))
    s = evolve(s, dev_played=True)
    who = colour_title(seat)
    if a.card == "priest":
        s = _set_player(s, seat, priests=s.players[seat].priests + 1)
        s, events = _move_plague(s, seat, a.hex, a.victim, PRIEST_WORD)
        s, more = _award_priests(s)
        return s, events + more, True
    event = d.event(a.card)
    assert event is not None
    head = _ev(
        "event",
        tx(
            "{player} plays {card}: {effect}.",
            player=who,
            card=card_word(event.name),
            effect=event.text,
        ),
    )
    k = event.kind
    if k == "move_plague":
        s, events = _move_plague(s, seat, a.hex, a.victim, card_word(event.name))
        return s, [head, *events], True
    if k == "everyone_takes":
        left = sum(s.bank)
        n = min(event.count, left)
        pend = tuple(Pending(i, "take", n, event.name) for i in range(len(s.players))) if n else ()
        return evolve(s, pending=pend), [head], False
    if k == "take_from_bank":
        s = _gain(s, seat, a.cards)
        return (
            s,
            [head, _ev("take", tx("{player} takes {hand}.", player=who, hand=hand_words(a.cards)))],
            False,
        )
    if k == "free_roads":
        n = min(event.count, B.pieces_left(s, seat, "road"))
        if not B.road_spots(s, seat):
            n = 0
        return evolve(s, free_roads=n), [head], False
    if k == "free_settlement":
        n = min(event.count, B.pieces_left(s, seat, "settlement"))
        if not B.settlement_spots(s, seat, setup=False):
            n = 0
        return evolve(s, free_settlements=n), [head], False
    if k == "monopoly":
        res = a.cards.index(1)
        got = []
        for i, other in enumerate(s.players):
            if i != seat and other.hand[res]:
                got.append(tx("{player} {n}", player=colour(i), n=other.hand[res]))
                s = _move_cards(s, i, seat, one(res, other.hand[res]))
        if got:
            text = tx(
                "{player} names {resource}: {got}.",
                player=who,
                resource=resource(res),
                got=joined(got, ", "),
            )
        else:
            text = tx(
                "{player} names {resource}: nobody has any.", player=who, resource=resource(res)
            )
        return s, [head, _ev("monopoly", text)], True
    if k == "each_opponent_gives":
        pend = tuple(
            Pending(i, "give", min(event.count, o.cards), event.name)
            for i, o in enumerate(s.players)
            if i != seat and o.cards
        )
        return evolve(s, pending=pend), [head], False
    if k == "discounted_city":
        return evolve(s, discount=True), [head], False
    if k == "harvest":
        res = TERRAIN_RESOURCE[event.terrain]
        assert res is not None
        n = 0
        for v, occ in enumerate(s.buildings):
            if occ == EMPTY or occ % CITY != seat:
                continue
            for h in d.vertex_hexes[v]:
                if d.hexes[h].terrain == event.terrain and h != s.plague:
                    n += event.per_city if occ >= CITY else event.per_settlement
                    break  # per building touching such a hex (the card's text), not per hex
        n = min(n, s.bank[res])
        s = _gain(s, seat, one(res, n))
        return (
            s,
            [
                head,
                _ev(
                    "take",
                    tx("{player} takes {n} {resource}.", player=who, n=n, resource=resource(res)),
                ),
            ],
            False,
        )
    # look_and_take
    targets = _look_targets(s, seat)
    if not targets:
        return s, [head, _ev("event", tx("No other player holds a card."))], False
    return evolve(s, look_stage=1, look_count=event.count), [head], False


def _apply_look(s: State, seat: int, a: A.Look) -> tuple[State, list[Event], bool]:
    victim = s.players[a.seat]
    s = evolve(s, look_stage=2, look_victim=a.seat)
    ev = _private(
        "look",
        tx("{player}'s hand: {hand}.", player=colour_title(a.seat), hand=hand_words(victim.hand)),
        {seat, a.seat},
        tx("{player} looks at {victim}'s hand.", player=colour_title(seat), victim=colour(a.seat)),
    )
    return s, [ev], True


def _apply_bless(s: State, seat: int, a: A.Bless) -> tuple[State, list[Event], bool]:
    s = evolve(s, bank=sub(s.bank, one(a.res)), blessing_res=a.res, blessing_due=False)
    return (
        s,
        [
            _ev(
                "blessing",
                tx(
                    "{player} keeps 1 {resource} under King's Blessing and trades it 2:1.",
                    player=colour_title(seat),
                    resource=resource(a.res),
                ),
            )
        ],
        False,
    )


def _apply_bank(s: State, seat: int, a: A.BankTrade) -> tuple[State, list[Event], bool]:
    rate = B.trade_rate(s, seat, a.give)
    # One copy of the player and of the bank for both sides of the trade.
    change = [0, 0, 0, 0, 0]
    change[a.give] -= rate
    change[a.get] += 1
    p = s.players[seat]
    h, b = p.hand, s.bank
    players = list(s.players)
    players[seat] = with_player(p, hand=tuple(h[r] + change[r] for r in range(5)))  # type: ignore[arg-type]
    s = evolve(s, players=tuple(players), bank=tuple(b[r] - change[r] for r in range(5)))
    return (
        s,
        [
            _ev(
                "bank",
                tx(
                    "{player} trades {rate} {give} with the bank for 1 {get}.",
                    player=colour_title(seat),
                    rate=rate,
                    give=resource(a.give),
                    get=resource(a.get),
                ),
            )
        ],
        False,
    )


def _apply_offer(s: State, seat: int, a: A.MakeOffer) -> tuple[State, list[Event], bool]:
    offer = Offer(a.give, a.get, None if a.to < 0 else a.to, (_UNANSWERED,) * len(s.players))
    s = evolve(s, offer=offer, offers_made=s.offers_made + 1)
    key = ("offer", seat, a)
    text = _SAID.get(key)
    if text is not None:
        pass
    elif a.to >= 0:
        text = tx(
            "{player} offers {give} for {get} to {to}.",
            player=colour_title(seat),
            give=hand_words(a.give),
            get=hand_words(a.get),
            to=colour(a.to),
        )
    else:
        text = tx(
            "{player} offers {give} for {get}.",
            player=colour_title(seat),
            give=hand_words(a.give),
            get=hand_words(a.get),
        )
    return s, [_ev("offer", _remember(key, text))], False


_ACCEPTED, _DECLINED, _UNANSWERED = Answer("accept"), Answer("decline"), Answer()


def _answer(s: State, seat: int, ans: Answer) -> State:
    o = s.offer
    assert o is not None
    answers = list(o.answers)
    answers[seat] = ans
    return evolve(s, offer=Offer(o.give, o.get, o.to, tuple(answers)))


def _apply_accept(s: State, seat: int, a: A.Accept) -> tuple[State, list[Event], bool]:
    o = s.offer
    assert o is not None
    ans = o.answers[seat]
    if ans.kind == "reply":
        text = tx(
            "{player} accepts {offerer}'s reply: {seat} gives {give} for {get}.",
            player=colour_title(seat),
            offerer=colour(s.current),
            seat=colour(seat),
            give=hand_words(ans.give),
            get=hand_words(ans.get),
        )
        return _answer(s, seat, Answer("accept", ans.give, ans.get)), [_ev("answer", text)], False
    player = colour_title(seat)
    if ans.kind == "decline":
        text = tx("{player} accepts (instead of declining).", player=player)
    elif ans.kind == "counter":
        text = tx("{player} accepts (instead of the counter).", player=player)
    else:
        text = tx("{player} accepts.", player=player)
    return _answer(s, seat, _ACCEPTED), [_ev("answer", text)], False


def _apply_decline(s: State, seat: int, a: A.Decline) -> tuple[State, list[Event], bool]:
    assert s.offer is not None
    was = s.offer.answers[seat]
    player = colour_title(seat)
    if was.kind == "reply":
        text = tx("{player} declines {offerer}'s reply.", player=player, offerer=colour(s.current))
    elif was.kind == "accept":
        text = tx("{player} declines (instead of accepting).", player=player)
    elif was.kind == "counter":
        text = tx("{player} declines (instead of the counter).", player=player)
    else:
        text = _DECLINES[seat]
    return _answer(s, seat, _DECLINED), [_ev("answer", text)], False


def _apply_counter(s: State, seat: int, a: A.Counter) -> tuple[State, list[Event], bool]:
    s = _answer(s, seat, Answer("counter", a.give, a.get))
    return (
        s,
        [
            _ev(
                "answer",
                tx(
                    "{player} counters: {seat} gives {give} for {offerer}'s {get}.",
                    player=colour_title(seat),
                    seat=colour(seat),
                    give=hand_words(a.give),
                    offerer=colour(s.current),
                    get=hand_words(a.get),
                ),
            )
        ],
        False,
    )


def _apply_reply(s: State, seat: int, a: A.Reply) -> tuple[State, list[Event], bool]:
    s = _answer(s, a.to, Answer("reply", a.get, a.give))
    text = tx(
        "{player} answers {other}'s counter: {seat} gives {give} for {other}'s {get} "
        "({other} accepts, declines or counters).",
        player=colour_title(seat),
        other=colour(a.to),
        seat=colour(seat),
        give=hand_words(a.give),
        get=hand_words(a.get),
    )
    return s, [_ev("answer", text)], False


def _apply_trade(s: State, seat: int, a: A.Trade) -> tuple[State, list[Event], bool]:
    o = s.offer
    assert o is not None
    theirs, mine = terms(o, o.answers[a.seat])
    s = _move_cards(s, seat, a.seat, mine)
    s = _move_cards(s, a.seat, seat, theirs)
    s = evolve(s, offer=None)
    return (
        s,
        [
            _ev(
                "trade",
                tx(
                    "{player} gives {give} to {other} for {get}.",
                    player=colour_title(seat),
                    give=hand_words(mine),
                    other=colour(a.seat),
                    get=hand_words(theirs),
                ),
            )
        ],
        False,
    )


def _apply_withdraw(s: State, seat: int, a: A.Withdraw) -> tuple[State, list[Event], bool]:
    return (
        evolve(s, offer=None),
        [_ev("withdraw", _WITHDRAWS[seat])],
        False,
    )


def _apply_end(s: State, seat: int, a: A.End) -> tuple[State, list[Event], bool]:
    events = [_ev("end", _ENDS[seat])]
    if s.play_on:
        s, more = _jerusalem_check(s)
        events += more
        if s.phase is OVER:
            return s, events, False
    if s.players[seat].new:
        s = _set_player(s, seat, new=())
    nxt = (seat + 1) % len(s.players)
    s = evolve(
        s,
        current=nxt,
        turn=s.turn + 1,
        rolled=False,
        dice=s.dice,
        built=False,
        dev_played=False,
        offers_made=0,
        offer=None,
        discount=False,
    )
    return s, events, False


_HANDLERS = {
    A.Settlement: _apply_settlement,
    A.Road: _apply_road,
    A.City: _apply_city,
    A.Start: _apply_start,
    A.Roll: _apply_roll,
    A.Discard: _apply_discard,
    A.Take: _apply_take,
    A.Give: _apply_give,
    A.Plague: _apply_plague,
    A.Buy: _apply_buy,
    A.Stone: _apply_stone,
    A.Play: _apply_play,
    A.Look: _apply_look,
    A.Bless: _apply_bless,
    A.BankTrade: _apply_bank,
    A.MakeOffer: _apply_offer,
    A.Accept: _apply_accept,
    A.Decline: _apply_decline,
    A.Counter: _apply_counter,
    A.Reply: _apply_reply,
    A.Trade: _apply_trade,
    A.Withdraw: _apply_withdraw,
    A.End: _apply_end,
}


# ------------------------------------------------------------------------------------ awards


def _unique_leader(values: list[int], minimum: int) -> int:
    """The one seat with the highest value, if that value reaches `minimum`; -1 on a tie (the
    rulebook sends a tied special card back beside the board) or when nobody reaches it."""
    best = max(values)
    if best < minimum or values.count(best) > 1:
        return -1
    return values.index(best)


def _award_roads(s: State, seats: Iterable[int]) -> Result:
    """Longest Road after a build: only `seats` can have a different longest road (the builder
    of a road; the owners of roads through a new settlement), so only theirs is walked again
    and the others keep their recorded length."""
    lengths = list(s.road_lengths)
    for i in seats:
        lengths[i] = B.longest_road(s, i)
    holder = _unique_leader(lengths, LONGEST_ROAD_MIN)
    s = evolve(s, road_lengths=tuple(lengths))
    if holder == s.longest:
        return s, []
    events = [_special_event(LONGEST_ROAD, s.longest, holder, lengths)]
    return evolve(s, longest=holder), events


def _award_priests(s: State) -> Result:
    counts = [p.priests for p in s.players]
    holder = _unique_leader(counts, MOST_PRIESTS_MIN)
    if holder == s.most_priests:
        return s, []
    events = [_special_event(MOST_PRIESTS, s.most_priests, holder, counts)]
    return evolve(s, most_priests=holder), events


def _award_blessing(s: State) -> Result:
    counts = [p.stones for p in s.players]
    holder = _unique_leader(counts, 1)
    if holder == s.blessing:
        return s, []
    events = [_special_event(KINGS_BLESSING, s.blessing, holder, counts)]
    if s.blessing >= 0 and s.blessing_res >= 0:
        s = evolve(s, bank=add(s.bank, one(s.blessing_res)))
    s = evolve(s, blessing=holder, blessing_res=-1)
    if holder >= 0 and sum(s.bank) > 0:
        s = evolve(s, blessing_due=True)
    return s, events


def _special_event(name: Text, old: int, new: int, values: list[int]) -> Event:
    if new >= 0:
        return _ev(
            "special",
            tx(
                "{player} takes {card} ({value}): +{vp} VP.",
                player=colour_title(new),
                card=name,
                value=values[new],
                vp=SPECIAL_VP,
            ),
        )
    best = max(values)
    tied = [colour(i) for i, v in enumerate(values) if v == best]
    # Say which: players read "tie" and look for whom they are tied with.
    if len(tied) > 1:
        text = tx(
            "{card} goes back beside the board ({players} tie at {value}); {player} loses {vp} VP.",
            card=name,
            players=and_list(tied),
            value=best,
            player=colour(old),
            vp=SPECIAL_VP,
        )
    else:
        text = tx(
            "{card} goes back beside the board (nobody has enough now); {player} loses {vp} VP.",
            card=name,
            player=colour(old),
            vp=SPECIAL_VP,
        )
    return _ev("special", text)


# ------------------------------------------------------------------------------------ end


def _refresh_offer(s: State) -> Result:
    """Offers close when trading is over (the current player built or bought: the rulebook's
    order is trade, then build) or the current player no longer holds what they offered. An
    answer whose hand no longer allows it (an acceptance without the asked cards, a counter
    without its own cards, a reply without the offerer's) is voided, and that player may answer
    again. Every acceptance or counter that lapses so is announced: its player is told."""
    o = s.offer
    if o is None:
        return s, []
    me = s.players[s.current].hand
    if s.built or not covers(me, o.give):
        why = (
            tx(
                "{player} has built or bought, so trading is over this turn",
                player=colour(s.current),
            )
            if s.built
            else tx(
                "{player} no longer holds {hand}", player=colour(s.current), hand=hand_words(o.give)
            )
        )
        standing = [
            _answer_noun(a.kind, colour(i)) for i, a in enumerate(o.answers) if a.kind in _ANSWERED
        ]
        if standing:
            text = tx_n(
                "{player}'s offer closes ({why}); {answers} lapses.",
                "{player}'s offer closes ({why}); {answers} lapse.",
                len(standing),
                player=colour_title(s.current),
                why=why,
                answers=and_list(standing),
            )
        else:
            text = tx("{player}'s offer closes ({why}).", player=colour_title(s.current), why=why)
        return evolve(s, offer=None), [_ev("offer-closed", text)]
    answers = o.answers
    void: list[Text] = []
    for i, a in enumerate(answers):
        if a.kind == "accept" or a.kind == "counter":
            ok = covers(s.players[i].hand, terms(o, a)[0])
        elif a.kind == "reply":
            ok = covers(me, a.get)
        else:
            continue
        if not ok:
            answers = answers[:i] + (_UNANSWERED,) + answers[i + 1 :]
            holder = colour(i) if a.kind != "reply" else colour(s.current)
            void.append(
                tx(
                    "{answer} is void ({holder}'s hand no longer allows it); {player} may answer "
                    "again.",
                    answer=_answer_noun(a.kind, colour_title(i)),
                    holder=holder,
                    player=colour(i),
                )
            )
    if answers is not o.answers:
        return evolve(s, offer=Offer(o.give, o.get, o.to, answers)), [
            _ev("answer-void", joined(void, " "))
        ]
    return s, []


_ANSWERED = frozenset({"accept", "counter", "reply"})


def _answer_noun(kind: str, player: Text) -> Text:
    """ "red's acceptance", "red's counter", "red's reply from the offerer"."""
    if kind == "accept":
        return tx("{player}'s acceptance", player=player)
    if kind == "counter":
        return tx("{player}'s counter", player=player)
    return tx("{player}'s reply from the offerer", player=player)


def _check_win(s: State, turn_start: bool = False) -> Result:
    """The current player wins with 12 VP in their turn; at `turn_start` (just after the last
    turn ended) those points were reached in another player's turn, and the sentence says so."""
    if s.phase is not TURN or s.pending:
        return s, []
    points = vp(s, s.current)
    if points >= VP_TO_WIN:
        who = colour_title(s.current)
        reason = (
            tx(
                "{player} begins their turn with {vp} VP (reached during another player's turn) "
                "and wins.",
                player=who,
                vp=points,
            )
            if turn_start
            else tx("{player} reaches {vp} VP in their own turn and wins.", player=who, vp=points)
        )
        return evolve(s, phase=OVER, winner=s.current, end_reason=reason), [_ev("over", reason)]
    return s, []


def end_words(s: State) -> Text | str:
    """Why the game ended, as players read it. The state keeps the English sentence (a saved
    game keeps no more); it is worded again from the final position, which still holds the
    points and stones it names."""
    reason = s.end_reason
    if not reason or isinstance(reason, Text) or s.winner < 0:
        return reason
    seat, points = s.winner, vp(s, s.winner)
    if reason.startswith("Jerusalem is complete;"):  # i18n-exempt: matching the saved English
        stones = s.players[seat].stones
        if "broken by stones" in reason:  # i18n-exempt: matching the saved English
            text = tx(
                "Jerusalem is complete; {player} wins with {vp} VP and {stones} stones (tie on VP "
                "broken by stones).",
                player=colour(seat),
                vp=points,
                stones=stones,
            )
        else:
            text = tx(
                "Jerusalem is complete; {player} wins with {vp} VP.", player=colour(seat), vp=points
            )
    elif "during another player's turn" in reason:  # i18n-exempt: matching the saved English
        text = tx(
            "{player} begins their turn with {vp} VP (reached during another player's turn) "
            "and wins.",
            player=colour_title(seat),
            vp=points,
        )
    else:
        text = tx(
            "{player} reaches {vp} VP in their own turn and wins.",
            player=colour_title(seat),
            vp=points,
        )
    return text if text == reason else reason


def standings(s: State) -> list[tuple[int, int, int]]:
    """(vp, own stones, seat) per seat, best first."""
    return sorted(((vp(s, i), p.stones, i) for i, p in enumerate(s.players)), reverse=True)


def _jerusalem_check(s: State) -> Result:
    """When Jerusalem's blocks are all filled: most VP wins, then most own stones; still tied,
    play on until a turn ends with one leader."""
    if len(s.jerusalem) < s.data.blocks:
        return s, []
    ranks = standings(s)
    top = ranks[0]
    tied = [r for r in ranks if r[:2] == top[:2]]
    if len(tied) == 1:
        seat = top[2]
        by_stones = sum(1 for r in ranks if r[0] == top[0]) > 1
        reason = (
            tx(
                "Jerusalem is complete; {player} wins with {vp} VP and {stones} stones (tie on VP "
                "broken by stones).",
                player=colour(seat),
                vp=top[0],
                stones=top[1],
            )
            if by_stones
            else tx(
                "Jerusalem is complete; {player} wins with {vp} VP.", player=colour(seat), vp=top[0]
            )
        )
        return evolve(s, phase=OVER, winner=seat, end_reason=reason), [_ev("over", reason)]
    if s.play_on:
        return s, []
    names: Text = colour(tied[0][2])
    for r in tied[1:]:  # "red and blue and yellow"
        names = tx("{names} and {last}", names=names, last=colour(r[2]))
    text = tx(
        "Jerusalem is complete but {players} are tied on VP and stones: play continues until a "
        "turn ends with one leader.",
        players=names,
    )
    return evolve(s, play_on=True), [_ev("play-on", text)]


def total_cards(s: State) -> Hand:
    """Bank plus every hand plus a kept King's Blessing card: always 23 of each."""
    t = s.bank
    for p in s.players:
        t = add(t, p.hand)
    if s.blessing_res >= 0:
        t = add(t, one(s.blessing_res))
    return t
