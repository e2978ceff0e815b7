"""`python -m bot catalogs [--check]`: the message catalogs kept in step with the code.

Writes `bot/i18n/locales/guildhall.pot` (every description, option description and choice name of
the slash commands, each with its context and the command it belongs to; and every text the code
marks with `tr`, `tr_c`, `tr_n`, `N_`, `tx`, `tx_c` or `tx_n`, found by Babel's Python extractor,
with the file and line it stands on) and merges it into every
shipped language's `.po` file with Babel, keeping the translations there: a new English text
arrives untranslated, a changed one fuzzy (both shown in English until a translator answers).
`--check` writes nothing and lists what a catalog lacks (exit status 1 if anything).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalog_path
from bot.i18n.catalogs import DOMAIN, LOCALES_DIR

__all__ = [
    "CodeText",
    "add_arguments",
    "code_strings",
    "command_strings",
    "missing",
    "missing_code",
    "run",
    "template",
]

Entry = tuple[str, str, str]
"""(context, English text, where it stands: `/game new game`)."""

CODE_DIRS = (
    "bot/table",
    "bot/sessions",
    "bot/games",
    "bot/ratings",
    "bot/i18n",
    "cogs",
    "rendering",
)
"""Where the code's marked texts are looked for (relative to the project root)."""

KEYWORDS: dict[str, Any] = {
    "tr": None,
    "N_": None,
    "tx": None,
    "tr_c": ((1, "c"), 2),
    "tx_c": ((1, "c"), 2),
    "tr_n": (1, 2),
    "tx_n": (1, 2),
}
"""The marking functions (`bot.i18n.saying`, `bot.games.text`) in Babel's keyword notation."""

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, slots=True)
class CodeText:
    """A text the code marks: its id (and plural), context, and where it stands."""

    msgid: str
    plural: str | None
    context: str | None
    where: str


def code_strings() -> list[CodeText]:
    """Every text marked in the code, in file order (Babel's extractor; the comments above a
    marked line that start with `i18n:` go to translators)."""
    from babel.messages.extract import extract_from_dir

    found: list[CodeText] = []
    for folder in CODE_DIRS:
        for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("i18n:",),
            strip_comment_tags=True,
        ):
            where = f"{folder}/{filename}:{lineno}"
            if isinstance(message, tuple):
                singular, plural = message[0], message[1]
                if singular:
                    found.append(CodeText(singular, plural or None, context, where))
            elif message:
                found.append(CodeText(message, None, context, where))
    return found


def _walk(command: Any, path: str) -> Iterator[Entry]:
    """The strings of one command or group and everything below it."""
    from discord import app_commands

    where = f"{path} {command.name}" if path else f"/{command.name}"
    yield "command-name", command.name, where
    yield "description", command.description, where
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from _walk(sub, where)
        return
    for parameter in command.parameters:
        yield "option-name", parameter.name, f"{where} {parameter.name}"
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


def template(entries: list[Entry], texts: Sequence[CodeText] = ()) -> Catalog:
    """The `.pot` catalog of the tree's `entries` and the code's `texts` (one message per
    context and text, every place noted)."""
    catalog = Catalog(domain=DOMAIN, project="Guildhall", fuzzy=False)
    for context, text, where in entries:
        found = catalog.get(text, context=context)
        if found is None:
            catalog.add(text, context=context, auto_comments=[where])
        else:
            found.auto_comments.append(where)
    for item in texts:
        found = catalog.get(item.msgid, context=item.context)
        path, line = item.where.rsplit(":", 1)
        if found is None:
            msgid: Any = (item.msgid, item.plural) if item.plural else item.msgid
            catalog.add(msgid, context=item.context, locations=[(path, int(line))])
        else:
            found.locations.append((path, int(line)))
    return catalog


def missing(code: str, entries: list[Entry]) -> list[Entry]:
    """The entries that language `code`'s catalog leaves untranslated (or fuzzy)."""
    from bot.i18n import translation

    return [e for e in entries if translation(code, e[1], e[0]) is None]


def missing_code(code: str, texts: list[CodeText]) -> list[CodeText]:
    """The code's texts that language `code`'s catalog leaves untranslated (or fuzzy)."""
    catalog = _read(code)
    lacking: list[CodeText] = []
    for item in texts:
        entry = catalog.get(item.msgid, context=item.context) if catalog else None
        strings = () if entry is None else entry.string
        if isinstance(strings, str):
            strings = (strings,)
        if entry is None or entry.fuzzy or not strings or not all(strings):
            lacking.append(item)
    return lacking


def _read(code: str) -> Catalog | None:
    path = catalog_path(code)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def _write(catalog: Catalog, path: Path) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, omit_header=False, include_lineno=False)
    new = buffer.getvalue()
    if path.exists() and _DATED.sub(b"", path.read_bytes()) == _DATED.sub(b"", new):
        return  # only the header's dates would change: keep the file (no churn in git)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)


_DATED = re.compile(rb'^"(?:POT-Creation|PO-Revision)-Date: [^"]*"\n', re.M)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommand's options."""
    parser.add_argument(
        "--check", action="store_true", help="write nothing; list untranslated texts"
    )


def run(args: argparse.Namespace) -> int:
    """Extract, merge (or check); returns the exit status."""
    entries = command_strings()
    texts = code_strings()
    shipped = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE.code]
    if args.check:
        gaps = {code: missing(code, entries) for code in shipped}
        code_gaps = {code: missing_code(code, texts) for code in shipped}
        for code, lacking in gaps.items():
            for context, text, where in lacking:
                print(f"{code}: {where} ({context}): {text}")
        for code, lacking_texts in code_gaps.items():
            for item in lacking_texts:
                print(f"{code}: {item.where}: {item.msgid}")
        return 1 if any(gaps.values()) or any(code_gaps.values()) else 0
    pot = template(entries, texts)
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
        done = len(entries) - len(missing(code, entries))
        done_texts = len(texts) - len(missing_code(code, texts))
        print(
            f"{code}: {done} of {len(entries)} command texts and "
            f"{done_texts} of {len(texts)} code texts translated"
        )
    return 0
