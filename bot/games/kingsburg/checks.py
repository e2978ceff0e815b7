"""Kingsburg's checks: whether an action is legal now, and if not a sentence saying exactly why
(a wrong step, a taken advisor, dice the player lacks, a gift of the wrong size, a building
out of reach or too dear, a wrong payment), with a legal example where one helps.
"""

from __future__ import annotations

from collections import Counter

from bot.games.kingsburg import data as D
from bot.games.kingsburg.actions import (
    Action,
    Aid,
    Alchemist,
    Build,
    Done,
    Gift,
    Influence,
    Keep,
    Lose,
    Pass,
    Recruit,
    Reroll,
    Skip,
    TownHall,
    format_action,
    goods_notation,
    unknown_building,
)
from bot.games.kingsburg.advisors import plus_two_used
from bot.games.kingsburg.effects import (
    _covers,
    _dice_words,
    _multisets,
    _unplaced,
    colour,
    goods_words,
)
from bot.games.kingsburg.moves import (
    _cost_words,
    _task,
    _with_hint,
    _wrong_time,
    legal_actions,
    now_sentence,
    to_act,
)
from bot.games.kingsburg.seasons import _reroll_options
from bot.games.kingsburg.state import DUMMY, Player, State, Step
from bot.games.kingsburg.texts import and_list, count, good_name, joined, or_list
from bot.games.kingsburg.winter import _recruit_cost, _recruit_refusal, example_payment
from bot.games.rejections import Rejection, RejectionCode, illegal
from bot.games.text import tx


def check(s: State, seat: int, a: Action) -> Rejection | None:
    """None if legal, else a Rejection explaining exactly why; when the sentence does not
    already show a move, the hint says what this seat can legally do now."""
    rej = _check(s, seat, a)
    if rej is None or rej.code is not RejectionCode.ILLEGAL or rej.hint or "`" in rej.message:
        return rej
    return _with_hint(rej, now_sentence(s, seat))


def _check(s: State, seat: int, a: Action) -> Rejection | None:
    if s.step is Step.OVER:
        return Rejection(
            RejectionCode.GAME_OVER, tx("The game is over; no more moves can be made.")
        )
    if seat not in to_act(s):
        waiting = sorted(to_act(s))
        who = and_list([colour(w) for w in waiting])
        task = _task(s, tx("act"))
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx(
                "It is not your turn: the game is waiting for {seats} to {task}.",
                seats=who,
                task=task,
            ),
        )
    p = s.players[seat]
    step = s.step
    if isinstance(a, Aid):
        return None if step is Step.AID and a.good in D.GOODS else _wrong_time(s, seat)
    if isinstance(a, Reroll | Keep):
        if step is not Step.REROLL:
            return _wrong_time(s, seat)
        if isinstance(a, Keep) or a in _reroll_options(p):
            return None
        return _explain_reroll(p, a)
    if isinstance(a, Influence):
        if step is not Step.INFLUENCE:
            return _wrong_time(s, seat)
        return _check_influence(s, seat, a)
    if isinstance(a, Pass):
        return None if step is Step.INFLUENCE else _wrong_time(s, seat)
    if isinstance(a, Gift | Alchemist) and step is Step.GIFTS:
        return _check_gift(s, seat, a)
    if isinstance(a, Gift) and step is Step.BATTLE and s.choices[0].gain:
        n = s.choices[0].count
        if sum(a.goods) != n:
            return illegal(
                tx(
                    "Choose exactly {goods} as your reward, not {chosen}, e.g. `{move}`.",
                    goods=count(n, "good"),
                    chosen=sum(a.goods),
                    move=f"gift {goods_notation(_multisets(n)[-1])}",
                )
            )
        return None
    if isinstance(a, Lose):
        if step is not Step.BATTLE or s.choices[0].gain:
            return _wrong_time(s, seat)
        n = s.choices[0].count
        if sum(a.goods) != n:
            return illegal(
                tx(
                    "You must give up exactly {goods}, not {chosen}.",
                    goods=count(n, "good"),
                    chosen=sum(a.goods),
                )
            )
        if not _covers(p.goods, a.goods):
            return illegal(
                tx(
                    "You do not have {goods} to give up: you have {holding}.",
                    goods=goods_words(a.goods),
                    holding=_cost_words(p.goods),
                )
            )
        return None
    if isinstance(a, Build | Done):
        if step is not Step.BUILD:
            return _wrong_time(s, seat)
        if isinstance(a, Done):
            return None
        return _check_build(s, seat, a)
    if isinstance(a, TownHall):
        if step is not Step.TOWNHALL:
            return _wrong_time(s, seat)
        if a.pay == "plus2":
            return None if p.plus_two > 0 else illegal(tx('You have no "+2" token to hand in.'))
        if a.pay not in D.GOODS:
            return illegal(
                tx('The Town Hall takes a "+2" token or a good, not {pay}.', pay=repr(a.pay))
            )
        if p.goods[D.GOODS.index(a.pay)] == 0:
            return illegal(tx("You have no {good} to hand in.", good=good_name(a.pay)))
        return None
    if isinstance(a, Recruit):
        if step is not Step.RECRUIT:
            return _wrong_time(s, seat)
        cost = _recruit_cost(p)
        if a.count < 1:
            return illegal(tx("Recruit at least one soldier, or say `skip`."))
        if sum(a.payment) != a.count * cost:
            return _recruit_refusal(p, a)
        if not _covers(p.goods, a.payment):
            ex = example_payment(p, a.count)
            holding = _cost_words(p.goods) if p.total_goods else tx("no goods")
            if ex:
                return illegal(
                    tx(
                        "You do not have {goods}: you have {holding}; e.g. `{move}`.",
                        goods=goods_words(a.payment),
                        holding=holding,
                        move=f"recruit {a.count} {goods_notation(ex)}",
                    )
                )
            return illegal(
                tx(
                    "You do not have {goods}: you have {holding}.",
                    goods=goods_words(a.payment),
                    holding=holding,
                )
            )
        return None
    if isinstance(a, Skip):
        if step is Step.GIFTS:
            kind = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor].kind
            if kind in (D.GiftKind.ALCHEMIST, D.GiftKind.SMUGGLER):
                return None
            adv = D.ADVISOR_BY_NUMBER[s.gifts[0].advisor]
            return illegal(
                tx(
                    "The {advisor}'s gift ({gift}) cannot be declined.",
                    advisor=adv.name,
                    gift=adv.gift,
                )
            )
        if step in (Step.TOWNHALL, Step.RECRUIT):
            return None
        return _wrong_time(s, seat)
    return _wrong_time(s, seat)


def _explain_reroll(p: Player, a: Reroll) -> Rejection:
    if a.building == "statue":
        if not p.has("statue"):
            return illegal(tx("You do not own the Statue."))
        if p.statue_used:
            return illegal(tx("You have already used your Statue this season."))
        if len({d.value for d in p.dice}) != 1:
            return illegal(tx("The Statue only helps when all your dice show the same number."))
        return illegal(tx("You have no white die to reroll."))
    if not p.has("chapel"):
        return illegal(tx("You do not own the Chapel."))
    if p.chapel_used:
        return illegal(tx("You have already used your Chapel this season."))
    total = sum(d.value for d in p.dice)
    return illegal(
        tx("Your dice total {total}; the Chapel only helps with a total of 7 or less.", total=total)
    )


ONE_PLUS_TWO_A_SEASON = tx(
    'You have already used a "+2" token to influence this season: each player may use only one '
    "per season (the Town Hall does not count)."
)
"""Refusal for a second "+2" token on the advisors in one season (designer's clarifications)."""


def advisor_words(n: int) -> str:
    """ "the Champion (13: 3 stone)": an advisor named with its number and gift."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("the {advisor} ({number}: {gift})", advisor=adv.name, number=n, gift=adv.gift)


def _sum_words(a: Influence) -> tuple[int, str, str]:
    """The group's total and how it is made, as the start of a sentence and in its middle, e.g.
    (15, 'Your dice 6+4+3 with a "+2" token', 'your dice 6+4+3 with a "+2" token')."""
    total = sum(a.dice) + sum(a.whites) + (2 if a.plus_two else 0) + a.shift
    dice = _dice_words(a.dice, a.whites)
    shift = f"{a.shift:+d}"
    if a.plus_two and a.shift:
        return (
            total,
            tx(
                'Your dice {dice} with a "+2" token and the Market\'s {shift}',
                dice=dice,
                shift=shift,
            ),
            tx(
                'your dice {dice} with a "+2" token and the Market\'s {shift}',
                dice=dice,
                shift=shift,
            ),
        )
    if a.plus_two:
        return (
            total,
            tx('Your dice {dice} with a "+2" token', dice=dice),
            tx('your dice {dice} with a "+2" token', dice=dice),
        )
    if a.shift:
        return (
            total,
            tx("Your dice {dice} with the Market's {shift}", dice=dice, shift=shift),
            tx("your dice {dice} with the Market's {shift}", dice=dice, shift=shift),
        )
    return total, tx("Your dice {dice}", dice=dice), tx("your dice {dice}", dice=dice)


def _check_influence(s: State, seat: int, a: Influence) -> Rejection | None:
    p = s.players[seat]
    if not 1 <= a.advisor <= 18:
        return illegal(
            tx(
                "There is no advisor {number}: "
                "the King's court runs from 1 ({first}) to 18 ({last}).",
                number=a.advisor,
                first=D.ADVISOR_BY_NUMBER[1].name,
                last=D.ADVISOR_BY_NUMBER[18].name,
            )
        )
    total, made, made_inside = _sum_words(a)
    col, wh = _unplaced(p)
    have = _dice_words(tuple(col), tuple(wh)) or tx("none")
    missing = bool(Counter(a.dice) - Counter(col) or Counter(a.whites) - Counter(wh))
    # An advisor already taken is the first thing to say: no other dice would help there.
    groups = s.groups_on(a.advisor)
    label = tx(
        "The {advisor} ({number})", advisor=D.ADVISOR_BY_NUMBER[a.advisor].name, number=a.advisor
    )
    if groups and not a.envoy:
        owners = and_list(
            [tx("the dummy dice") if g.owner == DUMMY else colour(g.owner) for g in groups]
        )
        text = tx(
            "{advisor} is already taken this season by {owners}", advisor=label, owners=owners
        )
        if s.envoy == seat:
            text = tx("{text} (the King's Envoy could let you join)", text=text)
        if total != a.advisor and not missing:
            text = tx(
                "{text}; besides, {dice} add up to {total}",
                text=text,
                dice=made_inside,
                total=total,
            )
        return illegal(tx("{text}.", text=text))
    if not a.dice:
        return illegal(tx("A white die cannot influence an advisor alone."))
    if missing:
        return illegal(
            tx(
                "You do not have {dice} among your unplaced dice ({unplaced}).",
                dice=_dice_words(a.dice, a.whites),
                unplaced=have,
            )
        )
    if a.plus_two and p.plus_two < 1:
        return illegal(tx('You have no "+2" token.'))
    if a.plus_two and plus_two_used(s, seat):
        return illegal(ONE_PLUS_TWO_A_SEASON)
    if a.shift:
        if abs(a.shift) != 1:
            return illegal(tx("The Market shifts a group by exactly 1."))
        if not p.has("market"):
            return illegal(tx("You need the Market to shift a group by 1."))
        if p.market_used:
            return illegal(tx("You have already used your Market this season."))
    if total != a.advisor:
        return illegal(
            tx(
                "{dice} add up to {total}, not {number} ({gift}).",
                dice=made,
                total=total,
                number=a.advisor,
                gift=_gift_of(a.advisor),
            )
        )
    if a.envoy:
        if s.envoy != seat:
            return illegal(tx("You do not hold the King's Envoy."))
        if not groups:
            return illegal(
                tx(
                    "{advisor} is free: the King's Envoy is only needed for a taken advisor.",
                    advisor=label,
                )
            )
    return None


def _gift_of(n: int) -> str:
    """ "Champion: 3 stone"."""
    adv = D.ADVISOR_BY_NUMBER[n]
    return tx("{advisor}: {gift}", advisor=adv.name, gift=adv.gift)


def _check_gift(s: State, seat: int, a: Gift | Alchemist) -> Rejection | None:
    due = s.gifts[0]
    adv = D.ADVISOR_BY_NUMBER[due.advisor]
    p = s.players[seat]
    if isinstance(a, Alchemist):
        if adv.kind != D.GiftKind.ALCHEMIST:
            return illegal(
                tx("Now it is the {advisor}'s gift, not the Alchemist's.", advisor=adv.name)
            )
        if a.give not in D.GOODS or p.goods[D.GOODS.index(a.give)] == 0:
            return illegal(tx("You have no {good} to give the Alchemist.", good=good_name(a.give)))
        return None
    if adv.kind == D.GiftKind.CHOICE:
        if a.goods in adv.choices:
            return None
        opts = or_list([f"`gift {goods_notation(c)}`" for c in adv.choices])
        return illegal(
            tx(
                "The {advisor} gives {gift}: say {moves}.",
                advisor=adv.name,
                gift=adv.gift,
                moves=opts,
            )
        )
    if adv.kind in (D.GiftKind.GOODS, D.GiftKind.SMUGGLER):
        if sum(a.goods) != adv.goods_of_choice:
            n = adv.goods_of_choice
            return illegal(
                tx(
                    "The {advisor} gives {goods}, not {chosen}: e.g. `{move}`.",
                    advisor=adv.name,
                    goods=count(n, "goods_of_choice"),
                    chosen=sum(a.goods),
                    move=f"gift {goods_notation(_multisets(n)[-1])}",
                )
            )
        return None
    if adv.kind == D.GiftKind.ALCHEMIST:
        # `gift wood` at the Alchemist: the trade is its own move, so show that move.
        trades = [x for x in legal_actions(s, seat) if isinstance(x, Alchemist)]
        if not trades:
            return illegal(
                tx("The Alchemist trades one good for the other two, but you have none.")
            )
        write = or_list([f"`{format_action(x)}`" for x in trades])
        return illegal(
            tx(
                "The Alchemist trades one good for the other two: write {moves} (or `skip`).",
                moves=write,
            )
        )
    return illegal(tx("The {advisor}'s gift needs no choice.", advisor=adv.name))


def _check_build(s: State, seat: int, a: Build) -> Rejection | None:
    p = s.players[seat]
    b = D.BUILDING_BY_ID.get(a.building)
    if b is None:
        return unknown_building(a.building)
    if p.builds >= 1 and not a.envoy:
        if s.envoy == seat and p.builds == 1:
            return illegal(
                tx(
                    "You already built this season; say `{move}` to use the King's Envoy.",
                    move=f"build {a.building} envoy",
                )
            )
        return illegal(tx("You have already built this season; say `done`."))
    if a.envoy:
        if s.envoy != seat:
            return illegal(tx("You do not hold the King's Envoy."))
        if p.builds == 0:
            return illegal(
                tx(
                    "Build your first building normally (`{move}`); the Envoy gives the second.",
                    move=f"build {a.building}",
                )
            )
        if p.builds >= 2:
            return illegal(tx("You have already built twice this season; say `done`."))
    if p.has(a.building):
        return illegal(tx("You already own the {building}.", building=b.name))
    missing = [D.BUILDING_BY_ID[x].name for x in D.left_neighbours(a.building) if not p.has(x)]
    if missing:
        return illegal(
            tx(
                "The {building} needs the {missing} first: each row is built left to right.",
                building=b.name,
                missing=joined(missing),
            )
        )
    cost = D.cost_for(a.building, p.crane_discount)
    if not _covers(p.goods, cost):
        return illegal(
            tx(
                "The {building} costs {cost}; you have {holding}.",
                building=b.name,
                cost=goods_words(cost),
                holding=goods_words(p.goods) if sum(p.goods) else tx("no goods"),
            )
        )
    return None
