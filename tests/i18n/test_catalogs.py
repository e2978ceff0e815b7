"""The message catalogs: complete for the command tree, placeholders alike, within Discord's
limits in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.cli.catalogs import code_strings, command_strings, missing, missing_code
from bot.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    catalog_path,
    language_for_locale,
    placeholders,
    translate,
)
from bot.i18n.catalogs import LOCALES_DIR

SHIPPED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE.code]
LIMITS = {"description": 100, "option": 100, "choice": 100}
"""Discord's lengths for command and option descriptions and choice names."""


@pytest.fixture(scope="module")
def entries() -> list[tuple[str, str, str]]:
    return command_strings()


def _catalog(code: str):
    with catalog_path(code).open("rb") as handle:
        return read_po(handle, locale=code)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_command_text_is_translated(code: str, entries) -> None:
    """Each description, option description and choice name of the tree has a translation
    (`python -m bot catalogs` brings new texts in; a translator fills them)."""
    assert len(entries) > 150
    lacking = [f"{where} ({context}): {text}" for context, text, where in missing(code, entries)]
    assert lacking == []


@pytest.mark.parametrize("code", SHIPPED)
def test_translations_keep_placeholders_and_limits(code: str) -> None:
    """A translation names the same `{placeholders}` as its English text, and fits Discord's
    length for where it stands (German runs longer than English)."""
    for message in _catalog(code):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        # Plural forms: every form keeps the plural id's names ({n} may be left out).
        wanted = placeholders(ids[-1]) | placeholders(ids[0])
        for string in strings:
            if string:
                assert placeholders(string) - {"n"} <= wanted, message.id
                assert wanted - {"n"} <= placeholders(string) | (wanted & {"n"}), message.id
        if len(ids) > 1:
            continue
        limit = LIMITS.get(message.context or "")
        if limit is not None:
            assert 1 <= len(message.string) <= limit, (message.string, len(message.string))


def test_every_shipped_language_has_a_catalog_file() -> None:
    """One line in LANGUAGES and one file per language, nothing more."""
    for code in SHIPPED:
        assert catalog_path(code).is_file()
    folders = {p.name for p in LOCALES_DIR.iterdir() if p.is_dir()}
    assert folders == set(SHIPPED)


def test_locales_pick_their_language() -> None:
    """Discord's locale values map to a shipped language by prefix, anything else to English."""
    assert language_for_locale("de").code == "de"
    assert language_for_locale("en-GB").code == "en"
    assert language_for_locale("pt-BR").code == "en"
    assert language_for_locale(None).code == "en"


def test_translate_fills_named_placeholders() -> None:
    """Untranslated texts fall back to English, with the placeholders filled by name."""
    assert translate("de", "{player} waits", "reply", player="Ann") == "Ann waits"
    assert translate("de", "Play Cathedral.", "description") == "Kathedrale spielen."
    assert translate("en", "Play Cathedral.", "description") == "Play Cathedral."


def test_the_catalog_is_valid_gettext() -> None:
    """The German file is plain gettext that `msgfmt`-style tools read: no stray markup."""
    text = Path(catalog_path("de")).read_text(encoding="utf-8")
    assert re.search(r'^"Language: de\\n"$', text, re.M)


@pytest.mark.parametrize("code", SHIPPED)
def test_every_code_text_is_translated(code: str) -> None:
    """Each text the code marks (`tr`, `t`, ...) has a translation in every shipped language
    (`python -m bot catalogs` brings new ones in; `--check` lists what is missing)."""
    lacking = [f"{item.where}: {item.msgid}" for item in missing_code(code, code_strings())]
    assert lacking == []
