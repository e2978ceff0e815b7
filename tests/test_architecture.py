"""Import boundaries between the layers (see README, Architecture)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "bot/games": {
        "discord",
        "PIL",
        "aiosqlite",
        "asyncpg",
        "asyncio",
        "sqlite3",
        "bot.sessions",
        "bot.storage",
        "bot.table",
        "rendering",
        "cogs",
        "requests",
        "aiohttp",
        # Engines word texts with `bot.games.text`; catalogs are read at the table, not here.
        "bot.i18n",
        "babel",
    },
    "rendering": {
        "discord",
        "aiosqlite",
        "asyncpg",
        "asyncio",
        "sqlite3",
        "bot.sessions",
        "bot.storage",
        "bot.table",
        "cogs",
    },
    "bot/sessions": {"discord", "PIL", "rendering", "cogs", "bot.table"},
    # Ratings are pure: no I/O, no storage, no drawing.
    "bot/ratings": {"discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "bot.sessions"}
    | {"bot.storage", "bot.table", "rendering", "cogs"},
    # Storage imports neither the service nor its parts (one module per concern of GameService).
    "bot/storage": {"discord", "PIL", "rendering", "cogs", "bot.sessions.service", "bot.table"}
    | {f"bot.sessions.{part}" for part in ("core", "lobby", "moves", "bots", "timers", "reading")}
    | {f"bot.sessions.{part}" for part in ("asyncplay", "asynccore", "away", "undo", "replays")}
    | {"bot.sessions.turnclock"},
    "bot/table": {"discord", "PIL", "aiosqlite", "sqlite3", "asyncpg", "cogs"},
    "cogs": {
        "aiosqlite",
        "sqlite3",
        "asyncpg",
        "PIL",
        "bot.storage.sqlite",
        "bot.storage.postgres",
    },
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _violations(layer: str) -> list[str]:
    found = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in _imports(path):
            for bad in FORBIDDEN[layer]:
                if name == bad or name.startswith(bad + "."):
                    found.append(f"{path.relative_to(ROOT)} imports {name}")
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports(layer: str) -> None:
    """Each layer imports only what the architecture allows."""
    assert (ROOT / layer).is_dir()
    assert _violations(layer) == []


def test_engines_use_no_global_random() -> None:
    """Engines draw chance only through bot.games.rng (bots may use a local seeded Random)."""
    for path in sorted((ROOT / "bot/games").rglob("*.py")):
        if path.name in ("rng.py", "bots.py"):
            continue
        text = path.read_text(encoding="utf-8")
        assert "import random" not in text, f"{path} imports random"


def test_the_checker_catches_a_violation(tmp_path: Path) -> None:
    """The import scan itself works."""
    sample = tmp_path / "x.py"
    sample.write_text("import discord\nfrom PIL import Image\n")
    assert {"discord", "PIL"} <= _imports(sample)
