"""Kingsburg at the table: its subcommands (`TABLE`) and its private information in words,
what `/kingsburg peek` (and a player's private `/game status` reply) says about the enemy card
the player looked at with the General or the Queen. The image shows the same card; the text
repeats it so it can be read (and searched) without opening the picture.
"""

from __future__ import annotations

from typing import Any

from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["NOT_PEEKED", "TABLE", "peek_text"]

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


def _peeked(view: Any) -> str | None:
    """`peek_text`, or None when the viewer has not looked at the enemy."""
    return None if getattr(view, "peeked_enemy", None) is None else peek_text(view)


TABLE = GameTable(
    key="kingsburg",
    cog="cogs.kingsburg",
    subcommands={
        "aid": simple("aid", "take the King's aid: one good of your choice", "good"),
        "reroll": simple(
            "reroll", "reroll with the Statue (`statue`, `statue white`) or Chapel", "building"
        ),
        "keep": simple("keep", "keep your dice as rolled"),
        "influence": Subcommand(
            "influence",
            ("advisor", "dice"),
            "influence an advisor with dice, e.g. `/kingsburg influence 8 5+3`",
            lead="influence",
            joiners=("with",),
        ),
        "pass": simple("pass", "stop influencing advisors this season"),
        "gift": simple("gift", "choose the goods of an advisor's gift, e.g. `gold+wood`", "goods"),
        "alchemist": simple(
            "alchemist", "trade one good at the Alchemist for one each of the others", "give"
        ),
        "build": simple("build", "construct a building in your province", "building"),
        "done": simple("done", "build nothing (more) this season"),
        "townhall": simple(
            "townhall", 'hand in a "+2" token or a good for 1 VP at the Town Hall', "pay"
        ),
        "envoy": Subcommand(
            "envoy",
            ("move",),
            "a move using the King's Envoy, e.g. `build crane envoy`, `influence 3 with 3 envoy`",
        ),
        "recruit": simple(
            "recruit",
            "recruit soldiers naming the goods paid, e.g. `2 gold+wood+stone+stone`",
            "soldiers",
        ),
        "lose": simple("lose", "after a lost battle, the goods you give up", "goods"),
        "skip": simple("skip", "decline an optional benefit or recruit nobody"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any Kingsburg action in notation, e.g. `/kingsburg act influence 8 with 5+3` "
            "(`/game rules kingsburg` lists the notation)",
        ),
        "peek": Subcommand(
            "peek",
            (),
            "see again, privately, what only you know (an enemy you looked at)",
            reads=True,
        ),
    },
    text_aliases={"move": "act"},
    private_text=_peeked,
    nothing_private=NOT_PEEKED,
)
"""Kingsburg's table behaviour (see `bot.table.hooks.GameTable`)."""
