"""Cathedral's one kind of action: placing a piece. There is no pass action: a player without a
legal placement is skipped automatically (see rules.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cathedral.board import SQUARE_NAMES
from bot.games.cathedral.pieces import Kind


@dataclass(frozen=True, slots=True)
class Place:
    """Place `kind` with its anchor (topmost, then leftmost, occupied cell) on square index
    `square` (row * 10 + col), turned `rotation` degrees clockwise from the base shape."""

    kind: Kind
    square: int
    rotation: int

    def __str__(self) -> str:
        return f"{self.kind.value} {SQUARE_NAMES[self.square]} {self.rotation}"


Action = Place
