"""Kingsburg's private information in words: what `/kingsburg peek` (and a player's private
`/game status` reply) says about the enemy card the player looked at with the General or the
Queen. The image shows the same card; the text repeats it so it can be read (and searched)
without opening the picture.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NOT_PEEKED", "peek_text"]

NOT_PEEKED = "You have not looked at the next enemy this year (the General and the Queen let you)."


def peek_text(view: Any) -> str:
    """The viewer's secret in one or two sentences, from their own `KingsburgView`:
    this year's enemy (name, strength, rewards, penalties) if they peeked, else `NOT_PEEKED`."""
    card = getattr(view, "peeked_enemy", None)
    if card is None:
        return NOT_PEEKED
    year = _roman(getattr(card, "year", 0))
    when = f"year {year}" if year else "this year"
    return (
        f"The enemy of {when}, which you looked at: {card.enemy}, strength {card.strength}. "
        f"Reward if you beat it: {_sentence(card.reward)} "
        f"Penalty if it beats you: {_sentence(card.penalty)}"
    )


def _sentence(text: str) -> str:
    text = text.strip() or "nothing"
    return text if text.endswith((".", "!", "?")) else text + "."


def _roman(year: int) -> str:
    """Years are printed I to V on the cards."""
    return {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}.get(year, "")
