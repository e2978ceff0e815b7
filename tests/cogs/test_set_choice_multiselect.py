"""The shared set choice (`bot.table.multiselect`, drawn by `cogs._multiselect`): a game's
`set_choice` hook becomes one multi-select whose picks are played together as one line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.table.multiselect import SetChoice, join_picks, set_controls
from cogs._multiselect import SetSelect
from cogs._views import build_view
from cogs.components import knows


@dataclass(frozen=True)
class _Table:
    set_choice: Any


def _offer(state: Any, seat: int) -> SetChoice | None:
    if state != "pick":
        return None
    return SetChoice(
        options=tuple((f"Spot {c}", f"mark {c}") for c in "ABCDEF"),
        min_values=1,
        max_values=3,
        placeholder="pick up to 3 spots",
        buttons=(("No more spots", "mark done"),),
        closing="mark done",
    )


def test_picks_are_joined_into_one_line_with_the_closing_step() -> None:
    assert join_picks(["mark B", "mark A", "mark B"], "mark done") == "mark B; mark A; mark done"
    assert join_picks([], "mark done") == ""
    assert join_picks(["mark C"]) == "mark C"


def test_the_hook_gives_a_menu_with_min_and_max_and_its_buttons() -> None:
    assert set_controls(_Table(_offer), "other", 0, 7, 3, "Ann") is None
    assert set_controls(object(), "pick", 0, 7, 3, "Ann") is None  # a game without the hook
    found = set_controls(_Table(_offer), "pick", 0, 7, 3, "Ann")
    assert found is not None
    menu, buttons = found
    assert (menu.min_values, menu.max_values, menu.closing) == (1, 3, "mark done")
    assert menu.options[0] == "mark A" and menu.labels[0] == "Spot A"
    assert menu.placeholder == "Ann, pick up to 3 spots"
    assert [(b.label, b.notation) for b in buttons] == [("No more spots", "mark done")]


def test_the_discord_view_is_a_multi_select_that_survives_a_restart() -> None:
    found = set_controls(_Table(_offer), "pick", 0, 7, 3, "Ann")
    assert found is not None
    menu, buttons = found
    view = build_view(buttons, menu=menu)
    assert view is not None
    (select,) = [c.item for c in view.children if isinstance(c, SetSelect)]
    assert (select.min_values, select.max_values) == (1, 3)
    assert select.custom_id == "gh:v:7:3:mark done"
    assert knows(select.custom_id)
    match = SetSelect.__discord_ui_compiled_template__.fullmatch(select.custom_id)
    assert match is not None and match["closing"] == "mark done"
