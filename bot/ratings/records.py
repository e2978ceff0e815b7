"""A player's record in one game on one server, from their rated games: what `/ratings profile`
shows (games, wins, average place and score, best score, last results, rating history).

Pure: the table reads the played games from the store and hands them here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.ratings.skill import INITIAL, Skill

__all__ = ["LAST_SHOWN", "PlayedGame", "PlayerRecord", "player_record"]

LAST_SHOWN = 5
"""How many of the latest results a profile lists."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One rated game of one player: their place among `sides`, score, and rating change."""

    session_id: int
    finished_at: str
    place: int
    sides: int
    score: int | None
    left: bool
    before: Skill
    after: Skill
    lower_is_better: bool = False

    @property
    def won(self) -> bool:
        """First place (alone or shared)."""
        return self.place == 1

    @property
    def delta(self) -> int:
        """The change of the displayed rating."""
        return self.after.display - self.before.display


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record in one game (see the module docstring)."""

    rating: Skill
    games: int
    wins: int
    average_place: float | None
    average_score: float | None
    best_score: int | None
    last: tuple[PlayedGame, ...]
    history: tuple[int, ...]
    """The displayed rating before the first game, then after each game, oldest first."""

    @property
    def win_rate(self) -> float:
        """Wins per game, 0 without games."""
        return self.wins / self.games if self.games else 0.0


def player_record(played: Sequence[PlayedGame]) -> PlayerRecord:
    """The record from a player's rated games in the order they were rated."""
    if not played:
        return PlayerRecord(INITIAL, 0, 0, None, None, None, (), (INITIAL.display,))
    scores = [g.score for g in played if g.score is not None and not g.left]
    lower = played[-1].lower_is_better
    best = (min(scores) if lower else max(scores)) if scores else None
    return PlayerRecord(
        rating=played[-1].after,
        games=len(played),
        wins=sum(g.won for g in played),
        average_place=sum(g.place for g in played) / len(played),
        average_score=sum(scores) / len(scores) if scores else None,
        best_score=best,
        last=tuple(reversed(played[-LAST_SHOWN:])),
        history=(played[0].before.display, *(g.after.display for g in played)),
    )
