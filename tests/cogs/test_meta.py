"""Meta-tests over every loaded command: unique names, descriptions, Discord's limits."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.app import default_extensions

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")  # Discord's rule for command and option names


async def _tree() -> app_commands.CommandTree:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    for extension in default_extensions():
        await bot.load_extension(extension)
    return bot.tree


def _walk(items) -> list[app_commands.Command | app_commands.Group]:  # noqa: ANN001
    out: list[app_commands.Command | app_commands.Group] = []
    for item in items:
        out.append(item)
        if isinstance(item, app_commands.Group):
            out.extend(_walk(item.commands))
    return out


@pytest.mark.asyncio
async def test_every_extension_loads_and_command_names_are_unique() -> None:
    """All extensions load; no two commands share a qualified name; names follow Discord's rule."""
    tree = await _tree()
    everything = _walk(tree.get_commands())
    names = [c.qualified_name for c in everything]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    assert {"game", "cathedral", "kingsburg"} <= {c.name for c in tree.get_commands()}
    for command in everything:
        assert NAME.match(command.name), command.qualified_name


@pytest.mark.asyncio
async def test_every_command_and_option_has_a_real_description() -> None:
    """Docstrings became descriptions (not discord.py's placeholder) for commands and options."""
    tree = await _tree()
    for command in _walk(tree.get_commands()):
        assert command.description and command.description != "…", command.qualified_name
        assert len(command.description) <= 100, command.qualified_name
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                where = f"{command.qualified_name} {param.name}"
                assert param.description and param.description != "…", where
                assert len(param.description) <= 100, where
                assert NAME.match(param.display_name), where


@pytest.mark.asyncio
async def test_the_tree_serialises_for_sync() -> None:
    """What `tree.sync` would upload is valid: at most 25 subcommands per group."""
    tree = await _tree()
    for command in tree.get_commands():
        payload = command.to_dict(tree)
        assert len(payload.get("options", [])) <= 25, command.name
