"""Cathedral's one kind of action: placing a piece. There is no pass action: a player without a
legal placement is skipped automatically (see rules.py).

Capturing is optional (rule 5: "you MAY remove it"), so a placement carries a `capture` flag.
`capture=False` declines every capture the placement would make; it is only legal on a placement
that would capture something (see rules.check)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.cathedral.board import SQUARE_NAMES
from bot.games.cathedral.pieces import Kind

NO_CAPTURE = "no-capture"
"""The canonical notation suffix of a placement that declines its capture."""


@dataclass(frozen=True, slots=True)
class Place:
    """Place `kind` with its anchor (topmost, then leftmost, occupied cell) on square index
    `square` (row * 10 + col), turned `rotation` degrees clockwise from the base shape.

    `capture` is True for the normal placement, which removes a lone enclosed enemy building (or
    the Cathedral); False declines that capture (notation suffix ` no-capture`)."""

    kind: Kind
    square: int
    rotation: int
    capture: bool = True

    def __str__(self) -> str:
        text = f"{self.kind.value} {SQUARE_NAMES[self.square]} {self.rotation}"
        return text if self.capture else f"{text} {NO_CAPTURE}"


Action = Place
