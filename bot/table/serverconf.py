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

log = logging.getLogger(__name__)

__all__ = ["TIMEOUT_ACTIONS", "ServerConf"]

TIMEOUT_ACTIONS: dict[str, str] = {
    "bot": "a computer player takes over the late player's seat and the game goes on",
    "end": "the game is abandoned",
    "nothing": "nothing happens; the players are only reminded",
}
"""What happens when a turn limit passes: key -> what it means, for sentences."""

HOURS_MAX = 24 * 366
UNDO_HOURS_MAX = 24 * 30
"""The longest an undo request may wait for its answers (`/game settings undo_hours`)."""
LOBBY_CAP_MAX = 50
CHANNELS_MAX = 50


def _hours(value: Any, what: str) -> float | None:
    """Hours above 0 and at most a year, or None for 0/None (off)."""
    if value is None:
        return None
    number = float(value)
    if not math.isfinite(number) or number < 0 or number > HOURS_MAX:
        raise ValueError(f"{what} takes hours from 0 (off) to {HOURS_MAX}, not {value!r}.")
    return number or None


def _undo_hours(value: Any) -> float:
    """Hours from 1 to `UNDO_HOURS_MAX` for an undo request to be answered."""
    number = float(value)
    if not math.isfinite(number) or not 1 <= number <= UNDO_HOURS_MAX:
        raise ValueError(
            f"The time to answer an undo takes 1 to {UNDO_HOURS_MAX} hours "
            f"({UNDO_HOURS_MAX // 24} days), not {value!r}."
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
    rated: new games are rated unless `/game new rated:` says otherwise (else casual).
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
    rated: bool = True

    def changed(self, **values: Any) -> ServerConf:
        """A copy with `values` validated and applied; ValueError with a sentence otherwise."""
        out = self
        for key, value in values.items():
            if key == "reminder_hours":
                out = replace(out, reminder_hours=_hours(value, "The reminder interval"))
            elif key == "turn_hours":
                out = replace(out, turn_hours=_hours(value, "The turn limit"))
            elif key == "timeout_action":
                action = str(value).strip().lower()
                if action not in TIMEOUT_ACTIONS:
                    raise ValueError(
                        f"When a turn limit passes, choose {', '.join(TIMEOUT_ACTIONS)}; "
                        f"not {value!r}."
                    )
                out = replace(out, timeout_action=action)
            elif key == "threads":
                out = replace(out, threads=bool(value))
            elif key == "channels":
                ids = tuple(dict.fromkeys(int(c) for c in value))
                if len(ids) > CHANNELS_MAX:
                    raise ValueError(f"At most {CHANNELS_MAX} channels can be listed.")
                out = replace(out, channels=ids)
            elif key == "lobby_cap":
                cap = None if value in (None, 0) else int(value)
                if cap is not None and not 1 <= cap <= LOBBY_CAP_MAX:
                    raise ValueError(
                        f"The lobby cap takes 0 (no cap) to {LOBBY_CAP_MAX}, not {value!r}."
                    )
                out = replace(out, lobby_cap=cap)
            elif key in ("away_days", "away_month_days"):
                days = int(value)
                top = 60 if key == "away_days" else 30
                if not 1 <= days <= top:
                    raise ValueError(f"Away days take 1 to {top}, not {value!r}.")
                out = replace(out, **{key: days})
            elif key == "undo_hours":
                out = replace(out, undo_hours=_undo_hours(value))
            elif key == "rated":
                out = replace(out, rated=bool(value))
            else:
                raise ValueError(f"There is no setting called {key!r}.")
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

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) for every setting, as `/game settings` shows them."""

        def hours(value: float | None, off: str) -> str:
            return off if value is None else f"{value:g} hours"

        where = ", ".join(f"<#{c}>" for c in self.channels) or "any channel"
        return [
            ("Reminders", hours(self.reminder_hours, "off")),
            ("Default turn limit", hours(self.turn_hours, "none")),
            ("When a turn limit passes", TIMEOUT_ACTIONS[self.timeout_action]),
            ("New tables", "in a new thread" if self.threads else "in the channel itself"),
            ("Tables may be opened in", where),
            (
                "Open lobbies per member",
                "no cap" if self.lobby_cap is None else str(self.lobby_cap),
            ),
            (
                "Away (/game away)",
                f"at most {self.away_days} days at a time, {self.away_month_days} in any 30",
            ),
            ("Undo requests (/game undo)", f"answered within {self.undo_hours:g} hours"),
            ("New games", "rated" if self.rated else "casual (not rated)"),
        ]
