"""The arena's ratings: computer players' finished games in, one line of ratings out.

    print(arena_ratings(records))   # "Ratings after 200 games: strong 1640 ± 61, ..."

`records` are the arena's game records (`bot.cli.arena.GameRecord`, read by attribute: `game`,
`players` by seat, `places` by seat with 1 = won and shared places for ties, `scores`, `failed`);
a failed game (move cap, a bot's error) is left out. Every level is one identity, as on a server
(`bot_player`), all in one pool, rated by the same code as members (`rate_results`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.ratings.results import Entry, GameResult, bot_player
from bot.ratings.skill import rate_results

__all__ = ["arena_ratings", "arena_results"]


def arena_results(records: Iterable[Any]) -> list[GameResult]:
    """The rated results of the records that finished, in order."""
    out = []
    for number, record in enumerate(records, start=1):
        if getattr(record, "failed", "") or len(record.players) < 2:
            continue
        entries = tuple(
            Entry(bot_player(name), name, int(place), int(score), seat=seat)
            for seat, (name, place, score) in enumerate(
                zip(record.players, record.places, record.scores, strict=True)
            )
        )
        out.append(GameResult(number, 0, str(record.game), "", entries))
    return out


def arena_ratings(records: Iterable[Any]) -> str:
    """ "Ratings after N games (…): strong 1640 ± 61, heuristic 1431 ± 58", best first; "" when
    no game finished."""
    results = arena_results(records)
    if not results:
        return ""
    ratings = rate_results(results)
    ranked = sorted(ratings.items(), key=lambda item: -item[1].ordinal)
    parts = [
        f"{player.split(':', 1)[1]} {skill.display} \u00b1 {skill.display_sigma}"
        for player, skill in ranked
    ]
    return (
        f"Ratings after {len(results)} games "  # i18n-exempt: the arena's CLI report
        "(openskill, shown as 1500 + 40 \u00d7 (\u03bc \u2212 3\u03c3 \u2212 12.5), "
        "as on a server's leaderboard): " + ", ".join(parts)
    )
