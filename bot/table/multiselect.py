"""A choice of several things at once (a set), offered as one multi-select drop-down.

A game offers one through its `GameTable.set_choice(state, seat) -> SetChoice | None`. When
it returns one for the only player to act, the controls under the post are a drop-down in
which that player picks between `min_values` and `max_values` options, submitted together as
ONE line: the picked steps' notations joined by `SET_JOINER` ("; "), in the order the picks
arrive (a set has no order), then `closing` when the game gives one (a step saying "no more",
which the game must accept, or skip, after any picks). The game's table must read such a line
as those steps (the engine's `split_turn`, or notation that takes a list). `buttons` are single
moves shown beside the menu (e.g. "no more districts").

Every option and every button is a legal step on its own, so a front end without a
multi-select (the terminal table numbers the options) still offers them, one per pick.

No discord here: `cogs/_multiselect.py` draws the drop-down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.i18n import N_, say, tr
from bot.table.format import BUTTON_LABEL_MAX, MENU_LIMIT, clip, plain_text
from bot.table.refusals import spoken
from bot.table.replies import ChoiceButton, ChoiceMenu

__all__ = ["CLOSING_LIMIT", "SET_JOINER", "VALUE_LIMIT", "SetChoice", "join_picks", "set_controls"]

SET_JOINER = "; "
VALUE_LIMIT = 100
"""Discord's longest option value: a set's options are submitted by value, never hashed."""


@dataclass(frozen=True, slots=True)
class SetChoice:
    """Several options to pick at once.

    options: (label, step notation) pairs, at most 25, each a legal step on its own.
    min_values / max_values: how many the player picks at once.
    placeholder: what the closed drop-down says (the player's name is put before it).
    buttons: (label, notation) single moves offered beside the drop-down.
    closing: a step written after the picks (at most `CLOSING_LIMIT` characters), or "".
    """

    options: tuple[tuple[str, str], ...]
    min_values: int = 1
    max_values: int = 1
    placeholder: str = N_("choose")
    buttons: tuple[tuple[str, str], ...] = ()
    closing: str = ""


CLOSING_LIMIT = 40
"""A set's closing step travels in the drop-down's custom_id (100 characters in all)."""


def join_picks(picked: Iterable[str], closing: str = "") -> str:
    """The one line a set of picks submits (duplicates dropped), "" when nothing was picked."""
    steps = list(dict.fromkeys(p.strip() for p in picked if p.strip()))
    if steps and closing.strip():
        steps.append(closing.strip())
    return SET_JOINER.join(steps)


def set_controls(
    table: Any, state: Any, seat: int, session_id: int, version: int, name: str
) -> tuple[ChoiceMenu, tuple[ChoiceButton, ...]] | None:
    """The drop-down (with `min_values`/`max_values`) and buttons of the set choice the game's
    `GameTable.set_choice` offers `seat` now, or None when it offers none (then the table's
    usual buttons and menus apply). `name` is the player's display name."""
    hook = getattr(table, "set_choice", None)
    found: SetChoice | None = hook(state, seat) if hook is not None else None
    if found is None:
        return None
    options = [(label, n) for label, n in found.options if len(n) <= VALUE_LIMIT][:MENU_LIMIT]
    if not options:
        return None
    most = max(1, min(found.max_values, len(options)))
    menu = ChoiceMenu(
        session_id=session_id,
        version=version,
        options=tuple(n for _, n in options),
        labels=tuple(say(label) for label, _ in options),
        placeholder=tr(
            "{player}, {choose}", player=plain_text(name), choose=spoken(found.placeholder)
        ),
        min_values=max(1, min(found.min_values, most)),
        max_values=most,
        closing=found.closing[:CLOSING_LIMIT],
    )
    buttons = tuple(
        ChoiceButton(
            label=clip(say(label), BUTTON_LABEL_MAX),
            session_id=session_id,
            version=version,
            notation=n,
        )
        for label, n in found.buttons
    )
    return menu, buttons
