"""A set choice (a multi-select drop-down, e.g. a large Canterbury structure's extra districts)
at the terminal table: its entries are numbered like any choice, a line says several may be
picked at once, and typing their numbers together submits them as ONE line, as Discord's
multi-select does."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from bot.cli.local import LocalTable
from bot.table.replies import Caller, ChoiceButton, ChoiceMenu, Reply

ANN = Caller(None, 1, 1, "ann")


class FakeTable:
    """Records the moves the terminal table submits."""

    def __init__(self) -> None:
        self.moves: list[tuple[str, int | None, int | None]] = []

    async def state_for(self, caller: Caller) -> Any:
        return None

    async def move(self, caller: Caller, notation: str, version: int | None = None, **kw: Any):
        self.moves.append((notation, version, kw.get("session_id")))
        return [Reply(text=f"{caller.display_name} played {notation}")]


def _table_with_a_set() -> tuple[LocalTable, FakeTable, str]:
    fake = FakeTable()
    out = io.StringIO()
    local = LocalTable(fake, {"ann": ANN}, None, out)  # type: ignore[arg-type]
    menu = ChoiceMenu(
        session_id=7,
        version=5,
        options=("spread A1", "spread B2", "spread C3"),
        labels=("Water marker to A1", "Water marker to B2", "Water marker to C3"),
        placeholder="ann, pick up to 2 districts for water markers",
        max_values=2,
        closing="spread done",
    )
    stop = ChoiceButton("No more water markers", 7, 5, "spread done")
    local.show([Reply(text="Pick the districts.", menu=menu, buttons=(stop,))])
    return local, fake, out.getvalue()


def test_the_set_is_numbered_and_says_several_may_be_picked() -> None:
    _, _, text = _table_with_a_set()
    assert "1) No more water markers | 2) Water marker to A1" in text
    assert "(pick up to 2 of 2-4 at once: type their numbers, e.g. 2 3)" in text


def test_several_numbers_submit_one_line_with_the_closing_step() -> None:
    local, fake, _ = _table_with_a_set()
    assert asyncio.run(local.handle("2 4"))
    assert fake.moves == [("spread A1; spread C3; spread done", 5, 7)]


def test_a_mix_or_too_many_picks_is_a_sentence() -> None:
    local, fake, _ = _table_with_a_set()
    asyncio.run(local.handle("1 2"))
    asyncio.run(local.handle("2 3 4"))
    text = local.stream.getvalue()  # type: ignore[attr-defined]
    assert "Several numbers pick from one list at once: 2-4 (up to 2)." in text
    assert "Pick at most 2 of 2-4." in text
    assert fake.moves == []
    asyncio.run(local.handle("3"))  # one pick still works, as one step
    assert fake.moves == [("spread B2", 5, 7)]
