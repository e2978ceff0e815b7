"""Settlers of Canaan actions (one frozen dataclass per kind) and their text notation.

Grammar (case and extra spaces are ignored; `format_action` gives the canonical form). Intersections
are numbers (23), paths two numbers (12-17), hexes letters (C), players colours, resources
lumber/grain/stone/ore/wool, a set of cards "2 ore+1 wool" (also "ore, ore, wool").

    settlement 23 | road 12-17 | city 23          build (also the setup and free placements)
    start 23 | start 23 copper ore                choose the settlement giving starting cards
    roll | end | buy                              roll, end the turn, buy a development card
    stone | stone via red pay ore                 a stone for Jerusalem (via another's building)
    play priest C from red | play priest C        play a card (events: play caravan ore, ...)
    plague C from red | plague C                  after a 7: move the plague (and steal)
    discard 2 ore+2 wool | take 1 ore | give 1 ore   decisions owed on a 7 or to an event card
    bank ore for wool                             maritime trade at your best rate
    offer 2 wool+1 grain for 1 ore [to red]       domestic offer (1-3 cards of any kinds a side)
    accept | decline | counter 1 ore for 2 wool   answers (counter: what you give for what you get)
    counter 1 wool for 1 ore to red               the offerer's answer to red's counter
    trade red | withdraw                          confirm an answer / close your offer
    look red | bless grain                        Gibeonite Trickery; King's Blessing resource
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.canaan.data import R_INDEX, RESOURCES, CanaanData, Hand, hand_text
from bot.games.canaan.state import COLOURS
from bot.games.rejections import Rejection, malformed
from bot.games.text import Text, tx

MAX_TEXT = 120
"""Longest notation we read; anything longer is refused before any work."""


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll for production."""


@dataclass(frozen=True, slots=True)
class End:
    """End the turn."""


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a development card."""


@dataclass(frozen=True, slots=True)
class Road:
    """Build (or place) a road on a path."""

    edge: int


@dataclass(frozen=True, slots=True)
class Settlement:
    """Build (or place) a settlement on an intersection."""

    vertex: int


@dataclass(frozen=True, slots=True)
class City:
    """Upgrade an own settlement."""

    vertex: int


@dataclass(frozen=True, slots=True)
class Start:
    """Setup: the settlement whose hexes give the starting cards; `copper` the resource taken
    for the copper hex (-1 when the settlement does not touch it)."""

    vertex: int
    copper: int = -1


@dataclass(frozen=True, slots=True)
class Stone:
    """A stone for Jerusalem; via another seat's building there, paying it `pay` (-1: own)."""

    via: int = -1
    pay: int = -1


@dataclass(frozen=True, slots=True)
class Play:
    """Play a development card: hex/victim for plague cards, cards for take/monopoly events."""

    card: str
    hex: int = -1
    victim: int = -1
    cards: Hand = (0, 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Plague:
    """After a 7: move the plague to `hex` and steal from `victim` (-1: nobody)."""

    hex: int
    victim: int = -1


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard these cards on a 7."""

    cards: Hand


@dataclass(frozen=True, slots=True)
class Take:
    """Take these cards (from the bank, or from the hand looked at)."""

    cards: Hand


@dataclass(frozen=True, slots=True)
class Give:
    """Give these cards to the player of an event card."""

    cards: Hand


@dataclass(frozen=True, slots=True)
class BankTrade:
    """Maritime trade: `give` at the best rate for one `get`."""

    give: int
    get: int


@dataclass(frozen=True, slots=True)
class MakeOffer:
    """Domestic offer by the current player."""

    give: Hand
    get: Hand
    to: int = -1


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the open offer."""


@dataclass(frozen=True, slots=True)
class Decline:
    """Decline the open offer."""


@dataclass(frozen=True, slots=True)
class Counter:
    """Answer the open offer with other terms: I give `give` for `get`."""

    give: Hand
    get: Hand


@dataclass(frozen=True, slots=True)
class Reply:
    """The current player answers `to`'s counter with other terms: I give `give` for `get`
    (`to` then accepts, declines or counters again)."""

    give: Hand
    get: Hand
    to: int


@dataclass(frozen=True, slots=True)
class Trade:
    """The current player confirms the answer (acceptance or counter) of `seat`."""

    seat: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Close the open offer."""


@dataclass(frozen=True, slots=True)
class Look:
    """Gibeonite Trickery: look at `seat`'s hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class Bless:
    """King's Blessing: the resource kept under the card."""

    res: int


Action = (
    Roll
    | End
    | Buy
    | Road
    | Settlement
    | City
    | Start
    | Stone
    | Play
    | Plague
    | Discard
    | Take
    | Give
    | BankTrade
    | MakeOffer
    | Accept
    | Decline
    | Counter
    | Reply
    | Trade
    | Withdraw
    | Look
    | Bless
)


# ------------------------------------------------------------------------------------ format


def format_action(a: Action, data: CanaanData) -> str:
    """Canonical notation."""
    # One dictionary lookup by class (every move's notation is recorded in the state; a `match`
    # over twenty-odd classes tries them one by one).
    cls = type(a)
    if cls in _TRADES:
        # A turn may list thousands of offers, each written once for sorting: their text is
        # kept (the rules make each offer object once, so the keys are few and recur).
        text = _TRADE_TEXT.get(a)
        if text is None:
            if len(_TRADE_TEXT) >= 200_000:
                _TRADE_TEXT.clear()
            text = _TRADE_TEXT[a] = _FORMATS[cls](a, data)
        return text
    fmt = _FORMATS.get(cls)
    if fmt is None:
        raise TypeError(f"not a Canaan action: {a!r}")
    return fmt(a, data)


def _fmt_start(a: Start, data: CanaanData) -> str:
    return f"start {a.vertex + 1}" + (f" copper {RESOURCES[a.copper]}" if a.copper >= 0 else "")


def _fmt_stone(a: Stone, data: CanaanData) -> str:
    if a.via < 0:
        return "stone"
    return f"stone via {COLOURS[a.via]} pay {RESOURCES[a.pay]}"  # i18n-exempt: notation


def _fmt_play(a: Play, data: CanaanData) -> str:
    text = f"play {a.card}"
    if a.hex >= 0:
        text += f" {data.hexes[a.hex].label}"
        if a.victim >= 0:
            text += f" from {COLOURS[a.victim]}"
    elif any(a.cards):
        event = data.event(a.card)
        if event is not None and event.kind == "monopoly":
            text += f" {RESOURCES[a.cards.index(1)]}"
        else:
            text += f" {hand_text(a.cards)}"
    return text


def _fmt_plague(a: Plague, data: CanaanData) -> str:
    text = f"plague {data.hexes[a.hex].label}"
    return text + (f" from {COLOURS[a.victim]}" if a.victim >= 0 else "")


def _fmt_offer(a: MakeOffer, data: CanaanData) -> str:
    text = f"offer {hand_text(a.give)} for {hand_text(a.get)}"
    return text + (f" to {COLOURS[a.to]}" if a.to >= 0 else "")


_TRADES = (MakeOffer, Counter, Reply)
_TRADE_TEXT: dict[Action, str] = {}
"""Offer, counter and reply notation by action (bounded; see `format_action`)."""

_FORMATS: dict[type, Callable[[Any, CanaanData], str]] = {
    Roll: lambda a, d: "roll",
    End: lambda a, d: "end",
    Buy: lambda a, d: "buy",
    Accept: lambda a, d: "accept",
    Decline: lambda a, d: "decline",
    Withdraw: lambda a, d: "withdraw",
    Road: lambda a, d: f"road {d.edge_label(a.edge)}",
    Settlement: lambda a, d: f"settlement {a.vertex + 1}",
    City: lambda a, d: f"city {a.vertex + 1}",
    Start: _fmt_start,
    Stone: _fmt_stone,
    Play: _fmt_play,
    Plague: _fmt_plague,
    Discard: lambda a, d: f"discard {hand_text(a.cards)}",
    Take: lambda a, d: f"take {hand_text(a.cards)}",
    Give: lambda a, d: f"give {hand_text(a.cards)}",
    BankTrade: lambda a, d: f"bank {RESOURCES[a.give]} for {RESOURCES[a.get]}",
    MakeOffer: _fmt_offer,
    Counter: lambda a, d: f"counter {hand_text(a.give)} for {hand_text(a.get)}",
    Reply: lambda a, d: f"counter {hand_text(a.give)} for {hand_text(a.get)} to {COLOURS[a.to]}",
    Trade: lambda a, d: f"trade {COLOURS[a.seat]}",
    Look: lambda a, d: f"look {COLOURS[a.seat]}",
    Bless: lambda a, d: f"bless {RESOURCES[a.res]}",
}


def public_notation(notation: str) -> str:
    """A move as everyone reads it (the board's last move, posts, history): which cards left a
    hand on a discard or a gift, which card was taken from a hand looked at, and the copper card
    of the starting hand stay with the players concerned (their events tell them privately)."""
    head, _, rest = notation.partition(" ")
    if head in ("discard", "give", "take"):
        n = sum(int(w) for w in re.findall(r"\d+", rest)) or 1
        return f"{head} {n} card{'s' * (n > 1)}"  # i18n-exempt: notation
    if head == "start" and " copper " in rest:
        return f"start {rest.partition(' ')[0]}"
    return notation


# ------------------------------------------------------------------------------------ parse

_SIMPLE: dict[str, Action] = {
    "roll": Roll(),
    "end": End(),
    "end turn": End(),  # i18n-exempt: notation
    "buy": Buy(),
    "buy card": Buy(),  # i18n-exempt: notation
    "accept": Accept(),
    "decline": Decline(),
    "withdraw": Withdraw(),
}
_RES_ALIASES = {
    **{r: R_INDEX[r] for r in RESOURCES},
    "wood": R_INDEX["lumber"],
    "wheat": R_INDEX["grain"],
    "brick": R_INDEX["stone"],
    "sheep": R_INDEX["wool"],
    # The German names (players type them as they read them).
    "holz": R_INDEX["lumber"],
    "getreide": R_INDEX["grain"],
    "korn": R_INDEX["grain"],
    "stein": R_INDEX["stone"],
    "steine": R_INDEX["stone"],
    "erz": R_INDEX["ore"],
    "wolle": R_INDEX["wool"],
}
_COLOUR_ALIASES = {
    **{c: i for i, c in enumerate(COLOURS)},
    # The German names (the table's words for the players' colours).
    "rot": 0,
    "blau": 1,
    "grün": 2,
    "gruen": 2,
    "gelb": 3,
}


def parse_resource(word: str) -> int | None:
    """A resource name (or a common alias, singular or plural) -> index."""
    w = word.strip().lower()
    if w in _RES_ALIASES:
        return _RES_ALIASES[w]
    if w.endswith("s") and w[:-1] in _RES_ALIASES:
        return _RES_ALIASES[w[:-1]]
    return None


def parse_cards(text: str) -> Hand | Text:
    """ "2 ore+1 wool", "ore, ore, wool", "2ore wool" -> a hand; otherwise an error sentence."""
    t = text.strip().lower()
    if t in ("", "nothing", "none", "nichts"):
        return (0, 0, 0, 0, 0)
    tokens = re.findall(r"\d+|[a-zäöüß]+|[^\sa-zäöüß\d]", t)
    counts = [0] * 5
    pending: int | None = None
    for tok in tokens:
        if tok in "+,&" or tok == "and" or tok == "und":
            if pending is not None:
                return tx("a number must be followed by a resource")
            continue
        # ASCII digits only: str.isdigit() also accepts superscripts ("²") that int() refuses.
        if tok.isascii() and tok.isdigit():
            if pending is not None or len(tok) > 2:
                return tx("{word} is not a card count", word=repr(tok))
            pending = int(tok)
            continue
        res = parse_resource(tok)
        if res is None:
            return tx("{word} is not a resource (lumber, grain, stone, ore, wool)", word=repr(tok))
        counts[res] += 1 if pending is None else pending
        pending = None
    if pending is not None:
        return tx("a number must be followed by a resource")
    if sum(counts) > 99:
        return tx("too many cards")
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _colour(word: str, where: Text) -> int | Rejection:
    w = word.strip().lower()
    if w in _COLOUR_ALIASES:
        return _COLOUR_ALIASES[w]
    return malformed(
        tx(
            "{word} is not a player colour ({colours}) {where}.",
            word=repr(word),
            colours=", ".join(COLOURS),
            where=where,
        )
    )


def _vertex(word: str, data: CanaanData) -> int | Rejection:
    if (
        not (word.isascii() and word.isdigit())
        or len(word) > 4
        or not 1 <= int(word) <= len(data.vertex_ids)
    ):
        return malformed(
            tx(
                "{word} is not an intersection; intersections are numbered 1 to {last}.",
                word=repr(word),
                last=len(data.vertex_ids),
            )
        )
    return int(word) - 1


def _edge(word: str, data: CanaanData) -> int | Rejection:
    m = re.fullmatch(r"(\d{1,3})\s*-\s*(\d{1,3})", word)
    if not m:
        return malformed(
            tx(
                "{word} is not a path; name it by its two intersections, e.g. 12-17.",
                word=repr(word),
            )
        )
    a, b = int(m.group(1)) - 1, int(m.group(2)) - 1
    e = data.edge_index.get((min(a, b), max(a, b)))
    if e is None:
        return malformed(
            tx("There is no path between intersections {a} and {b}.", a=a + 1, b=b + 1)
        )
    return e


def _hex(word: str, data: CanaanData) -> int | Rejection:
    h = data.hex_by_label.get(word.strip().upper())
    if h is None:
        return malformed(
            tx(
                "{word} is not a hex; hexes are lettered A to {last}.",
                word=repr(word),
                last=data.hexes[-1].label,
            )
        )
    return h


def parse_action(text: str, data: CanaanData) -> Action | Rejection:
    """Parse notation into an action (not yet checked for legality)."""
    if len(text) > MAX_TEXT:
        return malformed(
            tx("That move is too long ({n} characters); moves are short.", n=len(text))
        )
    t = " ".join(text.strip().lower().split())
    if not t:
        return malformed(tx("Type a move, e.g. `roll`, `road 12-17` or `end`."))
    if t in _SIMPLE:
        return _SIMPLE[t]
    word, _, rest = t.partition(" ")
    if word in ("road", "settlement", "city", "start") and not rest:
        example = f"{word} {'12-17' if word == 'road' else '23'}"
        return malformed(tx("Say where: `{move}`.", move=example))
    if word == "road":
        e = _edge(rest, data)
        return e if isinstance(e, Rejection) else Road(e)
    if word in ("settlement", "settle", "city"):
        v = _vertex(rest, data)
        if isinstance(v, Rejection):
            return v
        return City(v) if word == "city" else Settlement(v)
    if word == "start":
        m = re.fullmatch(r"(\S+)(?: copper (\S+))?", rest)
        if not m:
            return malformed(tx("Write `start 23` or `start 23 copper ore`."))
        v = _vertex(m.group(1), data)
        if isinstance(v, Rejection):
            return v
        if m.group(2) is None:
            return Start(v)
        res = parse_resource(m.group(2))
        if res is None:
            return malformed(tx("{word} is not a resource.", word=repr(m.group(2))))
        return Start(v, res)
    if word == "stone":
        if not rest:
            return Stone()
        m = re.fullmatch(r"via (\S+) pay (\S+)", rest)
        if not m:
            return malformed(tx("Write `stone` (at your own building) or `stone via red pay ore`."))
        seat = _colour(m.group(1), tx("to build through"))
        if isinstance(seat, Rejection):
            return seat
        res = parse_resource(m.group(2))
        if res is None:
            return malformed(tx("{word} is not a resource to pay with.", word=repr(m.group(2))))
        return Stone(seat, res)
    if word in ("play", "plague"):
        return _parse_play(word, rest, data)
    if word in ("discard", "take", "give"):
        cards = parse_cards(rest)
        if isinstance(cards, Text):
            return malformed(tx("Cannot read the cards: {why}.", why=cards))
        if not any(cards):
            return malformed(_WHICH_CARDS[word])
        return {"discard": Discard, "take": Take, "give": Give}[word](cards)
    if word == "bank":
        m = re.fullmatch(r"(?:\d+ )?(\S+) for (?:1 )?(\S+)", rest)
        if not m:
            return malformed(tx("Write `bank ore for wool` (your best rate is used)."))
        g, r = parse_resource(m.group(1)), parse_resource(m.group(2))
        if g is None or r is None:
            return malformed(tx("Name two resources: `bank ore for wool`."))
        return BankTrade(g, r)
    if word in ("offer", "counter"):
        m = re.fullmatch(r"(.+?) for (.+?)(?: to (\S+))?", rest)
        if not m:
            return malformed(tx("Write `{move} 2 wool+1 grain for 1 ore` [to red].", move=word))
        give, get = parse_cards(m.group(1)), parse_cards(m.group(2))
        if isinstance(give, Text) or isinstance(get, Text):
            why = give if isinstance(give, Text) else get
            return malformed(tx("Cannot read the cards: {why}.", why=why))
        if not any(give) or not any(get):
            return malformed(
                tx("Name cards on both sides, e.g. `{move} 2 wool for 1 ore`.", move=word)
            )
        to = -1
        if m.group(3):
            where = tx("to offer to") if word == "offer" else tx("to counter to")
            seat = _colour(m.group(3), where)
            if isinstance(seat, Rejection):
                return seat
            to = seat
        if word == "counter":
            return Counter(give, get) if to < 0 else Reply(give, get, to)
        return MakeOffer(give, get, to)
    if word in ("trade", "look"):
        seat = _colour(rest, tx("to trade with") if word == "trade" else tx("to look at"))
        if isinstance(seat, Rejection):
            return seat
        return Trade(seat) if word == "trade" else Look(seat)
    if word == "bless":
        res = parse_resource(rest)
        if res is None:
            return malformed(tx("Write `bless grain` (the resource kept under King's Blessing)."))
        return Bless(res)
    if word in _SIMPLE:
        # A one-word move with words after it ("end now", "roll dice"): say what it takes.
        return malformed(tx("`{move}` takes nothing after it: type just `{move}`.", move=word))
    return malformed(
        tx(
            "Unknown move {word}. Moves: roll, road, settlement, city, stone, buy, play, bank, "
            "offer, trade, end (and discard, take, give, plague, accept, decline, counter when "
            "asked).",
            word=repr(word),
        )
    )


_WHICH_CARDS = {
    "discard": tx("Say which cards to discard, e.g. `discard 1 ore`."),
    "take": tx("Say which cards to take, e.g. `take 1 ore`."),
    "give": tx("Say which cards to give, e.g. `give 1 ore`."),
}


def _parse_play(word: str, rest: str, data: CanaanData) -> Action | Rejection:
    if word == "plague":
        m = re.fullmatch(r"(\S+)(?: from (\S+))?", rest)
        if not m:
            return malformed(tx("Write `plague C` or `plague C from red`."))
        h = _hex(m.group(1), data)
        if isinstance(h, Rejection):
            return h
        victim = -1
        if m.group(2):
            v = _colour(m.group(2), tx("to steal from"))
            if isinstance(v, Rejection):
                return v
            victim = v
        return Plague(h, victim)
    card, _, args = rest.partition(" ")
    if not card:
        return malformed(tx("Say which card: `play priest C from red`, `play caravan ore`, ..."))
    event = data.event(card)
    is_plague = card == "priest" or (event is not None and event.kind == "move_plague")
    if is_plague:
        m = re.fullmatch(r"(\S+)(?: from (\S+))?", args)
        if not m:
            return malformed(
                tx(
                    "Write `play {card} C` or `play {card} C from red` (the hex to move to).",
                    card=card,
                )
            )
        h = _hex(m.group(1), data)
        if isinstance(h, Rejection):
            return h
        victim = -1
        if m.group(2):
            v = _colour(m.group(2), tx("to steal from"))
            if isinstance(v, Rejection):
                return v
            victim = v
        return Play(card, h, victim)
    if event is None and card not in ("priest",) and not _is_vp(card):
        names = ", ".join(["priest", *(e.key for e in data.events)])
        return malformed(
            tx(
                "No card called {card}. Cards: {names} and the victory point cards.",
                card=repr(card),
                names=names,
            )
        )
    if args:
        if event is not None and event.kind == "monopoly":
            res = parse_resource(args)
            if res is None:
                return malformed(tx("{word} is not a resource to name.", word=repr(args)))
            cards = [0] * 5
            cards[res] = 1
            return Play(card, cards=(cards[0], cards[1], cards[2], cards[3], cards[4]))
        if event is not None and event.kind == "take_from_bank":
            parsed = parse_cards(args)
            if isinstance(parsed, Text):
                return malformed(tx("Cannot read the cards: {why}.", why=parsed))
            return Play(card, cards=parsed)
        return malformed(tx("`play {card}` takes nothing after the card's name.", card=card))
    return Play(card)


def _is_vp(card: str) -> bool:
    from bot.games.canaan.data import VP_CARDS

    return card in dict(VP_CARDS)
