"""Cathedral notation: `Castle B3 90` = piece, anchor square, clockwise rotation in degrees.

The anchor is the piece's topmost occupied square, leftmost among those, so it is always covered.
Squares run A1 (top-left) to J10 (bottom-right). A placement that declines its capture (rule 5
makes capturing optional) ends in `no-capture`; "nocapture", "no capture", "spare" and "keep" are
understood too. Parsing is case-insensitive and forgiving:

>>> from bot.games.cathedral.pieces import Kind
>>> parse("castle @ b3, r90") == Place(Kind.CASTLE, 21, 90)
True
>>> format_place(Place(Kind.CASTLE, 21, 90))
'Castle B3 90'
>>> format_place(parse("inn c4 90 spare"))
'Inn C4 90 no-capture'
"""

from __future__ import annotations

import difflib
import re

from bot.games.cathedral.actions import NO_CAPTURE, Place
from bot.games.cathedral.board import SQUARE_NAMES, square_index
from bot.games.cathedral.pieces import (
    ROTATIONS,
    Colour,
    Kind,
    building_names,
    distinct_rotations,
    piece_name,
)
from bot.games.rejections import Rejection, RejectionCode, malformed
from bot.games.text import tx

_NAMES: dict[str, Kind] = {k.value.lower(): k for k in Kind}
_NAMES["brigde"] = Kind.BRIDGE  # the rulebook's own spelling
_SEPARATORS = re.compile(r"[@,;:()\[\]]")
_ROTATION = re.compile(r"^(?:r|rot|rotation)?(-?[0-9]{1,4})(?:°|deg|degrees?|º)?$")
_NUMBER = re.compile(r"^-?[0-9]+")
_EXAMPLE = tx("Write it like `Castle B3 90`: piece, anchor square, rotation.")
NO_PASS = tx(
    "Cathedral has no pass: you must place a building while one fits; a player who cannot place "
    "is skipped automatically."
)
"""The answer to `pass` (rule 7: only a player with no legal placement misses a turn)."""
_PASS_WORDS = frozenset({"pass", "/pass"})
# Words (after the rotation) that decline the capture; "no capture" as two words is glued first.
_DECLINE = frozenset({NO_CAPTURE, "nocapture", "no_capture", "spare", "keep"})


def format_place(action: Place) -> str:
    """Canonical notation, e.g. 'Castle B3 90', or 'Inn C4 90 no-capture' for a placement that
    declines its capture."""
    text = f"{action.kind.value} {SQUARE_NAMES[action.square]} {action.rotation}"
    return text if action.capture else f"{text} {NO_CAPTURE}"


def _kind(word: str) -> Kind | Rejection:
    kind = _NAMES.get(word.lower())
    if kind is not None:
        return kind
    names = ", ".join(building_names())
    close = difflib.get_close_matches(word.lower(), list(_NAMES), n=1, cutoff=0.6)
    hint = tx("Did you mean {piece}?", piece=_NAMES[close[0]].value) if close else None
    return malformed(
        tx("There is no building called {word}. Buildings: {names}.", word=repr(word), names=names),
        hint,
    )


def _rotation(word: str) -> int | Rejection:
    match = _ROTATION.match(word.lower())
    if match is None:
        return malformed(
            tx(
                "{word} is not a rotation: use 0, 90, 180 or 270 (degrees clockwise).",
                word=repr(word),
            ),
            _EXAMPLE,
        )
    value = int(match.group(1))
    if value not in ROTATIONS:
        return malformed(
            tx(
                "{value}° is not a quarter turn: use 0, 90, 180 or 270 (degrees clockwise).",
                value=value,
            )
        )
    return value


def parse(text: str, colour: Colour | None = None) -> Place | Rejection:
    """Parse notation into a Place (legality is checked separately by rules.check).

    `colour` only matters for the hint when the rotation is left out: it may be omitted only for
    pieces with a single orientation (Tavern, Square, Infirmary). A trailing `no-capture` (or
    "nocapture", "no capture", "spare", "keep") gives a Place with capture=False; whether the
    placement captures anything at all is for rules.check. `pass` is refused as ILLEGAL with
    `NO_PASS`: the rules have no voluntary pass.
    """
    if text.strip().split(" ", 1)[0].lower() in _PASS_WORDS:
        return Rejection(RejectionCode.ILLEGAL, NO_PASS)
    cleaned = _SEPARATORS.sub(" ", text).replace("°", "° ").strip()
    words = cleaned.split()
    # "90 °" -> "90°", "r 90" -> "r90": glue loose unit and prefix words onto their number.
    glued: list[str] = []
    for word in words:
        low = word.lower()
        if glued and low in ("°", "º", "deg", "degree", "degrees"):
            glued[-1] += low
        elif (
            glued
            and glued[-1].lower() in ("r", "rot", "rotation")
            and _NUMBER.match(word) is not None
        ):
            glued[-1] += word
        else:
            glued.append(word)
    words = glued
    capture = True
    if len(words) >= 2 and words[-2].lower() == "no" and words[-1].lower() == "capture":
        words = [*words[:-2], NO_CAPTURE]
    if len(words) >= 2 and words[-1].lower() in _DECLINE:
        capture = False
        words = words[:-1]
    if not words:
        return malformed(tx("Say which building to place and where."), _EXAMPLE)
    kind = _kind(words[0])
    if isinstance(kind, Rejection):
        return kind
    if len(words) == 1:
        return malformed(tx("Say where to place the {piece}.", piece=piece_name(kind)), _EXAMPLE)
    square = square_index(words[1])
    if square is None:
        return malformed(
            tx(
                "{square} is not a square: files are A–J and ranks 1–10.",
                square=repr(words[1].upper()),
            ),
            _EXAMPLE,
        )
    if len(words) > 3:
        extra = " ".join(words[3:])
        return malformed(
            tx("I do not understand {extra} after the rotation.", extra=repr(extra)),
            tx(
                "Write it like `Castle B3 90`: piece, anchor square, rotation. Add `{word}` at "
                "the end to decline a capture.",
                word=NO_CAPTURE,
            ),
        )
    owner = None if kind is Kind.CATHEDRAL else (colour or Colour.LIGHT)
    if len(words) == 2:
        allowed = distinct_rotations(kind, owner)
        if len(allowed) == 1:
            return Place(kind, square, 0, capture)
        turns = ", ".join(str(r) for r in allowed)
        example = f"{kind.value} {SQUARE_NAMES[square]} {allowed[-1]}"
        return Rejection(
            RejectionCode.AMBIGUOUS,
            tx(
                "Say how to turn the {piece}: {turns} (degrees clockwise).",
                piece=piece_name(kind),
                turns=turns,
            ),
            tx("For example `{move}`.", move=example),
        )
    rotation = _rotation(words[2])
    if isinstance(rotation, Rejection):
        return rotation
    return Place(kind, square, rotation, capture)
