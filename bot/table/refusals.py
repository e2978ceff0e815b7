"""Texts other layers worded, said in the current language for the table's replies: a refusal
the sessions layer built (`Rejection`, its sentences `Text`s), or a game module's text."""

from __future__ import annotations

from typing import Any

from bot.games.rejections import Rejection
from bot.games.text import Text
from bot.i18n import say, tr
from bot.sessions import botnames


def said(rejection: Rejection | str) -> str:
    """The refusal's sentence and hint in the current language (a plain string as it is)."""
    if not isinstance(rejection, Rejection):
        return say(rejection)
    if rejection.hint is None:
        return say(rejection.message)
    return f"{say(rejection.message)} {say(rejection.hint)}"


def spoken(text: str | None) -> str:
    """A text another module handed over, in the current language: an engine's `Text`, or a
    constant marked with `N_` (looked up in the catalogs); any other string as it is."""
    if text is None:
        return ""
    return say(text) if isinstance(text, Text) else tr(text)


def seat_name(seat: Any) -> str:
    """A seat's holder's name (a `SeatRecord` or an `AppliedMove`) in the current language: a
    bot's stored English name ("Easy bot", "Ann (heuristic bot)") or a stand-in's `Text` said
    again (`bot.sessions.botnames`); a human's name as it is."""
    name = seat.display_name
    if getattr(seat, "bot_name", None) is None:
        return name
    return say(botnames.reworded(name))


__all__ = ["said", "seat_name", "spoken"]
