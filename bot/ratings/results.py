"""What a finished game says for ratings: who took part, in which place, with what score.

    result = game_result(session_id=12, guild_id=1, game="kingsburg", finished_at="...",
                         sides=[Side("member:7", "Ann", 41, winner=True), ...])

Pure: built from plain values (the table reads them from the session, its outcome and the
departures the store kept), so every rating is a function of these results in order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games.text import tx

__all__ = [
    "Entry",
    "arena_result",
    "GameResult",
    "Side",
    "bot_player",
    "game_result",
    "member_player",
    "opponent_player",
    "player_kind",
]


def member_player(user_id: int) -> str:
    """The rating identity of a server member."""
    return f"member:{user_id}"


def bot_player(level: str) -> str:
    """The rating identity of a computer player of one level (`engine.bots` key: 'heuristic',
    'strong', ...): one per game and level, so a new level is a new identity by itself."""
    return f"bot:{level}"


def opponent_player(level: str) -> str:
    """The rating identity of a game's automated opponent (Architects' solo opponent) at one
    difficulty."""
    return f"opponent:{level}"


def player_kind(player: str) -> str:
    """'member', 'bot' or 'opponent'."""
    return player.split(":", 1)[0]


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a finished game, before places are worked out.

    `winner`: the game's outcome names it a winner; `left`: it left by a turn limit or
    `/game leave` (it then loses to every side still seated, whatever its seat scored).
    `score` is None when there is none to show (a side that left)."""

    player: str
    name: str
    score: int | None
    winner: bool = False
    left: bool = False
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One side's place in a rated game: `place` 1 is best and tied sides share a place
    (1, 1, 3: standard competition ranking)."""

    player: str
    name: str
    place: int
    score: int | None
    left: bool = False
    seat: int | None = None
    """The game's seat it played (None for an automated opponent)."""

    @property
    def won(self) -> bool:
        """First place (alone or shared)."""
        return self.place == 1

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "player": self.player,
            "name": self.name,
            "place": self.place,
            "score": self.score,
            "left": self.left,
            "seat": self.seat,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Entry:
        """Inverse of `to_dict`."""
        score = data.get("score")
        return Entry(
            player=str(data["player"]),
            name=str(data["name"]),
            place=int(data["place"]),
            score=None if score is None else int(score),
            left=bool(data.get("left", False)),
            seat=None if data.get("seat") is None else int(data["seat"]),
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """A rated game's result: the input of the rating fold (`bot.ratings.skill`)."""

    session_id: int
    guild_id: int
    game: str
    finished_at: str
    entries: tuple[Entry, ...]
    lower_is_better: bool = False
    """Scores count down (Cathedral's unplaced squares): the best score is the lowest."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "session_id": self.session_id,
            "guild_id": self.guild_id,
            "game": self.game,
            "finished_at": self.finished_at,
            "entries": [e.to_dict() for e in self.entries],
            "lower_is_better": self.lower_is_better,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> GameResult:
        """Inverse of `to_dict`."""
        return GameResult(
            session_id=int(data["session_id"]),
            guild_id=int(data["guild_id"]),
            game=str(data["game"]),
            finished_at=str(data["finished_at"]),
            entries=tuple(Entry.from_dict(e) for e in data["entries"]),
            lower_is_better=bool(data.get("lower_is_better", False)),
        )

    def entry_of(self, player: str) -> Entry | None:
        """The entry of `player` (its first, for a bot level seated twice), or None."""
        return next((e for e in self.entries if e.player == player), None)


def _places(keys: Sequence[tuple[Any, ...]]) -> list[int]:
    """Competition places (1, 1, 3) for sort keys, lower key = better."""
    return [1 + sum(other < key for other in keys) for key in keys]


def game_result(
    *,
    session_id: int,
    guild_id: int,
    game: str,
    finished_at: str,
    sides: Iterable[Side],
    lower_is_better: bool = False,
) -> GameResult | str:
    """The rated result of a game, or the sentence saying why it is not rated.

    Places: the outcome's winners first, then by score (a missing score last); sides that left
    come after every side still seated, sharing the last place. A game with fewer than two
    sides is not rated.
    """
    listed = list(sides)
    if len(listed) < 2:
        return tx("A game needs at least two sides to be rated.")
    if all(s.left for s in listed):
        return tx("Every side left, so nobody is left to have won.")

    def key(side: Side) -> tuple[Any, ...]:
        if side.left:
            return (1, 0, 0)
        if side.score is None:
            return (0, not side.winner, 1, 0)
        return (0, not side.winner, 0, side.score if lower_is_better else -side.score)

    keys = [key(s) for s in listed]
    places = _places(keys)
    entries = tuple(
        Entry(s.player, s.name, place, s.score, s.left, s.seat)
        for s, place in zip(listed, places, strict=True)
    )
    return GameResult(session_id, guild_id, game, finished_at, entries, lower_is_better)


def arena_result(
    game: str,
    outcome: Mapping[str, Any],
    players: Sequence[str],
    names: Sequence[str] | None = None,
    *,
    number: int = 0,
) -> GameResult | str:
    """A result from an engine outcome (`Outcome.to_dict()`) with `players[i]` in seat i (e.g.
    `bot_player("strong")`): what `python -m bot arena` hands to `rate_results`."""
    scores = {int(k): v for k, v in (outcome.get("scores") or {}).items()}
    winners = {int(s) for s in outcome.get("winners") or ()}
    shown = names or players
    sides = [
        Side(player, shown[i], scores.get(i), winner=i in winners, seat=i)
        for i, player in enumerate(players)
    ]
    return game_result(
        session_id=number,
        guild_id=0,
        game=game,
        finished_at="",
        sides=sides,
        lower_is_better=bool(outcome.get("lower_is_better", False)),
    )
