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

from collections.abc import Sequence
from typing import Any

__all__ = [
    "Text",
    "and_list",
    "joined",
    "or_list",
    "text_from_json",
    "text_to_json",
    "tx",
    "tx_c",
    "tx_n",
]


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


def joined(parts: Sequence[Any], separator: str = ", ") -> Text:
    """Texts joined by a separator that is no word (", ", "+", "; "): one `Text` whose parts
    are each said in the reader's language (its message id holds only placeholders); a single
    `Text` is itself."""
    if len(parts) == 1 and isinstance(parts[0], Text):
        return parts[0]
    msgid = separator.join(f"{{p{i}}}" for i in range(len(parts)))
    return Text(msgid, params={f"p{i}": part for i, part in enumerate(parts)})


def and_list(parts: Sequence[Any]) -> Text | str:
    """ "a", "a and b", "a, b and c" in the reader's language ("" for none)."""
    if len(parts) <= 1:
        return joined(parts) if parts else ""
    return tx("{items} and {last}", items=joined(parts[:-1]), last=parts[-1])


def or_list(parts: Sequence[Any]) -> Text | str:
    """ "a", "a or b", "a, b or c" in the reader's language ("" for none)."""
    if len(parts) <= 1:
        return joined(parts) if parts else ""
    return tx("{items} or {last}", items=joined(parts[:-1]), last=parts[-1])


def text_to_json(value: object) -> object:
    """A value as JSON that keeps a `Text`'s message id and parameters (nested texts too), so a
    text stored in a log or a save can be said in any language later; other values as they are
    (a value JSON cannot hold becomes its string)."""
    if isinstance(value, Text):
        out: dict[str, object] = {"msgid": value.msgid}
        if value.plural is not None:
            out["plural"] = value.plural
            out["n"] = value.n
        if value.context is not None:
            out["context"] = value.context
        params = {
            k: text_to_json(v) for k, v in value.params.items() if k != "n" or value.n is None
        }
        if params:
            out["params"] = params
        return out
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def text_from_json(value: object) -> object:
    """The inverse of `text_to_json`: a stored `Text` back as a `Text`; anything else as it is.
    A stored form that does not fit (an old or damaged save) gives None."""
    if not isinstance(value, dict):
        return value
    msgid = value.get("msgid")
    if not isinstance(msgid, str):
        return None
    raw = value.get("params") or {}
    params = {str(k): text_from_json(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    plural = value.get("plural")
    n = value.get("n")
    context = value.get("context")
    try:
        return Text(
            msgid,
            plural=plural if isinstance(plural, str) else None,
            n=n if isinstance(n, int) else None,
            context=context if isinstance(context, str) else None,
            params=params,
        )
    except (KeyError, IndexError, ValueError):
        return None
