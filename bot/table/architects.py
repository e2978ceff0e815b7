"""Architects at the table: its subcommands (`TABLE`), its private information in words (the
building hand and the draft hand), and which moves name a secret card (never offered on the
buttons under a public post; `/architects hand` offers them privately)."""

from __future__ import annotations

from typing import Any

from bot.games.architects import scoring
from bot.games.architects.board import LOCATION_NAMES
from bot.games.architects.view import player_name
from bot.table.format import MENU_LIMIT
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["PRIVATE_HINT", "TABLE", "hand_text", "is_private_move", "public_notation"]

PRIVATE_HINT = (
    "Choose your card privately: your own button under this post, or `/architects hand` "
    "(or `/architects act`)."
)
NOTHING = "You hold no building cards right now."


def is_private_move(notation: str) -> bool:
    """True for a move naming a card of the mover's hand or draft hand."""
    return notation.startswith(("keep ", "discard ", "place guildhall build "))


_GUARDS = {
    "prison": "Prison: captives sent for silver",
    "release": "Release: workers out of Prison",
    "ransom silver": "Ransom: workers freed for silver",
    "ransom debt": "Ransom: workers freed for a debt",
    "payoff": "Pay Off: one debt",
    "rescue": "Rescue: workers freed (Barracks)",
    "destroy": "Destroy: one unpaid debt",
    "pass": "Pass",
    "done": "Done",
}


def _counted(goods: list[str]) -> str:
    """['wood', 'wood', 'stone'] as '2 wood and 1 stone'."""
    parts = [f"{goods.count(g)} {g}" for g in dict.fromkeys(goods)]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _building(slug: str) -> str:
    from bot.games.architects.cards import BUILDING_BY_SLUG

    card = BUILDING_BY_SLUG.get(slug)
    return card.name if card else slug


def _placement(words: list[str]) -> str:
    """`quarry`, `mines gold`, `guildhall build chapel`... as "a worker at the Mines (gold)"."""
    where = LOCATION_NAMES.get(words[0], words[0])
    at = "in the" if words[0] == "forest" else "at the"
    detail = words[1:]
    if words[0] == "guildhall" and detail[:1] == ["build"] and detail[1:]:
        what = f"building the {_building(detail[1])}"
    elif words[0] == "guildhall" and detail[:1] == ["cathedral"]:
        what = "working on the Cathedral"
    elif words[0] == "blackmarket" and detail:
        what = f"space {detail[0]}" + (f", {' '.join(detail[1:])}" if detail[1:] else "")
    else:
        what = " ".join(detail)
    return f"a worker {at} {where}" + (f" ({what})" if what else "")


def public_notation(notation: str) -> str:
    """A move as everyone reads it, in words that follow "Ann played ..." in a title ("a worker
    at the Mines (gold)", "Keep: a card (secret)"): which card was kept or discarded stays
    secret. Anything unforeseen is shown as written."""
    words = notation.split()
    head, rest = (words[0], words[1:]) if words else ("", [])
    if head in ("keep", "discard"):
        return f"{head.capitalize()}: a card (secret)"
    if head == "place" and rest:
        return _placement(rest)
    if head == "retrieve" and rest:
        return f"Retrieve: a worker back from the {LOCATION_NAMES.get(rest[0], rest[0])}"
    if head == "trade" and len(rest) == 1 and "->" in rest[0]:
        pay, gain = rest[0].split("->", 1)
        return f"Trade: {_counted(pay.split('+'))} for {gain}"
    if head == "capture" and len(rest) == 2:
        return f"Capture: {rest[1]} workers at the {LOCATION_NAMES.get(rest[0], rest[0])}"
    if head == "pay" and rest and len(rest) % 2 == 0:
        pairs = [f"{rest[i]} {rest[i + 1]}" for i in range(0, len(rest), 2)]
        paid = pairs[0] if len(pairs) == 1 else f"{', '.join(pairs[:-1])} and {pairs[-1]}"
        return f"Pay: {paid}"
    if head in ("gain", "hire") and rest:
        return f"{head.capitalize()}: {' '.join(rest)}"
    if head == "dismiss" and rest:
        return f"Dismiss: apprentice {rest[0]}"
    if head == "release" and rest:
        return f"Release: {rest[0]} with the Gatekeeper"
    return _GUARDS.get(notation, notation)


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


def automated_opponent(state: Any) -> tuple[str, str, int, bool] | None:
    """The automated opponent of a finished game, for ratings: (difficulty, name, final score,
    among the winners), or None when it did not play."""
    if state.automa is None:
        return None
    scores = scoring.final_scores(state)
    index = state.automa_index
    won = index in scoring.winners(scores)
    return state.automa.difficulty, player_name(state, index), scores[index].total, won


TABLE = GameTable(
    details=True,
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
    # Each draft round (and a build from hand) offers every awaited player a button opening
    # their own cards in a private menu: nobody has to type `/architects hand` each round.
    private_buttons=True,
    public_notation=public_notation,
    move_label=move_label,
    move_menu=move_menu,
    opponent=automated_opponent,
)
"""Architects' table behaviour (see `bot.table.hooks.GameTable`)."""
