"""A player with more legal moves than a menu holds (25) is never left without guidance: the post
names the slash command(s) that make the move, and the moves that take no options still come
as buttons."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.table import choices as choices_module
from bot.table.commands import Table
from bot.table.hooks import GameTable, simple

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


async def test_a_cathedral_opening_names_the_place_command(service: GameService) -> None:
    """Cathedral's first move has hundreds of placements: no buttons or menu, but a line naming
    `/cathedral place` (the game's own wording), on the start post and on `/game status`."""
    table = Table(service, lambda key, view, **_: b"\x89PNG", engines=get_engine)
    await table.new(ALICE, "cathedral")
    await table.join(BOB)
    [begun] = await table.start(ALICE)
    [status, *_] = await table.status(ALICE)
    for post in (begun, status):
        assert "`/cathedral place Cathedral E5 0`" in post.text  # the opening: the Cathedral
        assert "autocomplete" in post.text
        assert not post.buttons and post.menu is None


def _crowded_table(key: str) -> GameTable:
    """A game whose menu hook offers 30 moves: 28 `go <n>` and the option-free `wait`, `stop`."""

    def menu(state: Any, seat: int) -> list[tuple[str, str]]:
        moves = [f"go {n}" for n in range(1, 29)] + ["wait", "stop"]
        return [(m.title(), m) for m in moves]

    return GameTable(
        key=key,
        subcommands={
            "go": simple("go", "go some steps", "steps"),
            "wait": simple("wait", "wait a turn"),
            "stop": simple("stop", "stop here"),
            "look": simple("look", "look around"),
        },
        move_menu=menu,
    )


async def test_too_many_moves_keep_their_quick_buttons_and_name_the_commands(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without wording of its own, the line names the game's subcommands that start the
    offered moves (not `look`, which starts none), and `wait`/`stop` stay as buttons."""
    monkeypatch.setattr(choices_module.registry, "game_table", _crowded_table)
    await table.new(ALICE, "race")
    await table.join(BOB)
    [begun] = await table.start(ALICE)
    assert sorted(b.notation for b in begun.buttons) == ["stop", "wait"]
    assert begun.menu is None
    assert "`/race go`, `/race wait` or `/race stop`" in begun.text
    assert "/race look" not in begun.text
