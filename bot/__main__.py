"""`python -m bot`: run the Discord bot, or one of the command-line tools.

python -m bot                                   the Discord bot (needs DISCORD_TOKEN)
python -m bot local cathedral --players a,b     a table in the terminal
python -m bot play cathedral --bots heuristic,random --seed 7 --out DIR
python -m bot replay cathedral --moves FILE [--json]
python -m bot bench [--game cathedral] [--quick] [--markdown] [--scale N]
python -m bot db copy --to postgresql://...      copy the SQLite games into PostgreSQL
python -m bot ratings rebuild [--db FILE] [--check]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bot.cli import bench, catalogs, db, local, play, ratings, replay
from bot.cli.common import CliError
from bot.games.gamedata import DataError

EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Guildhall: board games in Discord. Without a subcommand, runs the bot.",
    )
    sub = parser.add_subparsers(
        dest="command", metavar="{local,play,replay,bench,db,ratings,sync,catalogs}"
    )
    local.add_arguments(
        sub.add_parser(
            "local",
            help="play at a table in this terminal",
            description=local.LINES_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    )
    play.add_arguments(sub.add_parser("play", help="bots play a whole game, one PNG per move"))
    replay.add_arguments(sub.add_parser("replay", help="apply a file of moves"))
    bench.add_arguments(sub.add_parser("bench", help="measure speed against the targets"))
    db.add_arguments(sub.add_parser("db", help="database tools: copy SQLite into PostgreSQL"))
    ratings.add_arguments(
        sub.add_parser("ratings", help="recompute every rating from the rated games' results")
    )
    sub.add_parser("sync", help="send the slash commands to Discord now (normally automatic)")
    catalogs.add_arguments(
        sub.add_parser("catalogs", help="update the language catalogs from the command tree")
    )
    return parser


def run_discord_bot(sync_only: bool = False) -> int:
    """Start the Discord bot (or, with `sync_only`, just sync its commands and stop); without a
    token print how to get one and return 2."""
    from bot.settings import SettingsError, load_settings, missing_token_help

    try:
        settings = load_settings()
    except SettingsError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not settings.has_token:
        print(missing_token_help(), file=sys.stderr)
        return EXIT_USAGE
    try:
        apply_data_files()
    except DataError as exc:
        print(f"Configuration problem: {exc}", file=sys.stderr)
        return EXIT_USAGE
    from bot.app import run_bot, run_sync

    return int((run_sync if sync_only else run_bot)(settings) or 0)


def apply_data_files() -> None:
    """Load server owners' `GAME_DATA_<GAME>` files (see `bot/datafiles.py`); DataError if bad."""
    from bot.datafiles import load_overrides
    from bot.settings import read_environment

    for line in load_overrides(read_environment()):
        print(line, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse `argv` (default: sys.argv[1:]) and run; return the exit status."""
    args = build_parser().parse_args(argv)
    commands = {
        "local": local.run,
        "play": play.run,
        "replay": replay.run,
        "bench": bench.run,
        "db": db.run,
        "ratings": ratings.run,
        "catalogs": catalogs.run,
    }
    if args.command is None:
        return run_discord_bot()
    if args.command == "sync":
        return run_discord_bot(sync_only=True)
    try:
        apply_data_files()
        return commands[args.command](args)
    except (CliError, DataError) as exc:
        # DataError: a bad GAME_DATA_<GAME> file; the sentence names the file and the field.
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # `python -m bot play ... | head` closes the pipe early; that is not an error.
        return 0
    except KeyboardInterrupt:
        # Ctrl-C at the terminal table or during a bench: stop quietly (the usual 128 + SIGINT).
        print("\nStopped.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
