"""The names of computer players' seats: stored in English, said in the reader's language.

A bot seat's `display_name` is stored (the database, ratings, the move log), so like an end
reason (`bot.sessions.reasons`) it is always the English of one of the templates below:
"Easy bot", "Easy bot 2", a seat taken over "Ann (heuristic bot)". A stand-in for an away player
is not stored: its name is a `Text` ("Ann (bot stand-in)"). `reworded(name)` finds the template
again and returns a `Text` the table says in its reader's language (`bot.i18n.say`); a name
matching no template (a human's, an older wording) comes back as it is.
"""

from __future__ import annotations

import re

from bot.games.text import Text
from bot.i18n import N_

BOT = N_("{level} bot")
"""A bot the host seated: "Easy bot" (the level as typed, capitalised)."""
NUMBERED = N_("{level} bot {n}")
"""The second bot of one level at a table: "Easy bot 2"."""
TAKEN_OVER = N_("{player} ({level} bot)")
"""A player's seat a bot took over (a kick, a leave, a turn limit): "Ann (heuristic bot)"."""
STAND_IN = N_("{player} (bot stand-in)")
"""A bot playing for an away player (`/game standin`): "Ann (bot stand-in)"."""

_LEVEL = r"(?P<level>[A-Za-z]+)"
_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (TAKEN_OVER, re.compile(rf"(?P<player>.+) \({_LEVEL} bot\)", re.DOTALL)),
    (STAND_IN, re.compile(r"(?P<player>.+) \(bot stand-in\)", re.DOTALL)),
    (NUMBERED, re.compile(rf"{_LEVEL} bot (?P<n>[0-9]+)")),
    (BOT, re.compile(rf"{_LEVEL} bot")),
)


def seated(level: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """The stored name of a bot the host seats at `level` ("easy" -> "Easy bot"), numbered when
    `taken` (the table's names) already has it."""
    word = level.strip().lower().capitalize()
    name, n = str(Text(BOT, params={"level": word})), 2
    while name in taken:
        name, n = str(Text(NUMBERED, params={"level": word, "n": n})), n + 1
    return name


def taken_over(player: str, bot: str) -> str:
    """The stored name of `player`'s seat once bot `bot` plays it ("Ann (heuristic bot)")."""
    return str(Text(TAKEN_OVER, params={"player": player, "level": bot}))


def stand_in(player: str) -> Text:
    """The name of the bot playing for away `player` (not stored: a `Text`)."""
    return Text(STAND_IN, params={"player": player})


def reworded(name: str) -> str:
    """A bot seat's stored `name` as a `Text` of its template (say it with `bot.i18n.say`), or
    `name` itself when it is already a `Text` or matches no template. Call it for bot seats
    only: a human may be called anything."""
    if isinstance(name, Text):
        return name
    for template, pattern in _FORMS:
        found = pattern.fullmatch(name)
        if found is not None:
            params: dict[str, object] = dict(found.groupdict())
            if "n" in params:
                params["n"] = int(str(params["n"]))
            return Text(template, params=params)
    return name


__all__ = [
    "BOT",
    "NUMBERED",
    "STAND_IN",
    "TAKEN_OVER",
    "reworded",
    "seated",
    "stand_in",
    "taken_over",
]
