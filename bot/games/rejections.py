"""The shared vocabulary for refused moves: a code plus a specific human sentence."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class RejectionCode(Enum):
    """Why an action was refused. The engine uses the first five; sessions add the rest."""

    MALFORMED = "malformed"
    AMBIGUOUS = "ambiguous"
    ILLEGAL = "illegal"
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    NOT_A_PLAYER = "not_a_player"
    STALE = "stale"
    NO_ACTIVE_GAME = "no_active_game"
    LOBBY = "lobby"


@dataclass(frozen=True, slots=True)
class Rejection:
    """A refused action. `message` is the sentence shown to the user; `hint` is optional advice."""

    code: RejectionCode
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        return self.message if self.hint is None else f"{self.message} {self.hint}"


def malformed(message: str, hint: str | None = None) -> Rejection:
    """Shorthand for a MALFORMED rejection."""
    return Rejection(RejectionCode.MALFORMED, message, hint)


def illegal(message: str, hint: str | None = None) -> Rejection:
    """Shorthand for an ILLEGAL rejection."""
    return Rejection(RejectionCode.ILLEGAL, message, hint)
