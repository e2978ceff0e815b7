"""What a viewer sees of a Settlers of Canaan game: the public board plus the viewer's own hand.

Hands and unplayed development cards are private: others see only their sizes. The renderer draws
only these types; the board geometry comes from `data` (a `CanaanData`, no secrets in it).

Stability promise: fields are only ever appended at the end of a class, with defaults.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan import rules as R
from bot.games.canaan.data import RESOURCE_WORDS, CanaanData, Hand, hand_words
from bot.games.canaan.state import CITY, COLOURS, EMPTY, Phase, State
from bot.games.text import Text, and_list, joined, tx, tx_c, tx_n


@dataclass(frozen=True, slots=True)
class SeatView:
    """One tribe as everybody sees it."""

    seat: int
    colour: str
    vp: int
    cards: int  # resource cards in hand
    dev_cards: int  # unplayed development cards
    priests: int  # played priests (face up)
    vp_cards: tuple[str, ...]  # played victory point cards (names)
    stones: int  # own stones in Jerusalem
    road_length: int
    specials: tuple[str, ...]  # special cards held
    roads_left: int
    settlements_left: int
    cities_left: int
    awaited: str  # what this seat is awaited for now ("" if nothing)


@dataclass(frozen=True, slots=True)
class OfferView:
    """The open domestic offer: the current player gives `give` for `get`; answers by colour."""

    by: str
    give: str
    get: str
    to: str  # "" for everyone
    answers: tuple[tuple[str, str], ...]  # (colour, "accepts" / "declines" / "counters: ..." / "")


@dataclass(frozen=True, slots=True)
class PrivateView:
    """What only `seat` knows: its hand, its unplayed development cards and any peek."""

    seat: int
    hand: Hand
    dev: tuple[str, ...]  # card names
    bought_this_turn: tuple[str, ...]
    peek: str = ""  # Gibeonite Trickery: the hand looked at
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class CanaanView:
    """The whole public position plus `you` (None for spectators)."""

    data: CanaanData = field(repr=False, compare=False)
    phase: str
    turn: int
    current: int
    to_act: tuple[int, ...]
    seats: tuple[SeatView, ...]
    buildings: tuple[int, ...]  # per intersection: -1, seat (settlement) or 10 + seat (city)
    roads: tuple[int, ...]  # per path: -1 or seat
    plague: int  # hex index or -1
    jerusalem: tuple[int, ...]  # stone owners in building order, -1 black
    blocks: int
    dice: tuple[int, ...]
    bank: Hand
    deck: int
    longest: int
    most_priests: int
    blessing: int
    blessing_res: str
    offer: OfferView | None
    status: str  # one sentence: whose turn and what is awaited
    last_seat: int
    last_move: str
    last_marks: tuple[str, ...]
    first_rolls: tuple[tuple[int, ...], ...]
    winner: int
    result: str
    you: PrivateView | None = None
    names: tuple[str, ...] = ()  # display names, filled in by the table (optional)


def confirmable(s: State) -> list[int]:
    """The seats whose answer to the open offer the current player may confirm now (only the
    trades are listed, not the turn's hundreds of possible offers)."""
    groups = R.legal_groups(s, s.current, A.Trade)
    i = groups.index(A.Trade)
    return [] if i < 0 else [a.seat for a in groups.options(i)]  # type: ignore[attr-defined]


def awaited_text(s: State, seat: int, *, hint: bool = True) -> Text | str:
    """What `seat` is awaited for now, in a few words ("" when nothing). `hint`: name the
    command of a private choice ("discard 4 (a 7) with /canaan discard") - for posts, not for
    the image, where there is no room and nothing to click."""
    if seat not in R.to_act(s):
        return ""
    if s.phase is Phase.SETUP:
        return tx("road") if s.setup_vertex >= 0 else tx("starting settlement")
    if s.phase is Phase.START:
        return tx("choose starting cards")
    for p in s.pending:
        if p.seat == seat:
            # These choices show a hand, so they are never buttons: name the command instead.
            why = R.reason_words(s.data, p.reason)
            if p.kind == "discard":
                words = tx("discard {n} ({why})", n=p.count, why=why)
            elif p.kind == "take":
                words = tx("take {n} ({why})", n=p.count, why=why)
            else:
                words = tx("give {n} ({why})", n=p.count, why=why)
            if hint:
                return tx("{task} with {command}", task=words, command=slash(p.kind))
            return words
    if seat != s.current:
        return tx("answer {player}'s offer", player=R.colour(s.current))
    mode = R.current_mode(s)
    if mode == "main" and s.offer is not None:
        ready = [R.colour(i) for i in confirmable(s)]
        if ready:
            either: Text = ready[0]
            for name in ready[1:]:  # "blue or green or yellow"
                either = tx("{first} or {second}", first=either, second=name)
            return tx("trade with {players}, or go on", players=either)
        return tx("trade, build or end (offer open)")
    if mode == "free-road":
        return tx("place {n} free road(s)", n=s.free_roads)
    return _AWAITED[mode]


_AWAITED = {
    "blessing": tx("choose the King's Blessing resource"),
    "plague": tx("move the plague"),
    "free-settlement": tx("place a free settlement"),
    "look": tx("choose whose hand to look at"),
    "take-look": tx("take a card"),
    "pre-roll": tx("roll"),
    "main": tx("trade, build or end"),
}


def slash(sub: str, value: str = "") -> Text:
    """`/canaan <sub> [value]` as the reader's slash-command picker names it: the command
    tree's names are in the catalogs under the context `command-name` (a choice's under
    `choice`); English as written."""
    params: dict[str, Text] = {
        "group": Text("canaan", context="command-name"),
        "sub": Text(sub, context="command-name"),
    }
    if not value:
        return Text("/{group} {sub}", params=params)
    params["value"] = Text(value, context="choice")
    return Text("/{group} {sub} {value}", params=params)


def status_text(s: State) -> Text | str:
    """One sentence on where the game stands."""
    if s.phase is Phase.OVER:
        return R.end_words(s)
    # Seats awaited for the same thing are named together ("red, blue and yellow: answer
    # green's offer"), so the sentence stays short enough for the image with four players.
    groups: dict[str, tuple[Text | str, list[Text]]] = {}
    for i in sorted(R.to_act(s)):
        task = awaited_text(s, i, hint=False)
        groups.setdefault(str(task), (task, []))[1].append(R.colour(i))
    parts = [
        tx("{players}: {task}", players=and_list(names), task=task)
        for task, names in groups.values()
    ]
    if s.phase is Phase.TURN:
        head = tx("Turn {turn}, {player}", turn=s.turn, player=R.colour(s.current))
    else:
        first = s.first_player
        rounds = [
            joined(
                [tx("{player} {total}", player=R.colour(i), total=t) for i, t in enumerate(r) if t],
                ", ",
            )
            for r in s.first_rolls
        ]
        rolls: Text = rounds[0]
        for later in rounds[1:]:  # a tie rolled again: "red 9, blue 9 then red 5, blue 8"
            rolls = tx("{first} then {second}", first=rolls, second=later)
        head = tx(
            "Setup ({player} begins, highest roll: {rolls})", player=R.colour(first), rolls=rolls
        )
    return tx("{head}. Awaiting {tasks}.", head=head, tasks=joined(parts, "; "))


def _last_move_for(s: State, seat: int | None) -> Text | str:
    """The last move as `seat` may read it: its own player reads it in full, the others without
    the cards of a discard, gift or take (`public_notation`); a card played is named as printed.
    In English the notation itself (`move_words`)."""
    move = (
        s.last_move if seat is not None and seat == s.last_seat else A.public_notation(s.last_move)
    )
    head, _, rest = move.partition(" ")
    if head == "play" and rest:
        # A card by its printed name ("play Gibeonite Trickery"), not its key.
        key, _, tail = rest.partition(" ")
        card = R.card_name(s.data, key)
        said = _play_words(s.data, key, card, tail)
        if said is not None:
            return said
        return f"play {card} {tail}".rstrip()  # i18n-exempt: notation
    return move_words(s.data, move)


def _play_words(d: CanaanData, key: str, card: Text | str, tail: str) -> Text | None:
    """ "play Priest C from red" in the reader's words (None when `tail` is not understood)."""
    words = tail.split()
    if not words:
        return tx_c("move", "play {card}", card=card)
    if len(words) in (1, 3) and words[0].upper() in d.hex_by_label:
        if len(words) == 1:
            return tx_c("move", "play {card} {hex}", card=card, hex=words[0])
        if words[1] == "from" and words[2] in COLOURS:
            return tx_c(
                "move",
                "play {card} {hex} from {player}",
                card=card,
                hex=words[0],
                player=R.colour(COLOURS.index(words[2])),
            )
        return None
    res = A.parse_resource(tail) if len(words) == 1 else None
    if res is not None:
        return tx_c("move", "play {card} {resource}", card=card, resource=RESOURCE_WORDS[res])
    cards = A.parse_cards(tail)
    if isinstance(cards, tuple):
        return tx_c("move", "play {card} {cards}", card=card, cards=hand_words(cards))
    return None


def move_words(d: CanaanData, move: str) -> Text | str:
    """A move's notation as players read it in their language (English: the notation itself,
    `public_notation`'s counts included); a move it cannot read, as it is."""
    said = _move_text(d, move)
    return said if said is not None and said == move else move


def _move_text(d: CanaanData, move: str) -> Text | None:
    head, _, rest = move.partition(" ")
    if head in ("discard", "give", "take"):
        counted = re.fullmatch(r"(\d+) cards?", rest)
        if counted:
            n = int(counted.group(1))
            if head == "discard":
                return tx_n("discard {n} card", "discard {n} cards", n)
            if head == "give":
                return tx_n("give {n} card", "give {n} cards", n)
            return tx_n("take {n} card", "take {n} cards", n)
    a = A.parse_action(move, d)
    player = R.colour
    if isinstance(a, A.Roll | A.End | A.Buy | A.Accept | A.Decline | A.Withdraw):
        return _WORD_MOVES[type(a)]
    if isinstance(a, A.Road):
        return tx_c("move", "road {path}", path=d.edge_label(a.edge))
    if isinstance(a, A.Settlement):
        return tx_c("move", "settlement {v}", v=a.vertex + 1)
    if isinstance(a, A.City):
        return tx_c("move", "city {v}", v=a.vertex + 1)
    if isinstance(a, A.Start):
        if a.copper < 0:
            return tx_c("move", "start {v}", v=a.vertex + 1)
        return tx_c(
            "move", "start {v} copper {resource}", v=a.vertex + 1, resource=RESOURCE_WORDS[a.copper]
        )
    if isinstance(a, A.Stone):
        if a.via < 0:
            return tx_c("move", "stone")
        return tx_c(
            "move",
            "stone via {player} pay {resource}",
            player=player(a.via),
            resource=RESOURCE_WORDS[a.pay],
        )
    if isinstance(a, A.Plague):
        label = d.hexes[a.hex].label
        if a.victim < 0:
            return tx_c("move", "plague {hex}", hex=label)
        return tx_c("move", "plague {hex} from {player}", hex=label, player=player(a.victim))
    if isinstance(a, A.Discard):
        return tx_c("move", "discard {cards}", cards=hand_words(a.cards))
    if isinstance(a, A.Give):
        return tx_c("move", "give {cards}", cards=hand_words(a.cards))
    if isinstance(a, A.Take):
        return tx_c("move", "take {cards}", cards=hand_words(a.cards))
    if isinstance(a, A.BankTrade):
        return tx_c(
            "move",
            "bank {give} for {get}",
            give=RESOURCE_WORDS[a.give],
            get=RESOURCE_WORDS[a.get],
        )
    if isinstance(a, A.MakeOffer | A.Counter | A.Reply):
        give, get = hand_words(a.give), hand_words(a.get)
        if isinstance(a, A.Counter):
            return tx_c("move", "counter {give} for {get}", give=give, get=get)
        if isinstance(a, A.Reply):
            return tx_c(
                "move",
                "counter {give} for {get} to {player}",
                give=give,
                get=get,
                player=player(a.to),
            )
        if a.to < 0:
            return tx_c("move", "offer {give} for {get}", give=give, get=get)
        return tx_c(
            "move", "offer {give} for {get} to {player}", give=give, get=get, player=player(a.to)
        )
    if isinstance(a, A.Trade):
        return tx_c("move", "trade {player}", player=player(a.seat))
    if isinstance(a, A.Look):
        return tx_c("move", "look {player}", player=player(a.seat))
    if isinstance(a, A.Bless):
        return tx_c("move", "bless {resource}", resource=RESOURCE_WORDS[a.res])
    return None


_WORD_MOVES: dict[type, Text] = {
    A.Roll: tx_c("move", "roll"),
    A.End: tx_c("move", "end"),
    A.Buy: tx_c("move", "buy"),
    A.Accept: tx_c("move", "accept"),
    A.Decline: tx_c("move", "decline"),
    A.Withdraw: tx_c("move", "withdraw"),
}


_ANSWER_WORDS = {"": "", "accept": tx("accepts"), "decline": tx("declines")}


def build_view(s: State, seat: int | None) -> CanaanView:
    """The view for `seat` (None: a spectator)."""
    d = s.data
    seats = []
    for i, p in enumerate(s.players):
        specials = tuple(
            name
            for name, holder in (
                (R.LONGEST_ROAD, s.longest),
                (R.MOST_PRIESTS, s.most_priests),
                (R.KINGS_BLESSING, s.blessing),
            )
            if holder == i
        )
        seats.append(
            SeatView(
                seat=i,
                colour=COLOURS[i],
                vp=R.vp(s, i),
                cards=p.cards,
                dev_cards=len(p.dev),
                priests=p.priests,
                vp_cards=tuple(R.card_name(d, c) for c in p.vp_cards),
                stones=p.stones,
                road_length=s.road_lengths[i] if i < len(s.road_lengths) else 0,
                specials=specials,
                roads_left=B.pieces_left(s, i, "road"),
                settlements_left=B.pieces_left(s, i, "settlement"),
                cities_left=B.pieces_left(s, i, "city"),
                awaited=awaited_text(s, i, hint=False),
            )
        )
    offer = None
    if s.offer is not None:
        o = s.offer
        answers = []
        for i, a in enumerate(o.answers):
            if i == s.current or (o.to is not None and o.to != i):
                continue
            text = _ANSWER_WORDS.get(a.kind)
            # Short: the image gives the offer and every answer two lines.
            give, get = hand_words(a.give), hand_words(a.get)
            if a.kind == "counter":
                text = tx("counters {give} for {get}", give=give, get=get)
            elif a.kind == "reply":
                text = tx("asked back {give} for {get}", give=give, get=get)
            elif a.kind == "accept" and any(a.give):
                text = tx("accepts {give} for {get}", give=give, get=get)
            answers.append((R.colour(i), text))
        offer = OfferView(
            by=R.colour(s.current),
            give=hand_words(o.give),
            get=hand_words(o.get),
            to="" if o.to is None else R.colour(o.to),
            answers=tuple(answers),
        )
    you = None
    if seat is not None and 0 <= seat < len(s.players):
        p = s.players[seat]
        peek = ""
        if s.look_stage == 2 and s.current == seat:
            peek = tx(
                "{player} holds {hand}",
                player=R.colour(s.look_victim),
                hand=hand_words(s.players[s.look_victim].hand),
            )
        you = PrivateView(
            seat=seat,
            hand=p.hand,
            dev=tuple(R.card_name(d, c) for c in p.dev),
            bought_this_turn=tuple(R.card_name(d, c) for c in p.new),
            peek=peek,
            prompt=awaited_text(s, seat),
        )
    return CanaanView(
        data=d,
        phase=s.phase.value,
        turn=s.turn,
        current=s.current,
        to_act=tuple(sorted(R.to_act(s))),
        seats=tuple(seats),
        buildings=s.buildings,
        roads=s.roads,
        plague=s.plague,
        jerusalem=s.jerusalem,
        blocks=d.blocks,
        dice=dice_shown(s),
        bank=s.bank,
        deck=len(s.deck),
        longest=s.longest,
        most_priests=s.most_priests,
        blessing=s.blessing,
        blessing_res="" if s.blessing_res < 0 else RESOURCE_WORDS[s.blessing_res],
        offer=offer,
        status=status_text(s),
        last_seat=s.last_seat,
        last_move=_last_move_for(s, seat),
        last_marks=s.last_marks,
        first_rolls=s.first_rolls,
        winner=s.winner,
        result=R.end_words(s),
        you=you,
    )


def dice_shown(s: State) -> tuple[int, ...]:
    """The dice as the table shows them: this turn's roll, and none before the player whose
    turn it is has rolled (the previous player's roll is not theirs)."""
    return s.dice if s.rolled or s.phase is not Phase.TURN else ()


def hidden_from(s: State, seat: int | None) -> frozenset[str]:
    """Strings that must not appear in another seat's view: every other seat's private record."""
    return frozenset(
        f"PrivateView(seat={i}," for i in range(len(s.players)) if seat is None or i != seat
    )


def is_city(b: int) -> bool:
    """True for a city value in `CanaanView.buildings`."""
    return b != EMPTY and b >= CITY
