"""The shipped languages and lookups in their catalogs (see the package docstring)."""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "catalog_path",
    "command_names",
    "language_for_locale",
    "placeholders",
    "translate",
    "translation",
]

LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "guildhall"


@dataclass(frozen=True, slots=True)
class Language:
    """One language Guildhall speaks.

    code: the catalog's folder name (`de`); also the Discord locale prefix it serves.
    name: the language's own name, for `/game settings language:`.
    """

    code: str
    name: str


DEFAULT_LANGUAGE = Language("en", "English")
"""The language the code is written in: its texts are the message ids, it needs no catalog."""

LANGUAGES: dict[str, Language] = {
    "en": DEFAULT_LANGUAGE,
    "de": Language("de", "Deutsch"),
}
"""Every language offered, by code. A new language: its catalog file and one line here."""


def catalog_path(code: str) -> Path:
    """Where language `code`'s catalog lives."""
    return LOCALES_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def _catalog(code: str) -> Catalog | None:
    """Language `code`'s catalog, read once; None for English (the ids are English)."""
    if code == DEFAULT_LANGUAGE.code:
        return None
    with catalog_path(code).open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def language_for_locale(locale: str | None) -> Language:
    """The language that serves a Discord locale value (`de`, `en-GB`, `pt-BR`, ...):
    its own when shipped, else English."""
    if not locale:
        return DEFAULT_LANGUAGE
    code = str(locale).split("-", 1)[0].lower()
    return LANGUAGES.get(code, DEFAULT_LANGUAGE)


def translation(code: str, message: str, context: str | None = None) -> str | None:
    """The catalog's text for `message` (in `context`), or None when the language has none
    (English, an unknown language, an untranslated or fuzzy entry)."""
    if code not in LANGUAGES:
        return None
    catalog = _catalog(code)
    if catalog is None:
        return None
    entry = catalog.get(message, context=context)
    if entry is None or entry.fuzzy or not entry.string:
        return None
    return str(entry.string)


def translate(code: str, message: str, context: str | None = None, **params: Any) -> str:
    """`message` in language `code` (English when it has no translation), its named
    placeholders filled from `params`."""
    text = translation(code, message, context) or message
    return text.format(**params) if params else text


@cache
def command_names() -> dict[str, str]:
    """Every shipped language's command and subcommand names mapped back to the English ones
    (`spiel` -> `game`, `setzen` -> `place`): what a command typed in any language means."""
    names: dict[str, str] = {}
    for code in LANGUAGES:
        catalog = _catalog(code)
        if catalog is None:
            continue
        for message in catalog:
            if message.context == "command-name" and message.string and not message.fuzzy:
                names.setdefault(str(message.string).lower(), str(message.id))
    return names


def placeholders(text: str) -> frozenset[str]:
    """The names of the `{placeholders}` in a text (what every language must keep alike)."""
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(text) if name is not None and name
    )
