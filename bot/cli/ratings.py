"""`python -m bot ratings rebuild [--db FILE] [--check]`: recompute every rating from the
stored results of the rated games, in the order they were rated, and compare with (or, without
`--check`, rewrite) what was stored game by game.

Ratings are a pure function of the finished games in order (`bot.ratings.skill.fold`), so a
rebuild changes nothing unless something went wrong (a crash between two games' ratings, a
hand-edited database, a change of the rating model); it prints how many ratings differed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path

from bot.cli.common import CliError
from bot.ratings.skill import Skill, fold

DEFAULT_DB = "./guildhall.db"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the `ratings` subcommand."""
    parser.add_argument("action", choices=("rebuild",), help="rebuild: recompute every rating")
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help=f"SQLite file (default: $DATABASE_PATH, else {DEFAULT_DB})",
    )
    parser.add_argument(
        "--check", action="store_true", help="only compare; exit 1 if a stored rating differs"
    )


def differences(
    stored: dict[tuple[int, str], dict[str, Skill]],
    rebuilt: dict[tuple[int, str], dict[str, Skill]],
) -> list[str]:
    """One line per rating that is not the same in both, sorted."""
    out = []
    for scope in sorted(set(stored) | set(rebuilt)):
        old, new = stored.get(scope, {}), rebuilt.get(scope, {})
        for player in sorted(set(old) | set(new)):
            if old.get(player) != new.get(player):
                before, after = old.get(player), new.get(player)
                out.append(f"server {scope[0]}, {scope[1]}, {player}: {before} -> {after}")
    return out


async def rebuild(path: Path, check: bool) -> tuple[int, int, list[str]]:
    """(games, ratings, differences) after folding the stored results; rewrites unless `check`."""
    from bot.storage.extras import extras_for
    from bot.storage.sqlite import SqliteStore

    store = await SqliteStore.open(path)
    try:
        extras = extras_for(store)
        results = await extras.rated_results()
        rated, book = fold(results)
        stored = await extras.all_ratings()
        diff = differences(stored, book.ratings)
        if not check:
            await extras.replace_ratings(rated)
        return len(results), sum(len(v) for v in book.ratings.values()), diff
    finally:
        await store.close()


def run(args: argparse.Namespace) -> int:
    """Rebuild (or check) and print a summary; exit 1 if `--check` found a difference."""
    path = args.db or Path(os.environ.get("DATABASE_PATH", "").strip() or DEFAULT_DB)
    if not path.exists():
        raise CliError(f"There is no database at {path}; give its file with --db.")
    games, ratings, diff = asyncio.run(rebuild(path, args.check))
    for line in diff[:50]:
        print(line)
    verb = "differ from" if args.check else "differed from"
    print(
        f"{games} rated games, {ratings} ratings; {len(diff)} stored ratings {verb} the rebuild"
        + ("" if args.check or not diff else "; rewritten")
        + "."
    )
    return 1 if args.check and diff else 0
