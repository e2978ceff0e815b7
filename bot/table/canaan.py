"""Settlers of Canaan at the table: its subcommands, its private hand in words, and which legal
moves deserve a button (Roll, End, Accept/Decline per seat...) rather than a slash command."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.games.canaan.actions import parse_resource, public_notation
from bot.games.canaan.data import RESOURCES
from bot.i18n import N_, say, tr, tr_c, tr_n
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

NO_CARDS = N_("You hold no resource or development cards.")
_PRIVATE_HEADS = ("discard", "give", "take")
_PRIVATE_CHOICES = ("counter", *_PRIVATE_HEADS)
MENU_SIZE = 25
PRIVATE_HINT = N_(
    "Counter-offers, discards, gives and takes are chosen privately: your own button opens "
    "them (or `/canaan counter`, `/canaan discard`, `/canaan give`, `/canaan take`)."
)
_QUICK_HEADS = ("roll", "end", "accept", "decline", "trade", "withdraw", "buy", "bless", "look")


def hand_text(view: Any) -> str | None:
    """The viewer's hand and unplayed development cards in words, from their own view."""
    you = getattr(view, "you", None)
    if you is None:
        return None
    from bot.games.canaan.data import hand_words

    parts = []
    if any(you.hand):
        parts.append(tr("Your hand: {hand}.", hand=hand_words(you.hand)))
    if you.dev:
        cards = _listing(you.dev)
        if you.bought_this_turn:
            parts.append(
                tr(
                    "Development cards: {cards} (bought this turn: {new}).",
                    cards=cards,
                    new=_listing(you.bought_this_turn),
                )
            )
        else:
            parts.append(tr("Development cards: {cards}.", cards=cards))
    if you.peek:
        parts.append(tr("You looked: {what}.", what=you.peek))
    if you.prompt:
        parts.append(tr("Now: {task}.", task=you.prompt))
    return " ".join(parts) or None


def _listing(names: Any) -> str:
    """Card names (engine texts) said and joined with commas."""
    return ", ".join(say(n) for n in names)


def _colour_word(colour: str) -> str:
    """A colour of the notation ("red") as the reader calls it; anything else as it is."""
    from bot.games.canaan.rules import colour as word
    from bot.games.canaan.state import COLOURS

    return say(word(COLOURS.index(colour))) if colour in COLOURS else colour


def _resource_word(name: str) -> str:
    """A resource of the notation ("ore") as the reader calls it; anything else as it is."""
    from bot.games.canaan.actions import parse_resource
    from bot.games.canaan.data import RESOURCE_WORDS

    i = parse_resource(name)
    return name if i is None else say(RESOURCE_WORDS[i])


def cards_words(cards: str) -> str:
    """A set of cards in notation ("2 ore+1 wool") as the reader says it ("2 Erz+1 Wolle");
    text that is no set of cards as it is."""
    from bot.games.canaan.actions import parse_cards, parse_resource
    from bot.games.canaan.data import hand_words

    if parse_resource(cards) is not None:  # one resource named, no count ("caravan grain")
        return _resource_word(cards)
    parsed = parse_cards(cards)
    if isinstance(parsed, tuple) and any(parsed):
        return say(hand_words(parsed))
    return cards


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


def _word_label(head: str) -> str | None:
    """The label of a one-word move ("Roll"), or None for another word."""
    if head == "roll":
        return tr_c("button", "Roll")
    if head == "end":
        return tr_c("button", "End")
    if head == "accept":
        return tr_c("button", "Accept")
    if head == "decline":
        return tr_c("button", "Decline")
    if head == "withdraw":
        return tr_c("button", "Withdraw")
    if head == "buy":
        return tr_c("button", "Buy")
    if head == "stone":
        return tr_c("button", "Stone")
    return None


def _quick_label(notation: str, state: Any = None) -> str:
    """A button's label: the move with a capital ("Roll"); a start says which cards it gives
    ("Start 42: 1 grain+1 ore (ore from copper)") and a trade its terms ("Trade red: you give 1
    wool, get 1 ore"), so nobody has to look them up before pressing."""
    words = notation.split()
    if not words:
        return notation
    head = words[0]
    if len(words) == 1:
        label = _word_label(head)
        if label is not None:
            return label
    if head == "start" and state is not None and len(words) >= 2:
        got = start_yield(state, " ".join(words[1:]))
        return tr("Start {v}: {cards}", v=words[1], cards=got)
    if len(words) == 4 and head == "start" and words[2] == "copper":
        return tr("Start {v} (copper: {resource})", v=words[1], resource=_resource_word(words[3]))
    if len(words) == 2 and head == "trade":
        terms = "" if state is None else _trade_terms(state, words[1])
        if terms:
            return tr("Trade {player}: {terms}", player=_colour_word(words[1]), terms=terms)
        return tr("Trade {player}", player=_colour_word(words[1]))
    if len(words) == 2 and head == "look":
        return tr("Look {player}", player=_colour_word(words[1]))
    if len(words) == 2 and head == "bless":
        return tr("Bless {resource}", resource=_resource_word(words[1]))
    if len(words) == 2 and head in ("settlement", "city", "road"):
        if head == "settlement":
            return tr("Settlement {place}", place=words[1])
        if head == "city":
            return tr("City {place}", place=words[1])
        return tr("Road {place}", place=words[1])
    if head == "plague" and len(words) >= 2:
        if len(words) == 4 and words[2] == "from":
            return tr("Plague {hex} from {player}", hex=words[1], player=_colour_word(words[3]))
        return tr("Plague {hex}", hex=words[1])
    if head == "bank" and len(words) == 4 and words[2] == "for":
        return tr(
            "Bank {give} for {get}",
            give=_resource_word(words[1]),
            get=_resource_word(words[3]),
        )
    if len(words) == 5 and words[:2] == ["stone", "via"] and words[3] == "pay":
        return tr(
            "Stone via {player} pay {resource}",
            player=_colour_word(words[2]),
            resource=_resource_word(words[4]),
        )
    if head == "play" and len(words) >= 2:
        return _play_label(words[1], words[2:])
    if head in ("offer", "counter"):
        return _trade_label(notation)
    return notation[:1].upper() + notation[1:]


def _play_label(card: str, rest: list[str]) -> str:
    """ "Play Priest C from red", "Play Caravan ore", "Play Plentiful Lands 1 ore+1 wool"."""
    from bot.games.canaan import ENGINE
    from bot.games.canaan.rules import card_name

    name = say(card_name(ENGINE.data, card))
    if len(rest) == 3 and rest[1] == "from":
        return tr(
            "Play {card} {hex} from {player}", card=name, hex=rest[0], player=_colour_word(rest[2])
        )
    if len(rest) == 1 and len(rest[0]) == 1 and rest[0].isalpha():
        return tr("Play {card} {hex}", card=name, hex=rest[0])
    if rest:
        return tr("Play {card} {cards}", card=name, cards=cards_words(" ".join(rest)))
    return tr("Play {card}", card=name)


def _trade_label(notation: str) -> str:
    """ "Offer 2 wool for 1 ore", "Counter 1 ore for 1 wool to red" in the reader's words."""
    head, _, rest = notation.partition(" ")
    body, _, to = rest.partition(" to ")
    give, _, get = body.partition(" for ")
    values = {"give": cards_words(give), "get": cards_words(get)}
    if head == "offer":
        if to:
            return tr("Offer {give} for {get} to {player}", player=_colour_word(to), **values)
        return tr("Offer {give} for {get}", **values)
    if to:
        return tr("Counter {give} for {get} to {player}", player=_colour_word(to), **values)
    return tr("Counter {give} for {get}", **values)


# The slash command that makes a move, by the move's first word (build kinds first: during setup
# and the main phase they are what a player most often looks for).
_COMMAND_OF = {
    "settlement": "build settlement",  # i18n-exempt: a command's name
    "road": "build road",  # i18n-exempt: a command's name
    "city": "build city",  # i18n-exempt: a command's name
    "stone": "build stone",  # i18n-exempt: a command's name
    "plague": "plague",
    "play": "play",
    "bank": "trade bank",  # i18n-exempt: a command's name
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
    from bot.games.canaan.view import slash

    listed = some_legal_actions(state, seat, MENU_SIZE * 4)  # a discard's ways: bounded
    heads = {ENGINE.format_action(a, state).split(" ", 1)[0] for a in listed}
    named = [f"`{say(slash(*cmd.split()))}`" for head, cmd in _COMMAND_OF.items() if head in heads]
    shown = named[:_HINT_COMMANDS] or [f"`{say(slash('act'))}`"]
    if len(shown) == 1:
        commands = shown[0]
    else:
        commands = tr("{commands} or {last}", commands=", ".join(shown[:-1]), last=shown[-1])
    if len(named) > _HINT_COMMANDS:
        return tr(
            "Too many choices for buttons here: make yours with {commands} (`/game help` lists "
            "the others); each option autocompletes your legal choices.",
            commands=commands,
        )
    return tr(
        "Too many choices for buttons here: make yours with {commands}; each option "
        "autocompletes your legal choices.",
        commands=commands,
    )


def _hex_words(data: Any, label: str) -> str:
    """ "J (grain 5)": the hex letter with the word and number the board image prints on it."""
    from bot.games.canaan.data import RESOURCE_WORDS, terrain_word

    index = data.hex_by_label.get(label.upper())
    if index is None:
        return label
    tile = data.hexes[index]
    word = (
        RESOURCE_WORDS[tile.resource] if tile.resource is not None else terrain_word(tile.terrain)
    )
    if tile.number:
        return tr("{hex} ({what} {number})", hex=tile.label, what=word, number=tile.number)
    return tr("{hex} ({what})", hex=tile.label, what=word)


def move_words(data: Any, notation: str, names: dict[str, str] | None = None) -> str:
    """A card play, plague move or stone route in words for a menu or autocomplete label:
    `play priest J from blue` -> "Priest: plague to J (grain 5), take a card from blue",
    `play korahs-rebellion` -> "Korah's Rebellion: every other player gives you ...",
    `stone via blue pay grain` -> "through the Jerusalem building of blue, paying them 1 grain".
    `names` maps colours to what to call their players ("Bob (blue)"). Other moves: as given."""
    from bot.games.canaan.rules import card_name

    who = names or {}
    words = notation.split()
    if len(words) >= 2 and words[0] == "plague":
        return _plague_words(data, words[1:], who)
    if len(words) == 5 and words[:2] == ["stone", "via"] and words[3] == "pay":
        owner = who.get(words[2]) or _colour_word(words[2])
        return tr(
            "through the Jerusalem building of {player}, paying them 1 {resource}",
            player=owner,
            resource=_resource_word(words[4]),
        )
    if len(words) < 2 or words[0] != "play":
        return notation
    card, rest = words[1], words[2:]
    name = say(card_name(data, card))
    if card == "priest" and rest:
        return tr("{card}: {effect}", card=name, effect=_plague_words(data, rest, who))
    event = data.event(card)
    if event is None:
        return tr("{card}: 1 victory point", card=name) if name != card else name
    if rest and event.kind == "monopoly":
        return tr(
            "{card}: every other player gives you all their {resource}",
            card=name,
            resource=_resource_word(rest[0]),
        )
    if rest and event.kind == "move_plague":
        return tr("{card}: {effect}", card=name, effect=_plague_words(data, rest, who))
    return tr("{card}: {effect}", card=name, effect=event.text)


def _plague_words(data: Any, rest: list[str], who: dict[str, str]) -> str:
    """ "plague to J (grain 5), take a card from Bob (blue)" from `J from blue`."""
    place = _hex_words(data, rest[0])
    if len(rest) >= 3 and rest[1] == "from":
        return tr(
            "plague to {hex}, take a card from {player}",
            hex=place,
            player=who.get(rest[2]) or _colour_word(rest[2]),
        )
    return tr("plague to {hex}, take no card", hex=place)


def _seat_of(state: Any, colour: str) -> int:
    from bot.games.canaan.state import COLOURS

    return COLOURS.index(colour) if colour in COLOURS[: len(state.players)] else -1


def _answer_of(state: Any, colour: str) -> Any:
    """The answer to the open offer of the player with `colour` when it is an acceptance or a
    counter the offerer may confirm, else None."""
    seat = -1 if state is None else _seat_of(state, colour)
    offer = None if state is None else state.offer
    if offer is None or seat < 0 or seat >= len(offer.answers):
        return None
    answer = offer.answers[seat]
    return answer if answer.kind in ("accept", "counter") else None


def _trade_terms(state: Any, colour: str) -> str:
    """What confirming the answer of `colour` does for the offerer ("you give 1 lumber, get 1
    grain"), or "" when there is no answer to confirm."""
    from bot.games.canaan.data import hand_words
    from bot.games.canaan.rules import terms

    answer = _answer_of(state, colour)
    if answer is None:
        return ""
    theirs, yours = terms(state.offer, answer)
    return tr("you give {give}, get {get}", give=hand_words(yours), get=hand_words(theirs))


def confirm_words(state: Any, colour: str, names: dict[str, str] | None = None) -> str:
    """A `/canaan confirm` choice in words: whose answer and what the trade does for you, e.g.
    "Bob (blue) accepts: you give 1 lumber, get 1 grain"."""
    who = (names or {}).get(colour) or _colour_word(colour)
    answer = _answer_of(state, colour)
    if answer is None:
        return who
    terms = _trade_terms(state, colour)
    if answer.kind == "accept":
        return tr("{player} accepts: {terms}", player=who, terms=terms)
    return tr("{player} counters: {terms}", player=who, terms=terms)


def look_words(state: Any, colour: str, names: dict[str, str] | None = None) -> str:
    """A Gibeonite Trickery choice: the player and their hand's size ("Bob (blue), 4 cards")."""
    who = (names or {}).get(colour) or _colour_word(colour)
    seat = -1 if state is None else _seat_of(state, colour)
    if seat < 0:
        return who
    n = state.players[seat].cards
    return tr_n("{player}, {n} card", "{player}, {n} cards", n, player=who)


def start_words(state: Any, choice: str) -> str:
    """A starting-cards choice with what it brings: "31 (fields 5, pasture 11, mountains 8):
    1 grain+1 wool+1 ore"; a copper hex's card is the chosen one (`start 42 copper ore`)."""
    from bot.games.canaan.board import vertex_text

    words = choice.split()
    cards = start_yield(state, choice)
    if state is None or cards is None:
        return choice
    return tr("{place}: {cards}", place=vertex_text(state.data, int(words[0]) - 1), cards=cards)


def start_yield(state: Any, choice: str) -> str | None:
    """The starting cards a `start` choice gives ("1 grain+1 wool+1 ore (ore from copper)"), or
    None when `choice` names no intersection."""
    from bot.games.canaan.data import RESOURCES as NAMES
    from bot.games.canaan.data import hand_words

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
    if copper:
        return tr(
            "{cards} ({resource} from copper)",
            cards=hand_words(tuple(got)),
            resource=_resource_word(copper),
        )
    return say(hand_words(tuple(got)))


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
    name = say(card_name(ENGINE.data, card))
    if name == card:  # a card of a server's own data file: its key, made readable
        name = card.replace("-", " ").title()
    if rest and rest[0].isalpha() and len(rest[0]) == 1:  # a hex: the priest or Prophet
        if len(rest) >= 3 and rest[1] == "from":
            return tr(
                "{card} (plague to {hex}, a card from {player})",
                card=name,
                hex=rest[0],
                player=_colour_word(rest[2]),
            )
        return tr("{card} (plague to {hex})", card=name, hex=rest[0])
    if rest:
        return tr("{card} ({choice})", card=name, choice=cards_words(" ".join(rest)))
    return name


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
    if head == "counter":
        body, _, to = rest.partition(" to ")
        give, _, get = body.partition(" for ")
        values = {"give": cards_words(give), "get": cards_words(get)}
        if to:
            return tr("Counter: {give} for {get} to {player}", player=_colour_word(to), **values)
        return tr("Counter: {give} for {get}", **values)
    if head == "discard":
        return tr("Discard: {cards}", cards=cards_words(rest))
    if head == "give":
        return tr("Give: {cards}", cards=cards_words(rest))
    if head == "take":
        return tr("Take: {cards}", cards=cards_words(rest))
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
        if head.isdigit() or head in RESOURCES or parse_resource(head) is not None:
            return f"bank {text}"
        return f"trade {text}"


TABLE = GameTable(
    key="canaan",
    cog="cogs.canaan",
    subcommands={
        "roll": simple("roll", N_("roll the dice for production (also a button)")),
        "build": Subcommand(
            "build",
            ("kind", "where"),
            N_("build a road, settlement, city or a stone for Jerusalem, e.g. `road 12-17`"),
        ),
        "buy": simple("buy", N_("buy a development card (ore, wool, grain)")),
        "play": simple("play", N_("play a development card, e.g. `priest C from red`"), "card"),
        "trade": _TradeSubcommand(
            "trade",
            ("how", "give", "receive"),
            N_("trade with the bank at your best rate: `/canaan trade bank ore wool`"),
            joiners=("", "for"),
        ),
        "offer": Subcommand(
            "offer",
            ("give", "receive", "to"),
            N_("offer cards to the other players, e.g. `2 wool` for `1 ore` [to a player]"),
            lead="offer",
            joiners=("for", "to"),
        ),
        "accept": simple("accept", N_("accept the open offer")),
        "decline": simple("decline", N_("decline the open offer")),
        "counter": Subcommand(
            "counter",
            ("give", "receive"),
            N_("answer the offer with your own terms: what you give for what you want"),
            lead="counter",
            joiners=("for",),
        ),
        "confirm": Subcommand(
            "confirm",
            ("player",),
            N_("trade with a player who accepted or countered"),
            lead="trade",
        ),
        "withdraw": simple("withdraw", N_("close your open offer")),
        "end": simple("end", N_("end your turn")),
        "discard": simple(
            "discard", N_("on a 7: the cards you discard, e.g. `2 ore+2 wool`"), "cards"
        ),
        "take": simple(
            "take", N_("take cards you are owed (copper, an event), e.g. `1 ore`"), "cards"
        ),
        "give": simple("give", N_("give the cards an event asks of you, e.g. `1 wool`"), "cards"),
        "plague": simple("plague", N_("after a 7: move the plague, e.g. `C from red`"), "hex"),
        "look": simple("look", N_("Gibeonite Trickery: whose hand to look at"), "player"),
        "bless": simple(
            "bless", N_("King's Blessing: the resource kept under the card"), "resource"
        ),
        "start": simple(
            "start", N_("choose the settlement giving your starting cards"), "settlement"
        ),
        "act": Subcommand(
            "act",
            ("notation",),
            N_("any Canaan move in notation (`/game rules canaan` lists it)"),
        ),
        "hand": Subcommand(
            "hand", (), N_("see your hand and development cards privately"), reads=True
        ),
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
