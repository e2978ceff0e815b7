"""Kingsburg's phases 7 and 8: recruiting soldiers (cost, payments, the refusal of a wrong
payment, the legal recruits), the winter battle (King's die, combat values, rewards,
penalties, destroyed buildings, goods of choice), the end of the year and the Cathedral's
final points, and applying `recruit` and `lose`.
"""

from __future__ import annotations

from dataclasses import replace

from bot.games.kingsburg import data as D
from bot.games.kingsburg import scoring
from bot.games.kingsburg.actions import Action, Goods, Lose, Recruit, Skip, goods_notation
from bot.games.kingsburg.effects import (
    _add_soldiers,
    _add_vp,
    _ev,
    _gain_goods,
    _neg,
    _pay_goods,
    _sub,
    colour,
    goods_words,
)
from bot.games.kingsburg.seasons import _enter_aid
from bot.games.kingsburg.state import Battle, BattleEffect, Player, State, Step, WinterChoice
from bot.games.kingsburg.texts import cap_colour, count, good_name
from bot.games.protocol import Event
from bot.games.rejections import Rejection, illegal
from bot.games.text import tx, tx_n

# --- Phase 7: recruit ------------------------------------------------------------------------


def _recruit_cost(p: Player) -> int:
    return 1 if p.has("barracks") else 2


def example_payment(p: Player, count: int) -> Goods | None:
    """One payment `p` can make for `count` soldiers, taking from its most plentiful goods first
    (ties: gold, wood, stone), or None if it cannot afford them."""
    need = count * _recruit_cost(p)
    if count < 1 or need > p.total_goods:
        return None
    left = list(p.goods)
    paid = [0, 0, 0]
    for _ in range(need):
        i = max(range(3), key=lambda k: (left[k], -k))
        left[i] -= 1
        paid[i] += 1
    return (paid[0], paid[1], paid[2])


def _recruit_refusal(p: Player, a: Recruit) -> Rejection:
    """Why a recruit's payment is wrong, with one payment this player can really make."""
    cost = _recruit_cost(p)
    each = count(cost, "good")
    price = a.count * cost
    costs = tx_n(
        "{n} soldier costs {price} ({each} each)",
        "{n} soldiers cost {price} ({each} each)",
        a.count,
        price=count(price, "good"),
        each=each,
    )
    affordable = p.total_goods // cost
    if affordable < 1:
        return illegal(tx("You cannot afford a soldier ({each} each); say `skip`.", each=each))
    if a.count > affordable:
        ex = example_payment(p, affordable)
        assert ex is not None
        return illegal(
            tx(
                "{costs} and you have {have}: you can recruit at most {most}, e.g. `{move}`.",
                costs=costs,
                have=p.total_goods,
                most=affordable,
                move=f"recruit {affordable} {goods_notation(ex)}",
            )
        )
    ex = example_payment(p, a.count)
    assert ex is not None
    move = f"recruit {a.count} {goods_notation(ex)}"
    if a.payment == (0, 0, 0):
        return illegal(
            tx("{costs}; name the goods you pay, e.g. `{move}`.", costs=costs, move=move)
        )
    return illegal(
        tx(
            "{costs}, not {named}; name the goods you pay, e.g. `{move}`.",
            costs=costs,
            named=sum(a.payment),
            move=move,
        )
    )


def _recruit_options(p: Player) -> list[Action]:
    cost = _recruit_cost(p)
    g, w, st = p.goods
    if g + w + st < cost:
        return []
    out: list[Action] = [Skip()]
    for a in range(g + 1):
        for b in range(w + 1):
            for c in range(st + 1):
                total = a + b + c
                if total and total % cost == 0:
                    out.append(Recruit(total // cost, (a, b, c)))
    return out


# --- Phase 8: winter -------------------------------------------------------------------------


def combat_value(p: Player, enemy: str) -> int:
    """Soldiers (King's die included) plus building bonuses against this enemy type."""
    return p.soldiers + sum(D.BUILDING_BY_ID[b].battle_bonus(enemy) for b in p.buildings)


def destroyed_building(p: Player) -> str | None:
    """The building an enemy destroys: rightmost occupied column, topmost row there."""
    owned = [D.BUILDING_BY_ID[b] for b in p.buildings]
    if not owned:
        return None
    col = max(b.column for b in owned)
    return min((b for b in owned if b.column == col), key=lambda b: b.row).building_id


def _winter(s: State, ev: list[Event]) -> State:
    card = D.ENEMY_BY_ID[s.deck[s.year - 1]]
    s = replace(s, phase=8, step=Step.BATTLE, queue=(), revealed=s.year)
    ev.append(
        _ev(
            "enemy",
            tx(
                "Winter: the enemy is revealed - {enemy}, strength {strength} "
                "(win: {reward}; lose: {penalty}).",
                enemy=D.enemy_name(card.enemy),
                strength=card.strength,
                reward=D.describe_items(card.reward),
                penalty=D.describe_items(card.penalty),
            ),
            card_id=card.card_id,
        )
    )
    die, rng = s.rng.randint(1, 6)
    first = s.turn_order[0]
    ev.append(
        _ev(
            "kings_die",
            tx(
                "{seat} (first player) rolls the King's die: {die}. "
                "Every governor gets {soldiers}.",
                seat=cap_colour(first),
                die=die,
                soldiers=count(die, "soldier"),
            ),
            value=die,
            seat=first,
        )
    )
    s = replace(
        s,
        rng=rng,
        kings_die=die,
        players=tuple(replace(p, soldiers=p.soldiers + die) for p in s.players),
    )
    combats: list[int] = []
    results: list[str] = []
    for p in s.players:
        c = combat_value(p, card.enemy)
        if c > card.strength or (c == card.strength and p.has("stone-wall")):
            r = "won"
        elif c == card.strength:
            r = "tied"
        else:
            r = "lost"
        combats.append(c)
        results.append(r)
    choices: list[WinterChoice] = []
    before = s.players
    for seat in s.turn_order:
        p = s.players[seat]
        s = s.with_player(seat, replace(p, combat=combats[seat], result=results[seat]))
        stone_wall = combats[seat] == card.strength and results[seat] == "won"
        ev.append(
            _ev(
                "battle",
                _battle_sentence(
                    cap_colour(seat), combats[seat], card.strength, results[seat], stone_wall
                ),
                seat=seat,
                combat=combats[seat],
                result=results[seat],
            )
        )
        if results[seat] == "won":
            s, extra = _battle_items(s, seat, card.reward, gain=True, ev=ev)
            choices += extra
            if s.players[seat].has("fortress"):
                s = _add_vp(s, seat, 1, D.BUILDING_BY_ID["fortress"].name, ev, scoring.BATTLES)
        elif results[seat] == "lost":
            s, extra = _battle_items(s, seat, card.penalty, gain=False, ev=ev)
            choices += extra
    winners = [i for i in range(s.n) if results[i] == "won"]
    if winners:
        best = max(combats[i] for i in winners)
        for seat in s.turn_order:
            if seat in winners and combats[seat] == best:
                why = tx("strongest victorious defender")
                s = _add_vp(s, seat, 1, why, ev, scoring.BATTLES)
    ev.append(_ev("soldiers", tx("The soldiers go home.")))
    effects: list[BattleEffect] = []
    for seat, (b, a) in enumerate(zip(before, s.players, strict=True)):
        choosing = sum(c.count if c.gain else -c.count for c in choices if c.seat == seat)
        destroyed = tuple(
            x.building_id for x in D.BUILDINGS if x.building_id in b.buildings - a.buildings
        )
        effects.append(BattleEffect(_sub(a.goods, b.goods), a.vp - b.vp, destroyed, choosing))
    battle = Battle(s.year, card.card_id, die, tuple(combats), tuple(results), tuple(effects))
    return replace(
        s,
        players=tuple(replace(p, soldiers=0) for p in s.players),
        battles=s.battles + (battle,),
        choices=tuple(choices),
    )


def _battle_sentence(seat: str, combat: int, strength: int, result: str, stone_wall: bool) -> str:
    """ "Red fights with 5 against 4: won." (the Stone Wall named when it won a tie)."""
    if result == "won" and stone_wall:
        return tx(
            "{seat} fights with {combat} against {strength}: won (Stone Wall).",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    if result == "won":
        return tx(
            "{seat} fights with {combat} against {strength}: won.",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    if result == "tied":
        return tx(
            "{seat} fights with {combat} against {strength}: tied.",
            seat=seat,
            combat=combat,
            strength=strength,
        )
    return tx(
        "{seat} fights with {combat} against {strength}: lost.",
        seat=seat,
        combat=combat,
        strength=strength,
    )


def _battle_items(
    s: State,
    seat: int,
    items: tuple[tuple[str, int], ...],
    gain: bool,
    ev: list[Event],
) -> tuple[State, list[WinterChoice]]:
    choices: list[WinterChoice] = []
    sign = 1 if gain else -1
    for key, n in items:
        if key in D.GOODS:
            vec = [0, 0, 0]
            vec[D.GOODS.index(key)] = n
            goods: Goods = (vec[0], vec[1], vec[2])
            if gain:
                s = _gain_goods(s, seat, goods, tx("battle reward"), ev)
            else:
                have = s.players[seat].goods
                lost = tuple(min(h, x) for h, x in zip(have, goods, strict=True))
                s = _lose_goods(s, seat, (lost[0], lost[1], lost[2]), key, ev)
        elif key == "vp":
            s = _add_vp(s, seat, sign * n, tx("battle"), ev, scoring.BATTLES)
        elif key == "buildings":
            for _ in range(n):
                s = _destroy(s, seat, ev)
        elif key == "goods_of_choice":
            if gain:
                choices.append(WinterChoice(seat, True, n))
            else:
                p = s.players[seat]
                if p.total_goods <= n or sum(1 for x in p.goods if x) == 1:
                    # No real choice: lose everything, or n of the only good held.
                    lost_list = list(p.goods)
                    if p.total_goods > n:
                        lost_list = [min(x, n) for x in p.goods]
                    s = _lose_goods(
                        s, seat, (lost_list[0], lost_list[1], lost_list[2]), "goods", ev
                    )
                else:
                    choices.append(WinterChoice(seat, False, n))
    return s, choices


def _lose_goods(s: State, seat: int, lost: Goods, what: str, ev: list[Event]) -> State:
    """Pay `lost` as a battle penalty and say so (or that there was no `what` to lose)."""
    s = _pay_goods(s, seat, lost)
    if sum(lost):
        text = tx("{seat} loses {goods}.", seat=cap_colour(seat), goods=goods_words(lost))
    elif what == "goods":
        text = tx("{seat} has no goods to lose.", seat=cap_colour(seat))
    else:
        text = tx("{seat} has no {good} to lose.", seat=cap_colour(seat), good=good_name(what))
    ev.append(_ev("goods", text, seat=seat, goods=[-x for x in lost]))
    return s


def _destroy(s: State, seat: int, ev: list[Event]) -> State:
    p = s.players[seat]
    bid = destroyed_building(p)
    if bid is None:
        nothing = tx("{seat} has no building to lose.", seat=cap_colour(seat))
        ev.append(_ev("destroy", nothing, seat=seat))
        return s
    b = D.BUILDING_BY_ID[bid]
    s = s.with_player(seat, replace(p, buildings=p.buildings - {bid}))
    ev.append(
        _ev(
            "destroy",
            tx("The enemy destroys {seat}'s {building}.", seat=colour(seat), building=b.name),
            seat=seat,
            building=bid,
        )
    )
    if b.vp:
        why = tx("{building} destroyed", building=b.name)
        s = _add_vp(s, seat, -b.vp, why, ev, scoring.BUILDINGS)
    return s


def _end_year(s: State, ev: list[Event]) -> State:
    s = replace(s, peeked=frozenset())
    if s.year >= 5:
        for seat in s.turn_order:
            p = s.players[seat]
            if p.has("cathedral"):
                goods = p.total_goods
                if goods >= 2:
                    why = tx("Cathedral: {goods}", goods=count(goods, "good"))
                    s = _add_vp(s, seat, goods // 2, why, ev, scoring.CATHEDRAL)
                else:
                    # Announced anyway, so the end scoring can be checked by everyone.
                    text = tx(
                        "{seat} gains no VP from the Cathedral ({goods}; 1 VP per 2).",
                        seat=cap_colour(seat),
                        goods=count(goods, "good"),
                    )
                    ev.append(_ev("vp", text, seat=seat, vp=0))
        ev.append(_ev("over", tx("The fifth year is over.")))
        return replace(s, step=Step.OVER, queue=(), gifts=(), choices=(), aid_pending=frozenset())
    s = replace(s, year=s.year + 1)
    return _enter_aid(s, ev)


# --- Applying recruits and winter losses -----------------------------------------------------


def _apply_recruit(s: State, seat: int, a: Recruit, ev: list[Event]) -> State:
    s = _pay_goods(s, seat, a.payment)
    why = tx("recruited for {goods}", goods=goods_words(a.payment))
    s = _add_soldiers(s, seat, a.count, why, ev)
    return replace(s, queue=s.queue[1:])


def _record_choice(s: State, seat: int, goods: Goods, chosen: int) -> State:
    """Winter goods of choice settled: move them from `choosing` into the battle's goods."""
    if not s.battles or not s.battles[-1].effects:
        return s
    last = s.battles[-1]
    e = last.effects[seat]
    new = replace(
        e,
        goods=(e.goods[0] + goods[0], e.goods[1] + goods[1], e.goods[2] + goods[2]),
        choosing=e.choosing - chosen,
    )
    effects = last.effects[:seat] + (new,) + last.effects[seat + 1 :]
    return replace(s, battles=s.battles[:-1] + (replace(last, effects=effects),))


def _apply_lose(s: State, seat: int, a: Lose, ev: list[Event]) -> State:
    s = _record_choice(s, seat, _neg(a.goods), -sum(a.goods))
    s = _pay_goods(s, seat, a.goods)
    ev.append(
        _ev(
            "goods",
            tx("{seat} loses {goods}.", seat=cap_colour(seat), goods=goods_words(a.goods)),
            seat=seat,
            goods=[-x for x in a.goods],
        )
    )
    return replace(s, choices=s.choices[1:])
