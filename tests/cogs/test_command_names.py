"""Every command named to users exists: `/game help` against the real command tree (both ways),
and every `/group subcommand` written in a table, service, cog or terminal sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from discord import app_commands

from bot.games import registry
from bot.table import registry as table_registry
from bot.table.textcommands import (
    TABLE_SUBCOMMANDS,
    CommandError,
    CommandKind,
    parse_command_line,
)
from tests.cogs.harness import C2, Harness

pytestmark = pytest.mark.asyncio

ROOT = Path(__file__).resolve().parents[2]
_NAMED = re.compile(r"(?<![\w./-])/([a-z][a-z-]*) ([a-z][a-z_-]*)")

# Sentences players can meet in Discord: only real slash commands may be named there.
DISCORD_SOURCES = (
    *(
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "bot/table").glob("*.py"))
        if p.name != "textcommands.py"
    ),
    "bot/sessions/service.py",
    "bot/sessions/core.py",
    "bot/sessions/lobby.py",
    "bot/sessions/moves.py",
    "bot/sessions/bots.py",
    "bot/sessions/timers.py",
    "bot/sessions/reading.py",
    "bot/sessions/asyncplay.py",
    "bot/sessions/away.py",
    "bot/sessions/undo.py",
    "bot/sessions/replays.py",
    "bot/sessions/models.py",
    "cogs/_base.py",
    "cogs/_errors.py",
    "cogs/_replies.py",
    "cogs/_views.py",
    "cogs/cathedral.py",
    "cogs/errors.py",
    "cogs/kingsburg.py",
    "cogs/table.py",
)
# Sentences of the terminal table: terminal-only words (`/game moves`) are fine there too.
TERMINAL_SOURCES = ("bot/table/textcommands.py", "bot/cli/local.py")


def _tree(h: Harness) -> dict[str, set[str]]:
    """group name -> subcommand names, from the bot's real command tree."""
    out: dict[str, set[str]] = {}
    for command in h.bot.tree.get_commands():
        if isinstance(command, app_commands.Group):
            out[command.name] = {sub.name for sub in command.commands}
    return out


def _strings(path: Path) -> list[str]:
    """Every string literal in a module (f-string pieces included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def _named(texts: list[str]) -> set[tuple[str, str]]:
    return {(m.group(1), m.group(2)) for text in texts for m in _NAMED.finditer(text)}


def _terminal_ok(group: str, sub: str) -> bool:
    """True if the terminal table understands `/group sub` as a command of its own."""
    try:
        command = parse_command_line(f"/{group} {sub}")
    except CommandError as exc:
        return "needs the" in str(exc) or "Say which" in str(exc) or "Write the" in str(exc)
    if group in table_registry.games():
        return sub in table_registry.subcommands(group) or command.kind is not CommandKind.MOVE
    return True


async def test_help_names_exactly_the_subcommands_of_the_tree(h: Harness) -> None:
    """`/game help` (no game here: every game) lists every subcommand of /game, /cathedral and
    /kingsburg, and names nothing that is not a slash command."""
    tree = _tree(h)
    assert {"game", "cathedral", "kingsburg"} <= set(tree)
    ex = await h.slash("game help", channel=C2)
    named = _named([ex.ephemeral_text])
    for group, sub in sorted(named):
        assert sub in tree.get(group, set()), f"help names /{group} {sub}, which does not exist"
    for group, subs in tree.items():
        for sub in subs:
            assert (group, sub) in named, f"/{group} {sub} is missing from /game help"


async def test_subcommand_tables_match_the_tree(h: Harness) -> None:
    """Each game's `GameTable.subcommands` and TABLE_SUBCOMMANDS (help's source) equal the cogs'
    subcommands, and each listed option is an option of the slash command."""
    tree = _tree(h)
    assert {name for name, _, _ in TABLE_SUBCOMMANDS} == tree["game"]
    for game in registry():
        assert set(table_registry.subcommands(game)) == tree[game], game
        group = h.bot.tree.get_command(game)
        assert isinstance(group, app_commands.Group)
        for name, sub in table_registry.subcommands(game).items():
            command = group.get_command(name)
            assert isinstance(command, app_commands.Command)
            options = {p.name for p in command.parameters}
            assert set(sub.params) <= options, (game, name, sub.params, options)


async def test_every_command_named_in_a_sentence_exists(h: Harness) -> None:
    """`/group sub` in any table/service/cog string is a real slash command; in the terminal
    table's strings it is a slash command or a terminal command; rules summaries too."""
    tree = _tree(h)
    texts = [s for rel in DISCORD_SOURCES for s in _strings(ROOT / rel)]
    texts += [engine.rules_summary for engine in registry().values()]
    discord_named = _named(texts)
    assert ("game", "add-bot") in discord_named  # the scan does see sentences
    for group, sub in sorted(discord_named):
        assert sub in tree.get(group, set()), f"/{group} {sub} is not a slash command"
    terminal = _named([s for rel in TERMINAL_SOURCES for s in _strings(ROOT / rel)])
    for group, sub in sorted(terminal):
        assert sub in tree.get(group, set()) or _terminal_ok(group, sub), f"/{group} {sub}"
    assert ("game", "bot") not in discord_named
