"""Saying things in the audience's language: the current language and the lookup functions.

Who reads a text decides its language: a private reply (ephemeral, a DM) is in the member's own
Discord language, a public post in the server's (`/game settings language:`). The front end says
which with `speaking(code)` around the code that builds the texts; everything built inside reads
`current_language()`. A context variable carries it, so concurrent commands (and the threads
`asyncio.to_thread` starts, which copy the context) never mix languages.

The functions, all with the English text as message id and `{named}` placeholders:
- `tr(msgid, **params)`: the text now, in the current language;
- `tr_c(context, msgid, **params)`: the same in a catalog context (short, ambiguous ids);
- `tr_n(singular, plural, n, **params)`: the form for `n` (also available as `{n}`);
- `N_(msgid)`: marks a constant for the catalogs without translating it (say it later with `tr`);
- `say(value)`: a value an engine built (`bot.games.text.Text`) in the current language; any
  other string as it is.
A parameter that is itself a `Text` is said in the same language. Braces: a text with parameters
is filled with `str.format` (write a literal brace doubled); one without is used as it is.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.games.text import Text
from bot.i18n.catalogs import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES, catalog_path

__all__ = [
    "N_",
    "current_language",
    "say",
    "speak_from_here",
    "speaking",
    "tr",
    "tr_c",
    "tr_n",
]

_LANGUAGE: ContextVar[str] = ContextVar("guildhall_language", default=DEFAULT_LANGUAGE.code)


def current_language() -> str:
    """The code of the language texts are being said in now (`en` unless `speaking` set one)."""
    return _LANGUAGE.get()


@contextmanager
def speaking(code: str | None) -> Iterator[str]:
    """Say everything built inside in language `code` (an unknown or empty code: English)."""
    chosen = code if code in LANGUAGES else DEFAULT_LANGUAGE.code
    token = _LANGUAGE.set(chosen)
    try:
        yield chosen
    finally:
        _LANGUAGE.reset(token)


def speak_from_here(code: str | None) -> str:
    """Say everything from here to the end of the current task in language `code` (an unknown
    or empty code: English). For a front end's entry point whose task ends with the work it
    starts (one task per Discord interaction); elsewhere prefer `speaking`."""
    chosen = code if code in LANGUAGES else DEFAULT_LANGUAGE.code
    _LANGUAGE.set(chosen)
    return chosen


@cache
def _translations(code: str) -> gettext.NullTranslations:
    """Language `code`'s catalog compiled for gettext's lookups (plural rules included).
    Untranslated and fuzzy entries fall back to the English id."""
    path = catalog_path(code)
    if code == DEFAULT_LANGUAGE.code or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=code, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _fill(form: str, params: dict[str, Any], code: str) -> str | None:
    """`form` with its placeholders filled, or None when it cannot be (a broken translation)."""
    values = {name: _said(value, code) for name, value in params.items()}
    try:
        return form.format(**values) if values else form
    except (KeyError, IndexError, ValueError, AttributeError):
        return None


def _lookup(
    code: str, msgid: str, plural: str | None, n: int | None, context: str | None
) -> tuple[str, bool]:
    """(the form to fill, whether it came from the catalog)."""
    catalog = _translations(code)
    if plural is not None:
        count = n if n is not None else 1
        if context is not None:
            form = catalog.npgettext(context, msgid, plural, count)
        else:
            form = catalog.ngettext(msgid, plural, count)
        english = msgid if count == 1 else plural
        return form, form != english
    form = catalog.pgettext(context, msgid) if context is not None else catalog.gettext(msgid)
    return form, form != msgid


def _say_in(
    code: str,
    msgid: str,
    params: dict[str, Any],
    *,
    plural: str | None = None,
    n: int | None = None,
    context: str | None = None,
) -> str:
    form, translated = _lookup(code, msgid, plural, n, context)
    if translated:
        text = _fill(form, params, code)
        if text is not None:
            return text
    # No translation, or a broken one (it must never cost a player their reply): English.
    english = msgid if plural is None or n == 1 else plural
    text = _fill(english, params, code)
    return english if text is None else text


def _said(value: Any, code: str) -> Any:
    if isinstance(value, Text):
        return _say_in(
            code, value.msgid, value.params, plural=value.plural, n=value.n, context=value.context
        )
    return value


def tr(msgid: str, /, **params: Any) -> str:
    """`msgid` in the current language, its `{named}` placeholders filled from `params`."""
    return _say_in(current_language(), msgid, params)


def tr_c(context: str, msgid: str, /, **params: Any) -> str:
    """`msgid` in catalog context `context`, in the current language."""
    return _say_in(current_language(), msgid, params, context=context)


def tr_n(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The singular or plural text for `n` in the current language (`{n}` is filled too)."""
    return _say_in(current_language(), singular, {"n": n, **params}, plural=plural, n=n)


def N_(msgid: str, /) -> str:  # noqa: N802 - gettext's conventional name for "mark only"
    """Marks `msgid` for the catalogs and returns it unchanged (say it later with `tr`)."""
    return msgid


def say(value: Any) -> str:
    """An engine's `Text` in the current language; any other value as its plain string."""
    if isinstance(value, Text):
        return str(_said(value, current_language()))
    return "" if value is None else str(value)
