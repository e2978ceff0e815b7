"""Settlers of Canaan at the table: its subcommands, its private hand in words, and which legal
moves deserve a button (Roll, End, Accept/Decline per seat...) rather than a slash command."""

from __future__ import annotations

from typing import Any

from bot.games.canaan.actions import public_notation
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = ["TABLE", "hand_text", "move_menu", "quick_moves"]

NO_CARDS = "You hold no resource or development cards."
_PRIVATE_HEADS = ("discard", "give", "take")
_QUICK_HEADS = ("roll", "end", "accept", "decline", "trade", "withdraw", "buy", "bless", "look")


def hand_text(view: Any) -> str | None:
    """The viewer's hand and unplayed development cards in words, from their own view."""
    you = getattr(view, "you", None)
    if you is None:
        return None
    from bot.games.canaan.data import hand_text as cards

    parts = []
    if any(you.hand):
        parts.append(f"Your hand: {cards(you.hand)}.")
    if you.dev:
        new = (
            f" (bought this turn: {', '.join(you.bought_this_turn)})"
            if you.bought_this_turn
            else ""
        )
        parts.append(f"Development cards: {', '.join(you.dev)}{new}.")
    if you.peek:
        parts.append(f"You looked: {you.peek}.")
    if you.prompt:
        parts.append(f"Now: {you.prompt}.")
    return " ".join(parts) or None


def quick_moves(notations: list[str]) -> list[str]:
    """Buttons: the one-word decisions (roll, end, accept, decline, trade <colour>, withdraw,
    buy...), else the other choices except private ones (discards, gives, takes). Offers,
    counters and builds stay slash commands with autocomplete, so an answer row is Accept /
    Decline (and Counter is `/canaan counter`)."""
    quick = [n for n in notations if n.split(" ", 1)[0] in _QUICK_HEADS]
    if quick:
        return quick
    # Buttons are public: the sets a player may discard, give or take from a hand they looked at
    # would show that hand to everyone, so those stay private slash commands.
    return [n for n in notations if n.split(" ", 1)[0] not in _PRIVATE_HEADS]


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """(label, notation) of the moves offered on buttons and menus: `quick_moves` of the
    seat's legal moves, labelled with a capital ("Roll", "Decline", "Trade red")."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.rules import legal_actions

    notations = [ENGINE.format_action(a, state) for a in legal_actions(state, seat)]
    return [(n[:1].upper() + n[1:], n) for n in quick_moves(notations)]


TABLE = GameTable(
    key="canaan",
    cog="cogs.canaan",
    subcommands={
        "roll": simple("roll", "roll the dice for production (also a button)"),
        "build": Subcommand(
            "build",
            ("kind", "where"),
            "build a road, settlement, city or a stone for Jerusalem, e.g. `road 12-17`",
        ),
        "buy": simple("buy", "buy a development card (ore, wool, grain)"),
        "play": simple("play", "play a development card, e.g. `priest C from red`", "card"),
        "trade": Subcommand(
            "trade",
            ("how", "give", "receive"),
            "trade with the bank at your best rate: `/canaan trade bank ore wool`",
            joiners=("", "for"),
        ),
        "offer": Subcommand(
            "offer",
            ("give", "receive", "to"),
            "offer cards to the other players, e.g. `2 wool` for `1 ore` [to a player]",
            lead="offer",
            joiners=("for", "to"),
        ),
        "accept": simple("accept", "accept the open offer"),
        "decline": simple("decline", "decline the open offer"),
        "counter": Subcommand(
            "counter",
            ("give", "receive"),
            "answer the offer with your own terms: what you give for what you want",
            lead="counter",
            joiners=("for",),
        ),
        "confirm": Subcommand(
            "confirm", ("player",), "trade with a player who accepted or countered", lead="trade"
        ),
        "withdraw": simple("withdraw", "close your open offer"),
        "end": simple("end", "end your turn"),
        "discard": simple("discard", "on a 7: the cards you discard, e.g. `2 ore+2 wool`", "cards"),
        "take": simple("take", "take cards you are owed (copper, an event), e.g. `1 ore`", "cards"),
        "give": simple("give", "give the cards an event asks of you, e.g. `1 wool`", "cards"),
        "plague": simple("plague", "after a 7: move the plague, e.g. `C from red`", "hex"),
        "look": simple("look", "Gibeonite Trickery: whose hand to look at", "player"),
        "bless": simple("bless", "King's Blessing: the resource kept under the card", "resource"),
        "start": simple("start", "choose the settlement giving your starting cards", "settlement"),
        "act": Subcommand(
            "act",
            ("notation",),
            "any Canaan move in notation (`/game rules canaan` lists it)",
        ),
        "hand": Subcommand("hand", (), "see your hand and development cards privately", reads=True),
    },
    text_aliases={"move": "act"},
    private_text=hand_text,
    nothing_private=NO_CARDS,
    move_menu=lambda state, seat: move_menu(state, seat),
    public_notation=public_notation,
)
"""Canaan's table behaviour (see `bot.table.hooks.GameTable`)."""
