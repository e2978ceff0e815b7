"""Kingsburg's advisors: which dice groups may influence which advisor (with "+2" tokens, the
Market and the King's Envoy), the advisors' gifts in order (given automatically when there
is no choice), and applying `influence`, `pass`, `gift` and `alchemist`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import Action, Alchemist, Gift, Influence, Pass, Skip
from bot.games.kingsburg.effects import (
    _add_soldiers,
    _add_vp,
    _adv_label,
    _dice_words,
    _ev,
    _gain_goods,
    _multisets,
    _peek,
    _sub_multisets,
    _unplaced,
)
from bot.games.kingsburg.state import DUMMY, Die, GiftDue, Group, State, Step
from bot.games.kingsburg.texts import and_list, cap_colour, good_count
from bot.games.kingsburg.winter import _record_choice
from bot.games.protocol import Event
from bot.games.text import tx


def plus_two_used(s: State, seat: int) -> bool:
    """True once `seat` has added a "+2" token to a dice group this season. Each player may use
    only one "+2" token to influence advisors per season (designer's clarifications, "+2
    Tokens"); tokens handed in at the Town Hall do not count."""
    return any(g.owner == seat and g.plus_two for g in s.court)


def _influence_options(s: State, seat: int, first_only: bool = False) -> list[Influence]:
    p = s.players[seat]
    col, wh = _unplaced(p)
    if not col:
        return []
    out: list[Influence] = []
    pluses = (False, True) if p.plus_two > 0 and not plus_two_used(s, seat) else (False,)
    shifts = (0, -1, 1) if (p.has("market") and not p.market_used) else (0,)
    white_sets = _sub_multisets(wh, 0)
    for cset in _sub_multisets(col, 1):
        for wset in white_sets:
            total = sum(cset) + sum(wset)
            for plus in pluses:
                for shift in shifts:
                    target = total + (2 if plus else 0) + shift
                    if not 1 <= target <= 18:
                        continue
                    taken = bool(s.groups_on(target))
                    if taken and s.envoy != seat:
                        continue
                    out.append(Influence(target, cset, wset, plus, shift, taken))
                    if first_only:
                        return out
    return out


def _start_gifts(s: State, ev: list[Event]) -> State:
    dues = tuple(
        GiftDue(n, g.owner) for n in range(1, 19) for g in s.groups_on(n) if g.owner != DUMMY
    )
    ev.append(_ev("step", tx("The advisors give their help.")))
    return replace(s, step=Step.GIFTS, gifts=dues, queue=())


def _give_fixed_parts(s: State, seat: int, adv: D.Advisor, ev: list[Event]) -> State:
    label = adv.name
    if sum(adv.goods):
        s = _gain_goods(s, seat, adv.goods, label, ev)
    if adv.plus_two:
        p = s.players[seat]
        s = s.with_player(seat, replace(p, plus_two=p.plus_two + adv.plus_two))
        ev.append(
            _ev(
                "plus_two",
                tx('{seat} takes a "+2" token ({why}).', seat=cap_colour(seat), why=label),
                seat=seat,
            )
        )
    if adv.soldiers:
        p = s.players[seat]
        # The Stables add one soldier once a season (designer's clarifications: each building
        # works at most once a season), at the first of the Sergeant, General or King.
        extra = int(
            p.has("stables") and not p.stables_used and adv.number in D.STABLES_SOLDIER_ADVISORS
        )
        if extra:
            s = s.with_player(seat, replace(p, stables_used=True))
        why = tx("{advisor} + Stables", advisor=label) if extra else label
        s = _add_soldiers(s, seat, adv.soldiers + extra, why, ev)
    if adv.vp:
        s = _add_vp(s, seat, adv.vp, label, ev, scoring.ADVISORS)
    if adv.peek:
        s = _peek(s, seat, ev)
    return s


def _auto_gift(s: State, ev: list[Event]) -> State | None:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[due.seat]
    if adv.kind == D.GiftKind.FIXED:
        s = _give_fixed_parts(s, due.seat, adv, ev)
        return replace(s, gifts=s.gifts[1:])
    if adv.kind == D.GiftKind.ALCHEMIST and p.total_goods == 0:
        ev.append(
            _ev(
                "gift",
                tx("{seat} has no good to trade with the Alchemist.", seat=cap_colour(due.seat)),
            )
        )
        return replace(s, gifts=s.gifts[1:])
    return None


def _gift_options(s: State, seat: int) -> list[Action]:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[seat]
    if adv.kind == D.GiftKind.CHOICE:
        return [Gift(c) for c in adv.choices]
    if adv.kind == D.GiftKind.ALCHEMIST:
        out: list[Action] = [Alchemist(g) for i, g in enumerate(D.GOODS) if p.goods[i] > 0]
        return out + [Skip()]
    if adv.kind == D.GiftKind.GOODS:
        return [Gift(m) for m in _multisets(adv.goods_of_choice)]
    if adv.kind == D.GiftKind.SMUGGLER:
        return [*(Gift(m) for m in _multisets(adv.goods_of_choice)), Skip()]
    return []


# --- Applying influence, passes and gifts ----------------------------------------------------


def _apply_influence(s: State, seat: int, a: Influence, ev: list[Event]) -> State:
    p = s.players[seat]
    dice = list(p.dice)
    for values, white in ((a.dice, False), (a.whites, True)):
        for v in values:
            idx = next(
                i
                for i, d in enumerate(dice)
                if not d.placed_on and d.white == white and d.value == v
            )
            dice[idx] = Die(v, white, a.advisor)
    p = replace(
        p,
        dice=tuple(dice),
        plus_two=p.plus_two - (1 if a.plus_two else 0),
        market_used=p.market_used or a.shift != 0,
    )
    group = Group(a.advisor, seat, a.dice + a.whites, len(a.whites), a.plus_two, a.shift, a.envoy)
    s = replace(s.with_player(seat, p), court=s.court + (group,))
    used: list[str] = [_dice_words(a.dice, a.whites)]
    if a.plus_two:
        used.append(tx('a "+2" token'))
    if a.shift:
        used.append(tx("the Market ({shift})", shift=f"{a.shift:+d}"))
    if a.envoy:
        used.append(tx("the King's Envoy"))
        s = replace(s, envoy=None)
    ev.append(
        _ev(
            "influence",
            tx(
                "{seat} influences {advisor} with {used}.",
                seat=cap_colour(seat),
                advisor=_adv_label(a.advisor),
                used=_with_and(used),
            ),
            seat=seat,
            advisor=a.advisor,
        )
    )
    return replace(s, queue=s.queue[1:] + (seat,))


def _with_and(parts: list[str]) -> str:
    """ "4+3 and a "+2" token and the King's Envoy": what a dice group is made of."""
    text = parts[0]
    for part in parts[1:]:
        text = tx("{first} and {second}", first=text, second=part)
    return text


def _apply_pass(s: State, seat: int, a: Pass, ev: list[Event]) -> State:
    s = s.with_player(seat, replace(s.players[seat], passed=True))
    ev.append(_ev("pass", tx("{seat} passes.", seat=cap_colour(seat)), seat=seat, forced=False))
    return replace(s, queue=s.queue[1:])


def _apply_gift(s: State, seat: int, a: Gift, ev: list[Event]) -> State:
    if s.step is Step.BATTLE:
        s = _gain_goods(s, seat, a.goods, tx("battle reward"), ev)
        s = _record_choice(s, seat, a.goods, sum(a.goods))
        return replace(s, choices=s.choices[1:])
    adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
    if adv.kind == D.GiftKind.SMUGGLER:
        s = _add_vp(s, seat, -1, tx("paid to the Smuggler"), ev, scoring.ADVISORS)
    s = _gain_goods(s, seat, a.goods, adv.name, ev)
    if adv.kind == D.GiftKind.GOODS:
        s = _give_fixed_parts(s, seat, adv, ev)
    return replace(s, gifts=s.gifts[1:])


def _apply_alchemist(s: State, seat: int, a: Alchemist, ev: list[Event]) -> State:
    i = D.GOODS.index(a.give)
    delta = [1, 1, 1]
    delta[i] = -1
    p = s.players[seat]
    s = s.with_player(seat, p.with_goods((delta[0], delta[1], delta[2])))
    others = and_list([good_count(1, g) for g in D.GOODS if g != a.give])
    text = tx(
        "{seat} trades {given} for {others} at the Alchemist.",
        seat=cap_colour(seat),
        given=good_count(1, a.give),
        others=others,
    )
    ev.append(_ev("goods", text, seat=seat))
    return replace(s, gifts=s.gifts[1:])
