"""Development cards: buying them, which may be played and how (priests, victory point cards and
the data file's event cards), and the look at a hand an event grants."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.games.canaan import actions as A
from bot.games.canaan import board as B
from bot.games.canaan.data import (
    COSTS,
    PRIEST_WORD,
    TERRAIN_RESOURCE,
    VP_CARDS,
    card_word,
    hand_words,
)
from bot.games.canaan.effects import _ev, _gain, _move_cards, _pay, _private, _set_player
from bot.games.canaan.hands import one, sub_hands
from bot.games.canaan.production import _move_plague, _plague_hexes, _victims_by_hex
from bot.games.canaan.state import CITY, EMPTY, Pending, State, evolve
from bot.games.canaan.victory import _award_priests
from bot.games.canaan.words import card_name, colour, colour_title, resource
from bot.games.protocol import Event
from bot.games.text import joined, tx

VP_CARD_IDS = frozenset(k for k, _ in VP_CARDS)


def _looks(s: State, seat: int) -> Iterable[A.Action]:
    return map(A.Look, _look_targets(s, seat))


def _take_looks(s: State, seat: int) -> Iterable[A.Action]:
    victim = s.players[s.look_victim]
    return map(A.Take, sub_hands(victim.hand, min(s.look_count, victim.cards)))


def _look_targets(s: State, seat: int) -> list[int]:
    return [i for i, p in enumerate(s.players) if i != seat and p.cards > 0]


def playable_cards(s: State, seat: int) -> list[str]:
    """Card ids `seat` may play now (one non-VP card per turn, not one bought this turn; VP
    cards any time in the turn)."""
    p = s.players[seat]
    out = []
    for card in sorted(set(p.dev)):
        if card in VP_CARD_IDS:
            out.append(card)
        elif not s.dev_played and p.dev.count(card) > p.new.count(card):
            out.append(card)
    return out


def _card_plays(s: State, seat: int) -> Iterator[A.Action]:
    for card in playable_cards(s, seat):
        if card in VP_CARD_IDS:
            yield A.Play(card)
            continue
        event = s.data.event(card)
        if card == "priest" or (event is not None and event.kind == "move_plague"):
            by_hex = _victims_by_hex(s, seat)
            for h in _plague_hexes(s):
                victims = by_hex.get(h, [])
                if victims:
                    yield from (A.Play(card, h, v) for v in victims)
                else:
                    yield A.Play(card, h)
            continue
        assert event is not None
        if event.kind == "monopoly":
            yield from (A.Play(card, cards=one(r)) for r in range(5))
        elif event.kind == "take_from_bank":
            n = min(event.count, sum(s.bank))
            yield from (A.Play(card, cards=h) for h in sub_hands(s.bank, n))
        else:
            yield A.Play(card)


def _apply_buy(s: State, seat: int, a: A.Buy) -> tuple[State, list[Event], bool]:
    s = evolve(_pay(s, seat, COSTS["development card"]), built=True)  # i18n-exempt: a data key
    card, deck = s.deck[0], s.deck[1:]
    p = s.players[seat]
    s = _set_player(s, seat, dev=tuple(sorted((*p.dev, card))), new=tuple(sorted((*p.new, card))))
    s = evolve(s, deck=deck)
    name = card_name(s.data, card)
    return (
        s,
        [
            _private(
                "buy",
                tx(
                    "{player} buys a development card: {card}.",
                    player=colour_title(seat),
                    card=name,
                ),
                {seat},
                tx(
                    "{player} buys a development card ({n} left).",
                    player=colour_title(seat),
                    n=len(deck),
                ),
            )
        ],
        True,
    )


def _apply_play(s: State, seat: int, a: A.Play) -> tuple[State, list[Event], bool]:
    d = s.data
    p = s.players[seat]
    dev = list(p.dev)
    dev.remove(a.card)
    new = list(p.new)
    if a.card in VP_CARD_IDS:
        if a.card in new:
            new.remove(a.card)
        s = _set_player(s, seat, dev=tuple(dev), new=tuple(new), vp_cards=(*p.vp_cards, a.card))
        return (
            s,
            [
                _ev(
                    "vp-card",
                    tx(
                        "{player} plays {card}: +1 VP.",
                        player=colour_title(seat),
                        card=card_name(d, a.card),
                    ),
                )
            ],
            True,
        )
    s = _set_player(s, seat, dev=tuple(dev))
    s = evolve(s, dev_played=True)
    who = colour_title(seat)
    if a.card == "priest":
        s = _set_player(s, seat, priests=s.players[seat].priests + 1)
        s, events = _move_plague(s, seat, a.hex, a.victim, PRIEST_WORD)
        s, more = _award_priests(s)
        return s, events + more, True
    event = d.event(a.card)
    assert event is not None
    head = _ev(
        "event",
        tx(
            "{player} plays {card}: {effect}.",
            player=who,
            card=card_word(event.name),
            effect=event.text,
        ),
    )
    k = event.kind
    if k == "move_plague":
        s, events = _move_plague(s, seat, a.hex, a.victim, card_word(event.name))
        return s, [head, *events], True
    if k == "everyone_takes":
        left = sum(s.bank)
        n = min(event.count, left)
        pend = tuple(Pending(i, "take", n, event.name) for i in range(len(s.players))) if n else ()
        return evolve(s, pending=pend), [head], False
    if k == "take_from_bank":
        s = _gain(s, seat, a.cards)
        return (
            s,
            [head, _ev("take", tx("{player} takes {hand}.", player=who, hand=hand_words(a.cards)))],
            False,
        )
    if k == "free_roads":
        n = min(event.count, B.pieces_left(s, seat, "road"))
        if not B.road_spots(s, seat):
            n = 0
        return evolve(s, free_roads=n), [head], False
    if k == "free_settlement":
        n = min(event.count, B.pieces_left(s, seat, "settlement"))
        if not B.settlement_spots(s, seat, setup=False):
            n = 0
        return evolve(s, free_settlements=n), [head], False
    if k == "monopoly":
        res = a.cards.index(1)
        got = []
        for i, other in enumerate(s.players):
            if i != seat and other.hand[res]:
                got.append(tx("{player} {n}", player=colour(i), n=other.hand[res]))
                s = _move_cards(s, i, seat, one(res, other.hand[res]))
        if got:
            text = tx(
                "{player} names {resource}: {got}.",
                player=who,
                resource=resource(res),
                got=joined(got, ", "),
            )
        else:
            text = tx(
                "{player} names {resource}: nobody has any.", player=who, resource=resource(res)
            )
        return s, [head, _ev("monopoly", text)], True
    if k == "each_opponent_gives":
        pend = tuple(
            Pending(i, "give", min(event.count, o.cards), event.name)
            for i, o in enumerate(s.players)
            if i != seat and o.cards
        )
        return evolve(s, pending=pend), [head], False
    if k == "discounted_city":
        return evolve(s, discount=True), [head], False
    if k == "harvest":
        res = TERRAIN_RESOURCE[event.terrain]
        assert res is not None
        n = 0
        for v, occ in enumerate(s.buildings):
            if occ == EMPTY or occ % CITY != seat:
                continue
            for h in d.vertex_hexes[v]:
                if d.hexes[h].terrain == event.terrain and h != s.plague:
                    n += event.per_city if occ >= CITY else event.per_settlement
                    break  # per building touching such a hex (the card's text), not per hex
        n = min(n, s.bank[res])
        s = _gain(s, seat, one(res, n))
        return (
            s,
            [
                head,
                _ev(
                    "take",
                    tx("{player} takes {n} {resource}.", player=who, n=n, resource=resource(res)),
                ),
            ],
            False,
        )
    # look_and_take
    targets = _look_targets(s, seat)
    if not targets:
        return s, [head, _ev("event", tx("No other player holds a card."))], False
    return evolve(s, look_stage=1, look_count=event.count), [head], False


def _apply_look(s: State, seat: int, a: A.Look) -> tuple[State, list[Event], bool]:
    victim = s.players[a.seat]
    s = evolve(s, look_stage=2, look_victim=a.seat)
    ev = _private(
        "look",
        tx("{player}'s hand: {hand}.", player=colour_title(a.seat), hand=hand_words(victim.hand)),
        {seat, a.seat},
        tx("{player} looks at {victim}'s hand.", player=colour_title(seat), victim=colour(a.seat)),
    )
    return s, [ev], True
