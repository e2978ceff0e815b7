"""The registry of per-game table behaviour: one line per game, imported lazily.

    from bot.table import registry
    registry.game_table("kingsburg").subcommands["influence"]
    registry.cog_extensions()           # ("cogs.cathedral", "cogs.kingsburg")

Each game's module (`bot/table/<game>.py`) defines `TABLE = GameTable(...)` (see
`bot.table.hooks`). Adding a game is one line in `_MODULES`; a game without a line has no
subcommands or slash-command group of its own (it is still played by typed notation at the
terminal table).
"""

from __future__ import annotations

import importlib
from functools import cache

from bot.table.hooks import GameTable, Subcommand

__all__ = ["cog_extensions", "game_table", "games", "public_move", "subcommands"]

_MODULES: dict[str, str] = {
    "architects": "bot.table.architects",
    "canaan": "bot.table.canaan",
    "canterbury": "bot.table.canterbury",
    "cathedral": "bot.table.cathedral",
    "kingsburg": "bot.table.kingsburg",
}
"""game key -> module defining `TABLE: GameTable`."""


def games() -> tuple[str, ...]:
    """Game keys with table behaviour of their own, sorted."""
    return tuple(sorted(_MODULES))


@cache
def game_table(game_key: str) -> GameTable:
    """The `GameTable` of `game_key`; a bare one (no subcommands, no hooks) for a game that has
    not registered any."""
    key = game_key.strip().lower()
    module_name = _MODULES.get(key)
    if module_name is None:
        return GameTable(key=key)
    table = importlib.import_module(module_name).TABLE
    if not isinstance(table, GameTable) or table.key != key:
        raise TypeError(f"{module_name}.TABLE must be a GameTable with key {key!r}.")
    return table


def public_move(game_key: str, notation: str) -> str:
    """The one public wording of a move of `game_key`: what every audience may read of it
    (posts, titles, history, replays, undo requests), never the typed notation of a move that
    hides something (a card kept, discarded or chosen)."""
    return game_table(game_key).public_notation(notation)


def subcommands(game_key: str) -> dict[str, Subcommand]:
    """`/<game_key>`'s subcommands by name (empty for an unknown game)."""
    return dict(game_table(game_key).subcommands)


def cog_extensions() -> tuple[str, ...]:
    """The extension module of every registered game's slash-command group, in key order."""
    return tuple(t.cog for t in (game_table(k) for k in games()) if t.cog)
