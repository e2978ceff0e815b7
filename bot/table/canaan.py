"""Settlers of Canaan at the table: its subcommands, its private hand in words, and which legal
moves deserve a button (Roll, End, Accept/Decline per seat...) rather than a slash command."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.games.canaan.actions import public_notation
from bot.games.canaan.data import RESOURCES
from bot.table.hooks import GameTable, Subcommand, simple

__all__ = [
    "TABLE",
    "awaited_as",
    "confirm_words",
    "hand_text",
    "holding",
    "is_private_move",
    "look_words",
    "move_hint",
    "move_menu",
    "move_words",
    "pings",
    "private_moves",
    "public_notation",
    "public_words",
    "quick_moves",
    "start_words",
    "start_yield",
]

NO_CARDS = "You hold no resource or development cards."
_PRIVATE_HEADS = ("discard", "give", "take")
_PRIVATE_CHOICES = ("counter", *_PRIVATE_HEADS)
MENU_SIZE = 25
PRIVATE_HINT = (
    "Counter-offers, discards, gives and takes are chosen privately: your own button opens "
    "them (or `/canaan counter`, `/canaan discard`, `/canaan give`, `/canaan take`)."
)
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


def is_private_move(notation: str) -> bool:
    """A move that shows the mover's hand (a counter-offer, a discard, a give, a take from a
    hand looked at): offered to its player alone, never under a public post."""
    return notation.split(" ", 1)[0] in _PRIVATE_CHOICES


def move_menu(state: Any, seat: int) -> list[tuple[str, str]]:
    """(label, notation) of the moves offered on buttons and menus: `quick_moves` of the
    seat's legal moves, labelled with a capital ("Roll", "Decline", "Trade red"), plus the
    private ones its player picks from a menu only they see (`private_moves`)."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.rules import some_legal_actions

    # Bounded: a discard from a hand of a hundred cards has tens of thousands of ways.
    listed = some_legal_actions(state, seat, MENU_SIZE * 4)
    notations = [ENGINE.format_action(a, state) for a in listed]
    if _answering(state, seat) and "accept" not in notations:
        # Every answering player's row reads Accept / Decline alike: an Accept shown only to
        # those who hold the asked cards would tell the table who does not. Pressed without
        # the cards, it is refused privately like a typed `/canaan accept`.
        notations.append("accept")
    public = [(_quick_label(n, state), n) for n in quick_moves(notations)]
    return public + [(_private_label(n), n) for n in private_moves(notations)]


def _quick_label(notation: str, state: Any = None) -> str:
    """A button's label: the move with a capital ("Roll"); a start says which cards it gives
    ("Start 42: 1 grain+1 ore (ore from copper)") and a trade its terms ("Trade red: you give 1
    wool, get 1 ore"), so nobody has to look them up before pressing."""
    words = notation.split()
    if words and words[0] == "start" and state is not None and len(words) >= 2:
        return f"Start {words[1]}: {start_yield(state, ' '.join(words[1:]))}"
    if len(words) == 4 and words[0] == "start" and words[2] == "copper":
        return f"Start {words[1]} (copper: {words[3]})"
    if len(words) == 2 and words[0] == "trade" and state is not None:
        terms = confirm_words(state, words[1]).partition(": ")[2]
        if terms:
            return f"Trade {words[1]}: {terms}"
    return notation[:1].upper() + notation[1:]


# The slash command that makes a move, by the move's first word (build kinds first: during setup
# and the main phase they are what a player most often looks for).
_COMMAND_OF = {
    "settlement": "build settlement",
    "road": "build road",
    "city": "build city",
    "stone": "build stone",
    "plague": "plague",
    "play": "play",
    "bank": "trade bank",
    "offer": "offer",
    "counter": "counter",
    "trade": "confirm",
    "discard": "discard",
    "give": "give",
    "take": "take",
    "start": "start",
    "look": "look",
    "bless": "bless",
}
_HINT_COMMANDS = 3


def move_hint(state: Any, seat: int) -> str:
    """The line under a post with more moves than buttons: the commands that make exactly the
    kinds of move `seat` has now (`/canaan build settlement` during setup, not `/canaan roll`)."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.rules import some_legal_actions

    listed = some_legal_actions(state, seat, MENU_SIZE * 4)  # a discard's ways: bounded
    heads = {ENGINE.format_action(a, state).split(" ", 1)[0] for a in listed}
    named = [f"`/canaan {cmd}`" for head, cmd in _COMMAND_OF.items() if head in heads]
    more = " (`/game help` lists the others)" if len(named) > _HINT_COMMANDS else ""
    shown = named[:_HINT_COMMANDS] or ["`/canaan act`"]
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return (
        f"Too many choices for buttons here: make yours with {listed}{more}; "
        "each option autocompletes your legal choices."
    )


def _hex_words(data: Any, label: str) -> str:
    """ "J (grain 5)": the hex letter with the word and number the board image prints on it."""
    from bot.games.canaan.data import RESOURCES as NAMES

    index = data.hex_by_label.get(label.upper())
    if index is None:
        return label
    tile = data.hexes[index]
    word = NAMES[tile.resource] if tile.resource is not None else tile.terrain.replace("_", " ")
    return f"{tile.label} ({word} {tile.number})" if tile.number else f"{tile.label} ({word})"


def move_words(data: Any, notation: str, names: dict[str, str] | None = None) -> str:
    """A card play, plague move or stone route in words for a menu or autocomplete label:
    `play priest J from blue` -> "Priest: plague to J (grain 5), take a card from blue",
    `play korahs-rebellion` -> "Korah's Rebellion: every other player gives you ...",
    `stone via blue pay grain` -> "through the Jerusalem building of blue, paying them 1 grain".
    `names` maps colours to what to call their players ("Bob (blue)"). Other moves: as given."""
    from bot.games.canaan.data import effect_text
    from bot.games.canaan.rules import card_name

    who = names or {}
    words = notation.split()
    if len(words) >= 2 and words[0] == "plague":
        return _plague_words(data, words[1:], who)
    if len(words) == 5 and words[:2] == ["stone", "via"] and words[3] == "pay":
        owner = who.get(words[2], words[2])
        return f"through the Jerusalem building of {owner}, paying them 1 {words[4]}"
    if len(words) < 2 or words[0] != "play":
        return notation
    card, rest = words[1], words[2:]
    name = card_name(data, card)
    if card == "priest" and rest:
        return f"{name}: {_plague_words(data, rest, who)}"
    event = data.event(card)
    if event is None:
        return f"{name}: 1 victory point" if name != card else name
    if rest and event.kind == "monopoly":
        return f"{name}: every other player gives you all their {rest[0]}"
    if rest and event.kind == "move_plague":
        return f"{name}: {_plague_words(data, rest, who)}"
    return f"{name}: {effect_text(event)}"


def _plague_words(data: Any, rest: list[str], who: dict[str, str]) -> str:
    """ "plague to J (grain 5), take a card from Bob (blue)" from `J from blue`."""
    text = f"plague to {_hex_words(data, rest[0])}"
    if len(rest) >= 3 and rest[1] == "from":
        return f"{text}, take a card from {who.get(rest[2], rest[2])}"
    return f"{text}, take no card"


def _seat_of(state: Any, colour: str) -> int:
    from bot.games.canaan.state import COLOURS

    return COLOURS.index(colour) if colour in COLOURS[: len(state.players)] else -1


def confirm_words(state: Any, colour: str, names: dict[str, str] | None = None) -> str:
    """A `/canaan confirm` choice in words: whose answer and what the trade does for you, e.g.
    "Bob (blue) accepts: you give 1 lumber, get 1 grain"."""
    from bot.games.canaan.data import hand_text as cards

    who = (names or {}).get(colour, colour)
    seat = -1 if state is None else _seat_of(state, colour)
    offer = None if state is None else state.offer
    if offer is None or seat < 0 or seat >= len(offer.answers):
        return who
    from bot.games.canaan.rules import terms

    answer = offer.answers[seat]
    if answer.kind not in ("accept", "counter"):
        return who
    theirs, yours = terms(offer, answer)
    verb = "accepts" if answer.kind == "accept" else "counters"
    return f"{who} {verb}: you give {cards(yours)}, get {cards(theirs)}"


def look_words(state: Any, colour: str, names: dict[str, str] | None = None) -> str:
    """A Gibeonite Trickery choice: the player and their hand's size ("Bob (blue), 4 cards")."""
    who = (names or {}).get(colour, colour)
    seat = -1 if state is None else _seat_of(state, colour)
    if seat < 0:
        return who
    n = state.players[seat].cards
    return f"{who}, {n} card{'s' * (n != 1)}"


def start_words(state: Any, choice: str) -> str:
    """A starting-cards choice with what it brings: "31 (fields 5, pasture 11, mountains 8):
    1 grain+1 wool+1 ore"; a copper hex's card is the chosen one (`start 42 copper ore`)."""
    from bot.games.canaan.board import vertex_text

    words = choice.split()
    cards = start_yield(state, choice)
    if state is None or cards is None:
        return choice
    return f"{vertex_text(state.data, int(words[0]) - 1)}: {cards}"


def start_yield(state: Any, choice: str) -> str | None:
    """The starting cards a `start` choice gives ("1 grain+1 wool+1 ore (ore from copper)"), or
    None when `choice` names no intersection."""
    from bot.games.canaan.data import RESOURCES as NAMES
    from bot.games.canaan.data import hand_text as cards

    words = choice.split()
    if state is None or not words or not words[0].isdigit():
        return None
    d = state.data
    v = int(words[0]) - 1
    if not 0 <= v < len(d.vertex_hexes):
        return None
    got = [0, 0, 0, 0, 0]
    copper = words[2] if len(words) >= 3 and words[1] == "copper" else ""
    for h in d.vertex_hexes[v]:
        tile = d.hexes[h]
        if tile.number is None:
            continue
        if tile.resource is not None:
            got[tile.resource] += 1
        elif copper in NAMES:
            got[NAMES.index(copper)] += 1
    extra = f" ({copper} from copper)" if copper else ""
    return f"{cards(tuple(got))}{extra}"


def public_words(notation: str) -> str:
    """A move as everyone reads it in post titles and `/game history`: hidden cards by count
    (`public_notation`), and a card played by its name rather than its key - "Ann played
    Gibeonite Trickery", "... played Priest (plague to O, a card from blue)"."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.rules import card_name

    shown = public_notation(notation)
    words = shown.split()
    if len(words) < 2 or words[0] != "play":
        return shown
    card, rest = words[1], words[2:]
    name = card_name(ENGINE.data, card)
    if name == card:  # a card of a server's own data file: its key, made readable
        name = card.replace("-", " ").title()
    if rest and rest[0].isalpha() and len(rest[0]) == 1:  # a hex: the priest or Prophet
        taken = f", a card from {rest[2]}" if len(rest) >= 3 and rest[1] == "from" else ""
        return f"{name} (plague to {rest[0]}{taken})"
    return f"{name} ({' '.join(rest)})" if rest else name


def _answering(state: Any, seat: int) -> bool:
    """True when `seat` may still answer the open offer."""
    from bot.games.canaan.rules import awaiting_answers

    return state.offer is not None and not state.pending and seat in awaiting_answers(state)


def private_moves(notations: list[str]) -> list[str]:
    """The private choices worth a menu (25 at most): every discard, give or take while there
    are few, and the one-for-one counter-offers (other terms: `/canaan counter`)."""
    chosen = [n for n in notations if n.split(" ", 1)[0] in ("discard", "give", "take")]
    counters = [n for n in notations if _ONE_FOR_ONE.fullmatch(n)]
    return (chosen + counters)[:MENU_SIZE]


_ONE_FOR_ONE = re.compile(r"counter 1 [a-z]+ for 1 [a-z]+(?: to [a-z]+)?")
"""A one-card-for-one-card counter (or reply): the menu's choices; other terms are typed."""


def _private_label(notation: str) -> str:
    head, _, rest = notation.partition(" ")
    return f"{head.capitalize()}: {rest}" if rest else head.capitalize()


def pings(state: Any) -> frozenset[int]:
    """The awaited seats a post calls: with an offer open, the players who may still answer it,
    and the player whose turn it is only when the answer just given is one they can confirm
    (they go on meanwhile and need no call); otherwise everyone awaited (a turn starting, the
    discards on a 7, an event's choices)."""
    from bot.games.canaan.rules import awaiting_answers, to_act
    from bot.games.canaan.view import confirmable

    if state.offer is None or state.pending:
        return frozenset(to_act(state))
    seats = set(awaiting_answers(state))
    if state.last_seat != state.current and state.last_seat in confirmable(state):
        seats.add(state.current)
    return frozenset(seats)


def holding(state: Any) -> frozenset[int]:
    """The awaited seats the game cannot go on without: with an offer open, only the player
    whose turn it is (the others may answer, or not)."""
    from bot.games.canaan.rules import to_act

    if state.offer is None or state.pending:
        return frozenset(to_act(state))
    return frozenset({state.current})


def awaited_as(state: Any, seat: int) -> str:
    """What `seat` is awaited for ("answer the offer", "discard 4 (seven) with /canaan discard")."""
    from bot.games.canaan.view import awaited_text

    return awaited_text(state, seat)


@dataclass(frozen=True, slots=True)
class _TradeSubcommand(Subcommand):
    """`trade`: with the bank on Discord (`/canaan trade bank ore wool`), but typed at the table
    it is also the Trade button's own word, `trade red` (confirm red's answer), and players
    type `trade 4 ore for wool` meaning the bank."""

    def notation(self, *values: object) -> str:
        """`bank ...` as joined, a resource or count read as a bank trade, anything else (a
        colour) as `trade <colour>`."""
        text = Subcommand.notation(self, *values)
        head = text.split(" ", 1)[0].lower()
        if not text or head == "bank":
            return text
        if head.isdigit() or head in RESOURCES:
            return f"bank {text}"
        return f"trade {text}"


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
        "trade": _TradeSubcommand(
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
    move_hint=move_hint,
    private_move=is_private_move,
    private_hint=PRIVATE_HINT,
    private_buttons=True,
    public_notation=public_words,
    pings=pings,
    awaited_as=awaited_as,
    holding=holding,
)
"""Canaan's table behaviour (see `bot.table.hooks.GameTable`)."""
