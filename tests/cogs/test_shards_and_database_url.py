"""Several processes: DATABASE_URL puts the games in PostgreSQL, SHARD_COUNT/SHARD_IDS give each
process its shards, and only the process holding shard 0 syncs the slash commands."""

from __future__ import annotations

import pytest

from bot.settings import Secret, SettingsError, settings_from_mapping
from tests.cogs.conftest import StartBot

pytestmark = pytest.mark.asyncio


async def test_shard_ranges_and_who_syncs() -> None:
    one = settings_from_mapping({})
    assert (one.shard_count, one.shard_ids, one.syncs_commands) == (None, None, True)
    first = settings_from_mapping({"SHARD_COUNT": "8", "SHARD_IDS": "0-3"})
    assert (first.shard_count, first.shard_ids, first.syncs_commands) == (8, (0, 1, 2, 3), True)
    second = settings_from_mapping({"SHARD_COUNT": "8", "SHARD_IDS": "4-5,7"})
    assert (second.shard_ids, second.syncs_commands) == ((4, 5, 7), False)


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"SHARD_IDS": "0-3"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "within 0-3"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a-b"}, "ranges like 0-3,8"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of 1 or more"),
        ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL must be a postgresql:// URL"),
        ({"METRICS_PORT": "99999"}, "METRICS_PORT must be a port number"),
    ],
)
async def test_bad_values_say_what_is_expected(env: dict[str, str], needle: str) -> None:
    with pytest.raises(SettingsError, match=needle):
        settings_from_mapping(env)


async def test_the_database_url_is_never_printed() -> None:
    settings = settings_from_mapping({"DATABASE_URL": "postgresql://u:hunter2@db/guildhall"})
    assert "hunter2" not in repr(settings)


async def test_a_bot_on_postgres_plays_and_only_shard_zero_syncs(
    start_bot: StartBot, pg_url: str
) -> None:
    """Two processes' bots on one PostgreSQL database: the one with shards 2-3 syncs nothing;
    the one with shards 0-1 syncs, and both see the same games."""
    other = await start_bot(database_url=Secret(pg_url), shard_count=4, shard_ids=(2, 3))
    assert type(other.bot.store).__name__ == "PostgresStore"
    assert [s for s in other.sent if s.kind == "sync"] == []
    first = await start_bot(database_url=Secret(pg_url), shard_count=4, shard_ids=(0, 1))
    assert len([s for s in first.sent if s.kind == "sync"]) == 1
    made = await first.slash("game new", game="cathedral")
    assert "lobby" in made.text.lower() or "join" in made.text.lower()
    assert len(await other.bot.store.list_open()) == 1
