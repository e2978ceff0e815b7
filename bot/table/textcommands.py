"""Text commands for the terminal table: `/game new cathedral games=2`, `/cathedral place Castle
B3 90`, `/kingsburg act influence 8 with 5+3`, parsed into a `Command` the `Table` can run.

Each game's slash subcommands map to notation here (the one game-specific table in this package):
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

__all__ = [
    "GAME_SUBCOMMANDS",
    "HISTORY_MAX",
    "HISTORY_RANGE",
    "TABLE_SUBCOMMANDS",
    "TEXT_ALIASES",
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

HISTORY_RANGE = f"`/game history` takes a number from 1 to {HISTORY_MAX}, e.g. `/game history 5`."

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
    PEEK = "peek"
    HISTORY = "history"
    ABANDON = "abandon"
    RULES = "rules"
    HELP = "help"
    MOVE = "move"
    CHOICES = "choices"
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command line: what to do and its text arguments."""

    kind: CommandKind
    args: tuple[str, ...] = ()


class CommandError(ValueError):
    """A line that is not a command; the message says how to write it."""


@dataclass(frozen=True, slots=True)
class Subcommand:
    """A game's slash subcommand that makes a move.

    params: option names in the order they appear in notation; the last one takes the rest of
      the line when typed as text.
    lead: words written before the options in notation (e.g. "influence").
    joiners: a word written before each option after the first (e.g. "with"), unless the value
      already starts with it; shorter than params - 1 means no word for the rest.
    reads: True for a subcommand that shows information instead of making a move (`peek`).

    This table is the one list of each game's subcommands: `/game help` is built from it and a
    test checks it against the Discord command tree both ways.
    """

    name: str
    params: tuple[str, ...]
    help: str
    lead: str = ""
    joiners: tuple[str, ...] = ()
    reads: bool = False

    def notation(self, *values: object) -> str:
        """Join the option values (None/empty ones skipped) into notation.

        Typed as text, extra words all belong to the last option.
        """
        texts = [str(v).strip() for v in values if v is not None and str(v).strip()]
        if self.params and len(texts) > len(self.params):
            keep = len(self.params) - 1
            texts = [*texts[:keep], " ".join(texts[keep:])]
        words = [self.lead] if self.lead else []
        for i, text in enumerate(texts):
            joiner = self.joiners[i - 1] if 0 < i <= len(self.joiners) else ""
            if joiner and not text.lower().startswith(joiner.lower() + " "):
                words.append(joiner)
            words.append(text)
        return " ".join(words)


TABLE_SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    (
        "new",
        "<game> [options]",
        "open a lobby, e.g. `/game new cathedral games=3`; "
        "`turn_hours=24` abandons the game if a turn takes longer",
    ),
    ("join", "", "take a seat in the lobby"),
    ("leave", "", "give up your seat in the lobby"),
    ("add-bot", "<name>", "seat a computer player (host)"),
    ("kick", "<seat>", "remove a seat from the lobby by its number (host)"),
    ("start", "", "start the game (host)"),
    ("status", "", "the board, whose turn, scores (your secrets only to you)"),
    ("history", "[n]", "the last moves"),
    ("rules", "[game]", "the rules in short"),
    ("abandon", "", "end the game (host at once; others by a vote of all)"),
    ("help", "", "this page"),
)
"""Every `/game` subcommand: (name, arguments, what it does); `/game help` is built from it."""


def _simple(name: str, help_text: str, *params: str) -> Subcommand:
    """A subcommand whose notation is its own name followed by its option values."""
    return Subcommand(name, params, help_text, lead=name)


GAME_SUBCOMMANDS: dict[str, dict[str, Subcommand]] = {
    "cathedral": {
        "place": Subcommand(
            "place",
            ("piece", "square", "rotation"),
            "place a building: piece, anchor square, rotation, e.g. "
            "`/cathedral place Castle B3 90` (a private preview first; `confirm:False` plays at "
            "once, `capture:False` spares the building you would capture)",
        ),
        "move": Subcommand(
            "move", ("notation",), "any move in notation, e.g. `Inn C4 90 no-capture`"
        ),
        "pass": _simple("pass", "there is no voluntary pass: a player who cannot place is skipped"),
    },
    "kingsburg": {
        "aid": _simple("aid", "take the King's aid: one good of your choice", "good"),
        "reroll": _simple(
            "reroll", "reroll with the Statue (`statue`, `statue white`) or Chapel", "building"
        ),
        "keep": _simple("keep", "keep your dice as rolled"),
        "influence": Subcommand(
            "influence",
            ("advisor", "dice"),
            "influence an advisor with dice, e.g. `/kingsburg influence 8 5+3`",
            lead="influence",
            joiners=("with",),
        ),
        "pass": _simple("pass", "stop influencing advisors this season"),
        "gift": _simple("gift", "choose the goods of an advisor's gift, e.g. `gold+wood`", "goods"),
        "alchemist": _simple(
            "alchemist", "trade one good at the Alchemist for one each of the others", "give"
        ),
        "build": _simple("build", "construct a building in your province", "building"),
        "done": _simple("done", "build nothing (more) this season"),
        "townhall": _simple(
            "townhall", 'hand in a "+2" token or a good for 1 VP at the Town Hall', "pay"
        ),
        "envoy": Subcommand(
            "envoy",
            ("move",),
            "a move using the King's Envoy, e.g. `build crane envoy`, `influence 3 with 3 envoy`",
        ),
        "recruit": _simple(
            "recruit",
            "recruit soldiers naming the goods paid, e.g. `2 gold+wood+stone+stone`",
            "soldiers",
        ),
        "lose": _simple("lose", "after a lost battle, the goods you give up", "goods"),
        "skip": _simple("skip", "decline an optional benefit or recruit nobody"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any Kingsburg action in notation, e.g. `/kingsburg act influence 8 with 5+3` "
            "(`/game rules kingsburg` lists the notation)",
        ),
        "peek": Subcommand(
            "peek",
            (),
            "see again, privately, what only you know (an enemy you looked at)",
            reads=True,
        ),
    },
}
"""game key -> subcommand name -> how it becomes notation (every slash subcommand of the game)."""

TEXT_ALIASES: dict[str, dict[str, str]] = {"kingsburg": {"move": "act"}}
"""Extra subcommand words understood when typed at the terminal (not slash commands)."""


def notation_for(game_key: str, subcommand: str, *values: object) -> str:
    """Notation for `/<game_key> <subcommand> values...`.

    >>> notation_for("cathedral", "place", "Castle", "B3", 90)
    'Castle B3 90'
    >>> notation_for("kingsburg", "influence", "8 with 5+3")
    'influence 8 with 5+3'
    """
    sub = GAME_SUBCOMMANDS.get(game_key, {}).get(subcommand)
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
    "history": CommandKind.HISTORY,
    "abandon": CommandKind.ABANDON,
    "rules": CommandKind.RULES,
    "help": CommandKind.HELP,
    "move": CommandKind.MOVE,
    "play": CommandKind.MOVE,
    "moves": CommandKind.CHOICES,
    "legal": CommandKind.CHOICES,
    "choices": CommandKind.CHOICES,
}

# Discord-style `name:value` options typed as text: the name is dropped.
_OPTION_NAME = re.compile(
    r"^(game|name|options|last|limit|notation|move|seat|piece|square|rotation|action):(.+)$",
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
        out.append(match.group(2) if match else word)
    return out


def parse_command_line(line: str, games: frozenset[str] | None = None) -> Command:
    """Parse one line typed at the terminal table.

    `games` is the set of game keys accepted as `/<game> ...` (default: those in
    `GAME_SUBCOMMANDS`). A line without a leading slash is a move in notation.

    >>> parse_command_line("/game new cathedral games=2")
    Command(kind=<CommandKind.NEW: 'new'>, args=('cathedral', 'games=2'))
    >>> parse_command_line("/cathedral place Castle B3 90")
    Command(kind=<CommandKind.MOVE: 'move'>, args=('Castle B3 90',))
    >>> parse_command_line("/kingsburg act influence 8 with 5+3")
    Command(kind=<CommandKind.MOVE: 'move'>, args=('influence 8 with 5+3',))
    """
    text = line.strip()
    if not text:
        raise CommandError("Type a command such as `/game status`, or `/game help` for the list.")
    if text.lower() in _QUIT:
        return Command(CommandKind.QUIT)
    if not text.startswith("/"):
        return Command(CommandKind.MOVE, (text,))
    head, _, rest = text[1:].partition(" ")
    head = head.lower()
    words = _words(rest)
    known_games = games if games is not None else frozenset(GAME_SUBCOMMANDS)
    if head in ("game", "g"):
        return _game_command(words)
    if head in _GAME_WORDS and head not in known_games:
        # `/status`, `/move Castle B3 90`: the /game prefix is optional at the terminal.
        return _game_command([head, *words])
    if head in known_games:
        return _per_game_command(head, words)
    raise CommandError(
        f"I don't know the command `/{head}`. Try `/game help` for the list of commands."
    )


def _game_command(words: list[str]) -> Command:
    if not words:
        return Command(CommandKind.HELP)
    word, args = words[0].lower(), words[1:]
    kind = _GAME_WORDS.get(word)
    if kind is None:
        raise CommandError(f"`/game {word}` is not a command. Try `/game help`.")
    if kind is CommandKind.NEW:
        if not args:
            raise CommandError("Say which game: `/game new cathedral`, optionally with options.")
        return Command(kind, (args[0], " ".join(args[1:])))
    if kind is CommandKind.ADD_BOT:
        return Command(kind, (args[0] if args else "random",))
    if kind is CommandKind.KICK:
        if len(args) != 1 or small_int(args[0], lowest=1, highest=99) is None:
            raise CommandError("Say which seat to remove by its number: `/game kick 2`.")
        return Command(kind, (args[0],))
    if kind is CommandKind.HISTORY:
        if args and small_int(args[0], lowest=1, highest=HISTORY_MAX) is None:
            raise CommandError(HISTORY_RANGE)
        return Command(kind, tuple(args[:1]))
    if kind is CommandKind.RULES:
        return Command(kind, tuple(args[:1]))
    if kind in (CommandKind.MOVE, CommandKind.CHOICES):
        if kind is CommandKind.MOVE and not args:
            raise CommandError("Write the move after `/game move`, e.g. `/game move Castle B3 90`.")
        return Command(kind, (" ".join(args),))
    return Command(kind)


def _per_game_command(game: str, words: list[str]) -> Command:
    if not words:
        subs = ", ".join(f"`/{game} {s}`" for s in GAME_SUBCOMMANDS.get(game, {})) or "moves"
        raise CommandError(f"Say what to do: {subs}.")
    sub, args = words[0].lower(), words[1:]
    sub = TEXT_ALIASES.get(game, {}).get(sub, sub)
    if sub in ("rules", "help"):
        return Command(CommandKind.RULES, (game,))
    if sub in ("status", "board", "history"):
        return _game_command([sub, *args])
    known = GAME_SUBCOMMANDS.get(game, {}).get(sub)
    if known is not None and known.reads:
        return Command(CommandKind.PEEK)
    if known is not None and known.params and not args:
        what = _join_words([p.replace("_", " ") for p in known.params])
        raise CommandError(f"`/{game} {sub}` needs the {what}: {known.help}.")
    notation = notation_for(game, sub, *args)
    if not notation:
        raise CommandError(f"Write the move after `/{game} {sub}`.")
    return Command(CommandKind.MOVE, (notation,))


def _join_words(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
