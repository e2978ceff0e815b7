"""Cathedral at the table: its subcommands (`TABLE`) and the capture-or-spare choice (rule 5: the
player *may* remove an enclosed building).

The engine says what a placement would capture (`capture_preview`); this module turns that into
the sentence and the two ways to play it, which a front end shows as `Table.preview`'s `note`
and `alternatives`.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from bot.games.cathedral.actions import NO_CAPTURE
from bot.games.cathedral.pieces import Kind, piece_name
from bot.games.protocol import Seat
from bot.games.text import Text, tx, tx_c
from bot.i18n import LANGUAGES, say, speaking, tr
from bot.table.hooks import GameTable, Subcommand, simple

CAPTURE_LABEL = tx_c("button", "Place and capture")
SPARE_LABEL = tx_c("button", "Place, spare it")

__all__ = [
    "CAPTURE_LABEL",
    "SPARE_LABEL",
    "TABLE",
    "capture_choice",
    "capture_note",
    "piece_choices",
    "typed_notation",
    "typed_piece",
]


def _owner(label: str) -> Any:
    """The owner's colour named in a capture label ("dark's Inn" -> dark), None for the
    Cathedral. An engine `Text` carries it as a parameter (whatever the language); a plain
    English label is read."""
    if isinstance(label, Text):
        return label.params.get("colour")
    owner, sep, _ = label.partition("'s ")
    return owner if sep else None


def _fate(label: str) -> str:
    owner = _owner(label)
    if owner is None:
        return tr("it leaves the game")
    return tr("it goes back to {colour}'s hand", colour=owner)


def _and(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' in the current language."""
    if len(items) == 1:
        return items[0]
    return tr("{some} and {last}", some=", ".join(items[:-1]), last=items[-1])


def capture_note(captured: tuple[str, ...]) -> str:
    """'This captures dark's Infirmary: it goes back to dark's hand and the area becomes yours.'
    in the current language.

    `captured` holds the engine's labels ("dark's Inn", "the Cathedral"), one per enclosed area.
    """
    if len(captured) == 1:
        (label,) = captured
        owner = _owner(label)
        if owner is None:
            return tr(
                "This captures {piece}: it leaves the game and the area becomes yours.",
                piece=label,
            )
        return tr(
            "This captures {piece}: it goes back to {colour}'s hand and the area becomes yours.",
            piece=label,
            colour=owner,
        )
    names = _and([say(label) for label in captured])
    owners = {say(_owner(label)) for label in captured if _owner(label) is not None}
    if len(owners) == 1 and all(_owner(label) is not None for label in captured):
        return tr(
            "This captures {pieces}: they go back to {colour}'s hand, and the areas become yours.",
            pieces=names,
            colour=_owner(captured[0]),
        )
    fates = "; ".join(tr("{piece}: {fate}", piece=label, fate=_fate(label)) for label in captured)
    return tr(
        "This captures {pieces}: {fates}, and the areas become yours.", pieces=names, fates=fates
    )


def capture_choice(
    engine: Any, state: Any, seat: Seat, notation: str, rotation: int
) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(note, (label, notation) pairs) for a placement "<piece> <square> ..." that would capture:
    the sentence saying what is taken and the two ways to play it, in the current language;
    ("", ()) when nothing would be captured (or it is not legal now, which the preview itself
    then explains)."""
    notation = typed_notation(notation)
    words = notation.split()
    captured = engine.capture_preview(state, seat, words[0], words[1], rotation)
    if not captured:
        return "", ()
    action = engine.parse_action(notation, state, seat)
    plain = engine.format_action(action, state)
    return capture_note(tuple(captured)), (
        (say(CAPTURE_LABEL), plain),
        (say(SPARE_LABEL), f"{plain} {NO_CAPTURE}"),
    )


@cache
def _names_in(code: str) -> dict[str, str]:
    """{piece name in language `code`, lower case: notation name}."""
    with speaking(code):
        return {say(piece_name(kind)).lower(): kind.value for kind in Kind}


def typed_piece(typed: str) -> str:
    """The notation name of a piece typed in any language Guildhall speaks ("Burg" and
    "castle" -> "Castle"); what was typed, stripped, when it names no piece."""
    wanted = typed.strip().lower()
    for kind in Kind:
        if kind.value.lower() == wanted:
            return kind.value
    for code in LANGUAGES:
        found = _names_in(code).get(wanted)
        if found is not None:
            return found
    return typed.strip()


def typed_notation(text: str) -> str:
    """Notation typed with the piece named in any language: the piece's notation name first."""
    words = text.split(None, 1)
    if not words:
        return text
    first = typed_piece(words[0])
    return first if len(words) == 1 else f"{first} {words[1]}"


def piece_choices(names: list[str]) -> list[tuple[str, str]]:
    """(name in the current language, notation name) for notation piece names."""
    by_value = {kind.value: kind for kind in Kind}
    return [(say(piece_name(by_value[n])) if n in by_value else n, n) for n in names]


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
        return tr(
            "Light places the Cathedral first, anywhere in the city: `/cathedral place Cathedral "
            "E5 0` (square and rotation autocomplete the legal ones, a private preview comes "
            "first), or `/cathedral move Cathedral E5 0`. Then dark places the first building."
        )
    return tr(
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
            tx(
                "place a building: piece, anchor square, rotation, e.g. "
                "`/cathedral place Castle B3 90` (a private preview first; `confirm:False` plays "
                "at once, `capture:False` spares the building you would capture)"
            ),
            preview=_place_preview,
        ),
        "move": Subcommand(
            "move", ("notation",), tx("any move in notation, e.g. `Inn C4 90 no-capture`")
        ),
        "pass": simple(
            "pass", tx("there is no voluntary pass: a player who cannot place is skipped")
        ),
    },
    move_hint=lambda state, seat: _move_hint(state),
)
"""Cathedral's table behaviour (see `bot.table.hooks.GameTable`)."""
