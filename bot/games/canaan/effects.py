"""What each action's handler is made of: events (public, private, and sentences said once and
then reused) and the small state edits (a player, hands and the bank, cards moved between seats)."""

from __future__ import annotations

from bot.games.canaan.data import Hand
from bot.games.canaan.hands import add, sub
from bot.games.canaan.state import State, evolve, with_hand, with_player
from bot.games.canaan.turn import _ALONE
from bot.games.protocol import JSON, Event, Seat, make_event
from bot.games.text import Text

Result = tuple[State, list[Event]]


_SAID: dict[object, Text] = {}
"""Sentences of frequent events by what they say (a roll by seat and dice, an offer by seat and
action...): said once, then the same immutable Text serves every game (whole random games make
thousands of events)."""


def _remember(key: object, text: Text) -> Text:
    if len(_SAID) >= 50_000:
        _SAID.clear()  # bounded; rebuilt from the events said next
    _SAID[key] = text
    return text


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
