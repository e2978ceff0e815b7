"""Settlers of Canaan rules: new game, who acts, legal actions, and applying them.

`legal_actions` is the single source of truth: `check` accepts exactly what it lists and explains
anything else in one sentence (`explain`). Applying goes through one `_apply_<kind>` per action
kind; each returns the new state and its events.

This module is the core other code imports: `check`, `transition` (dispatching each action to its
handler) and the end of a turn. The rest lives by idea beside it, and the names callers use are
re-exported here (`__all__`): `hands` (card arithmetic), `words` (names as players read them),
`turn` (who acts), `effects` (events and state edits), `opening` (new game, starting placement),
`production` (the roll, a 7, the plague), `building` (roads, settlements, cities, stones),
`cards` (development cards and events), `trading` (the bank and offers), `victory` (scores,
special cards, the end), `legal` (listing legal actions) and `explain` (refusals).

Rule readings (also in the /game rules text):
- Bank shortage: when the bank cannot pay every player a resource, nobody receives it, unless only
  one player is owed it, who takes what is left (the Catan rule). Copper and event choices take
  from what the bank holds at the moment of choosing.
- Roll, trade, build in that order: after building or buying, no more trades this turn.
- Only played victory point cards count; a seat reaching 12 VP outside its turn wins at the start
  of its next turn (or during it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.building import (
    _apply_city,
    _apply_road,
    _apply_settlement,
    _apply_stone,
    _stone_options,
    city_cost,
)
from bot.games.canaan.cards import VP_CARD_IDS, _apply_buy, _apply_look, _apply_play, playable_cards
from bot.games.canaan.data import Hand
from bot.games.canaan.effects import Result, _ev, _set_player
from bot.games.canaan.explain import explain
from bot.games.canaan.hands import add, count_sub_hands, covers, one, sub, sub_hands, total_cards
from bot.games.canaan.legal import (
    _LAST,
    _PENDING_KIND,
    Groups,
    Options,
    _legal,
    _pending_of,
    _pending_source,
    legal_actions,
    legal_groups,
    more_legal_actions_than,
    some_legal_actions,
)
from bot.games.canaan.opening import _apply_start, new_game
from bot.games.canaan.production import (
    _apply_discard,
    _apply_give,
    _apply_plague,
    _apply_roll,
    _apply_take,
)
from bot.games.canaan.state import OVER, TURN, State, draft, evolve, freeze
from bot.games.canaan.trading import (
    MAX_OFFER,
    MAX_OFFERS_PER_TURN,
    MAX_SIDE,
    _apply_accept,
    _apply_bank,
    _apply_counter,
    _apply_decline,
    _apply_offer,
    _apply_reply,
    _apply_trade,
    _apply_withdraw,
    _counter_ok,
    _offer_ok,
    _refresh_offer,
    asked,
    terms,
)
from bot.games.canaan.turn import answerers, awaiting_answers, current_mode, may_act, to_act
from bot.games.canaan.victory import (
    KINGS_BLESSING,
    LONGEST_ROAD,
    MOST_PRIESTS,
    _apply_bless,
    _award_roads,
    _check_win,
    _jerusalem_check,
    breakdown,
    end_words,
    standings,
    vp,
)
from bot.games.canaan.words import (
    _CAPITALISED,
    card_name,
    colour,
    colour_title,
    reason_words,
    resource,
)
from bot.games.protocol import Event, Transition
from bot.games.rejections import Rejection, illegal
from bot.games.text import tx

__all__ = [
    # this module's own
    "check",
    "is_legal",
    "transition",
    # moved by idea into the modules beside this one
    "add",
    "sub",
    "covers",
    "one",
    "sub_hands",
    "count_sub_hands",
    "total_cards",
    "colour",
    "colour_title",
    "resource",
    "reason_words",
    "card_name",
    "to_act",
    "awaiting_answers",
    "answerers",
    "may_act",
    "current_mode",
    "Result",
    "new_game",
    "city_cost",
    "VP_CARD_IDS",
    "playable_cards",
    "MAX_OFFER",
    "MAX_SIDE",
    "MAX_OFFERS_PER_TURN",
    "terms",
    "asked",
    "LONGEST_ROAD",
    "MOST_PRIESTS",
    "KINGS_BLESSING",
    "vp",
    "breakdown",
    "end_words",
    "standings",
    "legal_actions",
    "Options",
    "Groups",
    "legal_groups",
    "more_legal_actions_than",
    "some_legal_actions",
    "explain",
    # private helpers that the bots and the tests call as `rules.<name>`
    "_stone_options",
    "_award_roads",
    "_refresh_offer",
    # the state's and the actions' names that the tests reach through this module
    "A",
    "B",
    "State",
    "TURN",
    "evolve",
    "replace",
]


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


_ENDS = tuple(tx("{player} ends the turn.", player=c) for c in _CAPITALISED)


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
