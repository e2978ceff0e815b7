"""Typed settings for the Discord bot, read from the environment and an optional `.env` file.

The `.env` parser is deliberately tiny (KEY=VALUE lines, `#` comments, optional quotes) so that no
extra dependency is needed. Real environment variables win over the file, which lets a deployment
override one key without editing it.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Secret",
    "Settings",
    "SettingsError",
    "load_settings",
    "missing_token_help",
    "parse_env_file",
    "read_environment",
]

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class SettingsError(ValueError):
    """A setting has a value we cannot use; the message names the key and what is expected."""


@dataclass(frozen=True, slots=True)
class Secret:
    """A value that must never be printed or logged (the bot token).

    `repr` and `str` hide it; call `reveal()` at the single place that needs the real value.
    """

    _value: str = field(repr=False)

    def reveal(self) -> str:
        """The real value. Only `run_bot` should call this."""
        return self._value

    def __bool__(self) -> bool:
        return bool(self._value)

    def __repr__(self) -> str:
        return "Secret('**********')" if self._value else "Secret('')"

    __str__ = __repr__


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the bot needs to start.

    discord_token: the bot token from the developer portal (empty when not configured).
    database_path: the SQLite file holding every game.
    dev_guild_id: a guild where slash commands are synced instantly (global sync can take an hour).
    log_level: the root logging level name.
    turn_reminder_hours: ping a player who has not moved for this many hours (None: never).
    default_turn_hours: the turn limit of new games when `/game new` gives none (None: no limit).
    turn_limit_action: when a turn limit passes: "end" the game, a "bot" takes the late seat, or
      "nothing".
    tables_in_threads: open new tables in a thread unless `/game new thread:` says otherwise.
    lobbies_per_member: open lobbies one member may host in a server (None: no cap).
    These four and the reminder interval are the defaults of every server's `/game settings`.
    members_intent: ask for the Server Members intent (enable it in the portal too), so a host
      who leaves a server hands the host role on at once.
    database_url: a `postgresql://` URL; set, the games live there instead of `database_path`
      (a secret: it may hold a password).
    shard_count: Discord gateway shards in all (None: one process, Discord's recommendation).
    shard_ids: the shards THIS process connects (None: all of them); the process holding
      shard 0 (or the only process) syncs the slash commands.
    metrics_port: serve Prometheus metrics on this port (None: a health line in the log).
    """

    discord_token: Secret = field(default_factory=lambda: Secret(""))
    database_path: Path = Path("./guildhall.db")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    turn_reminder_hours: float | None = None
    default_turn_hours: float | None = None
    turn_limit_action: str = "end"
    tables_in_threads: bool = False
    lobbies_per_member: int | None = 3
    members_intent: bool = False
    database_url: Secret = field(default_factory=lambda: Secret(""))
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None

    @property
    def syncs_commands(self) -> bool:
        """Whether this process sends the slash commands: only one of several may."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def has_token(self) -> bool:
        """True when a token is configured."""
        return bool(self.discord_token)


def parse_env_file(text: str) -> dict[str, str]:
    """Parse `.env` text: KEY=VALUE lines, blank lines and `#` comments ignored.

    An optional leading `export ` is accepted, and a value wrapped in matching single or double
    quotes is unwrapped (inside quotes a `#` is kept). Unquoted values lose a trailing ` # comment`.

    >>> parse_env_file('A=1\\n# c\\nexport B="x # y"\\nC=2 # note\\n')
    {'A': '1', 'B': 'x # y', 'C': '2'}
    """
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key:
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        else:
            hash_at = value.find(" #")
            if hash_at != -1:
                value = value[:hash_at].rstrip()
        values[key] = value
    return values


def _optional_int(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number (a Discord server id), not {raw!r}.") from None


def _optional_positive_float(env: Mapping[str, str], key: str) -> float | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number of hours, not {raw!r}.") from None
    if value <= 0:
        raise SettingsError(f"{key} must be more than 0 hours (leave it empty to turn it off).")
    return value


TURN_LIMIT_ACTIONS = ("end", "bot", "nothing")


def _choice(env: Mapping[str, str], key: str, choices: tuple[str, ...], default: str) -> str:
    raw = env.get(key, "").strip().lower() or default
    if raw not in choices:
        raise SettingsError(f"{key} must be one of {', '.join(choices)}, not {raw!r}.")
    return raw


def _flag(env: Mapping[str, str], key: str) -> bool:
    raw = env.get(key, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return False
    if raw in ("1", "true", "yes", "on"):
        return True
    raise SettingsError(f"{key} must be true or false, not {raw!r}.")


def _cap(env: Mapping[str, str], key: str, default: int | None) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 2:
        raise SettingsError(f"{key} must be a whole number from 0 (no cap) to 50, not {raw!r}.")
    value = int(raw)
    if value > 50:
        raise SettingsError(f"{key} must be a whole number from 0 (no cap) to 50, not {raw!r}.")
    return value or None


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0-3", "4,5" or "0-1,6"), checked against each other."""
    raw_count = env.get("SHARD_COUNT", "").strip()
    raw_ids = env.get("SHARD_IDS", "").strip()
    count: int | None = None
    if raw_count:
        if not raw_count.isascii() or not raw_count.isdigit() or int(raw_count) < 1:
            raise SettingsError(
                f"SHARD_COUNT must be a whole number of 1 or more, not {raw_count!r}."
            )
        count = int(raw_count)
    if not raw_ids:
        return count, None
    if count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT: the number of shards in all processes.")
    ids: set[int] = set()
    for part in raw_ids.split(","):
        low, dash, high = part.strip().partition("-")
        bounds = (low, high) if dash else (low, low)
        if not all(b.strip().isascii() and b.strip().isdigit() for b in bounds):
            raise SettingsError(
                f"SHARD_IDS must be shard numbers or ranges like 0-3,8, not {raw_ids!r}."
            )
        first, last = int(bounds[0]), int(bounds[1])
        if first > last or last >= count:
            raise SettingsError(
                f"SHARD_IDS {part.strip()!r} is not a range within 0-{count - 1} (SHARD_COUNT)."
            )
        ids.update(range(first, last + 1))
    return count, tuple(sorted(ids))


def _port(env: Mapping[str, str], key: str) -> int | None:
    raw = env.get(key, "").strip()
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 65535:
        raise SettingsError(f"{key} must be a port number from 1 to 65535, not {raw!r}.")
    return int(raw)


def settings_from_mapping(env: Mapping[str, str]) -> Settings:
    """Build `Settings` from a mapping of raw strings; raise SettingsError naming the bad key."""
    level = env.get("LOG_LEVEL", "").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
    db = env.get("DATABASE_PATH", "").strip() or "./guildhall.db"
    url = env.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError(
            "DATABASE_URL must be a postgresql:// URL (leave it empty to use DATABASE_PATH)."
        )
    shard_count, shard_ids = _shards(env)
    return Settings(
        discord_token=Secret(env.get("DISCORD_TOKEN", "").strip()),
        database_path=Path(db).expanduser(),
        dev_guild_id=_optional_int(env, "DEV_GUILD_ID"),
        log_level=level,
        turn_reminder_hours=_optional_positive_float(env, "TURN_REMINDER_HOURS"),
        default_turn_hours=_optional_positive_float(env, "DEFAULT_TURN_HOURS"),
        turn_limit_action=_choice(env, "TURN_LIMIT_ACTION", TURN_LIMIT_ACTIONS, "end"),
        tables_in_threads=_flag(env, "TABLES_IN_THREADS"),
        lobbies_per_member=_cap(env, "LOBBIES_PER_MEMBER", 3),
        members_intent=_flag(env, "SERVER_MEMBERS_INTENT"),
        database_url=Secret(url),
        shard_count=shard_count,
        shard_ids=shard_ids,
        metrics_port=_port(env, "METRICS_PORT"),
    )


def read_environment(
    env_file: str | os.PathLike[str] | None = ".env",
    environ: Mapping[str, str] | None = None,
) -> dict[str, str]:
    """`.env` (if it exists) overlaid by the environment, as raw strings."""
    merged: dict[str, str] = {}
    if env_file is not None:
        path = Path(env_file)
        if path.is_file():
            merged.update(parse_env_file(path.read_text(encoding="utf-8")))
    merged.update(os.environ if environ is None else environ)
    return merged


def load_settings(
    env_file: str | os.PathLike[str] | None = ".env",
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Read `.env` (if it exists) and then the environment, which overrides the file."""
    return settings_from_mapping(read_environment(env_file, environ))


def python_command(executable: str | None = None, cwd: str | None = None) -> str:
    """How to type the running Python in a shell: `.venv/bin/python` when it lies under the
    current directory, else its full path (quoted if it needs it). The hint then works
    without an activated venv, where a bare `python` finds no Guildhall."""
    exe = executable or sys.executable or "python3"
    here = cwd or os.getcwd()
    try:
        rel = os.path.relpath(exe, here)
    except ValueError:  # another drive (Windows)
        rel = exe
    shown = rel if not rel.startswith("..") and not os.path.isabs(rel) else exe
    return shlex.quote(shown)


def missing_token_help(env_file: str = ".env", python: str | None = None) -> str:
    """The text shown when no token is configured: how to get one and how to play without one.
    Commands name `python` (default: the running interpreter, see `python_command`)."""
    py = python or python_command()
    return f"""\
Guildhall needs a Discord bot token to connect, and none is configured.

1. Create the application
   - Open https://discord.com/developers/applications and click "New Application".
   - Open the "Bot" tab, click "Reset Token" and copy the token (it is shown once; keep it
     secret, never paste it in a chat or commit it).
   - No privileged intents are needed: Guildhall only uses slash commands and buttons.

2. Invite the bot to your server
   - Open "OAuth2" -> "URL Generator".
   - Scopes: bot, applications.commands
   - Bot permissions: View Channel, Send Messages, Embed Links, Attach Files,
     Send Messages in Threads, Create Public Threads (permission integer 309237697536)
   - Open the generated URL and pick your server.

3. Give the token to Guildhall
   - Copy .env.example to {env_file} and set DISCORD_TOKEN=<your token>
     (or export DISCORD_TOKEN in the environment).
   - Optional: DEV_GUILD_ID=<your server id> makes new slash commands appear there at once.
   - Then start the bot again: {py} -m bot

No token yet? Play at a local table in the terminal:
   {py} -m bot local cathedral --players alice,bob
"""
