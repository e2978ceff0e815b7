"""Pieces shared by the golden playthrough generators of every game: the seeded bot game, the move
line format, reading moves back out of a transcript, and the closing outcome lines."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.games.protocol import LoggedMove, Outcome, Seat


@dataclass(frozen=True, slots=True)
class Game:
    """One golden game: its seed and the bot playing each seat (the seat count is len(bots))."""

    seed: int
    bots: tuple[str, ...]

    @property
    def name(self) -> str:
        """The transcript's file stem."""
        return f"{len(self.bots)}p_seed_{self.seed}"


MOVE_LINE = re.compile(r"^ply (\d+): ([a-z]+) \(seat (\d)\) plays (.+)$")
"""`ply 12: light (seat 0) plays Castle B3 90`: ply, seat label, seat, notation."""


def moves_from(text: str) -> list[LoggedMove]:
    """The moves listed in a transcript."""
    moves = []
    for line in text.splitlines():
        match = MOVE_LINE.match(line)
        if match:
            moves.append(LoggedMove(Seat(int(match.group(3))), match.group(4)))
    return moves


def outcome_lines(outcome: Outcome | None, reason_label: str) -> list[str]:
    """The transcript's closing lines: termination, winners, scores and the reason sentence."""
    if outcome is None:
        return ["unfinished"]
    winners = ", ".join(f"seat {s}" for s in sorted(outcome.winners))
    scores = ", ".join(f"seat {s}: {v}" for s, v in sorted(outcome.scores.items()))
    return [
        f"termination: {outcome.termination}",
        f"winners: {winners}",
        f"scores: {scores}",
        f"{reason_label}: {outcome.reason}",
    ]
