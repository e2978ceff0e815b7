"""Trading: the bank trades and the offers between players (offers, answers, counters, the
offerer's replies and the trade confirmed): which are legal, applying them, and an open offer
closing or an answer lapsing when hands change."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import Hand, hand_words
from bot.games.canaan.effects import _SAID, Result, _ev, _move_cards, _remember
from bot.games.canaan.hands import covers, sub_hands
from bot.games.canaan.state import Answer, Offer, State, evolve, with_player
from bot.games.canaan.words import _CAPITALISED, colour, colour_title, resource
from bot.games.protocol import Event
from bot.games.text import Text, and_list, joined, tx, tx_n

MAX_OFFER = 3  # cards of one kind drawn by the random bot's offers (a subset of MAX_SIDE's)
MAX_SIDE = 3
"""Cards (of any kinds) on each side of an offer, counter or reply: with any mix of kinds a turn
lists up to 1,170 pairs of sides (times the players it may be addressed to), and every offer
of one kind (1-3 a side) stays legal as before."""
MAX_OFFERS_PER_TURN = 3


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


def _trades(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Trade, _confirmable(s))


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


_DECLINE, _ACCEPT = (A.Decline(),), (A.Accept(),)


def _decline(s: State, seat: int) -> Iterable[A.Action]:
    return _DECLINE


def _accept(s: State, seat: int) -> Iterable[A.Action]:
    return _ACCEPT


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


_WITHDRAWS = tuple(tx("{player} withdraws the offer.", player=c) for c in _CAPITALISED)
_DECLINES = tuple(tx("{player} declines.", player=c) for c in _CAPITALISED)


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
