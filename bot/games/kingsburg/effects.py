"""Kingsburg pieces every phase uses: seat colours and goods in words, goods arithmetic, and
the small state changes that come with their event (VP, goods, soldiers, the private look at
the next enemy), plus a player's unplaced dice, their subsets and their notation.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import Goods
from bot.games.kingsburg.state import Player, State
from bot.games.kingsburg.texts import and_list, cap_colour, colour_name, count, good_count
from bot.games.protocol import Event, Seat
from bot.games.text import Text, tx


def colour(seat: int) -> str:
    """The colour (seat label) of a seat: "red" (a data key that also reads as a word)."""
    return colour_name(seat)


def _adv_label(n: int) -> str:
    return tx("the {advisor} ({number})", advisor=D.ADVISOR_BY_NUMBER[n].name, number=n)


def _ev(kind: str, text: str, **data: object) -> Event:
    # Event sentences that start with a seat colour use `cap_colour` ("Red takes ...").
    if not isinstance(text, Text):
        text = text[:1].upper() + text[1:]
    return Event(kind, text, dict(data))


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 soldier", "2 soldiers": the engine's counted words (see `texts.count`)."""
    return count(n, word)


def goods_words(goods: Goods) -> str:
    """(1, 1, 0) -> "1 gold and 1 wood"; (0, 0, 2) -> "2 stone" (prose, not notation)."""
    parts = [good_count(n, g) for g, n in zip(D.GOODS, goods, strict=True) if n]
    return and_list(parts) if parts else tx("nothing")


def _multisets(count: int, limit: Goods | None = None) -> list[Goods]:
    """All (gold, wood, stone) with the given total, optionally bounded by holdings."""
    out: list[Goods] = []
    for g in range(count + 1):
        for w in range(count - g + 1):
            st = count - g - w
            if limit is None or (g <= limit[0] and w <= limit[1] and st <= limit[2]):
                out.append((g, w, st))
    return out


def _sub(a: Goods, b: Goods) -> Goods:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _covers(have: Goods, need: Goods) -> bool:
    return all(h >= n for h, n in zip(have, need, strict=True))


def _neg(g: Goods) -> Goods:
    return (-g[0], -g[1], -g[2])


# --------------------------------------------------------------------------------------------
# Small state helpers
# --------------------------------------------------------------------------------------------


def _add_vp(
    s: State, seat: int, delta: int, why: str, ev: list[Event], source: str = scoring.OTHER
) -> State:
    """Change a score. Scores may go below 0 (designer's clarifications, "Scoring": players may
    have a negative score), so every loss is taken in full. `source` is the score sheet
    category (`scoring.CATEGORIES`) the points are counted under."""
    if delta == 0:
        return s
    p = s.players[seat]
    if delta > 0:
        text = tx(
            "{seat} gains {vp} ({why}).", seat=cap_colour(seat), vp=count(delta, "VP"), why=why
        )
    else:
        text = tx(
            "{seat} loses {vp} ({why}).", seat=cap_colour(seat), vp=count(-delta, "VP"), why=why
        )
    ev.append(_ev("vp", text, seat=seat, vp=delta))
    ledger = scoring.credit(p.vp_from, source, delta)
    return s.with_player(seat, replace(p, vp=p.vp + delta, vp_from=ledger))


def _gain_goods(s: State, seat: int, goods: Goods, why: str, ev: list[Event]) -> State:
    if sum(goods) == 0:
        return s
    p = s.players[seat]
    ev.append(
        _ev(
            "goods",
            tx(
                "{seat} takes {goods} ({why}).",
                seat=cap_colour(seat),
                goods=goods_words(goods),
                why=why,
            ),
            seat=seat,
            goods=list(goods),
        )
    )
    return s.with_player(seat, p.with_goods(goods))


def _pay_goods(s: State, seat: int, goods: Goods) -> State:
    p = s.players[seat]
    return s.with_player(seat, p.with_goods(_neg(goods)))


def _add_soldiers(s: State, seat: int, n: int, why: str, ev: list[Event]) -> State:
    p = s.players[seat]
    ev.append(
        _ev(
            "soldiers",
            tx(
                "{seat} gets {soldiers} ({why}).",
                seat=cap_colour(seat),
                soldiers=count(n, "soldier"),
                why=why,
            ),
            seat=seat,
            n=n,
        )
    )
    return s.with_player(seat, replace(p, soldiers=p.soldiers + n))


def _peek(s: State, seat: int, ev: list[Event]) -> State:
    """The General and the Queen: a private look at this year's enemy card."""
    card = D.ENEMY_BY_ID[s.deck[s.year - 1]]
    ev.append(
        Event(
            "peek",
            tx(
                "You look at the top of the Enemies Deck: this winter's enemy is {enemy}, "
                "strength {strength}. If you beat them you gain {reward}; if they beat you, "
                "you lose {penalty}.",
                enemy=D.enemy_name(card.enemy),
                strength=card.strength,
                reward=D.describe_items(card.reward),
                penalty=D.describe_items(card.penalty),
            ),
            {"seat": seat, "card_id": card.card_id},
            frozenset({Seat(seat)}),
            tx("{seat} secretly looks at the top card of the Enemies Deck.", seat=cap_colour(seat)),
        )
    )
    return replace(s, peeked=s.peeked | {seat})


def _unplaced(p: Player) -> tuple[list[int], list[int]]:
    col = sorted((d.value for d in p.dice if not d.placed_on and not d.white), reverse=True)
    wh = sorted((d.value for d in p.dice if not d.placed_on and d.white), reverse=True)
    return col, wh


def _sub_multisets(values: list[int], min_size: int) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    for k in range(min_size, len(values) + 1):
        for combo in combinations(values, k):
            out.add(combo)
    return out


def _dice_words(dice: tuple[int, ...], whites: tuple[int, ...]) -> str:
    return "+".join([str(v) for v in dice] + [f"{v}w" for v in whites])
