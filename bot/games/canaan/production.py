"""The roll and what follows it: production (the finite bank's shortages, copper's choices), a 7
(the black stone, discards, the plague's move and its theft), and the discards, takes and gives
owed."""

from __future__ import annotations

from dataclasses import replace

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import HAND_LIMIT, Hand, hand_words, terrain_word
from bot.games.canaan.effects import (
    _SAID,
    Result,
    _ev,
    _gain,
    _move_cards,
    _pay,
    _private,
    _remember,
)
from bot.games.canaan.hands import one
from bot.games.canaan.state import (
    BLACK,
    CITY,
    COLOURS,
    EMPTY,
    OVER,
    Pending,
    State,
    evolve,
    with_hand,
)
from bot.games.canaan.turn import _ALONE
from bot.games.canaan.victory import _jerusalem_check
from bot.games.canaan.words import _COLOUR_WORDS, colour, colour_title, reason_words, resource
from bot.games.protocol import Event, make_event
from bot.games.text import Text, joined, tx, tx_n


def _plague_moves(s: State, seat: int) -> list[A.Action]:
    victims = _victims_by_hex(s, seat)
    plague = s.plague
    out: list[A.Action] = []
    for h in s.data.producing:
        if h == plague:
            continue
        row = _plague_row(h)
        out.append(row[0])
        seats = victims.get(h)
        if seats:
            out += [row[1 + v] for v in seats]
    return out


_PLAGUES: list[tuple[A.Plague, ...]] = []
"""Plague actions by hex: (no victim, victim 0, 1, 2, 3), made once: a 7 lists every hex with
every victim (dozens of values), and an action is an immutable value, so the same objects
serve every game."""


def _plague_row(h: int) -> tuple[A.Plague, ...]:
    while len(_PLAGUES) <= h:
        k = len(_PLAGUES)
        _PLAGUES.append(tuple(A.Plague(k, v) for v in range(-1, len(COLOURS))))
    return _PLAGUES[h]


def _victims_by_hex(s: State, seat: int) -> dict[int, list[int]]:
    """`_victims` of every hex at once: one pass over the buildings instead of one per hex."""
    vertex_hexes = s.data.vertex_hexes
    b = s.buildings
    by_hex: dict[int, list[int]] = {}
    for owner, p in enumerate(s.players):  # in seat order, so each hex's list comes sorted
        if owner == seat or not any(p.hand):
            continue
        for v in B.positions(b, owner) + B.positions(b, CITY + owner):
            for h in vertex_hexes[v]:
                seats = by_hex.setdefault(h, [])
                if not seats or seats[-1] != owner:
                    seats.append(owner)
    return by_hex


def _plague_hexes(s: State) -> list[int]:
    return [h for h in s.data.producing if h != s.plague]


def _victims(s: State, h: int, seat: int) -> list[int]:
    """Seats touching hex `h` (not `seat`) holding at least one card."""
    return _victims_by_hex(s, seat).get(h, [])


def _got_words(seat: int, got: Hand) -> Text:
    """ "red 1 ore+2 wool": one seat's production."""
    key = ("got", seat, got)
    said = _SAID.get(key)
    if said is None:
        said = _remember(
            key, tx("{player} {hand}", player=_COLOUR_WORDS[seat], hand=hand_words(got))
        )
    return said


def _hand_now(hand: Hand) -> Text:
    """A receiver's private line after production."""
    key = ("hand", hand)
    said = _SAID.get(key)
    if said is None:
        said = _remember(key, tx("Your hand now: {hand}.", hand=hand_words(hand)))
    return said


def _apply_roll(s: State, seat: int, a: A.Roll) -> tuple[State, list[Event], bool]:
    dice, rng = s.rng.dice(2)
    total = dice[0] + dice[1]
    s = evolve(s, rng=rng, dice=dice, rolled=True)
    key = ("roll", seat, dice)
    said = _SAID.get(key)
    if said is None:
        said = _remember(
            key,
            tx(
                "{player} rolls {a}+{b} = {total}.",
                player=colour_title(seat),
                a=dice[0],
                b=dice[1],
                total=total,
            ),
        )
    events = [_ev("roll", said, dice=list(dice))]
    if total == 7:
        s, more = _seven(s, seat)
    else:
        s, more = _produce(s, total)
    return s, events + more, True


def _seven(s: State, seat: int) -> Result:
    events = []
    if len(s.jerusalem) < s.data.blocks:
        s = evolve(s, jerusalem=(*s.jerusalem, BLACK))
        events.append(
            _ev(
                "black",
                tx(
                    "The plague is active: a black stone is added to Jerusalem ({n}/{blocks}).",
                    n=len(s.jerusalem),
                    blocks=s.data.blocks,
                ),
            )
        )
        s, more = _jerusalem_check(s)
        events += more
        if s.phase is OVER:
            return s, events
    pend = tuple(
        Pending(i, "discard", p.cards // 2, "a 7")
        for i, p in enumerate(s.players)
        if p.cards > HAND_LIMIT
    )
    if pend:
        names = joined([tx("{player} ({n})", player=colour(x.seat), n=x.count) for x in pend], ", ")
        events.append(_ev("discard-due", tx("Discarding half their cards: {names}.", names=names)))
    return evolve(s, pending=pend, plague_due=True), events


def _cards(n: int) -> Text:
    """'1 card', '2 cards'."""
    return tx_n("{n} card", "{n} cards", n)


def _produce(s: State, number: int) -> Result:
    d = s.data
    b = s.buildings
    plague = s.plague
    owed: dict[int, list[int]] = {}  # seat -> cards owed per resource (only seats owed any)
    totals = [0, 0, 0, 0, 0]
    copper: dict[int, int] = {}
    for h, res, corners in d.by_number.get(number, ()):
        if h == plague:
            continue
        for v in corners:
            occ = b[v]
            if occ == EMPTY:
                continue
            seat, n = (occ - CITY, 2) if occ >= CITY else (occ, 1)
            if res is None:
                copper[seat] = copper.get(seat, 0) + n
                continue
            totals[res] += n
            if seat in owed:
                owed[seat][res] += n
            else:
                row = owed[seat] = [0, 0, 0, 0, 0]
                row[res] = n
    events: list[Event] = []
    short: list[Event] = []
    if owed:
        s, events, short = _pay_production(s, owed, totals)
    if not events and not copper:
        # Players look for why their number paid nothing: the plague's hex is named (worked
        # out only here, off the production loop).
        plagued = plague >= 0 and d.hexes[plague].number == number
        if plagued:
            if number in (8, 11):
                text = tx(
                    "Nothing is produced on an {number} (the plague is on {hex}).",
                    number=number,
                    hex=d.hexes[plague].label,
                )
            else:
                text = tx(
                    "Nothing is produced on a {number} (the plague is on {hex}).",
                    number=number,
                    hex=d.hexes[plague].label,
                )
        elif number in (8, 11):
            text = tx("Nothing is produced on an {number}.", number=number)
        else:
            text = tx("Nothing is produced on a {number}.", number=number)
        events.append(_ev("production", text))
    events += short
    if not copper:
        return (s if not s.pending else evolve(s, pending=())), events
    left = sum(s.bank)
    pend = tuple(
        Pending(i, "take", min(n, left), "copper") for i, n in sorted(copper.items()) if left
    )
    if pend:
        choices = [tx("{player} chooses {n}", player=colour(x.seat), n=x.count) for x in pend]
        events.append(
            _ev("copper", tx("Copper produces: {choices}.", choices=joined(choices, ", ")))
        )
    return evolve(s, pending=pend), events


def _pay_production(
    s: State, owed: dict[int, list[int]], totals: list[int]
) -> tuple[State, list[Event], list[Event]]:
    """Pay what each seat is owed (`totals`: per resource, all seats) from the finite bank (see
    the shortage reading in `rules`): (state, production events, shortage events)."""
    bank = s.bank
    if (
        totals[0] <= bank[0]
        and totals[1] <= bank[1]
        and totals[2] <= bank[2]
        and totals[3] <= bank[3]
        and totals[4] <= bank[4]
    ):
        # The usual case: the bank pays everyone in full.
        s, events = _pay_in_full(s, owed, totals)
        return s, events, []
    bank = list(bank)
    paid = {seat: [0, 0, 0, 0, 0] for seat in owed}
    short = []
    for r in range(5):
        takers = [seat for seat, row in owed.items() if row[r]]
        if not takers:
            continue
        total = sum(owed[seat][r] for seat in takers)
        if total <= bank[r]:
            for seat in takers:
                paid[seat][r] = owed[seat][r]
            bank[r] -= total
        elif len(takers) == 1:
            paid[takers[0]][r] = bank[r]
            short.append(
                tx(
                    "the bank had only {n} {resource} for {player}",
                    n=bank[r],
                    resource=resource(r),
                    player=colour(takers[0]),
                )
            )
            bank[r] = 0
        else:
            short.append(
                tx(
                    "the bank cannot pay everyone {resource}, so nobody receives it",
                    resource=resource(r),
                )
            )
    s, events = _pay_in_full(
        evolve(s, bank=(bank[0], bank[1], bank[2], bank[3], bank[4])), paid, [0, 0, 0, 0, 0]
    )
    if short:
        return s, events, [_ev("shortage", tx("Bank short: {why}.", why=joined(short, "; ")))]
    return s, events, []


def _pay_in_full(s: State, paid: dict[int, list[int]], totals: list[int]) -> Result:
    """Give each seat its row of `paid` and take `totals` from the bank, with the public
    production line and each receiver's private line."""
    players = list(s.players)
    rows: list[tuple[int, Hand]] = []
    private = []
    for seat in sorted(paid):
        g0, g1, g2, g3, g4 = paid[seat]
        if not (g0 or g1 or g2 or g3 or g4):
            continue  # only the receivers' records are copied
        before = players[seat]
        h = before.hand
        after = (h[0] + g0, h[1] + g1, h[2] + g2, h[3] + g3, h[4] + g4)
        players[seat] = with_hand(before, after)
        rows.append((seat, (g0, g1, g2, g3, g4)))
        # Each receiver also gets a private line with the hand it now holds.
        text = _hand_now(after)
        private.append(make_event("hand", text, {}, _ALONE[seat]))
    if not rows:
        return s, []
    b = s.bank
    bank = (
        b[0] - totals[0],
        b[1] - totals[1],
        b[2] - totals[2],
        b[3] - totals[3],
        b[4] - totals[4],
    )
    s = evolve(s, players=tuple(players), bank=bank)
    key = ("production", *rows)
    said = _SAID.get(key)
    if said is None:
        got = [_got_words(seat, cards) for seat, cards in rows]
        said = _remember(key, tx("Production: {got}.", got=joined(got, "; ")))
    return s, [_ev("production", said), *private]


def _apply_discard(s: State, seat: int, a: A.Discard) -> tuple[State, list[Event], bool]:
    s = _pay(s, seat, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "discard",
            tx("You discard {hand}.", hand=hand_words(a.cards)),
            {seat},
            tx("{player} discards {n} cards.", player=colour_title(seat), n=sum(a.cards)),
        )
    ]
    return s, events, True


def _apply_take(s: State, seat: int, a: A.Take) -> tuple[State, list[Event], bool]:
    if s.look_stage == 2 and not s.pending:
        victim = s.look_victim
        s = _move_cards(s, victim, seat, a.cards)
        s = evolve(s, look_stage=0, look_victim=-1, look_count=0)
        events = [
            _private(
                "take",
                tx(
                    "{player} takes {hand} from {victim}.",
                    player=colour_title(seat),
                    hand=hand_words(a.cards),
                    victim=colour(victim),
                ),
                {seat, victim},
                tx(
                    "{player} takes {cards} from {victim}.",
                    player=colour_title(seat),
                    cards=_cards(sum(a.cards)),
                    victim=colour(victim),
                ),
            )
        ]
        return s, events, False
    pend = next(x for x in s.pending if x.seat == seat)
    s = _gain(s, seat, a.cards)
    s = _drop_pending(s, seat)
    # Later choosers take from what is left.
    left = sum(s.bank)
    s = evolve(
        s,
        pending=tuple(
            replace(x, count=min(x.count, left)) for x in s.pending if x.kind != "take" or left > 0
        ),
    )
    return (
        s,
        [
            _ev(
                "take",
                tx(
                    "{player} takes {hand} ({why}).",
                    player=colour_title(seat),
                    hand=hand_words(a.cards),
                    why=reason_words(s.data, pend.reason),
                ),
            )
        ],
        False,
    )


def _apply_give(s: State, seat: int, a: A.Give) -> tuple[State, list[Event], bool]:
    pend = next(x for x in s.pending if x.seat == seat)
    s = _move_cards(s, seat, s.current, a.cards)
    s = _drop_pending(s, seat)
    events = [
        _private(
            "give",
            tx(
                "{player} gives {hand} to {receiver} ({why}).",
                player=colour_title(seat),
                hand=hand_words(a.cards),
                receiver=colour(s.current),
                why=reason_words(s.data, pend.reason),
            ),
            {seat, s.current},
            tx(
                "{player} gives {cards} to {receiver} ({why}).",
                player=colour_title(seat),
                cards=_cards(sum(a.cards)),
                receiver=colour(s.current),
                why=reason_words(s.data, pend.reason),
            ),
        )
    ]
    return s, events, True


def _drop_pending(s: State, seat: int) -> State:
    return evolve(s, pending=tuple(x for x in s.pending if x.seat != seat))


def _steal(s: State, thief: int, victim: int) -> Result:
    vp = s.players[victim]
    cards = [r for r in range(5) for _ in range(vp.hand[r])]
    if not cards:
        return s, []
    res, rng = s.rng.choice(cards)
    s = evolve(s, rng=rng)
    s = _move_cards(s, victim, thief, one(res))
    return s, [
        _private(
            "steal",
            tx(
                "{player} takes 1 {resource} from {victim}.",
                player=colour_title(thief),
                resource=resource(res),
                victim=colour(victim),
            ),
            {thief, victim},
            tx(
                "{player} takes a random card from {victim}.",
                player=colour_title(thief),
                victim=colour(victim),
            ),
        )
    ]


def _move_plague(s: State, seat: int, h: int, victim: int, card: Text | str | None) -> Result:
    """Move the plague to hex `h` (stealing from `victim` unless -1); `card`: the card played
    for it (None after a 7)."""
    t = s.data.hexes[h]
    s = evolve(s, plague=h)
    if card is None:
        text = tx(
            "{player} moves the plague to {hex} ({terrain} {number}).",
            player=colour_title(seat),
            hex=t.label,
            terrain=terrain_word(t.terrain),
            number=t.number,
        )
    else:
        text = tx(
            "{player} moves the plague to {hex} ({terrain} {number}) ({card}).",
            player=colour_title(seat),
            hex=t.label,
            terrain=terrain_word(t.terrain),
            number=t.number,
            card=card,
        )
    events = [_ev("plague", text)]
    if victim >= 0:
        s, more = _steal(s, seat, victim)
        events += more
    return s, events


def _apply_plague(s: State, seat: int, a: A.Plague) -> tuple[State, list[Event], bool]:
    s = evolve(s, plague_due=False)
    s, events = _move_plague(s, seat, a.hex, a.victim, None)
    return s, events, a.victim >= 0
