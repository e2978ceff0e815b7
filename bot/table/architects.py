"""Architects at the table: its subcommands (`TABLE`), its private information in words (the
building hand and the draft hand), and which moves name a secret card (never offered on the
buttons under a public post; `/architects hand` offers them privately)."""

from __future__ import annotations

from typing import Any

from bot.games.architects.board import LOCATION_NAMES
from bot.table.format import MENU_LIMIT
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["PRIVATE_HINT", "TABLE", "hand_text", "is_private_move", "public_notation"]

PRIVATE_HINT = "Choose your card privately with `/architects hand` (or `/architects act`)."
NOTHING = "You hold no building cards right now."


def is_private_move(notation: str) -> bool:
    """True for a move naming a card of the mover's hand or draft hand."""
    return notation.startswith(("keep ", "discard ", "place guildhall build "))


def public_notation(notation: str) -> str:
    """A move as everyone reads it: which card was kept or discarded stays secret."""
    if notation.startswith("keep "):
        return "keep a card"
    if notation.startswith("discard "):
        return "discard a card"
    return notation


_PLACES = LOCATION_NAMES


def move_label(notation: str) -> str:
    """A button or menu label: `place mines gold` -> `Mines: gold`; other moves as written."""
    words = notation.split(" ", 2)
    if words[0] == "place" and len(words) > 1 and words[1] in _PLACES:
        name = _PLACES[words[1]]
        return f"{name}: {words[2]}" if len(words) > 2 else name
    return notation


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """(label, notation) of every legal move, labelled from the position: which apprentice a
    slot holds and what it costs, what a Black Market space gives, how many workers a capture
    takes.

    A drop-down holds 25 entries and a turn can offer ~30 public placements, in which case no
    menu would appear at all. Then the Black Market's "space b, hire" entries (up to 8) give
    way, and the space b entry says where to hire there (`/architects place blackmarket`)."""
    from bot.games import get_engine
    from bot.games.architects.labels import decision_label, place_label

    engine = get_engine("architects")
    out = []
    for action in engine.legal_actions(state, seat):
        n = engine.format_action(action, state)
        words = n.split(" ", 2)
        if words[0] == "place" and len(words) > 1:
            rest = words[2] if len(words) > 2 else ""
            label = place_label(state, seat, words[1], rest)
            if rest:
                label = f"{_PLACES[words[1]]} {label}"
        else:
            label = decision_label(state, seat, n)
        out.append((label[:100], n))
    public = [n for _, n in out if not is_private_move(n)]
    if len(public) > MENU_LIMIT:
        out = [(label, n) for label, n in out if not n.startswith("place blackmarket b hire ")]
        out = [
            (
                label.replace("space b, plans: ", "b: ") + " (hire: /architects place blackmarket)",
                n,
            )
            if n == "place blackmarket b plans"
            else (label, n)
            for label, n in out
        ]
    return out


def _card(card: Any) -> str:
    cost = ", ".join(f"{n} {g}" for g, n in card.cost)
    skills = "/".join(card.skills)
    need = f"; needs {skills}" if skills else ""
    return f"**{card.name}** ({card.vp} VP; {cost}{need}; {card.effect})"


def hand_text(view: Any) -> str | None:
    """The viewer's cards in words (draft hand first during the opening draft), or None."""
    me = next((p for p in view.players if p.index == view.viewer), None)
    if me is None:
        return None
    parts = []
    if me.draft_hand:
        parts.append(
            f"Draft round {view.draft_round} of 3, keep one: "
            + "; ".join(_card(c) for c in me.draft_hand)
            + "."
        )
    if me.hand:
        parts.append("Your hand: " + "; ".join(_card(c) for c in me.hand) + ".")
    return "\n".join(parts) or None


TABLE = GameTable(
    key="architects",
    cog="cogs.architects",
    subcommands={
        "place": Subcommand(
            "place",
            ("location", "choice"),
            "place a worker, e.g. `/architects place mines gold`, `place workshop hire t3`",
            lead="place",
        ),
        "retrieve": simple("retrieve", "with no workers left, take one back", "location"),
        "trade": simple("trade", "a King's Storehouse trade, e.g. `clay+wood->virtue`", "trade"),
        "capture": simple("capture", "capture a group, e.g. `forest red`", "group"),
        "guard": Subcommand(
            "guard",
            ("action",),
            "a Guardhouse action: prison, release, ransom silver, ransom debt, payoff (or "
            "rescue for the Barracks, destroy for a debt you may destroy)",
        ),
        "pay": simple("pay", "how to pay a cost with a choice, e.g. `2 stone 2 wood`", "goods"),
        "discard": simple("discard", "discard a building card from your hand", "building"),
        "keep": simple("keep", "keep a building card (draft, Black Market plans)", "building"),
        "gain": simple("gain", "choose what a building gives", "good"),
        "hire": simple("hire", "hire an apprentice for free (Tavern), e.g. `t3`", "slot"),
        "dismiss": simple("dismiss", "over the apprentice limit: which one goes (1-6)", "number"),
        "done": simple("done", "stop taking actions at this location, or decline"),
        "pass": simple("pass", "no worker to place or take back: pass"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any Architects move in notation (`/game rules architects` lists it)",
        ),
        "hand": Subcommand(
            "hand",
            (),
            "your building cards, privately, with a menu to choose among them",
            reads=True,
        ),
    },
    text_aliases={"move": "act"},
    private_text=hand_text,
    nothing_private=NOTHING,
    private_move=is_private_move,
    private_hint=PRIVATE_HINT,
    public_notation=public_notation,
    move_label=move_label,
    move_menu=move_menu,
)
"""Architects' table behaviour (see `bot.table.hooks.GameTable`)."""
