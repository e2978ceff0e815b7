"""Why a session ended: stored in English, worded again in the reader's language when shown.

A session's `end_reason` is stored (the database, the replay's last frame), so it must not depend
on who happened to cause it: it is always the English sentence of one of the templates below,
filled in. `reworded(stored)` finds the template again and returns a `Text`, which the table says
in its reader's language (`bot.i18n.say`); a stored sentence matching no template (an engine's
outcome, an older wording) comes back as it is.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from functools import cache

from bot.games.text import Text
from bot.i18n import N_

HOST_LEFT = N_("The host, {host}, left; the lobby was closed.")
ABANDONED_BY_HOST = N_("Abandoned by the host, {host}.")
ABANDONED_BY_VOTE = N_("Abandoned by a vote of all players.")
TIMED_OUT_WAITING = N_("Timed out waiting for {players}.")
TIMED_OUT = N_("Timed out.")
ENDED_BY_MODERATOR = N_("Ended by a moderator, {moderator}.")
LAST_HUMAN_LEFT = N_("{player} left; no human player remains, so the game ends.")

NAMES = N_("{names} and {last}")
"""Names joined as `bot.sessions.core` joins them ("Ann, Bob and Cy")."""

END_REASONS: tuple[str, ...] = (
    HOST_LEFT,
    ABANDONED_BY_HOST,
    ABANDONED_BY_VOTE,
    TIMED_OUT_WAITING,
    TIMED_OUT,
    ENDED_BY_MODERATOR,
    LAST_HUMAN_LEFT,
)
"""Every end reason the shared layers store."""


def host_left(host: str) -> str:
    """The lobby closed because its host left and no human was left to host it."""
    return str(Text(HOST_LEFT, params={"host": host}))


def abandoned_by_host(host: str) -> str:
    return str(Text(ABANDONED_BY_HOST, params={"host": host}))


def abandoned_by_vote() -> str:
    return str(Text(ABANDONED_BY_VOTE))


def timed_out(waiting: str) -> str:
    """The turn limit passed while `waiting` (names, already joined) had to act."""
    if waiting:
        return str(Text(TIMED_OUT_WAITING, params={"players": waiting}))
    return str(Text(TIMED_OUT))


def ended_by_moderator(moderator: str) -> str:
    return str(Text(ENDED_BY_MODERATOR, params={"moderator": moderator}))


def last_human_left(player: str) -> str:
    """The last human left a running game (`/game leave`), which ends it."""
    return str(Text(LAST_HUMAN_LEFT, params={"player": player}))


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts), re.DOTALL)


def reworded(stored: str | None, templates: Iterable[str] = END_REASONS) -> str | None:
    """`stored` as a `Text` of the template it was filled from (say it with `bot.i18n.say`), or
    `stored` itself when no template matches (None stays None)."""
    if not stored or isinstance(stored, Text):
        return stored
    for template in templates:
        found = _pattern(template).fullmatch(stored)
        if found is not None:
            params: dict[str, object] = dict(found.groupdict())
            if "players" in params:  # names joined with the English "and"
                params["players"] = reworded(str(params["players"]), (NAMES,)) or ""
            return Text(template, params=params)
    return stored
