"""Canterbury at the table: its subcommands (`TABLE`) and the words for its choices.

A Canterbury turn is several engine steps (see `bot/games/canterbury/rules.py`); the table plays
a whole turn written in one line (`build well B2 and garden B2`) through the engine's
`split_turn`, saving each step. The labels here turn step notation into what a player reads on
a button or menu (`spread C3` -> `Religion to C3`...).
"""

from __future__ import annotations

from typing import Any

from bot.games.protocol import Seat
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["TABLE", "move_label"]


def move_label(notation: str) -> str:
    """A step as a button or menu label."""
    words = notation.split()
    if not words:
        return notation
    if words[0] == "spread":
        return "No more districts" if words[1:] == ["done"] else f"Marker to {words[1]}"
    if words[0] == "neutral" and len(words) >= 3:
        return f"Neutral Builder: {words[1].replace('_', ' ')} in {words[2]}"
    if words[0] == "build" and len(words) >= 3:
        text = f"Build {words[1].replace('_', ' ')} in {words[2]}"
        if len(words) > 4:
            text += f" (demolish {words[4].replace('+', ', ').replace('_', ' ')})"
        return text
    return {
        "full": "Full Build",
        "tax": "Tax & Build",
        "levy": "Levy Funds",
        "end": "End turn",
    }.get(notation, notation)


MENU_SIZE = 25
"""Discord's limit of options in a drop-down."""


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """The steps offered under a post: all of them when they fit a menu, else (a build step
    with many structures and districts) the 24 the heuristic bot likes best and `End turn`;
    every other legal step stays available through `/canterbury build` and `/canterbury act`."""
    from bot.games.canterbury import ENGINE
    from bot.games.canterbury.bots import suggestions
    from bot.games.canterbury.state import Phase

    steps = suggestions(state, Seat(seat), MENU_SIZE)
    notations = [ENGINE.format_action(a, state) for a in steps]
    if state.phase is Phase.SPREAD:
        return _spread_menu(state, notations)
    return [(move_label(n), n) for n in notations]


def _spread_menu(state: Any, notations: list[str]) -> list[tuple[str, str]]:
    """A large structure's extra districts are picked one per choice (the table's menus submit
    one step each): every label says which marker this is, how many remain after it, and that
    the menu comes back for the next one; only districts where a marker would land are shown."""
    from bot.games.canterbury.data import SERVICES

    turn = state.turn
    service = SERVICES[turn.spread_service].capitalize()
    left = turn.spread - 1
    more = f"then pick {left} more" if left else "the last one"
    out = []
    for n in notations:
        words = n.split()
        if words[1:] == ["done"]:
            out.append((f"Stop: place no more {service} markers", n))
        else:
            out.append((f"{service} marker to {words[1]} ({more})", n))
    return out


TABLE = GameTable(
    key="canterbury",
    cog="cogs.canterbury",
    subcommands={
        "levy": simple("levy", "Levy Funds: take the Treasury's gold (next turn: Full Build)"),
        "build": Subcommand(
            "build",
            ("structure", "district", "second", "second_district"),
            "Full Build: one or two small/medium structures, or one large, e.g. "
            "`/canterbury build well B2 garden B2`",
            lead="build",
            joiners=("", "and", ""),
        ),
        "tax": Subcommand(
            "tax",
            ("structure", "district"),
            "Tax & Build: half the levy, then exactly one structure",
            lead="tax",
        ),
        "spread": simple(
            "spread", "a large structure's next district (`done` to stop)", "district"
        ),
        "neutral": Subcommand(
            "neutral",
            ("structure", "district"),
            "two players: where the Neutral Builder builds the top of your stack",
            lead="neutral",
        ),
        "end": simple("end", "end a Full Build after one structure"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any step or whole turn in notation, e.g. `/canterbury act build well B2 and "
            "garden B2` (`/game rules canterbury` lists the notation)",
        ),
    },
    text_aliases={"move": "act"},
    move_label=move_label,
    move_menu=move_menu,
)
"""Canterbury's table behaviour (see `bot.table.hooks.GameTable`)."""
