"""Per-player controls keep the rows the table gave them: a menu after a row of buttons."""

from __future__ import annotations

import pytest

from bot.table.replies import ActionButton, ChoiceButton, ChoiceMenu
from cogs._actions import add_actions
from cogs._views import build_view
from tests.cogs import api_limits

pytestmark = pytest.mark.asyncio


async def test_a_menu_on_row_one_under_a_full_row_of_buttons_fits() -> None:
    """discord.py 2.7 drops a row set on a dynamic select's wrapper; the menu then landed on
    row 0 beside the buttons and the view raised "item would not fit at row 0"."""
    buttons = tuple(
        ChoiceButton(f"Ann: {i}", 1, 2, f"n{i}", seat=0, token="ab", row=0) for i in range(5)
    )
    menu = ChoiceMenu(1, 2, tuple(f"m{i}" for i in range(8)), seat=1, token="cd", row=1)
    view = build_view(buttons, menus=(menu,))
    assert view is not None
    view = add_actions(view, (ActionButton("Bob: Discard\u2026", "private", (1, 1)),))
    rows = view.to_components()
    assert [len(r["components"]) for r in rows] == [5, 1, 1]
    assert rows[1]["components"][0]["type"] == 3
    assert not api_limits.components_errors(rows)
