"""Command names in every language: the slash-command picker shows German members German names
(`/spiel status`), so a German reply that names a command names it the German way and every
command it names exists in the German tree; the names follow Discord's rules (lower case,
`^[-_\\p{L}\\p{N}]{1,32}$`, unique among siblings) and the tree stays within Discord's limits
with every language in it (`tests/cogs/api_limits.py`, each field at its longest)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog_path, translation
from tests.cogs import api_limits

SHIPPED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE.code]

_MENTION = re.compile(r"(?:^|(?<=[\s`(„\"']))/([^\s/`().,;:!?]+)(?: ([^\s/`().,;:!?]+))?")
"""`/group` or `/group sub` at the start of a word (not inside a link or a path)."""


def _tree() -> list[Any]:
    from bot.app import GameBot, default_extensions
    from bot.settings import Settings

    async def load() -> list[Any]:
        bot = GameBot(Settings(database_path=Path("unused.db")))
        for extension in default_extensions():
            await bot.load_extension(extension)
        tree = bot.tree
        return [await c.get_translated_payload(tree, tree.translator) for c in tree.get_commands()]

    return asyncio.run(load())


@pytest.fixture(scope="module")
def payload() -> list[Any]:
    return _tree()


def _named(item: dict[str, Any], code: str | None) -> str:
    if code is None:
        return str(item["name"])
    return str((item.get("name_localizations") or {}).get(code) or item["name"])


def commands_in(payload: list[Any], code: str | None) -> dict[str, set[str]]:
    """Top-level command name -> its subcommand names, as members of `code` see them (None:
    the English defaults)."""
    out: dict[str, set[str]] = {}
    for command in payload:
        subs = {_named(o, code) for o in command.get("options") or [] if o.get("type") in (1, 2)}
        out[_named(command, code)] = subs
    return out


def _texts(code: str) -> list[tuple[str, str]]:
    """(English id, translation) of every translated entry of the catalog."""
    with catalog_path(code).open("rb") as handle:
        catalog = read_po(handle, locale=code)
    out = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(ids[0], s) for s in strings if s]
    return out


TEXT_ONLY = frozenset({"move", "moves"})
"""Subcommands the local table's typed commands add to `/game` (`bot.table.textcommands`,
which reads command names in every language)."""


def mentions(
    text: str, tree: dict[str, set[str]], others: frozenset[str] = frozenset()
) -> list[str]:
    """The commands `text` names (`/spiel status`) that `tree` lacks, as written. `others`:
    the command names of the other languages' trees (a word after a slash that is no command
    in any language, as in `"+2"/good`, is not a mention)."""
    wrong = []
    for match in _MENTION.finditer(text):
        group, sub = match.group(1), match.group(2)
        if group.startswith("{") or group.isdigit():
            continue  # a placeholder or a number ("1/2"), not a command
        if group not in tree:
            if group in others:
                wrong.append(f"/{group}")
        elif sub and (sub.startswith("{") or sub in TEXT_ONLY):
            continue
        elif sub and tree[group] and sub.islower() and sub not in tree[group]:
            # A word after a group is one of its subcommands (`/spiel status`); an option
            # value or the sentence goes on after a plain command (`/spiel neu`).
            wrong.append(f"/{group} {sub}")
    return wrong


@pytest.mark.parametrize("code", SHIPPED)
def test_commands_named_in_translations_exist_in_that_language(code: str, payload) -> None:
    """Every `/command sub` a translation names is in the tree as that language shows it."""
    tree = commands_in(payload, code)
    others = frozenset(commands_in(payload, None)) - frozenset(tree)
    wrong = [
        f"{english[:60]!r}: {', '.join(found)}"
        for english, said in _texts(code)
        if (found := mentions(said, tree, others))
    ]
    assert wrong == []


def test_commands_named_in_english_exist(payload) -> None:
    """The same for the English texts (the message ids) and the English tree."""
    tree = commands_in(payload, None)
    others = frozenset(
        name for code in SHIPPED for name in commands_in(payload, code) if name not in tree
    )
    wrong = [
        f"{english[:60]!r}: {', '.join(found)}"
        for english, _ in _texts(SHIPPED[0])
        if (found := mentions(english, tree, others))
    ]
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_names_are_translated_and_follow_discords_rules(code: str, payload) -> None:
    """Every command and option has a name in the language, valid for Discord, different
    from its siblings' names; and the tree with every language fits Discord's limits."""
    assert translation(code, "game", "command-name")  # the picker shows /spiel, not /game
    assert api_limits.command_errors(payload) == []

    def walk(item: dict[str, Any], where: str) -> None:
        options = item.get("options") or []
        names = [_named(o, code) for o in options]
        assert len(set(names)) == len(names), (where, names)
        for option in options:
            name = _named(option, code)
            assert (option.get("name_localizations") or {}).get(code), f"{where} {name}"
            assert re.fullmatch(r"[-_\w]{1,32}", name) and name == name.lower(), name
            walk(option, f"{where} {name}")

    for command in payload:
        assert (command.get("name_localizations") or {}).get(code), command["name"]
        walk(command, "/" + _named(command, code))
