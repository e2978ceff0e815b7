"""Cathedral at the table: its subcommands (`TABLE`) and the capture-or-spare choice (rule 5: the
player *may* remove an enclosed building).

The engine says what a placement would capture (`capture_preview`); this module turns that into
the sentence and the two ways to play it, which a front end shows as `Table.preview`'s `note`
and `alternatives`.
"""

from __future__ import annotations

import re
from typing import Any

from bot.games.cathedral.actions import NO_CAPTURE
from bot.games.protocol import Seat
from bot.table.hooks import GameTable, Subcommand, simple

CAPTURE_LABEL = "Place and capture"
SPARE_LABEL = "Place, spare it"

__all__ = ["CAPTURE_LABEL", "SPARE_LABEL", "TABLE", "capture_choice", "capture_note"]


def capture_note(captured: tuple[str, ...]) -> str:
    """'This captures dark's Infirmary: it goes back to dark's hand and the area becomes yours.'

    `captured` holds the engine's labels ("dark's Inn", "the Cathedral"), one per enclosed area.
    """
    fates = []
    for label in captured:
        owner, sep, _ = label.partition("'s ")
        fates.append(f"it goes back to {owner}'s hand" if sep else "it leaves the game")
    if len(captured) == 1:
        return f"This captures {captured[0]}: {fates[0]} and the area becomes yours."
    names = ", ".join(captured[:-1]) + " and " + captured[-1]
    owners = {label.partition("'s ")[0] for label in captured if "'s " in label}
    if len(owners) == 1 and all("'s " in label for label in captured):
        fate = f"they go back to {owners.pop()}'s hand"
    else:
        fate = "; ".join(f"{label}: {f}" for label, f in zip(captured, fates, strict=True))
    return f"This captures {names}: {fate}, and the areas become yours."


def capture_choice(
    engine: Any, state: Any, seat: Seat, notation: str, rotation: int
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(note, (label, notation) pairs) for a placement "<piece> <square> ..." that would capture:
    the sentence saying what is taken and the two ways to play it; ("", ()) when nothing would
    be captured (or it is not legal now, which the preview itself then explains)."""
    words = notation.split()
    captured = engine.capture_preview(state, seat, words[0], words[1], rotation)
    if not captured:
        return "", ()
    action = engine.parse_action(notation, state, seat)
    plain = engine.format_action(action, state)
    return capture_note(tuple(captured)), (
        (CAPTURE_LABEL, plain),
        (SPARE_LABEL, f"{plain} {NO_CAPTURE}"),
    )


def _place_preview(
    engine: Any, state: Any, seat: Any, notation: str
) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """Typed `/cathedral place <piece> <square> <rotation>`: preview it, with the capture choice
    when there is one, as `/cathedral place` does on Discord; None (play at once) without a
    rotation, as there, or with `no-capture` already chosen."""
    words = notation.split()
    if len(words) < 3 or not re.fullmatch(r"[0-9]{1,3}", words[2]) or NO_CAPTURE in words[3:]:
        return None
    # An unknown piece or square captures nothing: the preview itself then gives the sentence.
    return capture_choice(engine, state, seat, notation, int(words[2]))


def _move_hint(state: Any) -> str:
    """The line under a post naming how to move: the opening says the Cathedral comes first."""
    from bot.games.cathedral.state import Phase

    if state.phase is Phase.CATHEDRAL:
        return (
            "Light places the Cathedral first, anywhere in the city: `/cathedral place Cathedral "
            "E5 0` (square and rotation autocomplete the legal ones, a private preview comes "
            "first), or `/cathedral move Cathedral E5 0`. Then dark places the first building."
        )
    return (
        "Place a building with `/cathedral place`: piece, square and rotation each "
        "autocomplete your legal choices, and a private preview comes first."
    )


TABLE = GameTable(
    key="cathedral",
    cog="cogs.cathedral",
    subcommands={
        "place": Subcommand(
            "place",
            ("piece", "square", "rotation"),
            "place a building: piece, anchor square, rotation, e.g. "
            "`/cathedral place Castle B3 90` (a private preview first; `confirm:False` plays at "
            "once, `capture:False` spares the building you would capture)",
            preview=_place_preview,
        ),
        "move": Subcommand(
            "move", ("notation",), "any move in notation, e.g. `Inn C4 90 no-capture`"
        ),
        "pass": simple("pass", "there is no voluntary pass: a player who cannot place is skipped"),
    },
    move_hint=lambda state, seat: _move_hint(state),
)
"""Cathedral's table behaviour (see `bot.table.hooks.GameTable`)."""
