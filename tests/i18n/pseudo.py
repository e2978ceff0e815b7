"""A pseudo-language for tests: every catalog text said in it comes out wrapped in ⟦…⟧.

Played through, a game in the pseudo-language shows at once any text that did not come from the
catalogs: whatever words stand outside the brackets (and outside code spans, where notation is)
were written in the code, or glued from fragments, and would stay English for a German member.
"""

from __future__ import annotations

import gettext
import io
import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.cli.catalogs import code_strings, command_strings
from bot.i18n import catalogs as catalogs_module
from bot.i18n import saying as saying_module
from bot.i18n.catalogs import Language

CODE = "qps"
OPEN, CLOSE = "⟦", "⟧"


def pseudo(text: str) -> str:
    """`text` as the pseudo-language says it (placeholders kept): each line wrapped on its
    own, so a long text paged at its line breaks (`/game rules`) stays bracketed on every page."""
    return "\n".join(f"{OPEN}{line}{CLOSE}" if line.strip() else line for line in text.split("\n"))


@cache
def _compiled() -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")  # German plural rules: two forms
    for context, text, _where in command_strings():
        if catalog.get(text, context=context) is None:
            catalog.add(text, pseudo(text), context=context)
    for item in code_strings():
        if catalog.get(item.msgid, context=item.context) is not None:
            continue
        if item.plural:
            catalog.add(
                (item.msgid, item.plural),
                (pseudo(item.msgid), pseudo(item.plural)),
                context=item.context,
            )
        else:
            catalog.add(item.msgid, pseudo(item.msgid), context=item.context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `qps` a shipped language whose catalog wraps every text (for this test only)."""
    languages = dict(catalogs_module.LANGUAGES)
    languages[CODE] = Language(CODE, "Pseudo")
    monkeypatch.setattr(catalogs_module, "LANGUAGES", languages)
    monkeypatch.setattr(saying_module, "LANGUAGES", languages)
    real = saying_module._translations

    def translations(code: str) -> gettext.NullTranslations:
        return _compiled() if code == CODE else real(code)

    monkeypatch.setattr(saying_module, "_translations", translations)


_BRACKETED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_UNCLOSED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}\n]*")
_CODE_SPAN = re.compile(r"```.*?```|`[^`]*`", re.S)
_LINK = re.compile(f"<[@#:!&/][^>]*>|https?://[^\\s{CLOSE}]+")
_OPTION = re.compile(r"\b[a-z_]+=[^\s,]*")
"""A game option as typed (`setup=standard`): notation, the same in every language."""
_RUN = re.compile(r"[A-Za-z]{2,}(?:[’'][a-z]+)?(?:[ ,.:;!?()-]+[A-Za-z]{2,}(?:[’'][a-z]+)?)+")


def leftovers(
    text: str, allowed: frozenset[str] = frozenset(), *, drawn: bool = False
) -> list[str]:
    """The runs of two or more words in `text` that stand outside every ⟦…⟧ (and outside code
    spans, mentions and links): texts that did not come from the catalogs. `allowed`: words
    that may stand there (player names, notation words). `drawn`: the texts of an image,
    where a label cut to fit loses its closing bracket (its words up to the next label count
    as bracketed)."""
    rest = _OPTION.sub(" ", _CODE_SPAN.sub(" ", _LINK.sub(" ", text)))
    while True:
        inner = _BRACKETED.sub(" ", rest)
        if inner == rest:
            break
        rest = inner
    if drawn:
        rest = _UNCLOSED.sub(" ", rest)
    found: list[str] = []
    for run in _RUN.findall(rest):
        words = [w for w in re.findall(r"[A-Za-z]{2,}", run) if w.lower() not in allowed]
        if len(words) >= 2:
            found.append(run)
    return found
