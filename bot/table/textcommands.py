"""Text commands for the terminal table: `/game new cathedral games=2`, `/cathedral place Castle
B3 90`, `/kingsburg act influence 8 with 5+3`, parsed into a `Command` the `Table` can run.

Each game's slash subcommands map to notation through its `GameTable` (`bot.table.registry`):
a subcommand lists the option names it takes, in notation order, and optional leading words.
An unknown subcommand of a known game is taken as the start of the notation itself, so
`/kingsburg influence 8 with 5+3` and `/kingsburg act influence 8 with 5+3` mean the same move.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from bot.games.text import Text, tx
from bot.i18n import N_, command_names, say, tr
from bot.table import registry
from bot.table.hooks import Subcommand

__all__ = [
    "HISTORY_MAX",
    "HISTORY_RANGE",
    "RATINGS_SUBCOMMANDS",
    "TABLE_SUBCOMMANDS",
    "Command",
    "CommandError",
    "CommandKind",
    "Subcommand",
    "natural_key",
    "natural_sorted",
    "notation_for",
    "parse_command_line",
    "small_int",
]

HISTORY_MAX = 50
"""`/game history` shows at most this many moves."""

HISTORY_RANGE = tx(
    "`/game history` takes a number from 1 to {most}, e.g. `/game history 5`.", most=HISTORY_MAX
)
"""Said when `/game history` gets another number (a `Text`: say it with `say`)."""

_ASCII_DIGITS = re.compile(r"[0-9]{1,9}")


_RUNS = re.compile(r"([0-9]+)")


def natural_key(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting "A2" before "A10": digit runs compare as numbers, the rest as text
    (case-insensitive). Numbers are compared by length then digits, so no `int()` is needed
    however long they are.

    >>> sorted(["A10", "a2", "A1"], key=natural_key)
    ['A1', 'a2', 'A10']
    """
    key: list[tuple[int, int, str]] = []
    for i, part in enumerate(_RUNS.split(text)):
        if i % 2:  # a digit run
            digits = part.lstrip("0") or "0"
            key.append((1, len(digits), digits))
        elif part:
            key.append((0, 0, part.lower()))
    return tuple(key)


def natural_sorted(items: Iterable[str]) -> list[str]:
    """`items` in natural order (see `natural_key`); equal keys keep their order."""
    return sorted(items, key=natural_key)


def small_int(text: object, lowest: int = 0, highest: int = 10**9) -> int | None:
    """`text` as an int when it is plain ASCII digits (at most 9 of them) within
    [lowest, highest], else None.

    Never raises: `int()` refuses strings past 4300 digits and `str.isdigit()` accepts "²", which
    `int()` then rejects, so typed numbers are checked here before any conversion.

    >>> small_int("12"), small_int("9" * 5000), small_int("²"), small_int("0", lowest=1)
    (12, None, None, None)
    """
    word = str(text).strip()
    if not _ASCII_DIGITS.fullmatch(word):
        return None
    value = int(word)
    return value if lowest <= value <= highest else None


class CommandKind(Enum):
    """Every command the table understands; the value is the `Table` method name."""

    NEW = "new"
    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    ADD_BOT = "add_bot"
    KICK = "kick"
    STATUS = "status"
    DETAILS = "details"
    PEEK = "peek"
    HISTORY = "history"
    ABANDON = "abandon"
    RULES = "rules"
    HELP = "help"
    MOVE = "move"
    CHOICES = "choices"
    LIST = "list_games"
    MINE = "mine"
    NOTIFY = "notify"
    SETTINGS = "settings"
    PAUSE = "pause"
    RESUME = "resume"
    AWAY = "away"
    BACK = "back"
    UNDO = "undo"
    REPLAY = "replay"
    FINISHED = "finished"
    STANDIN = "standin"
    LEADERBOARD = "leaderboard"
    PROFILE = "profile"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command line: what to do and its text arguments.

    preview: for a move typed as a game's subcommand that previews on Discord (see
    `Subcommand.preview`), the (game key, subcommand) whose preview to show instead of playing.
    """

    kind: CommandKind
    args: tuple[str, ...] = ()
    preview: tuple[str, str] | None = None


class CommandError(ValueError):
    """A line that is not a command; the message says how to write it."""


TABLE_SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    (
        "new",
        "<game> [options]",
        N_(
            "open a lobby, e.g. `/game new cathedral games=3`; "
            "`turn_hours=24` sets a turn limit (what then happens is the server's setting)"
        ),
    ),
    ("join", "", N_("take a seat in the lobby")),
    (
        "leave",
        "[confirm]",
        N_("give up your seat; in a running game a computer player takes it (you confirm first)"),
    ),
    ("add-bot", "<name>", N_("seat a computer player (host)")),
    (
        "kick",
        "<seat>",
        N_("remove a seat by its number (host or moderator); in a running game a bot takes it"),
    ),
    ("start", "", N_("start the game (host)")),
    ("status", "", N_("the board, whose turn, scores (your secrets only to you)")),
    ("details", "", N_("what the board leaves out: hands, buildings, legends (only to you)")),
    ("history", "[n]", N_("the last moves")),
    ("rules", "[game]", N_("the rules in short")),
    ("abandon", "", N_("end the game (host or a moderator at once; others by a vote of all)")),
    ("list", "[page]", N_("this server's lobbies and games, with links (only to you)")),
    ("mine", "[page]", N_("your games on every server, your moves first (only to you)")),
    ("notify", "[on|off]", N_("a direct message when it becomes your turn")),
    ("settings", "", N_("this server's settings (changing them needs Manage Server)")),
    ("pause", "", N_("pause the game here (host or moderator)")),
    ("resume", "", N_("resume a paused game (host or moderator)")),
    ("host", "<player>", N_("hand the host role to another player (host or moderator)")),
    (
        "away",
        "<until> [reason]",
        N_(
            "away until a date or for some days: your turn limits and reminders pause in every game"
        ),
    ),
    ("back", "", N_("end your absence; turn limits run again with the time that was left")),
    ("standin", "<player>", N_("vote to let a bot play for an away player until they return")),
    (
        "undo",
        "[accept|decline]",
        N_("ask the others to take back your last move (or answer such a request)"),
    ),
    ("replay", "[game] [move]", N_("privately replay a game of this channel, move by move")),
    ("finished", "", N_("the games that ended in this channel, newest first")),
    ("help", "", N_("this page")),
)
"""Every `/game` subcommand: (name, arguments, what it does); `/game help` is built from it."""

RATINGS_SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    ("leaderboard", "<game>", N_("this server's best 20 players of a game (rating, games, win %)")),
    (
        "profile",
        "[member] [hidden]",
        N_("a member's record in each game here with a rating chart; `hidden:true` hides yours"),
    ),
)
"""Every `/ratings` subcommand, as TABLE_SUBCOMMANDS (its own group: the game group is full)."""


def notation_for(game_key: str, subcommand: str, *values: object) -> str:
    """Notation for `/<game_key> <subcommand> values...`.

    >>> notation_for("cathedral", "place", "Castle", "B3", 90)
    'Castle B3 90'
    >>> notation_for("kingsburg", "influence", "8 with 5+3")
    'influence 8 with 5+3'
    """
    sub = registry.subcommands(game_key).get(subcommand)
    if sub is None:
        return Subcommand(subcommand, (), "", lead=subcommand).notation(*values)
    return sub.notation(*values)


_GAME_WORDS: dict[str, CommandKind] = {
    "new": CommandKind.NEW,
    "join": CommandKind.JOIN,
    "leave": CommandKind.LEAVE,
    "start": CommandKind.START,
    "add-bot": CommandKind.ADD_BOT,
    "add_bot": CommandKind.ADD_BOT,
    "addbot": CommandKind.ADD_BOT,
    "bot": CommandKind.ADD_BOT,
    "kick": CommandKind.KICK,
    "status": CommandKind.STATUS,
    "board": CommandKind.STATUS,
    "details": CommandKind.DETAILS,
    "history": CommandKind.HISTORY,
    "abandon": CommandKind.ABANDON,
    "rules": CommandKind.RULES,
    "help": CommandKind.HELP,
    "move": CommandKind.MOVE,
    "play": CommandKind.MOVE,
    "moves": CommandKind.CHOICES,
    "legal": CommandKind.CHOICES,
    "choices": CommandKind.CHOICES,
    "list": CommandKind.LIST,
    "mine": CommandKind.MINE,
    "notify": CommandKind.NOTIFY,
    "settings": CommandKind.SETTINGS,
    "pause": CommandKind.PAUSE,
    "resume": CommandKind.RESUME,
    "away": CommandKind.AWAY,
    "back": CommandKind.BACK,
    "undo": CommandKind.UNDO,
    "replay": CommandKind.REPLAY,
    "finished": CommandKind.FINISHED,
    "standin": CommandKind.STANDIN,
    "leaderboard": CommandKind.LEADERBOARD,
    "profile": CommandKind.PROFILE,
}

# Discord-style `name:value` options typed as text: the name is dropped.
_OPTION_NAME = re.compile(
    r"^(game|name|options|last|limit|notation|move|seat|piece|square|rotation|action|until|reason"
    r"|answer|player):(.+)$",
    re.IGNORECASE,
)

_QUIT = {"/quit", "/exit", "quit", "exit"}


def _words(text: str) -> list[str]:
    try:
        words = shlex.split(text)
    except ValueError:
        words = text.split()
    out = []
    for word in words:
        match = _OPTION_NAME.match(word)
        if match and match.group(1).lower() == "game" and match.group(2).isdigit():
            out.append(f"#{match.group(2)}")  # `/game replay game:3`: a game number, not a move
            continue
        out.append(match.group(2) if match else word)
    return out


def parse_command_line(line: str, games: frozenset[str] | None = None) -> Command:
    """Parse one line typed at the terminal table.

    `games` is the set of game keys accepted as `/<game> ...` (default: those in the table
    registry, `bot.table.registry`). A line without a leading slash is a move in notation.

    >>> parse_command_line("/game new cathedral games=2")
    Command(kind=<CommandKind.NEW: 'new'>, args=('cathedral', 'games=2'))
    >>> parse_command_line("/cathedral place Castle B3 90")
    Command(kind=<CommandKind.MOVE: 'move'>, args=('Castle B3 90',))
    >>> parse_command_line("/kingsburg act influence 8 with 5+3")
    Command(kind=<CommandKind.MOVE: 'move'>, args=('influence 8 with 5+3',))
    """
    text = line.strip()
    if not text:
        raise CommandError(
            tr("Type a command such as `/game status`, or `/game help` for the list.")
        )
    if text.lower() in _QUIT:
        return Command(CommandKind.QUIT)
    if not text.startswith("/"):
        return Command(CommandKind.MOVE, (text,))
    head, _, rest = text[1:].partition(" ")
    # Commands typed with the names a German picker shows (`/spiel status`) mean the same.
    head = _english(head.lower())
    words = _words(rest)
    if words and not words[0].isdigit():
        words = [_english(words[0]), *words[1:]]
    known_games = games if games is not None else frozenset(registry.games())
    if head in ("game", "g"):
        return _game_command(words)
    if head == "ratings":  # /ratings leaderboard kingsburg
        return _game_command(["ratings", *words])
    if head in _GAME_WORDS and head not in known_games:
        # `/status`, `/move Castle B3 90`: the /game prefix is optional at the terminal.
        return _game_command([head, *words])
    if head in known_games:
        return _per_game_command(head, words)
    raise CommandError(
        tr(
            "I don't know the command `/{command}`. Try `/game help` for the list of commands.",
            command=head,
        )
    )


def _english(word: str) -> str:
    """A command or subcommand name in any shipped language as its English name."""
    return command_names().get(word.lower(), word)


def _game_command(words: list[str]) -> Command:
    if not words:
        return Command(CommandKind.HELP)
    word, args = words[0].lower(), words[1:]
    if word == "ratings":  # /ratings leaderboard kingsburg (also after /game)
        if not args or args[0].lower() not in ("leaderboard", "profile"):
            raise CommandError(tr("Write `/ratings leaderboard <game>` or `/ratings profile`."))
        word, args = args[0].lower(), args[1:]
    kind = _GAME_WORDS.get(word)
    if kind is None:
        raise CommandError(tr("`/game {word}` is not a command. Try `/game help`.", word=word))
    if kind is CommandKind.NEW:
        if not args:
            raise CommandError(
                tr("Say which game: `/game new cathedral`, optionally with options.")
            )
        return Command(kind, (args[0], " ".join(args[1:])))
    if kind is CommandKind.ADD_BOT:
        return Command(kind, (args[0] if args else "random",))
    if kind is CommandKind.KICK:
        if len(args) != 1 or small_int(args[0], lowest=1, highest=99) is None:
            raise CommandError(tr("Say which seat to remove by its number: `/game kick 2`."))
        return Command(kind, (args[0],))
    if kind is CommandKind.HISTORY:
        if args and small_int(args[0], lowest=1, highest=HISTORY_MAX) is None:
            raise CommandError(say(HISTORY_RANGE))
        return Command(kind, tuple(args[:1]))
    if kind is CommandKind.RULES:
        return Command(kind, tuple(args[:1]))
    if kind is CommandKind.NOTIFY:
        if args and args[0].lower() not in ("on", "off"):
            raise CommandError(tr("Write `/game notify on` or `/game notify off`."))
        return Command(kind, tuple(a.lower() for a in args[:1]))
    if kind is CommandKind.AWAY:
        if not args:
            raise CommandError(
                tr(
                    "Say until when: `/game away 5` (days), `/game away 3 Dec` or "
                    "`/game away 2026-12-03`, then an optional reason."
                )
            )
        return _away_command(args)
    if kind is CommandKind.LEAVE:
        if args and args[0].lower().removeprefix("confirm:") not in ("confirm", "yes", "true"):
            raise CommandError(
                tr("Write `/game leave`, or `/game leave confirm` to skip the question.")
            )
        return Command(kind, tuple(args[:1]))
    if kind in (CommandKind.UNDO, CommandKind.STANDIN, CommandKind.LIST, CommandKind.MINE):
        return Command(kind, tuple(args[:1]))
    if kind is CommandKind.REPLAY:
        return Command(kind, tuple(args[:2]))
    if kind is CommandKind.LEADERBOARD:
        if not args:
            raise CommandError(tr("Say which game: `/ratings leaderboard kingsburg`."))
        return Command(kind, (" ".join(args),))
    if kind is CommandKind.PROFILE:
        if args and args[0].lower() not in ("hide", "show"):
            raise CommandError(
                tr(
                    "Write `/ratings profile` for yours, or add `hide` or `show` to hide it "
                    "from others or show it again."
                )
            )
        return Command(kind, tuple(a.lower() for a in args[:1]))
    if kind in (CommandKind.MOVE, CommandKind.CHOICES):
        if kind is CommandKind.MOVE and not args:
            raise CommandError(
                tr("Write the move after `/game move`, e.g. `/game move Castle B3 90`.")
            )
        return Command(kind, (" ".join(args),))
    return Command(kind)


def _away_command(args: list[str]) -> Command:
    """`/game away 3 Dec holiday`: the return date is one word ("5", "2026-12-03") or, when the
    second word is a month or "days", two ("3 Dec", "Dec 3", "5 days"); the rest is the reason."""
    months = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    months += ("mär", "mrz", "mai", "okt", "dez")  # German ones that differ
    two = len(args) > 1 and (
        args[1].lower().rstrip(".")[:3] in months
        or args[0].lower()[:3] in months
        or args[1].lower() in ("day", "days", "d")
    )
    until = " ".join(args[:2]) if two else args[0]
    rest = args[2:] if two else args[1:]
    return Command(CommandKind.AWAY, (until, " ".join(rest)))


PRIVATE_WORDS = frozenset({"peek", "hand"})
"""Words that ask for the caller's private information in every game (`/<game> peek`)."""


def _per_game_command(game: str, words: list[str]) -> Command:
    if not words:
        subs = ", ".join(f"`/{game} {s}`" for s in registry.subcommands(game)) or tr("moves")
        raise CommandError(tr("Say what to do: {subcommands}.", subcommands=subs))
    sub, args = words[0].lower(), words[1:]
    sub = registry.game_table(game).text_aliases.get(sub, sub)
    if sub in ("rules", "help"):
        return Command(CommandKind.RULES, (game,))
    if sub in ("status", "board", "history"):
        return _game_command([sub, *args])
    known = registry.subcommands(game).get(sub)
    if known is not None and known.reads:
        return Command(CommandKind.PEEK)
    if known is None and sub in PRIVATE_WORDS and not args:
        # `peek`/`hand` in a game without that subcommand: the caller's private information
        # (or the sentence that the game has none), never a move called "peek".
        return Command(CommandKind.PEEK)
    if known is not None and known.params and not args:
        what = _join_words([p.replace("_", " ") for p in known.params])
        raise CommandError(
            tr(
                "`/{game} {subcommand}` needs the {what}: {help}.",
                game=game,
                subcommand=sub,
                what=what,
                help=_said(known.help),
            )
        )
    confirm = [a for a in args if a.lower() in _NO_CONFIRM]
    args = [a for a in args if a.lower() not in _NO_CONFIRM]
    notation = notation_for(game, sub, *args)
    if not notation:
        raise CommandError(
            tr("Write the move after `/{game} {subcommand}`.", game=game, subcommand=sub)
        )
    if known is not None and known.preview is not None and not confirm:
        # As on Discord: a private preview with Confirm/Cancel first.
        return Command(CommandKind.MOVE, (notation,), preview=(game, sub))
    return Command(CommandKind.MOVE, (notation,))


_NO_CONFIRM = frozenset({"confirm:false", "confirm:no", "confirm:0"})
"""Typed among a previewing subcommand's options: play at once (the slash option `confirm`)."""


def _join_words(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return tr("{names} and {last}", names=", ".join(words[:-1]), last=words[-1])


def _said(text: str) -> str:
    """A text a game module gave (a `Text`, or an `N_`-marked constant) in the current
    language."""
    return say(text) if isinstance(text, Text) else tr(text)
