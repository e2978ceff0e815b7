"""The per-game table registry: one line per game, hooks used by the shared table, extensions
derived from it, and no import cycle between the app and the cogs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.games import registry as engines
from bot.sessions.service import GameService
from bot.storage.memory import MemoryStore
from bot.table import registry
from bot.table.commands import Table
from bot.table.hooks import GameTable
from bot.table.replies import Caller

ROOT = Path(__file__).resolve().parents[2]


def test_every_engine_has_a_table_entry_with_its_own_key() -> None:
    """Each registered engine has one GameTable whose key is the engine's key."""
    assert set(registry.games()) == set(engines())
    for key in registry.games():
        table = registry.game_table(key)
        assert isinstance(table, GameTable)
        assert table.key == key
        assert table.cog == f"cogs.{key}"


def test_an_unregistered_game_gets_a_bare_table() -> None:
    """A game without a line has no subcommands and no cog, and nothing fails."""
    bare = registry.game_table("nonesuch")
    assert bare.subcommands == {} and bare.cog == "" and bare.private_text is None


def test_extensions_come_from_the_registry() -> None:
    """The bot loads the game cogs the registry names, between the table and the error cog."""
    from bot.app import default_extensions

    extensions = default_extensions()
    assert extensions[0] == "cogs.table" and extensions[-1] == "cogs.errors"
    assert set(registry.cog_extensions()) <= set(extensions)


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_the_app_imports_no_cog_and_shared_table_modules_name_no_game() -> None:
    """bot/app.py names cogs only as extension strings (cogs import the app's type, not the
    reverse), and no shared table module imports a game's table module."""
    assert not {n for n in _imported(ROOT / "bot/app.py") if n.startswith("cogs")}
    games = set(registry.games())
    for path in sorted((ROOT / "bot/table").glob("*.py")):
        if path.stem in games:
            continue
        for name in _imported(path):
            assert name.rsplit(".", 1)[-1] not in games or not name.startswith("bot.table"), (
                f"{path.name} imports {name}"
            )


@pytest.mark.asyncio
async def test_a_games_move_label_hook_labels_its_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    """`GameTable.move_label` decides what the options under a post say; the notation
    submitted stays the engine's."""
    from bot.table import choices

    hooked = GameTable(key="cathedral", move_label=lambda notation: f"Play {notation}")
    monkeypatch.setattr(registry, "game_table", lambda key: hooked)
    monkeypatch.setattr(choices, "MENU_LIMIT", 10_000)  # Cathedral opens with hundreds of moves
    table = Table(GameService(MemoryStore()), render_png=lambda *a, **k: b"")
    ann = Caller(1, 10, 100, "Ann")
    await table.new(ann, "cathedral")
    await table.join(Caller(1, 10, 200, "Bob"))
    replies = await table.start(ann)
    menu = next(r.menu for r in replies if r.menu is not None)
    assert menu.labels == tuple(f"Play {n}" for n in menu.options)
    assert all(not n.startswith("Play") for n in menu.options)


@pytest.mark.asyncio
async def test_a_games_move_menu_hook_chooses_and_labels_the_offered_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`GameTable.move_menu` gives the (label, notation) pairs offered under a post, from the
    state and the seat; they are shown in natural order of notation."""
    from bot.table import choices

    def menu(state: object, seat: int) -> list[tuple[str, str]]:
        assert seat in (0, 1) and state is not None
        return [("Castle, top corner", "Castle A1 0"), ("Abbey on B2", "Abbey B2 0")]

    hooked = GameTable(key="cathedral", move_menu=menu)
    monkeypatch.setattr(registry, "game_table", lambda key: hooked)
    monkeypatch.setattr(choices, "MENU_LIMIT", 10_000)
    table = Table(GameService(MemoryStore()), render_png=lambda *a, **k: b"")
    ann = Caller(1, 10, 100, "Ann")
    await table.new(ann, "cathedral")
    await table.join(Caller(1, 10, 200, "Bob"))
    replies = await table.start(ann)
    buttons = next(r.buttons for r in replies if r.buttons)
    assert [(b.label, b.notation) for b in buttons] == [
        ("Abbey on B2", "Abbey B2 0"),
        ("Castle, top corner", "Castle A1 0"),
    ]
