"""What one step says: `Outcome` collects the events (public, or private to one seat) and
whether hidden things came out; the card draws and goods words those events are made of."""

from __future__ import annotations

from typing import Any

from bot.games.architects import economy as E
from bot.games.architects.cards import BUILDING_BY_ID
from bot.games.architects.state import State
from bot.games.architects.words import comma
from bot.games.architects.words import goods as goods_words
from bot.games.protocol import Event, Seat
from bot.games.text import tx, tx_n


class Outcome:
    """Collects events and whether hidden things came out during one step."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.reveals = False

    def say(self, st: State, text: str) -> None:
        """A public event, also kept in the state's short log (a `Text`: a whole sentence)."""
        text = E.sentence(text)
        self.events.append(Event("move", text))
        E.note(st, text)

    def secret(self, seat: int, text: str, public: str | None) -> None:
        """An event only `seat` sees in full (others read `public`, if any)."""
        self.events.append(
            Event(
                "draw",
                text,
                visible_to=frozenset({Seat(seat)}),
                public_text=None if public is None else E.sentence(public),
            )
        )
        self.reveals = True


def card_names(cards: list[int]) -> str:
    """'Well, Church' (or 'nothing')."""
    return comma([BUILDING_BY_ID[c].name for c in cards]) or tx("nothing")


def draw(st: State, i: int, n: int, out: Outcome) -> list[int]:
    """Draw building cards into a hand, privately."""
    got = E.draw_buildings(st, i, n)
    if i < st.seats:
        out.secret(
            i,
            tx("You draw {cards}.", cards=card_names(got)),
            tx_n("{who} draws {n} card.", "{who} draws {n} cards.", len(got), who=E.who(st, i)),
        )
    return got


def _paid(goods: tuple[str, ...] | list[str]) -> str:
    """('wood', 'wood', 'stone') as '2 wood and 1 stone'."""
    return goods_words({g: goods.count(g) for g in dict.fromkeys(goods)})


def _goods(items: Any) -> str:
    """'1 virtue and 3 silver', '1 building card' ('nothing' for none)."""
    return goods_words(items)
