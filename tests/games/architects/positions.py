"""Builders of Architects positions for rule tests: a game past its opening draft, with the board
and players then set up by hand the way a rulebook example describes."""

from __future__ import annotations

from typing import Any

from bot.games import get_engine
from bot.games.architects.board import COLOURS
from bot.games.architects.cards import APPRENTICES, BUILDING_BY_SLUG
from bot.games.architects.state import Phase, Player, State
from bot.games.protocol import Seat, Transition, step_text
from bot.games.rejections import Rejection

ENGINE = get_engine("architects")


def started(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A game right after the opening draft (everyone kept the first card offered)."""
    st = ENGINE.new_game(players, options, seed)
    while st.phase is Phase.DRAFT:
        for seat in sorted(ENGINE.to_act(st)):
            st = play(st, seat, ENGINE.format_action(ENGINE.legal_actions(st, seat)[0], st))
    return st


def blank(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A started game whose players hold nothing: no silver, goods, cards or apprentices, 7 virtue,
    20 workers; seat 0 to play; the Tax Stand empty."""
    st = started(players, seed, **options)
    for p in st.players:
        p.silver, p.goods, p.hand, p.apprentices, p.virtue = 0, {}, [], [], 7
        p.debts = p.paid = p.prison = 0
    st.turn = st.order.index(0)
    st.tax_stand = 0
    return st


def seat_of(colour: str) -> int:
    """Seat of a colour (red 0, blue 1, yellow 2, green 3, purple 4)."""
    return COLOURS.index(colour)


def play(st: State, seat: int, text: str) -> State:
    """Play one move that must be accepted."""
    result = step_text(ENGINE, st, Seat(seat), text)
    assert isinstance(result, Transition), f"{text!r} refused: {result}"
    return result.state


def refused(st: State, seat: int, text: str) -> str:
    """Play a move that must be refused; return the sentence."""
    result = step_text(ENGINE, st, Seat(seat), text)
    assert isinstance(result, Rejection), f"{text!r} was accepted"
    return result.message


def give(p: Player, **goods: int) -> None:
    """Add goods (and silver) to a player."""
    for good, n in goods.items():
        p.add(good, n)


def apprentice(name: str, skill: str | None = None) -> int:
    """The id of an apprentice card by name (and skill when several)."""
    for a in APPRENTICES:
        if a.name == name and (skill is None or skill in a.skills):
            return a.cid
    raise KeyError(name)


def building(slug: str) -> int:
    """The id of a building card by slug."""
    return BUILDING_BY_SLUG[slug].cid


def to_turn(st: State, seat: int) -> State:
    """Make it `seat`'s turn with no decision pending."""
    st.turn = st.order.index(seat)
    st.pending = []
    return st
