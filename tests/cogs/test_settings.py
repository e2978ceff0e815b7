"""Settings: .env parsing, environment precedence, validation, the secret token, the help text."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import (
    Secret,
    SettingsError,
    load_settings,
    missing_token_help,
    parse_env_file,
)


def test_env_file_values_are_read_and_environment_wins(tmp_path: Path) -> None:
    """Keys come from .env; a real environment variable overrides the file."""
    env = tmp_path / ".env"
    env.write_text(
        "# comment\nDISCORD_TOKEN='abc.def'\nDATABASE_PATH=/tmp/x.db  # where\n"
        "DEV_GUILD_ID=123\nLOG_LEVEL=debug\nTURN_REMINDER_HOURS=12\n",
        encoding="utf-8",
    )
    s = load_settings(env, environ={"LOG_LEVEL": "WARNING"})
    assert s.discord_token.reveal() == "abc.def"
    assert s.database_path == Path("/tmp/x.db")
    assert s.dev_guild_id == 123
    assert s.log_level == "WARNING"
    assert s.turn_reminder_hours == 12.0


def test_defaults_without_file(tmp_path: Path) -> None:
    """No file, empty environment: the documented defaults and no token."""
    s = load_settings(tmp_path / "missing.env", environ={})
    assert not s.has_token
    assert s.database_path == Path("guildhall.db")
    assert s.dev_guild_id is None and s.turn_reminder_hours is None
    assert s.log_level == "INFO"


def test_token_is_never_printed() -> None:
    """repr/str of the settings hide the token."""
    s = load_settings(None, environ={"DISCORD_TOKEN": "super-secret-token"})
    assert "super-secret-token" not in repr(s)
    assert "super-secret-token" not in str(s.discord_token)
    assert repr(Secret("")) == "Secret('')"


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL"),
        ("TURN_REMINDER_HOURS", "-1", "TURN_REMINDER_HOURS"),
        ("TURN_REMINDER_HOURS", "soon", "TURN_REMINDER_HOURS"),
    ],
)
def test_bad_values_name_the_key(key: str, value: str, needle: str) -> None:
    """A bad value raises SettingsError naming the key."""
    with pytest.raises(SettingsError, match=needle):
        load_settings(None, environ={key: value})


def test_parser_handles_export_quotes_and_junk() -> None:
    """`export`, quotes with #, trailing comments and lines without '=' are handled."""
    parsed = parse_env_file('export A=1\nB="x # y"\nC=2 # c\njunk\n=nokey\n')
    assert parsed == {"A": "1", "B": "x # y", "C": "2"}


def test_help_text_explains_setup_and_local_play() -> None:
    """The no-token help covers the portal, the OAuth2 scopes and permissions, and local play."""
    text = missing_token_help()
    for needle in (
        "New Application",
        "Bot",
        "bot, applications.commands",
        "Send Messages",
        "Attach Files",
        "Embed Links",
        "Create Public Threads",
        "Send Messages in Threads",
        "View Channel",
        "DISCORD_TOKEN",
        "python -m bot local cathedral --players alice,bob",
    ):
        assert needle in text


def test_env_example_lists_every_key() -> None:
    """.env.example documents every setting key."""
    example = (Path(__file__).resolve().parents[2] / ".env.example").read_text(encoding="utf-8")
    for key in (
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DEV_GUILD_ID",
        "LOG_LEVEL",
        "TURN_REMINDER_HOURS",
        "DATABASE_URL",
        "SHARD_COUNT",
        "SHARD_IDS",
        "METRICS_PORT",
    ):
        assert f"\n{key}=" in example


def test_server_defaults_come_from_the_environment() -> None:
    """The .env values become every server's `/game settings` defaults; bad ones are named."""
    from bot.app import server_defaults
    from bot.settings import SettingsError, settings_from_mapping

    settings = settings_from_mapping(
        {
            "TURN_REMINDER_HOURS": "12",
            "DEFAULT_TURN_HOURS": "48",
            "TURN_LIMIT_ACTION": "bot",
            "TABLES_IN_THREADS": "yes",
            "LOBBIES_PER_MEMBER": "0",
            "SERVER_MEMBERS_INTENT": "true",
        }
    )
    conf = server_defaults(settings)
    assert (conf.reminder_hours, conf.turn_hours, conf.timeout_action) == (12.0, 48.0, "bot")
    assert conf.threads and conf.lobby_cap is None and settings.members_intent
    with pytest.raises(SettingsError, match="TURN_LIMIT_ACTION"):
        settings_from_mapping({"TURN_LIMIT_ACTION": "explode"})
    with pytest.raises(SettingsError, match="LOBBIES_PER_MEMBER"):
        settings_from_mapping({"LOBBIES_PER_MEMBER": "9" * 5000})
