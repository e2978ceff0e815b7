"""Per-server settings (`/game settings`): what they are, their defaults, how they are changed.

    conf = ServerConf(reminder_hours=24.0)           # the bot's defaults (from the environment)
    conf = conf.merged({"turn_hours": 48.0})         # what one server stored over them
    conf = conf.changed(timeout_action="bot")        # a change, validated (ValueError: sentence)

Pure: storage lives in `bot.storage.extras`, the command in `bot.table.servers`.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from bot.i18n import LANGUAGES, N_, tr
from bot.sessions.levels import DEFAULT_LEVEL, LEVEL_TEXT, LEVELS

log = logging.getLogger(__name__)

__all__ = ["TIMEOUT_ACTIONS", "ServerConf"]

TIMEOUT_ACTIONS: dict[str, str] = {
    "bot": N_("a computer player takes over the late player's seat and the game goes on"),
    "end": N_("the game is abandoned"),
    "nothing": N_("nothing happens; the players are only reminded"),
}
"""What happens when a turn limit passes: key -> what it means, for sentences (say it with
`tr`)."""

AUTO_LANGUAGE = "auto"
"""`/game settings language:` value for "the server's Discord language" (stored as "")."""

HOURS_MAX = 24 * 366
UNDO_HOURS_MAX = 24 * 30
"""The longest an undo request may wait for its answers (`/game settings undo_hours`)."""
LOBBY_CAP_MAX = 50
CHANNELS_MAX = 50


def _hours(value: Any, what: str) -> float | None:
    """Hours above 0 and at most a year, or None for 0/None (off). `what`: "reminder_hours"
    or "turn_hours"."""
    if value is None:
        return None
    number = float(value)
    if not math.isfinite(number) or number < 0 or number > HOURS_MAX:
        if what == "reminder_hours":
            raise ValueError(
                tr(
                    "The reminder interval takes hours from 0 (off) to {most}, not {value}.",
                    most=HOURS_MAX,
                    value=repr(value),
                )
            )
        raise ValueError(
            tr(
                "The turn limit takes hours from 0 (off) to {most}, not {value}.",
                most=HOURS_MAX,
                value=repr(value),
            )
        )
    return number or None


def _language(value: Any) -> str:
    """A shipped language's code, or "" for the server's Discord language."""
    code = str(value or "").strip().lower()
    if code in ("", AUTO_LANGUAGE):
        return ""
    if code not in LANGUAGES:
        raise ValueError(
            tr(
                "Guildhall speaks {languages}; not {value}.",
                languages=", ".join(LANGUAGES),
                value=repr(value),
            )
        )
    return code


def _undo_hours(value: Any) -> float:
    """Hours from 1 to `UNDO_HOURS_MAX` for an undo request to be answered."""
    number = float(value)
    if not math.isfinite(number) or not 1 <= number <= UNDO_HOURS_MAX:
        raise ValueError(
            tr(
                "The time to answer an undo takes 1 to {most} hours ({days} days), not {value}.",
                most=UNDO_HOURS_MAX,
                days=UNDO_HOURS_MAX // 24,
                value=repr(value),
            )
        )
    return number


@dataclass(frozen=True, slots=True)
class ServerConf:
    """One server's settings.

    reminder_hours: remind awaited players after this many hours without a move (None: never).
    turn_hours: the turn limit of new games unless `/game new` gives one (None: no limit).
    timeout_action: what happens when a turn limit passes (a key of `TIMEOUT_ACTIONS`).
    threads: open new tables in a thread unless `/game new thread:` says otherwise.
    channels: channel ids where tables may be opened (empty: anywhere).
    lobby_cap: how many open lobbies one member may host at once (None: no cap).
    away_days / away_month_days: the longest absence (`/game away`), and the most days a
        member may be away in any 30.
    undo_hours: how long the other players have to answer an undo request (`/game undo`).
    bot_level: the computer player that stands in for away players and takes over seats (at a
        turn limit, a kick or a leave): a key of `bot.sessions.levels.LEVELS`.
    rated: new games are rated unless `/game new rated:` says otherwise (else casual).
    language: the language of public posts (a code of `bot.i18n.LANGUAGES`); "": the
        server's Discord language when Guildhall speaks it, else English.
    """

    reminder_hours: float | None = None
    turn_hours: float | None = None
    timeout_action: str = "end"
    threads: bool = False
    channels: tuple[int, ...] = ()
    lobby_cap: int | None = 3
    away_days: int = 14
    away_month_days: int = 21
    undo_hours: float = 24.0
    bot_level: str = DEFAULT_LEVEL
    rated: bool = True
    language: str = ""

    def changed(self, **values: Any) -> ServerConf:
        """A copy with `values` validated and applied; ValueError with a sentence otherwise."""
        out = self
        for key, value in values.items():
            if key == "reminder_hours":
                out = replace(out, reminder_hours=_hours(value, "reminder_hours"))
            elif key == "turn_hours":
                out = replace(out, turn_hours=_hours(value, "turn_hours"))
            elif key == "timeout_action":
                action = str(value).strip().lower()
                if action not in TIMEOUT_ACTIONS:
                    raise ValueError(
                        tr(
                            "When a turn limit passes, choose {actions}; not {value}.",
                            actions=", ".join(TIMEOUT_ACTIONS),
                            value=repr(value),
                        )
                    )
                out = replace(out, timeout_action=action)
            elif key == "threads":
                out = replace(out, threads=bool(value))
            elif key == "channels":
                ids = tuple(dict.fromkeys(int(c) for c in value))
                if len(ids) > CHANNELS_MAX:
                    raise ValueError(
                        tr("At most {most} channels can be listed.", most=CHANNELS_MAX)
                    )
                out = replace(out, channels=ids)
            elif key == "lobby_cap":
                cap = None if value in (None, 0) else int(value)
                if cap is not None and not 1 <= cap <= LOBBY_CAP_MAX:
                    raise ValueError(
                        tr(
                            "The lobby cap takes 0 (no cap) to {most}, not {value}.",
                            most=LOBBY_CAP_MAX,
                            value=repr(value),
                        )
                    )
                out = replace(out, lobby_cap=cap)
            elif key in ("away_days", "away_month_days"):
                days = int(value)
                top = 60 if key == "away_days" else 30
                if not 1 <= days <= top:
                    raise ValueError(
                        tr("Away days take 1 to {most}, not {value}.", most=top, value=repr(value))
                    )
                out = replace(out, **{key: days})
            elif key == "undo_hours":
                out = replace(out, undo_hours=_undo_hours(value))
            elif key == "bot_level":
                level = str(value).strip().lower()
                if level not in LEVELS:
                    raise ValueError(
                        tr(
                            "The computer players' level is {levels}, not {value}.",
                            levels=" or ".join(LEVELS),  # i18n-exempt: values typed as they are
                            value=repr(value),
                        )
                    )
                out = replace(out, bot_level=level)
            elif key == "rated":
                out = replace(out, rated=bool(value))
            elif key == "language":
                out = replace(out, language=_language(value))
            else:
                raise ValueError(tr("There is no setting called {key}.", key=repr(key)))
        return out

    def merged(self, stored: Mapping[str, Any]) -> ServerConf:
        """These defaults with a server's stored values over them (a bad value is logged and
        skipped, so one broken row never blocks a server)."""
        out = self
        for key, value in stored.items():
            try:
                out = out.changed(**{key: value})
            except (ValueError, TypeError):
                log.warning("ignoring the stored setting %s=%r", key, value)
        return out

    def to_stored(self) -> dict[str, Any]:
        """The JSON object stored for a server."""
        data = asdict(self)
        data["channels"] = list(self.channels)
        return data

    @staticmethod
    def keys() -> tuple[str, ...]:
        """Every setting's name."""
        return tuple(f.name for f in fields(ServerConf))

    def lines(self, discord_language: str = "") -> list[tuple[str, str]]:
        """(label, value) for every setting, as `/game settings` shows them, in the current
        language. `discord_language`: the code the server's Discord locale gives, shown where
        the language follows it."""

        def hours(value: float | None, off: str) -> str:
            return off if value is None else tr("{hours} hours", hours=f"{value:g}")

        where = ", ".join(f"<#{c}>" for c in self.channels) or tr("any channel")
        if self.language:
            language = LANGUAGES[self.language].name
        else:
            shown = LANGUAGES.get(discord_language or "en", LANGUAGES["en"]).name
            language = tr("the server's Discord language ({language})", language=shown)
        return [
            (tr("Reminders"), hours(self.reminder_hours, tr("off"))),
            (tr("Default turn limit"), hours(self.turn_hours, tr("none"))),
            (tr("When a turn limit passes"), tr(TIMEOUT_ACTIONS[self.timeout_action])),
            (
                tr("New tables"),
                tr("in a new thread") if self.threads else tr("in the channel itself"),
            ),
            (tr("Tables may be opened in"), where),
            (
                tr("Open lobbies per member"),
                tr("no cap") if self.lobby_cap is None else str(self.lobby_cap),
            ),
            (
                tr("Away (/game away)"),
                tr(
                    "at most {days} days at a time, {month} in any 30",
                    days=self.away_days,
                    month=self.away_month_days,
                ),
            ),
            (
                tr("Undo requests (/game undo)"),
                tr("answered within {hours} hours", hours=f"{self.undo_hours:g}"),
            ),
            (
                tr("Stand-ins and take-overs"),
                f"{self.bot_level}: {tr(LEVEL_TEXT[self.bot_level])}",
            ),
            (tr("New games"), tr("rated") if self.rated else tr("casual (not rated)")),
            (tr("Public posts (/game settings language)"), language),
        ]
