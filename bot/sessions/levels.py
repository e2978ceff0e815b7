"""Computer-player levels: what players choose when they seat a computer player, and what a
server's setting picks for stand-ins and for seats taken over at a turn limit.

A level names one of every engine's bots: `easy` is the quick rule-of-thumb player
(`heuristic`), `strong` the searching one. The bots' own names (random, heuristic, strong) are
still accepted where a level is asked for.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.games.text import tx

LEVELS: dict[str, str] = {"easy": "heuristic", "strong": "strong"}
"""Level -> bot name in `engine.bots`."""

DEFAULT_LEVEL = "easy"

LEVEL_TEXT: dict[str, str] = {
    "easy": tx("answers at once from rules of thumb (a beginner's game)"),
    "strong": tx(
        "searches ahead through samples of what it cannot see (about half a second a move; "
        "it never looks at hidden cards)"
    ),
}
"""Level -> what it does, for `/game settings` and the rules (a `Text`: say it with `say`)."""

LEVELS_HELP = tx(
    "**Computer players.** `easy` {easy}; `strong` {strong}. The host seats one with "
    "`/game add-bot easy` or `strong`; the server's setting `/game settings bot_level:` picks "
    "the level of stand-ins and of seats taken over at a turn limit. Both decide only from what "
    "their seat can see.",
    easy=LEVEL_TEXT["easy"],
    strong=LEVEL_TEXT["strong"],
)
"""The levels for the rules pages (a `Text`: say it with `say`)."""


def bot_name(choice: str, bots: Collection[str]) -> str | None:
    """The bot key for a typed level or bot name (any case), or None if the game has none."""
    key = choice.strip().lower()
    key = LEVELS.get(key, key)
    return key if key in bots else None


def level_bot(level: str, bots: Collection[str]) -> str:
    """The bot that plays at a server's `level` (the easy one if the game lacks it, else the
    game's first bot by name)."""
    for name in (LEVELS.get(level, ""), LEVELS[DEFAULT_LEVEL]):
        if name in bots:
            return name
    return sorted(bots)[0]


def choices(bots: Collection[str]) -> list[str]:
    """What a host may type for this game: the levels first, then the other bots' names."""
    levels = [level for level, name in LEVELS.items() if name in bots]
    return levels + sorted(b for b in bots if b not in LEVELS.values() or b == "heuristic")
