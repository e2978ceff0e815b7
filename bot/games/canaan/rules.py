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

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import (
    BANK_PER_RESOURCE,
    COSTS,
    HAND_LIMIT,
    LONGEST_ROAD_MIN,
    MOST_PRIESTS_MIN,
    PIECES,
    PRIESTS,
    RESOURCES,
    SPECIAL_VP,
    TERRAIN_RESOURCE,
    VP_CARDS,
    VP_TO_WIN,
    CanaanData,
    Hand,
    hand_text,
)
from bot.games.canaan.state import (
    BLACK,
    CITY,
    COLOURS,
    EMPTY,
    Answer,
    Offer,
    Pending,
    Phase,
    Player,
    State,
    draft,
    evolve,
    freeze,
    with_player,
)
from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection, illegal
from bot.games.rng import Rng

VP_CARD_IDS = frozenset(k for k, _ in VP_CARDS)
MAX_OFFER = 3  # cards of one kind on each side of an offer or counter
MAX_OFFERS_PER_TURN = 3


def colour(seat: int) -> str:
    """The seat's colour name."""
    return COLOURS[seat]


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
    rng = Rng(seed)
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
        "Settlements": st,
        "Cities": 2 * ci,
        "Longest Road": SPECIAL_VP if s.longest == seat else 0,
        "Most Priests": SPECIAL_VP if s.most_priests == seat else 0,
        "King's Blessing": SPECIAL_VP if s.blessing == seat else 0,
        "Victory point cards": len(s.players[seat].vp_cards),
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
    if s.phase is Phase.OVER:
        return frozenset()
    if s.phase is Phase.SETUP:
        return frozenset({Seat(s.setup_order[s.setup_index])})
    if s.phase is Phase.START:
        return frozenset(Seat(i) for i, p in enumerate(s.players) if p.start < 0)
    if s.pending:
        return frozenset(Seat(p.seat) for p in s.pending)
    # As at a real table, an open offer never holds the turn: the players it may still hear
    # from act out of turn, while the current player goes on (bank trades, builds, the end).
    if s.offer is None:
        return frozenset({Seat(s.current)})
    return frozenset({Seat(s.current), *(Seat(i) for i in awaiting_answers(s))})


def awaiting_answers(s: State) -> list[int]:
    """Seats that may still answer the open offer."""
    o = s.offer
    if o is None:
        return []
    return [
        i
        for i, a in enumerate(o.answers)
        if i != s.current and a.kind == "" and (o.to is None or o.to == i)
    ]


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


Group = tuple[type, Callable[[], Iterable[A.Action]]]


_LAST: list[tuple[object, int, list[Group]]] = [(None, -1, [])]
"""The last full `legal_groups` answer: (state, seat, groups). A bot lists a state's moves and
`step` then checks one of them on the same state object; states are immutable, and the entry
holds the state itself, so an identity match can never be a different position."""


def legal_groups(s: State, seat: int, only: type | None = None) -> list[Group]:
    """The legal actions of `seat` as (action class, thunk) groups, each computed only when
    called (and then remembered): `check` and the random bot look at one group instead of every
    action. With `only`, groups of other classes may be left out."""
    last = _LAST[0]  # one read of one tuple: safe if bots run in several threads
    if last[0] is s and last[1] == seat:
        return last[2]
    groups = [(cls, _memo(thunk)) for cls, thunk in _legal_groups(s, seat, only)]
    if only is None and type(s) is State:
        _LAST[0] = (s, seat, groups)
    return groups


def _memo(thunk: Callable[[], Iterable[A.Action]]) -> Callable[[], Iterable[A.Action]]:
    cell: list[tuple[A.Action, ...]] = []

    def once() -> tuple[A.Action, ...]:
        if not cell:
            cell.append(tuple(thunk()))
        return cell[0]

    return once


def _legal_groups(s: State, seat: int, only: type | None) -> list[Group]:
    if s.phase is Phase.OVER or seat not in to_act(s):
        return []
    p = s.players[seat]
    if s.phase is Phase.SETUP:
        if s.setup_vertex < 0:
            return [
                (A.Settlement, lambda: map(A.Settlement, B.settlement_spots(s, seat, setup=True)))
            ]
        return [(A.Road, lambda: map(A.Road, B.road_spots(s, seat, s.setup_vertex)))]
    if s.phase is Phase.START:
        return [(A.Start, lambda: _start_options(s, seat))]
    if s.pending:
        pend = next(x for x in s.pending if x.seat == seat)
        cls = {"discard": A.Discard, "take": A.Take, "give": A.Give}[pend.kind]
        return [(cls, lambda: _pending_options(s, pend))]
    if seat != s.current:
        return _answer_groups(s, seat)
    mode = current_mode(s)
    if mode == "blessing":
        return [(A.Bless, lambda: (A.Bless(r) for r in range(5) if s.bank[r] > 0))]
    if mode == "plague":
        return [(A.Plague, lambda: _plague_moves(s, seat))]
    if mode == "free-road":
        return [(A.Road, lambda: map(A.Road, B.road_spots(s, seat)))]
    if mode == "free-settlement":
        return [(A.Settlement, lambda: map(A.Settlement, B.settlement_spots(s, seat, setup=False)))]
    if mode == "look":
        return [(A.Look, lambda: map(A.Look, _look_targets(s, seat)))]
    if mode == "take-look":
        victim = s.players[s.look_victim]
        n = min(s.look_count, victim.cards)
        return [(A.Take, lambda: map(A.Take, sub_hands(victim.hand, n)))]
    groups: list[Group] = []
    if p.dev:
        groups.append((A.Play, lambda: _card_plays(s, seat, p)))
    if mode == "pre-roll":
        groups.append((A.Roll, lambda: (A.Roll(),)))
        return groups
    groups.append((A.End, lambda: (A.End(),)))
    if only is A.End or only is A.Play:
        return groups  # `is_legal` needs only that group: skip the costlier checks below
    if s.offer is not None:
        groups.append((A.Withdraw, lambda: (A.Withdraw(),)))
        groups.append((A.Trade, lambda: map(A.Trade, _confirmable(s))))
    hand = p.hand
    # The pieces on the board, counted once (`B.pieces_left` would count them per kind).
    settlements, cities, roads = B.count_pieces(s, seat)
    if covers(hand, _ROAD) and roads < PIECES["road"]:
        groups.append((A.Road, lambda: map(A.Road, B.road_spots(s, seat))))
    if covers(hand, _SETTLEMENT) and settlements < PIECES["settlement"]:
        groups.append(
            (A.Settlement, lambda: map(A.Settlement, B.settlement_spots(s, seat, setup=False)))
        )
    if covers(hand, city_cost(s)) and cities < PIECES["city"]:
        groups.append((A.City, lambda: (A.City(v) for v, b in enumerate(s.buildings) if b == seat)))
    if covers(hand, _CARD) and s.deck:
        groups.append((A.Buy, lambda: (A.Buy(),)))
    if covers(hand, _STONE):
        groups.append((A.Stone, lambda: _stone_options(s, seat)))
    if not s.built:
        groups.append((A.BankTrade, lambda: _bank_trades(s, seat)))
        if s.offers_made < MAX_OFFERS_PER_TURN and p.cards:
            groups.append((A.MakeOffer, lambda: _offers(s, seat)))
    return groups


_ROAD, _SETTLEMENT = COSTS["road"], COSTS["settlement"]
_CARD, _STONE = COSTS["development card"], COSTS["stone"]


def _legal(s: State, seat: int) -> Iterator[A.Action]:
    for _, thunk in legal_groups(s, seat):
        yield from thunk()


def _plague_moves(s: State, seat: int) -> Iterator[A.Action]:
    for h in _plague_hexes(s):
        yield A.Plague(h)
        for victim in _victims(s, h, seat):
            yield A.Plague(h, victim)


def _bank_trades(s: State, seat: int) -> Iterator[A.Action]:
    hand = s.players[seat].hand
    for g in range(5):
        if hand[g] >= 2 and hand[g] >= B.trade_rate(s, seat, g):
            for r in range(5):
                if r != g and s.bank[r] > 0:
                    yield A.BankTrade(g, r)


def _answer_groups(s: State, seat: int) -> list[Group]:
    o = s.offer
    if o is None or seat not in awaiting_answers(s):
        return []
    hand = s.players[seat].hand
    groups: list[Group] = [(A.Decline, lambda: (A.Decline(),))]
    if covers(hand, o.get):
        groups.append((A.Accept, lambda: (A.Accept(),)))
    if any(hand):
        groups.append((A.Counter, lambda: _counters(s, seat)))
    return groups


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


def _pending_options(s: State, pend: Pending) -> Iterator[A.Action]:
    p = s.players[pend.seat]
    if pend.kind == "discard":
        yield from (A.Discard(h) for h in sub_hands(p.hand, pend.count))
    elif pend.kind == "take":
        yield from (A.Take(h) for h in sub_hands(s.bank, pend.count))
    else:
        yield from (A.Give(h) for h in sub_hands(p.hand, pend.count))


def _counters(s: State, seat: int) -> Iterator[A.Action]:
    o = s.offer
    assert o is not None
    hand = s.players[seat].hand
    for g in range(5):
        for gn in range(1, min(MAX_OFFER, hand[g]) + 1):
            give = one(g, gn)
            for r in range(5):
                if r == g:
                    continue
                for rn in range(1, MAX_OFFER + 1):
                    get = one(r, rn)
                    if (give, get) != (o.get, o.give):
                        yield A.Counter(give, get)


def _offers(s: State, seat: int) -> Iterator[A.Action]:
    hand = s.players[seat].hand
    others = [i for i in range(len(s.players)) if i != seat]
    for g in range(5):
        for gn in range(1, min(MAX_OFFER, hand[g]) + 1):
            for r in range(5):
                if r == g:
                    continue
                for rn in range(1, MAX_OFFER + 1):
                    give, get = one(g, gn), one(r, rn)
                    yield A.MakeOffer(give, get)
                    if len(others) > 1:
                        yield from (A.MakeOffer(give, get, i) for i in others)


def _confirmable(s: State) -> list[int]:
    """Seats whose answer the current player can confirm now (both hands still allow it)."""
    o = s.offer
    if o is None:
        return []
    me = s.players[s.current].hand
    out = []
    for i, a in enumerate(o.answers):
        hand = s.players[i].hand
        if a.kind == "accept" and covers(hand, o.get) and covers(me, o.give):
            out.append(i)
        elif a.kind == "counter" and covers(hand, a.give) and covers(me, a.get):
            out.append(i)
    return out


def _plague_hexes(s: State) -> list[int]:
    return [h for h, t in enumerate(s.data.hexes) if t.producing and h != s.plague]


def _victims(s: State, h: int, seat: int) -> list[int]:
    """Seats touching hex `h` (not `seat`) holding at least one card."""
    return sorted(i for i in B.touching_seats(s, h) if i != seat and s.players[i].cards > 0)


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


def _card_plays(s: State, seat: int, p: Player) -> Iterator[A.Action]:
    for card in playable_cards(s, seat):
        if card in VP_CARD_IDS:
            yield A.Play(card)
            continue
        event = s.data.event(card)
        if card == "priest" or (event is not None and event.kind == "move_plague"):
            for h in _plague_hexes(s):
                victims = _victims(s, h, seat)
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
    for o in sorted(B.route_owners(s, seat)):
        yield from (A.Stone(o, r) for r in range(5) if rest[r] > 0)


# ------------------------------------------------------------------------------------ check


def check(s: State, seat: int, action: A.Action) -> Rejection | None:
    """None if `action` is legal for `seat`, else a Rejection with a specific sentence."""
    if is_legal(s, seat, action):
        return None
    return illegal(explain(s, seat, action))


def _legal_set(s: State, seat: int) -> set[A.Action]:
    return set(_legal(s, seat))


def is_legal(s: State, seat: int, action: A.Action) -> bool:
    """True if `action` is legal: only the group of its own kind is computed."""
    cls = type(action)
    for c, thunk in legal_groups(s, seat, cls):
        if c is not cls:
            continue
        if isinstance(action, A.MakeOffer):
            return _offer_ok(s, seat, action.give, action.get, action.to)
        if isinstance(action, A.Counter):
            o = s.offer
            return (
                o is not None
                and (action.give, action.get) != (o.get, o.give)
                and _offer_ok(s, seat, action.give, action.get, -1)
            )
        # A tuple scan: the action usually is one of these very objects (a bot drew it from
        # this memoised group), so identity matches before any field comparison.
        return action in thunk()
    return False


def _offer_ok(s: State, seat: int, give: Hand, get: Hand, to: int) -> bool:
    """The shape `_offers` and `_counters` list, tested directly (they list hundreds)."""
    hand = s.players[seat].hand
    gk = [r for r in range(5) if give[r]]
    rk = [r for r in range(5) if get[r]]
    if len(gk) != 1 or len(rk) != 1 or gk[0] == rk[0]:
        return False
    if not (1 <= give[gk[0]] <= min(MAX_OFFER, hand[gk[0]]) and 1 <= get[rk[0]] <= MAX_OFFER):
        return False
    if to < 0:
        return True
    return to != seat and to < len(s.players) and len(s.players) > 2


def explain(s: State, seat: int, a: A.Action) -> str:
    """Why `a` is not legal for `seat` now, in one sentence."""
    d = s.data
    p = s.players[seat]
    if s.phase is Phase.SETUP:
        if s.setup_vertex < 0:
            if not isinstance(a, A.Settlement):
                return "Place a starting settlement first: `settlement <intersection>`."
            v = a.vertex
            if v in d.jerusalem:
                return (
                    "No starting settlement may stand on one of Jerusalem's eleven intersections."
                )
            if s.buildings[v] != EMPTY:
                return f"Intersection {v + 1} is taken."
            return f"Intersection {v + 1} is next to a settlement (distance rule)."
        if not isinstance(a, A.Road):
            return f"Place the road of the settlement at {s.setup_vertex + 1}: `road <path>`."
        return f"The road must touch your new settlement at {s.setup_vertex + 1} on a free path."
    if s.phase is Phase.START:
        if not isinstance(a, A.Start):
            return "Choose the settlement that gives your starting cards: `start <intersection>`."
        if s.buildings[a.vertex] != seat:
            return f"You have no settlement at {a.vertex + 1}."
        return (
            "This settlement touches the copper hex: add the card you take, e.g. `copper ore`."
            if a.copper < 0
            else "This settlement does not touch the copper hex; write just `start <intersection>`."
        )
    if s.pending:
        pend = next((x for x in s.pending if x.seat == seat), None)
        if pend is None:
            return "Wait: others are deciding first."
        return _explain_pending(s, pend, a)
    if seat != s.current:
        return _explain_answer(s, seat, a)
    mode = current_mode(s)
    if mode == "blessing":
        return (
            "Choose the resource kept under King's Blessing first: `bless grain`."
            if not isinstance(a, A.Bless)
            else "The bank has none of that resource."
        )
    if mode == "plague":
        if not isinstance(a, A.Plague):
            return "Move the plague first: `plague <hex>` or `plague <hex> from <colour>`."
        return _explain_plague(s, seat, a.hex, a.victim, optional=True)
    if mode == "free-road":
        if not isinstance(a, A.Road):
            return f"Place your free road{'s' if s.free_roads > 1 else ''} first: `road <path>`."
        return _explain_road(s, seat, a.edge, free=True)
    if mode == "free-settlement":
        if not isinstance(a, A.Settlement):
            return "Place your free settlement first: `settlement <intersection>`."
        return _explain_settlement(s, seat, a.vertex, free=True)
    if mode == "look":
        return "Choose whose hand to look at: `look <colour>` (a player holding cards)."
    if mode == "take-look":
        return (
            f"Take {s.look_count} card(s) from {colour(s.look_victim)}'s "
            "hand: `take <card>` (only cards they hold)."
        )
    if isinstance(a, A.Play):
        return _explain_play(s, seat, a)
    if isinstance(a, A.Accept | A.Decline | A.Counter):
        if s.offer is None:
            return "There is no open offer to answer."
        return "Only the other players answer your offer."
    if mode == "pre-roll":
        if isinstance(a, A.Roll | A.Play):
            return "You cannot do that now."
        return "Roll first (`roll`); before rolling you may only play a development card."
    match a:
        case A.Roll():
            return "You have already rolled this turn."
        case A.Road(edge=e):
            if not covers(p.hand, COSTS["road"]):
                return f"A road costs {hand_text(COSTS['road'])}; you have {hand_text(p.hand)}."
            return _explain_road(s, seat, e, free=False)
        case A.Settlement(vertex=v):
            if not covers(p.hand, COSTS["settlement"]):
                return (
                    f"A settlement costs {hand_text(COSTS['settlement'])}; "
                    f"you have {hand_text(p.hand)}."
                )
            return _explain_settlement(s, seat, v, free=False)
        case A.City(vertex=v):
            if s.buildings[v] != seat:
                return f"You have no settlement at {v + 1} to upgrade."
            if B.pieces_left(s, seat, "city") <= 0:
                return "You have no city left in stock."
            return f"A city costs {hand_text(city_cost(s))}; you have {hand_text(p.hand)}."
        case A.Buy():
            if not s.deck:
                return "The development cards are all gone."
            return (
                f"A development card costs {hand_text(COSTS['development card'])}; "
                f"you have {hand_text(p.hand)}."
            )
        case A.Stone():
            return _explain_stone(s, seat, a)
        case A.BankTrade(give=g, get=r):
            if s.built:
                return (
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if g == r:
                return "Trade one resource for a different one."
            if s.bank[r] == 0:
                return f"The bank has no {RESOURCES[r]} left."
            rate = B.trade_rate(s, seat, g)
            return f"You trade {RESOURCES[g]} at {rate}:1 and hold {p.hand[g]}."
        case A.MakeOffer(give=g, get=r, to=to):
            if s.built:
                return (
                    "Trading comes before building: you have built this turn, so trading is over."
                )
            if s.offers_made >= MAX_OFFERS_PER_TURN:
                return f"You have made {MAX_OFFERS_PER_TURN} offers this turn, the limit."
            if to == seat or to >= len(s.players):
                return "Offer to another player at this table."
            if g.index(max(g)) == r.index(max(r)):
                return "Offer one resource for a different one."
            if max(g) > MAX_OFFER or max(r) > MAX_OFFER:
                return f"Each side of an offer has 1 to {MAX_OFFER} cards."
            return f"You do not hold {hand_text(g)}."
        case A.Trade(seat=i):
            if s.offer is None:
                return "You have no open offer."
            ans = s.offer.answers[i] if i < len(s.offer.answers) else Answer()
            if ans.kind not in ("accept", "counter"):
                return f"{colour(i).capitalize()} has not accepted or countered your offer."
            return "You no longer hold the cards for that trade."
        case A.Withdraw():
            return "You have no open offer."
        case A.End():
            return "You cannot end the turn now."
        case A.Accept() | A.Decline() | A.Counter():
            return "Only the other players answer your offer."
        case A.Plague():
            return "The plague moves after your 7 or with a priest: `play priest <hex>`."
        case A.Discard() | A.Give() | A.Take():
            return "Nobody asks you for cards now (discards follow a 7, gives an event card)."
    return "That move is not possible now."


def _explain_pending(s: State, pend: Pending, a: A.Action) -> str:
    n = pend.count
    if pend.kind == "discard":
        if not isinstance(a, A.Discard):
            return (
                f"Discard {n} cards first (you hold more than "
                f"{HAND_LIMIT}): `discard 2 ore+2 wool`."
            )
        if sum(a.cards) != n:
            return f"Discard exactly {n} cards, not {sum(a.cards)}."
        return f"You hold {hand_text(s.players[pend.seat].hand)}; discard only cards you hold."
    if pend.kind == "take":
        if not isinstance(a, A.Take):
            return (
                f"Take {n} card{'s' * (n > 1)} from the bank first ({pend.reason}): `take 1 ore`."
            )
        if sum(a.cards) != n:
            return f"Take exactly {n} card{'s' * (n > 1)}."
        return f"The bank holds {hand_text(s.bank)}."
    if not isinstance(a, A.Give):
        return (
            f"Give {n} card{'s' * (n > 1)} to {colour(s.current)} "
            f"first ({pend.reason}): `give 1 ore`."
        )
    if sum(a.cards) != n:
        return f"Give exactly {n} card{'s' * (n > 1)}."
    return f"You hold {hand_text(s.players[pend.seat].hand)}; give only cards you hold."


def _explain_answer(s: State, seat: int, a: A.Action) -> str:
    o = s.offer
    if o is None or seat not in awaiting_answers(s):
        return "It is not your turn."
    hand = s.players[seat].hand
    if isinstance(a, A.Accept):
        return f"To accept you must give {hand_text(o.get)}; you hold {hand_text(hand)}."
    if isinstance(a, A.Counter):
        if max(a.give) > MAX_OFFER or max(a.get) > MAX_OFFER:
            return f"Each side of a counter has 1 to {MAX_OFFER} cards."
        if a.give.index(max(a.give)) == a.get.index(max(a.get)):
            return "Counter with one resource for a different one."
        if (a.give, a.get) == (o.get, o.give):
            return "That is the offer itself: `accept` it instead."
        return f"You do not hold {hand_text(a.give)}."
    return f"Answer {colour(s.current)}'s offer: `accept`, `decline` or `counter 1 ore for 2 wool`."


def _explain_road(s: State, seat: int, e: int, free: bool) -> str:
    if s.roads[e] != EMPTY:
        return f"Path {s.data.edge_label(e)} already has a road."
    if B.pieces_left(s, seat, "road") <= 0:
        return "You have no road left in stock."
    return (
        f"Path {s.data.edge_label(e)} does not connect to your road, "
        "settlement or city (an opponent's building blocks a road)."
    )


def _explain_settlement(s: State, seat: int, v: int, free: bool) -> str:
    if B.pieces_left(s, seat, "settlement") <= 0:
        return "You have no settlement left in stock."
    if s.buildings[v] != EMPTY:
        return f"Intersection {v + 1} is taken."
    if not B.distance_ok(s, v):
        return f"Intersection {v + 1} is next to a settlement or city (distance rule)."
    return f"Intersection {v + 1} does not touch one of your roads."


def _explain_plague(s: State, seat: int, h: int, victim: int, optional: bool) -> str:
    t = s.data.hexes[h]
    if not t.producing:
        return "The plague goes only on a numbered land hex."
    if h == s.plague:
        return "The plague must move to a different hex."
    victims = _victims(s, h, seat)
    if victim >= 0 and victim not in victims:
        return (
            f"{colour(victim).capitalize()} has no card and building at hex {t.label}."
            if victim < len(s.players)
            else "No such player."
        )
    if victim < 0 and victims and not optional:
        return f"Name whom you take a card from: {', '.join(colour(v) for v in victims)}."
    return "That plague move is not possible."


def _explain_play(s: State, seat: int, a: A.Play) -> str:
    p = s.players[seat]
    if a.card not in p.dev:
        return f"You hold no {a.card} card."
    if a.card not in VP_CARD_IDS:
        if s.dev_played:
            return "You have already played a development card this turn (one per turn)."
        if p.dev.count(a.card) <= p.new.count(a.card):
            return "You cannot play a development card on the turn you bought it."
    event = s.data.event(a.card)
    if a.card == "priest" or (event is not None and event.kind == "move_plague"):
        if a.hex < 0:
            return f"Say where the plague goes: `play {a.card} C from red`."
        return _explain_plague(s, seat, a.hex, a.victim, optional=False)
    if event is not None and event.kind == "take_from_bank":
        n = min(event.count, sum(s.bank))
        return (
            f"Name {n} cards the bank holds ({hand_text(s.bank)}), "
            f"e.g. `play {a.card} 1 ore+1 wool`."
        )
    if event is not None and event.kind == "monopoly":
        return f"Name one resource: `play {a.card} ore`."
    return "You cannot play that card now."


def _explain_stone(s: State, seat: int, a: A.Stone) -> str:
    p = s.players[seat]
    if len(s.jerusalem) >= s.data.blocks:
        return "Jerusalem is complete."
    if B.pieces_left(s, seat, "stone") <= 0:
        return "You have no building stone left."
    if not covers(p.hand, COSTS["stone"]):
        return f"A stone costs {hand_text(COSTS['stone'])}; you have {hand_text(p.hand)}."
    own = B.own_jerusalem_building(s, seat)
    if a.via < 0:
        if not own:
            owners = sorted(B.route_owners(s, seat))
            if owners:
                return (
                    "You have no building at Jerusalem; build via "
                    f"{', '.join(colour(o) for o in owners)}: "
                    f"`stone via {colour(owners[0])} pay ore`."
                )
            return (
                "You need a settlement or city on one of Jerusalem's "
                "intersections, or a trade route to another player's."
            )
        return "You cannot build a stone now."
    if own:
        return "You have your own building at Jerusalem: build with `stone`, no fee."
    if a.via not in B.route_owners(s, seat):
        return (
            "No trade route leads from your buildings to a building of "
            f"{colour(a.via) if a.via < len(s.players) else 'that player'} at Jerusalem."
        )
    return f"After the stone's cost you have no {RESOURCES[a.pay]} left to pay the fee."


# ------------------------------------------------------------------------------------ apply

Result = tuple[State, list[Event]]


def apply(s: State, seat: int, a: A.Action) -> tuple[State, list[Event], bool]:
    """Apply a checked action: (new state, events, reveals)."""
    handler = _HANDLERS[type(a)]
    new, events, reveals = handler(draft(s), seat, a)
    if new.phase is Phase.TURN:
        new = _refresh_offer(new)
        if type(a) not in _NO_VP_CHANGE:
            new, more = _check_win(new)
            events += more
    # In full: the view shows the cards of a discard, gift or take to its player only.
    text = A.format_action(a, s.data)
    new = evolve(new, last_seat=seat, last_move=text, last_marks=_marks(a, s))
    return freeze(new), events, reveals


_NO_VP_CHANGE = frozenset(
    {A.Decline, A.Accept, A.Counter, A.MakeOffer, A.Withdraw, A.Trade, A.BankTrade}
)
"""Action kinds that move only cards between hands and the bank, never a building, a special
card or the current player: after them nobody's VP differs, so the win check is skipped (it ran
after the move that last changed VP)."""


def _marks(a: A.Action, s: State) -> tuple[str, ...]:
    match a:
        case A.Road(edge=e):
            return (f"e{e}",)
        case A.Settlement(vertex=v) | A.City(vertex=v) | A.Start(vertex=v):
            return (f"v{v}",)
        case A.Plague(hex=h) | A.Play(hex=h) if h >= 0:
            return (f"h{h}",)
        case A.Stone():
            return ("j",)
    return ()


def _ev(kind: str, text: str, **data: object) -> Event:
    return Event(kind, text, dict(data))


def _private(kind: str, text: str, seats: set[int], public: str | None) -> Event:
    return Event(kind, text, {}, frozenset(Seat(i) for i in seats), public)


def _set_player(s: State, seat: int, **kw: object) -> State:
    players = list(s.players)
    players[seat] = with_player(players[seat], **kw)
    return evolve(s, players=tuple(players))


def _pay(s: State, seat: int, price: Hand) -> State:
    p = s.players[seat]
    s = _set_player(s, seat, hand=sub(p.hand, price))
    return evolve(s, bank=add(s.bank, price))


def _gain(s: State, seat: int, cards: Hand) -> State:
    p = s.players[seat]
    s = _set_player(s, seat, hand=add(p.hand, cards))
    return evolve(s, bank=sub(s.bank, cards))


def _move_cards(s: State, src: int, dst: int, cards: Hand) -> State:
    s = _set_player(s, src, hand=sub(s.players[src].hand, cards))
    return _set_player(s, dst, hand=add(s.players[dst].hand, cards))


def _build_vertex(s: State, v: int, value: int) -> State:
    b = list(s.buildings)
    b[v] = value
    return evolve(s, buildings=tuple(b))


def _apply_settlement(s: State, seat: int, a: A.Settlement) -> tuple[State, list[Event], bool]:
    v = a.vertex
    events = []
    if s.phase is Phase.SETUP:
        s = evolve(_build_vertex(s, v, seat), setup_vertex=v)
        events.append(
            _ev(
                "settlement",
                f"{colour(seat).capitalize()} places a settlement at {B.vertex_text(s.data, v)}.",
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
                f"{colour(seat).capitalize()} builds a "
                f"settlement{' free' if free else ''} at {B.vertex_text(s.data, v)}."
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
    if s.phase is Phase.SETUP:
        s = evolve(s, roads=tuple(roads), setup_vertex=-1, setup_index=s.setup_index + 1)
        s, _ = _award_roads(s, (seat,))  # lengths are kept from the first road (never 5 yet)
        events = [_ev("road", f"{colour(seat).capitalize()} places a road at {label}.")]
        if s.setup_index >= len(s.setup_order):
            s = evolve(s, phase=Phase.START)
            events.append(
                _ev("start", "Each player now chooses one settlement for the starting cards.")
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
            f"{colour(seat).capitalize()} builds a road{' free' if free else ''} at {label}.",
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
        [_ev("city", f"{colour(seat).capitalize()} upgrades {a.vertex + 1} to a city.")],
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
            f"You take {hand_text(cards)} for your settlement at {a.vertex + 1}.",
            {seat},
            (
                f"{colour(seat).capitalize()} takes {sum(cards)} "
                f"starting cards for the settlement at {a.vertex + 1}."
            ),
        )
    ]
    if all(p.start >= 0 for p in s.players):
        s = evolve(s, phase=Phase.TURN, current=s.first_player, turn=1)
        events.append(_ev("turn", f"{colour(s.first_player).capitalize()} begins (highest roll)."))
    return s, events, False


def _apply_roll(s: State, seat: int, a: A.Roll) -> tuple[State, list[Event], bool]:
    dice, rng = s.rng.dice(2)
    total = dice[0] + dice[1]
    s = evolve(s, rng=rng, dice=dice, rolled=True)
    events = [
        _ev(
            "roll",
            f"{colour(seat).capitalize()} rolls {dice[0]}+{dice[1]} = {total}.",
            dice=list(dice),
        )
    ]
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
                (
                    "The plague is active: a black stone is added to "
                    f"Jerusalem ({len(s.jerusalem)}/{s.data.blocks})."
                ),
            )
        )
        s, more = _jerusalem_check(s)
        events += more
        if s.phase is Phase.OVER:
            return s, events
    pend = tuple(
        Pending(i, "discard", p.cards // 2, "a 7")
        for i, p in enumerate(s.players)
        if p.cards > HAND_LIMIT
    )
    if pend:
        names = ", ".join(f"{colour(x.seat)} ({x.count})" for x in pend)
        events.append(_ev("discard-due", f"Discarding half their cards: {names}."))
    return evolve(s, pending=pend, plague_due=True), events


def _produce(s: State, number: int) -> Result:
    d = s.data
    owed = [[0] * 5 for _ in s.players]
    copper = [0] * len(s.players)
    b = s.buildings
    for h, res, corners in d.by_number.get(number, ()):
        if h == s.plague:
            continue
        for v in corners:
            occ = b[v]
            if occ == EMPTY:
                continue
            n = 2 if occ >= CITY else 1
            if res is None:
                copper[occ % CITY] += n
            else:
                owed[occ % CITY][res] += n
    events: list[Event] = []
    bank = list(s.bank)
    hands = [list(p.hand) for p in s.players]
    short = []
    # Per resource, what all seats are owed (one pass instead of a sum per resource).
    totals = [sum(col) for col in zip(*owed, strict=True)]
    for r in range(5):
        total = totals[r]
        if not total:
            continue
        takers = [i for i, o in enumerate(owed) if o[r]]
        if total <= bank[r]:
            for i in takers:
                hands[i][r] += owed[i][r]
            bank[r] -= total
        elif len(takers) == 1:
            hands[takers[0]][r] += bank[r]
            short.append(f"the bank had only {bank[r]} {RESOURCES[r]} for {colour(takers[0])}")
            bank[r] = 0
        else:
            short.append(f"the bank cannot pay everyone {RESOURCES[r]}, so nobody receives it")
    players = list(s.players)
    got = []
    private = []
    for i, before in enumerate(s.players):
        after = tuple(hands[i])
        if after == before.hand:
            continue  # only the receivers' records are copied
        players[i] = with_player(before, hand=after)
        got.append(f"{colour(i)} {hand_text(sub(after, before.hand))}")
        # Each receiver also gets a private line with the hand it now holds.
        private.append(_private("hand", f"Your hand now: {hand_text(after)}.", {i}, None))
    if got:
        s = evolve(s, players=tuple(players), bank=(bank[0], bank[1], bank[2], bank[3], bank[4]))
        events.append(_ev("production", "Production: " + "; ".join(got) + "."))
        events += private
    elif not any(copper):
        events.append(_ev("production", f"Nothing is produced on a {number}."))
    if short:
        events.append(_ev("shortage", "Bank short: " + "; ".join(short) + "."))
    left = sum(s.bank)
    pend = []
    for i, n in enumerate(copper):
        if n and left:
            pend.append(Pending(i, "take", min(n, left), "copper"))
    if pend:
        events.append(
            _ev(
                "copper",
                "Copper produces: "
                + ", ".join(f"{colour(x.seat)} chooses {x.count}" for x in pend)
                + ".",
            )
        )
    return evolve(s, pending=tuple(pend)), events


def _apply_discard(s: State, seat: int, a: A.Discard) -> tuple[State, list[Event], bool]:
    s = _pay(s, seat, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "discard",
            f"You discard {hand_text(a.cards)}.",
            {seat},
            f"{colour(seat).capitalize()} discards {sum(a.cards)} cards.",
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
                f"{colour(seat).capitalize()} takes {hand_text(a.cards)} from {colour(victim)}.",
                {seat, victim},
                f"{colour(seat).capitalize()} takes {sum(a.cards)} card(s) from {colour(victim)}.",
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
        [_ev("take", f"{colour(seat).capitalize()} takes {hand_text(a.cards)} ({pend.reason}).")],
        False,
    )


def _apply_give(s: State, seat: int, a: A.Give) -> tuple[State, list[Event], bool]:
    pend = next(x for x in s.pending if x.seat == seat)
    s = _move_cards(s, seat, s.current, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "give",
            (
                f"{colour(seat).capitalize()} gives {hand_text(a.cards)} "
                f"to {colour(s.current)} ({pend.reason})."
            ),
            {seat, s.current},
            (
                f"{colour(seat).capitalize()} gives {sum(a.cards)} "
                f"card(s) to {colour(s.current)} ({pend.reason})."
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
            f"{colour(thief).capitalize()} takes 1 {RESOURCES[res]} from {colour(victim)}.",
            {thief, victim},
            f"{colour(thief).capitalize()} takes a random card from {colour(victim)}.",
        )
    ]


def _move_plague(s: State, seat: int, h: int, victim: int, why: str) -> Result:
    t = s.data.hexes[h]
    s = evolve(s, plague=h)
    events = [
        _ev(
            "plague",
            (
                f"{colour(seat).capitalize()} moves the plague "
                f"to {t.label} ({t.terrain} {t.number}){why}."
            ),
        )
    ]
    if victim >= 0:
        s, more = _steal(s, seat, victim)
        events += more
    return s, events


def _apply_plague(s: State, seat: int, a: A.Plague) -> tuple[State, list[Event], bool]:
    s = evolve(s, plague_due=False)
    s, events = _move_plague(s, seat, a.hex, a.victim, "")
    return s, events, a.victim >= 0


def _apply_buy(s: State, seat: int, a: A.Buy) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["development card"]), built=True)
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
                f"{colour(seat).capitalize()} buys a development card: {name}.",
                {seat},
                f"{colour(seat).capitalize()} buys a development card ({len(deck)} left).",
            )
        ],
        True,
    )


def card_name(d: CanaanData, card: str) -> str:
    """Display name of a development card id."""
    if card == "priest":
        return "Priest"
    e = d.event(card)
    if e is not None:
        return e.name
    return dict(VP_CARDS).get(card, card)


def _apply_stone(s: State, seat: int, a: A.Stone) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["stone"]), built=True)
    events = []
    if a.via >= 0:
        s = _move_cards(s, seat, a.via, one(a.pay))
        events.append(
            _ev(
                "fee",
                (
                    f"{colour(seat).capitalize()} pays {colour(a.via)} 1 "
                    f"{RESOURCES[a.pay]} to build through their building at Jerusalem."
                ),
            )
        )
    p = s.players[seat]
    s = _set_player(s, seat, stones=p.stones + 1)
    s = evolve(s, jerusalem=(*s.jerusalem, seat))
    events.append(
        _ev(
            "stone",
            (
                f"{colour(seat).capitalize()} adds a stone to "
                f"Jerusalem ({len(s.jerusalem)}/{s.data.blocks})."
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
            [_ev("vp-card", f"{colour(seat).capitalize()} plays {card_name(d, a.card)}: +1 VP.")],
            True,
        )
    s = _set_player(s, seat, dev=tuple(dev))
    s = evolve(s, dev_played=True)
    who = colour(seat).capitalize()
    if a.card == "priest":
        s = _set_player(s, seat, priests=s.players[seat].priests + 1)
        s, events = _move_plague(s, seat, a.hex, a.victim, " (Priest)")
        s, more = _award_priests(s)
        return s, events + more, True
    event = d.event(a.card)
    assert event is not None
    head = _ev("event", f"{who} plays {event.name}: {event.text}.")
    k = event.kind
    if k == "move_plague":
        s, events = _move_plague(s, seat, a.hex, a.victim, f" ({event.name})")
        return s, [head, *events], True
    if k == "everyone_takes":
        left = sum(s.bank)
        n = min(event.count, left)
        pend = tuple(Pending(i, "take", n, event.name) for i in range(len(s.players))) if n else ()
        return evolve(s, pending=pend), [head], False
    if k == "take_from_bank":
        s = _gain(s, seat, a.cards)
        return s, [head, _ev("take", f"{who} takes {hand_text(a.cards)}.")], False
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
                got.append(f"{colour(i)} {other.hand[res]}")
                s = _move_cards(s, i, seat, one(res, other.hand[res]))
        text = (
            f"{who} names {RESOURCES[res]}: " + (", ".join(got) if got else "nobody has any") + "."
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
        return s, [head, _ev("take", f"{who} takes {n} {RESOURCES[res]}.")], False
    # look_and_take
    targets = _look_targets(s, seat)
    if not targets:
        return s, [head, _ev("event", "No other player holds a card.")], False
    return evolve(s, look_stage=1, look_count=event.count), [head], False


def _apply_look(s: State, seat: int, a: A.Look) -> tuple[State, list[Event], bool]:
    victim = s.players[a.seat]
    s = evolve(s, look_stage=2, look_victim=a.seat)
    ev = _private(
        "look",
        f"{colour(a.seat).capitalize()}'s hand: {hand_text(victim.hand)}.",
        {seat, a.seat},
        f"{colour(seat).capitalize()} looks at {colour(a.seat)}'s hand.",
    )
    return s, [ev], True


def _apply_bless(s: State, seat: int, a: A.Bless) -> tuple[State, list[Event], bool]:
    s = evolve(s, bank=sub(s.bank, one(a.res)), blessing_res=a.res, blessing_due=False)
    return (
        s,
        [
            _ev(
                "blessing",
                (
                    f"{colour(seat).capitalize()} keeps 1 {RESOURCES[a.res]} "
                    "under King's Blessing and trades it 2:1."
                ),
            )
        ],
        False,
    )


def _apply_bank(s: State, seat: int, a: A.BankTrade) -> tuple[State, list[Event], bool]:
    rate = B.trade_rate(s, seat, a.give)
    s = _pay(s, seat, one(a.give, rate))
    s = _gain(s, seat, one(a.get))
    return (
        s,
        [
            _ev(
                "bank",
                (
                    f"{colour(seat).capitalize()} trades {rate} "
                    f"{RESOURCES[a.give]} with the bank for 1 {RESOURCES[a.get]}."
                ),
            )
        ],
        False,
    )


def _apply_offer(s: State, seat: int, a: A.MakeOffer) -> tuple[State, list[Event], bool]:
    offer = Offer(a.give, a.get, None if a.to < 0 else a.to, (Answer(),) * len(s.players))
    s = evolve(s, offer=offer, offers_made=s.offers_made + 1)
    to = f" to {colour(a.to)}" if a.to >= 0 else ""
    return (
        s,
        [
            _ev(
                "offer",
                (
                    f"{colour(seat).capitalize()} offers "
                    f"{hand_text(a.give)} for {hand_text(a.get)}{to}."
                ),
            )
        ],
        False,
    )


def _answer(s: State, seat: int, ans: Answer) -> State:
    o = s.offer
    assert o is not None
    answers = list(o.answers)
    answers[seat] = ans
    return evolve(s, offer=replace(o, answers=tuple(answers)))


def _apply_accept(s: State, seat: int, a: A.Accept) -> tuple[State, list[Event], bool]:
    return (
        _answer(s, seat, Answer("accept")),
        [_ev("answer", f"{colour(seat).capitalize()} accepts.")],
        False,
    )


def _apply_decline(s: State, seat: int, a: A.Decline) -> tuple[State, list[Event], bool]:
    return (
        _answer(s, seat, Answer("decline")),
        [_ev("answer", f"{colour(seat).capitalize()} declines.")],
        False,
    )


def _apply_counter(s: State, seat: int, a: A.Counter) -> tuple[State, list[Event], bool]:
    s = _answer(s, seat, Answer("counter", a.give, a.get))
    return (
        s,
        [
            _ev(
                "answer",
                (
                    f"{colour(seat).capitalize()} counters: "
                    f"{hand_text(a.give)} for {hand_text(a.get)}."
                ),
            )
        ],
        False,
    )


def _apply_trade(s: State, seat: int, a: A.Trade) -> tuple[State, list[Event], bool]:
    o = s.offer
    assert o is not None
    ans = o.answers[a.seat]
    if ans.kind == "accept":
        mine, theirs = o.give, o.get
    else:
        mine, theirs = ans.get, ans.give
    s = _move_cards(s, seat, a.seat, mine)
    s = _move_cards(s, a.seat, seat, theirs)
    s = evolve(s, offer=None)
    return (
        s,
        [
            _ev(
                "trade",
                (
                    f"{colour(seat).capitalize()} gives {hand_text(mine)} "
                    f"to {colour(a.seat)} for {hand_text(theirs)}."
                ),
            )
        ],
        False,
    )


def _apply_withdraw(s: State, seat: int, a: A.Withdraw) -> tuple[State, list[Event], bool]:
    return (
        evolve(s, offer=None),
        [_ev("withdraw", f"{colour(seat).capitalize()} withdraws the offer.")],
        False,
    )


def _apply_end(s: State, seat: int, a: A.End) -> tuple[State, list[Event], bool]:
    events = [_ev("end", f"{colour(seat).capitalize()} ends the turn.")]
    if s.play_on:
        s, more = _jerusalem_check(s)
        events += more
        if s.phase is Phase.OVER:
            return s, events, False
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
    events = [_special_event("Longest Road", s.longest, holder, lengths)]
    return evolve(s, longest=holder), events


def _award_priests(s: State) -> Result:
    counts = [p.priests for p in s.players]
    holder = _unique_leader(counts, MOST_PRIESTS_MIN)
    if holder == s.most_priests:
        return s, []
    events = [_special_event("Most Priests", s.most_priests, holder, counts)]
    return evolve(s, most_priests=holder), events


def _award_blessing(s: State) -> Result:
    counts = [p.stones for p in s.players]
    holder = _unique_leader(counts, 1)
    if holder == s.blessing:
        return s, []
    events = [_special_event("King's Blessing", s.blessing, holder, counts)]
    if s.blessing >= 0 and s.blessing_res >= 0:
        s = evolve(s, bank=add(s.bank, one(s.blessing_res)))
    s = evolve(s, blessing=holder, blessing_res=-1)
    if holder >= 0 and sum(s.bank) > 0:
        s = evolve(s, blessing_due=True)
    return s, events


def _special_event(name: str, old: int, new: int, values: list[int]) -> Event:
    if new >= 0:
        return _ev(
            "special", f"{colour(new).capitalize()} takes {name} ({values[new]}): +{SPECIAL_VP} VP."
        )
    return _ev(
        "special",
        (
            f"{name} goes back beside the board (tie or none "
            f"qualifies); {colour(old)} loses {SPECIAL_VP} VP."
        ),
    )


# ------------------------------------------------------------------------------------ end


def _refresh_offer(s: State) -> State:
    """Offers close when trading is over (the current player built or bought: the rulebook's
    order is trade, then build) or the current player no longer holds what they offered. An
    answer whose hand no longer allows it (an acceptance without the asked cards, a counter
    without its own cards) is voided, and that player may answer again."""
    o = s.offer
    if o is None:
        return s
    if s.built or not covers(s.players[s.current].hand, o.give):
        return evolve(s, offer=None)
    answers = o.answers
    for i, a in enumerate(answers):
        if a.kind == "accept" and not covers(s.players[i].hand, o.get):
            answers = answers[:i] + (Answer(),) + answers[i + 1 :]
        elif a.kind == "counter" and not covers(s.players[i].hand, a.give):
            answers = answers[:i] + (Answer(),) + answers[i + 1 :]
    if answers is not o.answers:
        return evolve(s, offer=replace(o, answers=answers))
    return s


def _check_win(s: State) -> Result:
    if s.phase is not Phase.TURN or s.pending:
        return s, []
    points = vp(s, s.current)
    if points >= VP_TO_WIN:
        reason = f"{colour(s.current).capitalize()} reaches {points} VP in their own turn and wins."
        return evolve(s, phase=Phase.OVER, winner=s.current, end_reason=reason), [
            _ev("over", reason)
        ]
    return s, []


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
            f"Jerusalem is complete; {colour(seat)} wins with {top[0]} VP"
            + (f" and {top[1]} stones (tie on VP broken by stones)" if by_stones else "")
            + "."
        )
        return evolve(s, phase=Phase.OVER, winner=seat, end_reason=reason), [_ev("over", reason)]
    if s.play_on:
        return s, []
    names = " and ".join(colour(r[2]) for r in tied)
    text = (
        f"Jerusalem is complete but {names} are tied on VP and "
        "stones: play continues until a turn ends with one leader."
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
