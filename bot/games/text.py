"""Texts an engine shows to players, kept translatable without the engine knowing any language.

An engine is pure: it reads no catalog and knows no audience. When it words something a player
reads (a refusal, a move's description, an event), it builds a `Text`: an ordinary `str` holding
the English wording, that also remembers its message id and named parameters. Everything that
treats it as a string sees English; the table layer (`bot.i18n.say`) says it again in the
audience's language from the message catalogs.

The message id is the English text with `{named}` placeholders; `python -m bot catalogs` finds
every `tx(...)`, `tx_c(...)` and `tx_n(...)` call and puts its id in the catalogs.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Text", "tx", "tx_c", "tx_n"]


class Text(str):
    """English text that remembers how to say it in another language.

    msgid: the English message id; plural: its plural form (with `n`), or None;
    context: the catalog context (for short ids that mean different things), or None;
    params: the named values filled in (a value may itself be a `Text`).
    """

    msgid: str
    plural: str | None
    n: int | None
    context: str | None
    params: dict[str, Any]

    def __new__(
        cls,
        msgid: str,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Text:
        values = dict(params or {})
        form = msgid if plural is None or n == 1 else plural
        if n is not None:
            values.setdefault("n", n)
        english = form.format(**values) if values else form
        self = super().__new__(cls, english)
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        self.params = values
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling (process pools) keeps the message id, not only the English.
        return (_rebuild, (self.msgid, self.plural, self.n, self.context, self.params))


def _rebuild(
    msgid: str, plural: str | None, n: int | None, context: str | None, params: dict[str, Any]
) -> Text:
    return Text(msgid, plural=plural, n=n, context=context, params=params)


def tx(msgid: str, /, **params: Any) -> Text:
    """A translatable text: `tx("Piece {piece} does not fit there.", piece=name)`."""
    return Text(msgid, params=params)


def tx_c(context: str, msgid: str, /, **params: Any) -> Text:
    """A translatable text in a catalog context (a short id that means different things)."""
    return Text(msgid, context=context, params=params)


def tx_n(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A translatable text with a singular and a plural form chosen by `n` (also `{n}`)."""
    return Text(singular, plural=plural, n=n, params=params)
