"""`python -m bot db copy --to postgresql://...`: move the games from SQLite to PostgreSQL.

Copies the configured SQLite database (DATABASE_PATH, or `--from FILE`) batch by batch, then
checks that every table holds as many rows on both sides and that every game's snapshot equals
a replay of its log. A rerun skips what is already there. Stop the bot while copying.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.cli.common import CliError

DEFAULT_BATCH = 500


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The `db` subcommands."""
    sub = parser.add_subparsers(dest="db_command", metavar="{copy}", required=True)
    copy = sub.add_parser("copy", help="copy the SQLite database into PostgreSQL, then check it")
    copy.add_argument("--to", required=True, metavar="URL", help="postgresql://user@host/db")
    copy.add_argument(
        "--from",
        dest="source",
        type=Path,
        default=None,
        metavar="FILE",
        help="the SQLite file (default: DATABASE_PATH from .env or the environment)",
    )
    copy.add_argument(
        "--batch", type=int, default=DEFAULT_BATCH, help=f"games per batch ({DEFAULT_BATCH})"
    )


def run(args: argparse.Namespace) -> int:
    """Run `db copy`; 0 when the copy checks out, 1 when counts or a replay differ."""
    from bot.storage.postgres import is_postgres_url

    if not is_postgres_url(args.to):
        raise CliError("--to must be a postgresql:// URL")
    if args.batch < 1:
        raise CliError("--batch must be 1 or more")
    source = args.source
    if source is None:
        from bot.settings import SettingsError, load_settings

        try:
            source = load_settings().database_path
        except SettingsError as exc:
            raise CliError(str(exc)) from exc
    if not Path(source).is_file():
        raise CliError(f"no SQLite database at {source}")
    return asyncio.run(copy_to(Path(source), args.to, args.batch))


async def copy_to(source: Path, url: str, batch: int) -> int:
    """Migrate both sides, copy, check; print a line per batch and the verdict."""
    import asyncpg

    from bot.storage.copy import copy_database
    from bot.storage.postgres import PostgresStore
    from bot.storage.sqlite import SqliteStore

    sqlite_store = await SqliteStore.open(source)  # brings an older file up to date first
    await sqlite_store.close()
    try:
        store = await PostgresStore.open(url)
    except (OSError, asyncpg.PostgresError) as exc:
        raise CliError(f"cannot open the PostgreSQL database: {exc}") from exc
    try:
        report = await copy_database(source, store, batch=batch, progress=print)
    finally:
        await store.close()
    for table, (have, copied) in sorted(report.rows.items()):
        mark = "ok" if have == copied else "DIFFERS"
        print(f"  {table:<16} sqlite {have:>8}  postgresql {copied:>8}  {mark}")
    for line in report.replay_mismatches[:20]:
        print(f"  replay differs: {line}", file=sys.stderr)
    verdict = "copy verified" if report.ok else "copy NOT verified"
    print(
        f"{verdict}: {report.copied} games copied, {report.skipped} already there, "
        f"{report.replays_checked} replays checked, {len(report.replay_mismatches)} differing"
    )
    return 0 if report.ok else 1
