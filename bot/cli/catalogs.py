"""`python -m bot catalogs [--check]`: the message catalogs kept in step with the command tree.

Writes `bot/i18n/locales/guildhall.pot` (every description, option description and choice name of
the slash commands, each with its context and the command it belongs to) and merges it into every
shipped language's `.po` file with Babel, keeping the translations there: a new English text
arrives untranslated, a changed one fuzzy (both shown in English until a translator answers).
`--check` writes nothing and lists what a catalog lacks (exit status 1 if anything).
"""

from __future__ import annotations

import argparse
import asyncio
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog_path
from bot.i18n.catalogs import DOMAIN, LOCALES_DIR

__all__ = ["add_arguments", "command_strings", "missing", "run", "template"]

Entry = tuple[str, str, str]
"""(context, English text, where it stands: `/game new game`)."""


def _walk(command: Any, path: str) -> Iterator[Entry]:
    """The strings of one command or group and everything below it."""
    from discord import app_commands

    where = f"{path} {command.name}" if path else f"/{command.name}"
    yield "description", command.description, where
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _walk(sub, where)
        return
    for parameter in command.parameters:
        yield "option", parameter.description, f"{where} {parameter.name}"
        for choice in parameter.choices:
            yield "choice", choice.name, f"{where} {parameter.name}"


async def _tree_strings() -> list[Entry]:
    from bot.app import GameBot, default_extensions
    from bot.settings import Settings

    bot = GameBot(Settings(database_path=Path("unused.db")))
    for extension in default_extensions():
        await bot.load_extension(extension)
    return [entry for command in bot.tree.get_commands() for entry in _walk(command, "")]


def command_strings() -> list[Entry]:
    """Every string of the slash-command tree that a member reads, in tree order."""
    return asyncio.run(_tree_strings())


def template(entries: list[Entry]) -> Catalog:
    """The `.pot` catalog of `entries` (one message per context and text, all places noted)."""
    catalog = Catalog(domain=DOMAIN, project="Guildhall", fuzzy=False)
    for context, text, where in entries:
        found = catalog.get(text, context=context)
        if found is None:
            catalog.add(text, context=context, auto_comments=[where])
        else:
            found.auto_comments.append(where)
    return catalog


def missing(code: str, entries: list[Entry]) -> list[Entry]:
    """The entries that language `code`'s catalog leaves untranslated (or fuzzy)."""
    from bot.i18n import translation

    return [e for e in entries if translation(code, e[1], e[0]) is None]


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommand's options."""
    parser.add_argument(
        "--check", action="store_true", help="write nothing; list untranslated texts"
    )


def run(args: argparse.Namespace) -> int:
    """Extract, merge (or check); returns the exit status."""
    entries = command_strings()
    shipped = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE.code]
    if args.check:
        gaps = {code: missing(code, entries) for code in shipped}
        for code, lacking in gaps.items():
            for context, text, where in lacking:
                print(f"{code}: {where} ({context}): {text}")
        return 1 if any(gaps.values()) else 0
    pot = template(entries)
    _write(pot, LOCALES_DIR / f"{DOMAIN}.pot")
    for code in shipped:
        path = catalog_path(code)
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=code, domain=DOMAIN)
        else:
            catalog = Catalog(locale=code, domain=DOMAIN, project="Guildhall")
        catalog.update(pot, no_fuzzy_matching=True)
        _write(catalog, path)
        lacking = missing(code, entries) if path.exists() else entries
        print(f"{code}: {len(entries) - len(lacking)} of {len(entries)} texts translated")
    return 0
